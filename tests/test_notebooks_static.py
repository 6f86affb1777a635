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


# ---- the notebooks' words in teaching order (issue 25 item 6) --------------------------------

GAME_OF = {"poch.ipynb": "poch", "pocha.ipynb": "pocha", "truk.ipynb": "truk",
           "truc.ipynb": "truc"}
#: the game terms a student meets, as patterns (plurals and a few forms): each must be defined
#: (written in bold or italic in the text, or as a row of a word table) where it is first used
TERMS = {
    "poch": [r"holes?", r"ante", r"payment suit", r"marriage", r"sequence"],
    "pocha": [r"bids?", r"trumps?", r"first player", r"dut(?:y|ies)"],
    "truk": [r"esku", r"tantos?", r"options?", r"pasotan", r"paso eske", r"aurrea", r"erdia",
             r"atzea", r"berdinketa"],
    "truc": [r"mà", r"envit", r"parda", r"cama", r"males", r"bones", r"falta", r"torne",
             r"birtruc", r"quatre val", r"joc fora"],
}
#: words of the package's makers, not of the games or of teaching
INTERNAL = re.compile(r"\bdigests?\b|\bTODO\b|\bFIXME\b|\bissue \d+\b", re.I)
EMPHASIS = re.compile(r"(\*\*|\*|_)(?=\S)(.+?)(?<=\S)\1", re.S)


def reading_order(nb):
    """What a reader meets, in order: ("text", markdown without its headings and code spans),
    ("heading", line) and ("output", text or HTML) items."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text = []
            for line in cell.source.splitlines():
                if line.lstrip().startswith("#"):
                    if text:
                        yield "text", re.sub(r"`[^`]*`", "", "\n".join(text))
                        text = []
                    yield "heading", line
                else:
                    text.append(line)
            if text:
                yield "text", re.sub(r"`[^`]*`", "", "\n".join(text))
        elif cell.cell_type == "code":
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if "text/html" in data and WIDGET not in data:
                    yield "output", data["text/html"]
                elif "text" in output or "text/plain" in data:
                    if WIDGET not in data:
                        yield "output", output.get("text", "") + data.get("text/plain", "")


def first_use(nb, pattern):
    """(kind, text, match) of the first place the term is met outside a heading."""
    term = re.compile(rf"(?<![\w-]){pattern}(?![\w-])", re.I)
    for kind, text in reading_order(nb):
        if kind == "heading":
            continue
        if kind == "output" and "<" in text:        # HTML: its words, not its attributes
            text = re.sub(r"<(?!/?t[dh]\b)[^>]*>", "", text)
        match = term.search(text)
        if match:
            return kind, text, match
    return None


def defined_there(kind, text, match):
    """Is the first use a definition: in bold/italic in the text, or a word table's row?"""
    if kind == "text":
        return any(m.start() <= match.start() and match.end() <= m.end()
                   for m in EMPHASIS.finditer(text))
    before, after = text[:match.start()], text[match.end():]
    return bool(re.search(r"<td[^>]*>\s*$", before) and re.match(r"\s*</td>", after))


@pytest.mark.parametrize("name", sorted(GAME_OF))
def test_each_game_term_is_defined_where_it_is_first_used(name):
    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / name, as_version=4)
    undefined = []
    for pattern in TERMS[GAME_OF[name]]:
        found = first_use(nb, pattern)
        assert found, f"{name}: the term {pattern!r} is never used"
        if not defined_there(*found):
            kind, text, match = found
            undefined.append((pattern, text[max(0, match.start() - 60):match.end() + 30]))
    assert undefined == [], name


def test_the_term_check_sees_a_word_used_before_its_definition():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Truk\nThe esku plays last."),
        nbformat.v4.new_markdown_cell("The **esku** is the player who dealt.")])
    assert not defined_there(*first_use(nb, "esku"))
    nb.cells.reverse()
    assert defined_there(*first_use(nb, "esku"))
    glossary = nbformat.v4.new_code_cell("")
    glossary.outputs = [nbformat.v4.new_output("execute_result", data={
        "text/html": "<table><tr><td>joc fora</td><td>the whole cama</td></tr>"
                     "<tr><td>cama</td><td>24 points</td></tr></table>", "text/plain": ""})]
    nb = nbformat.v4.new_notebook(cells=[glossary])
    assert defined_there(*first_use(nb, "joc fora")) and not defined_there(*first_use(nb, "cama"))


def test_no_notebook_speaks_the_makers_words():
    """No "digest", "the digest's check": words a student never met (nor TODO, issue numbers)."""
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            shown = [cell.source] + [text for kind, text in reading_order(
                nbformat.v4.new_notebook(cells=[cell]))]
            for text in shown:
                assert not INTERNAL.search(text), (path.name, i, INTERNAL.search(text).group())


RULE_RANGE = re.compile(r"\b([A-Z]{1,2})\d+\s*(?:–|-|to)\s*\1\d+\b")


def rules_named_and_shown(nb, rules):
    """For each rule id named in the text: was the rule shown (show_rule's HTML) before the
    end of the section (up to the next heading) where it is first named?"""
    first_named, shown, section = {}, {}, 0
    for kind, text in reading_order(nb):
        if kind == "heading":
            section += 1
        if kind in ("heading", "text"):
            # (not the records' names: E-P1 is a worked example, not rule P1)
            for rule_id in re.findall(r"(?<![\w-])[A-Z]{1,2}\d+\b", RULE_RANGE.sub("", text)):
                if rule_id in rules:
                    first_named.setdefault(rule_id, section)
        else:
            for rule_id in re.findall(r'class="cw-ruletext" data-rule="([^"]+)"', text):
                shown.setdefault(rule_id, section)
    return {rule_id: rule_id in shown and shown[rule_id] <= where
            for rule_id, where in first_named.items()}


@pytest.mark.parametrize("name", sorted(GAME_OF))
def test_each_rule_is_shown_as_text_where_it_is_first_named(name):
    from cardwidgets.games import GAMES
    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / name, as_version=4)
    result = rules_named_and_shown(nb, GAMES[GAME_OF[name]].RULES)
    assert result and [rule for rule, ok in result.items() if not ok] == [], name
    printed = [text for kind, text in reading_order(nb) if kind == "output" and "<" not in text
               and re.search(r"^[A-Z]{1,2}\d+: ", text, re.M)]
    assert printed == [], f"{name}: a rule printed as program output"


def test_the_static_export_shows_rules_as_text_with_the_id_and_rulings_set_apart(exported):
    """Opened without a kernel (nbconvert HTML), a game notebook shows its rules as HTML in the
    page's font, the id in bold and each ruling in its own block, never as printed output."""
    name, nb, body = exported
    if name not in GAME_OF:
        pytest.skip("only the game notebooks show rules")
    rules = re.findall(r'<div class="cw-ruletext" data-rule="([^"]+)"', body)
    assert len(rules) >= 5, name
    for rule_id in rules:
        assert f'<strong class="cw-ruletext-id">{rule_id}</strong>' in body
    assert '<div class="cw-ruletext-ruling"' in body and "<strong>Our ruling</strong>: " in body
    printed = re.findall(r"<pre>(.*?)</pre>", body, re.S)
    assert not [p for p in printed if re.search(r"^[A-Z]{1,2}\d+: .*Our ruling", p, re.M)], name
