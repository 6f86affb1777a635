"""The widget in a real classroom (issue 12): every game's table fits the notebook's width
from 560 to 1920 px, the explanation stays in view beside the table on a 1280x800 laptop, a
whole Poch deal and a Pocha hand are played with the keyboard alone, the highlights differ
by more than colour, long names are cut, and the label and the text never disagree."""
import pytest

from cardwidgets.games import GAMES
from cardwidgets.widget import GameWidget

from labfixtures import browser, lab, lab_root  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

# window width, height, and whether JupyterLab's file browser is open
WIDTHS = [(560, 800, False), (900, 800, False), (1280, 800, True), (1280, 800, False),
          (1920, 1080, False)]

OVERFLOW = """(root) => {
  const r = root.getBoundingClientRect(), bad = [];
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('.cw-measure-box') || e.closest('.cw-sprite')) continue;
    const b = e.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    if (b.left < r.left - 1 || b.right > r.right + 1) {
      const cls = typeof e.className === 'string' ? e.className : (e.className.baseVal || e.tagName);
      bad.push(`${cls}: ${Math.round(b.left - r.left)}..${Math.round(b.right - r.left)} of ${Math.round(r.width)}`);
    }
  }
  const out = root.closest('.jp-OutputArea-output') || root.parentElement;
  return {bad: bad.slice(0, 5), n: bad.length, scroll: root.scrollWidth - root.clientWidth,
          outer: out.scrollWidth - out.clientWidth, width: r.width};
}"""


def _setup(key):
    setup = {}
    if "hands" in GAMES[key].SETUP:
        setup["hands"] = 3
    return ", ".join(f"{k}={v!r}" for k, v in setup.items())


def _games_notebook(lab_root):
    cells = ["from cardwidgets.widget import GameWidget\nws = []"]
    for key in GAMES:
        extra = _setup(key)
        cells.append(f"w = GameWidget.new({key!r}, players=4, seed=3{', ' + extra if extra else ''})\n"
                     "ws.append(w)\nw")
    cells.append("w = GameWidget.from_record('e-p1')\nws.append(w)\nw")
    make_notebook(lab_root / "scratch" / "widths.ipynb", cells)
    return len(GAMES) + 1


def _open(browser, lab, path, width, height, files_open=False):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    open_notebook(page, lab, path)
    command = "filebrowser:activate" if files_open else "application:toggle-left-area"
    page.evaluate(f"() => window.jupyterapp.commands.execute('{command}')")
    run_all(page)
    return context, page


def _at(page, nth, k):
    page.wait_for_function("([i, k]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(k)",
                           arg=[nth, k])


@pytest.mark.parametrize("width,height,files_open", WIDTHS,
                         ids=[f"{w}{'-files' if f else ''}" for w, h, f in WIDTHS])
def test_every_table_fits_the_width(browser, lab, lab_root, width, height, files_open):
    """At 560, 900, 1280 (file browser open and closed) and 1920 px, no element of any
    registered game's widget sticks out of the widget, at the start, after the deal, in the
    middle and at the end, and nothing scrolls sideways."""
    n = _games_notebook(lab_root)
    context, page = _open(browser, lab, "scratch/widths.ipynb", width, height, files_open)
    try:
        page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length === {n}")
        for i in range(n):
            total = int(kernel_eval(page, f"print(len(ws[{i}].frames) - 1)"))
            for k in sorted({0, min(3, total), total // 2, total}):
                kernel_eval(page, f"ws[{i}].step = {k}")
                _at(page, i, k)
                page.wait_for_timeout(50)
                root = page.locator(".cw-root").nth(i)
                got = page.evaluate(OVERFLOW, root.element_handle())
                assert got["n"] == 0 and got["scroll"] <= 1 and got["outer"] <= 1, (i, k, got)
        assert not page.js_errors
    finally:
        context.close()


def test_laptop_shows_table_controls_and_explanation_together(browser, lab, lab_root):
    """At 1280x800 (file browser closed), with the widget scrolled to its top, the whole table,
    the step buttons and the explanation's text are inside the window, the explanation
    beside the table, for Poch and Pocha."""
    make_notebook(lab_root / "scratch" / "laptop.ipynb", [
        "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1', step=24)\nw",
        "q = GameWidget.new('pocha', players=4, seed=3, hands=5)\nq.step = 30\nq"])
    context, page = _open(browser, lab, "scratch/laptop.ipynb", 1280, 800)
    try:
        page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length === 2")
        for i in range(2):
            root = page.locator(".cw-root").nth(i)
            page.evaluate("(e) => e.scrollIntoView({block: 'start'})", root.element_handle())
            page.wait_for_timeout(200)
            assert "cw-wide" in root.get_attribute("class")
            boxes = {name: root.locator(sel).first.bounding_box() for name, sel in [
                ("table", ".cw-table-inner"), ("next", ".cw-next"), ("what", ".cw-what")]}
            for name, b in boxes.items():
                assert b["y"] >= 0 and b["y"] + b["height"] <= 800, (i, name, b)
            assert boxes["what"]["x"] > boxes["table"]["x"] + boxes["table"]["width"] - 1  # beside it
    finally:
        context.close()


FOCUS = """() => {
  const a = document.activeElement, root = a && a.closest('.cw-root');
  return {inside: !!root, cls: a ? (typeof a.className === 'string' ? a.className : '') : '',
          code: a && a.dataset ? a.dataset.code || null : null, kind: a && a.dataset ? a.dataset.kind || a.dataset.cwMove || null : null,
          visible: !!a && a.offsetParent !== null, label: a ? a.getAttribute('aria-label') || a.textContent : ''};
}"""


def _is_move(focus):
    return focus["inside"] and focus["visible"] and any(
        c in focus["cls"] for c in ("cw-move", "cw-card--legal", "cw-po-bid", "cw-amount-select",
                                    "cw-restart"))


def _play_by_keyboard(page, limit):
    """Press Enter on whatever has the focus (a move, each time) until the game is over."""
    moves = 0
    for _ in range(limit):
        if page.locator(".cw-root .cw-restart").count():
            break
        focus = page.evaluate(FOCUS)
        assert _is_move(focus), focus
        before = page.evaluate("() => Number(document.querySelector('.cw-root').dataset.step)")
        if "cw-amount-select" in focus["cls"]:
            page.keyboard.press("Tab")        # the menu's own button comes next
        page.keyboard.press("Enter")
        page.wait_for_function("(k) => Number(document.querySelector('.cw-root').dataset.step) > k"
                               " || document.querySelector('.cw-root .cw-restart')", arg=before)
        page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.cw-root') "
                               "&& a.offsetParent !== null && !a.disabled; }")
        moves += 1
    return moves


def test_poch_deal_by_keyboard_alone(browser, lab, lab_root):
    """From the top of the widget, Tab and Enter reach the moves at once (the skip button);
    a card pressed in the betting is refused and the focus goes to a legal move; then a
    whole Poch deal is played with Enter alone, the focus always on the next move, until
    "Play again" has it."""
    make_notebook(lab_root / "scratch" / "kbpoch.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "w = GameWidget.new('poch', players=3, seed=5, play_as=0, deals=1)\nw"])
    context, page = _open(browser, lab, "scratch/kbpoch.ipynb", 1280, 800)
    try:
        page.wait_for_selector(".cw-root .cw-table-inner")
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        assert "cw-skip" in page.evaluate(FOCUS)["cls"]
        page.keyboard.press("Enter")
        focus = page.evaluate(FOCUS)
        assert _is_move(focus), focus
        # a refused move: a card of the hand while betting (if the deal starts with betting)
        card = page.locator(".cw-root .cw-seat[data-seat='0'] button.cw-card:not(.cw-card--legal)").first
        if card.count():
            card.focus()
            page.keyboard.press("Enter")
            page.locator(".cw-root .cw-notice--refused").wait_for()
            page.wait_for_function("() => document.activeElement && document.activeElement.closest('.cw-root')")
            assert _is_move(page.evaluate(FOCUS))
        moves = _play_by_keyboard(page, 200)
        assert moves > 2
        assert page.locator(".cw-root .cw-restart").count() == 1
        assert "cw-restart" in page.evaluate(FOCUS)["cls"]
        assert kernel_eval(page, "print(w.game.finished)").strip() == "True"
        assert not page.js_errors
    finally:
        context.close()


def test_pocha_hand_by_keyboard_alone(browser, lab, lab_root):
    """Pocha: M goes to the bids at the seat, Enter bids, then Enter plays the card the focus
    is on (a legal one, each time) until the last hand is scored."""
    make_notebook(lab_root / "scratch" / "kbpocha.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "w = GameWidget.new('pocha', players=4, seed=3, hands=3, play_as=0)\nw"])
    context, page = _open(browser, lab, "scratch/kbpocha.ipynb", 1280, 800)
    try:
        page.wait_for_selector(".cw-root .cw-table-inner")
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("m")
        focus = page.evaluate(FOCUS)
        assert _is_move(focus), focus
        # the Now panel says where the bids are, and its button leads there
        if focus["kind"] == "bid":
            assert "at your seat" in page.locator(".cw-root .cw-goto-moves").inner_text()
        moves = _play_by_keyboard(page, 200)
        assert moves >= 3
        assert kernel_eval(page, "print(w.game.finished)").strip() == "True"
        assert not page.js_errors
    finally:
        context.close()


def test_watching_by_keyboard_keeps_focus(browser, lab, lab_root):
    """Watching E-P1: Enter on a phase jump keeps the focus on that jump; Enter on an earlier
    step puts it on Next; at the last step the focus moves from the disabled Next to Back."""
    make_notebook(lab_root / "scratch" / "kbwatch.ipynb", [
        "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1')\nw"])
    context, page = _open(browser, lab, "scratch/kbwatch.ipynb", 1280, 800)
    try:
        page.wait_for_selector(".cw-root .cw-table-inner")
        jump = page.locator(".cw-root .cw-jump", has_text="Phase 2")
        jump.focus()
        page.keyboard.press("Enter")
        _at(page, 0, 9)
        assert "cw-jump" in page.evaluate(FOCUS)["cls"]
        assert page.evaluate("() => document.activeElement.dataset.keys") == "poch showdown"
        page.locator(".cw-root .cw-log-btn").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('cw-next')")
        page.locator(".cw-root .cw-last").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('cw-back')")
        # watching, M leads to the way to take a seat
        page.keyboard.press("m")
        assert "cw-seat-select" in page.evaluate(FOCUS)["cls"]
    finally:
        context.close()


def test_highlights_differ_by_more_than_colour(browser, lab, lab_root):
    """A card shown to the table rises and wears a solid frame; the card that must be played
    next wears a dashed frame and a "next" tag, and says so to a screen reader."""
    w = GameWidget.from_record("e-p1")
    step = next(k for k in range(len(w.frames)) if w.view_at(k).get("run_next"))
    shown_step = next(k for k in range(len(w.frames)) if any(w.view_at(k).get("shown") or []))
    make_notebook(lab_root / "scratch" / "marks.ipynb", [
        f"from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1', step={shown_step})\nw"])
    context, page = _open(browser, lab, "scratch/marks.ipynb", 1280, 800)
    try:
        page.wait_for_selector(".cw-root .cw-card--shown")
        style = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('.cw-root .cw-card--shown'));
            return [s.outlineStyle, s.transform]; }""")
        assert style[0] == "solid" and style[1] != "none"
        kernel_eval(page, f"w.step = {step}")
        _at(page, 0, step)
        nxt = page.locator(".cw-root .cw-card--next").first
        assert page.evaluate("""(e) => { const s = getComputedStyle(e), b = getComputedStyle(e, '::before');
            return [s.outlineStyle, b.content]; }""", nxt.element_handle()) == ["dashed", '"next"']
        assert nxt.get_attribute("aria-label").endswith("must be played next")
    finally:
        context.close()


def test_labels_agree_with_the_text(browser, lab, lab_root):
    """E-P1 step 9 (after "Jump to Phase 2"): the header says phase 2 is on, the text is said to
    be about step 9 in phase 1; the last step says the record ends there (Next is disabled),
    lights the hand's last phase, and A's badge gives the hand's net +5 as in the note.
    Pocha's step that scores hand 3 says so above the text, and the header that hand 3 is
    finished (the step ends it: its result is shown, issue 25)."""
    q = GameWidget.new("pocha", players=4, seed=3, hands=5)
    k = next(k for k in range(1, len(q.frames)) if q.view_at(k)["last"]["text"].startswith("Scoring hand 3"))
    make_notebook(lab_root / "scratch" / "labels.ipynb", [
        "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1', step=9)\nw",
        f"q = GameWidget.new('pocha', players=4, seed=3, hands=5)\nq.step = {k}\nq"])
    context, page = _open(browser, lab, "scratch/labels.ipynb", 1280, 800)
    try:
        page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length === 2")
        root = page.locator(".cw-root").nth(0)
        assert root.locator(".cw-phase").inner_text().startswith("Phase 2")
        assert root.locator(".cw-about").inner_text() == "Step 9 · Deal 1 of 1 · Phase 1: paying out the holes"
        assert root.locator(".cw-section-title", has_text="Now").inner_text().upper().startswith("NOW · PHASE 2")
        last = int(kernel_eval(page, "print(len(w.frames) - 1)"))
        kernel_eval(page, f"w.step = {last}")
        _at(page, 0, last)
        assert root.locator(".cw-next").is_disabled()
        assert root.locator(".cw-now-who").inner_text() == "The record ends here."
        assert "End the game" in root.locator(".cw-legal").inner_text()
        assert root.locator(".cw-jump--here").inner_text() == "Phase 3: runs"
        assert root.locator('.cw-seat[data-seat="0"] .cw-delta--hand').inner_text() == "hand: +5"
        assert "A 25 (+5)" in root.locator(".cw-comment").inner_text()
        pocha = page.locator(".cw-root").nth(1)
        assert pocha.locator(".cw-deal").inner_text().lower() == "hand 3 of 22 · finished"
        assert pocha.locator(".cw-result-title").inner_text() == "Hand 3 of 22 is over"
        assert pocha.locator(".cw-about").inner_text().startswith(f"Step {k} · Hand 3 of 22 (3 of 5 in this game) · ")
        assert pocha.locator(".cw-what").inner_text().startswith("Scoring hand 3")
    finally:
        context.close()


def test_long_names_are_cut_not_wrapped(browser, lab, lab_root):
    """"Ada" stays on one line; the longest name the engine allows is cut with an ellipsis
    (whole on hover) and the widget stays as wide as the notebook."""
    from cardwidgets.engine.core import MAX_NAME
    long = ("Bartholomew" * 10)[:MAX_NAME]
    make_notebook(lab_root / "scratch" / "names.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        f"w = GameWidget.new('poch', players=['Ada', {long!r}, 'Cy'], seed=2, play_as=1)\nw"])
    context, page = _open(browser, lab, "scratch/names.ipynb", 1280, 800)
    try:
        page.wait_for_selector(".cw-root .cw-table-inner")
        root = page.locator(".cw-root").first
        ada = root.locator('.cw-seat[data-seat="0"] .cw-seat-name')
        assert ada.inner_text() == "Ada"
        assert page.evaluate("(e) => e.getClientRects().length === 1 && e.scrollWidth <= e.clientWidth + 1",
                             ada.element_handle())
        name = root.locator('.cw-seat[data-seat="1"] .cw-seat-name')
        assert name.get_attribute("title") == long
        got = page.evaluate(OVERFLOW, root.element_handle())
        assert got["width"] < 1300 and got["scroll"] <= 1 and got["n"] == 0, got
        assert root.locator(".cw-play-btn").bounding_box()["width"] < 400
    finally:
        context.close()


def test_a_record_ending_between_hands_says_the_hand_is_finished(browser, lab, lab_root):
    """Truk and Truc records end after a hand's counting, at the next hand's deal (their
    opening phase, where Poch has its ante): the header says the last hand played is finished,
    not "Hand 4 of 4" after three hands, and agrees with the text about the step."""
    records = ["truk-bet-accepted", "truc-settling"]
    make_notebook(lab_root / "scratch" / "ends.ipynb", [
        "from cardwidgets.widget import GameWidget\nws = []",
        *[f"w = GameWidget.from_record({name!r}, step=-1)\nws.append(w)\nw" for name in records]])
    context, page = _open(browser, lab, "scratch/ends.ipynb", 1280, 800)
    try:
        page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length === {len(records)}")
        for i, name in enumerate(records):
            # the hands played: those with a step past the opening phase
            played = int(kernel_eval(page, f"f = [ws[{i}].view_at(k) for k in range(len(ws[{i}].frames))]\n"
                                           f"print(len({{v['deal'] for v in f if v['phase'] not in "
                                           f"(ws[{i}].meta['phases'][0]['key'], 'over')}}))"))
            last = int(kernel_eval(page, f"print(len(ws[{i}].frames) - 1)"))
            root = page.locator(".cw-root").nth(i)
            _at(page, i, last)
            assert root.locator(".cw-deal").inner_text() == f"Hand {played} of {played} · finished", name
            assert root.locator(".cw-phase").inner_text() == "End of the hand", name
            assert root.locator(".cw-about").inner_text().startswith(f"Step {last} · Hand {played} of {played} · "), name
    finally:
        context.close()
