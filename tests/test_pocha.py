"""Pocha (document 004): rules H1–H12 and variants HV1–HV5, each test named after its rule."""
import json
import random

import pytest

from cardwidgets import Action, ConfigError, IllegalAction, load_record, record_of
from cardwidgets.engine import CHANCE, SUIT_SYSTEMS, TABLE, Game
from cardwidgets.games import GAMES
from cardwidgets.games.pocha.rules import Pocha, hand_schedule, hand_score
from cardwidgets.records import RecordError

C = SUIT_SYSTEMS["spanish"].card

# The rank within a suit, written out again here from the document (H9) and the variants,
# so the tests do not borrow the game's own tables.
H9_40 = ["1", "3", "12", "11", "10", "7", "6", "5", "4", "2"]
H9_48 = ["1", "3", "12", "11", "10", "9", "8", "7", "6", "5", "4", "2"]
HV3_40 = ["1", "12", "11", "10", "7", "6", "5", "4", "3", "2"]
HV3_48 = ["1", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


# ---- helpers ------------------------------------------------------------------------------
def game_at(players=4, cards_each=3, **kw):
    """A one-hand game whose hand deals ``cards_each`` cards to each player."""
    full = Pocha(players, **kw).full_schedule
    return Pocha(players, start=full.index(cards_each) + 1, hands=1, **kw)


def scripted_deal(game, hands, trump=None):
    """The deal action giving seat s the cards ``hands[s]``; ``trump`` is the turned card."""
    k, n = game.cards_per_hand, game.n
    order = game.table.order_from(game.first_player)
    cards = [None] * (k * n)
    for seat, codes in hands.items():
        assert len(codes) == k
        for j, code in enumerate(codes):
            cards[j * n + order.index(seat)] = C(code)
    used = {c for c in cards if c is not None} | ({C(trump)} if trump else set())
    rest = [c for c in game.deck_cards if c not in used]
    cards = [c if c is not None else rest.pop() for c in cards]
    if trump:
        cards.append(C(trump))
    return Action("deal", cards=tuple(cards + rest))


def ready(hands, trump="1-swords", bids=None, cards_each=3, **kw):
    """A 4-player hand (dealer A = seat 0; order of play D, C, B, A), dealt and bid."""
    game = game_at(4, cards_each, **kw)
    game.apply(scripted_deal(game, hands, trump))
    for seat in game.table.order_from(game.first_player):
        amount = (bids or {}).get(seat, 0)
        if seat == game.dealer and game.forbidden_bid() == amount:
            amount += 1
        game.apply(Action("bid", seat, amount=amount))
    return game


def play(game, seat, code):
    return game.apply(Action("play", seat, card=C(code)))


def legal_codes(game):
    return {c.code for c in game.legal_cards()}


def refused(game, action):
    """Apply ``action``, which must be refused; return the refusal. Checks nothing changed."""
    before, steps = game.view(), len(game.history)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.view() == before and len(game.history) == steps
    assert game.why_not(action).reason == info.value.reason
    return info.value


# ---- H1, H2: deck and players -------------------------------------------------------------
def test_H1_forty_card_spanish_deck_for_four_players():
    """Four players use all 40 Spanish cards: Ace–7, Jack, Knight, King in four suits."""
    g = Pocha(4)
    assert len(g.deck_cards) == 40 and len(set(g.deck_cards)) == 40
    assert {c.suit for c in g.deck_cards} == {"coins", "cups", "swords", "clubs"}
    assert {c.rank for c in g.deck_cards} == set(H9_40)


def test_H1_forty_eight_card_deck_adds_the_eights_and_nines():
    """With deck=48 the 8s and 9s are in play; 12 cards each in a whole-deck hand."""
    g = Pocha(4, deck=48)
    assert len(g.deck_cards) == 48 and {"8", "9"} <= {c.rank for c in g.deck_cards}
    assert max(g.full_schedule) == 12


def test_H1_deal_must_list_the_whole_deck_once():
    """A deal lists every card once: short, doubled or foreign cards are refused by H1."""
    g = Pocha(4)
    deck = list(g.deck_cards)
    assert refused(g, Action("deal", cards=tuple(deck[:-1]))).rule == "H1"
    twice = refused(g, Action("deal", cards=tuple(deck[:-1] + deck[:1])))
    assert twice.rule == "H1" and "dealt twice" in twice.reason
    eight = refused(g, Action("deal", cards=tuple(deck[:-1] + [C("8-cups")])))
    assert "Eight of cups is not in this deck" in eight.reason


def test_H2_three_players_remove_the_twos():
    """With three players the 2s go: 36 cards, 12 each in a whole-deck hand; a 2 is refused."""
    g = Pocha(3)
    assert len(g.deck_cards) == 36 and "2" not in {c.rank for c in g.deck_cards}
    assert max(g.full_schedule) == 12
    deck = list(g.deck_cards)
    r = refused(g, Action("deal", cards=tuple(deck[:-1] + [C("2-coins")])))
    assert r.rule == "H2" and "2s are taken out" in r.reason


def test_H2_three_players_with_48_cards_keep_the_twos():
    """Our ruling: 48 cards already deal evenly to three (16 each), so nothing is removed."""
    g = Pocha(3, deck=48)
    assert len(g.deck_cards) == 48 and "2" in {c.rank for c in g.deck_cards}
    assert max(g.full_schedule) == 16


@pytest.mark.parametrize("players", [2, 5])
def test_H2_three_or_four_players_only(players):
    """Pocha is for three or four players; other counts are refused naming the field."""
    with pytest.raises(ConfigError, match="players: Pocha is for 3 to 4 players"):
        Pocha(players)


# ---- H4: hand schedule --------------------------------------------------------------------
def test_H4_schedule_four_players_forty_cards():
    """4 players, 40 cards: 1 … 9, four whole-deck hands of 10, 9 … 1: 22 hands."""
    s = hand_schedule(4, 40)
    assert s == list(range(1, 10)) + [10] * 4 + list(range(9, 0, -1))
    assert len(s) == 22 and Pocha(4).full_schedule == s


def test_H4_schedule_three_players_thirty_six_cards():
    """3 players, 36 cards: 1 … 11, three hands of 12, 11 … 1: 25 hands."""
    s = Pocha(3).full_schedule
    assert s == list(range(1, 12)) + [12] * 3 + list(range(11, 0, -1)) and len(s) == 25


def test_H4_schedule_with_48_cards():
    """48 cards: 4 players 1 … 11, 12 ×4, 11 … 1 (26 hands); 3 players 16 ×3 (33 hands)."""
    assert len(Pocha(4, deck=48).full_schedule) == 26
    s3 = Pocha(3, deck=48).full_schedule
    assert len(s3) == 33 and s3.count(16) == 3


def test_H4_each_player_deals_one_whole_deck_hand():
    """Our reading of H4: with the deal passing each hand, every player deals one whole-deck hand."""
    for players in (3, 4):
        g = Pocha(players)
        dealers, seat = [], g.dealer
        for size in g.full_schedule:
            if size == max(g.full_schedule):
                dealers.append(seat)
            seat = g.table.next_dealer(seat)
        assert sorted(dealers) == list(range(players))


def test_H4_a_whole_game_follows_the_schedule():
    """Playing a whole game deals the schedule's card counts, hand after hand."""
    from cardwidgets import RandomPlayer, play_out
    sizes = []

    def watch(game, step):
        if step.action.kind == "deal":
            sizes.append(len(game.hands[0]))
    g = play_out(Pocha(4), RandomPlayer(seed=3), seed=3, on_step=watch)
    assert sizes[:22] == hand_schedule(4, 40) and all(s == 1 for s in sizes[22:])
    assert g.finished


def test_H4_hands_and_start_settings_shorten_the_schedule():
    """For a lesson: start=10, hands=2 plays hands 10 and 11 of 22 (10 cards each)."""
    g = Pocha(4, start=10, hands=2)
    assert g.schedule == [10, 10] and g.hand_label() == "hand 10 of 22 (1 of 2 in this game)"
    assert Pocha(4, hands=3).hand_label() == "hand 1 of 22 (1 of 3 in this game)"
    assert Pocha(4, start=5, hands=1).hand_label() == "hand 5 of 22 (the only hand in this game)"
    assert Pocha(4).hand_label() == "hand 1 of 22"
    with pytest.raises(ConfigError, match="hands: .* give at most 13"):
        Pocha(4, start=10, hands=14)
    with pytest.raises(ConfigError, match="start: "):
        Pocha(4, start=23)
    with pytest.raises(ConfigError, match="hands: "):
        Pocha(4, hands=0)


# ---- H5: dealer, order, trumps ------------------------------------------------------------
def test_H5_first_player_is_on_the_dealers_right_and_the_next_card_is_trump():
    """Dealer A (seat 0): D (seat 3, on A's right) gets the first card; the next card is turned."""
    g = game_at(4, 2)
    deal = g.chance_action(random.Random(5))
    step = g.apply(deal)
    cards = deal.cards
    assert g.first_player == 3 and g.current_player == 3
    assert set(g.hands[3]) == {cards[0], cards[4]} and set(g.hands[2]) == {cards[1], cards[5]}
    assert set(g.hands[0]) == {cards[3], cards[7]}
    assert g.trump_card == cards[8] and g.trump == cards[8].suit
    assert all(g.trump_card not in h for h in g.hands)
    assert "B cuts and A deals" in step.text and "starting with D" in step.text
    assert step.rule == "H5"


def test_H5_whole_deck_hand_trump_is_the_dealers_own_last_card():
    """When the whole deck is dealt the dealer shows their last card as trump and keeps it."""
    g = game_at(4, 10)
    deal = g.chance_action(random.Random(8))
    step = g.apply(deal)
    assert g.trump_card == deal.cards[39] and g.trump_card in g.hands[g.dealer]
    assert g.stock == [] and "shows their own last card" in step.text


def test_H5_the_deal_passes_to_the_right():
    """After each hand the player who was first (dealer's right) deals."""
    from cardwidgets import RandomPlayer, play_out
    dealers = []
    play_out(Pocha(4, hands=5), RandomPlayer(seed=1), seed=1,
             on_step=lambda g, s: dealers.append(g.dealer) if s.action.kind == "deal" else None)
    assert dealers[:5] == [0, 3, 2, 1, 0]


# ---- H6, H7: tricks and bidding -----------------------------------------------------------
def test_H6_a_hand_has_as_many_tricks_as_cards_each():
    """Every player plays one card per trick; the tricks taken add up to the cards each."""
    from cardwidgets import RandomPlayer, play_out
    g = game_at(4, 7)
    tricks = []

    def watch(game, step):
        if game.phase.key == "score":
            tricks.extend(t for s in range(4) for t in game.won[s])
    play_out(g, RandomPlayer(seed=2), seed=2, on_step=watch)
    assert len(tricks) == 7 and all(sorted(t.seats) == [0, 1, 2, 3] for t in tricks)


def test_H7_bids_start_with_the_first_player_and_end_with_the_dealer():
    """Bidding goes D, C, B and the dealer A last; a bid out of range is refused."""
    g = game_at(4, 5)
    g.apply(g.chance_action(random.Random(1)))
    order = []
    for _ in range(3):
        order.append(g.current_player)
        g.apply(Action("bid", g.current_player, amount=0))
    assert order == [3, 2, 1] and g.current_player == 0
    r = refused(g, Action("bid", 0, amount=6))
    assert r.rule == "H7" and "from 0 to 5" in r.reason


def test_H7_dealer_may_not_make_the_bids_add_up():
    """Four players, 5 cards, bids 1, 2, 0: the dealer may not bid 2 (pocha.md check)."""
    g = game_at(4, 5)
    g.apply(g.chance_action(random.Random(1)))
    for seat, amount in ((3, 1), (2, 2), (1, 0)):
        g.apply(Action("bid", seat, amount=amount))
    assert g.forbidden_bid() == 2
    assert [a.amount for a in g.legal_actions()] == [0, 1, 3, 4, 5]
    r = refused(g, Action("bid", 0, amount=2))
    assert r.rule == "H7"
    assert r.reason == ("the bids so far add up to 3 of 5 tricks: bidding 2 would make them 5, "
                        "so the dealer may not (at least one player must be wrong); bid 0, 1, "
                        "3, 4 or 5")
    step = g.apply(Action("bid", 0, amount=3))
    assert "could not bid 2" in step.text


def test_H7_one_card_hand_dealer_may_make_the_total():
    """Hand of 1 card: the dealer may make the bids total 1."""
    g = game_at(4, 1)
    g.apply(g.chance_action(random.Random(1)))
    for seat in (3, 2, 1):
        g.apply(Action("bid", seat, amount=0))
    assert g.forbidden_bid() is None
    step = g.apply(Action("bid", 0, amount=1))
    assert "one-card hand" in step.text


def test_H7_other_players_may_bid_anything():
    """Only the dealer is limited: the first player may bid any number 0 … tricks."""
    g = game_at(4, 3)
    g.apply(g.chance_action(random.Random(1)))
    assert [a.amount for a in g.legal_actions()] == [0, 1, 2, 3]


# ---- H8: the duties of play ---------------------------------------------------------------
HANDS = {3: ["11-cups", "1-clubs", "4-coins"],
         2: ["12-cups", "7-cups", "4-clubs"],
         1: ["2-cups", "6-clubs", "5-coins"],
         0: ["3-cups", "7-coins", "6-coins"]}


def test_H8_lead_any_card():
    """The first player may lead any card of their hand (and no card they do not hold)."""
    g = ready(HANDS)
    assert legal_codes(g) == set(HANDS[3])
    r = refused(g, Action("play", 3, card=C("12-cups")))
    assert r.rule == "H8" and "D does not hold the King of cups" in r.reason
    step = play(g, 3, "4-coins")
    assert step.rule == "H8" and "first player" in step.text


def test_H8_duty1_must_beat_led_suit():
    """Holding the suit led and able to beat its highest card, you must beat it."""
    g = ready(HANDS)
    play(g, 3, "11-cups")
    assert legal_codes(g) == {"12-cups"}
    r = refused(g, Action("play", 2, card=C("7-cups")))
    assert r.rule == "H8"
    assert r.reason == ("duty 1: the Seven of cups does not beat the Knight of cups, the highest "
                        "cups card so far; you hold the King of cups, which beats it: you must "
                        "play it")
    r = refused(g, Action("play", 2, card=C("4-clubs")))
    assert r.reason.startswith("duty 1: you hold the King of cups, which beats the Knight of cups")
    step = play(g, 2, "12-cups")
    assert step.rule == "H8 duty 1" and "beating the Knight of cups" in step.text


def test_H8_duty1_beat_the_highest_so_far_not_the_lead():
    """The card to beat is the highest of the suit led so far, not the card led."""
    g = ready(HANDS)
    play(g, 3, "11-cups")
    play(g, 2, "12-cups")
    assert legal_codes(g) == {"2-cups"}          # B cannot beat the King: duty 2
    play(g, 1, "2-cups")
    assert legal_codes(g) == {"3-cups"}          # A's 3 beats the King: duty 1


def test_H8_duty2_cannot_beat_follow_with_any_card_of_suit():
    """Unable to beat the highest card of the suit led, any card of that suit will do."""
    hands = {3: ["1-cups", "4-coins", "5-coins"], 2: ["7-cups", "4-cups", "1-swords"],
             1: ["2-cups", "6-clubs", "5-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="2-swords")
    play(g, 3, "1-cups")
    assert legal_codes(g) == {"7-cups", "4-cups"}
    r = refused(g, Action("play", 2, card=C("1-swords")))
    assert r.rule == "H8" and r.reason.startswith("duty 2: cups (copas) were led")
    assert "you must follow suit" in r.reason
    step = play(g, 2, "4-cups")
    assert step.rule == "H8 duty 2" and "any cups card will do" in step.text


def test_H8_duty2_after_a_trump_need_not_beat():
    """Once someone has trumped, any card of the suit led will do, even one that does not beat."""
    hands = {3: ["4-cups", "4-coins", "5-coins"], 2: ["2-swords", "6-clubs", "7-clubs"],
             1: ["2-cups", "7-cups", "5-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "4-cups")
    play(g, 2, "2-swords")
    assert legal_codes(g) == {"2-cups", "7-cups"}
    step = play(g, 1, "2-cups")
    assert step.rule == "H8 duty 2" and "someone has trumped" in step.text
    assert legal_codes(g) == {"3-cups"}


def test_H8_duty3_void_must_trump():
    """Void in the suit led and no trump played yet: you must play a trump."""
    hands = {3: ["4-cups", "4-coins", "5-coins"], 2: ["2-swords", "1-coins", "5-clubs"],
             1: ["2-cups", "7-cups", "5-swords"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "4-cups")
    assert legal_codes(g) == {"2-swords"}
    r = refused(g, Action("play", 2, card=C("1-coins")))
    assert r.reason == ("duty 3: you have no cups (copas), so you must try to win with a trump "
                        "(swords (espadas) are trumps): you hold the Two of swords; you must "
                        "play it")
    step = play(g, 2, "2-swords")
    assert step.rule == "H8 duty 3" and "trumps with the Two of swords" in step.text


def test_H8_duty3_must_beat_the_highest_trump_if_able():
    """Void in the suit led after a trump: play a higher trump if you hold one."""
    hands = {3: ["4-cups", "4-coins", "5-coins"], 2: ["5-swords", "1-coins", "5-clubs"],
             1: ["4-swords", "7-swords", "1-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "4-cups")
    play(g, 2, "5-swords")
    assert legal_codes(g) == {"7-swords"}
    r = refused(g, Action("play", 1, card=C("4-swords")))
    assert r.reason.startswith("duty 3: the Four of swords does not beat the Five of swords, the "
                               "highest trump played; you hold the Seven of swords")
    r = refused(g, Action("play", 1, card=C("1-clubs")))
    assert "you hold the Seven of swords, which beats the Five of swords" in r.reason
    step = play(g, 1, "7-swords")
    assert "beats the Five of swords with the Seven of swords" in step.text


def test_H8_duty3_cannot_overtrump_any_card_including_lower_trump():
    """Our ruling on "any other card": unable to beat the highest trump, any card, a lower
    trump included."""
    hands = {3: ["4-cups", "4-coins", "5-coins"], 2: ["1-swords", "1-coins", "5-clubs"],
             1: ["4-swords", "6-clubs", "1-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="2-swords")
    play(g, 3, "4-cups")
    play(g, 2, "1-swords")
    assert legal_codes(g) == {"4-swords", "6-clubs", "1-clubs"}
    step = play(g, 1, "4-swords")
    assert step.rule == "H8 duty 3" and "no trump above the Ace of swords" in step.text


def test_H8_duty3_no_trump_any_card():
    """Void in the suit led and holding no trump: any card."""
    hands = {3: ["4-cups", "4-coins", "5-coins"], 2: ["1-coins", "5-clubs", "6-clubs"],
             1: ["4-swords", "6-cups", "1-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="2-swords")
    play(g, 3, "4-cups")
    assert legal_codes(g) == {"1-coins", "5-clubs", "6-clubs"}
    step = play(g, 2, "5-clubs")
    assert "has neither cups nor trumps" in step.text and step.rule == "H8 duty 3"


def test_H8_trumps_led_follow_and_beat():
    """When trumps are led the duties apply to the trump suit like any other suit."""
    hands = {3: ["4-swords", "4-coins", "5-coins"], 2: ["5-swords", "2-swords", "5-clubs"],
             1: ["4-cups", "6-cups", "1-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "4-swords")
    assert legal_codes(g) == {"5-swords"}
    play(g, 2, "5-swords")
    assert legal_codes(g) == {"4-cups", "6-cups", "1-clubs"}     # no trumps at all: any card
    step = play(g, 1, "1-clubs")
    assert "has no trumps (swords)" in step.text


def test_H8_out_of_turn_and_wrong_kind_refused():
    """Playing out of turn, or bidding during the play, is refused and changes nothing."""
    g = ready(HANDS)
    assert refused(g, Action("play", 2, card=C("12-cups"))).rule == "H8"
    assert refused(g, Action("bid", 3, amount=1)).rule == "H8"
    assert refused(g, Action("play", 3)).reason == "say which card to play"


def test_H8_why_card_explains_for_a_student():
    """why_card answers yes/no with the duty, in one line."""
    g = ready(HANDS)
    play(g, 3, "11-cups")
    assert g.why_card(2, "12-cups") == ("Yes: duty 1, you follow suit and beat the highest card "
                                        "of the suit led.")
    assert g.why_card(2, "7-cups").startswith("No: duty 1: the Seven of cups does not beat")


# ---- H9, H10: rank and trick winner -------------------------------------------------------
def test_H9_rank_ace_three_king_knight_jack_seven_down_to_two():
    """Within a suit: Ace, 3, King, Knight, Jack, 7, 6, 5, 4, 2 (and 9, 8 after the Jack)."""
    assert list(Pocha(4).ranks.high_to_low) == H9_40
    assert list(Pocha(4, deck=48).ranks.high_to_low) == H9_48


def test_H10_highest_trump_wins_else_highest_of_led_suit_winner_leads():
    """A trump wins over the Ace led; the winner leads the next trick."""
    hands = {3: ["1-cups", "4-coins", "5-coins"], 2: ["2-swords", "1-coins", "5-clubs"],
             1: ["3-cups", "7-cups", "5-swords"], 0: ["12-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "1-cups")
    play(g, 2, "2-swords")
    play(g, 1, "3-cups")
    step = play(g, 0, "12-cups")
    assert "C wins the trick with the Two of swords, the highest trump" in step.text
    assert step.rule == "H8 duty 2 + H10"
    assert g.taken == [0, 0, 1, 0] and g.current_player == 2
    step = play(g, 2, "5-clubs")
    assert "C, who won the last trick, leads" in step.text and step.rule == "H10"


# ---- H11: scoring -------------------------------------------------------------------------
@pytest.mark.parametrize("bid,took,points", [(2, 2, 20), (0, 0, 10), (3, 1, -10), (0, 2, -10),
                                             (3, 3, 25), (1, 0, -5)])
def test_H11_scoring_checks(bid, took, points):
    """pocha.md's checks: exact 10 + 5 per trick; missed −5 per trick of difference."""
    assert hand_score(bid, took) == points


def test_H11_hand_is_scored_by_the_table():
    """After the last trick the table scores the hand; the text shows every sum."""
    hands = {3: ["1-cups"], 2: ["2-cups"], 1: ["4-cups"], 0: ["5-cups"]}
    g = ready(hands, trump="1-swords", bids={3: 1}, cards_each=1)
    for seat, code in ((3, "1-cups"), (2, "2-cups"), (1, "4-cups"), (0, "5-cups")):
        play(g, seat, code)
    assert g.current_player == TABLE
    step = g.advance()[0]
    assert step.rule == "H11 + H12" or step.rule == "H11"
    assert g.scores == [10, 10, 10, 15]
    assert "D bid 1, took 1: exact, 10 + 5 × 1 = +15" in step.text


# ---- H12: the end and the tie-break -------------------------------------------------------
def _last_hand_played_by_the_tied():
    """A last hand of one card each, all bidding 0, played out: D takes the trick, and A, B
    and C end tied with 10 once it is scored (``advance``)."""
    hands = {3: ["1-cups"], 2: ["2-coins"], 1: ["4-clubs"], 0: ["5-clubs"]}
    g = ready(hands, trump="1-swords", cards_each=1)
    for seat, code in ((3, "1-cups"), (2, "2-coins"), (1, "4-clubs"), (0, "5-clubs")):
        play(g, seat, code)
    return g


def test_H12_tie_is_broken_by_extra_one_card_hands():
    """A tie for first after the last hand: everyone plays one-card hands until it breaks."""
    g = _last_hand_played_by_the_tied()
    step = g.advance()[0]
    assert g.scores == [10, 10, 10, -5] and not g.finished
    assert "A, B and C are tied with 10" in step.text and step.rule == "H11 + H12"
    assert g.extra_hand and g.cards_per_hand == 1 and g.hand_label() == "extra hand 1 (to break the tie)"
    assert g.dealer == 3 and g.first_player == 2
    g.apply(scripted_deal(g, {2: ["4-cups"], 1: ["1-cups"], 0: ["5-coins"], 3: ["6-coins"]},
                          trump="2-swords"))
    for seat, amount in ((2, 0), (1, 1), (0, 0), (3, 0)):
        g.apply(Action("bid", seat, amount=amount))
    for seat, code in ((2, "4-cups"), (1, "1-cups"), (0, "5-coins"), (3, "6-coins")):
        play(g, seat, code)
    step = g.advance()[0]
    assert g.finished and g.scores == [20, 25, 20, 5]
    assert g.result()["winners"] == [1] and "B wins with 25 points" in step.text


def test_H12_ruling_only_the_tied_players_totals_decide():
    """Our ruling: everyone plays the extra hands, but a player who was not tied cannot win."""
    g = _last_hand_played_by_the_tied()
    g.advance()
    assert g.scores == [10, 10, 10, -5] and g.tied == [0, 1, 2]
    # extra hand 1: A, B and C miss their bids (-5 each), D makes 1 (+15)
    g.apply(scripted_deal(g, {2: ["4-cups"], 1: ["5-cups"], 0: ["6-cups"], 3: ["1-cups"]},
                          trump="2-swords"))
    for seat, amount in ((2, 1), (1, 1), (0, 1), (3, 1)):
        g.apply(Action("bid", seat, amount=amount))
    for seat, code in ((2, "4-cups"), (1, "5-cups"), (0, "6-cups"), (3, "1-cups")):
        play(g, seat, code)
    step = g.advance()[0]
    assert g.scores == [5, 5, 5, 10]
    assert not g.finished and "A, B and C are still tied with 5" in step.text
    assert g.result()["winners"] == [0, 1, 2]          # D leads on points but was not tied


def test_H8_duty3_words_do_not_reveal_lower_trumps():
    """A void player's non-trump card on a trumped trick reads the same whether or not they
    hold a lower trump: the rules do not make them show it."""
    texts = []
    for b_hand in (["2-swords", "5-cups"], ["6-cups", "5-cups"]):
        g = ready({3: ["1-coins", "3-coins"], 2: ["12-swords", "7-cups"], 1: b_hand,
                   0: ["4-coins", "5-coins"]}, trump="4-swords", cards_each=2)
        play(g, 3, "1-coins")
        play(g, 2, "12-swords")
        play(g, 1, "5-cups")
        texts.append(g.view(0)["last"]["text"])
    assert texts[0] == texts[1]
    assert "no trump that beats the King of swords" in texts[0]


# ---- variants -----------------------------------------------------------------------------
def test_HV1_one_card_ends_schedule():
    """HV1: N hands of 1 at both ends (4 players: 28 hands; 3 players: 31)."""
    s = Pocha(4, options={"HV1": True}).full_schedule
    assert s[:5] == [1, 1, 1, 1, 2] and s[-5:] == [2, 1, 1, 1, 1] and s.count(10) == 4
    assert len(s) == 28
    assert len(Pocha(3, options={"one_card_ends": True}).full_schedule) == 3 + 10 + 3 + 10 + 3


def test_HV2_catalan_schedule():
    """HV2: 1 … 10, 10 … 1, then 4 whole-deck hands (24 hands for 4 players)."""
    s = Pocha(4, options={"HV2": True}).full_schedule
    assert s == list(range(1, 11)) + list(range(10, 0, -1)) + [10] * 4 and len(s) == 24
    assert len(Pocha(3, options={"HV2": True}).full_schedule) == 12 + 12 + 3


def test_HV3_three_ranks_low():
    """HV3: the 3 ranks just above the 2, so a King beats it."""
    assert list(Pocha(4, options={"HV3": True}).ranks.high_to_low) == HV3_40
    assert list(Pocha(4, deck=48, options={"HV3": True}).ranks.high_to_low) == HV3_48
    hands = {3: ["3-cups", "4-coins", "5-coins"], 2: ["12-cups", "7-cups", "4-clubs"],
             1: ["2-cups", "6-clubs", "5-clubs"], 0: ["4-cups", "7-coins", "6-coins"]}
    g = ready(hands, options={"HV3": True})
    play(g, 3, "3-cups")
    assert legal_codes(g) == {"12-cups", "7-cups"}     # with the 3 low, both beat it
    for seat, code in ((2, "7-cups"), (1, "2-cups")):
        play(g, seat, code)
    step = play(g, 0, "4-cups")
    assert "B wins" not in step.text and "C wins the trick with the Seven of cups" in step.text


def test_HV4_three_players_all_forty_cards():
    """HV4: 13 each in a whole-deck hand; the card left over is the turned trump."""
    g = Pocha(3, options={"HV4": True})
    assert len(g.deck_cards) == 40 and max(g.full_schedule) == 13 and len(g.full_schedule) == 27
    g = game_at(3, 13, options={"HV4": True})
    deal = g.chance_action(random.Random(2))
    step = g.apply(deal)
    assert g.stock == [deal.cards[39]] and g.trump_card == deal.cards[39]
    assert all(len(h) == 13 and g.trump_card not in h for h in g.hands)
    assert step.rule == "H5 + HV4" and "belongs to nobody" in step.text
    with pytest.raises(ConfigError, match="options.all_forty"):
        Pocha(4, options={"HV4": True})


def test_HV5_extra_whole_deck_hands_after_the_first():
    """HV5 (the other reading of H4): 23 hands for 4 players, 26 for 3."""
    s = Pocha(4, options={"HV5": True}).full_schedule
    assert len(s) == 23 and s.count(10) == 5
    assert len(Pocha(3, options={"HV5": True}).full_schedule) == 26


def test_variant_schedules_cannot_be_combined():
    """Two schedules at once is a clear one-line error naming both."""
    with pytest.raises(ConfigError, match="HV1 and HV2 are two different hand schedules"):
        Pocha(4, options={"HV1": True, "HV2": True})
    with pytest.raises(ConfigError, match="'HV9' is not a Pocha variant option"):
        Pocha(4, options={"HV9": True})
    with pytest.raises(ConfigError, match="deck: .* give 40 or 48"):
        Pocha(4, deck=52)
    with pytest.raises(ConfigError, match="dealer: "):
        Pocha(4, dealer=4)


# ---- whole games: invariants, records -----------------------------------------------------
RANKS = {(40, False): H9_40, (48, False): H9_48, (40, True): HV3_40, (48, True): HV3_48}


def oracle_legal(hand, plays, trump, order):
    """The duties of play (H8), written out again independently of the game."""
    value = {r: -i for i, r in enumerate(order)}
    if not plays:
        return set(hand)
    led = plays[0].suit
    follow = {c for c in hand if c.suit == led}
    if follow:
        if led != trump and any(c.suit == trump for c in plays):
            return follow
        high = max(value[c.rank] for c in plays if c.suit == led)
        return {c for c in follow if value[c.rank] > high} or follow
    trumps = {c for c in hand if c.suit == trump}
    if not trumps:
        return set(hand)
    played = [value[c.rank] for c in plays if c.suit == trump]
    if not played:
        return trumps
    return {c for c in trumps if value[c.rank] > max(played)} or set(hand)


def oracle_winner(plays, trump, order):
    value = {r: -i for i, r in enumerate(order)}
    led = plays[0][1].suit
    trumps = [p for p in plays if p[1].suit == trump]
    pool = trumps or [p for p in plays if p[1].suit == led]
    return max(pool, key=lambda p: value[p[1].rank])[0]


CONFIGS = [(4, {}, {}), (3, {}, {}), (4, {"deck": 48}, {}), (3, {}, {"HV4": True}),
           (4, {}, {"HV3": True}), (3, {"deck": 48}, {"HV1": True}), (4, {}, {"HV2": True})]


def test_random_play_invariants_over_1000_hands():
    """Seeded random play (≥ 1,000 hands, several variants): after every step the cards are
    conserved, the dealer's bid obeys H7, every card played was legal by an independent
    reading of H8, every trick goes to the right player and the scores add up (H11)."""
    rng = random.Random(20240)
    hands_played = 0
    game_no = 0
    while hands_played < 1000:
        players, setup, options = CONFIGS[game_no % len(CONFIGS)]
        game_no += 1
        g = Pocha(players, options=options, dealer=rng.randrange(players), **setup)
        order = RANKS[(setup.get("deck", 40), options.get("HV3", False))]
        deck = set(g.deck_cards)
        totals = [0] * players
        trick = []
        while not g.finished:
            actor = g.current_player
            if actor == CHANCE:
                action = g.chance_action(rng)
            elif actor == TABLE:
                bids, taken = list(g.bids), list(g.taken)
                assert sum(taken) == g.cards_per_hand
                if g.cards_per_hand > 1:
                    assert sum(bids) != g.cards_per_hand
                action = g.legal_actions()[0]
            else:
                legal = g.legal_actions()
                if g.phase.key == "play":
                    expect = oracle_legal(g.hands[actor], [c for _, c in trick], g.trump, order)
                    assert {a.card for a in legal} == expect
                action = rng.choice(legal)
            step = g.apply(action)
            # who acts and whether the game is over are kept as plain attributes: they
            # agree with the engine's own reading of the phase after every step
            assert g.current_player == Game.current_player.__get__(g)
            assert g.finished == (g.phase.key == "over")
            if action.kind == "play":
                trick.append((action.seat, action.card))
                if len(trick) == players:
                    winner = oracle_winner(trick, g.trump, order)
                    assert f"{g.players[winner]} wins the trick" in step.text
                    trick = []
            if action.kind == "score":
                hands_played += 1
                totals = [t + hand_score(b, k) for t, b, k in zip(totals, bids, taken)]
                assert g.scores == totals
                assert [sum(col) for col in zip(*g.hand_scores)] == g.scores
            if g.phase.key in ("bid", "play", "score"):
                held = [c for h in g.hands for c in h]
                won = [c for s in range(players) for t in g.won[s] for c in t.cards]
                on_table = list(g.trick.cards) if g.trick is not None else []
                everything = held + won + on_table + list(g.stock)
                assert len(everything) == len(deck) and set(everything) == deck
        assert g.result()["winners"] == [g.scores.index(max(g.scores))]
    assert hands_played >= 1000


def test_records_round_trip():
    """record_of → JSON → load_record gives the same steps, texts, result and view."""
    from cardwidgets import RandomPlayer, play_out
    g = play_out(Pocha(["Ana", "Bea", "Carles"], options={"HV3": True}, dealer=1, hands=6),
                 RandomPlayer(seed=4), seed=4)
    rec = json.loads(json.dumps(record_of(g, comments={3: "The dealer's rule at work."})))
    assert rec["game"] == "pocha" and GAMES["pocha"] is Pocha
    h = load_record(rec)
    assert [s.text for s in h.history] == [s.text for s in g.history]
    assert h.result() == g.result() and h.view() == g.view()
    assert h.comments[3] == "The dealer's rule at work."
    rec["result"]["scores"][0] += 5
    with pytest.raises(RecordError, match="result.scores: the record says"):
        load_record(rec)


def test_records_refuse_an_illegal_card_naming_the_step():
    """A tampered record (a card played against the duties) is refused naming the action."""
    g = ready(HANDS)
    play(g, 3, "11-cups")
    rec = record_of(g, with_result=False)
    rec["actions"].append({"kind": "play", "seat": 2, "card": "7-cups"})
    with pytest.raises(RecordError, match=r"actions\[6\]: Play the Seven of cups is not allowed "
                                          r"at step 7: Rule H8: duty 1"):
        load_record(rec)


def test_illegal_actions_change_nothing_in_random_states():
    """In many random states, every refused card/bid names its rule and leaves the view as it was."""
    rng = random.Random(7)
    checked = 0
    g = Pocha(4, hands=8)
    while not g.finished and checked < 300:
        actor = g.current_player
        if actor == CHANCE:
            g.apply(g.chance_action(rng))
            continue
        if actor == TABLE:
            g.advance()
            continue
        if g.phase.key == "play":
            legal = set(g.legal_cards())
            for card in g.hands[actor]:
                if card not in legal:
                    assert refused(g, Action("play", actor, card=card)).rule == "H8"
                    checked += 1
            other = g.table.next(actor)
            if g.hands[other]:
                assert refused(g, Action("play", other, card=g.hands[other][0])).rule == "H8"
        else:
            bad = g.forbidden_bid()
            if bad is not None:
                assert refused(g, Action("bid", actor, amount=bad)).rule == "H7"
                checked += 1
            assert refused(g, Action("bid", actor, amount=-1)).rule == "H7"
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 30


def test_back_and_forward_replay_exactly():
    """Undoing and redoing steps gives the same state (deals are actions, so nothing is redrawn)."""
    from cardwidgets import RandomPlayer, play_out
    g = play_out(Pocha(4, hands=3), RandomPlayer(seed=9), seed=9)
    end = g.view()
    g.goto(20)
    assert g.view()["step"] == 20
    g.goto(g.steps_total)
    assert g.view() == end


def test_views_hide_other_players_hands():
    """A seat's view shows its own cards only; the teacher's view shows all."""
    g = game_at(4, 5)
    g.apply(g.chance_action(random.Random(3)))
    v = g.view(2)
    assert v["hands"][2] is not None and all(v["hands"][s] is None for s in (0, 1, 3))
    assert all(h is not None for h in g.view()["hands"])
    assert v["hand_label"] == "hand 5 of 22 (the only hand in this game)" and v["cards_per_hand"] == 5
    spanish = {"coins": "oros", "cups": "copas", "swords": "espadas", "clubs": "bastos"}
    assert v["trump_suit_name"] == f"{g.trump} ({spanish[g.trump]})"


def test_rule_of_thumb_player_finishes_games():
    """The rule-of-thumb player always picks a legal action and finishes a game."""
    from cardwidgets import RuleOfThumbPlayer, play_out
    g = play_out(Pocha(3, hands=6), RuleOfThumbPlayer(seed=1), seed=1)
    assert g.finished and g.result()["hands_played"] >= 6


def test_scripted_deal_gives_the_cards_asked_for():
    """scripted_deal (for lessons and records) gives each seat its cards and turns the trump;
    a whole-deck hand's trump must be one of the dealer's cards."""
    g = game_at(4, 2)
    g.apply(g.scripted_deal({"B": ["1-cups", "3-cups"], 0: ["2-coins", "4-coins"]}, turned="5-clubs"))
    assert {c.code for c in g.hands[1]} == {"1-cups", "3-cups"} and g.trump_card == C("5-clubs")
    g = game_at(4, 10)
    with pytest.raises(ConfigError, match="turned: in a whole-deck hand"):
        g.scripted_deal({0: [f"{r}-coins" for r in H9_40]}, turned="1-cups")
    with pytest.raises(ConfigError, match="hands: this hand deals 10 cards each"):
        g.scripted_deal({0: ["1-coins"]})


def test_docstring_examples_run():
    """The examples in the Pocha module's docstrings give what they show."""
    import doctest

    import cardwidgets.games.pocha.rules as module
    assert doctest.testmod(module).failed == 0


# ---- issue 10 item 8 and issue 11 item 8 --------------------------------------------------

def one_card_hand(g, leader_order, bids, plays, trump="2-swords"):
    """Deal and play one one-card hand: ``plays`` maps seat → card, ``bids`` seat → bid."""
    g.apply(scripted_deal(g, {s: [c] for s, c in plays.items()}, trump=trump))
    for seat in g.table.order_from(g.first_player):
        g.apply(Action("bid", seat, amount=bids[seat]))
    for seat in g.table.order_from(g.first_player):
        play(g, seat, plays[seat])
    return g.advance()[0]


def test_H12_ruling_the_tied_set_never_shrinks_a_player_behind_can_come_back():
    """All four tie; extra hand 1 leaves A and B ahead; extra hand 2 leaves C alone ahead of
    everyone who was tied: C wins (the engine used to narrow the tie to A and B and play on)."""
    g = game_at(4, 1)                                   # dealer A; D plays first
    step = one_card_hand(g, None, {3: 0, 2: 1, 1: 1, 0: 1},
                         {3: "1-cups", 2: "4-cups", 1: "5-cups", 0: "6-cups"})
    assert g.scores == [-5, -5, -5, -5] and g.tied == [0, 1, 2, 3]
    assert "A, B, C and D are tied with -5" in step.text
    # extra hand 1 (dealer D, C first): A and B make 0 (+10), C takes the trick on 0 (-5),
    # D bid 1 and took none (-5)
    step = one_card_hand(g, None, {2: 0, 1: 0, 0: 0, 3: 1},
                         {2: "1-cups", 1: "4-cups", 0: "5-cups", 3: "6-cups"})
    assert g.scores == [5, 5, -10, -10] and not g.finished
    assert g.tied == [0, 1, 2, 3]
    assert ("Of the players who were tied (A, B, C and D), A and B now share the lead with 5"
            in step.text)
    # extra hand 2 (dealer C, B first): C bids 1 and takes it (+15); A and B miss (-5)
    step = one_card_hand(g, None, {1: 1, 0: 1, 3: 0, 2: 1},
                         {1: "4-cups", 0: "5-cups", 3: "6-cups", 2: "1-cups"})
    assert g.scores == [0, 0, 5, 0]
    assert g.finished and g.result()["winners"] == [2]
    assert "The tie is broken: C wins with 5 points." in step.text
    assert "stay the same until then" in Pocha.RULES["H12"]


@pytest.mark.parametrize("seed", range(40))
def test_H12_the_winner_leads_alone_among_the_players_tied_at_the_end(seed):
    """Random legal play of short games: the game ends only when one of the players tied at the
    end of the schedule (or the one leader) is alone ahead of the others of that set."""
    g = Pocha(4, options={"one_card_ends": True}, start=23 + seed % 6, hands=1)
    rng = random.Random(4111 + seed)
    while not g.finished:
        if g.current_player == CHANCE:
            g.apply(g.chance_action(rng))
        else:
            g.apply(rng.choice(g.legal_actions()))
    tied = g.tied or list(range(4))
    top = max(g.scores[s] for s in tied)
    assert [s for s in tied if g.scores[s] == top] == g.result()["winners"]
    assert len(g.result()["winners"]) == 1


def test_H12_and_H5_texts_show_no_code_backticks():
    for rule, text in Pocha.RULES.items():
        assert "`" not in text, rule


def test_HV1_to_HV4_are_called_our_variants_and_HV5_the_other_reading():
    for rule in ("HV1", "HV2", "HV3", "HV4"):
        text = Pocha.RULES[rule]
        assert text.startswith("Our variant") and "not in the document" in text, rule
        assert "published" not in text and "card maker" not in text, rule
    assert "other reading of H4" in Pocha.RULES["HV5"] and "Pagkatapos" in Pocha.RULES["HV5"]


def test_H4_says_the_fairness_reason_is_ours_and_pagkatapos_favours_HV5():
    text = Pocha.RULES["H4"]
    assert "Our reason is our own, not the document's" in text
    assert 'Pagkatapos ("after that")' in text and "which is variant HV5" in text


YOU_SLIPS = ("You's", "You has", "You plays", "You bids", "You leads", "You wins", "You cuts",
             "You deals", "You shows", "You keeps", "You turns", "You trumps", "You beats",
             "you has", "you plays", "you wins", "you bids", "you leads", "card of You",
             "you shows your", "You, the dealer, bids")


@pytest.mark.parametrize("you", [0, 1, 2, 3])
def test_a_player_called_you_is_addressed_as_you(you):
    """Issue 11 item 5 in Pocha: "You plays", "You, the dealer, bids", "of You's" never appear."""
    names = ["Ana", "Bea", "Carles", "Dani"]
    names[you] = "You"
    from cardwidgets import RandomPlayer, play_out
    texts = []
    for seed in range(3):
        game = play_out(Pocha(names, start=8, hands=6), RandomPlayer(seed=seed), seed=seed)
        texts += [s.text for s in game.history]
    for text in texts:
        assert not any(slip in text for slip in YOU_SLIPS), text
    joined = " ".join(texts)
    assert "You bid" in joined or "you bid" in joined
    assert "you play" in joined.lower() or "you lead" in joined.lower()


# ---- the audit against document 004 -----------------------------------------------------------

def test_H1_the_figures_are_jack_10_knight_11_king_12():
    """The figure cards are the Jack (10), the Knight (11) and the King (12)."""
    assert [C(f"{r}-coins").name for r in ("10", "11", "12")] == [
        "Jack of coins", "Knight of coins", "King of coins"]


def test_H5_the_player_on_the_dealers_left_cuts_every_hand():
    """Each hand the player on the dealer's left cuts: B when A deals, A when D deals."""
    from cardwidgets import RandomPlayer, play_out
    deals = []
    play_out(Pocha(4, hands=2), RandomPlayer(seed=1), seed=1,
             on_step=lambda g, s: deals.append(s.text) if s.action.kind == "deal" else None)
    assert "B cuts and A deals" in deals[0] and "A cuts and D deals" in deals[1]


def test_H5_ruling_the_deal_passes_to_the_dealers_right():
    """Our ruling on "mula kaliwa pakanan" ("from left to right"): the next dealer is the
    player on the dealer's right, the one who played first."""
    g = game_at(4, 1)
    assert g.first_player == 3
    assert g.table.next_dealer(g.dealer) == g.first_player
    text = Pocha.RULES["H5"]
    assert "Our ruling on the direction" in text and "mula kaliwa pakanan" in text


def test_H7_the_extra_tie_hands_have_one_card_so_the_dealer_is_free():
    """The extra hands that break a tie (H12) deal one card each, so H7's limit is off."""
    g = _last_hand_played_by_the_tied()
    g.advance()
    assert g.extra_hand and g.cards_per_hand == 1 and g.dealer == 3
    g.apply(g.chance_action(random.Random(4)))
    for seat in (2, 1, 0):
        g.apply(Action("bid", seat, amount=0))
    assert g.current_player == 3 and g.forbidden_bid() is None
    assert [a.amount for a in g.legal_actions()] == [0, 1]


def test_H7_a_missing_bid_says_how_to_bid():
    g = game_at(4, 5)
    g.apply(g.chance_action(random.Random(1)))
    r = refused(g, Action("bid", 3))
    assert r.rule == "H7" and r.reason == ("say how many tricks you bid: a number from 0 to 5 "
                                           "(this hand has 5 tricks)")


def test_H7_the_dealers_refusal_names_every_bid_left():
    """With one card fewer than the tricks left, the refusal still lists what may be bid."""
    g = game_at(4, 2)
    g.apply(g.chance_action(random.Random(1)))
    for seat in (3, 2, 1):
        g.apply(Action("bid", seat, amount=0))
    r = refused(g, Action("bid", 0, amount=2))
    assert r.reason.endswith("so the dealer may not (at least one player must be wrong); bid 0 or 1")


def test_H7_a_card_played_during_the_bidding_is_told_to_bid():
    g = game_at(4, 5)
    g.apply(g.chance_action(random.Random(1)))
    r = refused(g, Action("play", 3, card=g.hands[3][0]))
    assert r.rule == "H7" and r.reason == ("now each player bids how many tricks they will take, the cards are played "
                                    "after the bidding: bid a number from 0 to 5")
    for seat, amount in ((3, 1), (2, 2), (1, 0)):
        g.apply(Action("bid", seat, amount=amount))
    r = refused(g, Action("play", 0, card=g.hands[0][0]))
    assert r.reason.endswith("bid a number from 0 to 5, but not 2 (the dealer's limit)")


def test_H8_trumps_led_and_unable_to_beat_follow_with_any_trump():
    """Trumps led: holding only lower trumps you must still follow with one of them (duty 2),
    not throw another suit."""
    hands = {3: ["3-swords", "4-coins", "5-coins"], 2: ["4-swords", "2-swords", "1-clubs"],
             1: ["4-cups", "6-cups", "7-clubs"], 0: ["3-cups", "7-coins", "6-coins"]}
    g = ready(hands, trump="1-swords")
    play(g, 3, "3-swords")
    assert legal_codes(g) == {"4-swords", "2-swords"}
    r = refused(g, Action("play", 2, card=C("1-clubs")))
    assert r.reason.startswith("duty 2: swords (espadas) were led and you hold the Four of "
                               "swords and the Two of swords")
    step = play(g, 2, "2-swords")
    assert step.rule == "H8 duty 2"


def test_H5_the_trump_words_are_the_document_s_or_name_their_source():
    """H5: document 004 (Tagalog) writes the English word *trump*; the Spanish words
    triunfo and pinta are not in it, so the rule text marks them and names where they are
    from, and so does the notebook."""
    import json
    import os
    from pathlib import Path
    from cardwidgets.games.pocha.rules import RULES
    text = RULES["H5"]
    assert "trump" in text and "not in the document" in text
    assert "Pocha (juego de naipes)" in text
    seeds = Path(os.environ.get("CARDWIDGETS_SEEDS", "/work/shared/seeds"))
    doc = next(iter(sorted(seeds.glob("004_*"))), None)
    if doc is not None:
        words = doc.read_text(encoding="utf-8").lower()
        assert "trump" in words and "triunfo" not in words and "pinta" not in words
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "pocha.ipynb")
                    .read_text(encoding="utf-8"))
    intro = "".join(nb["cells"][0]["source"])
    assert "*triunfo*" in intro and "not in the" in intro and "*trump*" in intro


# ---- second audit: refusals a student can act on (rules4) --------------------------------
def test_H7_a_bid_out_of_turn_says_the_bids_go_to_the_right_from_the_first_player():
    game = game_at(4, 3)
    game.apply(scripted_deal(game, {}, "1-swords"))
    first = game.first_player
    assert game.players[first] == "D"
    r = refused(game, Action("bid", 0, amount=1))
    assert r.rule == "H7" and r.reason == (
        "it is D's turn, not A's: the bids start with the first player, on the dealer's right: "
        "D (H7)")
    game.apply(Action("bid", first, amount=1))
    r = refused(game, Action("bid", 0, amount=1))
    assert r.reason == ("it is C's turn, not A's: the bids go to the right, starting with D on "
                        "the dealer's right, and C bids next (H7)")


def test_H8_H10_a_card_out_of_turn_says_who_leads_or_plays_next():
    g = ready(HANDS)
    r = refused(g, Action("play", 0, card=g.hands[0][0]))
    assert r.rule == "H8" and r.reason.endswith("D is the first player and leads the first "
                                                "trick (H8)")
    play(g, 3, "11-cups")
    r = refused(g, Action("play", 0, card=g.hands[0][0]))
    assert r.reason.endswith("the play goes to the right, and C plays next to the trick (H8)")
    while sum(g.taken) == 0:                      # the rest of the first trick
        g.apply(g.legal_actions()[0])
    leader = g.current_player
    wrong = next(s for s in range(4) if s != leader)
    r = refused(g, Action("play", wrong, card=g.hands[wrong][0]))
    assert r.reason.endswith(f"{g.players[leader]} won the last trick and leads the next (H10)")


def test_H8_a_card_not_held_says_what_the_duties_allow_of_your_own():
    g = ready(HANDS)
    r = refused(g, Action("play", 3, card=C("1-coins")))        # D leads: any card of D's
    assert r.reason.endswith("play one of D's own cards (any of them will do now)")
    play(g, 3, "11-cups")
    stranger = next(c for c in g.deck_cards if c not in g.hands[2] and c.code != "11-cups")
    r = refused(g, Action("play", 2, card=stranger))
    assert r.rule == "H8" and r.reason == (
        f"C does not hold the {stranger.name}: the only card C may play now is the King of cups")


def test_H7_a_bid_given_as_text_is_told_to_be_a_whole_number_not_chips():
    game = game_at(4, 3)
    game.apply(scripted_deal(game, {}, "1-swords"))
    r = refused(game, Action("bid", game.first_player, amount="2"))
    assert r.rule == "H7" and r.reason == ("amount: a whole number (of chips, or of tricks bid), "
                                           "not '2'")
