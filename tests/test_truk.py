"""Basque truk (document 003): rules K1–K19 and variants KV1, KV2 and KV4, each test named
after its rule; the hand table and the development table recreated from the engine; seeded random play."""
import itertools
import json
import random

import pytest

from cardwidgets import Action, ConfigError, IllegalAction, load_record, play_out, record_of
from cardwidgets import RandomPlayer, RuleOfThumbPlayer
from cardwidgets.engine import CHANCE, TABLE, make_deck
from cardwidgets.games import GAMES
from cardwidgets.games.truk import Truk
from cardwidgets.games.truk.rules import DOC_DEVELOPMENT, hand_table
from cardwidgets.records import RecordError

from truk_helpers import (C, DRAWS, act, conserved, deal, finish_hand, new, opened, play,
                          refused, step_table, win_hand, winning)

# The document's hand table (Eskuen puntuazioa), typed in again here from the document so
# that the tests do not borrow the game's own copy: trick 1, 2, 3 and the winner.
DOCUMENT_ROWS = [
    ("A", "A", "-", "A"), ("A", "=", "-", "A"), ("A", "B", "=", "A"), ("A", "B", "A", "A"),
    ("A", "B", "B", "B"), ("=", "A", "-", "A"), ("=", "=", "A", "A"), ("=", "=", "=", "esku"),
]
RANK_K2 = ["3", "2", "1", "12", "11", "10", "7", "6", "5", "4"]


# ---- planned hands: cards that give each trick a chosen outcome ---------------------------
HI, LO, TIE = ("3", "2", "1"), ("4", "5", "6"), ("12", "11", "10")


def plan(seq, n=4):
    """For outcomes ``seq`` ('A', 'B' or '=' per trick), the card each seat plays to each
    trick (side A: seats 0 and 2; side B: seats 1 and 3)."""
    suits = ("coins", "cups", "swords", "clubs")
    tricks = []
    for k, o in enumerate(seq):
        cards = {}
        for seat in range(n):
            suit = suits[seat]
            if o == "=" and seat in (0, 1):
                cards[seat] = f"{TIE[k]}-{suit}"
            elif (o == "A" and seat == 0) or (o == "B" and seat == 1):
                cards[seat] = f"{HI[k]}-{suit}"
            else:
                cards[seat] = f"{LO[k]}-{suit}"
        tricks.append(cards)
    while len(tricks) < 3:   # tricks that will not be played: any low cards
        k = len(tricks)
        tricks.append({seat: f"7-{suits[seat]}" for seat in range(n)} if k == 2 else
                      {seat: f"{LO[k]}-{suits[seat]}" for seat in range(n)})
    return tricks


def hands_of(tricks):
    return {seat: [t[seat] for t in tricks] for seat in tricks[0]}


def play_plan(game, tricks, upto=3, stop_before=None):
    """Play the planned cards in the game's order; ``stop_before=(k, i)`` stops before the
    i-th card of trick k."""
    for k in range(upto):
        for i, seat in enumerate(game.table.order_from(game.first_player)):
            if (k, i) == stop_before:
                return game
            if game.phase.key != "play":
                return game
            play(game, seat, tricks[k][seat])
    return game


def k7(seq, esku):
    """The five ways of K7, written from the document, with the tricks needed to decide:
    (winner, how many tricks are played)."""
    for k in range(1, 4):
        p = seq[:k]
        for side in "AB":
            if p.count(side) >= 2:
                return side, k                           # 1: two of the three
        if p[0] in "AB" and "=" in p[1:]:
            return p[0], k                               # 2: the first, then a tie
        if p[0] == "=" and k >= 2 and p[1] in "AB":
            return p[1], k                               # 3: a tie, then the second
        if k == 3 and p[:2] == ("=", "=") and p[2] in "AB":
            return p[2], k                               # 4: two ties, then the third
        if k == 3 and p == ("=", "=", "="):
            return esku, k                               # 5: three ties, the esku
    raise AssertionError(seq)


# ---- K1–K3: cards, rank, players -----------------------------------------------------------
def test_K1_forty_card_latin_deck():
    game = new()
    assert game.deck == "spanish40" and len(set(game.deck_cards)) == 40
    assert {c.rank for c in game.deck_cards} == set(RANK_K2)
    assert {c.suit for c in game.deck_cards} == {"coins", "cups", "swords", "clubs"}
    fresh = Truk(4)
    short = tuple(make_deck("spanish40"))[:-1]
    refused(fresh, Action("deal", cards=short), "K1")
    twice = short + short[:1]
    assert "twice" in refused(fresh, Action("deal", cards=twice), "K1").reason


def test_K2_rank_and_suits_never_matter():
    game = new()
    order = [game.power(C(f"{r}-coins"), "cups") for r in RANK_K2]
    assert order == sorted(order, reverse=True) and len(set(order)) == 10
    for r in RANK_K2:
        assert len({game.power(C(f"{r}-{s}"), "coins") for s in ("coins", "cups", "swords", "clubs")}) == 1


def test_K3_two_or_four_players_partners_facing():
    with pytest.raises(ConfigError) as info:
        Truk(5)
    assert "players" in str(info.value)
    three = Truk(3)          # itzu truk: four seats, the fourth an open hand (KV3)
    assert three.n == 4 and three.options["itzu"] and three.players[3] == "Open hand"
    game = Truk(4)
    assert game.players == ["A1", "B2", "A2", "B1"]
    assert game.table.teams == ((0, 2), (1, 3))
    for seat in range(4):
        partner = game.table.partner(seat)
        assert (partner - seat) % 4 == 2                      # facing
        assert game.side_of(game.table.next(seat)) != game.side_of(seat)   # sides alternate
    two = Truk(2)
    assert two.table.teams == ((0,), (1,)) and two.table.partner(0) is None


def test_K3_order_of_play_names_A1_B1_A2_B2():
    game = new(esku="B2")
    assert [game.players[s] for s in game.table.order_from(game.first_player)] == ["A1", "B1", "A2", "B2"]


# ---- K4: the esku -----------------------------------------------------------------------
@pytest.mark.parametrize("seq", [("B", "A", "="), ("=", "=", "A")])
def test_K4_player_on_esku_right_leads_every_trick_and_esku_plays_last(seq):
    """Our ruling: a fixed order in all three tricks, after a win and after a tie."""
    tricks = plan(seq)
    game = new(esku="B2", hands=hands_of(tricks))
    act(game, game.current_player, "play_truk")
    for k in range(3):
        assert game.trick.leader == game.first_player == 0
        order = []
        for _ in range(4):
            order.append(game.current_player)
            play(game, game.current_player, tricks[k][game.current_player])
        assert order == [0, 3, 2, 1] and order[-1] == game.esku
    assert game.hand_result["played"] == list(seq)


def test_K4_dealing_passes_to_the_right_and_the_dealer_is_esku():
    game = opened()
    eskus = [game.esku]
    for _ in range(3):
        before = game.esku
        win_hand(game, 0 if len(eskus) % 2 else 1)
        assert game.esku == game.table.next(before)
        eskus.append(game.esku)
    deal(game)
    assert "deals" in game.history[-1].text and game.players[game.esku] in game.history[-1].text


# ---- K5, K6: tricks --------------------------------------------------------------------
def test_K5_highest_rank_takes_the_trick():
    game = new(esku="B2", hands={"A1": ["4-coins", "5-coins", "6-coins"],
                                 "B1": ["12-cups", "5-cups", "6-cups"],
                                 "A2": ["11-swords", "5-swords", "6-swords"],
                                 "B2": ["10-clubs", "4-clubs", "6-clubs"]})
    act(game, game.current_player, "play_truk")
    for who, code in (("A1", "4-coins"), ("B1", "12-cups"), ("A2", "11-swords")):
        play(game, who, code)
    step = play(game, "B2", "10-clubs")
    assert game.trick_sides == [1] and "B1's King" in step.text and "K5" in step.rule


def test_K5_equal_top_cards_of_the_two_sides_tie_playing_first_gives_no_priority():
    """The document's picture: A2 and B2 each play a Horse, and the trick is a tie."""
    game = new(esku="B2", hands={"A1": ["4-coins", "5-coins", "6-coins"],
                                 "B1": ["5-cups", "6-cups", "7-cups"],
                                 "A2": ["11-swords", "5-swords", "6-swords"],
                                 "B2": ["11-clubs", "4-clubs", "6-clubs"]})
    act(game, game.current_player, "play_truk")
    for who, code in (("A1", "4-coins"), ("B1", "5-cups"), ("A2", "11-swords")):
        play(game, who, code)
    step = play(game, "B2", "11-clubs")
    assert game.trick_sides == [None] and "tie (berdinketa)" in step.text
    assert "no priority" in step.text


PARTNERS_TOP = {"A1": ["3-coins", "5-coins", "6-coins"], "B1": ["4-cups", "5-cups", "6-cups"],
                "A2": ["3-swords", "5-swords", "6-swords"], "B2": ["4-clubs", "7-clubs", "6-clubs"]}


def test_K5_equal_top_cards_of_partners_tie_by_default():
    """The document: two or more cards of one rank make a tie, with no exception for
    partners (A1 and A2 both play a 3 to the aurrea)."""
    game = new(esku="B2", hands=PARTNERS_TOP)
    assert game.options["partners_win"] is False
    act(game, game.current_player, "play_truk")
    for who in ("A1", "B1", "A2", "B2"):
        step = play(game, who, PARTNERS_TOP[who][0])
    assert game.trick_sides == [None] and step.rule.startswith("K5")
    assert "tie (berdinketa)" in step.text and "Partners' equal top cards tie too" in step.text
    assert game.view()["tricks"][0]["outcome"] == "="
    assert "maila bereko bi karta edo gehiago" in Truk.RULES["K5"]
    assert "KV4" in Truk.RULES["K5"] and "Our ruling: two equal" not in Truk.RULES["K5"]


@pytest.mark.parametrize("option", ["partners_win", "KV4"])
def test_K5_with_variant_KV4_equal_top_cards_of_partners_win_for_their_side(option):
    game = new(esku="B2", hands=PARTNERS_TOP, options={option: True})
    act(game, game.current_player, "play_truk")
    for who in ("A1", "B1", "A2", "B2"):
        step = play(game, who, PARTNERS_TOP[who][0])
    assert game.trick_sides == [0] and "variant KV4: not a tie" in step.text
    assert game.view()["tricks"][0]["outcome"] == "A"
    assert "two opponents" in Truk.RULES["KV4"] and "no exception" in Truk.RULES["KV4"]


@pytest.mark.parametrize("variant", [False, True])
def test_K5_equal_top_cards_of_opponents_tie_with_or_without_KV4(variant):
    """A1 and B2 play a 3 (and, in a second game, A1, B1 and A2 all play a 3: partners and an
    opponent): a tie either way."""
    hands = dict(PARTNERS_TOP, B2=["3-clubs", "7-clubs", "6-clubs"])
    for who_plays_3 in (("A1", "B2"), ("A1", "B1", "A2")):
        if "B1" in who_plays_3:
            hands = dict(PARTNERS_TOP, B1=["3-cups", "5-cups", "6-cups"])
        game = new(esku="B2", hands=hands, options={"partners_win": variant})
        act(game, game.current_player, "play_truk")
        for who in ("A1", "B1", "A2", "B2"):
            step = play(game, who, hands[who][0])
        assert game.trick_sides == [None], who_plays_3
        assert "tie (berdinketa)" in step.text and "Partners'" not in step.text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K5_KV4_seeded_random_tricks_tie_or_win_as_the_rule_says(players):
    """Seeded random play, KV4 in every other game: after every finished trick its outcome is
    the oracle's, written from K2 and K5 again: the single highest card takes the trick; two
    or more of the highest rank tie it, unless (KV4 only) they all belong to one side."""
    checked = {False: 0, True: 0}
    for seed in range(30):
        rng = random.Random(7000 + 100 * players + seed)
        kv4 = seed % 2 == 1
        game = Truk(players, options={"partners_win": kv4})
        seen = 0
        while not game.finished and len(game.history) < 400:
            game.apply(game.chance_action(rng) if game.current_player == CHANCE
                       else rng.choice(game.legal_actions()))
            if len(game.tricks) < seen:
                seen = 0                       # a new hand
            for trick, side in list(zip(game.tricks, game.trick_sides))[seen:]:
                top = min(RANK_K2.index(p.card.rank) for p in trick.plays)
                best = [p.seat for p in trick.plays if RANK_K2.index(p.card.rank) == top]
                sides = {game.side_of(s) for s in best}
                expect = (game.side_of(best[0]) if len(best) == 1 or (kv4 and len(sides) == 1)
                          else None)
                assert side == expect, (seed, game.history[-1].text)
                if len(best) > 1 and len(sides) == 1:
                    checked[kv4] += 1
            seen = len(game.tricks)
    if players > 2:                              # partners' equal top cards came up both ways
        assert checked[False] and checked[True], checked


def test_K5_any_card_may_be_played_but_only_ones_own():
    game = new(esku="B2")
    act(game, game.current_player, "play_truk")
    plays = [a for a in game.legal_actions() if a.kind == "play"]
    assert {a.card for a in plays} == set(game.hands[0])       # no duty to follow suit
    stranger = next(c for c in game.deck_cards if c not in game.hands[0])
    refused(game, Action("play", 0, card=stranger), "K5")
    refused(game, Action("play", 3, card=game.hands[3][0]), "K5")   # not B1's turn


def test_K6_trick_names_in_the_view():
    game = new()
    assert [t["name"] for t in game.view()["tricks"]] == ["aurrea", "erdia", "atzea"]


# ---- K7, K8: the hand --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seq", list(itertools.product("AB=", repeat=3)),
                         ids=lambda s: "".join(s) if isinstance(s, tuple) else str(s))
def test_K7_every_sequence_of_trick_outcomes(players, seq):
    """All 27 sequences, played as real hands: the engine's winner, the tricks it plays (a
    trick that cannot change the result is not played) and the document's row."""
    tricks = plan(seq, players)
    game = new(players, esku="B2" if players == 4 else "B", hands=hands_of(tricks))
    act(game, game.current_player, "play_truk")
    play_plan(game, tricks)
    winner, needed = k7(seq, "B")
    res = game.hand_result
    assert "AB"[res["side"]] == winner
    assert res["played"] == list(seq[:needed])
    assert len(game.tricks) == needed
    cells = tuple(seq[:needed]) + ("-",) * (3 - needed)
    swap = {"A": "B", "B": "A"}
    row = DOCUMENT_ROWS[res["row"] - 1]
    if res["swapped"]:
        row = tuple(swap.get(x, x) for x in row)
    assert row[:3] == cells
    assert row[3] in (winner, "esku")
    text = game.history[-1].text
    assert f"row {res['row']}" in text and "K7, way" in text
    if needed < 3:
        assert "not played" in text


@pytest.mark.parametrize("players", [2, 4])
def test_K7_way_5_says_all_three_tricks_tied(players):
    """The fifth way reads "wins the hand: all three tricks tied, …", not "it all three …"."""
    tricks = plan("===", players)
    game = new(players, esku="B2" if players == 4 else "B", hands=hands_of(tricks))
    act(game, game.current_player, "play_truk")
    play_plan(game, tricks)
    text = game.history[-1].text
    assert (" wins the hand: all three tricks tied, and the esku's side wins them (K7, way 5)"
            in text), text
    assert "it all three" not in text


def test_K8_hand_table_generated_covers_the_document_rows_and_their_swaps():
    rows = hand_table(tie_side=0)
    played = {r["played"]: r["winner"] for r in rows}
    assert len(rows) == 27 and len(played) == 15
    swap = {"A": "B", "B": "A"}
    expected = {}
    for row in DOCUMENT_ROWS:
        cells = tuple(x for x in row[:3] if x != "-")
        expected[cells] = "A" if row[3] == "esku" else row[3]
        expected[tuple(swap.get(x, x) for x in cells)] = "A" if row[3] == "esku" else swap[row[3]]
    assert played == expected


def test_K8_the_pictured_hand_B_wins():
    """A1 takes the aurrea with a 2; B1 the erdia with a King; B2 the atzea with a 2."""
    hands = {"A1": ["2-coins", "5-cups", "4-coins"], "B1": ["7-cups", "12-swords", "6-cups"],
             "A2": ["6-swords", "11-cups", "5-swords"], "B2": ["10-coins", "10-cups", "2-swords"]}
    game = new(esku="B2", hands=hands)
    act(game, game.current_player, "play_truk")
    for k in range(3):
        for who in ("A1", "B1", "A2", "B2"):
            step = play(game, who, hands[who][k])
        if k == 0:
            assert "B must take the erdia" in step.text
        if k == 1:
            assert "a tie in it gives the hand to side A" in step.text
    assert game.hand_result["side"] == 1 and game.hand_result["row"] == 5
    step_table(game)
    assert game.truks == [0, 1]


# ---- K9–K11: counters and the start ---------------------------------------------------------
def test_K9_three_tantos_eleven_truks_six_to_win():
    game = new()
    v = game.view()
    assert v["tantos"] == {"middle": 1, "sides": [0, 2]}
    assert v["truks"] == {"pile": 11, "sides": [0, 0], "target": 6}


def test_K9_the_game_ends_when_a_side_has_six_truks():
    game = opened(winner=1)
    while not game.finished:
        side = 1
        if game.stake == "tanto":
            win_hand(game, side)
        else:
            win_hand(game, side, "truk")
    assert game.truks == [0, 6] and game.result()["winning_side"] == "B"
    assert sorted(game.result()["winners"]) == [1, 3]
    assert "6 truks and wins the game" in game.history[-1].text


def test_K10_one_tanto_a_hand_and_back_to_the_middle_after_the_truk():
    game = opened()
    win_hand(game, 0)
    assert game.tantos == [1, 0] and game.tantos_middle == 2
    assert "takes a tanto" in game.history[-1].text
    win_hand(game, 0)
    assert game.tantos == [2, 0]
    win_hand(game, 1, "truk")
    assert game.tantos == [0, 0] and "back to the middle" in game.history[-1].text


def test_K11_the_draw_makes_the_first_esku_with_two_tantos():
    game = new(esku="A2")
    assert game.esku == 2 and game.tantos == [2, 0]
    assert game.due == {"side": 0, "options": 2, "path": "opening"}
    assert game.first_player == game.table.next(2)
    assert game.phase.key == "option" and game.current_player == game.speaker(0)
    assert len(game.stock) == 28 and [d["card"] for d in game.draws] == game.stock[-4:]
    assert game.history[-1].rule == "K11 + K12"


def test_K11_a_tied_draw_is_drawn_again_by_the_tied_players():
    game = Truk(4)
    action = game.scripted_deal({}, draws={"B1": "3-cups", "A2": "5-cups", "B2": "3-coins",
                                           "A1": "12-coins"},
                                stock=["4-clubs", "2-clubs"])
    step = game.apply(action)
    assert "draw again" in step.text
    assert game.players[game.esku] == "B2"          # drew the 2 on the second round
    assert [d["round"] for d in game.draws] == [1, 1, 1, 1, 2, 2]
    conserved(game)


def test_K11_two_players_draw_two_cards():
    game = new(2, esku="A")
    assert game.esku == 0 and game.tantos == [2, 0] and len(game.draws) == 2


# ---- K12–K14: the first hand, AA and AB ------------------------------------------------------
def test_K12_first_hand_played_at_once():
    game = new(esku="B2")
    act(game, game.current_player, "play_truk")
    assert game.stake == "truk" and game.mode == "chosen" and game.phase.key == "play"


def test_K12_first_decline_takes_the_third_tanto_and_the_right_hand_player_deals():
    game = new(esku="B2")
    step = act(game, game.current_player, "decline")
    assert game.tantos == [0, 3] and game.due["options"] == 1
    assert game.esku == game.table.next(1) and "dealt again" in step.text
    deal(game)
    assert game.phase.key == "option" and game.players[game.esku] == "A1"
    act(game, game.current_player, "play_truk")
    assert game.stake == "truk" and game.mode == "chosen"


def test_K12_second_decline_returns_the_tantos_and_the_truk_is_pasotan():
    game = new(esku="B2")
    act(game, game.current_player, "decline")
    deal(game)
    step = act(game, game.current_player, "decline")
    assert game.tantos == [0, 0] and game.due is None and "pasotan" in step.text
    deal(game)
    assert game.phase.key == "pasotan" and game.mode == "pasotan"
    assert game.players[game.esku] == "B1"
    assert game.current_player == game.first_player


def _to_development(path, choices):
    """A scripted game from the start of a tanto phase along the development table: side A
    wins the 1st hand; the 2nd is won by A (AA) or B (AB; A then wins the hand for the 3rd
    tanto); then side A makes ``choices`` (play_truk / decline)."""
    game = opened(winner=1)
    win_hand(game, 0)
    first = list(game.tantos)
    if path == "AA":
        win_hand(game, 0)
    else:
        win_hand(game, 1)
        assert game.tantos == [1, 1] and game.stake == "tanto"
        win_hand(game, 0)
    second = dict(game.due)
    for choice in choices:
        deal(game)
        assert game.phase.key == "option"
        act(game, game.current_player, choice)
    if game.phase.key == "deal":
        deal(game)
    return game, first, second


@pytest.mark.parametrize("choices,mode", [(["play_truk"], "chosen"),
                                          (["decline", "play_truk"], "chosen"),
                                          (["decline", "decline"], "pasotan")])
def test_K13_AA_two_options(choices, mode):
    game, first, due = _to_development("AA", choices)
    assert first == [1, 0] and due == {"side": 0, "options": 2, "path": "AA"}
    assert game.stake == "truk" and game.mode == mode
    assert game.phase.key == ("pasotan" if mode == "pasotan" else "play")
    if choices == ["decline", "play_truk"]:
        assert game.tantos == [3, 0]
    if mode == "pasotan":
        assert game.tantos == [0, 0]


@pytest.mark.parametrize("choices,mode", [(["play_truk"], "chosen"), (["decline"], "compulsory")])
def test_K13_AB_one_option(choices, mode):
    game, first, due = _to_development("AB", choices)
    assert due == {"side": 0, "options": 1, "path": "AB"}
    assert game.stake == "truk" and game.mode == mode
    assert game.phase.key == "play"            # our ruling: compulsory, not pasotan
    if mode == "compulsory":
        assert game.tantos == [0, 0]
        assert "not pasotan" in game.history[-2].text


def test_K13_the_document_says_compulsorily_pasotan_and_compulsorily():
    assert "nahitaez pasotan" in Truk.RULES["K13"] and "nahitaez, compulsorily" in Truk.RULES["K13"]
    assert "Our ruling" in Truk.RULES["K13"] or "our ruling" in Truk.RULES["K13"]


@pytest.mark.parametrize("row", DOC_DEVELOPMENT, ids=lambda r: f"{r[0]}-{r[1]}")
def test_K14_development_table_paths(row):
    """Each line of the document's development table, as a scripted game."""
    path, choices, *_ = row
    kinds = [{"play": "play_truk", "decline": "decline"}[c.strip()] for c in choices.split(",")]
    game, first, due = _to_development(path, kinds)
    assert first == [1, 0]
    assert due["options"] == (2 if path == "AA" else 1)
    assert [d["choice"] for d in game.decisions[-len(kinds):]] == kinds
    expected = "pasotan" if (path, choices) == ("AA", "decline, decline") else (
        "compulsory" if path == "AB" and kinds == ["decline"] else "chosen")
    assert game.mode == expected
    finish_pasotan(game)
    finish_hand(game)
    assert sum(game.truks) == 2                 # the opening truk and this one


def finish_pasotan(game):
    if game.phase.key == "pasotan":
        act(game, game.current_player, "play_truk")


def test_K15_the_winner_of_a_truk_hand_takes_a_truk_counter():
    game = opened(winner=0)
    assert game.truks == [1, 0] and "K15" in game.history[-1].rule


# ---- K16: pasotan ------------------------------------------------------------------------
def _pasotan(stock=()):
    game = new(esku="B2")
    act(game, game.current_player, "decline")
    deal(game)
    act(game, game.current_player, "decline")
    deal(game, {"B2": ["3-coins", "4-cups", "5-swords"], "A2": ["6-coins", "7-cups", "2-clubs"]},
         stock=stock)
    return game


def test_K16_changed_cards_shown_face_up_except_2s_and_3s():
    game = _pasotan(stock=["1-coins", "12-cups"])
    assert game.players[game.current_player] == "A2"
    step = act(game, "A2", "change", cards=["6-coins", "2-clubs"])
    assert "the Six of coins" in step.text and "face down (a 2 or a 3)" in step.text
    assert "Two of clubs" not in step.text
    assert {c.code for c in game.hands[2]} == {"7-cups", "1-coins", "12-cups"}
    shown = game.view(1)["exchange"]["old"]
    assert sorted([x and x["code"] for x in shown], key=str) == ["6-coins", None]
    assert game.view(2)["exchange"]["new"] is not None and game.view(1)["exchange"]["new"] is None
    act(game, "A2", "keep")
    aside = game.view(3)["aside"]
    assert sorted([a["card"] and a["card"]["code"] for a in aside], key=str) == ["6-coins", None]
    conserved(game)


def test_K16_take_back_the_old_cards_if_the_new_ones_are_worse():
    game = _pasotan(stock=["4-coins", "5-cups"])
    act(game, "A2", "change", cards=["6-coins", "7-cups"])
    step = act(game, "A2", "take_back")
    assert {c.code for c in game.hands[2]} == {"6-coins", "7-cups", "2-clubs"}
    assert all(a["card"] is None for a in game.view(1)["aside"])   # the new ones, face down
    assert "takes the old ones back" in step.text
    conserved(game)


def test_K16_changing_until_one_says_we_play():
    game = _pasotan()
    act(game, "A2", "change", cards=["6-coins"])
    act(game, "A2", "keep")
    assert game.players[game.current_player] == "B2"
    step = act(game, "B2", "play_truk")
    assert game.phase.key == "play" and "side B decides to play" in step.text


def test_K16_refusals_name_the_rule():
    game = _pasotan()
    refused(game, Action("change", 2, cards=(C("3-coins"),)), "K16")      # not held
    refused(game, Action("change", 2, cards=()), "K16")                   # none named
    refused(game, Action("play", 2, card=C("6-coins")), "K16")            # no play yet
    act(game, "A2", "change", cards=["6-coins"])
    refused(game, Action("change", 2, cards=(C("7-cups"),)), "K16")       # keep first


def test_K16_no_more_cards_than_the_stock_holds():
    game = _pasotan()
    changes = 0
    while game.stock:
        seat = game.current_player
        k = min(3, len(game.stock))
        act(game, seat, "change", cards=[c.code for c in game.hands[seat][:k]])
        act(game, seat, "keep")
        changes += 1
    seat = game.current_player
    # only 'we play' (and the signals, which may come at any time: K19, our ruling)
    assert [a.kind for a in game.legal_actions() if a.kind != "signal"] == ["play_truk"]
    refused(game, Action("change", seat, cards=(game.hands[seat][0],)), "K16")
    conserved(game)


# ---- K17: the truk bet -------------------------------------------------------------------
def _tanto_hand(seq=("A", "B", "A")):
    game = opened(winner=1)                     # esku of the tanto hand: A1; order B1 A2 B2 A1
    tricks = plan(seq)
    deal(game, hands_of(tricks))
    assert game.stake == "tanto" and game.phase.key == "play"
    return game, tricks


@pytest.mark.parametrize("trick", [0, 1, 2])
@pytest.mark.parametrize("position", [0, 2])
def test_K17_bet_accepted_in_every_trick(trick, position):
    game, tricks = _tanto_hand()
    play_plan(game, tricks, stop_before=(trick, position))
    bettor = game.current_player
    step = act(game, bettor, "truk")
    assert game.phase.key == "answer" and game.current_player == game.table.next_opponent(bettor)
    assert "K17" in step.rule
    act(game, game.current_player, "joka")
    assert game.stake == "truk" and game.mode == "bet" and game.current_player == bettor
    while game.phase.key == "play":
        k, seat = len(game.tricks), game.current_player
        play(game, seat, tricks[k][seat])
    step_table(game)
    assert game.truks == [1, 1]        # B won the opening truk; A wins this one
    assert game.tantos == [0, 0]


@pytest.mark.parametrize("trick", [0, 1, 2])
def test_K17_bet_refused_in_every_trick(trick):
    game, tricks = _tanto_hand()
    play_plan(game, tricks, stop_before=(trick, 1))
    bettor = game.current_player
    side = game.side_of(bettor)
    act(game, bettor, "truk", what="knock")
    assert "knocks on the table" in game.history[-1].text
    step = act(game, game.current_player, "refuse")
    assert "hand ends" in step.text and len(game.tricks) == trick
    step_table(game)
    assert game.tantos[side] == 1 and game.truks == [0, 1]
    assert game.hand_log[-1]["way"] == "refused"


def test_K17_the_document_example_accepted_and_refused():
    """A has a tanto and took the aurrea; A1, B1 and A2 have played to the erdia; B2 says
    "Truk!" before playing."""
    for answer in ("joka", "refuse"):
        game = opened(esku="B1", winner=1)     # the first tanto hand's esku is A2
        win_hand(game, 0)                       # A has one tanto; now B2 is the esku
        assert game.tantos == [1, 0] and game.players[game.table.next(game.esku)] == "A1"
        tricks = plan(("A", "B", "B"))
        deal(game, hands_of(tricks))
        play_plan(game, tricks, stop_before=(1, 3))
        assert game.players[game.current_player] == "B2"
        act(game, "B2", "truk")
        assert game.players[game.current_player] == "A1"
        act(game, "A1", answer)
        if answer == "refuse":
            step_table(game)
            assert game.tantos == [1, 1]                        # B takes the tanto
        else:
            assert game.stake == "truk"
            while game.phase.key == "play":
                k, seat = len(game.tricks), game.current_player
                play(game, seat, tricks[k][seat])
            step_table(game)
            assert game.truks == [0, 2] and game.tantos == [0, 0]


def test_K17_no_bet_while_a_truk_is_played():
    game = new()
    act(game, game.current_player, "play_truk")
    assert "truk" not in {a.kind for a in game.legal_actions()}
    refused(game, Action("truk", game.current_player), "K17")


def test_K17_only_one_bet_and_only_on_ones_turn():
    game, tricks = _tanto_hand()
    seat = game.current_player
    refused(game, Action("truk", game.table.next(seat)), "K5")     # out of turn: K5's turn
    act(game, seat, "truk")
    refused(game, Action("play", game.current_player, card=game.hands[game.current_player][0]), "K17")
    act(game, game.current_player, "joka")
    refused(game, Action("truk", game.current_player), "K17")


def test_K17_refused_bet_at_one_all_takes_all_three_tantos():
    """Our ruling: the betting side wins the hand for the 3rd tanto."""
    game = opened(winner=1)
    win_hand(game, 0)
    win_hand(game, 1)
    assert game.tantos == [1, 1]
    deal(game)
    seat = game.current_player
    act(game, seat, "truk")
    act(game, game.current_player, "refuse")
    step_table(game)
    side = game.side_of(seat)
    assert game.tantos[side] == 3 and game.due == {"side": side, "options": 1, "path": "AB"}


def test_KV2_bet_truk_keeps_the_tantos():
    game = opened(winner=1, options={"KV2": True})
    win_hand(game, 0)
    tricks = plan(("A", "A"))
    deal(game, hands_of(tricks))
    act(game, game.current_player, "truk")
    act(game, game.current_player, "joka")
    while game.phase.key == "play":
        k, seat = len(game.tricks), game.current_player
        play(game, seat, tricks[k][seat])
    step_table(game)
    assert game.truks == [1, 1] and game.tantos == [1, 0] and "KV2" in game.history[-1].rule


# ---- K18: paso eske ----------------------------------------------------------------------
def test_K18_paso_eske_refused_the_hand_goes_on():
    game, tricks = _tanto_hand()
    asker = game.current_player
    step = act(game, asker, "ask_pass")
    assert game.current_player == game.table.next(asker) and "K18" in step.rule
    act(game, game.current_player, "refuse_pass")
    assert game.phase.key == "play" and game.current_player == asker
    refused(game, Action("ask_pass", asker), "K18")          # once a hand


def test_K18_paso_eske_accepted_both_change_and_play_goes_on():
    game = opened(winner=1)
    deal(game, {"B1": ["3-cups", "5-cups", "4-cups"], "A2": ["4-coins", "2-coins", "6-coins"]},
         stock=["7-clubs", "1-clubs", "12-clubs"])
    assert game.players[game.current_player] == "B1"
    act(game, "B1", "ask_pass")
    act(game, "A2", "accept_pass")
    assert game.players[game.current_player] == "B1"
    act(game, "B1", "change", cards=["5-cups", "4-cups"])
    act(game, "B1", "keep")
    assert game.players[game.current_player] == "A2"
    step = act(game, "A2", "change", cards=["2-coins"])       # a 2 goes face down
    assert "face down" in step.text and "Two" not in step.text
    act(game, "A2", "keep")
    assert game.phase.key == "play" and game.players[game.current_player] == "B1"
    assert {c.code for c in game.hands[3]} == {"3-cups", "7-clubs", "1-clubs"}
    assert game.view(3)["aside"][-1]["card"] is None
    conserved(game)


def test_K18_each_may_change_none():
    game, tricks = _tanto_hand()
    asker = game.current_player
    act(game, asker, "ask_pass")
    act(game, game.current_player, "accept_pass")
    act(game, asker, "change", cards=[])
    assert game.current_player == game.table.next(asker)
    act(game, game.current_player, "change", cards=[])
    assert game.phase.key == "play" and game.current_player == asker


def test_K18_refusals():
    game, tricks = _tanto_hand()
    asker = game.current_player
    act(game, asker, "ask_pass")
    answerer = game.current_player
    refused(game, Action("play", answerer, card=game.hands[answerer][0]), "K18")
    act(game, answerer, "accept_pass")
    refused(game, Action("change", asker, cards=(C("3-swords"),) if C("3-swords") not in game.hands[asker] else (C("4-cups"),)), "K18")


# ---- K19: signals ------------------------------------------------------------------------
def test_K19_a_signal_must_be_true():
    game = new(esku="B2", hands={"A1": ["3-coins", "2-cups", "4-swords"]})
    act(game, game.current_player, "play_truk")
    legal = {a.what for a in game.legal_actions() if a.kind == "signal"}
    assert legal == {"one_eye", "lip"}
    why = refused(game, Action("signal", 0, what="both_eyes"), "K19")
    assert "must be true" in why.reason
    refused(game, Action("signal", 0, what="eyebrows"), "K19")
    refused(game, Action("signal", 0, what="wink"), "K19")
    act(game, "A1", "signal", what="one_eye")
    refused(game, Action("signal", 0, what="one_eye"), "K19")        # once a hand


def test_K19_the_partner_sees_the_signal_the_other_side_does_not():
    game = new(esku="B2", hands={"A1": ["3-coins", "3-cups", "4-swords"]})
    act(game, game.current_player, "play_truk")
    act(game, "A1", "signal", what="both_eyes")
    assert game.view(2)["signals"][0]["meaning"] == "two 3s"
    assert game.view(0)["signals"] and game.view(None)["signals"]
    for opponent in (1, 3):
        v = game.view(opponent)
        assert v["signals"] == [] and "3" not in v["last"]["text"]
        assert "does not catch it" in v["last"]["text"]
    assert "two 3s" in game.view(2)["last"]["text"]


def test_KV1_the_other_side_catches_the_signals():
    game = new(esku="B2", hands={"A1": ["3-coins", "3-cups", "4-swords"]}, options={"KV1": True})
    act(game, game.current_player, "play_truk")
    act(game, "A1", "signal", what="both_eyes")
    assert game.view(1)["signals"][0]["what"] == "both_eyes"


def test_K19_no_signals_with_two_players():
    game = new(2, esku="B", hands={"A": ["3-coins", "4-cups", "5-cups"]})
    act(game, "B", "play_truk")
    assert not any(a.kind == "signal" for a in game.legal_actions())
    refused(game, Action("signal", 0, what="one_eye"), "K19")


def _asked(partner_cards, speaker_cards=("1-coins", "7-cups", "6-swords"), options=None):
    """The opening truk decision of side B (B1 speaks for it, B2 is its partner)."""
    game = new(esku="B2", hands={"B1": list(speaker_cards), "B2": list(partner_cards)},
               options=options)
    assert game.phase.key == "option" and game.current_player == game.players.index("B1")
    return game


def test_K19_signals_may_be_made_while_the_side_decides_on_the_truk():
    """K19 (our ruling): signals at any time, on one's own turn: here in the truk decision."""
    game = _asked(["3-cups", "4-coins", "5-coins"], speaker_cards=["3-coins", "3-swords", "4-cups"])
    b1, b2 = game.players.index("B1"), game.players.index("B2")
    assert {a.what for a in game.legal_actions() if a.kind == "signal"} == {"both_eyes"}
    step = act(game, "B1", "signal", what="both_eyes")
    assert step.rule == "K19" and game.phase.key == "option" and game.current_player == b1
    assert game.view(b2)["signals"][0]["meaning"] == "two 3s"
    for opponent in (0, 2):
        v = game.view(opponent)
        assert v["signals"] == [] and "3s" not in v["last"]["text"]
    refused(game, Action("signal", b1, what="both_eyes"), "K19")      # once a hand
    act(game, "B1", "play_truk")
    assert game.phase.key == "play"


def test_K19_the_side_s_speaker_asks_the_partner_for_a_signal_before_deciding():
    game = _asked(["3-cups", "4-coins", "5-coins"])
    b1, b2 = game.players.index("B1"), game.players.index("B2")
    assert Action("ask_partner", b1) in game.legal_actions()
    assert game.describe(Action("ask_partner", b1)) == "Ask B2 for a signal"
    step = act(game, "B1", "ask_partner")
    assert step.rule == "K19" and "everyone hears the question" in step.text
    assert all("asks B2 for a signal" in game.view(s)["last"]["text"] for s in range(4))
    # the partner's turn, for a true signal only
    assert game.current_player == b2 and game.turn_rule() == "K19"
    assert [a.what for a in game.legal_actions()] == ["one_eye"]
    why = refused(game, Action("play_truk", b2), "K19")
    assert "asked B2 for a signal" in why.reason and "first, with a signal" in why.reason
    assert "“nothing new” when no true signal is left" in why.reason
    why = refused(game, Action("play_truk", b1), "K19")
    assert "it is B2's turn" in why.reason and "answers with one" in why.reason
    refused(game, Action("signal", b2, what="eyebrows"), "K19")        # not true
    refused(game, Action("nothing_new", b2), "K19")                    # it has a signal to give
    step = act(game, "B2", "signal", what="one_eye")
    assert "decision is back with B1" in step.text
    assert game.current_player == b1 and game.phase.key == "option"
    assert game.view(b1)["signals"][0]["meaning"] == "a 3"
    for opponent in (0, 2):
        v = game.view(opponent)
        assert v["signals"] == [] and "a 3" not in v["last"]["text"]
        assert "does not catch it" in v["last"]["text"] and "back with B1" in v["last"]["text"]
    assert Action("ask_partner", b1) not in game.legal_actions()
    why = refused(game, Action("ask_partner", b1), "K19")
    assert "once a hand" in why.reason
    act(game, "B1", "decline")
    assert game.phase.key == "deal"


def test_K19_asked_with_no_signal_left_the_partner_has_nothing_new():
    game, tricks = _tanto_hand()             # order of play B1 A2 B2 A1; A2 has a 3
    a2 = game.players.index("A2")
    b1 = game.current_player
    assert game.players[b1] == "B1"
    play(game, "B1", tricks[0][b1])
    truths = [a.what for a in game.legal_actions() if a.kind == "signal"]
    for what in truths:
        act(game, "A2", "signal", what=what)
    play(game, "A2", tricks[0][a2])
    act(game, "B2", "truk")
    answerer = game.current_player
    assert game.players[answerer] == "A1" and game.phase.key == "answer"
    act(game, "A1", "ask_partner")
    assert game.legal_actions() == [Action("nothing_new", a2)]
    step = act(game, "A2", "nothing_new")
    assert "nothing new" in step.text and game.current_player == answerer
    assert "nothing new" not in game.view(1)["last"]["text"]          # side B: a sign only
    act(game, "A1", "joka")
    assert game.stake == "truk"


def test_K19_no_asking_with_two_players_nor_outside_a_decision():
    game = new(2, esku="B", hands={"A": ["3-coins", "4-cups", "5-cups"]})
    assert not any(a.kind in ("ask_partner", "signal") for a in game.legal_actions())
    refused(game, Action("ask_partner", game.current_player), "K19")
    game = _asked(["3-cups", "4-coins", "5-coins"])
    act(game, "B1", "play_truk")
    why = refused(game, Action("ask_partner", game.current_player), "K19")
    assert "on their own turn" in why.reason
    refused(game, Action("nothing_new", game.current_player), "K19")


@pytest.mark.parametrize("partner,choice", [(["3-cups", "4-coins", "5-coins"], "play_truk"),
                                            (["4-cups", "6-coins", "5-coins"], "decline")])
def test_K19_the_rule_of_thumb_reads_its_partner_before_the_truk_decision(partner, choice):
    """Unsure of its hand (an ace, a 7 and a 6), the side's speaker asks; a partner's 3 makes
    it play the truk, a partner's "nothing" makes it decline (K12, K19)."""
    game = _asked(partner)
    b1 = game.players.index("B1")
    rng = random.Random(1)
    assert game.rule_of_thumb(b1, rng) == Action("ask_partner", b1)
    game.apply(Action("ask_partner", b1))
    b2 = game.current_player
    game.apply(game.rule_of_thumb(b2, rng))
    assert game.rule_of_thumb(b1, rng) == Action(choice, b1)


def test_K19_signals_in_pasotan_but_not_while_keeping_or_taking_back():
    game = _pasotan(stock=["1-coins", "12-cups"])
    a2 = game.current_player
    assert game.players[a2] == "A2"
    assert {a.what for a in game.legal_actions() if a.kind == "signal"} == {"lip"}
    act(game, "A2", "signal", what="lip")
    assert game.current_player == a2 and game.phase.key == "pasotan"
    act(game, "A2", "change", cards=["6-coins"])
    assert not any(a.kind == "signal" for a in game.legal_actions())
    why = refused(game, Action("signal", a2, what="tongue"), "K16")     # keep or take back first
    assert "keep" in why.reason
    act(game, "A2", "keep")
    b2 = game.current_player
    assert game.players[b2] == "B2"
    act(game, "B2", "signal", what="one_eye")
    assert game.view(game.table.partner(b2))["signals"][0]["phase"] == "pasotan"


def test_K19_signals_in_every_phase_and_nothing_leaks_in_seeded_play():
    """Seeded games of the rule of thumb, with signals asked for and made in every phase:
    after every step, no seat of the other side sees a signal or its meaning (K19), and the
    partner sees every one."""
    phases = set()
    for seed in range(6):
        game = Truk(4)
        rng = random.Random(seed)
        while not game.finished and len(game.history) < 400:
            actor = game.current_player
            if actor == CHANCE:
                game.apply(game.chance_action(rng))
                continue
            action = game.legal_actions()[0] if actor == TABLE else game.rule_of_thumb(actor, rng)
            if actor != TABLE and action.kind not in ("signal", "ask_partner") and \
                    rng.random() < 0.3:
                extra = [a for a in game.legal_actions() if a.kind == "signal"]
                if extra:
                    action = rng.choice(extra)
            game.apply(action)
            for sig in game.signals:
                phases.add(sig["phase"])
                side = game.side_of(sig["seat"])
                for seat in range(4):
                    seen = [(s["seat"], s["what"]) for s in game.view(seat)["signals"]]
                    assert ((sig["seat"], sig["what"]) in seen) == (game.side_of(seat) == side)
            if action.kind in ("signal", "nothing_new"):
                side = game.side_of(action.seat)
                for seat in range(4):
                    text = game.view(seat)["last"]["text"]
                    assert ("I have" in text) == (game.side_of(seat) == side and
                                                  action.kind == "signal")
    assert {"option", "play", "answer"} <= phases


# ---- views, refusals, records ----------------------------------------------------------
@pytest.mark.parametrize("players,kind,seed", [(4, RuleOfThumbPlayer, 3), (4, RandomPlayer, 4),
                                               (2, RandomPlayer, 5), (4, RandomPlayer, 6)])
def test_views_never_show_another_seats_hidden_cards(players, kind, seed):
    """After every step, no seat's view names a card in another seat's hand (not even the
    partner's), nor the new cards of another's exchange, nor a 2 or 3 set aside face down;
    the stock is only a count."""
    game = play_out(Truk(players), kind(seed), seed=seed)
    replay = game.fresh()
    for action in game.actions:
        replay.apply(action)
        for seat in range(players):
            v = replay.view(seat)
            assert [h is None for h in v["hands"]] == [s != seat for s in range(players)]
            text = json.dumps(v)
            public = {d["card"]["code"] for d in v["draws"]}
            hidden = [c for s in range(players) if s != seat for c in replay.hands[s]]
            hidden += [a["card"] for a in replay.aside if not a["up"] and a["seat"] != seat]
            if replay.exchange is not None and replay.exchange["seat"] != seat:
                hidden += replay.exchange["new"]
            for c in hidden:
                if c.code not in public:
                    assert f'"{c.code}"' not in text, (seat, c.code, replay.history[-1].text)
                    assert f"the {c.name}" not in (v["last"] or {}).get("text", ""), c.name
            assert "stock" not in v and isinstance(v["stock_count"], int)


def test_refusals_name_their_rule_and_change_nothing():
    game = new()
    speaker = game.current_player
    refused(game, Action("play", speaker, card=game.hands[speaker][0]), "K12")
    refused(game, Action("joka", speaker), "K12")
    refused(game, Action("decline", game.table.next(speaker)), "K12")
    act(game, speaker, "play_truk")
    seat = game.current_player
    refused(game, Action("joka", seat), "K17")
    refused(game, Action("dance", seat), "K5")
    refused(game, Action("deal", cards=tuple(game.deck_cards)), "K5")


def test_records_round_trip():
    game = play_out(Truk(4), RuleOfThumbPlayer(5), seed=5)
    rec = record_of(game)
    again = load_record(json.loads(json.dumps(rec)))
    assert again.view() == game.view() and again.result() == game.result()
    half = game.fresh()
    for a in game.actions[:40]:
        half.apply(a)
    again = load_record(record_of(half, with_result=False))
    assert again.view(2) == half.view(2)


def test_record_of_another_game_is_refused():
    rec = record_of(play_out(Truk(2), RandomPlayer(1), seed=1))
    rec["game"] = "pocha"
    with pytest.raises(RecordError):
        Truk.from_record(rec)


def test_registry_and_cli(capsys):
    from cardwidgets.cli import main
    assert GAMES["truk"] is Truk
    assert main(["play", "truk", "--players", "4", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Result (truks): side A (A1 and A2)" in out and "Winner: " in out


# ---- seeded random play ----------------------------------------------------------------
def _invariants(game, last):
    conserved(game)
    assert sum(game.tantos) <= 3 and game.tantos_middle + sum(game.tantos) == 3
    assert all(a >= b for a, b in zip(game.truks, last["truks"]))
    assert game.truks_pile + sum(game.truks) == 11
    last["truks"] = list(game.truks)


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_whole_games(players):
    """500 seeded games for each table size (1,000 in all), half random and half rule-of-thumb
    players, the invariants checked after every step."""
    for seed in range(500):
        last = {"truks": [0, 0]}
        player = RandomPlayer(seed) if seed % 2 else RuleOfThumbPlayer(seed)
        game = play_out(Truk(players, dealer=seed % players), player, seed=seed,
                        on_step=lambda g, s: _invariants(g, last))
        assert game.finished and max(game.truks) == 6 and min(game.truks) < 6
        assert game.tantos == [0, 0]


# ---- a property: any legal path keeps the cards, and steps back and forward exactly ---------
from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_any_legal_path_conserves_cards_and_replays(players, seed, picks):
    rng = random.Random(seed)
    game = Truk(players)
    for pick in picks:
        if game.finished:
            break
        if game.current_player == CHANCE:
            game.apply(game.chance_action(rng))
        else:
            legal = game.legal_actions()
            game.apply(legal[pick % len(legal)])
        conserved(game)
        for seat in range(players):
            hands = game.view(seat)["hands"]
            assert all((h is None) == (s != seat) for s, h in enumerate(hands))
    view = game.view()
    k = min(7, len(game.actions))
    game.back(k)
    game.forward(k)
    assert game.view() == view
    assert load_record(record_of(game, with_result=False)).view() == view


def test_K12_a_wrong_move_at_the_truk_option_names_the_two_moves():
    import random as _random
    game = Truk(2)
    game.apply(game.chance_action(_random.Random(1)))
    assert game.phase.key == "option"
    refusal = game.why_not(Action("play", seat=game.current_player))
    assert refusal.rule == "K12"
    assert "“Play the truk” or “Do not play (use an option)”" in refusal.reason
    assert "Action('play_truk') or Action('decline')" in refusal.reason and "not a card" in refusal.reason


# ---- the audit against document 003: cases no issue spelled out -------------------------
def test_K11_anyone_may_deal_the_first_cards_one_at_a_time_to_the_right():
    """K11: anyone deals the first cards (the ``dealer`` setting), one at a time, starting on
    the dealer's right; the draw goes round in the same order."""
    for dealer in range(4):
        game = Truk(4, dealer=dealer)
        deck = tuple(game.deck_cards)
        step = game.apply(Action("deal", cards=deck))
        order = game.table.order_from(game.table.next(dealer))
        for i in range(12):
            assert deck[i] in game.hands[order[i % 4]]
        assert [d["seat"] for d in game.draws][:4] == order
        assert [d["card"] for d in game.draws][:4] == list(deck[12:16])
        assert step.text.startswith(f"{game.players[dealer]} deals three cards")
        assert f"starting with {game.players[order[0]]}" in step.text


@pytest.mark.parametrize("what, words", [(None, 'says "Truk!"'), ("say", 'says "Truk!"'),
                                         ("knock", "knocks on the table"),
                                         ("throw", "throws the cards face down into the middle "
                                                   "(not onto the stock)")])
def test_K17_the_three_ways_to_bet_are_one_bet(what, words):
    """K17: saying "Truk!", knocking on the table and throwing one's cards face down into the
    middle (not onto the stock) are the same bet, answered the same way."""
    game, tricks = _tanto_hand()
    bettor = game.current_player
    hand = list(game.hands[bettor])
    step = act(game, bettor, "truk", what=what)
    assert words in step.text and step.rule == "K17"
    assert game.phase.key == "answer" and game.view()["bet"]["how"] == (what or "say")
    assert game.hands[bettor] == hand            # the thrown cards are still the bettor's
    # the answer (and, first if the answerer likes, a signal or asking the partner: K19)
    assert {a.kind for a in game.legal_actions()} - {"signal", "ask_partner"} == {"joka", "refuse"}
    act(game, game.current_player, "joka")
    assert game.stake == "truk" and game.current_player == bettor


def test_K17_a_bet_in_an_unknown_way_is_refused_naming_the_three():
    game, tricks = _tanto_hand()
    reason = refused(game, Action("truk", game.current_player, what="whistle"), "K17").reason
    assert "say" in reason and "knock" in reason and "throw" in reason


def test_K18_paso_eske_while_a_truk_is_played_and_halfway_through_a_trick():
    """K18: "at any moment of a hand, on their turn, whether a tanto or a truk is being
    played": here the opening truk, after A1 has played to the aurrea."""
    game = new(esku="B2", hands={"A1": ["4-coins", "5-coins", "6-coins"],
                                 "B1": ["4-cups", "5-cups", "3-cups"],
                                 "A2": ["4-swords", "5-swords", "6-swords"]},
               stock=["7-clubs", "1-clubs"])
    act(game, game.current_player, "play_truk")
    assert game.stake == "truk"
    play(game, "A1", "4-coins")
    step = act(game, "B1", "ask_pass")
    assert game.players[game.current_player] == "A2" and step.rule == "K18"   # B1's right
    act(game, "A2", "accept_pass")
    act(game, "B1", "change", cards=["4-cups", "5-cups"])
    act(game, "B1", "keep")
    act(game, "A2", "change", cards=[])
    assert game.phase.key == "play" and game.players[game.current_player] == "B1"
    assert {c.code for c in game.hands[3]} == {"3-cups", "7-clubs", "1-clubs"}
    assert len(game.trick.plays) == 1              # the aurrea goes on where it stopped
    conserved(game)


# ---- refusals a student can act on ------------------------------------------------------------
def test_K4_a_move_out_of_turn_says_whose_turn_it_is_and_what_for():
    game = new(esku="B2")
    reason = refused(game, Action("play_truk", 0), "K12").reason
    assert reason.startswith("it is B1's turn, not A1's: B1 decides for side B whether to "
                             "play the truk or not")
    act(game, game.current_player, "play_truk")
    reason = refused(game, Action("play", 2, card=game.hands[2][0]), "K5").reason
    assert "A1 is next to play to the aurrea" in reason and "(K4)" in reason
    game, tricks = _tanto_hand()
    bettor = game.current_player
    act(game, bettor, "truk")
    answerer = game.current_player
    other = next(s for s in range(4) if s not in (answerer, bettor))
    reason = refused(game, Action("joka", other), "K17").reason
    assert f"{game.players[answerer]} answers {game.players[bettor]}'s truk bet" in reason
    act(game, answerer, "refuse")


def test_K4_refusals_of_a_pass_or_a_change_nobody_asked_for():
    game, tricks = _tanto_hand()
    seat = game.current_player
    assert "nobody has asked for a pass" in refused(game, Action("accept_pass", seat), "K18").reason
    reason = refused(game, Action("keep", seat), "K18").reason
    assert "no cards are being changed now" in reason
    reason = refused(game, Action("decline", seat), "K12").reason
    assert "decided right after the deal" in reason


def test_K7_nothing_is_played_or_bet_once_the_hand_is_decided():
    """After the erdia decides the hand (the atzea is not played, K7), a card, a truk bet or
    a pass is refused with the reason, naming K7; a refused bet names K17."""
    game, tricks = _tanto_hand(("A", "A", "B"))
    play_plan(game, tricks, upto=2)
    assert game.phase.key == "score" and game.hands[0]
    for action in (Action("play", 0, card=game.hands[0][0]), Action("truk", 0),
                   Action("ask_pass", 0)):
        reason = refused(game, action, "K7").reason
        assert reason.startswith("this hand is decided: side A has won it (it won two of the "
                                 "three tricks)") and "Move the counters" in reason
    game, tricks = _tanto_hand()
    act(game, game.current_player, "truk")
    act(game, game.current_player, "refuse")
    reason = refused(game, Action("play", 0, card=game.hands[0][0]), "K17").reason
    assert "the truk bet was refused" in reason


def test_K9_nothing_is_played_once_a_side_has_six_truks():
    game = opened(winner=1)
    while not game.finished:
        win_hand(game, 1, game.stake)
    reason = refused(game, Action("play", 0, card=game.deck_cards[0]), "K9").reason
    assert reason == "the game is over: side B has 6 truks and has won it, 6 to 0 (K9)"


def test_K16_K19_rulings_on_asking_to_change_and_on_talk_are_written():
    """K16: the document's players "may ask" to change; K19: they "may talk at any time"."""
    assert "a change needs nobody's agreement" in Truk.RULES["K16"]
    assert "Our ruling: the program has no free talk" in Truk.RULES["K19"]
    game = _pasotan(stock=["1-coins", "12-cups"])
    seat = game.current_player
    act(game, seat, "change", cards=[game.hands[seat][-1].code])
    assert game.current_player == seat and game.phase.key == "pasotan"   # nobody is asked


def test_K17_no_move_names_an_amount():
    """Nothing in truk is bet with an amount (K10, K15, K17): an action that names one is
    refused, naming the field, and changes nothing."""
    game, tricks = _tanto_hand()
    seat = game.current_player
    for action in (Action("truk", seat, amount=2), Action("play", seat, card=game.hands[seat][0],
                                                          amount=1)):
        reason = refused(game, action, "K17").reason
        assert reason.startswith("amount: nothing in truk is bet with an amount")
    assert all(a.amount is None for a in game.legal_actions())


def test_K12_the_side_decides_both_options_and_its_first_player_speaks():
    """Our ruling: the options are the side's; the document once says "the first esku
    decides again", and we read it as the side, one of whose players gives the answer."""
    assert "lehenengo eskuak ... erabaki dezake berriro" in Truk.RULES["K12"]
    game = new(esku="B2")                       # order A1 B1 A2 B2: B1 speaks for side B
    assert game.players[game.current_player] == "B1"
    reason = refused(game, Action("decline", 1), "K12").reason      # B2, the first esku
    assert "B1 decides for side B" in reason
    act(game, "B1", "decline")
    deal(game)                                  # A1 is the new esku; order B1 A2 B2 A1
    assert game.players[game.esku] == "A1" and game.due["options"] == 1
    assert game.players[game.current_player] == "B1"


def test_K13_the_two_options_to_change_cards_are_read_as_new_deals():
    """The document's 2-tanto paragraph says the two options are "to change cards" (kartak
    aldatzeko); with its AA paragraph and its table we read a new deal (our ruling): a
    decline deals all the cards again, by the next esku."""
    assert "kartak aldatzeko" in Truk.RULES["K13"] and "a new deal" in Truk.RULES["K13"]
    game, first, due = _to_development("AA", ["decline"])
    assert game.decisions[-1]["choice"] == "decline" and game.tantos == [3, 0]
    assert game.phase.key == "option" and game.due["options"] == 1
    assert game.history[-1].action.kind == "deal"
    assert game.history[-2].action.kind == "decline" and "dealt again" in game.history[-2].text


def test_K18_no_pass_is_asked_during_the_pasotan_changes_or_before_a_bet_is_answered():
    """Our ruling: paso eske belongs to the play of the tricks."""
    assert "not while the cards of a pasotan truk are being changed" in Truk.RULES["K18"]
    game = _pasotan()
    seat = game.current_player
    reason = refused(game, Action("ask_pass", seat), "K16").reason
    assert "a pass (paso eske) may be asked once the tricks are played" in reason
    assert "no truk is bet" in refused(game, Action("truk", seat), "K16").reason
    act(game, seat, "play_truk")
    assert Action("ask_pass", game.current_player) in game.legal_actions()
    game, tricks = _tanto_hand()
    act(game, game.current_player, "truk")
    refused(game, Action("ask_pass", game.current_player), "K17")


# ---- second audit: rules combined, and cases at the edges (rules4) ------------------------
def _bet_and_answer(game, answer, bettor_side=None):
    """In a tanto hand just dealt: the first player of ``bettor_side`` to play bets a truk
    before playing (the players before play their first card), the other side answers."""
    while bettor_side is not None and game.side_of(game.current_player) != bettor_side:
        seat = game.current_player
        game.apply(Action("play", seat, card=game.hands[seat][-1]))
    bettor = game.current_player
    act(game, bettor, "truk")
    act(game, game.current_player, answer)
    return bettor


def test_K17_K13_a_refused_bet_by_the_side_holding_a_tanto_gives_it_two_and_two_options():
    """A refused bet wins the tanto (K17); a side that so reaches 2 tantos has won the first
    two tanto hands (AA): the next hand is for a truk with two options (K13)."""
    game = opened(winner=1)
    win_hand(game, 0)
    assert game.tantos == [1, 0]
    deal(game)
    _bet_and_answer(game, "refuse", bettor_side=0)
    step_table(game)
    assert game.tantos == [2, 0]
    assert game.due == {"side": 0, "options": 2, "path": "AA"}
    assert "(AA)" in game.history[-1].text and "two options" in game.history[-1].text
    deal(game)
    assert game.phase.key == "option" and game.side_of(game.current_player) == 0


def test_K17_K10_a_bet_truk_won_by_the_side_behind_sends_the_tantos_back():
    """Side A holds a tanto; B bets, A says 'Joka!' and B wins the hand: B takes a truk and
    the tantos go back to the middle (K10, K15, our ruling on K17)."""
    game = opened(winner=1)
    truks = list(game.truks)
    win_hand(game, 0)
    deal(game, winning(1))
    _bet_and_answer(game, "joka", bettor_side=1)
    finish_hand(game)
    assert game.truks == [truks[0], truks[1] + 1] and game.tantos == [0, 0]
    assert game.stake == "tanto" and game.due is None
    assert "a new tanto phase begins (K10)" in game.history[-1].text


def test_KV2_K13_a_bet_truk_at_one_all_leaves_the_next_hand_for_the_third_tanto():
    game = opened(winner=1, options={"KV2": True})
    win_hand(game, 0)
    win_hand(game, 1)
    deal(game, winning(0))
    _bet_and_answer(game, "joka")
    finish_hand(game)
    assert game.tantos == [1, 1] and game.stake == "tanto" and game.due is None
    deal(game)
    assert "the 3rd tanto: 1 each, and the winner takes all 3" in game.history[-1].text


def test_K9_K17_an_accepted_bet_that_wins_the_sixth_truk_ends_the_game():
    game = opened(winner=0)
    while game.truks[0] < 5:                      # side A wins tanto, tanto, then the truk
        win_hand(game, 0)
        if game.stake == "truk":
            win_hand(game, 0, kind="truk")
    assert game.truks[0] == 5 and game.stake == "tanto"
    deal(game, winning(0))
    _bet_and_answer(game, "joka", bettor_side=0)
    finish_hand(game)
    assert game.finished and game.truks[0] == 6 and game.phase.key == "over"
    assert "6 truks and wins the game" in game.history[-1].text
    assert game.result()["winning_side"] == "A"


def test_K5_K17_K18_K19_refusals_say_what_the_player_may_do_instead():
    game, tricks = _tanto_hand()
    seat = game.current_player
    name = game.players[seat]
    for action in (Action("joka", seat), Action("accept_pass", seat),
                   Action("keep", seat), Action("nothing_new", seat)):
        rule = {"joka": "K17", "nothing_new": "K19"}.get(action.kind, "K18")
        why = refused(game, action, rule)
        assert f"now {name} plays a card to the aurrea (or bets a truk" in why.reason
    stranger = next(c for c in make_deck("spanish40") if c not in game.hands[seat])
    why = refused(game, Action("play", seat, card=stranger), "K5")
    assert why.reason.endswith(f"play one of {name}'s own 3 cards")
    act(game, seat, "ask_pass")
    act(game, game.current_player, "refuse_pass")
    why = refused(game, Action("ask_pass", seat), "K18")
    assert "once a hand" in why.reason and f"now {name} plays a card to the aurrea" in why.reason
    assert "asks for a pass" not in why.reason          # only what is allowed is named
    act(game, seat, "truk")
    act(game, game.current_player, "joka")
    why = refused(game, Action("truk", seat), "K17")
    assert "already played for a truk" in why.reason and f"now {name} plays a card" in why.reason


def test_K5_a_student_addressed_as_you_is_told_to_play_one_of_your_own_cards():
    game = Truk(["You", "Bea", "Cy", "Dan"])
    game.apply(game.scripted_deal({}, esku="Bea"))
    act(game, game.current_player, "play_truk")
    seat = game.current_player
    assert seat == 0                      # on the right of the esku, Bea
    stranger = next(c for c in make_deck("spanish40") if c not in game.hands[seat])
    why = game.why_not(Action("play", seat, card=stranger))
    assert why.rule == "K5" and why.reason == (
        f"You do not hold the {stranger.name}: play one of your own 3 cards")


def test_K3_K7_with_two_players_the_side_is_a_person_never_it():
    """With two players each side is one player (K3): the texts say *they* and *their*, not
    *it* and *its*."""
    game = new(2, esku="B", hands={"A": ["4-coins", "5-coins", "6-coins"],
                                    "B": ["3-cups", "2-cups", "1-cups"]})
    step = act(game, "B", "decline")
    assert "(their first option)" in step.text and "its" not in step.text.split(":")[0]
    deal(game, {"A": ["4-coins", "5-coins", "6-coins"], "B": ["3-cups", "2-cups", "1-cups"]})
    act(game, "B", "play_truk")
    texts = []
    while game.phase.key == "play":
        seat = game.current_player
        texts.append(game.apply(Action("play", seat, card=game.hands[seat][0])).text)
    joined = " ".join(texts)
    assert "wins them the hand" in joined and "B wins the hand: they won two of the three" in joined
    assert " it won " not in joined and "wins it the hand" not in joined


@pytest.mark.parametrize("path", ["opening", "AB"])
def test_K12_K13_no_option_is_left_in_a_pasotan_or_compulsory_truk(path):
    if path == "opening":
        game = new(4, "B2")
        act(game, game.current_player, "decline")
        deal(game)
        act(game, game.current_player, "decline")
        deal(game)
        while game.phase.key == "pasotan":
            act(game, game.current_player, "play_truk")
        rule, words = "K12", "both options were used, so this truk is played pasotan"
    else:
        game = opened(winner=1)
        win_hand(game, 0)
        win_hand(game, 1)
        win_hand(game, 1)
        assert game.due == {"side": 1, "options": 1, "path": "AB"}
        deal(game)
        act(game, game.current_player, "decline")
        deal(game)
        rule, words = "K13", "the side used its one option, so this truk is compulsory"
    assert game.phase.key == "play" and game.mode in ("pasotan", "compulsory")
    seat = game.current_player
    for kind in ("decline", "play_truk"):
        why = refused(game, Action(kind, seat), rule)
        assert f"there is no option left to use: {words}" in why.reason
        assert f"now {game.players[seat]} plays a card to the aurrea" in why.reason


# ---- an oracle for the counters: K10–K17 written out again (rules4) -----------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_K10_K17_seeded_random_games_move_the_counters_as_the_document_says(players):
    """Seeded random play (bets, refusals, declines; KV2 in every third game): after every
    decision and every hand the tantos, truks and options are what the document's counting
    gives: the first hand a truk with 2 tantos and two options (K11, K12); a first decline
    takes the 3rd tanto, a second puts the 3 back (K12, K13); a tanto a hand, 2 after AA with
    two options, all 3 after AB with one (K13); a refused bet wins the hand's tanto (K17); a
    truk hand gives a truk and sends the tantos back, except after a bet in KV2 (K10, K15)."""
    for seed in range(40):
        rng = random.Random(100 * players + seed)
        kv2 = seed % 3 == 0
        game = Truk(players, options={"bet_keeps_tantos": kv2})
        tantos, truks, due = [0, 0], [0, 0], None
        while not game.finished:
            key = game.phase.key
            if key == "deal":
                first = game.esku is None
                game.apply(game.chance_action(rng))
                if first:
                    side = game.side_of(game.esku)
                    tantos[side], due = 2, (side, 2, "opening")
            elif key == "option":
                choice = rng.choice(["play_truk", "decline"])
                game.apply(Action(choice, game.current_player))
                side, left, path = due
                if choice == "play_truk":
                    due = None
                elif left == 2:
                    tantos[side], due = 3, (side, 1, path)
                else:
                    tantos[side], due = 0, None
                    assert game.mode == ("compulsory" if path == "AB" else "pasotan")
            elif key == "score":
                side, stake, mode = game.hand_result["side"], game.stake, game.mode
                game.apply(game.legal_actions()[0])
                if stake == "truk":
                    truks[side] += 1
                    if not (mode == "bet" and kv2) or truks[side] == 6:
                        tantos = [0, 0]
                elif tantos == [1, 1]:
                    tantos = [3 if s == side else 0 for s in (0, 1)]
                    due = (side, 1, "AB")
                else:
                    tantos[side] += 1
                    if tantos[side] == 2:
                        due = (side, 2, "AA")
            else:
                game.apply(rng.choice(game.legal_actions()))
                continue
            assert game.tantos == tantos and game.truks == truks, (seed, game.history[-1].text)
            assert (None if game.due is None else
                    (game.due["side"], game.due["options"], game.due["path"])) == due
        assert max(truks) == 6


def test_K17_K18_our_ruling_no_truk_bet_while_answering_a_pass_or_changing_after_it():
    """Our ruling: the bet is made on one's turn to play a card; the player answering a pass,
    or changing cards after one, bets no truk then, and may once the turn to play comes."""
    assert "not while answering a pass (paso eske)" in RULES_K17()
    game, tricks = _tanto_hand()
    asker = game.current_player
    act(game, asker, "ask_pass")
    answerer = game.current_player
    assert all(a.kind != "truk" for a in game.legal_actions())
    why = refused(game, Action("truk", answerer), "K18")
    assert "accepts (accept_pass) or" in why.reason
    act(game, answerer, "accept_pass")
    assert game.current_player == asker and all(a.kind != "truk" for a in game.legal_actions())
    refused(game, Action("truk", asker), "K18")
    act(game, asker, "change")
    act(game, answerer, "change")
    assert game.phase.key == "play" and game.current_player == asker
    assert Action("truk", asker) in game.legal_actions()      # the turn to play: it may bet


def RULES_K17():
    from cardwidgets.games.truk.rules import RULES
    return RULES["K17"]
