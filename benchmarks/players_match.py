"""The computer players' targets (issue 15), measured in one run of seeded matches.

    python benchmarks/players_match.py            # the full run (about 20 minutes on 2 cores)
    python benchmarks/players_match.py --quick    # a short run, to see that it all works
    python benchmarks/players_match.py --only pocha,truk4 --games 10
    python benchmarks/players_match.py --only truc4 --games 40 --first 40 --jobs 1
    python benchmarks/players_match.py --level medium --only pocha --games 100

The hard player is ``player_for("hard")`` exactly as the widget and the CLI make it; the
rule-of-thumb player is ``player_for("easy")``. Matches (every one seeded, so a run repeats
up to the hard player's time limit):

* Pocha: a game is 3 hands of the document's schedule, hands 8, 9 and 10 (8, 9 and 10
  cards each), 4 players, the first dealer turning with the game. Each game is played twice
  on the same deals: once with hard at seat A and three rule-of-thumb players, once with the
  rule of thumb at every seat. The margin is hard's points less the rule of thumb's in the
  same seat on the same cards (a paired comparison), with its 95% confidence interval.
* Poch: 4 players with 300 chips each, 10 deals a game (fewer if someone cannot ante, P15);
  hard at seat A against three rule-of-thumb players, and the same deals with the rule of
  thumb at seat A. Chips won per deal by seat A (the chips at the end of each deal less
  those at its start, the ante included), with the 95% interval.
* Truk and truc, 2 and 4 players: whole games (truk to 6 truks, truc two camas of 24), a
  side of hard players against a side of rule-of-thumb players, the hard side alternating
  between the two sides and the first dealer turning. The hard side's share of games won,
  with its 95% (Wilson) interval.
* ``--level medium``: the same matches with the medium player in hard's place (the figures
  then read "medium" where they say hard).
* Time: every hard move with a real choice (two or more legal actions), p50, p95 and the
  slowest, while the matches run two at a time on the machine's two cores.
"""
from __future__ import annotations

import argparse
import builtins
import functools
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardwidgets import play_out  # noqa: E402
from cardwidgets.engine.players import player_for  # noqa: E402
from cardwidgets.games import GAMES  # noqa: E402

LEVEL = "hard"    #: the level measured against the rule of thumb (--level)

FULL = {"pocha": 200, "poch": 70, "truk2": 40, "truk4": 40, "truc2": 40, "truc4": 40}
QUICK = {"pocha": 6, "poch": 3, "truk2": 3, "truk4": 2, "truc2": 3, "truc4": 2}


class Timed:
    """Wraps a player and keeps the time of each choice that had two or more options."""

    def __init__(self, player):
        self.player, self.times, self.cpu = player, [], []

    def choose(self, game, seat):
        many = len(game.legal_actions()) > 1
        start, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(game, seat)
        if many:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
        return action

    def __getattr__(self, name):
        return getattr(self.player, name)


def _players(n, hard_seats, seed):
    out, timed = {}, []
    for s in range(n):
        if s in hard_seats:
            p = Timed(player_for(LEVEL, seed * 10 + s))
            timed.append(p)
        else:
            p = player_for("easy", seed * 10 + s)
        out[s] = p
    return out, timed


def pocha_game(i):
    from cardwidgets.games.pocha import Pocha

    def make():
        return Pocha(4, start=8, hands=3, dealer=i % 4)
    players, timed = _players(4, {0}, i)
    hard = play_out(make(), players, seed=10_000 + i)
    base = play_out(make(), {s: player_for("easy", i * 10 + s) for s in range(4)},
                    seed=10_000 + i)
    others = statistics.mean(hard.scores[1:])
    return "pocha", {"hard": hard.scores[0], "thumb": base.scores[0], "others": others,
                     "times": timed[0].times, "cpu": timed[0].cpu}


def _deal_deltas(game, players, seed):
    """Play a Poch game; seat A's chips won or lost in each deal."""
    marks = [game.chips[0]]

    def on_step(g, step):
        if step.action.kind == "go out":
            marks.append(g.chips[0])
    play_out(game, players, seed=seed, on_step=on_step)
    return [b - a for a, b in zip(marks, marks[1:])]


def poch_game(i):
    from cardwidgets.games.poch import Poch

    def make():
        return Poch(4, chips=300, deals=10, dealer=i % 4)
    players, timed = _players(4, {0}, i)
    hard = _deal_deltas(make(), players, 20_000 + i)
    base = _deal_deltas(make(), {s: player_for("easy", i * 10 + s) for s in range(4)},
                        20_000 + i)
    return "poch", {"hard": hard, "thumb": base, "times": timed[0].times, "cpu": timed[0].cpu}


def side_game(key, n, i):
    cls = GAMES[key]
    side = i % 2                       # the hard side: seats 0, 2 (side 0) or 1, 3 (side 1)
    game = cls(n, dealer=i % n)
    hard_seats = {s for s in range(n) if game.table.team_of(s) == side}
    players, timed = _players(n, hard_seats, i)
    game = play_out(game, players, seed=30_000 + i + 1000 * n)
    winners = game.result()["winners"]
    won = all(game.table.team_of(s) == side for s in winners)
    return f"{key}{n}", {"won": won, "times": [t for p in timed for t in p.times],
                         "cpu": [t for p in timed for t in p.cpu]}


def _job(task):
    kind, i = task
    if kind == "pocha":
        return pocha_game(i)
    if kind == "poch":
        return poch_game(i)
    return side_game(kind[:-1], int(kind[-1]), i)


def mean_ci(xs):
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(k, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def report(results, seconds, out=None):
    print = functools.partial(builtins.print, file=out or sys.stdout)  # noqa: A001
    times = []
    pocha = [r for k, r in results if k == "pocha"]
    if pocha:
        diff = [r["hard"] - r["thumb"] for r in pocha]
        m, h = mean_ci(diff)
        print(f"Pocha ({len(pocha)} games of 3 hands, hands 8-10 of the schedule, 4 players):")
        print(f"  {LEVEL} {statistics.mean(r['hard'] for r in pocha):+.1f} points a game; the rule of "
              f"thumb in the same seat on the same deals {statistics.mean(r['thumb'] for r in pocha):+.1f}")
        print(f"  margin ({LEVEL} - rule of thumb, paired): {m:+.1f} points a game, "
              f"95% CI {m - h:+.1f} to {m + h:+.1f} (n = {len(diff)})")
        print(f"  {LEVEL}'s opponents (rule of thumb) in the same games: "
              f"{statistics.mean(r['others'] for r in pocha):+.1f} points a game each")
        target = m > 0 and m - h > 0
        print(f"  target ({LEVEL} scores more, over at least 200 games): "
              f"{'met' if target and len(pocha) >= 200 else 'NOT met'}")
        times += [t for r in pocha for t in r["times"]]
    poch = [r for k, r in results if k == "poch"]
    if poch:
        per = [d for r in poch for d in r["hard"]]
        base = [d for r in poch for d in r["thumb"]]
        m, h = mean_ci(per)
        mb, hb = mean_ci(base)
        print(f"Poch ({len(poch)} games of up to 10 deals, 4 players, 300 chips each):")
        print(f"  {LEVEL} wins {m:+.2f} chips a deal, 95% CI {m - h:+.2f} to {m + h:+.2f} "
              f"(n = {len(per)} deals; {sum(per):+d} chips in all)")
        print(f"  the rule of thumb in the same seat on the same deals: {mb:+.2f} chips a deal "
              f"(95% CI {mb - hb:+.2f} to {mb + hb:+.2f}, n = {len(base)} deals)")
        print(f"  target ({LEVEL} wins chips from rule-of-thumb players over at least 500 deals): "
              f"{'met' if m > 0 and len(per) >= 500 else 'NOT met'}")
        times += [t for r in poch for t in r["times"]]
    for key in ("truk2", "truk4", "truc2", "truc4"):
        rs = [r for k, r in results if k == key]
        if not rs:
            continue
        won = sum(r["won"] for r in rs)
        lo, hi = wilson(won, len(rs))
        name = {"truk": "Truk", "truc": "Truc"}[key[:-1]]
        print(f"{name}, {key[-1]} players: the {LEVEL} side won {won} of {len(rs)} games "
              f"({won / len(rs):.0%}, 95% CI {lo:.0%} to {hi:.0%}); target 60%: "
              f"{'met' if won / len(rs) >= 0.6 else 'NOT met'}")
        times += [t for r in rs for t in r["times"]]
    if times:
        times.sort()
        q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]  # noqa: E731
        print(f"{LEVEL.capitalize()} moves with a choice: {len(times)}; wall time p50 {q(times, 0.5) * 1000:.0f} "
              f"ms, p95 {q(times, 0.95) * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms; target "
              f"p95 under 200 ms: {'met' if q(times, 0.95) < 0.2 else 'NOT met'}")
        cpu = sorted(t for k, r in results for t in r.get("cpu", ()))
        if cpu:
            print(f"  the same moves in CPU time (the process's own, whatever else the machine "
                  f"runs): p50 {q(cpu, 0.5) * 1000:.0f} ms, p95 {q(cpu, 0.95) * 1000:.0f} ms, "
                  f"slowest {cpu[-1] * 1000:.0f} ms")
        print(f"  load average when the report was printed: "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores)")
    print(f"Wall time {seconds / 60:.1f} min")


class _Here:
    """``--jobs 1``: the matches in this process, one after another (no pool)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, job, tasks):
        return map(job, tasks)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a short run")
    p.add_argument("--only", default=None, help="comma-separated: " + ", ".join(FULL))
    p.add_argument("--games", type=int, default=None, help="games per match (overrides)")
    p.add_argument("--first", type=int, default=0, metavar="I",
                   help="number the matches from I (other seeds: a second sample of games)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2, the cores)")
    p.add_argument("--level", default="hard", choices=("hard", "medium"),
                   help="the level played against the rule of thumb (default hard)")
    p.add_argument("--progress", type=int, default=0, metavar="K",
                   help="print the figures so far to stderr after every K matches")
    args = p.parse_args(argv)
    global LEVEL
    LEVEL = args.level
    counts = dict(QUICK if args.quick else FULL)
    if args.only:
        counts = {k: v for k, v in counts.items() if k in args.only.split(",")}
    if args.games:
        counts = {k: args.games for k in counts}
    tasks = [(k, i) for k, v in counts.items() for i in range(args.first, args.first + v)]
    random.Random(0).shuffle(tasks)     # mix long and short jobs across the two processes
    start = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Here() as pool:
        for k, result in enumerate(pool.imap_unordered(_job, tasks), 1):
            results.append(result)
            if args.progress and (k % args.progress == 0 or k == len(tasks)):
                print(f"--- {k} of {len(tasks)} matches, {(time.perf_counter() - start) / 60:.1f} "
                      f"min ---", file=sys.stderr, flush=True)
                report(results, time.perf_counter() - start, out=sys.stderr)
    report(results, time.perf_counter() - start)


if __name__ == "__main__":
    main()
