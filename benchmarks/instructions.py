"""CPU instructions per random whole-deck Pocha hand, counted by valgrind: steady on a busy
machine, where ``pocha_race.py``'s times move with the load.

The same three contestants and the same loop as ``pocha_race.py`` (4 players, 10 cards
each): cardwidgets' Pocha, the bare pure-Python hand (``bare/pocha.py``) and OpenSpiel's
``oh_hell`` (if installed). Each is run under ``valgrind --tool=cachegrind`` for a few hands
and for many more; the difference divided by the extra hands is what one hand costs, without
Python's start-up. cardwidgets' hand is also split into its steps: making the game, the
shuffle (``chance_action``), the deal, the 4 bids, the 40 cards played and the scoring, each
measured as the cost of playing a hand up to and including that step, less the step before
(by a loop that counts its steps; the whole hand is then counted again by the race's own
loop, which counts none).

Run: ``python benchmarks/instructions.py [hands]`` (default 200 extra hands; needs
``valgrind`` on the PATH, e.g. ``apt-get install valgrind``). ``PYTHONHASHSEED=0`` keeps the
counts the same from run to run.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# one program for every measurement: argv = what, hands
PROGRAM = r'''
import random, sys
sys.path[:0] = [{root!r}, {here!r}]
what, hands = sys.argv[1], int(sys.argv[2])
rng = random.Random(5)
if what == "bare":
    from bare.pocha import bare_hand
    for _ in range(hands):
        bare_hand(rng)
elif what == "openspiel":
    import pyspiel
    from pocha_race import openspiel_hand
    game = pyspiel.load_game("oh_hell", {{"players": 4, "num_tricks_fixed": 10}})
    for _ in range(hands):
        openspiel_hand(game, rng)
else:
    from cardwidgets.engine import CHANCE
    from cardwidgets.games.pocha import Pocha
    from pocha_race import pocha_hand
    stop = int(what)    # 0 make, 1 shuffle, 2 deal, 3 bids, 4 plays, 5 scoring, 6 the race
    steps = {{3: 4, 4: 44}}.get(stop)   # the steps after the deal to play, then stop

    def upto(stop, steps, rng):        # a function, as the race's loop is (local names)
        game = Pocha(4, start=10, hands=1, dealer=rng.randrange(4))
        if stop == 0:
            return
        deal = game.chance_action(rng)
        if stop == 1:
            return
        game.apply(deal)
        if stop == 2:
            return
        n = 0
        while n != steps and game.hand_no == 1 and not game.finished:
            n += 1
            actor = game.current_player
            if actor == CHANCE:
                game.apply(game.chance_action(rng))
            else:
                game.apply(rng.choice(game.legal_actions()))

    for _ in range(hands):
        if stop == 6:         # the race's own loop, as it is
            pocha_hand(rng)
        else:
            upto(stop, steps, rng)
'''

STAGES = ["making the game (Pocha(...))", "the shuffle (chance_action)", "the deal (apply)",
          "4 bids", "40 cards played", "the scoring"]


def instructions(what: str, hands: int) -> int:
    """Instructions of one run of PROGRAM for ``hands`` hands (valgrind's "I refs")."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, "-c",
                          PROGRAM.format(root=str(ROOT), here=str(HERE)), what, str(hands)],
                         capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"{what}: {out.stderr.strip().splitlines()[-1:]}")
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not found:
        raise RuntimeError(f"{what}: valgrind printed no instruction count")
    return int(found.group(1).replace(",", ""))


def per_hand(whats: list, extra: int, base: int = 10) -> list:
    """Instructions per hand of each of ``whats``, the runs shared among the cores."""
    runs = [(what, hands) for what in whats for hands in (base, base + extra)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        counts = list(pool.map(lambda run: instructions(*run), runs))
    return [(counts[2 * i + 1] - counts[2 * i]) / extra for i in range(len(whats))]


def main(extra: int = 200) -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no counts.")
        return
    try:
        import pyspiel  # noqa: F401
        openspiel = True
    except ImportError:
        openspiel = False
    print(f"CPU instructions per hand (valgrind, PYTHONHASHSEED=0, {extra} hands; Python "
          f"{sys.version.split()[0]})")
    whats = [str(stop) for stop in range(7)] + ["bare"] + (["openspiel"] if openspiel else [])
    counts = per_hand(whats, extra)
    upto, ours, bare = counts[:6], counts[6], counts[7]
    before = 0.0
    for name, total in zip(STAGES, upto):
        print(f"  cardwidgets, {name:32}: {total - before:11,.0f}")
        before = total
    print(f"cardwidgets Pocha, a whole hand (race)   : {ours:11,.0f}")
    print(f"bare pure Python (bare/pocha.py)         : {bare:11,.0f}")
    if openspiel:
        theirs = counts[8]
        print(f"OpenSpiel oh_hell                        : {theirs:11,.0f}")
        print(f"Instructions, OpenSpiel / cardwidgets: {theirs / ours:.2f}; "
              f"bare / cardwidgets: {bare / ours:.2f}")
    else:
        print("OpenSpiel is not installed (pip install open_spiel): no count for it.")
        print(f"Instructions, bare / cardwidgets: {bare / ours:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
