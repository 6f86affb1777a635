"""The answer boxes of the notebooks' exercises (cardwidgets.exercises)."""
import pytest

from cardwidgets.exercises import Exercise, Verdict, ask, same_answer


def test_ask_compares_numbers_and_words_as_a_student_writes_them():
    q = ask("How many chips?", answer=17, hint="one per card")
    for text in ("17", " 17 ", "17 chips", "+17", "17."):
        assert q.check(text).right, text
    for text in ("16", "seventeen", "1 7"):
        assert not q.check(text).right, text
    assert str(q.check("16")) == "Not quite. Hint: one per card"
    rule = ask("Which rule?", answer="P7")
    assert rule.check("p7").right and rule.check('"P7"').right and not rule.check("P6").right
    assert same_answer("36 chips", 36) and not same_answer("36", 35)


def test_an_empty_answer_asks_for_one_and_is_not_right():
    q = ask("How many chips?", answer=17)
    for text in ("", "   ", None):
        verdict = q.check(text)
        assert not verdict.right and "Write your answer" in str(verdict)


def test_a_check_of_ones_own_may_return_a_verdict_a_pair_or_a_bool():
    assert Exercise("Q?", lambda t: Verdict(t == "a", "because")).check("a").right
    assert str(Exercise("Q?", lambda t: (False, "Nope.")).check("b")) == "Nope."
    assert str(Exercise("Q?", lambda t: True).check("b")) == "Right!"
    with pytest.raises(TypeError, match="a check returns"):
        Exercise("Q?", lambda t: "yes").check("b")


def test_bad_exercises_are_refused_with_the_field_named():
    with pytest.raises(ValueError, match="question"):
        Exercise("  ", lambda t: True)
    with pytest.raises(TypeError, match="check"):
        Exercise("Q?", 5)
    with pytest.raises(ValueError, match="answer"):
        ask("Q?")


def test_the_check_button_and_the_enter_key_use_the_same_check():
    seen = []

    def check(text):
        seen.append(text)
        return Verdict(text == "36", "Nine holes, four players.")

    q = Exercise("How many chips on the board?", check)
    box = q.widget()
    text, button = box.children[1].children
    verdict = box.children[2]
    text.value = "35"                       # Enter (or leaving the box) sends the value
    assert seen == ["35"] and "Nine holes" in verdict.value and "✘" in verdict.value
    text.value = "36"
    button.click()                          # and the Check button checks it again
    assert seen == ["35", "36", "36"]
    assert "Right! Nine holes" in verdict.value and "✔" in verdict.value
    assert q.widget() is box                # one box per exercise


def test_the_output_carries_the_question_as_html_for_a_notebook_without_a_kernel():
    q = ask("Is 3 < 4 & 5 > 2?", answer="yes", title="Question 1.")
    data, _ = q._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html = data["text/html"]
    assert "Question 1." in html and "3 &lt; 4 &amp; 5 &gt; 2" in html
    assert "Run the notebook" in html
    assert "yes" not in html.replace("Is 3", "")     # the answer is never in the page
    assert data["text/plain"].startswith("Exercise:")


def test_the_module_examples_run():
    import doctest

    import cardwidgets.exercises as module
    assert doctest.testmod(module).failed == 0
