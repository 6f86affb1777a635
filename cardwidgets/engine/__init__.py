"""The shared engine: cards, seats, the state interface, players and game records.

No game-specific code lives here; each game is a module in :mod:`cardwidgets.games`.
"""
from .cards import DECKS, SUIT_SYSTEMS, Card, RankOrder, SuitSystem, deal_problem, make_deck
from .calls import Call
from .core import CHANCE, TABLE, Action, Game, Phase, Step
from .errors import CardwidgetsError, ConfigError, IllegalAction, RecordError
from .players import Player, RandomPlayer, RuleOfThumbPlayer, play_out
from .seats import LEFT, RIGHT, Table
from .tricks import (WAYS, HandOutcome, Play, RankPower, SuitPower, Trick, TrickOutcome,
                     three_trick_hand)

__all__ = [
    "Card", "SuitSystem", "SUIT_SYSTEMS", "DECKS", "make_deck", "RankOrder", "deal_problem",
    "Action", "Step", "Game", "Phase", "CHANCE", "TABLE",
    "CardwidgetsError", "IllegalAction", "ConfigError", "RecordError",
    "Player", "RandomPlayer", "RuleOfThumbPlayer", "play_out",
    "Table", "LEFT", "RIGHT", "Call",
    "Trick", "Play", "TrickOutcome", "SuitPower", "RankPower",
    "HandOutcome", "three_trick_hand", "WAYS",
]
