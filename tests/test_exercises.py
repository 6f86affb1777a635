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


def test_no_verdict_or_box_gives_the_answer_but_a_teacher_can_reveal_it():
    from cardwidgets.exercises import answers, teacher_mode
    q = ask("How many holes has the board?", answer=9.0, explain="eight round a centre, and the centre")
    box = q.widget()
    shown = [q.static_html(), q._repr_mimebundle_()[0]["text/plain"], str(q.check("8"))]
    shown += [getattr(w, "value", "") for w in (box.children[0], box.children[2])]
    assert not any("9" in text for text in shown)
    import ipywidgets as W
    assert [c.description for c in box.children[1].children if isinstance(c, W.Button)] \
        == ["Check"]                                     # no Show the answer for a student
    assert str(q.reveal()) == ('Answer to "How many holes has the board?": 9. eight round a '
                               'centre, and the centre')
    assert "<strong>9</strong>" in q.reveal()._repr_html_()
    assert q in answers().exercises and str(answers(q)) == str(q.reveal())
    try:
        teacher_mode()
        other = ask("How many suits?", answer=4)
        row = other.widget().children[1].children
        show = next(c for c in row if getattr(c, "description", "") == "Show the answer")
        assert "4" not in other.widget().children[2].value
        show.click()
        assert "<strong>4</strong>" in other.widget().children[2].value
    finally:
        teacher_mode(False)


def test_show_rule_is_html_with_the_id_and_each_ruling_set_apart_and_escaped():
    import re

    from cardwidgets.exercises import RuleText, show_rule, show_rulings
    from cardwidgets.games.truc import RULES
    shown = show_rule("V7")
    page = shown._repr_html_()
    assert page.startswith('<div class="cw-ruletext" data-rule="V7"')
    assert '<strong class="cw-ruletext-id">V7</strong> The truc ladder.' in page
    rulings = re.findall(r'<div class="cw-ruletext-ruling"[^>]*><strong>Our ruling</strong>: ', page)
    assert len(rulings) == RULES["V7"].count("Our ruling") >= 3
    assert "font-family" not in page and "<pre" not in page      # the notebook's own font
    text = str(shown)                                            # the plain-text fallback
    assert text.startswith("V7: The truc ladder.") and "\n    Our ruling: a refused bet" in text
    assert all(len(line) <= 88 for line in text.splitlines())   # wrapped between words
    assert text.removeprefix("V7:").split() == RULES["V7"].split()   # no word cut in two
    hostile = RuleText([("X<1>", 'A <script>alert(1)</script> & "b". Our ruling: <b>no</b>.')])
    page = hostile._repr_html_()
    assert "<script>" not in page and "<b>no" not in page
    assert "&lt;script&gt;" in page and "&amp;" in page and 'data-rule="X&lt;1&gt;"' in page
    assert '<strong>Our ruling</strong>: &lt;b&gt;no&lt;/b&gt;.' in page
    several = show_rule("K9", "K10")._repr_html_()
    assert several.count('class="cw-ruletext"') == 2
    # the widget's page-wide CSS styles its own rule boxes (.cw-rule): none of it reaches these
    import cardwidgets
    from pathlib import Path
    css = "".join(p.read_text() for p in Path(cardwidgets.__file__).parent.rglob("*.css"))
    for name in set(re.findall(r'class="([^"]+)"', several)):
        assert not re.search(rf"\.{name}(?![\w-])", css), name
    only = show_rulings(RULES)._repr_html_()
    assert 'data-rule="V2"' not in only and 'data-rule="V7"' in only     # V2 has no ruling
    assert "The truc ladder" not in only                                 # the rulings alone
    with pytest.raises(KeyError, match="rule_id"):
        show_rule("Z9")
    with pytest.raises(ValueError, match="rule_ids"):
        show_rule()


def test_the_module_examples_run():
    import doctest

    import cardwidgets.exercises as module
    assert doctest.testmod(module).failed == 0


# ---- the notebooks' exercises: answer boxes, the right answers accepted ---------------------

import ast
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run_cell(source, namespace):
    """Run a cell's code; return the value of its last expression (what the cell shows)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is not None:
        return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


def exercises_of(name, setup):
    """The Exercise objects the notebook's exercise cells show, after running ``setup`` cells
    (those whose source starts with one of the given prefixes)."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    namespace = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith(setup):
            run_cell(cell.source, namespace)
    out = []
    for cell in nb.cells:
        if "exercise" in cell.metadata.get("tags", []):
            shown = run_cell(cell.source, namespace)
            assert isinstance(shown, Exercise), cell.source
            out.append(shown)
    return nb, out


def test_poch_notebook_exercises_accept_the_engines_answers_and_keep_them_for_the_teacher():
    nb, exercises = exercises_of("poch.ipynb", ("from IPython.display import HTML",))
    assert len(exercises) == 4
    assert [q.answer for q in exercises] == ["21", "36", "20", "P7"]
    assert all(q.explain for q in exercises)
    for exercise, right, wrong in zip(exercises, ("21", "36", "20 chips", "p7"),
                                      ("20", "9", "16", "P6")):
        assert exercise.check(right).right, exercise.question
        verdict = exercise.check(wrong)
        assert not verdict.right and "Hint:" in str(verdict)


def test_pocha_notebook_exercises_check_card_names_with_the_duties():
    nb, exercises = exercises_of("pocha.ipynb", ("import random", "import re"))
    assert len(exercises) == 3
    namespace = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith(("import random", "import re")):
            run_cell(cell.source, namespace)
    for number, exercise in enumerate(exercises, 1):
        game = namespace["position"](number)
        legal = [c.name for c in game.legal_cards()]
        assert exercise.check(", ".join(legal)).right
        assert exercise.check(" and ".join(name.upper() for name in legal)).right
        held = [c.name for c in game.hands[game.current_player]]
        wrong = [name for name in held if name not in legal] or held[:1]
        verdict = exercise.check(", ".join(wrong))
        assert not verdict.right and "duty" in str(verdict)
        assert "do not hold" in str(exercise.check("Ace of hearts"))


def test_no_notebook_shows_test_scaffolding_to_students():
    """No self-check lists such as ['Right!', ...] in what a student sees (issue 12 item 5)."""
    for path in NOTEBOOKS.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                shown = output.get("text", "") + str(output.get("data", {}).get("text/plain", ""))
                assert "['Right!'" not in shown and "Right!'," not in shown, path.name
