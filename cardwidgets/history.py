"""Pictures for the card-history lesson: a timeline, the suit systems side by side, boards and
counters, and where a game is played. Static SVG (inside a little HTML), no JavaScript, so
they show wherever a notebook is read, with or without a kernel.

The pictures draw what they are given: the history notebook passes the facts of its source
documents (``notebooks/facts.json``), so every date and name drawn comes from there. The card
faces are the package's own (:func:`cardwidgets.widget.picture.card_svg`), and the suit
systems and decks are the engine's (:data:`cardwidgets.engine.cards.SUIT_SYSTEMS`,
:data:`~cardwidgets.engine.cards.DECKS`). Every name and text is escaped.

>>> svg = timeline_svg([{"id": "x", "years": [1441], "label": "a <ban>", "lane": "poch"}])
>>> "a &lt;ban&gt;" in svg and "1441" in svg
True
"""
from __future__ import annotations

import math
import re

from .engine.cards import DECKS, SUIT_SYSTEMS, make_deck
from .engine.errors import ConfigError
from .widget.picture import INK, PAPER, WOOD, WOOD_DARK, BOWL, as_img, card_svg, esc, num, suit_svg

__all__ = ["as_img", "LANES", "event_span", "timeline_svg", "facts_table_html", "suit_systems_html",
           "deck_uses", "decks_table_html", "board_1527_svg", "board_columns_svg",
           "board_octagonal_svg", "board_round_svg", "boards_html", "truk_counters_svg",
           "places_svg", "side_by_side_html"]

FONT = 'font-family="Helvetica, Arial, sans-serif"'
MUTED = "#5b5446"

#: The timeline's lanes, top to bottom: key, title, colour.
LANES = (("poch", "Poch", "#9a3b1f"), ("truk", "Truk and truc", "#1f5e9a"),
         ("pocha", "Pocha", "#2f7a3c"))


def _svg(width, height, body, label, background=None) -> str:
    """An SVG that scales down to the notebook's width; ``background`` paints it (so dark
    text stays readable in a dark theme)."""
    bg = (f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" rx="8" fill="{background}"/>'
          if background else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}" '
            f'width="{num(width)}" style="max-width:100%;height:auto" role="img" '
            f'aria-label="{esc(label)}">{bg}{body}</svg>')


def _text(x, y, text, size=11, anchor="start", fill=INK, weight="400", italic=False) -> str:
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{num(x)}" y="{num(y)}" {FONT} font-size="{num(size)}" '
            f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{style}>{esc(text)}</text>')


def _text_width(text, size=11) -> float:
    """A rough width of ``text`` in the sans-serif font (for laying labels out)."""
    return len(str(text)) * size * 0.55


# ---- the timeline --------------------------------------------------------------------------

def event_span(fact: dict) -> tuple[int, int] | None:
    """The years a fact covers on the timeline: its year, its span of years (``span``), or
    its century (``centuries``, first one); ``None`` if it has no date.

    >>> event_span({"years": [1620, 1710], "span": True}), event_span({"centuries": [19]})
    ((1620, 1710), (1800, 1899))
    """
    years = fact.get("years") or []
    if years:
        first = years[0]
        if fact.get("span") and len(years) > 1:
            return first, years[1]
        return first, first
    centuries = fact.get("centuries") or []
    if centuries:
        c = centuries[0]
        return (c - 1) * 100, (c - 1) * 100 + 99
    return None


def _when(fact: dict) -> str:
    """How the timeline writes a fact's date: ``1441``, ``c. 1650``, ``1620–1710``,
    ``19th century``."""
    years = fact.get("years") or []
    if years:
        if fact.get("span") and len(years) > 1:
            return f"{years[0]}–{years[1]}"
        return ("c. " if fact.get("circa") else "") + str(years[0])
    centuries = fact.get("centuries") or []
    if centuries:
        c = centuries[0]
        suffix = "th" if 10 <= c % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(c % 10, "th")
        return f"{c}{suffix} century"
    return "no date"


def timeline_svg(events, *, start=1400, end=2030, width=1000, lanes=LANES,
                 undated_note=None) -> str:
    """A timeline of ``events`` (facts with a ``label`` and a ``lane``), one lane per game.

    Dated events get a mark (a bar for a century or a span) and a label laid out so that
    labels never overlap; a fact with no date is listed at the end of its lane. Every
    label's tooltip gives the fact's id and document. ``undated_note`` maps a lane to a
    line shown when that lane has no dated event at all (e.g. Pocha: "the document gives
    no date")."""
    left, right = 120, width - 20
    scale = (right - left) / (end - start)
    x_of = lambda year: left + (year - start) * scale
    by_lane = {key: [] for key, _, _ in lanes}
    for ev in events:
        if ev.get("lane") not in by_lane:
            raise ConfigError("lane", f"event {ev.get('id')!r} has lane {ev.get('lane')!r}; "
                              "use one of " + ", ".join(by_lane))
        by_lane[ev["lane"]].append(ev)
    body, y = [], 30
    # the axis, with a tick every 50 years
    axis = []
    for year in range(start, end + 1, 50):
        x = x_of(year)
        axis.append(f'<line x1="{num(x)}" y1="22" x2="{num(x)}" y2="TOTAL" stroke="#d8d0bf" '
                    f'stroke-width="{1.2 if year % 100 == 0 else 0.6}"/>')
        if year % 100 == 0:
            axis.append(_text(x, 16, str(year), 11, "middle", MUTED, "700"))
    for key, title, colour in lanes:
        items = sorted(by_lane[key], key=lambda e: (event_span(e) or (10**6, 0))[0])
        dated = [e for e in items if event_span(e)]
        undated = [e for e in items if not event_span(e)]
        rows: list[float] = []  # right edge of the last label in each row
        placed = []
        for ev in dated:
            a, b = event_span(ev)
            x0, x1 = x_of(a), x_of(b)
            label = f'{_when(ev)}  {ev["label"]}'
            w = _text_width(label, 10.5) + 8
            lx = max(left, min(x0, right - w))
            row = next((i for i, edge in enumerate(rows) if edge < lx), None)
            if row is None:
                rows.append(0)
                row = len(rows) - 1
            rows[row] = lx + w
            placed.append((ev, x0, x1, lx, row, label))
        lane_h = 26 + max(1, len(rows)) * 15 + (16 * len(undated) if undated else 0) + 8
        if not dated and key in (undated_note or {}):
            lane_h += 16
        body.append(f'<rect x="4" y="{num(y)}" width="{num(width - 8)}" height="{num(lane_h)}" '
                    f'rx="6" fill="{colour}" fill-opacity="0.06" stroke="{colour}" stroke-opacity="0.35"/>')
        body.append(_text(12, y + 17, title, 13, "start", colour, "700"))
        base = y + 12
        body.append(f'<line x1="{left}" y1="{num(base)}" x2="{right}" y2="{num(base)}" '
                    f'stroke="{colour}" stroke-width="2" stroke-opacity="0.5"/>')
        for ev, x0, x1, lx, row, label in placed:
            ly = base + 22 + row * 15
            tip = f'{ev["id"]} (document {ev.get("doc", "?")})'
            if ev.get("span"):
                mark = (f'<rect x="{num(x0)}" y="{num(y + 2)}" width="{num(x1 - x0)}" height="{num(lane_h - 4)}" '
                        f'fill="#3a3a3a" fill-opacity="0.13"/>')
            elif x1 - x0 > 3:
                mark = (f'<rect x="{num(x0)}" y="{num(base - 5)}" width="{num(x1 - x0)}" height="10" '
                        f'rx="3" fill="{colour}" fill-opacity="0.35"/>')
            else:
                mark = f'<circle cx="{num(x0)}" cy="{num(base)}" r="4.5" fill="{colour}"/>'
            body.append(f'<g><title>{esc(tip)}</title>{mark}'
                        f'<line x1="{num(x0)}" y1="{num(base + 4)}" x2="{num(lx + 2)}" y2="{num(ly - 9)}" '
                        f'stroke="{colour}" stroke-width="0.7" stroke-opacity="0.7"/>'
                        + _text(lx + 2, ly, label, 10.5, "start", INK) + "</g>")
        ny = base + 26 + max(1, len(rows)) * 15
        if not dated and key in (undated_note or {}):
            body.append(_text(left, base + 24, undated_note[key], 11, "start", MUTED, italic=True))
            ny += 12
        for ev in undated:
            body.append(f'<g><title>{esc(ev["id"])} (document {esc(ev.get("doc", "?"))})</title>'
                        + _text(left, ny, f'no date:  {ev["label"]}', 10.5, "start", MUTED, italic=True)
                        + "</g>")
            ny += 16
        y += lane_h + 8
    total = y
    svg_axis = "".join(axis).replace('y2="TOTAL"', f'y2="{num(total - 6)}"')
    return _svg(width, total, svg_axis + "".join(body),
                "Timeline of " + ", ".join(t for _, t, _ in lanes), PAPER)


def facts_table_html(facts, *, show_original=True) -> str:
    """The facts as a table: date, what the document says (in English), the document, and
    its own words."""
    head = "<tr><th>When</th><th>What the document says</th><th>Doc.</th>" + (
        "<th>In the document's words</th>" if show_original else "") + "</tr>"
    rows = []
    for f in facts:
        original = f["original"] if isinstance(f["original"], str) else " … ".join(f["original"])
        rows.append(f'<tr><td style="white-space:nowrap;vertical-align:top">{esc(_when(f))}</td>'
                    f'<td style="vertical-align:top">{esc(f["en"])}</td>'
                    f'<td style="vertical-align:top">{esc(f["doc"])}</td>'
                    + (f'<td style="vertical-align:top;font-style:italic">{esc(original)}</td>'
                       if show_original else "") + "</tr>")
    return f'<table style="font-size:90%">{head}{"".join(rows)}</table>'


# ---- suit systems and decks ------------------------------------------------------------------

#: Which decks our games use, and when (checked against the game classes in the tests).
_USES = (
    ("german32", "poch", "Poch with German suits (document 000's worked example)"),
    ("french32", "poch", "Poch with French suits (documents 000 and 002)"),
    ("german36", None, "the south German pack (document 000); none of our games"),
    ("spanish40", "pocha", "Pocha, most variants (document 004)"),
    ("spanish48", "pocha", "Pocha with the 8s and 9s (document 004)"),
    ("spanish36", "pocha", "Pocha with three players: the 2s out (document 004)"),
    ("spanish40", "truk", "Basque truk (document 003)"),
    ("truc22", "truc", "Valencian truc: no figures, no 2s, no aces of coins and cups (document 003)"),
)

_SYSTEM_TITLES = {"german": "German suits", "french": "French suits", "spanish": "Spanish suits"}
_LANGUAGE_TITLES = {"en": "English", "de": "German", "fr": "French", "fi": "Finnish",
                    "eu": "Basque", "es": "Spanish", "ca": "Valencian/Catalan"}


def deck_uses(games=None) -> list[tuple[str, int, str | None, str]]:
    """``(deck, number of cards, game key or None, when)`` for every deck our games use;
    a game that is not registered (``games``: the keys that are) is left out."""
    out = []
    for deck, game, when in _USES:
        if game is not None and games is not None and game not in games:
            continue
        out.append((deck, len(make_deck(deck)), game, when))
    return out


def decks_table_html(games=None) -> str:
    """Which game uses which deck, with the number of cards counted from the engine's deck."""
    rows = "".join(
        f'<tr><td><code>{esc(deck)}</code></td><td>{esc(DECKS[deck]["system"])}</td>'
        f'<td style="text-align:right">{n}</td><td>{esc(when)}</td></tr>'
        for deck, n, _game, when in deck_uses(games))
    return ("<table><tr><th>Deck</th><th>Suits</th><th>Cards</th><th>Who uses it</th></tr>"
            f"{rows}</table>")


def _documented(name: str, corpus: str | None) -> bool:
    if corpus is None:
        return True
    words = [w for w in re.split(r"[\s\-]+", name.lower()) if w]
    return all(re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", corpus) for w in words)


def suit_systems_html(languages=None, *, corpus=None, extra=None) -> str:
    """The three suit systems side by side, drawn from the engine: one card of each suit
    (German Daus, French Ace, Spanish 1) and the three figures, every card and suit named in
    ``languages`` (system -> language codes the engine knows; by default German/Basque,
    French/Finnish, Spanish/Basque/Valencian).

    ``extra`` adds names the engine does not know: system -> [(language title, {suit or
    rank: name})], e.g. the Tagalog suit names of document 004. With ``corpus`` (the
    documents' words, lower case), a name not found in it is marked ° (the engine's word; no
    document uses it)."""
    languages = languages or {"german": ("de", "eu"), "french": ("fr", "fi"),
                              "spanish": ("es", "eu", "ca")}
    extra = extra or {}
    corpus = corpus.lower() if corpus else None
    marked = False
    columns = []
    for key in ("german", "french", "spanish"):
        system = SUIT_SYSTEMS[key]
        top = "1" if key == "spanish" else "A"
        figures = ("12", "11", "10") if key == "spanish" else ("K", "Q", "J")
        figure_suit = "coins" if key == "spanish" else "hearts"
        cards = [system.card(f"{top}-{s}") for s in system.suits]
        cards += [system.card(f"{r}-{figure_suit}") for r in figures]
        w, gap = 56, 16
        n_lines = 1 + len(languages[key]) + len(extra.get(key, ()))
        row_h = w * 1.5 + 18 + n_lines * 12
        body = []
        for i, card in enumerate(cards):
            row, col = divmod(i, 4)
            x, y = gap / 2 + col * (w + gap), row * row_h
            body.append(card_svg(card, x, y, w))
            name_key = card.suit if row == 0 else card.rank
            lines = [system.suit_name(card.suit) if row == 0 else system.rank_name(card.rank)]
            for lang in languages[key]:
                word = (system.suit_name(card.suit, lang) if row == 0
                        else system.rank_name(card.rank, lang))
                if not _documented(word, corpus):
                    word += "°"
                    marked = True
                lines.append(word)
            for _title, words in extra.get(key, ()):
                if name_key in words:
                    lines.append(words[name_key])
            for j, line in enumerate(lines):
                body.append(_text(x + w / 2, y + w * 1.5 + 13 + j * 12, line, 9.5 if j else 10,
                                  "middle", INK if j else MUTED, "700" if j == 1 else "400",
                                  italic=j == 0))
        width, height = 4 * (w + gap), 2 * row_h
        legend = ", ".join(["English"] + [_LANGUAGE_TITLES[l] for l in languages[key]]
                           + [t for t, _ in extra.get(key, ())])
        decks = ", ".join(f"{deck} ({n} cards)" for deck, n, _g, _w in deck_uses()
                          if DECKS[deck]["system"] == key)
        decks = ", ".join(dict.fromkeys(decks.split(", ")))
        columns.append(
            f'<div style="display:inline-block;vertical-align:top;margin:0 18px 12px 0;'
            f'background:{PAPER};color:{INK};padding:8px;border-radius:8px;border:1px solid #d8d0bf">'
            '<div style="font:700 14px Helvetica, Arial, sans-serif">'
            f'{esc(_SYSTEM_TITLES[key])}</div>'
            f'<div style="font:11px Helvetica, Arial, sans-serif;color:{MUTED}">names: {esc(legend)}</div>'
            + _svg(width, height, "".join(body), _SYSTEM_TITLES[key])
            + f'<div style="font:11px Helvetica, Arial, sans-serif;color:{MUTED};max-width:{num(width)}px">'
              f'decks: {esc(decks)}</div></div>')
    note = ('<div style="font:11px Helvetica, Arial, sans-serif">° the package\'s word: none of '
            'the four documents uses it.</div>') if marked else ""
    return '<div>' + "".join(columns) + note + "</div>"


# ---- boards and counters -------------------------------------------------------------------

def _goat(x, y, s=1.0, colour="#fbe9c8") -> str:
    """A small goat (the *Bock* of the 1527 board) facing right, centred on (x, y), drawn
    in light lines for a dark compartment."""
    body = ('<path d="M-14 -2 Q-4 -8 8 -4 L12 -2 Q14 8 8 10 L-10 10 Q-17 8 -14 -2 Z" fill="C" fill-opacity="0.25"/>'
            '<path d="M-14 -2 L-18 -7"/>'
            '<path d="M-10 10 L-11 21 M-5 10 L-5 21 M4 10 L4 21 M8 10 L9 21"/>'
            '<path d="M8 -4 L13 -13 L20 -10 L17 -3 L12 -2" fill="C" fill-opacity="0.25"/>'
            '<path d="M13 -13 Q10 -22 3 -22"/><path d="M15 -12 Q14 -20 9 -24"/>'
            '<path d="M19 -6 L19 0"/>').replace('"C"', f'"{colour}"')
    return (f'<g transform="translate({num(x)} {num(y)}) scale({s:.3f})" fill="none" '
            f'stroke="{colour}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">'
            f'<title>a goat (the Bock)</title>{body}</g>')


def board_1527_svg(width=300) -> str:
    """The oldest known board (1527) as document 000 describes it: square, 7 rows of 6
    squares marked by white lines; on the top row the five hearts cards (Daus, König, Ober,
    Unter, Ten) and a column for the *Bock*, shown with a goat."""
    hearts = SUIT_SYSTEMS["german"]
    n_cols, n_rows = 6, 7
    cell = (width - 20) / n_cols          # the board is square: its squares are wider than tall
    row_h = (width - 20) / n_rows
    h = width
    out = [f'<rect x="2" y="2" width="{num(width - 4)}" height="{num(h - 4)}" rx="6" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="3"/>']
    for r in range(n_rows):
        for c in range(n_cols):
            x, y = 10 + c * cell, 10 + r * row_h
            out.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(cell)}" height="{num(row_h)}" '
                       f'fill="#4a2c16" stroke="#fffaf0" stroke-width="1.6" data-square="{r},{c}"/>')
    for c, rank in enumerate(("A", "K", "Q", "J", "10")):
        cw = row_h * 0.8 / 1.5
        out.append(card_svg(hearts.card(f"{rank}-hearts"), 10 + c * cell + (cell - cw) / 2,
                            10 + (row_h - cw * 1.5) / 2, cw))
    out.append(_goat(10 + 5.5 * cell, 10 + row_h / 2 + 1, row_h / 52))
    return _svg(width, h, "".join(out), "The oldest known Poch board, 1527")


def board_columns_svg(width=330) -> str:
    """A rectangular board in columns with the extra compartments document 000 names for
    *sequenz*, *braut* and *trio* (a sketch: the document gives no layout)."""
    cols = [("Daus", None), ("König", None), ("Ober", None), ("Unter", None), ("10", None),
            ("Bock", "goat"), ("Sequenz", None), ("Braut", None), ("Trio", "6-7-8")]
    cw = (width - 20) / len(cols)
    h = 150
    out = [f'<rect x="2" y="2" width="{num(width - 4)}" height="{num(h - 4)}" rx="6" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="3"/>']
    for i, (name, note) in enumerate(cols):
        x = 10 + i * cw
        extra = i >= 6
        out.append(f'<rect x="{num(x + 2)}" y="12" width="{num(cw - 4)}" height="{num(h - 48)}" rx="8" '
                   f'fill="{BOWL if not extra else "#5a3418"}" stroke="{"#fbe9c8" if extra else "#24150a"}" '
                   f'stroke-width="{1.8 if extra else 1}" data-compartment="{esc(name)}"/>')
        out.append(f'<g transform="translate({num(x + cw / 2)} {num(h - 22)}) rotate(-30)">'
                   + _text(0, 0, name, 10, "middle", "#fffaf0", "700") + "</g>")
        if note == "goat":
            out.append(_goat(x + cw / 2, 50, cw / 40))
        elif note:
            out.append(_text(x + cw / 2, 54, note, 9, "middle", "#fbe9c8"))
        elif not extra:
            out.append(suit_svg("hearts", x + cw / 2, 50, cw * 0.45))
    return _svg(width, h, "".join(out), "A rectangular Poch board with extra compartments")


def board_octagonal_svg(width=170) -> str:
    """An octagonal board, the shape of the early 18th century (shape only: the document
    does not say what each hole held)."""
    cx = cy = width / 2
    R = width / 2 - 6
    pts = " ".join(f"{num(cx + R * math.cos(math.pi / 8 + i * math.pi / 4))},"
                   f"{num(cy + R * math.sin(math.pi / 8 + i * math.pi / 4))}" for i in range(8))
    out = [f'<polygon points="{pts}" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="3"/>']
    for i in range(8):
        a = -math.pi / 2 + i * math.pi / 4
        out.append(f'<circle cx="{num(cx + R * 0.62 * math.cos(a))}" cy="{num(cy + R * 0.62 * math.sin(a))}" '
                   f'r="{num(R * 0.2)}" fill="{BOWL}"/>')
    out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(R * 0.24)}" fill="{BOWL}"/>')
    return _svg(width, width, "".join(out), "An octagonal Poch board")


def board_round_svg(holes, width=210) -> str:
    """The round board of the rules: eight labelled holes around, one in the centre with
    no label (document 000). ``holes`` are the eight labels, clockwise from the top."""
    cx = cy = width / 2
    R = width / 2 - 6
    out = [f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(R)}" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="3"/>']
    for i, label in enumerate(holes):
        a = -math.pi / 2 + i * 2 * math.pi / len(holes)
        hx, hy = cx + R * 0.66 * math.cos(a), cy + R * 0.66 * math.sin(a)
        out.append(f'<circle cx="{num(hx)}" cy="{num(hy)}" r="{num(R * 0.24)}" fill="{BOWL}"/>')
        out.append(_text(hx, hy + 3.5, label, 9.5, "middle", "#fbe9c8", "700"))
    out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(R * 0.27)}" fill="{BOWL}" '
               f'stroke="#24150a" stroke-width="1.5"><title>the centre hole (no label)</title></circle>')
    return _svg(width, width, "".join(out), "A round Poch board of nine holes")


def boards_html(steps) -> str:
    """Boards in a row, each with its caption: ``steps`` is a list of (svg, caption)."""
    cells = "".join(
        f'<figure style="display:inline-block;vertical-align:top;margin:0 16px 10px 0;'
        f'max-width:340px"><div>{svg}</div><figcaption style="font:12px Helvetica, Arial, sans-serif">'
        f'{esc(text)}</figcaption></figure>' for svg, text in steps)
    return f"<div>{cells}</div>"


def truk_counters_svg(tantos=3, truks=11, width=420) -> str:
    """The truk table from above (document 003): partners face to face, the 3 tantos
    between two players, the truks (at least 11) on the other side of the table."""
    h = 290
    tx, ty, tw, th = 90, 50, width - 180, h - 120
    out = [f'<rect x="{tx}" y="{ty}" width="{num(tw)}" height="{th}" rx="14" fill="#1f6b3a" stroke="#0f3d20" stroke-width="3"/>']
    seats = [("A1", tx + tw / 2, ty - 22), ("B1", tx + tw + 34, ty + th / 2),
             ("A2", tx + tw / 2, ty + th + 30), ("B2", tx - 34, ty + th / 2)]
    for name, x, y in seats:
        colour = "#9a3b1f" if name[0] == "A" else "#1f5e9a"
        out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="16" fill="{colour}"/>'
                   + _text(x, y + 4, name, 11, "middle", "#ffffff", "700"))
    # the tantos: between A1 and B1, near their corner
    for i in range(tantos):
        out.append(f'<circle cx="{num(tx + tw - 38 + i * 13)}" cy="{ty + 26}" r="5.5" '
                   f'fill="#f4d35e" stroke="#5b4a00" data-counter="tanto"/>')
    out.append(_text(tx + tw - 26, ty + 46, f"{tantos} tantos", 10, "middle", "#ffffff", "700"))
    # the truks: on the other side (between A2 and B2)
    for i in range(truks):
        col, row = i % 6, i // 6
        out.append(f'<rect x="{num(tx + 14 + col * 13)}" y="{num(ty + th - 40 + row * 13)}" width="9" height="9" '
                   f'rx="2" fill="#f4f1e8" stroke="#333" data-counter="truk"/>')
    out.append(_text(tx + 52, ty + th - 46, f"{truks} truks", 10, "middle", "#ffffff", "700"))
    out.append(_text(width / 2, h - 4, "A1 and A2 are partners, facing each other; so are B1 and B2.",
                     10, "middle", MUTED))
    return _svg(width, h, "".join(out), "Truk counters: tantos and truks on the table", PAPER)


# ---- places --------------------------------------------------------------------------------

def places_svg(groups, width=1000) -> str:
    """Where a game is played, as a schematic (no map): ``groups`` are (title, colour,
    [(place, local name or None), …]); each group is a box of place tags, nearest first."""
    out, y = [], 8
    for title, colour, places in groups:
        x, rows, tags = 16, 0, []
        for place, local in places:
            label = place + (f" ({local})" if local else "")
            w = _text_width(label, 12) * 0.92 + 16
            if x + w > width - 16:
                x, rows = 16, rows + 1
            tags.append((x, rows, w, label))
            x += w + 8
        h = 34 + (rows + 1) * 28
        out.append(f'<rect x="4" y="{num(y)}" width="{num(width - 8)}" height="{num(h)}" rx="10" '
                   f'fill="{colour}" fill-opacity="0.08" stroke="{colour}"/>')
        out.append(_text(16, y + 20, title, 13, "start", colour, "700"))
        for tx, row, w, label in tags:
            ty = y + 30 + row * 28
            out.append(f'<rect x="{num(tx)}" y="{num(ty)}" width="{num(w)}" height="22" rx="11" '
                       f'fill="{PAPER}" stroke="{colour}"/>'
                       + _text(tx + w / 2, ty + 15.5, label, 12, "middle", INK))
        y += h + 8
    return _svg(width, y, "".join(out), "Where the game is played", PAPER)


def side_by_side_html(pictures) -> str:
    """Static pictures next to each other (they wrap on a narrow screen): ``pictures`` is a
    list of (title, html)."""
    cells = "".join(
        f'<div style="display:inline-block;vertical-align:top;width:48%;min-width:320px;'
        f'margin:0 1% 12px 0"><div style="font:700 13px Helvetica, Arial, sans-serif">'
        f'{esc(title)}</div>{html}</div>' for title, html in pictures)
    return f"<div>{cells}</div>"
