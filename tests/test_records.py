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


# ---- every malformed record is a RecordError naming the field (issue 10 item 3) ----------

def e_p1_text():
    return json.dumps(load_record_data("e-p1"))


def load_record_data(name):
    from cardwidgets.records import read_record
    return copy.deepcopy(read_record(name))


def nested(depth):
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("name, source, field, words", [
    # (the JSON parser or the check after it stops this one, as the stack allows)
    ("2,000-deep nesting", '{"facts": ' + nested(2000) + "}", "", "nested too deeply"),
    ("200,000-deep nesting", nested(200_000), "record", "nested too deeply"),
    ("deep nesting in a dict", {"facts": json.loads(nested(60))}, "facts", "nested too deeply"),
    ("a 5,000-digit number", '{"steps": ' + "9" * 5000 + "}", "record", "not a record's JSON"),
    ("NaN", '{"options": {"money": NaN}}', "record", "NaN is not a number"),
    ("Infinity", '{"options": {"money": Infinity}}', "record", "Infinity is not a number"),
    ("the empty string", "", "record", "empty"),
    ("only spaces", "   \n", "record", "empty"),
    ("a list", "[1]", "record", "a JSON object"),
    ("a number", 5, "record", "not int"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 else "")
def test_unreadable_sources_are_refused(name, source, field, words):
    """Text that is not a record's JSON, or JSON no record holds, raises RecordError naming
    where; nothing is loaded."""
    with pytest.raises(RecordError) as err:
        load_record(source)
    assert err.value.field.startswith(field or ("record", "facts[")) and words in str(err.value)
    assert "\n" not in str(err.value) and len(str(err.value)) < 300


def test_json_text_is_never_taken_for_a_file_name():
    """Record text over 255 bytes, or starting with a byte-order mark or spaces, is read as
    JSON, not looked up as a file."""
    text = e_p1_text()
    assert len(text) > 255
    for variant in (text, "\ufeff" + text, "\n  " + text):
        assert load_record(variant).actions == load_record("e-p1").actions


def test_files_that_are_not_records(tmp_path):
    """A folder, a file that is not UTF-8 and a file with a byte-order mark."""
    with pytest.raises(RecordError, match="is a folder"):
        load_record(tmp_path)
    latin = tmp_path / "latin.json"
    rec = load_record_data("e-p1")
    rec["title"] = "Poch à cinq"
    latin.write_bytes(json.dumps(rec, ensure_ascii=False).encode("latin-1", "replace"))
    with pytest.raises(RecordError, match="not UTF-8 text") as err:
        load_record(latin)
    assert err.value.field == "record"
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + e_p1_text().encode())
    assert load_record(bom).result() == load_record("e-p1").result()
    long_name = "x" * 300 + ".json"
    with pytest.raises(RecordError, match="no file|cannot read"):
        load_record(long_name)


@pytest.mark.parametrize("path, value, field, words", [
    (("game",), ["poch"], "game", "is not a game we know"),
    (("game",), {"k": 1}, "game", "is not a game we know"),
    (("title",), 5, "title", "must be text"),
    (("version",), True, "version", "reads version 1"),
    (("comments",), {"²": "x"}, "comments['²']", "keyed by step number"),
    (("comments",), {"1" * 5000: "x"}, "comments", "a key of 5000 characters"),
    (("comments",), {"٣": "x"}, "comments['٣']", "keyed by step number"),
    (("options",), {"money": float("nan")}, "options.money", "finite number"),
    (("options",), {"money": float("inf")}, "options.money", "finite number"),
    (("options",), {"PV4": -float("inf")}, "options.PV4", "finite number"),
    (("setup", "chips"), 10 ** 50, "setup.chips", "too large"),
    (("setup", "chips"), "10**5000", "setup.chips", "too large"),
    (("setup", "chips"), "many", "setup.chips", None),
    (("setup", "chips"), [20], "setup.chips", None),
    (("setup", "dealer"), {"seat": 1}, "setup.dealer", None),
    (("players", 0), "A" * 500, "players", "at most 40 characters"),
    (("players",), [1, 2, 3, 4, 5], "players", "every player needs a name"),
    (("actions", 0), "deal", "actions[0].action", "expected an object"),
    (("actions", 0, "cards"), "A-acorns", "actions[0].cards", "must be a list"),
    (("actions", 0, "cards", 0), 7, "actions[0].card", "is not a card"),
    (("result",), [1], "result", "must be an object"),
    (("facts",), {"x": object()}, "facts.x", "not something JSON can hold"),
])
def test_every_field_of_a_record_is_checked(path, value, field, words):
    """Values of the wrong kind anywhere in a record give RecordError naming the field."""
    if value == "10**5000":
        value = 10 ** 5000  # (made here: pytest cannot print such a number as a test id)
    rec = bad(load_record_data("e-p1"), path, value)
    with pytest.raises(RecordError) as err:
        load_record(rec)
    assert err.value.field == field, str(err.value)
    if words:
        assert words in err.value.reason
    assert len(str(err.value)) < 400


def test_an_action_by_a_seat_not_at_the_table_is_described_safely():
    """A call by seat 99 (or -1) is refused naming the action, not with an IndexError."""
    rec = load_record_data("e-p1")
    i = next(i for i, a in enumerate(rec["actions"]) if a["kind"] in ("bet", "pass"))
    for seat in (99, -1):
        rec["actions"][i] = {"kind": "call", "seat": seat}
        with pytest.raises(RecordError) as err:
            load_record(rec)
        assert err.value.field == f"actions[{i}]" and "not allowed" in err.value.reason
