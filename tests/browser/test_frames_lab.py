"""Frames as patches, in a real browser: the page rebuilds exactly the frames Python made
(a whole 22-hand Pocha game in the teacher's view, a seat's view, play mode), and the
level picker and the bots' reasons of play mode (issue 15 items 2 and 5)."""
import json

import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

SAME = """([i, text]) => {
  const root = document.querySelectorAll('.cw-root')[i];
  const mine = root.cwFrames();
  const theirs = JSON.parse(text);
  if (mine.length !== theirs.length) return `the page holds ${mine.length} frames, Python ${theirs.length}`;
  for (let k = 0; k < mine.length; k++) {
    if (JSON.stringify(mine[k]) !== JSON.stringify(theirs[k])) return `frame ${k} differs`;
    if (!Object.isFrozen(mine[k].hands)) return `frame ${k} is not frozen`;
  }
  return "same";
}"""

FRAMES = ("import json; print(json.dumps([{**w.meta['static'], **f} for f in w.frames], "
          "ensure_ascii=False))")


def same_frames(page, i, var):
    text = kernel_eval(page, FRAMES.replace("w.", f"{var}."))
    return page.evaluate(SAME, [i, text])


def test_the_page_rebuilds_the_frames_python_made(page, lab, lab_root):
    """A whole Pocha game (22 hands, teacher's view), a truk game in seat 1's view, and a
    Poch game played from seat 0 for some moves: every frame the page holds is the frame
    Python made, key for key, and each is frozen."""
    make_notebook(lab_root / "scratch" / "frames.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "w = GameWidget.new('pocha', players=4, seed=1, hands=None)\nw",
        "t = GameWidget.new('truk', players=4, seed=2)\n"
        "t.handle({'type': 'take_seat', 'seat': 1, 'play': False, 'at': 0})\nt",
        "p = GameWidget.new('poch', players=3, seed=5, play_as=0, chips=100, deals=None)\np",
    ])
    open_notebook(page, lab, "scratch/frames.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-seat').length >= 11")
    assert same_frames(page, 0, "w") == "same"
    assert same_frames(page, 1, "t") == "same"
    root = page.locator(".cw-root").nth(2)
    for _ in range(12):
        step = root.get_attribute("data-step")
        move = root.locator(".cw-move").first
        if not move.count():
            break
        move.click()
        page.wait_for_function("([s]) => document.querySelectorAll('.cw-root')[2].dataset.step !== s",
                               arg=[step])
        page.wait_for_function("() => document.querySelectorAll('.cw-root')[2].querySelector('.cw-move, .cw-restart')")
    assert int(root.get_attribute("data-step")) > 10
    assert same_frames(page, 2, "p") == "same"
    # the last step of the Pocha game shows the final scores the engine gives
    first = page.locator(".cw-root").first
    first.locator(".cw-last").click()
    page.wait_for_function("() => document.querySelector('.cw-root').dataset.phase === 'over'")
    scores = json.loads(kernel_eval(page, "print(json.dumps(w.view_at(len(w.frames) - 1)['scores']))"))
    shown = first.locator(".cw-po-total").evaluate_all("els => els.map(e => Number(e.textContent))")
    assert shown == scores
    assert not page.js_errors
