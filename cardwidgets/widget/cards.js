// cards.js: drawing shared by every game's table: card faces and backs (SVG), chips, and
// the registry of per-game table renderers. Plain script, joined before the table modules
// and shell.js into one ES module (see cardwidgets/widget.py). CW_SHAPES (suit signs and
// pip layouts, from static/suits.json) is defined just before this file.
// Text is only ever set with textContent: names and step texts come from users and records.

const CW_NS = "http://www.w3.org/2000/svg";

/** Per-game table renderers, chosen by view.game: { render(ctx), phaseJumps }. */
const CW_TABLES = {};
function cwRegisterTable(key, table) { CW_TABLES[key] = table; }

// A player's name with a verb given for a named player ("Ada closes one eye"), in the right
// form when the player is the person at the widget, a seat named "You" ("You close one eye").
const CW_YOU_VERBS = { is: "are", has: "have", was: "were", does: "do", goes: "go" };
function cwSays(name, verb) {
  if (!/^you$/i.test(String(name).trim())) return `${name} ${verb}`;
  const [head, ...rest] = verb.split(" ");
  let v = CW_YOU_VERBS[head];
  if (!v) {
    if (/(ss|sh|ch|x|z|o)es$/.test(head)) v = head.slice(0, -2);
    else if (/[^aeiou]ies$/.test(head)) v = head.slice(0, -3) + "y";
    else if (/[^s]s$/.test(head)) v = head.slice(0, -1);
    else v = head;
  }
  return ["You", v, ...rest].join(" ");
}

function cwEl(tag, cls, parent, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  if (parent) parent.appendChild(el);
  return el;
}

function cwSvg(tag, attrs, parent, text) {
  const el = document.createElementNS(CW_NS, tag);
  if (attrs) for (const k in attrs) el.setAttribute(k, String(attrs[k]));
  if (text !== undefined && text !== null) el.textContent = String(text);
  if (parent) parent.appendChild(el);
  return el;
}

/** Draw a suit sign centred on (x, y), `size` wide, into an SVG parent. */
function cwSuit(parent, suit, x, y, size) {
  const spec = cwSuitSpec(suit);
  const k = size / 100;
  const g = cwSvg("g", { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${k})` }, parent);
  if (!spec) { cwSvg("text", { x: 50, y: 70, "font-size": 80, "text-anchor": "middle" }, g, "?"); return g; }
  for (const p of spec.parts) {
    const a = { fill: p.fill || "none" };
    for (const key of ["d", "cx", "cy", "r", "rx", "ry"]) if (key in p) a[key] = p[key];
    if (p.stroke) { a.stroke = p.stroke; a["stroke-width"] = p.sw || 2; a["stroke-linecap"] = "round"; }
    cwSvg(p.t, a, g);
  }
  return g;
}

/** The drawing of a suit sign: "hearts", or "spanish:clubs" for a Spanish suit (whose
 *  clubs, bastos, are not the French clubs). */
function cwSuitSpec(suit) {
  const i = typeof suit === "string" ? suit.indexOf(":") : -1;
  if (i > 0) return ((CW_SHAPES[suit.slice(0, i)] || {}).suits || {})[suit.slice(i + 1)];
  return CW_SHAPES.suits[suit];
}

/** The suit key of a card for cwSuit: Spanish cards carry system "spanish". */
function cwSuitKey(card) { return card.system === "spanish" ? "spanish:" + card.suit : card.suit; }

function cwSuitColour(suit) { return (cwSuitSpec(suit) || {}).color || "#1a1a1a"; }

const CW_GERMAN = new Set(["acorns", "leaves", "bells"]);

/**
 * A per-widget store of card faces: each face is drawn once (an SVG group) and copied into
 * the cards shown (see cwCardSvg and cwFillFaces).
 */
function cwSprite(parent, uid) {
  const svg = cwSvg("svg", { class: "cw-sprite", width: 0, height: 0, "aria-hidden": "true", focusable: "false" }, parent);
  return { uid, defs: cwSvg("defs", {}, svg), have: new Set(), faces: new Map() };
}

/** The key of a card's face in a sprite ("back" for a hidden card). */
function cwFaceKey(card) {
  return card ? `${card.system || ""}${card.rank}-${card.suit}-${card.index || card.rank}` : "back";
}

/** A card face as an <svg> (width w, height 1.5 w); card = {rank, suit, index, name}. */
function cwCardSvg(card, w, sprite) {
  const svg = cwSvg("svg", { viewBox: "0 0 60 90", width: w, height: Math.round(w * 1.5),
    "aria-hidden": "true", focusable: "false", class: "cw-card-svg" });
  if (!sprite) {
    const face = card ? _cwDrawFace(card) : _cwDrawBack();
    while (face.firstChild) svg.appendChild(face.firstChild);
    return svg;
  }
  // With a sprite, each face is drawn once per widget, and the <svg> drawn here stays empty,
  // naming its face (data-cw-face): the shell copies the face in (cwFillFaces) only into the
  // table it shows, and a card that stays on the table from one step to the next keeps its
  // drawing. (A copy, not an SVG <use> of a shared symbol: a table full of <use> elements is
  // several times slower to take down.)
  const key = cwFaceKey(card);
  if (!sprite.faces.has(key)) {
    const face = cwSvg("g", {});
    const drawn = card ? _cwDrawFace(card) : _cwDrawBack();
    while (drawn.firstChild) face.appendChild(drawn.firstChild);
    sprite.faces.set(key, face);
  }
  svg.setAttribute("data-cw-face", key);
  return svg;
}

/** Copy the faces into the empty card drawings (data-cw-face) under `node`, and the
 *  children of the parts drawn once (`drawings`: id -> the whole drawing, see ctx.drawn). */
function cwFillFaces(node, sprite, drawings) {
  if (node.nodeType !== 1) return;
  const els = node.hasAttribute("data-cw-face") ? [node] : node.querySelectorAll("[data-cw-face]");
  for (const el of els) {
    if (el.firstChild) continue;
    const key = el.getAttribute("data-cw-face");
    const face = sprite.faces.get(key);
    if (face) { el.appendChild(face.cloneNode(true)); continue; }
    const whole = drawings && drawings.get(key);
    if (whole && whole.firstChild) el.append(...whole.cloneNode(true).childNodes);
  }
}

function _cwBase() {
  return cwSvg("svg", { viewBox: "0 0 60 90", "aria-hidden": "true", focusable: "false", class: "cw-card-svg" });
}

function _cwDrawBack() {
  const s = _cwBase();
  cwSvg("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 6, fill: "#23427a", stroke: "#0d1d3a" }, s);
  cwSvg("rect", { x: 5, y: 5, width: 50, height: 80, rx: 4, fill: "none", stroke: "#e9d9a6", "stroke-width": 1.5 }, s);
  for (let i = -80; i < 90; i += 10) {
    cwSvg("path", { d: `M${5 + Math.max(0, i)} ${5 + Math.max(0, -i)} L${5 + Math.min(50, 80 + i)} ${5 + Math.min(80, 50 - i)}`,
      stroke: "#3c63a8", "stroke-width": 1 }, s);
  }
  cwSvg("path", { d: "M30 22 L44 45 L30 68 L16 45 Z", fill: "#e9d9a6", stroke: "#0d1d3a" }, s);
  cwSvg("path", { d: "M30 32 L37 45 L30 58 L23 45 Z", fill: "#23427a" }, s);
  return s;
}

function _cwDrawFace(card) {
  if (card.system === "spanish") return _cwDrawSpanish(card);
  const s = _cwBase();
  const colour = cwSuitColour(card.suit);
  const index = card.index || card.rank;
  cwSvg("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 6, fill: "#fffdf6", stroke: "#8a8270" }, s);
  for (const rot of [null, "rotate(180 30 45)"]) {
    const g = cwSvg("g", rot ? { transform: rot } : {}, s);
    cwSvg("text", { x: 8, y: 17, "font-family": "Georgia, 'Times New Roman', serif", "font-weight": 700,
      "font-size": index.length > 1 ? 13 : 15, "text-anchor": "middle", fill: colour }, g, index);
    cwSuit(g, card.suit, 8, 26, 10);
  }
  const pips = CW_SHAPES.pips[card.rank];
  if (pips) {
    for (const [x, y] of pips) cwSuit(s, card.suit, x, y, 11);
  } else if (card.rank === "A" || card.rank === "1") {
    if (CW_GERMAN.has(card.suit) || card.system === "german") {
      // the German Daus shows two suit signs
      cwSuit(s, card.suit, 30, 30, 24); cwSuit(s, card.suit, 30, 61, 24);
    } else cwSuit(s, card.suit, 30, 45, 34);
  } else {
    cwSvg("rect", { x: 14, y: 11, width: 32, height: 68, rx: 3, fill: colour, "fill-opacity": 0.08,
      stroke: colour, "stroke-width": 1.2 }, s);
    if (card.rank === "K") {
      cwSvg("path", { d: "M21 27 L21 18 L26 23 L30 16 L34 23 L39 18 L39 27 Z", fill: "#e0b21f",
        stroke: "#7a5a00", "stroke-width": 1 }, s);
    }
    // Ober: the suit sign high; Unter (and the others): low
    const [pipY, letterY] = index === "O" ? [25, 55] : [67, 50];
    cwSvg("text", { x: 30, y: letterY, "font-family": "Georgia, 'Times New Roman', serif", "font-weight": 700,
      "font-size": 22, "text-anchor": "middle", fill: colour }, s, index);
    cwSuit(s, card.suit, 30, pipY, 14);
  }
  return s;
}

// Spanish cards: the corner number in the suit's colour, the pinta (breaks in the frame line
// that tell the suit even when the cards are fanned: none for coins, one for cups, two for
// swords, three for clubs), pips for 1-9 and a figure for the sota, caballo and rey.
const CW_PINTA = { coins: 0, cups: 1, swords: 2, clubs: 3 };

function _cwDrawSpanish(card) {
  const s = _cwBase();
  const suit = "spanish:" + card.suit;
  const colour = cwSuitColour(suit);
  const sp = CW_SHAPES.spanish || {};
  const index = String(card.index || card.rank);
  cwSvg("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 6, fill: "#fffdf6", stroke: "#8a8270" }, s);
  // the frame line and its pinta breaks (top and bottom)
  cwSvg("rect", { x: 3.5, y: 3.5, width: 53, height: 83, rx: 4, fill: "none", stroke: colour, "stroke-width": 1.1 }, s);
  const gaps = CW_PINTA[card.suit] || 0;
  for (let i = 0; i < gaps; i++) {
    const x = 30 + (i - (gaps - 1) / 2) * 7;
    for (const y of [3.5, 86.5]) cwSvg("rect", { x: x - 2, y: y - 1.2, width: 4, height: 2.4, fill: "#fffdf6" }, s);
  }
  for (const rot of [null, "rotate(180 30 45)"]) {
    const g = cwSvg("g", rot ? { transform: rot } : {}, s);
    cwSvg("text", { x: 10, y: 18, "font-family": "Georgia, 'Times New Roman', serif", "font-weight": 700,
      "font-size": index.length > 1 ? 13 : 15, "text-anchor": "middle", fill: colour,
      "letter-spacing": index.length > 1 ? -1 : 0 }, g, index);
    cwSuit(g, suit, 10, 26, 8);
  }
  const pips = (sp.pips || {})[card.rank];
  const figure = (sp.figures || {})[card.rank];
  if (card.rank === "1") {
    cwSuit(s, suit, 30, 45, 36);
  } else if (pips) {
    for (const [x, y] of pips) cwSuit(s, suit, x, y, pips.length > 6 ? 11.5 : 13);
  } else if (figure) {
    _cwSpanishFigure(s, card.rank, suit, colour, figure);
  } else {
    cwSuit(s, suit, 30, 45, 24);
  }
  return s;
}

function _cwSpanishFigure(card, rank, suit, colour, word) {
  cwSvg("rect", { x: 17.5, y: 8, width: 25, height: 74, rx: 3, fill: colour, "fill-opacity": 0.1,
    stroke: colour, "stroke-width": 1 }, card);
  const s = cwSvg("g", { transform: "translate(30 40) scale(0.8) translate(-30 -40)" }, card);
  const skin = "#f2c9a0", dark = "#3a2a1a";
  if (rank === "11") {
    // the caballo: a horse's head and neck
    cwSvg("path", { d: "M21 54 C20 42 24 33 31 28 L31 21 L35 27 C40 27 44 31 44 36 L43 39 C42 41 39 41 37 39 C35 41 34 46 35 54 Z",
      fill: colour, stroke: dark, "stroke-width": 1 }, s);
    cwSvg("path", { d: "M31 28 C28 31 26 36 25 42", fill: "none", stroke: "#fffdf6", "stroke-width": 1.4, opacity: 0.7 }, s);
    cwSvg("circle", { cx: 37, cy: 32, r: 1.3, fill: "#fffdf6" }, s);
  } else {
    // the sota and the rey: a figure holding the suit sign; the rey wears a crown
    cwSvg("path", { d: "M19 54 C19 42 24 38 30 38 C36 38 41 42 41 54 Z", fill: colour, stroke: dark, "stroke-width": 1 }, s);
    cwSvg("circle", { cx: 30, cy: 30, r: 6.5, fill: skin, stroke: dark, "stroke-width": 1 }, s);
    if (rank === "12") {
      cwSvg("path", { d: "M23 25 L23 16 L26.5 20 L30 14 L33.5 20 L37 16 L37 25 Z", fill: "#e6b422", stroke: "#7a5a00", "stroke-width": 1 }, s);
      cwSvg("path", { d: "M25 35 C27 39 33 39 35 35", fill: "#8a6a4a", stroke: "none" }, s);
    } else {
      cwSvg("path", { d: "M22 27 C22 19 38 19 38 27 Z", fill: colour, stroke: dark, "stroke-width": 1 }, s);
      cwSvg("path", { d: "M36 22 C40 16 44 14 46 13 C44 18 41 21 37 24 Z", fill: "#f2c12e", stroke: "#7a5a00", "stroke-width": 0.8 }, s);
    }
  }
  cwSuit(card, suit, 30, 64, 14);
  const label = { x: 30, y: 78.5, "font-family": "system-ui, sans-serif", "font-weight": 700, "font-size": 5.6,
    "text-anchor": "middle", fill: colour };
  if (word.length > 5) { label.textLength = 22; label.lengthAdjust = "spacingAndGlyphs"; }
  cwSvg("text", label, card, word.toUpperCase());
}

/**
 * A card as an element: a <button> when `onClick` is given (play mode), else an image.
 * `card` null draws a back ("a hidden card"). The aria-label is the card's name, e.g.
 * "Queen of acorns (Eichel-Ober)".
 */
function cwCard(card, w, opts) {
  opts = opts || {};
  const el = document.createElement(opts.onClick ? "button" : "span");
  el.className = "cw-card" + (card ? "" : " cw-card--back") + (opts.cls ? " " + opts.cls : "");
  const spanish = card && card.system === "spanish";
  const label = card ? card.name + (!spanish && card.native && card.native !== card.name ? ` (${card.native})` : "")
    : "a hidden card";
  el.setAttribute("aria-label", (opts.prefix || "") + label + (opts.suffix || ""));
  if (opts.onClick) { el.type = "button"; el.addEventListener("click", opts.onClick); }
  else el.setAttribute("role", "img");
  if (card) {
    el.dataset.code = card.code;
    // Spanish cards: the Spanish name on hover ("caballo de copas"), the English one read out
    el.title = spanish && card.native ? `${cwCap(card.native)} (${card.name})` : label;
  }
  el.appendChild(cwCardSvg(card, w, opts.sprite));
  return el;
}

/** A small chip icon (inline SVG), for counts in text. */
function cwChipIcon(size) {
  const s = cwSvg("svg", { viewBox: "0 0 20 20", width: size, height: size, "aria-hidden": "true", class: "cw-chip-icon" });
  cwSvg("circle", { cx: 10, cy: 10, r: 9, fill: "#d23c3c", stroke: "#5a1010", "stroke-width": 1 }, s);
  cwSvg("circle", { cx: 10, cy: 10, r: 5.5, fill: "none", stroke: "#fff", "stroke-width": 1.6, "stroke-dasharray": "2.4 2" }, s);
  return s;
}

const CW_CHIP_COLOURS = ["#d23c3c", "#f4f1e8", "#2f6fd0", "#e0b21f"];

/** A pile of chips in an SVG parent, bottom centre at (x, y); at most `limit` drawn. */
function cwChipPile(parent, x, y, count, limit) {
  const shown = Math.min(count, limit || 15);
  const cols = Math.max(1, Math.ceil(shown / 5));
  const g = cwSvg("g", { class: "cw-chips" }, parent);
  for (let i = 0; i < shown; i++) {
    const col = Math.floor(i / 5), row = i % 5;
    const cx = x + (col - (cols - 1) / 2) * 13;
    const cy = y - row * 3.4;
    cwSvg("ellipse", { cx, cy: cy + 1.2, rx: 6.5, ry: 3, fill: "#000", opacity: 0.35 }, g);
    cwSvg("ellipse", { cx, cy, rx: 6.5, ry: 3, fill: CW_CHIP_COLOURS[i % 3], stroke: "#1b1b1b", "stroke-width": 0.6 }, g);
  }
  return g;
}

/** Full card details for a code, from the widget's card table. */
function cwCardOf(cards, code) {
  if (code === null || code === undefined) return null;
  const c = cards[code];
  if (!c) return null;
  return Object.assign({ code }, c);
}

/**
 * Play mode: the moves other than playing a card (bets, answers, decisions), drawn at the
 * player's own seat beside the hand, where a student looks and where the window shows them
 * (the shell's "Now" panel then points here: every button carries data-cw-move).
 * `opts`: title (the group's words), words (the table's moveWords, for amounts), skip(l)
 * (moves left to the shell or drawn elsewhere), decorate(button, l) (e.g. an icon, shorter
 * words). Returns the bar, or null when there is no such move.
 */
function cwMoveBar(ctx, f, opts) {
  opts = opts || {};
  const moves = (f.legal || []).filter((l) => !l.action.card && !(l.action.cards && l.action.cards.length)
    && !(opts.skip && opts.skip(l)));
  if (!moves.length || !ctx.act) return null;
  const bar = cwEl("div", "cw-movebar");
  bar.setAttribute("role", "group");
  const title = opts.title || "Your move";
  bar.setAttribute("aria-label", title);
  cwEl("span", "cw-movebar-label", bar, title);
  for (const l of moves) {
    const a = l.action;
    if (l.amounts) {
      const words = (opts.words || {})[a.kind] || {};
      const [lo, hi] = l.amounts;
      const wrap = cwEl("span", "cw-movebar-amount", bar);
      const before = words.before || cwCap(a.kind);
      const lab = cwEl("label", null, wrap);
      cwEl("span", null, lab, before + " ");
      let input;
      if (hi - lo <= 40) {
        input = cwEl("select", "cw-movebar-select", lab);
        for (let v = lo; v <= hi; v++) { const o = cwEl("option", null, input, String(v)); o.value = String(v); }
      } else {
        input = cwEl("input", "cw-movebar-input", lab);
        input.type = "number"; input.min = String(lo); input.max = String(hi); input.value = String(lo);
      }
      input.dataset.cwMove = a.kind;
      const unitWord = words.unit ? words.unit[1] : "";
      input.setAttribute("aria-label", `${before}: how many${unitWord ? " " + unitWord : ""} (${lo} to ${hi})`);
      const unit = cwEl("span", "cw-movebar-unit", lab);
      const b = cwEl("button", `cw-btn cw-movebar-btn cw-movebar-btn--${a.kind}`, wrap, words.button || cwCap(a.kind));
      b.type = "button";
      b.dataset.kind = a.kind;
      b.dataset.cwMove = a.kind;
      const say = () => {
        const v = Number(input.value);
        const u = words.unit ? " " + (v === 1 ? words.unit[0] : words.unit[1]) : "";
        unit.textContent = u + (words.after ? " " + words.after(f, v) : "");
        const what = `${before} ${v}${u}${words.after ? " " + words.after(f, v) : ""}`;
        b.setAttribute("aria-label", what);
        b.title = what;
      };
      say();
      input.addEventListener("input", say);
      input.addEventListener("change", say);
      // sent as chosen: Python checks the amount like any other move
      b.addEventListener("click", () => ctx.act(Object.assign({}, a, { amount: Number(input.value) })));
      continue;
    }
    const b = cwEl("button", `cw-btn cw-movebar-btn cw-movebar-btn--${a.kind}`, bar);
    b.type = "button";
    b.dataset.kind = a.kind;
    b.dataset.cwMove = a.kind;
    if (a.what) b.dataset.what = a.what;
    b.setAttribute("aria-label", l.label);
    b.title = l.label;
    if (opts.decorate) opts.decorate(b, l); else b.textContent = l.label;
    b.addEventListener("click", () => ctx.act(a));
  }
  return bar;
}
