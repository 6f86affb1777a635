"""Helpers for the class table server's tests: a seat's page as a test sees it.

``PageClient`` is one page's websocket (Starlette's test client): it joins a seat (or
watches a table), keeps every message the server sends it, and rebuilds the frames the page
holds exactly as ``shell.js`` does (through ``recorder.FakeComm``), so ``recorder.leaks`` can
judge every message a seat's connection carried.
"""
from __future__ import annotations

import itertools

from starlette.websockets import WebSocketDisconnect

from recorder import FakeComm

_echo = itertools.count()
#: every page opened and not yet closed (closed at the end of each test: a test client
#: waits for its websockets before it stops)
OPEN: list = []


def close_all():
    while OPEN:
        OPEN[-1].close()


class PageClient:
    def __init__(self, client, hello):
        self.cm = client.websocket_connect("/ws")
        self.ws = self.cm.__enter__()
        OPEN.append(self)
        self.ws.send_json(hello)
        self.log: list = []        # FakeComm's records of the widget's messages
        self.raw: list = []        # every message as received
        self.comm = None
        self.welcome = None
        self.error = None
        self.status = None
        self.closed = False
        self.sync()

    def _take(self, msg):
        self.raw.append(msg)
        kind = msg.get("kind")
        if kind == "welcome":
            self.welcome = msg
        elif kind == "state":
            self.log.clear()
            self.comm = FakeComm(self.log, data={"state": msg["state"]})
        elif kind == "widget":
            self.comm.send(data=msg["data"])
        elif kind == "table":
            self.status = msg["status"]
        elif kind == "error":
            self.error = msg["text"]
            if msg.get("close"):
                self.closed = True
        # every message, whatever its kind, is checked for cards (recorder.leaks)
        if kind != "widget" and kind != "state":
            self.log.append({"kind": "send", "data": {"method": "other", "message": msg}})

    def receive(self):
        try:
            msg = self.ws.receive_json()
        except WebSocketDisconnect:
            self.closed = True
            return {}
        self._take(msg)
        return msg

    def sync(self):
        """Read until the server has answered everything sent so far (an echo's answer
        comes after it), or until the server closes the page."""
        if self.closed:
            return
        if self.comm is None and self.error is None:
            # before the state: read the welcome, the state, the table's word (or an error)
            while self.comm is None and not self.closed:
                self.receive()
            if self.closed:
                return
        t = f"sync-{next(_echo)}"
        self.send({"method": "custom", "content": {"type": "echo", "t": t}})
        while True:
            msg = self.receive()
            if self.closed:
                return
            if msg.get("kind") == "widget":
                content = msg["data"].get("content") or {}
                if content.get("type") == "echo" and content.get("t") == t:
                    return

    def read_until_closed(self, limit=100):
        for _ in range(limit):
            if self.closed:
                return
            self.receive()
        raise AssertionError("the server did not close the page")

    def send(self, obj):
        self.ws.send_json(obj)

    def act(self, action, at):
        self.send({"method": "custom", "content": {"type": "act", "action": action, "at": at}})

    def notice(self) -> dict:
        """The last notice the page was sent."""
        for rec in reversed(self.log):
            state = (rec.get("data") or {}).get("state") if rec["kind"] == "send" else rec.get("state")
            if isinstance(state, dict) and "notice" in state:
                return state["notice"]
        return {}

    def frames(self) -> list:
        return self.comm.page.frames

    def close(self):
        if self in OPEN:
            OPEN.remove(self)
        try:
            self.cm.__exit__(None, None, None)
        except Exception:
            pass


def first_legal(feed):
    """The first legal move of the feed's seat at its last step (as the page would send
    it), or None when it is not that seat's turn."""
    f = feed.view_at(len(feed.frames) - 1)
    if f["finished"] or f["actor"] != feed.play_as or not f["legal"]:
        return None
    entry = f["legal"][0]
    action = dict(entry["action"])
    if "amounts" in entry:
        action["amount"] = entry["amounts"][0]
    return action
