"""Game records: versioned JSON that round-trips, and clear errors for bad records."""
import copy
import json

import pytest

from cardwidgets import (Poch, RandomPlayer, RecordError, RuleOfThumbPlayer, load_record,
                         play_out, record_of, save_record)


@pytest.fixture(scope="module")
def played():
    game = play_out(Poch(["Ada", "Bo", "Cy", "Di"], chips=40, deals=3,
                         options={"PV1": True}), RuleOfThumbPlayer(9), seed=9)
    game.comments[3] = "Watch the Ace hole."
    return game


def test_record_round_trip(played, tmp_path):
    """Saving and loading a game gives the same steps, comments and result."""
    path = save_record(played, tmp_path / "game.json", title="A test game")
    loaded = load_record(path)
    assert [s.to_json() for s in loaded.history] == [s.to_json() for s in played.history]
    assert loaded.comments == {3: "Watch the Ace hole."}
    assert loaded.result() == played.result()
    assert loaded.options == played.options and loaded.setup == played.setup
    assert loaded.record_title == "A test game"
    data = json.loads(path.read_text())
    assert data["format"] == "cardwidgets-record" and data["version"] == 1
    assert all(a["kind"] not in ("ante", "claim", "showdown") for a in data["actions"])


def test_record_of_a_game_in_progress_loads_at_the_same_step(played):
    """A record cut in the middle replays to the same place."""
    game = played.fresh()
    for action in played.actions[:40]:
        game.apply(action)
    game.advance()
    loaded = load_record(record_of(game))
    assert loaded.view() == game.view()


def bad(rec, path, value):
    rec = copy.deepcopy(rec)
    *parents, last = path
    target = rec
    for p in parents:
        target = target[p]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return rec


@pytest.mark.parametrize("path,value,field,words", [
    (("format",), "chess-pgn", "format", "expected 'cardwidgets-record'"),
    (("version",), 99, "version", "reads version 1"),
    (("game",), "skat", "game", "'skat' is not a game we know"),
    (("players",), "Ada", "players", "must be a list"),
    (("players",), ["Ada", "Bo"], "players", "Poch is for 3 to 6 players"),
    (("options",), {"PV7": True}, "options", "'PV7' is not a Poch variant option"),
    (("setup", "chips"), -4, "setup.chips", "at least 9"),
    (("actions",), {"kind": "deal"}, "actions", "must be a list"),
    (("actions", 0, "cards", 5), "Q-cups", "actions[0].card", "'cups' is not a german suit"),
    (("actions", 0, "cards"), ["A-acorns"] * 32, "actions[0]", "dealt twice"),
    (("actions", 1, "seat"), 3, "actions[1]", "Rule P9"),
    (("actions", 1, "amount"), 10_000, "actions[1]", "Rule P11"),
    (("actions", 1, "kind"), "jump", "actions[1]", "Rule P9"),
    (("actions", 1, "seat"), "one", "actions[1].seat", "must be a seat number"),
    (("actions", 1, "colour"), "red", "actions[1].colour", "is not a field of an action"),
    (("comments",), {"999": "late"}, "comments['999']", "keyed by step number"),
    (("result", "chips", 0), 1234, "result.chips", "the record has been changed"),
    (("surprise",), 1, "surprise", "is not a field of a game record"),
    (("steps",), 5, "steps", "must be the number of steps"),
    (("steps",), 100_000, "steps", "the record has been changed"),
])
def test_malformed_or_tampered_records_name_the_field(played, path, value, field, words):
    """Each broken record raises RecordError naming the field; nothing is returned."""
    rec = record_of(played)
    if path[:2] == ("actions", 1):
        first_bet = next(i for i, a in enumerate(rec["actions"]) if a["kind"] in ("bet", "pass"))
        path = ("actions", first_bet) + path[2:]
        field = field.replace("[1]", f"[{first_bet}]")
    broken = bad(rec, path, value)
    with pytest.raises(RecordError) as err:
        load_record(broken)
    assert err.value.field == field
    assert words in str(err.value)


def test_records_from_text_and_unknown_files():
    """Bad JSON text and missing files are reported in one line."""
    with pytest.raises(RecordError, match="record: not valid JSON"):
        load_record("{not json")
    with pytest.raises(RecordError, match="no file 'nowhere.json'"):
        load_record("nowhere.json")
    with pytest.raises(RecordError, match="a record is a JSON object"):
        load_record("[1, 2]")


def test_record_with_actions_after_the_end_is_refused(played):
    """Extra actions after the game is over are a tampered record."""
    rec = record_of(played)
    rec["actions"].append({"kind": "pass", "seat": 0})
    with pytest.raises(RecordError, match=r"actions\[\d+\]: the game is already over"):
        load_record(rec)


def test_random_games_round_trip():
    """Several random games (every variant) survive save and load exactly."""
    for seed, options in enumerate([{}, {"PV2": True}, {"PV3": True}, {"PV4": 0.1}]):
        game = play_out(Poch(3 + seed, options=options), RandomPlayer(seed), seed=seed)
        text = json.dumps(record_of(game))
        again = load_record(text)
        assert again.result() == game.result()
        assert [s.text for s in again.history] == [s.text for s in game.history]


def test_a_record_for_another_game_is_refused(played):
    """Poch.from_record refuses a record of another game, naming the game field."""
    rec = record_of(played)
    assert Poch.from_record(rec).result() == played.result()
    rec["game"] = "pocha"
    with pytest.raises(RecordError, match="game: this is a record of 'pocha', not of 'poch'"):
        Poch.from_record(rec)
