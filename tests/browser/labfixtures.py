"""Fixtures for the real-browser tests: one headless JupyterLab and one Chromium per session.

(Imported by the test modules rather than kept in a conftest.py: the engine tests import
their own helpers as ``conftest``, which a second conftest.py would shadow.)

JupyterLab serves a temporary folder holding a copy of ``notebooks/`` and the small notebooks
the tests write; its kernels import this checkout (PYTHONPATH), and everything is stopped
at the end of the session, kernels included.
"""
import os
import shutil
import signal
import sys

import pytest

from labserver import REPO, LabServer, browser_problem, launch_browser


def require_browser():
    """Skip (one line saying how to get a browser) when this machine has none; with
    ``CI=true`` a missing browser is an error, so CI always runs the browser tests.
    (tests/conftest.py does the same for every test marked ``browser`` before its fixtures.)"""
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {problem}", pytrace=False)
    pytest.skip(f"browser tests skipped: {problem}")


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
    require_browser()
    server = LabServer(lab_root, env={"PYTHONPATH": str(REPO)})
    server.start()
    try:
        yield server
    finally:
        server.stop()


_SHARED = {"users": 0}


@pytest.fixture(scope="session")
def browser():
    # one Playwright and one Chromium for every module that imports this fixture
    require_browser()
    if _SHARED["users"] == 0:
        from playwright.sync_api import sync_playwright
        _SHARED["pw"] = sync_playwright().start()
        _SHARED["browser"] = launch_browser(_SHARED["pw"])
    _SHARED["users"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["users"] -= 1
        if _SHARED["users"] == 0:
            _SHARED.pop("browser").close()
            _SHARED.pop("pw").stop()


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
