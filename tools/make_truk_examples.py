"""Build the Truk worked-example records in cardwidgets/games/truk/examples/.

Run from the project root: ``python tools/make_truk_examples.py``. Each record is replayed by
the engine while it is built, so a record that breaks a rule cannot be written. Hands that the
document does not give are found by a seeded search: deals are tried in seed order until the
rule-of-thumb players (no bets, passes or signals unless the example is about them) give the
hand the side the example needs, so a rebuild writes the same records.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardwidgets import TABLE, Action, record_of  # noqa: E402
from cardwidgets.games.truk import Truk  # noqa: E402

OUT = ROOT / "cardwidgets" / "games" / "truk" / "examples"
QUIET = {"truk", "ask_pass", "signal"}   # what the development-table games leave out


def card(game, code):
    return game.suits.card(code)


def act(game, who, kind, code=None, cards=(), what=None):
    seat = game.players.index(who) if isinstance(who, str) else who
    return game.apply(Action(kind, seat, card=card(game, code) if code else None,
                             cards=tuple(card(game, c) for c in cards), what=what))


def advance(game):
    while game.current_player == TABLE:
        game.apply(game.legal_actions()[0])


def thumb(game, leave_out=QUIET):
    """The rule-of-thumb choice for the player to act, leaving out some kinds of action."""
    seat = game.current_player
    choice = game.rule_of_thumb(seat, random.Random(0))
    if choice.kind in leave_out:
        plays = [a for a in game.legal_actions() if a.kind not in leave_out]
        cards = [a for a in plays if a.kind == "play"]
        choice = cards[0] if cards else plays[0]
    return choice


def hand_won_by(game, side, leave_out=QUIET, decide=None, first_seed=0, accept=None):
    """Deal (searching seeds) and play a hand that ``side`` wins; ``decide`` is the option
    decision to take first (play_truk) when the hand starts with one. Returns the game."""
    base = list(game.actions)
    for seed in range(first_seed, first_seed + 5000):
        g = game.fresh()
        for a in base:
            g.apply(a)
        advance(g)
        g.apply(g.chance_action(random.Random(seed)))
        if accept is not None and not accept(g):
            continue
        if g.phase.key == "option":
            g.apply(Action(decide or "play_truk", g.current_player))
        if g.phase.key == "pasotan":
            while g.phase.key == "pasotan":
                g.apply(g.rule_of_thumb(g.current_player, random.Random(seed)))
        while g.phase.key == "play":
            g.apply(thumb(g, leave_out))
        if g.hand_result and g.hand_result["side"] == side:
            advance(g)
            return g
    raise RuntimeError("no deal found")


def deal_for_option(game, seed):
    advance(game)
    game.apply(game.chance_action(random.Random(seed)))
    assert game.phase.key == "option", game.phase
    return game


# ---- the pictured hand (K8) ------------------------------------------------------------------
PICTURED = {"A1": ["2-coins", "5-cups", "4-coins"], "B1": ["7-cups", "12-swords", "6-cups"],
            "A2": ["6-swords", "11-cups", "5-swords"], "B2": ["10-coins", "10-cups", "2-swords"]}


def pictured_hand():
    game = Truk(4)
    game.apply(game.scripted_deal(PICTURED, esku="B2"))
    act(game, game.current_player, "play_truk")
    for k in range(3):
        for who in ("A1", "B1", "A2", "B2"):
            act(game, who, "play", PICTURED[who][k])
    advance(game)
    comments = {
        "1": "Chosen: the start of a game, so that the hand is played for a truk; the draw makes "
             "B2 the esku, so the order of play is A1, B1, A2, B2 and B2 plays last.",
        "7": "Document: A1 takes the aurrea with a 2. B must now take the erdia: a tie would "
             "lose the hand, because A took the first trick.",
        "11": "Document: B1 takes the erdia with a King. One trick each: A needs only a tie in "
              "the atzea.",
        "15": "Document: B2 takes the atzea with a 2, so side B wins the hand (row 5 of the "
              "hand table: A B B → B).",
    }
    facts = {
        "source": "document 003 (Basque), the pictured hand under 'Eskuen puntuazioa'",
        "stated": ["A1 takes the aurrea with a 2", "B must win the erdia, a tie would lose it",
                   "B1 takes the erdia with a King",
                   "A needs only a tie in the atzea, having taken the aurrea",
                   "B2 takes the atzea with a 2, and B wins the hand"],
        "chosen": ["every card other than A1's 2, B1's King and B2's 2, and all the suits",
                   "that the hand is the game's first, played for a truk (the document does not "
                   "say whether a tanto or a truk was at stake)",
                   "the draw (B2 draws highest and is the esku)"],
    }
    return game, "The pictured hand: A takes the aurrea, B the erdia and the atzea", comments, facts


# ---- the truk bet (K17) ----------------------------------------------------------------------
BET_HANDS = {"A1": ["3-coins", "12-coins", "5-coins"], "B1": ["4-cups", "7-cups", "2-cups"],
             "A2": ["6-swords", "11-swords", "4-swords"], "B2": ["5-clubs", "3-clubs", "6-clubs"]}


def bet_setup():
    """A game where side A has one tanto and the next hand (B2 the esku) is for a tanto."""
    # B1 is the first esku (so the 2nd tanto hand's esku is B2), and B wins the opening truk
    game = hand_won_by(Truk(4), 1, decide="play_truk",
                       accept=lambda g: g.players[g.esku] == "B1")
    game = hand_won_by(game, 0)                          # A takes a tanto
    assert game.tantos == [1, 0] and game.players[game.esku] == "B2"
    advance(game)
    game.apply(game.scripted_deal(BET_HANDS))
    for who, code in (("A1", "3-coins"), ("B1", "4-cups"), ("A2", "6-swords"), ("B2", "5-clubs")):
        act(game, who, "play", code)
    for who, code in (("A1", "12-coins"), ("B1", "7-cups"), ("A2", "11-swords")):
        act(game, who, "play", code)
    return game


def bet(accepted: bool):
    game = bet_setup()
    start = len(game.history)
    act(game, "B2", "truk")
    if accepted:
        act(game, "A1", "joka")
        act(game, "B2", "play", "3-clubs")
        for who, code in (("A1", "5-coins"), ("B1", "2-cups"), ("A2", "4-swords"),
                          ("B2", "6-clubs")):
            act(game, who, "play", code)
    else:
        act(game, "A1", "refuse")
    advance(game)
    comments = {
        str(start - 6): "Document: side A already has one tanto; this hand is for a tanto. "
                        "Chosen: the cards.",
        str(start - 3): "Document: A takes the aurrea (A1's 3).",
        str(start): "Document: A1, B1 and A2 have played to the erdia.",
        str(start + 1): "Document: B2 says \"Truk!\" before playing.",
        str(start + 2): ("Document: if A accepts, the hand is played for a truk instead of the "
                         "tanto." if accepted else
                         "Document: if A refuses, the hand ends and B takes the tanto."),
    }
    if accepted:
        comments[str(len(game.history) - 1)] = ("Chosen: B2's 3 takes the erdia and B1's 2 "
                                                "the atzea, so B wins the truk.")
    facts = {
        "source": "document 003 (Basque), the truk bet example",
        "stated": ["side A has already won a tanto", "A has won the first trick of this hand",
                   "A1, B1 and A2 have played to the second trick",
                   "B2 says \"Truk!\" before playing",
                   "accepted: the hand is played for a truk instead of the tanto"
                   if accepted else "refused: the hand ends and B takes the tanto"],
        "chosen": ["the earlier hands (found by a seeded search: B wins the opening truk, A "
                   "the first tanto hand)", "every card of this hand",
                   "A1 answers for side A (our ruling: the next opponent after the bettor)"]
                  + (["the rest of the hand: B wins the truk"] if accepted else []),
    }
    title = f"The truk bet, {'accepted' if accepted else 'refused'} (document 003)"
    return game, title, comments, facts


# ---- the development table (K14) -----------------------------------------------------------------
def development(path, choices):
    game = hand_won_by(Truk(4), 1, decide="play_truk")  # the opening truk; then the tanto phase
    opening_end = len(game.history)
    game = hand_won_by(game, 0)
    first = len(game.history)
    if path == "AA":
        game = hand_won_by(game, 0)
    else:
        from cardwidgets.games.truk.rules import DOC_DEVELOPMENT_THIRD
        game = hand_won_by(game, 1)
        game = hand_won_by(game, DOC_DEVELOPMENT_THIRD[choices[-1].replace("play_truk", "play")])
    second = len(game.history)
    letter = "AB"[game.due["side"]]          # the side with the options
    seed = 0
    for choice in choices[:-1]:
        deal_for_option(game, seed)
        act(game, game.current_player, choice)
        seed += 1
    last = choices[-1]
    if last == "decline":
        deal_for_option(game, seed)
        act(game, game.current_player, "decline")
        declined = len(game.history)
        game = hand_won_by(game, 0, leave_out=QUIET)
    else:
        game = hand_won_by(game, 0, leave_out=QUIET, decide="play_truk")
    words = {"play_truk": "play", "decline": "decline"}
    key = ", ".join(words[c] for c in choices)
    row = next(r for r in Truk_DOC() if r[0] == path and r[1] == key)
    comments = {str(opening_end): "Chosen: the opening truk, so that a tanto phase begins.",
                str(first): f"Document: {row[2]}.", str(second): f"Document: {row[3]}."}
    decisions = [s.index for s in game.history if s.action.kind in ("play_truk", "decline")
                 and s.phase == "option" and s.index > second]
    for i, choice in zip(decisions, choices):
        comments[str(i)] = {"play_truk": f"Document: after seeing the cards, {letter} plays "
                                         f"the truk.",
                            "decline": f"Document: after seeing the cards, {letter} declines "
                                       f"(an option), and the cards are dealt again."}[choice]
    comments[str(len(game.history))] = f"Document: {row[4]}. Chosen: side A wins this truk."
    facts = {
        "source": "document 003 (Basque), the table 'Partiden garapena truk apusturik gabe'",
        "stated": [row[2], row[3], row[4]],
        "chosen": ["every deal (seeded), the opening truk (won by B), who wins the truk",
                   "no truk bets, passes or signals (the table is the game without truk bets)"]
                  + (["the pasotan changes (the rule-of-thumb players')"]
                     if key == "decline, decline" else []),
    }
    title = f"Development table, {path}: {key}"
    return game, title, comments, facts


def Truk_DOC():
    from cardwidgets.games.truk.rules import DOC_DEVELOPMENT
    return DOC_DEVELOPMENT


BUILDERS = {
    "truk-pictured-hand": pictured_hand,
    "truk-bet-accepted": lambda: bet(True),
    "truk-bet-refused": lambda: bet(False),
    "truk-aa-play": lambda: development("AA", ["play_truk"]),
    "truk-aa-decline-play": lambda: development("AA", ["decline", "play_truk"]),
    "truk-aa-pasotan": lambda: development("AA", ["decline", "decline"]),
    "truk-ab-play": lambda: development("AB", ["play_truk"]),
    "truk-ab-decline": lambda: development("AB", ["decline"]),
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, build in BUILDERS.items():
        game, title, comments, facts = build()
        rec = record_of(game, title=title, comments=comments, facts=facts)
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {len(game.history)} steps")


if __name__ == "__main__":
    main()
