"""Pocha: the Spanish game of bidding exactly the tricks you take (rules H1–H12, variants
HV1–HV5).

Its parts: ``rules.py`` (the game), ``table.js``/``table.css`` (the widget's table) and
``picture.py`` (the static picture).
"""
from .rules import *  # noqa: F401,F403  (the game and its public helpers)
from .rules import __all__  # noqa: F401
