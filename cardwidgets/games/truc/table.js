// table.js: the Valencian truc table. Seats round green felt, coloured by side, mà and the
// dealer marked; the trick being played in the middle and the three tricks of the hand with
// their outcomes (won, parda, not played); beside the felt the score (camas, and each side's
// points on a track of males and bones), the truc ladder with the current stake, and the
// envit (calls, answers, and the values once shown). In play mode the person's seat gets
// buttons for the bets and answers. Registered for view.game === "truc".

const CW_TC_TRICK = ["1st trick", "2nd trick", "3rd trick"];
const CW_TC_WAYS = {
  two: "won two tricks",
  first_then_tie: "won its trick first; another was a parda",
  tie_then_win: "parda, then won the second",
  two_ties_then_win: "two pardas, then won the third",
  three_ties: "three pardas: mà's side wins",
  refused: "the other side refused the bet",
  gave_up: "the other side gave up",
};

function cwTcCard(ctx, code) {
  const c = cwCardOf(ctx.cards, code);
  if (c) c.system = "spanish";
  return c;
}

/** Where each seat sits, the viewer at the bottom, seats numbered clockwise. */
function cwTcSlots(n) {
  return {
    2: { bottom: [0], left: [], top: [1], right: [] },
    4: { bottom: [0], left: [1], top: [2], right: [3] },
    6: { bottom: [0], left: [2, 1], top: [3], right: [4, 5] },
  }[n] || { bottom: [...Array(n).keys()], left: [], top: [], right: [] };
}

function cwTcSideOf(f, s) { return f.sides[0].includes(s) ? 0 : 1; }
function cwTcSideShort(f, side) { return f.players.length === 2 ? f.players[f.sides[side][0]] : `Side ${side + 1}`; }
function cwTcPts(n) { return `${n} point${n === 1 ? "" : "s"}`; }
function cwTcWorth(w) { return w === null || w === undefined ? "the whole cama" : cwTcPts(w); }

/** The order of play of the current trick: who has played, then who is still to play. */
function cwTcOrder(f) {
  const n = f.players.length;
  const t = f.trick;
  if (!t) return [];
  const out = [];
  for (let k = 0; k < n; k++) {
    const s = ((t.leader - k) % n + n) % n;          // to the right: seat numbers go down
    if (!f.folded.includes(s)) out.push(s);
  }
  return out;
}

function cwTcSeat(ctx, f, prev, s) {
  const side = cwTcSideOf(f, s);
  const box = cwEl("section", `cw-seat cw-tc-seat cw-tc-seat--side${side}`);
  box.dataset.seat = String(s);
  const active = f.actor === s;
  if (active) box.classList.add("cw-seat--active");
  if (ctx.viewer === s) box.classList.add("cw-seat--me");
  if (f.folded.includes(s)) box.classList.add("cw-tc-seat--folded");
  box.setAttribute("aria-label", `Seat ${s + 1}: ${f.players[s]}, ${f.side_names[side]}`);
  const head = cwEl("div", "cw-seat-head", box);
  cwEl("span", "cw-seat-name", head, f.players[s]);
  const badges = cwEl("span", "cw-badges", head);
  if (f.players.length > 2) {
    const sb = cwEl("span", `cw-badge cw-tc-sidebadge cw-tc-sidebadge--${side}`, badges, cwTcSideShort(f, side));
    sb.title = f.side_names[side];
  }
  if (f.ma === s) {
    const m = cwEl("span", "cw-badge cw-tc-ma", badges, "Mà");
    m.title = "Mà, 'the hand': the dealer's right-hand neighbour plays first, and wins the ties (V5, V6, V9)";
  }
  if (f.dealer === s) {
    const d = cwEl("span", "cw-badge cw-badge--dealer", badges, "Dealer");
    d.title = "The dealer gives the cut to the left and deals three cards each to the right (V5)";
  }
  if (ctx.human === s) cwEl("span", "cw-badge cw-badge--you", badges, "You");
  if (active) cwEl("span", "cw-badge cw-badge--turn", badges, f.open_call ? "To answer" : "To play");

  const handRow = cwEl("div", "cw-hand cw-tc-hand", box);
  const hand = f.hands[s];
  const clickable = ctx.human === s && ctx.atHead && !f.finished && active && !f.open_call;
  const legalCodes = new Set((f.legal || []).filter((l) => l.action.card && l.action.seat === s).map((l) => l.action.card));
  const list = hand ? hand.slice() : Array(f.hand_counts[s]).fill(null);
  const big = hand && (ctx.human === s || ctx.viewer === s);
  const w = big ? 58 : 44;
  handRow.style.setProperty("--cw-card-w", w + "px");
  for (const code of list) {
    handRow.appendChild(cwCard(cwTcCard(ctx, code), w, {
      sprite: ctx.sprite, cls: clickable && legalCodes.has(code) ? "cw-card--legal" : "",
      onClick: clickable && code ? () => ctx.playCard(code) : null,
    }));
  }
  if (!list.length) {
    const why = f.folded.includes(s) ? "gave up: cards on the stock" : f.phase === "deal" ? "no cards yet" : "no cards left";
    cwEl("span", "cw-hand-empty", handRow, why);
  }
  // the envit value, when this view may see it
  const v = f.envit.values[s];
  if (v !== null && v !== undefined && f.envit.available) {
    const chip = cwEl("div", "cw-tc-envit-chip", box);
    const shown = f.envit.shown !== null && f.envit.shown !== undefined;
    cwEl("b", null, chip, `Envit ${v}`);
    const who = shown ? " · shown at the settling" : ctx.viewer === s ? " · only you see this" : "";
    if (who) cwEl("span", null, chip, who);
    chip.title = f.envit.words[s] || "";
    if (f.envit.winner === s) chip.classList.add("cw-tc-envit-chip--win");
  }
  if (ctx.human === s && ctx.atHead && active && !f.finished && ctx.act) {
    const bar = cwTcCallBar(ctx, f, s);
    if (bar) {
      box.appendChild(bar);
      box.classList.add("cw-tc-seat--callbar");
      ctx.host.dataset.cwFlags = "tc-callbar";   // the shell's own buttons for these hide (table.css)
    }
  }
  return box;
}

/** Play mode: the bets, answers and giving up, each with what it is worth. */
function cwTcCallBar(ctx, f, s) {
  const moves = (f.legal || []).filter((l) => l.action.kind !== "play");
  if (!moves.length) return null;
  const bar = cwEl("div", "cw-tc-callbar");
  bar.setAttribute("role", "group");
  const call = f.open_call;
  const title = call ? `${f.players[call.by]} called ${call.kind}: your answer` : "Bet, or play a card";
  bar.setAttribute("aria-label", title);
  cwEl("span", "cw-tc-callbar-label", bar, title);
  const ladder = f.truc.ladder;
  for (const l of moves) {
    const a = l.action;
    const b = cwEl("button", `cw-btn cw-tc-call cw-tc-call--${a.kind}`, bar);
    b.type = "button";
    b.dataset.kind = a.kind;
    b.dataset.cwMove = a.kind;   // a move: M and "Skip to the moves" reach it, the Now panel points here
    if (a.what) b.dataset.what = a.what;
    cwEl("b", null, b, l.label);
    let sub = "";
    if (a.kind === "call") {
      const rung = ladder.find((r) => r.bet === a.what);
      if (rung) sub = `worth ${cwTcWorth(rung.worth)}; refused, ${rung.refused}`;
      else if (a.what === "envit") sub = call && call.family === "envit" ? "" : "best envit wins 2; refused, 1";
      else if (a.what === "torne") sub = "2 more: 4; refused, 2";
      else if (a.what === "falta") sub = "what the leader lacks to win the cama";
    } else if (a.kind === "accept") sub = "play on for the stake";
    else if (a.kind === "refuse") sub = call && call.family === "truc" ? "the hand ends" : "they score the refusal";
    else if (a.kind === "give_up") sub = f.players.length === 2 ? "lose the hand now" : "your partner plays on";
    if (sub) cwEl("small", null, b, sub);
    b.title = l.label + (sub ? `: ${sub}` : "");
    b.addEventListener("click", () => ctx.act(a));
  }
  return bar;
}

/** The trick being played: the cards in order of play, each with its player. */
function cwTcTrick(ctx, f, prev) {
  const plate = cwEl("div", "cw-tc-trick");
  const t = f.trick;
  let plays = t ? t.plays : [];
  let done = null;
  // the trick just finished at this step, shown with its outcome (the next one is empty)
  if ((!plays.length || f.phase !== "play") && f.tricks.length && prev && prev.trick && prev.trick.plays.length) {
    done = f.tricks[f.tricks.length - 1];
    if (f.phase === "play" || f.phase === "settle") plays = done.plays;
  }
  const k = done ? f.tricks.length - 1 : f.tricks.length;
  plate.dataset.state = done ? "done" : plays.length ? "playing" : "empty";
  plate.setAttribute("aria-label", done ? `the ${CW_TC_TRICK[k]} just finished` : `the ${CW_TC_TRICK[k] || "trick"} being played`);
  const words = cwEl("div", "cw-tc-trick-title", plate,
    f.phase === "deal" ? "Shuffle & deal" : f.phase === "over" ? "Game over" :
    (done ? CW_TC_TRICK[k] + ": " + (done.tie ? "parda" : `to ${cwTcSideShort(f, done.side)}`) : CW_TC_TRICK[k] || ""));
  if (done && done.tie) words.classList.add("cw-tc-trick-title--parda");
  const row = cwEl("div", "cw-tc-trick-row", plate);
  const order = done ? done.plays.map((p) => p.seat) : cwTcOrder(f);
  const bySeat = {};
  plays.forEach((p) => { bySeat[p.seat] = p; });
  const cw = f.players.length > 4 ? 40 : 52;
  row.style.setProperty("--cw-tc-w", cw + "px");
  if (f.phase === "play" || done) {
    for (const s of order) {
      const cell = cwEl("div", `cw-tc-play cw-tc-play--side${cwTcSideOf(f, s)}`, row);
      cell.dataset.seat = String(s);
      const p = bySeat[s];
      if (p) {
        const win = done && !done.tie && done.seat === s;
        cell.appendChild(cwCard(cwTcCard(ctx, p.card), cw, { sprite: ctx.sprite, prefix: `${f.players[s]} played: `,
          cls: win ? "cw-tc-card--win" : "" }));
        cell.dataset.card = p.card;
      } else {
        const g = cwEl("div", "cw-tc-ghost", cell);
        if (f.actor === s && !f.open_call) { g.classList.add("cw-tc-ghost--next"); g.textContent = "to play"; }
      }
      cwEl("div", "cw-tc-play-name", cell, f.players[s]);
    }
  } else if (f.phase === "deal") {
    cwEl("div", "cw-tc-note", row, `${cwSays(f.players[f.dealer], "deals three cards each, to the right")}; ${cwSays(f.players[f.ma], "is mà").replace(/^You/, "you")}.`);
  }
  return plate;
}

/** The three tricks of the hand and how each came out; the hand's winner once decided. */
function cwTcTricks(ctx, f) {
  const box = cwEl("div", "cw-tc-tricks");
  box.setAttribute("aria-label", "The three tricks of this hand");
  const tricks = f.phase === "deal" && f.previous ? f.previous.tricks : f.tricks;
  const winner = f.phase === "deal" && f.previous ? f.previous.winner : f.hand_winner;
  const way = f.phase === "deal" && f.previous ? f.previous.way : f.hand_way;
  const decided = winner !== null && winner !== undefined;
  for (let k = 0; k < 3; k++) {
    const cell = cwEl("div", "cw-tc-tk", box);
    cwEl("div", "cw-tc-tk-name", cell, CW_TC_TRICK[k]);
    const t = tricks[k];
    let word, cls = "";
    if (t) {
      if (t.tie) { word = "parda"; cls = "parda"; }
      else { word = cwTcSideShort(f, t.side); cls = "side" + t.side; }
    } else if (decided) { word = "not played"; cls = "none"; }
    else if (k === tricks.length && f.phase === "play") { word = "playing…"; cls = "now"; }
    else { word = "–"; cls = "todo"; }
    cell.classList.add("cw-tc-tk--" + cls);
    const out = cwEl("div", "cw-tc-tk-out", cell, word);
    if (t && !t.tie) out.title = `won by ${f.players[t.seat]}`;
    if (t && t.tie) out.title = "a tied trick (Basque: altxaldi arrea)";
  }
  if (decided) {
    const line = cwEl("div", `cw-tc-hand-won cw-tc-hand-won--side${winner}`, box);
    cwEl("b", null, line, (f.phase === "deal" ? "Last hand: " : "") + f.side_names[winner]);
    cwEl("span", null, line, " wins the truc: " + (CW_TC_WAYS[way] || ""));
    // V10: when the envit, settled first, ended the cama, this truc was never counted
    const settled = (f.phase === "deal" && f.previous ? f.previous.settled : f.settled) || [];
    if ((f.phase === "deal" || f.phase === "over") && settled.length && !settled.some(x => x.what === "truc")) {
      cwEl("span", "cw-tc-not-counted", line, " (not counted: the envit, settled first, won the cama, V10)");
    }
  }
  return box;
}

/** The score: camas won, and each side's points on a track of males and bones. */
function cwTcScore(ctx, f, prev) {
  const box = cwEl("section", "cw-tc-box cw-tc-score");
  box.setAttribute("aria-label", "Score");
  const head = cwEl("div", "cw-tc-box-title", box, f.half ? `Cama ${f.cama_no} · ${f.target} points, two camas win` : `Game to ${f.target}`);
  head.title = f.half ? `A cama (Basque ohe) is ${f.target} points: the first ${f.half} are the males (a side on ${f.half} is still in them), the last ${f.target - f.half} the bones (V1)` : "";
  for (const side of [0, 1]) {
    const row = cwEl("div", `cw-tc-score-row cw-tc-score-row--side${side}`, box);
    row.dataset.side = String(side);
    const top = cwEl("div", "cw-tc-score-top", row);
    cwEl("span", "cw-tc-score-name", top, f.side_names[side]);
    if (f.camas_to_win > 1) {
      const pips = cwEl("span", "cw-tc-camas", top);
      pips.title = `${f.camas[side]} cama${f.camas[side] === 1 ? "" : "s"} won`;
      for (let i = 0; i < f.camas_to_win; i++) cwEl("span", "cw-tc-pip" + (i < f.camas[side] ? " cw-tc-pip--won" : ""), pips);
    }
    const pts = f.points[side];
    const num = cwEl("span", "cw-tc-score-pts", top);
    cwEl("b", null, num, String(pts));
    if (f.parts[side]) cwEl("span", "cw-tc-part cw-tc-part--" + f.parts[side], num, f.parts[side]);
    if (prev && prev.points && prev.cama_no === f.cama_no && prev.points[side] !== pts) {
      cwEl("span", "cw-delta cw-delta--up", top, "+" + (pts - prev.points[side]));
    }
    const track = cwEl("div", "cw-tc-track", row);
    track.setAttribute("aria-hidden", "true");
    track.style.gridTemplateColumns = `repeat(${f.target}, 1fr)`;
    for (let i = 1; i <= f.target; i++) {
      const c = cwEl("span", "cw-tc-cell" + (i <= pts ? " cw-tc-cell--on" : "") +
        (f.half && i > f.half ? " cw-tc-cell--bones" : "") + (f.half && i === f.half ? " cw-tc-cell--half" : ""), track);
      if (i === f.target) c.classList.add("cw-tc-cell--end");
    }
  }
  if (f.half) {
    const legend = cwEl("div", "cw-tc-legend", box);
    legend.textContent = `males 1–${f.half} · bones ${f.half + 1}–${f.target}; the first to ${f.target} wins the cama`;
  }
  if (f.cama_log.length) {
    const done = cwEl("div", "cw-tc-legend", box);
    done.textContent = "Camas so far: " + f.cama_log.map((c) => `${c.cama}: ${cwTcSideShort(f, c.winner)} (${c.points.join("–")})`).join(" · ");
  }
  return box;
}

/** The truc ladder: each bet, what it is worth and what a refusal gives; the stake now. */
function cwTcLadder(ctx, f) {
  const box = cwEl("section", "cw-tc-box cw-tc-ladder");
  box.setAttribute("aria-label", "The truc ladder");
  cwEl("div", "cw-tc-box-title", box, "Truc ladder (V7)");
  const stake = cwEl("div", "cw-tc-stake", box);
  cwEl("span", null, stake, "The truc is worth ");
  cwEl("b", null, stake, cwTcWorth(f.truc.worth));
  const table = cwEl("table", "cw-tc-ladder-table", box);
  const hr = cwEl("tr", null, cwEl("thead", null, table));
  for (const h of ["Bet", "Worth", "Refused"]) cwEl("th", null, hr, h).scope = "col";
  const body = cwEl("tbody", null, table);
  const base = cwEl("tr", "cw-tc-rung" + (f.truc.level === 0 ? " cw-tc-rung--now" : " cw-tc-rung--past"), body);
  cwEl("td", null, base, "no bet");
  cwEl("td", null, base, "1");
  cwEl("td", null, base, "");
  const call = f.open_call && f.open_call.family === "truc" ? f.open_call : null;
  f.truc.ladder.forEach((r, i) => {
    let state = r.accepted ? (i + 1 === f.truc.level ? "now" : "past") : "todo";
    if (call && call.kind === r.bet) state = "open";
    const tr = cwEl("tr", "cw-tc-rung cw-tc-rung--" + state, body);
    tr.dataset.bet = r.bet;
    const name = cwEl("td", "cw-tc-rung-name", tr, r.bet);
    if (state === "open") cwEl("span", "cw-tc-pill", name, `${cwSays(f.players[call.by], "calls")} · ${cwSays(f.players[call.answer_by], "answers")}`);
    const rec = f.truc.calls.find((c) => c.bet === r.bet);
    if (rec && state !== "open") name.title = `called by ${f.players[rec.by]}: ${rec.answer || ""}`;
    cwEl("td", null, tr, r.worth === null ? "cama" : String(r.worth));
    cwEl("td", null, tr, String(r.refused));
  });
  if (f.truc.refused) {
    cwEl("div", "cw-tc-legend", box, `Refused: ${cwTcPts(f.truc.refused[1])} to ${cwTcSideShort(f, f.truc.refused[0])}`);
  } else if (f.truc.owner !== null && f.truc.owner !== undefined && f.truc.level < f.truc.ladder.length) {
    cwEl("div", "cw-tc-legend", box, `Only ${cwTcSideShort(f, 1 - f.truc.owner)} may raise (it received the last bet).`);
  }
  return box;
}

/** The envit: the calls and answers, the stake, the falta now, the values once shown. */
function cwTcEnvit(ctx, f) {
  const box = cwEl("section", "cw-tc-box cw-tc-envit");
  box.setAttribute("aria-label", "The envit");
  cwEl("div", "cw-tc-box-title", box, "Envit (V9)");
  const e = f.envit;
  if (!e.available) { cwEl("div", "cw-tc-legend", box, "Catalan truc has no envit (VV2)."); return box; }
  const status = cwEl("div", "cw-tc-stake", box);
  if (!e.calls.length) {
    status.textContent = f.phase === "play" && !f.tricks.length ? "Not called yet: anyone may, before their first card." : "No envit this hand: nothing to count.";
  } else {
    const list = cwEl("ol", "cw-tc-envit-calls", box);
    for (const c of e.calls) {
      const li = cwEl("li", null, list);
      cwEl("b", null, li, `${f.players[c.by]}: ${c.bet}`);
      cwEl("span", null, li, ` (${c.bet === "falta" ? (c.stake === null ? "the whole cama" : cwTcPts(c.stake)) : cwTcPts(c.stake)})` +
        (c.answer ? ` · ${c.answer}` : " · waiting for the answer"));
    }
    if (e.state === "accepted") status.textContent = `Accepted for ${e.stake === null ? "the whole cama" : cwTcPts(e.stake)}: shown and counted at the end, before the truc (V10).`;
    else if (e.state === "refused") status.textContent = `Refused: ${cwTcPts(e.refused[1])} to ${cwTcSideShort(f, e.refused[0])}, counted at the end.`;
    else status.textContent = "Play stops until the envit betting is closed (accepted or refused).";
  }
  if (f.phase !== "over") {
    const falta = cwEl("div", "cw-tc-legend", box);
    falta.textContent = "A falta now: " + (e.falta_now === null ? "the whole cama (both sides in the males)" : cwTcPts(e.falta_now) + " (what the leader lacks)");
  }
  const shown = e.shown !== null && e.shown !== undefined;
  if (shown) {
    const grid = cwEl("div", "cw-tc-shown", box);
    for (let s = 0; s < f.players.length; s++) {
      const row = cwEl("div", "cw-tc-shown-row" + (e.winner === s ? " cw-tc-shown-row--win" : ""), grid);
      cwEl("span", "cw-tc-shown-name", row, f.players[s]);
      const cards = cwEl("span", "cw-tc-shown-cards", row);
      for (const code of e.shown[s]) cards.appendChild(cwCard(cwTcCard(ctx, code), 26, { sprite: ctx.sprite }));
      cwEl("b", "cw-tc-shown-value", row, String(e.values[s]));
      row.title = e.words[s] || "";
    }
  }
  return box;
}

cwRegisterTable("truc", {
  phaseJumps: [
    { label: "Deal", keys: ["deal"], title: "the deal and mà (V5)" },
    { label: "Tricks & bets", keys: ["play"], title: "the tricks, the truc and the envit (V6–V9)" },
    { label: "Settling", keys: ["settle"], title: "the settling: envit first, then truc (V10)" },
    { label: "Game over", keys: ["over"], title: "two camas won (V1)" },
  ],
  render(ctx) {
    const f = ctx.frame, prev = ctx.prev;
    const n = f.players.length;
    const base = ctx.viewer === null || ctx.viewer === undefined ? (ctx.human === null || ctx.human === undefined ? 0 : ctx.human) : ctx.viewer;
    const layout = cwEl("div", "cw-tc-layout");
    const felt = cwEl("div", "cw-poch cw-tc-felt", layout);
    felt.dataset.players = String(n);
    const areas = {};
    for (const a of ["top", "left", "mid", "right", "bottom"]) areas[a] = cwEl("div", `cw-poch-${a} cw-tc-${a}`, felt);
    const slots = cwTcSlots(n);
    for (const area of ["top", "left", "right", "bottom"]) {
      for (const r of slots[area]) areas[area].appendChild(cwTcSeat(ctx, f, prev, (base + r) % n));
    }
    const mid = cwEl("div", "cw-tc-middle", areas.mid);
    mid.appendChild(cwTcTrick(ctx, f, prev));
    mid.appendChild(cwTcTricks(ctx, f));
    const panel = cwEl("div", "cw-tc-panel", felt);   // its boxes sit in the felt's corners (table.css)
    panel.appendChild(ctx.scored ? cwTcScore(ctx, ctx.scored, f) : cwTcScore(ctx, f, prev));
    panel.appendChild(cwTcLadder(ctx, f));
    panel.appendChild(cwTcEnvit(ctx, f));
    ctx.host.appendChild(layout);
  },
});
