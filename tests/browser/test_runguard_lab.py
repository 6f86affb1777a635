"""The browser fixtures when things go wrong (issue 24 item 3): a browser killed during one
test fails that test alone, the next test gets a new browser; SIGTERM during a browser test
ends the run at once and leaves no JupyterLab, kernel or Chromium behind.

Each test runs pytest on a small test file written to a temporary folder, with this suite's
tests/conftest.py loaded as a plugin (``-p conftest``) and the fixtures imported by name, as
the browser test modules do.
"""
import json
import os
import signal
import time
from pathlib import Path

import pytest

from test_runguard import start_pytest, stop_with, wait_for

pytestmark = pytest.mark.browser

PROCS = '''
import os
from pathlib import Path

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (as the test modules do)


def descendants(pid):
    """The processes below ``pid``: {pid: command line}."""
    children = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                ppid = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(p.name))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = {}, [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            try:
                out[child] = (Path("/proc") / str(child) / "cmdline").read_bytes().replace(b"\\0", b" ").decode()
            except OSError:
                continue
            todo.append(child)
    return out
'''

KILLED = PROCS + '''

def test_1_the_browser_is_killed(page):
    page.set_content("<p>here</p>")
    main = [pid for pid, cmd in descendants(os.getpid()).items()
            if "chrom" in cmd.split(" ")[0] and "--type=" not in cmd]
    assert len(main) == 1, main
    os.kill(main[0], 9)
    page.set_content("<p>still here?</p>")


def test_2_the_next_test_has_a_browser(page, browser):
    assert browser.is_connected()
    page.set_content("<p>alive</p>")
    assert page.inner_text("p") == "alive"


def test_3_and_so_has_the_one_after(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<p>alive</p>")
    assert page.inner_text("p") == "alive"
    context.close()
'''

STOPPED = PROCS + '''
import json
import time

from labserver import make_notebook, open_notebook


def test_sleeps_in_a_notebook(page, lab, lab_root):
    make_notebook(lab_root / "scratch" / "sleepy.ipynb", ["1 + 1"])
    open_notebook(page, lab, "scratch/sleepy.ipynb")
    here = Path(__file__).parent
    (here / "procs.json").write_text(json.dumps(descendants(os.getpid())))
    (here / "started").write_text("yes")
    time.sleep(120)


def test_after():
    Path(__file__).with_name("after").write_text("ran")
'''


def test_a_browser_killed_in_one_test_fails_that_test_alone(tmp_path):
    """Chromium killed (SIGKILL) during the first test: that test fails, the next two get a
    new browser and pass; no errors in setup or teardown."""
    (tmp_path / "test_killed.py").write_text(KILLED)
    proc = start_pytest(tmp_path, "test_killed.py")
    out, _ = proc.communicate(timeout=300)
    last = out.splitlines()[-1]
    assert "1 failed, 2 passed" in last and "error" not in last, out[-4000:]
    assert "FAILED test_killed.py::test_1_the_browser_is_killed" in out


def alive(pid: int, cmd: str) -> bool:
    try:
        now = (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return False
    return now == cmd


@pytest.mark.parametrize("workers", [[], ["-n", "2", "--dist", "loadfile"]], ids=["plain", "xdist"])
def test_sigterm_during_a_browser_test_stops_lab_kernels_and_chromium(tmp_path, workers):
    """SIGTERM to pytest (to xdist's controller alone) while a browser test runs: the run ends
    within seconds, interrupted, and the JupyterLab, kernel and Chromium it started are gone."""
    (tmp_path / "test_stopped.py").write_text(STOPPED)
    proc = start_pytest(tmp_path, "test_stopped.py", *workers)
    wait_for(tmp_path / "started", proc, seconds=240)
    procs = {int(pid): cmd for pid, cmd in json.loads((tmp_path / "procs.json").read_text()).items()}
    kinds = {"jupyterlab": "-m jupyterlab", "kernel": "ipykernel", "chromium": "chrom"}
    for kind, word in kinds.items():
        assert any(word in cmd for cmd in procs.values()), f"no {kind} among {procs}"
    took, out = stop_with(proc, signal.SIGTERM)
    assert took < 30, out[-3000:]
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, out[-3000:]
    assert "KeyboardInterrupt: stopped by SIGTERM" in out, out[-3000:]
    assert not (tmp_path / "after").exists()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p, c) for p, c in procs.items()):
        time.sleep(0.2)
    left = {p: c[:100] for p, c in procs.items() if alive(p, c)}
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"left running after SIGTERM: {left}"
