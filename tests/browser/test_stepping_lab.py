"""Stepping changes the table shown in place (shell.js cwMorph): in a real browser, for every
game, the table shown after stepping forward, back and jumping about is the same DOM as the
table of that step drawn afresh, and the keyboard focus stays where it was."""
import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

# In the page: walk widget i through `moves` (a list of step numbers to go to, each by the
# control a person would use), and after each compare the table shown with the step's table
# drawn afresh. `pause` ms between steps lets the widget build the next steps while idle
# (so both the tables built ahead and those built on the spot are checked).
WALK = """async ([i, moves, pause]) => {
  // the same DOM (attributes in any order), the zoom aside (the shell sets it on the table)
  const sameTable = (a, b) => {
    const [x, y] = [a.cloneNode(true), b.cloneNode(true)];
    x.removeAttribute('style'); y.removeAttribute('style');
    return x.isEqualNode(y);
  };
  const html = (n) => {   // attributes sorted, for the message
    if (n.nodeType !== 1) return n.nodeType === 3 ? n.nodeValue : '';
    const attrs = [...n.attributes].filter((a) => a.name !== 'style').map((a) => `${a.name}="${a.value}"`).sort().join(' ');
    return `<${n.nodeName} ${attrs}>` + [...n.childNodes].map(html).join('') + `</${n.nodeName}>`;
  };
  const root = document.querySelectorAll('.cw-root')[i];
  const q = (s) => root.querySelector(s);
  const bad = [];
  let checked = 0;
  for (const k of moves) {
    const pos = Number(root.dataset.step);
    if (k === pos + 1) q('.cw-next').click();
    else if (k === pos - 1) q('.cw-back').click();
    else if (k === 0) q('.cw-first').click();
    else if (k === Number(q('.cw-slider').max)) q('.cw-last').click();
    else { const s = q('.cw-slider'); s.value = String(k); s.dispatchEvent(new Event('input')); }
    if (Number(root.dataset.step) !== k) { bad.push(`went to ${root.dataset.step}, not ${k}`); break; }
    const shown = q('.cw-table > .cw-table-inner'), fresh = root.cwFreshTable();
    if (!sameTable(shown, fresh)) {
      const [a, b] = [html(shown), html(fresh)];
      let d = 0;
      while (d < a.length && a[d] === b[d]) d++;
      bad.push(`step ${k}: shown ${JSON.stringify(a.slice(Math.max(0, d - 100), d + 80))} / drawn ${JSON.stringify(b.slice(Math.max(0, d - 100), d + 80))}`);
      if (bad.length > 3) break;
    }
    const flags = fresh.getAttribute('data-cw-flags');
    if (root.getAttribute('data-cw-flags') !== flags) bad.push(`step ${k}: the root's flags ${root.getAttribute('data-cw-flags')}, the table's ${flags}`);
    checked++;
    if (pause) await new Promise((r) => setTimeout(r, pause));
  }
  return { checked, bad };
}"""


def walk(page, i, moves, pause=0):
    out = page.evaluate(WALK, [i, moves, pause])
    assert out["bad"] == [], out["bad"]
    assert out["checked"] == len(moves)


def stats(page, i):
    """How many steps widget i showed from changes worked out ahead, and at the click."""
    return page.evaluate("(i) => Object.assign({}, document.querySelectorAll('.cw-root')[i].cwStepStats)", i)


def routes(last, seed):
    """Forward to the end, back to the start, then jumps about (seeded)."""
    import random
    rng = random.Random(seed)
    jumps = [rng.randrange(last + 1) for _ in range(40)]
    return list(range(1, last + 1)), list(range(last - 1, -1, -1)), jumps + [last, 0]


GAMES = [
    ("poch", "GameWidget.from_record('e-p1')"),
    ("pocha", "GameWidget.new('pocha', players=4, seed=1, hands=3)"),
    ("truk", "GameWidget.new('truk', players=4, seed=2)"),
    ("truc", "GameWidget.new('truc', players=4, seed=2)"),
    ("truc2", "GameWidget.new('truc', players=2, seed=3)"),
]


def test_stepping_shows_the_same_table_as_drawing_the_step_afresh(page, lab, lab_root):
    """Every game (Poch, Pocha, Truk, Truc with four and two players), teacher's view: after
    every step forward, back and jump, the table shown is the step's table drawn afresh,
    node for node, card faces and board holes included; the same in a seat's view after
    the view changes (all frames new) and in play mode looking back at earlier steps."""
    make_notebook(lab_root / "scratch" / "stepping.ipynb", [
        "from cardwidgets.widget import GameWidget\n" + "\n".join(f"w_{k} = {src}" for k, src in GAMES),
        *[f"w_{k}" for k, _ in GAMES],
        "p = GameWidget.new('poch', players=3, seed=5, play_as=0, chips=100, deals=None)\np",
    ])
    open_notebook(page, lab, "scratch/stepping.ipynb")
    run_all(page)
    n = len(GAMES) + 1
    page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length == {n}")
    for i, (key, _) in enumerate(GAMES):
        last = int(page.evaluate(f"() => document.querySelectorAll('.cw-root')[{i}].querySelector('.cw-slider').max"))
        assert last > 20, key
        forward, back, jumps = routes(last, i)
        walk(page, i, forward, pause=3)
        walk(page, i, back)
        walk(page, i, jumps, pause=3)
        # at a person's pace: the changes to the next step are worked out between clicks
        # (shell.js cwPlan) and the click only applies them; the table is the same
        m = min(last, 30)
        before = stats(page, i)
        walk(page, i, list(range(1, m + 1)), pause=80)
        walk(page, i, list(range(m - 1, -1, -1)), pause=80)
        after = stats(page, i)
        assert after["ahead"] - before["ahead"] >= m, (key, before, after)
    # a seat's view: every frame is new (the shown table is replaced once, then changed)
    page.locator(".cw-root").nth(2).locator(".cw-seat-select").select_option("1")
    page.wait_for_function("() => document.querySelectorAll('.cw-root')[2].querySelector('.cw-seat-select').value === '1'")
    page.wait_for_function("() => !document.querySelectorAll('.cw-root')[2].querySelector('.cw-play-btn').disabled")
    page.wait_for_function("() => document.querySelectorAll('.cw-root')[2].cwFrames().some((f) => f.hands.includes(null))")
    last = int(page.evaluate("() => document.querySelectorAll('.cw-root')[2].querySelector('.cw-slider').max"))
    forward, back, jumps = routes(last, 7)
    walk(page, 2, forward[:60])
    walk(page, 2, jumps, pause=3)
    # play mode: a few moves, then back over them and forward again to the table you act at
    root = page.locator(".cw-root").nth(n - 1)
    moves = ".cw-move, button[data-cw-move]"   # the Now panel's, or the table's at the seat
    for _ in range(6):
        step = root.get_attribute("data-step")
        move = root.locator(moves).first
        if not move.count():
            break
        move.click()
        page.wait_for_function(f"([s]) => document.querySelectorAll('.cw-root')[{n - 1}].dataset.step !== s", arg=[step])
        page.wait_for_function(f"() => document.querySelectorAll('.cw-root')[{n - 1}].querySelector('.cw-move, button[data-cw-move], .cw-restart')")
    head = int(root.get_attribute("data-step"))
    assert head > 5
    walk(page, n - 1, list(range(head - 1, -1, -1)) + list(range(1, head + 1)))
    # at the head again: the moves work (the table drawn there is shown itself, listeners and all)
    assert root.locator(moves).count() > 0
    step = root.get_attribute("data-step")
    root.locator(moves).first.click()
    page.wait_for_function(f"([s]) => document.querySelectorAll('.cw-root')[{n - 1}].dataset.step !== s", arg=[step])
    assert not page.js_errors


def test_focus_stays_on_the_control_across_steps(page, lab, lab_root):
    """Stepping with the arrow keys and with the buttons keeps the focus on the control used
    (the table changes around it), in every game."""
    make_notebook(lab_root / "scratch" / "stepfocus.ipynb", [
        "from cardwidgets.widget import GameWidget\n" + "\n".join(f"w_{k} = {src}" for k, src in GAMES[:4]),
        *[f"w_{k}" for k, _ in GAMES[:4]],
    ])
    open_notebook(page, lab, "scratch/stepfocus.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length == 4")
    for i in range(4):
        root = page.locator(".cw-root").nth(i)
        nxt = root.locator(".cw-next")
        nxt.focus()
        for k in range(1, 16):
            page.keyboard.press("Enter")
            assert root.get_attribute("data-step") == str(k)
            assert nxt.evaluate("b => document.activeElement === b")
        for k in range(16, 30):
            page.keyboard.press("ArrowRight")
            assert root.get_attribute("data-step") == str(k)
            assert nxt.evaluate("b => document.activeElement === b")
        back = root.locator(".cw-back")
        back.focus()
        for k in range(28, 20, -1):
            page.keyboard.press("Space")
            assert root.get_attribute("data-step") == str(k)
            assert back.evaluate("b => document.activeElement === b")
        assert root.evaluate("r => r.querySelector('.cw-table > .cw-table-inner').isEqualNode(r.cwFreshTable())")
    assert not page.js_errors


# In the page: step widget i with the Next (or Back) button `n` times, `pause` ms apart.
CLICKS = """async ([i, button, n, pause]) => {
  const root = document.querySelectorAll('.cw-root')[i];
  for (let c = 0; c < n; c++) {
    root.querySelector(button).click();
    await new Promise((r) => setTimeout(r, pause));
  }
  return Number(root.dataset.step);
}"""


def test_python_hears_of_the_step_once_stepping_pauses(page, lab, lab_root):
    """A run of quick steps sends Python one message, once the stepping pauses (shell.js
    saveSoon): none lands while a person clicks through, and the kernel's step ends up the
    page's, after steps forward, back, a jump with the slider and a change of view."""
    make_notebook(lab_root / "scratch" / "stepsave.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "w = GameWidget.new('pocha', players=4, seed=1, hands=3)\n"
        "seen = []\n"
        "w.observe(lambda change: seen.append(change['new']), 'step')\n"
        "w",
    ])
    open_notebook(page, lab, "scratch/stepsave.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length == 1")

    def kernel_sees(step):
        page.wait_for_timeout(1500)
        assert int(kernel_eval(page, "print(w.step)")) == step

    assert page.evaluate(CLICKS, [0, ".cw-next", 12, 60]) == 12
    kernel_sees(12)
    assert kernel_eval(page, "print(seen)").strip() == "[12]"
    assert page.evaluate(CLICKS, [0, ".cw-back", 5, 60]) == 7
    kernel_sees(7)
    assert kernel_eval(page, "print(seen)").strip() == "[12, 7]"
    page.evaluate("() => { const s = document.querySelector('.cw-slider'); s.value = '20'; s.dispatchEvent(new Event('input')); }")
    kernel_sees(20)
    # steps then at once another view: Python hears the step first, and shows the new view
    # at that step
    page.evaluate(CLICKS, [0, ".cw-next", 3, 0])
    page.locator(".cw-seat-select").select_option("2")
    page.wait_for_function("() => document.querySelector('.cw-seat-select').value === '2'")
    kernel_sees(23)
    assert page.evaluate("() => document.querySelector('.cw-root').dataset.step") == "23"
    assert kernel_eval(page, "print(w.seat)").strip() == "2"
    assert not page.js_errors
