"""A look-ahead player for every game: determinized Monte Carlo.

To choose, the player imagines the hidden cards many times (``game.sample_world(seat, rng)``:
every card it cannot see dealt again at random, keeping all it knows), and in each imagined
world tries every candidate action, then plays the rest of the deal out quickly with every
seat following the game's rule of thumb (``game.rule_of_thumb``). It picks the action with
the best average ``game.payoff(seat)`` at the end of the deal. Nothing here knows any game:
a game takes part by giving ``sample_world``, ``payoff`` and ``rule_of_thumb``.

>>> from cardwidgets import Pocha, play_out, RuleOfThumbPlayer
>>> from cardwidgets.engine.search import MonteCarloPlayer
>>> hard = MonteCarloPlayer(seed=1, worlds=4, seconds=None)
>>> game = play_out(Pocha(4, hands=2), [hard] + [RuleOfThumbPlayer(s) for s in (2, 3, 4)], seed=3)
>>> game.finished, hard.reason is not None
(True, True)
"""
from __future__ import annotations

import random
import time

from .core import CHANCE, TABLE, Game
from .players import Player

__all__ = ["MonteCarloPlayer", "rollout", "candidates"]


def rollout(world: Game, rng: random.Random, deal: int, max_steps: int = 2000) -> Game:
    """Play ``world`` on with the rule of thumb at every seat until the deal ``deal`` is over
    (the next deal's shuffle, or the end of the game). Changes only ``world``."""
    thumb = getattr(world, "rule_of_thumb", None)
    apply = world._apply
    for _ in range(max_steps):
        if world._phase.key == "over" or world.deal_number != deal:
            return world
        actor = world._actor()
        if actor == CHANCE:
            return world
        if actor == TABLE:
            apply(world._legal()[0])
        elif thumb is not None:
            apply(thumb(actor, rng))
        else:
            apply(rng.choice(world._legal()))
    return world


def candidates(legal: list, most: int = 5) -> list:
    """The actions worth trying: all of them, except that where one kind of action comes with
    many amounts (bet 1 … bet 40) only ``most`` amounts spread from the lowest to the
    highest are kept."""
    by_kind: dict = {}
    for a in legal:
        if a.amount is not None:
            by_kind.setdefault((a.kind, a.what), []).append(a)
    keep = set()
    for group in by_kind.values():
        if len(group) <= most:
            keep.update(map(id, group))
            continue
        group = sorted(group, key=lambda a: a.amount)
        step = (len(group) - 1) / (most - 1)
        keep.update(id(group[round(i * step)]) for i in range(most))
    return [a for a in legal if a.amount is None or id(a) in keep]


class MonteCarloPlayer(Player):
    """Determinized Monte Carlo: imagine the hidden cards (``worlds`` times at most, and for
    at most ``seconds``), try each candidate action in each imagined world, play the deal
    out by the rule of thumb, keep the best average payoff.

    ``worlds`` bounds the work (so a game repeats exactly with the same seed when
    ``seconds`` is ``None``); ``seconds`` bounds the time of one choice (at least
    ``min_worlds`` worlds are always tried)."""

    def __init__(self, seed=None, *, worlds: int = 60, seconds: float | None = 0.15,
                 min_worlds: int = 2, most_amounts: int = 5):
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.seconds = seconds
        self.min_worlds = min_worlds
        self.most_amounts = most_amounts
        #: what the last choice weighed: ``[(action, mean payoff change, times ahead)]``
        #: best first, and how many worlds were imagined
        self.last = None

    def __repr__(self):
        return f"MonteCarloPlayer(worlds={self.worlds}, seconds={self.seconds})"

    def choose(self, game: Game, seat: int):
        legal = game.legal_actions()
        name = game.players[seat]
        if len(legal) == 1:
            self.reason = f"{name}: {game.describe(legal[0])}, the only move the rules allow now."
            self.last = None
            return legal[0]
        cands = candidates(legal, self.most_amounts)
        thumb = getattr(game, "rule_of_thumb", None)
        habit = None
        if thumb is not None:
            habit = thumb(seat, random.Random(self.rng.random()))
            if habit not in cands:
                cands.append(habit)
        start = time.perf_counter()
        deal = game.deal_number
        base = game.payoff(seat)
        sums = [0.0] * len(cands)
        ahead = [0] * len(cands)
        tried = 0
        rng = self.rng
        while tried < self.worlds:
            if (self.seconds is not None and tried >= self.min_worlds
                    and time.perf_counter() - start > self.seconds):
                break
            world = game.sample_world(seat, rng)
            seed = rng.random()
            gains = []
            for i, action in enumerate(cands):
                if (self.seconds is not None and tried >= self.min_worlds and i
                        and time.perf_counter() - start > self.seconds):
                    break                 # out of time: this world is left out, half tried
                trial = world.fork() if i < len(cands) - 1 else world
                trial._apply(action)
                rollout(trial, random.Random(seed), deal)
                gains.append(trial.payoff(seat) - base)
            if len(gains) < len(cands):
                break
            for i, gain in enumerate(gains):
                sums[i] += gain
                ahead[i] += gain > 0
            tried += 1
        # best average; exact ties go to the rule of thumb's habit, then to the first listed
        order = sorted(range(len(cands)), key=lambda i: (-sums[i], cands[i] != habit, i))
        self.last = ([(cands[i], sums[i] / tried, ahead[i]) for i in order], tried)
        best = cands[order[0]]
        self.reason = self._words(game, seat, order, cands, sums, ahead, tried)
        return best

    def _words(self, game, seat, order, cands, sums, ahead, tried):
        unit = getattr(game, "payoff_unit", "points")
        name = game.players[seat]

        def label(i):
            return game.describe(cands[i])

        def sign(x):
            return f"{x:+.1f}".replace("+0.0", "0.0").replace("-0.0", "0.0")

        b = order[0]
        text = (f"{name}: {label(b)}, because in {tried} imagined deals of the hidden cards it "
                f"came out ahead {ahead[b]} times, {sign(sums[b] / tried)} {unit} on average")
        if len(order) > 1:
            r = order[1]
            text += (f"; the next best, {label(r)}, {ahead[r]} times, "
                     f"{sign(sums[r] / tried)}")
        return text + "."
