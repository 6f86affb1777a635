"""Builds cardwidgets as plain Python (the default), or with its engine and Pocha's rules
compiled by mypyc when ``CARDWIDGETS_COMPILE=1`` is set (README, "A compiled engine"):

    pip install mypy
    CARDWIDGETS_COMPILE=1 pip install --no-build-isolation .

The compiled modules are the same source files; everything else stays plain Python."""
import os

from setuptools import setup

COMPILED = [
    "cardwidgets/engine/cards.py",
    "cardwidgets/engine/core.py",
    "cardwidgets/engine/tricks.py",
    "cardwidgets/games/pocha/rules.py",
]

ext_modules = []
if os.environ.get("CARDWIDGETS_COMPILE", "").strip() not in ("", "0"):
    from mypyc.build import mypycify

    ext_modules = mypycify(
        [*COMPILED, "--follow-imports=silent", "--ignore-missing-imports",
         "--disable-error-code", "annotation-unchecked"], opt_level="3")

setup(ext_modules=ext_modules)
