"""The exercises' answer boxes in a real browser: poch.ipynb's exercises in headless JupyterLab.

A student types an answer and presses Check (or Enter) with the keyboard alone; the verdict
appears under the box. Screenshots (light and dark) go to ``screenshots/`` (not committed).
"""
import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import REPO, make_notebook, open_notebook, run_all, set_theme

pytestmark = pytest.mark.browser

CELLS = [
    "from cardwidgets.exercises import ask\n"
    "ask('2. With four players, how many chips are on the board after the first ante?',\n"
    "    answer=36, hint='every player puts 1 chip in each of the 9 holes.')",
]


def test_answer_box_checks_with_the_button_and_the_enter_key(lab, lab_root, page):
    make_notebook(lab_root / "scratch" / "exercise.ipynb", CELLS)
    open_notebook(page, lab, "scratch/exercise.ipynb")
    run_all(page)
    box = page.locator(".cw-exercise").first
    box.wait_for()
    answer = box.locator("input[type=text]")
    verdict = box.locator(".widget-html").last
    # keyboard only: Tab into the box, type, Enter
    answer.focus()
    page.keyboard.type("35")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.cw-exercise [role=status]')")
    assert "Not quite. Hint: every player puts 1 chip in each of the 9 holes." in verdict.inner_text()
    # the Check button, reached with Tab, checks the same way
    answer.fill("36 chips")
    page.keyboard.press("Tab")
    button = box.locator("button", has_text="Check")
    assert button.evaluate("b => b === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.cw-exercise [role=status]')"
                           ".textContent.includes('Right!')")
    shots = REPO / "screenshots"
    shots.mkdir(exist_ok=True)
    for theme in ("light", "dark"):
        set_theme(page, theme == "dark")
        box.screenshot(path=str(shots / f"exercise-{theme}.png"))
    assert page.js_errors == []
