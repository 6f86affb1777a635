"""The game widget with Valencian truc: frames, seat views that hide cards, play mode (bets,
answers, cards), forged messages, the static picture."""
import json

import pytest

from cardwidgets import Action
from cardwidgets.games.truc import Truc
from cardwidgets.widget import GameWidget
from cardwidgets.widget.picture import table_html
from helpers import widget_payload as payload, widget_snapshot as snapshot
from pictures import shown_svgs, shown_text

NAMES = ["Amparo", "Vicent", "Carme", "Pep"]




@pytest.fixture(scope="module")
def watched():
    return GameWidget.new("truc", players=NAMES, seed=3)


def test_new_plays_a_whole_game(watched):
    assert watched.game.finished and watched.meta["game"] == "truc"
    assert len(watched.frames) == len(watched.game.actions) + 1
    assert watched.frames == GameWidget.new("truc", players=NAMES, seed=3).frames


def test_frames_follow_the_engine(watched):
    """Each frame is the engine's view: points, camas, tricks and their outcomes, the ladder."""
    replay = watched.game.fresh()
    for k, action in enumerate([None] + list(watched.game.actions)):
        if action is not None:
            replay.apply(action)
        view, frame = replay.view(), watched.view_at(k)
        assert frame["points"] == view["points"] and frame["camas"] == view["camas"]
        assert frame["ma"] == view["ma"] and frame["dealer"] == view["dealer"]
        assert [(t["side"], t["tie"]) for t in frame["tricks"]] == [(t["side"], t["tie"]) for t in view["tricks"]]
        assert frame["truc"]["level"] == view["truc"]["level"]
        assert frame["envit"]["state"] == view["envit"]["state"]
        if view["trick"]:
            assert [p["card"] for p in frame["trick"]["plays"]] == [p["card"]["code"] for p in view["trick"]["plays"]]
    end = watched.view_at(len(watched.frames) - 1)
    assert end["result"]["finished"] and max(end["camas"]) == 2


def test_seat_views_send_no_hidden_card():
    """In Vicent's view the other hands are None, and no card of another seat is anywhere in
    the payload before it is played or shown at an envit's settling."""
    w = GameWidget.new("truc", players=NAMES, seed=5)
    w.handle({"type": "take_seat", "seat": 1, "play": False, "at": 0})
    assert w.seat == 1
    game = w.game.fresh()
    for k, action in enumerate([None] + list(w._timeline)):
        if action is not None:
            game.apply(action)
        frame = w.view_at(k)
        assert all(h is None for s, h in enumerate(frame["hands"]) if s != 1)
        # the last hand's tricks (cards played in public) are in "previous"; the rest of the
        # frame must not hold a card of another seat's hand
        text = json.dumps({key: v for key, v in frame.items() if key != "previous"})
        if frame["previous"]:
            public = [p["card"] for t in frame["previous"]["tricks"] for p in t["plays"]]
            assert public == [p["card"]["code"] for t in game.previous["tricks"] for p in t["plays"]]
        shown = game.envit_shown is not None
        for s in (0, 2, 3):
            for card in game.hands[s] + game.laid[s]:
                if not shown:
                    assert f'"{card.code}"' not in text, (k, card)
            if not shown and game.dealt[s]:
                assert frame["envit"]["values"][s] is None
    seen = set()
    game = w.game.fresh()
    for action in w._timeline:
        game.apply(action)
        seen |= {c.code for c in game.hands[1]}
        if action.card is not None:
            seen.add(action.card.code)
        if game.envit_shown is not None:
            seen |= {c.code for cards in game.dealt for c in cards}
    assert set(w.cards) <= seen


def called_truc(play_as=2):
    """Play mode: Pep (mà) has called truc; Carme (seat 2) answers."""
    g = Truc(NAMES)
    g.apply(g.scripted_deal({2: ["7-swords", "6-swords", "3-clubs"], 3: ["4-coins", "5-cups", "6-clubs"]}))
    g.apply(Action("call", 3, what="truc"))
    return GameWidget(g, play_as=play_as, step=-1)


def test_play_mode_answers_a_truc_with_the_envit_first():
    w = called_truc()
    f = w.view_at(len(w.frames) - 1)
    assert f["actor"] == 2 and f["open_call"]["kind"] == "truc"
    kinds = {(l["action"]["kind"], l["action"].get("what")) for l in f["legal"]}
    assert {("accept", None), ("refuse", None), ("call", "birtruc"), ("call", "envit")} <= kinds
    at = len(w.frames) - 1
    assert w.handle({"type": "act", "action": {"kind": "call", "seat": 2, "what": "envit"}, "at": at})
    g = w.game
    # the built-in players answered the envit; now Carme answers the truc again
    assert g.current_player == 2 and g.calls and g.calls[-1].kind == "truc"
    assert g.envit_state in ("accepted", "refused")
    before = snapshot(w)
    at = len(w.frames) - 1
    assert w.handle({"type": "act", "action": {"kind": "call", "seat": 2, "what": "falta"}, "at": at}) is False
    assert w.notice["rule"] == "V9" and "already been called" in w.notice["text"]
    assert snapshot(w) == before
    assert w.handle({"type": "act", "action": {"kind": "accept", "seat": 2}, "at": at})
    assert w.game.truc_level == 1


def test_play_mode_a_card_not_in_hand_is_refused():
    w = called_truc()
    w.handle({"type": "act", "action": {"kind": "accept", "seat": 2}, "at": len(w.frames) - 1})
    g = w.game
    assert g.current_player == 2
    before = snapshot(w)
    at = len(w.frames) - 1
    assert w.handle({"type": "act", "action": {"kind": "play", "seat": 2, "card": "4-coins"}, "at": at}) is False
    assert w.notice["rule"] == "V6" and "does not hold" in w.notice["text"]
    assert snapshot(w) == before
    assert w.handle({"type": "act", "action": {"kind": "play", "seat": 2, "card": "7-swords"}, "at": at})


@pytest.mark.parametrize("message, rule", [
    ({"type": "act", "action": {"kind": "accept", "seat": 1}}, None),                  # another seat
    ({"type": "act", "action": {"kind": "call", "seat": 2, "what": "joc fora"}}, "V7"),
    ({"type": "act", "action": {"kind": "call", "seat": 2, "what": "torne"}}, "V9"),
    ({"type": "act", "action": {"kind": "play", "seat": 2, "card": "7-swords"}}, "V7"),  # play stops
    ({"type": "act", "action": {"kind": "play", "seat": 2, "card": "A-hearts"}}, None),
    ({"type": "act", "action": {"kind": "deal", "seat": 2}}, None),
    ({"type": "act", "action": {"kind": "accept", "seat": 2}, "extra": 1}, None),
    ({"type": "act", "action": {"kind": "call", "seat": 2, "what": 7}}, None),
])
def test_forged_messages_change_nothing(message, rule):
    w = called_truc()
    message = dict(message, at=len(w.frames) - 1)
    before = snapshot(w)
    assert w.handle(message) is False
    assert w.notice["kind"] == "refused"
    if rule:
        assert w.notice["rule"] == rule
    assert snapshot(w) == before


def test_a_person_plays_a_whole_game():
    w = GameWidget.new("truc", players=NAMES, seed=4, play_as=0)
    g = w.game
    for _ in range(2000):
        if g.finished:
            break
        if w.held:  # the table waits at each hand's end: Next hand
            assert w.handle({"type": "next_hand", "at": len(w.frames) - 1})
            continue
        assert g.current_player == 0
        legal = g.legal_actions()
        action = next((a for a in legal if a.kind == "accept"), None) or next(
            (a for a in legal if a.kind == "play"), legal[0])
        assert w.handle({"type": "act", "action": action.to_json(), "at": len(w.frames) - 1})
    assert g.finished and len(w.frames) == len(g.actions) + 1
    end = w.view_at(len(w.frames) - 1)
    assert all(h is None for s, h in enumerate(end["hands"]) if s != 0)


def test_static_truc_picture():
    evil = "<img src=x onerror=alert(1)>"
    w = GameWidget.new("truc", players=["Ana", evil, "Carles", "Dani"], seed=2)
    html = w.game._repr_html_()
    (svg,) = shown_svgs(html)
    assert "TRUC LADDER" in svg and evil not in shown_text(html) and "&lt;img" in svg
    mid = w._copy(w._timeline[:1])          # just dealt
    assert "a hidden card" in table_html(mid, 0)
    seated = GameWidget(mid, seat=0, step=-1)
    hidden = shown_text(seated._repr_mimebundle_()[0]["text/html"])
    assert "a hidden card" in hidden and "mà" in hidden
    for s in (1, 2, 3):
        for card in mid.hands[s]:
            assert card.name not in hidden
    assert all(card.name in hidden for card in mid.hands[0])
    bundle = w._repr_mimebundle_()[0]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "TRUC LADDER" in shown_text(bundle["text/html"])
    # at an accepted envit's settling every seat sees every value (V9, our ruling)
    from cardwidgets import load_record
    g = load_record("truc-settling")
    g.back(1)
    assert all(v is None for s, v in enumerate(g.view(1)["envit"]["values"]) if s != 1)
    g.forward(1)
    assert g.view(1)["previous"]["envit"] == [28, 29, 26, 33]
