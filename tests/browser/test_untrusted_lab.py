"""The committed notebooks opened as a student first opens them: in JupyterLab, not run, not
trusted (the notebook was not run on this computer) and with no kernel. JupyterLab then shows
each output's ``text/html`` cleaned of anything unsafe, inline SVG included; the widget
cells must still show their table, drawn as images of SVG.

The server here offers no kernel at all (its only allowed kernel does not exist), so the
page shows the notebook exactly as stored; the "Select kernel" dialog is dismissed with
Escape ("No Kernel").
"""
import json

import pytest

from labfixtures import REPO, browser, page, require_browser  # noqa: F401  (fixtures)
from labserver import LabServer, set_theme

pytestmark = pytest.mark.browser

WIDGET = "application/vnd.jupyter.widget-view+json"
GAMES = {"poch.ipynb": "Poch", "pocha.ipynb": "Pocha", "truk.ipynb": "Truk",
         "truc.ipynb": "Valencian truc", "history.ipynb": None}


@pytest.fixture(scope="module")
def bare_lab(tmp_path_factory):
    """JupyterLab on a copy of notebooks/, with no kernel to start."""
    require_browser()
    import shutil
    root = tmp_path_factory.mktemp("bare")
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    server = LabServer(root, config=['c.KernelSpecManager.allowed_kernelspecs = {"no-such-kernel"}'])
    server.start()
    try:
        yield server
    finally:
        server.stop()


def table_cells(name):
    """Indexes of the cells of ``name`` whose stored widget output is a table picture (not an
    exercise's question)."""
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    out = []
    for i, cell in enumerate(nb["cells"]):
        for o in cell.get("outputs", []):
            html = "".join(o.get("data", {}).get("text/html", ""))
            if WIDGET in o.get("data", {}) and 'class="cw-exercise"' not in html:
                out.append(i)
    return out


def open_untrusted(page, lab, name):
    page.goto(f"{lab.url}/lab/tree/notebooks/{name}?reset", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Dialog", timeout=60_000)   # "Select kernel": there is none
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.jp-Dialog')")
    state = page.evaluate("""() => { const w = window.jupyterapp.shell.currentWidget;
        const s = w.sessionContext.session;
        return {kernel: s && s.kernel ? s.kernel.name : null,
                trusted: [...Array(w.content.model.cells.length).keys()]
                           .some(i => w.content.model.cells.get(i).trusted)}; }""")
    assert state == {"kernel": None, "trusted": False}


PICTURES = """el => [...el.querySelectorAll('.jp-OutputArea-output img')].map(i => ({
    complete: i.complete, natural: i.naturalWidth, shown: i.getBoundingClientRect().width,
    src: i.src.slice(0, 25), alt: i.alt}))"""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_widget_cell_shows_its_table_untrusted_and_without_a_kernel(page, bare_lab, name):
    open_untrusted(page, bare_lab, name)
    cells = page.locator(".jp-Notebook .jp-Cell")
    indexes = table_cells(name)
    assert indexes, f"{name} has no widget table"
    for dark in (False, True):           # the images draw in both themes (dark: the first only)
        set_theme(page, dark)
        for i in (indexes[:1] if dark else indexes):
            cell = cells.nth(i)
            cell.scroll_into_view_if_needed()
            cell.locator(".jp-OutputArea-output img").first.wait_for()
            page.wait_for_function("el => [...el.querySelectorAll('.jp-OutputArea-output img')]"
                                   ".every(i => i.complete)", arg=cell.element_handle())
            pictures = cell.evaluate(PICTURES)
            where = f"{name} cell {i}"
            assert pictures, f"{where}: no picture"
            for p in pictures:
                assert p["src"] == "data:image/svg+xml;base64", where
                assert p["natural"] > 0, f"{where}: an image that does not draw ({p['alt'][:60]})"
                assert p["shown"] > 200, f"{where}: an image drawn {p['shown']} px wide"
                assert p["alt"], f"{where}: an image without alt text"
            title = GAMES[name]
            if title:
                assert any(p["alt"].startswith(f"{title} table") for p in pictures), where
                # the caption stays text above the picture
                assert cell.locator(".jp-OutputArea-output b").first.inner_text() == title
            # the picture fits the notebook's width
            width = cell.locator(".jp-OutputArea-output").first.evaluate("el => el.clientWidth")
            assert all(p["shown"] <= width + 1 for p in pictures), where
