"""A recorder of every message a widget sends to the page, and a check that a seat widget's
messages hold no card that seat may not see.

``Recorder`` stands in for the widget's comm (the channel to the page): it keeps the comm's
opening state and every message sent on it (trait updates, echoes, custom messages), and
delivers messages from a forged page to the widget the way the kernel does.

Frames travel as patches (``cardwidgets.widget.patches``); the comm rebuilds them as the
page does, and keeps with each message the frames the page rebuilt from it
(``"rebuilt": (start, frames)``) and whether the page would have had to ask for everything
again (``"lost"``: a patch for frames it does not hold).

``leaks(widget, messages)`` computes, from the teacher's view of the same game, which cards
the seat shown may not see at each step (the other hands that are hidden in the seat's own
view) and returns every place a message holds one: in a patch as sent, and in the frames
the page rebuilds from it.
"""
from __future__ import annotations

import contextlib
import itertools
import json

import ipywidgets.comm

from cardwidgets.widget.patches import Decoder

_ids = itertools.count()


class FakeComm:
    """The comm of one widget: records what is opened and sent, delivers page messages."""

    kernel = object()  # ipywidgets sends only when the comm has a kernel

    def __init__(self, log, data=None, **_args):
        self.comm_id = f"fake-{next(_ids)}"
        self.log = log
        self.callback = None
        self.page = Decoder()  # the page's copy of the frames
        state = (data or {}).get("state", {})
        log.append(dict({"kind": "open", "state": state}, **self._rebuild(state, None)))

    def send(self, data=None, metadata=None, buffers=None):
        data = data or {}
        state = data.get("state") if data.get("method") in ("update", "echo_update") else None
        content = data.get("content") if data.get("method") == "custom" else None
        self.log.append(dict({"kind": "send", "data": data}, **self._rebuild(state, content)))

    def _rebuild(self, state, content) -> dict:
        """Rebuild frames as the page does (shell.js): a new list of frames with the state,
        patches continuing the frames held in a 'frames' message."""
        if state and "frames" in state:
            self.page = Decoder()
            return {"rebuilt": (0, self.page.extend(state["frames"]))}
        if isinstance(content, dict) and content.get("type") == "frames":
            start = content.get("start")
            if start != len(self.page.frames) or content.get("wire") != self.page.id:
                return {"lost": True}  # the page asks for a resync
            return {"rebuilt": (start, self.page.extend(content.get("patches") or []))}
        return {}

    def on_msg(self, callback):
        self.callback = callback

    def close(self, *args, **kwargs):
        pass


class Recorder:
    """``with Recorder() as rec:`` every widget made inside sends through a recorded comm."""

    def __init__(self):
        self.log = []
        self.taken = []  # every message taken so far
        self._patch = None

    def __enter__(self):
        self._saved = ipywidgets.comm.create_comm
        ipywidgets.comm.create_comm = lambda **args: FakeComm(self.log, **args)
        return self

    def __exit__(self, *exc):
        ipywidgets.comm.create_comm = self._saved

    def take(self):
        """The messages recorded since the last call, and forget them."""
        out, self.log[:] = list(self.log), []
        self.taken.extend(out)
        return out

    def everything(self):
        """Every message recorded (taken or not)."""
        return self.taken + self.log

    @staticmethod
    def page_sends(widget, content=None, *, state=None):
        """A message from the page: a custom message ``content`` or a trait ``state``."""
        if state is not None:
            data = {"method": "update", "state": state, "buffer_paths": []}
        else:
            data = {"method": "custom", "content": content}
        widget.comm.callback({"content": {"data": data}, "buffers": []})


def sent_bytes(messages, skip=("_esm", "_css")) -> int:
    """The size of ``messages`` as JSON, leaving out the widget's module and styles."""
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in skip}
        return x
    def sent(m):  # what went to the page (not the recorder's own notes)
        if "kind" in m:
            m = {k: v for k, v in m.items() if k in ("kind", "state", "data")}
        return strip(m) if "state" not in m else dict(m, state=strip(m["state"]))
    return sum(len(json.dumps(sent(m), default=str)) for m in messages)


def _codes(obj, deck, out):
    """Every string in ``obj`` (keys too) that is a card code of ``deck``."""
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if x in deck:
                out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def _card_codes(view):
    found = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if {"code", "rank", "suit"} <= x.keys():
                found.add(x["code"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def reference(widget):
    """For each step of the widget's game: the cards the seat shown may not see there, and
    the cards it sees at some step (computed from the engine's teacher and seat views)."""
    seat = widget.seat
    game = widget._copy([])
    deck = set()  # every card of the game: each appears in the teacher's view
    forbidden, visible = [], set()
    for k in range(len(widget._timeline) + 1):
        if k:
            game.apply(widget._timeline[k - 1])
        teacher, mine = game.view(None), game.view(seat)
        seen = _card_codes(mine)
        hidden = set()
        for s, hand in enumerate(mine.get("hands", [])):
            if hand is None and teacher["hands"][s] is not None:
                hidden |= _card_codes(teacher["hands"][s])
        deck |= _card_codes(teacher)
        forbidden.append(hidden - seen)
        visible |= seen
    return deck, forbidden, visible


def leaks(widget, messages) -> list[str]:
    """Where ``messages`` (from :class:`Recorder`) hold a card the widget's seat may not
    see, judged against the widget's game as it is now; an empty list when none does."""
    if widget.seat is None:
        raise ValueError("leaks() checks a seat widget")
    deck, forbidden, visible = reference(widget)
    found = []

    def check_frames(frames, start, where):
        for i, frame in enumerate(frames or []):
            k = start + i
            bad = _codes(frame, deck, set()) & (forbidden[k] if k < len(forbidden) else deck - visible)
            if bad:
                found.append(f"{where}: frame {k} holds {sorted(bad)}")

    for n, msg in enumerate(messages):
        where = f"message {n} ({msg['kind']})"
        if msg["kind"] == "open":
            state = msg["state"]
        else:
            data = msg["data"] or {}
            state = data.get("state") if data.get("method") in ("update", "echo_update") else None
            content = data.get("content") if data.get("method") == "custom" else None
            if isinstance(content, dict) and content.get("type") == "frames":
                # each patch as sent, and the frames the page rebuilds from it
                check_frames(content.get("patches"), content.get("start", 0), where + " patch")
                bad = set(content.get("cards") or {}) - visible
                if bad:
                    found.append(f"{where}: cards {sorted(bad)}")
        if "rebuilt" in msg:
            check_frames(msg["rebuilt"][1], msg["rebuilt"][0], where + " rebuilt")
        if state:
            check_frames(state.get("frames"), 0, where)
            bad = set(state.get("cards") or {}) - visible
            if bad:
                found.append(f"{where}: cards {sorted(bad)}")
            never = _codes(state.get("meta") or {}, deck, set()) - visible
            if never:
                found.append(f"{where}: meta holds {sorted(never)}")
        never = _codes(msg, deck, set()) - visible
        if never:
            found.append(f"{where}: holds cards the seat never sees: {sorted(never)}")
    return found


def page_frames(messages):
    """The frames the page holds after ``messages`` (the last full list and the patches
    after it), or None if none came; raises if a patch came for frames the page lacks."""
    frames = None
    for msg in messages:
        assert not msg.get("lost"), "a patch came for frames the page does not hold"
        if "rebuilt" in msg:
            start, new = msg["rebuilt"]
            frames = (frames or [])[:start] + new
    return frames


@contextlib.contextmanager
def recording():
    with Recorder() as rec:
        yield rec
