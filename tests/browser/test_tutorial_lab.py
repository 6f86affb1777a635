"""The guided first hands (GameWidget.tutorial) in JupyterLab at 1280 x 800, finished with the
keyboard alone: from the top of the widget, Tab and Shift+Tab reach each scripted move, Enter
(and typing the number in an amount menu) makes it; the coach's words before each move are on
screen beside the table, and the guided hand ends with the coach's closing words."""
import json

import pytest

from labfixtures import browser, lab, lab_root  # noqa: F401  (fixtures)
from labserver import kernel_eval, notebook_page, run_all

pytestmark = pytest.mark.browser

FOCUS = """() => {
  const a = document.activeElement;
  return {inside: !!(a && a.closest('.cw-root')), tag: a ? a.tagName : '',
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


def _tab_to(page, test, limit=60):
    """Tab forward, then Shift+Tab back, until ``test(focus)``; returns the focus."""
    for key, n in (("Tab", limit), ("Shift+Tab", 2 * limit)):
        for _ in range(n):
            focus = page.evaluate(FOCUS)
            if test(focus):
                return focus
            page.keyboard.press(key)
    raise AssertionError(f"the keyboard did not reach the move; last focus {focus}")


def _make(page, move):
    """Make ``move`` (the scripted action's JSON) with the keyboard alone."""
    kind = move["kind"]
    if move.get("cards"):                  # Truk's change: pick each card, then change them
        for code in move["cards"]:
            _tab_to(page, lambda f: f["pick"] == code)
            page.keyboard.press("Enter")
        _tab_to(page, lambda f: "cw-tk-change-go" in f["cls"])
    elif move.get("card"):
        _tab_to(page, lambda f: f["code"] == move["card"] and "cw-card--legal" in f["cls"])
    elif "amount" in move:
        f = _tab_to(page, lambda f: f["inside"] and f["kind"] == kind and f["shown"] and (
            f["amount"] == move["amount"] or f["tag"] == "SELECT"))
        if f["tag"] == "SELECT":           # an amount menu: the arrow keys, then its button
            page.keyboard.type(str(move["amount"]))    # a menu's option chosen by typing it
            f = page.evaluate(FOCUS)
            assert f["value"] == move["amount"], f
            page.keyboard.press("Tab")
            assert page.evaluate(FOCUS)["kind"] == kind
    else:
        _tab_to(page, lambda f: f["inside"] and f["shown"] and f["tag"] == "BUTTON"
                and f["kind"] == kind and f["what"] == move.get("what")
                and "cw-goto-moves" not in f["cls"])
    page.keyboard.press("Enter")


@pytest.mark.parametrize("game", ["truc", "pocha", "poch", "truk"])
def test_a_tutorial_finished_by_keyboard_alone(browser, lab, lab_root, game):
    cell = f"from cardwidgets.widget import GameWidget\nw = GameWidget.tutorial({game!r})\nw"
    with notebook_page(browser, lab, lab_root, f"tutorial{game}", cell) as (page, errors):
        run_all(page)
        page.wait_for_selector(".cw-root .cw-table-inner")
        page.locator(".cw-root .cw-coach-before").wait_for()
        # into the widget from its top: the skip button, then Enter puts the focus on a move
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        moves = 0
        while True:
            state = json.loads(kernel_eval(page, "import json\nprint(json.dumps([w.guided_over(), "
                                                 "len(w.game.actions), w.coach_now(), "
                                                 "w._plan_json[len(w.game.actions)] "
                                                 "if not w.guided_over() else None, w.held]))"))
            over, at, coach, move, held = state
            if over:
                break
            page.wait_for_function(f"() => {STEP[6:]} === {at}")
            if held:                       # a hand's result held on screen: Next hand
                page.locator(".cw-root .cw-result").wait_for()
                _tab_to(page, lambda f: "cw-coach-next" in f["cls"])   # the coach's, beside the table
                page.keyboard.press("Enter")
                page.wait_for_function(f"() => {STEP[6:]} > {at}")
                continue
            # the coach's words for this decision, on screen beside the table and the moves
            shown = page.locator(".cw-root .cw-coach-before")
            assert shown.inner_text() == coach["before"]
            box = shown.bounding_box()
            assert box and box["y"] + box["height"] <= 800, box
            _make(page, move)
            page.wait_for_function(f"() => {STEP[6:]} > {at}")
            moves += 1
            assert moves < 40
        end = page.locator(".cw-root .cw-coach-end")
        end.wait_for()
        # the guided hand's last step ends a hand: its result is held on the table too
        page.locator(".cw-root .cw-result").wait_for()
        script = json.loads(kernel_eval(page, "print(json.dumps(w._script['end']))"))
        assert end.inner_text() == script
        assert kernel_eval(page, "print(w.on_script())").strip() == "True"
        assert moves == int(kernel_eval(page, "print(len(w._mine))"))
        assert not errors
