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


CHATTY = (
    "import random\n"
    "from cardwidgets.engine.players import LEVELS, Player\n"
    "class Chatty(Player):\n"
    "    def __init__(self, seed=None):\n"
    "        self.rng = random.Random(seed)\n"
    "    def choose(self, game, seat):\n"
    "        a = self.rng.choice(game.legal_actions())\n"
    "        self.reason = f'REASON {game.players[seat]} picks one of {len(game.legal_actions())} moves'\n"
    "        return a\n"
    "LEVELS['chatty'] = (lambda seed: Chatty(seed), 'random, and says why')\n"
)


def test_levels_reasons_and_a_seat_called_you(page, lab, lab_root):
    """A table where one seat is called You: the page says "Your view", "Play your seat from
    here", "Stop playing", "Your turn:". In play mode a menu of the computer players' levels
    (every level Python offers) is worked with the keyboard and changes the kernel's level.
    The teacher's view shows a computer player's reason with its move; a seat's view never."""
    make_notebook(lab_root / "scratch" / "levels.ipynb", [
        CHATTY + "from cardwidgets.widget import GameWidget\n"
        "names = ['You', 'Ada', 'Boris', 'Cleo']\n"
        "w = GameWidget.new('poch', players=names, seed=7, teacher=True, level='chatty')\nw",
    ])
    open_notebook(page, lab, "scratch/levels.ipynb")
    run_all(page)
    page.wait_for_selector(".cw-root .cw-seat")
    root = page.locator(".cw-root").first
    options = root.locator(".cw-seat-select option").all_inner_texts()
    assert options[:2] == ["Teacher: all cards face up", "Your view"] and "Ada's view" in options
    assert not any("You's" in o for o in options)
    # the teacher's view: the reasons of the computer players' moves
    root.locator(".cw-slider").fill("12")
    page.wait_for_function("() => document.querySelector('.cw-root').dataset.step === '12'")
    for k in range(12, 40):
        if root.locator(".cw-reason").is_visible():
            break
        root.locator(".cw-next").click()
    reason = root.locator(".cw-reason")
    assert reason.is_visible() and reason.inner_text().startswith("Why (computer player): REASON ")
    # your seat's view: no reason shown (none is sent)
    root.locator(".cw-seat-select").select_option("0")
    page.wait_for_function("() => document.querySelector('.cw-root .cw-play-btn').textContent === 'Play your seat from here'")
    assert not root.locator(".cw-reason").is_visible()
    assert kernel_eval(page, "print('REASON' in str(w.frames))").strip() == "False"
    assert not root.locator(".cw-level").is_visible()       # watching: no level menu
    root.locator(".cw-play-btn").click()
    page.wait_for_function("() => document.querySelector('.cw-root .cw-play-btn').textContent === 'Stop playing'")
    # play mode: the level menu, by keyboard
    level = root.locator(".cw-level-select")
    assert level.is_visible()
    assert level.locator("option").all_inner_texts()[:1] == ["Easy"] and "Chatty" in level.locator("option").all_inner_texts()
    assert level.input_value() == "chatty"
    root.locator(".cw-play-btn").focus()
    page.keyboard.press("Tab")                # the menu comes next after "Stop playing"
    assert page.evaluate("() => document.activeElement.className") == "cw-level-select"
    page.keyboard.press("e")  # type-ahead: the level whose name starts with E
    page.wait_for_function("() => document.querySelector('.cw-root .cw-notice').textContent.includes('now play at the')")
    assert kernel_eval(page, "print(w.level)").strip() == level.input_value() == "easy"
    notice = root.locator(".cw-notice").inner_text()
    assert "You's" not in notice
    who = root.locator(".cw-now-who").inner_text()
    assert who.startswith("Your turn:") or who.startswith("Waiting for") or "over" in who
    assert "You's" not in root.inner_text() and "Your turn, You" not in root.inner_text()
    assert not page.js_errors
