"""Players: anything that picks an action for a seat, and a loop that plays a game out.

>>> from cardwidgets import Poch, RandomPlayer, RuleOfThumbPlayer, play_out
>>> game = play_out(Poch(3, deals=2), [RandomPlayer(1), RuleOfThumbPlayer(2), RandomPlayer(3)], seed=7)
>>> game.finished
True
"""
from __future__ import annotations

import random

from .core import CHANCE, TABLE, Game

__all__ = ["Player", "RandomPlayer", "RuleOfThumbPlayer", "play_out"]


class Player:
    """Pick one of ``game.legal_actions()`` for ``seat``. Subclasses override :meth:`choose`."""

    def choose(self, game: Game, seat: int):
        raise NotImplementedError


class RandomPlayer(Player):
    """Picks uniformly among the legal actions (seeded, so games repeat exactly)."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat):
        return self.rng.choice(game.legal_actions())

    def __repr__(self):
        return "RandomPlayer()"


class RuleOfThumbPlayer(Player):
    """Plays each game's simple rule of thumb (``game.rule_of_thumb``), else at random."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat):
        thumb = getattr(game, "rule_of_thumb", None)
        if thumb is None:
            return self.rng.choice(game.legal_actions())
        return thumb(seat, self.rng)

    def __repr__(self):
        return "RuleOfThumbPlayer()"


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
