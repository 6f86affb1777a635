"""A test run can be stopped, and one failure stays one failure (issue 24 item 3).

Each test starts pytest on a small test file it writes to a temporary folder, with this
suite's tests/conftest.py loaded as a plugin (``-p conftest``), as the whole suite loads it.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

SLOW = '''
import os
import pathlib
import time


def test_sleeps():
    pathlib.Path(__file__).with_name("started").write_text(str(os.getpid()))
    time.sleep(120)


def test_after():
    pathlib.Path(__file__).with_name("after").write_text("ran")
'''


def start_pytest(folder: Path, *args, **env):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(TESTS), str(TESTS / "browser")]),
               **env)
    return subprocess.Popen([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider",
                             "-q", "-rA", *args], cwd=folder, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)


def wait_for(path: Path, proc, seconds=120):
    deadline = time.monotonic() + seconds
    while not path.exists():
        if proc.poll() is not None:
            raise AssertionError(f"pytest ended before {path.name}:\n{proc.stdout.read()[-3000:]}")
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError(f"no {path.name} after {seconds} s")
        time.sleep(0.1)


def stop_with(proc, sig):
    """Send ``sig``; the seconds pytest took to end after it, and what it printed."""
    t0 = time.monotonic()
    proc.send_signal(sig)
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        raise AssertionError(f"pytest went on for 60 s after {sig.name}:\n{out[-3000:]}")
    return time.monotonic() - t0, out


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"


@pytest.mark.parametrize("sig,workers", [(signal.SIGTERM, []), (signal.SIGINT, []),
                                         (signal.SIGTERM, ["-n", "2", "--dist", "loadfile"])],
                         ids=["SIGTERM", "SIGINT", "SIGTERM-xdist"])
def test_a_signal_stops_the_whole_run_at_once(tmp_path, sig, workers):
    """SIGTERM (``timeout``, CI) and SIGINT (Ctrl-C) end the run within seconds as an
    interrupted run: no test counted as failed, and no later test started. Under xdist the
    signal goes to the controller alone (as ``kill`` sends it), which stops its workers."""
    (tmp_path / "test_slow.py").write_text(SLOW)
    proc = start_pytest(tmp_path, "test_slow.py", *workers)
    wait_for(tmp_path / "started", proc)
    took, out = stop_with(proc, sig)
    runner = int((tmp_path / "started").read_text())
    deadline = time.monotonic() + 5
    while not gone(runner) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert gone(runner), f"the process running the test is still there after {sig.name}"
    assert took < 10, out[-3000:]
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, out[-3000:]
    assert f"KeyboardInterrupt: stopped by {sig.name}" in out, out[-3000:]
    assert "failed" not in out.splitlines()[-1], out[-3000:]
    assert not (tmp_path / "after").exists()


def test_a_test_that_hangs_fails_alone_and_the_run_goes_on(tmp_path):
    """With a time limit of 2 s the sleeping test fails, with a message naming the limit,
    and the next test still runs and passes."""
    (tmp_path / "test_slow.py").write_text(SLOW)
    proc = start_pytest(tmp_path, "test_slow.py", CARDWIDGETS_TEST_TIMEOUT="2")
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == pytest.ExitCode.TESTS_FAILED, out[-3000:]
    assert "1 failed, 1 passed" in out.splitlines()[-1], out[-3000:]
    assert "TestTimeout" in out and "took more than 2 s (CARDWIDGETS_TEST_TIMEOUT)" in out
    assert (tmp_path / "after").read_text() == "ran"
