"""Properties, checked with Hypothesis over every registered game (issue 10 item 6): any record
replays to a consistent game or raises RecordError; any action applies or raises
IllegalAction leaving the view unchanged; any message or trait change from the page changes
nothing unless it is a legal move (or a switch the widget allows); no message a seat widget
sends holds a card that seat may not see.

Example counts: the ``default`` profile keeps these fast; ``--hypothesis-profile=long``
(see tests/conftest.py) runs many more."""
import json

from hypothesis import given, strategies as st

from cardwidgets import IllegalAction, RecordError, load_record, record_of
from cardwidgets.engine import CHANCE, TABLE
from cardwidgets.widget import GameWidget
from helpers import snapshot
from recorder import Recorder, leaks
from strategies import (KEYS, actions, games, level_message_is_valid, level_messages, page_states,
                        played_game, record_texts, records, widget_messages)


def _consistent(game):
    """A loaded game is whole: its record loads again to the same steps and views."""
    again = load_record(record_of(game, with_result=False))
    assert [s.to_json() for s in again.history] == [s.to_json() for s in game.history]
    assert again.view() == game.view()
    for seat in range(game.n):
        game.view(seat)


@given(records())
def test_any_record_replays_consistently_or_raises_record_error(rec):
    """A record with fields changed, deleted or added loads to a consistent game or raises
    RecordError naming a field, in one line; nothing else escapes."""
    text = json.dumps(rec, allow_nan=True)
    try:
        game = load_record(rec)
    except RecordError as err:
        assert err.field and "\n" not in str(err) and len(str(err)) < 600
        try:
            load_record(text)
        except RecordError:
            pass
        else:
            raise AssertionError("the record's text loaded where the record did not")
        return
    _consistent(game)


@given(record_texts())
def test_any_record_text_replays_consistently_or_raises_record_error(text):
    """Record text with characters cut or inserted loads consistently or raises RecordError."""
    try:
        game = load_record(text)
    except RecordError as err:
        assert err.field and len(str(err)) < 600
        return
    _consistent(game)


@given(st.data())
def test_any_action_applies_or_is_refused_changing_nothing(data):
    """Any action, legal or not, of any type, either applies (and the game replays to the
    same view) or raises IllegalAction with why_not agreeing and the game unchanged."""
    game = data.draw(games())
    for _ in range(data.draw(st.integers(1, 4))):
        action = data.draw(actions(game))
        before = snapshot(game)
        why = game.why_not(action)
        assert snapshot(game) == before
        try:
            game.apply(action)
        except IllegalAction as err:
            assert why is not None and str(err) == str(why) and len(str(err)) < 600
            assert snapshot(game) == before
        else:
            assert why is None
            assert len(game.actions) == len(before[2]) + 1
            assert game.replay().view() == game.view()
        game.advance()


def _widget_state(w):
    return json.dumps({"meta": w.meta, "cards": w.cards, "frames": w.frames, "step": w.step,
                       "seat": w.seat, "play_as": w.play_as, "held": w.held,
                       "actions": [a.to_json() for a in w.game.actions]}, sort_keys=True)


@st.composite
def playing_widgets(draw):
    key = draw(st.sampled_from(KEYS))
    game = played_game(key, draw(st.integers(0, 3)))
    seat = draw(st.integers(0, game.n - 1))
    step = draw(st.integers(0, len(game.actions)))
    # seeded, so the built-in players repeat exactly when Hypothesis replays an example
    return GameWidget(game, play_as=seat, step=step, seed=draw(st.integers(0, 3)))


def _allowed(w, msg, before_play_as, held=False):
    """Whether ``msg`` is one a widget may act on: a legal move of the seat played, a switch
    to its own seat, a restart while playing, "next hand" where the table waits for it."""
    kind = msg.get("type")
    if kind == "next_hand":
        return held and set(msg) <= {"type", "at"}
    if kind == "act":
        return before_play_as is not None
    if kind == "take_seat":
        return msg.get("seat") == w.locked
    if kind == "restart":
        return before_play_as is not None
    return False


@given(st.data())
def test_any_message_changes_nothing_unless_it_is_a_legal_move(data):
    """A message of any type and content either is a legal move (or an allowed switch of the
    widget's own seat) and is acted on, or is refused with a notice and changes nothing."""
    with Recorder():
        w = data.draw(playing_widgets())
        for _ in range(data.draw(st.integers(1, 4))):
            msg = data.draw(widget_messages(w))
            before, play_as, held = _widget_state(w), w.play_as, w.held
            last = len(w.frames) - 1
            legal_move = False
            if (msg.get("type") == "act" and play_as is not None
                    and msg.get("at").__class__ is int and msg.get("at") == last):
                from cardwidgets.engine import Action
                try:
                    action = Action.from_json(msg.get("action"), w.game.system)
                    legal_move = (set(msg) <= {"type", "action", "at"}
                                  and action.seat == play_as and not action.cards
                                  and action.kind != "deal" and w.game.is_legal(action))
                except Exception:
                    legal_move = False
            level_before = w.level
            Recorder.page_sends(w, msg)
            changed = _widget_state(w) != before
            if msg.get("type") == "act":
                assert changed == legal_move, (msg, w.notice)
            elif msg.get("type") == "level":
                _check_level_change(w, msg, before, level_before)
                continue
            elif changed:
                assert _allowed(w, msg, play_as, held), (msg, w.notice)
            if not changed and msg.get("type") not in ("echo", "resync", "hello"):
                assert w.notice.get("kind") in ("refused", "info"), (msg, w.notice)


def _check_level_change(w, msg, before, level_before):
    """After the page's level message: a valid one (a level of LEVELS, no other field) to
    another level changes only the level (the widget's, its players', meta["level"]) and
    says so; a valid one to the same level changes nothing; a forged one changes nothing
    and is refused with a notice."""
    after = json.loads(_widget_state(w))
    was = json.loads(before)
    if level_message_is_valid(msg) and level_before is not None:
        level = msg["level"]
        assert w.level == level and after["meta"]["level"] == level
        assert {b.level for b in w._bots.values()} == {level}
        assert after == dict(was, meta=dict(was["meta"], level=level))
        if level != level_before:
            assert w.notice["kind"] == "info" and level in w.notice["text"]
    else:
        assert after == was, msg
        assert w.level == level_before
        assert w.notice["kind"] == "refused", (msg, w.notice)
        assert len(w.notice["text"]) < 400 and "\n" not in w.notice["text"]


@given(st.data())
def test_a_level_message_changes_only_the_level_or_nothing(data):
    """The Computer players menu's message, valid or forged, to a widget played, watched, or
    with players given in Python (whose level the page may not change): a valid level
    changes the level only; anything else changes nothing and is refused."""
    with Recorder():
        how = data.draw(st.sampled_from(["play", "watch", "own players"]))
        if how == "play":
            w = data.draw(playing_widgets())
        else:
            game = played_game(data.draw(st.sampled_from(KEYS)), data.draw(st.integers(0, 3)))
            from cardwidgets import RandomPlayer
            players = [RandomPlayer(s) for s in range(game.n)] if how != "watch" else None
            w = GameWidget(game, seat=data.draw(st.one_of(st.none(), st.integers(0, game.n - 1))),
                           players=players, seed=1)
        for _ in range(data.draw(st.integers(1, 4))):
            msg = data.draw(level_messages())
            before, level_before = _widget_state(w), w.level
            Recorder.page_sends(w, msg)
            _check_level_change(w, msg, before, level_before)
            if how == "own players":
                assert w.level is None and w.notice["kind"] == "refused"


@given(st.data())
def test_any_trait_change_from_the_page_changes_nothing_but_the_step(data):
    """Trait changes from the page: a step of the game is taken, anything else is refused
    with a notice and the kernel's values stay."""
    with Recorder():
        w = data.draw(playing_widgets())
        state = data.draw(page_states(w))
        before = json.loads(_widget_state(w))
        Recorder.page_sends(w, state=state)
        after = json.loads(_widget_state(w))
        step = state.get("step")
        good_step = (isinstance(step, int) and not isinstance(step, bool)
                     and 0 <= step < len(w.frames))
        if good_step and set(state) == {"step"}:
            assert after == dict(before, step=step)
        else:
            assert {k: v for k, v in after.items() if k != "step"} == \
                   {k: v for k, v in before.items() if k != "step"}
            assert w.notice["kind"] == "refused"
            assert after["step"] == (step if good_step else before["step"])


@given(st.data())
def test_no_message_of_a_seat_widget_holds_a_card_the_seat_may_not_see(data):
    """Whatever the page sends a seat widget (moves, switches, restarts, trait changes), no
    message the kernel sends holds a card of another hand hidden from that seat."""
    with Recorder() as rec:
        key = data.draw(st.sampled_from(KEYS))
        game = played_game(key, data.draw(st.integers(0, 3)))
        seat = data.draw(st.integers(0, game.n - 1))
        seed = data.draw(st.integers(0, 3))  # the built-in players repeat exactly
        if data.draw(st.booleans()):
            w = GameWidget(game, seat=seat, seed=seed)
        else:
            w = GameWidget(game, play_as=seat, step=data.draw(st.integers(0, len(game.actions))),
                           seed=seed)
        assert not leaks(w, rec.take())
        for _ in range(data.draw(st.integers(1, 5))):
            if data.draw(st.integers(0, 3)) == 0:
                Recorder.page_sends(w, state=data.draw(page_states(w)))
            else:
                Recorder.page_sends(w, data.draw(widget_messages(w)))
            assert w.seat == seat
            assert not leaks(w, rec.take())


@given(games())
def test_legal_choices_are_the_legal_actions_with_amounts_as_ranges(game):
    """The view's choices (amounts as ranges, Game.legal_choices) hold exactly the legal
    actions, in every game at every step."""
    from cardwidgets.engine.core import fold_amounts
    game.advance()
    listed = [{"action": a.to_json(), "label": game.describe(a)} for a in game.legal_actions()]
    assert game.legal_choices() == fold_amounts(listed)
    expanded = set()
    for entry in game.legal_choices():
        if "amounts" in entry:
            lo, hi = entry["amounts"]
            for k in range(lo, hi + 1):
                expanded.add(json.dumps(dict(entry["action"], amount=k), sort_keys=True))
        else:
            expanded.add(json.dumps(entry["action"], sort_keys=True))
    assert expanded == {json.dumps(a.to_json(), sort_keys=True) for a in game.legal_actions()}
