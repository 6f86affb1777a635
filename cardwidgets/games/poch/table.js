// table_poch.js: the Poch table: seats round green felt, the round board (Pochbrett) with
// its eight holes round the centre, the turned card and payment suit, the bets of phase 2
// and the cards laid on the centre in phase 3. Registered for view.game === "poch".

const CW_POCH_RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];          // low to high (P1)
const CW_POCH_SETS = { 2: "a pair of", 3: "three", 4: "four" };
const CW_POCH_OWN_CARD = 52;   // px: the width of the cards of the hand shown (a student's own)
const CW_POCH_PLURAL = { A: "Aces", K: "Kings", Q: "Queens", J: "Jacks", "10": "Tens", "9": "Nines",
  "8": "Eights", "7": "Sevens" };

/** The words of the moves with an amount (the shell's Now panel and the seat's move bar). */
const CW_POCH_MOVE_WORDS = {
  bet: { before: "Bet", unit: ["chip", "chips"] },
  raise: { before: "Raise by", unit: ["chip", "chips"], after: (f, a) => `(to ${f.high + a})` },
};

/** Where each seat sits, relative to the viewer at the bottom, going clockwise. */
function cwPochSlots(n) {
  return {
    3: { bottom: [0], left: [1], top: [], right: [2] },
    4: { bottom: [0], left: [1], top: [2], right: [3] },
    5: { bottom: [0], left: [1], top: [2, 3], right: [4] },
    6: { bottom: [0], left: [2, 1], top: [3], right: [4, 5] },
  }[n] || { bottom: [...Array(n).keys()], left: [], top: [], right: [] };
}

function cwPochBestSet(hand, cards) {
  const counts = {};
  for (const code of hand) { const r = cards[code] ? cards[code].rank : null; if (r) counts[r] = (counts[r] || 0) + 1; }
  let best = null;
  for (const r in counts) {
    const k = counts[r], v = CW_POCH_RANKS.indexOf(r);
    if (!best || k > best.k || (k === best.k && v > best.v)) best = { k, v, r };
  }
  if (!best || best.k < 2) return "no pair";
  return `${CW_POCH_SETS[best.k]} ${CW_POCH_PLURAL[best.r] || best.r}`;
}

/** Split the centre (cards in the order laid) into runs: each run goes up one suit. */
function cwPochRuns(centre, cards) {
  const runs = [];
  let prev = null;
  for (const code of centre) {
    const c = cards[code];
    const cont = prev && c && prev.suit === c.suit &&
      CW_POCH_RANKS.indexOf(c.rank) === CW_POCH_RANKS.indexOf(prev.rank) + 1;
    if (cont && runs.length) runs[runs.length - 1].push(code); else runs.push([code]);
    prev = c;
  }
  return runs;
}

function cwPochBoard(ctx, f, prev) {
  const uid = ctx.uid;
  const svg = cwSvg("svg", { viewBox: "0 0 320 320", class: "cw-poch-board", role: "img",
    "aria-label": "The Poch board (Pochbrett): eight holes round the centre" });
  const defs = cwSvg("defs", {}, svg);
  const wood = cwSvg("radialGradient", { id: `${uid}-wood`, cx: "45%", cy: "40%", r: "65%" }, defs);
  cwSvg("stop", { offset: "0%", "stop-color": "#c99257" }, wood);
  cwSvg("stop", { offset: "70%", "stop-color": "#a0693a" }, wood);
  cwSvg("stop", { offset: "100%", "stop-color": "#7a4c24" }, wood);
  const holeFill = cwSvg("radialGradient", { id: `${uid}-hole`, cx: "50%", cy: "40%", r: "60%" }, defs);
  cwSvg("stop", { offset: "0%", "stop-color": "#4a2e17" }, holeFill);
  cwSvg("stop", { offset: "100%", "stop-color": "#24140a" }, holeFill);
  cwSvg("circle", { cx: 160, cy: 163, r: 156, fill: "#000", opacity: 0.3 }, svg);
  cwSvg("circle", { cx: 160, cy: 160, r: 156, fill: `url(#${uid}-wood)`, stroke: "#5a3618", "stroke-width": 4 }, svg);
  cwSvg("circle", { cx: 160, cy: 160, r: 147, fill: "none", stroke: "#d9a56c", "stroke-width": 1.2, opacity: 0.8 }, svg);
  const order = f.hole_order.filter((h) => h !== "centre");
  const spots = order.map((h, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / order.length;
    return [h, 160 + 110 * Math.cos(a), 160 + 110 * Math.sin(a), 35];
  });
  spots.push(["centre", 160, 160, 42]);
  // each hole is drawn once per state (ctx.drawn): a step redraws only the holes that change
  const drawn = ctx.drawn || ((key, draw) => draw());
  for (const [hole, x, y, r] of spots) {
    const n = f.holes[hole] || 0;
    const before = prev ? prev.holes[hole] || 0 : n;
    const title = f.hole_titles[hole], native = (f.hole_native || {})[hole];
    const suit = ["A", "K", "Q", "J", "10"].includes(hole) ? f.payment_suit : null;
    const key = "poch-hole|" + JSON.stringify([hole, x, y, r, n, before, title, native, suit]);
    svg.appendChild(drawn(key, () => cwPochHole(uid, hole, x, y, r, n, before, title, native, suit)));
  }
  return svg;
}

/** One hole of the board with its chips (and the change at this step). */
function cwPochHole(uid, hole, x, y, r, n, before, title, native, suit) {
  const g = cwSvg("g", { class: "cw-poch-hole" + (n !== before ? " cw-poch-hole--changed" : ""),
    "data-hole": hole });
  cwSvg("title", {}, g, `${title}${native && native !== title ? " (" + native + ")" : ""}: ${n} chip${n === 1 ? "" : "s"}`);
  cwSvg("circle", { cx: x, cy: y, r, fill: `url(#${uid}-hole)`, stroke: n !== before ? "#ffd34d" : "#2a180b",
    "stroke-width": n !== before ? 3.5 : 2, class: "cw-poch-hole-dish" }, g);
  cwSvg("text", { x, y: y - r * 0.5, class: "cw-poch-hole-label", "text-anchor": "middle" }, g, title);
  if (suit) cwSuit(g, suit, x + r * 0.45, y - r * 0.2, 10);
  cwChipPile(g, x - 11, y + r * 0.32, n, 15);
  cwSvg("text", { x: x + r * 0.42, y: y + r * 0.36, class: "cw-poch-hole-count", "text-anchor": "middle" }, g, String(n));
  if (native && native !== title) cwSvg("text", { x, y: y + r * 0.76, class: "cw-poch-hole-native", "text-anchor": "middle" }, g, native);
  if (n !== before) {
    const d = n - before;
    cwSvg("text", { x: x + r * 0.75, y: y + r * 0.05, class: "cw-poch-hole-delta", "text-anchor": "middle" }, g,
      (d > 0 ? "+" : "−") + Math.abs(d));
  }
  return g;
}

function cwPochSeat(ctx, f, prev, s) {
  const { cards } = ctx;
  const name = f.players[s];
  const box = cwEl("section", "cw-seat");
  box.dataset.seat = String(s);
  const active = f.actor === s;
  if (active) box.classList.add("cw-seat--active");
  if (ctx.viewer === s) box.classList.add("cw-seat--me");
  const betting = ["poch", "showdown"].includes(f.phase);
  if (betting && f.dropped[s]) box.classList.add("cw-seat--dropped");
  box.setAttribute("aria-label", `Seat ${s + 1}: ${name}`);
  const head = cwEl("div", "cw-seat-head", box);
  cwEl("span", "cw-seat-name", head, name).title = name;
  const badges = cwEl("span", "cw-badges", head);
  if (f.dealer === s) cwEl("span", "cw-badge cw-badge--dealer", badges, "Dealer");
  if (ctx.human === s) cwEl("span", "cw-badge cw-badge--you", badges, "You");
  if (active) cwEl("span", "cw-badge cw-badge--turn", badges, "To act");
  if (betting && f.dropped[s]) cwEl("span", "cw-badge", badges, "Dropped");
  if (f.poch_winner === s && !betting) cwEl("span", "cw-badge cw-badge--win", badges, "Won the poching");
  if (f.out === s) cwEl("span", "cw-badge cw-badge--win", badges, "Out first!");

  const stats = cwEl("div", "cw-seat-stats", box);
  stats.appendChild(cwChipIcon(15));
  const chips = cwEl("span", "cw-seat-chips", stats);
  cwEl("b", null, chips, String(f.chips[s]));
  chips.appendChild(document.createTextNode(f.chips[s] === 1 ? " chip" : " chips"));
  const signed = (d) => (d > 0 ? "+" : "−") + Math.abs(d);
  if (prev && prev.chips[s] !== f.chips[s]) {
    const d = f.chips[s] - prev.chips[s];
    const el = cwEl("span", "cw-delta " + (d > 0 ? "cw-delta--up" : "cw-delta--down"), stats, signed(d));
    el.title = `${d > 0 ? "received" : "paid"} at this step`;
    el.setAttribute("aria-label", `${signed(d)} at this step`);
  }
  // at the end of a hand: what the whole hand did to each player's chips (the net)
  if (ctx.handOver && ctx.handStart) {
    const d = f.chips[s] - ctx.handStart.chips[s];
    const el = cwEl("span", "cw-delta cw-delta--hand", stats, d === 0 ? "hand: ±0" : `hand: ${signed(d)}`);
    el.title = `net over the whole hand: from ${ctx.handStart.chips[s]} to ${f.chips[s]} chips`;
  }
  if (f.bets[s] > 0) {
    const bet = cwEl("span", "cw-seat-bet", stats);
    bet.appendChild(cwChipIcon(13));
    bet.appendChild(document.createTextNode(` bet ${f.bets[s]}`));
  }

  const handRow = cwEl("div", "cw-hand", box);
  const hand = f.hands[s];
  const shown = new Set(f.shown[s] || []);
  const onCentre = new Set(f.centre || []);
  const clickable = ctx.human === s && ctx.atHead && !f.finished;
  const legalCodes = new Set((f.legal || []).filter((l) => l.action.card && l.action.seat === s).map((l) => l.action.card));
  const waiting = f.run_next;
  const list = [];
  if (hand) {
    for (const code of hand) list.push(code);
  } else {
    // another seat's hand in a seat's view: cards shown in phase 1 or 2 face up, the rest backs
    const open = [...shown].filter((c) => !onCentre.has(c));
    for (const c of open) list.push(c);
    for (let i = open.length; i < f.hand_counts[s]; i++) list.push(null);
  }
  // the hand of the seat shown (a student's own): larger and spread wider, so that every
  // card's corner (its rank and suit) can be read (table.css, cw-poch-hand--open)
  const own = !!hand && (ctx.viewer === s || ctx.human === s);
  const w = own ? CW_POCH_OWN_CARD : list.length > 7 ? 40 : 46;
  handRow.style.setProperty("--cw-card-w", w + "px");
  if (own) handRow.classList.add("cw-poch-hand--open");
  for (const code of list) {
    const card = cwCardOf(cards, code);
    const cls = [];
    if (code && shown.has(code)) cls.push("cw-card--shown");
    if (code && code === waiting) cls.push("cw-card--next");
    if (clickable && legalCodes.has(code)) cls.push("cw-card--legal");
    const el = cwCard(card, w, {
      sprite: ctx.sprite,
      cls: cls.join(" "),
      suffix: (code && shown.has(code) ? ", shown to the table" : "") +
        (code && code === waiting ? ", must be played next" : ""),
      onClick: clickable && code ? () => ctx.playCard(code) : null,
    });
    handRow.appendChild(el);
  }
  if (!list.length) cwEl("span", "cw-hand-empty", handRow, (f.centre || []).length ? "no cards left" : "no cards yet");
  if (hand && hand.length && ["pay", "poch", "showdown"].includes(f.phase)) {
    cwEl("div", "cw-seat-note", box, "Best set: " + cwPochBestSet(hand, cards));
  }
  // play mode: the bets (pass, bet, call, raise, drop) at the seat, beside the hand
  if (ctx.human === s && ctx.atHead && active && !f.finished && ctx.act) {
    const bar = cwMoveBar(ctx, f, { title: f.phase === "poch" ? "Your bet (P9):" : "Your move:", words: CW_POCH_MOVE_WORDS });
    if (bar) { box.appendChild(bar); box.classList.add("cw-poch-seat--movebar"); }
  }
  return box;
}

function cwPochSide(ctx, f) {
  const { cards } = ctx;
  const side = cwEl("div", "cw-poch-side");
  // the turned card and the payment suit
  const turned = cwEl("div", "cw-poch-box cw-poch-turned", side);
  const tc = f.turned || f.payment_card;
  cwEl("div", "cw-poch-box-title", turned, f.turned ? "Turned card" : "Payment card");
  if (tc) {
    const row = cwEl("div", "cw-poch-turned-row", turned);
    row.appendChild(cwCard(cwCardOf(cards, tc), 50, { prefix: "turned card: ", sprite: ctx.sprite }));
    const words = cwEl("div", "cw-poch-pay", row);
    cwEl("div", "cw-poch-small", words, "Payment suit");
    const suitRow = cwEl("div", "cw-poch-suit", words);
    const icon = cwSvg("svg", { viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true" }, suitRow);
    cwSuit(icon, f.payment_suit, 10, 10, 18);
    cwEl("b", null, suitRow, f.payment_suit_name || f.payment_suit);
    cwEl("div", "cw-poch-small", words, "belongs to nobody");
  } else {
    cwEl("div", "cw-poch-small", turned, "Not dealt yet: the last card of the deal is turned up and sets the payment suit.");
  }
  // phase 2: the bets lie beside the board
  const total = f.bets.reduce((a, b) => a + b, 0);
  if (f.phase === "poch" || f.phase === "showdown" || total > 0) {
    const bets = cwEl("div", "cw-poch-box cw-poch-bets", side);
    cwEl("div", "cw-poch-box-title", bets, "Bets beside the board");
    const line = cwEl("div", "cw-poch-bets-total", bets);
    line.appendChild(cwChipIcon(16));
    cwEl("b", null, line, String(total));
    line.appendChild(document.createTextNode(` chip${total === 1 ? "" : "s"} · highest bet ${f.high}`));
    const who = f.players.map((p, s) => [p, f.bets[s], f.dropped[s]]).filter(([, b, d]) => b > 0 || d);
    if (who.length) cwEl("div", "cw-poch-small", bets, who.map(([p, b, d]) => `${p} ${b}${d ? " (dropped)" : ""}`).join(" · "));
  }
  // phase 3: the runs laid on the centre
  const centre = f.centre || [];
  if (centre.length || f.phase === "run") {
    const box = cwEl("div", "cw-poch-box cw-poch-runs", side);
    cwEl("div", "cw-poch-box-title", box, "Laid on the centre");
    const runs = cwPochRuns(centre, cards);
    const current = runs.length ? runs[runs.length - 1] : [];
    const row = cwEl("div", "cw-poch-run", box);
    row.setAttribute("aria-label", "the run being laid");
    for (const code of current) row.appendChild(cwCard(cwCardOf(cards, code), 34, { cls: "cw-card--run", sprite: ctx.sprite }));
    if (f.run_next) {
      const want = cwCardOf(cards, f.run_next);
      const ghost = cwEl("div", "cw-poch-want", box);
      ghost.textContent = `Next: the ${want ? want.name : "?"}, held by ${f.actor_name}.`;
    } else if (!current.length) {
      cwEl("span", "cw-poch-small", row, "No card laid yet.");
    }
    if (runs.length > 1) {
      const earlier = cwEl("div", "cw-poch-earlier", box);
      cwEl("span", "cw-poch-small", earlier, `Earlier runs (${runs.length - 1}): `);
      for (const run of runs.slice(0, -1)) {
        const r = cwEl("span", "cw-poch-mini-run", earlier);
        for (const code of run) r.appendChild(cwCard(cwCardOf(cards, code), 22, { sprite: ctx.sprite }));
      }
    }
  }
  return side;
}

cwRegisterTable("poch", {
  // the step that ends a deal still shows the cards laid, the hands and the chips paid out:
  // the shell draws it as it is (not the table of the deal's last card)
  keepsHandEnd: true,
  // what the header calls one round of the game: Poch is played in deals
  handWord: "deal",
  // the words round the shell's amount menus: "Raise by [2] chips (to 6)"
  moveWords: CW_POCH_MOVE_WORDS,
  phaseJumps: [
    { label: "Ante & deal", keys: ["ante", "deal"], title: "the ante (P4) and the deal (P5)" },
    { label: "Phase 1: holes", keys: ["pay"], title: "phase 1: paying out the holes (P6)" },
    { label: "Phase 2: poching", keys: ["poch", "showdown"], title: "phase 2: betting (P8–P10)" },
    { label: "Phase 3: runs", keys: ["run", "settle"], title: "phase 3: the runs (P12–P14)" },
    { label: "Game over", keys: ["over"], title: "the end of the game (P15)" },
  ],
  render(ctx) {
    const f = ctx.frame, prev = ctx.prev;
    const n = f.players.length;
    const base = ctx.viewer === null || ctx.viewer === undefined ? 0 : ctx.viewer;
    const felt = cwEl("div", "cw-poch");
    const areas = {};
    for (const a of ["top", "left", "mid", "right", "bottom"]) areas[a] = cwEl("div", `cw-poch-${a}`, felt);
    const slots = cwPochSlots(n);
    for (const area of ["top", "left", "right", "bottom"]) {
      for (const r of slots[area]) areas[area].appendChild(cwPochSeat(ctx, f, prev, (base + r) % n));
    }
    // the board's column is as wide as the own hand spread out (each card showing 70% of
    // its face, in its seat's padding), up to 400 px (a longer hand fans tighter): the hand
    // stays inside its seat
    const own = [ctx.viewer, ctx.human].find((s) => s !== null && s !== undefined && f.hands[s]);
    const cards = own === undefined ? 0 : f.hands[own].length;
    const w = CW_POCH_OWN_CARD, pad = 24, most = 400;
    const need = w + Math.max(0, cards - 1) * 0.7 * w + pad;
    if (need > 300) {
      felt.style.setProperty("--cw-mid-min", `${Math.min(most, Math.ceil(need))}px`);
      if (need > most) felt.style.setProperty("--cw-overlap", `${(w - (most - pad - w) / (cards - 1)).toFixed(1)}px`);
    }
    areas.mid.appendChild(cwPochBoard(ctx, f, prev));
    areas.mid.appendChild(cwPochSide(ctx, f));
    // a wrapper the felt's CSS measures its width by (a container query, table.css)
    cwEl("div", "cw-poch-wrap", ctx.host).appendChild(felt);
  },
});
