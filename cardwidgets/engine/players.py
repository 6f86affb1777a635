"""Players: anything that picks an action for a seat, and a loop that plays a game out.

The built-in levels (:data:`LEVELS`, made by :func:`player_for`): ``easy`` is the game's rule
of thumb; ``medium`` and ``hard`` look ahead (:class:`cardwidgets.engine.search.MonteCarloPlayer`):
they imagine the hidden cards again and again, never peeking, try each move in each imagined
deal and keep the one that did best on average; hard imagines more deals (a move takes at
most about 0.1 s). After each choice ``player.reason`` says why in one line.

>>> from cardwidgets import Poch, RandomPlayer, RuleOfThumbPlayer, play_out
>>> game = play_out(Poch(3, deals=2), [RandomPlayer(1), RuleOfThumbPlayer(2), RandomPlayer(3)], seed=7)
>>> game.finished
True
"""
from __future__ import annotations

import random

from .core import CHANCE, TABLE, Game, Player
from .errors import ConfigError
from .search import MonteCarloPlayer

__all__ = ["Player", "RandomPlayer", "RuleOfThumbPlayer", "play_out", "LEVELS",
           "player_for"]


class RandomPlayer(Player):
    """Picks uniformly among the legal actions (seeded, so games repeat exactly)."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat):
        action = self.rng.choice(game.legal_actions())
        self.reason = f"{game.players[seat]}: {game.describe(action)}, picked at random among the legal moves."
        return action

    def __repr__(self):
        return "RandomPlayer()"


class RuleOfThumbPlayer(Player):
    """Plays each game's simple rule of thumb (``game.rule_of_thumb``), else at random."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat):
        thumb = getattr(game, "rule_of_thumb", None)
        if thumb is None:
            action = self.rng.choice(game.legal_actions())
            self.reason = f"{game.players[seat]}: {game.describe(action)}, picked at random."
            return action
        action = thumb(seat, self.rng)
        self.reason = f"{game.players[seat]}: {game.describe(action)}, by the rule of thumb."
        return action

    @staticmethod
    def habits(game) -> str:
        """The game's rule of thumb in a few words (what every easy move follows), e.g.
        ``"by the rule of thumb (bids its Aces, …)."``; said once, not with every move."""
        thumb = getattr(game, "rule_of_thumb", None)
        return _habits(game) if thumb is not None else "at random."

    def __repr__(self):
        return "RuleOfThumbPlayer()"


def _doc_of(game, name: str) -> str:
    """The docstring of the method ``name`` of ``game`` (``""`` if it has none)."""
    return getattr(getattr(type(game), name, None), "__doc__", None) or ""


def _habit_words(game) -> str:
    """The rule of thumb in a few words, from the first lines of its description."""
    doc = " ".join(_doc_of(game, "rule_of_thumb").split())
    for lead in ("A simple player: ", "A simple partner: "):
        if doc.startswith(lead):
            doc = doc[len(lead):]
    parts, text = doc.split("; "), ""
    for part in parts:
        if len(text) + len(part) > 150:
            break
        text += ("; " if text else "") + part
    return text.rstrip(".")


def _habits(game) -> str:
    text = _habit_words(game)
    return f"by the rule of thumb ({text})." if text else "by the rule of thumb."


#: The levels of the built-in computer players, easiest first: what :func:`player_for`
#: takes, the CLI's ``--player`` and the widget's level. Each entry: level → (maker, words).
LEVELS = {
    "easy": (lambda seed: RuleOfThumbPlayer(seed), "the rule of thumb: simple habits, no lookahead"),
    "medium": (lambda seed: _look_ahead(seed, worlds=20, seconds=0.05, leave_after=8),
               "looks ahead a little: tries each move in up to 20 imagined deals of the hidden "
               "cards (at most about 0.05 s a move)"),
    "hard": (lambda seed: _look_ahead(seed, worlds=60, seconds=0.1, leave_after=8),
             "looks ahead: tries each move in up to 60 imagined deals of the hidden cards "
             "(at most about 0.1 s a move)"),
}


def _look_ahead(seed, **budget):
    return MonteCarloPlayer(seed, **budget)


def player_for(level: str, seed=None) -> Player:
    """A built-in computer player of ``level`` (one of :data:`LEVELS`), seeded."""
    if level not in LEVELS:
        raise ConfigError("level", f"{level!r:.40} is not a level; choose one of "
                          + ", ".join(LEVELS))
    player = LEVELS[level][0](seed)
    player.level = level
    return player


def play_out(game: Game, players=None, *, seed=None, max_steps=1_000_000, on_step=None) -> Game:
    """Play ``game`` to its end. ``players`` is one :class:`Player` for every seat, a list with
    one per seat, or a dict seat → player (missing seats play at random). Deals are shuffled
    with ``seed``. ``on_step(game, step)`` is called after every step."""
    rng = random.Random(seed)
    if players is None or isinstance(players, Player):
        one = players or RandomPlayer(rng.random())
        players = {s: one for s in range(game.n)}
    elif isinstance(players, (list, tuple)):
        players = dict(enumerate(players))
    for _ in range(max_steps):
        actor = game.current_player
        if actor is None:
            return game
        if actor == CHANCE:
            action = game.chance_action(rng)
        elif actor == TABLE:
            action = game.legal_actions()[0]
        else:
            player = players.get(actor)
            if player is None:
                player = players[actor] = RandomPlayer(rng.random())
            action = player.choose(game, actor)
        step = game.apply(action)
        if on_step is not None:
            on_step(game, step)
    raise RuntimeError(f"the game did not end within {max_steps} steps")
