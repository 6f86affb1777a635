"""Scripted Truk games for the tests and the worked examples (no conftest imports)."""
from __future__ import annotations

import pytest

from cardwidgets import Action, IllegalAction
from cardwidgets.engine import SUIT_SYSTEMS, TABLE
from cardwidgets.games.truk import Truk

C = SUIT_SYSTEMS["spanish"].card

#: Draws that make each seat the first esku with four players (dealer A1, seat 0: the draw
#: goes B1, A2, B2, A1). The name is the esku.
DRAWS = {
    "B2": {"A1": "12-coins", "B1": "4-cups", "A2": "5-cups", "B2": "3-cups"},
    "B1": {"A1": "12-coins", "B1": "3-cups", "A2": "5-cups", "B2": "4-cups"},
    "A1": {"A1": "3-coins", "B1": "4-cups", "A2": "5-cups", "B2": "6-cups"},
    "A2": {"A1": "12-coins", "B1": "4-cups", "A2": "3-swords", "B2": "6-cups"},
}
DRAWS2 = {"A": {"A": "3-coins", "B": "4-cups"}, "B": {"A": "4-coins", "B": "3-cups"}}

STRONG = [["3-coins", "2-coins", "1-coins"], ["2-cups", "1-cups", "12-cups"]]   # no equal pair (K5)
WEAK = [["4-coins", "5-coins", "6-coins"], ["4-cups", "5-cups", "6-cups"]]


def new(players=4, esku="B2", hands=None, options=None, stock=()):
    """A game after its first deal (dealer seat 0), with ``esku`` the first esku."""
    game = Truk(players, options=options or {})
    game.apply(game.scripted_deal(hands or {}, esku=esku, stock=stock))
    return game


def winning_hands(game, side):
    """Hands in which ``side`` takes the aurrea and the erdia (3s and 2s against 4s and 5s)."""
    return winning(side, game.n)


def winning(side, n=4):
    """Hands (by seat) in which ``side`` takes the aurrea and the erdia."""
    out = {}
    strong, weak = iter(STRONG), iter(WEAK)
    for seat in range(n):
        out[seat] = next(strong) if seat % 2 == side else next(weak)
    return out


def deal(game, hands=None, stock=()):
    """Apply a scripted deal for the hand about to be dealt."""
    game.advance()
    return game.apply(game.scripted_deal(hands or {}, stock=stock))


def act(game, who, kind, card=None, cards=(), what=None):
    seat = who if isinstance(who, int) else game.players.index(who)
    action = Action(kind, seat, card=C(card) if card else None,
                    cards=tuple(C(c) for c in cards), what=what)
    return game.apply(action)


def play(game, who, code):
    return act(game, who, "play", code)


def finish_hand(game):
    """Play the hand out, each player playing their highest card, then the score step."""
    while game.phase.key == "play":
        seat = game.current_player
        game.apply(Action("play", seat, card=game.hands[seat][0]))
    game.advance()
    return game


def win_hand(game, side, kind="tanto"):
    """Deal and play a hand that ``side`` wins (taking the first two tricks)."""
    deal(game, winning_hands(game, side))
    if game.phase.key == "option":
        act(game, game.current_player, "play_truk")
    assert game.phase.key == "play"
    assert game.stake == kind, (game.stake, kind)
    return finish_hand(game)


def opened(players=4, esku="B2", winner=1, options=None):
    """A game whose opening truk (dealt by the start) was played and won by side ``winner``:
    the next hand is the first tanto hand."""
    game = new(players, esku, hands=winning(winner, players), options=options)
    act(game, game.current_player, "play_truk")
    finish_hand(game)
    assert game.stake == "tanto" and game.phase.key == "deal"
    return game


def refused(game, action, rule):
    """``action`` must be refused naming ``rule``, and nothing (any seat's view) changes."""
    views = [game.view(s) for s in [None, *range(game.n)]]
    steps = len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule.split()[0] == rule, (info.value.rule, rule, info.value.reason)
    assert [game.view(s) for s in [None, *range(game.n)]] == views
    assert len(game.history) == steps
    assert game.why_not(action).reason == info.value.reason
    return info.value


def conserved(game) -> None:
    """The 40 cards are all somewhere, once: hands, tricks, stock, cards aside, an exchange."""
    cards = [c for h in game.hands for c in h]
    for t in game.tricks:
        cards += t.cards
    if game.trick is not None and (not game.tricks or game.trick is not game.tricks[-1]):
        cards += game.trick.cards
    cards += game.stock
    cards += [a["card"] for a in game.aside]
    if game.exchange is not None:
        cards += game.exchange["old"]
    if game.deal_no == 1 and game.phase.key == "deal" and not game.history:
        return
    assert len(cards) == 40 and len(set(cards)) == 40, len(cards)


def step_table(game):
    """Apply the automatic steps (scoring) until someone must act."""
    while game.current_player == TABLE:
        game.apply(game.legal_actions()[0])
