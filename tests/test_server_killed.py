"""A real server process killed mid-game (SIGKILL: no clean-up at all) and started again on
the same database resumes the table at its last move, and the students' secrets still
open their seats (issue 27 item 4)."""
import json
import os
import signal
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from classserver import ClassServer  # noqa: E402

from cardwidgets.widget.patches import Decoder  # noqa: E402


class Seat:
    """A student's page, as a plain websocket client of the real server."""

    def __init__(self, url, code, secret=None):
        # (entered as a context manager: what websockets of every version accepts)
        self.ws = websockets_sync.connect(url.replace("http", "ws") + "/ws").__enter__()
        self.ws.send(json.dumps({"type": "join", "code": code, "secret": secret}))
        self.frames = Decoder()
        self.static = {}
        self.welcome = None
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg["kind"] == "welcome":
                self.welcome = msg
            elif msg["kind"] == "state":
                self.frames.extend(msg["state"]["frames"])
                self.static = msg["state"]["meta"]["static"]
                break
            elif msg["kind"] == "error":
                raise AssertionError(msg["text"])

    def last(self):
        return dict(self.static, **self.frames.frames[-1])

    def views(self):
        """Every frame as the page shows it (the keys that never change put back)."""
        return [dict(self.static, **f) for f in self.frames.frames]

    def play_first(self):
        f = self.last()
        entry = f["legal"][0]
        action = dict(entry["action"])
        if "amounts" in entry:
            action["amount"] = entry["amounts"][0]
        n = len(self.frames.frames)
        self.ws.send(json.dumps({"method": "custom", "content": {
            "type": "act", "action": action, "at": n - 1}}))
        while True:   # the server answers with the frames the move leads to
            msg = json.loads(self.ws.recv(timeout=30))
            content = (msg.get("data") or {}).get("content") or {}
            if content.get("type") == "frames":
                self.frames.extend(content["patches"])
                return

    def catch_up(self, n):
        while len(self.frames.frames) < n:
            msg = json.loads(self.ws.recv(timeout=30))
            content = (msg.get("data") or {}).get("content") or {}
            if content.get("type") == "frames":
                self.frames.extend(content["patches"])


def test_a_killed_server_resumes_every_table_at_its_last_move():
    server = ClassServer()
    server.start()
    try:
        table = server.make_table(game="truc", players=2)
        codes = [s["code"] for s in table["seats"]]
        seats = [Seat(server.url, c) for c in codes]
        for _ in range(6):
            actor = seats[0].last()["actor"]
            seats[actor].play_first()
            seats[1 - actor].catch_up(len(seats[actor].frames.frames))
        n = len(seats[0].frames.frames)
        held = seats[0].views()
        secrets_ = [s.welcome["secret"] for s in seats]
        os.killpg(server.proc.pid, signal.SIGKILL)        # no clean-up, no close
        server.proc.wait(10)
        server.start()                                    # the same database, the same port
        again = [Seat(server.url, c, s) for c, s in zip(codes, secrets_)]
        assert [s.welcome["seat"] for s in again] == [0, 1]
        assert len(again[0].frames.frames) == n and again[0].views() == held
        assert server.api("/api/tables")["tables"][0]["step"] == n - 1
        actor = again[0].last()["actor"]
        again[actor].play_first()                         # and the game goes on
        assert len(again[actor].frames.frames) > n
        # a stranger with the code but no secret is turned away
        with pytest.raises(AssertionError, match="taken"):
            Seat(server.url, codes[0])
    finally:
        server.__exit__(None, None, None)
