"""The documents' worked examples, shipped as game records, replay exactly."""

from cardwidgets import builtin_records, load_record


def test_builtin_records_are_shipped():
    assert {"e-p1", "e-p2", "e-p3"} <= set(builtin_records())


def test_E_P1_ends_exactly_as_the_document_says():
    """E-P1: A 25, B 10, C 33, D 7, E 10 with 15 chips in the Ace, Marriage and Sequence holes."""
    game = load_record("e-p1")
    res = game.result()
    assert res["chips"] == [25, 10, 33, 7, 10]
    left = {h: c for h, c in res["board"].items() if c}
    assert left == {"A": 5, "marriage": 5, "sequence": 5}
    assert not game.finished and game.history[-1].action.kind == "go out"  # where the document stops
    step = game.advance()[0]  # the rules' next step: D cannot pay the next ante (P15)
    assert game.finished and step.rule == "P15" and "D has only 7 chips" in step.text


def test_E_P1_stated_facts_hold_step_by_step():
    """Every fact the document states about the round is what the replay shows."""
    game = load_record("e-p1")
    game.goto(1)
    assert all(v == 5 for v in game.holes.values())          # one chip each in 9 holes
    game.goto(2)
    assert [len(h) for h in game.hands] == [6, 7, 6, 6, 6]   # B gets 7 cards
    assert game.payment == "acorns" and game.turned.code == "A-acorns"
    game.goto(9)                                             # end of phase 1
    assert [c - 11 for c in game.chips] == [5, 5, 10, 0, 0]  # A 5, B 5, C 10
    game.goto(game.steps_total)
    betting = [(s.action.kind, game.players[s.action.seat]) for s in game.history
               if s.phase == "poch" and s.action.kind != "drop"]
    assert betting == [("bet", "B"), ("raise", "C"), ("call", "A"), ("call", "B")]
    show = next(s for s in game.history if s.action.kind == "showdown")
    assert "C has three Kings" in show.text and "takes the 12 chips bet and the 5 chips" in show.text
    plays = [s for s in game.history if s.action.kind == "play"]
    assert plays[0].action.seat == 2                         # C starts phase 3
    king = next(i for i, s in enumerate(plays) if s.action.card.code == "K-acorns")
    assert plays[king].action.seat == 2 and "turned card" in plays[king].text
    assert plays[king + 1].action.card.code == "10-hearts" and plays[king + 1].action.seat == 2
    assert plays[-1].action.card.code == "8-bells" and plays[-1].action.seat == 0
    out = next(s for s in game.history if s.action.kind == "go out")
    assert "B holds 2 cards and pays 2; C holds 1 card and pays 1; D holds 4 cards and pays 4; E holds 1 card and pays 1. In all 8 chips" in out.text


def test_E_P1_record_marks_stated_derived_and_chosen_facts():
    game = load_record("e-p1")
    assert set(game.record_facts) >= {"stated", "derived", "chosen"}
    assert any("Ace of acorns" in f for f in game.record_facts["derived"])


def test_E_P2_anna_takes_16_chips():
    """E-P2: four players, 36 chips on the board; Anna's A K Q of hearts win 16 chips."""
    game = load_record("e-p2")
    game.goto(1)
    assert sum(game.holes.values()) == 36
    game.goto(game.steps_total)
    anna = game.players.index("Anna")
    assert game.payment == "hearts"
    assert {"A-hearts", "K-hearts", "Q-hearts"} <= {c.code for c in game.hands[anna]}
    won = [s for s in game.history if s.action.kind == "claim" and s.action.seat == anna]
    assert sorted(s.action.what for s in won) == ["A", "K", "Q", "marriage"]
    assert game.chips[anna] == 20 - 9 + 16


def test_E_P3_seventeen_chips_plus_the_centre():
    """E-P3: Ville, Sanna and Timo hold 4, 6 and 7 cards; the player out gets 17 plus the centre."""
    game = load_record("e-p3")
    out = next(s for s in game.history if s.action.kind == "go out")
    game.goto(out.index - 1)
    sizes = {game.players[s]: len(game.hands[s]) for s in range(4)}
    assert sizes == {"Anna": 0, "Ville": 4, "Sanna": 6, "Timo": 7}
    before, centre = game.chips[0], game.holes["centre"]
    game.forward()
    assert game.chips[0] - before == 17 + centre
