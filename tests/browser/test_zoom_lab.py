"""The shell's zoom (shell.js zoomFor): in a real browser, the table is drawn at the largest
zoom at which it fits its column (nothing sticks out sideways, and beside the explanation
no taller than the height it may take), and the zoom grows back when the space grows: a
taller window, and a taller page area without the window changing (JupyterLab's header
and status bar hidden)."""
import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

# In the page: whether widget i's table fits the shell's space (root.cwFit) when drawn at
# each zoom in `zooms`, laid out as the shell lays it out (zoom z, width availW / z): it is
# laid out no narrower than its narrowest layout (CSS min-content: nothing inside squeezed),
# nothing sticks out of the column sideways, and it is no taller than availH. The table's
# own zoom is put back after.
FITS = """([i, zooms]) => {
  const root = document.querySelectorAll('.cw-root')[i];
  const host = root.querySelector('.cw-table');
  const table = host.querySelector('.cw-table-inner');
  const { availW, availH } = root.cwFit();
  const [zoom0, width0] = [table.style.zoom, table.style.width];
  table.style.zoom = ''; table.style.width = 'min-content';
  const minW = table.offsetWidth;
  const out = zooms.map((z) => {
    table.style.zoom = String(z); table.style.width = (availW / z) + 'px';
    const h = table.getBoundingClientRect().height;
    const over = host.scrollWidth > host.clientWidth + 1 || availW / z < minW - 1;
    return { z, h, minW, over, fits: !over && h <= availH + 1 };
  });
  table.style.zoom = zoom0; table.style.width = width0;
  return out;
}"""


def fit(page, i):
    return page.evaluate("(i) => document.querySelectorAll('.cw-root')[i].cwFit()", i)


def settle(page):
    page.wait_for_timeout(800)


def assert_largest(page, i, what):
    """The zoom shown fits, and 0.02 more would not (unless the table is at full size)."""
    f = fit(page, i)
    z = f["z"]
    zooms = [z] + ([min(1.0, round(z + 0.02, 3))] if z < 1 else [])
    got = page.evaluate(FITS, [i, zooms])
    assert got[0]["fits"], f"{what}: the table does not fit at its zoom {z}: {got[0]} in {f}"
    if z < 1:
        assert not got[1]["fits"], f"{what}: the table fits at {got[1]['z']} too, larger than its zoom {z}: {got[1]} in {f}"
    return f


def toggle_chrome(page):
    """Hide (or show again) JupyterLab's header and status bar: the notebook panel's height
    changes, the window's does not."""
    page.evaluate("() => { const c = window.jupyterapp.commands; c.execute('application:toggle-header'); c.execute('statusbar:toggle'); }")


def test_zoom_is_the_largest_that_fits_and_grows_back(page, lab, lab_root):
    make_notebook(lab_root / "scratch" / "zoom.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "truc = GameWidget.new('truc', players=4, seed=3)\n"
        "truk = GameWidget.new('truk', players=4, seed=3)\n"
        "pocha = GameWidget.new('pocha', players=4, seed=3, hands=3)\n"
        "poch = GameWidget.from_record('e-p1')\n"
        "from IPython.display import display\n"
        "for w in (truc, truk, pocha, poch): display(w)",
    ])
    page.set_viewport_size({"width": 1280, "height": 600})
    open_notebook(page, lab, "scratch/zoom.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length == 4", timeout=120_000)
    # the file browser closed: the explanation beside the table, which fits the height
    if page.evaluate("() => !document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')"):
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    # Truc's tallest steps: the settling of the first hand (every box filled)
    k = int(kernel_eval(page, "print(truc.start_of('settle'))"))
    kernel_eval(page, f"truc.step = {k}")
    page.wait_for_function(f"() => document.querySelector('.cw-root').dataset.step === '{k}'")
    for i, name in enumerate(("truc", "truk", "pocha", "poch")):
        if i:  # a step well into the game
            kernel_eval(page, f"{name}.step = min(12, len({name}.frames) - 1)")
    page.set_viewport_size({"width": 1280, "height": 620})   # measured again at this size
    settle(page)
    small = {}
    for i, name in enumerate(("truc", "truk", "pocha", "poch")):
        f = assert_largest(page, i, f"{name} at 1280 x 620")
        assert f["wide"], f
        small[name] = f
    assert small["truc"]["z"] < 1, f"truc's settling fits 1280 x 620 at full size: the test needs a taller table {small}"

    # the window grows: the zoom grows back, to the largest that fits the new height
    page.set_viewport_size({"width": 1280, "height": 900})
    settle(page)
    tall = {name: assert_largest(page, i, f"{name} at 1280 x 900") for i, name in enumerate(("truc", "truk", "pocha", "poch"))}
    assert tall["truc"]["availH"] > small["truc"]["availH"]
    assert tall["truc"]["z"] > small["truc"]["z"], (small["truc"], tall["truc"])
    for name in tall:
        assert tall[name]["z"] >= small[name]["z"], (name, small[name], tall[name])

    # back to the small window, then the page area alone grows (header and status bar hidden,
    # the window unchanged): the zoom follows it
    page.set_viewport_size({"width": 1280, "height": 620})
    settle(page)
    before = assert_largest(page, 0, "truc at 1280 x 620 again")
    assert abs(before["z"] - small["truc"]["z"]) < 0.006, (before, small["truc"])
    toggle_chrome(page)
    settle(page)
    after = assert_largest(page, 0, "truc with the header and status bar hidden")
    assert after["availH"] > before["availH"], (before, after)
    assert after["z"] > before["z"], (before, after)
    # and shrinks again when they come back
    toggle_chrome(page)
    settle(page)
    again = assert_largest(page, 0, "truc with the header and status bar back")
    assert abs(again["z"] - before["z"]) < 0.006, (before, again)

    # narrow: the explanation below the table; the width binds (or the 15% floor for the
    # height): nothing sticks out sideways at the zoom, and a larger zoom would
    page.set_viewport_size({"width": 700, "height": 800})
    settle(page)
    for i, name in enumerate(("truc", "truk", "pocha", "poch")):
        f = fit(page, i)
        assert not f["wide"], f
        got = page.evaluate(FITS, [i, [f["z"]]])[0]
        assert not got["over"], f"{name} at 700 px: sticks out sideways at zoom {f['z']}: {got}"
    assert not page.js_errors
