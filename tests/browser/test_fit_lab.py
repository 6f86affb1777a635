"""The game tables fit JupyterLab at a laptop's and a narrow window's size (a real browser).

The faults these catch, seen in screenshots: Truc shrunk to 55% beside the explanation at
1280 x 800 with the file browser closed (its side boxes wrapped below the felt in a column);
Truc's seats sticking out of the felt and Truk's B seats overlapping at 560 px with the file
browser open; Poch's own hand below the window in play mode at 1280 x 800; Truk reflowing by
the window's width, not its own (a narrow column in a wide window: its seats on the tricks
and the corner boxes); Pocha sticking out of a widget 190 px wide; Pocha in play mode shrunk
to 0.66 at 1280 x 800 with the file browser closed (its score sheet beside the felt); Poch's own
hand fanned so tightly (35 px cards, 20 px of each showing) that its corners hardly read.
"""
import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

SETUP = """\
from cardwidgets import GAMES
from cardwidgets.widget import GameWidget
def mk(key, **kw):
    cls = GAMES[key]
    n = max(cls.min_players, min(4, cls.max_players))
    short = {"hands": 3} if "hands" in cls.SETUP else {}
    return GameWidget.new(key, players=n, seed=3, **short, **kw)
"""
WIDGETS = ["truc_t", "truc_p", "truk_t", "poch_p"]

GEOMETRY = """(i) => {
  const root = document.querySelectorAll('.cw-root')[i];
  const host = root.querySelector('.cw-table');
  const inner = host.querySelector('.cw-table-inner');
  const felt = inner.querySelector('.cw-poch, .cw-tk-felt');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const zoom = Number(root.dataset.zoom) || 1;
  // inside the felt's wood: the felt's box less its border (drawn at the zoom)
  const wood = felt.clientLeft * zoom, f = box(felt);
  // what a student reads on the felt besides the seats: the corner boxes, tricks, board
  const things = inner.querySelectorAll('.cw-tk-box, .cw-tk-tricks, .cw-poch-box, .cw-po-trick, '
                                        + '.cw-tc-box, .cw-tc-middle, .cw-poch-board');
  const rootBox = box(root);
  const outside = [...root.querySelectorAll('*')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.right > rootBox[2] + 1 || r.left < rootBox[0] - 1);
  }).map(e => String(e.className.baseVal ?? e.className)).slice(0, 5);
  const cards = [...inner.querySelectorAll('.cw-card-svg')].map(e => e.getBoundingClientRect().width).filter(w => w > 0);
  // the scroller: the page area the notebook scrolls in (what of the widget a student sees)
  let scroller = root.parentElement;
  while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  return {zoom, wide: root.classList.contains('cw-wide'), rootW: rootBox[2] - rootBox[0],
          hostW: host.clientWidth, hostScrollW: host.scrollWidth, outside,
          felt: [f[0] + wood, f[1] + wood, f[2] - wood, f[3] - wood],
          columns: getComputedStyle(felt).gridTemplateColumns.split(' ').length,
          smallestCard: Math.min(...cards),
          seats: [...inner.querySelectorAll('.cw-seat')].map(s => [s.dataset.seat, box(s)]),
          things: [...things].map(e => [String(e.className.baseVal ?? e.className).split(' ').pop(), box(e)]),
          me: inner.querySelector('.cw-seat--me') ? box(inner.querySelector('.cw-seat--me')) : null,
          visibleBottom: scroller ? Math.min(innerHeight, scroller.getBoundingClientRect().bottom) : innerHeight};
}"""


def side_open(page, side, want):
    """JupyterLab's left area (the file browser) or right one (the property inspector)
    open or closed: ``side`` is "left" or "right"."""
    stack = f"#jp-{side}-stack"
    shown = page.evaluate(f"() => !document.querySelector('{stack}').classList.contains('lm-mod-hidden')")
    if shown != want:
        page.evaluate(f"() => window.jupyterapp.commands.execute('application:toggle-{side}-area')")
    page.wait_for_function(f"(want) => !document.querySelector('{stack}').classList"
                           ".contains('lm-mod-hidden') === want", arg=want)


def files_open(page, want):
    side_open(page, "left", want)


def geometry(page, name, width, files, height=800):
    """The widget `name` at the top of the notebook in a width x height window."""
    files_open(page, files)
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(700)
    i = WIDGETS.index(name)
    page.locator(".cw-root").nth(i).evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    return page.evaluate(GEOMETRY, i)


def inside(inner, outer, slack=1.0):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def assert_fits(g, what):
    assert g["hostScrollW"] <= g["hostW"] + 1, f"{what}: the table sticks out sideways {g}"
    assert not g["outside"], f"{what}: {g['outside']} stick out of the widget {g}"
    out = [s for s, b in g["seats"] if not inside(b, g["felt"])]
    assert not out, f"{what}: seats {out} stick out of the felt {g}"
    pairs = [(s, t) for k, (s, a) in enumerate(g["seats"]) for t, b in g["seats"][k + 1:] if overlap(a, b)]
    assert not pairs, f"{what}: seats overlap {pairs} {g}"
    pairs = [(s, t) for s, a in g["seats"] for t, b in g["things"] if overlap(a, b)]
    assert not pairs, f"{what}: seats lie on the table's boxes {pairs} {g}"


def assert_play_screen_in_window(g, what):
    """The own seat, the controls to act with, and the "Now" panel (title, whose turn, its
    buttons) wholly in the window (``g``: SEAT_AND_MOVES's measures)."""
    assert g["me"] is not None, what
    assert g["moves"], f"{what}: no control to act with {g}"
    assert inside(g["me"], g["view"]), f"{what}: the own seat is not wholly in the window {g}"
    out = [m for m, b in g["moves"] if not inside(b, g["view"])]
    assert not out, f"{what}: {out} not wholly in the window {g}"
    assert inside(g["now"], g["view"]), f"{what}: the Now panel is not in the window {g}"
    out = [m for m, b in g["nowMoves"] if not inside(b, g["view"])]
    assert not out, f"{what}: the Now panel's {out} not wholly in the window {g}"


def test_tables_fit_laptop_and_narrow_windows(page, lab, lab_root):
    cells = [SETUP]
    for name in WIDGETS:
        key, mode = name.split("_")
        cells.append(f"{name} = mk({key!r}{', play_as=0' if mode == 'p' else ''})\n{name}")
    make_notebook(lab_root / "scratch" / "fit.ipynb", cells)
    open_notebook(page, lab, "scratch/fit.ipynb")
    run_all(page)
    page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length == {len(WIDGETS)}",
                           timeout=120_000)
    # 1. Truc at 1280 x 800, the file browser closed: the explanation beside the table, and
    # the table large (it was 0.55-0.67: the boxes wrapped below the felt in a narrow column).
    # The teacher's table at the settling of the first hand (every box filled), then at the
    # tallest steps: a settling where the envit hands are shown, and the end of the game
    # (the shell's zoom only shrinks as the steps are shown)
    def show_step(k):
        kernel_eval(page, f"truc_t.step = {k}")
        page.wait_for_function(f"() => document.querySelector('.cw-root').dataset.step === '{k}'")

    show_step(int(kernel_eval(page, "print(truc_t.start_of('settle'))")))
    for name in ("truc_t", "truc_p"):
        g = geometry(page, name, 1280, files=False)
        assert g["wide"], g
        assert g["zoom"] >= 0.8, f"{name}: zoom {g['zoom']} at 1280 x 800 without the file browser"
        assert_fits(g, f"{name} 1280 no files")
    shown = kernel_eval(page, "print(next(k for k in range(len(truc_t.frames)) "
                              "if (truc_t.view_at(k).get('envit') or {}).get('shown')))")
    for k in (int(shown), int(kernel_eval(page, "print(len(truc_t.frames) - 1)"))):
        show_step(k)
        page.wait_for_timeout(400)
        g = geometry(page, "truc_t", 1280, files=False)
        assert g["zoom"] >= 0.72, f"truc_t step {k}: zoom {g['zoom']} at 1280 x 800 without the file browser"
        assert_fits(g, f"truc_t step {k} 1280 no files")

    # 2. at 560 px with the file browser open (the widget under 200 px wide) and closed, and at
    # the laptop widths: nothing sticks out of the table, no seat overlaps another
    for width, files in ((560, True), (560, False), (1024, True), (1280, True), (1440, False)):
        for name in WIDGETS:
            assert_fits(geometry(page, name, width, files), f"{name} {width} files={files}")

    # 3. Poch in play mode at 1280 x 800 (the file browser open): the student's own hand is
    # inside the window when the widget is at the top of the notebook
    for files in (True, False):
        g = geometry(page, "poch_p", 1280, files)
        assert g["me"] is not None
        assert g["me"][3] <= g["visibleBottom"] + 1, f"the own hand is below the window {g}"
    assert not page.js_errors


NARROW = ["truk_t", "truk_p", "pocha_t", "pocha_p", "truc_t", "poch_p"]


def column(page, name, width, window=1600, height=900):
    """The widget `name` in an output area `width` px wide (a narrow notebook column: the
    file browser and a side panel open, or a narrow output area) in a wide window."""
    page.set_viewport_size({"width": window, "height": height})
    page.evaluate("""(w) => {
      let s = document.getElementById('cw-test-column');
      if (!s) { s = document.createElement('style'); s.id = 'cw-test-column'; document.head.appendChild(s); }
      s.textContent = `.jp-OutputArea-output:has(.cw-root) { flex: 0 0 auto !important;
                       width: ${w}px !important; max-width: ${w}px !important; }`;
    }""", width)
    page.wait_for_timeout(700)
    i = NARROW.index(name)
    page.locator(".cw-root").nth(i).evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    return page.evaluate(GEOMETRY, i)


def test_tables_reflow_by_their_own_width(page, lab, lab_root):
    """A narrow column in a wide window: each table reflows by its own width (a container
    query, not the window's), so it fits, its seats stay apart and on the felt, and it is
    shown large enough to read (the shell scales what still does not fit)."""
    cells = [SETUP]
    for name in NARROW:
        key, mode = name.split("_")
        cells.append(f"{name} = mk({key!r}{', play_as=0' if mode == 'p' else ''})\n"
                     + (f"{name}.step = len({name}.frames) // 3\n" if mode == "t" else "") + name)
    make_notebook(lab_root / "scratch" / "narrow.ipynb", cells)
    open_notebook(page, lab, "scratch/narrow.ipynb")
    run_all(page)
    page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length == {len(NARROW)}",
                           timeout=120_000)
    files_open(page, True)
    # the smallest zoom each width may need (a 190 px widget: Pocha once stuck out of it at
    # the shell's floor of 0.35; a 360 or 560 px column: Truk was shrunk or its seats lay on
    # its boxes), and the fewest columns of seats Truk's felt keeps
    floor = {190: 0.5, 360: 0.65, 560: 0.75, 800: 0.85}
    for width in (190, 360, 560, 800):
        for name in NARROW:
            g = column(page, name, width)
            what = f"{name} in a {width} px column"
            assert abs(g["rootW"] - width) <= 1, f"{what}: the widget is {g['rootW']} px wide"
            assert_fits(g, what)
            # (play mode, 640 px wide or more, fits the table to the window's height too, so
            # that the student's own hand and moves are in the window: it may shrink more)
            low = 0.7 if name.endswith("_p") and width >= 640 else floor[width]
            assert g["zoom"] >= low, f"{what}: shrunk to {g['zoom']} {g}"
            assert g["smallestCard"] >= 14, f"{what}: cards {g['smallestCard']} px wide {g}"
        # Truk by its own width: three columns of seats where they fit (800 px), two at
        # 560 px, one in a widget 190 px wide (the window is 1600 px wide throughout)
        g = column(page, "truk_t", width)
        want = {190: {1}, 360: {1, 2}, 560: {2}, 800: {3}}[width]
        assert g["columns"] in want, f"truk_t at {width}: {g['columns']} columns {g}"
    # the same column with the window the column's own width: the same layout (by the
    # column's width, not the window's)
    files_open(page, False)
    for name in ("truk_t", "pocha_t"):
        a, b = column(page, name, 560), column(page, name, 560, window=900)
        assert a["columns"] == b["columns"] and abs(a["zoom"] - b["zoom"]) < 0.02, (a, b)
    page.evaluate("() => document.getElementById('cw-test-column').remove()")
    # JupyterLab at 1280 x 800 with the file browser and the right side panel open: the
    # notebook column is about 560 px wide in a window wider than any narrow breakpoint
    files_open(page, True)
    side_open(page, "right", True)
    try:
        for name in NARROW:
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(700)
            i = NARROW.index(name)
            page.locator(".cw-root").nth(i).evaluate("(e) => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            g = page.evaluate(GEOMETRY, i)
            what = f"{name} at 1280 x 800, the file browser and the side panel open"
            assert g["rootW"] < 700 and not g["wide"], f"{what}: the widget is {g['rootW']} px wide"
            assert_fits(g, what)
            assert g["zoom"] >= 0.7, f"{what}: shrunk to {g['zoom']} {g}"
            if name == "truk_t":
                assert g["columns"] == 2, f"{what}: {g['columns']} columns {g}"
    finally:
        side_open(page, "right", False)
    assert not page.js_errors


#: play mode where the student must act at once, by the controls that act needs: Poch's
#: betting (call, raise, drop), Pocha's bid, Truk's decision (play the truk or not, ask the
#: partner, a signal), Truc's cards and bets, and with two players Truc's answer to a truc
#: and Truk's decision (game, players, seed: seat 0's first turn is that one)
PLAY = [("poch", 4, 3, "poch"), ("pocha", 4, 3, "bid"), ("pocha", 4, 3, "bid10"), ("truk", 4, 3, "option"),
        ("truc", 4, 3, "play"), ("truc", 2, 3, "play"), ("truk", 2, 1, "option"),
        ("poch", 3, 3, "poch")]

SEAT_AND_MOVES = """(i) => {
  const root = document.querySelectorAll('.cw-root')[i];
  const inner = root.querySelector('.cw-table-inner');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  // what of the page a student sees: the window less every box that clips it (the
  // notebook's scrolling panel ends above JupyterLab's status bar)
  let view = [0, 0, innerWidth, innerHeight];
  for (let e = root.parentElement; e && e !== document.documentElement; e = e.parentElement) {
    const st = getComputedStyle(e);
    if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;   // (a box of no size clips nothing it shows)
    view = [Math.max(view[0], r.left), Math.max(view[1], r.top), Math.min(view[2], r.right), Math.min(view[3], r.bottom)];
  }
  const me = inner.querySelector('.cw-seat--me');
  const moves = [...inner.querySelectorAll('[data-cw-move], button.cw-card--legal')]
    .filter(e => e.getClientRects().length)
    .map(e => [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40), box(e)]);
  // the own hand's cards, left to right (what of each a student sees: up to the next card)
  const inHand = me ? [...me.querySelectorAll('.cw-hand > .cw-card')].map(box) : [];
  const cards = inHand.slice().sort((a, b) => a[0] - b[0]);
  // the "Now" panel (its title, whose turn, its move buttons) and its move controls
  const now = root.querySelector('.cw-now');
  const legal = now.querySelector('.cw-legal');
  const nowTop = [box(now)[0], box(now)[1], box(now)[2], Math.max(box(now.querySelector('.cw-now-who'))[3], legal.getClientRects().length ? box(legal)[3] : 0)];
  const nowMoves = [...legal.querySelectorAll('button, select, input')].filter(e => e.getClientRects().length)
    .map(e => [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40), box(e)]);
  return {zoom: Number(root.dataset.zoom) || 1, wide: root.classList.contains('cw-wide'),
          me: me ? box(me) : null, moves, view, cards, inHand, now: nowTop, nowMoves};
}"""


def test_play_mode_own_hand_and_moves_in_the_window(page, lab, lab_root):
    """Play mode at 1280 x 800, the file browser open and closed, the widget's cell scrolled
    into view: the student's own seat (the hand) and every control the move to make now needs
    (the bid, bet or answer buttons at the seat, the cards that may be played) are wholly
    inside the window, in all four games (Pocha's bid buttons were at the window's bottom
    edge, Poch's bets below the window in the Now panel), and so is the "Now" panel with
    its buttons (it was below the table with the file browser open). Poch's and Pocha's
    own cards show their corners (rank and suit)."""
    cells = ["from cardwidgets.widget import GameWidget"]
    for k, (key, n, seed, phase) in enumerate(PLAY):
        short = (", hands=2, start=10" if phase == "bid10" else ", hands=3") if key == "pocha" else ""
        cells.append(f"w{k} = GameWidget.new({key!r}, players={n}, seed={seed}, play_as=0{short})\nw{k}")
    make_notebook(lab_root / "scratch" / "playfit.ipynb", cells)
    open_notebook(page, lab, "scratch/playfit.ipynb")
    run_all(page)
    page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length == {len(PLAY)}",
                           timeout=120_000)
    for k, (key, n, seed, phase) in enumerate(PLAY):
        assert kernel_eval(page, f"print(w{k}.view_at(len(w{k}.frames) - 1)['phase'])").strip() == phase.rstrip("0123456789")
    for files in (True, False):
        files_open(page, files)
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_timeout(700)
        for k, (key, n, seed, phase) in enumerate(PLAY):
            page.locator(".cw-root").nth(k).evaluate("(e) => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(400)
            g = page.evaluate(SEAT_AND_MOVES, k)
            what = f"{key} ({n} players, {phase}) at 1280 x 800, files={files}"
            assert_play_screen_in_window(g, what)
            assert g["zoom"] >= 0.6, f"{what}: shrunk to {g['zoom']}"
            if phase == "bid" and not files:
                # the explanation beside the table: the score sheet beside the felt, narrowed
                # (it wrapped below the felt, or the felt was shrunk to 0.66 to leave it room)
                assert g["zoom"] >= 0.8, f"{what}: Pocha's table shrunk to {g['zoom']} {g}"
            if phase == "bid10":
                # Pocha's ten cards: each card's corner (rank and suit, its top left 12 x 16 px)
                # is covered by no card drawn after it, and the cards are not tiny
                c = g["inHand"]
                assert len(c) == 10 and min(b[2] - b[0] for b in c) >= 34, f"{what}: the own hand {c}"
                for i, a in enumerate(c):
                    corner = [a[0], a[1], a[0] + 12, a[1] + 16]
                    assert not any(overlap(corner, b) for b in c[i + 1:]), f"{what}: card {i}'s corner covered {c}"
            if key == "poch":
                # every card of the own hand large enough and uncovered enough that its corner
                # (rank and suit) can be read (they were 35 px wide, 20 px of each showing)
                c = g["cards"]
                assert len(c) >= 5, f"{what}: the own hand {c}"
                shows = [b[0] - a[0] for a, b in zip(c, c[1:])] + [c[-1][2] - c[-1][0]]
                assert min(b[2] - b[0] for b in c) >= 38, f"{what}: own cards too small {c}"
                assert min(shows) >= 24, f"{what}: own cards show {shows} px each {c}"
    assert not page.js_errors
