"""Fixtures for the real-browser tests: one headless JupyterLab and one Chromium for the whole
run (one per worker under pytest-xdist), shared by every module.

tests/conftest.py loads this module as a plugin (``pytest_plugins``), so each fixture exists
once for the session. Test modules may still import the fixtures by name (``from labfixtures
import browser, lab, lab_root, page``): that makes a copy of the fixture in the module, but
the copies are thin and all reach the same session-wide server and browser below
(``cw_lab_root``, ``cw_lab``, ``cw_chromium``). (Not a conftest.py of its own: the engine
tests import their own helpers as ``conftest``, which a second conftest.py would shadow.)

- ``lab_root``: the folder JupyterLab serves: a copy of ``notebooks/`` and ``scratch/`` for
  the small notebooks the tests write.
- ``lab``: that JupyterLab (a ``LabServer``); its kernels import this checkout (PYTHONPATH).
  After each test the sessions it opened are shut down and the settings it changed (a dark
  theme, a hidden status bar) dropped, so every test starts on fresh kernels and the default
  settings, whatever ran before it. A server that died is started again.
- ``notebook7``: Notebook 7 (``jupyter notebook``, a ``LabServer`` with ``app="notebook"``)
  serving the same folder, started when a test first asks for it, cleaned after each test
  like ``lab``.
- ``browser``: a connected headless Chromium. One that died (crashed or killed during a test)
  is launched again for the next test, so one failure stays one failure.
- ``page``: a fresh 1300 x 2200 page in its own context, its script errors in
  ``page.js_errors``.

Everything is stopped at the end of the run, kernels included, also when the run is stopped
by SIGTERM or Ctrl-C (tests/runguard.py turns those into an interrupt).
"""
import contextlib
import json
import os
import shutil
import urllib.request

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


class Chromium:
    """One Playwright and one headless Chromium, launched when first wanted and launched again
    when the last one is no longer connected."""

    def __init__(self):
        self.playwright = None
        self.browser = None
        self.launches = 0

    def live(self):
        if self.browser is not None and self.browser.is_connected():
            return self.browser
        self.close()          # what is left of one that died, its Playwright driver included
        from playwright.sync_api import sync_playwright
        self.playwright = sync_playwright().start()
        self.browser = launch_browser(self.playwright)
        self.launches += 1
        return self.browser

    def close(self):
        browser, self.browser = self.browser, None
        playwright, self.playwright = self.playwright, None
        if browser is not None:
            with contextlib.suppress(Exception):
                browser.close()
        if playwright is not None:
            with contextlib.suppress(Exception):
                playwright.stop()


class SharedLab:
    """One ``LabServer`` on ``root`` (JupyterLab, or Notebook 7 with ``app="notebook"``),
    started when first wanted and again if it died."""

    def __init__(self, root, app="lab"):
        self.root = root
        self.app = app
        self.server = None
        self.starts = 0

    def live(self) -> LabServer:
        if self.server is None or self.server.proc.poll() is not None:
            self.stop()
            server = LabServer(self.root, env={"PYTHONPATH": str(REPO)}, app=self.app)
            server.start()
            self.server = server
            self.starts += 1
        return self.server

    def clean(self):
        """What one test did to the server, undone for the next: every notebook session (and
        its kernel) shut down, and the user settings it changed (theme, status bar, ...) back
        to the defaults."""
        if self.server is None or self.server.proc.poll() is not None:
            return
        settings = self.server.home / "user-settings"
        for path in settings.iterdir():
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        url = self.server.url
        with contextlib.suppress(OSError, ValueError):
            with urllib.request.urlopen(f"{url}/api/sessions", timeout=5) as r:
                sessions = json.load(r)
            for s in sessions:
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(urllib.request.Request(
                        f"{url}/api/sessions/{s['id']}", method="DELETE"), timeout=15).close()

    def stop(self):
        server, self.server = self.server, None
        if server is not None:
            server.stop()


@pytest.fixture(scope="session")
def cw_lab_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    (root / "scratch").mkdir()
    return root


@pytest.fixture(scope="session")
def cw_lab(cw_lab_root):
    shared = SharedLab(cw_lab_root)
    try:
        yield shared
    finally:
        shared.stop()


@pytest.fixture(scope="session")
def cw_notebook7(cw_lab_root):
    shared = SharedLab(cw_lab_root, app="notebook")
    try:
        yield shared
    finally:
        shared.stop()


@pytest.fixture(scope="session")
def cw_chromium():
    chromium = Chromium()
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def lab_root(cw_lab_root):
    return cw_lab_root


@pytest.fixture
def lab(cw_lab):
    require_browser()
    server = cw_lab.live()
    try:
        yield server
    finally:
        cw_lab.clean()


@pytest.fixture
def notebook7(cw_notebook7):
    require_browser()
    server = cw_notebook7.live()
    try:
        yield server
    finally:
        cw_notebook7.clean()


@pytest.fixture
def browser(cw_chromium):
    require_browser()
    return cw_chromium.live()


@contextlib.contextmanager
def browser_page(browser, width, height):
    """A page of its own ``width`` x ``height`` window, keeping its script errors in
    ``page.js_errors``; closed afterwards."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    try:
        yield pg
    finally:
        if browser.is_connected():   # a browser that died leaves nothing to close
            context.close()


@pytest.fixture
def page(browser):
    with browser_page(browser, 1300, 2200) as pg:
        yield pg
