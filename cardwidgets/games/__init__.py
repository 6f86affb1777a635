"""One folder per game. :data:`GAMES` maps a game's key to its class.

Adding a game is adding its folder and one line here; ``README.md`` beside this file says
what a game's folder holds and which tests every registered game gets.
"""
from .poch import Poch
from .pocha import Pocha
from .truk import Truk
from .truc import Truc

#: Every game, by key. One line per game.
GAMES = {cls.key: cls for cls in (
    Poch,
    Pocha,
    Truk,
    Truc,
)}


def register(cls):
    """Add a game class to :data:`GAMES` (for a game defined outside this package)."""
    GAMES[cls.key] = cls
    return cls


__all__ = ["GAMES", "Poch", "Pocha", "Truk", "Truc", "register"]
