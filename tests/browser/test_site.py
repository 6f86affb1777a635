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

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _sanitizers():
    """The regexes of notebooks/sanitize.cfg (what nbval ignores in Lab, ignored here too)."""
    rules, text = [], (REPO / "notebooks" / "sanitize.cfg").read_text()
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


def run_all_lite(page, timeout=180_000):
    """Run every cell and wait until the last one has run and the kernel is idle again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("""() => {
      const nb = window.jupyterapp.shell.currentWidget;
      const cells = [...nb.content.widgets].filter(c => c.model.type === 'code');
      return cells.every(c => c.model.executionCount !== null && !c.promptNode.textContent.includes('*'));
    }""", timeout=timeout, polling=200)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


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


def test_site_publishes_every_notebook_and_nothing_else(site_dir):
    """The build publishes each notebooks/*.ipynb (never sanitize.cfg), carries Pyodide and
    every wheel its lock names (sha256 checked), and forbids the PyPI fallback."""
    contents = json.loads((site_dir / "api" / "contents" / "all.json").read_text())
    assert sorted(c["name"] for c in contents["content"]) == NOTEBOOKS
    assert not list(site_dir.rglob("sanitize.cfg"))
    assert site_build.check(site_dir, offline=True) == []
    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][site_build.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    lock = json.loads((site_dir / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["cardwidgets"]["depends"] == ["anywidget", "ipywidgets", "traitlets"]
    assert "cardwidgets" in lock["packages"]["cardwidgets"]["imports"]
    assert set(kernel["loadPyodideOptions"]["packages"]) >= {"cardwidgets", "pyodide-kernel", "ipython"}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_site_runs_each_notebook(lite_page, site, name):
    """Each notebook runs whole, unchanged, in the site: no error, a live widget for every
    widget output the committed notebook has, and the same printed results as in Lab."""
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
    widgets = sum(WIDGET_MIME in o.get("data", {}) for c in want for o in c["outputs"])
    if widgets:
        page.wait_for_function("(n) => document.querySelectorAll('.cw-root .cw-seat').length > 0 && "
                               "document.querySelectorAll('.cw-root').length === n", arg=widgets)
    assert page.locator(".cw-root").count() == widgets
    for got, expected in zip(cells, want):
        assert text_of(got["outputs"]) == text_of(expected["outputs"]), got["source"][:80]
    assert not page.js_errors
    print(f"{name}: opened and ran in {seconds:.1f} s")


def _widget_steps(page, index):
    return page.evaluate("(i) => Number(document.querySelectorAll('.cw-root')[i].dataset.step)", index)


def test_site_poch_widget_steps_and_a_played_move_goes_through_pyodide(lite_page, site):
    """In poch.ipynb on the site: a widget steps forward and back (in the browser), a seat
    taken with play_as makes a move that the Pyodide kernel checks and answers, and the
    exercise check answers both ways."""
    page = lite_page
    open_lite_notebook(page, site, "poch.ipynb")
    run_all_lite(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-seat').length > 0")
    root = page.locator(".cw-root").first
    step = _widget_steps(page, 0)
    root.locator(".cw-next").click()
    page.wait_for_function("(k) => document.querySelector('.cw-root').dataset.step === String(k)", arg=step + 1)
    root.locator(".cw-back").click()
    page.wait_for_function("(k) => document.querySelector('.cw-root').dataset.step === String(k)", arg=step)
    assert re.search(rf"Step {step} of \d+", root.locator(".cw-stepno").inner_text())
    assert "Rule P" in root.locator(".cw-rules").inner_text()

    # the seat you play: the widget whose buttons are moves
    play = page.locator(".cw-root", has=page.locator(".cw-move")).first
    index = page.evaluate("(el) => [...document.querySelectorAll('.cw-root')].indexOf(el)",
                          play.element_handle())
    before = _widget_steps(page, index)
    python = ("import gc\nfrom cardwidgets.widget import GameWidget\n"
              "print([len(w.frames) for w in gc.get_objects() "
              "if isinstance(w, GameWidget) and w.play_as is not None])")
    frames_before = json.loads(kernel_eval(page, python))
    move = play.locator(".cw-move").first
    label = move.inner_text()
    move.click()
    page.wait_for_function("([i, k]) => Number(document.querySelectorAll('.cw-root')[i].dataset.step) > k",
                           arg=[index, before])
    for _ in range(50):  # the kernel's own view of the game moved on too
        frames_after = json.loads(kernel_eval(page, python))
        if frames_after[0] > frames_before[0]:
            break
        time.sleep(0.1)
    assert frames_after[0] > frames_before[0], f"the move {label!r} did not reach the kernel"
    assert _widget_steps(page, index) == frames_after[0] - 1

    # an exercise checks a wrong and a right answer in the page's Python
    assert kernel_eval(page, "print(check(2, 35))").startswith("Not quite.")
    assert kernel_eval(page, "print(check(2, 36))").strip() == "Right!"
    assert not page.js_errors
