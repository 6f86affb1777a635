"""The guided first hands in Notebook 7 (``jupyter notebook``) at 1280 x 800: each game's
notebook, opened and run whole as a student does, and its "Play your first hand" widget
(GameWidget.tutorial) finished with the keyboard alone, the same walk as in JupyterLab
(test_tutorial_lab.finish_tutorial); and at every decision of the guided hand the play screen
(the student's hand, the controls of the move to make, the "Now" panel with the coach's
words) is wholly in the window when the widget's top is at the top of the notebook.

Notebook 7.6 itself throws one script error on opening any notebook (its shortcuts settings
plugin: "Cannot read properties of undefined (reading 'schema')", also on a notebook holding
only ``1+1``); that one is left out of the errors these tests refuse.
"""
import pytest

from labfixtures import browser, browser_page, notebook7  # noqa: F401  (fixtures)
from labserver import open_notebook, run_all
from test_fit_lab import SEAT_AND_MOVES, assert_play_screen_in_window, inside
from test_tutorial_lab import finish_tutorial, mark_tutorial

pytestmark = pytest.mark.browser

#: Notebook 7's own error on opening a notebook (not a widget's): see the docstring
NOTEBOOK7_OWN = "Cannot read properties of undefined (reading 'schema')"

GAMES = ["truk", "pocha", "truc", "poch"]


@pytest.fixture
def nb7_page(browser, notebook7):
    with browser_page(browser, 1280, 800) as page:
        yield page


def open_game_notebook(page, server, game):
    """The game's notebook opened in Notebook 7 and run whole; returns the guided hand's
    ``(widget, root)`` for finish_tutorial."""
    open_notebook(page, server, f"notebooks/{game}.ipynb")
    run_all(page)
    return mark_tutorial(page)


def script_errors(page):
    return [e for e in page.js_errors if e != NOTEBOOK7_OWN]


@pytest.mark.parametrize("game", GAMES)
def test_notebook7_tutorial_finished_by_keyboard_alone(nb7_page, notebook7, game):
    """The game's notebook run whole in Notebook 7: its guided hand is played to the coach's
    closing words with Tab, Shift+Tab, Enter (and typed amounts) alone, on the script."""
    widget, root = open_game_notebook(nb7_page, notebook7, game)
    assert finish_tutorial(nb7_page, widget, root) > 0
    assert not script_errors(nb7_page)


@pytest.mark.parametrize("game", ["truk", "pocha", "truc", "poch"])
def test_notebook7_tutorial_play_screen_fits_1280x800(nb7_page, notebook7, game):
    """At every decision of the guided hand in Notebook 7 at 1280 x 800, the widget's top
    scrolled to the top of the notebook: the student's own seat, the controls of the move to
    make, and the "Now" panel (its title, whose turn, its buttons, the coach's words before
    the move) are wholly inside the window."""
    widget, root = open_game_notebook(nb7_page, notebook7, game)
    index = nb7_page.evaluate("() => [...document.querySelectorAll('.cw-root')]"
                              ".findIndex(r => r.hasAttribute('data-test-tutorial'))")
    seen = []

    def fits(page, move):
        page.locator(root).evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(150)
        g = page.evaluate(SEAT_AND_MOVES, index)
        coach = page.locator(f"{root} .cw-coach-before").bounding_box()
        coach = [coach["x"], coach["y"], coach["x"] + coach["width"], coach["y"] + coach["height"]]
        what = f"{game}, decision {len(seen) + 1} ({move})"
        assert_play_screen_in_window(g, what)
        assert inside(coach, g["view"]), f"{what}: the coach's words {coach} not in the window {g['view']}"
        seen.append(g["zoom"])

    moves = finish_tutorial(nb7_page, widget, root, at_decision=fits)
    assert len(seen) == moves > 0
    print(game, "the table's zoom at each decision:", seen)
    assert not script_errors(nb7_page)


#: (seen 2026-12-05, fixed: a coach drawn before the widget had its width took the table's
#: column, and the first decision's table was drawn at 0.40-0.53)


@pytest.mark.parametrize("game", GAMES)
def test_notebook7_tutorial_first_decision_table_readable(nb7_page, notebook7, game):
    """The game's notebook run whole in Notebook 7 at 1280 x 800: at the guided hand's first
    decision the table is drawn at 0.6 or more (the bar test_fit_lab sets for play mode), so
    the cards' corners and the seats' words read."""
    widget, root = open_game_notebook(nb7_page, notebook7, game)
    nb7_page.locator(root).evaluate("(e) => e.scrollIntoView({block: 'start'})")
    nb7_page.wait_for_timeout(300)
    zoom = float(nb7_page.locator(root).get_attribute("data-zoom"))
    assert zoom >= 0.6, f"{game}: the table at the first decision is drawn at {zoom}"
