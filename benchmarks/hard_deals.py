"""How many deals the hard player imagines within its 0.1 s (issue 26, item 3; target 60)
in 4-player Truk and Truc: a hard side against a rule-of-thumb side, seeded games, every hard
move with a real choice. Prints the median count of imagined deals (the player's own clock:
wall time, so it falls when the machine is busy) and, from the CPU time each move took, how
many deals 0.1 s of a core would give, with the machine's load.

    python benchmarks/hard_deals.py [games]
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("PYTHONPATH", "").split(os.pathsep)[0]
                or str(Path(__file__).resolve().parents[1]))

from cardwidgets import GAMES, play_out  # noqa: E402
from cardwidgets.engine.players import player_for  # noqa: E402


class Counted:
    """The hard player, keeping each real choice's imagined deals and CPU time."""

    def __init__(self, seed):
        self.player, self.counts, self.cpu = player_for("hard", seed), [], []

    def choose(self, game, seat):
        start = time.process_time()
        action = self.player.choose(game, seat)
        if self.player.last is not None:
            self.counts.append(self.player.last[1])
            self.cpu.append(time.process_time() - start)
        return action


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    games = int(argv[0]) if argv else 2
    print(f"cardwidgets from {Path(sys.modules['cardwidgets'].__file__).parent}; load "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores)")
    for key in ("truk", "truc"):
        counts, per_deal = [], []
        for g in range(games):
            hard = Counted(g)
            thumb = player_for("easy", 100 + g)
            seats = [hard, thumb, hard, thumb] if g % 2 == 0 else [thumb, hard, thumb, hard]
            play_out(GAMES[key](4), seats, seed=g, max_steps=4000)
            counts += hard.counts
            per_deal += [c / k for c, k in zip(hard.cpu, hard.counts) if k]
        cpu_deals = 0.1 / statistics.median(per_deal)
        print(f"{key} 4 players: {len(counts)} hard moves with a choice; imagined deals within "
              f"0.1 s: median {statistics.median(counts):.0f} (wall clock, as played); "
              f"{cpu_deals:.0f} in 0.1 s of CPU time (median CPU "
              f"{statistics.median(per_deal) * 1000:.2f} ms a deal); target 60")
    return 0


if __name__ == "__main__":
    sys.exit(main())
