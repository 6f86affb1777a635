"""Nothing changes for users (issue 26, item 5): seeded games of every game and table size,
played again, give the same step texts, rules, actors, phases and views of every seat and of
the teacher, and a teacher's widget sends the page the same meta, cards and frames, as the
saved copy in ``tests/data/golden.json.gz`` (made by ``tools/make_golden.py`` from the engine
before the change)."""
from __future__ import annotations

import gzip
import json
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import make_golden  # noqa: E402

SAVED = ROOT / "tests" / "data" / "golden.json.gz"


@lru_cache(maxsize=1)
def saved() -> dict:
    with gzip.open(SAVED, "rb") as f:
        return json.loads(f.read())


def _first_difference(saved_value, value, path=""):
    """Where two JSON values first differ, as a path (``hands[2][0]``), with both values."""
    if isinstance(saved_value, dict) and isinstance(value, dict):
        for k in list(saved_value) + [k for k in value if k not in saved_value]:
            if k not in value or k not in saved_value:
                return f"{path}.{k}", saved_value.get(k, "<missing>"), value.get(k, "<missing>")
            if saved_value[k] != value[k]:
                return _first_difference(saved_value[k], value[k], f"{path}.{k}")
    if isinstance(saved_value, list) and isinstance(value, list) and len(saved_value) == len(value):
        for i, (a, b) in enumerate(zip(saved_value, value)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return path or ".", saved_value, value


def _check(what: str, saved_value, value):
    if saved_value != value:
        where, was, now = _first_difference(saved_value, value)
        pytest.fail(f"{what}, field {where}: saved {was!r:.300}, now {now!r:.300}")


def _cases(kind: str) -> list:
    return sorted(saved()[kind]) if SAVED.exists() else []


def _views_named(n: int) -> list:
    return [f"seat {s}'s view" for s in range(n)] + ["the teacher's view"]


def test_the_saved_copy_covers_every_game_and_table_size():
    from cardwidgets import GAMES

    sizes = {(key, n) for key, n, *_ in make_golden.TABLES}
    for key, cls in GAMES.items():
        for n in range(cls.min_players, cls.max_players + 1):
            try:
                cls(n)
            except Exception:
                continue                      # a size the game does not allow (Truc: 3, 5)
            assert (key, n) in sizes, f"{key} with {n} players is not in the saved copy"
            assert any(name.startswith(f"{key}/{n}/") for name in saved()["games"])
            assert any(name.startswith(f"{key}/{n}/") for name in saved()["widgets"])


@pytest.mark.parametrize("case", _cases("games"))
def test_every_step_and_view_as_saved(case):
    key, n, seed = case.split("/")
    n, seed = int(n), int(seed)
    entries = saved()["games"][case]
    names = _views_named(n)
    views_saved = [None] * (n + 1)
    played = make_golden.play(key, n, seed, saved()["max_steps"])
    count = 0
    for count, ((step, game), entry) in enumerate(zip(played, entries)):
        where = f"{key} with {n} players, seed {seed}, step {count}"
        if step is None:
            assert "step" not in entry
        else:
            kept = entry["step"]
            now = {"index": step.index, "text": step.text, "rule": step.rule,
                   "actor": step.actor, "phase": step.phase, "deal": step.deal,
                   "action": make_golden._plain(step.action.to_json())}
            for field in kept:
                _check(f"{where}: the step's {field}", kept[field], now[field])
        for s in range(n + 1):
            views_saved[s] = make_golden.undelta(views_saved[s], entry["views"][s])
            view = make_golden._plain(game.view(s if s < n else None))
            _check(f"{where}: {names[s]}", views_saved[s], view)
    assert count + 1 == len(entries), (
        f"{key} with {n} players, seed {seed}: the game ended after {count} steps; the saved "
        f"copy has {len(entries) - 1}")
    if len(entries) - 1 < saved()["max_steps"]:
        assert game.finished, f"{key} with {n} players, seed {seed}: the saved game had ended"


@pytest.mark.parametrize("case", _cases("widgets"))
def test_the_widget_sends_the_same_messages_as_saved(case):
    key, n, seed = case.split("/")
    kept = saved()["widgets"][case]
    now = make_golden.record_widget(key, int(n), int(seed))
    where = f"{key} with {n} players, seed {seed}: the teacher's widget"
    _check(f"{where}'s meta", kept["meta"], now["meta"])
    _check(f"{where}'s cards", kept["cards"], now["cards"])
    assert len(kept["frames"]) == len(now["frames"]), f"{where} sends {len(now['frames'])} frames"
    before_kept = before_now = None
    for i, (a, b) in enumerate(zip(kept["frames"], now["frames"])):
        before_kept = make_golden.undelta(before_kept, a)
        before_now = make_golden.undelta(before_now, b)
        _check(f"{where}, frame {i}", before_kept, before_now)
