"""Poch: an old board game of German origin (rules P1–P15, variants PV1–PV5).

Its parts: ``rules.py`` (the game), ``table.js``/``table.css`` (the widget's table),
``picture.py`` (the static picture) and ``examples/`` (the documents' worked examples).
"""
from .rules import *  # noqa: F401,F403  (the game and its public helpers)
from .rules import __all__  # noqa: F401
