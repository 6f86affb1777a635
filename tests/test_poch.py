"""Poch rules P1–P15 and variants PV1–PV5, one test (or more) per rule id."""
import random

import pytest

from cardwidgets import Action, ConfigError, IllegalAction, Poch, RandomPlayer, play_out
from cardwidgets.engine import CHANCE, TABLE, make_deck
from cardwidgets.games.poch.rules import HOLES, best_set

from helpers import act, check_turn_kept, poch_deal, snapshot


def test_P1_deck_is_32_cards_ace_high():
    """The Poch deck has A K Q J 10 9 8 7 in four suits; the Ober is the Queen, the Unter the Jack."""
    deck = make_deck("german32")
    assert len(deck) == 32 and len(set(deck)) == 32
    assert {c.rank for c in deck} == {"A", "K", "Q", "J", "10", "9", "8", "7"}
    from cardwidgets.games.poch.rules import RANKS
    assert RANKS.high_to_low == ("A", "K", "Q", "J", "10", "9", "8", "7")
    ober = [c for c in deck if c.code == "Q-acorns"][0]
    assert ober.name == "Queen of acorns" and ober.native == "Eichel-Ober"


def test_P1_a_deal_must_use_every_card_once():
    """A deal listing a card twice or leaving one out is refused with rule P1."""
    game = Poch(3)
    game.advance()
    cards = make_deck("german32")
    bad = tuple(cards[:-1] + [cards[0]])
    with pytest.raises(IllegalAction, match="P1.*dealt twice"):
        game.apply(Action("deal", cards=bad))
    with pytest.raises(IllegalAction, match="P1.*lists 31"):
        game.apply(Action("deal", cards=tuple(cards[:-1])))
    assert game.phase.key == "deal"


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_P2_three_to_six_players_with_equal_chips(n):
    """3 to 6 players may play, all starting with the same chips."""
    game = Poch(n, chips=25)
    assert game.chips == [25] * n


@pytest.mark.parametrize("n", [1, 2, 7])
def test_P2_other_player_counts_are_refused(n):
    """2 or 7 players get an error naming the players field."""
    with pytest.raises(ConfigError, match="players: Poch is for 3 to 6 players"):
        Poch(n)


def test_P3_board_has_eight_holes_round_a_centre():
    """The board has the nine holes of P3, labelled as on a Pochbrett."""
    game = Poch(3)
    view = game.view()
    assert view["hole_order"] == list(HOLES)
    assert [view["hole_titles"][h] for h in HOLES] == [
        "Ace", "King", "Queen", "Jack", "Ten", "Marriage", "Sequence", "Poch", "Centre"]


def test_P4_ante_one_chip_in_every_hole():
    """Before the deal each player puts one chip in each of the nine holes."""
    game = Poch(4, chips=20)
    step = game.advance()[0]
    assert step.rule == "P4"
    assert game.chips == [11] * 4
    assert all(game.holes[h] == 4 for h in HOLES)


def test_P4_unwon_holes_grow_and_deal_passes_left():
    """Unwon holes keep their chips and get the next ante too; the deal passes to the left."""
    game = poch_deal(4, {0: ["K-hearts", "Q-hearts", "7-hearts"], 1: ["8-hearts"]},
                     turned="A-hearts", dealer=2, chips=40)
    assert game.holes["A"] == 4 and game.holes["sequence"] == 4
    while game.phase.key != "ante":
        game.apply(game.legal_actions()[0])
    assert game.dealer == 3  # seat 2 dealt, seat 3 is on its left
    game.advance()
    assert game.holes["A"] == 8 and game.holes["sequence"] == 8


def test_P5_deal_one_at_a_time_from_the_left_and_turn_the_last():
    """31 cards go out clockwise from the dealer's left; the 32nd is turned and is nobody's."""
    game = Poch(3, dealer=1)
    game.advance()
    deck = make_deck("german32")
    step = game.apply(Action("deal", cards=tuple(deck)))
    assert step.rule == "P5"
    assert [len(h) for h in game.hands] == [10, 10, 11]  # seat 2 (left of 1) first
    assert game.hands[2][0] == deck[0] and game.hands[0][0] == deck[1]
    assert game.turned == deck[31] and all(deck[31] not in h for h in game.hands)
    assert game.payment == deck[31].suit


@pytest.mark.parametrize("n,sizes", [(3, [10, 11, 10]), (4, [7, 8, 8, 8]), (5, [6, 7, 6, 6, 6]),
                                     (6, [5, 6, 5, 5, 5, 5])])
def test_P5_deal_sizes(n, sizes):
    """Some players get a card more than others (dealer at seat 0, first card to seat 1)."""
    assert Poch(n).deal_sizes() == sizes


def test_P6_honours_marriage_and_sequence_are_paid():
    """Holders of payment-suit honours take those holes; K+Q takes Marriage, 7-8-9 Sequence."""
    hands = {0: ["K-bells", "Q-bells", "A-bells"], 1: ["7-bells", "8-bells", "9-bells"],
             2: ["J-bells"]}
    game = poch_deal(3, hands, turned="10-bells", chips=20)
    # after the ante each hole has 3; seat 0: A, K, Q, Marriage = 12; seat 1: Sequence 3;
    # seat 2: Jack 3; the Ten is turned.
    assert game.chips == [11 + 12, 11 + 3, 11 + 3]
    assert game.holes["10"] == 3 and game.holes["marriage"] == 0 and game.holes["sequence"] == 0
    rules = [s.rule for s in game.history if s.phase == "pay"]
    assert rules == ["P6", "P6", "P6", "P6", "P7", "P6", "P6"]
    assert {c.code for c in game.shown[0]} == {"A-bells", "K-bells", "Q-bells"}


def test_P7_turned_honour_and_split_marriage_stay_unwon():
    """A turned King leaves the King hole, and so the Marriage hole, unwon."""
    game = poch_deal(3, {0: ["Q-hearts"]}, turned="K-hearts")
    assert game.holes["K"] == 3 and game.holes["marriage"] == 3
    texts = [s.text for s in game.history if s.rule == "P7"]
    assert any("King of hearts is the turned card" in t for t in texts)
    assert any("Marriage" in t and "turned card" in t for t in texts)


def cards(*codes, system="french"):
    from cardwidgets.engine import SUIT_SYSTEMS
    return [SUIT_SYSTEMS[system].card(c) for c in codes]


def test_P8_set_ranking_follows_the_document_example():
    """8-8-8-8 > K-K-K > 9-9-9 > Q♥Q♦ > Q♣Q♠ with hearts (or diamonds) as payment suit."""
    from cardwidgets.games.poch.rules import set_key
    hands = [cards("8-clubs", "8-spades", "8-hearts", "8-diamonds"),
             cards("K-clubs", "K-spades", "K-hearts", "A-clubs"),
             cards("9-clubs", "9-spades", "9-hearts", "J-clubs"),
             cards("Q-hearts", "Q-diamonds", "10-spades"),
             cards("Q-clubs", "Q-spades", "10-hearts")]
    for payment in ("hearts", "diamonds"):
        keys = [set_key(h, payment, "french") for h in hands]
        assert keys == sorted(keys, reverse=True) and len(set(keys)) == 5


def test_P8_the_showdown_uses_the_set_ranking():
    """In a real deal, four 8s beat three Kings at the showdown."""
    game = poch_deal(6, {1: ["K-acorns", "K-leaves", "K-hearts"],
                         2: ["8-acorns", "8-leaves", "8-hearts", "8-bells"]}, turned="7-hearts")
    act(game, 1, "bet", 1)
    act(game, 2, "call")
    while game.phase.key == "poch":
        act(game, game.current_player, "drop")
    assert game.poch_winner == 2
    assert "C has four Eights" in [s for s in game.history if s.action.kind == "showdown"][0].text


def test_P8_only_the_best_set_counts():
    """Two pairs count as the higher pair; three and a pair count as three."""
    game = poch_deal(3, {0: ["9-acorns", "9-leaves", "K-acorns", "K-leaves"],
                         1: ["8-acorns", "8-leaves", "8-bells", "A-acorns", "A-leaves"]},
                     turned="7-hearts")
    size, rank, cards = game.best_set(0)
    assert size == 2 and {c.rank for c in cards} == {"K"}
    size, rank, cards = game.best_set(1)
    assert size == 3 and {c.rank for c in cards} == {"8"}


def test_P8_player_without_pair_may_not_bet():
    """A player with no pair is refused a bet, with the reason, and may only pass."""
    hands = {1: ["A-acorns", "K-leaves", "Q-hearts", "J-bells", "10-acorns", "9-leaves",
                 "8-hearts", "7-bells"]}
    game = poch_deal(4, hands, turned="7-acorns")
    assert game.current_player == 1 and game.best_set(1)[0] == 1
    with pytest.raises(IllegalAction, match="Rule P8: B holds no pair"):
        game.apply(Action("bet", 1, amount=1))
    assert [a.kind for a in game.legal_actions()] == ["pass"]


def test_P8_equal_pairs_payment_card_wins():
    """Between pairs of the same rank, the one holding the payment-suit card wins."""
    game = poch_deal(3, {0: ["9-hearts", "9-acorns"], 1: ["9-leaves", "9-bells"]},
                     turned="7-bells")  # bells is the payment suit
    act(game, 1, "bet", 1)
    act(game, 2, "drop")
    act(game, 0, "call")
    assert game.poch_winner == 1
    assert "P8" in game.history[-1].rule


def test_P8_ruling_equal_pairs_always_differ_in_the_payment_card():
    """Our ruling on the open point: with the payment card of a rank turned, only three cards of
    that rank are in hands, so two equal pairs cannot meet; the ruling is never needed."""
    game = poch_deal(4, {0: ["9-acorns", "9-bells"], 1: ["9-leaves"]}, turned="9-hearts")
    pairs_of_nine = [s for s in range(4) if game.best_set(s)[0] >= 2 and
                     any(c.rank == "9" for c in game.best_set(s)[2])]
    assert pairs_of_nine == [0]
    assert "Open point settled" in Poch.RULES["P8"] and "cannot meet" in Poch.RULES["P8"]


def test_P9_betting_starts_left_of_dealer_and_goes_clockwise():
    """The first bettor sits left of the dealer; then play goes clockwise."""
    game = poch_deal(4, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"], 3: ["J-acorns", "J-leaves"]},
                     turned="7-hearts", dealer=2)
    assert game.phase.key == "poch" and game.current_player == 3
    act(game, 3, "pass")
    assert game.current_player == 0


def test_P9_ruling_a_pass_before_any_bet_may_come_back_in():
    """Our ruling: who passed before the first bet is asked again once someone bets."""
    game = poch_deal(3, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"]}, turned="7-hearts")
    act(game, 1, "pass")
    act(game, 2, "bet", 2)
    act(game, 0, "call")
    assert game.current_player == 1
    kinds = {a.kind for a in game.legal_actions()}
    assert kinds == {"call", "raise", "drop"}
    act(game, 1, "raise", 1)
    assert game.current_player == 2 and game.high == 3


def test_P9_rounds_go_on_until_the_bets_are_equal_and_dropping_loses_chips():
    """A raise sends the betting round again; a player who drops loses what they bet."""
    game = poch_deal(3, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"]}, turned="7-hearts")
    before = list(game.chips)
    act(game, 1, "bet", 2)
    act(game, 2, "raise", 2)
    act(game, 0, "call")
    assert game.current_player == 1  # B must answer C's raise
    act(game, 1, "drop")
    assert game.phase.key == "run"
    assert game.chips[1] == before[1] - 2
    assert game.poch_winner == 0  # A's Aces beat C's Queens
    assert game.chips[0] == before[0] - 4 + 2 + 4 + 4 + 3  # bets 10 and the Poch hole (3)


def test_P9_only_legal_kinds_in_the_betting():
    """Playing a card while the betting is on is refused with P9."""
    game = poch_deal(3, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"]})
    with pytest.raises(IllegalAction, match="P9"):
        game.apply(Action("play", 1, card=game.hands[1][0]))
    with pytest.raises(IllegalAction, match="P9: nobody has bet yet"):
        game.apply(Action("call", 1))
    act(game, 1, "bet", 1)
    with pytest.raises(IllegalAction, match="P9: the bet stands at 1 chip"):
        game.apply(Action("bet", 2, amount=3))


def test_P10_everyone_passes_and_the_poch_hole_stays():
    """If everyone passes, the Poch hole keeps its chips and the player left of the dealer starts."""
    game = poch_deal(3, turned="7-hearts")
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    assert game.holes["poch"] == 3 and game.poch_winner is None
    assert game.phase.key == "run" and game.current_player == 1
    assert "keeps its 3 chips" in [s for s in game.history if s.action.kind == "showdown"][0].text


def test_P10_lone_bettor_takes_bets_and_poch_hole_showing_a_pair():
    """All others drop: the only bettor takes everything and shows at least a pair."""
    game = poch_deal(6, {1: ["K-acorns", "K-leaves", "A-acorns", "Q-hearts", "J-bells", "9-bells"]},
                     turned="7-hearts")
    before = list(game.chips)
    act(game, 1, "bet", 3)
    for seat in (2, 3, 4, 5, 0):
        act(game, seat, "drop")
    step = [s for s in game.history if s.action.kind == "showdown"][0]
    assert step.rule == "P10" and "pair of Kings" in step.text
    assert game.chips[1] == before[1] + 6  # own bet back plus the Poch hole (6)
    assert {c.code for c in game.shown[1]} >= {"K-acorns", "K-leaves"}


def test_P11_ruling_cannot_bet_more_than_you_hold():
    """A bet larger than one's chips is refused naming P11, and nothing changes."""
    game = poch_deal(3, {1: ["K-acorns", "K-leaves"]}, turned="7-hearts", chips=12)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=r"P11: B cannot put in 30 chips: B holds only \d+"):
        game.apply(Action("bet", 1, amount=30))
    assert snapshot(game) == before


def test_P11_ruling_bets_capped_by_the_poorest_player_still_in():
    """No bet beyond what every other player still in could match."""
    game = poch_deal(3, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"]}, turned="7-hearts", chips=20)
    game.chips[2] = 3  # C is poor (set directly for the test; conservation not checked here)
    bets = [a.amount for a in game.legal_actions() if a.kind == "bet"]
    assert max(bets) == 3
    with pytest.raises(IllegalAction, match="P11: nobody may bet more"):
        game.apply(Action("bet", 1, amount=4))
    act(game, 1, "bet", 3)
    assert [a for a in game.legal_actions() if a.kind == "raise"] == []


def test_P11_ruling_short_player_pays_what_they_have_in_phase_3():
    """A player owing more cards than chips pays all their chips."""
    game = poch_deal(3, turned="7-hearts", chips=9)
    assert game.chips[1] >= 0
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    while game.phase.key != "ante":
        game.apply(game.legal_actions()[0])
    assert min(game.chips) >= 0
    assert sum(game.chips) + sum(game.holes.values()) == 27
    settle = [s for s in game.history if s.action.kind == "go out"][0]
    if "P11" in settle.rule:
        assert "so pays all they have (P11)" in settle.text or "so pays nothing (P11)" in settle.text


def test_P12_holder_of_the_next_card_must_play_it():
    """The next higher card of the suit is played by whoever holds it, out of seating order."""
    game = poch_deal(3, {1: ["7-acorns", "9-acorns"], 2: ["8-acorns"]}, turned="7-hearts")
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    act(game, 1, "play", card="7-acorns")
    assert game.current_player == 2
    assert game.legal_actions() == [Action("play", 2, card=game.suits.card("8-acorns"))]
    with pytest.raises(IllegalAction, match="P12: it is C's turn"):
        game.apply(Action("play", 0, card=game.hands[0][0]))
    other = [c for c in game.hands[2] if c.code != "8-acorns"][0]
    with pytest.raises(IllegalAction, match="P12: the run goes on with the Eight of acorns"):
        game.apply(Action("play", 2, card=other))
    act(game, 2, "play", card="8-acorns")
    assert game.current_player == 1 and game.run_next.code == "9-acorns"


def test_P12_run_stops_at_turned_card_played_card_and_ace():
    """A run stops when the next card is the turned card, already played, or after the Ace."""
    game = poch_deal(3, {1: ["9-hearts", "A-leaves", "Q-bells", "K-bells", "A-bells", "J-bells"]},
                     turned="10-hearts")
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    act(game, 1, "play", card="9-hearts")
    assert "Ten of hearts is the turned card" in game.history[-1].text
    assert game.current_player == 1 and game.run_next is None
    act(game, 1, "play", card="A-leaves")
    assert "Ace is the top" in game.history[-1].text and game.current_player == 1
    act(game, 1, "play", card="Q-bells")
    assert game.run_next.code == "K-bells" and game.current_player == 1
    act(game, 1, "play", card="K-bells")
    act(game, 1, "play", card="A-bells")
    act(game, 1, "play", card="J-bells")
    assert "Queen of bells has already been played: the run stops" in game.history[-1].text
    assert game.current_player == 1 and game.run_next is None


def test_P12_you_cannot_play_a_card_you_do_not_hold():
    """Starting a run with someone else's card is refused, naming the card."""
    game = poch_deal(3, {1: ["7-acorns"], 2: ["8-acorns"]})
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    with pytest.raises(IllegalAction, match="P12: B does not hold the Eight of acorns"):
        game.apply(Action("play", 1, card=game.suits.card("8-acorns")))


def test_P13_who_lays_the_last_card_starts_the_next_run():
    """After a run stops, the player of its last card chooses any card to start again."""
    game = poch_deal(3, {1: ["K-acorns"], 2: ["A-acorns"]}, turned="7-hearts")
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    act(game, 1, "play", card="K-acorns")
    act(game, 2, "play", card="A-acorns")
    assert game.current_player == 2 and game.run_next is None
    assert len(game.legal_actions()) == len(game.hands[2])
    step = act(game, 2, "play", card=game.hands[2][0].code)
    assert step.rule == "P13"


def test_P14_first_out_takes_the_centre_and_a_chip_per_card():
    """E-P3's arithmetic: others holding 4, 6 and 7 cards pay 17 chips, plus the centre."""
    from cardwidgets import load_record
    game = load_record("e-p3")
    settle = [s for s in game.history if s.action.kind == "go out"][0]
    assert settle.rule == "P14"
    assert ("Ville holds 4 cards and pays 4; Sanna holds 6 cards and pays 6; Timo holds 7 "
            "cards and pays 7. In all 17 chips.") in settle.text
    i = settle.index
    game.goto(i - 1)
    before = list(game.chips)
    centre = game.holes["centre"]
    game.forward()
    assert game.chips[0] - before[0] == 17 + centre


def test_P15_game_ends_when_someone_cannot_ante():
    """The game ends before a deal when a player has fewer than 9 chips; most chips wins."""
    game = Poch(3, chips=20)
    game.chips[:] = [8, 25, 27]
    step = game.advance()[0]
    assert step.action.kind == "end" and step.rule == "P15"
    assert game.finished and game.current_player is None and game.legal_actions() == []
    assert game.result()["winners"] == [2]
    assert "A has only 8 chips and cannot pay the 9-chip ante" in step.text


def test_P15_deals_setting_stops_after_the_agreed_deals():
    """With deals=2 the game ends after two deals even if all can still ante."""
    from cardwidgets import RuleOfThumbPlayer
    game = play_out(Poch(4, chips=200, deals=2), RuleOfThumbPlayer(3), seed=3)
    assert game.finished and game.deal_no == 3
    assert "2 deals agreed" in game.history[-1].text


def test_PV1_dealer_takes_the_turned_honours_hole():
    """PV1: a turned Queen gives the dealer the Queen hole, but not the Marriage."""
    game = poch_deal(3, {1: ["K-hearts"]}, turned="Q-hearts", dealer=0,
                     options={"dealer_takes_turned": True})
    steps = {s.action.what: s for s in game.history if s.phase == "pay"}
    assert steps["Q"].rule == "PV1" and steps["Q"].action.seat == 0
    assert game.holes["Q"] == 0 and game.holes["marriage"] == 3


def test_PV2_turned_card_is_dealt_face_up_and_counts():
    """PV2: all 32 cards are dealt; the last goes face up to its receiver and counts for them."""
    game = Poch(3, options={"PV2": True})
    game.advance()
    deck = make_deck("german32")
    last = deck[-1]
    step = game.apply(Action("deal", cards=tuple(deck)))
    assert step.rule == "PV2" and game.turned is None
    assert sum(len(h) for h in game.hands) == 32
    receiver = [s for s in range(3) if last in game.hands[s]][0]
    assert last in game.shown[receiver] and game.payment == last.suit
    game.advance()
    unclaimed = [s for s in game.history if s.action.kind == "unclaimed" and s.action.what in
                 ("A", "K", "Q", "J", "10")]
    assert unclaimed == []  # every honour is in some hand


def test_PV3_betting_without_a_pair_highest_card_wins():
    """PV3: players with no pair may bet; with no pairs, highest card then skat suit order wins."""
    game = poch_deal(6, {0: ["A-leaves", "K-acorns", "Q-hearts", "J-bells", "10-acorns"],
                         1: ["A-acorns", "K-leaves", "Q-bells", "J-hearts", "10-leaves", "9-hearts"]},
                     turned="7-hearts", options={"poch_without_pair": True})
    assert game.best_set(0)[0] == 1 and game.best_set(1)[0] == 1
    act(game, 1, "bet", 1)
    for seat in (2, 3, 4, 5):
        act(game, seat, "drop")
    act(game, 0, "call")
    # both hold an Ace as highest card; acorns beats leaves in the skat order
    assert game.poch_winner == 1
    assert "PV3" in [s for s in game.history if s.action.kind == "showdown"][0].rule


def test_PV3_equal_pairs_club_suit_wins_whatever_the_payment_suit():
    """PV3: between equal pairs the one with the acorns/clubs card wins, even against the payment card."""
    from cardwidgets.games.poch.rules import set_key
    clubs_pair = cards("9-clubs", "9-spades")
    payment_pair = cards("9-hearts", "9-diamonds")
    assert set_key(clubs_pair, "hearts", "french", without_pair=True) > \
        set_key(payment_pair, "hearts", "french", without_pair=True)
    assert set_key(clubs_pair, "hearts", "french") < set_key(payment_pair, "hearts", "french")


def test_PV3_a_pair_still_beats_a_high_card():
    """PV3: any pair beats the best single card."""
    from cardwidgets.games.poch.rules import set_key
    assert set_key(cards("7-clubs", "7-spades"), "hearts", "french", True) > \
        set_key(cards("A-clubs", "K-clubs"), "hearts", "french", True)


def test_PV4_money_settles_against_the_starting_chips():
    """PV4: board chips are shared out, then each pays or receives per chip; the sums balance."""
    game = play_out(Poch(4, chips=20, options={"money": 0.5}), RandomPlayer(5), seed=5)
    res = game.result()
    assert sum(res["board_shares"]) == sum(res["board"].values())
    assert abs(sum(res["money"])) < 1e-9
    for s in range(4):
        assert res["money"][s] == pytest.approx((res["chips"][s] + res["board_shares"][s] - 20) * 0.5)


def test_options_are_checked():
    """Unknown options and bad values name the field."""
    with pytest.raises(ConfigError, match="options: 'PV9' is not a Poch variant option"):
        Poch(3, options={"PV9": True})
    with pytest.raises(ConfigError, match="options.dealer_takes_turned: must be true or false"):
        Poch(3, options={"PV1": "yes"})
    with pytest.raises(ConfigError, match="options.money"):
        Poch(3, options={"money": -1})
    with pytest.raises(ConfigError, match="chips: each player starts"):
        Poch(3, chips=5)
    with pytest.raises(ConfigError, match="dealer: the first dealer is a seat number from 0 to 2"):
        Poch(3, dealer=3)
    with pytest.raises(ConfigError, match="colour: is not a setting of Poch"):
        Poch(3, colour="red")


def test_chance_and_table_actors():
    """The deal is a chance step; pot payments are table steps no player may take."""
    game = Poch(3)
    assert game.current_player == TABLE
    with pytest.raises(IllegalAction, match="nobody chooses now"):
        game.apply(Action("bet", 1, amount=1))
    game.advance()
    assert game.current_player == CHANCE and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="the cards must be dealt first"):
        game.apply(Action("pass", 1))


def test_P11_ruling_the_cap_uses_public_facts_only():
    """The bets offered never depend on whether another player holds a pair (no leak)."""
    offers = []
    for c_hand in (["9-acorns", "9-leaves"], ["9-acorns", "K-bells"]):
        game = poch_deal(6, {1: ["A-acorns", "A-leaves"], 2: c_hand}, turned="7-hearts")
        game.chips[2] = 4  # C is poor, whether or not C holds a pair
        offers.append([a.amount for a in game.legal_actions() if a.kind == "bet"])
        reason = str(game.why_not(Action("bet", 1, amount=10)))
        assert "C could put in at most 4 (pair or no pair, nobody knows)" in reason
    assert offers[0] == offers[1] and max(offers[0]) == 4 + 0


def test_P10_lone_bettor_shows_just_a_pair_of_a_bigger_set():
    """The lone bettor proves the right to bet with a pair; the rest of the set stays hidden."""
    game = poch_deal(6, {1: ["A-acorns", "A-leaves", "A-hearts"]}, turned="7-bells")
    act(game, 1, "bet", 1)
    for seat in (2, 3, 4, 5, 0):
        act(game, seat, "drop")
    step = [s for s in game.history if s.action.kind == "showdown"][0]
    assert "shows a pair of Aces (Ace of acorns, Ace of leaves)" in step.text
    assert len(game.shown[1]) == 2


def test_P8_showdown_says_why_the_winner_won():
    """The showdown words give the deciding reason: larger set, higher rank or payment card."""
    game = poch_deal(6, {1: ["9-hearts", "9-acorns"], 2: ["9-leaves", "9-bells"]},
                     turned="7-bells")  # bells is the payment suit
    act(game, 1, "bet", 1)
    act(game, 2, "call")
    for seat in (3, 4, 5, 0):
        act(game, seat, "drop")
    step = [s for s in game.history if s.action.kind == "showdown"][0]
    assert game.poch_winner == 2
    assert "only its pair holds the payment-suit card, the Nine of bells" in step.text


# ---- issue 11: Poch word for word --------------------------------------------------------

def cli_step(number, *args):
    """The text of step ``number`` of ``python -m cardwidgets play poch ARGS`` (as printed)."""
    import contextlib
    import io

    from cardwidgets.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["play", "poch", *args])
    for line in out.getvalue().splitlines():
        if line.strip().startswith(f"{number}. "):
            return line.strip()[len(f"{number}. "):]
    raise AssertionError(f"no step {number}")


def test_P11_the_poorest_player_still_in_sets_the_limit_pair_or_no_pair():
    """Four players, D has 2 chips and no pair: B may bet at most 2, the refusal says who
    limits it and why; once D drops, the limit is set by the poorest of those left."""
    game = poch_deal(4, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"],
                         3: [f"{r}-bells" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]},
                     turned="7-hearts", chips=20)
    assert game.best_set(3)[0] < 2                      # D holds no pair
    game.chips[3] = 2                                   # D is poor (set for the test)
    assert max(a.amount for a in game.legal_actions() if a.kind == "bet") == 2
    refusal = game.why_not(Action("bet", 1, amount=3))
    assert refusal.rule == "P11" and "D could put in at most 2" in refusal.reason
    assert "pair or no pair" in refusal.reason
    assert "pair or no pair" in Poch.RULES["P11"] and "D has 2 chips" in Poch.RULES["P11"]
    assert "PV5" in Poch.RULES["P11"]
    act(game, 1, "bet", 2)
    act(game, 2, "call")
    act(game, 3, "drop")                                # D cannot call without a pair
    raises = [a.amount for a in game.legal_actions() if a.kind == "raise"]
    assert raises and max(raises) == min(game.chips[s] + game.bets[s] for s in (0, 1, 2)) - 2


def pv5_game():
    """Three players, 12 chips: B takes the five honour holes and Marriage (21 chips), A and C
    keep 3."""
    game = poch_deal(3, {1: ["A-hearts", "K-hearts", "Q-hearts", "J-hearts", "10-hearts",
                             "K-acorns"],
                         2: ["9-acorns", "9-leaves"]},
                     turned="7-hearts", chips=12, options={"PV5": True})
    return game


def test_PV5_everyone_gets_the_same_extra_chips_when_a_player_cannot_match():
    """The document's own remedy: no limit but one's own chips; when a player cannot match,
    every player receives the same extra chips, counted, so no chip is lost."""
    game = pv5_game()
    assert game.chips == [3, 21, 3]
    assert max(a.amount for a in game.legal_actions() if a.kind == "bet") == 21
    act(game, 1, "bet", 10)
    # C must match 10 and holds 3: the table gives everyone 7 before C chooses
    step = game.history[-1]
    assert step.rule == "PV5" and step.action.kind == "extra chips"
    assert step.text == ("C must match the bet of 10 (putting in 10) but has only 3: as "
                         "document 000 suggests, every player receives 7 extra chips from the "
                         "bank, so the game goes on (7 each so far).")
    assert game.chips == [10, 18, 10] and game.current_player == 2
    assert game.view()["extra_chips"] == 7
    act(game, 2, "call")
    act(game, 0, "drop")
    while not game.finished and game.phase.key != "ante":
        game.apply(game.legal_actions()[0])
        game.advance()
    total = sum(game.chips) + sum(game.holes.values()) + sum(game.bets)
    assert total == 3 * 12 + 3 * game.extra_each
    assert game.view()["total_chips"] == total


def test_PV5_off_the_cap_stands_and_no_extra_chips_are_given():
    game = poch_deal(3, {1: ["A-hearts", "K-hearts", "Q-hearts", "J-hearts", "10-hearts",
                             "K-acorns"], 2: ["9-acorns", "9-leaves"]}, turned="7-hearts", chips=12)
    assert max(a.amount for a in game.legal_actions() if a.kind == "bet") == 3
    act(game, 1, "bet", 3)
    assert game.extra_each == 0 and game.current_player == 2


@pytest.mark.parametrize("seed", range(12))
def test_PV5_chips_stay_conserved_with_the_bank_counted(seed):
    game = Poch(4, chips=15, options={"PV5": True}, deals=6)
    rng = RandomPlayer(seed=seed)
    import random as _random
    shuffle = _random.Random(seed)
    while True:
        actor = game.to_choice(shuffle)      # the deals and the automatic steps, then a choice
        total = sum(game.chips) + sum(game.holes.values()) + sum(game.bets)
        assert total == 4 * 15 + 4 * game.extra_each
        assert min(game.chips) >= 0
        if actor is None:
            break
        # nobody is ever asked to match a bet they cannot afford
        if game.phase.key == "poch":
            assert game.high - game.bets[actor] <= game.chips[actor]
        game.apply(rng.choose(game, actor))
        total = sum(game.chips) + sum(game.holes.values()) + sum(game.bets)
        assert total == 4 * 15 + 4 * game.extra_each


def test_P10_the_one_bettor_left_in_is_not_the_only_one_who_bet():
    """`play poch --players 5 --seed 9 --player random`, step 20: A, C and E bet and dropped;
    B is the one bettor left in (apustulari bakarra), not "the only bettor"."""
    text = cli_step(20, "--players", "5", "--seed", "9", "--player", "random")
    assert text.startswith("E, A and C bet too but dropped out, D without betting: B, the one "
                           "bettor left in, shows a pair of Tens")
    assert "only bettor" not in text and "Everyone else dropped" not in text


def test_P10_a_lone_bettor_who_alone_bet_is_the_only_bettor():
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]}, turned="7-hearts")
    act(game, 1, "bet", 1)
    for seat in (2, 3, 0):
        act(game, seat, "drop")
    text = [s for s in game.history if s.action.kind == "showdown"][0].text
    assert text.startswith("Nobody else bet: B, the only bettor, shows a pair of Kings")


def test_PV3_the_lone_bettor_proves_no_right_to_bet():
    """`--players 5 --seed 1 --variant PV1 --variant PV3`, step 15: no pair needed, none shown."""
    text = cli_step(15, "--players", "5", "--seed", "1", "--variant", "PV1", "--variant", "PV3")
    assert "prove the right to bet" not in text
    assert "In this variant betting needs no pair, so C shows nothing." in text


def test_P14_says_what_each_player_holds_and_pays():
    """`--players 4 --seed 7`, step 76: A holds 3 cards but has only 2 chips."""
    text = cli_step(76, "--players", "4", "--seed", "7")
    assert "A holds 3 cards but has only 2, so pays all they have (P11)" in text
    assert "B holds 4 cards and pays 4; C holds 1 card and pays 1. In all 7 chips." in text


def test_P15_a_player_with_no_chips_has_none_not_only_0():
    """`--players 4 --seed 7`, step 77 and `--players 5 --seed 15 --player random`, step 38."""
    text = cli_step(77, "--players", "4", "--seed", "7")
    assert text.startswith("A has no chips left and cannot pay the 9-chip ante")
    assert "only 0" not in text
    text = cli_step(38, "--players", "5", "--seed", "15", "--player", "random")
    assert "B holds 2 cards but has no chips, so pays nothing (P11)" in text
    assert "only 0" not in text


def test_P9_ich_poche_is_translated():
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]}, turned="7-hearts")
    step = act(game, 1, "bet", 2)
    assert '("Ich poche 2", German for "I poch 2"; pochen is to knock)' in step.text
    assert 'German for "I poch 3"' in Poch.RULES["P9"]


def test_P3_board_labels_come_from_the_documents():
    """Only the documents' words under the holes: no "Mitte" or "Zehn"; the centre, unlabelled
    in document 000, has no German word, and P3 says the English names are ours."""
    german = Poch(3).view()["hole_native"]
    assert german["centre"] == "" and german["10"] == ""
    assert "Mitte" not in german.values() and "Zehn" not in german.values()
    assert [german[h] for h in ("A", "K", "Q", "J", "marriage", "sequence", "poch")] == [
        "Daus", "König", "Ober", "Unter", "Braut", "Sequenz", "Poch"]
    finnish = Poch(3, suits="french").view()["hole_native"]
    assert finnish["centre"] == "keskipotti" and finnish["poch"] == "poch-potti"
    assert "English names are ours" in Poch.RULES["P3"] and "unlabelled" in Poch.RULES["P3"]


YOU_SLIPS = ("You's", "You has", "You holds", "You takes", "You passes", "You calls", "You pochs",
             "You raises", "You drops", "You wins", "You lays", "You starts", "You deals",
             "You pays", "You loses", "You is", "You shows", "you has", "you holds", "you takes",
             "you pays", "you is", "you shows", "which You", "you starts", "you wins", "you lays")


@pytest.mark.parametrize("options", [{}, {"PV3": True}, {"PV5": True}, {"PV1": True, "PV2": True}])
def test_a_player_called_you_is_addressed_as_you(options):
    """Issue 11 item 5: "You calls", "which You holds", "You has only 8 chips" never appear."""
    texts = []
    for seed in range(25):
        game = play_out(Poch(["You", "Ada", "Boris", "Cleo"], options=options),
                        RandomPlayer(seed=seed), seed=seed)
        texts += [s.text for s in game.history]
        texts += [game.describe(a) for a in game.legal_actions()]
    for text in texts:
        assert not any(slip in text for slip in YOU_SLIPS), text
    joined = " ".join(texts)
    assert "You hold the" in joined and "you " in joined


def test_you_in_refusals_and_the_game_over_text():
    game = poch_deal(["Ada", "You", "Boris"], {1: ["K-acorns", "K-leaves"]}, turned="7-hearts",
                     chips=12)
    refusal = game.why_not(Action("bet", 1, amount=30))
    assert refusal.reason == "You cannot put in 30 chips: you hold only 3; the most you may bet is 3"
    game = poch_deal(["Ada", "Boris", "You", "Dora", "Emil", "Fay"],
                     {2: ["9-acorns", "K-bells", "A-leaves", "J-hearts", "8-leaves"]},
                     turned="7-hearts")
    act(game, 1, "pass")
    assert game.why_not(Action("bet", 2, amount=1)).reason == (
        "You hold no pair, three or four of a kind, so may not take part in the poching: you "
        "may only pass")


def test_the_seat_addressed_as_you_can_be_chosen_and_rewrites_the_texts():
    game = play_out(Poch(3), RandomPlayer(seed=2), seed=2)
    assert game.you is None
    first = game.history[1].text
    game.you = 0
    assert game.history[1].text != first and "you" in game.history[1].text.lower()
    assert game.history[1].text.startswith("You deal") or "you" in game.history[1].text
    game.you = None
    assert game.history[1].text == first
    with pytest.raises(ConfigError, match="you: there is no seat 7"):
        game.you = 7


def test_P1_marks_the_german_card_words_that_are_ours():
    assert "such as Zehn, are ours" in Poch.RULES["P1"]


# ---- the audit against documents 000 and 002 ------------------------------------------------

def test_P5_the_same_hands_serve_all_three_phases():
    """Document 002: the same cards claim the holes, bet and run; nothing is dealt again, and
    every card laid in phase 3 comes from the hand its player was dealt."""
    game = poch_deal(4, {1: ["K-hearts", "K-acorns", "9-hearts"], 2: ["A-hearts", "A-bells"]},
                     turned="7-hearts")
    dealt = [list(h) for h in game.hands]
    act(game, 1, "bet", 1)
    for seat in (2, 3, 0):
        act(game, seat, "call" if seat == 2 else "drop")
    assert game.phase.key == "run" and [list(h) for h in game.hands] == dealt
    assert [a.kind for a in game.actions].count("deal") == 1
    while game.phase.key == "run":
        action = game.legal_actions()[0]
        assert action.card in dealt[action.seat]
        game.apply(action)
        game.advance()
    assert [a.kind for a in game.actions].count("deal") == 1


def test_P6_ruling_only_the_cards_that_win_a_hole_are_shown():
    """Our ruling: the Ace of the payment suit is shown to take its hole; a lone 8 of the
    payment suit wins nothing and stays hidden (the 7 and 9 are elsewhere)."""
    game = poch_deal(3, {0: ["A-hearts", "7-hearts"], 1: ["8-hearts"], 2: ["9-hearts"]},
                     turned="10-hearts")
    shown = [[c["code"] for c in cards] for cards in game.view(2)["shown"]]
    assert "A-hearts" in shown[0] and "7-hearts" not in shown[0]
    assert "8-hearts" not in shown[1] and "9-hearts" not in shown[2]
    assert all(code.endswith("-hearts") and code.split("-")[0] in ("A", "K", "Q", "J")
               for cards in shown for code in cards)     # only honours, each taking its hole
    assert "Our ruling on what is shown" in Poch.RULES["P6"]
    assert "payment-suit card that wins nothing stays hidden" in Poch.RULES["P6"]


def test_P7_a_turned_seven_eight_or_nine_leaves_the_sequence_unwon():
    """The turned 8 of the payment suit is nobody's, so the 7 and 9 together take nothing."""
    game = poch_deal(3, {0: ["7-hearts", "9-hearts"]}, turned="8-hearts")
    assert game.holes["sequence"] == 3
    step = next(s for s in game.history if s.action.kind == "unclaimed"
                and s.action.what == "sequence")
    assert step.rule == "P7"
    assert "it needs the Eight of hearts, which is the turned card" in step.text


def test_P8_aces_beat_kings_between_sets_of_the_same_size():
    """Document 002: with as many cards in the sets, the higher rank wins: Aces beat Kings."""
    game = poch_deal(6, {1: ["K-acorns", "K-leaves"], 2: ["A-bells", "A-leaves"]},
                     turned="7-hearts")
    act(game, 1, "bet", 1)
    act(game, 2, "call")
    for seat in (3, 4, 5, 0):
        act(game, seat, "drop")
    step = next(s for s in game.history if s.action.kind == "showdown")
    assert game.poch_winner == 2 and "having the higher rank" in step.text


def test_P10_the_poch_hole_left_by_passes_grows_at_the_next_ante():
    """If everyone passes the Poch hole stays, and the next ante adds to it (document 000)."""
    game = poch_deal(3, turned="7-hearts", chips=30)
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    assert game.holes["poch"] == 3
    while game.phase.key != "deal":
        game.apply(game.legal_actions()[0])
    assert game.holes["poch"] == 6 and game.deal_no == 2


def test_P15_ruling_players_tied_for_the_most_chips_share_the_win():
    game = Poch(3, chips=20)
    game.chips[:] = [30, 30, 8]
    step = game.advance()[0]
    assert game.finished and game.result()["winners"] == [0, 1]
    assert "A and B win with 30 chips" in step.text
    assert "Our ruling" in Poch.RULES["P15"] and "share the win" in Poch.RULES["P15"]


def test_PV2_ruling_the_dealt_payment_card_is_face_up_for_all():
    """Our ruling: the last card, dealt to a player in PV2, is dealt face up: every seat sees it."""
    game = Poch(3, options={"PV2": True})
    game.advance()
    deck = make_deck("german32")
    game.apply(Action("deal", cards=tuple(deck)))
    receiver = next(s for s in range(3) if deck[-1] in game.hands[s])
    other = (receiver + 1) % 3
    assert game.view(other)["hands"][receiver] is None
    assert deck[-1].code in [c["code"] for c in game.view(other)["shown"][receiver]]
    assert "Our ruling: it is dealt face up" in Poch.RULES["PV2"]


def test_PV4_ruling_odd_board_chips_go_to_the_poorest_then_from_the_dealers_left():
    """7 chips on the board, 4 players: one each, and the 3 left to B and C (10 chips each;
    C sits left of the dealer B, so C first) and then A (20), not D (30)."""
    game = Poch(4, dealer=1, options={"money": 1})
    game.holes.update(dict.fromkeys(game.holes, 0))
    game.holes["marriage"], game.holes["sequence"] = 6, 1
    game.chips[:] = [20, 10, 10, 30]
    assert game.share_board() == [2, 2, 2, 1]
    assert "fewest chips, then in seat order from the dealer's left" in Poch.RULES["PV4"]


# ---- the refusals say what to do instead ------------------------------------------------------

def four_to_bet():
    return poch_deal(4, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"],
                         2: ["Q-acorns", "Q-leaves"],
                         3: [f"{r}-bells" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]},
                     turned="7-hearts")


def test_P9_a_wrong_kind_of_move_is_told_what_it_may_do():
    game = four_to_bet()                                     # B first; A, D hold 11 chips
    assert game.why_not(Action("call", 1)).reason == (
        "nobody has bet yet, so there is nothing to call: B may pass or bet 1 to 11 chips")
    assert game.why_not(Action("bet", 1)).reason == (
        "say how many chips to bet: at least 1 and at most 11")
    act(game, 1, "bet", 2)
    assert game.why_not(Action("pass", 2)).reason == (
        "the bet stands at 2 chips: it is too late to pass or to open a bet; C may call (put "
        "in 2 more), raise by 1 to 9 or drop")
    assert game.why_not(Action("raise", 2)).reason == (
        "say how many chips to raise by: at least 1 and at most 9")


def test_P11_a_bet_beyond_ones_chips_is_told_the_most_allowed():
    game = four_to_bet()
    refusal = game.why_not(Action("bet", 1, amount=50))
    assert refusal.rule == "P11"
    assert refusal.reason == "B cannot put in 50 chips: B holds only 23; the most B may bet is 11"
    act(game, 1, "bet", 11)                                  # the most: nobody may raise now
    refusal = game.why_not(Action("raise", 2, amount=1))
    assert refusal.rule == "P11" and refusal.reason.endswith("so nobody may raise: C may call or drop")
    refusal = game.why_not(Action("raise", 2, amount=30))
    assert refusal.reason.endswith("so nobody may raise: C may call or drop")
    refusal = game.why_not(Action("raise", 2))
    assert refusal.rule == "P11" and refusal.reason.endswith("so nobody may raise: C may call or drop")


def test_P8_a_player_without_a_pair_is_told_to_pass_or_drop():
    game = four_to_bet()
    act(game, 1, "bet", 1)
    act(game, 2, "call")
    refusal = game.why_not(Action("call", 3))                # D holds no pair
    assert refusal.rule == "P8" and refusal.reason.endswith("so may not take part in the "
                                                            "poching: D may only drop")
    assert game.why_not(Action("pass", 3)).reason.endswith("D may only drop")


def test_P12_laying_out_of_turn_says_whose_turn_it_is_and_why():
    game = poch_deal(3, {1: ["7-acorns", "9-acorns"], 2: ["8-acorns"]}, turned="7-hearts")
    for seat in (1, 2, 0):
        act(game, seat, "pass")
    assert game.why_not(Action("play", 0, card=game.hands[0][0])).reason == (
        "it is B's turn, not A's: nobody won the poching, so B, left of the dealer, starts the "
        "first run")
    act(game, 1, "play", card="7-acorns")
    assert game.why_not(Action("play", 0, card=game.hands[0][0])).reason == (
        "it is C's turn, not A's: C holds the Eight of acorns, the next card of the run, and "
        "must lay it")
    act(game, 2, "play", card="8-acorns")
    act(game, 1, "play", card="9-acorns")                    # the 10 of acorns: A's (filled)
    holder = game.current_player
    other = (holder + 1) % 3
    refusal = game.why_not(Action("play", other, card=game.hands[other][0]))
    assert refusal.rule == "P12" and "the next card of the run, and must lay it" in refusal.reason


def test_P4_the_first_dealer_is_the_dealer_setting():
    """The first dealer is chosen by lot; here it is the dealer setting (the CLI draws it)."""
    assert Poch(4, dealer=2).dealer == 2
    assert "here: the dealer setting" in Poch.RULES["P4"]


@pytest.mark.parametrize("options", [{}, {"PV5": True}])
def test_P11_the_most_a_refusal_names_is_legal_and_one_more_is_not(options):
    """Seeded random betting: whenever a too-large bet or raise is refused, the most the
    refusal names is allowed and one chip more is not; nothing changes."""
    import random as _random
    import re
    checked = 0
    for seed in range(30):
        game = Poch(4, chips=15, options=options, deals=3)
        rng, shuffle = RandomPlayer(seed=seed), _random.Random(seed)
        while not game.finished:
            actor = game.current_player
            if actor == CHANCE:
                game.apply(game.chance_action(shuffle))
                continue
            if actor == TABLE:
                game.advance()
                continue
            if game.phase.key == "poch":
                kind = "bet" if game.high == 0 else "raise"
                before = snapshot(game)
                beyond = game.chips[actor] + game.bets[actor] + 1     # more than the stack
                refusal = game.why_not(Action(kind, actor, amount=beyond - (
                    0 if kind == "bet" else game.high)))
                assert refusal is not None and snapshot(game) == before
                found = re.search(r"the most \w+ may (?:bet|raise by) is (\d+)", refusal.reason)
                if found:
                    most = int(found.group(1))
                    assert game.why_not(Action(kind, actor, amount=most)) is None
                    assert game.why_not(Action(kind, actor, amount=most + 1)) is not None
                    checked += 1
                else:
                    assert refusal.rule in ("P8", "P11")
                    assert "may only" in refusal.reason or "may call or drop" in refusal.reason
            game.apply(rng.choose(game, actor))
    assert checked > 20


def test_P9_a_card_clicked_in_the_betting_is_told_when_cards_are_laid():
    game = four_to_bet()
    refusal = game.why_not(Action("play", 1, card=game.hands[1][0]))
    assert refusal.rule == "P9" and refusal.reason == (
        "in the poching you may pass, bet, call, raise or drop (cards are laid only in phase "
        "3); now B may pass or bet 1 to 11 chips")


# ---- second audit: refusals a student can act on (rules4) --------------------------------
def test_P9_a_bet_out_of_turn_names_who_bets_next_and_never_their_pair():
    """Out of turn in the betting, the refusal says who is next and what the betting allows;
    it is the same whether that player holds a pair or not (P8: that is secret)."""
    lone = ["A-acorns", "K-leaves", "Q-hearts", "J-bells", "10-acorns", "9-leaves", "8-hearts",
            "7-bells"]
    pair = ["A-acorns", "A-leaves", "Q-hearts", "J-bells", "10-acorns", "9-leaves", "8-hearts",
            "7-bells"]
    reasons = []
    for hand in (lone, pair):
        game = poch_deal(4, {3: hand}, turned="7-hearts", dealer=2)
        assert game.current_player == 3
        before = snapshot(game)
        with pytest.raises(IllegalAction) as info:
            game.apply(Action("pass", 0))
        assert snapshot(game) == before and info.value.rule == "P9"
        reasons.append(info.value.reason)
    assert reasons[0] == reasons[1] == (
        "it is D's turn, not A's: the betting starts left of the dealer and goes clockwise, and "
        "D is next to pass or bet (P9)")
    game = poch_deal(4, {3: pair, 0: ["K-acorns", "K-hearts"]}, turned="7-hearts", dealer=2)
    act(game, 3, "bet", 1)
    with pytest.raises(IllegalAction, match="the betting goes round clockwise until the bets "
                                            "are equal, and A is next to call, raise or drop"):
        game.apply(Action("call", 1))


def test_P12_a_run_started_with_a_card_not_held_says_any_card_held_will_do():
    game = poch_deal(3, {0: ["A-acorns", "A-leaves"], 1: ["K-acorns", "K-leaves"]},
                     turned="7-hearts")
    while game.phase.key == "poch":
        act(game, game.current_player, "pass" if game.high == 0 else "drop")
    game.advance()                                     # the showdown: everyone passed
    starter = game.current_player
    stranger = next(c for c in make_deck("german32")
                    if c not in game.hands[starter] and c != game.turned)
    with pytest.raises(IllegalAction) as info:
        game.apply(Action("play", starter, card=stranger))
    assert info.value.rule == "P12" and info.value.reason.endswith(
        f"not hold the {stranger.name}: the first run is started with any card "
        f"{game.players[starter]} holds")


# ---- second audit: variants combined with the rules they change (rules4) ------------------
def test_PV1_P6_a_turned_queen_with_the_dealer_holding_the_king_takes_no_marriage():
    """Our ruling on PV1: the turned card counts only for its own hole, so a dealer holding
    the King with the Queen turned takes the King and Queen holes but not the Marriage; and a
    turned 9 gives no Sequence to a dealer holding the 7 and 8."""
    game = poch_deal(3, {0: ["K-hearts"]}, turned="Q-hearts", dealer=0,
                     options={"dealer_takes_turned": True})
    pay = {s.action.what: s for s in game.history if s.phase == "pay"}
    assert pay["K"].action.seat == 0 and pay["Q"].action.seat == 0 and pay["Q"].rule == "PV1"
    assert pay["marriage"].action.kind == "unclaimed" and game.holes["marriage"] == 3
    assert "it needs the Queen of hearts, which is the turned card" in pay["marriage"].text
    game = poch_deal(3, {0: ["7-hearts", "8-hearts"]}, turned="9-hearts", dealer=0,
                     options={"dealer_takes_turned": True})
    pay = {s.action.what: s for s in game.history if s.phase == "pay"}
    assert pay["sequence"].action.kind == "unclaimed" and game.holes["sequence"] == 3


def test_PV2_P12_P6_the_dealt_payment_card_claims_and_runs_go_through_it():
    """PV2: the payment card is dealt to a hand, so it claims its hole (P6) and a run is not
    stopped by it (P12)."""
    game = Poch(3, options={"PV2": True})
    game.advance()
    assert game.deal_sizes() == [10, 11, 11]       # dealer A: B, C, A, ...; the 32nd to C
    rest = [c.code for c in make_deck("german32")
            if c.code not in ("K-hearts", "Q-hearts", "J-hearts")]
    hands = {1: ["J-hearts"] + rest[:10], 2: rest[10:19] + ["Q-hearts", "K-hearts"],
             0: rest[19:29]}
    game.apply(game.scripted_deal(hands))
    assert game.payment == "hearts" and game.payment_card.code == "K-hearts"
    while game.phase.key == "pay":
        game.advance()
    claimed = {s.action.what: s.action.seat for s in game.history if s.action.kind == "claim"}
    assert claimed["K"] == claimed["Q"] == claimed["marriage"] == 2
    while game.phase.key in ("poch", "showdown"):
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.kind in ("pass", "drop")), legal[0]))
    assert game.current_player == 1 and not game.centre  # everyone passed: B, left of the dealer
    game.apply(Action("play", 1, card=game.suits.card("J-hearts")))
    assert game.run_next.code == "Q-hearts" and game.current_player == 2
    game.apply(Action("play", 2, card=game.suits.card("Q-hearts")))
    assert game.run_next.code == "K-hearts" and game.current_player == 2   # not stopped


# ---- an oracle for phases 1 and 2: P6-P8, P10 and PV1-PV3 written out again (rules4) -----
ORDER_P1 = ["A", "K", "Q", "J", "10", "9", "8", "7"]            # high to low
SKAT = {"german": ["acorns", "leaves", "hearts", "bells"],     # high to low
        "french": ["clubs", "spades", "hearts", "diamonds"]}


def _oracle_claims(game, dealer_takes):
    """P6, P7, PV1: who takes each hole, from the hands, the payment suit and the turned card."""
    holder = {c.rank: s for s in range(game.n) for c in game.hands[s] if c.suit == game.payment}
    out = {}
    for rank in ("A", "K", "Q", "J", "10"):
        if rank in holder:
            out[rank] = holder[rank]
        elif dealer_takes and game.turned is not None and game.turned.rank == rank:
            out[rank] = game.dealer
    for hole, ranks in (("marriage", ("K", "Q")), ("sequence", ("7", "8", "9"))):
        seats = {holder.get(r) for r in ranks}
        if len(seats) == 1 and None not in seats:
            out[hole] = seats.pop()
    return out


def _oracle_key(cards, payment, system, without_pair):
    """P8 (PV3): the best set of equal rank; pairs of one rank: the payment card (PV3: the
    higher skat suit); PV3 with no pair: the highest card, then the skat suit."""
    best = None
    for rank in ORDER_P1:
        same = [c for c in cards if c.rank == rank]
        if not same:
            continue
        top_suit = max(4 - SKAT[system].index(c.suit) for c in same)
        key = (len(same), 8 - ORDER_P1.index(rank),
               top_suit if without_pair else (any(c.suit == payment for c in same), top_suit))
        best = key if best is None or key > best else best
    return best


@pytest.mark.parametrize("options", [{}, {"PV1": True}, {"PV2": True}, {"PV3": True},
                                     {"PV1": True, "PV3": True}])
def test_P6_P8_P10_seeded_random_deals_pay_the_holes_and_the_poching_as_the_documents_say(options):
    for seed in range(40):
        rng = random.Random(seed)
        game = Poch(3 + seed % 4, options=options, chips=40, deals=2, dealer=seed % 3,
                    suits="german" if seed % 2 else "french")
        while not game.finished:
            key = game.phase.key
            if key == "pay":
                expect = _oracle_claims(game, game.options["dealer_takes_turned"])
                got = {}
                while game.phase.key == "pay":
                    step = game.apply(game.legal_actions()[0])
                    if step.action.kind == "claim":
                        got[step.action.what] = step.action.seat
                assert got == expect, (seed, game.payment)
            elif key == "showdown":
                contenders = [s for s in range(game.n) if not game.dropped[s] and game.bets[s]]
                pot, chips = sum(game.bets) + game.holes["poch"], list(game.chips)
                game.apply(game.legal_actions()[0])
                if contenders:
                    keys = {s: _oracle_key(game.hands[s], game.payment, game.system,
                                           game.options["poch_without_pair"])
                            for s in contenders}
                    winner = max(contenders, key=keys.get)
                    assert list(keys.values()).count(keys[winner]) == 1
                    assert game.poch_winner == winner and game.chips[winner] == chips[winner] + pot
                else:
                    assert game.poch_winner is None and game.holes["poch"] == pot
            elif game.current_player in (CHANCE, TABLE):
                game.apply(game.chance_action(rng) if game.current_player == CHANCE
                           else game.legal_actions()[0])
            else:
                game.apply(rng.choice(game.legal_actions()))


# ---- the fast paths say and do what the rules read plainly say (issue 26) ----------------

VARIANTS = [{}, {"PV1": True}, {"PV2": True}, {"PV3": True}, {"PV5": True},
            {"PV1": True, "PV2": True, "PV4": 0.5}]


def _random_steps(game, rng, limit=600):
    while not game.finished and len(game.history) < limit:
        if game.current_player == CHANCE:
            game.apply(game.chance_action(rng))
        else:
            game.apply(rng.choice(game.legal_actions()))


def _plain_turn(game):
    """Who acts, read from the rules (P4, P5, P9, PV5, P12, P13, P15), not the turn kept."""
    key = game.phase.key
    if key == "over":
        return None
    if key == "deal":
        return CHANCE
    if key == "poch":
        return TABLE if game._short(game.to_act) else game.to_act
    if key == "run":
        if game.run_next is None:
            return game.leader
        return next(s for s in range(game.n) if game.run_next in game.hands[s])
    return TABLE


@pytest.mark.parametrize("options", VARIANTS)
def test_P12_P9_the_turn_kept_is_the_turn_the_rules_give(options):
    """Poch keeps who acts (current_player, finished) as it goes: at every step of seeded games
    it is the seat the rules name (P9's bettor, P12's holder of the next card, P13's leader),
    and stays so through back, forward, goto and forks."""
    check_turn_kept(lambda: Poch(4, chips=25, deals=3, options=options), _plain_turn,
                    lambda total: (total - 1, total // 2, 3, 0, total - 5), 20)


def _kept_agrees(game):
    """The lookups Poch keeps as it goes are what the state gives read plainly: who holds
    each card (by its code), each best set asked for (P8), and the legal actions worked out
    for this step (P6's queue, P12's next card, the betting's choices)."""
    assert game.owner == {c.code: s for s in range(game.n) for c in game.hands[s]}
    if game._sets is not None:
        for s, best in enumerate(game._sets):
            assert best is None or best == best_set(game.hands[s])
    if game._legal_now is not None and not game.finished:
        assert list(game._legal_now) == list(game._legal())
        assert game._actor_now == game.current_player


@pytest.mark.parametrize("options", VARIANTS)
def test_P6_P8_P12_the_lookups_kept_agree_with_the_state(options):
    """At every step of seeded games, and through back, forward, goto and forks, Poch's kept
    lookups (who holds each card, the best sets, the legal actions of the step) agree with
    the hands and the state."""
    for seed in range(3):
        game = Poch(4, chips=25, deals=3, options=options)
        rng = random.Random(seed)
        while not game.finished:
            if game.current_player not in (CHANCE, None) and seed != 1:
                game.legal_actions()
                if game.phase.key == "poch":
                    game.best_set(game.to_act)
            _kept_agrees(game)
            _random_steps(game, rng, len(game.history) + 1)
        total = len(game.history)
        for index in (total - 1, total // 2, 3, 0, total - 5):
            game.goto(index)
            _kept_agrees(game)
            fork = game.fork()
            while not fork.finished and len(fork.history) < index + 30:
                _random_steps(fork, random.Random(index), len(fork.history) + 1)
                _kept_agrees(fork)
            _kept_agrees(game)
        game.back(7)
        game.forward(3)
        _kept_agrees(game)


@pytest.mark.parametrize("options", VARIANTS)
def test_P4_to_P15_late_texts_are_the_words_of_their_moment(options):
    """Every step's text is made when first read, from the values of its moment: read after
    many later steps (the chips, holes, hands and bets have all moved on; forks have played
    on; the game went back and forward), it says what it said when read at once, for a
    game that names its players and one that speaks to "you"."""
    for names in (4, ["You", "Ada", "Boris", "Cy"]):
        early = Poch(names, chips=25, deals=2, options=options)
        rng, said = random.Random(11), []
        while not early.finished:
            _random_steps(early, rng, len(early.history) + 1)
            said.append(early.history[-1].text)
        late = Poch(names, chips=25, deals=2, options=options)
        rng = random.Random(11)
        while not late.finished:
            _random_steps(late, rng, len(late.history) + 1)
            if len(late.history) % 5 == 0:
                _random_steps(late.fork(), random.Random(len(late.history)), 10**4)
        late.back(len(late.history) // 2)
        late.forward(10**4)
        assert [s.action for s in late.history] == [s.action for s in early.history]
        assert [s.text for s in late.history] == said
        assert [s.rule for s in late.history] == [s.rule for s in early.history]


def test_P14_a_text_read_late_keeps_the_chips_of_its_moment():
    """The going-out step (P14) names the cards held and chips paid then; the ante (P4) the
    holes then: changing the chips afterwards (as a teacher's test may) changes neither."""
    game = Poch(4, chips=40, deals=1)
    _random_steps(game, random.Random(5))
    settle = next(s for s in game.history if s.action.kind == "go out")
    ante = game.history[0]
    game.chips[:] = [0, 0, 0, 0]
    game.holes.update(dict.fromkeys(game.holes, 99))
    twin = Poch(4, chips=40, deals=1)
    _random_steps(twin, random.Random(5))
    assert settle.text == next(s for s in twin.history if s.action.kind == "go out").text
    assert ante.text == twin.history[0].text and "every hole now holds 4" in ante.text


@pytest.mark.parametrize("options", VARIANTS)
def test_P1_to_PV5_every_step_names_rules_of_the_game(options):
    """Every step of seeded games names rule ids of Poch's own (P…, PV…), each one known, and
    the kinds of step name their rules: the deal P5 (PV2), the runs P12 or P13, going out
    P14, the ante P4 and the end P15."""
    expected = {"ante": {"P4"}, "end": {"P15"}, "deal": {"P5", "PV2"},
                "play": {"P12", "P13"}, "go out": {"P14", "P14, P11"},
                "pass": {"P9"}, "bet": {"P9"}, "call": {"P9"}, "raise": {"P9"}, "drop": {"P9"},
                "extra chips": {"PV5"}, "showdown": {"P10", "P10, P8", "P10, PV3"},
                "claim": {"P6", "PV1"}, "unclaimed": {"P7", "P7, PV1"}}
    for seed in range(4):
        game = Poch(4, chips=25, deals=2, options=options)
        _random_steps(game, random.Random(seed))
        for step in game.history:
            assert step.rule in expected[step.action.kind], (step.action, step.rule)
            assert all(rule in Poch.RULES for rule in step.rule.split(", "))


def test_P12_hands_changed_from_outside_find_the_next_card_where_it_now_is():
    """_hands_changed(): after the hands are changed from outside the rules (an imagined
    deal), the holder of the next card of a run (P12) is found where the card now is, and
    the legal actions follow it."""
    for seed in range(30):
        game = Poch(4)
        rng = random.Random(seed)
        while not game.finished and not (game.phase.key == "run" and game.run_next):
            _random_steps(game, rng, len(game.history) + 1)
        if game.finished:
            continue
        holder = game.current_player
        other = (holder + 1) % 4
        hand, theirs = game.hands[holder], game.hands[other]
        i = hand.index(game.run_next)
        hand[i], theirs[0] = theirs[0], hand[i]
        game._hands_changed()
        assert game.current_player == other == _plain_turn(game)
        assert [a.seat for a in game.legal_actions()] == [other]
        assert game.legal_actions()[0].card == game.run_next
        game.apply(game.legal_actions()[0])
        assert game.run_next not in game.hands[other]
        return
    pytest.fail("no run went on in 30 games")
