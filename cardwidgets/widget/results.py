"""The result of a hand, for the view that holds the table at a hand's end.

A hand ends at the step after which the game's hand number goes up (a new deal is next) or
the game is over. What the page shows there comes from what every game already gives, so
this module knows no game by name:

- the steps that settled the hand (``first``: the page shows their sentences and rules, the
  frames' ``last``, from this step to the end): from the first step of the hand's last phase
  (Truk's "The counters move", Pocha's "Scoring the hand", Truc's settling, Poch's going
  out), at most the last three;
- what moved: the counters the game declares (:attr:`Game.COUNTERS`), compared between the
  hand's first step and its end, with the players' or sides' names;
- at the game's end, who won (``Game.result()["winners"]``).

It travels as the frame key ``hand_end`` (views themselves are not changed); ``start`` is
the hand's first step.

>>> from cardwidgets.widget import GameWidget
>>> w = GameWidget.new("pocha", players=3, seed=1, hands=1)
>>> end = w.view_at(len(w.frames) - 1)["hand_end"]
>>> end["title"], end["over"], [m["what"] for m in end["moved"]][:1]
('The game is over', True, ['points'])
"""
from __future__ import annotations

__all__ = ["Trail", "hand_ends"]

#: The most sentences of the rules kept for one hand's result (the last ones).
MAX_LINES = 3


def _at(view: dict, path: str):
    value = view
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _side_names(game, view) -> list:
    names = view.get("side_names")
    if isinstance(names, list) and len(names) == 2:
        return [str(n) for n in names]
    name = getattr(game, "side_name", None)
    if callable(name):
        return [str(name(0)), str(name(1))]
    return ["side 1", "side 2"]


def counters(game, view: dict) -> list:
    """The declared counters of ``view`` as ``[words, whose, value]`` rows (whose: a name,
    or ``""`` for a single number)."""
    rows = []
    for path, words, whose in getattr(game, "COUNTERS", ()) or ():
        value = _at(view, path)
        if _number(value):
            rows.append([words, "", value])
        elif isinstance(value, list):
            names = (list(view.get("players") or game.players) if whose == "seat"
                     else _side_names(game, view) if whose == "side" else [])
            for i, v in enumerate(value):
                if _number(v):
                    rows.append([words, names[i] if i < len(names) else str(i + 1), v])
        elif isinstance(value, dict):
            titles = view.get(whose) if isinstance(whose, str) else None
            titles = titles if isinstance(titles, dict) else {}
            for key, v in value.items():
                if _number(v):
                    rows.append([words, str(titles.get(key, key)), v])
    return rows


class Trail:
    """What a hand's result needs from each step, kept step by step (the views themselves
    are not kept): the phase, hand number, who acts, the step's sentence and the counters."""

    def __init__(self, game):
        self.game = game
        self.steps: list = []

    def add(self, game, view: dict) -> dict | None:
        """Note the step ``view`` (the view after the step); the hand's result if this step
        ends a hand, else ``None``."""
        last = view.get("last") if isinstance(view.get("last"), dict) else None
        self.steps.append({"phase": view.get("phase"), "deal": view.get("deal"),
                           "actor": view.get("actor"), "finished": bool(view.get("finished")),
                           "last": last and {"text": last.get("text"), "rule": last.get("rule")},
                           "counters": counters(game, view), "label": view.get("hand_label")})
        return self.result(game, len(self.steps) - 1)

    def ends_hand(self, k: int) -> bool:
        if k < 1:
            return False
        now, before = self.steps[k], self.steps[k - 1]
        if now["finished"]:
            return not before["finished"]
        return (isinstance(now["deal"], int) and isinstance(before["deal"], int)
                and now["deal"] > before["deal"])

    def result(self, game, e: int) -> dict | None:
        """The result of the hand that step ``e`` ends, or ``None``."""
        if not self.ends_hand(e):
            return None
        steps = self.steps
        deal = steps[e - 1]["deal"]
        start = e - 1
        while start > 0 and steps[start - 1]["deal"] == deal and not steps[start - 1]["finished"]:
            start -= 1
        # the hand's last phase: from its first step to the end
        phase = steps[e - 1]["phase"]
        first = e - 1
        while first > start + 1 and steps[first - 1]["phase"] == phase:
            first -= 1
        first = max(first, e - MAX_LINES + 1)
        before = {(w, who): v for w, who, v in steps[start]["counters"]}
        moved = []
        for words, who, value in steps[e]["counters"]:
            old = before.get((words, who))
            if old is not None and old != value:
                moved.append({"what": words, "who": who, "before": old, "after": value})
        word = getattr(game, "HAND_WORD", "hand") or "hand"
        label = steps[e - 1]["label"]
        name = label.split(" (")[0] if isinstance(label, str) and label else f"{word} {deal}"
        out = {"first": first, "start": start, "over": steps[e]["finished"], "moved": moved, "hand": name, "title": f"{name[:1].upper()}{name[1:]} is over"}
        if steps[e]["finished"]:
            out["title"] = "The game is over"
            out["winners"] = _winners(game)
        return out


def _winners(game) -> list:
    try:
        winners = game.result().get("winners") or []
    except Exception:  # a game without a result: no winners named
        return []
    return [game.players[s] for s in sorted(winners) if isinstance(s, int) and 0 <= s < game.n]


def hand_ends(game, views: list) -> dict:
    """The results of every hand ended in ``views`` (the views after each step, from the
    start), by step. ``game`` is the game at the last step (for the winners)."""
    trail = Trail(game)
    out = {}
    for k, view in enumerate(views):
        res = trail.add(game, view)
        if res is not None:
            out[k] = res
    return out

