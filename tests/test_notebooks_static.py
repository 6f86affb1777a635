"""Every notebook, opened without a kernel (an HTML export, GitHub, a laptop with no server),
shows a picture in every widget cell (issue 12 item 4).

Each notebook is exported to HTML with nbconvert, as committed. A widget output has no saved
widget state (the notebooks carry none), so the export falls back to the output's
``text/html``: the static picture of the table, or an exercise's question. The test finds
each widget cell in the HTML and checks that it shows one.

The picture is images of SVG (``<img>`` with the SVG in a data URI), never inline SVG:
JupyterLab removes inline SVG from a notebook not run on this computer (untrusted: any
notebook a student clones or downloads) and keeps images. ``tests/browser/test_untrusted_lab.py``
opens the notebooks so, in a real browser.
"""
import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter

from pictures import shown_svgs

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
PICTURE = re.compile(r'<img\b[^>]*src="data:image/svg\+xml;base64,')


def widget_cells(nb):
    """Indexes of the code cells with a widget among their outputs."""
    return [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
            and any(WIDGET in output.get("data", {}) for output in cell.get("outputs", []))]


def html_cells(body):
    """The exported HTML split into one piece per notebook cell, in order."""
    starts = [m.start() for m in re.finditer(r'<div\s+class="jp-Cell jp-', body)]
    return [body[a:b] for a, b in zip(starts, starts[1:] + [len(body)])]


@pytest.fixture(scope="module", params=[p.name for p in NOTEBOOKS])
def exported(request):
    path = Path(__file__).resolve().parents[1] / "notebooks" / request.param
    nb = nbformat.read(path, as_version=4)
    body, _ = HTMLExporter().from_notebook_node(nb)
    return request.param, nb, body


def test_no_notebook_saves_widget_state(exported):
    name, nb, _ = exported
    assert "widgets" not in nb.metadata, f"{name} carries saved widget state"


def missing_pictures(nb, body):
    """The widget cells of ``nb`` whose export ``body`` shows no picture, with the reason."""
    pieces = html_cells(body)
    assert len(pieces) == len(nb.cells), "could not find every cell in the export"
    missing = []
    for i in widget_cells(nb):
        piece = pieces[i]
        shown = re.findall(r'data-mime-type="([^"]+)"', piece)
        if "text/html" not in shown:
            missing.append((i, "the widget shows nothing without a kernel"))
        elif not PICTURE.search(piece) and 'class="cw-exercise"' not in piece:
            missing.append((i, "no static picture (an image of SVG) or question in the export"))
    return missing


def test_every_widget_cell_shows_a_picture_without_a_kernel(exported):
    name, nb, body = exported
    assert missing_pictures(nb, body) == [], name


def test_no_widget_picture_is_inline_svg(exported):
    """A widget cell's stored picture has no inline SVG (an untrusted notebook would show
    its words only) and every image in it decodes to an SVG."""
    name, nb, _ = exported
    for i in widget_cells(nb):
        for output in nb.cells[i].outputs:
            html = output.get("data", {}).get("text/html", "")
            if WIDGET in output.get("data", {}) and 'class="cw-exercise"' not in html:
                assert shown_svgs(html), (name, i)


def test_the_check_sees_a_widget_cell_without_a_picture():
    """A widget output that carries no text/html (as pocha.ipynb had) is caught."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("GameWidget(game)")
    cell.outputs = [nbformat.v4.new_output(
        "execute_result", execution_count=1,
        data={WIDGET: {"model_id": "0" * 32, "version_major": 2, "version_minor": 0},
              "text/plain": "<GameWidget>"})]
    nb.cells = [nbformat.v4.new_markdown_cell("# A table"), cell]
    body, _ = HTMLExporter().from_notebook_node(nb)
    assert [i for i, _ in missing_pictures(nb, body)] == [1]


def test_the_poch_and_pocha_tables_are_pictures_of_the_step_shown(exported):
    name, nb, body = exported
    if name not in ("poch.ipynb", "pocha.ipynb"):
        pytest.skip("only the game notebooks have tables")
    pieces = html_cells(body)
    tables = [i for i in widget_cells(nb) if PICTURE.search(pieces[i])]
    assert len(tables) >= 2, f"{name}: expected several table pictures"
    for i in tables:
        assert re.search(r"Step \d+|step 0|the start", pieces[i], re.I) or "cw-static" in pieces[i]


def test_the_poch_cell_about_the_final_chips_shows_the_final_chips():
    """Issue 11 item 7: the cell saying the chips match the document showed step 0 (everyone
    on 20); it shows E-P1's last step, with A 25, B 10, C 33, D 7, E 10."""
    path = Path(__file__).resolve().parents[1] / "notebooks" / "poch.ipynb"
    nb = nbformat.read(path, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "chips at the end" in c.source)
    html = next(o["data"]["text/html"] for o in cell.outputs if WIDGET in o.get("data", {}))
    seats = re.findall(r">(\d+) chips", "".join(shown_svgs(html)))   # drawn in the picture
    assert seats == ["25", "10", "33", "7", "10"]
    assert "Step 40:" in html and "20 chips" not in "".join(shown_svgs(html))
