"""Build the worked-example records shipped in cardwidgets/games/poch/examples/ (E-P1, E-P2, E-P3).

Run from the project root: ``python tools/make_examples.py``. Each record is replayed by
the engine while it is built, so a record that breaks a rule cannot be written.
"""
from __future__ import annotations

import json
from pathlib import Path

from cardwidgets import TABLE, Action, Poch, record_of

OUT = Path(__file__).resolve().parents[1] / "cardwidgets" / "games" / "poch" / "examples"


def play(game, moves, stop_before_ante=False):
    """Apply ``moves`` (tuples: seat name, kind, amount or card code), advancing table steps
    (but, with ``stop_before_ante``, not into the next deal: the document stops there)."""
    for who, kind, *arg in moves:
        game.advance()
        seat = game.players.index(who)
        if kind == "play":
            action = Action("play", seat, card=game.suits.card(arg[0]))
        elif kind in ("bet", "raise"):
            action = Action(kind, seat, amount=arg[0])
        else:
            action = Action(kind, seat)
        game.apply(action)
    while game.current_player == TABLE and not (stop_before_ante and game.phase.key == "ante"):
        game.apply(game.legal_actions()[0])
    return game


def step_of(game, predicate):
    return next(s.index for s in game.history if predicate(s))


def e_p1():
    game = Poch(["A", "B", "C", "D", "E"], chips=20, dealer=0)
    game.advance()  # the ante
    hands = {
        "A": ["Q-acorns", "Q-hearts", "8-leaves", "Q-bells", "A-bells", "8-bells"],
        "B": ["J-acorns", "10-leaves", "Q-leaves", "J-bells", "K-bells", "8-acorns", "7-hearts"],
        "C": ["K-acorns", "10-acorns", "10-hearts", "K-hearts", "K-leaves", "9-hearts"],
        "D": ["9-leaves", "J-leaves", "9-acorns", "8-hearts", "7-bells", "7-acorns"],
        "E": ["J-hearts", "A-hearts", "7-leaves", "A-leaves", "10-bells", "9-bells"],
    }
    game.apply(game.scripted_deal(hands, turned="A-acorns"))
    play(game, [
        ("B", "bet", 2), ("C", "raise", 2), ("D", "drop"), ("E", "drop"), ("A", "call"),
        ("B", "call"),
        # phase 3, run 1: C starts in acorns and lays the King, the last card left in that suit
        ("C", "play", "10-acorns"), ("B", "play", "J-acorns"), ("A", "play", "Q-acorns"),
        ("C", "play", "K-acorns"),
        # run 2: C starts again with the 10 of hearts
        ("C", "play", "10-hearts"), ("E", "play", "J-hearts"), ("A", "play", "Q-hearts"),
        ("C", "play", "K-hearts"), ("E", "play", "A-hearts"),
        # run 3: E, who laid the Ace, starts in leaves
        ("E", "play", "7-leaves"), ("A", "play", "8-leaves"), ("D", "play", "9-leaves"),
        ("B", "play", "10-leaves"), ("D", "play", "J-leaves"), ("B", "play", "Q-leaves"),
        ("C", "play", "K-leaves"), ("E", "play", "A-leaves"),
        # run 4: E starts in bells; A lays the Ace and goes out with the 8 of bells
        ("E", "play", "10-bells"), ("B", "play", "J-bells"), ("A", "play", "Q-bells"),
        ("B", "play", "K-bells"), ("A", "play", "A-bells"), ("A", "play", "8-bells"),
    ], stop_before_ante=True)
    comments = {
        1: "Document: each player puts one chip in each of the nine holes; 5 players, so 5 chips a hole.",
        2: "Document: A deals, B (first to receive) gets 7 cards, the payment suit is acorns. "
           "Derived: the turned card must be the Ace of acorns (see the facts). Chosen: every hand.",
        step_of(game, lambda s: s.action.kind == "bet"): "Document: B bets 2 chips.",
        step_of(game, lambda s: s.action.kind == "raise"): "Document: C raises to 4.",
        step_of(game, lambda s: s.action.kind == "showdown"):
            "Document: C has the highest three of a kind and takes the bets and the Poch hole "
            "(12 + 5 = 17 chips).",
        step_of(game, lambda s: s.action.card is not None and s.action.card.code == "K-acorns"):
            "Document: C also lays the last card of that suit, the King, so C starts again.",
        step_of(game, lambda s: s.action.card is not None and s.action.card.code == "10-hearts"):
            "Document: C's next card is the 10 of hearts.",
        step_of(game, lambda s: s.action.card is not None and s.action.card.code == "8-bells"):
            "Document: a player goes out with the 8 of bells. Derived: it must be A.",
        step_of(game, lambda s: s.action.kind == "go out"):
            "Document: the first out takes the centre and a chip per card left in the other "
            "hands. End: A 25 (+5), B 10 (−10), C 33 (+13), D 7 (−13), E 10 (−10); 15 chips "
            "stay in three holes for the next deal. (By P15, D, with 7 chips, could not pay "
            "the next ante, so the game would end there.)",
    }
    facts = {
        "source": "document 000 (Basque), the five-player worked round",
        "stated": [
            "five players A–E; A deals",
            "everyone puts one chip in each of the nine holes",
            "B gets 7 cards; the payment suit is acorns",
            "phase 1: A takes 5 chips, B 5, C 10",
            "phase 2: B bets 2, C 4, A 4, B calls; C has the highest three of a kind and takes "
            "the bets and the Poch hole",
            "phase 3: C starts; C also plays the last card of that suit, the King, then the 10 "
            "of hearts",
            "a player goes out with the 8 of bells and takes the centre and a chip per card left",
            "end: A 25, B 10, C 33, D 7, E 10; 15 chips stay in three holes",
        ],
        "derived": [
            "20 chips each (A ends on 25, which the document calls +5)",
            "B is the first to receive cards (P5: the deal starts on the dealer's left)",
            "the turned card is the Ace of acorns (C's King of acorns is the last card of the "
            "suit at the very start of phase 3)",
            "C holds the King of acorns and one more honour, not the Queen (no Marriage)",
            "A goes out; B, C, D, E keep 2, 1, 4 and 1 cards (8 chips to A)",
            "the unclaimed 15 chips are the Ace, Marriage and Sequence holes",
        ],
        "chosen": [
            "all the hands: A holds the Queen of acorns and three Queens, B the Jack of "
            "acorns and a pair of Jacks, C the King and 10 of acorns and three Kings",
            "D and E drop when the betting reaches them",
            "the record stops after the payout, as the document does; under P15 the next "
            "step would end the game, since D has only 7 chips and cannot pay the 9-chip ante",
            "C's first run starts with the 10 of acorns",
            "the runs after the first two (leaves from E's 7, then bells from E's 10)",
        ],
    }
    return game, "E-P1: the five-player round of document 000", comments, facts


def e_p2():
    game = Poch(["Anna", "Ville", "Sanna", "Timo"], chips=20, dealer=3, suits="french")
    game.advance()
    hands = {
        "Anna": ["A-hearts", "K-hearts", "Q-hearts", "9-spades", "9-clubs", "7-diamonds",
                 "8-clubs", "10-spades"],
        "Ville": ["J-hearts", "A-spades", "K-spades", "Q-spades", "J-spades", "8-diamonds",
                  "9-diamonds", "7-clubs"],
        "Sanna": ["10-hearts", "A-clubs", "K-clubs", "Q-clubs", "J-clubs", "10-clubs",
                  "8-spades", "7-spades"],
        "Timo": ["9-hearts", "8-hearts", "A-diamonds", "K-diamonds", "Q-diamonds",
                 "J-diamonds", "10-diamonds"],
    }
    game.apply(game.scripted_deal(hands, turned="7-hearts"))
    game.advance()
    comments = {
        1: "Document: four players, so the board holds 36 chips (4 in each hole) at the first deal.",
        2: "Document: the payment suit is hearts and Anna holds its Ace, King and Queen.",
    }
    facts = {
        "source": "document 002 (Finnish)",
        "stated": ["four players; 36 chips on the board at the first deal",
                   "hearts is the payment suit; Anna holds the Ace, King and Queen of hearts",
                   "Anna takes 16 chips: the Ace, King, Queen and Marriage holes"],
        "chosen": ["the names of the other three players (from the document's other example)",
                   "20 chips each; Timo deals; all the other cards, with the Jack and 10 of "
                   "hearts in other hands and the 7 of hearts turned"],
    }
    return game, "E-P2: Anna's 16 chips (document 002)", comments, facts


def e_p3():
    game = Poch(["Anna", "Ville", "Sanna", "Timo"], chips=20, dealer=0, suits="french")
    game.advance()
    hands = {
        "Ville": ["7-clubs", "8-clubs", "9-clubs", "10-clubs", "A-diamonds", "K-spades",
                  "Q-hearts", "J-hearts"],
        "Sanna": ["J-clubs", "Q-clubs", "7-spades", "8-spades", "9-spades", "10-spades",
                  "A-hearts", "10-hearts"],
        "Timo": ["K-clubs", "7-diamonds", "8-diamonds", "9-diamonds", "10-diamonds",
                 "J-diamonds", "9-hearts", "8-hearts"],
        "Anna": ["A-clubs", "J-spades", "Q-spades", "A-spades", "Q-diamonds", "K-diamonds",
                 "K-hearts"],
    }
    game.apply(game.scripted_deal(hands, turned="7-hearts"))
    play(game, [
        ("Ville", "pass"), ("Sanna", "pass"), ("Timo", "pass"), ("Anna", "pass"),
        # everyone passed: Ville, left of the dealer, starts phase 3
        ("Ville", "play", "10-clubs"), ("Sanna", "play", "J-clubs"),
        ("Sanna", "play", "Q-clubs"), ("Timo", "play", "K-clubs"), ("Anna", "play", "A-clubs"),
        ("Anna", "play", "Q-spades"), ("Ville", "play", "K-spades"), ("Anna", "play", "A-spades"),
        ("Anna", "play", "J-spades"), ("Anna", "play", "Q-diamonds"), ("Anna", "play", "K-diamonds"),
        ("Ville", "play", "A-diamonds"), ("Ville", "play", "Q-hearts"), ("Anna", "play", "K-hearts"),
    ])
    comments = {
        step_of(game, lambda s: s.action.kind == "go out"):
            "Document: Ville, Sanna and Timo hold 4, 6 and 7 cards, so the player who went out "
            "gets 4 + 6 + 7 = 17 chips plus the centre.",
    }
    facts = {
        "source": "document 002 (Finnish)",
        "stated": ["Ville, Sanna and Timo hold 4, 6 and 7 cards when the fourth player goes out",
                   "the player who went out gets 17 chips plus the centre"],
        "chosen": ["the fourth player is Anna, who deals; 20 chips each; French suits",
                   "all the hands, the 7 of hearts turned, everyone passing in phase 2, and the runs"],
    }
    return game, "E-P3: 17 chips plus the centre (document 002)", comments, facts


def main():
    OUT.mkdir(exist_ok=True)
    for name, build in (("e-p1", e_p1), ("e-p2", e_p2), ("e-p3", e_p3)):
        game, title, comments, facts = build()
        rec = record_of(game, title=title, comments=comments, facts=facts)
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(game.history)} steps, chips {game.result()['chips']}, "
              f"board {sum(game.result()['board'].values())}")


if __name__ == "__main__":
    main()
