"""What keeps a test run stoppable, and one failure one failure (a plugin: tests/conftest.py
loads it with ``pytest_plugins``).

- SIGTERM (sent by ``timeout``, CI or a tired user) and SIGINT (Ctrl-C) raise
  ``KeyboardInterrupt`` in the main thread. pytest takes that as an interrupt of the whole
  run: it stops at once ("Interrupted", exit status 2), tears down the session's fixtures on
  the way out (the JupyterLab servers and Chromium of tests/browser/labfixtures.py), and
  never counts it as one test's failure before going on.
- Under pytest-xdist the controller passes the signal on to its workers, so each stops its
  own test and tears down its own fixtures; a worker stops once, however many signals come.
- A test that hangs fails on its own: each test (setup, call and teardown together) gets
  ``CARDWIDGETS_TEST_TIMEOUT`` seconds (default 900, the first browser test included, which
  starts JupyterLab and Chromium; 0 turns the limit off), after which it fails with
  ``TestTimeout`` and the run goes on with the next test.
"""
from __future__ import annotations

import os
import signal
import threading

import pytest

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class TestTimeout(Exception):
    """A test ran longer than its time limit."""

    __test__ = False  # not a test class


def _children() -> list[int]:
    """This process's children (under xdist's controller: its workers)."""
    me, out = os.getpid(), []
    for proc in os.scandir("/proc"):
        if proc.name.isdigit():
            try:
                with open(f"/proc/{proc.name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == me:
                        out.append(int(proc.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def _handler(config):
    worker = hasattr(config, "workerinput")
    stopping = []

    def interrupt(signum, frame):
        if worker and stopping:   # already stopping: let the teardown finish
            return
        stopping.append(signum)
        if not worker and config.pluginmanager.has_plugin("dsession") and os.path.isdir("/proc"):
            for pid in _children():
                try:
                    os.kill(pid, signum)
                except ProcessLookupError:
                    pass
        raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")

    return interrupt


def _time_limit() -> float:
    return float(os.environ.get("CARDWIDGETS_TEST_TIMEOUT", "900"))


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def pytest_configure(config):
    if not _main_thread():
        return
    interrupt = _handler(config)
    config._runguard_old = {sig: signal.signal(sig, interrupt) for sig in STOP_SIGNALS}


def pytest_unconfigure(config):
    for sig, old in getattr(config, "_runguard_old", {}).items():
        signal.signal(sig, old)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    limit = _time_limit()
    if limit <= 0 or not _main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def too_long(signum, frame):
        raise TestTimeout(f"{item.nodeid} took more than {limit:g} s "
                          "(CARDWIDGETS_TEST_TIMEOUT): stopped so that the run goes on")

    old = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
