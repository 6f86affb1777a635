"""Static pictures of games and cards: HTML with inline SVG, no JavaScript.

A notebook shows a game's table with these even where no widget runs (GitHub, nbconvert,
a notebook opened without a kernel). Importing this module gives :class:`~cardwidgets.Game`
and :class:`~cardwidgets.Card` a ``_repr_html_``.

>>> from cardwidgets import Poch
>>> from cardwidgets.render import table_html
>>> "<svg" in table_html(Poch(3))
True

Only attributes are used for styling (no ``<style>``, no classes), since some notebook
viewers strip style sheets. Every name and text is escaped.
"""
from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path

from .engine import Card, Game

__all__ = ["card_svg", "table_svg", "table_html", "pocha_html", "SHAPES"]

SHAPES = json.loads((Path(__file__).parent / "static" / "suits.json").read_text(encoding="utf-8"))

FELT, FELT_DARK, WOOD, WOOD_DARK, BOWL = "#1f6b3a", "#174f2b", "#a8733f", "#6e4521", "#3a2412"
INK, PAPER = "#1a1a1a", "#fffdf6"
CHIP_COLOURS = ("#d23c3c", "#f4f1e8", "#2f6fd0")


def _a(value) -> str:
    return escape(str(value), quote=True)


def _num(x) -> str:
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
        return (f'<text x="{_num(x)}" y="{_num(y + size * 0.35)}" font-size="{_num(size)}" '
                f'text-anchor="middle">?</text>')
    k = size / 100
    out = [f'<g transform="translate({_num(x - size / 2)} {_num(y - size / 2)}) scale({k:.4f})">']
    for part in spec["parts"]:
        attrs = {key: part[key] for key in ("d", "cx", "cy", "r", "rx", "ry") if key in part}
        attrs["fill"] = part.get("fill", "none")
        if "stroke" in part:
            attrs["stroke"] = part["stroke"]
            attrs["stroke-width"] = part.get("sw", 2)
            attrs["stroke-linecap"] = "round"
        out.append(f'<{part["t"]} ' + " ".join(f'{k_}="{_a(v)}"' for k_, v in attrs.items()) + "/>")
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
    parts = [f'<g transform="translate({_num(x)} {_num(y)}) scale({k:.4f})">']
    if card is not None and not hidden and not mini and card.get("system") == "spanish":
        parts.append(_spanish_face(card))
    elif mini and not (hidden or card is None):
        colour = (_suit_spec(_suit_key(card)) or {}).get("color", INK)
        index = card.get("index", card["rank"])
        parts.append(f'<title>{_a(card["name"])}</title>'
                     f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>'
                     f'<text x="{15 if len(index) > 1 else 16}" y="32" font-family="Arial, sans-serif" font-weight="700" '
                     f'font-size="{22 if len(index) > 1 else 30}" letter-spacing="{-2 if len(index) > 1 else 0}" '
                     f'text-anchor="middle" fill="{colour}">{_a(index)}</text>'
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
        parts.append(f'<title>{_a(card["name"])}</title>'
                     f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>'
                     f'<text x="8" y="17" font-family="Georgia, serif" font-weight="700" '
                     f'font-size="{13 if len(index) > 1 else 15}" text-anchor="middle" fill="{colour}">{_a(index)}</text>'
                     + suit_svg(suit, 8, 26, 10)
                     + f'<g transform="rotate(180 30 45)"><text x="8" y="17" font-family="Georgia, serif" '
                     f'font-weight="700" font-size="{13 if len(index) > 1 else 15}" text-anchor="middle" '
                     f'fill="{colour}">{_a(index)}</text>' + suit_svg(suit, 8, 26, 10) + "</g>")
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
                         f'font-size="22" text-anchor="middle" fill="{colour}">{_a(index)}</text>'
                         + suit_svg(suit, 30, pip_y, 14))
    parts.append("</g>")
    body = "".join(parts)
    if standalone:
        label = "a hidden card" if hidden or card is None else card["name"]
        h = width * 1.5
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(h)}" '
                f'viewBox="0 0 {_num(width)} {_num(h)}" role="img" aria-label="{_a(label)}">{body}</svg>')
    return body


def _chips(x, y, count, limit=12) -> str:
    """A small pile of chips, bottom centre at (x, y), at most ``limit`` drawn."""
    out = []
    shown = min(count, limit)
    cols = max(1, math.ceil(shown / 6))
    for i in range(shown):
        col, row = divmod(i, 6)
        cx = x + (col - (cols - 1) / 2) * 15
        cy = y - row * 3.2
        out.append(f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="7" ry="3.2" '
                   f'fill="{CHIP_COLOURS[i % 3]}" stroke="#222" stroke-width="0.7"/>')
    return "".join(out)


def board_svg(view: dict, cx: float, cy: float, radius: float = 120) -> str:
    """The Poch board (*Pochbrett*): eight labelled holes round the centre, with chips."""
    holes, titles, native = view["holes"], view["hole_titles"], view.get("hole_native", {})
    order = [h for h in view["hole_order"] if h != "centre"]
    out = [f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="4"/>',
           f'<circle cx="{cx}" cy="{cy}" r="{radius - 8}" fill="none" stroke="#c89460" stroke-width="1.5"/>']
    ring, hole_r = radius * 0.68, radius * 0.26
    pay = view.get("payment_suit")
    spots = [(h, cx + ring * math.cos(-math.pi / 2 + i * 2 * math.pi / len(order)),
              cy + ring * math.sin(-math.pi / 2 + i * 2 * math.pi / len(order)), hole_r)
             for i, h in enumerate(order)]
    spots.append(("centre", cx, cy, radius * 0.3))
    for hole, hx, hy, r in spots:
        n = holes.get(hole, 0)
        out.append(f'<circle cx="{_num(hx)}" cy="{_num(hy)}" r="{_num(r)}" fill="{BOWL}" '
                   f'stroke="#24150a" stroke-width="2"><title>{_a(titles[hole])}: {n} chips</title></circle>')
        label = titles[hole]
        out.append(f'<text x="{_num(hx)}" y="{_num(hy - r * 0.45)}" font-family="sans-serif" '
                   f'font-size="10" font-weight="700" fill="#fbe9c8" text-anchor="middle">{_a(label)}</text>')
        if hole in ("A", "K", "Q", "J", "10") and pay:
            out.append(suit_svg(pay, hx + r * 0.62, hy - r * 0.55, 9))
        out.append(_chips(hx - 8, hy + r * 0.3, n, 10))
        out.append(f'<text x="{_num(hx + r * 0.45)}" y="{_num(hy + r * 0.32)}" font-family="sans-serif" '
                   f'font-size="14" font-weight="700" fill="#ffffff" text-anchor="middle">{n}</text>')
        if native.get(hole) and native[hole] != label:
            out.append(f'<text x="{_num(hx)}" y="{_num(hy + r * 0.75)}" font-family="sans-serif" '
                       f'font-size="7.5" font-style="italic" fill="#d9c3a0" text-anchor="middle">'
                       f'{_a(native[hole])}</text>')
    return "".join(out)


def table_svg(game: Game, seat=None) -> str:
    """The table of ``game`` as ``seat`` sees it (``None``: the teacher, all cards face up)."""
    view = game.view(seat)
    if view.get("game") == "pocha":
        return _pocha_svg(view, seat)
    if view.get("game") != "poch":
        return _generic_svg(view)
    W, H = 860, 560
    cx, cy = W / 2, H / 2 - 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="{_a(game.title)} table, {_a(view["phase_title"])}" '
           f'style="max-width:100%;height:auto">',
           f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="60" fill="{FELT}" stroke="{WOOD_DARK}" stroke-width="10"/>',
           f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="50" fill="none" stroke="{FELT_DARK}" stroke-width="2"/>',
           board_svg(view, cx, cy, 118)]
    # the turned card and the payment suit
    if view.get("turned") or view.get("payment_card"):
        card = view.get("turned") or view.get("payment_card")
        out.append(card_svg(card, cx + 140, cy - 60, 44, mini=True))
        out.append(f'<text x="{cx + 162}" y="{cy + 20}" font-family="sans-serif" font-size="11" fill="#ffffff" '
                   f'text-anchor="middle">payment suit:</text><text x="{cx + 162}" y="{cy + 34}" '
                   f'font-family="sans-serif" font-size="12" font-weight="700" fill="#ffe9a8" '
                   f'text-anchor="middle">{_a(view.get("payment_suit_name") or "")}</text>')
    # phase 3: the cards laid on the centre
    centre = view.get("centre") or []
    if centre:
        out.append(f'<text x="{cx - 240}" y="{cy - 78}" font-family="sans-serif" font-size="11" fill="#ffffff">'
                   f'laid on the centre ({len(centre)})</text>')
        for i, card in enumerate(centre[-12:]):
            out.append(card_svg(card, cx - 250 + (i % 6) * 16, cy - 70 + (i // 6) * 40, 26, mini=True))
    n = view["players"].__len__()
    base = seat if seat is not None else 0
    for s in range(n):
        r = (s - base) % n
        angle = math.pi / 2 + r * 2 * math.pi / n
        sx, sy = cx + 330 * math.cos(angle), cy + 205 * math.sin(angle)
        out.append(_seat_svg(view, s, sx, sy))
    out.append("</svg>")
    return "".join(out)


def _seat_svg(view, s, x, y) -> str:
    name = view["players"][s]
    hand = view["hands"][s]
    count = view["hand_counts"][s]
    bits = []
    if view.get("dealer") == s:
        bits.append("dealer")
    if view.get("actor") == s:
        bits.append("to act")
    if view.get("phase") in ("poch", "showdown") and view.get("dropped", [False] * 99)[s]:
        bits.append("dropped")
    bet = view.get("bets", [0] * 99)[s]
    cards = hand if hand is not None else [None] * count
    width = max(120, 14 + 17 * max(len(cards) - 1, 0) + 34)
    h = 96
    x0, y0 = x - width / 2, y - h / 2
    active = view.get("actor") == s
    out = [f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(width)}" height="{h}" rx="10" '
           f'fill="#0f3d21" fill-opacity="0.75" stroke="{"#ffd34d" if active else "#6fae86"}" '
           f'stroke-width="{3 if active else 1}"/>',
           f'<text x="{_num(x0 + 8)}" y="{_num(y0 + 16)}" font-family="sans-serif" font-size="13" '
           f'font-weight="700" fill="#ffffff">{_a(name)}</text>',
           f'<text x="{_num(x0 + 8)}" y="{_num(y0 + 30)}" font-family="sans-serif" font-size="11" '
           f'fill="#ffe9a8">{view["chips"][s]} chips{f" · bet {bet}" if bet else ""}'
           f'{" · " + _a(", ".join(bits)) if bits else ""}</text>']
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 8 + i * 17, y0 + 38, 34, hidden=card is None, mini=True))
    return "".join(out)


def _generic_svg(view) -> str:
    """Any game without its own picture: the players, chips/scores and hands."""
    W = 760
    rows = []
    for s, name in enumerate(view["players"]):
        hand = (view.get("hands") or [None] * 99)[s] or []
        y = 20 + s * 80
        rows.append(f'<text x="12" y="{y + 14}" font-family="sans-serif" font-size="13" font-weight="700" '
                    f'fill="#ffffff">{_a(name)}</text>')
        rows += [card_svg(c, 120 + i * 24, y, 36, mini=True) for i, c in enumerate(hand)]
    H = 40 + 80 * len(view["players"])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
            f'role="img" aria-label="{_a(view["title"])} table"><rect width="{W}" height="{H}" rx="20" '
            f'fill="{FELT}"/>' + "".join(rows) + "</svg>")


# ---- Pocha: Spanish cards, the trick in the middle and the score sheet ---------------------

_PINTA = {"coins": 0, "cups": 1, "swords": 2, "clubs": 3}


def _spanish_face(card: dict) -> str:
    """A Spanish card face in a 60x90 box: corner numbers, the pinta (breaks in the frame line:
    none for coins, one for cups, two for swords, three for clubs), pips or a figure."""
    suit = _suit_key(card)
    colour = (_suit_spec(suit) or {}).get("color", INK)
    sp = SHAPES.get("spanish", {})
    index = str(card.get("index", card["rank"]))
    title = card["name"] + (f" ({card['native']})" if card.get("native") else "")
    out = [f'<title>{_a(title)}</title>',
           f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{PAPER}" stroke="#8a8270"/>',
           f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="none" stroke="{colour}" stroke-width="1.1"/>']
    gaps = _PINTA.get(card["suit"], 0)
    for i in range(gaps):
        gx = 30 + (i - (gaps - 1) / 2) * 7
        for gy in (3.5, 86.5):
            out.append(f'<rect x="{_num(gx - 2)}" y="{_num(gy - 1.2)}" width="4" height="2.4" fill="{PAPER}"/>')
    size = 13 if len(index) > 1 else 15
    corner = (f'<text x="10" y="18" font-family="Georgia, serif" font-weight="700" font-size="{size}" '
              f'text-anchor="middle" fill="{colour}">{_a(index)}</text>' + suit_svg(suit, 10, 26, 8))
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
                   + f'>{_a(figure.upper())}</text>')
    return "".join(out)


_SLOTS = {3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


def _pocha_svg(view: dict, seat=None) -> str:
    """The Pocha table: seats with bids and tricks, the trick in the middle, the trump card."""
    W, H = 860, 540
    cx, cy = W / 2, H / 2
    n = len(view["players"])
    base = seat if seat is not None else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="Pocha table, {_a(view["hand_label"])}, {_a(view["phase_title"])}" '
           f'style="max-width:100%;height:auto">',
           f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="40" fill="{FELT}" stroke="{WOOD_DARK}" stroke-width="10"/>',
           f'<ellipse cx="{cx}" cy="{cy}" rx="150" ry="120" fill="{FELT_DARK}" stroke="#3f8a5a" stroke-width="1.5"/>']
    # the trump card, top left
    if view.get("trump_card"):
        out.append(card_svg(view["trump_card"], 36, 34, 52))
        out.append(f'<text x="98" y="52" font-family="sans-serif" font-size="12" fill="#cfe8d6">Trumps</text>'
                   + suit_svg(f'spanish:{view["trump_suit"]}', 108, 70, 20)
                   + f'<text x="122" y="76" font-family="sans-serif" font-size="15" font-weight="700" '
                   f'fill="#ffe9a8">{_a(view["trump_suit_name"] or "")}</text>')
    # the hand, top right
    k = view["cards_per_hand"]
    out.append(f'<text x="{W - 36}" y="50" font-family="sans-serif" font-size="17" font-weight="700" '
               f'fill="#ffffff" text-anchor="end">{_a(view["hand_label"][:1].upper() + view["hand_label"][1:])}</text>'
               f'<text x="{W - 36}" y="68" font-family="sans-serif" font-size="12" fill="#cfe8d6" '
               f'text-anchor="end">{k} card{"s" if k != 1 else ""} each</text>')
    if view.get("forbidden_bid") is not None:
        out.append(f'<text x="{W - 36}" y="86" font-family="sans-serif" font-size="12" font-weight="700" '
                   f'fill="#ffd34d" text-anchor="end">the dealer may not bid {view["forbidden_bid"]} (H7)</text>')
    # the trick in the middle (or the one just completed, if the middle is empty)
    trick = view.get("trick") or {"plays": []}
    winner = view.get("trick_winning")
    label = ""
    if not trick["plays"] and view.get("last_trick") and view["phase"] in ("play", "score"):
        trick, winner, label = view["last_trick"], view.get("last_trick_winner"), "last trick"
    offsets = {"bottom": (0, 62), "top": (0, -62), "left": (-88, 0), "right": (88, 0)}
    slots = _SLOTS.get(n, _SLOTS[4])
    place = {(base + r) % n: slots[r] for r in range(n)}
    for p in trick["plays"]:
        dx, dy = offsets[place[p["seat"]]]
        x0, y0 = cx + dx - 22, cy + dy - 33
        if p["seat"] == winner:
            out.append(f'<rect x="{_num(x0 - 3)}" y="{_num(y0 - 3)}" width="50" height="72" rx="6" fill="#ffd34d"/>')
        out.append(card_svg(p["card"], x0, y0, 44))
    if label:
        out.append(f'<text x="{cx}" y="{cy + 4}" font-family="sans-serif" font-size="11" fill="#cfe8d6" '
                   f'text-anchor="middle">{label}</text>')
    # the seats
    pos = {"bottom": (cx, H - 80), "top": (cx, 80), "left": (140, cy + 30), "right": (W - 140, cy + 30)}
    for s_ in range(n):
        out.append(_pocha_seat_svg(view, s_, *pos[place[s_]]))
    out.append("</svg>")
    return "".join(out)


def _pocha_seat_svg(view, s, x, y) -> str:
    name = view["players"][s]
    hand = view["hands"][s]
    cards = hand if hand is not None else [None] * view["hand_counts"][s]
    step = 24 if len(cards) <= 8 else 19
    width = max(190, 20 + step * max(len(cards) - 1, 0) + 36)
    h = 100
    x0, y0 = x - width / 2, y - h / 2
    active = view.get("actor") == s
    bid, took = view["bids"][s], view["taken"][s]
    tags = []
    if view.get("dealer") == s:
        tags.append("dealer")
    if active:
        tags.append("to bid" if view["phase"] == "bid" else "to play")
    line = ("no bid yet" if bid is None else f"bid {bid} · took {took}") + f" · {view['scores'][s]} pts"
    out = [f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(width)}" height="{h}" rx="10" '
           f'fill="#0f3d21" fill-opacity="0.8" stroke="{"#ffd34d" if active else "#6fae86"}" '
           f'stroke-width="{3 if active else 1}"/>',
           f'<text x="{_num(x0 + 10)}" y="{_num(y0 + 18)}" font-family="sans-serif" font-size="14" '
           f'font-weight="700" fill="#ffffff">{_a(name)}'
           + (f'<tspan font-size="11" font-weight="400" fill="#ffe9a8"> ({_a(", ".join(tags))})</tspan>' if tags else "")
           + '</text>',
           f'<text x="{_num(x0 + 10)}" y="{_num(y0 + 34)}" font-family="sans-serif" font-size="12" '
           f'font-weight="700" fill="#ffe9a8">{_a(line)}</text>']
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 10 + i * step, y0 + 42, 36, hidden=card is None, mini=True))
    return "".join(out)


def _pocha_sheet_html(view: dict) -> str:
    """The score sheet: a row per hand played (cards each; bid/took and points per player)."""
    players = view["players"]
    cell = 'style="padding:1px 6px;text-align:center;border-bottom:1px solid #ddd"'
    head = "".join(f'<th {cell}>{_a(p)}</th>' for p in players)
    rows = []
    for h, points in zip(view.get("hands_played", []), view["hand_scores"]):
        tds = "".join(
            f'<td {cell}>{h["bids"][s]}/{h["taken"][s]} '
            f'<b style="color:{"#17652a" if h["bids"][s] == h["taken"][s] else "#a0141c"}">'
            f'{points[s]:+d}</b></td>' for s in range(len(players)))
        rows.append(f'<tr><th {cell}>{_a(h["hand"])}</th><td {cell}>{h["cards"]}</td>{tds}</tr>')
    totals = "".join(f'<td {cell}><b>{t}</b></td>' for t in view["scores"])
    return (f'<table style="border-collapse:collapse;font-family:sans-serif;font-size:12px;margin-top:6px" '
            f'aria-label="Score sheet"><caption style="text-align:left;font-weight:700">Score sheet '
            f'(bid/took and points, H11)</caption>'
            f'<thead><tr><th {cell}>Hand</th><th {cell}>Cards</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th {cell} colspan="2">Total</th>{totals}</tr>'
            f'</tfoot></table>')


def _caption(view, label, seat) -> str:
    """The line above a static table: game, hand, phase, whose view, the last step and its rule."""
    last = view.get("last")
    what = "Nobody has acted yet."
    if last:
        what = (f'Step {view["step"]}: {_a(last["text"])} '
                f'<span style="opacity:0.7">[rule {_a(last["rule"])}]</span>')
    return (f'<div style="font-family:sans-serif;margin:4px 0"><b>{_a(view["title"])}</b> · '
            f'{_a(label)} · {_a(view["phase_title"])}'
            f'{" · " + _a(view["players"][seat]) + chr(39) + "s view" if seat is not None else ""}'
            f'<br><span style="font-size:90%">{what}</span></div>')


def pocha_html(game: Game, seat=None) -> str:
    """A Pocha game as static HTML: caption, the table (SVG) and the score sheet."""
    view = game.view(seat)
    label = view["hand_label"]
    head = _caption(view, label[:1].upper() + label[1:], seat)
    return f'<div class="cw-static">{head}{_pocha_svg(view, seat)}{_pocha_sheet_html(view)}</div>'


def table_html(game: Game, seat=None) -> str:
    """The table as HTML: a caption (hand, phase, last step and its rule) above the SVG."""
    if getattr(game, "key", None) == "pocha":
        return pocha_html(game, seat)
    view = game.view(seat)
    head = _caption(view, f'hand {view["deal"]}', seat)
    return f'<div class="cw-static">{head}{table_svg(game, seat)}</div>'


def _card_repr_html(card: Card) -> str:
    return card_svg(card, width=60, standalone=True)


# Static rendering for every game and card; the package imports this module, so a game shows
# its table wherever it is displayed, widget or not.
Game._repr_html_ = table_html
Card._repr_html_ = _card_repr_html
