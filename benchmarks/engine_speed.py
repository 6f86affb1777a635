"""The engine's speed in one run (issue 26, item 3), in CPU time, with the machine's load:

* every game's random whole games through the public API (``legal_actions``, ``apply``,
  every step checked, explained and recorded): games a second and µs a step;
* every game's random whole games (4 players) against the bare play-out of the same rules
  (``bare/<game>.py``: plain Python, nothing checked, explained or kept), and Pocha's random
  10-card hands against ``bare/pocha.py``, taking turns in short rounds so that both meet the
  same load: the time ratio (target at most 2), with the steps a game of each (the same
  shape of game: they should agree within about 10%).

    python benchmarks/engine_speed.py [seconds per game]

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

#: (game, players, setup) of the whole games timed
TABLES = [("poch", 4, {}), ("pocha", 4, {}), ("truk", 4, {}), ("truc", 4, {}),
          ("truk", 2, {}), ("truc", 2, {})]
#: game → its bare whole game: ``f(rng) → (steps, ...)``, 4 players, default settings
BARE = {"poch": bare_poch, "truk": bare_truk, "truc": bare_truc}
clock = time.process_time


def whole_game(key, n, setup, rng) -> int:
    """One random whole game through the public API; returns its steps."""
    game = GAMES[key](n, **setup)
    while True:
        actor = game.current_player
        if actor is None:
            return len(game.history)
        game.apply(game.chance_action(rng) if actor == CHANCE
                   else rng.choice(game.legal_actions()))


def pocha_hand(rng) -> None:
    """One random whole-deck Pocha hand (10 cards each, 4 players) through its scoring."""
    game = GAMES["pocha"](4, start=10, hands=1, dealer=rng.randrange(4))
    while game.hand_no == 1 and not game.finished:
        actor = game.current_player
        game.apply(game.chance_action(rng) if actor == CHANCE
                   else rng.choice(game.legal_actions()))


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


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    seconds = float(argv[0]) if argv else 3.0
    print(f"cardwidgets from {Path(sys.modules['cardwidgets'].__file__).parent}; load "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores); CPU time")
    for key, n, setup in TABLES:
        rng, games, steps, start = random.Random(1), 0, 0, clock()
        while clock() - start < seconds or games < 3:
            steps += whole_game(key, n, setup, rng)
            games += 1
        spent = clock() - start
        print(f"{key:5} {n} players: {games / spent:8.1f} random whole games/s, "
              f"{spent / steps * 1e6:5.1f} µs a step ({games} games, {steps} steps)")
    r1, r2 = random.Random(2024), random.Random(2024)
    per = race({"engine": lambda: pocha_hand(r1), "bare": lambda: bare_hand(r2)}, 2 * seconds)
    ratio = per["engine"] / per["bare"]
    print(f"Pocha 10-card hands: engine {per['engine'] * 1e6:.0f} µs, bare {per['bare'] * 1e6:.0f}"
          f" µs a hand: {ratio:.2f}× the bare (target at most 2: "
          f"{'met' if ratio <= 2 else 'NOT met'})")
    for key, bare in BARE.items():
        steps = {"engine": 0, "bare": 0}
        games = dict.fromkeys(steps, 0)
        r1, r2 = random.Random(7), random.Random(7)

        def engine(key=key):
            steps["engine"] += whole_game(key, 4, {}, r1)
            games["engine"] += 1

        def plain(bare=bare):
            steps["bare"] += bare(r2)[0]
            games["bare"] += 1

        per = race({"engine": engine, "bare": plain}, 2 * seconds)
        ratio = per["engine"] / per["bare"]
        each = {k: steps[k] / games[k] for k in steps}
        print(f"{key.capitalize():5} whole games, 4 players: engine {per['engine'] * 1e6:.0f} µs "
              f"({each['engine']:.1f} steps), bare {per['bare'] * 1e6:.0f} µs "
              f"({each['bare']:.1f} steps) a game: {ratio:.2f}× the bare (target at most 2: "
              f"{'met' if ratio <= 2 else 'NOT met'})")
    missing = sorted(set(GAMES) - set(BARE) - {"pocha"})
    if missing:
        print(f"No bare whole game yet for: {', '.join(missing)}")
    print(f"load {', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
