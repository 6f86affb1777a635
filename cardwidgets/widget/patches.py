"""Frames as changes: how the widget sends its steps' views to the page compactly.

A whole game's views are mostly the same from one step to the next (the same hands, score
sheet, players), so the widget sends frame 0 in full and every later frame as a *patch* that
turns the frame before it into it. The page (``shell.js``, ``cwDecode``) rebuilds every
frame exactly: a table module sees the same ``ctx.frame`` and ``ctx.prev`` as if every frame
had travelled whole. A 22-hand Pocha game in the teacher's view: 1.5 MB of frames become
about a sixth of that.

The wire form of a widget's ``frames`` is a list as long as the frames: ``wire[0]`` is
``{"keys": [...], "frame": frame 0, "id": n}`` (``n`` names this encoding: a page that
holds another asks for all again) and ``wire[k]`` (k >= 1) the patch from frame k-1 to
frame k (a patch of a dict, below), or ``[frame k]`` when it is sent whole:

- A patch of a **dict** is an object ``{key: entry}``; keys it does not name are unchanged.
  A key is a number in ``keys`` (``"3"``: the name ``keys[3]``), or the name itself, with a
  ``'`` in front when the name starts with a digit or a ``'``.
- A patch of a **list** is an object whose keys are positions (``{"3": entry}``: the same
  length, item 3 changed) or ``{"s": [start, count, entry, ...]}``: ``count`` items removed
  at ``start`` and the entries' values put there (a list that grew, shrank or was redone).
- An **entry** is a string, ``true``, ``false`` or ``null`` (that value), ``[]`` (remove
  this key), ``[value]`` (this value), ``[value, n]`` (this value, kept as pooled value
  ``n``), a number ``n`` (pooled value ``n``, sent in an earlier frame), or an object (a
  patch of the value there before).

Values that come back (a legal move with its label, a play, a row of the score sheet, a
sentence) are pooled when they first travel, or, for sentences, the second time, and named
by their number after that. The encoding of frame k depends only on frames 0 … k (and the
key names, fixed when the encoding starts), so a page holding the first frames can take
the rest as they are made (play mode) and rebuild them with the same pool.

Nothing travels that is not in the new frame: a patch carries values of frame k (or names
a pooled value that frame k holds), positions and key names; a removal carries no value.

>>> frames = [{"step": 0, "hand": ["1-cups", "2-cups", "3-cups"]},
...           {"step": 1, "hand": ["1-cups", "3-cups"], "new": "yes"}]
>>> wire = Encoder().extend(frames)
>>> wire[0]["keys"], wire[1]  # step := 1, hand: 1 card removed at 1, new := "yes"
(['step', 'hand'], {'0': [1], '1': {'s': [1, 1]}, 'new': 'yes'})
>>> decode(wire) == frames
True
"""
from __future__ import annotations

import json
__all__ = ["Encoder", "decode", "apply_patch", "key_names"]

#: Values whose JSON is at least this long (dicts, lists, strings) are pooled.
POOL_MIN = 24


_j = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def key_names(frame) -> list[str]:
    """The dict keys of ``frame``, its own first, then those of the dicts inside it (breadth
    first): the keys patches name most, given by short numbers."""
    names, queue = {}, [frame]
    for x in queue:
        if isinstance(x, dict):
            names.update(dict.fromkeys(x))
            queue.extend(x.values())
        elif isinstance(x, list):
            queue.extend(x)
    return list(names)


def _records(v) -> bool:
    """A list of records (dicts): legal moves, plays, rows. Its records are pooled one by
    one, never the list."""
    return isinstance(v, list) and any(isinstance(x, dict) for x in v)


def _same_order(old: dict, new: dict) -> bool:
    """Whether patching ``old`` into ``new`` keeps ``new``'s key order (kept keys stay where
    they were, new keys come last), as the page's rebuilt frame will have it."""
    kept = [k for k in old if k in new]
    if len(kept) == len(new):
        return kept == list(new)
    return kept + [k for k in new if k not in old] == list(new)


def _js_order(names):
    """The order in which JavaScript goes through an object's keys: keys that are whole
    numbers first, smallest first, then the others as written."""
    return sorted((n for n in names if n.isdigit()), key=int) + [n for n in names
                                                                  if not n.isdigit()]


class _New:
    """A value to send whole (whether it is pooled is decided when the frame is done)."""
    __slots__ = ("value", "text")

    def __init__(self, value, text):
        self.value, self.text = value, text


class Encoder:
    """Turns frames into their wire form, one frame at a time. The key names are those of
    the first frame encoded."""

    _made = 0

    def __init__(self):
        Encoder._made += 1
        #: this encoding's number, sent with frame 0 and with the frames that follow
        self.id = Encoder._made
        self.keys: list[str] = []
        self._key: dict[str, str] = {}
        self.frames: list = []
        self.wire: list = []
        self._pool: dict[str, int] = {}   # JSON of a pooled value -> its number
        self._seen: set[str] = set()      # sentences sent once (pooled if they come back)
        self._fresh: dict[str, int] = {}

    def extend(self, frames) -> list:
        """Encode ``frames`` after those encoded so far; returns their wire items."""
        out = []
        for frame in frames:
            if not self.frames:
                self.keys = key_names(frame)
                self._key = {k: str(i) for i, k in enumerate(self.keys)}
                item = {"keys": self.keys, "frame": frame, "id": self.id}
            else:
                patch, _ = self._dict_patch(self.frames[-1], frame)
                self._fresh = {}
                item = [frame] if patch is None else self._finish(patch)
                self._pool.update(self._fresh)
            self.frames.append(frame)
            self.wire.append(item)
            out.append(item)
        return out

    def continues(self, frames) -> bool:
        """Whether ``frames`` starts with the frames encoded so far (the same objects)."""
        n = len(self.frames)
        return len(frames) >= n and all(a is b for a, b in zip(frames, self.frames))

    # ---- choosing the smallest patch (sizes: about the JSON's length) ----------------------
    def _name(self, k: str) -> str:
        short = self._key.get(k)
        if short is not None:
            return short
        return "'" + k if k[:1].isdigit() or k[:1] == "'" else k

    def _whole(self, v, text=None):
        """Send ``v`` whole: (entry, size); a pooled value is named by its number."""
        if isinstance(v, str) and len(v) < POOL_MIN:
            return v, len(v) + 2
        if v is None or isinstance(v, bool):
            return v, 5
        if text is None:
            text = _j(v)
        if isinstance(v, (dict, list, str)) and len(text) >= POOL_MIN and not _records(v):
            n = self._pool.get(text)
            if n is not None:
                return n, len(str(n))
            return _New(v, text), len(text) + (2 if isinstance(v, str) else 7)
        return _New(v, text), len(text) + 2

    def _entry(self, old, new):
        """The smallest entry turning ``old`` into ``new``: (entry, size), None if equal."""
        if type(old) is type(new) and old == new:
            return None
        if isinstance(old, dict) and isinstance(new, dict):
            patch = self._dict_patch(old, new)
        elif isinstance(old, list) and isinstance(new, list):
            patch = self._list_patch(old, new)
            if _records(new):
                return patch
        else:
            return self._whole(new)
        whole = self._whole(new)
        return patch if patch[1] < whole[1] else whole

    def _dict_patch(self, old: dict, new: dict):
        if not _same_order(old, new):
            return None, 1 << 30  # the page would put a new key elsewhere: send it whole
        patch, size = {}, 2
        for k, v in new.items():
            if k not in old:
                e = self._whole(v)
            else:
                e = self._entry(old[k], v)
                if e is None:
                    continue
            name = self._name(k)
            patch[name] = e[0]
            size += len(name) + 4 + e[1]
        for k in old:
            if k not in new:
                name = self._name(k)
                patch[name] = []
                size += len(name) + 6
        added = [self._name(k) for k in new if k not in old]
        if len(added) > 1 and added != _js_order(added):
            return None, 1 << 30  # the page would add them in another order: send it whole
        return patch, size

    def _list_patch(self, old: list, new: list):
        n = min(len(old), len(new))
        pre = 0
        while pre < n and old[pre] == new[pre]:
            pre += 1
        suf = 0
        while suf < n - pre and old[len(old) - 1 - suf] == new[len(new) - 1 - suf]:
            suf += 1
        items = [self._whole(v) for v in new[pre:len(new) - suf]]
        splice = ({"s": [pre, len(old) - pre - suf] + [e for e, _ in items]},
                  10 + len(str(pre)) + sum(s + 1 for _, s in items))
        if len(old) != len(new):
            return splice
        patch, size = {}, 2
        for i in range(pre, len(new) - suf):
            # a record in a list (a legal move, a play, a row) travels whole, so it is pooled
            # and named by its number when it comes back
            e = (self._whole(new[i]) if isinstance(new[i], dict) and new[i] != old[i]
                 else self._entry(old[i], new[i]))
            if e is not None:
                patch[str(i)] = e[0]
                size += len(str(i)) + 4 + e[1]
        return (patch, size) if size < splice[1] else splice

    def _finish(self, entry):
        """Put in the values to send: ``[value]``, or ``[value, n]`` to pool them."""
        if isinstance(entry, _New):
            v, text = entry.value, entry.text
            if isinstance(v, str):
                # a sentence is pooled the second time it travels
                if text in self._fresh or text not in self._seen:
                    self._seen.add(text)
                    return v
            elif len(text) < POOL_MIN or _records(v) or text in self._fresh:
                return [v]
            self._fresh[text] = n = len(self._pool) + len(self._fresh)
            return [v, n]
        if isinstance(entry, dict):
            return {k: self._finish(e) for k, e in entry.items()}
        if isinstance(entry, list):
            return [self._finish(e) for e in entry]
        return entry


# ---- rebuilding (what shell.js does; used by the tests) ----------------------------------

def _value(entry, pool, fresh):
    if isinstance(entry, (int, float)) and not isinstance(entry, bool):
        return pool[entry]
    if not isinstance(entry, list):
        return entry  # a string, true, false or null
    if len(entry) == 2:
        fresh[entry[1]] = entry[0]
    return entry[0]


def apply_patch(old, patch, pool: dict, keys: list, fresh: dict):
    """The value ``patch`` turns ``old`` into (``old`` is not changed)."""
    if isinstance(old, list):
        if "s" in patch:
            start, count, *items = patch["s"]
            return old[:start] + [_value(e, pool, fresh) for e in items] + old[start + count:]
        out = list(old)
        for i, e in patch.items():
            i = int(i)
            out[i] = apply_patch(old[i], e, pool, keys, fresh) if isinstance(e, dict) else \
                _value(e, pool, fresh)
        return out
    out = dict(old)
    for k, e in patch.items():
        k = keys[int(k)] if k[:1].isdigit() else k[1:] if k[:1] == "'" else k
        if isinstance(e, dict):
            out[k] = apply_patch(old[k], e, pool, keys, fresh)
        elif e == []:
            del out[k]
        else:
            out[k] = _value(e, pool, fresh)
    return out


class Decoder:
    """Rebuilds frames from wire items, keeping the pool between calls (as the page does)."""

    def __init__(self):
        self.frames: list = []
        self.pool: dict = {}
        self.keys: list = []
        self.id = None

    def extend(self, items) -> list:
        out = []
        for item in items:
            if not self.frames:
                self.keys, frame, self.id = item["keys"], item["frame"], item.get("id")
            elif isinstance(item, list):
                frame = item[0]  # a frame sent whole
            else:
                fresh: dict = {}
                frame = apply_patch(self.frames[-1], item, self.pool, self.keys, fresh)
                self.pool.update(fresh)
            self.frames.append(frame)
            out.append(frame)
        return out


def decode(wire: list) -> list:
    """The frames of a whole wire list."""
    return Decoder().extend(wire)
