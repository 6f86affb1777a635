"""cardwidgets: old European card games taught step by step in Jupyter.

>>> from cardwidgets import Poch, load_record
>>> game = load_record("e-p1")
>>> game.result()["chips"]
[25, 10, 33, 7, 10]
"""
from .engine import (CHANCE, TABLE, Action, Card, CardwidgetsError, ConfigError, Game,
                     IllegalAction, RandomPlayer, RecordError, RuleOfThumbPlayer, Step,
                     make_deck, play_out)
from .games import GAMES, Poch, Pocha, Truc, Truk
from .records import load_record, record_of, save_record, builtin_records
from .widget import picture as _picture  # noqa: F401  (gives games and cards a static picture)

__version__ = "0.1.0"

__all__ = [
    "Poch", "Pocha", "Truk", "Truc", "GAMES", "Game", "Action", "Step", "Card", "make_deck", "CHANCE", "TABLE",
    "CardwidgetsError", "IllegalAction", "ConfigError", "RecordError",
    "RandomPlayer", "RuleOfThumbPlayer", "play_out",
    "load_record", "save_record", "record_of", "builtin_records", "GameWidget",
]


def __getattr__(name):
    # the widget pulls in anywidget and ipywidgets: import it only when asked for
    if name == "GameWidget":
        from .widget.gamewidget import GameWidget
        return GameWidget
    raise AttributeError(f"module 'cardwidgets' has no attribute {name!r}")
