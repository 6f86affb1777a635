"""How many random full Poch deals the engine plays per second on one core.

Run from the project root: ``python benchmarks/poch_deals.py [--seconds 10]``.
Each deal is played by random-legal players from the ante to the last payment, with every
step checked and explained, exactly as in a notebook. Prints the machine and Python version.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardwidgets import Poch, RandomPlayer, play_out  # noqa: E402


def one_round(seconds: float, seed0: int) -> tuple[int, int, float]:
    deals = steps = 0
    seed = seed0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n = 3 + seed % 4
        game = Poch(n, chips=200, deals=1)  # one full deal per game
        play_out(game, RandomPlayer(seed), seed=seed)
        deals += 1
        steps += len(game.history)
        seed += 1
    return deals, steps, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each of 5 rounds")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} "
          f"({platform.system()} {platform.release()}), Python {platform.python_version()} "
          f"({platform.python_implementation()})")
    rates, step_rates = [], []
    for r in range(5):
        deals, steps, dt = one_round(args.seconds, r * 100_000)
        rates.append(deals / dt)
        step_rates.append(steps / dt)
    print(f"random full Poch deals (3-6 players, ante to payout), one core: "
          f"median {statistics.median(rates):,.0f} deals/s "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}; "
          f"{statistics.median(step_rates):,.0f} steps/s)")


if __name__ == "__main__":
    main()
