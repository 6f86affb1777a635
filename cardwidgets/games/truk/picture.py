"""Truk's static picture: the seats (partners facing, the esku marked), the three tricks of the
hand (aurrea, erdia, atzea) with their outcomes, the tanto and truk counters where they lie, the
options left, a bet and its answer, signals and the cards changed (SVG, no JavaScript)."""
from __future__ import annotations

from ...widget.picture import FELT, FELT_DARK, WOOD_DARK, caption, card_svg, esc, num

__all__ = ["picture"]

W, H = 900, 600
SANS = 'font-family="sans-serif"'
OUTCOME_WORDS = {"A": "taken by A", "B": "taken by B", "=": "tie (berdinketa)",
                 "-": "not played", None: ""}
SIDE_COLOURS = ("#f2c94c", "#7fc8ff")     # side A gold, side B blue (the table's too)
DASHED = ' stroke-dasharray="6 4"'        # the open hand's seat (KV3)


def _label(view) -> str:
    stake = view.get("stake")
    what = f"hand {view['deal']}"
    if stake:
        what += " · for a " + ("truk" if stake == "truk" else "tanto")
    if view.get("mode") == "pasotan":
        what += " (pasotan)"
    elif view.get("mode") == "compulsory":
        what += " (compulsory)"
    return what[:1].upper() + what[1:]


def picture(game, seat=None) -> str:
    """A Truk game as static HTML: the caption and the table (SVG)."""
    view = game.view(seat)
    head = caption(view, _label(view), seat)
    return f'<div class="cw-static">{head}{_svg(view, seat)}</div>'


def _text(x, y, text, size=12, fill="#e6f3ea", weight=400, anchor="start") -> str:
    return (f'<text x="{num(x)}" y="{num(y)}" {SANS} font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{esc(text)}</text>')


def _places(n, base):
    slots = ("bottom", "left", "top", "right") if n == 4 else ("bottom", "top")
    return {(base + r) % n: slots[r] for r in range(n)}


def _svg(view, seat) -> str:
    n = len(view["players"])
    base = seat if seat is not None else 0
    place = _places(n, base)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="Truk table, {esc(_label(view))}, {esc(view["phase_title"])}" '
           f'style="max-width:100%;height:auto">',
           f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="40" fill="{FELT}" '
           f'stroke="{WOOD_DARK}" stroke-width="10"/>',
           f'<rect x="250" y="190" width="400" height="190" rx="26" fill="{FELT_DARK}" '
           f'stroke="#3f8a5a" stroke-width="1.5"/>']
    out.append(_tricks(view))
    out.append(_counters(view))
    out.append(_hand_box(view))
    out.append(_signals_and_aside(view))
    pos = {"bottom": (W / 2, H - 78), "top": (W / 2, 80), "left": (140, H / 2 - 10),
           "right": (W - 140, H / 2 - 10)}
    for s in range(n):
        out.append(_seat(view, s, *pos[place[s]]))
    out.append("</svg>")
    return "".join(out)


def _tricks(view) -> str:
    out = []
    n = len(view["players"])
    for k, t in enumerate(view["tricks"]):
        x0 = 266 + k * 128
        current = t["outcome"] is None and t["trick"] is not None
        out.append(f'<rect x="{x0}" y="200" width="120" height="170" rx="12" fill="#0f3d21" '
                   f'fill-opacity="0.55" stroke="{"#ffd34d" if current else "#4f9a6a"}" '
                   f'stroke-width="{2 if current else 1}"/>')
        out.append(_text(x0 + 60, 218, t["name"], 14, "#ffffff", 700, "middle"))
        words = OUTCOME_WORDS.get(t["outcome"], "")
        colour = ({"A": SIDE_COLOURS[0], "B": SIDE_COLOURS[1]}.get(t["outcome"], "#cfe8d6"))
        if words:
            out.append(_text(x0 + 60, 360, words, 11.5, colour, 700, "middle"))
        plays = (t["trick"] or {}).get("plays", [])
        for i, p in enumerate(plays):
            cx = x0 + 8 + (i % 2) * 56
            cy = 228 + (i // 2) * 62 if n == 4 else 240
            out.append(card_svg(p["card"], cx, cy, 34, mini=True))
            out.append(_text(cx + 38, cy + 30, view["players"][p["seat"]], 10, "#e6f3ea", 700))
    return "".join(out)


def _dots(x, y, count, total, fill, label) -> str:
    out = [_text(x, y + 4, label, 12, "#ffffff", 700)]
    for i in range(total):
        cx = x + 110 + i * 16
        out.append(f'<circle cx="{num(cx)}" cy="{num(y)}" r="6.5" '
                   f'fill="{fill if i < count else "none"}" stroke="{fill}" stroke-width="1.5"/>')
    return "".join(out)


def _counters(view) -> str:
    t, k = view["tantos"], view["truks"]
    names = [s["label"] for s in view["sides"]]
    out = [_text(28, 40, "Tantos (tantoak)", 12, "#ffe9a8", 700),
           _dots(28, 58, t["middle"], 3, "#ffffff", "middle"),
           _dots(28, 78, t["sides"][0], 3, SIDE_COLOURS[0], names[0]),
           _dots(28, 98, t["sides"][1], 3, SIDE_COLOURS[1], names[1]),
           _text(28, 126, f"Truks (6 to win) · {k['pile']} in the pile", 12, "#ffe9a8", 700)]
    for row, side in enumerate((0, 1)):
        y = 144 + row * 20
        out.append(_text(28, y + 4, names[side], 12, "#ffffff", 700))
        for i in range(6):
            x = 138 + i * 16
            out.append(f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" rx="2" '
                       f'fill="{SIDE_COLOURS[side] if i < k["sides"][side] else "none"}" '
                       f'stroke="{SIDE_COLOURS[side]}" stroke-width="1.5"/>')
    return "".join(out)


def _hand_box(view) -> str:
    out = []
    x = W - 28
    out.append(_text(x, 40, _label(view), 15, "#ffffff", 700, "end"))
    players = view["players"]
    if view.get("esku") is not None:
        out.append(_text(x, 58, f"esku: {players[view['esku']]} (plays last)", 12, "#cfe8d6",
                         400, "end"))
    y = 76
    opts = view.get("options")
    if opts:
        side = view["sides"][opts["side"]]["label"]
        out.append(_text(x, y, f"{side}: {opts['options']} option{'s' if opts['options'] > 1 else ''}"
                         f" left (aukera)", 12, "#ffe9a8", 700, "end"))
        y += 18
    bet = view.get("bet")
    if bet:
        answer = {"joka": "Joka!", "refused": "refused", None: "waiting…"}[bet["answer"]]
        out.append(_text(x, y, f"{players[bet['by']]}: Truk! → {players[bet['answer_by']]}: "
                         f"{answer}", 12, "#ffd34d", 700, "end"))
        y += 18
    res = view.get("hand_result")
    if res:
        side = view["sides"][res["side"]]["label"]
        row = f", row {res['row']}" if res.get("row") else ""
        out.append(_text(x, y, f"{side} wins the hand ({res['way_text']}{row})"[:70], 11.5,
                         "#ffffff", 700, "end"))
        y += 18
    out.append(_text(x, y, f"stock: {view['stock_count']} cards", 11, "#cfe8d6", 400, "end"))
    return "".join(out)


#: K19's signals drawn as faces (no emoji font needed): the eyes ("o" open, "-" closed: left,
#: right), the mouth, and extras. The same faces as truk/table.js's CW_TK_SIGNAL_FACE.
SIGNAL_FACES = {
    "one_eye": {"eyes": "o-", "mouth": "M6.5 12.8 q3.5 2.4 7 0"},
    "both_eyes": {"eyes": "--", "mouth": "M6.5 12.8 q3.5 2.4 7 0"},
    "lip": {"eyes": "oo", "mouth": "M6.8 13.6 q4 0.6 6.6 -2.2"},
    "smile": {"eyes": "oo", "mouth": "M5.2 11.6 q4.8 6 9.6 0 z", "fill": "#fffdf6"},
    "tongue": {"eyes": "oo", "mouth": "M6.5 12.6 h7", "tongue": True},
    "eyebrows": {"eyes": "oo", "mouth": "M7.2 13.4 h5.6", "brows": True},
}
INK = "#3a2a00"


def signal_face(what, x, y, size, label) -> str:
    """The face of signal ``what`` (K19) at (x, y), ``size`` px, named by ``label``."""
    spec = SIGNAL_FACES.get(what, {"eyes": "oo", "mouth": "M7 13 h6"})
    line = f'fill="none" stroke="{INK}" stroke-width="1.3" stroke-linecap="round"'
    parts = [f'<circle cx="10" cy="10" r="9" fill="#ffd34d" stroke="#7a5200" stroke-width="1"/>']
    for ex, eye in zip((6.8, 13.2), spec["eyes"]):
        parts.append(f'<circle cx="{ex}" cy="8.3" r="1.4" fill="{INK}"/>' if eye == "o"
                     else f'<path d="M{num(ex - 2)} 8 q2 1.8 4 0" {line}/>')
    if spec.get("brows"):
        parts += [f'<path d="M{num(ex - 2.2)} 5 q2.2 -2 4.4 0" {line}/>' for ex in (6.8, 13.2)]
    if spec.get("tongue"):
        parts.append('<path d="M8.4 12.6 v2.2 a1.6 1.6 0 0 0 3.2 0 v-2.2 z" fill="#e0506a" '
                     'stroke="#7a1a2a" stroke-width="0.6"/>')
    parts.append(f'<path d="{spec["mouth"]}" fill="{spec.get("fill", "none")}" stroke="{INK}" '
                 'stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/>')
    return (f'<svg x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
            f'viewBox="0 0 20 20" role="img" aria-label="{esc(label)}" class="cw-tk-sig-face">'
            f'<title>{esc(label)}</title>{"".join(parts)}</svg>')


def _signals_and_aside(view) -> str:
    out = []
    y = H - 120
    players = view["players"]
    if view.get("signals"):
        out.append(_text(28, y, "Signals (keinuak)", 12, "#ffe9a8", 700))
        for s in view["signals"][-4:]:
            y += 16
            out.append(signal_face(s["what"], 28, y - 11, 14, f"Signal: {s['gesture']}"))
            out.append(_text(46, y, f"{players[s['seat']]}: {s['meaning'].split(':')[0]}", 11.5))
    aside = view.get("aside") or []
    if aside:
        out.append(_text(W - 28, H - 120, "Cards changed", 12, "#ffe9a8", 700, "end"))
        for i, a in enumerate(aside[-8:]):
            out.append(card_svg(a["card"], W - 28 - 30 * (i + 1), H - 110, 26,
                                hidden=a["card"] is None, mini=True))
    return "".join(out)


def _seat(view, s, x, y) -> str:
    name = view["players"][s]
    hand = view["hands"][s]
    cards = hand if hand is not None else [None] * view["hand_counts"][s]
    width, h = 200, 96
    x0, y0 = x - width / 2, y - h / 2
    open_hand = view.get("open_hand")        # itzu truk (KV3): the fourth seat, face up
    is_open = open_hand is not None and open_hand["seat"] == s
    active = (view.get("turn") if open_hand else view.get("actor")) == s
    side = view["side_of"][s]
    tags = [f"side {view['sides'][side]['name']}"]
    if view.get("esku") == s:
        tags.append("esku")
    if active:
        tags.append("to act")
    out = [f'<rect x="{num(x0)}" y="{num(y0)}" width="{width}" height="{h}" rx="10" '
           f'fill="#0f3d21" fill-opacity="0.85" stroke="{"#ffd34d" if active else SIDE_COLOURS[side]}" '
           f'stroke-width="{3 if active else 1.2}"{DASHED if is_open else ""}/>',
           f'<text x="{num(x0 + 10)}" y="{num(y0 + 18)}" {SANS} font-size="14" font-weight="700" '
           f'fill="#ffffff">{esc(name)}<tspan font-size="11" font-weight="400" '
           f'fill="{SIDE_COLOURS[side]}"> ({esc(", ".join(tags))})</tspan></text>']
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 10 + i * 40, y0 + 28, 36, hidden=card is None, mini=True))
    if not cards:
        out.append(_text(x0 + 10, y0 + 50, "no cards in hand", 11, "#cfe8d6"))
    if is_open:
        by = view["players"][open_hand["by"]]
        out.append(_text(x, y0 + h + 14, f"face up for everyone · played by {by}"[:48], 11.5,
                         "#ffe9a8", 700, "middle"))
    return "".join(out)
