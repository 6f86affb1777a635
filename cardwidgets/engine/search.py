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

import math
import random
import time

from .core import CHANCE, TABLE, Game, Player

__all__ = ["MonteCarloPlayer", "rollout", "candidates"]


def rollout(world: Game, rng: random.Random, deal: int, max_steps: int = 2000) -> Game:
    """Play ``world`` on with the rule of thumb at every seat until the deal ``deal`` is over
    (the next deal's shuffle, or the end of the game). Changes only ``world``."""
    thumb = getattr(world, "rule_of_thumb", None)
    apply = world._apply
    for _ in range(max_steps):
        actor = world.current_player
        if actor is None or actor == CHANCE or world.deal_number != deal:
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
    ``min_worlds`` worlds are always tried). A move other than the rule of thumb's habit is
    chosen only if it beats the habit, in the same worlds, by more than ``caution``
    standard errors; a game may ask for more (``game.search_caution``, a number of standard
    errors: the larger of the two counts), where its bets are big and a few imagined deals
    say little; and never on fewer than ``leave_after`` worlds (a handful of worlds that
    agree by luck show no spread, so no standard error can warn of them)."""

    def __init__(self, seed=None, *, worlds: int = 60, seconds: float | None = 0.15,
                 min_worlds: int = 2, most_amounts: int = 5, caution: float = 1.0,
                 leave_after: int = 2):
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.seconds = seconds
        self.min_worlds = min_worlds
        self.most_amounts = most_amounts
        self.caution = caution
        self.leave_after = leave_after
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
        rows = []                       # one row per imagined world: each candidate's gain
        rng = self.rng
        while len(rows) < self.worlds:
            if (self.seconds is not None and len(rows) >= self.min_worlds
                    and time.perf_counter() - start > self.seconds):
                break
            world = game.sample_world(seat, rng)
            seed = rng.random()
            gains = []
            for i, action in enumerate(cands):
                if (self.seconds is not None and len(rows) >= self.min_worlds and i
                        and time.perf_counter() - start > self.seconds):
                    break                 # out of time: this world is left out, half tried
                trial = world.fork() if i < len(cands) - 1 else world
                trial._apply(action)
                rollout(trial, random.Random(seed), deal)
                gains.append(trial.payoff(seat) - base)
            if len(gains) < len(cands):
                break
            rows.append(gains)
        tried = len(rows)
        sums = [sum(r[i] for r in rows) for i in range(len(cands))]
        ahead = [sum(r[i] > 0 for r in rows) for i in range(len(cands))]
        # The best average wins only if it beats the rule of thumb's habit by more than
        # chance: the same imagined worlds give each pair of moves a paired difference, and
        # a move must beat the habit by more than ``caution`` standard errors of it. This
        # keeps a few lucky worlds from making a wild bet look good.
        h = cands.index(habit) if habit is not None else None
        caution = max(self.caution, game.search_caution or 0)
        score = []
        for i in range(len(cands)):
            if h is None or i == h:
                score.append(sums[i] / tried if h is None else 0.0)
                continue
            if tried < self.leave_after:
                score.append(-math.inf)       # too few worlds to leave the habit on
                continue
            d = [r[i] - r[h] for r in rows]
            m = sum(d) / tried
            var = sum((x - m) ** 2 for x in d) / (tried - 1) if tried > 1 else float("inf")
            score.append(m - caution * math.sqrt(var / tried))
        chosen = max(range(len(cands)), key=lambda i: (score[i], cands[i] == habit, -i))
        order = [chosen] + sorted((i for i in range(len(cands)) if i != chosen),
                                  key=lambda i: (-sums[i], i))
        self.last = ([(cands[i], sums[i] / tried, ahead[i]) for i in order], tried)
        self.reason = self._words(game, seat, order, cands, sums, ahead, tried)
        return cands[chosen]

    def _words(self, game, seat, order, cands, sums, ahead, tried):
        unit = getattr(game, "payoff_unit", "points")
        name = game.players[seat]

        def label(i):
            return game.describe(cands[i])

        def sign(x):
            return f"{x:+.1f}".replace("+0.0", "0.0").replace("-0.0", "0.0")

        b = order[0]
        did = getattr(game, "payoff_ahead", "it came out ahead")
        text = (f"{name}: {label(b)}, because in {tried} imagined deals of the hidden cards "
                f"{did} {ahead[b]} times, {sign(sums[b] / tried)} {unit} on average")
        if len(order) > 1:
            r = order[1]
            if sums[r] > sums[b]:
                text += (f"; {label(r)} did a little better on average "
                         f"({sign(sums[r] / tried)}) but not by more than chance")
            else:
                text += (f"; the next best, {label(r)}, {ahead[r]} times, "
                         f"{sign(sums[r] / tried)}")
        return text + "."
