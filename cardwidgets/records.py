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
from pathlib import Path

from .engine import TABLE, Action, CardwidgetsError, ConfigError, Game, RecordError
from .games import GAMES

__all__ = ["FORMAT", "VERSION", "record_of", "save_record", "load_record", "read_record",
           "builtin_records", "builtin_record_path"]

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
        "title": title or f"{game.title}, {game.n} players",
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
    """Write the record of ``game`` to ``path`` (JSON) and return the path."""
    path = Path(path)
    path.write_text(json.dumps(record_of(game, **kwargs), indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


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


def read_record(source) -> dict:
    """The record as a dict, read from a path, a built-in name, JSON text or a dict."""
    if isinstance(source, dict):
        return source
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith(("{", "["))):
        path = Path(source)
        if not path.exists() and isinstance(source, str) and builtin_record_path(source):
            path = builtin_record_path(source)
        if not path.exists():
            raise RecordError("record", f"no file {str(source)!r} and no built-in record of that "
                              f"name (built-in: {', '.join(builtin_records())})")
        text = path.read_text(encoding="utf-8")
    elif isinstance(source, str):
        text = source
    else:
        raise RecordError("record", f"give a path, a built-in name or a dict, not {type(source).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("record", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise RecordError("record", "a record is a JSON object")
    return data


def _replay(data):
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise RecordError(unknown[0], "is not a field of a game record")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if version != VERSION:
        raise RecordError("version", f"this cardwidgets reads version {VERSION} records, got {version!r}")
    key = data.get("game")
    if key not in GAMES:
        raise RecordError("game", f"{key!r} is not a game we know ({', '.join(GAMES)})")
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
            raise RecordError(f"actions[{i}]", f"{game.describe(action) if _describable(game, action) else action.kind} "
                              f"is not allowed at step {len(game.actions) + 1}: {why}")
        game.apply(action)
    steps = data.get("steps")
    if steps is None:
        game.advance()
    else:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < len(game.history):
            raise RecordError("steps", f"must be the number of steps the record plays, at least "
                              f"{len(game.history)}, got {steps!r}")
        while len(game.history) < steps and not game.finished and game.current_player == TABLE:
            game.apply(game.legal_actions()[0])
        if len(game.history) != steps:
            raise RecordError("steps", f"the record says {steps} steps but its actions give "
                              f"{len(game.history)}: the record has been changed")
    total = len(game.history)
    notes = {}
    for k, text in comments.items():
        if not (isinstance(k, str) and k.isdigit() and 1 <= int(k) <= total):
            raise RecordError(f"comments[{k!r}]", f"comments are keyed by step number, 1 to {total}")
        if not isinstance(text, str):
            raise RecordError(f"comments[{k!r}]", "a comment is text")
        notes[int(k)] = text
    game.comments = notes
    expected = data.get("result")
    if expected is not None:
        _check_result(game, expected)
    game.record_title = data.get("title")
    game.record_facts = data.get("facts")
    return game


def _describable(game, action):
    try:
        game.describe(action)
        return True
    except (AttributeError, KeyError, TypeError, CardwidgetsError):
        return False


def _check_result(game, expected):
    if not isinstance(expected, dict):
        raise RecordError("result", "must be an object")
    actual = game.result()
    for key, value in expected.items():
        if key not in actual:
            raise RecordError(f"result.{key}", "is not part of this game's result")
        if actual[key] != value:
            raise RecordError(f"result.{key}", f"the record says {value!r} but replaying its "
                              f"actions gives {actual[key]!r}: the record has been changed")


def _from_record(cls, source) -> Game:
    """Load a game record of this game (a path, built-in name, JSON text or dict); a record
    of another game is refused, naming the ``game`` field.

    >>> from cardwidgets import Poch
    >>> Poch.from_record("e-p1").n
    5
    """
    data = read_record(source)
    if data.get("game") != cls.key:
        raise RecordError("game", f"this is a record of {data.get('game')!r}, not of {cls.key!r}")
    return load_record(data)


# Every game class can load its records: ``Poch.from_record("e-p1")``. It is given here, not
# in the engine, since records know the registry of games and the engine knows no game.
Game.from_record = classmethod(_from_record)
