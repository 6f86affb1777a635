"""The guided first hands (GameWidget.tutorial) in JupyterLab at 1280 x 800, finished with the
keyboard alone: from the top of the widget, Tab and Shift+Tab reach each scripted move, Enter
(and typing the number in an amount menu) makes it; the coach's words before each move are on
screen beside the table, and the guided hand ends with the coach's closing words."""
import json

import pytest

from labfixtures import browser, lab, lab_root  # noqa: F401  (fixtures)
from labserver import kernel_eval, notebook_page, run_all

pytestmark = pytest.mark.browser

#: the widget a guided hand is played in: the page's first by default; in a notebook of many
#: widgets, ``mark_tutorial`` marks the guided hand's and gives this selector for it
ROOT = ".cw-root"
TUTORIAL_ROOT = ".cw-root[data-test-tutorial]"

FOCUS = """(root) => {
  const a = document.activeElement;
  const mine = document.querySelector(root);
  return {inside: !!(a && mine && a.closest('.cw-root') === mine), tag: a ? a.tagName : '',
          cls: a && typeof a.className === 'string' ? a.className : '',
          kind: a && a.dataset ? a.dataset.kind || a.dataset.cwMove || null : null,
          what: a && a.dataset ? a.dataset.what || null : null,
          amount: a && a.dataset && a.dataset.amount ? Number(a.dataset.amount) : null,
          code: a && a.dataset ? a.dataset.code || null : null,
          pick: a && a.classList.contains('cw-tk-pick') && a.querySelector('[data-code]')
            ? a.querySelector('[data-code]').dataset.code : null,
          value: a && a.tagName === 'SELECT' ? Number(a.value) : null,
          shown: !!a && a.offsetParent !== null};
}"""

STEP = "() => Number(document.querySelector('.cw-root').dataset.step)"


def step_js(root=ROOT) -> str:
    """A JavaScript expression: the step the widget ``root`` shows."""
    return f"Number(document.querySelector({root!r}).dataset.step)"


def _tab_to(page, test, limit=60, root=ROOT):
    """Tab forward, then Shift+Tab back, until ``test(focus)``; returns the focus."""
    for key, n in (("Tab", limit), ("Shift+Tab", 2 * limit)):
        for _ in range(n):
            focus = page.evaluate(FOCUS, root)
            if test(focus):
                return focus
            page.keyboard.press(key)
    raise AssertionError(f"the keyboard did not reach the move; last focus {focus}")


def _make(page, move, root=ROOT):
    """Make ``move`` (the scripted action's JSON) with the keyboard alone, in the widget
    ``root``."""
    kind = move["kind"]
    if move.get("cards"):                  # Truk's change: pick each card, then change them
        for code in move["cards"]:
            _tab_to(page, lambda f: f["inside"] and f["pick"] == code, root=root)
            page.keyboard.press("Enter")
        _tab_to(page, lambda f: f["inside"] and "cw-tk-change-go" in f["cls"], root=root)
    elif move.get("card"):
        _tab_to(page, lambda f: f["inside"] and f["code"] == move["card"]
                and "cw-card--legal" in f["cls"], root=root)
    elif "amount" in move:
        f = _tab_to(page, lambda f: f["inside"] and f["kind"] == kind and f["shown"] and (
            f["amount"] == move["amount"] or f["tag"] == "SELECT"), root=root)
        if f["tag"] == "SELECT":           # an amount menu: the arrow keys, then its button
            page.keyboard.type(str(move["amount"]))    # a menu's option chosen by typing it
            f = page.evaluate(FOCUS, root)
            assert f["value"] == move["amount"], f
            page.keyboard.press("Tab")
            assert page.evaluate(FOCUS, root)["kind"] == kind
    else:
        _tab_to(page, lambda f: f["inside"] and f["shown"] and f["tag"] == "BUTTON"
                and f["kind"] == kind and f["what"] == move.get("what")
                and "cw-goto-moves" not in f["cls"], root=root)
    page.keyboard.press("Enter")


FIND_TUTORIAL = """\
import gc
from cardwidgets.widget.tutorial import TutorialWidget
_cw_tutorials = [x for x in gc.get_objects() if isinstance(x, TutorialWidget)]
print(len(_cw_tutorials))
"""


def mark_tutorial(page) -> tuple[str, str]:
    """In a notebook of many widgets (a game's notebook run whole), the guided hand: its
    kernel object is named ``_cw_tutorial`` (found among the kernel's objects), its widget in
    the page (the one whose coach speaks) marked; returns ``(widget, root)`` for
    :func:`finish_tutorial`."""
    found = kernel_eval(page, FIND_TUTORIAL).strip()
    assert found == "1", f"{found} guided hands in the notebook's kernel"
    kernel_eval(page, "_cw_tutorial = _cw_tutorials[0]; del _cw_tutorials")
    page.locator(".cw-root .cw-coach-before").first.wait_for()
    roots = page.evaluate("() => { const rs = [...document.querySelectorAll('.cw-root')]"
                          ".filter(r => r.querySelector('.cw-coach-before'));"
                          " rs.forEach(r => r.setAttribute('data-test-tutorial', '1'));"
                          " return rs.length; }")
    assert roots == 1, f"{roots} widgets in the page coach a move"
    return "_cw_tutorial", TUTORIAL_ROOT


def finish_tutorial(page, widget="w", root=ROOT, at_decision=None) -> int:
    """Play the guided hand shown in the widget ``root`` (the kernel's ``widget``) to its end
    with the keyboard alone: from the top of the widget, Tab and Shift+Tab reach each
    scripted move and Enter makes it; at each of the student's decisions the coach's words
    are checked (and ``at_decision(page, move)`` called before the move), and at a hand's end
    held on the table the coach's Next hand is pressed. Checks the coach's closing words and
    that the game followed the script; returns how many moves the student made."""
    step = step_js(root)
    page.wait_for_selector(f"{root} .cw-table-inner")
    page.locator(f"{root} .cw-coach-before").wait_for()
    # into the widget from its top: the skip button, then Enter puts the focus on a move
    page.evaluate("(root) => document.querySelector(root).focus()", root)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    moves = 0
    while True:
        state = json.loads(kernel_eval(page, f"import json\nprint(json.dumps([{widget}.guided_over(), "
                                             f"len({widget}.game.actions), {widget}.coach_now(), "
                                             f"{widget}._plan_json[len({widget}.game.actions)] "
                                             f"if not {widget}.guided_over() else None, {widget}.held]))"))
        over, at, coach, move, held = state
        if over:
            break
        page.wait_for_function(f"() => {step} === {at}")
        if held:                       # a hand's result held on screen: Next hand
            page.locator(f"{root} .cw-result").wait_for()
            _tab_to(page, lambda f: f["inside"] and "cw-coach-next" in f["cls"], root=root)   # the coach's, beside the table
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => {step} > {at}")
            continue
        # the coach's words for this decision, on screen beside the table and the moves
        shown = page.locator(f"{root} .cw-coach-before")
        assert shown.inner_text() == coach["before"]
        box = shown.bounding_box()
        assert box and box["y"] + box["height"] <= page.viewport_size["height"], box
        if at_decision is not None:
            at_decision(page, move)
        _make(page, move, root)
        page.wait_for_function(f"() => {step} > {at}")
        moves += 1
        assert moves < 40
    end = page.locator(f"{root} .cw-coach-end")
    end.wait_for()
    # the guided hand's last step ends a hand: its result is held on the table too
    page.locator(f"{root} .cw-result").wait_for()
    script = json.loads(kernel_eval(page, f"print(json.dumps({widget}._script['end']))"))
    assert end.inner_text() == script
    assert kernel_eval(page, f"print({widget}.on_script())").strip() == "True"
    assert moves == int(kernel_eval(page, f"print(len({widget}._mine))"))
    return moves


@pytest.mark.parametrize("game", ["truc", "pocha", "poch", "truk"])
def test_a_tutorial_finished_by_keyboard_alone(browser, lab, lab_root, game):
    cell = f"from cardwidgets.widget import GameWidget\nw = GameWidget.tutorial({game!r})\nw"
    with notebook_page(browser, lab, lab_root, f"tutorial{game}", cell) as (page, errors):
        run_all(page)
        finish_tutorial(page)
        assert not errors
