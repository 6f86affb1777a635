"""Speed race: random whole-deck Pocha hands in cardwidgets against OpenSpiel's Oh Hell.

Both engines play the same kind of loop: at a chance step take a random outcome, otherwise a
uniformly random legal action, until the hand is over. A hand here is 4 players, 10 cards each:

* cardwidgets Pocha: one chance step (the whole 40-card deck order), 4 bids, 40 cards played,
  and the scoring step; every step is checked and explained in words, as in a lesson.
* OpenSpiel ``oh_hell`` (players=4, num_tricks_fixed=10): the deal is one chance step per card
  plus one for the trump, then 4 bids and 40 cards played (C++ state, Python loop).

Run: ``python benchmarks/pocha_race.py [seconds per engine]``. OpenSpiel is optional
(``pip install open_spiel``); without it our figure is still reported.
"""
from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardwidgets.engine import CHANCE, TABLE  # noqa: E402
from cardwidgets.games.pocha import Pocha  # noqa: E402


def pocha_hand(rng: random.Random) -> Pocha:
    """One random whole-deck hand (hand 10 of 22: 10 cards each), through to its scoring."""
    game = Pocha(4, start=10, hands=1, dealer=rng.randrange(4))
    while game.hand_no == 1 and not game.finished:
        actor = game.current_player
        if actor == CHANCE:
            game.apply(game.chance_action(rng))
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def openspiel_hand(game, rng: random.Random):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def rate(play, seconds: float) -> tuple[float, int]:
    """Hands per second over about ``seconds`` (after a short warm-up)."""
    for _ in range(20):
        play()
    done, start = 0, time.perf_counter()
    while True:
        for _ in range(50):
            play()
        done += 50
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, done


def main(seconds: float = 5.0) -> None:
    print(f"Machine: {platform.machine()}, {platform.processor() or platform.platform()}; "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    rng = random.Random(2024)
    ours, n_ours = rate(lambda: pocha_hand(rng), seconds)
    print(f"cardwidgets Pocha : {ours:9.1f} hands/s ({n_ours} hands of 4 x 10 cards, "
          f"deal + 4 bids + 40 plays + scoring, every step checked and explained)")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): only our figure is reported.")
        return
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})
    rng2 = random.Random(2024)
    theirs, n_theirs = rate(lambda: openspiel_hand(game, rng2), seconds)
    print(f"OpenSpiel oh_hell : {theirs:9.1f} hands/s ({n_theirs} hands, players=4, "
          f"num_tricks_fixed=10)")
    print(f"Ratio (cardwidgets / OpenSpiel): {ours / theirs:.2f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
