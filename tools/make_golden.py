"""The saved copy of what users see (issue 26, item 5): seeded games of every game and table
size, played through the public API only, so that it runs the same against any checkout.

For every step it keeps the step's text, rule, actor (seat), phase and deal, and after it
every seat's view and the teacher's view; for one seed of each table size it also keeps what
a teacher's widget sends the page (its ``meta``, ``cards`` and ``frames``). A view is kept as
the keys that changed since the step before (the first in full), the whole gzipped JSON.
``tests/test_golden.py`` plays the same games again and compares them step by step.

Run (from the checkout to save, e.g. a worktree at main):

    PYTHONPATH=$PWD python tools/make_golden.py [OUT]      (default tests/data/golden.json.gz)
"""
from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

#: (game, players, seeds, widget seeds): every game at every table size it allows
TABLES = [
    ("poch", 3, (1, 2), (1,)), ("poch", 4, (1, 2), (1,)), ("poch", 5, (1,), (1,)),
    ("poch", 6, (1,), (1,)),
    ("pocha", 3, (1, 2), (1,)), ("pocha", 4, (1, 2), (1,)),
    ("truk", 2, (1, 2), (1,)), ("truk", 3, (1, 2), (1,)), ("truk", 4, (1, 2, 3), (1,)),
    ("truc", 2, (1, 2), (1,)), ("truc", 4, (1, 2, 3), (1,)), ("truc", 6, (1,), (1,)),
]
#: at most this many steps of a game are kept (a whole game of Pocha or Truk is long)
MAX_STEPS = 400


def _plain(value):
    """``value`` as JSON gives it back (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


def _delta(before: dict | None, now: dict) -> dict:
    """The keys of ``now`` whose values differ from ``before``'s (``"~"``: the keys gone)."""
    if before is None:
        return now
    out = {k: v for k, v in now.items() if k not in before or before[k] != v}
    gone = [k for k in before if k not in now]
    if gone:
        out["~"] = gone
    return out


def undelta(before: dict | None, delta: dict) -> dict:
    """The view a :func:`_delta` was made from."""
    if before is None:
        return dict(delta)
    out = dict(before)
    for k in delta.get("~", ()):
        out.pop(k, None)
    out.update((k, v) for k, v in delta.items() if k != "~")
    return out


def play(key: str, n: int, seed: int, max_steps: int = MAX_STEPS):
    """Yield, for the seeded game, ``None`` then each step, with the game after it: the
    dealer's shuffles and every seat's moves drawn from one ``random.Random(seed)``."""
    from cardwidgets import CHANCE, GAMES

    game = GAMES[key](n)
    rng = random.Random(seed)
    yield None, game
    for _ in range(max_steps):
        actor = game.current_player
        if actor is None:
            return
        if actor == CHANCE:
            action = game.chance_action(rng)
        else:
            action = rng.choice(game.legal_actions())
        yield game.apply(action), game


def record_game(key: str, n: int, seed: int) -> list:
    """The kept form of one seeded game: a list of entries, one before the first step and
    one after each, each {"step": ..., "views": [delta per seat..., teacher's delta]}."""
    entries, before = [], [None] * (n + 1)
    for step, game in play(key, n, seed):
        views = [_plain(game.view(s)) for s in range(n)] + [_plain(game.view())]
        entry = {"views": [_delta(b, v) for b, v in zip(before, views)]}
        before = views
        if step is not None:
            entry["step"] = {"index": step.index, "text": step.text, "rule": step.rule,
                             "actor": step.actor, "phase": step.phase, "deal": step.deal,
                             "action": _plain(step.action.to_json())}
        entries.append(entry)
    return entries


def record_widget(key: str, n: int, seed: int) -> dict:
    """What a teacher's widget of the seeded game sends the page: meta, cards and frames
    (each frame as a delta of the one before)."""
    from cardwidgets.widget import GameWidget

    *_, (_, game) = play(key, n, seed)
    widget = GameWidget(game)
    frames, before = [], None
    for frame in _plain(list(widget.frames)):
        frames.append(_delta(before, frame))
        before = frame
    return {"meta": _plain(widget.meta), "cards": _plain(widget.cards), "frames": frames}


def make() -> dict:
    games, widgets = {}, {}
    for key, n, seeds, widget_seeds in TABLES:
        for seed in seeds:
            games[f"{key}/{n}/{seed}"] = record_game(key, n, seed)
        for seed in widget_seeds:
            widgets[f"{key}/{n}/{seed}"] = record_widget(key, n, seed)
    return {"max_steps": MAX_STEPS, "games": games, "widgets": widgets}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else Path(__file__).resolve().parents[1] / "tests" / "data"
               / "golden.json.gz")
    out.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(make(), separators=(",", ":"), sort_keys=True).encode()
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write(data)
    print(f"{out}: {len(data):,} bytes of JSON, {out.stat().st_size:,} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
