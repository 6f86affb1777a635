"""One widget step in Python, per game: apply a move, build a seat's view, make its frame
(what the widget sends the page), over seeded random games; CPU time, with the load.

    python benchmarks/widget_step.py [--repeat 3] [--steps 3000]

Run it from another checkout (``PYTHONPATH=/other/checkout python benchmarks/widget_step.py``)
to compare: it uses only the public API and the widget's ``_frame``.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("PYTHONPATH", "").split(os.pathsep)[0]
                or str(Path(__file__).resolve().parents[1]))

from cardwidgets import CHANCE, GAMES  # noqa: E402
from cardwidgets.widget.gamewidget import _frame  # noqa: E402

TABLES = [("poch", 4), ("pocha", 4), ("truk", 4), ("truc", 4)]


def moves(key, n, steps, seed=1):
    """The actions of seeded random games of ``key`` (``steps`` in all)."""
    rng, out, total = random.Random(seed), [], 0
    while total < steps:
        game = GAMES[key](n)
        actions = []
        while game.current_player is not None and total + len(actions) < steps:
            actor = game.current_player
            action = (game.chance_action(rng) if actor == CHANCE
                      else rng.choice(game.legal_actions()))
            game.apply(action)
            actions.append(action)
        out.append(actions)
        total += len(actions)
    return out


def time_steps(key, n, games) -> tuple[float, int]:
    """CPU seconds for every step of ``games``: apply, seat 0's view, its frame."""
    count, start = 0, time.process_time()
    for actions in games:
        game = GAMES[key](n)
        cards: dict = {}
        made: dict = {}
        for action in actions:
            game.apply(action)
            _frame(game.view(0), cards, made)
            count += 1
    return time.process_time() - start, count


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--steps", type=int, default=3000)
    args = p.parse_args(argv)
    print(f"cardwidgets from {Path(sys.modules['cardwidgets'].__file__).parent}; load "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores)")
    for key, n in TABLES:
        games = moves(key, n, args.steps)
        best = min(time_steps(key, n, games) for _ in range(args.repeat))
        print(f"{key:6} {n} players: {best[0] / best[1] * 1e6:7.1f} µs a step (apply + "
              f"seat 0's view + its frame; best of {args.repeat}, {best[1]} steps, CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
