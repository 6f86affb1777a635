"""Poch: the German board game of the 15th century (rules P1–P15, variants PV1–PV4).

Its parts: ``rules.py`` (the game), ``table.js``/``table.css`` (the widget's table),
``picture.py`` (the static picture) and ``examples/`` (the documents' worked examples).
"""
from .rules import *  # noqa: F401,F403  (the game and its public helpers)
from .rules import __all__  # noqa: F401
