"""A class table server (``python -m cardwidgets serve``) for the real-browser tests, the
screenshots and the load benchmark: on a free port of 127.0.0.1, with its database in a
temporary folder, in its own process group, stopped cleanly.

    with ClassServer() as server:
        table = server.make_table(game="truk", players=4)
        page.goto(server.url + "/s/" + table["seats"][0]["code"])
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ClassServer:
    def __init__(self, db=None, port=None):
        self.dir = tempfile.mkdtemp(prefix="cw-class-")
        self.db = Path(db or Path(self.dir) / "class.db")
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        # the teacher's key is made with the database, before the server starts
        from cardwidgets.server.classroom import Classroom
        room = Classroom(self.db)
        self.key = room.teacher_key
        room.close()

    def start(self):
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardwidgets", "serve", "--db", str(self.db),
             "--port", str(self.port)], cwd=self.dir, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the class server stopped: " + self.proc.stdout.read())
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the class server did not answer in 60 s")

    def api(self, path, body=None):
        req = urllib.request.Request(self.url + path, headers={"X-Teacher-Key": self.key,
                                                               "Content-Type": "application/json"},
                                     data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def make_table(self, **spec):
        return self.api("/api/tables", spec)["made"][0]

    def pid(self):
        return self.proc.pid

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
