"""Poch's static picture: the board of holes with its chips, the seats and their hands, the
turned card, and the cards laid on the centre in phase 3 (SVG, no JavaScript)."""
from __future__ import annotations

import math

from ...widget.picture import (BOWL, FELT, FELT_DARK, WOOD, WOOD_DARK, caption, card_svg,
                               chips_svg, esc, num, suit_svg)

__all__ = ["picture", "board_svg", "table_svg"]


def picture(game, seat=None) -> str:
    """Poch as static HTML: the caption above the table."""
    view = game.view(seat)
    head = caption(view, f'hand {view["deal"]}', seat)
    return f'<div class="cw-static">{head}{table_svg(game, seat)}</div>'


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
        out.append(f'<circle cx="{num(hx)}" cy="{num(hy)}" r="{num(r)}" fill="{BOWL}" '
                   f'stroke="#24150a" stroke-width="2"><title>{esc(titles[hole])}: {n} chips</title></circle>')
        label = titles[hole]
        out.append(f'<text x="{num(hx)}" y="{num(hy - r * 0.45)}" font-family="sans-serif" '
                   f'font-size="10" font-weight="700" fill="#fbe9c8" text-anchor="middle">{esc(label)}</text>')
        if hole in ("A", "K", "Q", "J", "10") and pay:
            out.append(suit_svg(pay, hx + r * 0.62, hy - r * 0.55, 9))
        out.append(chips_svg(hx - 8, hy + r * 0.3, n, 10))
        out.append(f'<text x="{num(hx + r * 0.45)}" y="{num(hy + r * 0.32)}" font-family="sans-serif" '
                   f'font-size="14" font-weight="700" fill="#ffffff" text-anchor="middle">{n}</text>')
        if native.get(hole) and native[hole] != label:
            out.append(f'<text x="{num(hx)}" y="{num(hy + r * 0.75)}" font-family="sans-serif" '
                       f'font-size="7.5" font-style="italic" fill="#d9c3a0" text-anchor="middle">'
                       f'{esc(native[hole])}</text>')
    return "".join(out)


def table_svg(game: Game, seat=None) -> str:
    """The table of ``game`` as ``seat`` sees it (``None``: the teacher, all cards face up)."""
    view = game.view(seat)
    W, H = 860, 560
    cx, cy = W / 2, H / 2 - 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="{esc(game.title)} table, {esc(view["phase_title"])}" '
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
                   f'text-anchor="middle">{esc(view.get("payment_suit_name") or "")}</text>')
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
    out = [f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(width)}" height="{h}" rx="10" '
           f'fill="#0f3d21" fill-opacity="0.75" stroke="{"#ffd34d" if active else "#6fae86"}" '
           f'stroke-width="{3 if active else 1}"/>',
           f'<text x="{num(x0 + 8)}" y="{num(y0 + 16)}" font-family="sans-serif" font-size="13" '
           f'font-weight="700" fill="#ffffff">{esc(name)}</text>',
           f'<text x="{num(x0 + 8)}" y="{num(y0 + 30)}" font-family="sans-serif" font-size="11" '
           f'fill="#ffe9a8">{view["chips"][s]} chips{f" · bet {bet}" if bet else ""}'
           f'{" · " + esc(", ".join(bits)) if bits else ""}</text>']
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 8 + i * 17, y0 + 38, 34, hidden=card is None, mini=True))
    return "".join(out)


