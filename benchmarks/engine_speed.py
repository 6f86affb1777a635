"""The engine's speed in one run (issue 26, item 3), in CPU time, with the machine's load:

* every game's random whole games through the public API (``legal_actions``, ``apply``,
  every step checked, explained and recorded): games a second and µs a step;
* every game's random whole games (4 players) against the bare play-out of the same rules
  (``bare/<game>.py``: plain Python, nothing checked, explained or kept), and Pocha's random
  10-card hands against ``bare/pocha.py``, taking turns in short rounds so that both meet the
  same load: the time ratio (target at most 2), with the steps a game of each (the same
  shape of game: they should agree within about 10%).

    python benchmarks/engine_speed.py [seconds per game] [game ...]

(naming games, e.g. ``truk``, times and races those alone)

* the public API's floor: a game with almost no rules (:class:`Floor`) through the same loop,
  in µs a step; and from it each race's least possible ratio, the floor's µs a step times
  the engine's steps over the bare's µs (what the API alone uses of the target of 2).

To compare with another checkout: ``PYTHONPATH=/other/checkout python benchmarks/...``
(only the public API is used).
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [p for p in (os.environ.get("PYTHONPATH", "").split(os.pathsep)[0]
                            or str(HERE.parent),) if p] + [str(HERE)]

from bare.poch import bare_game as bare_poch  # noqa: E402
from bare.pocha import bare_hand  # noqa: E402
from bare.truc import bare_game as bare_truc  # noqa: E402
from bare.truk import bare_game as bare_truk  # noqa: E402
from cardwidgets import CHANCE, GAMES  # noqa: E402
from cardwidgets.engine import Game, Phase  # noqa: E402
from cardwidgets.engine.core import shared_action  # noqa: E402

#: (game, players, setup) of the whole games timed
TABLES = [("poch", 4, {}), ("pocha", 4, {}), ("truk", 4, {}), ("truc", 4, {}),
          ("truk", 2, {}), ("truc", 2, {})]
#: game → its bare whole game: ``f(rng) → (steps, ...)``, 4 players, default settings
BARE = {"poch": bare_poch, "truk": bare_truk, "truc": bare_truc}
clock = time.process_time


def play(game, rng, going=None) -> int:
    """Play ``game`` at random through the public API (the shuffle at :data:`CHANCE`, a legal
    action chosen by ``rng`` otherwise) until it is over or ``going(game)`` is false; returns
    its steps."""
    while True:
        actor = game.current_player
        if actor is None or (going is not None and not going(game)):
            return len(game.history)
        game.apply(game.chance_action(rng) if actor == CHANCE
                   else rng.choice(game.legal_actions()))


def whole_game(key, n, setup, rng) -> int:
    """One random whole game through the public API; returns its steps."""
    return play(GAMES[key](n, **setup), rng)


def pocha_hand(rng) -> int:
    """One random whole-deck Pocha hand (10 cards each, 4 players) through its scoring."""
    return play(GAMES["pocha"](4, start=10, hands=1, dealer=rng.randrange(4)), rng,
                lambda game: game.hand_no == 1)


class Floor(Game):
    """The public API's floor: a game with almost no rules (each seat in turn takes one of
    two shared actions, keeping who acts as an attribute as the games do; the core's own
    ``legal_actions`` and ``apply`` doing the rest: every step checked, explained and
    recorded), ``FLOOR_STEPS`` steps."""

    key, title = "floor", "Floor"
    min_players, max_players = 2, 8
    PHASES = (Phase("play", "Play"), Phase("over", "Over"))
    RULES = {"F1": "Each seat in turn says yes or no."}
    current_player = 0

    def _reset(self):
        self._phase, self.current_player = self.PHASES[0], 0
        self._choices = [(shared_action("yes", s), shared_action("no", s)) for s in range(self.n)]

    def _actor(self):
        return self.current_player

    def _legal(self):
        return self._choices[self.current_player]

    def _do(self, action):
        if len(self.actions) + 1 >= FLOOR_STEPS:
            self._phase, self.current_player = self.PHASES[1], None
        else:
            self.current_player = (self.current_player + 1) % self.n
        return ("{} says {}.", (action.seat, action.kind)), "F1"


FLOOR_STEPS = 40


def floor_game(rng) -> int:
    """One floor game (4 players) through the public API; returns its steps."""
    return play(Floor(4), rng)


def race(plays: dict, seconds: float, rounds: int = 20) -> dict:
    """CPU seconds per play of each, taking turns in ``rounds`` rounds: name → seconds."""
    for play in plays.values():
        for _ in range(10):
            play()
    done = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    for _ in range(rounds):
        for name, play in plays.items():
            start = clock()
            while clock() - start < seconds / rounds:
                play()
                done[name] += 1
            spent[name] += clock() - start
    return {name: spent[name] / done[name] for name in plays}


USAGE = ("usage: python benchmarks/engine_speed.py [seconds per game, default 3] [game ...]"
         " (the games alone: " + ", ".join(sorted(GAMES)) + ")")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    only = [a for a in argv if a in GAMES] or list(GAMES)
    numbers = [a for a in argv if a not in GAMES]
    try:
        (seconds,) = map(float, numbers) if numbers else (3.0,)
        if not 0 < seconds < 1e6:
            raise ValueError(seconds)
    except ValueError:
        print(USAGE, file=sys.stderr)
        return 2
    print(f"cardwidgets from {Path(sys.modules['cardwidgets'].__file__).parent}; load "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores); CPU time")
    for key, n, setup in TABLES:
        if key not in only:
            continue
        rng, games, steps, start = random.Random(1), 0, 0, clock()
        while clock() - start < seconds or games < 3:
            steps += whole_game(key, n, setup, rng)
            games += 1
        spent = clock() - start
        print(f"{key:5} {n} players: {games / spent:8.1f} random whole games/s, "
              f"{spent / steps * 1e6:5.1f} µs a step ({games} games, {steps} steps)")
    floor: list = []            # the floor's µs a step, raced beside each engine and bare
    least: dict = {}            # race → the least ratio over its bare the floor allows
    r1, r2, r3 = random.Random(2024), random.Random(2024), random.Random(2024)
    hand_steps = [0, 0]

    def hand():
        hand_steps[0] += pocha_hand(r1)
        hand_steps[1] += 1

    if "pocha" in only:
        per = race({"engine": hand, "bare": lambda: bare_hand(r2),
                    "floor": lambda: floor_game(r3)}, 2 * seconds)
        ratio = per["engine"] / per["bare"]
        floor.append(per["floor"] / FLOOR_STEPS)
        least["Pocha hands"] = floor[-1] * hand_steps[0] / hand_steps[1] / per["bare"]
        print(f"Pocha 10-card hands: engine {per['engine'] * 1e6:.0f} µs, bare "
              f"{per['bare'] * 1e6:.0f} µs a hand: {ratio:.2f}× the bare (target at most 2: "
              f"{'met' if ratio <= 2 else 'NOT met'})")
    for key, bare in BARE.items():
        if key not in only:
            continue
        steps = {"engine": 0, "bare": 0}
        games = dict.fromkeys(steps, 0)
        r1, r2, r3 = random.Random(7), random.Random(7), random.Random(7)

        def engine(key=key):
            steps["engine"] += whole_game(key, 4, {}, r1)
            games["engine"] += 1

        def plain(bare=bare):
            steps["bare"] += bare(r2)[0]
            games["bare"] += 1

        per = race({"engine": engine, "bare": plain, "floor": lambda: floor_game(r3)},
                   2 * seconds)
        ratio = per["engine"] / per["bare"]
        each = {k: steps[k] / games[k] for k in steps}
        floor.append(per["floor"] / FLOOR_STEPS)
        least[key.capitalize()] = floor[-1] * each["engine"] / per["bare"]
        print(f"{key.capitalize():5} whole games, 4 players: engine {per['engine'] * 1e6:.0f} µs "
              f"({each['engine']:.1f} steps), bare {per['bare'] * 1e6:.0f} µs "
              f"({each['bare']:.1f} steps) a game: {ratio:.2f}× the bare (target at most 2: "
              f"{'met' if ratio <= 2 else 'NOT met'})")
    if not floor:
        return 0
    print(f"Floor (the public API with almost no rules, raced beside each): "
          f"{min(floor) * 1e6:.2f}–{max(floor) * 1e6:.2f} µs a step; the least ratio over the "
          f"bare it allows (floor × the engine's steps / the bare's time): "
          + ", ".join(f"{name} {value:.2f}×" for name, value in least.items()))
    missing = sorted(set(only) - set(BARE) - {"pocha"})
    if missing:
        print(f"No bare whole game yet for: {', '.join(missing)}")
    print(f"load {', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
