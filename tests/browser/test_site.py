"""The class site in a real browser: the offline JupyterLite build of every notebook, served
from 127.0.0.1, run by the Pyodide kernel in headless Chromium, with no request leaving the
machine.

The site is built once per session with the one command (``python -m cardwidgets site build
--offline``, in a virtual environment made from ``site/requirements.txt`` and kept in the
user's cache dir), then each notebook is opened in a fresh browser context and run whole.
Without npm or Chromium the module is skipped, except under CI (``CI=true``), where it fails.
"""
import json
import os
import re
import time

import pytest

from labfixtures import browser  # noqa: F401  (fixture)
from labserver import KERNEL_IDLE, REPO, kernel_eval
from litesite import SiteServer, build_site, missing_tools, open_lite_notebook, site_build, watch_requests
from test_tutorial_lab import finish_tutorial, mark_tutorial

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _sanitizers():
    """The regexes of tests/nbval-sanitize.cfg (what nbval ignores in Lab, ignored here too)."""
    rules, text = [], (REPO / "tests" / "nbval-sanitize.cfg").read_text()
    for regex, replace in re.findall(r"regex: (.*)\nreplace: (.*)", text):
        rules.append((re.compile(regex), replace))
    return rules


SANITIZE = _sanitizers()


def clean(text: str) -> str:
    for regex, replace in SANITIZE:
        text = regex.sub(replace, text)
    return text


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    missing = missing_tools()
    if missing:
        reason = "the class-site test needs " + ", ".join(missing)
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(reason + " (CI must run it)")
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("site") / "site"
    summary = build_site(out, offline=True)
    print(f"site built in {summary['seconds']:.1f} s, {summary['bytes'] / 1e6:.1f} MB")
    return out


@pytest.fixture(scope="session")
def site(site_dir):
    with SiteServer(site_dir) as server:
        yield server


@pytest.fixture
def lite_page(browser, site):
    context = browser.new_context(viewport={"width": 1300, "height": 2200})
    context.set_default_timeout(60_000)
    requests = watch_requests(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.requests = requests
    try:
        yield page
        # nothing the page, its kernel's worker or the service worker asked for left the machine
        assert requests["outside"] == []
        assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in requests["all"])
    finally:
        context.close()


RUN_ALL_DONE = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const k = nb.sessionContext.session && nb.sessionContext.session.kernel;
  const cells = [...nb.content.widgets].filter(c => c.model.type === 'code');
  const ran = c => c.model.executionCount !== null && !c.promptNode.textContent.includes('*');
  if (cells.every(ran)) return true;
  // run-all stops at a cell that raised: the cells after it never run, so stop waiting
  const raised = cells.some(c => ran(c) && [...c.model.outputs.toJSON()].some(o => o.output_type === 'error'));
  return raised && !!k && k.status === 'idle';
}"""


def run_all_lite(page, timeout=240_000):
    """Run every cell and wait until the last one has run (or one raised, which stops run-all)
    and the kernel is idle again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(RUN_ALL_DONE, timeout=timeout, polling=200)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


COUNTS = """() => [...window.jupyterapp.shell.currentWidget.content.model.cells]
  .filter(c => c.type === 'code').map(c => ({execution_count: c.executionCount}))"""

OUTPUTS = """() => [...window.jupyterapp.shell.currentWidget.content.model.cells]
  .filter(c => c.type === 'code')
  .map(c => ({source: c.sharedModel.getSource(), outputs: c.toJSON().outputs}))"""


def text_of(outputs) -> str:
    parts = []
    for out in outputs:
        if out["output_type"] == "stream":
            parts.append("".join(out["text"]))
        elif out["output_type"] in ("execute_result", "display_data") and WIDGET_MIME not in out["data"]:
            plain = out["data"].get("text/plain")
            if plain is not None:
                parts.append("".join(plain))
    return clean("".join(parts))


def committed(name):
    nb = json.loads((REPO / "notebooks" / name).read_text())
    return [{"source": "".join(c["source"]), "outputs": c["outputs"]}
            for c in nb["cells"] if c["cell_type"] == "code"]


DATA = sorted(p.name for p in (REPO / "notebooks").glob("*.json"))


def test_site_publishes_every_notebook_and_its_data_and_nothing_else(site_dir):
    """The build publishes each notebooks/*.ipynb and the data they read (facts.json; never
    a test configuration), carries Pyodide and every wheel its lock names (sha256 checked),
    and forbids the PyPI fallback."""
    contents = json.loads((site_dir / "api" / "contents" / "all.json").read_text())
    assert "facts.json" in DATA
    assert sorted(c["name"] for c in contents["content"]) == sorted(NOTEBOOKS + DATA)
    assert not list(site_dir.rglob("*.cfg"))
    assert site_build.check(site_dir, offline=True) == []
    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][site_build.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    lock = json.loads((site_dir / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["cardwidgets"]["depends"] == ["anywidget", "ipywidgets", "traitlets"]
    assert "cardwidgets" in lock["packages"]["cardwidgets"]["imports"]
    assert set(kernel["loadPyodideOptions"]["packages"]) >= {"cardwidgets", "pyodide-kernel", "ipython"}


LIVE_EXERCISE = ".cw-exercise.widget-vbox"
LIVE = f".cw-root, {LIVE_EXERCISE}"


def _verdict(box, text, timeout=60_000):
    """Type ``text`` in an answer box, press Check, and return the kernel's verdict."""
    box.locator("input[type=text]").fill(text)
    box.locator("button", has_text="Check").click()
    status = box.locator("[role=status]")
    status.wait_for(timeout=timeout)
    return status.inner_text()


def check_exercises(page, name):
    """Every answer box answers through the Pyodide kernel; poch's question 2 both ways."""
    boxes = page.locator(LIVE_EXERCISE)
    for k in range(boxes.count()):
        assert "Write your answer in the box first." in _verdict(boxes.nth(k), " ")
    if name == "poch.ipynb":
        box = page.locator(LIVE_EXERCISE, has_text="how many chips are on the board after the first ante")
        box.locator("[role=status]").evaluate("e => e.remove()")
        assert "Not quite. Hint:" in _verdict(box, "35")
        box.locator("[role=status]").evaluate("e => e.remove()")
        assert "Right!" in _verdict(box, "36")


def _widget_steps(page, index):
    return page.evaluate("(i) => Number(document.querySelectorAll('.cw-root')[i].dataset.step)", index)


def check_stepping(page):
    """The first widget that is not a seat being played steps forward and back in the page."""
    index = page.evaluate("() => [...document.querySelectorAll('.cw-root')]"
                          ".findIndex(r => !r.querySelector('.cw-move, .cw-po-bid') && r.querySelector('.cw-next:not([disabled])'))")
    assert index >= 0, "no widget to step through"
    root = page.locator(".cw-root").nth(index)
    step = _widget_steps(page, index)
    at = "([i, k]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(k)"
    root.locator(".cw-next").click()
    page.wait_for_function(at, arg=[index, step + 1])
    assert re.search(rf"Step {step + 1} of \d+", root.locator(".cw-stepno").inner_text())
    assert root.locator(".cw-what").inner_text().strip()      # the step is explained
    root.locator(".cw-back").click()
    page.wait_for_function(at, arg=[index, step])
    assert re.search(rf"Step {step} of \d+", root.locator(".cw-stepno").inner_text())


PLAYED_FRAMES = ("import gc\nfrom cardwidgets.widget import GameWidget\n"
                 "import json\n"
                 "print(json.dumps({str(id(w)): len(w.frames) for w in gc.get_objects() "
                 "if isinstance(w, GameWidget) and w.play_as is not None}))")


# what a person clicks to move, by table, first found first: the shell's action buttons,
# Pocha's bids, a card that the table marks as playable, Truc's calls
MOVE_BUTTONS = [".cw-move", ".cw-po-bid", "button.cw-card.cw-card--legal", ".cw-tc-call",
                "[data-cw-move]", ".cw-tk-weplay", "button.cw-tk-pick"]

FIND_MOVE = """(selectors) => {
  const roots = [...document.querySelectorAll('.cw-root')];
  for (const sel of selectors) {
    for (let i = 0; i < roots.length; i++) {
      const b = [...roots[i].querySelectorAll(sel)].find(b => !b.disabled && b.checkVisibility());
      if (b) { b.setAttribute('data-test-move', '1'); return [i, b.textContent || b.getAttribute('aria-label')]; }
    }
  }
  return [-1, null];
}"""


def check_played_move(page):
    """A seat taken with ``play_as``: a move clicked in the page is checked and answered by the
    Pyodide kernel, whose game moves on with it."""
    index, label = page.evaluate(FIND_MOVE, MOVE_BUTTONS)
    assert index >= 0, f"no seat to play with a move to make ({MOVE_BUTTONS})"
    before = _widget_steps(page, index)
    frames_before = json.loads(kernel_eval(page, PLAYED_FRAMES))
    assert frames_before, "no seat played in the notebook"
    page.locator("[data-test-move]").click()
    page.wait_for_function("([i, k]) => Number(document.querySelectorAll('.cw-root')[i].dataset.step) > k",
                           arg=[index, before])
    grown = []
    for _ in range(100):  # the kernel's game moved on too (its frames are the widget's steps)
        frames_after = json.loads(kernel_eval(page, PLAYED_FRAMES))
        grown = [n for key, n in frames_after.items() if n > frames_before.get(key, n)]
        if grown and _widget_steps(page, index) == grown[0] - 1:
            break
        time.sleep(0.1)
    assert len(grown) == 1, f"the move {label!r} did not reach the kernel (or moved another seat)"
    assert _widget_steps(page, index) == grown[0] - 1


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_site_runs_each_notebook(lite_page, site, name):
    """Each notebook runs whole, unchanged, in the site: no error, a live widget for every
    widget output the committed notebook has, the same printed results as in Lab (the
    exercises' checks included); its widgets step, and a seat it lets you play makes a move
    through the Pyodide kernel."""
    page = lite_page
    t0 = time.monotonic()
    open_lite_notebook(page, site, name)
    run_all_lite(page)
    seconds = time.monotonic() - t0
    cells = page.evaluate(OUTPUTS)
    want = committed(name)
    assert [c["source"] for c in cells] == [c["source"] for c in want]   # unchanged
    errors = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert errors == [], f"{name}: {errors[0]['ename']}: {errors[0]['evalue']}" if errors else ""
    assert all(c.get("execution_count") for c in page.evaluate(COUNTS)), f"{name}: a cell did not run"
    widgets = sum(WIDGET_MIME in o.get("data", {}) for c in want for o in c["outputs"])
    if widgets:  # the game tables and the exercises' answer boxes, live
        page.wait_for_function(f"(n) => document.querySelectorAll('{LIVE}').length === n", arg=widgets)
    assert page.locator(LIVE).count() == widgets
    for got, expected in zip(cells, want):
        assert text_of(got["outputs"]) == text_of(expected["outputs"]), got["source"][:80]
    steppable = page.evaluate("() => [...document.querySelectorAll('.cw-root')]"
                              ".some(r => !r.querySelector('.cw-move, .cw-po-bid'))")
    if widgets and steppable:
        check_stepping(page)
    if any(re.search(r"play_as=(?!None)\w", c["source"]) for c in want):
        check_played_move(page)
    if page.locator(LIVE_EXERCISE).count():
        check_exercises(page, name)
    assert not page.js_errors
    print(f"{name}: opened and ran in {seconds:.1f} s")


def test_site_tutorial_finished_by_keyboard_alone(lite_page, site):
    """A game's notebook (pocha.ipynb, the shortest guided hand) opened in the class site and
    run whole: its "Play your first hand" widget is played to the coach's closing words with
    Tab, Shift+Tab and Enter alone, each move checked by the Pyodide kernel (the same walk as
    in JupyterLab and Notebook 7: test_tutorial_lab.finish_tutorial)."""
    page = lite_page
    t0 = time.monotonic()
    open_lite_notebook(page, site, "pocha.ipynb")
    run_all_lite(page)
    widget, root = mark_tutorial(page)
    opened = time.monotonic() - t0
    moves = finish_tutorial(page, widget, root)
    assert moves > 0
    assert not page.js_errors
    print(f"pocha.ipynb: opened and ran in {opened:.1f} s, {moves} moves by keyboard in "
          f"{time.monotonic() - t0 - opened:.1f} s")


def test_site_covers_stepping_a_played_seat_and_an_exercise():
    """The notebooks give the site test something of each kind to check (so a renamed cell
    cannot make it pass by checking nothing)."""
    sources = {name: "\n".join(c["source"] for c in committed(name)) for name in NOTEBOOKS}
    assert any("GameWidget" in s for s in sources.values())
    assert any(re.search(r"play_as=(?!None)\w", s) for s in sources.values())
    assert "ask(" in sources["poch.ipynb"]
