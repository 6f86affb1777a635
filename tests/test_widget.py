"""The game widget's Python side: what it sends, what it accepts, and what it keeps hidden."""
import copy
import json

import pytest

from cardwidgets import ConfigError, Poch, load_record, play_out
from cardwidgets.widget.picture import table_html
from cardwidgets.widget import GameWidget
from cardwidgets.widget.patches import Decoder
from helpers import go_on, widget_payload as payload, widget_snapshot as snapshot
from pictures import images, shown_svgs, shown_text

EVIL = "<img src=x onerror=alert(1)>"


def expand(widget, k):
    """The full view of frame ``k`` with card codes put back as the engine's card dicts."""
    frame = widget.view_at(k)

    def put_back(obj):
        if isinstance(obj, str) and obj in widget.cards:
            return obj
        if isinstance(obj, dict):
            return {key: put_back(v) for key, v in obj.items()}
        if isinstance(obj, list):
            return [put_back(v) for v in obj]
        return obj
    return put_back(frame)


def codes(view_part):
    return [c["code"] for c in view_part]




@pytest.fixture
def ep1():
    return GameWidget.from_record("e-p1")


# ---- state sent ------------------------------------------------------------------------

def test_one_frame_per_step_matches_the_engine_view(ep1):
    """Frame k is the engine's teacher view after k actions (cards as codes)."""
    game = load_record("e-p1")
    assert len(ep1.frames) == len(game.history) + 1
    replay = game.fresh()
    for k in range(len(ep1.frames)):
        if k:
            replay.apply(game.actions[k - 1])
        view = replay.view()
        frame = ep1.view_at(k)
        assert frame["step"] == k
        assert frame["phase"] == view["phase"]
        assert frame["chips"] == view["chips"]
        assert frame["holes"] == view["holes"]
        assert frame["hands"] == [None if h is None else codes(h) for h in view["hands"]]
        assert frame["centre"] == codes(view["centre"])
        assert (frame["last"] or {}).get("text") == (view["last"] or {}).get("text")


def test_record_steps_show_the_documents_numbers(ep1):
    """E-P1: after phase 1 C holds 21 chips (20 - 9 + 10); at the end A 25, B 10, C 33, D 7, E 10."""
    first_bet = next(k for k in range(len(ep1.frames)) if ep1.view_at(k)["phase"] == "poch")
    assert ep1.view_at(first_bet)["chips"] == [16, 16, 21, 11, 11]
    assert ep1.view_at(len(ep1.frames) - 1)["chips"] == [25, 10, 33, 7, 10]
    assert sum(ep1.view_at(len(ep1.frames) - 1)["holes"].values()) == 15


def test_rules_comments_and_facts_are_sent(ep1):
    """Rule texts go once in meta; teacher comments ride on their step; the title is sent."""
    assert ep1.meta["rules"]["P9"].startswith("Betting (poching)")
    assert ep1.view_at(2)["last"]["comment"].startswith("Document: A deals")
    assert "rule_text" not in json.dumps(ep1.frames)
    assert ep1.meta["record_title"].startswith("E-P1")


def test_the_widget_starts_at_the_first_step_and_leaves_the_game_alone():
    """The widget replays a copy: the game passed in keeps its history."""
    game = load_record("e-p1")
    before = list(game.actions)
    w = GameWidget(game)
    w.handle({"type": "take_seat", "seat": 2, "play": True, "at": 5})
    assert w.step > 0 and game.actions == before


def test_new_deal_is_seeded_and_played_out():
    """new() deals from a seed: the same seed gives the same game, to its end."""
    a = GameWidget.new("poch", players=5, seed=3)
    b = GameWidget.new("poch", players=5, seed=3)
    assert a.frames == b.frames and a.game.finished
    assert a.view_at(2)["hands"] != GameWidget.new("poch", players=5, seed=4).view_at(2)["hands"]


@pytest.mark.parametrize("kwargs, field", [
    ({"game": "pocker"}, "game"),
    ({"players": 9}, "players"),
    ({"chips": 3}, "chips"),
])
def test_bad_settings_are_refused_naming_the_field(kwargs, field):
    """new() with a bad game, player count or setting raises ConfigError naming it."""
    with pytest.raises(ConfigError) as err:
        GameWidget.new(**{"game": "poch", "players": 4, **kwargs})
    assert err.value.field == field


@pytest.mark.parametrize("kwargs, field", [({"step": 99}, "step"), ({"seat": 7}, "seat"),
                                           ({"play_as": "B"}, "play_as")])
def test_bad_widget_arguments_are_refused(kwargs, field):
    """A step outside the game, a missing seat or a seat given by name is refused."""
    with pytest.raises(ConfigError) as err:
        GameWidget(load_record("e-p2"), **kwargs)
    assert err.value.field == field


def test_not_a_game_is_refused():
    """GameWidget needs a game object, and says how to make one."""
    with pytest.raises(ConfigError, match="load_record"):
        GameWidget("e-p1")


# ---- hidden cards ----------------------------------------------------------------------

@pytest.mark.parametrize("record, seat", [("e-p1", 0), ("e-p1", 3), ("e-p3", 1)])
def test_a_seat_view_never_sends_hidden_cards(record, seat):
    """In a seat's view, no frame carries a card of another hand that the table has not seen,
    and cards no one ever showed that seat appear nowhere in the JSON sent."""
    w = GameWidget.from_record(record, seat=seat)
    game = load_record(record)
    replay = game.fresh()
    ever_visible = set()
    for k, frame in enumerate(w.frames):
        if k:
            replay.apply(game.actions[k - 1])
        public = {c.code for s in range(game.n) for c in replay.shown[s]}
        public |= {c.code for c in replay.centre}
        if replay.turned is not None:
            public.add(replay.turned.code)
        if replay.run_next is not None:  # P12: the next card of the run, named to the table
            public.add(replay.run_next.code)
        hidden = {c.code for s in range(game.n) if s != seat for c in replay.hands[s]} - public
        text = json.dumps(frame)
        assert not [c for c in hidden if f'"{c}"' in text], f"step {k} leaks a hidden card"
        ever_visible |= public | {c.code for c in replay.hands[seat]}
    never = {c.code for s in range(game.n) for c in replay.hands[s]} - ever_visible
    assert never, "the test needs cards that stay hidden to the end"
    sent = payload(w)
    assert not [c for c in never if f'"{c}"' in sent]
    assert set(w.cards) <= ever_visible


def test_switching_to_a_seat_view_hides_the_other_hands(ep1):
    """take_seat without play re-sends every frame in that seat's view."""
    assert ep1.handle({"type": "take_seat", "seat": 1, "play": False, "at": 3})
    frame = ep1.view_at(3)
    assert ep1.seat == 1 and ep1.step == 3
    assert frame["hands"][1] is not None
    assert [h for s, h in enumerate(frame["hands"]) if s != 1] == [None] * 4


# ---- messages --------------------------------------------------------------------------

def playing_widget():
    w = GameWidget.from_record("e-p1")
    assert w.handle({"type": "take_seat", "seat": 1, "play": True, "at": 9})
    return w


def test_taking_a_seat_lets_the_others_play_until_its_turn():
    """Playing B from step 9 (B is first to bet), B is to act, the record's future is gone."""
    w = playing_widget()
    f = w.view_at()
    assert w.play_as == 1 and w.seat == 1
    assert f["actor"] == 1 and f["phase"] == "poch"
    assert w.step == len(w.frames) - 1 == 9
    assert {l["action"]["kind"] for l in f["legal"]} == {"pass", "bet"}


def test_a_legal_move_is_applied_and_the_bots_answer():
    """A legal bet is applied; the built-in players act; new frames are appended."""
    w = playing_widget()
    assert w.handle({"type": "act", "action": {"kind": "bet", "seat": 1, "amount": 2}, "at": 9})
    assert w.view_at(10)["last"]["text"].startswith("B pochs 2")
    assert len(w.frames) > 11 and w.step == len(w.frames) - 1
    assert w.notice["kind"] != "refused"
    f = w.view_at()
    assert f["finished"] or f["actor"] == 1


FORGED = [
    ("garbage", "not a dict", "message"),
    ("unknown type", {"type": "cheat"}, "type"),
    ("no action", {"type": "act", "at": 9}, "action"),
    ("forged card", {"type": "act", "action": {"kind": "play", "seat": 1, "card": "Z-acorns"}, "at": 9}, "card"),
    ("extra field", {"type": "act", "action": {"kind": "pass", "seat": 1}, "at": 9, "x": 1}, "x"),
    ("wrong seat", {"type": "act", "action": {"kind": "pass", "seat": 2}, "at": 9}, "seat"),
    ("no seat", {"type": "act", "action": {"kind": "pass"}, "at": 9}, "seat"),
    ("stale step", {"type": "act", "action": {"kind": "pass", "seat": 1}, "at": 3}, "at"),
    ("forged deal", {"type": "act", "action": {"kind": "deal", "seat": 1, "cards": ["A-acorns"]}, "at": 9}, "deal"),
    ("too big a bet", {"type": "act", "action": {"kind": "bet", "seat": 1, "amount": 99}, "at": 9}, "P11"),
    ("out of turn kind", {"type": "act", "action": {"kind": "call", "seat": 1}, "at": 9}, "P9"),
    ("a card in phase 2", {"type": "act", "action": {"kind": "play", "seat": 1, "card": "J-acorns"}, "at": 9}, "P9"),
    ("bad amount", {"type": "act", "action": {"kind": "bet", "seat": 1, "amount": "2"}, "at": 9}, "amount"),
    ("bad seat to take", {"type": "take_seat", "seat": 17, "play": True, "at": 9}, "seat"),
    ("bad at", {"type": "take_seat", "seat": 1, "play": True, "at": -4}, "at"),
]


@pytest.mark.parametrize("name, message, word", FORGED, ids=[f[0] for f in FORGED])
def test_forged_messages_are_refused_and_change_nothing(name, message, word):
    """Messages from the front end are checked like any action: refused with a reason that
    names the field or rule, and nothing changes."""
    w = playing_widget()
    before = snapshot(w)
    assert w.handle(copy.deepcopy(message)) is False
    assert w.notice["kind"] == "refused"
    assert word in w.notice["text"]
    assert snapshot(w) == before


def test_refusal_through_the_comm_callback():
    """The comm path (on_msg) refuses too, with the engine's reason naming the rule."""
    w = GameWidget.from_record("e-p1")
    w.handle({"type": "take_seat", "seat": 2, "play": True, "at": 16})
    assert w.view_at()["phase"] == "run" and w.view_at()["actor"] == 2
    before = snapshot(w)
    w._on_msg(w, {"type": "act", "action": {"kind": "play", "seat": 2, "card": "A-hearts"}, "at": 16}, [])
    assert w.notice == {"kind": "refused", "rule": "P12", "id": w.notice["id"],
                        "text": "Rule P12: C does not hold the Ace of hearts: the first run "
                                "is started with any card C holds"}
    assert snapshot(w) == before


def test_moves_are_refused_when_nobody_plays(ep1):
    """Watching, an 'act' message is refused: choose a seat to play first."""
    before = snapshot(ep1)
    assert not ep1.handle({"type": "act", "action": {"kind": "pass", "seat": 1}, "at": 9})
    assert "choose a seat" in ep1.notice["text"] and snapshot(ep1) == before


def test_echo_answers_at_once(ep1):
    """The hidden echo path (for the latency benchmark) answers without changing anything."""
    sent = []
    ep1.send = lambda content, buffers=None: sent.append(content)
    before = snapshot(ep1)
    ep1._on_msg(ep1, {"type": "echo", "t": "12.5"}, [])
    assert sent == [{"type": "echo", "t": "12.5"}] and snapshot(ep1) == before


def test_play_to_the_end_by_always_choosing_the_first_legal_move():
    """A person playing every move reaches the end, pressing Next hand at each hand's end;
    every step's frame is kept."""
    w = GameWidget.new("poch", players=3, seed=11, play_as=0)
    for _ in range(500):
        f = w.view_at()
        if f["finished"]:
            break
        if w.held:
            assert "hand_end" in f
            assert w.handle({"type": "next_hand", "at": len(w.frames) - 1})
            continue
        assert f["actor"] == 0
        assert w.handle({"type": "act", "action": f["legal"][0]["action"], "at": len(w.frames) - 1})
    assert w.game.finished and len(w.frames) == len(w.game.actions) + 1


# ---- static rendering and escaping ------------------------------------------------------

def test_games_render_statically_with_names_escaped():
    """Game._repr_html_ draws the table as images of SVG (which an untrusted notebook keeps)
    and escapes player names, in the caption and inside the pictures."""
    game = Poch(["Anna", EVIL, "Carl"])
    play_out(game, seed=2)
    html = game._repr_html_()
    assert EVIL not in shown_text(html)
    assert any("&lt;img src=x onerror=alert(1)&gt;" in svg for svg in shown_svgs(html))
    assert all(tag.startswith('<img alt="Poch table') for tag, _ in images(html))


def test_static_seat_view_hides_other_hands():
    """table_html(game, seat) draws the other hands as backs."""
    game = load_record("e-p1")
    game.goto(2)
    html = table_html(game, seat=0)
    others = [c.name for s in range(1, 5) for c in game.hands[s]]
    svg = html[html.index("<svg"):]
    assert not [n for n in others if f"<title>{n}</title>" in svg]
    assert svg.count("<title>a hidden card</title>") == sum(len(game.hands[s]) for s in range(1, 5))


def test_the_stored_picture_of_a_seat_shows_only_what_that_seat_sees():
    """The picture a seated widget stores in the notebook (its text/html, shown without a
    kernel) draws the other hands as backs: decoded, its SVG names none of their cards,
    nor does its alt text, and the seat's own cards are there."""
    w = GameWidget.from_record("e-p1", seat=0, step=2)
    game = load_record("e-p1")
    game.goto(2)
    html = w._repr_mimebundle_()[0]["text/html"]
    (svg,) = shown_svgs(html)
    text = shown_text(html)
    others = [c.name for s in range(1, 5) for c in game.hands[s]]
    assert others and not [n for n in others if n in text]
    assert svg.count("<title>a hidden card</title>") == sum(len(game.hands[s]) for s in range(1, 5))
    assert all(f"<title>{c.name}</title>" in svg for c in game.hands[0])
    assert f"{sum(len(game.hands[s]) for s in range(1, 5))} hidden cards" in images(html)[0][0]


def test_repr_names_the_view(ep1):
    """The widget's repr says the game, the step count and whose view it is."""
    steps = len(load_record("e-p1").history)
    assert repr(ep1) == f"<GameWidget Poch, 5 players, {steps} steps, teacher's view>"


def test_amount_choices_travel_as_a_range():
    """A rich player's bets (1 to hundreds) are sent as one entry with the lowest and highest
    amount; every amount between is legal in the engine."""
    w = GameWidget.new("poch", players=3, seed=5, play_as=0, chips=500, deals=None)
    for _ in range(200):
        f = w.view_at()
        ranged = [l for l in f["legal"] if "amounts" in l]
        if ranged:
            break
        w.handle({"type": "act", "action": f["legal"][0]["action"], "at": len(w.frames) - 1})
    entry = ranged[0]
    lo, hi = entry["amounts"]
    kind = entry["action"]["kind"]
    legal = {a.amount for a in w.game.legal_actions() if a.kind == kind}
    assert legal == set(range(lo, hi + 1)) and hi - lo > 40
    assert len(json.dumps(f["legal"])) < 600


def test_play_mode_sends_only_the_new_frames():
    """After a move, one 'frames' message carries just the new steps; the traits already
    hold them for any view opened later."""
    w = playing_widget()
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    w.handle({"type": "act", "action": {"kind": "bet", "seat": 1, "amount": 2}, "at": 9})
    [msg] = [m for m in sent if m.get("type") == "frames"]
    assert msg["start"] == 10 and msg["step"] == len(w.frames) - 1
    # the new frames travel as patches of the frames the page holds, and rebuild exactly
    page = Decoder()
    page.extend(w._wire(w.frames)[:10])
    assert msg["wire"] == page.id and page.extend(msg["patches"]) == w.frames[10:]
    assert set(msg["cards"]) <= set(w.cards)


def test_play_again_starts_a_new_game_in_the_same_seat():
    """'restart' (the Play again button) deals a new game; the person keeps the seat."""
    w = GameWidget.new("poch", players=3, seed=11, play_as=2)
    while not w.game.finished:
        go_on(w)        # the deal's result waits for the person's Next hand
        if w.game.finished:
            break
        w.handle({"type": "act", "action": w.view_at()["legal"][0]["action"], "at": len(w.frames) - 1})
    assert w.handle({"type": "restart"})
    assert w.play_as == 2 and not w.game.finished and w.game.deal_number == 1
    assert w.view_at()["actor"] == 2 and w.step == len(w.frames) - 1


def test_a_new_view_gets_the_frames_it_missed():
    """A view opened after play-mode moves says hello with its frame count and is sent the rest."""
    w = GameWidget.new("poch", players=3, seed=11, play_as=0)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    assert len(w.frames) > 1
    w.handle({"type": "hello", "frames": 1})
    [msg] = sent
    assert {k: v for k, v in msg.items() if k != "patches"} == {
        "type": "frames", "start": 1, "cards": w.cards, "step": w.step, "wire": w._encoder.id}
    page = Decoder()
    page.extend(w._wire(w.frames)[:1])
    assert page.extend(msg["patches"]) == w.frames[1:]
    w.handle({"type": "hello", "frames": len(w.frames)})
    assert len(sent) == 1


@pytest.mark.parametrize("key", ["poch", "pocha", "truk", "truc"])
def test_play_mode_tells_why_a_card_may_not_be_played_before_a_click(key):
    """At the person's turn the frame carries, for each card of their hand the rules refuse
    now, the rules' own refusal (the page names the card "not playable now" and gives the
    refusal as its description): exactly the cards refused, in the words a click would get."""
    from cardwidgets import GAMES, Action
    short = {"hands": 3} if "hands" in GAMES[key].SETUP else {}
    w = GameWidget.new(key, players=4 if key != "truk" else 2, seed=5, play_as=0, **short)
    seen = 0
    for _ in range(120):
        go_on(w)
        g, f = w.game, w.view_at()
        if f["finished"]:
            break
        assert g.current_player == 0
        refusals = f.get("refusals") or {}
        for card in g.hands[0]:
            why = g.why_not(Action("play", 0, card=card))
            if why is None:
                assert card.code not in refusals, (card, refusals)
            else:
                assert refusals.get(card.code) == str(why), (card, refusals)
        seen += bool(refusals)
        move = g.legal_actions()[0]
        assert w.handle({"type": "act", "action": move.to_json(), "at": len(w.frames) - 1})
    assert seen, f"{key}: no turn with a refused card in 120 moves"


def test_a_seat_may_be_given_by_its_players_name():
    """``seat=`` and ``play_as=`` take a seat number or its player's name, in any case ("B",
    "a1" in truk, a name given to the game); anything else is refused naming both forms."""
    from cardwidgets import Truk
    assert GameWidget(Truk(4), play_as="a1").play_as == Truk(4).players.index("A1")
    assert GameWidget(Poch(4), seat="B").seat == 1
    named = Poch(["Ana", "Ben", "Cai"])
    widget = GameWidget(named, play_as="cai")
    assert widget.play_as == widget.locked == 2
    with pytest.raises(ConfigError) as err:
        GameWidget(named, seat="Dora")
    assert err.value.field == "seat"
    assert "seats 0 to 2, or a player's name: Ana, Ben, Cai" in err.value.reason
