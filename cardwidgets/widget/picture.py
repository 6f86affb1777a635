"""Static pictures of games and cards: HTML with SVG, no JavaScript.

A notebook shows a game's table with these even where no widget runs (GitHub, nbconvert,
a notebook opened without a kernel). This module holds what every game's picture shares:
card faces in the three suit systems, chips and the caption. Each game draws its own table
in its folder's ``picture.py`` (``picture(game, seat=None) -> str``, HTML with inline SVG),
found through the game class (``Game.PARTS``); :func:`table_html` is the one entry point.

What a notebook stores is :func:`table_img_html`: the same HTML with every SVG as an
``<img>`` (:func:`as_img`). JupyterLab cleans the outputs of a notebook that has not been
run on this computer (an untrusted notebook: every notebook a student clones or downloads)
and removes inline SVG, leaving a jumble of words; it keeps images. Importing this module
gives :class:`~cardwidgets.Game` and :class:`~cardwidgets.Card` a ``_repr_html_`` in that
form, and the widget's fallback for viewers without widgets is the same picture.

>>> from cardwidgets import Poch
>>> from cardwidgets.widget.picture import table_html, table_img_html
>>> "<svg" in table_html(Poch(3)), "<svg" in table_img_html(Poch(3))
(True, False)

Only attributes are used for styling (no ``<style>``, no classes), since some notebook
viewers strip style sheets. Every name and text is escaped.
"""
from __future__ import annotations

import base64
import importlib
import json
import math
import re
from html import escape
from pathlib import Path

from ..engine import Card, Game

__all__ = ["card_svg", "suit_svg", "chips_svg", "caption", "table_html", "table_img_html", "as_img",
           "reuse_parts", "esc", "num",
           "SHAPES", "FELT", "FELT_DARK", "WOOD", "WOOD_DARK", "BOWL", "INK", "PAPER"]

SHAPES = json.loads((Path(__file__).parent / "suits.json").read_text(encoding="utf-8"))

FELT, FELT_DARK, WOOD, WOOD_DARK, BOWL = "#1f6b3a", "#174f2b", "#a8733f", "#6e4521", "#3a2412"
INK, PAPER = "#1a1a1a", "#fffdf6"
CHIP_COLOURS = ("#d23c3c", "#f4f1e8", "#2f6fd0")


def esc(value) -> str:
    return escape(str(value), quote=True)


def num(x) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _suit_spec(suit: str):
    """A suit's drawing: ``"hearts"``, or ``"spanish:clubs"`` for a Spanish suit (bastos are
    not the French clubs)."""
    system, _, name = suit.rpartition(":")
    if system:
        return SHAPES.get(system, {}).get("suits", {}).get(name)
    return SHAPES["suits"].get(suit)


def _suit_key(card: dict) -> str:
    return f"spanish:{card['suit']}" if card.get("system") == "spanish" else card["suit"]


def suit_svg(suit: str, x: float, y: float, size: float) -> str:
    """The suit sign ``suit`` centred on (x, y), ``size`` wide."""
    spec = _suit_spec(suit)
    if spec is None:
        return (f'<text x="{num(x)}" y="{num(y + size * 0.35)}" font-size="{num(size)}" '
                f'text-anchor="middle">?</text>')
    k = size / 100
    out = [f'<g transform="translate({num(x - size / 2)} {num(y - size / 2)}) scale({k:.4f})">']
    for part in spec["parts"]:
        attrs = {key: part[key] for key in ("d", "cx", "cy", "r", "rx", "ry") if key in part}
        attrs["fill"] = part.get("fill", "none")
        if "stroke" in part:
            attrs["stroke"] = part["stroke"]
            attrs["stroke-width"] = part.get("sw", 2)
            attrs["stroke-linecap"] = "round"
        out.append(f'<{part["t"]} ' + " ".join(f'{k_}="{esc(v)}"' for k_, v in attrs.items()) + "/>")
    out.append("</g>")
    return "".join(out)


def card_svg(card, x: float = 0, y: float = 0, width: float = 60, *, hidden=False,
             standalone=False, mini=False) -> str:
    """A card face (or back, if ``hidden``) with its top-left corner at (x, y).

    ``card`` is a :class:`Card` or the card dict of a view. ``mini`` draws only the index
    and one large suit sign (for small cards in a table picture)."""
    if isinstance(card, Card):
        card = card.to_json()
    k = width / 60
    parts = [f'<g transform="translate({num(x)} {num(y)}) scale({k:.4f})">']
    if card is not None and not hidden and not mini and card.get("system") == "spanish":
        parts.append(_spanish_face(card))
    elif mini and not (hidden or card is None):
        colour = (_suit_spec(_suit_key(card)) or {}).get("color", INK)
        index = card.get("index", card["rank"])
        parts.append(f'<title>{esc(card["name"])}</title>'
                     f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>'
                     f'<text x="{15 if len(index) > 1 else 16}" y="32" font-family="Arial, sans-serif" font-weight="700" '
                     f'font-size="{22 if len(index) > 1 else 30}" letter-spacing="{-2 if len(index) > 1 else 0}" '
                     f'text-anchor="middle" fill="{colour}">{esc(index)}</text>'
                     + suit_svg(_suit_key(card), 30, 62, 34) + "</g>")
        return "".join(parts)
    elif hidden or card is None:
        parts.append('<title>a hidden card</title>'
                     '<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#23427a" stroke="#0d1d3a"/>'
                     '<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="#e9d9a6" stroke-width="1.5"/>'
                     '<path d="M30 20 L44 45 L30 70 L16 45 Z" fill="#e9d9a6" opacity="0.85"/>'
                     '<path d="M30 30 L38 45 L30 60 L22 45 Z" fill="#23427a"/>')
    else:
        suit, rank = card["suit"], card["rank"]
        colour = SHAPES["suits"].get(suit, {}).get("color", INK)
        index = card.get("index", rank)
        parts.append(f'<title>{esc(card["name"])}</title>'
                     f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>'
                     f'<text x="8" y="17" font-family="Georgia, serif" font-weight="700" '
                     f'font-size="{13 if len(index) > 1 else 15}" text-anchor="middle" fill="{colour}">{esc(index)}</text>'
                     + suit_svg(suit, 8, 26, 10)
                     + f'<g transform="rotate(180 30 45)"><text x="8" y="17" font-family="Georgia, serif" '
                     f'font-weight="700" font-size="{13 if len(index) > 1 else 15}" text-anchor="middle" '
                     f'fill="{colour}">{esc(index)}</text>' + suit_svg(suit, 8, 26, 10) + "</g>")
        pips = SHAPES["pips"].get(rank)
        if pips:
            parts += [suit_svg(suit, px, py, 11) for px, py in pips]
        elif rank in ("A", "1"):
            if card.get("system") == "german" or suit in ("acorns", "leaves", "bells"):
                parts.append(suit_svg(suit, 30, 30, 24) + suit_svg(suit, 30, 61, 24))
            else:
                parts.append(suit_svg(suit, 30, 45, 34))
        else:
            parts.append(f'<rect x="14" y="11" width="32" height="68" rx="3" fill="{colour}" '
                         f'fill-opacity="0.08" stroke="{colour}" stroke-width="1.2"/>')
            if rank == "K":
                parts.append(f'<path d="M21 27 L21 18 L26 23 L30 16 L34 23 L39 18 L39 27 Z" '
                             f'fill="#e0b21f" stroke="#7a5a00" stroke-width="1"/>')
            pip_y, letter_y = (25, 55) if index == "O" else (67, 50)
            if rank == "K":
                pip_y, letter_y = 67, 50
            parts.append(f'<text x="30" y="{letter_y}" font-family="Georgia, serif" font-weight="700" '
                         f'font-size="22" text-anchor="middle" fill="{colour}">{esc(index)}</text>'
                         + suit_svg(suit, 30, pip_y, 14))
    parts.append("</g>")
    body = "".join(parts)
    if standalone:
        label = "a hidden card" if hidden or card is None else card["name"]
        h = width * 1.5
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(h)}" '
                f'viewBox="0 0 {num(width)} {num(h)}" role="img" aria-label="{esc(label)}">{body}</svg>')
    return body


def chips_svg(x, y, count, limit=12) -> str:
    """A small pile of chips, bottom centre at (x, y), at most ``limit`` drawn."""
    out = []
    shown = min(count, limit)
    cols = max(1, math.ceil(shown / 6))
    for i in range(shown):
        col, row = divmod(i, 6)
        cx = x + (col - (cols - 1) / 2) * 15
        cy = y - row * 3.2
        out.append(f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="7" ry="3.2" '
                   f'fill="{CHIP_COLOURS[i % 3]}" stroke="#222" stroke-width="0.7"/>')
    return "".join(out)



# ---- Spanish card faces (Pocha, Truk, Truc) --------------------------------------------------

_PINTA = {"coins": 0, "cups": 1, "swords": 2, "clubs": 3}


def _spanish_face(card: dict) -> str:
    """A Spanish card face in a 60x90 box: corner numbers, the pinta (breaks in the frame line:
    none for coins, one for cups, two for swords, three for clubs), pips or a figure."""
    suit = _suit_key(card)
    colour = (_suit_spec(suit) or {}).get("color", INK)
    sp = SHAPES.get("spanish", {})
    index = str(card.get("index", card["rank"]))
    title = card["name"] + (f" ({card['native']})" if card.get("native") else "")
    out = [f'<title>{esc(title)}</title>',
           f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>',
           f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="none" stroke="{colour}" stroke-width="1.1"/>']
    gaps = _PINTA.get(card["suit"], 0)
    for i in range(gaps):
        gx = 30 + (i - (gaps - 1) / 2) * 7
        for gy in (3.5, 86.5):
            out.append(f'<rect x="{num(gx - 2)}" y="{num(gy - 1.2)}" width="4" height="2.4" fill="{PAPER}"/>')
    size = 13 if len(index) > 1 else 15
    corner = (f'<text x="10" y="18" font-family="Georgia, serif" font-weight="700" font-size="{size}" '
              f'text-anchor="middle" fill="{colour}">{esc(index)}</text>' + suit_svg(suit, 10, 26, 8))
    out.append(corner + f'<g transform="rotate(180 30 45)">{corner}</g>')
    rank = card["rank"]
    pips = sp.get("pips", {}).get(rank)
    figure = sp.get("figures", {}).get(rank)
    if rank == "1":
        out.append(suit_svg(suit, 30, 45, 36))
    elif pips:
        out += [suit_svg(suit, px, py, 11.5 if len(pips) > 6 else 13) for px, py in pips]
    elif figure:
        out.append(f'<rect x="17.5" y="8" width="25" height="74" rx="3" fill="{colour}" fill-opacity="0.1" '
                   f'stroke="{colour}" stroke-width="1"/>')
        if rank == "12":
            out.append('<path d="M22 30 L22 19 L26 24 L30 16 L34 24 L38 19 L38 30 Z" fill="#e6b422" '
                       'stroke="#7a5a00" stroke-width="1"/>')
        out.append(suit_svg(suit, 30, 50, 18))
        out.append(f'<text x="30" y="78.5" font-family="sans-serif" font-weight="700" font-size="5.6" '
                   f'text-anchor="middle" fill="{colour}"'
                   + (' textLength="22" lengthAdjust="spacingAndGlyphs"' if len(figure) > 5 else "")
                   + f'>{esc(figure.upper())}</text>')
    return "".join(out)


def caption(view, label, seat) -> str:
    """The line above a static table: game, hand, phase, whose view, the last step and its rule."""
    last = view.get("last")
    what = "Nobody has acted yet."
    if last:
        what = (f'Step {view["step"]}: {esc(last["text"])} '
                f'<span style="opacity:0.7">[rule {esc(last["rule"])}]</span>')
    return (f'<div style="font-family:sans-serif;margin:4px 0"><b>{esc(view["title"])}</b> · '
            f'{esc(label)} · {esc(view["phase_title"])}'
            f'{" · " + esc(view["players"][seat]) + chr(39) + "s view" if seat is not None else ""}'
            f'<br><span style="font-size:90%">{what}</span></div>')



def _picture(game: Game):
    """The game's own ``picture`` function, from its folder (its ``picture.py``)."""
    module = importlib.import_module(f"{game.home()}.{game.PARTS['picture']}")
    return module.picture


def table_html(game: Game, seat=None) -> str:
    """The table as HTML, drawn by the game's own picture: a caption (hand, phase, the last
    step and its rule) above the table."""
    return _picture(game)(game, seat)


def table_img_html(game: Game, seat=None) -> str:
    """:func:`table_html` with every SVG drawn as an ``<img>`` (:func:`as_img`, with the
    repeated parts drawn once and the cards shown named in the alt text): what a notebook
    stores, so the table shows in an untrusted notebook too (JupyterLab removes inline SVG
    there, and keeps images)."""
    return as_img(table_html(game, seat), reuse=True, describe=True)


_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
# a group holding only simple shapes (and perhaps a title): a suit sign, a card back
_LEAF = re.compile(r'<g transform="([^"<>]*)">((?:<title>[^<>]*</title>)?'
                   r'(?:<(?:path|circle|ellipse|rect|polygon|line)\b[^<>]*/>)+)</g>')


def reuse_parts(svg: str) -> str:
    """``svg`` with every simple group it draws more than once (a suit sign, a card back)
    drawn once in ``<defs>`` and placed with ``<use>``: the same picture, a fraction of the
    size (a Poch table draws its suit signs over a hundred times).

    >>> g = '<g transform="translate(1 2)"><path d="M0 0"/></g>'
    >>> reuse_parts('<svg>' + g + g.replace("1 2", "3 4") + '</svg>')
    '<svg><defs><g id="cw-p0"><path d="M0 0"/></g></defs><use href="#cw-p0" transform="translate(1 2)"/><use href="#cw-p0" transform="translate(3 4)"/></svg>'
    """
    counts: dict[str, int] = {}
    for m in _LEAF.finditer(svg):
        counts[m.group(2)] = counts.get(m.group(2), 0) + 1
    ids = {body: f"cw-p{i}" for i, body in enumerate(b for b, n in counts.items() if n > 1)}
    if not ids or 'id="cw-p' in svg:
        return svg
    body = _LEAF.sub(lambda m: (f'<use href="#{ids[m.group(2)]}" transform="{m.group(1)}"/>'
                                if m.group(2) in ids else m.group(0)), svg)
    defs = "<defs>" + "".join(f'<g id="{i}">{b}</g>' for b, i in ids.items()) + "</defs>"
    head = body.index(">") + 1
    return body[:head] + defs + body[head:]


def _described(label: str, svg: str) -> str:
    """The alt text of a table: its label, then what it shows (the titles of its parts, in
    drawing order, runs of hidden cards counted), so a screen reader reads the cards."""
    shown: list[list] = []
    for title in re.findall(r"<title>([^<>]*)</title>", svg):
        if shown and shown[-1][0] == title:
            shown[-1][1] += 1
        else:
            shown.append([title, 1])
    if not shown:
        return label
    words = [t if n == 1 else (f"{n} hidden cards" if t == "a hidden card" else f"{t} ({n} times)")
             for t, n in shown]
    return f"{label}. Shown: " + "; ".join(words) + "."


def as_img(html: str, *, reuse: bool = False, describe: bool = False) -> str:
    """Every ``<svg>`` in ``html`` as an ``<img>`` with the SVG in a data URI, its
    ``aria-label`` as the image's ``alt`` text (with ``describe``, followed by the titles of
    what it draws: the cards shown); ``reuse`` draws repeated parts once (:func:`reuse_parts`).

    JupyterLab cleans the HTML of a notebook that has not been run on this computer (an
    untrusted notebook) and removes inline SVG, leaving only its words; an image survives,
    so the picture shows before a cell is run, as it does in nbconvert and Voilà.

    >>> as_img('<p><svg xmlns="http://www.w3.org/2000/svg" width="10" aria-label="a &lt;b&gt;"></svg></p>')[:40]
    '<p><img alt="a &lt;b&gt;" width="10" sty'
    """
    def img(match):
        svg = match.group(0)
        if "xmlns=" not in svg[:svg.index(">")]:
            svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        head = svg[:svg.index(">")]
        label = re.search(r'aria-label="([^"]*)"', head)
        width = re.search(r'\bwidth="([\d.]+)"', head)
        alt = label.group(1) if label else "a picture"
        if describe:
            alt = _described(alt, svg)
        if reuse:
            svg = reuse_parts(svg)
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        return (f'<img alt="{alt}"'
                + (f' width="{width.group(1)}"' if width else "")
                + f' style="max-width:100%;height:auto" src="data:image/svg+xml;base64,{data}">')
    return _SVG.sub(img, html)


def _card_repr_html(card: Card) -> str:
    """A card as an image (its name as the alt text), so it shows in an untrusted notebook;
    in a ``<span>``, since JupyterLab draws an image that is an output's direct child as a
    block, and cards shown side by side would stack."""
    return "<span>" + as_img(card_svg(card, width=60, standalone=True), reuse=True) + "</span>"


# Static rendering for every game and card; the package imports this module, so a game shows
# its table wherever it is displayed, widget or not.
Game._repr_html_ = table_img_html
Card._repr_html_ = _card_repr_html
