"""A class at the class table server: how long a move takes to come back, and what the
server spends per table (issue 27 item 5).

Starts ``python -m cardwidgets serve`` on 127.0.0.1 (a free port, a temporary database),
makes ``--tables`` Truk tables of four students and ``--bot-tables`` Truk tables of one
student and three computer players (easy), and opens one websocket per student seat (40 for
a class of ten tables of four). Each student's client plays its seat as a person would:
when its turn comes it waits a think time (uniform between ``--think`` seconds, e.g. 1 to
4 s), then sends one of its legal moves (read from its own frames, rebuilt from the
patches as the page rebuilds them). A move's round trip is timed on the client from the
send to the arrival of the frames it leads to. Everything is bounded: ``--seconds`` of play
(default 60), loopback only.

Printed: the round trip's p50/p95/p99/max over every move, the moves made, the server's
CPU time (from /proc) per table and per move, its memory (resident set) before the tables,
with them made, and at the end, per table; and the machine's load average (other work on
this 2-core machine shares the cores).

Run:  python benchmarks/class_load.py [--tables 10] [--bot-tables 5] [--seconds 60]
                                      [--think 1,4] [--seed 1]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from classserver import ClassServer  # noqa: E402

from cardwidgets.widget.patches import Decoder  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mb(pid) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Student:
    """One student's page: joins the seat, keeps its frames, plays when its turn comes."""

    def __init__(self, url, code, rng, think, stop_at, times):
        self.url, self.code, self.rng, self.think = url, code, rng, think
        self.stop_at, self.times = stop_at, times
        self.decoder = Decoder()
        self.static = {}
        self.seat = None
        self.sent_at = None
        self.refused = 0
        self.moves = 0

    def frame(self):
        f = dict(self.static)
        f.update(self.decoder.frames[-1])
        return f

    def take(self, msg):
        kind = msg.get("kind")
        if kind == "welcome":
            self.seat = msg["seat"]
        elif kind == "state":
            self.decoder = Decoder()
            self.decoder.extend(msg["state"]["frames"])
            self.static = msg["state"]["meta"]["static"]
        elif kind == "widget":
            data = msg["data"]
            content = data.get("content") or {}
            if data.get("method") == "custom" and content.get("type") == "frames":
                self.decoder.extend(content["patches"])
                self.answered()
            elif data.get("method") == "update" and (data.get("state") or {}).get("notice", {}).get("kind") == "refused":
                self.refused += 1
                self.answered()

    def answered(self):
        if self.sent_at is not None:
            self.times.append(time.perf_counter() - self.sent_at)
            self.sent_at = None

    async def run(self):
        import websockets
        async with websockets.connect(self.url.replace("http", "ws") + "/ws", max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "join", "code": self.code, "secret": None}))
            reader = asyncio.create_task(self.read(ws))
            try:
                while time.time() < self.stop_at:
                    await asyncio.sleep(0.05)
                    if self.seat is None or not self.decoder.frames or self.sent_at is not None:
                        continue
                    f = self.frame()
                    if f.get("finished"):
                        break
                    if f.get("actor") != self.seat or not f.get("legal"):
                        continue
                    await asyncio.sleep(self.rng.uniform(*self.think))
                    if time.time() >= self.stop_at:
                        break
                    entry = self.rng.choice(f["legal"])
                    action = dict(entry["action"])
                    if "amounts" in entry:
                        action["amount"] = self.rng.randint(*entry["amounts"])
                    self.sent_at = time.perf_counter()
                    self.moves += 1
                    await ws.send(json.dumps({"method": "custom", "content": {
                        "type": "act", "action": action, "at": len(self.decoder.frames) - 1}}))
                    for _ in range(200):            # wait for the answer (bounded)
                        if self.sent_at is None:
                            break
                        await asyncio.sleep(0.01)
            finally:
                reader.cancel()

    async def read(self, ws):
        async for text in ws:
            self.take(json.loads(text))


async def play(server, codes, args):
    stop_at = time.time() + args.seconds
    times: list[float] = []
    rng = random.Random(args.seed)
    students = [Student(server.url, code, random.Random(rng.random()), args.think, stop_at, times)
                for code in codes]
    await asyncio.gather(*(s.run() for s in students))
    return students, times


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--bot-tables", type=int, default=5)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--think", default="1,4", help="think time range in seconds, e.g. 1,4")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    args.think = tuple(float(x) for x in args.think.split(","))
    if not (0 < args.tables + args.bot_tables <= 60 and 0 < args.seconds <= 600):
        p.error("at most 60 tables and 600 seconds")
    with ClassServer() as server:
        pid = server.pid()
        time.sleep(0.5)
        rss0, cpu0 = rss_mb(pid), cpu_seconds(pid)
        codes = []
        for _ in range(args.tables):
            t = server.make_table(game="truk", players=4)
            codes += [s["code"] for s in t["seats"]]
        for _ in range(args.bot_tables):
            t = server.make_table(game="truk", players=4, seats=[
                {"kind": "student"}] + [{"kind": "bot", "level": "easy"}] * 3)
            codes += [s["code"] for s in t["seats"] if s["kind"] == "student"]
        tables = args.tables + args.bot_tables
        rss1, cpu1 = rss_mb(pid), cpu_seconds(pid)
        load0 = os.getloadavg()
        t0 = time.time()
        students, times = asyncio.run(play(server, codes, args))
        wall = time.time() - t0
        rss2, cpu2 = rss_mb(pid), cpu_seconds(pid)
        load1 = os.getloadavg()
        summary = server.api("/api/tables")["tables"]
    moves = sum(s.moves for s in students)
    steps = sum(t["step"] for t in summary)
    ms = [t * 1000 for t in times]
    print(f"class_load: {args.tables} tables of 4 students + {args.bot_tables} tables of 1 student "
          f"and 3 computer players (easy): {len(codes)} connections, think time "
          f"{args.think[0]:g}-{args.think[1]:g} s, {wall:.0f} s of play")
    if ms:
        print(f"  move round trip (client: send -> frames back), {len(ms)} moves: "
              f"p50 {pct(ms, 50):.1f} ms, p95 {pct(ms, 95):.1f} ms, p99 {pct(ms, 99):.1f} ms, "
              f"max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms")
    print(f"  moves sent {moves}, refused {sum(s.refused for s in students)}; steps at the tables "
          f"now {steps} (deals, the rules' own steps and the computer players' moves included)")
    busy = cpu2 - cpu1
    print(f"  server CPU: {busy:.2f} s in {wall:.0f} s of play = {100 * busy / wall:.1f}% of one core "
          f"({100 * busy / wall / tables:.2f}% per table, {1000 * busy / max(1, moves):.1f} ms per "
          f"move sent); making the {tables} tables took {cpu1 - cpu0:.2f} s")
    print(f"  server memory (resident): {rss0:.0f} MB at start, {rss1:.0f} MB with the tables made, "
          f"{rss2:.0f} MB at the end: {(rss2 - rss0) / tables:.2f} MB per table")
    print(f"  machine load average (1, 5, 15 min): before {load0[0]:.2f} {load0[1]:.2f} "
          f"{load0[2]:.2f}, after {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f} (2 cores, shared "
          "with other work)")


if __name__ == "__main__":
    main()
