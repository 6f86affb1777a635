"""Hidden cards stay hidden: a recorder of every message the kernel sends to the page, over
whole games of every registered game, checks that a seat widget never sends a card that
seat may not see (stepping, playing, restart, resync, hello, forged switches); and what the
page may change of the widget's state is checked (issue 10, items 1 and 2)."""
import json

import pytest

from cardwidgets import GAMES, RuleOfThumbPlayer, builtin_records, load_record, play_out
from cardwidgets.engine import ConfigError
from cardwidgets.records import read_record
from cardwidgets.widget import GameWidget
from recorder import Recorder, leaks, page_frames, sent_bytes

KEYS = sorted(GAMES)


def played(cls, seed=5):
    """A short seeded game of ``cls`` played to its end by the built-in players."""
    setup = {}
    if "deals" in cls.SETUP:
        setup["deals"] = 1
    if "hands" in cls.SETUP:
        setup["hands"] = 2
    game = cls(max(cls.min_players, min(4, cls.max_players)), **setup)
    return play_out(game, RuleOfThumbPlayer(seed), seed=seed)


def first_move(w):
    """The first legal move of the person's seat at the last step, as the page sends it
    (at a hand's end where the table waits: Next hand)."""
    if w.held:
        return {"type": "next_hand", "at": len(w.frames) - 1}
    f = w.view_at(len(w.frames) - 1)
    entry = f["legal"][0]
    action = dict(entry["action"])
    if "amounts" in entry:
        action["amount"] = entry["amounts"][0]
    return {"type": "act", "action": action, "at": len(w.frames) - 1}


def play_to_end(w, rec, limit=400):
    """Play the first legal move until the game ends; then check every message sent (the
    frames only grow while playing, so the game at the end judges them all)."""
    for _ in range(limit):
        f = w.view_at(len(w.frames) - 1)
        if f["finished"]:
            assert not leaks(w, rec.take())
            return
        assert f["actor"] == w.play_as or w.held
        Recorder.page_sends(w, first_move(w))
        assert w.notice.get("kind") != "refused", w.notice
    raise AssertionError("the game did not end")


def watch_and_poke(w, rec):
    """Step, say hello, ask for a resync and try to switch to other views, checking every
    message sent after each."""
    seat, last = w.seat, len(w.frames) - 1
    for k in (1, last // 2, last, 0):
        Recorder.page_sends(w, state={"step": k})
        assert w.step == k
    for content in ({"type": "hello", "frames": 1}, {"type": "resync"},
                    {"type": "echo", "t": "1"}):
        Recorder.page_sends(w, content)
    for other in [None] + [s for s in range(w.game.n) if s != seat]:
        for play in (False, True):
            Recorder.page_sends(w, {"type": "take_seat", "seat": other, "play": play, "at": 1})
            assert w.notice["kind"] == "refused" and w.seat == seat
    for state in ({"seat": None}, {"seat": (seat + 1) % w.game.n}, {"play_as": None},
                  {"frames": []}, {"meta": {}}, {"step": 10 ** 6}):
        Recorder.page_sends(w, state=state)
        assert w.seat == seat and w.notice["kind"] == "refused"
    assert not leaks(w, rec.take())  # nothing above changed the game: one check for all


@pytest.mark.parametrize("key", KEYS)
def test_a_seat_widget_never_sends_a_hidden_card(key):
    """For every seat of a whole game of each game: made with seat=, then stepped, greeted,
    resynced, asked for the teacher's and the other views, played from the middle to the
    end, restarted and played again: no message holds a card that seat may not see."""
    game = played(GAMES[key])
    for seat in range(game.n):
        with Recorder() as rec:
            w = GameWidget(game, seat=seat)
            made = rec.take()
            assert not leaks(w, made)
            state = {"meta": w.meta, "cards": w.cards, "frames": w._wire(w.frames)}
            # the seat's frames are the only ones built: nothing sent twice
            assert sent_bytes(made) < 1.2 * sent_bytes([state]) + 2000
            assert page_frames(made) == w.frames  # the page rebuilds them exactly
            watch_and_poke(w, rec)
            # "Play from here" for the seat the widget shows is allowed
            Recorder.page_sends(w, {"type": "take_seat", "seat": seat, "play": True,
                                    "at": len(w.frames) // 2})
            assert w.play_as == seat and w.notice["kind"] == "info"
            assert not leaks(w, rec.take())
            play_to_end(w, rec)
            watch_and_poke(w, rec)
            Recorder.page_sends(w, {"type": "restart"})
            assert w.play_as == seat and not leaks(w, rec.take())
            play_to_end(w, rec)
            # "Stop playing": back to watching the same seat
            Recorder.page_sends(w, {"type": "take_seat", "seat": seat, "play": False, "at": 0})
            assert w.play_as is None and w.seat == seat and not leaks(w, rec.take())


def test_itzu_truk_seat_widgets_never_send_a_hidden_card():
    """Truk for three players (itzu, KV3): the fourth seat's open hand is seen by every seat,
    the other hands stay hidden. Each seat's widget, watching, poked and playing to the end
    (the open hand is nobody's seat: playing it is refused), sends no card that seat may
    not see; so does a widget made to play each of the three players."""
    game = play_out(GAMES["truk"](3), RuleOfThumbPlayer(5), seed=5)
    open_seat = game.open_seat
    for seat in range(game.n):
        with Recorder() as rec:
            w = GameWidget(game, seat=seat)
            assert not leaks(w, rec.take())
            watch_and_poke(w, rec)
            Recorder.page_sends(w, {"type": "take_seat", "seat": seat, "play": True,
                                    "at": len(w.frames) // 2})
            if seat == open_seat:
                assert w.notice["kind"] == "refused" and w.play_as is None
                assert not leaks(w, rec.take())
                continue
            assert w.play_as == seat and not leaks(w, rec.take())
            play_to_end(w, rec)
    for seat in range(3):
        with Recorder() as rec:
            w = GameWidget.new("truk", players=3, seed=seat, play_as=seat)
            assert not leaks(w, rec.take())
            play_to_end(w, rec)


@pytest.mark.parametrize("key", KEYS)
def test_a_widget_made_to_play_a_seat_sends_only_that_seat(key):
    """GameWidget(played_game, play_as=s, step=k) and GameWidget.new(key, play_as=s) send
    the seat's frames from the first message on."""
    cls = GAMES[key]
    game = played(cls, seed=7)
    setup = {k: v for k, v in (("deals", 1), ("hands", 2)) if k in cls.SETUP}
    for seat in range(game.n):
        with Recorder() as rec:
            w = GameWidget(game, play_as=seat, step=len(game.actions) // 3)
            assert w.locked == seat and not leaks(w, rec.take())
            play_to_end(w, rec)
            w = GameWidget.new(key, players=game.n, seed=seat, play_as=seat, **setup)
            assert not leaks(w, rec.take())
            watch_and_poke(w, rec)
            play_to_end(w, rec)


@pytest.mark.parametrize("key", KEYS)
def test_a_seat_widget_never_gets_a_computer_players_reason(key, monkeypatch):
    """The built-in players' reasons (which may speak of their hidden cards) are for the
    teacher's view: a seat widget, played to the end, restarted, resynced, switched to a
    level that gives reasons, never receives one, not even its own partner's."""
    from test_widget_levels import Chatty
    from cardwidgets.engine.players import LEVELS
    monkeypatch.setitem(LEVELS, "chatty", (lambda seed: Chatty(seed), "random, and says why"))
    cls = GAMES[key]
    setup = {k: v for k, v in (("deals", 1), ("hands", 2)) if k in cls.SETUP}
    n = max(cls.min_players, min(4, cls.max_players))
    for seat in range(n):
        with Recorder() as rec:
            w = GameWidget.new(key, players=n, seed=seat, play_as=seat, level="chatty", **setup)
            Recorder.page_sends(w, {"type": "level", "level": "easy"})
            Recorder.page_sends(w, {"type": "level", "level": "chatty"})
            assert w.level == "chatty"
            play_to_end(w, rec)
            Recorder.page_sends(w, {"type": "resync"})
            sent = rec.take()
            assert not leaks(w, sent)  # (judged against this game, before the restart)
            Recorder.page_sends(w, {"type": "restart"})
            play_to_end(w, rec)
            Recorder.page_sends(w, {"type": "hello", "frames": 1})
            Recorder.page_sends(w, {"type": "take_seat", "seat": seat, "play": False, "at": 0})
            sent = json.dumps([{k: m.get(k) for k in ("state", "data")}
                               for m in rec.everything()], default=str)
            assert w._reasons, "the built-in players gave reasons"
            assert "REASON" not in sent and '"reason"' not in sent
    # not blind: a teacher's widget of the same game sends them
    with Recorder() as rec:
        GameWidget.new(key, players=n, seed=0, level="chatty", **setup)
        assert "REASON" in json.dumps([m.get("data") for m in rec.take()], default=str)


@pytest.mark.parametrize("name", builtin_records())
def test_a_record_shown_for_a_seat_sends_only_that_seat(name):
    """GameWidget.from_record(name, seat=s) for every worked example and seat."""
    n = len(read_record(name)["players"])
    for seat in range(n):
        with Recorder() as rec:
            w = GameWidget.from_record(name, seat=seat)
            assert not leaks(w, rec.take())
            watch_and_poke(w, rec)


def test_the_recorder_sees_a_teacher_frame():
    """The check is not blind: a teacher's widget switched to a seat has sent the teacher's
    frames before, and those hold the cards that seat may not see."""
    with Recorder() as rec:
        w = GameWidget.from_record("e-p1", teacher=True)
        Recorder.page_sends(w, {"type": "take_seat", "seat": 2, "play": False, "at": 3})
        assert w.seat == 2 and w.notice["kind"] == "info"
        assert leaks(w, rec.take())


def test_a_teacher_widget_may_switch_views():
    """A widget made without a seat, or with teacher=True, shows any view and plays any seat."""
    for w in (GameWidget.from_record("e-p1"), GameWidget.from_record("e-p1", seat=1, teacher=True)):
        assert w.locked is None and w.meta["locked"] is None
        assert w.handle({"type": "take_seat", "seat": None, "play": False, "at": 3})
        assert w.seat is None
        assert w.handle({"type": "take_seat", "seat": 3, "play": True, "at": 9})
        assert w.play_as == 3
        assert w.handle({"type": "take_seat", "seat": 1, "play": False, "at": 2})
        assert w.seat == 1


def test_a_seat_widget_is_locked_to_its_seat():
    """seat= and play_as= lock the widget to that seat (meta.locked tells the page); a switch
    to another view is refused with a reason and changes nothing."""
    w = GameWidget.from_record("e-p1", seat=2)
    assert w.locked == 2 and w.meta["locked"] == 2
    frames = json.dumps(w.frames)
    assert not w.handle({"type": "take_seat", "seat": None, "play": False, "at": 3})
    assert w.notice["text"].startswith("seat: this widget shows only C's view")
    assert "teacher=True" in w.notice["text"]
    assert not w.handle({"type": "take_seat", "seat": 0, "play": True, "at": 3})
    assert json.dumps(w.frames) == frames and w.seat == 2
    p = GameWidget.from_record("e-p1", play_as=1, step=9)
    assert p.locked == 1 and p.meta["locked"] == 1
    assert not p.handle({"type": "take_seat", "seat": None, "play": False, "at": 3})
    assert p.handle({"type": "take_seat", "seat": 1, "play": False, "at": 3})
    assert p.seat == 1 and p.play_as is None


@pytest.mark.parametrize("kwargs, field", [
    ({"seat": 1, "play_as": 2}, "seat"), ({"teacher": "yes"}, "teacher"),
    ({"play_as": 1, "step": 99}, "step"), ({"seat": 1, "step": -5}, "step"),
])
def test_contradicting_widget_arguments_are_refused(kwargs, field):
    """A seat shown that is not the seat played, a teacher flag that is not true or false,
    and a step outside the game are refused naming the argument."""
    with pytest.raises(ConfigError) as err:
        GameWidget(load_record("e-p2"), **kwargs)
    assert err.value.field == field


def test_a_player_called_you_is_addressed_as_you():
    """The notices speak to the person at the widget: a player named "You" gets "your view"
    and "you play", never "You's view" or "You play You"."""
    names = ["You", "Ada", "Boris", "Cleo"]
    w = GameWidget.new("poch", players=names, seed=7, play_as=0, teacher=True)
    assert w.notice["text"].startswith("You play now.")
    assert w.handle({"type": "take_seat", "seat": 0, "play": False, "at": 0})
    assert w.notice["text"] == "Showing your view: the other hands are hidden."
    assert w.handle({"type": "take_seat", "seat": 0, "play": True, "at": len(w.frames) - 1})
    w.handle({"type": "act", "action": {"kind": "pass", "seat": 1}, "at": len(w.frames) - 1})
    assert w.notice["text"].startswith("seat: you play seat 0, so a move must be for seat 0")
    locked = GameWidget.new("poch", players=names, seed=7, play_as=0)
    locked.handle({"type": "take_seat", "seat": None, "play": False, "at": 0})
    assert "only your view" in locked.notice["text"]
    for text in (w.notice["text"], locked.notice["text"]):
        assert "You's" not in text and "You play You" not in text


# ---- what the page may change ------------------------------------------------------------

def state_of(w):
    return json.dumps({k: getattr(w, k) for k in ("meta", "cards", "frames", "step", "seat",
                                                   "play_as")}, sort_keys=True)


FORGED_STATE = [
    ("play_as 1", {"play_as": 1}, "play_as"), ("play_as 99", {"play_as": 99}, "play_as"),
    ("play_as x", {"play_as": "x"}, "play_as"), ("seat null", {"seat": None}, "seat"),
    ("seat 2", {"seat": 2}, "seat"), ("step 99999", {"step": 99999}, "step"),
    ("step -5", {"step": -5}, "step"), ("step x", {"step": "x"}, "step"),
    ("step true", {"step": True}, "step"), ("frames []", {"frames": []}, "frames"),
    ("cards {}", {"cards": {}}, "cards"), ("meta {}", {"meta": {}}, "meta"),
    ("module", {"_esm": "alert(1)"}, "_esm"),
    ("notice", {"notice": {"kind": "ok", "text": "You won 100 chips", "id": 99}}, "notice"),
]


@pytest.mark.parametrize("name, state, field", FORGED_STATE, ids=[f[0] for f in FORGED_STATE])
def test_the_page_may_change_only_the_step(name, state, field):
    """A trait the page sets, other than a step of the game, is refused naming it: the
    kernel's value is sent back to the page, a notice says why, nothing changes."""
    with Recorder() as rec:
        w = GameWidget.from_record("e-p1", seat=3, step=5)
        before = state_of(w)
        rec.take()
        Recorder.page_sends(w, state=state)
        sent = rec.take()
    assert state_of(w) == before
    assert w.notice["kind"] == "refused" and w.notice["text"].startswith(field + ":")
    restored = [m["data"]["state"] for m in sent if m["data"]["method"] == "update"]
    # (the frames go back as they travel: as patches, which the page rebuilds)
    value = w._wire(w.frames) if field == "frames" else getattr(w, field)
    assert any(field in s and s[field] == json.loads(json.dumps(value))
               for s in restored), "the kernel's value is sent back"
    if field == "frames":
        assert page_frames(sent) == w.frames
    if field == "notice":
        assert w.notice["text"] != state["notice"]["text"]
    assert not [m for m in sent if m["data"]["method"] == "echo_update"]
    html = w._repr_mimebundle_()[0]["text/html"]
    assert html == GameWidget.from_record("e-p1", seat=3, step=5)._repr_mimebundle_()[0]["text/html"]


def test_the_page_steps_through_the_game():
    """A step of the game set by the page is kept (and echoed, as ipywidgets does)."""
    with Recorder() as rec:
        w = GameWidget.from_record("e-p1", seat=3)
        rec.take()
        Recorder.page_sends(w, state={"step": 12})
        assert w.step == 12 and w.notice == {}
        Recorder.page_sends(w, state={"step": 12, "seat": None})
        assert w.step == 12 and w.seat == 3 and w.notice["kind"] == "refused"


# ---- sizes (issue 10 item 5) -------------------------------------------------------------

def test_an_oversized_message_is_refused_unread():
    """A 20 MB message is refused before it is read, naming the message; a 5 MB move is
    refused quoting only a short prefix; nothing changes and the widget still plays."""
    w = GameWidget.from_record("e-p1", play_as=1, step=9)
    before = state_of(w)
    w._on_msg(w, {"type": "act", "action": {"kind": "x" * 20_000_000, "seat": 1}, "at": 9}, [])
    assert w.notice["kind"] == "refused" and w.notice["text"].startswith("message: over 64 KB")
    w._on_msg(w, {"type": "act", "action": {"kind": "bet", "seat": 1}, "at": 9}, [b"x" * 10**6])
    assert w.notice["text"].startswith("message: over 64 KB")
    for big in ({"kind": "bet", "seat": 1, "amount": "9" * 60_000},
                {"kind": "play", "seat": 1, "card": "A-" + "x" * 60_000},
                {"kind": "y" * 60_000, "seat": 1}):
        w._on_msg(w, {"type": "act", "action": big, "at": 9}, [])
        assert w.notice["kind"] == "refused" and len(w.notice["text"]) < 300, w.notice["text"]
    assert state_of(w) == before
    assert w.handle({"type": "act", "action": {"kind": "bet", "seat": 1, "amount": 2}, "at": 9})


def test_rich_players_bet_from_ranges():
    """With 10,000 chips each, the betting's amounts are one range per kind in the view (never
    listed one by one), a widget is made and played at once, and more chips are refused."""
    import time

    from cardwidgets import Poch, RecordError
    from cardwidgets.engine.core import fold_amounts
    t = time.perf_counter()
    w = GameWidget.new("poch", players=3, seed=5, play_as=0, chips=10_000, deals=1)
    for _ in range(50):
        f = w.view_at(len(w.frames) - 1)
        if f["finished"]:
            break
        ranged = [entry for entry in f["legal"] if "amounts" in entry]
        if ranged:
            assert ranged[0]["amounts"][1] > 1000
            g = w.game
            assert g.legal_choices() == fold_amounts(
                [{"action": a.to_json(), "label": g.describe(a)} for a in g.legal_actions()])
        assert w.handle(first_move(w))
    assert time.perf_counter() - t < 20
    with pytest.raises(ConfigError, match="at most 10,000"):
        Poch(3, chips=10_001)
    rec = read_record("e-p1")
    rec = dict(rec, setup=dict(rec["setup"], chips=10 ** 8))
    t = time.perf_counter()
    with pytest.raises(RecordError) as err:
        load_record(rec)
    assert err.value.field == "setup.chips" and time.perf_counter() - t < 1


@pytest.mark.parametrize("name", ["\n", "a\nb", "'\"", "x" * 60])
def test_an_odd_field_name_is_named_on_one_line(name):
    """A field that is no plain word (a line break, quotes, a long name), in a record's
    setup, an action or a message from the page, is named by its repr on one line and
    refused, changing nothing (Hypothesis found the line break)."""
    from cardwidgets import RecordError
    from cardwidgets.engine import Action
    record = json.loads(json.dumps(read_record("e-p1")))
    record["setup"][name] = None
    with pytest.raises(RecordError) as err:
        load_record(record)
    assert "\n" not in str(err.value) and repr(name)[:40] in str(err.value)
    with pytest.raises(ConfigError) as err:
        Action.from_json({"kind": "pass", name: 1}, "german")
    assert "\n" not in str(err.value)
    with Recorder():
        w = GameWidget(GAMES["poch"](4), seat=0, seed=1)
        before = json.dumps(w.game.view(), sort_keys=True), w.level
        Recorder.page_sends(w, {"type": "level", "level": "easy", name: None})
        assert (json.dumps(w.game.view(), sort_keys=True), w.level) == before
        assert w.notice["kind"] == "refused" and "\n" not in w.notice["text"]
