"""Pocha's static picture: the seats with bids and tricks, the trick in the middle, the trump
card, and the score sheet (SVG and an HTML table, no JavaScript)."""
from __future__ import annotations

from ...widget.picture import FELT, FELT_DARK, WOOD_DARK, caption, card_svg, esc, num, suit_svg

__all__ = ["picture"]


def picture(game: Game, seat=None) -> str:
    """A Pocha game as static HTML: caption, the table (SVG) and the score sheet."""
    view = game.view(seat)
    label = view["hand_label"]
    head = caption(view, label[:1].upper() + label[1:], seat)
    return f'<div class="cw-static">{head}{_pocha_svg(view, seat)}{_pocha_sheet_html(view)}</div>'



_SLOTS = {3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


def _pocha_svg(view: dict, seat=None) -> str:
    """The Pocha table: seats with bids and tricks, the trick in the middle, the trump card."""
    W, H = 860, 540
    cx, cy = W / 2, H / 2
    n = len(view["players"])
    base = seat if seat is not None else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="Pocha table, {esc(view["hand_label"])}, {esc(view["phase_title"])}" '
           f'style="max-width:100%;height:auto">',
           f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="40" fill="{FELT}" stroke="{WOOD_DARK}" stroke-width="10"/>',
           f'<ellipse cx="{cx}" cy="{cy}" rx="150" ry="120" fill="{FELT_DARK}" stroke="#3f8a5a" stroke-width="1.5"/>']
    # the trump card, top left
    if view.get("trump_card"):
        out.append(card_svg(view["trump_card"], 36, 34, 52))
        out.append(f'<text x="98" y="52" font-family="sans-serif" font-size="12" fill="#cfe8d6">Trumps</text>'
                   + suit_svg(f'spanish:{view["trump_suit"]}', 108, 70, 20)
                   + f'<text x="122" y="76" font-family="sans-serif" font-size="15" font-weight="700" '
                   f'fill="#ffe9a8">{esc(view["trump_suit_name"] or "")}</text>')
    # the hand, top right: "Hand 11 of 22", and below it the cards each and what the label
    # says in brackets ("2 of 3 in this game"), in small print clear of the top seat
    k = view["cards_per_hand"]
    name, _, more = view["hand_label"].partition(" (")
    more = f" · {more[:-1]}" if more.endswith(")") else ""
    out.append(f'<text x="{W - 36}" y="50" font-family="sans-serif" font-size="17" font-weight="700" '
               f'fill="#ffffff" text-anchor="end">{esc(name[:1].upper() + name[1:])}</text>'
               f'<text x="{W - 36}" y="68" font-family="sans-serif" font-size="12" fill="#cfe8d6" '
               f'text-anchor="end">{k} card{"s" if k != 1 else ""} each{esc(more)}</text>')
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
            out.append(f'<rect x="{num(x0 - 3)}" y="{num(y0 - 3)}" width="50" height="72" rx="6" fill="#ffd34d"/>')
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
    out = [f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(width)}" height="{h}" rx="10" '
           f'fill="#0f3d21" fill-opacity="0.8" stroke="{"#ffd34d" if active else "#6fae86"}" '
           f'stroke-width="{3 if active else 1}"/>',
           f'<text x="{num(x0 + 10)}" y="{num(y0 + 18)}" font-family="sans-serif" font-size="14" '
           f'font-weight="700" fill="#ffffff">{esc(name)}'
           + (f'<tspan font-size="11" font-weight="400" fill="#ffe9a8"> ({esc(", ".join(tags))})</tspan>' if tags else "")
           + '</text>',
           f'<text x="{num(x0 + 10)}" y="{num(y0 + 34)}" font-family="sans-serif" font-size="12" '
           f'font-weight="700" fill="#ffe9a8">{esc(line)}</text>']
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 10 + i * step, y0 + 42, 36, hidden=card is None, mini=True))
    return "".join(out)


def _pocha_sheet_html(view: dict) -> str:
    """The score sheet: a row per hand played (cards each; bid/took and points per player)."""
    players = view["players"]
    cell = 'style="padding:1px 6px;text-align:center;border-bottom:1px solid #ddd"'
    head = "".join(f'<th {cell}>{esc(p)}</th>' for p in players)
    rows = []
    for h, points in zip(view.get("hands_played", []), view["hand_scores"]):
        tds = "".join(
            f'<td {cell}>{h["bids"][s]}/{h["taken"][s]} '
            f'<b style="color:{"#17652a" if h["bids"][s] == h["taken"][s] else "#a0141c"}">'
            f'{points[s]:+d}</b></td>' for s in range(len(players)))
        rows.append(f'<tr><th {cell}>{esc(h["hand"])}</th><td {cell}>{h["cards"]}</td>{tds}</tr>')
    totals = "".join(f'<td {cell}><b>{t}</b></td>' for t in view["scores"])
    return (f'<table style="border-collapse:collapse;font-family:sans-serif;font-size:12px;margin-top:6px" '
            f'aria-label="Score sheet"><caption style="text-align:left;font-weight:700">Score sheet '
            f'(bid/took and points, H11)</caption>'
            f'<thead><tr><th {cell}>Hand</th><th {cell}>Cards</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th {cell} colspan="2">Total</th>{totals}</tr>'
            f'</tfoot></table>')


