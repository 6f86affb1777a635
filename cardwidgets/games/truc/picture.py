"""Valencian truc's static picture: the seats by side (mà and the dealer marked), the trick
being played, the three tricks and their outcomes, the score as camas with males and bones,
the truc ladder with its stake and the envit (SVG, no JavaScript)."""
from __future__ import annotations

from ...widget.picture import FELT, FELT_DARK, WOOD_DARK, caption, card_svg, esc, num

__all__ = ["picture"]

SIDE_COLOURS = ("#e2725b", "#6fa8dc")
_SLOTS = {2: ("bottom", "top"), 4: ("bottom", "left", "top", "right"),
          6: ("bottom", "left-low", "left-high", "top", "right-high", "right-low")}
_TRICK = ("1st trick", "2nd trick", "3rd trick")


def picture(game, seat=None) -> str:
    """A truc game as static HTML: the caption, then the table (SVG)."""
    view = game.view(seat)
    label = f"Hand {view['deal']}, cama {view['cama_no']}"
    return f'<div class="cw-static">{caption(view, label, seat)}{_svg(view, seat)}</div>'


def _text(x, y, words, size=12, fill="#ffffff", weight=400, anchor="start"):
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="sans-serif" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{esc(words)}</text>')


def _side_short(view, side):
    return view["players"][view["sides"][side][0]] if len(view["players"]) == 2 else f"Side {side + 1}"


def _worth(w):
    return "the whole cama" if w is None else f"{w} point{'s' if w != 1 else ''}"


def _svg(view, seat) -> str:
    W, H = 980, 560
    tw = 660                     # the felt; the panel is to its right
    n = len(view["players"])
    base = seat if seat is not None else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="Valencian truc table, {esc(view["phase_title"])}" '
           f'style="max-width:100%;height:auto">',
           f'<rect x="5" y="5" width="{tw - 10}" height="{H - 10}" rx="40" fill="{FELT}" '
           f'stroke="{WOOD_DARK}" stroke-width="10"/>',
           f'<ellipse cx="{tw / 2}" cy="{H / 2}" rx="170" ry="120" fill="{FELT_DARK}" '
           f'stroke="#3f8a5a" stroke-width="1.5"/>']
    slots = _SLOTS.get(n, _SLOTS[4])
    pos = {"bottom": (tw / 2, H - 72), "top": (tw / 2, 72), "left": (92, H / 2),
           "right": (tw - 92, H / 2), "left-low": (92, H / 2 + 100), "left-high": (92, H / 2 - 100),
           "right-high": (tw - 92, H / 2 - 100), "right-low": (tw - 92, H / 2 + 100)}
    for r in range(n):
        s = (base + r) % n
        out.append(_seat(view, s, *pos[slots[r]]))
    out.append(_middle(view, tw / 2, H / 2))
    out.append(_panel(view, tw + 10, 10, W - tw - 16))
    out.append("</svg>")
    return "".join(out)


def _seat(view, s, x, y) -> str:
    side = 0 if s in view["sides"][0] else 1
    hand = view["hands"][s]
    cards = hand if hand is not None else [None] * view["hand_counts"][s]
    width, h = 150, 104
    x0, y0 = x - width / 2, y - h / 2
    active = view.get("actor") == s
    tags = [_side_short(view, side)] if n_players(view) > 2 else []
    if view["ma"] == s:
        tags.append("mà")
    if view["dealer"] == s:
        tags.append("dealer")
    if active:
        tags.append("to answer" if view.get("open_call") else "to play")
    out = [f'<rect x="{num(x0)}" y="{num(y0)}" width="{width}" height="{h}" rx="10" fill="#0f3d21" '
           f'fill-opacity="0.85" stroke="{"#ffd34d" if active else "#6fae86"}" '
           f'stroke-width="{3 if active else 1}"/>',
           f'<rect x="{num(x0)}" y="{num(y0 + 8)}" width="6" height="{h - 16}" rx="3" fill="{SIDE_COLOURS[side]}"/>',
           f'<text x="{num(x0 + 14)}" y="{num(y0 + 19)}" font-family="sans-serif" font-size="14" '
           f'font-weight="700" fill="#ffffff">{esc(view["players"][s])}'
           + (f'<tspan font-size="11" font-weight="400" fill="#ffe9a8"> ({esc(", ".join(tags))})</tspan>'
              if tags else "") + '</text>']
    if s in view["folded"]:
        out.append(_text(x0 + 14, y0 + 60, "gave up: cards on the stock", 11, "#cfe8d6"))
    for i, card in enumerate(cards):
        out.append(card_svg(card, x0 + 14 + i * 28, y0 + 28, 38, hidden=card is None, mini=True))
    v = view["envit"]["values"][s]
    if v is not None and view["envit"]["available"]:
        out.append(_text(x0 + width - 10, y0 + 96, f"envit {v}", 11, "#ffe9a8", 700, "end"))
    return "".join(out)


def n_players(view):
    return len(view["players"])


def _middle(view, cx, cy) -> str:
    out = []
    trick = view.get("trick") or {"plays": []}
    plays = trick["plays"]
    title = {"deal": "Shuffle and deal", "over": "Game over"}.get(view["phase"], "")
    if not plays and view["tricks"] and view["phase"] in ("play", "settle"):
        last = view["tricks"][-1]
        plays = last["plays"]
        k = len(view["tricks"]) - 1
        title = f'{_TRICK[k]}: ' + ("parda" if last["tie"] else f'to {_side_short(view, last["side"])}')
    elif view["phase"] == "play":
        title = _TRICK[min(len(view["tricks"]), 2)]
    out.append(_text(cx, cy - 78, title, 13, "#ffe9a8", 700, "middle"))
    w = 44 if n_players(view) <= 4 else 34
    total = len(plays) * (w + 8) - 8
    for i, p in enumerate(plays):
        x = cx - total / 2 + i * (w + 8)
        side = 0 if p["seat"] in view["sides"][0] else 1
        out.append(f'<rect x="{num(x - 2)}" y="{num(cy - 60)}" width="{w + 4}" height="{num(w * 1.5 + 4)}" '
                   f'rx="5" fill="{SIDE_COLOURS[side]}"/>')
        out.append(card_svg(p["card"], x, cy - 58, w))
        out.append(_text(x + w / 2, cy - 46 + w * 1.5, view["players"][p["seat"]], 10, "#e6f3ea", 700, "middle"))
    # the three tricks
    tricks = view["tricks"]
    winner, way = view["hand_winner"], view["hand_way"]
    if view["phase"] == "deal" and view.get("previous"):
        tricks, winner = view["previous"]["tricks"], view["previous"]["winner"]
    for k in range(3):
        x = cx - 132 + k * 90
        t = tricks[k] if k < len(tricks) else None
        if t is None:
            word, fill = ("not played" if winner is not None else "–"), "#0f3d21"
        elif t["tie"]:
            word, fill = "parda", "#8a6d12"
        else:
            word, fill = _side_short(view, t["side"]), SIDE_COLOURS[t["side"]]
        out.append(f'<rect x="{num(x)}" y="{num(cy + 36)}" width="84" height="38" rx="7" fill="{fill}" '
                   f'fill-opacity="0.85" stroke="#cfe8d6" stroke-width="0.8"/>')
        out.append(_text(x + 42, cy + 50, _TRICK[k], 9.5, "#e6f3ea", 700, "middle"))
        out.append(_text(x + 42, cy + 67, word, 12, "#ffffff", 800, "middle"))
    if winner is not None:
        name = view["side_names"][winner]
        prefix = "Last hand: " if view["phase"] == "deal" else ""
        out.append(_text(cx, cy + 94, f"{prefix}{name} wins the truc", 12, "#ffffff", 700, "middle"))
        settled = (view["previous"] or {}).get("settled", []) if view["phase"] == "deal" \
            else view["settled"]
        if view["phase"] in ("deal", "over") and settled and \
                not any(x["what"] == "truc" for x in settled):
            # V10: the envit, settled first, ended the cama, so this truc was never counted
            out.append(_text(cx, cy + 110, "not counted: the envit won the cama first (V10)",
                             10.5, "#ffe9a8", 700, "middle"))
    return "".join(out)


def _panel(view, x, y, w) -> str:
    ink, muted, paper, line = "#2a2418", "#6a604a", "#fbf7ea", "#c9bd98"
    out = [f'<rect x="{x}" y="{y}" width="{w}" height="540" rx="10" fill="{paper}" stroke="{line}"/>']
    yy = y + 22
    target, half = view["target"], view["half"]
    head = f"Cama {view['cama_no']}: {target} points" if half else f"Game to {target}"
    out.append(_text(x + 12, yy, head.upper(), 11, "#6e4521", 800))
    yy += 8
    cell = (w - 24) / target
    for side in (0, 1):
        yy += 20
        pts = view["points"][side]
        part = view["parts"][side]
        camas = view["camas"][side]
        out.append(_text(x + 12, yy, view["side_names"][side], 12, ink, 700))
        out.append(_text(x + w - 12, yy, f"{pts}" + (f" ({part})" if part else "")
                         + (f" · camas {camas}" if view["camas_to_win"] > 1 else ""), 12, ink, 700, "end"))
        yy += 6
        for i in range(target):
            fill = SIDE_COLOURS[side] if i < pts else ("#efe3b8" if half and i >= half else "#e6dfcc")
            out.append(f'<rect x="{num(x + 12 + i * cell)}" y="{num(yy)}" width="{num(cell - 1.5)}" '
                       f'height="9" rx="2" fill="{fill}"/>')
        yy += 12
    if half:
        yy += 12
        out.append(_text(x + 12, yy, f"males 1–{half}, bones {half + 1}–{target}; two camas win", 10.5, muted))
    # the truc ladder
    yy += 30
    out.append(_text(x + 12, yy, "TRUC LADDER (V7)", 11, "#6e4521", 800))
    yy += 18
    out.append(_text(x + 12, yy, f"The truc is worth {_worth(view['truc']['worth'])}", 12.5, ink, 700))
    yy += 6
    call = view.get("open_call")
    rows = [("no bet", 1, "", view["truc"]["level"] == 0, False)]
    for i, r in enumerate(view["truc"]["ladder"]):
        rows.append((r["bet"], "cama" if r["worth"] is None else r["worth"], r["refused"],
                     view["truc"]["level"] == i + 1, call is not None and call["kind"] == r["bet"]))
    for name, worth, refused, now, open_ in rows:
        yy += 18
        if now or open_:
            out.append(f'<rect x="{x + 8}" y="{yy - 13}" width="{w - 16}" height="17" rx="3" '
                       f'fill="{"#ffe28a" if now else "#f6c2b5"}"/>')
        out.append(_text(x + 14, yy, ("▸ " if now else "") + name + (" (called)" if open_ else ""), 12, ink,
                         700 if now else 400))
        out.append(_text(x + w - 70, yy, str(worth), 12, ink, 400, "end"))
        out.append(_text(x + w - 14, yy, f"refused {refused}" if refused != "" else "", 11, muted, 400, "end"))
    # the envit
    yy += 32
    out.append(_text(x + 12, yy, "ENVIT (V9)", 11, "#6e4521", 800))
    e = view["envit"]
    if not e["available"]:
        yy += 18
        out.append(_text(x + 12, yy, "Catalan truc has no envit (VV2).", 12, ink))
        return "".join(out)
    if not e["calls"]:
        yy += 18
        out.append(_text(x + 12, yy, "Not called in this hand.", 12, ink))
    for c in e["calls"]:
        yy += 18
        stake = "the whole cama" if c["stake"] is None else c["stake"]
        out.append(_text(x + 12, yy, f'{view["players"][c["by"]]}: {c["bet"]} ({stake})'
                         + (f' · {c["answer"]}' if c["answer"] else " · waiting"), 12, ink))
    if e["shown"] is not None:
        for s in range(len(view["players"])):
            yy += 18
            mark = " ★" if e["winner"] == s else ""
            out.append(_text(x + 12, yy, f'{view["players"][s]} shows {e["values"][s]}{mark}', 12, ink,
                             700 if mark else 400))
    if e["falta_now"] is not None or view["phase"] != "over":
        yy += 18
        falta = ("the whole cama" if e["falta_now"] is None else f'{e["falta_now"]} points')
        out.append(_text(x + 12, yy, f"A falta now: {falta}", 11, muted))
    return "".join(out)
