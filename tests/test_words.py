"""cardwidgets.engine.words: the person at the widget is addressed as *you*."""
import doctest

import pytest

import cardwidgets.engine.words as words
from cardwidgets.engine.words import Words, second_person, sentence_case, you_seat


def test_the_module_examples_run():
    assert doctest.testmod(words).failed == 0


@pytest.mark.parametrize("third, second", [
    ("has", "have"), ("is", "are"), ("was", "were"), ("does", "do"), ("goes", "go"),
    ("passes", "pass"), ("pochs", "poch"), ("raises", "raise"), ("plays", "play"),
    ("carries", "carry"), ("catches", "catch"), ("may", "may"), ("cannot", "cannot"),
    ("Holds the Ace", "Hold the Ace"), ("must", "must"), ("bids", "bid")])
def test_second_person(third, second):
    assert second_person(third) == second


def test_you_is_found_by_name_in_any_case():
    assert you_seat(["Ada", "you", "Boris"]) == 1 and you_seat([" You ", "A"]) == 0
    assert you_seat(["Ada", "Youssef"]) is None


def test_words_for_you_and_for_the_others():
    w = Words(["Ada", "You", "Boris"])
    assert (w.says(1, "calls"), w.says(0, "calls")) == ("you call", "Ada calls")
    assert (w.poss(1), w.mine(1), w.they(1), w.their(0)) == ("your", "yours", "you", "their")
    assert w.says([0, 2], "passes") == "Ada and Boris pass"
    assert w.says([0], "passes") == "Ada passes"
    assert Words(["Ada", "You"], you=None).says(1, "calls") == "You calls"   # nobody is you


def test_sentence_case_capitalises_you_only_where_a_sentence_starts():
    assert sentence_case("you call. ada passes. your turn") == "You call. ada passes. Your turn"
    assert sentence_case("Ada, then you call") == "Ada, then you call"
    assert sentence_case('Ada bets ("Ich poche 2"). you call.') == 'Ada bets ("Ich poche 2"). You call.'
