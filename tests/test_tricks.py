"""The shared trick-taking parts (cardwidgets.engine.tricks): no game's rules, just tricks."""
import pytest

from cardwidgets.engine import SUIT_SYSTEMS, RankOrder, Table
from cardwidgets.engine.tricks import Play, RankPower, SuitPower, Trick

C = SUIT_SYSTEMS["spanish"].card
POCHA = RankOrder(["1", "3", "12", "11", "10", "7", "6", "5", "4", "2"])
TRUK = RankOrder(["3", "2", "1", "12", "11", "10", "7", "6", "5", "4"])


def trick_of(leader, *plays):
    t = Trick(leader)
    for seat, code in plays:
        t = t.add(seat, C(code))
    return t


def test_trick_is_immutable_and_keeps_order():
    """Adding a card gives a new trick; the old one is unchanged and plays keep their order."""
    empty = Trick(2)
    one = empty.add(2, C("5-cups"))
    two = one.add(1, C("7-cups"))
    assert empty.plays == () and len(one.plays) == 1
    assert two.seats == (2, 1) and two.cards == (C("5-cups"), C("7-cups"))
    assert two.led == C("5-cups") and two.led_suit == "cups"
    assert empty.led is None and empty.led_suit is None
    with pytest.raises(AttributeError):
        two.leader = 0


def test_next_seat_follows_the_table_direction():
    """Play goes to the right (counter-clockwise) at a Spanish table, to the left in Poch."""
    right, left = Table(4, "right"), Table(4, "left")
    t = Trick(0)
    assert t.next_seat(right) == 0
    t = t.add(0, C("1-coins"))
    assert t.next_seat(right) == 3 and t.next_seat(left) == 1
    assert not t.complete(4) and trick_of(0, (0, "1-coins"), (3, "2-coins"), (2, "3-coins"),
                                            (1, "4-coins")).complete(4)


def test_highest_of_led_suit_wins_without_trumps():
    """Without trumps the highest card of the suit led wins; other suits cannot win."""
    power = SuitPower(POCHA, trump=None)
    t = trick_of(0, (0, "12-cups"), (3, "1-coins"), (2, "3-cups"), (1, "7-cups"))
    assert t.winner(power) == Play(2, C("3-cups"))


def test_any_trump_beats_the_led_suit_and_the_highest_trump_wins():
    """A trump beats every card of the suit led; between trumps the rank decides."""
    power = SuitPower(POCHA, trump="swords")
    t = trick_of(0, (0, "1-cups"), (3, "2-swords"), (2, "4-swords"), (1, "3-cups"))
    assert t.winner(power).seat == 2
    assert power(C("2-swords"), "cups") > power(C("1-cups"), "cups") > power(C("1-clubs"), "cups") == 0


def test_rank_power_ties_equal_ranks_for_truk():
    """Power by rank alone: two equal top cards tie, and the tie has no winner seat."""
    power = RankPower(TRUK)
    t = trick_of(0, (0, "12-cups"), (3, "2-coins"), (2, "2-swords"), (1, "1-clubs"))
    assert t.winner(power) is None
    out = t.outcome(power, Table(4, "right", teams=((0, 2), (1, 3))).team_of)
    assert out.tie and out.seat is None and {p.seat for p in out.best} == {3, 2}


def test_partners_equal_top_cards_win_for_their_side():
    """With teams, equal top cards played by partners are a win for that side, not a tie."""
    table = Table(4, "right", teams=((0, 2), (1, 3)))
    power = RankPower(TRUK)
    t = trick_of(0, (0, "3-cups"), (3, "2-coins"), (2, "3-swords"), (1, "1-clubs"))
    out = t.outcome(power, table.team_of)
    assert not out.tie and out.side == 0 and out.seat == 0


def test_special_cards_rank_above_all_ranks():
    """RankPower's special cards (Truc's cartas bravas) beat every ordinary rank."""
    power = RankPower(TRUK, special={"1-swords": 4, "1-clubs": 3})
    t = trick_of(1, (1, "3-cups"), (0, "1-clubs"), (3, "1-swords"))
    assert t.winner(power).seat == 3


def test_empty_trick_has_no_outcome():
    """Asking who won an empty trick is an error, not a silent answer."""
    with pytest.raises(ValueError):
        Trick(0).outcome(RankPower(TRUK))
    assert Trick(0).best(RankPower(TRUK)) == ()


def test_docstring_examples_run():
    """The examples in the tricks module's docstrings give what they show."""
    import doctest

    import cardwidgets.engine.tricks as module
    assert doctest.testmod(module).failed == 0


def test_three_trick_hand_every_sequence_is_decided_once_and_for_good():
    """Every sequence of three trick results is decided by the third trick, and once a
    prefix decides the hand no later trick changes who won (so it need not be played)."""
    import itertools
    from cardwidgets.engine import three_trick_hand
    for seq in itertools.product([0, 1, None], repeat=3):
        full = three_trick_hand(seq, tie_side=1)
        assert full.decided
        for k in range(1, 3):
            early = three_trick_hand(seq[:k], tie_side=1)
            if early.decided:
                assert early == full


def test_three_trick_hand_ways():
    """Each of the five ways names the right side."""
    from cardwidgets.engine import three_trick_hand
    assert three_trick_hand([0, 1, 1], 0) == (1, "two")
    assert three_trick_hand([1, 0, None], 0) == (1, "first_then_tie")
    assert three_trick_hand([None, 0], 1) == (0, "tie_then_win")
    assert three_trick_hand([None, None, 1], 0) == (1, "two_ties_then_win")
    assert three_trick_hand([None, None, None], 0) == (0, "three_ties")
    assert not three_trick_hand([None, None], 0).decided
