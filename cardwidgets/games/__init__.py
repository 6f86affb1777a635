"""One module per game. :data:`GAMES` maps a game's key to its class."""
from .poch import Poch
from .pocha import Pocha
from .truk import Truk

GAMES = {"poch": Poch}
GAMES["pocha"] = Pocha
GAMES["truk"] = Truk


def register(cls):
    """Add a game class to :data:`GAMES` (used by game modules as they arrive)."""
    GAMES[cls.key] = cls
    return cls


__all__ = ["GAMES", "Poch", "register"]
