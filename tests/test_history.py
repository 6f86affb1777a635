"""The history lesson's pictures (cardwidgets.history) and its notebooks' structure."""
from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardwidgets import GAMES, Poch, Pocha, make_deck
from cardwidgets import history
from cardwidgets.engine import ConfigError, SUIT_SYSTEMS
from cardwidgets.history import (as_img, board_1527_svg, board_columns_svg, board_octagonal_svg,
                                 board_round_svg, deck_uses, decks_table_html, event_span,
                                 facts_table_html, places_svg, side_by_side_html,
                                 suit_systems_html, timeline_svg, truk_counters_svg)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = json.loads((NOTEBOOKS / "facts.json").read_text(encoding="utf-8"))
FACTS = SOURCES["facts"]
EVIL = 'a <b>&"quote"'


def test_docstring_examples():
    assert doctest.testmod(history).failed == 0


def _static(html: str):
    """What every picture must be: no script, no style sheet, no outside resource."""
    assert "<script" not in html and "<style" not in html
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in html


# ---- the timeline ------------------------------------------------------------------------

def _labels(svg):
    return [(float(x), float(y), text) for x, y, text in
            re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*font-size="10.5"[^>]*>([^<]*)</text>', svg)]


def test_timeline_draws_every_dated_fact_of_the_lessons_lanes():
    events = [f for f in FACTS if f.get("lane")]
    svg = timeline_svg(events)
    _static(svg)
    texts = [t for _, _, t in _labels(svg)]
    for ev in events:
        assert any(ev["label"].replace("'", "&#x27;") in t for t in texts), ev["id"]
    # the years the issue asks for are all on it
    for year in (1441, 1450, 1527, 1558, 1619, 1620, 1830, 1583, 1650, 1882, 1905, 1967, 1970,
                 1981, 1985, 2019):
        assert re.search(rf"\b{year}\b", " ".join(texts)), year


def test_timeline_escapes_and_lists_undated_facts():
    svg = timeline_svg([{"id": "u", "label": EVIL, "lane": "pocha", "doc": "004"}])
    assert "no date:  a &lt;b&gt;&amp;&quot;quote&quot;" in svg
    assert "<b>" not in svg


def test_timeline_undated_note_only_for_a_lane_with_no_date():
    note = "Document 004 gives Pocha no date at all."
    svg = timeline_svg([], undated_note={"pocha": note})
    assert note in svg


def test_timeline_bad_lane_is_a_clear_error():
    with pytest.raises(ConfigError, match="lane: event 'x' has lane 'cards'; use one of poch, truk, pocha"):
        timeline_svg([{"id": "x", "years": [1500], "label": "?", "lane": "cards"}])


def test_event_span():
    assert event_span({"years": [1441]}) == (1441, 1441)
    assert event_span({"years": [1620, 1710], "span": True}) == (1620, 1710)
    assert event_span({"years": [1830, 1800]}) == (1830, 1830)
    assert event_span({"centuries": [15]}) == (1400, 1499)
    assert event_span({}) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1400, 2030), st.text(
    alphabet=st.characters(codec="ascii", categories=("L", "N")), min_size=1, max_size=40),
    st.sampled_from(["poch", "truk", "pocha"])), max_size=25))
def test_timeline_labels_never_overlap(items):
    events = [{"id": f"e{i}", "years": [y], "label": label, "lane": lane}
              for i, (y, label, lane) in enumerate(items)]
    svg = timeline_svg(events)
    boxes = [(x, y, x + len(t) * 10.5 * 0.55) for x, y, t in _labels(svg)]
    assert len(boxes) == len(events)
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    for i, (x0, y0, x1) in enumerate(boxes):
        assert x1 <= width
        for x0b, y0b, x1b in boxes[i + 1:]:
            if y0 == y0b:
                assert x1 <= x0b or x1b <= x0, "two labels of one row overlap"


def test_facts_table_shows_the_documents_words():
    fact = next(f for f in FACTS if f["id"] == "poch-1441")
    html = facts_table_html([fact])
    assert "1441" in html and "Estrasburgoko ordenantza" in html and "000" in html


# ---- suits and decks ---------------------------------------------------------------------

def test_suit_systems_drawn_from_the_engine_with_every_name():
    html = suit_systems_html()
    _static(html)
    assert html.count("<svg") == 3
    for key, langs in (("german", ("de", "eu")), ("french", ("fr", "fi")), ("spanish", ("es", "eu", "ca"))):
        system = SUIT_SYSTEMS[key]
        for suit in system.suits:
            for lang in ("en",) + langs:
                assert ">" + system.suit_name(suit, lang).replace("'", "&#x27;") + "<" in html, (key, suit, lang)
    # four suits and three figures per system: the card faces carry their names
    for name in ("Ace of acorns", "King of hearts", "Jack of hearts", "Ace of spades",
                 "Ace of coins", "Knight of coins", "King of coins"):
        assert f"<title>{name}" in html
    assert "°" not in html   # with no documents' words given, nothing is marked


def test_suit_names_missing_from_the_documents_are_marked():
    corpus = " ".join(f["original"] if isinstance(f["original"], str) else " ".join(f["original"])
                      for f in FACTS)
    html = suit_systems_html(corpus=corpus, extra={"spanish": [("Tagalog", {"coins": "bar<ya"})]})
    assert ">Herz<" in html and ">Eichel<" in html            # document 000 gives these
    assert ">Schellen°<" in html and ">sota°<" in html        # no document does
    assert ">espadas<" in html                                # the Chilean verse of document 003
    assert "bar&lt;ya" in html and "the package" in html


def test_deck_uses_match_the_games_and_the_engine():
    for deck, n, game, _when in deck_uses():
        assert n == len(make_deck(deck))
    uses = {(d, g) for d, _n, g, _w in deck_uses()}
    assert ("german32", "poch") in uses and ("french32", "poch") in uses
    assert Poch(3, suits="german").deck_name == "german32"
    assert Poch(3, suits="french").deck_name == "french32"
    assert len(Pocha(4).deck_cards) == 40 and len(Pocha(3).deck_cards) == 36
    assert len(Pocha(4, deck=48).deck_cards) == 48
    for key in ("truk", "truc"):
        if key in GAMES:
            assert (GAMES[key].deck, key) in uses
    assert {n for _d, n, _g, _w in deck_uses()} == {32, 36, 40, 48, 22}


def test_decks_table_leaves_out_games_not_here():
    html = decks_table_html({"poch": None})
    assert "Pocha" not in html and "Poch with German suits" in html
    assert "<td style=\"text-align:right\">36</td>" in html     # the south German pack


# ---- boards and counters -----------------------------------------------------------------

def test_board_1527_is_square_with_seven_rows_of_six():
    svg = board_1527_svg()
    _static(svg)
    w, h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert w == h
    squares = re.findall(r'data-square="(\d),(\d)"', svg)
    assert len(squares) == 42 and {r for r, _ in squares} == set("0123456")
    for name in ("Ace of hearts", "King of hearts", "Queen of hearts", "Jack of hearts", "Ten of hearts"):
        assert f"<title>{name}</title>" in svg
    assert "a goat (the Bock)" in svg


def test_columns_board_has_the_extra_compartments():
    svg = board_columns_svg()
    names = re.findall(r'data-compartment="([^"]+)"', svg)
    assert names[-3:] == ["Sequenz", "Braut", "Trio"] and len(names) == 9


def test_round_board_labels_are_escaped_and_centre_unlabelled():
    svg = board_round_svg(["1ekoa", EVIL] + [str(i) for i in range(6)])
    assert "a &lt;b&gt;" in svg and "the centre hole (no label)" in svg
    assert svg.count("<circle") == 1 + 8 + 1
    assert "<svg" in board_octagonal_svg()


def test_truk_counters():
    svg = truk_counters_svg()
    assert svg.count('data-counter="tanto"') == 3 and svg.count('data-counter="truk"') == 11
    assert "3 tantos" in svg and "11 truks" in svg


# ---- places and side by side -------------------------------------------------------------

def test_places_every_place_shown_and_escaped_within_the_width():
    groups = [("Near", "#123456", [("Valencia", None), (EVIL, "truc")] + [(f"Place {i}", None) for i in range(30)])]
    svg = places_svg(groups, width=600)
    _static(svg)
    assert ">Valencia<" in svg and "a &lt;b&gt;&amp;&quot;quote&quot; (truc)" in svg
    for i in range(30):
        assert f">Place {i}<" in svg
    for x, w in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="22"', svg):
        assert float(x) + float(w) <= 600


def test_side_by_side_escapes_titles():
    html = side_by_side_html([(EVIL, "<svg></svg>")])
    assert "a &lt;b&gt;" in html and "<svg></svg>" in html


# ---- the notebooks -----------------------------------------------------------------------

def _cells(name):
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _headings(name):
    out = []
    for cell in _cells(name):
        if cell["cell_type"] == "markdown":
            out += [l.lstrip("#").strip() for l in "".join(cell["source"]).splitlines() if l.startswith("#")]
    return out


def test_teachers_plans_name_sections_that_exist():
    refs = []
    for cell in _cells("teachers.ipynb"):
        refs += re.findall(r"(\w+\.ipynb) › ([^|\n]+?)\s*(?=\||\n|$)", "".join(cell["source"]))
    assert len(refs) >= 20
    for notebook, section in refs:
        if (NOTEBOOKS / notebook).exists():
            assert section in _headings(notebook), f"{notebook} has no section {section!r}"


def test_index_lists_every_notebook_with_an_aim_and_a_time():
    text = "".join("".join(c["source"]) for c in _cells("index.ipynb") if c["cell_type"] == "markdown")
    rows = [r for r in text.splitlines() if re.match(r"\| (\d|–) \|", r)]
    linked = [re.search(r"\]\((\w+\.ipynb)\)", r).group(1) for r in rows]
    assert linked[:6] == ["history.ipynb", "poch.ipynb", "pocha.ipynb", "truk.ipynb", "truc.ipynb",
                          "teachers.ipynb"]
    for name in (p.name for p in NOTEBOOKS.glob("*.ipynb")):
        assert name == "index.ipynb" or name in linked, f"the index does not list {name}"
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 4 and cells[2] and re.search(r"\d+ min", cells[3]), row
    assert text.index("history.ipynb") < text.index("poch.ipynb"), "the history lesson comes first"


# ---- pictures as images ------------------------------------------------------------------

def test_as_img_keeps_every_picture_whole():
    """JupyterLab strips inline SVG from a notebook not yet run here; as images they stay."""
    import base64
    html = suit_systems_html() + board_octagonal_svg() + timeline_svg([])
    out = as_img(html)
    assert "<svg" not in out
    svgs = re.findall(r"<svg\b[^>]*>.*?</svg>", html, re.S)
    datas = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', out)
    assert [base64.b64decode(d).decode("utf-8") for d in datas] == svgs
    assert 'alt="German suits"' in out and 'alt="An octagonal Poch board"' in out


def test_as_img_adds_the_namespace_and_escapes_nothing_twice():
    import base64
    out = as_img('<svg width="5" aria-label="a &amp; b"><text>x</text></svg>')
    assert out.startswith('<img alt="a &amp; b" width="5"')
    data = re.search(r"base64,([^\"]+)", out).group(1)
    assert base64.b64decode(data).decode().startswith('<svg xmlns="http://www.w3.org/2000/svg" width="5"')


def test_table_img_html_is_the_table_with_every_svg_as_an_image():
    """The widget's no-kernel fallback is the table as images (untrusted notebooks in
    JupyterLab keep images, not inline SVG): the same pictures, decoded and with their reused
    parts put back, byte for byte, and smaller than the inline form."""
    import re
    from cardwidgets import load_record
    from cardwidgets.widget.picture import table_html, table_img_html
    from pictures import plain, shown_svgs
    game = load_record("e-p1")
    game.goto(2)
    html, img = table_html(game, 0), table_img_html(game, 0)
    svgs = re.findall(r"<svg\b[^>]*>.*?</svg>", html, re.S)
    assert svgs and [plain(s) for s in shown_svgs(img)] == [plain(s) for s in svgs]
    assert len(img) < len(html)                    # the suit signs are drawn once each
    assert "Poch" in re.sub(r"<[^>]+>", " ", img)  # the caption stays text
    alt = re.search(r'<img alt="([^"]*)"', img).group(1)
    assert alt.startswith("Poch table") and "hidden cards" in alt
    assert all(c.name in alt for c in game.hands[0])


def test_reuse_parts_draws_each_repeated_part_once():
    from cardwidgets.widget.picture import card_svg, reuse_parts
    from pictures import expand
    nine = card_svg({"suit": "acorns", "rank": "9", "name": "Nine of acorns", "system": "german"},
                    standalone=True)
    small = reuse_parts(nine)
    assert small.count("<use ") >= 9 and small.count("<defs>") == 1 and len(small) < len(nine)
    assert expand(small) == nine
    assert reuse_parts("<svg><rect/></svg>") == "<svg><rect/></svg>"  # nothing repeated
