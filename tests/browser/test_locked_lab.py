"""A widget made for one seat, in a real browser: the page offers only that seat's view
(watching it or playing it), never the teacher's view or another hand (issue 10 item 1)."""
import os

import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import REPO, kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser


def test_a_seat_widget_offers_only_its_seat(page, lab, lab_root):
    """seat=1: the view picker holds only B's view and is disabled; B can be played from the
    step shown and watched again; the kernel keeps B's view throughout."""
    make_notebook(lab_root / "scratch" / "locked.ipynb",
                  ["from cardwidgets.widget import GameWidget\n"
                   "w = GameWidget.from_record('e-p1', seat=1, step=9)\nw"])
    open_notebook(page, lab, "scratch/locked.ipynb")
    run_all(page)
    page.wait_for_selector(".cw-root .cw-seat")
    root = page.locator(".cw-root").first
    select = root.locator(".cw-seat-select")
    assert select.locator("option").all_inner_texts() == ["B's view"]
    assert select.is_disabled()
    play = root.locator(".cw-play-btn")
    assert play.inner_text() == "Play as B from here"
    if os.environ.get("CW_SCREENSHOTS"):
        root.screenshot(path=str(REPO / ".scratch" / "locked.png"))
    play.click()
    page.wait_for_function("() => document.querySelector('.cw-root .cw-now-who')"
                           ".textContent.startsWith('Your turn, B')")
    assert select.locator("option").all_inner_texts() == ["B's view"]
    assert root.locator(".cw-play-btn").inner_text() == "Stop playing B"
    root.locator(".cw-play-btn").click()
    page.wait_for_function("() => document.querySelector('.cw-root .cw-play-btn')"
                           ".textContent.startsWith('Play as B')")
    assert kernel_eval(page, "print(w.seat, w.play_as, w.locked)").split() == ["1", "None", "1"]
    assert root.locator('.cw-seat[data-seat="0"] .cw-card--back').count() > 0
    assert not page.js_errors
