// shell.js: the part of the widget every game shares: the header (hand, phase, step),
// the stepper (first/back/next/last, phase jumps, slider, autoplay, keyboard), the
// explanation of the step (text, rule, teacher's note), the legal actions, and play mode.
// The table itself is drawn by the game's module in CW_TABLES (chosen by view.game).
//
// Every step's view is already here (model "frames"): stepping never waits for the kernel.
// Only play-mode moves are sent to Python (model.send), which checks them with the engine.

const CW_SPEEDS = [["Slow (2 s)", 2000], ["Normal (1 s)", 1000], ["Fast (0.4 s)", 400]];

function cwCap(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }

/** Rule ids named in a step's rule field, e.g. "P14, P11" or "P8 (our ruling)". */
function cwRuleIds(rule, rules) {
  if (!rule) return [];
  return rule.split(/[\s,;()]+/).filter((t) => t && Object.prototype.hasOwnProperty.call(rules, t));
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

function render({ model, el }) {
  const uid = "cw" + Math.random().toString(36).slice(2, 10);
  let meta = model.get("meta"), cards = model.get("cards"), frames = model.get("frames");
  let merged = [];
  let pos = Math.min(model.get("step") || 0, frames.length - 1);
  let timer = null;
  let waiting = false;
  // built tables by step, so stepping back and forth just swaps a node in
  const tableCache = new Map();
  const drawCache = new Map();   // pieces a table module may reuse (e.g. board pictures)
  let heading = 1;               // the direction of the last step, to build ahead
  let summary = null;   // hands played and phase-jump targets, computed once per data change
  let idle = null;

  const frameAt = (k) => {
    if (!merged[k]) merged[k] = Object.assign({}, meta.static, frames[k]);
    return merged[k];
  };
  const playing = () => model.get("play_as") !== null && model.get("play_as") !== undefined;

  // ---- build once ----------------------------------------------------------------------
  const root = cwEl("div", "cw-root", el);
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "group");

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

  const tableHost = cwEl("div", "cw-table", root);
  const sprite = cwSprite(root, uid);

  const stepper = cwEl("div", "cw-stepper", root);
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
  const firstBtn = mk("cw-first", "« First", "First step (Home)", () => go(0));
  const backBtn = mk("cw-back", "‹ Back", "Step back (←)", () => go(pos - 1));
  const nextBtn = mk("cw-next", "Next ›", "Next step (→)", () => go(pos + 1));
  const lastBtn = mk("cw-last", "Last »", "Last step (End)", () => go(frames.length - 1));
  const slider = cwEl("input", "cw-slider", stepper);
  slider.type = "range";
  slider.min = "0";
  slider.setAttribute("aria-label", "Step");
  slider.addEventListener("input", () => go(Number(slider.value)));
  const autoBtn = mk("cw-auto", "▶ Autoplay", "Autoplay: step forward by itself", () => toggleAuto());
  const speedSel = cwEl("select", "cw-speed", stepper);
  speedSel.setAttribute("aria-label", "Autoplay speed");
  for (const [label, ms] of CW_SPEEDS) { const o = cwEl("option", null, speedSel, label); o.value = String(ms); }
  speedSel.value = "1000";
  speedSel.addEventListener("change", () => { if (timer) { toggleAuto(); toggleAuto(); } });

  const jumps = cwEl("div", "cw-jumps", root);
  jumps.setAttribute("role", "toolbar");
  jumps.setAttribute("aria-label", "Jump to the start of a phase");

  const lower = cwEl("div", "cw-lower", root);
  const explain = cwEl("section", "cw-explain", lower);
  explain.setAttribute("aria-label", "What happened");
  cwEl("div", "cw-section-title", explain, "What happened");
  const what = cwEl("p", "cw-what", explain);
  what.setAttribute("aria-live", "polite");
  const ruleBox = cwEl("div", "cw-rules", explain);
  const comment = cwEl("div", "cw-comment", explain);
  const logBox = cwEl("ol", "cw-log", explain);
  logBox.setAttribute("aria-label", "Earlier steps");

  const now = cwEl("section", "cw-now", lower);
  now.setAttribute("aria-label", "What can happen now");
  cwEl("div", "cw-section-title", now, "Now");
  const nowWho = cwEl("p", "cw-now-who", now);
  const legalBox = cwEl("div", "cw-legal", now);
  const notice = cwEl("div", "cw-notice", now);
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "assertive");
  const keys = cwEl("p", "cw-keys", now, "Keys: ← → step · Home / End first / last");

  // a hidden path used only to time a bare round trip to the kernel (benchmarks)
  const echoBtn = cwEl("button", "cw-echo-btn", root);
  echoBtn.type = "button"; echoBtn.hidden = true; echoBtn.tabIndex = -1;
  echoBtn.setAttribute("aria-hidden", "true");
  const echoOut = cwEl("span", "cw-echo-out", root);
  echoOut.hidden = true;
  echoBtn.addEventListener("click", () => model.send({ type: "echo", t: String(performance.now()) }));

  // ---- actions ---------------------------------------------------------------------------
  function send(action) {
    if (waiting) return;
    waiting = true;
    model.send({ type: "act", action, at: frames.length - 1 });
  }

  function go(k) {
    k = Math.max(0, Math.min(frames.length - 1, k));
    if (k === pos) return;
    heading = k < pos ? -1 : 1;
    pos = k;
    show();
    model.set("step", pos);
    model.save_changes();
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
    const moves = { ArrowLeft: () => go(pos - 1), ArrowRight: () => go(pos + 1), Home: () => go(0),
      End: () => go(frames.length - 1) };
    if (moves[e.key]) { e.preventDefault(); e.stopPropagation(); moves[e.key](); }
  });

  seatSel.addEventListener("change", () => {
    const seat = seatSel.value === "" ? null : Number(seatSel.value);
    waiting = true;
    model.send({ type: "take_seat", seat, play: false, at: pos });
  });
  playBtn.addEventListener("click", () => {
    const seat = seatSel.value === "" ? null : Number(seatSel.value);
    if (playing()) model.send({ type: "take_seat", seat: model.get("play_as"), play: false, at: pos });
    else if (seat !== null) model.send({ type: "take_seat", seat, play: true, at: pos });
  });

  // ---- drawing --------------------------------------------------------------------------
  function summarise() {
    if (summary) return summary;
    summary = { played: 0, firsts: {}, over: -1 };
    for (let k = 0; k < frames.length; k++) {
      const g = frameAt(k);
      if (g.phase !== "ante" && g.phase !== "over") summary.played = Math.max(summary.played, g.deal);
      const key = g.deal + "|" + g.phase;
      if (!(key in summary.firsts)) summary.firsts[key] = k;
      if (g.phase === "over" && summary.over < 0) summary.over = k;
    }
    return summary;
  }

  function dealLabel(f) {
    if (f.hand_label) return f.hand_label;
    const played = summarise().played;
    const agreed = meta.deals_agreed;
    const total = playing() ? agreed : Math.max(played, 1);
    if (f.phase === "over") return `Game over after ${played} hand${played === 1 ? "" : "s"}`;
    if (f.phase === "ante" && f.step > 0 && f.deal > played && !playing()) return `Hand ${f.deal - 1} of ${total} · finished`;
    return total ? `Hand ${f.deal} of ${total}` : `Hand ${f.deal}`;
  }

  function drawHead(f) {
    title.textContent = meta.title + (meta.record_title ? ` · ${meta.record_title}` : "");
    dealEl.textContent = dealLabel(f);
    const handOver = f.phase === "ante" && f.step > 0 && f.deal > summarise().played && !playing();
    phaseEl.textContent = handOver ? "End of the hand" : f.phase_title;
    phaseEl.dataset.phase = f.phase;
    stepEl.textContent = `Step ${pos} of ${frames.length - 1}`;
    // whose view
    const seat = model.get("seat");
    if (seatSel.options.length !== meta.players.length + 1) {
      seatSel.textContent = "";
      const o = cwEl("option", null, seatSel, "Teacher: all cards face up");
      o.value = "";
      meta.players.forEach((p, s) => { const op = cwEl("option", null, seatSel, `${p}'s view`); op.value = String(s); });
    }
    seatSel.value = seat === null || seat === undefined ? "" : String(seat);
    seatSel.disabled = playing();
    if (playing()) {
      playBtn.textContent = `Stop playing ${meta.players[model.get("play_as")]}`;
      playBtn.disabled = false;
      playBtn.title = "Watch again: the game stays where it is";
    } else if (seat === null || seat === undefined) {
      playBtn.textContent = "Play a seat…";
      playBtn.disabled = true;
      playBtn.title = "Choose a player's view first, then play that seat";
    } else {
      playBtn.textContent = `Play as ${meta.players[seat]} from here`;
      playBtn.disabled = false;
      playBtn.title = "You play this seat from the step shown; the built-in players play the others";
    }
  }

  function drawStepper() {
    slider.max = String(frames.length - 1);
    slider.value = String(pos);
    slider.setAttribute("aria-valuetext", `step ${pos} of ${frames.length - 1}`);
    firstBtn.disabled = backBtn.disabled = pos === 0;
    nextBtn.disabled = lastBtn.disabled = pos >= frames.length - 1;
    // phase jumps: the start of each phase of this hand
    const table = CW_TABLES[meta.game] || {};
    const spec = table.phaseJumps || meta.phases.map((p) => ({ label: p.title, keys: [p.key], title: p.title }));
    const f = frameAt(pos);
    jumps.textContent = "";
    cwEl("span", "cw-jumps-label", jumps, "Jump to:");
    const sum = summarise();
    for (const j of spec) {
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
      const b = mk("cw-jump", j.label, `Jump to the start of ${j.title}`, () => go(target), jumps);
      b.dataset.keys = j.keys.join(" ");
      b.disabled = target < 0;
      if (j.keys.includes(f.phase)) b.classList.add("cw-jump--here");
    }
  }

  function drawExplain(f) {
    const last = f.last;
    what.textContent = last ? last.text : "The start: nobody has acted yet. Press Next › (or →) to see the first step.";
    ruleBox.textContent = "";
    const ids = last ? cwRuleIds(last.rule, meta.rules) : [];
    if (last && !ids.length && last.rule) cwEl("div", "cw-rule-id", ruleBox, `Rule ${last.rule}`);
    for (const id of ids) {
      const r = cwEl("div", "cw-rule", ruleBox);
      cwEl("span", "cw-rule-id", r, `Rule ${id}`);
      cwEl("span", "cw-rule-text", r, meta.rules[id]);
    }
    if (last && /our ruling/i.test(last.rule)) cwEl("div", "cw-rule-note", ruleBox, "“Our ruling”: the documents leave this open; cardwidgets decides it as written.");
    comment.textContent = "";
    comment.hidden = !(last && last.comment);
    if (last && last.comment) {
      cwEl("span", "cw-comment-label", comment, "Teacher’s note: ");
      cwEl("span", "cw-comment-text", comment, last.comment);
    }
    // the few steps before, to follow what the other players did
    logBox.textContent = "";
    let from = Math.max(1, pos - 4);
    if (playing()) {
      // in play mode: every step since your last move, so you see what the others did
      const me = model.get("play_as");
      for (let k = pos; k >= 1; k--) if (frameAt(k - 1).actor === me) { from = Math.max(1, k, pos - 14); break; }
    }
    for (let k = from; k < pos; k++) {
      const g = frameAt(k);
      if (!g.last) continue;
      const li = cwEl("li", "cw-log-item", logBox);
      const b = cwEl("button", "cw-log-btn", li, `${k}. ${g.last.text}`);
      b.type = "button";
      b.title = `Go to step ${k}`;
      b.addEventListener("click", () => go(k));
    }
  }

  function drawNow(f) {
    legalBox.textContent = "";
    const atHead = pos === frames.length - 1;
    if (f.finished) {
      nowWho.textContent = "The game is over.";
      if (playing() && pos === frames.length - 1) {
        mk("cw-restart", "Play again", "Start a new game with the same players", () => { waiting = true; model.send({ type: "restart" }); }, legalBox);
      }
      return;
    }
    const me = model.get("play_as");
    if (playing()) {
      if (!atHead) {
        nowWho.textContent = `You are looking back at step ${pos}. The game is at step ${frames.length - 1}.`;
        mk("cw-back-to-game", "Back to the game »", "Go to the last step to play", () => go(frames.length - 1), legalBox);
        return;
      }
      if (f.actor !== me) { nowWho.textContent = `Waiting for ${f.actor_name}…`; return; }
      nowWho.textContent = `Your turn, ${meta.players[me]}: choose a move${f.phase === "run" ? " or click a card" : ""}.`;
      for (const g of cwGroupLegal(f.legal)) {
        if (g.amount) {
          const wrap = cwEl("span", "cw-amount", legalBox);
          const amounts = g.range ? [] : g.actions.map((l) => l.action.amount);
          const [lo, hi] = g.range || [Math.min(...amounts), Math.max(...amounts)];
          let input;
          if (hi - lo <= 40) {
            input = cwEl("select", "cw-amount-select", wrap);
            for (let a = lo; a <= hi; a++) { const o = cwEl("option", null, input, String(a)); o.value = String(a); }
          } else {
            input = cwEl("input", "cw-amount-input", wrap);
            input.type = "number"; input.min = String(lo); input.max = String(hi); input.value = String(lo);
          }
          input.setAttribute("aria-label", `${cwCap(g.kind)}: how many chips (${lo} to ${hi})`);
          const base = g.actions[0].action;
          const b = mk("cw-move cw-move--" + g.kind, cwCap(g.kind), `${cwCap(g.kind)} the chosen number of chips`, () => {
            // sent as typed: Python checks the amount like any other move
            send(Object.assign({}, base, { amount: Number(input.value) }));
          }, wrap);
          b.dataset.kind = g.kind;
        } else {
          for (const l of g.actions) {
            const b = mk("cw-move cw-move--" + l.action.kind, l.label, l.label, () => send(l.action), legalBox);
            b.dataset.kind = l.action.kind;
          }
        }
      }
      return;
    }
    nowWho.textContent = f.actor === null || f.actor === undefined ? "" :
      f.actor >= 0 ? `${f.players[f.actor]} is to act.` :
      f.actor === -1 ? "Next the dealer shuffles and deals." : "Next the rules act by themselves:";
    const groups = cwGroupLegal(f.legal);
    if (groups.length) {
      const ul = cwEl("ul", "cw-legal-list", legalBox);
      ul.setAttribute("aria-label", "Legal actions now");
      for (const g of groups) cwEl("li", null, ul, cwGroupWords(g));
    } else if (model.get("seat") !== null && f.actor !== model.get("seat")) {
      cwEl("p", "cw-small", legalBox, "Only the player to act sees their choices in a seat’s view.");
    }
  }

  function buildTable(k) {
    const atHead = k === frames.length - 1 && playing() && !waiting;
    const key = `${k}|${atHead}`;
    let node = tableCache.get(key);
    if (node) return node;
    const f = frameAt(k);
    node = document.createElement("div");
    node.className = "cw-table-inner";
    const table = CW_TABLES[f.game];
    const ctx = {
      host: node, frame: f, prev: k > 0 ? frameAt(k - 1) : null, meta, cards, uid, sprite, cache: drawCache,
      viewer: model.get("seat"), human: playing() ? model.get("play_as") : null, atHead,
      playCard: (code) => send({ kind: "play", seat: model.get("play_as"), card: code }),
      act: (action) => send(Object.assign({ seat: model.get("play_as") }, action)),
    };
    if (table) table.render(ctx);
    else cwEl("p", "cw-small", node, `No table drawing for ${f.game} yet.`);
    if (tableCache.size > 120) tableCache.delete(tableCache.keys().next().value);
    tableCache.set(key, node);
    return node;
  }

  function drawTable() {
    const node = buildTable(pos);
    if (tableHost.firstChild !== node) tableHost.replaceChildren(node);
    // build the next steps (in the direction of travel) while the browser is idle
    const schedule = window.requestIdleCallback || ((fn) => setTimeout(() => fn({ timeRemaining: () => 8 }), 30));
    if (idle === null) {
      const work = (deadline) => {
        idle = null;
        for (const k of [pos + heading, pos - heading, pos + 2 * heading, pos + 3 * heading]) {
          if (k < 0 || k >= frames.length) continue;
          const atHead = k === frames.length - 1 && playing() && !waiting;
          if (tableCache.has(`${k}|${atHead}`)) continue;
          if (deadline.timeRemaining() < 6) { idle = schedule(work); return; }
          buildTable(k);
        }
      };
      idle = schedule(work);
    }
  }

  function forget() { tableCache.clear(); drawCache.clear(); merged = []; summary = null; }

  function show() {
    if (!frames.length) return;
    const f = frameAt(pos);
    root.dataset.step = String(pos);
    root.dataset.phase = f.phase;
    drawHead(f);
    drawTable();
    drawStepper();
    drawExplain(f);
    drawNow(f);
  }

  function drawNotice() {
    const n = model.get("notice") || {};
    notice.textContent = n.text || "";
    notice.className = "cw-notice" + (n.kind ? " cw-notice--" + n.kind : "");
  }

  // ---- changes from Python ---------------------------------------------------------------
  const onData = () => {
    meta = model.get("meta"); cards = model.get("cards"); frames = model.get("frames");
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
    if (n.kind === "refused" && playing()) { tableCache.clear(); show(); }
  };
  const onMsg = (msg) => {
    if (!msg) return;
    if (msg.type === "echo") { echoOut.textContent = String(msg.t); return; }
    if (msg.type === "frames") {
      // play mode: only the new steps travel; the rest is already here
      if (msg.start !== frames.length) { model.send({ type: "resync" }); return; }
      frames = frames.concat(msg.frames);
      cards = Object.assign({}, cards, msg.cards);
      // the table of the old last step was drawn with move buttons: drop it
      tableCache.clear(); summary = null;
      waiting = false;
      pos = Math.min(msg.step, frames.length - 1);
      show();
    }
  };
  const onMode = () => { meta = model.get("meta"); forget(); waiting = false; show(); };
  model.on("change:frames", onData);
  model.on("change:meta", onMode);
  model.on("change:seat", onMode);
  model.on("change:play_as", onMode);
  model.on("change:step", onStep);
  model.on("change:notice", onNotice);
  model.on("msg:custom", onMsg);

  // play-mode frames may have been made before this view existed: ask for any missing
  model.send({ type: "hello", frames: frames.length });
  show();
  drawNotice();
  return () => {
    if (timer) clearInterval(timer);
    model.off("change:frames", onData); model.off("change:meta", onMode);
    model.off("change:seat", onMode); model.off("change:play_as", onMode);
    model.off("change:step", onStep); model.off("change:notice", onNotice);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
