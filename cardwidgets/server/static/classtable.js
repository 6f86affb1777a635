// classtable.js: a class table's page. The widget's own front end (widget.js: cards.js,
// every game's table.js and shell.js, bundled as for JupyterLab) draws the table; this file
// gives it a model that speaks to the server over a websocket instead of to a kernel.
// The model has what shell.js uses of an anywidget model: get, set, save_changes, on, off
// and send. The server sends the widget's own messages ({method: "update", state} and
// {method: "custom", content}); the page sends what the model would send to Python.
import widget from "/static/widget.js";

const MAX_SEND = 8 * 1024;   // the server reads no message bigger than this

/** A stand-in for the anywidget model, over `send(obj)`. */
export function makeModel(state, send) {
  const handlers = new Map();
  let pending = {};
  const fire = (event, ...args) => {
    for (const fn of Array.from(handlers.get(event) || [])) fn(...args);
  };
  return {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; pending[key] = value; },
    save_changes: () => {
      if (Object.keys(pending).length) send({ method: "update", state: pending });
      pending = {};
    },
    on: (event, fn) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(fn);
    },
    off: (event, fn) => {
      if (!event) { handlers.clear(); return; }
      if (fn) { const set = handlers.get(event); if (set) set.delete(fn); } else handlers.delete(event);
    },
    send: (content) => send({ method: "custom", content }),
    // from the server: a widget message
    receive: (data) => {
      if (!data) return;
      if (data.method === "update") {
        const changed = Object.keys(data.state || {});
        for (const k of changed) state[k] = data.state[k];
        // frames first (it redraws everything), then the rest, as the kernel's sync does
        changed.sort((a, b) => (a === "frames" ? -1 : b === "frames" ? 1 : 0));
        for (const k of changed) fire("change:" + k);
      } else if (data.method === "custom") {
        fire("msg:custom", data.content, []);
      }
      // "echo_update": the page's own change coming back; nothing to do
    },
  };
}

const statusEl = document.getElementById("status");
const whoEl = document.getElementById("who");
const host = document.getElementById("table");
const path = location.pathname;
const watching = path.startsWith("/watch/");
const code = watching ? null : decodeURIComponent(path.split("/")[2] || "").toUpperCase();
const tableId = watching ? Number(path.split("/")[2]) : null;
const store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
const keyName = "cw-seat-" + code;

let ws = null, model = null, cleanup = null, tries = 0, stopped = false;
window.cwClass = { get model() { return model; }, get ws() { return ws; }, host };

function say(text, kind) {
  statusEl.textContent = text;
  statusEl.className = "ct-status" + (kind ? " ct-status--" + kind : "");
}

function stop(text) {
  stopped = true;
  say(text, "error");
  if (!model) {
    host.textContent = "";
    const box = document.createElement("div");
    box.className = "ct-message";
    const p = document.createElement("p");
    p.textContent = text;
    box.appendChild(p);
    const a = document.createElement("a");
    a.href = "/"; a.textContent = "Type another code";
    if (!watching) box.appendChild(a);
    host.appendChild(box);
  }
}

function sendRaw(obj) {
  const text = JSON.stringify(obj);
  if (text.length > MAX_SEND) { say("That message is too big to send.", "error"); return; }
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(text);
  else say("Not connected: your move was not sent. Reconnecting…", "warn");
}

function render(state) {
  if (cleanup) { try { cleanup(); } catch (e) { /* the old view is gone anyway */ } }
  host.textContent = "";
  model = makeModel(state, sendRaw);
  const el = document.createElement("div");
  el.className = "ct-widget";
  host.appendChild(el);
  cleanup = widget.render({ model, el });
}

function connect() {
  if (stopped) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  say(tries ? "Reconnecting…" : "Connecting…", "warn");
  ws.addEventListener("open", () => {
    if (watching) {
      let key = null;
      try { key = localStorage.getItem("cw-teacher-key"); } catch (e) { key = null; }
      ws.send(JSON.stringify({ type: "watch", table: tableId, key }));
    } else {
      ws.send(JSON.stringify({ type: "join", code, secret: store ? store.getItem(keyName) : null }));
    }
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.kind === "welcome") {
      tries = 0;
      if (msg.secret && store) store.setItem(keyName, msg.secret);
      whoEl.textContent = watching ? `${msg.name} · teacher's view (every card face up)`
        : `${msg.name} · you are ${msg.player} · code ${msg.code}`;
      document.title = (watching ? msg.name : `${msg.player} · ${msg.name}`) + " · class table";
    } else if (msg.kind === "state") {
      render(msg.state);
    } else if (msg.kind === "widget") {
      if (model) model.receive(msg.data);
    } else if (msg.kind === "table") {
      if (msg.status === "paused") say("The teacher has paused the table.", "warn");
      else if (msg.status === "ended") say("This table has ended.", "warn");
      else say("Connected", "ok");
      document.body.dataset.table = msg.status;
    } else if (msg.kind === "error") {
      if (msg.close && /reconnects/.test(msg.text)) say(msg.text, "warn");   // the close handler reconnects
      else if (msg.close) stop(msg.text); else say(msg.text, "error");
    }
  });
  ws.addEventListener("close", () => {
    if (stopped) return;
    tries += 1;
    const wait = Math.min(10000, 500 * 2 ** Math.min(tries, 5));
    say(`The connection was lost; trying again in ${Math.round(wait / 1000)} s. Your seat stays yours.`, "warn");
    setTimeout(connect, wait);
  });
}

if (!watching && !/^[A-Z]{4,8}$/.test(code)) stop("That is not a seat code: six letters, e.g. BAKETU.");
else connect();
