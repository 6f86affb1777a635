"""The class table server's web side (Starlette): the pages, the teacher's API, the websocket.

Pages: ``/`` (a student types their seat's code), ``/s/CODE`` (a seat: the widget's table
fed over a websocket), ``/teacher`` (the teacher's page; the teacher's key travels in the
link's ``#`` part, never to the server's logs), ``/watch/ID`` (a table with every card face
up, for the teacher). The widget's own front end is served as it is bundled for JupyterLab
(``/static/widget.js`` and ``widget.css``); ``static/classtable.js`` is a small stand-in for
the widget's model that speaks to the websocket.

The websocket's first message says who the page is: ``{"type": "join", "code": ...,
"secret": ...}`` (a student's seat; the secret is given the first time and kept by the
page) or ``{"type": "watch", "table": id, "key": ...}`` (the teacher). After it the page
sends what the widget's model sends to Python (``{"method": "update", "state": ...}`` and
``{"method": "custom", "content": ...}``) and gets the widget's messages back
(``{"kind": "widget", "data": ...}``) and the table's state (``{"kind": "table", ...}``).
"""
from __future__ import annotations

import asyncio
import json
import time
import traceback
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine import CardwidgetsError
from ..engine.players import LEVELS
from ..games import GAMES
from ..widget.gamewidget import _bundle_css, _bundle_js
from .classroom import Classroom

__all__ = ["make_app", "MAX_MESSAGE", "MAX_BODY"]

STATIC = Path(__file__).parent / "static"
#: The largest message a page may send on the websocket (a move is under 200 bytes).
MAX_MESSAGE = 8 * 1024
#: The largest body the teacher's API reads (a table's settings are under 2 KB).
MAX_BODY = 16 * 1024
#: Wrong codes one address may try in a minute (a code is one of 421 875).
MAX_WRONG_CODES = 20
#: Messages one page may send in a second (a person clicks a few times a second).
MAX_RATE = 40
#: How long (s) a seat's page may be away before a built-in player plays for it (if the
#: teacher allows): long enough for a reload or a brief loss of the network.
COVER_AFTER = 20.0

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Page:
    """One page's websocket: what is sent to it goes through a queue and a writer task, so
    a slow page never holds up the table."""

    def __init__(self, ws: WebSocket, max_rate=MAX_RATE):
        self.ws = ws
        self.max_rate = max_rate
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False
        self.times: list[float] = []

    def put(self, obj):
        """Send ``obj`` (as JSON); ``None``: close the page after what was put before."""
        if not self.closed:
            self.queue.put_nowait(None if obj is None else json.dumps(obj, separators=(",", ":")))

    async def writer(self):
        try:
            while True:
                text = await self.queue.get()
                if text is None:    # the page is done: close it (the reader then stops)
                    self.closed = True
                    await self.ws.close()
                    break
                await self.ws.send_text(text)
        except Exception:   # the page went away: the reader notices
            self.closed = True

    def too_fast(self) -> bool:
        now = time.monotonic()
        self.times = [t for t in self.times if now - t < 1.0]
        self.times.append(now)
        return len(self.times) > self.max_rate


def _table_word(table) -> dict:
    return {"kind": "table", "status": table.status, "name": table.name}


def flush(table):
    """Send every page at ``table`` what its feed has for it."""
    for seat, feed in table.feeds.items():
        msgs = feed.take()
        page = table.pages.get(seat)
        if page is not None:
            for m in msgs:
                page.put({"kind": "widget", "data": m})
    for feed, page in table.watchers:
        for m in feed.take():
            page.put({"kind": "widget", "data": m})


def make_app(db_path="cardwidgets-class.db", *, new_key=False, cover_after=COVER_AFTER,
             max_rate=MAX_RATE, room: Classroom | None = None) -> Starlette:
    """The server's app, its tables in the SQLite file ``db_path`` (read back if it exists).
    ``app.state.room`` is the :class:`Classroom`; ``app.state.room.teacher_key`` the key.
    ``cover_after``: seconds before a built-in player plays for a student who left;
    ``max_rate``: messages a page may send in a second (more are dropped, with a word)."""
    room = room or Classroom(db_path, new_key=new_key)
    wrong: dict[str, list[float]] = {}
    bundle = {"js": _bundle_js(), "css": _bundle_css()}

    def respond(content, media, status=200):
        return Response(content, status_code=status, media_type=media, headers=HEADERS)

    def error(text, status=400):
        return JSONResponse({"error": text}, status_code=status, headers=HEADERS)

    # ---- pages ------------------------------------------------------------------------------
    def static_page(name):
        async def endpoint(request):
            return HTMLResponse((STATIC / name).read_text(encoding="utf-8"), headers=HEADERS)
        return endpoint

    async def static_file(request):
        name = request.path_params["name"]
        if name == "widget.js":
            return respond(bundle["js"], "text/javascript")
        if name == "widget.css":
            return respond(bundle["css"], "text/css")
        files = {p.name: p for p in STATIC.iterdir() if p.suffix in (".js", ".css", ".svg")}
        if name not in files:
            return respond("not found", "text/plain", 404)
        media = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
        return respond(files[name].read_bytes(), media[files[name].suffix])

    # ---- the teacher's API ------------------------------------------------------------------
    def teacher(request: Request) -> bool:
        return room.is_teacher(request.headers.get("x-teacher-key"))

    async def games(request):
        out = []
        for key, cls in GAMES.items():
            out.append({
                "key": key, "title": cls.title, "min": cls.min_players, "max": cls.max_players,
                "options": [{"name": n, "rule": s[1], "text": s[2] if len(s) > 2 else ""}
                            for n, s in cls.OPTIONS.items() if s[0] is False],
                "deals": "deals" in cls.SETUP,
            })
        return JSONResponse({"games": out, "levels": [{"key": k, "words": v[1]} for k, v in LEVELS.items()]},
                            headers=HEADERS)

    async def tables(request):
        if not teacher(request):
            return error("This needs the teacher's key: open the teacher's link the server "
                         "printed.", 403)
        if request.method == "POST":
            body = b""
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    return error("The table's settings are far too long.", 413)
            try:
                spec = json.loads(body or b"{}")
            except ValueError:
                return error("The table's settings are not JSON.")
            try:
                made = room.create(spec)
            except CardwidgetsError as exc:
                return error(str(exc))
            return JSONResponse({"made": [t.summary() for t in made]}, headers=HEADERS)
        return JSONResponse({"tables": [t.summary() for t in room.tables.values()]},
                            headers=HEADERS)

    def table_of(request):
        table = room.tables.get(request.path_params["table"])
        return table

    async def table_do(request):
        if not teacher(request):
            return error("This needs the teacher's key.", 403)
        table = table_of(request)
        if table is None:
            return error("There is no such table.", 404)
        what = request.path_params["what"]
        if what in ("pause", "resume", "end"):
            if table.status == "ended":
                return error(f"{table.name} has ended.")
            table.status = {"pause": "paused", "resume": "open", "end": "ended"}[what]
            room.store.set_status(table.id, table.status)
            if what == "resume":
                table.play_on()
            for page in list(table.pages.values()) + [p for _, p in table.watchers]:
                page.put(_table_word(table))
        elif what in ("cover", "nocover"):
            table.cover = what == "cover"
            room.store.set_cover(table.id, table.cover)
            if not table.cover and table.covered:
                table.covered.clear()
            elif table.cover:
                now = time.time()
                table.covered |= {s for s, t in table.left.items() if now - t >= cover_after}
                table.play_on()
        else:
            return error(f"{what!r:.20}: a table can be paused, resumed, ended, or covered", 404)
        flush(table)
        return JSONResponse({"table": table.summary()}, headers=HEADERS)

    async def free_seat(request):
        if not teacher(request):
            return error("This needs the teacher's key.", 403)
        table = table_of(request)
        seat = request.path_params["seat"]
        if table is None or not 0 <= seat < table.game.n:
            return error("There is no such seat.", 404)
        room.free_seat(table, seat)
        page = table.pages.pop(seat, None)
        if page is not None:
            page.put({"kind": "error", "text": "Your teacher freed this seat for someone else."})
            page.put(None)
        return JSONResponse({"table": table.summary()}, headers=HEADERS)

    async def record(request):
        if not teacher(request):
            return error("This needs the teacher's key.", 403)
        table = table_of(request)
        if table is None:
            return error("There is no such table.", 404)
        text = json.dumps(room.record(table), indent=1, ensure_ascii=False)
        name = f"class-table-{table.id}-{table.game.key}.json"
        return Response(text, media_type="application/json",
                        headers=dict(HEADERS, **{"Content-Disposition": f'attachment; filename="{name}"'}))

    # ---- the websocket ----------------------------------------------------------------------
    def same_origin(ws: WebSocket) -> bool:
        origin = ws.headers.get("origin")
        if origin is None:      # not a browser (a script on this computer, the tests)
            return True
        host = ws.headers.get("host", "")
        return origin.split("://", 1)[-1] == host

    def too_many_wrong(ip) -> bool:
        now = time.monotonic()
        tries = [t for t in wrong.get(ip, []) if now - t < 60]
        wrong[ip] = tries
        return len(tries) >= MAX_WRONG_CODES

    async def read(ws: WebSocket, page: Page):
        """The next message from the page as an object, or raise WebSocketDisconnect; a
        message too big, not text or not JSON is answered with an error and returns None."""
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(msg.get("code", 1000))
        text = msg.get("text")
        if text is None:
            page.put({"kind": "error", "text": "Only text messages are read here."})
            return None
        if len(text) > MAX_MESSAGE:
            page.put({"kind": "error", "text": f"A message over {MAX_MESSAGE // 1024} KB: far "
                      "more than any move; it was not read.", "close": True})
            raise _TooBig()
        if page.too_fast():
            page.put({"kind": "error", "text": "Too many messages at once; slow down."})
            return None
        try:
            data = json.loads(text)
        except ValueError:
            page.put({"kind": "error", "text": "That message is not JSON."})
            return None
        return data if isinstance(data, dict) else None

    async def socket(ws: WebSocket):
        if not same_origin(ws):
            await ws.close(code=1008)
            return
        await ws.accept()
        page = Page(ws, max_rate)
        writer = asyncio.create_task(page.writer())
        table = seat = feed = None
        watching = False
        try:
            hello = None
            while hello is None:
                hello = await read(ws, page)
            ip = ws.client.host if ws.client else "?"
            if hello.get("type") == "watch":
                table = room.tables.get(hello.get("table")) if isinstance(hello.get("table"), int) else None
                if not room.is_teacher(hello.get("key")) or table is None:
                    page.put({"kind": "error", "text": "This page needs the teacher's key and "
                              "a table that exists.", "close": True})
                    raise _Done()
                feed = table.watch_feed()
                watching = True
                table.watchers.append((feed, page))
                page.put({"kind": "welcome", "teacher": True, "table": table.id,
                          "name": table.name, "seat": None})
            elif hello.get("type") == "join":
                if too_many_wrong(ip):
                    page.put({"kind": "error", "text": "Too many wrong codes from this device; "
                              "wait a minute and check the code.", "close": True})
                    raise _Done()
                try:
                    table, seat, secret = room.join(hello.get("code"), hello.get("secret"))
                except CardwidgetsError as exc:
                    wrong.setdefault(ip, []).append(time.monotonic())
                    page.put({"kind": "error", "text": str(exc), "close": True})
                    raise _Done()
                old = table.pages.get(seat)
                if old is not None:
                    old.put({"kind": "error", "text": "This seat was opened on another page; "
                             "this one stopped. Close it.", "close": True, "replaced": True})
                    old.put(None)
                table.pages[seat] = page
                table.left.pop(seat, None)
                uncovered = seat in table.covered
                table.covered.discard(seat)
                feed = table.feed(seat)
                page.put({"kind": "welcome", "table": table.id, "name": table.name, "seat": seat,
                          "player": table.game.players[seat], "secret": secret,
                          "code": table.codes[seat]})
                if uncovered:
                    feed._say("info", "Welcome back: the computer played for you while you were "
                              "away; your seat is yours again.")
                    feed.take()
            else:
                page.put({"kind": "error", "text": "Open a seat with its code first.", "close": True})
                raise _Done()
            page.put({"kind": "state", "state": feed.state()})
            page.put(_table_word(table))
            flush(table)
            while True:
                data = await read(ws, page)
                if data is None:
                    continue
                try:
                    handle(table, seat, feed, data, watching)
                except Exception:   # a fault of ours, not the page's: start the seat afresh
                    traceback.print_exc()
                    if not watching and table.feeds.get(seat) is feed:
                        del table.feeds[seat]
                        feed.close()
                    page.put({"kind": "error", "text": "The server could not handle that "
                              "message; the page reconnects to the table as it is.", "close": True})
                    raise _Done() from None
                flush(table)
        except (WebSocketDisconnect, _Done, _TooBig):
            pass
        finally:
            if table is not None:
                if watching:
                    table.watchers = [(f, p) for f, p in table.watchers if p is not page]
                    if feed is not None:
                        feed.close()
                elif table.pages.get(seat) is page:
                    del table.pages[seat]
                    table.left[seat] = time.time()
                    asyncio.get_running_loop().call_later(cover_after, lambda: _cover(table, seat))
            page.put(None)
            try:
                await asyncio.wait_for(writer, 2)
            except Exception:
                writer.cancel()
            try:
                await ws.close()
            except Exception:
                pass

    def _cover(table, seat):
        """A seat whose page has been away ``cover_after`` seconds: a built-in player plays
        it, if the teacher allows."""
        if (table.cover and seat not in table.pages and seat in table.left
                and time.time() - table.left[seat] >= cover_after - 0.05):
            table.covered.add(seat)
            table.play_on()
            flush(table)

    routes = [
        Route("/", static_page("join.html")),
        Route("/s/{code}", static_page("seat.html")),
        Route("/watch/{table:int}", static_page("seat.html")),
        Route("/teacher", static_page("teacher.html")),
        Route("/static/{name}", static_file),
        Route("/api/games", games),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table:int}/record", record),
        Route("/api/tables/{table:int}/seats/{seat:int}/free", free_seat, methods=["POST"]),
        Route("/api/tables/{table:int}/{what}", table_do, methods=["POST"]),
        WebSocketRoute("/ws", socket),
    ]
    app = Starlette(routes=routes)
    app.state.room = room
    app.state.cover = _cover
    return app


class _Done(Exception):
    """The page was told why; close it."""


class _TooBig(Exception):
    """A message over the size limit: close the connection."""


#: What a seat's page may ask of its seat's widget (the rest the widget would allow in a
#: notebook, but not at a shared table).
SEAT_MESSAGES = {"act", "echo", "resync", "hello"}
WATCH_MESSAGES = {"echo", "resync", "hello", "take_seat"}


def handle(table, seat, feed, data, watching):
    """One message from a page, to its own feed only."""
    method = data.get("method")
    if method == "update":
        state = data.get("state")
        if isinstance(state, dict):
            feed.set_state(state)     # the widget's guard: the page may change only the step
        return
    if method != "custom":
        feed._refuse("message: the page sends an update or a custom message")
        return
    content = data.get("content")
    kind = content.get("type") if isinstance(content, dict) else None
    allowed = WATCH_MESSAGES if watching else SEAT_MESSAGES
    if kind not in allowed:
        if kind in ("take_seat", "restart", "level", "act"):
            feed._refuse({
                "take_seat": "At a class table you keep your own seat; step back with ‹ Back "
                             "to look at earlier steps.",
                "restart": "Only the teacher starts a new game at a class table.",
                "level": "The teacher chose the computer players' level for this table.",
                "act": "The teacher's view watches; the students play.",
            }[kind])
        else:
            feed._on_msg(feed, content, [])       # the widget's own refusal, naming the type
        return
    if kind == "take_seat" and content.get("play"):
        feed._refuse("The teacher's view watches; the students play.")
        return
    if kind == "act" and table.status != "open":
        feed._refuse("The teacher has paused this table: wait a moment." if table.status == "paused"
                     else "This table has ended: the teacher can give you a new one.")
        return
    feed._on_msg(feed, content, [])
