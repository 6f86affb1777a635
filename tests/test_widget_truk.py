"""The game widget with Truk: frames, seat views that hide cards (the partner's too), play
mode (cards, Truk!/Joka!, changing cards, signals), forged messages, the static picture."""
import json

import pytest

from cardwidgets import Action
from cardwidgets.games.truk import Truk
from cardwidgets.widget import GameWidget
from cardwidgets.widget.picture import table_html
from helpers import go_on, widget_payload as payload, widget_snapshot as snapshot
from pictures import shown_svgs, shown_text




@pytest.fixture(scope="module")
def watched():
    return GameWidget.new("truk", players=4, seed=3)


def test_new_plays_a_whole_game(watched):
    g = watched.game
    assert g.finished and max(g.truks) == 6 and watched.meta["game"] == "truk"
    assert len(watched.frames) == len(g.actions) + 1
    assert watched.frames == GameWidget.new("truk", players=4, seed=3).frames


def test_frames_follow_the_engine(watched):
    replay = watched.game.fresh()
    for k, action in enumerate([None] + list(watched.game.actions)):
        if action is not None:
            replay.apply(action)
        view, frame = replay.view(), watched.view_at(k)
        assert frame["tantos"] == view["tantos"] and frame["truks"] == view["truks"]
        assert frame["esku"] == view["esku"] and frame["options"] == view["options"]
        assert [t["outcome"] for t in frame["tricks"]] == [t["outcome"] for t in view["tricks"]]
        assert frame["bet"] == view["bet"] and frame["stake"] == view["stake"]


@pytest.mark.parametrize("seat", [0, 1])
def test_seat_views_send_no_hidden_card(seat):
    """In a seat's view the other hands (the partner's too) are None and no card of theirs is
    anywhere in the payload, nor in the card table, until it is played or shown."""
    w = GameWidget.new("truk", players=4, seed=8)
    w.handle({"type": "take_seat", "seat": seat, "play": False, "at": 0})
    game = w.game.fresh()
    for k, action in enumerate([None] + list(w._timeline)):
        if action is not None:
            game.apply(action)
        frame = w.view_at(k)
        assert [h is None for h in frame["hands"]] == [s != seat for s in range(4)]
        text = json.dumps(frame)
        public = {d["card"] for d in frame.get("draws") or w.meta["static"].get("draws", [])}
        for s in range(4):
            if s != seat:
                for card in game.hands[s]:
                    if card.code not in public:
                        assert f'"{card.code}"' not in text, (k, card)
        # the opponents never see a signal
        for x in frame.get("signals") or []:
            assert game.side_of(x["seat"]) == game.side_of(seat)


def test_signal_texts_are_hidden_from_the_other_side():
    game = Truk(4)
    game.apply(game.scripted_deal({"A1": ["3-coins", "3-cups", "4-swords"]}, esku="B2"))
    game.apply(Action("play_truk", game.current_player))
    game.apply(Action("signal", 0, what="both_eyes"))
    for seat, sees in ((2, True), (1, False), (3, False)):
        w = GameWidget(game, seat=seat)
        assert ("two 3s" in json.dumps(w.frames[-1])) is sees


def playing(seed=2, seat=0):
    return GameWidget.new("truk", players=4, seed=seed, play_as=seat)


def test_play_mode_a_person_plays_whole_game():
    """A person in seat 0 plays every move (the first legal one) to the end of the game."""
    w = playing(5)
    g = w.game
    while not g.finished:
        go_on(w)
        if g.finished:
            break
        assert g.current_player == 0
        action = g.legal_actions()[0]
        assert w.handle({"type": "act", "action": action.to_json(), "at": len(w.frames) - 1})
    end = w.view_at(len(w.frames) - 1)
    assert end["finished"] and all(h is None for s, h in enumerate(end["hands"]) if s != 0)


def test_play_mode_refusals_name_the_rule_and_change_nothing():
    w = playing(2)
    g = w.game
    at = len(w.frames) - 1
    assert g.current_player == 0
    for action, rule in (
            ({"kind": "play", "seat": 0, "card": g.hands[0][0].code}, g.turn_rule() if g.phase.key == "option" else None),
            ({"kind": "joka", "seat": 0}, None),
            ({"kind": "signal", "seat": 0, "what": "wink"}, None)):
        before = snapshot(w)
        assert w.handle({"type": "act", "action": action, "at": at}) is False
        assert w.notice["kind"] == "refused" and snapshot(w) == before
        if rule:
            assert w.notice["rule"] == rule


def test_play_mode_truk_bet_and_signal():
    """In a tanto hand the person bets "Truk!" and the built-in answer comes back; a false
    signal is refused naming K19."""
    for seed in range(40):
        w = playing(seed)
        g = w.game
        while not g.finished and not (g.current_player == 0 and g.phase.key == "play" and g.stake == "tanto"):
            go_on(w)
            if g.finished or (g.current_player == 0 and g.phase.key == "play" and g.stake == "tanto"):
                break
            w.handle({"type": "act", "action": g.legal_actions()[-1].to_json(), "at": len(w.frames) - 1})
        if g.finished:
            continue
        false = next((what for what in Truk.SIGNALS if not g._signal_true(0, what)), None)
        before = snapshot(w)
        assert w.handle({"type": "act", "action": {"kind": "signal", "seat": 0, "what": false},
                         "at": len(w.frames) - 1}) is False
        assert w.notice["rule"] == "K19" and snapshot(w) == before
        assert w.handle({"type": "act", "action": {"kind": "truk", "seat": 0}, "at": len(w.frames) - 1})
        assert any(a.kind in ("joka", "refuse") for a in g.actions)
        return
    raise AssertionError("no tanto hand reached")


def test_play_mode_changing_cards():
    """Pasotan: the person changes cards (a list of codes) and keeps them."""
    w = playing(2)
    g = w.game
    for _ in range(400):
        go_on(w)
        if g.finished or (g.current_player == 0 and g.phase.key == "pasotan"):
            break
        legal = g.legal_actions()
        pick = next((a for a in legal if a.kind == "decline"), legal[-1])
        w.handle({"type": "act", "action": pick.to_json(), "at": len(w.frames) - 1})
    assert g.phase.key == "pasotan" and g.current_player == 0
    codes = [c.code for c in g.hands[0][:2]]
    assert w.handle({"type": "act", "action": {"kind": "change", "seat": 0, "cards": codes},
                     "at": len(w.frames) - 1})
    assert g.exchange is not None and g.current_player == 0
    assert w.handle({"type": "act", "action": {"kind": "keep", "seat": 0}, "at": len(w.frames) - 1})
    assert not {c.code for c in g.hands[0]} & set(codes)


@pytest.mark.parametrize("message", [
    {"type": "act", "action": {"kind": "play", "seat": 1, "card": "1-coins"}},
    {"type": "act", "action": {"kind": "truk", "seat": 0, "what": "shout"}},
    {"type": "act", "action": {"kind": "change", "seat": 0, "cards": "3-coins"}},
    {"type": "act", "action": {"kind": "play", "seat": 0, "card": "A-hearts"}},
    {"type": "act", "action": {"kind": "deal", "seat": 0}},
    {"type": "act", "action": {"kind": "play_truk", "seat": 0}, "extra": 1},
])
def test_forged_messages_change_nothing(message):
    w = playing(2)
    message = dict(message, at=len(w.frames) - 1)
    before = snapshot(w)
    assert w.handle(message) is False
    assert w.notice["kind"] == "refused"
    assert snapshot(w) == before


def test_static_truk_picture():
    """The static picture: three tricks with outcomes, counters, seats; names escaped; a
    seat's picture hides the other hands."""
    evil = "<img src=x onerror=alert(1)>"
    g = Truk(["A1", "B2", "A2", evil])
    g.apply(g.scripted_deal({}, esku="B2"))
    html = table_html(g, 0)
    assert "<svg" in html and "aurrea" in html and "atzea" in html and "Tantos" in html
    assert "<img" not in html and "&lt;img src=x" in html
    for s in (1, 2, 3):
        for card in g.hands[s]:
            assert card.name not in html
    w = GameWidget.from_record("truk-pictured-hand", step=-1)
    bundle = w._repr_mimebundle_()[0]
    assert "taken by B" in shown_text(bundle["text/html"]) and "application/vnd.jupyter.widget-view+json" in bundle
    # the picture a seat's widget stores (shown without a kernel) hides the other hands too
    seated = GameWidget(g, seat=0, step=-1)
    stored = shown_text(seated._repr_mimebundle_()[0]["text/html"])
    assert evil not in stored and "&lt;img src=x" in stored
    for s in (1, 2, 3):
        for card in g.hands[s]:
            assert card.name not in stored
    assert all(card.name in stored for card in g.hands[0])


def test_K19_static_picture_draws_signals_as_faces_not_emoji():
    """The static picture shows each signal as a face of SVG named for a screen reader
    ("Signal: closes one eye"), with no emoji (a machine without an emoji font shows those
    as empty boxes)."""
    from cardwidgets.games.truk.picture import SIGNAL_FACES, picture
    from cardwidgets.games.truk.rules import SIGNALS
    assert set(SIGNAL_FACES) == set(SIGNALS)
    w = GameWidget.new("truk", players=4, seed=1, play_as=0)
    g = w.game
    mine = [a for a in g.legal_actions() if a.kind == "signal"]
    assert mine
    g.apply(mine[0])
    html = picture(g)
    for s in g.signals[-4:]:
        assert f'aria-label="Signal: {SIGNALS[s["what"]][0]}"' in html
    assert not [ch for ch in html if 0x1F000 <= ord(ch) <= 0x1FAFF or 0x2600 <= ord(ch) <= 0x27BF]
