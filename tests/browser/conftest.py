"""Fixtures for the real-browser tests: one headless JupyterLab and one Chromium per session.

JupyterLab serves a temporary folder holding a copy of ``notebooks/`` and the small notebooks
the tests write; its kernels import this checkout (PYTHONPATH), and everything is stopped
at the end of the session, kernels included.
"""
import shutil
import signal
import sys

import pytest

from .labserver import REPO, LabServer, launch_browser


def _stop_on_sigterm(signum, frame):  # a killed test run still stops Lab and Chromium
    raise SystemExit(f"stopped by signal {signum}")


signal.signal(signal.SIGTERM, _stop_on_sigterm)


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    (root / "scratch").mkdir()
    return root


@pytest.fixture(scope="session")
def lab(lab_root):
    server = LabServer(lab_root, env={"PYTHONPATH": str(REPO)})
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch_browser(p)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 2200})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    try:
        yield pg
    finally:
        context.close()
