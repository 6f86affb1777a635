// table_pocha.js: the Pocha table: three or four seats round green felt, each with its bid and
// the tricks taken so far, the trick being played in the middle (each card in front of the
// player who played it), the turned trump card, the last trick, and the score sheet of every
// hand beside the felt. Registered for view.game === "pocha".
//
// Seats are numbered to the left (clockwise), and Pocha is played to the right (H5, H8): the
// player on the dealer's right sits on the screen's right of the dealer when the dealer is at
// the bottom. The slots are the Poch table's (cwPochSlots).

const CW_PO_PINTA_WORDS = { coins: "oros", cups: "copas", swords: "espadas", clubs: "bastos" };

function cwPoCard(ctx, code) {
  const c = cwCardOf(ctx.cards, code);
  if (c) c.system = "spanish";
  return c;
}

function cwPoSuitIcon(suit, size) {
  const icon = cwSvg("svg", { viewBox: "0 0 20 20", width: size, height: size, "aria-hidden": "true", class: "cw-po-suit-icon" });
  cwSuit(icon, "spanish:" + suit, 10, 10, 19);
  return icon;
}

function cwPoPlural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

/** Where each seat sits: {seat: "bottom" | "left" | "top" | "right"}. */
function cwPoPlaces(n, base) {
  const slots = cwPochSlots(n);
  const place = {};
  for (const area of ["bottom", "left", "top", "right"]) for (const r of slots[area]) place[(base + r) % n] = area;
  return place;
}

/** The trick just completed at this step (shown in the middle with its winner), or null. */
function cwPoJustWon(f, prev) {
  const n = f.players.length;
  if (!f.last_trick || (f.trick && f.trick.plays.length)) return null;
  if (!prev || !prev.trick || prev.trick.plays.length !== n - 1) return null;
  return f.last_trick;
}

function cwPoSeat(ctx, f, prev, s) {
  const name = f.players[s];
  const box = cwEl("section", "cw-seat cw-po-seat");
  box.dataset.seat = String(s);
  const active = f.actor === s;
  if (active) box.classList.add("cw-seat--active");
  if (ctx.viewer === s) box.classList.add("cw-seat--me");
  box.setAttribute("aria-label", `Seat ${s + 1}: ${name}`);
  const head = cwEl("div", "cw-seat-head", box);
  cwEl("span", "cw-seat-name", head, name).title = name;
  const badges = cwEl("span", "cw-badges", head);
  if (f.dealer === s) {
    const d = cwEl("span", "cw-badge cw-badge--dealer", badges, "Dealer");
    d.title = "The dealer bids last and may not make the bids add up to the tricks (H7)";
  }
  if (f.first_player === s && (f.phase === "bid" || f.phase === "deal")) {
    const b = cwEl("span", "cw-badge", badges, "First");
    b.title = "The player on the dealer's right bids first and leads the first trick (H5)";
  }
  if (ctx.human === s) cwEl("span", "cw-badge cw-badge--you", badges, "You");
  if (active) cwEl("span", "cw-badge cw-badge--turn", badges, f.phase === "bid" ? "To bid" : "To play");

  // bid · took · points
  const stats = cwEl("div", "cw-po-stats", box);
  const bid = f.bids[s], took = f.taken[s];
  const bt = cwEl("span", "cw-po-bidtook", stats);
  if (bid === null || bid === undefined) {
    bt.classList.add("cw-po-bidtook--none");
    bt.textContent = f.phase === "bid" || f.phase === "deal" ? "no bid yet" : "";
  } else {
    bt.textContent = f.phase === "bid" ? `bid ${bid}` : `bid ${bid} · took ${took}`;
    const settled = f.phase === "score" || (prev && prev.phase === "score") || !!ctx.scored;
    if (took > bid) { bt.classList.add("cw-po-bidtook--over"); bt.title = "took more than the bid: missed"; }
    else if (settled && took === bid) { bt.classList.add("cw-po-bidtook--exact"); bt.title = "exact!"; }
    else if (settled) { bt.classList.add("cw-po-bidtook--over"); bt.title = "took fewer than the bid: missed"; }
  }
  bt.dataset.bid = bid === null || bid === undefined ? "" : String(bid);
  bt.dataset.took = String(took);
  // the points are the result's at a hand's end (ctx.scored), the felt's otherwise
  const now = ctx.scored || f, before = ctx.scored ? f : prev;
  const pts = cwEl("span", "cw-po-points", stats);
  cwEl("b", null, pts, String(now.scores[s]));
  pts.appendChild(document.createTextNode(" pts"));
  if (before && before.scores && before.scores[s] !== now.scores[s]) {
    const d = now.scores[s] - before.scores[s];
    cwEl("span", "cw-delta " + (d > 0 ? "cw-delta--up" : "cw-delta--down"), stats, (d > 0 ? "+" : "−") + Math.abs(d));
  }

  // the hand
  const handRow = cwEl("div", "cw-hand cw-po-hand", box);
  const hand = f.hands[s];
  const clickable = ctx.human === s && ctx.atHead && !f.finished;
  const legalCodes = new Set((f.legal || []).filter((l) => l.action.card && l.action.seat === s).map((l) => l.action.card));
  const list = hand ? hand.slice() : Array(f.hand_counts[s]).fill(null);
  const big = ctx.human === s || (ctx.viewer === s);
  const w = big && hand ? 54 : list.length > 7 ? 40 : 44;
  handRow.style.setProperty("--cw-card-w", w + "px");
  if (big && hand) handRow.classList.add("cw-po-hand--open");
  for (const code of list) {
    const cls = [];
    if (clickable && legalCodes.has(code)) cls.push("cw-card--legal");
    handRow.appendChild(cwCard(cwPoCard(ctx, code), w, {
      sprite: ctx.sprite, cls: cls.join(" "),
      onClick: clickable && code ? () => ctx.playCard(code) : null,
    }));
  }
  if (!list.length) cwEl("span", "cw-hand-empty", handRow, f.phase === "deal" ? "no cards yet" : "no cards left");

  // play mode: the bids to choose from, the forbidden one shown disabled with the reason
  if (clickable && active && f.phase === "bid" && ctx.act) {
    box.appendChild(cwPoBidBar(ctx, f, s));
    box.classList.add("cw-po-seat--bidbar");
  }
  return box;
}

function cwPoBidBar(ctx, f, s) {
  const bar = cwEl("div", "cw-po-bidbar");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Your bid: how many tricks will you take?");
  cwEl("span", "cw-po-bidbar-label", bar, "Your bid:");
  const k = f.cards_per_hand;
  const forbidden = f.forbidden_bid;
  const soFar = f.bids.reduce((a, b) => a + (b || 0), 0);
  // the engine's refusal (pocha/rules.py, _check_bid), word for word, with its rule
  const others = [];
  for (let a = 0; a <= k; a++) if (a !== forbidden) others.push(String(a));
  const choice = others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} or ${others[others.length - 1]}`;
  const why = forbidden === null || forbidden === undefined ? "" :
    `The bids so far add up to ${soFar} of ${k} tricks: bidding ${forbidden} would make them ${k}, so the dealer may not (at least one player must be wrong); bid ${choice} (H7).`;
  for (let a = 0; a <= k; a++) {
    const b = cwEl("button", "cw-btn cw-po-bid", bar, String(a));
    b.type = "button";
    b.dataset.amount = String(a);
    b.dataset.cwMove = "bid";   // the shell's "Now" panel points here
    if (a === forbidden) {
      b.disabled = true;
      b.classList.add("cw-po-bid--forbidden");
      b.title = why;
      b.setAttribute("aria-label", `Bid ${a}: not allowed. ${why}`);
    } else {
      b.title = `Bid ${cwPoPlural(a, "trick")}`;
      b.setAttribute("aria-label", `Bid ${a}`);
      b.addEventListener("click", () => ctx.act({ kind: "bid", amount: a }));
    }
  }
  if (why) cwEl("div", "cw-po-why", bar, `You may not bid ${forbidden}: ${why.replace(/^The/, "the")}`);
  return bar;
}

/** The trick in the middle: each card in front of its player, the winner so far glowing. */
function cwPoTrick(ctx, f, prev, place) {
  const plate = cwEl("div", "cw-po-trick");
  const done = cwPoJustWon(f, prev);
  const trick = done || f.trick;
  const plays = trick ? trick.plays : [];
  const winner = done ? f.last_trick_winner : f.trick_winning;
  plate.setAttribute("aria-label", done ? "the trick just won" : "the trick being played");
  plate.dataset.state = done ? "won" : plays.length ? "playing" : "empty";
  const bySeat = {};
  plays.forEach((p, i) => { bySeat[p.seat] = [p, i]; });
  const n = f.players.length;
  for (let s = 0; s < n; s++) {
    const slot = cwEl("div", `cw-po-slot cw-po-slot--${place[s]}`, plate);
    slot.dataset.seat = String(s);
    const tag = cwEl("div", "cw-po-slot-tag");
    cwEl("span", "cw-po-slot-name", tag, f.players[s]);
    if (bySeat[s]) {
      const [p, i] = bySeat[s];
      const el = cwCard(cwPoCard(ctx, p.card), 50, { sprite: ctx.sprite, prefix: `${f.players[s]} played: `,
        cls: winner === s ? "cw-po-card--winning" : "" });
      slot.appendChild(el);
      if (i === 0) cwEl("span", "cw-po-pill", tag, "led");
      if (winner === s && !done) cwEl("span", "cw-po-pill cw-po-pill--win", tag, "winning");
      if (winner === s && done) cwEl("span", "cw-po-pill cw-po-pill--win", tag, "takes it");
      slot.dataset.card = p.card;
    } else {
      const ghost = cwEl("div", "cw-po-ghost", slot);
      if (!done && f.phase === "play" && f.actor === s) { ghost.classList.add("cw-po-ghost--next"); ghost.textContent = "to play"; }
    }
    slot.appendChild(tag);
  }
  const centre = cwEl("div", "cw-po-trick-centre", plate);
  if (f.trump_suit) {
    centre.appendChild(cwPoSuitIcon(f.trump_suit, 26));
    centre.title = `Trumps: ${f.trump_suit_name}`;
  }
  const trickNo = done ? f.taken.reduce((a, b) => a + b, 0) : f.taken.reduce((a, b) => a + b, 0) + 1;
  let words = "";
  if (f.phase === "play" || done) words = `Trick ${trickNo} of ${f.cards_per_hand}`;
  else if (f.phase === "bid") words = "Bidding";
  else if (f.phase === "deal") words = "Shuffle & deal";
  else if (f.phase === "score") words = "All tricks played";
  else if (f.phase === "over") words = "Game over";
  cwEl("div", "cw-po-trick-words", centre, words);
  if (done && winner !== null && winner !== undefined) {
    const banner = cwEl("div", "cw-po-banner", plate);
    cwEl("b", null, banner, f.players[winner]);
    cwEl("span", null, banner, "takes the trick");
  }
  return plate;
}

function cwPoCorners(ctx, f, prev, areas) {
  // the hand: number, cards each, bids so far
  const info = cwEl("div", "cw-poch-box cw-po-info", areas.tr);
  cwEl("div", "cw-poch-box-title", info, f.extra_hand ? "Tie-break" : "This hand");
  cwEl("div", "cw-po-handno", info, cwCap(f.hand_label));
  cwEl("div", "cw-poch-small", info, `${cwPoPlural(f.cards_per_hand, "card")} each · ${cwPoPlural(f.cards_per_hand, "trick")}`);
  const bids = f.bids.filter((b) => b !== null && b !== undefined);
  if (bids.length) {
    const sum = bids.reduce((a, b) => a + b, 0);
    const line = cwEl("div", "cw-po-bidsum", info);
    line.textContent = `Bids: ${sum} of ${f.cards_per_hand}` + (bids.length === f.players.length
      ? (sum > f.cards_per_hand ? " · too many: someone must fail" : sum < f.cards_per_hand ? " · too few: someone takes more" : "")
      : ` (${bids.length} of ${f.players.length} have bid)`);
  }
  if (f.forbidden_bid !== null && f.forbidden_bid !== undefined && f.phase === "bid") {
    cwEl("div", "cw-po-forbidden", info, `${f.players[f.dealer]}, the dealer, may not bid ${f.forbidden_bid} (H7).`);
  }
  // trumps
  const trump = cwEl("div", "cw-poch-box cw-po-trump", areas.tl);
  cwEl("div", "cw-poch-box-title", trump, "Trumps (triunfo)");
  if (f.trump_card) {
    const row = cwEl("div", "cw-poch-turned-row", trump);
    const whole = f.cards_per_hand * f.players.length === ({ spanish36: 36, spanish40: 40, spanish48: 48 }[f.deck] || 40);
    row.appendChild(cwCard(cwPoCard(ctx, f.trump_card), 46, { prefix: whole ? "trump card, the dealer's: " : "turned card: ", sprite: ctx.sprite, cls: "cw-po-turned" }));
    const words = cwEl("div", "cw-poch-pay", row);
    const suitRow = cwEl("div", "cw-poch-suit", words);
    suitRow.appendChild(cwPoSuitIcon(f.trump_suit, 20));
    cwEl("b", "cw-po-trump-name", suitRow, cwCap(f.trump_suit));
    cwEl("div", "cw-poch-small", words, `${CW_PO_PINTA_WORDS[f.trump_suit] || ""} are trumps`);
    cwEl("div", "cw-poch-small cw-po-dim", words, whole ? "the dealer's own last card" : "turned up, nobody's card");
  } else {
    cwEl("div", "cw-poch-small", trump, "After the deal the next card is turned up: its suit is trumps (H5).");
  }
  // the last trick (when the middle shows a newer one)
  if (f.last_trick && !cwPoJustWon(f, prev)) {
    const box = cwEl("div", "cw-poch-box cw-po-last", areas.br);
    const w = f.last_trick_winner;
    cwEl("div", "cw-poch-box-title", box, "Last trick");
    const row = cwEl("div", "cw-po-last-row", box);
    for (const p of f.last_trick.plays) {
      const cell = cwEl("div", "cw-po-last-cell" + (p.seat === w ? " cw-po-last-cell--win" : ""), row);
      cell.appendChild(cwCard(cwPoCard(ctx, p.card), 30, { sprite: ctx.sprite, prefix: `${f.players[p.seat]}: ` }));
      cwEl("div", "cw-po-last-name", cell, f.players[p.seat]);
    }
    if (w !== null && w !== undefined) cwEl("div", "cw-poch-small", box, `won by ${f.players[w]}`);
  }
}

/** The score sheet: a row per hand (played, then the hands to come, greyed), a column per player. */
function cwPoSheet(ctx, f, prev) {
  const wrap = cwEl("section", "cw-po-sheet");
  wrap.setAttribute("aria-label", "Score sheet");
  cwEl("div", "cw-po-sheet-title", wrap, "Score sheet");
  const legend = cwEl("div", "cw-po-sheet-legend", wrap);
  legend.textContent = "bid/took and points: exact = 10 + 5 a trick; missed = −5 a trick off (H11)";
  // the narrow sheet beside the felt (table.css) shows the points only: its own legend
  const short = cwEl("div", "cw-po-sheet-legend cw-po-sheet-legend--short", wrap);
  cwEl("span", "cw-po-sheet-key cw-po-sheet-key--exact", short, "exact");
  short.appendChild(document.createTextNode(" = 10 + 5 a trick, "));
  cwEl("span", "cw-po-sheet-key cw-po-sheet-key--missed", short, "missed");
  short.appendChild(document.createTextNode(" = −5 a trick off (H11). Bid/took: hover a cell."));
  const table = cwEl("table", "cw-po-sheet-table", wrap);
  const thead = cwEl("thead", null, table);
  const hr = cwEl("tr", null, thead);
  const handTh = cwEl("th", "cw-po-sheet-hand", hr);
  handTh.scope = "col";
  cwEl("span", "cw-po-sheet-name", handTh, "Hand");
  const cardsTh = cwEl("th", "cw-po-sheet-cards", hr);
  cardsTh.scope = "col"; cardsTh.title = "cards each = tricks in the hand";
  cwEl("span", "cw-po-sheet-name", cardsTh, "Cards");
  f.players.forEach((p) => {
    const th = cwEl("th", "cw-po-sheet-player", hr);
    th.scope = "col"; th.title = p;
    cwEl("span", "cw-po-sheet-name", th, p);   // (set on end in the narrow sheet)
  });
  const tbody = cwEl("tbody", null, table);
  const played = f.hands_played || [];
  const newRow = prev && prev.hands_played && prev.hands_played.length < played.length ? played.length - 1 : -1;
  played.forEach((h, i) => {
    const tr = cwEl("tr", "cw-po-sheet-row" + (i === newRow ? " cw-po-sheet-row--new" : ""), tbody);
    tr.dataset.hand = h.hand;
    const th = cwEl("th", "cw-po-sheet-hand", tr, h.hand);
    th.scope = "row";
    cwEl("td", "cw-po-sheet-cards", tr, String(h.cards));
    const points = f.hand_scores[i] || [];
    f.players.forEach((p, s) => {
      const td = cwEl("td", "cw-po-cell" + (h.bids[s] === h.taken[s] ? " cw-po-cell--exact" : " cw-po-cell--missed"), tr);
      td.dataset.seat = String(s);
      cwEl("span", "cw-po-cell-bt", td, `${h.bids[s]}/${h.taken[s]}`);
      const pt = points[s];
      cwEl("span", "cw-po-cell-pts", td, pt === undefined ? "" : (pt > 0 ? "+" : pt < 0 ? "−" : "") + Math.abs(pt));
      td.title = `${p}: bid ${h.bids[s]}, took ${h.taken[s]}: ${h.bids[s] === h.taken[s] ? "exact" : "missed"}, ${pt > 0 ? "+" : ""}${pt}`;
    });
  });
  // the current hand (bids so far) and the hands still to come
  const schedule = meta_schedule(ctx, f);
  const first = f.first_hand || 1;
  const done = played.length;
  for (let i = done; i < schedule.length; i++) {
    const current = i === f.hand_no - 1 && !f.finished;
    const tr = cwEl("tr", "cw-po-sheet-row " + (current ? "cw-po-sheet-row--now" : "cw-po-sheet-row--todo"), tbody);
    const th = cwEl("th", "cw-po-sheet-hand", tr, String(first + i));
    th.scope = "row";
    cwEl("td", "cw-po-sheet-cards", tr, String(schedule[i]));
    f.players.forEach((p, s) => {
      const td = cwEl("td", "cw-po-cell", tr);
      if (current && f.bids[s] !== null && f.bids[s] !== undefined) {
        cwEl("span", "cw-po-cell-bt", td, `${f.bids[s]}/${f.taken[s]}`);
      }
    });
  }
  if (f.extra_hand && !f.finished && done < f.hand_no) {
    const tr = cwEl("tr", "cw-po-sheet-row cw-po-sheet-row--now", tbody);
    cwEl("th", "cw-po-sheet-hand", tr, `extra ${f.hand_no - schedule.length}`).scope = "row";
    cwEl("td", "cw-po-sheet-cards", tr, "1");
    f.players.forEach((p, s) => {
      const td = cwEl("td", "cw-po-cell", tr);
      if (f.bids[s] !== null && f.bids[s] !== undefined) cwEl("span", "cw-po-cell-bt", td, `${f.bids[s]}/${f.taken[s]}`);
    });
  }
  const tfoot = cwEl("tfoot", null, table);
  const tr = cwEl("tr", "cw-po-sheet-total", tfoot);
  const th = cwEl("th", null, tr, "Total");
  th.scope = "row"; th.colSpan = 2;
  const top = Math.max(...f.scores);
  const winners = f.result ? f.result.winners : [];
  f.scores.forEach((t, s) => {
    const td = cwEl("td", "cw-po-total" + (winners.includes(s) ? " cw-po-total--win" : ""), tr, String(t));
    td.dataset.seat = String(s);
    if (winners.includes(s)) td.title = `${f.players[s]} wins`;
    else if (t === top && done) td.title = "highest so far";
  });
  return wrap;
}

function meta_schedule(ctx, f) { return f.schedule || (ctx.meta.static || {}).schedule || []; }

cwRegisterTable("pocha", {
  phaseJumps: [
    { label: "Deal", keys: ["deal"], title: "the deal and the trump card (H5)" },
    { label: "Bidding", keys: ["bid"], title: "the bidding (H7)" },
    { label: "Tricks", keys: ["play"], title: "the tricks (H8–H10)" },
    { label: "Scoring", keys: ["score"], title: "the scoring of the hand (H11)" },
    { label: "Game over", keys: ["over"], title: "the end of the game (H12)" },
  ],
  render(ctx) {
    const f = ctx.frame, prev = ctx.prev;
    const n = f.players.length;
    const base = ctx.viewer === null || ctx.viewer === undefined ? 0 : ctx.viewer;
    const place = cwPoPlaces(n, base);
    ctx.host.dataset.cwFlags = "pocha";   // for the header's capital (table.css)
    const layout = cwEl("div", "cw-po-layout");
    const felt = cwEl("div", "cw-poch cw-pocha", layout);
    const areas = {};
    for (const a of ["tl", "top", "tr", "left", "mid", "right", "bl", "bottom", "br"]) areas[a] = cwEl("div", `cw-poch-${a} cw-po-${a}`, felt);
    const slots = cwPochSlots(n);
    for (const area of ["top", "left", "right", "bottom"]) {
      for (const r of slots[area]) areas[area].appendChild(cwPoSeat(ctx, f, prev, (base + r) % n));
    }
    areas.mid.appendChild(cwPoTrick(ctx, f, prev, place));
    cwPoCorners(ctx, f, prev, areas);
    layout.appendChild(ctx.scored ? cwPoSheet(ctx, ctx.scored, f) : cwPoSheet(ctx, f, prev));
    ctx.host.appendChild(layout);
  },
});
