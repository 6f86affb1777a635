"""Builds cardwidgets as plain Python (the default), or with its engine and Pocha's rules
compiled by mypyc when ``CARDWIDGETS_COMPILE=1`` is set (README, "A compiled engine"):

    pip install mypy
    CARDWIDGETS_COMPILE=1 pip install --no-build-isolation .

The compiled modules are the same source files; everything else stays plain Python. In a
checkout, ``python tools/compile_engine.py`` builds them in place (``--clean`` undoes it)."""
import os

from setuptools import setup

COMPILED = [
    "cardwidgets/engine/cards.py",
    "cardwidgets/engine/core.py",
    "cardwidgets/engine/seats.py",
    "cardwidgets/engine/tricks.py",
    "cardwidgets/games/pocha/rules.py",
]


def ext_modules() -> list:
    if os.environ.get("CARDWIDGETS_COMPILE", "").strip() in ("", "0"):
        return []
    from mypyc.build import mypycify

    return mypycify([*COMPILED, "--follow-imports=silent", "--ignore-missing-imports",
                     "--disable-error-code", "annotation-unchecked"], opt_level="3")


if __name__ == "__main__":      # (as setuptools runs it; tools/compile_engine.py imports it)
    setup(ext_modules=ext_modules())
