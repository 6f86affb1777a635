// truk/table.js: the Basque truk table. Two or four seats round green felt (partners facing,
// the esku marked), the hand's three tricks laid out side by side (aurrea, erdia, atzea) with
// what became of each (taken by A, by B, a tie, not played), the 3 tanto counters and the truk
// counters where they lie, the options left, a truk bet and its answer, the signals this view
// may see (made at any time of a hand, K19: our ruling; the signal buttons are the shell's
// moves, there in every phase), and the cards changed in pasotan or paso eske. Registered for view.game === "truk".
//
// Seats are numbered clockwise and play goes to the right (K4): with the viewer at the bottom,
// the next player sits on the screen's right, the partner at the top.

const CW_TK_TRICK_EN = ["the first trick", "the second trick", "the third trick"];
const CW_TK_OUTCOME = { A: "taken by A", B: "taken by B", "=": "tie · berdinketa", "-": "not played" };
// K19's signals drawn as small faces (inline SVG, 20 x 20: no emoji font needed, which many
// machines lack). Each: the eyes ("o" open, "-" closed: left, right), the mouth, and
// extras (the tongue, raised eyebrows). The same faces as truk/picture.py's SIGNAL_FACES.
const CW_TK_EYE = { o: (x) => ["circle", { cx: x, cy: 8.3, r: 1.4, fill: "#3a2a00" }],
  "-": (x) => ["path", { d: `M${x - 2} 8 q2 1.8 4 0`, fill: "none", stroke: "#3a2a00", "stroke-width": 1.3, "stroke-linecap": "round" }] };
const CW_TK_SIGNAL_FACE = {
  one_eye: { eyes: "o-", mouth: "M6.5 12.8 q3.5 2.4 7 0" },
  both_eyes: { eyes: "--", mouth: "M6.5 12.8 q3.5 2.4 7 0" },
  lip: { eyes: "oo", mouth: "M6.8 13.6 q4 0.6 6.6 -2.2" },
  smile: { eyes: "oo", mouth: "M5.2 11.6 q4.8 6 9.6 0 z", fill: "#fffdf6" },
  tongue: { eyes: "oo", mouth: "M6.5 12.6 h7", tongue: true },
  eyebrows: { eyes: "oo", mouth: "M7.2 13.4 h5.6", brows: true },
};
/** The face of signal `what` (K19), `size` px, named for a screen reader (`label`). */
function cwTkSignalFace(what, label, size) {
  const spec = CW_TK_SIGNAL_FACE[what] || { eyes: "oo", mouth: "M7 13 h6" };
  const s = cwSvg("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "cw-tk-sig-icon", "data-signal": what });
  if (label) { s.setAttribute("role", "img"); s.setAttribute("aria-label", label); cwSvg("title", null, s, label); }
  else s.setAttribute("aria-hidden", "true");
  cwSvg("circle", { cx: 10, cy: 10, r: 9, fill: "#ffd34d", stroke: "#7a5200", "stroke-width": 1 }, s);
  [6.8, 13.2].forEach((x, i) => { const [tag, a] = CW_TK_EYE[spec.eyes[i]](x); cwSvg(tag, a, s); });
  if (spec.brows) for (const x of [6.8, 13.2])
    cwSvg("path", { d: `M${x - 2.2} 5 q2.2 -2 4.4 0`, fill: "none", stroke: "#3a2a00", "stroke-width": 1.2, "stroke-linecap": "round" }, s);
  if (spec.tongue) cwSvg("path", { d: "M8.4 12.6 v2.2 a1.6 1.6 0 0 0 3.2 0 v-2.2 z", fill: "#e0506a", stroke: "#7a1a2a", "stroke-width": 0.6 }, s);
  cwSvg("path", { d: spec.mouth, fill: spec.fill || "none", stroke: "#3a2a00", "stroke-width": 1.3, "stroke-linecap": "round", "stroke-linejoin": "round" }, s);
  return s;
}
const CW_TK_MODE = { chosen: "the side chose to play it", pasotan: "pasotan: cards may be changed",
  compulsory: "compulsory (nahitaez)", bet: "a truk bet was accepted" };

function cwTkCard(ctx, code) {
  const c = cwCardOf(ctx.cards, code);
  if (c) c.system = "spanish";
  return c;
}

function cwTkPlaces(n, base) {
  const slots = n === 4 ? ["bottom", "left", "top", "right"] : ["bottom", "top"];
  const place = {};
  for (let r = 0; r < n; r++) place[(base + r) % n] = slots[r];
  return place;
}

// Itzu truk (KV3, three players): the fourth seat is an open hand, dealt face up and played
// by its partner; the view gives f.open_hand = {seat, by, label} and f.turn, the seat whose
// turn it is (f.actor is then the partner who moves for it).
function cwTkTurn(f) { return f.open_hand ? f.turn : f.actor; }
function cwTkPlayedBy(f, s) { return f.open_hand && f.open_hand.seat === s ? f.open_hand.by : s; }
function cwTkOpenNote(ctx, f, s, box) {
  if (!f.open_hand || f.open_hand.seat !== s) return;
  box.classList.add("cw-tk-seat--open");
  const by = ctx.human === f.open_hand.by ? "you" : f.players[f.open_hand.by];
  const note = cwEl("div", "cw-tk-open-note", box, `Face up for everyone · played by ${by}`);
  note.title = "Itzu truk (KV3): with three players the fourth seat's hand lies face up, and its partner plays it in its turn";
}

function cwTkSideName(f, side) { return f.players.length === 4 ? `side ${"AB"[side]}` : f.players[side]; }

/** What this seat just said or did (a bubble on the seat): Truk!, Joka!, paso eske … */
function cwTkBubble(f, s) {
  const last = f.last;
  if (!last || f.step === 0) return null;
  const bet = f.bet;
  if (bet && f.phase === "answer" && bet.by === s) return { text: "Truk!", cls: "bet" };
  if (bet && bet.answer_by === s && bet.answer && last.rule && last.rule.startsWith("K17") && /Joka|refuses/.test(last.text)) {
    return bet.answer === "joka" ? { text: "Joka!", cls: "joka" } : { text: "No!", cls: "refuse" };
  }
  if (f.paso && f.phase === "paso" && f.paso.stage === "ask" && f.paso.asker === s) return { text: "Paso eske?", cls: "ask" };
  // K19 (our ruling): the player deciding for the side asked the partner for a signal
  if (f.consult && f.consult.by === s) {
    return { text: "Any signal?", cls: "ask", title: `${f.players[s]} asks ${f.players[f.consult.partner]} for a signal before deciding (K19)` };
  }
  return null;
}

function cwTkSeat(ctx, f, prev, s) {
  const name = f.players[s];
  const side = f.side_of[s];
  const box = cwEl("section", `cw-seat cw-tk-seat cw-tk-seat--side${"AB"[side]}`);
  box.dataset.seat = String(s);
  const active = cwTkTurn(f) === s;
  if (active) box.classList.add("cw-seat--active");
  if (ctx.viewer === s) box.classList.add("cw-seat--me");
  box.setAttribute("aria-label", `${name}, ${cwTkSideName(f, side)}` + (f.esku === s ? ", the esku" : ""));
  const head = cwEl("div", "cw-seat-head", box);
  cwEl("span", "cw-seat-name", head, name);
  const badges = cwEl("span", "cw-badges", head);
  if (f.players.length === 4) {
    const b = cwEl("span", `cw-badge cw-tk-side cw-tk-side--${"AB"[side]}`, badges, `Side ${"AB"[side]}`);
    b.title = `Partners sit face to face: ${f.sides[side].seats.map((x) => f.players[x]).join(" and ")} (K3)`;
  }
  if (f.esku === s) {
    const e = cwEl("span", "cw-badge cw-badge--dealer cw-tk-esku", badges, "Esku");
    e.title = "The esku dealt this hand and plays last in every trick; three ties go to the esku's side (K4, K7)";
  }
  if (ctx.human === s) cwEl("span", "cw-badge cw-badge--you", badges, "You");
  if (active) {
    const word = { play: "To play", answer: "To answer", option: "To decide", pasotan: "To change", paso: "To answer" }[f.phase] || "To act";
    cwEl("span", "cw-badge cw-badge--turn", badges, f.consult ? "To signal"
      : f.phase === "paso" && f.paso && f.paso.stage !== "ask" ? "To change" : word);
  }
  cwTkOpenNote(ctx, f, s, box);
  const bubble = cwTkBubble(f, s);
  if (bubble) {
    const el = cwEl("div", `cw-tk-bubble cw-tk-bubble--${bubble.cls}`, box, bubble.text);
    if (bubble.title) el.title = bubble.title;
  }
  // signals this view may see, made by this seat in this hand
  const sigs = (f.signals || []).filter((x) => x.seat === s);
  if (sigs.length) {
    const row = cwEl("div", "cw-tk-sigs", box);
    for (const x of sigs) {
      const chip = cwEl("span", "cw-tk-sig", row);
      chip.appendChild(cwTkSignalFace(x.what, `Signal: ${x.gesture}`, 14));
      cwEl("span", null, chip, x.meaning.split(":")[0]);
      chip.title = `${cwSays(name, x.gesture)}: "${x.meaning}" (K19)`;
    }
  }

  // the hand
  const handRow = cwEl("div", "cw-hand cw-tk-hand", box);
  const hand = f.hands[s];
  const list = hand ? hand.slice() : Array(f.hand_counts[s]).fill(null);
  const mine = ctx.human === cwTkPlayedBy(f, s) && ctx.atHead && !f.finished && active;
  const changing = mine && (f.phase === "pasotan" || (f.phase === "paso" && f.paso && f.paso.stage === "change")) && !f.exchange;
  const playing = mine && f.phase === "play";
  const w = hand ? (cwTkPlayedBy(f, s) !== s ? 46 : 54) : 42;   // the open hand fits a side seat
  handRow.style.setProperty("--cw-card-w", w + "px");
  const picked = new Set();   // the cards chosen to change (the drawn node is kept per step)
  const fresh = f.exchange && f.exchange.seat === s && f.exchange.new ? new Set(f.exchange.new) : new Set();
  for (const code of list) {
    const cls = [];
    if (playing) cls.push("cw-card--legal");
    if (fresh.has(code)) cls.push("cw-card--shown");
    let onClick = null;
    if (playing && code) onClick = () => ctx.playCard(code);
    const el = cwCard(cwTkCard(ctx, code), w, { sprite: ctx.sprite, cls: cls.join(" "), onClick,
      suffix: fresh.has(code) ? " (just drawn)" : "" });
    if (changing && code) {
      const toggle = cwEl("button", "cw-tk-pick");
      toggle.type = "button";
      toggle.setAttribute("aria-pressed", "false");
      toggle.setAttribute("aria-label", `Change the ${cwTkCard(ctx, code).name}`);
      toggle.appendChild(el);
      toggle.addEventListener("click", () => {
        const on = toggle.getAttribute("aria-pressed") !== "true";
        toggle.setAttribute("aria-pressed", on ? "true" : "false");
        if (on) picked.add(code); else picked.delete(code);
        cwTkChangeLabel(box, picked, f);
      });
      handRow.appendChild(toggle);
    } else handRow.appendChild(el);
  }
  if (!list.length) cwEl("span", "cw-hand-empty", handRow, f.phase === "deal" ? (f.step > 0 ? "waiting for the deal" : "no cards yet") : "no cards in hand");
  if (changing && ctx.act) {
    box.appendChild(cwTkChangeBar(ctx, f, s, picked));
    ctx.host.dataset.cwFlags = "tk-changebar";   // the shell's own buttons for these hide (table.css)
  }
  // play mode: the decisions, bets and answers at the seat, beside the hand, and the signals
  // to the partner (K19) as faces
  if (mine && ctx.act) {
    const title = f.consult ? "Your partner asks for a signal (K19):"
      : f.phase === "answer" ? "Your answer to the truk bet (K17):"
      : f.phase === "option" ? "Your decision:" : "Your move:";
    const bar = cwMoveBar(ctx, f, { title, skip: (l) => l.action.kind === "signal"
      || (changing && ["change", "play_truk"].includes(l.action.kind)) });
    if (bar) { box.appendChild(bar); box.classList.add("cw-tk-seat--movebar"); }
    const sigs = cwMoveBar(ctx, f, { title: f.consult ? "Signal (K19):" : "Signal, if you like (K19):",
      skip: (l) => l.action.kind !== "signal",
      decorate: (b, l) => {
        b.appendChild(cwTkSignalFace(l.action.what, "", 16));
        const m = /\(([^)]*)\)\s*$/.exec(l.label);
        cwEl("span", null, b, m ? m[1] : l.label);
      } });
    if (sigs) { sigs.classList.add("cw-tk-sigbar"); box.appendChild(sigs); box.classList.add("cw-tk-seat--movebar"); }
  }
  return box;
}

function cwTkChangeLabel(box, picked, f) {
  const b = box.querySelector(".cw-tk-change-go");
  if (!b) return;
  const k = picked.size;
  b.textContent = k ? `Change ${k} card${k === 1 ? "" : "s"}` : (f.phase === "paso" ? "Change none" : "Pick cards to change");
  b.disabled = f.phase === "pasotan" && k === 0;
}

function cwTkChangeBar(ctx, f, s, picked) {
  const bar = cwEl("div", "cw-tk-changebar");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Change cards from the stock");
  const why = f.phase === "pasotan" ? "Pasotan (K16): click the cards to change, or say “we play”."
    : "Paso eske (K18): click the cards to change (none is allowed).";
  cwEl("div", "cw-tk-changebar-why", bar, why + (cwTkPlayedBy(f, s) !== s ? " The open hand's cards stay face up, 2s and 3s too (KV3)." : " 2s and 3s are shown face down."));
  const go = cwEl("button", "cw-btn cw-move cw-tk-change-go", bar, "");
  go.type = "button";
  go.addEventListener("click", () => ctx.act({ kind: "change", cards: Array.from(picked) }));
  if (f.phase === "pasotan") {
    const stop = cwEl("button", "cw-btn cw-tk-weplay", bar, "We play (end the changing)");
    stop.type = "button";
    stop.addEventListener("click", () => ctx.act({ kind: "play_truk" }));
  }
  cwTkChangeLabel(bar, picked, f);
  return bar;
}

/** The three tricks of the hand, side by side, each with its outcome. */
function cwTkTricks(ctx, f) {
  const row = cwEl("div", "cw-tk-tricks");
  row.setAttribute("aria-label", "The three tricks of this hand");
  f.tricks.forEach((t, k) => {
    const col = cwEl("section", "cw-tk-trick", row);
    col.dataset.trick = t.name;
    const current = (f.phase === "play" || f.phase === "answer" || f.phase === "paso") && k === f.trick_no && !f.hand_result;
    if (current) col.classList.add("cw-tk-trick--now");
    if (t.outcome) col.dataset.outcome = t.outcome;
    const head = cwEl("div", "cw-tk-trick-head", col);
    cwEl("b", "cw-tk-trick-name", head, t.name);
    cwEl("span", "cw-tk-trick-en", head, CW_TK_TRICK_EN[k]);
    const cards = cwEl("div", "cw-tk-trick-cards", col);
    const plays = t.trick ? t.trick.plays : [];
    for (const p of plays) {
      const cell = cwEl("div", "cw-tk-play", cards);
      cell.dataset.seat = String(p.seat);
      cell.appendChild(cwCard(cwTkCard(ctx, p.card), 40, { sprite: ctx.sprite, prefix: `${f.players[p.seat]} played: ` }));
      cwEl("span", `cw-tk-play-name cw-tk-play-name--${"AB"[f.side_of[p.seat]]}`, cell, f.players[p.seat]);
    }
    if (!plays.length) cwEl("div", "cw-tk-trick-empty", cards, current ? "…" : "");
    const out = cwEl("div", "cw-tk-outcome", col);
    if (t.outcome) {
      out.classList.add(`cw-tk-outcome--${{ A: "A", B: "B", "=": "tie", "-": "none" }[t.outcome]}`);
      out.textContent = CW_TK_OUTCOME[t.outcome];
    } else if (current) out.textContent = "being played";
  });
  const res = f.hand_result;
  if (res) {
    const banner = cwEl("div", "cw-tk-verdict");
    const who = cwTkSideName(f, res.side);
    banner.appendChild(cwEl("b", null, null, `${cwCap(who)} wins the hand`));
    const why = res.way === "refused" ? "the truk bet was refused (K17)"
      : `way ${res.way_number} of K7: ${res.way_text}; the hand table's row ${res.row}${res.swapped ? " (A and B swapped)" : ""}`;
    cwEl("span", null, banner, " · " + why);
    const wrap = cwEl("div", "cw-tk-middle");
    wrap.appendChild(row);
    wrap.appendChild(banner);
    return wrap;
  }
  const wrap = cwEl("div", "cw-tk-middle");
  wrap.appendChild(row);
  return wrap;
}

function cwTkDots(parent, count, total, cls, label) {
  const row = cwEl("div", "cw-tk-dots", parent);
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label);
  row.title = label;
  for (let i = 0; i < total; i++) cwEl("span", `cw-tk-dot ${cls}` + (i < count ? " cw-tk-dot--on" : ""), row);
  return row;
}

/** The counters: 3 tantos (middle and each side) and the truk counters (pile, each side of 6). */
function cwTkCounters(ctx, f, prev) {
  const box = cwEl("section", "cw-tk-box cw-tk-counters");
  box.setAttribute("aria-label", "Tanto and truk counters");
  cwEl("div", "cw-tk-box-title", box, "Tantos (tantoak)");
  const t = f.tantos, k = f.truks;
  const grid = cwEl("div", "cw-tk-count-grid", box);
  // a counter that moved glows (cw-tk-moved): a node of its own at each step (data-cw-key),
  // so the glow starts again when the shell changes the table shown in place
  let moved = 0;
  const glow = (...els) => {
    for (const e of els) { e.classList.add("cw-tk-moved"); e.dataset.cwKey = `moved-${f.step}-${moved++}`; }
  };
  const line = (label, count, total, cls, aria, changed) => {
    const l = cwEl("span", "cw-tk-count-label", grid, label);
    const d = cwTkDots(grid, count, total, cls, aria);
    if (changed) glow(l, d);
  };
  const pt = prev && prev.tantos ? prev.tantos : t;
  const pk = prev && prev.truks ? prev.truks : k;
  line("middle", t.middle, 3, "cw-tk-dot--tanto", `${t.middle} tanto${t.middle === 1 ? "" : "s"} in the middle`, pt.middle !== t.middle);
  for (const side of [0, 1]) {
    line(cwCap(cwTkSideName(f, side)), t.sides[side], 3, `cw-tk-dot--${"AB"[side]}`,
      `${cwTkSideName(f, side)} holds ${t.sides[side]} tanto${t.sides[side] === 1 ? "" : "s"}`, pt.sides[side] !== t.sides[side]);
  }
  cwEl("div", "cw-tk-box-title cw-tk-box-title--2", box, `Truks (truka) · ${k.target} to win`);
  const grid2 = cwEl("div", "cw-tk-count-grid", box);
  for (const side of [0, 1]) {
    const l = cwEl("span", "cw-tk-count-label", grid2, cwCap(cwTkSideName(f, side)));
    const d = cwTkDots(grid2, k.sides[side], k.target, `cw-tk-dot--truk cw-tk-dot--${"AB"[side]}`,
      `${cwTkSideName(f, side)}: ${k.sides[side]} of ${k.target} truks`);
    if (pk.sides[side] !== k.sides[side]) glow(l, d);
  }
  cwEl("div", "cw-tk-small", box, `${k.pile} truk counters left in the pile (11 in all, K9)`);
  return box;
}

function cwTkHandBox(ctx, f) {
  const box = cwEl("section", "cw-tk-box cw-tk-handbox");
  box.setAttribute("aria-label", "This hand");
  const between = f.phase === "deal" && f.step > 0;   // the last hand is still on the table
  cwEl("div", "cw-tk-box-title", box, between ? "Next hand (eskua)" : "This hand (eskua)");
  const stake = cwEl("div", "cw-tk-stake", box);
  if (f.phase === "over") stake.textContent = "Game over";
  else stake.textContent = f.stake === "truk" ? "For a truk" : "For a tanto";
  if (f.stake === "truk" && f.mode) cwEl("div", "cw-tk-small", box, CW_TK_MODE[f.mode] || "");
  if (f.stake === "tanto" && f.tantos.sides[0] === 1 && f.tantos.sides[1] === 1) {
    cwEl("div", "cw-tk-small", box, "the 3rd tanto: its winner takes all 3 (AB)");
  }
  if (f.esku !== null && f.esku !== undefined) {
    const dealer = cwTkPlayedBy(f, f.esku);   // itzu (KV3): the open hand's partner deals for it
    cwEl("div", "cw-tk-small", box, between ? (dealer !== f.esku ? `Esku: ${f.players[f.esku]} · ${cwSays(f.players[dealer], "deals it")} for the open hand`
      : `Esku: ${cwSays(f.players[f.esku], "deals it").replace(/^You deal/, "you deal")}`)
      : `Esku: ${f.players[f.esku]} · ${cwSays(f.players[f.first_player], "leads every trick")}`);
  }
  const o = f.options;
  if (o) {
    const opt = cwEl("div", "cw-tk-options", box);
    opt.textContent = `${cwCap(cwTkSideName(f, o.side))}: ${o.options} option${o.options === 1 ? "" : "s"} left (${o.options === 1 ? "aukera bat" : "bi aukera"})`;
    const next = o.options === 2 ? "declining takes the 3rd tanto and redeals"
      : o.path === "AB" ? "declining redeals, then the truk is compulsory" : "declining again redeals: the truk is then played pasotan";
    cwEl("div", "cw-tk-small", box, next);
  }
  const bet = f.bet;
  if (bet) {
    if (between) cwEl("div", "cw-tk-small", box, "In the last hand:");
    const b = cwEl("div", "cw-tk-bet", box);
    b.dataset.answer = bet.answer || "open";
    cwEl("b", null, b, `${f.players[bet.by]}: “Truk!”`);
    const how = bet.how === "knock" ? " (a knock)" : bet.how === "throw" ? " (cards thrown face down)" : "";
    b.appendChild(document.createTextNode(`${how} in the ${["aurrea", "erdia", "atzea"][bet.trick]} → `));
    cwEl("b", null, b, bet.answer === "joka" ? `${f.players[bet.answer_by]}: “Joka!”`
      : bet.answer === "refused" ? cwSays(f.players[bet.answer_by], "refuses") : `${f.players[bet.answer_by]} to answer`);
  }
  const paso = f.paso;
  if (paso) {
    const p = cwEl("div", "cw-tk-paso", box);
    const ans = paso.answer === "accepted" ? "accepted" : paso.answer === "refused" ? "refused" : "waiting";
    p.textContent = `Paso eske: ${f.players[paso.asker]} asked ${f.players[paso.answerer]} · ${ans}`;
  }
  return box;
}

function cwTkSignalsBox(ctx, f) {
  const box = cwEl("section", "cw-tk-box cw-tk-signals");
  box.setAttribute("aria-label", "Signals seen");
  cwEl("div", "cw-tk-box-title", box, "Signals (keinuak)");
  const list = f.signals || [];
  if (!list.length) {
    cwEl("div", "cw-tk-small", box, f.players.length === 2 ? "No signals with two players (K19)."
      : ctx.viewer === null || ctx.viewer === undefined ? "None yet this hand." : "None seen this hand: only partners see them (K19).");
    return box;
  }
  const ul = cwEl("ul", "cw-tk-siglist", box);
  for (const x of list) {
    const li = cwEl("li", null, ul);
    li.appendChild(cwTkSignalFace(x.what, `Signal: ${x.gesture}`, 15));
    cwEl("b", null, li, f.players[x.seat]);
    li.appendChild(document.createTextNode(` ${x.gesture}: ${x.meaning}`));
  }
  return box;
}

function cwTkChangesBox(ctx, f) {
  const box = cwEl("section", "cw-tk-box cw-tk-changes");
  box.setAttribute("aria-label", "Cards changed and the stock");
  cwEl("div", "cw-tk-box-title", box, "Stock and changes");
  cwEl("div", "cw-tk-small", box, `Stock: ${f.stock_count} card${f.stock_count === 1 ? "" : "s"}`);
  const ex = f.exchange;
  if (ex) {
    const row = cwEl("div", "cw-tk-aside-row", box);
    cwEl("span", "cw-tk-aside-who", row, `${f.players[ex.seat]} shows:`);
    for (const c of ex.old) row.appendChild(cwCard(cwTkCard(ctx, c), 30, { sprite: ctx.sprite, prefix: "shown: " }));
    cwEl("div", "cw-tk-small", box, `and drew ${ex.new_count}; keep them or take the old ones back`);
  }
  const aside = f.aside || [];
  if (aside.length) {
    const row = cwEl("div", "cw-tk-aside-row", box);
    cwEl("span", "cw-tk-aside-who", row, "Aside:");
    for (const a of aside.slice(-10)) {
      row.appendChild(cwCard(a.card ? cwTkCard(ctx, a.card) : null, 26, { sprite: ctx.sprite,
        prefix: `${f.players[a.seat]}'s changed card (${a.why}): ` }));
    }
    if (aside.length > 10) cwEl("span", "cw-tk-small", row, `+${aside.length - 10}`);
  } else if (!ex) cwEl("div", "cw-tk-small", box, "No cards changed this hand (pasotan K16, paso eske K18).");
  if (f.draws && f.draws.length && f.deal === 1) {
    cwEl("div", "cw-tk-box-title cw-tk-box-title--2", box, "The draw (K11)");
    const row = cwEl("div", "cw-tk-aside-row", box);
    for (const d of f.draws) {
      const cell = cwEl("div", "cw-tk-play", row);
      cell.appendChild(cwCard(cwTkCard(ctx, d.card), 26, { sprite: ctx.sprite, prefix: `${f.players[d.seat]} drew: ` }));
      cwEl("span", "cw-tk-play-name", cell, f.players[d.seat]);
    }
  }
  return box;
}

cwRegisterTable("truk", {
  // the step that ends a hand still shows its three tricks and the counters that moved:
  // the shell draws it as it is (not the table of the hand's last card)
  keepsHandEnd: true,
  phaseJumps: [
    { label: "Deal", keys: ["deal"], title: "the deal (K4, K11)" },
    { label: "Option", keys: ["option"], title: "play the truk or not (K12, K13)" },
    { label: "Pasotan", keys: ["pasotan"], title: "changing cards before a pasotan truk (K16)" },
    { label: "Tricks", keys: ["play"], title: "the tricks (K5–K7)" },
    { label: "Truk!", keys: ["answer"], title: "a truk bet waiting for its answer (K17)" },
    { label: "Counters", keys: ["score"], title: "the counters move (K10, K15)" },
    { label: "Game over", keys: ["over"], title: "6 truks win (K9)" },
  ],
  render(ctx) {
    const f = ctx.frame, prev = ctx.prev;
    const n = f.players.length;
    const base = ctx.viewer === null || ctx.viewer === undefined ? (ctx.human === null || ctx.human === undefined ? 0 : ctx.human) : ctx.viewer;
    const place = cwTkPlaces(n, base);
    const felt = cwEl("div", "cw-tk-felt" + (n === 2 ? " cw-tk-felt--two" : ""));
    const areas = {};
    for (const a of ["tl", "top", "tr", "left", "mid", "right", "bl", "bottom", "br"]) areas[a] = cwEl("div", `cw-tk-area cw-tk-${a}`, felt);
    for (let s = 0; s < n; s++) areas[place[s]].appendChild(cwTkSeat(ctx, f, prev, s));
    areas.mid.appendChild(cwTkTricks(ctx, f));
    areas.tl.appendChild(cwTkCounters(ctx, f, prev));
    areas.tr.appendChild(cwTkHandBox(ctx, f));
    areas.bl.appendChild(cwTkSignalsBox(ctx, f));
    areas.br.appendChild(cwTkChangesBox(ctx, f));
    // the felt in a box of its own: the container its layout follows (table.css)
    cwEl("div", "cw-tk-layout", ctx.host).appendChild(felt);
  },
});
