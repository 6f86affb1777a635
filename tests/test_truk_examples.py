"""The Truk worked examples (document 003), shipped as records in the game's folder, replay
and show what the document states."""
import json
from pathlib import Path

import pytest

from cardwidgets import load_record
from cardwidgets.games.truk.rules import DOC_DEVELOPMENT

EXAMPLES = Path(__file__).resolve().parents[1] / "cardwidgets" / "games" / "truk" / "examples"
NAMES = ["truk-pictured-hand", "truk-bet-accepted", "truk-bet-refused", "truk-aa-play",
         "truk-aa-decline-play", "truk-aa-pasotan", "truk-ab-play", "truk-ab-decline"]


def load(name):
    return load_record(EXAMPLES / f"{name}.json")


@pytest.mark.parametrize("name", NAMES)
def test_records_replay_and_say_what_is_stated_and_what_chosen(name):
    game = load(name)
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    assert data["game"] == "truk" and data["facts"]["stated"] and data["facts"]["chosen"]
    assert game.record_facts == data["facts"]
    assert all(1 <= int(k) <= len(game.history) for k in data["comments"])


def test_pictured_hand_A1_2_B1_King_B2_2_and_B_wins():
    game = load("truk-pictured-hand")
    plays = [s for s in game.history if s.action.kind == "play"]
    assert [game.players[s.action.seat] for s in plays[:4]] == ["A1", "B1", "A2", "B2"]
    assert game.tricks[0].winner(game.power).card.rank == "2"
    assert game.players[game.tricks[0].winner(game.power).seat] == "A1"
    assert game.players[game.tricks[1].winner(game.power).seat] == "B1"
    assert game.tricks[1].winner(game.power).card.rank == "12"
    assert game.players[game.tricks[2].winner(game.power).seat] == "B2"
    assert game.tricks[2].winner(game.power).card.rank == "2"
    assert game.hand_log[-1]["winner"] == 1 and game.hand_log[-1]["row"] == 5


@pytest.mark.parametrize("accepted", [True, False])
def test_bet_example(accepted):
    game = load("truk-bet-accepted" if accepted else "truk-bet-refused")
    bet = next(s for s in game.history if s.action.kind == "truk")
    game.goto(bet.index - 1)
    assert game.tantos == [1, 0] and game.stake == "tanto"
    assert game.trick_sides == [0]
    assert [game.players[p.seat] for p in game.trick.plays] == ["A1", "B1", "A2"]
    assert game.players[bet.action.seat] == "B2"
    game.goto(game.steps_total)
    if accepted:
        assert game.hand_log[-1]["stake"] == "truk" and game.truks[1] == 2
    else:
        assert game.tantos == [1, 1] and game.hand_log[-1]["way"] == "refused"


@pytest.mark.parametrize("row", DOC_DEVELOPMENT, ids=lambda r: f"{r[0]}-{r[1]}")
def test_development_records(row):
    path, choices = row[0], row[1]
    name = {("AA", "play"): "truk-aa-play", ("AA", "decline, play"): "truk-aa-decline-play",
            ("AA", "decline, decline"): "truk-aa-pasotan", ("AB", "play"): "truk-ab-play",
            ("AB", "decline"): "truk-ab-decline"}[(path, choices)]
    game = load(name)
    tanto_hands = [h for h in game.hand_log if h["stake"] == "tanto"]
    # the document's rows: AA; AB with A winning the 3rd tanto and playing, B winning it and
    # putting the truk off
    assert [h["winner"] for h in tanto_hands] == (
        [0, 0] if path == "AA" else [0, 1, 0] if choices == "play" else [0, 1, 1])
    assert row[3].startswith("A wins" if path == "AA" else "B wins: 1 tanto; then "
                             + "AB"[tanto_hands[-1]["winner"]] + " wins the next hand")
    decisions = [d for d in game.decisions if d["path"] != "opening"]
    assert all(d["side"] == tanto_hands[-1]["winner"] for d in decisions)
    assert [d["choice"] for d in decisions] == [
        {"play": "play_truk", "decline": "decline"}[c.strip()] for c in choices.split(",")]
    assert decisions[0]["options"] == (2 if path == "AA" else 1)
    last = game.hand_log[-1]
    assert last["stake"] == "truk" and last["mode"] == (
        "pasotan" if choices == "decline, decline" else
        "compulsory" if (path, choices) == ("AB", "decline") else "chosen")
    assert not any(s.action.kind in ("truk", "ask_pass") for s in game.history)


@pytest.mark.parametrize("name", NAMES)
def test_K5_records_play_by_the_default_and_tell_the_same_story_under_KV4(name):
    """The records are played by the document's K5 (partners' equal top cards tie); three
    development-table records have such a tie in a hand A wins anyway (A = - instead of
    A A -), so under variant KV4 every hand still goes to the same side."""
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    assert data["options"]["partners_win"] is False
    game = load(name)
    other = load_record(dict(data, options=dict(data["options"], partners_win=True)))
    assert [h["winner"] for h in game.hand_log] == [h["winner"] for h in other.hand_log]
    assert [h["stake"] for h in game.hand_log] == [h["stake"] for h in other.hand_log]
    assert (game.truks, game.tantos) == (other.truks, other.tantos)
