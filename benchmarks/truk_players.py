"""Truk figures: engine speed, and how good the built-in players are.

    python benchmarks/truk_players.py [games]

Prints the time per step of whole seeded games (random players), how often a rule-of-thumb
side beats a random side, and how often a side that gives and reads signals (K19) beats the
same rule of thumb with signals switched off (no signals given, none read).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardwidgets import RandomPlayer, RuleOfThumbPlayer, play_out  # noqa: E402
from cardwidgets.games.truk import Truk  # noqa: E402


class Deaf(RuleOfThumbPlayer):
    """The rule of thumb without signals: it gives none and reads none."""

    def choose(self, game, seat):
        game._partner_power = lambda s: 0
        game._signal_true = lambda s, w: False
        game._signal_actions = lambda s: []
        game._legal_now = None     # the legal actions again, without signals (and kept so)
        try:
            return game.rule_of_thumb(seat, self.rng)
        finally:
            del game._partner_power, game._signal_true, game._signal_actions


def side_a_wins(n, make_a, make_b, games):
    wins = 0
    for seed in range(games):
        players = {s: (make_a if s % 2 == 0 else make_b)(seed * 7 + s) for s in range(n)}
        game = play_out(Truk(n, dealer=seed % n), players, seed=seed)
        wins += game.truks[0] == 6
    return wins / games


def main(games=500):
    for n in (2, 4):
        start, steps = time.perf_counter(), 0
        for seed in range(games):
            steps += len(play_out(Truk(n), RandomPlayer(seed), seed=seed).history)
        dt = time.perf_counter() - start
        print(f"{n} players, random play: {games} games, {steps / games:.0f} steps a game, "
              f"{dt / games * 1000:.1f} ms a game, {dt / steps * 1e6:.0f} µs a step")
        print(f"{n} players: rule of thumb beats random in "
              f"{side_a_wins(n, RuleOfThumbPlayer, RandomPlayer, games):.0%} of {games} games")
    print(f"4 players: a side that signals beats the same side without signals in "
          f"{side_a_wins(4, RuleOfThumbPlayer, Deaf, games):.1%} of {games} games")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
