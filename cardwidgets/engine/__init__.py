"""The shared engine: cards, seats, the state interface, players and game records.

No game-specific code lives here; each game is a module in :mod:`cardwidgets.games`.
"""
from .cards import DECKS, SUIT_SYSTEMS, Card, RankOrder, SuitSystem, deal_problem, make_deck
from .core import CHANCE, TABLE, Action, Game, Phase, Step
from .errors import CardwidgetsError, ConfigError, IllegalAction, RecordError
from .players import Player, RandomPlayer, RuleOfThumbPlayer, play_out
from .seats import LEFT, RIGHT, Table
from .tricks import Play, RankPower, SuitPower, Trick, TrickOutcome

__all__ = [
    "Card", "SuitSystem", "SUIT_SYSTEMS", "DECKS", "make_deck", "RankOrder", "deal_problem",
    "Action", "Step", "Game", "Phase", "CHANCE", "TABLE",
    "CardwidgetsError", "IllegalAction", "ConfigError", "RecordError",
    "Player", "RandomPlayer", "RuleOfThumbPlayer", "play_out",
    "Table", "LEFT", "RIGHT",
    "Trick", "Play", "TrickOutcome", "SuitPower", "RankPower",
]
