"""Compile the engine and Pocha's rules with mypyc in this checkout, or take them back to
plain Python (README, "A compiled engine").

Run from anywhere: ``python tools/compile_engine.py`` (needs ``pip install mypy`` and a C
compiler; about a minute), ``python tools/compile_engine.py --clean`` to remove what it
built. The compiled modules are built beside their sources (``*.so``); Python then loads them
instead of the ``.py`` files, and ``python benchmarks/pocha_race.py`` says which it timed.
An editable install (``pip install -e .``) picks them up at once.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from setup import COMPILED  # noqa: E402  (the list of modules compiled, kept in setup.py)


def built() -> list[Path]:
    """The compiled files in the checkout (the modules and mypyc's shared library)."""
    found = [p for p in (ROOT / "cardwidgets").rglob("*.so")]
    return sorted(found + list(ROOT.glob("*__mypyc*.so")))


def clean() -> int:
    for path in built():
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    print("cardwidgets is plain Python again")
    return 0


def compile_engine() -> int:
    if importlib.util.find_spec("mypyc") is None:
        print("compiling needs mypy (it brings mypyc): pip install mypy", file=sys.stderr)
        return 2
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("compiling needs a C compiler (cc or gcc) on the PATH", file=sys.stderr)
        return 2
    start = time.perf_counter()
    env = dict(os.environ, CARDWIDGETS_COMPILE="1")
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in (done.stdout + done.stderr).splitlines()
                 if "error" in line.lower() and not line.startswith(("gcc", "cc "))]
        print("compiling failed:\n" + "\n".join(lines[-20:] or done.stderr.splitlines()[-20:]),
              file=sys.stderr)
        return 1
    print(f"compiled in {time.perf_counter() - start:.0f} s: " + ", ".join(COMPILED))
    print("plain Python again: python tools/compile_engine.py --clean")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args not in ([], ["--clean"]):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    sys.exit(clean() if args else compile_engine())
