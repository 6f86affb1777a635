"""Game records: save a game as versioned JSON, load it back and replay it.

A record holds the game, its variant options, the players, the setup (chips, first dealer …),
every action a player or the deal took (the steps the rules take by themselves are replayed,
not stored), the number of steps (so a record may stop just before a step the rules would
take next), optional teacher comments keyed by step number, optional notes on which facts
came from a document and which the record chose, and optionally the expected result, which
is checked after the replay.

A malformed or tampered record raises :class:`RecordError` naming the field; nothing is
half-loaded.

>>> game = load_record("e-p2")
>>> game.players[0], game.result()["chips"][0]
('Anna', 27)
"""
from __future__ import annotations

import json
import math
import os
import re
import secrets
from pathlib import Path

from .engine import TABLE, Action, CardwidgetsError, ConfigError, Game, RecordError
from .engine.errors import field_name
from .files import FileRefused, read_bounded
from .games import GAMES

__all__ = ["FORMAT", "VERSION", "record_of", "save_record", "check_save_path", "load_record",
           "read_record", "builtin_records", "builtin_record_path"]

FORMAT = "cardwidgets-record"
VERSION = 1
_FIELDS = {"format", "version", "game", "title", "players", "options", "setup", "actions",
           "steps", "comments", "facts", "result"}


def record_of(game, *, title=None, comments=None, facts=None, with_result=True) -> dict:
    """The record of ``game`` as played so far (a JSON-ready dict)."""
    notes = dict(game.comments)
    notes.update(comments or {})
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.key,
        "title": title or f"{game.title}, {sum(game.played_by(s) == s for s in range(game.n))} players",
        "players": list(game.players),
        "options": dict(game.options),
        "setup": dict(game.setup),
        "actions": [s.action.to_json() for s in game.history if s.actor != TABLE],
        "steps": len(game.history),
        "comments": {str(k): v for k, v in sorted(notes.items())},
    }
    if facts:
        rec["facts"] = facts
    if with_result:
        res = game.result()
        rec["result"] = {"chips": res["chips"], "board": res["board"]} if "board" in res else res
    return rec


def save_record(game, path, **kwargs) -> Path:
    """Write the record of ``game`` to ``path`` (JSON) and return the path.

    A file already at ``path`` is replaced only if it is a game record; anything else (a
    notebook, a folder, a device, a FIFO …) raises :class:`RecordError` and nothing is
    written. The record is written whole or not at all (a new file, then renamed)."""
    path = check_save_path(path)
    text = json.dumps(record_of(game, **kwargs), indent=1, ensure_ascii=False) + "\n"
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.part")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)   # the user's umask applies
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        check_save_path(path)            # still nothing but a record there
        os.replace(tmp, path)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)
    return path


def _shown(path, width: int = 80) -> str:
    """A path quoted for a message, its end kept (the file's name) when it is long."""
    text = repr(str(path))
    return text if len(text) <= width else text[0] + "…" + text[-(width - 2):]


def check_save_path(path) -> Path:
    """``path`` as a :class:`~pathlib.Path` if a record may be saved there: nothing there yet,
    or a game record (which is replaced). Else :class:`RecordError`, in one line."""
    path = Path(path)
    shown = _shown(path)
    if not path.parent.is_dir():
        raise RecordError("save", f"cannot save to {shown}: there is no folder "
                          f"{_shown(path.parent)}")
    if not os.path.lexists(path):
        return path
    try:
        data = json.loads(read_bounded(path, MAX_BYTES, "a record file"))
        if isinstance(data, dict) and data.get("format") == FORMAT:
            return path
        why = "it is not a game record"
    except FileRefused as exc:
        why = exc.why
    except (OSError, ValueError):
        why = "it is not a game record"
    raise RecordError("save", f"{shown} is already there and {why.removeprefix('it ')}; nothing "
                      "was written (give a new file name)")


def _builtin_paths() -> dict:
    """Every record shipped with the package: each game's ``examples/`` folder, by name."""
    found = {}
    for cls in GAMES.values():
        folder = cls.part("examples")
        if folder.is_dir():
            for path in folder.glob("*.json"):
                found.setdefault(path.stem, path)
    return found


def builtin_records() -> list[str]:
    """Names of the records shipped with the package (the documents' worked examples)."""
    return sorted(_builtin_paths())


def builtin_record_path(name: str) -> Path | None:
    """The file of the built-in record ``name`` (e.g. ``"e-p1"``), or ``None``."""
    return _builtin_paths().get(name)


def load_record(source):
    """Load a record (a path, a built-in name such as ``"e-p1"``, a JSON string or a dict),
    replay it and return the game at its last step."""
    data = read_record(source)
    return _replay(data)


#: Bounds on what a record may hold: a real record is a few kilobytes, a few levels deep.
MAX_BYTES = 10 * 2**20
MAX_DEPTH = 20
MAX_ITEMS = 1_000_000
MAX_INT = 10**15
MAX_TEXT = 100_000


def read_record(source) -> dict:
    """The record as a dict, read from a path, a built-in name, JSON text or a dict.

    Raises :class:`RecordError` naming the field for anything that is not a record's JSON:
    no such file, a folder, text that is not UTF-8 or not JSON, nesting deeper than
    :data:`MAX_DEPTH`, numbers that are not finite or larger than :data:`MAX_INT` …
    """
    if isinstance(source, dict):
        _check_json(source)
        return source
    if isinstance(source, str):
        text = source.lstrip("\ufeff \t\r\n")
        if not text:
            raise RecordError("record", "empty: give a path, a built-in name (e.g. 'e-p1') or "
                              "the record's JSON text")
        if text.startswith(("{", "[")):
            return _parse(text)
    elif not isinstance(source, Path):
        raise RecordError("record", f"give a path, a built-in name or a dict, not "
                          f"{type(source).__name__}")
    return _parse(_read_file(source))


def _read_file(source) -> str:
    shown = _shown(source)
    try:
        path = Path(source)
        if not path.exists() and isinstance(source, str) and builtin_record_path(source):
            path = builtin_record_path(source)
        if not path.exists():
            raise RecordError("record", f"no file {shown} and no built-in record of that "
                              f"name (built-in: {', '.join(builtin_records())})")
        raw = read_bounded(path, MAX_BYTES, "a record file")
    except FileRefused as exc:
        hint = " (give the path of a .json record)" if exc.kind else ""
        raise RecordError("record", f"cannot read {shown}: {exc.why}{hint}") from None
    except RecordError:
        raise
    except (OSError, ValueError) as exc:   # no permission, a name with a NUL byte …
        raise RecordError("record", f"cannot read {shown}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError("record", f"{shown} is not UTF-8 text (byte {exc.start} of the "
                          "file); save the record as UTF-8 JSON") from None


def _no_constant(name):
    raise RecordError("record", f"{name} is not a number a record may hold")


def _parse(text: str) -> dict:
    if len(text) > MAX_BYTES:
        raise RecordError("record", f"the text is over {MAX_BYTES // 2**20} MB; a game record "
                          "is a few kilobytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError("record", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError("record", f"nested too deeply (a record is at most {MAX_DEPTH} "
                          "levels deep)") from None
    except ValueError as exc:  # e.g. a number with thousands of digits
        raise RecordError("record", f"not a record's JSON: {str(exc):.80}") from None
    if not isinstance(data, dict):
        raise RecordError("record", "a record is a JSON object")
    _check_json(data)
    return data


def _field(where: str, key: str) -> str:
    """The name of ``key`` inside ``where``: ``options.money``, or ``facts['']`` for a key
    that is not a plain word."""
    if re.fullmatch(r"[A-Za-z0-9_][\w-]{0,39}", key):
        return key if where == "record" else f"{where}.{key}"
    return f"{where}[{key!r:.40}]"


def _check_json(data) -> None:
    """Refuse anything in a record that JSON cannot hold or no record needs, naming where it
    is (e.g. ``options.money``): nesting deeper than :data:`MAX_DEPTH`, keys that are not
    text, numbers that are not finite or too large, very long texts, too many items."""
    stack = [(data, "record", 0)]
    items = 0
    while stack:
        value, where, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise RecordError("record", f"more than {MAX_ITEMS} items; a game record is much "
                              "smaller")
        if depth > MAX_DEPTH:
            raise RecordError(where.partition("[")[0] + "[…]", f"nested too deeply (a record is at most {MAX_DEPTH} "
                              "levels deep)")
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                raise RecordError(where, f"the number is too large (at most {MAX_INT:.0e})")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise RecordError(where, f"must be a finite number, not {value!r}")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise RecordError(where, f"a text of {len(value)} characters; at most "
                                  f"{MAX_TEXT}")
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RecordError(where, f"keys are text, not {key!r:.40}")
                if len(key) > 200:
                    raise RecordError(where, f"a key of {len(key)} characters: {key!r:.40}…")
                stack.append((item, _field(where, key), depth + 1))
        elif isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                stack.append((item, f"{where}[{i}]", depth + 1))
        else:
            raise RecordError(where, f"a {type(value).__name__} is not something JSON can hold")


def _replay(data):
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        name = unknown[0]
        raise RecordError(field_name(name),
                          "is not a field of a game record")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {data.get('format')!r:.60}")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError("version", f"this cardwidgets reads version {VERSION} records, got "
                          f"{version!r:.40}")
    key = data.get("game")
    if not isinstance(key, str) or key not in GAMES:
        raise RecordError("game", f"{key!r:.40} is not a game we know ({', '.join(GAMES)})")
    for field in ("title",):
        if not isinstance(data.get(field, ""), (str, type(None))):
            raise RecordError(field, "must be text")
    cls = GAMES[key]
    players = data.get("players")
    if not isinstance(players, list):
        raise RecordError("players", "must be a list of player names")
    for field in ("options", "setup"):
        if not isinstance(data.get(field, {}), dict):
            raise RecordError(field, "must be an object")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions", "must be a list of actions")
    comments = data.get("comments", {})
    if not isinstance(comments, dict):
        raise RecordError("comments", "must be an object: step number → comment")
    try:
        game = cls(players, options=data.get("options", {}), **data.get("setup", {}))
    except ConfigError as exc:
        field = exc.field if exc.field.startswith(("options", "players")) else f"setup.{exc.field}"
        raise RecordError(field, exc.reason) from None
    except TypeError as exc:
        raise RecordError("setup", str(exc)) from None
    for i, raw in enumerate(actions):
        game.advance()
        if game.finished:
            raise RecordError(f"actions[{i}]", "the game is already over; the record has actions left")
        try:
            action = Action.from_json(raw, game.system)
        except ConfigError as exc:
            raise RecordError(f"actions[{i}].{exc.field}", exc.reason) from None
        why = game.why_not(action)
        if why is not None:
            label = _label(game, action)
            raise RecordError(f"actions[{i}]", f"{label} is not allowed at step "
                              f"{len(game.actions) + 1}: {why}")
        game.apply(action)
    steps = data.get("steps")
    if steps is None:
        game.advance()
    else:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < len(game.history):
            raise RecordError("steps", f"must be the number of steps the record plays, at least "
                              f"{len(game.history)}, got {steps!r:.40}")
        while len(game.history) < steps and not game.finished and game.current_player == TABLE:
            game.apply(game.legal_actions()[0])
        if len(game.history) != steps:
            raise RecordError("steps", f"the record says {steps} steps but its actions give "
                              f"{len(game.history)}: the record has been changed")
    total = len(game.history)
    notes = {}
    for k, text in comments.items():
        if not (isinstance(k, str) and re.fullmatch(r"[0-9]{1,9}", k) and 1 <= int(k) <= total):
            raise RecordError(f"comments[{k!r:.20}]", f"comments are keyed by step number, 1 to {total}")
        if not isinstance(text, str):
            raise RecordError(f"comments[{k!r:.20}]", "a comment is text")
        notes[int(k)] = text
    game.comments = notes
    expected = data.get("result")
    if expected is not None:
        _check_result(game, expected)
    game.record_title = data.get("title")
    game.record_facts = data.get("facts")
    return game


def _label(game, action) -> str:
    """The action's button label for an error message, or its kind when the game cannot
    describe it (a seat that is not at the table, a card of another deck …)."""
    if action.seat is not None and not 0 <= action.seat < game.n:
        return f"{action.kind!r:.40} by seat {action.seat}"
    try:
        return f"{game.describe(action):.80}"
    except (AttributeError, IndexError, KeyError, TypeError, ValueError, CardwidgetsError):
        return f"{action.kind!r:.40}"


def _check_result(game, expected):
    if not isinstance(expected, dict):
        raise RecordError("result", "must be an object")
    actual = game.result()
    for key, value in expected.items():
        if key not in actual:
            raise RecordError(f"result.{key:.40}", "is not part of this game's result")
        if actual[key] != value:
            raise RecordError(f"result.{key}", f"the record says {value!r:.80} but replaying "
                              f"its actions gives {actual[key]!r:.80}: the record has been "
                              "changed")


def _from_record(cls, source) -> Game:
    """Load a game record of this game (a path, built-in name, JSON text or dict); a record
    of another game is refused, naming the ``game`` field.

    >>> from cardwidgets import Poch
    >>> Poch.from_record("e-p1").n
    5
    """
    data = read_record(source)
    if data.get("game") != cls.key:
        raise RecordError("game", f"this is a record of {data.get('game')!r:.40}, not of {cls.key!r}")
    return load_record(data)


# Every game class can load its records: ``Poch.from_record("e-p1")``. It is given here, not
# in the engine, since records know the registry of games and the engine knows no game.
Game.from_record = classmethod(_from_record)
