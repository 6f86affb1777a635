"""A guided first hand: :meth:`GameWidget.tutorial` (``GameWidget.tutorial("truk")``).

The widget plays one seat for the student, as in play mode, but the deal and the built-in
players' moves come from a script, and before each of the student's moves the table says
what this decision is and what to weigh; after it, what the move did. The scripts are data
in each game's folder (``cardwidgets/games/<game>/tutorial.json``), read by
:func:`load_script`; this module knows no game.

A script (JSON)::

    {"format": "cardwidgets-tutorial", "version": 1, "game": "truk",
     "title": "...", "players": [...], "options": {...}, "setup": {...},
     "seat": 0,                        # the student's seat
     "actions": [...],                 # every action of the guided hand(s), the deals'
                                       # cards included, as in a game record
     "coach": [{"at": 5,               # the index in actions of one of the student's moves
                "before": "...",       # what this decision is, what to weigh (<= ~40 words)
                "after": "...",        # what the move did
                "poor": [{"move": {"kind": "refuse"}, "hint": "..."}]}],
     "defaults": {"<phase key>": {"before": "...", "after": "..."}},
     "other": "...",                   # said after a legal move the script did not plan
     "end": "..."}                     # said when the guided hand is over

The student's scripted move is the one the lesson follows. Another legal move is played
(the engine checks it as always; an illegal one is refused by its rule) and gets the
``poor`` hint it matches, or the script's ``other`` words, with an offer to take it back
(the engine's :meth:`~cardwidgets.engine.core.Game.back`); played on, the built-in players
choose for themselves from there. What the page gets is a ``coach`` key on the frame where
the student is to act (or where the guided hand ends): only words about the student's own
decision, never another seat's cards.
"""
from __future__ import annotations

import json
import re

from ..engine import CHANCE, TABLE, Action, CardwidgetsError, ConfigError
from ..games import GAMES
from .gamewidget import GameWidget

__all__ = ["TutorialWidget", "load_script", "replay_script", "script_path", "MAX_WORDS"]

#: the most words a coaching text may have (the issue asks for about 40)
MAX_WORDS = 45

_TEXT_KEYS = ("before", "after")


def script_path(game: str):
    """The file of ``game``'s guided hand."""
    if not isinstance(game, str) or game not in GAMES:
        raise ConfigError("game", f"{game!r:.40} is not a game we know; use one of "
                          + ", ".join(sorted(GAMES)))
    return GAMES[game].part("table").parent / "tutorial.json"


def words(text: str) -> int:
    """How many words ``text`` has."""
    return len(re.findall(r"\S+", text or ""))


def load_script(game) -> dict:
    """``game``'s script (a game key, or a script as a dict), checked: a clear error naming
    the field for anything wrong."""
    if isinstance(game, dict):
        script = game
    else:
        path = script_path(game)
        if not path.is_file():
            raise ConfigError("game", f"{game} has no guided hand yet")
        script = json.loads(path.read_text(encoding="utf-8"))
    if script.get("format") != "cardwidgets-tutorial":
        raise ConfigError("format", "a tutorial script says format: cardwidgets-tutorial")
    if script.get("game") not in GAMES:
        raise ConfigError("game", f"{script.get('game')!r:.40} is not a game we know")
    for field, kind in (("actions", list), ("coach", list), ("players", list)):
        if not isinstance(script.get(field), kind):
            raise ConfigError(field, f"a tutorial script needs {field} ({kind.__name__})")
    seen = set()
    for n, entry in enumerate(script["coach"]):
        at = entry.get("at") if isinstance(entry, dict) else None
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < len(script["actions"]):
            raise ConfigError(f"coach[{n}].at", "the index of one of the student's moves "
                              "in actions")
        if at in seen:
            raise ConfigError(f"coach[{n}].at", f"{at} is coached twice")
        seen.add(at)
        for key in _TEXT_KEYS:
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ConfigError(f"coach[{n}].{key}", "the words to say, a non-empty text")
    return script


def _matches(pattern: dict, action: dict) -> bool:
    """Whether ``action`` (JSON) is the move ``pattern`` describes: each field equal, except
    ``cards``, matched when the move names any of the cards listed."""
    for k, v in pattern.items():
        if k == "cards":
            if not set(v) & set(action.get("cards") or ()):
                return False
        elif action.get(k) != v:
            return False
    return True


def replay_script(script: dict):
    """Play ``script``'s actions in a fresh game: ``(game, actions, mine)``, where ``mine``
    holds the indices of the student's moves. Raises :class:`ConfigError` naming the first
    action the rules refuse, or a coached step that is not the student's move."""
    script = load_script(script)
    cls = GAMES[script["game"]]
    game = cls(list(script["players"]), options=dict(script.get("options") or {}),
               **dict(script.get("setup") or {}))
    seat = script.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n:
        raise ConfigError("seat", f"the student's seat, 0 to {game.n - 1}")
    fresh = game.fresh()
    actions, mine = [], set()
    for k, data in enumerate(script["actions"]):
        try:
            action = Action.from_json(data, game.system)
            if fresh.current_player == seat:
                mine.add(k)
            fresh.apply(action)
        except CardwidgetsError as exc:
            raise ConfigError(f"actions[{k}]", str(exc)) from None
        actions.append(action)
    for n, entry in enumerate(script["coach"]):
        if entry["at"] not in mine:
            raise ConfigError(f"coach[{n}].at", f"step {entry['at']} is not one of the "
                              "student's moves")
    return game, actions, mine


class TutorialWidget(GameWidget):
    """A guided hand: :class:`GameWidget` in play mode, the others' moves and the deal from
    a script, coaching on every frame where the student acts. Make one with
    :meth:`GameWidget.tutorial`."""

    def __init__(self, script: dict, **kwargs):
        script = load_script(script)
        game, self._plan, self._mine = replay_script(script)
        self._script = script
        self._plan_json = [a.to_json() for a in self._plan]
        self._coach = {e["at"]: e for e in script["coach"]}
        self._said: dict = {}       # what to say after the last move: set by _act
        self._free = False          # played on after the guided hand (or off it)
        super().__init__(game, play_as=script.get("seat", 0), seed=script.get("seed", 0),
                         **kwargs)
        self._say("info", "A guided hand: read the coach's note before each move. "
                  "The rule behind it is one click away.")

    # ---- where the game is against the script ---------------------------------------------
    def on_script(self) -> bool:
        """Whether every action played so far is the script's."""
        done = self.game.actions
        return (len(done) <= len(self._plan)
                and [a.to_json() for a in done] == self._plan_json[:len(done)])

    def guided_over(self) -> bool:
        """Whether the guided hand has been played to the end as scripted (its last step
        ends a hand: the table holds its result until the student goes on, and then the
        computer players choose for themselves)."""
        return self.on_script() and len(self.game.actions) == len(self._plan)

    def _run_others(self):
        g = self.game
        for _ in range(100_000):
            actor = g.current_player
            if actor is None or actor == self.play_as or getattr(self, "held", False):
                return              # the student's turn, or a hand's end held on screen
            i = len(g.actions)
            if not self._free and self.on_script():
                if i < len(self._plan):
                    self._play(self._plan[i])
                    continue
                self._free = True   # past the guided hand: the computer players play on
            if actor == CHANCE:
                self._play(g.chance_action(self._rng))
            elif actor == TABLE:
                self._play(g.legal_actions()[0])
            else:
                self._play(self._bots[actor].choose(g, actor))
        raise RuntimeError("the built-in players did not reach the person's turn")

    # ---- the student's moves -------------------------------------------------------------
    def _act(self, content):
        i = len(self.game.actions)
        guided = not self._free and self.on_script() and i < len(self._plan)
        said = {}
        if guided and isinstance(content, dict) and content.get("at") == i:
            try:
                action = Action.from_json(content.get("action"), self.game.system)
            except CardwidgetsError:
                action = None
            if (action is not None and action.seat == self.play_as
                    and self.game.why_not(action) is None):
                mine, planned = action.to_json(), self._plan_json[i]
                entry = self._coach.get(i) or {}
                if mine == planned:
                    said = {"after": entry.get("after") or self._default(i, "after")}
                else:
                    hint = next((p["hint"] for p in entry.get("poor", ())
                                 if _matches(p["move"], mine)), None)
                    said = {"hint": hint or self._script.get("other") or
                            "The guided hand planned another move here.",
                            "poor": hint is not None, "takeback_to": i}
        self._said = said
        if not self._free and not self.on_script():
            self._said = {}
        return super()._act(content)

    def _default(self, i, key):
        phase = self._phase_at(i)
        d = (self._script.get("defaults") or {}).get(phase) or {}
        return d.get(key, "")

    def _phase_at(self, i):
        return self.game._phase.key if i == len(self.game.actions) else None

    def coach_now(self) -> dict | None:
        """The coaching for the step the game is at (what the page shows), or ``None``."""
        g = self.game
        i = len(g.actions)
        said = self._said
        out = {}
        if said.get("after"):
            out["after"] = said["after"]
        if said.get("hint"):
            out["hint"] = said["hint"]
            out["offer_takeback"] = said.get("takeback_to") is not None
            out["poor"] = bool(said.get("poor"))
        if self._free:
            return out or None
        if self.on_script():
            if g.current_player == self.play_as and i < len(self._plan):
                entry = self._coach.get(i)
                if entry:
                    out["before"] = entry["before"]
                    if entry.get("rule"):
                        out["rule"] = entry["rule"]
                else:
                    out["before"] = self._default(i, "before")
                count, done = len(self._mine), sum(1 for k in self._mine if k < i)
                out["progress"] = [done + 1, count]
                if not done and self._script.get("intro"):
                    out.setdefault("after", self._script["intro"])
            elif i >= len(self._plan):
                out["end"] = self._script.get("end") or "The guided hand is over."
        return out or None

    def _commit(self):
        if self._new_frames:
            coach = self.coach_now()
            if coach:
                self._new_frames[-1] = dict(self._new_frames[-1], coach=coach)
        super()._commit()

    def _coach_last(self):
        """Put the coaching on the last frame (after the frames were rebuilt)."""
        coach = self.coach_now()
        frames = list(self.frames)
        last = {k: v for k, v in frames[-1].items() if k != "coach"}
        frames[-1] = dict(last, coach=coach) if coach else last
        self.frames = frames

    # ---- messages ------------------------------------------------------------------------
    def handle(self, content) -> bool:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "takeback":
            return self._takeback(content)
        return super().handle(content)

    def _takeback(self, content):
        """Take back the student's last move, which the coach offered to (a poor move, or
        one off the guided hand): the engine's back() to just before it."""
        if set(content) - {"type"}:
            return self._refuse(f"{sorted(map(str, set(content) - {'type'}))[0]:.40}: is not "
                                "a field of a take-back")
        to = self._said.get("takeback_to")
        if to is None or self.play_as is None or to > len(self.game.actions):
            return self._refuse("take back: there is no move to take back now (the coach "
                                "offers it after a move the guided hand did not plan)")
        seat = self.play_as
        self.game.back(len(self.game.actions) - to)
        self._said = {}
        self._free = False
        with self.hold_sync():
            self._load(self.game, list(self.game.actions), seat, play=True)
            self.play_as = seat
            self._coach_last()
        self._say("info", "Taken back: the guided hand goes on from your move.")
        return True

    def _restart(self):
        self._free = False
        self._said = {}
        return super()._restart()


def tutorial(game: str, **kwargs) -> TutorialWidget:
    """The guided first hand of ``game`` (``"truk"``, ``"truc"``, ``"poch"``, ``"pocha"``)."""
    return TutorialWidget(load_script(game), **kwargs)
