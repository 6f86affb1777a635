"""The game widget with Pocha: frames, seat views, play mode (bids and cards), static picture."""
import json

import pytest

from cardwidgets import Action
from cardwidgets.games.pocha import Pocha
from cardwidgets.widget.picture import table_html
from cardwidgets.widget import GameWidget
from cardwidgets.widget.gamewidget import _ranges
from helpers import widget_payload as payload, widget_snapshot as snapshot
from pictures import shown_svgs, shown_text

NAMES = ["Ana", "Bea", "Carles", "Dani"]




@pytest.fixture(scope="module")
def watched():
    return GameWidget.new("pocha", players=NAMES, seed=3, hands=4)


def first(widget, phase, hand, after=0):
    return next(k for k in range(len(widget.frames))
                if widget.view_at(k)["phase"] == phase and widget.view_at(k)["hand_no"] == hand) + after


def test_new_and_from_a_game():
    """new("pocha", ..., hands=) plays the hands to the end; GameWidget(Pocha(...)) steps a game."""
    w = GameWidget.new("pocha", players=4, seed=3, hands=2)
    assert w.game.finished and w.meta["game"] == "pocha" and len(w.frames) == len(w.game.actions) + 1
    assert w.frames == GameWidget.new("pocha", players=4, seed=3, hands=2).frames
    g = Pocha(NAMES, start=3, hands=1)
    g.apply(g.chance_action(__import__("random").Random(1)))
    v = GameWidget(g)
    assert len(v.frames) == 2 and v.view_at(1)["phase"] == "bid" and g.actions and v.game is not g


def test_frames_follow_the_engine(watched):
    """Each frame is the engine's view: bids, tricks taken, the trick, trumps, the score sheet."""
    replay = watched.game.fresh()
    for k, action in enumerate([None] + list(watched.game.actions)):
        if action is not None:
            replay.apply(action)
        view, frame = replay.view(), watched.view_at(k)
        assert frame["bids"] == view["bids"] and frame["taken"] == view["taken"]
        assert frame["scores"] == view["scores"] and frame["hand_label"] == view["hand_label"]
        assert frame["trump_card"] == (view["trump_card"] or {}).get("code")
        trick = view["trick"]
        assert frame["trick"] == (None if trick is None else
                                  {**trick, "plays": [{"seat": p["seat"], "card": p["card"]["code"]}
                                                      for p in trick["plays"]]})
        assert frame["hands_played"] == view["hands_played"]
    end = watched.view_at(len(watched.frames) - 1)
    assert len(end["hands_played"]) == len(end["hand_scores"]) >= 4
    assert [h["cards"] for h in end["hands_played"][:4]] == [1, 2, 3, 4]
    assert end["hands_played"][0]["hand"] == "1"


def test_score_sheet_rows_add_up(watched):
    """Every sheet row's points are H11's for its bid and tricks, and they sum to the totals."""
    end = watched.view_at(len(watched.frames) - 1)
    totals = [0] * 4
    for row, points in zip(end["hands_played"], end["hand_scores"]):
        assert sum(row["taken"]) == row["cards"]
        for s in range(4):
            b, t = row["bids"][s], row["taken"][s]
            assert points[s] == (10 + 5 * t if b == t else -5 * abs(b - t))
            totals[s] += points[s]
    assert totals == end["scores"]


def test_trick_winner_fields(watched):
    """trick_winning names who leads the trick so far; last_trick_winner leads the next one."""
    for k in range(len(watched.frames)):
        f = watched.view_at(k)
        if f["phase"] == "play" and f["trick"]["plays"]:
            assert f["trick_winning"] in [p["seat"] for p in f["trick"]["plays"]]
        if f["last_trick"] and f["phase"] == "play":
            assert f["last_trick_winner"] == f["trick"]["leader"]


def test_seat_views_send_no_hidden_card(watched):
    """In Bea's view the other hands are None and no card of theirs is anywhere in the payload
    before it is played (the trump card and played cards are public)."""
    w = GameWidget.new("pocha", players=NAMES, seed=3, hands=4, )
    w.handle({"type": "take_seat", "seat": 1, "play": False, "at": 0})
    assert w.seat == 1
    game = w.game.fresh()
    for k, action in enumerate([None] + list(w._timeline)):
        if action is not None:
            game.apply(action)
        frame = w.view_at(k)
        assert [h is None for h in frame["hands"]] == [True, False, True, True]
        text = json.dumps(frame)
        for s in (0, 2, 3):
            for card in game.hands[s]:
                if card is not game.trump_card:
                    assert f'"{card.code}"' not in text, (k, card)
    # the card table itself holds only cards Bea has seen: her own, trump cards, played cards
    seen = set()
    game = w.game.fresh()
    for action in w._timeline:
        game.apply(action)
        seen |= {c.code for c in game.hands[1]}
        seen |= {game.trump_card.code} if game.trump_card else set()
        if action.card is not None:
            seen.add(action.card.code)
    assert set(w.cards) <= seen


def test_bids_with_a_gap_are_two_ranges():
    """The dealer's forbidden bid is not inside any range sent to the browser."""
    legal = [{"action": {"kind": "bid", "seat": 0, "amount": a}, "label": f"Bid {a}"} for a in (0, 1, 3, 4)]
    assert [g["amounts"] for g in _ranges(legal)] == [[0, 1], [3, 4]]
    legal = [{"action": {"kind": "bet", "seat": 0, "amount": a}, "label": f"Bet {a}"} for a in range(1, 6)]
    assert [g["amounts"] for g in _ranges(legal)] == [[1, 5]]


def dealer_to_bid(seed=1):
    """Play mode: Ana (seat 0, the dealer) plays hand 5 of 22; the others have bid."""
    for s in range(seed, seed + 40):
        w = GameWidget.new("pocha", players=NAMES, seed=s, start=5, hands=1, play_as=0)
        f = w.view_at(len(w.frames) - 1)
        if f["forbidden_bid"] is not None:
            return w
    raise AssertionError("no deal leaves the dealer a forbidden bid")


def test_play_mode_dealer_bid_refused_then_bid():
    """Playing the dealer: the forbidden bid is refused with H7's reason and changes nothing;
    a legal bid is played and the built-in players answer until Ana's turn to play."""
    w = dealer_to_bid()
    f = w.view_at(len(w.frames) - 1)
    assert f["actor"] == 0 and f["phase"] == "bid" and f["dealer"] == 0
    ranges = [g["amounts"] for g in f["legal"]]
    assert all(not lo <= f["forbidden_bid"] <= hi for lo, hi in ranges)
    before = snapshot(w)
    at = len(w.frames) - 1
    assert w.handle({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": f["forbidden_bid"]},
                     "at": at}) is False
    assert w.notice["kind"] == "refused" and w.notice["rule"] == "H7"
    assert "so the dealer may not" in w.notice["text"]
    assert snapshot(w) == before
    ok = next(a for a in range(f["cards_per_hand"] + 1) if a != f["forbidden_bid"])
    assert w.handle({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": ok}, "at": at})
    assert w.game.bids[0] == ok and w.game.phase.key == "play"
    assert w.game.current_player in (0, None)


def test_play_mode_illegal_card_gives_the_duty():
    """A card that breaks a duty is refused with the duty's words; nothing changes; a legal
    card is played."""
    for seed in range(1, 60):
        w = GameWidget.new("pocha", players=NAMES, seed=seed, start=5, hands=1, play_as=0)
        g = w.game
        while g.current_player == 0 and g.phase.key == "bid":
            w.handle({"type": "act", "action": g.legal_actions()[0].to_json(), "at": len(w.frames) - 1})
        if g.current_player != 0 or not g.trick.plays:
            continue
        legal = set(g.legal_cards())
        bad = [c for c in g.hands[0] if c not in legal]
        if bad:
            break
    else:
        raise AssertionError("no position with an illegal card")
    before = snapshot(w)
    at = len(w.frames) - 1
    assert w.handle({"type": "act", "action": {"kind": "play", "seat": 0, "card": bad[0].code}, "at": at}) is False
    assert w.notice["rule"] == "H8" and w.notice["text"].startswith("Rule H8: duty ")
    assert "you must play" in w.notice["text"] or "you must follow" in w.notice["text"]
    assert snapshot(w) == before
    good = sorted(legal, key=lambda c: c.code)[0]
    assert w.handle({"type": "act", "action": {"kind": "play", "seat": 0, "card": good.code}, "at": at})
    assert any(a.card == good for a in w.game.actions)


@pytest.mark.parametrize("message, field", [
    ({"type": "act", "action": {"kind": "play", "seat": 1, "card": "1-coins"}}, "seat"),
    ({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": 99}}, "H7"),
    ({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": "two"}}, "amount"),
    ({"type": "act", "action": {"kind": "play", "seat": 0, "card": "A-hearts"}}, "card"),
    ({"type": "act", "action": {"kind": "deal", "seat": 0}}, "deal"),
    ({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": 1}, "extra": 1}, "extra"),
])
def test_forged_messages_change_nothing(message, field):
    """Messages for another seat, bad amounts, foreign cards or extra fields are refused."""
    w = dealer_to_bid()
    message = dict(message, at=len(w.frames) - 1)
    before = snapshot(w)
    assert w.handle(message) is False
    assert w.notice["kind"] == "refused"
    assert snapshot(w) == before


def test_a_person_plays_a_whole_hand():
    """Bidding then playing legal cards until the hand is scored; frames grow with the game."""
    w = GameWidget.new("pocha", players=NAMES, seed=4, start=3, hands=1, play_as=2)
    g = w.game
    while not g.finished:
        if w.held:  # the table waits at each hand's end: Next hand
            assert w.handle({"type": "next_hand", "at": len(w.frames) - 1})
            continue
        assert g.current_player == 2
        action = g.legal_actions()[-1]
        assert w.handle({"type": "act", "action": action.to_json(), "at": len(w.frames) - 1})
    end = w.view_at(len(w.frames) - 1)
    assert end["finished"] and len(end["hands_played"]) >= 1 and len(w.frames) == len(g.actions) + 1
    assert all(h is None for s, h in enumerate(end["hands"]) if s != 2)


def test_static_pocha_picture_escapes_names():
    """A Pocha game shows itself as HTML with the table as an image of SVG and a score
    sheet, names escaped; a seat's stored picture hides the other hands."""
    evil = "<img src=x onerror=alert(1)>"
    w = GameWidget.new("pocha", players=["Ana", evil, "Carles"], seed=2, hands=2)
    html = w.game._repr_html_()
    (svg,) = shown_svgs(html)
    assert "Score sheet" in html and evil not in shown_text(html)
    assert "&lt;img src=x" in html and "&lt;img src=x" in svg
    mid = w._copy(w._timeline[:1])          # just dealt
    assert "a hidden card" in table_html(mid, 0)
    seated = GameWidget(mid, seat=0, step=-1)
    stored = seated._repr_mimebundle_()[0]["text/html"]
    hidden = shown_text(stored)
    assert "a hidden card" in hidden
    for s in (1, 2):
        for card in mid.hands[s]:
            assert card.name not in hidden or card is mid.trump_card
    assert all(card.name in hidden for card in mid.hands[0])
    assert "application/vnd.jupyter.widget-view+json" in w._repr_mimebundle_()[0]
    assert "Score sheet" in w._repr_mimebundle_()[0]["text/html"]


def test_spanish_card_pictures():
    """Spanish cards are drawn with their own suit signs (bastos are not French clubs)."""
    g = Pocha(4)
    club, coin = g.suits.card("11-clubs"), g.suits.card("1-coins")
    html = club._repr_html_()             # an image (an untrusted notebook keeps it)
    assert html.startswith('<span><img alt="Knight of clubs"') and html.endswith("></span>")
    (svg,) = shown_svgs(html)
    assert 'aria-label="Knight of clubs"' in svg and "caballo de bastos" in svg and "CABALLO" in svg
    assert "#2d6b1f" in svg          # the green of the bastos, not the black of French clubs
    assert "#9a6400" in shown_svgs(coin._repr_html_())[0]
