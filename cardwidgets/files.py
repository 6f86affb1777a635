"""Reading a file a user names, safely: the one place cardwidgets opens such a file.

Only a regular file is read, and never more than a bound. A device (``/dev/zero``,
``/dev/urandom``), a pipe (FIFO), a socket or a folder is refused before it is opened for
reading; a FIFO cannot block the opening (``O_NONBLOCK``), and the opened file is looked at
again (``fstat``) in case the name was swapped in between. At most ``limit + 1`` bytes are
ever read: a file over the bound, or one that grows or shrinks while it is read, is refused.
Nothing is changed on the disk.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile(delete=False) as f:
...     _ = f.write(b'{"a": 1}')
>>> read_bounded(f.name, 100)
b'{"a": 1}'
>>> os.unlink(f.name)
>>> read_bounded("/dev/zero", 100)
Traceback (most recent call last):
...
cardwidgets.files.FileRefused: it is a device, not a regular file
"""
from __future__ import annotations

import os
import stat

__all__ = ["FileRefused", "read_bounded"]

_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_CHUNK = 1 << 20


class FileRefused(OSError):
    """A file :func:`read_bounded` will not read; ``why`` says so in plain words
    (e.g. "it is a device, not a regular file"); ``kind`` is true when the file is not a
    regular file at all (a device, a FIFO, a folder …)."""

    def __init__(self, why: str, path=None, kind: bool = False):
        super().__init__(why)
        self.why = why
        self.path = path
        self.kind = kind

    def __str__(self):
        return self.why


def _kind(mode: int, what: str) -> str | None:
    """Why a file of this mode is not read (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    kind = ("a folder" if stat.S_ISDIR(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "a pipe (FIFO)" if stat.S_ISFIFO(mode) else
            "a socket" if stat.S_ISSOCK(mode) else None)
    return f"it is {kind}, not {what}" if kind else f"it is not {what}"


def _size(n: int) -> str:
    return f"{n / 2**20:.0f} MB" if n >= 2**20 else f"{n} bytes"


def read_bounded(path, limit: int, what: str = "a regular file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    ``what`` names the file expected, in the refusals (e.g. "a record file").
    Raises :class:`FileRefused` (an ``OSError``) for a file that is not a regular file, is
    over ``limit`` bytes, or changes size while it is read; other ``OSError`` s (no such file,
    no permission) pass through. Never reads more than ``limit + 1`` bytes, never blocks on a
    FIFO."""
    path = os.fspath(path)
    why = _kind(os.stat(path).st_mode, what)
    if why:
        raise FileRefused(why, path, kind=True)
    fd = os.open(path, _FLAGS)
    try:
        first = os.fstat(fd)
        why = _kind(first.st_mode, what)     # the name may have been swapped since the stat above
        if why:
            raise FileRefused(why, path, kind=True)
        if first.st_size > limit:
            raise FileRefused(f"it is {_size(first.st_size)}, over the {_size(limit)} "
                              f"{what} may be", path)
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise FileRefused(f"it grew past {_size(limit)} while it was read", path)
        if got != first.st_size or os.fstat(fd).st_size != got:
            raise FileRefused(f"it changed while it was read (it said {first.st_size} bytes and "
                              f"held {got}); try again once it is saved", path)
        return b"".join(chunks)
    finally:
        os.close(fd)
