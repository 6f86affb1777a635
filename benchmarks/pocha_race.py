"""Speed race: random whole-deck Pocha hands in cardwidgets against OpenSpiel's Oh Hell.

Both engines play the same kind of loop: at a chance step take a random outcome, otherwise a
uniformly random legal action, until the hand is over. A hand here is 4 players, 10 cards each:

* cardwidgets Pocha: one chance step (the whole 40-card deck order), 4 bids, 40 cards played,
  and the scoring step; every step is checked (an action that is not one of the legal actions
  is refused with its rule) and explained (its text, made when read, and its rule id).
* OpenSpiel ``oh_hell`` (players=4, num_tricks_fixed=10): the deal is one chance step per card
  plus one for the trump, then 4 bids and 40 cards played (C++ state, Python loop).
* the bare hand (``bare/pocha.py``): the same rules in the plainest pure Python, cards as
  numbers, nothing checked, explained or kept: the floor a pure-Python engine can reach with
  this loop (``tests/test_speed_paths.py`` checks that it plays the same rules).

They take turns in short rounds and are timed by the CPU time of this process
(``time.process_time``), so a machine shared with other work slows both alike and waiting for
a core is not counted; the figures are over all rounds. Then what a computer player does thousands of times a move:
``fork()`` a hand in play and play the rest of it out at random in the copy (a rollout).

Run: ``python benchmarks/pocha_race.py [seconds per engine]``. OpenSpiel is optional
(``pip install open_spiel``); without it our figures are still reported.
"""
from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardwidgets.engine import CHANCE  # noqa: E402
from bare.pocha import bare_hand  # noqa: E402

clock = time.process_time   # CPU time: the same for both engines on a busy machine
from cardwidgets.games.pocha import Pocha  # noqa: E402

_HOME = Path(sys.modules["cardwidgets"].__file__).parent


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


def race(plays: dict, seconds: float, rounds: int = 20) -> dict:
    """Hands per second of each engine, taking turns in ``rounds`` rounds of about
    ``seconds / rounds`` each (after a short warm-up): name → (hands/s, hands)."""
    for play in plays.values():
        for _ in range(20):
            play()
    done = {name: 0 for name in plays}
    spent = {name: 0.0 for name in plays}
    for _ in range(rounds):
        for name, play in plays.items():
            start = clock()
            while True:
                for _ in range(10):
                    play()
                done[name] += 10
                elapsed = clock() - start
                if elapsed >= seconds / rounds:
                    break
            spent[name] += elapsed
    return {name: (done[name] / spent[name], done[name]) for name in plays}


def hands_in_play(count: int, rng: random.Random) -> list:
    """``count`` random whole-deck hands stopped where a player is about to play a card,
    at a random point of the play (after the deal and the bids)."""
    out = []
    while len(out) < count:
        game = Pocha(4, start=10, hands=1, dealer=rng.randrange(4))
        game.apply(game.chance_action(rng))
        stop = rng.randrange(40)
        while game.phase.key == "bid" or (game.phase.key == "play" and stop):
            if game.phase.key == "play":
                stop -= 1
            game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


def rollout(game: Pocha, rng: random.Random) -> Pocha:
    """Fork ``game`` and play the rest of its hand out at random (through the scoring)."""
    trial = game.fork()
    while trial.hand_no == 1 and not trial.finished:
        trial.apply(rng.choice(trial.legal_actions()))
    return trial


def lookahead(seconds: float) -> None:
    rng = random.Random(7)
    games = hands_in_play(200, rng)
    before = [g.view(None) for g in games[:20]]
    forks = 0
    start = clock()
    while clock() - start < seconds / 2:
        for g in games:
            g.fork()
        forks += len(games)
    fork_us = (clock() - start) / forks * 1e6
    cards = rolls = 0
    start = clock()
    while clock() - start < seconds / 2:
        for g in games:
            cards += sum(len(h) for h in g.hands)
            rollout(g, rng)
        rolls += len(games)
    roll_s = clock() - start
    assert [g.view(None) for g in games[:20]] == before, "a rollout changed the game it forked"
    print(f"fork()            : {fork_us:9.1f} us a copy (a hand in play, {len(games)} states)")
    print(f"fork + rollout    : {roll_s / rolls * 1e6:9.1f} us a play-out of the rest of the hand "
          f"({rolls / roll_s:.0f} rollouts/s, {cards / rolls:.1f} cards played on average, "
          f"and the scoring)")


def main(seconds: float = 5.0) -> None:
    print(f"Machine: {platform.machine()}, {platform.processor() or platform.platform()}; "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    rng = random.Random(2024)
    plays = {"ours": lambda: pocha_hand(rng)}
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})
        rng2 = random.Random(2024)
        plays["theirs"] = lambda: openspiel_hand(game, rng2)
    rng3 = random.Random(2024)
    plays["bare"] = lambda: bare_hand(rng3)
    rates = race(plays, seconds)
    ours, n_ours = rates["ours"]
    bare, n_bare = rates["bare"]
    print(f"cardwidgets (plain Python) from {_HOME}")
    print(f"cardwidgets Pocha : {ours:9.1f} hands/s ({n_ours} hands of 4 x 10 cards, "
          f"deal + 4 bids + 40 plays + scoring, every step checked and explained)")
    print(f"bare pure Python  : {bare:9.1f} hands/s ({n_bare} hands: the same rules, nothing "
          f"checked, explained or kept; bare/pocha.py)")
    if pyspiel is None:
        print("OpenSpiel is not installed (pip install open_spiel): only our figures are reported.")
    else:
        theirs, n_theirs = rates["theirs"]
        print(f"OpenSpiel oh_hell : {theirs:9.1f} hands/s ({n_theirs} hands, players=4, "
              f"num_tricks_fixed=10)")
        print(f"Ratio (cardwidgets / OpenSpiel): {ours / theirs:.2f}; "
              f"(bare / OpenSpiel): {bare / theirs:.2f}")
    print(f"Ratio (cardwidgets / bare): {ours / bare:.2f}")
    lookahead(seconds)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
