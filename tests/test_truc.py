"""Valencian truc (document 003): rules V1–V11 and variants VV1–VV2, each test named after its
rule. The tables the tests check against (the rank, the envit, the ladder, the ways a hand is
won) are written out again here from the document, so the tests do not borrow the game's own."""
import itertools
import json
import random

import pytest

from helpers import check_turn_kept

from cardwidgets import Action, ConfigError, IllegalAction, load_record, record_of
from cardwidgets.engine import CHANCE, SUIT_SYSTEMS, TABLE, Card, make_deck
from cardwidgets.games import GAMES
from cardwidgets.games.truc import RULES, Truc, envit_value, envit_words, falta_value
from cardwidgets.records import RecordError

C = SUIT_SYSTEMS["spanish"].card

# ---- the document's tables, written out again ----------------------------------------------
#: V4, high to low; cards in one group are equal.
RANK_V4 = [["1-swords"], ["1-clubs"], ["7-swords"], ["7-coins"],
           ["3-swords", "3-clubs", "3-coins", "3-cups"], ["7-clubs", "7-cups"],
           [f"6-{s}" for s in ("swords", "clubs", "coins", "cups")],
           [f"5-{s}" for s in ("swords", "clubs", "coins", "cups")],
           [f"4-{s}" for s in ("swords", "clubs", "coins", "cups")]]
#: V7: name, worth accepted ("cama": the whole cama), refused.
LADDER_V7 = [("truc", 2, 1), ("birtruc", 3, 2), ("quatre val", 4, 3), ("joc fora", "cama", 4)]


def envit_v9(codes):
    """V9 computed another way: the best of every single card's number and every pair of one
    suit's numbers + 20 (with three of a suit the best pair is the two highest)."""
    cards = [(int(c.split("-")[0]), c.split("-")[1]) for c in codes]
    best = max(n for n, _ in cards)
    for (a, s), (b, t) in itertools.combinations(cards, 2):
        if s == t:
            best = max(best, a + b + 20)
    return best


def hand_v6(seq, ma_side):
    """V6 from the document's sentences: ``seq`` of side numbers or None (parda). Returns
    (winner, tricks played)."""
    for k in (2, 3):
        if len(seq) < k:
            break
        s = seq[:k]
        wins = [x for x in s if x is not None]
        for side in (0, 1):
            if wins.count(side) >= 2:
                return side, k
        if k == 2 and len(wins) == 1:            # one won, one tied: decided, third not played
            return wins[0], 2
        if k == 3:
            if len(wins) == 2:                   # each won one, the other tied: the first winner
                return wins[0], 3
            if len(wins) == 1:                   # tie, tie, win (our ruling)
                return wins[0], 3
            return ma_side, 3                    # three pardas: mà's side
    return None, len(seq)


# ---- helpers ------------------------------------------------------------------------------
def dealt(n=2, hands=None, **kw):
    g = Truc(n, **kw)
    g.apply(g.scripted_deal(hands or {}))
    return g


def play(g, seat, code):
    return g.apply(Action("play", seat, card=C(code)))


def call(g, seat, what):
    return g.apply(Action("call", seat, what=what))


def accept(g, seat):
    return g.apply(Action("accept", seat))


def refuse(g, seat):
    return g.apply(Action("refuse", seat))


def settle(g):
    return g.advance()


def refused_unchanged(g, action, rule):
    before = (json.dumps(g.view(), sort_keys=True), len(g.history),
              [json.dumps(g.view(s), sort_keys=True) for s in range(g.n)])
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert exc.value.rule == rule, exc.value
    assert g.why_not(action).rule == rule
    after = (json.dumps(g.view(), sort_keys=True), len(g.history),
             [json.dumps(g.view(s), sort_keys=True) for s in range(g.n)])
    assert before == after
    return exc.value


# 2 players, dealer A (0): mà is B (1), who leads.
STRONG = ["1-swords", "1-clubs", "7-swords"]
WEAK = ["4-coins", "5-cups", "6-clubs"]


# ---- V1, V2, V3, V4, V5 -------------------------------------------------------------------
def test_V1_camas_of_24_males_and_bones_two_camas_win():
    g = Truc(2)
    assert (g.target, g.half, g.camas_to_win) == (24, 12, 2)
    assert "Our ruling" in RULES["V1"]


@pytest.mark.parametrize("points, part", [(11, "males"), (12, "males"), (13, "bones")])
def test_V1_a_side_on_11_or_12_is_in_the_males_on_13_in_the_bones(points, part):
    """The first 12 points of a cama are the males: a side holding 12 holds males only."""
    g = Truc(2, score=[points, 3])
    assert (g.side_part(0), g.side_part(1)) == (part, "males")
    assert f"{points} (in the {part})" in g.score_words()
    view = g.view(None)
    assert view["parts"] == [part, "males"]
    assert "on exactly 12 holds males only" in RULES["V1"]


@pytest.mark.parametrize("a, b, stake", [(11, 5, None), (12, 5, None), (12, 12, None),
                                         (5, 12, None), (13, 5, 11), (12, 13, 11)])
def test_V1_the_falta_at_11_12_and_13(a, b, stake):
    """At 12-x with x at most 12 both sides are in the males, so a falta bets the whole cama:
    side B, behind on ``b``, wins the envit and with it the cama (at 12-5, not 12 points);
    from 13 the falta bets what the leader lacks."""
    assert falta_value([a, b]) == stake
    g = dealt(2, {0: WEAK, 1: ["7-swords", "6-swords", "3-clubs"]}, score=[a, b])
    step = call(g, 1, "falta")
    assert ("whole cama" in step.text) == (stake is None)
    if stake is None:
        assert "still in the males (12 or fewer)" in step.text
    assert g.view(None)["envit"]["falta_now"] == stake
    accept(g, 0)
    g.apply(Action("give_up", 1))      # the truc goes to A: it counts after the envit (V10)
    steps = settle(g)
    if stake is None or b + stake >= 24:
        assert g.camas == [0, 1] and g.cama_log[0]["points"] == [a, 24]
        assert "before the truc is counted" in steps[0].text
    else:
        assert g.camas == [0, 0] and g.points == [a + 1, b + stake]


def test_V1_first_to_24_wins_the_cama_and_the_next_starts_at_0():
    g = dealt(2, {0: STRONG, 1: WEAK}, score=[23, 5])
    play(g, 1, "4-coins")
    play(g, 0, "1-swords")
    play(g, 0, "1-clubs")
    play(g, 1, "5-cups")
    steps = settle(g)
    assert "wins cama 1" in steps[-1].text
    assert g.camas == [1, 0] and g.points == [0, 0] and g.cama_no == 2
    assert g.cama_log[0]["points"] == [24, 5]     # capped at 24
    assert g.phase.key == "deal"


def test_V2_deck_is_the_40_without_figures_2s_and_two_aces():
    forty = make_deck("spanish40")
    kept = {c.code for c in forty if c.rank not in ("10", "11", "12", "2")
            and c.code not in ("1-coins", "1-cups")}
    deck = Truc(4).deck_cards
    assert len(deck) == 22 and {c.code for c in deck} == kept
    g = Truc(2)
    bad = list(deck[:-1]) + [C("2-cups")]
    refused_unchanged(g, Action("deal", cards=tuple(bad)), "V2")
    refused_unchanged(g, Action("deal", cards=tuple(deck[:21])), "V2")
    twice = (deck[0],) + tuple(deck[:-1])
    refused_unchanged(g, Action("deal", cards=twice), "V2")


@pytest.mark.parametrize("n", [2, 4, 6])
def test_V2_V5_a_deal_from_chance_action_deals_as_the_same_cards_given(n):
    """A deal made by chance_action (checked and dealt from the places the shuffle gave) and
    the same cards given again as new Card objects (equal, not the deck's own: checked and
    dealt from the cards) deal the same hands, stock and text, in a game
    and in a fork of it; a deal made by another game is dealt from its cards too."""
    rng = random.Random(n)
    for _ in range(5):
        game = Truc(n, dealer=n - 1)
        own = game.chance_action(rng)
        given = Action("deal", cards=tuple(Card(c.rank, c.suit, c.system) for c in own.cards))
        assert given.cards == own.cards and given.cards[0] is not own.cards[0]
        other, third = game.fork(), game.fork()
        stranger = Truc(n).chance_action(rng)
        game.apply(own)
        other.apply(given)
        third.apply(stranger)
        assert other.hands == game.hands and other.stock == game.stock
        assert other.dealt == game.dealt and other.history[-1].text == game.history[-1].text
        assert third.stock == list(stranger.cards[3 * n:])
        assert (sorted(c.code for h in third.hands for c in h)
                == sorted(c.code for c in stranger.cards[:3 * n]))
        for g in (game, other, third):      # the deck's own cards, the strongest first (V4)
            assert g.history[-1].rule == "V5" and g.current_player == g.ma
            for h in g.hands:
                assert all(any(c is d for d in g.deck_cards) for c in h)
                powers = [g.power(c, "") for c in h]
                assert powers == sorted(powers, reverse=True)


def test_V3_players_two_four_six_sides_alternate():
    for n in (2, 4, 6):
        g = Truc(n)
        for s in range(n):
            assert g.table.team_of(s) == s % 2
            assert g.table.team_of(g.table.next(s)) != g.table.team_of(s)
    with pytest.raises(ConfigError) as exc:
        Truc(8)
    assert exc.value.field == "players" and "24 cards" in str(exc.value) and "22" in str(exc.value)
    for bad in (1, 3, 5, 7, 9):
        with pytest.raises(ConfigError) as exc:
            Truc(bad)
        assert exc.value.field == "players"


def test_V4_rank_of_the_cards_and_equal_cards_tie():
    g = Truc(2)
    power = lambda code: g.power(C(code), "")
    flat = [code for group in RANK_V4 for code in group]
    assert sorted(flat) == sorted(c.code for c in g.deck_cards)
    for i, group in enumerate(RANK_V4):
        assert len({power(c) for c in group}) == 1
        for lower in RANK_V4[i + 1:]:
            assert power(group[0]) > power(lower[0])


def test_V5_deal_cut_ma_and_dealer_to_the_right():
    g = Truc(4, dealer=0)
    deck = list(g.deck_cards)
    step = g.apply(Action("deal", cards=tuple(deck)))
    assert g.ma == 3                                     # the dealer's right (counter-clockwise)
    order = [3, 2, 1, 0]
    for s in range(4):
        assert [c for c in g.dealt[s]] == sorted([deck[i] for i in range(12) if order[i % 4] == s],
                                                  key=lambda c: g.dealt[s].index(c))
        assert set(g.dealt[s]) == {deck[i] for i in range(12) if order[i % 4] == s}
    assert "B cuts" in step.text and "A deals" in step.text and "D" in step.text
    assert g.current_player == 3                          # mà leads the first trick (our ruling)
    # a hand later the deal has passed to the right: the last mà deals
    while g.phase.key != "deal":
        seat = g.current_player
        if seat == TABLE:
            g.advance()
        else:
            g.apply(Action("give_up", seat))
    assert g.dealer == 3 and g.ma == 2


# ---- V6: the tricks -----------------------------------------------------------------------
TIE = [("4-coins", "4-cups"), ("5-coins", "5-cups"), ("6-coins", "6-cups")]
WIN = [("3-swords", "4-clubs"), ("3-clubs", "5-clubs"), ("3-cups", "6-clubs")]


def _sequence_hand(seq):
    """A 2-player hand whose tricks come out as ``seq`` (0, 1 or None for each trick)."""
    cards = {0: [], 1: []}
    for k, out in enumerate(list(seq) + [None] * (3 - len(seq))):
        if out is None:
            a, b = TIE[k]
        elif out == 0:
            a, b = WIN[k]
        else:
            b, a = WIN[k]
        cards[0].append(a)
        cards[1].append(b)
    return cards


@pytest.mark.parametrize("seq", list(itertools.product([0, 1, None], repeat=3)))
def test_V6_every_trick_outcome_sequence(seq):
    cards = _sequence_hand(seq)
    g = dealt(2, cards)
    ma_side = g.table.team_of(g.ma)
    winner, played = hand_v6(list(seq), ma_side)
    k = 0
    while g.phase.key == "play":
        seat = g.current_player
        g.apply(Action("play", seat, card=C(cards[seat][k])))
        if not g.trick.plays and g.phase.key == "play":
            k += 1
            # V6: the winner of a trick leads the next; after a parda the same leader (ruling)
            last, out = g.tricks[-1], g.outcomes[-1]
            assert g.trick.leader == (last.leader if out.tie else out.seat)
    assert len(g.tricks) == played
    assert [o.side if not o.tie else None for o in g.outcomes] == list(seq[:played])
    assert g.hand_winner == winner
    settle(g)
    assert g.points[winner] == 1 and g.points[1 - winner] == 0


def test_V6_partners_equal_top_cards_win_for_their_side_and_opponents_tie():
    # 4 players, dealer A: order D, C, B, A; sides A+C (0) and B+D (1)
    g = dealt(4, {3: ["3-swords", "4-coins", "4-cups"], 2: ["5-coins", "5-cups", "5-swords"],
                  1: ["3-clubs", "6-coins", "6-cups"], 0: ["6-swords", "6-clubs", "7-cups"]})
    play(g, 3, "3-swords"); play(g, 2, "5-coins"); play(g, 1, "3-clubs"); step = play(g, 0, "6-swords")
    assert not g.outcomes[0].tie and g.outcomes[0].side == 1 and g.outcomes[0].seat == 3
    assert "partner" in step.text
    g = dealt(4, {3: ["3-swords", "4-coins", "4-cups"], 2: ["3-clubs", "5-cups", "5-swords"],
                  1: ["5-coins", "6-coins", "6-cups"], 0: ["6-swords", "6-clubs", "7-cups"]})
    play(g, 3, "3-swords"); step = play(g, 2, "3-clubs"); play(g, 1, "5-coins"); step = play(g, 0, "6-swords")
    assert g.outcomes[0].tie and "parda" in step.text


def test_V6_third_trick_not_played_when_it_cannot_change_the_result():
    g = dealt(2, _sequence_hand([0, None]))
    cards = _sequence_hand([0, None])
    for k in range(2):
        for _ in range(2):
            seat = g.current_player
            step = g.apply(Action("play", seat, card=C(cards[seat][k])))
    assert g.phase.key == "settle" and len(g.tricks) == 2
    assert "not played" in step.text and "first" in step.text


# ---- V7: the truc ladder ------------------------------------------------------------------
def _ladder_to(level, last_answer):
    """2 players; A (seat 0) holds the three best cards. B (mà) calls truc, and the two raise
    in turn as answers up to ``level``; then the one called accepts or refuses."""
    g = dealt(2, {0: STRONG, 1: WEAK})
    caller = 1
    steps = [call(g, 1, "truc")]
    for k in range(1, level):
        caller = 1 - caller
        steps.append(call(g, caller, LADDER_V7[k][0]))
    answer = accept if last_answer else refuse
    steps.append(answer(g, 1 - caller))
    return g, caller, steps


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_V7_every_step_of_the_ladder_accepted(level):
    g, caller, steps = _ladder_to(level, True)
    name, worth, refused = LADDER_V7[level - 1]
    assert name in steps[-2].text or name in steps[-1].text
    assert g.truc_level == level
    while g.phase.key == "play":
        seat = g.current_player
        g.apply(max((a for a in g.legal_actions() if a.kind == "play"),
                    key=lambda a: g.power(a.card, "")))
    steps = settle(g)
    if worth == "cama":
        assert g.camas == [1, 0] and g.cama_log[0]["points"] == [24, 0]
        assert "whole cama" in steps[-1].text
    else:
        assert g.points == [worth, 0]
        assert f"{worth} points" in steps[-1].text


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_V7_every_step_of_the_ladder_refused(level):
    g, caller, steps = _ladder_to(level, False)
    name, worth, refused = LADDER_V7[level - 1]
    assert g.phase.key == "settle" and not g.tricks           # the hand ends at once
    assert f"{refused} point" in steps[-1].text
    settle(g)
    side = g.table.team_of(caller)
    assert g.points[side] == refused and g.points[1 - side] == 0


def test_V7_each_bet_says_what_it_is_worth_and_what_a_refusal_gives():
    g = dealt(2, {0: STRONG, 1: WEAK})
    t = call(g, 1, "truc").text
    assert "worth 2 points" in t and "refused, 1" in t
    t = call(g, 0, "birtruc").text
    assert "worth 3 points" in t and "refused, 2" in t
    t = call(g, 1, "quatre val").text
    assert "worth 4 points" in t and "refused, 3" in t
    t = call(g, 0, "joc fora").text
    assert "whole cama" in t and "refused, 4" in t


def test_V7_raise_later_only_by_the_side_that_received_the_bet():
    g = dealt(2, {0: STRONG, 1: WEAK})
    call(g, 1, "truc")
    accept(g, 0)
    # B made the bet: B may not raise it
    e = refused_unchanged(g, Action("call", 1, what="birtruc"), "V7")
    assert "only the other side" in e.reason
    play(g, 1, "4-coins")
    step = call(g, 0, "birtruc")             # A received it: may raise at any time, on its turn
    assert "at any time" in step.text and g.current_player == 1
    accept(g, 1)
    assert g.truc_level == 2 and g.current_player == 0


def test_V7_bad_bets_are_refused_with_their_rule():
    g = dealt(2, {0: STRONG, 1: WEAK})
    e = refused_unchanged(g, Action("call", 1, what="birtruc"), "V7")
    assert "no truc has been called" in e.reason
    refused_unchanged(g, Action("call", 0, what="truc"), "V6")          # out of turn
    refused_unchanged(g, Action("accept", 1), "V7")                      # nothing to accept
    refused_unchanged(g, Action("call", 1, what="retruc"), "V7")
    call(g, 1, "truc")
    refused_unchanged(g, Action("play", 0, card=C("1-swords")), "V7")    # play stops
    refused_unchanged(g, Action("call", 0, what="joc fora"), "V7")
    refused_unchanged(g, Action("play", 1, card=C("4-coins")), "V7")     # not B's turn now


# ---- V8: giving up ------------------------------------------------------------------------
def test_V8_two_players_giving_up_loses_the_hand_at_once():
    g = dealt(2, {0: STRONG, 1: WEAK})
    call(g, 1, "truc")
    accept(g, 0)
    step = g.apply(Action("give_up", 1))
    assert g.phase.key == "settle" and g.hand_winner == 0 and "our ruling" in step.text
    settle(g)
    assert g.points == [2, 0]                               # the truc at its current value


def test_V8_four_players_the_partner_plays_on():
    g = dealt(4)
    step = g.apply(Action("give_up", 3))                    # D, mà, gives up before leading
    assert "B plays on" in step.text and g.current_player == 2
    assert 3 in g.folded and g.hands[3] == [] and len(g.laid[3]) == 3
    # the trick is complete without D
    for seat in (2, 1, 0):
        assert g.current_player == seat
        g.apply([a for a in g.legal_actions() if a.kind == "play"][0])
    assert len(g.tricks) == 1 and len(g.tricks[0].plays) == 3
    refused_unchanged(g, Action("play", 3, card=g.laid[3][0]), "V6")


def test_V8_a_side_all_given_up_loses_at_the_truc_value():
    g = dealt(4)
    g.apply(Action("give_up", 3))
    play(g, 2, g.hands[2][0].code)
    g.apply(Action("give_up", 1))
    assert g.phase.key == "settle" and g.hand_winner == 0
    settle(g)
    assert g.points == [1, 0]


# ---- V9: the envit ------------------------------------------------------------------------
def test_V9_envit_value_of_every_possible_hand():
    deck = [c.code for c in Truc(2).deck_cards]
    hands = list(itertools.combinations(deck, 3))
    assert len(hands) == 1540
    values = []
    for hand in hands:
        v = envit_value([C(c) for c in hand])
        assert v == envit_v9(hand), hand
        assert str(v) in envit_words([C(c) for c in hand])
        values.append(v)
    assert max(values) == 33                 # the verse's "envido of 33" is the highest
    best = [h for h, v in zip(hands, values) if v == 33]
    assert all({"7", "6"} <= {c.split("-")[0] for c in h} for h in best)


@pytest.mark.parametrize("codes,value", [
    (["7-swords", "6-swords", "3-clubs"], 33), (["1-swords", "7-swords", "5-swords"], 32),
    (["3-coins", "4-cups", "7-clubs"], 7), (["1-swords", "1-clubs", "4-swords"], 25)])
def test_V9_the_digests_checks(codes, value):
    cards = [C(c) for c in codes]
    assert envit_value(cards) == value == envit_v9(codes)
    words = envit_words(cards)
    assert words.endswith(str(value))


def test_V9_envit_worked_out_in_words():
    assert envit_words([C("7-swords"), C("6-swords"), C("3-clubs")]) == \
        "7 and 6 of swords: 7 + 6 + 20 = 33"


def _envit_4(values_hands, dealer=0, **kw):
    return dealt(4, values_hands, dealer=dealer, **kw)


def test_V9_envit_called_on_ones_first_turn_before_ones_own_first_card():
    g = dealt(4)
    play(g, 3, g.hands[3][0].code)
    # D has played: no envit for D any more; C, B and A may still call (our ruling, reading a)
    assert not g.may_envit(3)
    play(g, 2, g.hands[2][0].code)
    play(g, 1, g.hands[1][0].code)
    assert g.may_envit(0)
    step = call(g, 0, "envit")                # the last player of the first trick
    assert "Play stops" in step.text and g.current_player == 3
    refused_unchanged(g, Action("play", 3, card=g.hands[3][0]), "V9")
    accept(g, 3)
    assert g.current_player == 0
    e = refused_unchanged(g, Action("call", 0, what="envit"), "V9")
    assert "already been called" in e.reason


def test_V9_envit_after_ones_first_card_is_refused():
    g = dealt(2)
    play(g, 1, g.hands[1][0].code)
    play(g, 0, g.hands[0][0].code)
    seat = g.current_player
    e = refused_unchanged(g, Action("call", seat, what="envit"), "V9")
    assert "first card" in e.reason or "already played" in e.reason


def test_V9_envit_before_answering_a_truc_but_not_after_a_truc_is_accepted():
    g = dealt(4)
    call(g, 3, "truc")                         # D calls truc; C answers
    step = call(g, 2, "envit")                 # C calls envit first
    assert "envit comes first" in step.text and g.current_player == 1   # B (next opponent) answers
    accept(g, 1)
    assert g.current_player == 2 and g.calls[-1].kind == "truc"        # back to the truc
    accept(g, 2)
    g2 = dealt(4)
    call(g2, 3, "truc")
    accept(g2, 2)
    e = refused_unchanged(g2, Action("call", 3, what="envit"), "V9")
    assert "truc has already been accepted" in e.reason
    # D played, then C calls truc: D cannot envit while answering... D is not the answerer;
    # B answers C's truc and may call envit first; C, who made the truc bet, may not
    g3 = dealt(4)
    play(g3, 3, g3.hands[3][0].code)
    call(g3, 2, "truc")
    assert g3.current_player == 1 and g3.may_envit(1)
    accept(g3, 1)
    e = refused_unchanged(g3, Action("call", 2, what="falta"), "V9")


def test_V9_torne_falta_and_refusals():
    # refused envit: 1; refused torne: 2; refused falta after torne: 4; after envit: 2
    for bets, refused_points in ((["envit"], 1), (["envit", "torne"], 2),
                                 (["envit", "torne", "falta"], 4), (["envit", "falta"], 2),
                                 (["falta"], 1)):
        g = dealt(2, {0: STRONG, 1: WEAK})
        caller = 1
        call(g, 1, bets[0])
        for b in bets[1:]:
            caller = 1 - caller
            call(g, caller, b)
        step = refuse(g, 1 - caller)
        assert "Nobody shows" in step.text
        assert g.view(0)["envit"]["values"][1] is None
        g.apply(Action("play", g.current_player, card=g.hands[g.current_player][0]))
        g.apply(Action("give_up", g.current_player))
        steps = settle(g)
        side = g.table.team_of(caller)
        envit = [s for s in steps if s.action.what == "envit"][0]
        assert f"{refused_points} point" in envit.text
        assert g.history[-2].action.what == "envit"      # settled before the truc (V10)


def test_V9_only_falta_answers_a_torne_and_falta_cannot_be_raised():
    g = dealt(2)
    call(g, 1, "envit")
    call(g, 0, "torne")
    e = refused_unchanged(g, Action("call", 1, what="torne"), "V9")
    assert "only answer to a torne is falta" in e.reason
    call(g, 1, "falta")
    refused_unchanged(g, Action("call", 0, what="torne"), "V9")
    refused_unchanged(g, Action("call", 0, what="falta"), "V9")
    g = dealt(2)
    refused_unchanged(g, Action("call", 1, what="torne"), "V9")


def test_V9_tie_goes_to_ma_else_the_tied_player_nearest_to_ma():
    # dealer A: mà D (3); order D, C, B, A.  C and B tie at 31, D lower: C is nearer to mà
    g = _envit_4({3: ["4-coins", "5-cups", "6-clubs"], 2: ["7-swords", "4-swords", "3-coins"],
                  1: ["7-cups", "4-cups", "3-clubs"],
                  0: ["5-swords", "6-coins", "3-cups"]})
    call(g, 3, "envit")
    accept(g, 2)
    for _ in range(20):
        if g.phase.key != "play":
            break
        g.apply(Action("give_up", g.current_player))
    steps = settle(g)
    envit = [s for s in steps if s.action.what == "envit"][0]
    assert g.previous["envit"] == [6, 31, 31, 6]
    assert g.previous["envit_winner"] == 2 and "nearest to mà" in envit.text
    # mà in the tie wins it
    g = _envit_4({3: ["7-swords", "4-swords", "3-coins"], 1: ["7-cups", "4-cups", "3-clubs"],
                  2: ["4-coins", "5-cups", "6-clubs"], 0: ["5-swords", "6-coins", "3-cups"]})
    call(g, 3, "envit")
    accept(g, 2)
    while g.phase.key == "play":
        g.apply(Action("give_up", g.current_player))
    steps = settle(g)
    assert g.previous["envit_winner"] == 3
    assert "mà wins ties" in [s for s in steps if s.action.what == "envit"][0].text


@pytest.mark.parametrize("a", range(24))
def test_V9_falta_at_every_score(a):
    for b in range(24):
        g = dealt(2, {0: ["7-swords", "6-swords", "3-clubs"], 1: WEAK}, score=[a, b])
        step = call(g, 1, "falta")
        expect_stake = None if (a <= 12 and b <= 12) else 24 - max(a, b)   # V1: 12 is males
        assert falta_value([a, b]) == expect_stake
        assert ("whole cama" in step.text) == (expect_stake is None)
        accept(g, 0)
        g.apply(Action("give_up", 1))
        steps = settle(g)
        gained = 24 - a if expect_stake is None else expect_stake
        after_envit = min(24, a + gained)
        if after_envit == 24:
            assert g.camas == [1, 0] and g.cama_log[0]["points"] == [24, b]
            assert len(steps) == 1                                  # the truc is not counted
            assert "truc of this hand does not count" in steps[0].text
        elif after_envit + 1 == 24:                                 # the truc (1) ends it
            assert len(steps) == 2 and g.cama_log[0]["points"] == [24, b]
        else:
            assert g.points == [after_envit + 1, b]


@pytest.mark.parametrize("score, after_envit, after_torne", [
    ([23, 5], False, False),     # falta 1: answers neither
    ([5, 22], False, False),     # falta 2: no more than an envit
    ([21, 5], True, False),      # falta 3: raises an envit (2), not a torne (4)
    ([5, 20], True, False),      # falta 4: raises an envit; the torne is already 4
    ([19, 5], True, True),       # falta 5
    ([12, 3], True, True),       # falta 12
    ([11, 11], True, True),      # both in the males: the whole cama
])
def test_V9_a_falta_that_answers_a_bet_must_raise_it(score, after_envit, after_torne):
    """Our ruling (V9): a falta that answers an envit or a torne must put more at stake than
    it; when it would not (near the end of a cama), it is neither offered nor allowed, the
    refusal says why and changes nothing, and the envit or torne is accepted or refused. A
    falta that opens the betting may be called at any score."""
    assert "a falta that answers an envit or a torne must put more at stake" in RULES["V9"]
    assert "a falta that opens the betting may be called at any score" in RULES["V9"]
    stake = falta_value(score)
    g = dealt(2, {0: STRONG, 1: WEAK}, score=score)
    assert Action("call", 1, what="falta") in g.legal_actions()          # it may open
    call(g, 1, "envit")
    falta = Action("call", 0, what="falta")
    assert (falta in g.legal_actions()) == after_envit
    if not after_envit:
        e = refused_unchanged(g, falta, "V9")
        assert e.reason == (
            f"a falta now bets only {stake} point{'s' if stake != 1 else ''} (what the leading "
            f"side, on {max(score)}, lacks to win the cama), no more than the envit's 2: a falta "
            f"that answers a bet must raise it (our ruling, V9), so answer the envit with torne, "
            f"or accept or refuse it")
    call(g, 0, "torne")
    falta = Action("call", 1, what="falta")
    assert (falta in g.legal_actions()) == after_torne
    if after_torne:
        step = call(g, 1, "falta")
        assert "refused, 4 (the torne)" in step.text
        accept(g, 0)
        assert g.envit_stake == stake and (stake is None or stake > 4)
    else:
        e = refused_unchanged(g, falta, "V9")
        assert "no more than the torne's 4" in e.reason and e.reason.endswith(
            "so accept or refuse the torne")
        assert sorted(a.kind for a in g.legal_actions()) == ["accept", "refuse"]
        accept(g, 1)
        assert g.envit_stake == 4


def test_V9_a_falta_that_opens_the_betting_near_the_end_of_a_cama():
    """At 23–5 a falta may still open the betting (1 point; refused, 1), as the rule reads."""
    g = dealt(2, {0: STRONG, 1: WEAK}, score=[23, 5])
    step = call(g, 1, "falta")
    assert "will win 1 point" in step.text and g.describe(step.action) == "Falta (1)"
    assert [a.kind for a in g.legal_actions()] == ["accept", "refuse"]


def test_V9_seat_views_show_others_envit_only_at_the_settling():
    g = _envit_4({3: ["7-swords", "6-swords", "3-clubs"]})
    v = g.view(1)
    assert v["envit"]["values"][1] is not None
    assert [x for i, x in enumerate(v["envit"]["values"]) if i != 1] == [None] * 3
    call(g, 3, "envit")
    accept(g, 2)
    while g.phase.key == "play":
        g.apply(Action("give_up", g.current_player))
    g.apply(g.legal_actions()[0])             # the envit is settled
    v = g.view(1)
    assert v["envit"]["values"] == g.envit_values()


# ---- V10: order of settling ---------------------------------------------------------------
def test_V10_envit_settled_first_wins_the_cama_before_the_truc():
    # side 2 (B) is on 22 and needs 2; side 1 (A) on 23 needs 1. A wins the tricks, B the envit.
    g = dealt(2, {0: STRONG, 1: ["7-coins", "6-coins", "3-clubs"]}, score=[23, 22])
    call(g, 1, "envit")
    accept(g, 0)
    call(g, 1, "truc")
    accept(g, 0)
    play(g, 1, "3-clubs"); play(g, 0, "1-swords"); play(g, 0, "1-clubs"); play(g, 1, "6-coins")
    assert g.phase.key == "settle" and g.hand_winner == 0
    steps = settle(g)
    assert len(steps) == 1 and steps[0].action.what == "envit"
    assert g.camas == [0, 1] and g.cama_log[0]["points"] == [23, 24]
    assert "before the truc is counted" in steps[0].text


def test_V10_refused_envit_counted_before_the_truc():
    g = dealt(2, {0: STRONG, 1: WEAK}, score=[10, 23])
    call(g, 1, "envit")
    refuse(g, 0)
    play(g, 1, "4-coins"); play(g, 0, "1-swords"); play(g, 0, "1-clubs"); play(g, 1, "5-cups")
    steps = settle(g)
    assert steps[0].action.what == "envit" and g.camas == [0, 1]


# ---- V11 ----------------------------------------------------------------------------------
def test_V11_comparison_with_argentine_truco_matches_the_engine():
    g = Truc(4)
    text = RULES["V11"]
    assert len(g.deck_cards) == 22 and "22 cards instead of 40" in text
    assert g.target == 24 and "24" in text and "30" in text
    assert g.ladder[-1][0] == "joc fora" and g.ladder[-1][1] is None
    for word in ("flor", "real envido"):
        assert word in text
        assert word not in {a.what for a in dealt(4).legal_actions()}


# ---- variants -----------------------------------------------------------------------------
def test_VV1_camas_of_18():
    g = Truc(2, options={"VV1": True})
    assert (g.target, g.half, g.camas_to_win) == (18, 9, 2)
    assert falta_value([9, 3], 18, 9) is None        # 9 is still in the males, as 12 in V1
    assert falta_value([10, 3], 18, 9) == 8
    assert [Truc(2, options={"VV1": True}, score=[p, 0]).side_part(0) for p in (8, 9, 10)] == \
        ["males", "males", "bones"]
    g = dealt(2, {0: STRONG, 1: WEAK}, options={"camas18": True}, score=[17, 0])
    g.apply(Action("give_up", 1))
    settle(g)
    assert g.camas == [1, 0] and g.cama_log[0]["points"] == [18, 0]


def test_VV2_catalan_truc():
    g = dealt(2, {0: STRONG, 1: WEAK}, options={"VV2": True})
    assert g.target == 12 and g.camas_to_win == 1
    assert [a.what for a in g.legal_actions() if a.kind == "call"] == ["truc"]
    refused_unchanged(g, Action("call", 1, what="envit"), "VV2")
    call(g, 1, "truc")
    call(g, 0, "retruc")
    assert [a.kind for a in g.legal_actions()] == ["accept", "refuse"]
    refuse(g, 1)
    settle(g)
    assert g.points == [2, 0]
    with pytest.raises(ConfigError):
        Truc(2, options={"VV1": True, "VV2": True})


# ---- the whole game -----------------------------------------------------------------------
def _invariants(g, before):
    every = []
    for s in range(g.n):
        every += g.hands[s] + g.laid[s]
    for t in g.tricks:
        every += list(t.cards)
    if g.trick is not None and g.trick not in g.tricks:
        every += list(g.trick.cards)
    every += g.stock
    if g.phase.key != "deal":
        assert len(every) == 22 and set(every) == set(g.deck_cards)
    pts, camas = before
    assert all(0 <= p <= g.target for p in g.points)
    if g.camas == camas:
        gained = [g.points[i] - pts[i] for i in (0, 1)]
        assert min(gained) >= 0 and (gained[0] == 0 or gained[1] == 0)   # one side at a time
    else:
        won = [i for i in (0, 1) if g.camas[i] != camas[i]]
        assert len(won) == 1 and g.camas[won[0]] == camas[won[0]] + 1
        assert g.cama_log[-1]["points"][won[0]] == g.target        # a cama ends at 24
        assert g.points == [0, 0] or g.finished


@pytest.mark.parametrize("n", [2, 4, 6])
def test_random_play_keeps_the_invariants(n):
    from cardwidgets import RandomPlayer, RuleOfThumbPlayer
    games = 334 if n != 6 else 333
    for seed in range(games):
        g = Truc(n, dealer=seed % n)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 10 + s) if (seed + s) % 3 else RuleOfThumbPlayer(s)
                   for s in range(n)]
        steps = 0
        while not g.finished:
            before = (list(g.points), list(g.camas))
            actor = g.current_player
            if actor == CHANCE:
                g.apply(g.chance_action(rng))
            elif actor == TABLE:
                g.apply(g.legal_actions()[0])
            else:
                g.apply(players[actor].choose(g, actor))
            _invariants(g, before)
            steps += 1
            assert steps < 5000
        assert max(g.camas) == 2 and g.result()["finished"]


def test_rule_of_thumb_calls_and_answers():
    g = dealt(2, {1: ["7-swords", "6-swords", "3-clubs"], 0: WEAK})
    a = g.rule_of_thumb(1, random.Random(0))
    assert a.kind == "call" and a.what == "envit"
    g.apply(a)
    assert g.rule_of_thumb(0, random.Random(0)).kind == "refuse"
    g = dealt(2, {1: WEAK, 0: STRONG})
    call(g, 1, "truc")
    assert g.rule_of_thumb(0, random.Random(0)).what == "birtruc"


def test_records_round_trip(tmp_path):
    from cardwidgets import RuleOfThumbPlayer, play_out
    for n in (2, 4, 6):
        g = play_out(Truc(n, dealer=1), RuleOfThumbPlayer(n), seed=n)
        rec = record_of(g)
        back = load_record(json.loads(json.dumps(rec)))
        assert [s.to_json() for s in back.history] == [s.to_json() for s in g.history]
        assert back.result() == g.result()
        rec["result"]["camas"] = [0, 0]
        with pytest.raises(RecordError):
            load_record(rec)


def test_registry_and_cli(capsys):
    from cardwidgets.cli import main
    assert GAMES["truc"] is Truc
    assert main(["play", "truc", "--players", "4", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Winner" in out
    assert main(["play", "truc", "--players", "8"]) == 2
    assert "24 cards" in capsys.readouterr().err
    assert main(["replay", "truc-settling"]) == 0
    out = capsys.readouterr().out
    assert "before the truc is counted" in out and "camas won" in out
    assert main(["rules", "truc"]) == 0
    assert "V11." in capsys.readouterr().out


def test_rulings_are_written_where_the_rules_are_shown():
    rulings = sum(RULES[r].count("Our ruling") for r in RULES)
    assert rulings >= 14
    for rid in ("V1", "V5", "V6", "V7", "V8", "V9", "V10"):
        assert "Our ruling" in RULES[rid]


# ---- worked examples ----------------------------------------------------------------------
def test_example_parda_record():
    g = load_record("truc-parda")
    assert g.record_facts["stated"] and g.record_facts["chosen"]
    first = g.previous["tricks"]
    assert first[0]["tie"] and first[1]["side"] == 0 and len(first) == 2
    assert g.points == [2, 0] and g.previous["way"] == "tie_then_win"


def test_example_settling_record_envit_wins_the_cama_first():
    g = load_record("truc-settling")
    assert g.setup["score"] == [21, 22]
    assert g.camas == [0, 1] and g.cama_log[0]["points"] == [21, 24]
    assert g.previous["winner"] == 0                     # side 1 won the tricks...
    assert [s["what"] for s in g.previous["settled"]] == ["envit"]   # ...but only the envit counted
    assert "before the truc is counted" in g.history[-1].text


def test_example_ladder_record():
    g = load_record("truc-ladder")
    bets = [s.action.what for s in g.history if s.action.kind == "call"]
    assert bets == [r[0] for r in LADDER_V7]
    assert g.camas == [1, 0] and g.cama_log[0]["points"] == [24, 0]


def test_examples_round_trip():
    for name in ("truc-parda", "truc-settling", "truc-ladder"):
        g = load_record(name)
        back = load_record(json.loads(json.dumps(record_of(g, facts=g.record_facts))))
        assert [s.to_json() for s in back.history] == [s.to_json() for s in g.history]


# ---- properties ---------------------------------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402


def _seen(g):
    view = g.view()
    view.pop("steps_total")          # counts the steps undone too: it changes with back()
    return json.dumps(view, sort_keys=True)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 4, 6]), st.integers(0, 10_000), st.data())
def test_any_legal_line_is_legal_and_steps_back_exactly(n, seed, data):
    """Whatever legal actions are chosen, each one is legal by why_not, every step names a
    rule with a text, and stepping back and forward again gives the same views."""
    g = Truc(n, dealer=seed % n)
    rng = random.Random(seed)
    views = [_seen(g)]
    for _ in range(data.draw(st.integers(1, 80))):
        if g.finished:
            break
        if g.current_player == CHANCE:
            action = g.chance_action(rng)
        else:
            legal = g.legal_actions()
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
            assert g.why_not(action) is None
        step = g.apply(action)
        assert step.rule and g.rule_text(step.rule)
        views.append(_seen(g))
    k = data.draw(st.integers(0, len(g.actions)))
    g.back(k)
    assert _seen(g) == views[len(g.actions)]
    g.forward(k)
    assert _seen(g) == views[-1]


# ---- found in review (each named after its rule) ------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 3, 5, 7, 9])
def test_V3_any_count_but_2_4_6_is_refused_naming_V3(n):
    with pytest.raises(ConfigError) as exc:
        Truc(n)
    assert exc.value.field == "players" and "2, 4 or 6" in str(exc.value) and "V3" in str(exc.value)


def test_V7_a_refused_bet_ending_the_hand_is_marked_our_ruling():
    # the document gives only the points of a refused bet; that the hand ends is ours
    assert "Our ruling: a refused bet ends the hand" in RULES["V7"]
    g = dealt(2, {0: STRONG, 1: WEAK})
    call(g, 1, "truc")
    step = refuse(g, 0)
    assert "the hand ends" in step.text and g.phase.key == "settle"


def test_V7_two_players_the_answerer_is_not_said_to_answer_for_itself():
    g = dealt(2, {0: STRONG, 1: WEAK})
    step = call(g, 1, "truc")
    assert step.text.endswith("A answers.") and "for A" not in step.text
    step = call(dealt(4), 3, "truc")
    assert step.text.endswith("C answers for Side 1 (A and C).")


def test_V8_a_hand_given_up_with_no_bet_is_1_point_not_1_points():
    g = dealt(2, {0: STRONG, 1: WEAK})
    step = g.apply(Action("give_up", 1))
    assert "B loses the hand at once" in step.text
    assert "1 point (our ruling, V8)" in step.text and "1 points" not in step.text
    settle(g)
    assert g.points == [1, 0]


def test_V9_a_falta_of_1_point_is_said_in_the_singular():
    g = dealt(2, {0: STRONG, 1: WEAK}, score=[23, 5])
    step = call(g, 1, "falta")
    assert "win 1 point: what the leading side, on 23, lacks" in step.text
    step = accept(g, 0)
    assert "1 points" not in step.text
    play(g, 1, "4-coins")
    play(g, 0, "1-swords")
    play(g, 0, "1-clubs")
    play(g, 1, "5-cups")
    steps = settle(g)
    assert all("1 points" not in s.text for s in steps)


def test_V9_play_stops_until_the_envit_betting_is_closed_not_settled():
    # the envit is only checked at the end of the hand (V10): the call must not say "settled"
    g = dealt(2, {0: STRONG, 1: WEAK})
    step = call(g, 1, "envit")
    assert "until the envit betting is closed" in step.text
    assert "counted at the end of the hand" in step.text and "is settled" not in step.text


def test_V10_the_table_says_a_truc_was_not_counted_when_the_envit_won_the_cama_first():
    from cardwidgets.games.truc.picture import picture
    g = load_record("truc-settling")                   # the envit of 33 ends cama 1 first
    assert g.phase.key == "deal" and g.previous["winner"] == 0
    assert "not counted: the envit won the cama first (V10)" in picture(g)
    g = load_record("truc-parda")                      # an ordinary hand: its truc counted
    g.advance()
    if g.phase.key == "deal" and g.previous:
        assert "not counted" not in picture(g)


def test_V1_the_score_says_which_cama_and_males_or_bones():
    g = Truc(4, score=[12, 3])
    step = g.apply(g.scripted_deal({}))
    assert step.text.startswith("Hand 1. Score in cama 1: Side 1 (A and C) 12 (in the males), "
                                "Side 2 (B and D) 3 (in the males).")
    assert Truc(4, options={"VV2": True}).score_words().startswith("Score: ")   # one game to 12


def test_V7_a_call_that_names_no_bet_asks_which_bet_and_changes_nothing():
    import random as _random
    game = Truc(2)
    game.apply(game.chance_action(_random.Random(1)))
    before = game.view(None)
    refusal = game.why_not(Action("call", seat=game.current_player))
    assert refusal.rule == "V7" and "say which bet you call" in str(refusal)
    assert "None" not in str(refusal)
    with pytest.raises(IllegalAction):
        game.apply(Action("call", seat=game.current_player))
    assert game.view(None) == before


# ---- the audit against document 003: cases no issue spelled out -------------------------
def test_V6_partners_equal_top_cards_the_first_of_them_leads_the_next():
    """V6: "the player who wins a trick leads the next"; our ruling: when partners' equal top
    cards win it, the first of them to play it leads."""
    # 4 players, dealer A: order D, C, B, A; sides A+C (0) and B+D (1)
    g = dealt(4, {3: ["5-swords", "4-coins", "4-cups"], 2: ["5-coins", "5-cups", "6-swords"],
                  1: ["3-clubs", "6-coins", "6-cups"], 0: ["3-swords", "6-clubs", "7-cups"]})
    play(g, 3, "5-swords"); play(g, 2, "5-coins"); play(g, 1, "3-clubs")
    step = play(g, 0, "3-swords")
    assert g.outcomes[0].tie           # B's 3 and A's 3: opponents, a parda
    g = dealt(4, {3: ["3-swords", "4-coins", "4-cups"], 2: ["5-coins", "5-cups", "6-swords"],
                  1: ["3-clubs", "6-coins", "6-cups"], 0: ["4-swords", "6-clubs", "7-cups"]})
    play(g, 3, "3-swords"); play(g, 2, "5-coins"); play(g, 1, "3-clubs")
    step = play(g, 0, "4-swords")
    assert g.outcomes[0].side == 1 and not g.outcomes[0].tie
    assert g.trick.leader == 3 and g.current_player == 3 and "D leads the next" in step.text
    assert "the first of them to play it leads the next trick" in RULES["V6"]


def test_V9_only_the_fixed_bets_are_played_an_envit_names_no_amount():
    """V9: "some players bet any amount on the envit; the fixed bets are the usual way".
    Our ruling: only the fixed bets; a bet with an amount is refused, naming the field."""
    assert "Our ruling: only the fixed bets are played" in RULES["V9"]
    g = dealt(2)
    reason = refused_unchanged(g, Action("call", 1, what="envit", amount=7), "V9").reason
    assert reason.startswith("amount: the envit bets are fixed") and "an envit" in reason
    reason = refused_unchanged(g, Action("call", 1, what="truc", amount=3), "V7").reason
    assert reason.startswith("amount: nothing in truc is bet with an amount")
    assert all(a.amount is None for a in g.legal_actions())
    call(g, 1, "envit")
    assert [c["stake"] for c in g.view()["envit"]["calls"]] == [2]


def test_V7_a_move_out_of_turn_says_who_answers_the_bet_or_plays_next():
    g = dealt(4)                                      # mà is D (3); C (2) answers for side 1
    reason = refused_unchanged(g, Action("play", 2, card=g.hands[2][0]), "V6").reason
    assert reason.startswith("it is D's turn, not C's: mà leads the first trick (V5)")
    call(g, 3, "truc")
    reason = refused_unchanged(g, Action("accept", 0), "V7").reason
    assert reason == ("it is C's turn, not A's: C answers D's truc (accept, refuse or raise) "
                      "before anyone plays on (V7)")
    accept(g, 2)
    reason = refused_unchanged(g, Action("call", 3, what="birtruc"), "V7").reason
    assert reason.startswith("Side 2 (B and D) made the last bet (truc)") and "your" not in reason


def test_V10_nothing_is_played_or_bet_once_the_hand_is_over():
    """The hand is decided after two tricks (the third is not played, V6): a card or a bet is
    refused, naming V10, with the reason; the settling then goes on by itself."""
    g = dealt(2, {0: STRONG, 1: WEAK})
    play(g, 1, "4-coins"); play(g, 0, "1-swords"); play(g, 0, "1-clubs"); play(g, 1, "5-cups")
    assert g.phase.key == "settle" and g.hands[0]
    for action in (Action("play", 0, card=C("7-swords")), Action("call", 0, what="truc"),
                   Action("call", 1, what="envit"), Action("give_up", 1)):
        reason = refused_unchanged(g, action, "V10").reason
        assert reason.startswith("this hand is over (A has won the tricks): no more cards are "
                                 "played and no more bets made in it") and "Settle the truc" in reason


def test_V1_nothing_is_played_once_two_camas_are_won():
    g = Truc(2, score=[23, 5])
    for _ in range(100):
        if g.finished:
            break
        g.apply(g.scripted_deal({0: STRONG, 1: WEAK}))
        while g.phase.key == "play":                 # each plays their best card
            seat = g.current_player
            g.apply(Action("play", seat, card=g.hands[seat][0]))
        settle(g)
        if not g.finished:
            g.points = [23, 5]        # a lesson's shortcut to the end of the next cama
    assert g.camas == [2, 0]
    reason = refused_unchanged(g, Action("play", 1, card=C("4-coins")), "V1").reason
    assert reason == "the game is over: A has won 2 camas to 0, and two camas win the game (V1)"


def test_V3_eight_players_is_refused_as_our_ruling():
    """The document names 8 players, which 22 cards cannot deal: the refusal is our ruling,
    marked where the rule is shown."""
    assert "Our ruling: eight cannot be dealt" in RULES["V3"]
    with pytest.raises(ConfigError) as info:
        Truc(8)
    assert "24 cards" in str(info.value) and "V3" in str(info.value)


def test_V8_the_lead_passes_to_the_next_player_still_playing():
    """Our ruling: a player who gives up instead of leading passes the lead to the next player
    in turn who still plays; a parda's leader who has given up too."""
    assert "the next player in turn who still plays leads it" in RULES["V8"]
    g = dealt(4)                                     # order D, C, B, A
    step = g.apply(Action("give_up", 3))
    assert g.trick.leader == 2 and "The lead passes to C, next in turn" in step.text
    g = dealt(4, {3: ["4-coins", "6-swords", "7-cups"], 2: ["5-coins", "5-cups", "6-coins"],
                  1: ["3-clubs", "6-cups", "6-clubs"], 0: ["3-swords", "4-clubs", "4-cups"]})
    play(g, 3, "4-coins"); play(g, 2, "5-coins"); play(g, 1, "3-clubs"); play(g, 0, "3-swords")
    assert g.outcomes[0].tie and g.trick.leader == 3          # the parda's leader leads again
    step = g.apply(Action("give_up", 3))
    assert g.trick.leader == 2 and g.current_player == 2


def test_V3_our_ruling_no_signals_between_partners_in_truc():
    """V3 (our ruling): the document's truc rules give no signals, so partners make none:
    in seeded games of four no move is a signal, and asking for one is refused."""
    from cardwidgets import RuleOfThumbPlayer
    assert "Our ruling: partners make no signals" in RULES["V3"]
    for seed in range(3):
        game = Truc(4)
        rng = random.Random(seed)
        player = RuleOfThumbPlayer(seed=seed)
        while (seat := game.to_choice(rng)) is not None:
            assert not any(a.kind in ("signal", "ask_partner") for a in game.legal_actions())
            assert game.why_not(Action("signal", seat, what="one_eye")) is not None
            game.apply(player.choose(game, seat))
        assert game.finished


# ---- second audit: rules combined, and cases at the edges (rules4) ------------------------
def test_V7_V9_V10_an_accepted_envit_is_still_shown_and_counted_when_a_truc_is_refused():
    """The refused truc ends the hand (our ruling, V7), but the accepted envit is settled
    first, with every value shown (V9, V10); then the refused truc gives its caller 1."""
    g = dealt(2, {0: ["7-swords", "6-swords", "4-cups"], 1: WEAK})     # 33 against 6
    call(g, 1, "envit")
    accept(g, 0)
    call(g, 1, "truc")
    refuse(g, 0)
    assert g.phase.key == "settle" and g.tricks == []
    steps = settle(g)
    envit, truc = [s for s in steps if s.action.kind == "settle"][:2]
    assert envit.action.what == "envit" and "7 + 6 + 20 = 33" in envit.text
    assert truc.action.what == "truc" and "refused bet gives" in truc.text
    assert g.points == [2, 1]


def test_V7_V1_an_accepted_joc_fora_wins_the_cama_and_with_it_the_game():
    g = dealt(2, {0: STRONG, 1: WEAK}, score=[23, 0])
    play(g, 1, "4-coins")
    play(g, 0, "1-swords")
    play(g, 0, "1-clubs")
    play(g, 1, "5-cups")
    settle(g)
    assert g.camas == [1, 0] and g.points == [0, 0]
    g.apply(g.scripted_deal({0: STRONG, 1: WEAK}))
    assert g.ma == 0                                    # the deal passed to the right
    call(g, 0, "truc")
    call(g, 1, "birtruc")
    call(g, 0, "quatre val")
    call(g, 1, "joc fora")
    accept(g, 0)
    play(g, 0, "1-swords")
    play(g, 1, "4-coins")
    play(g, 0, "1-clubs")
    play(g, 1, "5-cups")
    steps = settle(g)
    assert "the joc fora, the whole cama (24 points)" in steps[-1].text
    assert g.finished and g.camas == [2, 0] and "wins the game" in steps[-1].text


def test_V7_V9_refusals_say_what_the_player_may_do_instead():
    g = dealt(2, {0: STRONG, 1: WEAK})
    e = refused_unchanged(g, Action("accept", 1), "V7")
    assert e.reason == ("nobody has called a bet: there is nothing to accept; now B plays a "
                        "card to the first trick (or calls truc, envit or falta, or gives up)")
    e = refused_unchanged(g, Action("call", 1, what="torne"), "V9")
    assert e.reason.endswith("it cannot open the betting: open it with envit (2) or falta")
    e = refused_unchanged(g, Action("play", 1, card=C("1-swords")), "V6")
    assert e.reason == "B does not hold the Ace of swords: play one of B's own 3 cards"
    call(g, 1, "truc")
    e = refused_unchanged(g, Action("call", 0, what="quatre val"), "V7")
    assert "answer it (accept, refuse or raise to birtruc)" in e.reason
    call(g, 0, "birtruc")
    call(g, 1, "quatre val")
    call(g, 0, "joc fora")
    e = refused_unchanged(g, Action("play", 1, card=C("4-coins")), "V7")
    assert e.reason.endswith("play stops until B answers (accept or refuse)")   # no raise left
    accept(g, 1)
    e = refused_unchanged(g, Action("call", 1, what="envit"), "V9")
    assert "a truc has already been accepted; now B plays a card to the first trick (or gives up)" \
        in e.reason
    e = refused_unchanged(g, Action("call", 1, what="truc"), "V7")
    assert "joc fora is the last bet of the ladder; now B plays a card" in e.reason


def test_V3_with_two_players_the_side_is_a_person_never_it():
    g = dealt(2, {0: STRONG, 1: WEAK})
    play(g, 1, "4-coins")
    play(g, 0, "1-swords")
    play(g, 0, "1-clubs")
    play(g, 1, "5-cups")
    truc = settle(g)[-1]
    assert "A scores 1 point (no bet was made), as they won the hand" in truc.text
    g = dealt(2, {0: ["1-swords", "4-coins", "5-coins"], 1: ["4-cups", "1-clubs", "5-cups"]})
    play(g, 1, "4-cups")
    play(g, 0, "1-swords")            # A takes the first
    play(g, 0, "4-coins")
    play(g, 1, "1-clubs")             # B the second
    play(g, 1, "5-cups")
    step = play(g, 0, "5-coins")      # a parda: A won its trick first
    assert "A, who won their trick first, wins the hand" in step.text


# ---- an oracle for the settling: the document's counting, written out again (rules4) ------
ENVIT_WORTH = {"envit": 2, "torne": 4}
TRUC_WORTH = {"truc": (2, 1), "birtruc": (3, 2), "quatre val": (4, 3), "joc fora": (None, 4)}


def _settling_oracle(g):
    """What the hand about to be settled gives, by the document's sentences: a refused bet
    gives the caller 1 or the previous bet (V7, V9); an accepted envit its worth (a falta: what
    the leader lacks, or the whole cama when both are in the males) to the best envit, ties to
    the player nearest to mà (V9); the envit first, and the first side to 24 takes the cama
    and the truc is not counted (V1, V10)."""
    pts, camas = list(g.points), list(g.camas)
    envit = None
    calls = g.envit_calls
    if calls and calls[-1]["answer"] == "refused":
        envit = (g.table.team_of(calls[-1]["by"]),
                 1 if len(calls) == 1 else ENVIT_WORTH[calls[-2]["bet"]])
    elif calls and calls[-1]["answer"] == "accepted":
        values = [envit_v9([c.code for c in g.dealt[s]]) for s in range(g.n)]
        win = next(s for s in g.table.order_from(g.ma) if values[s] == max(values))
        side = g.table.team_of(win)
        bet = calls[-1]["bet"]
        worth = (ENVIT_WORTH[bet] if bet != "falta" else
                 24 - pts[side] if max(pts) <= 12 else 24 - max(pts))
        envit = (side, worth)
    bets = g.truc_calls
    if bets and bets[-1]["answer"] == "refused":
        truc = (g.table.team_of(bets[-1]["by"]), TRUC_WORTH[bets[-1]["bet"]][1])
    else:
        accepted = [b["bet"] for b in bets if b["answer"] == "accepted"]
        worth = TRUC_WORTH[accepted[-1]][0] if accepted else 1
        truc = (g.hand_winner, worth)
    for side, worth in [x for x in (envit, truc) if x is not None]:
        worth = 24 - pts[side] if worth is None else worth     # the whole cama
        pts[side] = min(24, pts[side] + worth)
        if pts[side] == 24:
            camas[side] += 1
            return [0, 0], camas
    return pts, camas


@pytest.mark.parametrize("n", [2, 4, 6])
def test_V1_V7_V9_V10_seeded_random_hands_settle_as_the_document_counts(n):
    """Seeded random play from random scores (so the falta, the males and bones and the end
    of a cama come up often): every hand's settling agrees with the oracle above."""
    checked = 0
    for seed in range(60):
        rng = random.Random(1000 * n + seed)
        g = Truc(n, score=[rng.randrange(24), rng.randrange(24)], dealer=rng.randrange(n))
        while not g.finished:
            if g.phase.key == "deal":
                g.apply(g.chance_action(rng))
            elif g.phase.key == "settle":
                expect = _settling_oracle(g)
                while g.phase.key == "settle":
                    g.apply(g.legal_actions()[0])
                if g.finished:
                    assert g.camas == expect[1]
                else:
                    assert (g.points, g.camas) == expect
                checked += 1
            else:
                g.apply(rng.choice(g.legal_actions()))
    assert checked > 300


@pytest.mark.parametrize("names", [4, ["Ada", "You"], ["You", "B", "C", "D", "E", "F"]],
                         ids=["4", "2-you", "6-you"])
def test_V5_V10_a_step_text_made_when_read_says_what_it_said_at_its_moment(names):
    """Step texts are made when first read (issue 26), from values taken when the step was
    played: read after the game has moved on (scores, camas, hands, bets all changed, and a
    fork played on from the middle), each text is the one the same step had when read at
    once, and a deal's text names the score as it stood at that deal."""
    at_once, late = Truc(names), Truc(names)
    rng, scores, seen = random.Random(5), {}, []
    while not at_once.finished:
        if at_once.current_player == CHANCE:
            scores[len(at_once.history) + 1] = at_once.score_words()
            step = at_once.apply(at_once.chance_action(rng))
        else:
            step = at_once.apply(rng.choice(at_once.legal_actions()))
        seen.append(step.text)
    rng, trial = random.Random(5), random.Random(6)
    while not late.finished:
        if late.current_player == CHANCE:
            late.apply(late.chance_action(rng))
        else:
            late.apply(rng.choice(late.legal_actions()))
        if len(late.history) == 40:                  # a computer player's trial play-out
            fork = late.fork()
            while not fork.finished:
                fork.apply(fork.chance_action(trial) if fork.current_player == CHANCE
                           else trial.choice(fork.legal_actions()))
    assert not any(isinstance(s._text, str) for s in late.history)     # nobody read them yet
    assert len(scores) > 3 and len(set(scores.values())) > 3           # the score moved on
    assert [s.text for s in late.history] == seen
    for index, score in scores.items():
        assert late.history[index - 1].text.split(". ")[1] == score


@pytest.mark.parametrize("n, options", [(2, {}), (4, {}), (6, {}), (4, {"VV1": True}),
                                        (4, {"VV2": True})])
def test_V6_V7_V8_V9_the_legal_actions_are_exactly_the_moves_the_rules_allow(n, options):
    """The legal actions (put together from each seat's actions, made once) are exactly the
    moves of the seat to act that the rules' full check allows: every card it holds, every
    bet, answer and giving up, each tried as a new action (so the check cannot take the
    legal list's word for it), at every step of seeded random games."""
    bets = ["envit", "torne", "falta", "truc", "birtruc", "retruc", "quatre val", "joc fora"]
    for seed in range(4):
        g, rng = Truc(n, options=options), random.Random(seed)
        while not g.finished:
            seat = g.current_player
            if seat == CHANCE:
                g.apply(g.chance_action(rng))
                continue
            if seat == TABLE:
                g.advance()
                continue
            moves = ([Action("play", seat, card=c) for c in make_deck("truc22")]
                     + [Action("call", seat, what=b) for b in bets]
                     + [Action(k, seat) for k in ("accept", "refuse", "give_up")])
            legal = g.legal_actions()
            assert set(legal) == {m for m in moves if g.why_not(m) is None}
            assert len(set(legal)) == len(legal)
            g.apply(rng.choice(legal))


def _plain_turn(game):
    """Who acts, read from the rules (V5, V6, V7, V9, V10, V1), not the turn the game keeps:
    mà at the deal's end and who must play next, the seat answering an open bet, the deal,
    the settling, nobody once the game is over."""
    key = game.phase.key
    if key == "over":
        return None
    if key == "deal":
        return CHANCE
    if key == "settle":
        return TABLE
    return game.calls[-1].answer_by if game.calls else game.to_act


@pytest.mark.parametrize("n, options", [(2, {}), (4, {}), (6, {}), (4, {"VV2": True})])
def test_V5_V7_V10_the_turn_kept_is_the_turn_the_rules_give(n, options):
    """Truc keeps who acts (current_player, finished) as it goes: at every step of seeded
    random games it is the seat the rules name (the player to play, the seat answering the
    open bet, the deal, the settling, nobody at the end), and stays so through back,
    forward, goto and forks played on."""
    check_turn_kept(lambda: Truc(n, options=options), _plain_turn,
                    lambda total: (total - 1, total // 2, 7, 0, total - 5), 30)
