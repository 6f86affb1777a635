// teacher.js: the teacher's page: make tables, hand out the seats' codes, follow the
// tables, pause or end them, watch one with every card face up, download a game's record.
// The teacher's key comes in the link's # part (never sent in a URL), kept in this browser.
const $ = (id) => document.getElementById(id);
let key = null;
try { key = localStorage.getItem("cw-teacher-key"); } catch (e) { key = null; }
const m = /key=([A-Za-z0-9_-]+)/.exec(location.hash);
if (m) {
  key = m[1];
  try { localStorage.setItem("cw-teacher-key", key); } catch (e) { /* kept for this visit only */ }
  history.replaceState(null, "", location.pathname);   // the key leaves the address bar
}

let games = [], levels = [], shown = "";

function el(tag, cls, parent, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

async function api(path, body) {
  const opts = { headers: { "X-Teacher-Key": key || "" } };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: "The server's answer was not readable." }));
  if (!r.ok) throw new Error(data.error || `error ${r.status}`);
  return data;
}

function say(text, kind) { $("status").textContent = text; $("status").className = "ct-status" + (kind ? " ct-status--" + kind : ""); }

// ---- the form -------------------------------------------------------------------------------
function game() { return games.find((g) => g.key === $("game").value); }

function fillPlayers() {
  const g = game();
  const sel = $("players");
  const was = Number(sel.value) || Math.min(4, g.max);
  sel.textContent = "";
  for (let n = g.min; n <= g.max; n++) { const o = el("option", null, sel, String(n)); o.value = String(n); }
  sel.value = String(Math.max(g.min, Math.min(g.max, was)));
  $("deals-box").hidden = !g.deals;
  const v = $("variants");
  v.textContent = "";
  for (const o of g.options) {
    const lab = el("label", "ct-check", v);
    const box = el("input", null, lab);
    box.type = "checkbox"; box.dataset.option = o.name;
    el("span", null, lab, ` ${o.rule}: ${o.text || o.name}`);
  }
  $("variants-box").hidden = !g.options.length;
  fillSeats();
}

function names() {
  return $("names").value.split(",").map((s) => s.trim()).filter(Boolean);
}

function fillSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const was = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  box.textContent = "";
  const given = names();
  for (let s = 0; s < n; s++) {
    const lab = el("label", "ct-seat-choice", box, `${given[s] || "Seat " + (s + 1)} `);
    const sel = el("select", null, lab);
    sel.dataset.seat = String(s);
    el("option", null, sel, "a student").value = "student";
    for (const l of levels) el("option", null, sel, `the computer (${l.key})`).value = l.key;
    sel.value = was[s] || "student";
  }
}

async function make(e) {
  e.preventDefault();
  const g = game();
  const n = Number($("players").value);
  const given = names();
  const spec = {
    game: g.key, players: n, count: Number($("count").value) || 1, cover: $("cover").checked,
    seats: Array.from($("seats").querySelectorAll("select")).map((s) =>
      s.value === "student" ? { kind: "student" } : { kind: "bot", level: s.value }),
    options: {},
  };
  if (given.length) {
    if (given.length !== n) { $("made").textContent = `Give ${n} names, or none.`; return; }
    spec.names = given;
  }
  if (g.deals) spec.setup = { deals: Number($("deals").value) || 1 };
  for (const box of $("variants").querySelectorAll("input[data-option]")) if (box.checked) spec.options[box.dataset.option] = true;
  try {
    const out = await api("/api/tables", spec);
    $("made").textContent = `Made ${out.made.map((t) => t.name).join(", ")}.`;
    await refresh();
  } catch (err) { $("made").textContent = err.message; }
}

// ---- the tables -----------------------------------------------------------------------------
const STATUS = { open: "playing", paused: "paused", ended: "ended" };

function progress(t) {
  if (t.finished) return `Game over · ${t.result || ""}`;
  const turn = t.turn ? ` · ${t.turn} to play` : "";
  return `Hand ${t.deal} · ${t.phase} · step ${t.step}${turn}`;
}

function drawTables(list) {
  const box = $("tables");
  box.textContent = "";
  if (!list.length) { el("p", "ct-note", box, "No tables yet: make some above."); return; }
  for (const t of list) {
    const card = el("article", "ct-card ct-card--" + t.status, box);
    card.dataset.table = String(t.id);
    const head = el("div", "ct-card-head", card);
    el("h3", null, head, `${t.name} · ${t.title}`);
    el("span", "ct-badge ct-badge--" + t.status, head, STATUS[t.status] || t.status);
    const opts = Object.keys(t.options);
    el("p", "ct-progress", card, progress(t) + (opts.length ? ` · variants: ${opts.join(", ")}` : ""));
    const seats = el("ul", "ct-seats", card);
    for (const s of t.seats) {
      const li = el("li", "ct-seat ct-seat--" + s.kind, seats);
      el("span", "ct-dot" + (s.online ? " ct-dot--on" : ""), li).title = s.online ? "on line" : "not on line";
      el("span", "ct-name", li, s.name);
      if (s.kind === "student") {
        const code = el("a", "ct-code", li, s.code);
        code.href = "/s/" + s.code; code.target = "_blank"; code.rel = "noopener";
        code.title = "The seat's join link (open it on the student's device)";
        el("span", "ct-seat-state", li, s.covered ? "the computer plays for them" : s.online ? "playing" : s.taken ? "away" : "free");
        if (s.taken) {
          const b = el("button", "ct-btn ct-btn--small", li, "Free the seat");
          b.type = "button";
          b.title = "Let the next student who types this code take the seat";
          b.addEventListener("click", () => act(`/api/tables/${t.id}/seats/${s.seat}/free`));
        }
      } else {
        el("span", "ct-seat-state", li, s.kind === "bot" ? `computer (${s.level})` : "open hand (nobody sits here)");
      }
    }
    const bar = el("div", "ct-actions", card);
    const button = (text, fn, title) => { const b = el("button", "ct-btn", bar, text); b.type = "button"; b.addEventListener("click", fn); if (title) b.title = title; return b; };
    if (t.status === "open") button("Pause", () => act(`/api/tables/${t.id}/pause`));
    if (t.status === "paused") button("Resume", () => act(`/api/tables/${t.id}/resume`));
    if (t.status !== "ended") button("End", () => { if (confirm(`End ${t.name}? Nobody can play on at it.`)) act(`/api/tables/${t.id}/end`); });
    button("Watch", () => window.open(`/watch/${t.id}`, "_blank", "noopener"), "Every card face up: keep this screen to yourself");
    button("Download the record", () => download(t), "A record that GameWidget.from_record steps through in a notebook");
    const cov = el("label", "ct-check ct-small", bar);
    const cb = el("input", null, cov); cb.type = "checkbox"; cb.checked = t.cover;
    cb.addEventListener("change", () => act(`/api/tables/${t.id}/${cb.checked ? "cover" : "nocover"}`));
    el("span", null, cov, " the computer plays for a student who leaves");
  }
}

async function act(path) {
  try { await api(path, {}); await refresh(); } catch (err) { say(err.message, "error"); }
}

async function download(t) {
  try {
    const r = await fetch(`/api/tables/${t.id}/record`, { headers: { "X-Teacher-Key": key || "" } });
    if (!r.ok) throw new Error((await r.json()).error);
    const url = URL.createObjectURL(await r.blob());
    const a = el("a", null, document.body);
    a.href = url; a.download = `class-table-${t.id}-${t.game}.json`;
    a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) { say(err.message, "error"); }
}

async function refresh() {
  try {
    const data = await api("/api/tables");
    const text = JSON.stringify(data.tables);
    if (text !== shown) {
      const focus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#tables") ? null : document.activeElement;
      shown = text;
      drawTables(data.tables);
      if (focus && focus.focus) focus.focus();
    }
    say(`${data.tables.length} table${data.tables.length === 1 ? "" : "s"} · updated ${new Date().toLocaleTimeString()}`, "ok");
  } catch (err) { say(err.message, "error"); }
}

async function start() {
  $("join-how").textContent = `Students open ${location.origin}/ and type their seat's code, or open the seat's link.`;
  if (!key) { say("This page needs the teacher's key: open the teacher's link the server printed.", "error"); return; }
  const data = await (await fetch("/api/games")).json();
  games = data.games; levels = data.levels;
  for (const g of games) el("option", null, $("game"), g.title).value = g.key;
  $("game").value = "truk";
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("names").addEventListener("change", fillSeats);
  $("new").addEventListener("submit", make);
  fillPlayers();
  await refresh();
  setInterval(refresh, 2000);
}
start();
