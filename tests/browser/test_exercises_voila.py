"""The exercises answered in Voilà (issue 25 item 7): poch.ipynb served as a Voilà page, where
no cell can be edited, and its answer boxes checked with the keyboard alone.

Voilà runs the notebook itself and blocks execute requests from the page, so the boxes must
answer through their widgets' own messages (``observe`` and ``on_click``), as they do. The
answers are nowhere in the page before a student types one. A teacher's **Show the answer**
button (``teacher_mode()``) works there too. Screenshots go to ``screenshots/`` (not
committed).
"""
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

from labfixtures import browser, page  # noqa: F401  (fixtures)
from labserver import REPO, free_port, make_notebook

pytestmark = pytest.mark.browser


class Voila:
    """``voila NOTEBOOK`` on a free port, in its own process group; stopped with its kernel."""

    def __init__(self, notebook, home):
        self.notebook, self.home, self.port, self.proc = notebook, home, free_port(), None
        self.url = f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        env = dict(os.environ, PYTHONPATH=str(REPO), JUPYTER_PLATFORM_DIRS="1",
                   JUPYTER_RUNTIME_DIR=str(self.home / "runtime"),
                   JUPYTER_CONFIG_DIR=str(self.home / "config"))
        self.log = open(self.home / "voila.log", "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", "--ServerApp.allow_root=True",
             "--ServerApp.port_retries=0", str(self.notebook)],
            cwd=str(self.notebook.parent), env=env, stdout=self.log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Voilà exited: {self.tail()}")
            try:                       # the server listens (the page itself runs the notebook)
                socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
                return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"Voilà did not answer within 90 s: {self.tail()}")

    def tail(self):
        return (self.home / "voila.log").read_text(errors="replace")[-3000:]

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.log.close()


@pytest.fixture
def voila_home(tmp_path):
    if importlib.util.find_spec("voila") is None:
        pytest.skip('Voilà is not installed: pip install -e ".[test]"')
    for name in ("runtime", "config"):
        (tmp_path / name).mkdir()
    return tmp_path


def box_with(page, words):
    box = page.locator(".cw-exercise", has_text=words).first
    box.wait_for(timeout=120_000)
    return box


def answer_with_keys(page, box, text):
    """Focus the box with Tab from the page (keyboard only), type, press Enter; the verdict."""
    box.locator("input[type=text]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    status = box.locator("[role=status]")
    status.wait_for(timeout=30_000)
    return status


def test_poch_exercises_are_answered_in_voila(page, voila_home):
    notebook = voila_home / "poch.ipynb"
    shutil.copy(REPO / "notebooks" / "poch.ipynb", notebook)
    with Voila(notebook, voila_home) as voila:
        page.goto(voila.url, wait_until="domcontentloaded", timeout=120_000)
        box = box_with(page, "how many chips are on the board after the first ante")
        assert page.locator(".cw-exercise").count() == 4
        # nothing in the page gives the answers away, nor a Show the answer button
        assert page.locator("button", has_text="Show the answer").count() == 0
        assert "Answer to" not in page.inner_text("body")
        status = answer_with_keys(page, box, "35")
        page.wait_for_function("s => s.textContent.includes('Not quite')",
                               arg=status.element_handle())
        assert "every player puts 1 chip in each of the 9 holes" in status.inner_text()
        page.keyboard.press("Control+A")
        page.keyboard.type("36 chips")
        page.keyboard.press("Tab")                       # to the Check button, then Enter
        assert box.locator("button", has_text="Check").evaluate(
            "b => b === document.activeElement")
        page.keyboard.press("Enter")
        # each check draws a new verdict: wait on the box, not on the verdict drawn before
        page.wait_for_function(
            "b => (b.querySelector('[role=status]') || {textContent: ''}).textContent.includes('Right!')",
            arg=box.element_handle())
        rule = box_with(page, "Which rule says so?")
        verdict = answer_with_keys(page, rule, "p7")
        page.wait_for_function("s => s.textContent.includes('Right!')",
                               arg=verdict.element_handle())
        shots = REPO / "screenshots"
        shots.mkdir(exist_ok=True)
        box.screenshot(path=str(shots / "exercise-voila.png"))
        page.locator(".cw-ruletext").first.screenshot(path=str(shots / "rule-voila.png"))
    assert page.js_errors == []


def test_a_teacher_reveals_an_answer_in_voila(page, voila_home):
    notebook = make_notebook(voila_home / "teacher.ipynb", [
        "from cardwidgets.exercises import ask, teacher_mode\nteacher_mode()",
        "ask('How many holes has a Poch board?', answer=9, explain='eight round the centre, "
        "and the centre')"])
    with Voila(notebook, voila_home) as voila:
        page.goto(voila.url, wait_until="domcontentloaded", timeout=120_000)
        box = box_with(page, "How many holes")
        assert "eight round" not in page.inner_text("body")
        box.locator("button", has_text="Show the answer").click()
        page.wait_for_function("() => document.querySelector('.cw-answer')")
        assert "9" in box.locator(".cw-answer strong").inner_text()
        assert "eight round the centre" in box.inner_text()
    assert page.js_errors == []
