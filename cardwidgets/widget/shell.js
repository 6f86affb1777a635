// shell.js: the part of the widget every game shares: the header (hand, phase, step),
// the stepper (first/back/next/last, phase jumps, slider, autoplay, keyboard), the
// explanation of the step (text, rule, teacher's note), the legal actions, and play mode.
// The table itself is drawn by the game's module in CW_TABLES (chosen by view.game).
//
// Every step's view is already here (model "frames"): stepping never waits for the kernel.
// Only play-mode moves are sent to Python (model.send), which checks them with the engine.

const CW_SPEEDS = [["Slow (2 s)", 2000], ["Normal (1 s)", 1000], ["Fast (0.4 s)", 400]];
// Widths of the widget (px) from which the explanation and the step controls go beside the
// table (a study board), and below which the explanation panels stack in one column.
const CW_WIDE = 960, CW_NARROW = 640;
const CW_SIDE_W = 360;
// Play mode with the explanation below the table: the height (px) kept under the table for
// the "Now" panel, drawn there in one or two rows (its title, whose turn, the move buttons),
// so that the student's hand, the moves and "Now" are in the window together.
const CW_NOW_ROOM = 58;
// The smallest zoom a table is drawn at.
const CW_MIN_ZOOM = 0.35;
// The drawn tables kept per widget (stepping back to one shows it without drawing it again):
// enough for a stretch of a game, few enough that the page's memory, and so the browser's
// garbage-collection pauses, stay small.
const CW_KEEP_TABLES = 40;
// How long stepping must pause (ms) before the page tells Python the step shown.
const CW_QUIET = 400;

/** A name cut to `n` (40) characters with an ellipsis, for buttons and menus (the whole name
 *  goes in a title). */
function cwShort(name, n) {
  const s = String(name);
  n = n || 40;
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/** A record's teacher's note in plain words: "Document: … Derived: … Chosen: …" become
 *  labelled parts a student can read. */
function cwNoteParts(text) {
  const words = { Document: "In the document:", Derived: "Worked out from the document:",
    Chosen: "Not in the document, chosen for this example:" };
  const parts = [];
  const re = /(Document|Derived|Chosen):\s*/g;
  let m, last = 0, label = null;
  while ((m = re.exec(text))) {
    const before = text.slice(last, m.index).trim();
    if (before) parts.push([label, before]);
    label = words[m[1]]; last = re.lastIndex;
  }
  const rest = text.slice(last).trim();
  if (rest) parts.push([label, rest]);
  return parts;
}

/** Whether a player is called "You": the person at the widget, addressed as "you". */
function cwIsYou(name) { return /^you$/i.test(String(name).trim()); }

/** "Ada's" (cut to n characters), or "Your" for a player called You. */
function cwWhose(name, n) { return cwIsYou(name) ? "Your" : `${n ? cwShort(name, n) : name}'s`; }

/** The sentences of the page that name a seat, right for a seat called You too. */
const CW_SAY = {
  view: (p, n) => `${cwWhose(p, n)} view`,
  stop: (p, n) => cwIsYou(p) ? "Stop playing" : `Stop playing ${n ? cwShort(p, n) : p}`,
  stopTitle: (p) => (cwIsYou(p) ? "Stop playing" : `Stop playing ${p}`) + " and watch again: the game stays where it is",
  playFrom: (p, n) => cwIsYou(p) ? "Play your seat from here" : `Play as ${n ? cwShort(p, n) : p} from here`,
  playTitle: (p) => (cwIsYou(p) ? "You play your own seat" : `You play ${p}`) + " from the step shown; the built-in players play the others",
  yourTurn: (p) => cwIsYou(p) ? "Your turn:" : `Your turn, ${p}:`,
  waiting: (p) => `Waiting for ${cwIsYou(p) ? "you" : p}…`,
};

function cwCap(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }

/** Rule ids named in a step's rule field, e.g. "P14, P11" or "P8 (our ruling)". */
function cwRuleIds(rule, rules) {
  if (!rule) return [];
  return rule.split(/[\s,;()]+/).filter((t) => t && Object.prototype.hasOwnProperty.call(rules, t));
}

/** Play mode: the cards of the student's hand the rules refuse now (frame.refusals, the
 *  rules' words) are told so before a click: "not playable now" in the card's name, the
 *  refusal as its description (aria-describedby) and tooltip. It stays a button, not
 *  disabled: a click asks Python, which refuses it with the same words in the notice. */
function cwMarkRefused(node, f, uid) {
  const why = f.refusals;
  if (!why) return;
  let k = 0, box = null;
  // dimmed only beside cards that may be played (not a whole hand during a bid)
  const some = !!node.querySelector("button.cw-card--legal");
  for (const b of node.querySelectorAll("button.cw-card[data-code]")) {
    const text = why[b.dataset.code];
    if (!text || b.classList.contains("cw-card--legal")) continue;
    b.classList.add("cw-card--refused");
    // beside cards that may be played: dimmed, and a stop of the Tab order (a student walking
    // the hand hears why each may not be played); with none playable now (a bid, a bet) the
    // hand is no choice: out of the Tab order, so the keys go straight to the moves
    if (some) b.classList.add("cw-card--dim"); else b.tabIndex = -1;
    b.setAttribute("aria-label", `${b.getAttribute("aria-label")}, not playable now`);
    b.title = `${b.title ? b.title + ": " : ""}not playable now. ${text}`;
    // hidden, and still read as the card's description (aria-describedby reads hidden text)
    if (!box) { box = cwEl("div", "cw-refusals", node); box.hidden = true; }
    const d = cwEl("span", "cw-refusal", box, text);
    d.id = `${uid}-why-${++k}`;
    b.setAttribute("aria-describedby", d.id);
  }
}

/** Legal actions grouped by kind: [{kind, amount, actions:[{action, label, amounts?}]}].
 *  An entry with amounts [lo, hi] stands for every amount from lo to hi. */
function cwGroupLegal(legal) {
  const groups = [];
  const byKind = {};
  for (const l of legal || []) {
    if (l.amounts) {
      const g = { kind: l.action.kind, amount: true, range: l.amounts, actions: [l] };
      groups.push(g);
      continue;
    }
    const key = l.action.kind + (l.action.amount !== undefined ? "#amount" : l.action.card ? "#card" : "#" + l.label);
    if (!byKind[key]) { byKind[key] = { kind: l.action.kind, amount: l.action.amount !== undefined, actions: [] }; groups.push(byKind[key]); }
    byKind[key].actions.push(l);
  }
  return groups;
}

function cwGroupWords(g) {
  if (g.range) return g.range[0] === g.range[1] ? `${cwCap(g.kind)} ${g.range[0]}` : `${cwCap(g.kind)} ${g.range[0]}–${g.range[1]}`;
  if (g.amount && g.actions.length > 1) {
    const a = g.actions.map((l) => l.action.amount);
    return `${cwCap(g.kind)} ${Math.min(...a)}–${Math.max(...a)}`;
  }
  if (g.actions.length > 3) return `${cwCap(g.kind)} one of ${g.actions.length} cards`;
  return g.actions.map((l) => l.label).join(" · ");
}

// ---- frames from the wire ------------------------------------------------------------------
// Python sends frame 0 whole and every later frame as a patch of the one before (the format
// is described in cardwidgets/widget/patches.py); the page rebuilds them here once, so a
// table module gets the same ctx.frame and ctx.prev as if every frame had travelled whole.
// Rebuilt frames share what did not change with the frame before; they are frozen, so a
// table module cannot change one step's view by drawing another.

/** An empty copy of the wire: the frames rebuilt so far, the pooled values, the key names. */
function cwWire() { return { frames: [], pool: [], keys: [], id: null }; }

function cwFreeze(v) {
  if (v !== null && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k in v) cwFreeze(v[k]);
  }
  return v;
}

function cwIsPatch(e) { return e !== null && typeof e === "object" && !Array.isArray(e); }

function cwValue(e, fresh) {
  if (typeof e === "number") return fresh.pool[e];
  if (!Array.isArray(e)) return e;            // a string, true, false or null
  const v = cwFreeze(e[0]);
  if (e.length === 2) fresh.add.push([e[1], v]);
  return v;
}

function cwPatch(old, p, wire, fresh) {
  if (Array.isArray(old)) {
    let out;
    if (p.s) {
      const start = p.s[0], count = p.s[1];
      out = old.slice(0, start);
      for (let i = 2; i < p.s.length; i++) out.push(cwValue(p.s[i], fresh));
      for (let i = start + count; i < old.length; i++) out.push(old[i]);
    } else {
      out = old.slice();
      for (const i in p) out[i] = cwIsPatch(p[i]) ? cwPatch(old[i], p[i], wire, fresh) : cwValue(p[i], fresh);
    }
    return Object.freeze(out);
  }
  const out = Object.assign({}, old);
  for (const k in p) {
    const c = k.charCodeAt(0);
    const name = c >= 48 && c <= 57 ? wire.keys[Number(k)] : c === 39 ? k.slice(1) : k;
    const e = p[k];
    if (cwIsPatch(e)) out[name] = cwPatch(old[name], e, wire, fresh);
    else if (Array.isArray(e) && e.length === 0) delete out[name];
    else out[name] = cwValue(e, fresh);
  }
  return Object.freeze(out);
}

/** Rebuild the frames of wire `items` after those in `wire` (changed in place). */
function cwExtend(wire, items) {
  for (const item of items || []) {
    if (!wire.frames.length) {
      wire.keys = item.keys; wire.id = item.id;
      wire.frames.push(cwFreeze(item.frame));
    } else if (Array.isArray(item)) {
      wire.frames.push(cwFreeze(item[0]));   // a frame sent whole
    } else {
      const fresh = { pool: wire.pool, add: [] };
      wire.frames.push(cwPatch(wire.frames[wire.frames.length - 1], item, wire, fresh));
      for (const [n, v] of fresh.add) wire.pool[n] = v;
    }
  }
  return wire;
}

// ---- showing the next step's table: changing the one shown in place ---------------------
// A step's table is drawn by the game's module off the page (and kept, by step). The table
// shown is then made to look like it -- attributes and texts copied, nodes added and removed
// only where they differ -- rather than replaced: a card that stays on the table keeps its
// node and its drawing, and the browser restyles only what changed (taking a whole table
// down and putting the next one up costs several times more than the changes of a step).
// The table shown remembers the drawn table it looks like (`was`): comparing that with the
// next one (isEqualNode, inside the browser) finds the parts that did not change without
// looking into them. Children are matched by data-cw-key, data-code or data-seat where they
// carry one (a card played from the middle of a hand is one node removed), else by position
// and tag. A card drawing (data-cw-face, see cwCardSvg) is not entered: its children are the
// face named, copied in by cwFillFaces for the nodes listed in `fill`.
//
// The comparison only reads the table shown: it writes down the changes (`ops`, see
// cwApply) and the new nodes (made off the page), and cwApply makes them. So the changes to
// the steps next to the one shown can be worked out ahead, between clicks, faces and all
// (cwPlan), and a click only applies them. (Each node shown is read once, before anything
// changes it, and nodes only move within their parent: the changes written down are those
// the same walk would make as it went.)

function cwKeyOf(n) {
  if (n.nodeType !== 1) return null;
  return n.getAttribute("data-cw-key") ?? n.getAttribute("data-code") ?? n.getAttribute("data-seat");
}

// the changes, four entries each: [what, node, a, b]
const CW_TEXT = 0, CW_SET = 1, CW_UNSET = 2, CW_FACE = 3, CW_REMOVE = 4, CW_INSERT = 5;

/** Write down in `ops` the changes that make `live` (which looks like the drawn `was`, or
 *  null if unknown) look like `now`; new nodes and emptied drawings go in `fill`. */
function cwMorph(live, was, now, ops, fill) {
  if (was && (was === now || was.isEqualNode(now))) return;
  if (live.nodeType !== 1) {
    if (live.nodeValue !== now.nodeValue) ops.push(CW_TEXT, live, now.nodeValue, null);
    return;
  }
  if (!was && live.isEqualNode(now)) return;
  const na = now.attributes;
  let faceChanged = false;
  for (let i = 0; i < na.length; i++) {
    const a = na[i];
    if (live.getAttribute(a.name) !== a.value) {
      if (a.name === "data-cw-face") faceChanged = true;
      ops.push(CW_SET, live, a.name, a.value);
    }
  }
  const la = live.attributes;
  for (let i = la.length - 1; i >= 0; i--) if (!now.hasAttribute(la[i].name)) ops.push(CW_UNSET, live, la[i].name, null);
  if (na.length && now.hasAttribute("data-cw-face")) {
    if (faceChanged) { ops.push(CW_FACE, live, null, null); fill.push([ops.length - 4, now]); }
    return;
  }
  cwMorphChildren(live, was, now, ops, fill);
}

function cwMorphChildren(live, was, now, ops, fill) {
  const L = Array.from(live.childNodes);
  // `was` tells the live children's keys and what they look like, as long as it matches
  const W = was && was.childNodes.length === L.length ? Array.from(was.childNodes) : null;
  const lk = (W || L).map(cwKeyOf);
  const fk = [];
  let keys = null;
  for (let f = now.firstChild; f; f = f.nextSibling) {
    const k = cwKeyOf(f);
    fk.push(k);
    if (k !== null) (keys || (keys = new Set())).add(k);
  }
  const used = new Uint8Array(L.length);
  let j = 0, i = 0;
  for (let f = now.firstChild; f; f = f.nextSibling, i++) {
    // skip the nodes moved up already; a keyed node that is gone goes now (rather than
    // moving the others past it)
    while (j < L.length && (used[j] || (lk[j] !== null && !(keys && keys.has(lk[j]))))) {
      if (!used[j]) ops.push(CW_REMOVE, L[j], null, null);
      j++;
    }
    const key = fk[i];
    let m = -1;
    if (key !== null) {
      for (let c = j; c < L.length; c++) {
        if (!used[c] && lk[c] === key && L[c].nodeName === f.nodeName) { m = c; break; }
      }
    } else if (j < L.length && lk[j] === null && L[j].nodeName === f.nodeName) m = j;
    if (m >= 0) {
      used[m] = 1;
      if (m === j) j++; else ops.push(CW_INSERT, live, L[m], j < L.length ? L[j] : null);
      cwMorph(L[m], W ? W[m] : null, f, ops, fill);
    } else {
      const copy = f.cloneNode(true);
      ops.push(CW_INSERT, live, copy, j < L.length ? L[j] : null);
      fill.push([-1, copy]);
    }
  }
  for (; j < L.length; j++) if (!used[j]) ops.push(CW_REMOVE, L[j], null, null);
}

/** Make the changes written down by cwMorph. A drawing emptied (CW_FACE) gets the children
 *  made ready for it (cwPlan), or none: then it is listed in `fill` for cwFillFaces. */
function cwApply(ops, fill) {
  for (let i = 0; i < ops.length; i += 4) {
    const n = ops[i + 1];
    switch (ops[i]) {
      case CW_TEXT: n.nodeValue = ops[i + 2]; break;
      case CW_SET: n.setAttribute(ops[i + 2], ops[i + 3]); break;
      case CW_UNSET: n.removeAttribute(ops[i + 2]); break;
      case CW_FACE:
        if (ops[i + 3]) n.replaceChildren(...ops[i + 3]);
        else { n.replaceChildren(); fill.push(n); }
        break;
      case CW_REMOVE: n.remove(); break;
      case CW_INSERT: n.insertBefore(ops[i + 2], ops[i + 3]); break;
    }
  }
}

/** The changes from the table shown (`live`, looking like the drawn `was`) to the drawn
 *  `now`, made ready to apply: new nodes with their faces in, and the faces of the drawings
 *  that change (off the page until cwApply). */
function cwPlan(live, was, now, sprite) {
  const ops = [], fill = [];
  cwMorph(live, was, now, ops, fill);
  for (const [at, node] of fill) {
    if (at < 0) { cwFillFaces(node, sprite, now._cwDrawings); continue; }
    const holder = node.cloneNode(false);
    cwFillFaces(holder, sprite, now._cwDrawings);
    ops[at + 3] = Array.from(holder.childNodes);
  }
  return ops;
}

function render({ model, el }) {
  const uid = "cw" + Math.random().toString(36).slice(2, 10);
  let wire = cwExtend(cwWire(), model.get("frames"));
  // meta.static holds the keys every frame shares: frozen too
  const metaOf = () => { const m = model.get("meta"); cwFreeze(m.static); return m; };
  let meta = metaOf(), cards = model.get("cards"), frames = wire.frames;
  let merged = [];
  let pos = Math.min(model.get("step") || 0, frames.length - 1);
  let timer = null;
  let waiting = false;
  // built tables by step, so stepping back and forth just swaps a node in
  const tableCache = new Map();
  const drawCache = new Map();   // pieces a table module may reuse (e.g. board pictures)
  const drawings = new Map();    // key -> {id, el}: the parts drawn once (ctx.drawn)
  let heading = 1;               // the direction of the last step, to build ahead
  let summary = null;   // hands played and phase-jump targets, computed once per data change
  let ahead = null;              // the pending look-ahead (lookAhead)
  let soon = null;               // the pending changes worked out ahead (planAhead)
  let pendingFocus = null;
  let sentFrom = null;           // what had the focus when the last move was sent       // where focus goes after the next redraw ("moves", "stepper")
  // the changes from the table shown to the steps next to it, worked out ahead (aheadWork):
  // step -> {live, was, now, z, key, ops}; all dropped when the table shown changes
  const plans = new Map();
  const stepStats = { ahead: 0, now: 0 };   // steps shown from changes worked out ahead / at the click

  const frameAt = (k) => {
    if (!merged[k]) merged[k] = Object.assign({}, meta.static, frames[k]);
    return merged[k];
  };
  const playing = () => model.get("play_as") !== null && model.get("play_as") !== undefined;
  const nameOf = (s) => meta.players[s];

  // ---- build once ----------------------------------------------------------------------
  const root = cwEl("div", "cw-root", el);
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "group");

  // the short way to the moves: the first thing Tab reaches in the widget (also the M key)
  const skip = cwEl("button", "cw-skip", root, "Skip to the moves (M)");
  skip.type = "button";
  skip.addEventListener("click", () => focusMoves());

  const head = cwEl("div", "cw-head", root);
  const titleBox = cwEl("div", "cw-titlebox", head);
  const title = cwEl("div", "cw-title", titleBox);
  title.setAttribute("role", "heading");
  title.setAttribute("aria-level", "3");
  const sub = cwEl("div", "cw-sub", titleBox);
  const dealEl = cwEl("span", "cw-deal", sub);
  const phaseEl = cwEl("span", "cw-phase", sub);
  const stepEl = cwEl("span", "cw-stepno", sub);

  const who = cwEl("div", "cw-who", head);
  const viewLabel = cwEl("label", "cw-label", who, "View ");
  const seatSel = cwEl("select", "cw-seat-select", viewLabel);
  seatSel.setAttribute("aria-label", "Whose view to show");
  const playBtn = cwEl("button", "cw-btn cw-play-btn", who);
  playBtn.type = "button";
  // play mode: how well the computer players play (the levels Python offers)
  const levelLabel = cwEl("label", "cw-label cw-level", who, "Computer players ");
  const levelSel = cwEl("select", "cw-level-select", levelLabel);
  levelSel.setAttribute("aria-label", "How well the computer players play");
  levelLabel.hidden = true;
  levelSel.addEventListener("change", () => tell({ type: "level", level: levelSel.value }));

  // the board on the left (or on top), the controls and the comment beside it (or below)
  const body = cwEl("div", "cw-body", root);
  const tableHost = cwEl("div", "cw-table", body);
  const measureBox = cwEl("div", "cw-measure-box", body);
  measureBox.setAttribute("aria-hidden", "true");
  const measurer = cwEl("div", "cw-measure cw-table", measureBox);
  const sprite = cwSprite(root, uid);
  const side = cwEl("div", "cw-side", body);

  const stepper = cwEl("div", "cw-stepper", side);
  stepper.setAttribute("role", "toolbar");
  stepper.setAttribute("aria-label", "Step through the game");
  const mk = (cls, text, label, fn, parent) => {
    const b = cwEl("button", "cw-btn " + cls, parent || stepper, text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.title = label;
    b.addEventListener("click", fn);
    return b;
  };
  const stepBtns = cwEl("span", "cw-step-btns", stepper);
  const firstBtn = mk("cw-first", "« First", "First step (Home)", () => go(0), stepBtns);
  const backBtn = mk("cw-back", "‹ Back", "Step back (←)", () => go(pos - 1), stepBtns);
  const nextBtn = mk("cw-next", "Next ›", "Next step (→)", () => go(pos + 1), stepBtns);
  const lastBtn = mk("cw-last", "Last »", "Last step (End)", () => go(frames.length - 1), stepBtns);
  const slider = cwEl("input", "cw-slider", stepper);
  slider.type = "range";
  slider.min = "0";
  slider.setAttribute("aria-label", "Step");
  slider.addEventListener("input", () => go(Number(slider.value)));
  const autoBox = cwEl("span", "cw-auto-box", stepper);
  const autoBtn = mk("cw-auto", "▶ Autoplay", "Autoplay: step forward by itself", () => toggleAuto(), autoBox);
  const speedSel = cwEl("select", "cw-speed", autoBox);
  speedSel.setAttribute("aria-label", "Autoplay speed");
  for (const [label, ms] of CW_SPEEDS) { const o = cwEl("option", null, speedSel, label); o.value = String(ms); }
  speedSel.value = "1000";
  speedSel.addEventListener("change", () => { if (timer) { toggleAuto(); toggleAuto(); } });

  const jumps = cwEl("div", "cw-jumps", side);
  jumps.setAttribute("role", "toolbar");
  jumps.setAttribute("aria-label", "Jump to the start of a phase");

  const lower = cwEl("div", "cw-lower", side);
  const explain = cwEl("section", "cw-explain", lower);
  explain.setAttribute("aria-label", "What happened");
  const explainTitle = cwEl("div", "cw-section-title", explain, "What happened");
  const aboutEl = cwEl("div", "cw-about", explain);
  const what = cwEl("p", "cw-what", explain);
  what.setAttribute("aria-live", "polite");
  const ruleBox = cwEl("div", "cw-rules", explain);
  // the teacher's view: why a computer player made the move (Python sends it there only)
  const reasonEl = cwEl("p", "cw-reason", explain);
  reasonEl.hidden = true;
  const comment = cwEl("div", "cw-comment", explain);

  const now = cwEl("section", "cw-now", lower);
  now.setAttribute("aria-label", "What can happen now");
  const nowTitle = cwEl("div", "cw-section-title", now, "Now");
  // a guided hand (GameWidget.tutorial): the coach's words, above the moves (drawCoach)
  const coachBox = cwEl("div", "cw-coach", now);
  coachBox.setAttribute("aria-live", "polite");
  coachBox.hidden = true;
  // the result of a hand, at the step that ends it (frame.hand_end): see drawResult
  const resultBox = cwEl("div", "cw-result", now);
  resultBox.hidden = true;
  resultBox.setAttribute("role", "region");
  resultBox.setAttribute("aria-label", "The result of the hand");
  const nowWho = cwEl("p", "cw-now-who", now);
  const legalBox = cwEl("div", "cw-legal", now);
  // the rules' sentences that settled the hand: below Next hand (drawResult)
  const resultHow = cwEl("ol", "cw-result-how", now);
  resultHow.setAttribute("aria-label", "How the hand was settled");
  resultHow.hidden = true;
  const notice = cwEl("div", "cw-notice", now);
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "assertive");

  const logSec = cwEl("section", "cw-log-sec", lower);
  const logTitle = cwEl("div", "cw-section-title", logSec, "Earlier steps");
  const logBox = cwEl("ol", "cw-log", logSec);
  logBox.setAttribute("aria-label", "Earlier steps");
  const keys = cwEl("p", "cw-keys", side, "Keys: ← → step · Home / End first / last · M the moves");

  // a hidden path used only to time a bare round trip to the kernel (benchmarks)
  const echoBtn = cwEl("button", "cw-echo-btn", root);
  echoBtn.type = "button"; echoBtn.hidden = true; echoBtn.tabIndex = -1;
  echoBtn.setAttribute("aria-hidden", "true");
  const echoOut = cwEl("span", "cw-echo-out", root);
  echoOut.hidden = true;
  // for the browser tests: every frame as a table module gets it (ctx.frame); the table shown
  // and the same step's table drawn afresh (as HTML, faces filled in), which must agree
  root.cwFrames = () => frames.map((_, k) => frameAt(k));
  root.cwStepStats = stepStats;
  // the zoom and the space the table is fitted to (availW x availH px)
  root.cwFit = () => ({ z: fit.z, availW: fit.availW, availH: fit.availH, wide: root.classList.contains("cw-wide") });
  root.cwFreshTable = () => {
    const drawn = drawTableAt(pos, pos === frames.length - 1 && playing() && !waiting);
    cwFillFaces(drawn, sprite, drawn._cwDrawings);
    return drawn;
  };
  echoBtn.addEventListener("click", () => model.send({ type: "echo", t: String(performance.now()) }));

  // ---- fitting the table to the width we have ---------------------------------------------
  // The table is laid out at the width of its column divided by a zoom z <= 1 and drawn at
  // z, so it fills the column: narrow widgets first reflow the table (its own flex-wrap),
  // then scale it. z is the largest zoom at which nothing sticks out sideways and (when the
  // explanation is beside it) the table fits the visible height. It only shrinks while the
  // space stays the same, so the table does not jump from step to step; when the space
  // changes (the widget's width, the height of the page area it scrolls in, the window),
  // the zoom is measured again, so it grows back when the space grows.
  let fit = { key: "", z: 1, availW: 0, availH: 0 };
  let sizes = null;      // the ResizeObserver (made below)
  let scrollEl = null;   // the page area the widget scrolls in, watched for its height

  /** The height of the page area the widget scrolls in (the notebook panel, or the window). */
  function scroller() {
    const win = window.innerHeight || 800;
    for (let e = root.parentElement; e && e !== document.body; e = e.parentElement) {
      const o = getComputedStyle(e).overflowY;
      if ((o === "auto" || o === "scroll") && e.clientHeight > 0 && e.scrollHeight > e.clientHeight + 1) {
        watchScroller(e);
        return Math.min(win, e.clientHeight);
      }
    }
    watchScroller(null);
    return win;
  }

  function watchScroller(e) {
    if (e === scrollEl) return;
    if (sizes && scrollEl) sizes.unobserve(scrollEl);
    scrollEl = e;
    if (sizes && e) sizes.observe(e);
  }

  function layoutMode() {
    const w = root.clientWidth;
    if (!w) return false;
    const wide = w >= CW_WIDE, narrow = w < CW_NARROW;
    root.classList.toggle("cw-wide", wide);
    root.classList.toggle("cw-stacked", !wide);
    root.classList.toggle("cw-narrow", narrow);
    homeCoach();   // (the coach's place depends on the layout, and the table's width on it)
    const availW = tableHost.clientWidth;
    const view = scroller();
    const headH = head.offsetHeight + 24;
    // beside the table: the table fits the visible height; above the controls: it leaves
    // room for them and the start of the explanation, but shrinks at most 15% for that.
    // In play mode the table fits the visible height whatever the layout: the student's own
    // hand and the moves drawn at the seat are at its bottom, and must be in the window
    const play = playing();
    const availH = wide || play ? Math.max(320, view - headH - 16 - (play && !wide && !narrow ? CW_NOW_ROOM : 0))
      : Math.max(300, view - headH - 190);
    // (a narrow column, under CW_NARROW px, is scrolled in: shrinking it to fit the height
    // would make its cards too small to read, so there it shrinks at most 15% too)
    const floor = wide ? 0 : play && !narrow ? 0.6 : 0.85;
    const key = `${availW}x${Math.round(availH)}`;
    if (key !== fit.key) fit = { key, z: 1, availW, availH, floor, measured: false };
    return true;
  }

  /** Whether the table shown fits its column at the zoom it has: nothing sticks out sideways,
   *  and it is no taller than the height it may take. (A table only needs measuring when it
   *  does not: the zoom only shrinks while the space stays the same.) */
  function fitsNow(node) {
    if (tableHost.scrollWidth > tableHost.clientWidth + 1) return false;
    return node.getBoundingClientRect().height <= fit.availH + 1;
  }

  /** The largest zoom at which `node` fits the column, sideways and (where it may take only
   *  so much height) in height: measured off screen, once per size. A smaller zoom lays the
   *  table out wider (less wrapped) and so no taller, so the zoom that fits the width is
   *  tried first, then the largest that fits the height is found by bisection (to 1/200). */
  function zoomFor(node) {
    if (node._cwFit && node._cwFit.key === fit.key) return node._cwFit.z;
    const { availW, availH } = fit;
    if (!availW) return 1;
    // the table shown is measured as a copy (moving it would lose the keyboard focus)
    const probe = node.isConnected ? node.cloneNode(true) : node;
    measurer.replaceChildren(probe);
    const zoom0 = probe.style.zoom, width0 = probe.style.width;
    probe.style.zoom = ""; probe.style.width = "";
    // the table drawn at zoom z as the column shows it (zoomTo: laid out at the width
    // availW / z): its height, and whether anything sticks out sideways (measured at the
    // zoom itself: text and borders drawn small round differently, a few px on a table)
    const at = (z) => {
      probe.style.zoom = z < 1 ? String(z) : "";
      probe.style.width = z < 1 ? (availW / z) + "px" : "";
      return { h: probe.getBoundingClientRect().height, over: measurer.scrollWidth > availW + 1 };
    };
    const fits = (m) => !m.over && m.h <= availH + 1;
    measurer.style.width = "min-content";
    const minW = Math.max(1, measurer.offsetWidth);
    measurer.style.width = availW + "px";
    let z = Math.min(1, availW / minW);
    let m = at(z);
    if (m.over) { z = Math.min(z, z * availW / measurer.scrollWidth); m = at(z); }
    const zWidth = z;
    if (!fits(m)) {
      // the largest zoom in [lo, hi] that fits: lo fits (or is the smallest we go), hi not
      let lo = Math.max(CW_MIN_ZOOM, (fit.floor || 0) * zWidth), hi = z;
      if (lo < hi && !fits(at(lo))) hi = lo;
      while (hi - lo > 0.005) {
        const mid = (lo + hi) / 2;
        if (fits(at(mid))) lo = mid; else hi = mid;
      }
      z = lo;
    }
    z = Math.max(CW_MIN_ZOOM, Math.floor(z * 1000) / 1000);
    measurer.replaceChildren();
    measurer.style.width = "";
    probe.style.zoom = zoom0; probe.style.width = width0;
    node._cwFit = { key: fit.key, z };
    return z;
  }

  // Stepping never waits for a measurement: the zoom is measured once for the first table
  // (and after a resize); a table not measured yet is shown at the current zoom and measured
  // just after it is drawn (lookAhead: the zoom shrinks then if it must).
  function place(node) {
    if (!fit.key && !layoutMode()) { node.style.zoom = ""; node.style.width = ""; return; }
    if (node._cwFit && node._cwFit.key === fit.key) {
      if (node._cwFit.z < fit.z) fit.z = node._cwFit.z;
    } else if (!fit.measured) {
      fit.z = Math.min(fit.z, zoomFor(node));
      fit.measured = true;
    }
    applyZoom(node);
  }

  function applyZoom(node) {
    const z = fit.z;
    if (root.dataset.zoom !== String(z)) root.dataset.zoom = String(z);
    zoomTo(node, z);
  }

  function zoomTo(node, z) {
    const zoom = z < 1 ? String(z) : "", width = z < 1 ? (fit.availW / z) + "px" : "";
    if (node.style.zoom !== zoom) node.style.zoom = zoom;
    if (node.style.width !== width) node.style.width = width;
  }

  // ---- focus: kept in the widget on the next sensible control ----------------------------
  function usable(e) {
    return alive(e) && e.offsetParent !== null;
  }
  // the same without asking for the layout (cheap enough for every step)
  function alive(e) { return !!e && e.isConnected && !e.disabled && e !== root && root.contains(e); }

  function moveTargets() {
    const q = [...coachBox.querySelectorAll(".cw-coach-btn")];
    const at = tableHost.firstChild;
    if (at) {
      q.push(...at.querySelectorAll("button.cw-card--legal"));
      q.push(...at.querySelectorAll("[data-cw-move]"));
    }
    q.push(...legalBox.querySelectorAll(".cw-next-hand, .cw-move, .cw-amount-select, .cw-amount-input, .cw-restart, .cw-back-to-game, .cw-goto-moves"));
    return q.filter(usable);
  }

  /** Focus the first move (play mode), or the way to take a seat (watching). */
  function focusMoves() {
    const t = moveTargets();
    if (t.length) { t[0].focus(); return true; }
    if (!playing()) { (seatSel.value === "" || playBtn.disabled ? seatSel : playBtn).focus(); return true; }
    return focusStepper();
  }

  function focusStepper() {
    for (const b of [nextBtn, backBtn, firstBtn]) if (usable(b)) { b.focus(); return true; }
    root.focus();
    return true;
  }

  function describe(e) {
    if (!e || !root.contains(e)) return null;
    if (e.classList.contains("cw-jump")) return `.cw-jump[data-keys="${e.dataset.keys}"]`;
    if (e.classList.contains("cw-card") && e.dataset.code) return `button.cw-card[data-code="${e.dataset.code}"]`;
    if (e.classList.contains("cw-move") && e.dataset.kind) return `.cw-move[data-kind="${e.dataset.kind}"]`;
    return null;
  }

  function restoreFocus(intent, selector) {
    if (intent === "moves") return focusMoves();
    if (intent === "stepper") return focusStepper();
    if (selector) {
      const e = root.querySelector(selector);
      if (usable(e)) { e.focus(); return true; }
    }
    if (playing() && moveTargets().length) return focusMoves();
    return focusStepper();
  }

  // ---- actions ---------------------------------------------------------------------------
  function send(action) {
    if (waiting) return;
    const msg = { type: "act", action, at: frames.length - 1 };
    // the kernel reads no message over 64 KB (a move is a few dozen bytes): refuse it here
    if (JSON.stringify(msg).length > 64 * 1024) {
      notice.textContent = "message: this move is over 64 KB, far more than any move; it was not sent";
      notice.className = "cw-notice cw-notice--refused";
      return;
    }
    waiting = true;
    pendingFocus = "moves";
    sentFrom = document.activeElement;
    tell(msg);
  }

  function go(k, intent) {
    k = Math.max(0, Math.min(frames.length - 1, k));
    if (k === pos) return;
    heading = k < pos ? -1 : 1;
    pos = k;
    pendingFocus = intent || null;
    show();
    lastGo = performance.now();
    if (!saving) saving = setTimeout(saveSoon, CW_QUIET);
  }

  // Python hears of the step shown once the stepping has paused (CW_QUIET ms without a
  // step, then when the page is idle): one message for a run of steps, and neither it nor
  // the kernel's answer lands while a person is clicking through. Any other message to
  // Python sends the step first (tell), so Python always reads them at the step shown.
  let saving = null, savingIdle = false, lastGo = 0;
  function saveSoon() {
    const wait = lastGo + CW_QUIET - performance.now();
    if (wait > 1) { saving = setTimeout(saveSoon, wait); return; }
    savingIdle = typeof requestIdleCallback === "function";
    saving = savingIdle ? requestIdleCallback(saveStep, { timeout: CW_QUIET }) : setTimeout(saveStep, 0);
  }
  function saveStep() {
    if (saving === null) return;
    if (savingIdle) cancelIdleCallback(saving); else clearTimeout(saving);
    saving = null; savingIdle = false;
    if (!frames.length || model.get("step") === pos) return;
    model.set("step", pos);
    model.save_changes();
  }
  /** Send Python a message, the step shown first if Python has not heard of it yet. */
  function tell(msg) {
    if (saving !== null) saveStep();
    model.send(msg);
  }

  function toggleAuto() {
    if (timer) { clearInterval(timer); timer = null; }
    else {
      if (pos >= frames.length - 1) go(0);
      timer = setInterval(() => {
        if (pos >= frames.length - 1) { toggleAuto(); return; }
        go(pos + 1);
      }, Number(speedSel.value));
    }
    autoBtn.textContent = timer ? "‖ Pause" : "▶ Autoplay";
    autoBtn.setAttribute("aria-pressed", timer ? "true" : "false");
  }

  root.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowLeft: () => go(pos - 1), ArrowRight: () => go(pos + 1), Home: () => go(0),
      End: () => go(frames.length - 1), m: () => focusMoves(), M: () => focusMoves() };
    if (moves[e.key]) { e.preventDefault(); e.stopPropagation(); moves[e.key](); }
    else if (e.key === "Enter" && heldKey(e)) { e.preventDefault(); e.stopPropagation(); }
  });

  seatSel.addEventListener("change", () => {
    const seat = seatSel.value === "" ? null : Number(seatSel.value);
    waiting = true;
    tell({ type: "take_seat", seat, play: false, at: pos });
  });
  playBtn.addEventListener("click", () => {
    const seat = seatSel.value === "" ? null : Number(seatSel.value);
    if (playing()) tell({ type: "take_seat", seat: model.get("play_as"), play: false, at: pos });
    else if (seat !== null) { pendingFocus = "moves"; sentFrom = document.activeElement; tell({ type: "take_seat", seat: playerOf(seat), play: true, at: pos }); }
  });
  /** The seat whose player makes `s`'s moves (meta.played_by; the seat itself in most games). */
  function playerOf(s) {
    const by = meta.played_by;
    return by && Number.isInteger(by[s]) ? by[s] : s;
  }

  // ---- drawing --------------------------------------------------------------------------
  // A step changes only what differs from the step before: a text, a property or a part
  // written again with the same value would still be restyled and laid out again.
  function put(e, text) {
    // a text of its own: changed in place (cheaper than a new text node)
    const t = e.firstChild;
    if (t && t.nodeType === 3 && !t.nextSibling && text) { if (t.nodeValue !== text) t.nodeValue = text; }
    else if (e.textContent !== text) e.textContent = text;
  }
  function set(e, prop, value) { if (e[prop] !== value) e[prop] = value; }

  function summarise() {
    if (summary) return summary;
    summary = { played: 0, firsts: {}, over: -1, dealStart: {} };
    for (let k = 0; k < frames.length; k++) {
      const g = frameAt(k);
      if (g.phase !== openingPhase() && g.phase !== "over") summary.played = Math.max(summary.played, g.deal);
      const key = g.deal + "|" + g.phase;
      if (!(key in summary.firsts)) summary.firsts[key] = k;
      if (!(g.deal in summary.dealStart)) summary.dealStart[g.deal] = k;
      if (g.phase === "over" && summary.over < 0) summary.over = k;
    }
    summary.resultAt = resultTargets();
    return summary;
  }

  /** The phase each hand opens with (Poch's ante, the deal of Truk, Truc and Pocha): a step
   *  in it after the first, in a hand never played on, is the end of the hand before. */
  function openingPhase() { return meta.phases && meta.phases.length ? meta.phases[0].key : "ante"; }

  /** At a step that ends a hand, the header says "End of the hand" (the next hand's ante
   *  or deal has not been played). */
  function handOverAt(f) {
    if (f.phase !== openingPhase() || !(f.step > 0)) return false;
    // a step that ends a hand carries its result (hand_end), in any mode
    return (!!f.hand_end && !f.finished) || (f.deal > summarise().played && !playing());
  }

  function dealLabel(f) {
    // (a game that names its hands, Pocha: the hand that ended, not the next one's label)
    if (f.hand_end && f.hand_label && handOverAt(f)) return `${cwCap(f.hand_end.hand)} · finished`;
    if (f.hand_label) return f.hand_label;
    const played = summarise().played;
    const agreed = meta.deals_agreed;
    const total = playing() ? agreed : Math.max(played, 1);
    const word = handWord(), Word = cwCap(word);
    if (f.phase === "over") return `Game over after ${played} ${word}${played === 1 ? "" : "s"}`;
    if (handOverAt(f)) return total ? `${Word} ${f.deal - 1} of ${total} · finished` : `${Word} ${f.deal - 1} · finished`;
    return total ? `${Word} ${f.deal} of ${total}` : `${Word} ${f.deal}`;
  }

  /** What the game calls one of its rounds: "hand", or the word its table declares
   *  (`handWord`: Poch's "deal"), as the result's title does. */
  function handWord() { return (CW_TABLES[meta.game] || {}).handWord || "hand"; }

  function phaseLabel(f) { return handOverAt(f) ? `End of the ${handWord()}` : f.phase_title; }

  function drawHead(f) {
    put(title, meta.title + (meta.record_title ? ` · ${meta.record_title}` : ""));
    put(dealEl, dealLabel(f));
    put(phaseEl, phaseLabel(f));
    if (phaseEl.dataset.phase !== f.phase) phaseEl.dataset.phase = f.phase;
    put(stepEl, `Step ${pos} of ${frames.length - 1}`);
    // whose view
    const seat = model.get("seat");
    // a widget locked to one seat (meta.locked) offers only that seat's view: the kernel
    // refuses the teacher's view and the other seats there
    const locked = meta.locked !== null && meta.locked !== undefined;
    const offer = (locked ? "locked" + meta.locked : "all") + "\u0000" + meta.players.join("\u0000");
    if (seatSel.dataset.offer !== offer) {
      seatSel.dataset.offer = offer;
      seatSel.textContent = "";
      if (!locked) { const o = cwEl("option", null, seatSel, "Teacher: all cards face up"); o.value = ""; }
      meta.players.forEach((p, s) => {
        if (locked && s !== meta.locked) return;
        const op = cwEl("option", null, seatSel, CW_SAY.view(p, 40));
        op.value = String(s); op.title = CW_SAY.view(p);
      });
    }
    set(seatSel, "value", seat === null || seat === undefined ? "" : String(seat));
    set(seatSel, "title", seat === null || seat === undefined ? "Teacher: all cards face up" : CW_SAY.view(nameOf(seat)));
    set(seatSel, "disabled", playing() || locked);
    if (playing()) {
      put(playBtn, CW_SAY.stop(nameOf(model.get("play_as")), 40));
      set(playBtn, "disabled", false);
      set(playBtn, "title", CW_SAY.stopTitle(nameOf(model.get("play_as"))));
    } else if (seat === null || seat === undefined) {
      put(playBtn, "Play a seat…");
      set(playBtn, "disabled", true);
      set(playBtn, "title", "Choose a player's view first, then play that seat");
    } else {
      // a hand nobody sits at (Truk's open hand) is played from the seat that plays it
      put(playBtn, CW_SAY.playFrom(nameOf(playerOf(seat)), 40));
      set(playBtn, "disabled", false);
      set(playBtn, "title", CW_SAY.playTitle(nameOf(playerOf(seat))));
    }
    drawLevel();
  }

  /** Play mode: the computer players' level, a menu (when the built-in players play). */
  function drawLevel() {
    const levels = meta.levels || [];
    const show = playing() && meta.level !== null && meta.level !== undefined && levels.length > 0;
    set(levelLabel, "hidden", !show);
    if (!show) return;
    const offer = levels.map((l) => l.key + "\u0000" + l.words).join("\u0001");
    if (levelSel.dataset.offer !== offer) {
      levelSel.dataset.offer = offer;
      levelSel.textContent = "";
      for (const l of levels) {
        const o = cwEl("option", null, levelSel, cwCap(l.key));
        o.value = l.key; o.title = `${cwCap(l.key)}: ${l.words}`;
      }
    }
    set(levelSel, "value", meta.level);
    const now = levels.find((l) => l.key === meta.level);
    set(levelSel, "title", now ? `${cwCap(now.key)}: ${now.words}` : "");
  }

  function drawStepper() {
    set(slider, "max", String(frames.length - 1));
    set(slider, "value", String(pos));
    const said = `step ${pos} of ${frames.length - 1}`;
    if (slider.getAttribute("aria-valuetext") !== said) slider.setAttribute("aria-valuetext", said);
    for (const b of [firstBtn, backBtn]) set(b, "disabled", pos === 0);
    for (const b of [nextBtn, lastBtn]) set(b, "disabled", pos >= frames.length - 1);
    // phase jumps: the start of each phase of this hand
    const table = CW_TABLES[meta.game] || {};
    const spec = table.phaseJumps || meta.phases.map((p) => ({ label: p.title, keys: [p.key], title: p.title }));
    const f = frameAt(pos);
    // the phase lit is the header's: at the end of a hand, the hand's last phase
    const herePhase = handOverAt(f) && pos > 0 ? frameAt(pos - 1).phase : f.phase;
    const sum = summarise();
    const targets = spec.map((j) => {
      let target = -1;
      // this hand's phase; at the very end (counted as the next hand), the last hand's
      for (const deal of [f.deal, f.deal - 1]) {
        for (const key of j.keys) {
          const k = sum.firsts[deal + "|" + key];
          if (k !== undefined && (target < 0 || k < target)) target = k;
        }
        if (target >= 0) break;
      }
      if (j.keys.includes("over") && target < 0) target = sum.over;
      if (target >= 0 && sum.resultAt[target] !== undefined) target = sum.resultAt[target];
      return target;
    });
    // drawn again only when a target or the phase lit changes (not at every step)
    const sig = JSON.stringify([spec.map((j) => j.label), targets, herePhase]);
    if (jumps.dataset.sig === sig) return;
    jumps.dataset.sig = sig;
    jumps.textContent = "";
    cwEl("span", "cw-jumps-label", jumps, "Jump to:");
    spec.forEach((j, i) => {
      const target = targets[i];
      const b = mk("cw-jump", j.label, `Jump to the start of ${j.title}`, () => go(target), jumps);
      b.dataset.keys = j.keys.join(" ");
      b.disabled = target < 0;
      if (j.keys.includes(herePhase)) { b.classList.add("cw-jump--here"); b.setAttribute("aria-current", "step"); }
    });
  }

  /** Play mode: the moves come first ("Now" above the explanation, both above the
   *  stepper), and the rules' texts are folded (cw-playing, widget.css). */
  function playLayout() {
    const on = playing();
    if (root.classList.contains("cw-playing") !== on) {
      root.classList.toggle("cw-playing", on);
      fit.key = "";   // the table's height leaves room for "Now" in play mode
    }
  }

  /** A rule of the step in the explanation: its id and text; folded in play mode (a click,
   *  or Enter on it, opens the text), so that it does not push the moves away. */
  function ruleEntry(id, fold) {
    if (!fold) {
      const r = cwEl("div", "cw-rule", ruleBox);
      cwEl("span", "cw-rule-id", r, `Rule ${id}`);
      cwEl("span", "cw-rule-text", r, meta.rules[id]);
      return;
    }
    const d = cwEl("details", "cw-rule cw-rule--fold", ruleBox);
    const sum = cwEl("summary", "cw-rule-sum", d);
    cwEl("span", "cw-rule-id", sum, `Rule ${id}`);
    cwEl("span", "cw-rule-more", sum, "the rule's text");
    cwEl("span", "cw-rule-text", d, meta.rules[id]);
  }

  function drawExplain(f) {
    const last = f.last;
    // which step the text is about: the hand and phase the step was played in
    if (last && pos > 0) {
      const g = frameAt(pos - 1);
      const hand = g.hand_label ? cwCap(g.hand_label) : dealLabel(g);
      put(aboutEl, `Step ${pos} · ${hand} · ${phaseLabel(g)}`);
    } else put(aboutEl, "Before the first step");
    put(what, last ? last.text : "The start: nobody has acted yet. Press Next › (or →) to see the first step.");
    // the rule, the reason and the teacher's note: drawn again only when they change
    const rule = last ? last.rule : null;
    if (ruleBox._cwRule !== rule || ruleBox._cwRules !== meta.rules || ruleBox._cwFold !== playing()) {
      ruleBox._cwRule = rule; ruleBox._cwRules = meta.rules; ruleBox._cwFold = playing();
      ruleBox.textContent = "";
      const ids = last ? cwRuleIds(last.rule, meta.rules) : [];
      if (last && !ids.length && last.rule) cwEl("div", "cw-rule-id", ruleBox, `Rule ${last.rule}`);
      for (const id of ids) ruleEntry(id, playing());
      if (last && /our ruling/i.test(last.rule)) cwEl("div", "cw-rule-note", ruleBox, "“Our ruling”: the documents leave this open; cardwidgets decides it as written.");
    }
    const why = last && last.reason && (model.get("seat") === null || model.get("seat") === undefined) ? last.reason : "";
    set(reasonEl, "hidden", !why);
    if (reasonEl._cwWhy !== why) {
      reasonEl._cwWhy = why;
      reasonEl.textContent = "";
      if (why) {
        cwEl("span", "cw-reason-label", reasonEl, "Why (computer player): ");
        cwEl("span", "cw-reason-text", reasonEl, why);
      }
    }
    const note = last && last.comment ? last.comment : "";
    set(comment, "hidden", !note);
    if (comment._cwNote !== note) {
      comment._cwNote = note;
      comment.textContent = "";
      if (note) {
        cwEl("div", "cw-comment-label", comment, "Teacher’s note");
        for (const [label, text] of cwNoteParts(note)) {
          const line = cwEl("div", "cw-comment-part", comment);
          if (label) cwEl("span", "cw-comment-key", line, label + " ");
          cwEl("span", "cw-comment-text", line, text);
        }
      }
    }
    // the few steps before, to follow what the other players did
    let from = Math.max(1, pos - 4);
    if (playing()) {
      // in play mode: every step since your last move, so you see what the others did
      const me = model.get("play_as");
      for (let k = pos; k >= 1; k--) if (frameAt(k - 1).actor === me) { from = Math.max(1, k, pos - 14); break; }
    }
    // one item per step, kept while it stays in the list (a step forward drops the first
    // and adds one at the end)
    const want = [];
    for (let k = from; k < pos; k++) if (frameAt(k).last) want.push(k);
    const have = new Map();
    for (let li = logBox.firstElementChild, next; li; li = next) {
      next = li.nextElementSibling;
      const k = li._cwStep;
      if (want.includes(k) && li._cwLast === frameAt(k).last) have.set(k, li); else li.remove();
    }
    let at = logBox.firstElementChild;
    for (const k of want) {
      let li = have.get(k);
      if (li) {
        if (li === at) { at = at.nextElementSibling; continue; }
      } else {
        const g = frameAt(k);
        li = cwEl("li", "cw-log-item");
        li._cwStep = k; li._cwLast = g.last;
        const b = cwEl("button", "cw-log-btn", li, `${k}. ${g.last.text}`);
        b.type = "button";
        b.title = `Go to step ${k}`;
        b.addEventListener("click", () => go(k, "stepper"));
      }
      logBox.insertBefore(li, at);
    }
    set(logSec, "hidden", !want.length);
  }

  function amountControl(g, f) {
    const table = CW_TABLES[meta.game] || {};
    const words = (table.moveWords || {})[g.kind] || {};
    const wrap = cwEl("span", "cw-amount", legalBox);
    const amounts = g.range ? [] : g.actions.map((l) => l.action.amount);
    const [lo, hi] = g.range || [Math.min(...amounts), Math.max(...amounts)];
    const lab = cwEl("label", "cw-amount-label", wrap);
    cwEl("span", null, lab, (words.before || cwCap(g.kind)) + " ");
    let input;
    if (hi - lo <= 40) {
      input = cwEl("select", "cw-amount-select", lab);
      for (let a = lo; a <= hi; a++) { const o = cwEl("option", null, input, String(a)); o.value = String(a); }
    } else {
      input = cwEl("input", "cw-amount-input", lab);
      input.type = "number"; input.min = String(lo); input.max = String(hi); input.value = String(lo);
    }
    const unit = cwEl("span", "cw-amount-unit", lab);
    const sayUnit = () => {
      const a = Number(input.value);
      const u = words.unit ? " " + (a === 1 ? words.unit[0] : words.unit[1]) : "";
      const after = words.after ? " " + words.after(f, a) : "";
      unit.textContent = u + after;
    };
    sayUnit();
    input.addEventListener("input", sayUnit);
    input.addEventListener("change", sayUnit);
    const unitWord = words.unit ? words.unit[1] : "";
    input.setAttribute("aria-label", `${words.before || cwCap(g.kind)}: how many${unitWord ? " " + unitWord : ""} (${lo} to ${hi})`);
    const base = g.actions[0].action;
    const b = mk("cw-move cw-move--" + g.kind, words.button || cwCap(g.kind),
      `${words.before || cwCap(g.kind)} the chosen number${unitWord ? " of " + unitWord : ""}`, () => {
        // sent as typed: Python checks the amount like any other move
        send(Object.assign({}, base, { amount: Number(input.value) }));
      }, wrap);
    b.dataset.kind = g.kind;
  }

  // ---- the end of a hand: its result, and (play mode) the table waits for "Next hand" ----
  // A frame with `hand_end` (Python: cardwidgets/widget/results.py) shows the result panel:
  // the title, who won the game (at its end), what moved (counter, whose, before -> after)
  // and the rules' sentences that settled the hand, each with its rule. In play mode, while
  // Python holds the table there (model "held"), "Next hand" (Enter) sends {type:
  // "next_hand"}; "Go on by itself" sends it after a pause the student chooses.
  let nextAfter = 0;      // ms: go on by itself after this pause (0: wait for the student)
  let nextTimer = null;

  /** Whether the table waits at this step, the end of a hand, for the student. */
  function heldHere(f) {
    return playing() && !!model.get("held") && !!f.hand_end && pos === frames.length - 1 && !waiting;
  }

  /** Jump targets moved to a hand's result: a step of a hand's last phase (from which only
   *  the rules act till the hand's end) -> the step that ends the hand. */
  function resultTargets() {
    const out = {};
    for (let e = 1; e < frames.length; e++) {
      const r = frameAt(e).hand_end;
      if (!r) continue;
      for (let k = e - 1; k >= Math.max(1, r.start); k--) {
        if (frameAt(k).actor !== -2) break;
        out[k] = e;
      }
    }
    return out;
  }

  function nextHand() {
    if (nextTimer) { clearTimeout(nextTimer); nextTimer = null; }
    if (waiting || !heldHere(frameAt(pos))) return;
    waiting = true;
    pendingFocus = "moves";
    sentFrom = document.activeElement;
    tell({ type: "next_hand", at: frames.length - 1 });
  }

  /** Enter anywhere in the widget (not on a control of its own) goes on from a held end. */
  function heldKey(e) {
    const t = e.target;
    if (t && t !== root && (t.tagName === "BUTTON" || t.tagName === "A" || t.tagName === "SUMMARY")) return false;
    if (!heldHere(frameAt(pos))) return false;
    nextHand();
    return true;
  }

  function drawResult(f) {
    const r = f.hand_end;
    const sig = r ? JSON.stringify([pos, r.title]) : "";
    if (resultBox._cwSig === sig) return;
    resultBox._cwSig = sig;
    resultBox.textContent = "";
    resultHow.textContent = "";
    set(resultBox, "hidden", !r);
    set(resultHow, "hidden", !r);
    now.classList.toggle("cw-now--result", !!r);
    if (!r) return;
    cwEl("div", "cw-result-title", resultBox, r.title);
    if (r.winners && r.winners.length) {
      const names = r.winners.length > 1 ? r.winners.slice(0, -1).join(", ") + " and " + r.winners[r.winners.length - 1] : r.winners[0];
      const you = r.winners.some(cwIsYou);
      cwEl("p", "cw-result-winner", resultBox, you ? "You win the game!" : `${names} ${r.winners.length > 1 ? "win" : "wins"} the game.`);
    }
    if (r.moved && r.moved.length) {
      const table = cwEl("table", "cw-result-moved", resultBox);
      const cap = cwEl("caption", null, table, "What moved");
      cap.className = "cw-result-caption";
      let what = null;
      for (const m of r.moved) {
        const tr = cwEl("tr", null, table);
        const th = cwEl("th", null, tr, m.what === what ? "" : m.what);
        th.scope = "row";
        what = m.what;
        cwEl("td", "cw-result-who", tr, m.who);
        cwEl("td", "cw-result-from", tr, `${m.before} → ${m.after}`);
        const change = m.after - m.before;
        const d = cwEl("td", "cw-result-change cw-result-change--" + (change > 0 ? "up" : "down"), tr,
          (change > 0 ? "+" : "−") + Math.abs(change));
        d.setAttribute("aria-label", `${change > 0 ? "up" : "down"} ${Math.abs(change)}`);
      }
    }
    const how = resultHow;
    // the rules' sentences of the steps that settled the hand (their frames' `last`)
    for (let k = Math.max(1, r.first); k <= pos; k++) {
      const line = frameAt(k).last;
      if (!line) continue;
      const li = cwEl("li", null, how);
      if (line.rule) {
        const ids = cwRuleIds(line.rule, meta.rules);
        const tag = cwEl("span", "cw-result-rule", li, line.rule);
        if (ids.length) tag.title = ids.map((id) => `Rule ${id}: ${meta.rules[id]}`).join("\n\n");
      }
      cwEl("span", "cw-result-text", li, " " + line.text);
    }
  }

  /** Play mode's "Now" while the table waits at a hand's end: Next hand, and the pause. */
  function heldNow(f) {
    const word = String(f.hand_end.hand || "hand").split(" ")[0];
    nowWho.textContent = `This ${word} is over: go on when you are ready.`;
    const b = mk("cw-move cw-next-hand", "Next hand ›", "Next hand (Enter): the computer players go on", () => nextHand(), legalBox);
    b.dataset.kind = "next_hand";
    const lab = cwEl("label", "cw-label cw-next-auto", legalBox, "Go on by itself ");
    const sel = cwEl("select", "cw-next-auto-select", lab);
    sel.setAttribute("aria-label", "Go on to the next hand by itself");
    for (const [words, ms] of [["no, wait for me", 0], ["after 3 s", 3000], ["after 6 s", 6000], ["after 10 s", 10000]]) {
      const o = cwEl("option", null, sel, words); o.value = String(ms);
    }
    sel.value = String(nextAfter);
    sel.addEventListener("change", () => { nextAfter = Number(sel.value); armNext(); });
    armNext();
    // the first time this end is shown: the result and Next hand into the window (below a
    // table fitted to the window, they would be under its bottom edge)
    if (now._cwHeldAt !== frames.length) {
      now._cwHeldAt = frames.length;
      const frame = window.requestAnimationFrame || ((fn) => setTimeout(fn, 16));
      frame(() => { if (now.isConnected && !resultBox.hidden) now.scrollIntoView({ block: "nearest" }); });
    }
  }

  function armNext() {
    if (nextTimer) { clearTimeout(nextTimer); nextTimer = null; }
    if (nextAfter > 0) nextTimer = setTimeout(() => { nextTimer = null; nextHand(); }, nextAfter);
  }

  function drawNow(f) {
    const atHead = pos === frames.length - 1;
    if (nextTimer && !heldHere(f)) { clearTimeout(nextTimer); nextTimer = null; }
    put(nowTitle, f.finished ? (f.hand_end ? "Now · Game over" : "Now") : `Now · ${phaseLabel(f)}`);
    if (playing()) { legalBox.textContent = ""; legalBox._cwSaid = null; playNow(f, atHead); return; }
    // watching: words only, drawn again only where they differ from the step before
    const w = watchNow(f, atHead);
    put(nowWho, w.who);
    const said = w.ul ? "ul\u0000" + w.ul.join("\u0000") : w.p ? "p\u0000" + w.p : "";
    if (legalBox._cwSaid === said) return;
    legalBox._cwSaid = said;
    legalBox.textContent = "";
    if (w.p) cwEl("p", "cw-small", legalBox, w.p);
    if (w.ul) {
      const ul = cwEl("ul", "cw-legal-list", legalBox);
      ul.setAttribute("aria-label", "Legal actions now");
      for (const words of w.ul) cwEl("li", null, ul, words);
    }
  }

  /** Play mode's "Now": the moves (buttons) when it is your turn. */
  function playNow(f, atHead) {
    if (f.finished) {
      nowWho.textContent = "The game is over.";
      if (atHead) {
        mk("cw-restart", "Play again", "Start a new game with the same players", () => { waiting = true; pendingFocus = "moves"; sentFrom = document.activeElement; tell({ type: "restart" }); }, legalBox);
      }
      return;
    }
    const me = model.get("play_as");
    if (!atHead) {
      nowWho.textContent = `You are looking back at step ${pos}. The game is at step ${frames.length - 1}.`;
      mk("cw-back-to-game", "Back to the game »", "Go to the last step to play", () => go(frames.length - 1, "moves"), legalBox);
      return;
    }
    if (heldHere(f)) { heldNow(f); return; }
    if (f.actor !== me) { nowWho.textContent = CW_SAY.waiting(f.actor_name); return; }
    const groups = cwGroupLegal(f.legal);
    const drawn = tableHost.firstChild;
    const own = (kind) => drawn && drawn.querySelector(`[data-cw-move="${kind}"]`);
    const cardsToClick = drawn && drawn.querySelector("button.cw-card--legal");
    nowWho.textContent = CW_SAY.yourTurn(nameOf(me)) + (cardsToClick ? " click a card or choose a move." : " choose a move.");
    const pointed = new Set();
    for (const g of groups) {
      if (own(g.kind)) {
        // the table draws these moves itself (e.g. Pocha's bids at the seat): say so, and
        // give a way to them (one for each kind: Truk's signals are six moves of one kind)
        if (pointed.has(g.kind)) continue;
        pointed.add(g.kind);
        const many = groups.filter((h) => h.kind === g.kind).length;
        const words = many > 1 ? `${cwCap(g.kind)} (${many} choices)` : cwGroupWords(g);
        const b = mk("cw-goto-moves", `${words}: at your seat ↓`, `${words}: the buttons at your seat`, () => {
          const t = tableHost.firstChild && [...tableHost.firstChild.querySelectorAll(`[data-cw-move="${g.kind}"]`)].find(usable);
          if (t) t.focus();
        }, legalBox);
        b.dataset.kind = g.kind;
      } else if (g.amount) {
        amountControl(g, f);
      } else {
        for (const l of g.actions) {
          const b = mk("cw-move cw-move--" + l.action.kind, l.label, l.label, () => send(l.action), legalBox);
          b.dataset.kind = l.action.kind;
        }
      }
    }
  }

  /** Watching: who acts next and what they may do: the words for nowWho (`who`) and what
   *  goes below them, a paragraph (`p`) or a list of the legal moves (`ul`) or nothing. */
  function watchNow(f, atHead) {
    if (f.finished) return { who: "The game is over." };
    const groups = cwGroupLegal(f.legal);
    if (atHead) {
      // a record that stops before the game's end: Next is disabled, so say so
      if (!groups.length) return { who: "The record ends here." };
      const then = f.actor >= 0 ? cwSays(f.players[f.actor], "would act next") : f.actor === -1 ?
        "the dealer would shuffle and deal next" : "the rules would act next by themselves";
      return { who: "The record ends here.", p: `If the game went on, ${then}: ${groups.map(cwGroupWords).join("; ")}.` };
    }
    const who = f.actor === null || f.actor === undefined ? "" :
      f.actor >= 0 ? cwSays(f.players[f.actor], "is to act.") :
      f.actor === -1 ? "Next the dealer shuffles and deals." : "Next the rules act by themselves:";
    if (groups.length) return { who, ul: groups.map(cwGroupWords) };
    if (model.get("seat") !== null && f.actor !== model.get("seat")) {
      return { who, p: "Only the player to act sees their choices in a seat’s view." };
    }
    return { who };
  }

  // The tables drawn by step (off the page): the table shown is changed to look like the
  // step's (cwMorph), so stepping back and forth never draws a step twice. A table drawn
  // where a person acts (ctx.atHead) carries event listeners, which a copy would lose: it is
  // shown itself, and the next step's table replaces it.
  function buildTable(k) {
    const atHead = k === frames.length - 1 && playing() && !waiting;
    const key = `${k}|${atHead}`;
    let node = tableCache.get(key);
    if (node) return node;
    node = drawTableAt(k, atHead);
    if (tableCache.size >= CW_KEEP_TABLES) tableCache.delete(tableCache.keys().next().value);
    tableCache.set(key, node);
    return node;
  }

  /** The step whose table is drawn at step k. At a hand's end (its result shown, and not
   *  the game's end) the step that ends the hand already holds the next deal: the table
   *  is the one the hand's last move left (the last trick still on the felt), drawn without
   *  moves; the result, the header and "Now" are step k's, and so is the score the table
   *  shows (ctx.scored: the frame of step k, or null when the felt is step k's own). A game
   *  whose table shows its hand's end itself says `keepsHandEnd` (Truk, Poch). */
  function feltStep(k) {
    const f = frameAt(k);
    const r = f.hand_end;
    if (!r || f.finished || (CW_TABLES[f.game] || {}).keepsHandEnd) return k;
    for (let j = k - 1; j > Math.max(0, r.start); j--) if (frameAt(j - 1).actor >= 0) return j;
    return k;
  }

  /** The table of step k, drawn by the game's module (off the page, faces not filled in). */
  function drawTableAt(k, atHead) {
    const j = feltStep(k);
    // at a hand's end the felt is step j's; the score (ctx.scored) is the result's, step k's
    const scored = j !== k ? frameAt(k) : null;
    if (j !== k) { atHead = false; k = j; }
    const f = frameAt(k);
    const node = document.createElement("div");
    node.className = "cw-table-inner";
    node._cwLive = atHead;
    node._cwDrawings = new Map();   // the drawings (ctx.drawn) this table shows, by id
    const table = CW_TABLES[f.game];
    const over = handOverAt(f);
    const start = summarise().dealStart[over ? f.deal - 1 : f.deal];
    const ctx = {
      host: node, frame: f, prev: k > 0 ? frameAt(k - 1) : null, scored, meta, cards, uid, sprite, cache: drawCache,
      viewer: model.get("seat"), human: playing() ? model.get("play_as") : null, atHead,
      // the first step of this hand (for what changed over the whole hand), or null
      handStart: start !== undefined && start < k ? frameAt(start) : null,
      handOver: over,
      playCard: (code) => send({ kind: "play", seat: model.get("play_as"), card: code }),
      act: (action) => send(Object.assign({ seat: model.get("play_as") }, action)),
      drawn: (key, draw) => drawnOnce(node, key, draw),
    };
    if (table) table.render(ctx);
    else cwEl("p", "cw-small", node, `No table drawing for ${f.game} yet.`);
    if (atHead) cwMarkRefused(node, f, uid);
    return node;
  }

  // ctx.drawn(key, draw): an SVG part that depends only on `key`, drawn once per widget. The
  // table gets the part's element without its children (marked data-cw-face); they are
  // copied in only where the table is shown, and a step that keeps the key keeps them.
  let drawnId = 0;
  function drawnOnce(host, key, draw) {
    let d = drawings.get(key);
    if (!d) {
      d = { id: "d" + (++drawnId), el: draw() };
      drawings.set(key, d);
      if (drawings.size > 400) drawings.delete(drawings.keys().next().value);
    }
    host._cwDrawings.set(d.id, d.el);
    const el = d.el.cloneNode(false);
    el.setAttribute("data-cw-face", d.id);
    return el;
  }

  function drawTable() {
    const fresh = buildTable(pos);
    const shown = tableHost.firstChild;
    if (!shown || shown._cwWas !== fresh) {
      place(fresh);
      const fill = [];
      const plan = plans.get(pos);
      plans.clear();
      if (shown && shown._cwMorph && !fresh._cwLive) {
        if (plan && plan.live === shown && plan.was === shown._cwWas && plan.now === fresh &&
            plan.z === fit.z && plan.key === fit.key) {
          cwApply(plan.ops, fill);   // worked out ahead: faces and all
          stepStats.ahead++;
        } else {
          const ops = [], made = [];
          cwMorph(shown, shown._cwWas, fresh, ops, made);
          cwApply(ops, fill);
          for (const [at, node] of made) if (at < 0) fill.push(node);
          stepStats.now++;
        }
        shown._cwWas = fresh;
        shown._cwFit = fresh._cwFit;
      } else if (!fresh._cwLive) {
        // a copy, so that the drawn table stays as drawn (for the next comparison)
        const node = fresh.cloneNode(true);
        node._cwMorph = true; node._cwWas = fresh; node._cwFit = fresh._cwFit;
        tableHost.replaceChildren(node);
        fill.push(node);
      } else {
        // where a person acts: the drawn table itself (it carries the event listeners); it
        // is never changed into another step's table (_cwMorph), only replaced
        fresh._cwMorph = false; fresh._cwWas = fresh;
        tableHost.replaceChildren(fresh);
        fill.push(fresh);
      }
      for (const node of fill) cwFillFaces(node, sprite, fresh._cwDrawings);
      applyZoom(tableHost.firstChild);
      // words the table gives the shell's CSS (ctx.host.dataset.cwFlags), e.g. to hide the
      // shell's buttons for moves the table draws itself: on the root, for selectors
      const flags = tableHost.firstChild.getAttribute("data-cw-flags");
      if (flags !== root.getAttribute("data-cw-flags")) {
        if (flags === null) root.removeAttribute("data-cw-flags"); else root.setAttribute("data-cw-flags", flags);
      }
    } else applyZoom(shown);
    lookAhead();
  }

  // Just after a step, in the next task: the changes to the next step either way, from the
  // tables drawn already (a millisecond or two; not after the next frame, which a busy
  // machine can hold back for a tenth of a second, longer than a person takes to click
  // again). Just after the browser has drawn the step (one frame later): check that the
  // table shown fits at the zoom (it is laid out by then, so that costs a look, not a
  // layout) and measure it if it does not; then draw the next steps in the direction of
  // travel, one per task so that a click never waits long. (Not in requestIdleCallback: in
  // a notebook the page is rarely idle for long, so the tables ahead were seldom ready.)
  function lookAhead() {
    if (soon === null) soon = setTimeout(planAhead, 0);
    if (ahead !== null) return;
    const frame = window.requestAnimationFrame || ((fn) => setTimeout(fn, 16));
    ahead = frame(() => { ahead = setTimeout(aheadWork, 0); });
  }

  function aheadWork() {
    ahead = null;
    const shown = tableHost.firstChild;
    if (!shown || !shown.isConnected) return;
    if (fit.availW && !(shown._cwFit && shown._cwFit.key === fit.key)) {
      if (fitsNow(shown)) shown._cwFit = { key: fit.key, z: fit.z };
      else {
        // measured on the drawn table it looks like (off the page: no copy to make)
        const drawn = shown._cwWas && !shown._cwWas.isConnected ? shown._cwWas : shown;
        const z = zoomFor(drawn);
        shown._cwFit = drawn._cwFit;
        if (z < fit.z) { fit.z = z; applyZoom(shown); plans.clear(); }   // (worked out for the old zoom)
      }
    }
    // the next step either way: its table, then the changes to it from the table shown
    for (const k of [pos + heading, pos - heading]) {
      if (k < 0 || k >= frames.length || plans.has(k) || !shown._cwMorph) continue;
      if (k === frames.length - 1 && playing() && !waiting) continue;   // shown itself
      if (tableCache.has(`${k}|false`)) plans.set(k, planFor(k, shown));
      else buildTable(k);
      ahead = setTimeout(aheadWork, 0);
      return;
    }
    for (const k of [pos + 2 * heading, pos + 3 * heading]) {
      if (k < 0 || k >= frames.length) continue;
      const atHead = k === frames.length - 1 && playing() && !waiting;
      if (tableCache.has(`${k}|${atHead}`)) continue;
      buildTable(k);
      ahead = setTimeout(aheadWork, 0);
      return;
    }
  }

  function planAhead() {
    soon = null;
    const shown = tableHost.firstChild;
    if (!shown || !shown.isConnected || !shown._cwMorph) return;
    for (const k of [pos + heading, pos - heading]) {
      if (k < 0 || k >= frames.length || plans.has(k)) continue;
      if (k === frames.length - 1 && playing() && !waiting) continue;
      // the next step's table in the direction of travel, if the look-ahead has not drawn
      // it yet (a click would draw it on the spot)
      if (tableCache.has(`${k}|false`)) plans.set(k, planFor(k, shown));
      else if (k === pos + heading) buildTable(k);
      else continue;
      soon = setTimeout(planAhead, 0);
      return;
    }
  }

  /** The changes that show step k's table in place of the table shown (cwPlan), for the zoom
   *  of now; null where showing it changes the zoom (then it is worked out at the click). */
  function planFor(k, shown) {
    const now = buildTable(k);
    if (!fit.key || !fit.measured || (now._cwFit && now._cwFit.key === fit.key && now._cwFit.z < fit.z)) return null;
    zoomTo(now, fit.z);   // as place() will at the click
    return { live: shown, was: shown._cwWas, now, z: fit.z, key: fit.key,
      ops: cwPlan(shown, shown._cwWas, now, sprite) };
  }

  function forget() { if (tableHost.firstChild) tableHost.firstChild._cwMorph = false; plans.clear(); tableCache.clear(); drawCache.clear(); drawings.clear(); merged = []; summary = null; fit.key = ""; }

  function show() {
    if (!frames.length) return;
    const active = document.activeElement;
    const hadFocus = active && active !== root && root.contains(active);
    const selector = hadFocus ? describe(active) : null;
    const f = frameAt(pos);
    root.dataset.step = String(pos);
    if (root.dataset.phase !== f.phase) root.dataset.phase = f.phase;
    playLayout();
    drawHead(f);
    drawCoach(f);
    drawTable();
    drawStepper();
    drawExplain(f);
    drawResult(f);
    drawNow(f);
    // focus: never dropped to the page; after a move, on the next move, unless the student
    // moved the focus elsewhere in the widget while the computer players played (it stays)
    let intent = pendingFocus;
    pendingFocus = null;
    if (intent === "moves" && hadFocus && sentFrom && active !== sentFrom && alive(active)) intent = null;
    const cur = document.activeElement;
    const free = hadFocus || cur === root || cur === document.body || !cur;
    if (free && (intent === "moves" || (hadFocus && !alive(cur)))) {
      const found = intent === "moves" ? moveTargets().length > 0 : true;
      restoreFocus(intent, selector);
      // the moves come with the next frames (the built-in players act first): wait for them
      if (!found && playing() && !f.finished) pendingFocus = "moves";
    }
    if (pendingFocus !== "moves") sentFrom = null;
  }

  /** A guided hand's coach (the frame's `coach`, at the step the student plays at): what
   *  the last move did, a hint after a move the lesson did not plan (with a take-back), what
   *  this decision is, and the rule behind it folded one click away. */
  function drawCoach(f) {
    const c = playing() && pos === frames.length - 1 ? f.coach : null;
    if (root.classList.contains("cw-coached") !== !!c) fit.key = "";   // the table's room changes
    root.classList.toggle("cw-coached", !!c);
    set(coachBox, "hidden", !c);
    if (homeCoach()) fit.key = "";
    const held = !!(c && f.hand_end && model.get("held"));
    if (coachBox._cwCoach === c && coachBox._cwHeld === held) return;
    coachBox._cwCoach = c;
    coachBox._cwHeld = held;
    coachBox.textContent = "";
    if (!c) return;
    const head = cwEl("div", "cw-coach-head", coachBox, "Coach");
    if (c.progress) cwEl("span", "cw-coach-progress", head, ` · move ${c.progress[0]} of ${c.progress[1]}`);
    if (c.after) cwEl("p", "cw-coach-after", coachBox, c.after);
    if (c.hint) {
      const h = cwEl("div", "cw-coach-hint", coachBox);
      const p = cwEl("p", null, h);
      cwEl("strong", null, p, c.poor ? "A weaker move: " : "Off the lesson: ");
      p.appendChild(document.createTextNode(c.hint));
      if (c.offer_takeback) {
        const b = mk("cw-coach-btn cw-coach-takeback", "↶ Take it back", "Take your last move back and follow the lesson", () => coachSay({ type: "takeback" }), h);
        b.dataset.kind = "takeback";
      }
    }
    if (c.before) cwEl("p", "cw-coach-before", coachBox, c.before);
    if (c.end) cwEl("p", "cw-coach-end", coachBox, c.end);
    if (held) {
      // the hand's result is held (under the table when the widget is narrow): go on from here
      const b = mk("cw-coach-btn cw-coach-next", "Next hand ›", "Next hand (Enter): the hand's result is shown in Now", () => coachSay({ type: "next_hand", at: frames.length - 1 }), coachBox);
      b.dataset.kind = "next_hand";
    }
    const ids = c.rule ? cwRuleIds(c.rule, meta.rules) : [];
    if (ids.length) {
      const d = cwEl("details", "cw-coach-rule", coachBox);
      cwEl("summary", null, d, `The rule (${ids.join(", ")})`);
      for (const id of ids) cwEl("p", "cw-rule-text", d, `${id}: ${meta.rules[id]}`);
    }
  }
  /** Put the coach where it reads beside the table: in the side column when that is beside
   *  the table (a wide widget), else in a column of its own right of the table (above it in
   *  a narrow one). Called again when the layout is known or changes (layoutMode), so that
   *  a coach drawn before the widget had its width does not take the table's column.
   *  Whether it moved. */
  function homeCoach() {
    const host = root.classList.contains("cw-wide") ? now : body;
    if (coachBox.parentNode === host) return false;
    if (host === now) now.insertBefore(coachBox, nowWho); else body.insertBefore(coachBox, tableHost);
    return true;
  }
  function coachSay(msg) {
    if (waiting) return;
    waiting = true;
    pendingFocus = "moves";
    sentFrom = document.activeElement;
    tell(msg);
  }

  function drawNotice() {
    const n = model.get("notice") || {};
    notice.textContent = n.text || "";
    notice.className = "cw-notice" + (n.kind ? " cw-notice--" + n.kind : "");
  }

  // ---- the widget's size -----------------------------------------------------------------
  let lastW = 0, lastH = 0;
  const resized = () => {
    const w = root.clientWidth;
    const h = scrollEl ? scrollEl.clientHeight : window.innerHeight;
    if (!w || (w === lastW && h === lastH)) return;
    lastW = w; lastH = h;
    fit.key = "";
    plans.clear();
    const node = tableHost.firstChild;
    if (node) { layoutMode(); place(node); }
    else show();
  };
  const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => resized()) : null;
  if (ro) { ro.observe(root); sizes = ro; if (scrollEl) ro.observe(scrollEl); }
  const onWindow = () => { fit.key = ""; lastW = 0; resized(); };
  window.addEventListener("resize", onWindow);

  // ---- changes from Python ---------------------------------------------------------------
  const onData = () => {
    wire = cwExtend(cwWire(), model.get("frames"));
    meta = metaOf(); cards = model.get("cards"); frames = wire.frames;
    forget();
    pos = Math.min(model.get("step") || 0, frames.length - 1);
    waiting = false;
    show();
  };
  const onStep = () => {
    const k = model.get("step");
    if (k !== pos && k >= 0 && k < frames.length) { pos = k; show(); }
  };
  const onNotice = () => {
    waiting = false;
    drawNotice();
    const n = model.get("notice") || {};
    if (n.kind === "refused" && playing()) { tableCache.clear(); pendingFocus = "moves"; show(); }
  };
  const onMsg = (msg) => {
    if (!msg) return;
    if (msg.type === "echo") { echoOut.textContent = String(msg.t); return; }
    if (msg.type === "frames") {
      // play mode: only the new steps travel, as patches; the rest is already here
      if (msg.start !== frames.length || msg.wire !== wire.id) { tell({ type: "resync" }); return; }
      cwExtend(wire, msg.patches);
      frames = wire.frames;
      cards = Object.assign({}, cards, msg.cards);
      // the table of the old last step was drawn with move buttons: drop it
      tableCache.clear(); summary = null;
      waiting = false;
      pos = Math.min(msg.step, frames.length - 1);
      show();
    }
  };
  // (after a move or Next hand, the frames follow: they are shown when they come, so the
  // focus goes from the move to the next one, not to the stepper meanwhile)
  const onHeld = () => { if (!waiting) { tableCache.clear(); show(); } };
  const onMode = () => { meta = metaOf(); forget(); waiting = false; show(); };
  model.on("change:frames", onData);
  model.on("change:meta", onMode);
  model.on("change:seat", onMode);
  model.on("change:play_as", onMode);
  model.on("change:step", onStep);
  model.on("change:notice", onNotice);
  model.on("change:held", onHeld);
  model.on("msg:custom", onMsg);

  // play-mode frames may have been made before this view existed: ask for any missing
  model.send({ type: "hello", frames: frames.length });
  show();
  drawNotice();
  return () => {
    if (saving !== null) saveStep();   // the view goes: Python hears of its step now
    if (timer) clearInterval(timer);
    if (ro) ro.disconnect();
    window.removeEventListener("resize", onWindow);
    model.off("change:frames", onData); model.off("change:meta", onMode);
    model.off("change:seat", onMode); model.off("change:play_as", onMode);
    model.off("change:step", onStep); model.off("change:notice", onNotice);
    model.off("change:held", onHeld);
    if (nextTimer) clearTimeout(nextTimer);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
