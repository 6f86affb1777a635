"""A guided hand (GameWidget.tutorial) in Voilà, where there is no cell to type in: the coach
shows, and the student finishes the hand with the keyboard alone (the moves go to the
kernel as widget messages, which Voilà lets through)."""
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from labfixtures import browser  # noqa: F401  (fixture)
from labserver import REPO, free_port, make_notebook
from test_tutorial_lab import STEP, _make

pytestmark = pytest.mark.browser

from cardwidgets.widget.tutorial import load_script, replay_script  # noqa: E402


def _voila(folder: Path, name: str):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1", "--ServerApp.allow_root=True",
                             str(folder / name)],
                            cwd=folder, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "api/status", timeout=1)
            break
        except Exception:
            time.sleep(0.2)
    return proc, url


def test_a_tutorial_in_voila_by_keyboard(browser):
    script = load_script("pocha")
    _, actions, mine = replay_script(script)
    moves = [actions[k].to_json() for k in sorted(mine)]
    folder = Path(tempfile.mkdtemp(prefix="cw-voila-"))
    make_notebook(folder / "tutorial.ipynb",
                  ["from cardwidgets.widget import GameWidget\nGameWidget.tutorial('pocha')"])
    proc, url = _voila(folder, "tutorial.ipynb")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(url, wait_until="domcontentloaded")
        page.locator(".cw-root .cw-coach-before").wait_for()
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        for move in moves:
            before = page.evaluate(STEP)
            assert page.locator(".cw-root .cw-coach-before").inner_text()
            _make(page, move)
            page.wait_for_function(f"() => {STEP[6:]} > {before}")
        end = page.locator(".cw-root .cw-coach-end")
        end.wait_for()
        assert end.inner_text() == script["end"]
        assert not errors
    finally:
        context.close()
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
