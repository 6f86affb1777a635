"""Files a user names are read safely (issue 24 item 2): only a regular file, never more than
the bound, never blocking on a FIFO; a device, a FIFO, a folder, a file over the bound or one
that grows while read is refused in one line naming the file, by the API and the command line."""
import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardwidgets import GameWidget, RecordError, load_record, save_record
from cardwidgets import files
from cardwidgets.files import FileRefused, read_bounded
from cardwidgets.records import MAX_BYTES, builtin_record_path

ROOT = Path(__file__).resolve().parents[1]
DEVICES = [d for d in ("/dev/zero", "/dev/urandom") if os.path.exists(d)]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def run(*args, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cardwidgets", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=timeout)


def one_line_refusal(out, *words):
    assert out.returncode == 2 and out.stdout == "", out
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert all(w in lines[0] for w in words), lines[0]


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.fixture
def big(tmp_path):
    """A sparse file one byte over the bound (no disk used)."""
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    return path


def test_the_docstring_examples():
    assert doctest.testmod(files).failed == 0


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100) == b"x" * 100
    with pytest.raises(FileRefused, match="it is 100 bytes, over the 99 bytes"):
        read_bounded(path, 99)


@pytest.mark.parametrize("device", DEVICES)
def test_a_device_is_refused_by_the_api(device):
    """/dev/zero has no end and reports size 0: it is refused before a byte is read."""
    with pytest.raises(RecordError) as err:
        load_record(device)
    assert str(err.value) == (f"record: cannot read '{device}': it is a device, not a record "
                              "file (give the path of a .json record)")
    with pytest.raises(RecordError, match="it is a device"):
        GameWidget.from_record(Path(device))


@pytest.mark.parametrize("device", DEVICES)
def test_a_device_is_refused_by_the_command_line(device):
    one_line_refusal(run("replay", device, timeout=30), device, "it is a device")


@needs_fifo
def test_a_fifo_is_refused_without_blocking(fifo):
    """Nobody writes to the FIFO: opening it to read would wait for ever."""
    with pytest.raises(RecordError, match=r"pipe\.json': it is a pipe \(FIFO\), not a record file"):
        load_record(fifo)
    with pytest.raises(RecordError, match="it is a pipe"):
        GameWidget.from_record(str(fifo))


@needs_fifo
def test_a_fifo_is_refused_by_the_command_line(fifo):
    one_line_refusal(run("replay", str(fifo), timeout=30), "pipe.json", "it is a pipe (FIFO)")


@needs_fifo
def test_a_fifo_swapped_in_after_the_first_look_does_not_block(fifo, monkeypatch):
    """The name is looked at (stat), then opened: a FIFO put there in between is opened
    without waiting (O_NONBLOCK) and refused by the look at the opened file (fstat)."""
    regular = os.stat(builtin_record_path("e-p1"))
    monkeypatch.setattr(files.os, "stat", lambda p, *a, **k: regular)
    with pytest.raises(FileRefused, match="it is a pipe"):
        read_bounded(fifo, 100)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(RecordError, match="it is a folder, not a record file"):
        load_record(tmp_path)
    one_line_refusal(run("replay", str(tmp_path)), str(tmp_path), "it is a folder")


def test_a_file_over_the_bound_is_refused(big):
    with pytest.raises(RecordError, match=r"big\.json': it is 10 MB, over the 10 MB a record file"):
        GameWidget.from_record(big)
    one_line_refusal(run("replay", str(big)), "big.json", "over the 10 MB")


def test_a_file_that_grows_while_read_is_refused(tmp_path, monkeypatch):
    """The file is written to while it is read: past the bound, or to another size than it
    had when opened, it is refused; no more than the bound and one byte is ever read."""
    path = tmp_path / "growing.json"
    path.write_bytes(b" " * 1000)
    real_read, asked = os.read, []

    def read_and_grow(fd, n):
        asked.append(n)
        with open(path, "ab") as f:       # another program appends while we read
            f.write(b" " * 5000)
        return real_read(fd, n)

    monkeypatch.setattr(files.os, "read", read_and_grow)
    with pytest.raises(FileRefused, match="it grew past 2000 bytes while it was read"):
        read_bounded(path, 2000)
    assert sum(asked) == 2001
    path.write_bytes(b" " * 1000)
    monkeypatch.setattr(files.os, "read", lambda fd, n: read_and_grow(fd, n) if not asked
                        else real_read(fd, n))
    asked.clear()                         # grows once, by 5000 bytes: under the bound
    with pytest.raises(RecordError, match="growing.json': it changed while it was read"):
        load_record(path)


def test_a_file_holding_more_than_its_size_says_is_refused():
    """/proc files say size 0 and hold more: what is read must match the size."""
    status = Path("/proc/self/status")
    if not status.is_file():
        pytest.skip("no /proc")
    with pytest.raises(RecordError, match="it changed while it was read"):
        load_record(status)


def test_a_record_file_still_loads(tmp_path):
    path = tmp_path / "e-p1.json"
    path.write_bytes(builtin_record_path("e-p1").read_bytes())
    assert load_record(path).result() == load_record("e-p1").result()
    assert json.loads(read_bounded(path, MAX_BYTES))["game"] == "poch"


# ---- saving a record replaces only a record (nothing lost, nothing stuck) ---------------

def test_saving_replaces_a_record_and_nothing_else(tmp_path):
    game = load_record("e-p1")
    path = tmp_path / "game.json"
    save_record(game, path)
    save_record(game, path)                       # a record: replaced
    assert load_record(path).result() == game.result()
    lesson = tmp_path / "lesson.ipynb"
    lesson.write_text('{"cells": []}')
    with pytest.raises(RecordError, match="lesson.ipynb' is already there and is not a game "
                       r"record; nothing was written \(give a new file name\)"):
        save_record(game, lesson)
    assert lesson.read_text() == '{"cells": []}'
    with pytest.raises(RecordError, match="is a folder"):
        save_record(game, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "lesson.ipynb"]


@needs_fifo
def test_saving_to_a_fifo_is_refused_without_blocking(fifo):
    """Opening a FIFO to write waits for a reader: it is refused before."""
    with pytest.raises(RecordError, match=r"is a pipe \(FIFO\), not a record file; nothing was written"):
        save_record(load_record("e-p1"), fifo)
    one_line_refusal(run("play", "poch", "--players", "3", "--save", str(fifo), timeout=30),
                     "is a pipe (FIFO)")


def test_the_command_line_refuses_to_save_over_a_notebook_before_playing(tmp_path):
    lesson = tmp_path / "lesson.ipynb"
    lesson.write_text("my lesson")
    one_line_refusal(run("play", "poch", "--players", "3", "--save", str(lesson)),
                     "cardwidgets: save:", "lesson.ipynb' is already there and is not a game record")
    assert lesson.read_text() == "my lesson"
