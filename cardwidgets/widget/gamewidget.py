"""The step-through game widget: a game's table in JupyterLab, step by step.

Every step's view is computed here, in Python, when the widget is made (the game is replayed
from the start and ``game.view(seat)`` is taken after each action) and sent to the browser
in one go, so stepping back and forward never waits for the kernel. They travel as changes:
frame 0 whole, then each frame as a patch of the one before (:mod:`.patches`), rebuilt by
the page exactly. Only play-mode moves go to the kernel, where they are checked by the
engine like any other action.

The built-in players play at a ``level`` (:data:`cardwidgets.engine.players.LEVELS`; the
page offers them in play mode), and each of their moves' reasons (``Player.reason``) is
shown in the teacher's view only: a seat's frames never carry one.

What the browser gets is always a *view*: the teacher's (``seat=None``, all cards face up)
or one seat's, where the other hands are hidden by the engine and never sent.

>>> from cardwidgets.widget import GameWidget
>>> w = GameWidget.new("poch", players=4, seed=3)
>>> w.frames[0]["phase"], len(w.frames) == len(w.game.actions) + 1
('ante', True)

The front end is plain JavaScript and CSS, no build step: ``cards.js`` beside this module
(card faces, chips, the table registry), each registered game's own table (``table.js`` and
``table.css`` in the game's folder, found through ``Game.part``; ``view.game`` chooses it)
and ``shell.js`` (stepper, explanation, legal actions, play mode). They are joined in that
order into the widget's one module; none of them has an ``import`` statement. The widget
knows no game by name.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import anywidget
import traitlets

from ..engine import CHANCE, TABLE, Action, CardwidgetsError, ConfigError, Game
from ..engine.errors import field_name
from ..engine.cards import CardJSON
from ..engine.core import fold_amounts
from ..engine.players import LEVELS, Player, player_for
from ..games import GAMES
from . import picture as _picture  # attaches Game._repr_html_ (static rendering)
from .patches import Encoder
from .results import Trail, hand_ends

__all__ = ["GameWidget"]

HERE = Path(__file__).parent


def front_end_files(games=None) -> tuple[list[Path], list[Path]]:
    """The JavaScript and CSS files of the widget, in the order they are joined: the shared
    ``cards.js``, every game's table, then ``shell.js``; ``widget.css``, then every game's."""
    games = list((games or GAMES).values())
    js = [HERE / "cards.js"] + [g.part("table") for g in games] + [HERE / "shell.js"]
    css = [HERE / "widget.css"] + [g.part("style") for g in games]
    return js, css


def _bundle_js(games=None) -> str:
    shapes = json.loads((HERE / "suits.json").read_text(encoding="utf-8"))
    parts = [f"const CW_SHAPES = {json.dumps(shapes)};\n"]
    root = HERE.parent
    for path in front_end_files(games)[0]:
        parts.append(f"// ---- {path.relative_to(root).as_posix()} ----\n"
                     + path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def _bundle_css(games=None) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in front_end_files(games)[1])


def _frame(view: dict, cards: dict, made: dict) -> dict:
    """A view made compact for sending: each card (a :class:`CardJSON`) as its code, its
    details collected in ``cards``; no copy of the rule's text (the rules are sent once, in
    ``meta``). Made from the view directly: its plain values and the engine's own entries,
    which hold no card, are taken as they are; the game's lists and dicts are copied with
    their cards as codes, or, when one equals what the frame before it made for that entry
    (which then held no card), that is taken again (frames are never changed once made).

    ``made`` is the caller's own record of the entries of its last frame, by key, and
    (under :data:`_CARDS`) the cards dict they were made with: one per widget, so two
    widgets (a class table's seats) never share or clear each other's."""
    if made.get(_CARDS) is not cards:           # a new run of frames
        made.clear()
        made[_CARDS] = cards
    frame = {}
    for k, v in view.items():
        if v.__class__ not in _HOLDERS or k in _NO_CARDS:
            frame[k] = v
        else:
            before = made.get(k)
            if before is None or before != v:
                before = made[k] = _coded(v, cards)
            frame[k] = before
    last = frame.get("last")
    if last.__class__ is dict:
        frame["last"] = {k: v for k, v in last.items() if k != "rule_text"}
    legal = frame.get("legal")
    if legal.__class__ is list:
        frame["legal"] = _ranges(legal)
    return frame


_CARDS = object()   # the key of ``made`` (:func:`_frame`) under which its cards dict is kept


def _refusals(game, view: dict, seat) -> dict:
    """Play mode, where ``seat`` is to act: each card of its hand it may not play now, with
    the rules' refusal in their words ("Rule K5: ..."), for the page to tell before a click
    (a card's description). Only about the seat's own cards, which its view shows."""
    if seat is None or game.current_player != seat:
        return {}
    hands = view.get("hands") or []
    hand = hands[seat] if seat < len(hands) else None
    if not hand:
        return {}
    kinds = sorted({a.kind for a in game.legal_actions() if a.card is not None} or {"play"})
    out = {}
    for card in hand:
        code = card["code"] if isinstance(card, dict) else card
        first = None                    # the refusal of the first kind; none if one is legal
        for kind in kinds:
            try:
                action = Action.from_json({"kind": kind, "seat": seat, "card": code}, game.system)
            except CardwidgetsError:
                first = None
                break
            why = game.why_not(action)
            if why is None:
                first = None
                break
            first = first or str(why)
        if first:
            out[code] = first
    return out


def _with_refusals(game, view: dict, seat) -> dict:
    """``view`` with :func:`_refusals` added as ``refusals`` when there are any."""
    refusals = _refusals(game, view, seat)
    return dict(view, refusals=refusals) if refusals else view


def _seat_by_name(game, value):
    """A seat given by its player's name ("A1", "B", or a name given to the game; any case)
    as its number; anything else as it is (checked after)."""
    if isinstance(value, str):
        names = [p.casefold() for p in game.players]
        if value.strip().casefold() in names:
            return names.index(value.strip().casefold())
    return value


def _ranges(legal: list) -> list:
    """Actions that differ only by an amount (bet 1, bet 2 … bet 500) as one entry with
    ``amounts: [lowest, highest]``: the engine's views give them so already
    (:meth:`Game.legal_choices`); this folds any a game's view lists one by one."""
    return fold_amounts(legal)


_HOLDERS = frozenset((dict, list, CardJSON))   # what a view's values may hold cards in
#: the entries of every view (:meth:`Game.view`) that never hold a card: names, words, actions
_NO_CARDS = frozenset(("players", "last", "legal"))


def _coded(obj, cards: dict):
    """A list, dict or card of a view with each card in it as its code; anything else as it
    is."""
    kind = obj.__class__
    if kind is list:
        return [x if x.__class__ not in _HOLDERS else _code(x, cards)
                if x.__class__ is CardJSON else _coded(x, cards) for x in obj]
    if kind is dict:
        return {k: x if x.__class__ not in _HOLDERS else _code(x, cards)
                if x.__class__ is CardJSON else _coded(x, cards) for k, x in obj.items()}
    if kind is CardJSON:
        return _code(obj, cards)
    return obj


def _code(card: dict, cards: dict) -> str:
    """A card's code, its details noted in ``cards``."""
    code = card["code"]
    if code not in cards:
        cards[code] = {k: card[k] for k in ("rank", "suit", "index", "name", "native")}
    return code


#: The largest message the page may send (a move is a few dozen bytes); larger ones are
#: refused unread. The page checks the same bound before it sends.
MAX_MESSAGE = 64 * 1024


def _size(obj, limit: int) -> int:
    """About how many bytes ``obj`` takes as JSON, counting only until ``limit`` is passed
    (so a huge message costs little to measure)."""
    total, stack = 0, [obj]
    while stack and total <= limit:
        x = stack.pop()
        if isinstance(x, str):
            total += len(x) + 2
        elif isinstance(x, dict):
            total += 2 + 2 * len(x)
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            total += 2 + len(x)
            stack.extend(x)
        elif isinstance(x, (bytes, bytearray, memoryview)):
            total += len(x)
        else:
            total += 8
    return total


def _frames_to_json(frames, widget) -> list:
    """What the ``frames`` trait sends: frame 0, then each frame as a patch of the one before
    (:mod:`cardwidgets.widget.patches`); the page rebuilds them."""
    return widget._wire(frames)


class GameWidget(anywidget.AnyWidget):
    """Step through a game, or play one seat of it, in JupyterLab.

    ``GameWidget(game)`` shows a game already played (a record, or one you played in
    Python) from its first step; ``seat`` picks whose view is shown (``None``: the teacher's,
    all cards face up) and ``play_as`` lets a person play that seat while the built-in
    players play the others. The widget works on its own copy of the game
    (:attr:`game`); the game you pass is not changed.

    A widget made for a seat (``seat=`` or ``play_as=``) is locked to it (:attr:`locked`):
    the page may watch that seat or play it, from any step, but never switch to the teacher's
    view or another hand, and only that seat's view is ever built and sent. Give
    ``teacher=True`` for a widget that may switch views (made without a seat, it may anyway).
    The page may change only the step shown; anything else it sends is refused.

    Make one with :meth:`from_record` (a worked example) or :meth:`new` (a fresh deal).
    """

    _esm = _bundle_js()
    _css = _bundle_css()

    #: Things that do not change from step to step: the game, players, rules, phases.
    meta = traitlets.Dict().tag(sync=True)
    #: Details of every card that appears in the frames (code -> rank, suit, names).
    cards = traitlets.Dict().tag(sync=True)
    #: The view after each step (frame 0 is the start); keys that never change are in
    #: ``meta["static"]`` and cards are given by their codes. They travel as changes: frame
    #: 0, then each frame as a patch of the one before (:mod:`.patches`).
    frames = traitlets.List().tag(sync=True, to_json=_frames_to_json)
    #: The step shown in the browser (the browser steps locally and reports it here).
    step = traitlets.Int(0).tag(sync=True)
    #: Whose view is shown: ``None`` for the teacher (all cards face up) or a seat number.
    seat = traitlets.Any(None).tag(sync=True)
    #: The seat a person plays, or ``None`` when watching.
    play_as = traitlets.Any(None).tag(sync=True)
    #: The last message for the person at the widget, e.g. why a move was refused.
    notice = traitlets.Dict().tag(sync=True)
    #: Play mode: the table waits at a hand's end (the step shown carries the hand's result,
    #: frame key ``hand_end``) until the person sends ``{"type": "next_hand"}``.
    held = traitlets.Bool(False).tag(sync=True)

    def __init__(self, game: Game, *, seat=None, play_as=None, step=0, seed=None,
                 players=None, teacher=False, level="easy", _reasons=None, **kwargs):
        if not isinstance(game, Game):
            raise ConfigError("game", f"give a game, e.g. Poch(4) or load_record('e-p1'), "
                              f"not {type(game).__name__}")
        if not isinstance(teacher, bool):
            raise ConfigError("teacher", f"true or false, not {teacher!r:.40}")
        seat, play_as = _seat_by_name(game, seat), _seat_by_name(game, play_as)
        for name, value in (("seat", seat), ("play_as", play_as)):
            error = self._check_seat(value, game.n, names=game.players)
            if error:
                raise ConfigError(name, error.partition(": ")[2])
        if seat is not None and play_as is not None and seat != play_as:
            raise ConfigError("seat", f"a widget where you play seat {play_as} shows that "
                              f"seat's view, not seat {seat}'s; give one of them")
        timeline = self._timeline_of(game)
        last = len(timeline)
        if step == -1:
            step = last
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
            raise ConfigError("step", f"the step to show first is a number from 0 to {last} "
                              "(or -1 for the last)")
        shown = play_as if play_as is not None else seat
        #: The only seat this widget may show, or ``None`` (a teacher's widget: any view). A
        #: widget made for a seat (``seat=`` or ``play_as=``) is locked to it unless made with
        #: ``teacher=True``; the page cannot switch it to the teacher's view or another hand.
        locked = None if teacher else shown
        super().__init__(**kwargs)
        self.locked = locked
        self.game = game  # replaced by a copy in _load
        self._source = game
        self._seed = seed
        self._rng = random.Random(seed)
        #: the built-in players' level (one of ``LEVELS``), or ``None`` for players given
        #: in Python (``players=``), whose level the page cannot change
        self.level = self._check_level(level, players)
        self._bots = self._make_bots(game, players, seed, self.level)
        # why each built-in player's move was made, by the move's index (teacher's view only)
        self._reasons: dict[int, str] = dict(_reasons or {})
        self._notice_id = 0
        self._static_keys = None
        self._timeline = list(timeline)
        if play_as is not None:
            # the seat's own frames are the first and only ones built and sent
            error = self._take_seat(play_as, True, step)
            if error:
                raise ConfigError("play_as", error)
        else:
            with self.hold_sync():
                self._load(game, timeline, seat=seat)
                self.step = step
        self.on_msg(self._on_msg)

    # ---- making one ----------------------------------------------------------------------
    @classmethod
    def new(cls, game=None, players=4, *, seed=None, play_as=None, options=None,
            bots=None, teacher=False, level="easy", **setup):
        """A fresh deal of ``game`` (``"poch"``, ``"pocha"``, …) for ``players`` (a number or
        a list of names), shuffled with ``seed``. Watching (``play_as=None``), the built-in
        players play every seat to the end so you can step through it; with
        ``play_as=seat`` you play that seat.

        ``level`` is the built-in players' level (``"easy"``, and any other level of
        :data:`cardwidgets.engine.players.LEVELS`); in play mode the page can change it.
        ``bots`` gives players of your own instead. Settings such as ``chips`` or ``deals`` go
        to the game; ``deals`` is 1 unless given.
        """
        if game is None:
            raise ConfigError("game", "say which game to deal, e.g. GameWidget.new('pocha', "
                              "players=4); the games: " + ", ".join(sorted(GAMES)))
        if not isinstance(game, str) or game not in GAMES:
            raise ConfigError("game", f"{game!r} is not a game we know; use one of "
                              + ", ".join(sorted(GAMES)))
        cls_ = GAMES[game]
        if "deals" in cls_.SETUP:
            setup.setdefault("deals", 1)
        level = cls._check_level(level, bots)
        g = cls_(players, options=options, **setup)
        if play_as is None:
            bots_ = cls._make_bots(g, bots, seed, level)
            rng = random.Random(seed)
            reasons = {}
            while (actor := g.to_choice(rng)) is not None:
                bot = bots_[actor]
                bot.reason = None  # a reason is for this move only
                action = bot.choose(g, actor)
                if getattr(bot, "reason", None):
                    reasons[len(g.actions)] = str(bot.reason)
                g.apply(action)
            return cls(g, seed=seed, players=bots, teacher=teacher, level=level,
                       _reasons=reasons)
        return cls(g, seed=seed, play_as=play_as, players=bots, step=-1, teacher=teacher,
                   level=level)

    @classmethod
    def from_record(cls, source, **kwargs):
        """Step through a game record: a built-in name (``"e-p1"``), a path or a dict."""
        from ..records import load_record
        return cls(load_record(source), **kwargs)

    @classmethod
    def tutorial(cls, game, **kwargs):
        """A guided first hand of ``game`` (``"truk"``, ``"truc"``, ``"poch"``, ``"pocha"``):
        you play one seat, the deal and the others' moves are scripted, and before each of
        your moves the table says what the decision is and what to weigh
        (:mod:`cardwidgets.widget.tutorial`; the scripts are each game's ``tutorial.json``)."""
        from .tutorial import tutorial
        return tutorial(game, **kwargs)

    @staticmethod
    def _check_level(level, players):
        """The level of the built-in players, checked (``None`` when ``players`` are given)."""
        if players is not None:
            if level not in (None, "easy"):
                raise ConfigError("level", "the level is for the built-in players; you gave "
                                  "players of your own (players=/bots=), so leave it out")
            return None
        if not isinstance(level, str) or level not in LEVELS:
            raise ConfigError("level", f"{level!r:.40} is not a level of the computer players; "
                              "choose one of " + ", ".join(LEVELS))
        return level

    @staticmethod
    def _make_bots(game, players, seed, level="easy"):
        if players is None:
            return {s: player_for(level or "easy", None if seed is None else seed * 31 + s)
                    for s in range(game.n)}
        if isinstance(players, Player):
            return {s: players for s in range(game.n)}
        if isinstance(players, (list, tuple)) and len(players) == game.n and all(
                isinstance(p, Player) for p in players):
            return dict(enumerate(players))
        raise ConfigError("players", "give one built-in player (e.g. RandomPlayer(seed=1)) "
                          "or a list with one per seat")

    # ---- frames --------------------------------------------------------------------------
    @staticmethod
    def _timeline_of(game):
        # every action played, counting those undone with back() and not redone
        return list(game.timeline)

    def _copy(self, actions):
        source = self._source
        copy = source.fresh()
        for action in actions:
            copy.apply(action)
        copy.comments = dict(source.comments)
        for name in ("record_title", "record_facts"):
            if hasattr(source, name):
                setattr(copy, name, getattr(source, name))
        return copy

    def _wire(self, frames) -> list:
        """The wire form of ``frames``, continuing the encoding so far when ``frames``
        continues the frames encoded (play mode), else a new one."""
        enc = self.__dict__.get("_encoder")
        if enc is None or not enc.continues(frames):
            enc = self._encoder = Encoder()
        enc.extend(frames[len(enc.frames):])
        return list(enc.wire)

    def _load(self, game, timeline, seat, play=False):
        """Replay ``timeline`` from the start and send a view of every step (``play``: the
        person plays ``seat`` from the last)."""
        fresh = self._copy([])
        views = [fresh.view(seat)]
        for action in timeline:
            fresh.apply(action)
            views.append(fresh.view(seat))
        if play:
            views[-1] = _with_refusals(fresh, views[-1], seat)
        self.game = fresh
        self._timeline = list(timeline)
        self._reasons = {i: r for i, r in self._reasons.items() if i < len(timeline)}
        cards: dict = {}
        self._made = {}
        frames = [_frame(v, cards, self._made) for v in views]
        # the result of each hand, at the step that ends it (a key of its own: views unchanged)
        self._trail = Trail(fresh)
        for k, view in enumerate(views):
            result = self._trail.add(fresh, view)
            if result is not None:
                frames[k]["hand_end"] = result
        if seat is None:
            # the teacher's view: why each built-in player's move was made
            for i, reason in self._reasons.items():
                last = frames[i + 1].get("last")
                if isinstance(last, dict):
                    last["reason"] = reason
        static = {k: v for k, v in frames[0].items()
                  if all(f.get(k) == v for f in frames) and k not in ("step", "last", "legal")}
        self._static = static
        frames = [{k: v for k, v in f.items() if k not in static} for f in frames]
        if frames == self.frames:
            frames = self.frames  # the same frames: the page's copy and encoding stay good
        with self.hold_sync():
            self.meta = self._meta(static)
            self.cards = cards
            self.frames = frames
            self.seat = seat
            self.play_as = None
            self.held = False

    def _meta(self, static):
        g = self.game
        return {
            "game": g.key, "title": g.title, "players": list(g.players),
            # who plays each seat: the seat itself, or the seat that plays a hand nobody
            # sits at (Truk's open hand, KV3); the page offers to play that seat instead
            "played_by": [g.played_by(s) for s in range(g.n)],
            "phases": [{"key": p.key, "title": p.title, "rule": p.rule} for p in g.PHASES],
            "rules": dict(g.RULES),
            "static": static,
            "record_title": getattr(self._source, "record_title", None),
            "deals_agreed": g.setup.get("deals") if isinstance(g.setup, dict) else None,
            # the one seat this widget may show (the page offers no other view), or None
            "locked": self.locked,
            # the built-in players' level (None: players given in Python) and the levels
            "level": self.level,
            "levels": [{"key": k, "words": v[1]} for k, v in LEVELS.items()],
        }

    def _play(self, action):
        """Apply one action in play mode and keep the view it leads to. A step that ends a
        hand (or the game) carries the hand's result (``hand_end``), and the built-in players
        wait there (:attr:`held`) until the person sends ``{"type": "next_hand"}``."""
        self.game.apply(action)
        view = _with_refusals(self.game, self.game.view(self.play_as), self.play_as)
        result = self._trail.add(self.game, view)
        view = _frame(view, self._new_cards, self._made)
        if result is not None:
            view["hand_end"] = result
            self.held = not self.game.finished
        self._new_frames.append({k: v for k, v in view.items()
                                 if not (k in self._static and self._static[k] == v)})

    def _begin(self):
        self._new_frames, self._new_cards = [], dict(self.cards)

    def _commit(self):
        """Send the views of the steps played since :meth:`_begin` (play mode).

        Only the new frames travel, in one custom message; the traits are brought up to date
        without re-sending the whole list (a view opened later gets it all with the state).
        """
        start = len(self.frames)
        added = {k: v for k, v in self._new_cards.items() if k not in self.cards}
        self._timeline = list(self.game.actions)
        if self._new_frames:
            # silent updates: the browser gets the same data in the message below
            frames = self.frames + self._new_frames
            patches = self._wire(frames)[start:]
            self._trait_values["frames"] = frames
            self._trait_values["cards"] = self._new_cards
            self.send({"type": "frames", "start": start, "patches": patches,
                       "wire": self._encoder.id, "cards": added, "step": len(self.frames) - 1})
            self._trait_values["step"] = len(self.frames) - 1
        else:
            self.step = len(self.frames) - 1

    # ---- messages from the browser -------------------------------------------------------
    def set_state(self, sync_data):
        """Trait changes from the page. The page may change only :attr:`step` (the step it
        shows), to a step of the game; anything else it sends (another seat, the frames, a
        notice of its own …) is refused: the kernel's value is sent back, with a notice."""
        if not isinstance(sync_data, dict):
            return
        allowed, refused = {}, []
        last = len(self.frames) - 1
        for name, value in sync_data.items():
            if name == "step":
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= last:
                    allowed[name] = value
                else:
                    refused.append((name, f"step: the steps are 0 to {last}, not {value!r:.40}"))
            elif name in self.keys:
                refused.append((name, f"{name}: the page may change only the step shown"))
        if allowed:
            super().set_state(allowed)
        if refused:
            keys = [name for name, _ in refused]
            self.send_state(keys)  # restore the kernel's values in the page
            if "notice" not in keys or len(keys) > 1:
                self._refuse(next(text for name, text in refused if name != "notice"))
            else:
                self._refuse("notice: only the kernel writes the notices here")

    def _on_msg(self, _widget, content, buffers):
        size = _size(content, MAX_MESSAGE) + sum(len(b) for b in buffers or ())
        if size > MAX_MESSAGE:  # nothing a page sends is this big: not read at all
            self._refuse(f"message: over {MAX_MESSAGE // 1024} KB, far more than any move; "
                         "it was not read")
            return
        try:
            self.handle(content)
        except CardwidgetsError as exc:  # a message the engine refused
            self._refuse(f"{str(exc):.300}", getattr(exc, "rule", None))

    def handle(self, content) -> bool:
        """Handle one message from the browser; returns whether anything changed.

        Messages: ``{"type": "act", "action": {...}, "at": step}`` (a play-mode move),
        ``{"type": "next_hand", "at": step}`` (play mode: go on from a hand's end, where the
        table waits, :attr:`held`),
        ``{"type": "take_seat", "seat": n or None, "play": bool, "at": step}``, and
        ``{"type": "echo", ...}`` (answered at once; used to time the bare round trip) and
        ``{"type": "resync"}`` (send the whole state again) and ``{"type": "hello", "frames":
        n}`` (a new view holding ``n`` frames: send it the rest).
        Anything else, or anything the rules do not allow, is refused with a reason in
        :attr:`notice` and changes nothing.
        """
        if not isinstance(content, dict):
            return self._refuse(f"message: expected an object with a 'type', got {content!r:.60}")
        if _size(content, MAX_MESSAGE) > MAX_MESSAGE:
            return self._refuse(f"message: over {MAX_MESSAGE // 1024} KB, far more than any "
                                "move; it was not read")
        kind = content.get("type")
        if kind == "echo":
            self.send({"type": "echo", "t": content.get("t")})
            return False
        if kind == "resync":  # a view that missed play-mode frames asks for everything
            self.send_state(["meta", "cards", "frames", "step", "seat", "play_as", "held"])
            return False
        if kind == "hello":  # a new view says how many frames it holds; send the rest
            have = content.get("frames")
            if isinstance(have, int) and not isinstance(have, bool) and 0 < have < len(self.frames):
                self.send({"type": "frames", "start": have,
                           "patches": self._wire(self.frames)[have:],
                           "wire": self._encoder.id, "cards": self.cards, "step": self.step})
            return False
        if kind == "act":
            return self._act(content)
        if kind == "next_hand":
            return self._next_hand(content)
        if kind == "restart":
            return self._restart()
        if kind == "level":
            return self._set_level(content)
        if kind == "take_seat":
            at = content.get("at", self.step)
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < len(self.frames):
                return self._refuse(f"at: a step from 0 to {len(self.frames) - 1}, got {at!r:.40}")
            play = content.get("play", False)
            if not isinstance(play, bool):
                return self._refuse(f"play: true or false, got {play!r:.40}")
            error = self._take_seat(content.get("seat"), play, at)
            return self._refuse(error) if error else True
        return self._refuse(f"type: {kind!r:.40} is not a message the widget knows "
                            "(act, next_hand, take_seat, restart, level, echo, resync, hello)")

    def _next_hand(self, content):
        """``{"type": "next_hand"}``: the person has seen the hand's result; the built-in
        players go on. Refused (changing nothing) when the table is not waiting."""
        unknown = set(content) - {"type", "at"}
        if unknown:
            return self._refuse(f"{field_name(sorted(map(str, unknown))[0])}: is not a field of "
                                "'next hand'")
        if self.play_as is None or not self.held:
            return self._refuse("next_hand: the table is not waiting at the end of a hand")
        at = content.get("at", len(self.frames) - 1)
        if at.__class__ is not int or at != len(self.frames) - 1:
            return self._refuse(f"at: the game is at step {len(self.frames) - 1}, not "
                                f"{at!r:.40}")
        self.held = False
        self._begin()
        self._run_others()
        self._commit()
        return True

    def _set_level(self, content):
        """``{"type": "level", "level": "hard"}``: the built-in players play at that level
        from their next move on (the moves made stay). An unknown level is refused."""
        unknown = set(content) - {"type", "level"}
        if unknown:
            return self._refuse(f"{field_name(sorted(map(str, unknown))[0])}: is not a field of a "
                                "level change")
        level = content.get("level")
        if self.level is None:
            return self._refuse("level: this widget's computer players were given in Python "
                                "(players=), so their level cannot change here")
        if not isinstance(level, str) or level not in LEVELS:
            return self._refuse(f"level: {level!r:.40} is not a level of the computer players; "
                                "choose one of " + ", ".join(LEVELS))
        if level == self.level:
            return False
        self.level = level
        self._bots = self._make_bots(self.game, None, self._seed, level)
        self.meta = dict(self.meta, level=level)
        self._say("info", f"The computer players now play at the {level} level "
                  f"({LEVELS[level][1]}), from their next move on.")
        return True

    def _check_seat(self, seat, n=None, names=None):
        """``None``, or why ``seat`` is not a seat of ``n`` (with ``names``: the players'
        names are offered too, as the constructor takes them)."""
        if seat is None:
            return None
        n = self.game.n if n is None else n
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            also = f", or a player's name: {', '.join(names)}" if names else ""
            return f"seat: there is no seat {seat!r:.40} at this table (seats 0 to {n - 1}{also})"
        return None

    def _take_seat(self, seat, play, at):
        """Show ``seat``'s view; with ``play``, a person plays it from step ``at`` on.

        A locked widget (:attr:`locked`) shows only its own seat: watching it or playing it.
        """
        error = self._check_seat(seat)
        if error:
            return error
        if self.locked is not None and seat != self.locked:
            return (f"seat: this widget shows only {self._whose(self.locked)} view, so it cannot "
                    "show " + ("the teacher's view" if seat is None else
                               "your view" if self._is_you(seat) else
                               f"{self.game.players[seat]}'s view")
                    + " (the teacher can make one with teacher=True)")
        if play and seat is None:
            return "seat: choose a seat to play (the teacher's view only watches)"
        if play and self.game.played_by(seat) != seat:
            by = self.game.played_by(seat)
            return (f"seat: nobody sits at seat {seat} ({self.game.players[seat]}): "
                    f"{self.game.players[by]}, seat {by}, plays it; take that seat to play it")
        if not play:
            self._load(self.game, self._timeline, seat)
            self.step = min(at, len(self.frames) - 1)
            self._say("info", "Showing " + ("the teacher's view: every card face up."
                                            if seat is None else
                                            f"{self._whose(seat)} view: the other hands "
                                            "are hidden."))
            return None
        # play from the step shown; what came after it in the record is dropped
        self._load(self.game, self._timeline[:at], seat, play=True)
        self.play_as = seat
        self._begin()
        self._run_others()
        self._commit()
        self._say("info", ("You play now." if self._is_you(seat) else
                           f"You play {self.game.players[seat]}.")
                  + " The built-in players play the others; the deal and the table's own "
                  "steps happen by themselves.")
        return None

    def _is_you(self, seat) -> bool:
        """Whether the player at ``seat`` is called "You" (then sentences say "you")."""
        return self.game.players[seat].strip().casefold() == "you"

    def _whose(self, seat) -> str:
        """"Ada's", or "your" for a player called You."""
        return "your" if self._is_you(seat) else f"{self.game.players[seat]}'s"

    def _restart(self):
        """Play mode: a new game with the same players and settings (the next shuffle)."""
        if self.play_as is None:
            return self._refuse("play: nobody is playing; choose a seat to play first")
        seat = self.play_as
        self._source = self._source.fresh()
        self._source.comments = {}
        self._load(self._source, [], seat, play=True)
        self.play_as = seat
        self._begin()
        self._run_others()
        self._commit()
        self._say("info", "A new game: you play " + ("again." if self._is_you(seat) else
                                                    f"{self.game.players[seat]} again."))
        return True

    def _act(self, content):
        if self.play_as is None:
            return self._refuse("play: nobody is playing; choose a seat to play first")
        unknown = set(content) - {"type", "action", "at"}
        if unknown:
            return self._refuse(f"{field_name(sorted(map(str, unknown))[0])}: is not a field of a move")
        at = content.get("at")
        now = len(self.game.actions)
        if at.__class__ is not int or at != now:
            return self._refuse(f"at: the game is at step {now}, not {at!r:.40}; go to the last "
                                "step to play")
        try:
            action = Action.from_json(content.get("action"), self.game.system)
        except CardwidgetsError as exc:
            return self._refuse(str(exc))
        if action.kind == "deal" or (action.cards and not any(
                a.cards for a in self.game.legal_actions() if a.kind == action.kind)):
            # cards travel only in moves that name some (e.g. Truk's change), never a deal
            return self._refuse("action: the deal is made by the shuffle, not by a player")
        if action.seat != self.play_as:
            p = self.play_as
            who = f"seat {p}" if self._is_you(p) else f"{self.game.players[p]} (seat {p})"
            return self._refuse(f"seat: you play {who}, so a move must be "
                                f"for seat {self.play_as}, not {action.seat!r:.20}")
        why = self.game.why_not(action)
        if why is not None:
            return self._refuse(str(why), why.rule)
        self.held = False  # a move of one's own goes on from a hand's end too
        self._begin()
        self._play(action)
        self._run_others()
        self._commit()
        if self.notice.get("kind") == "refused":
            self._say("ok", "")
        return True

    def _run_others(self):
        """Let the deal, the table's own steps and the built-in players act until the
        person's turn comes (or the game ends)."""
        g = self.game
        for _ in range(100_000):
            actor = g.current_player
            if actor is None or actor == self.play_as or self.held:
                return
            if actor == CHANCE:
                self._play(g.chance_action(self._rng))
            elif actor == TABLE:
                self._play(g.legal_actions()[0])
            else:
                bot = self._bots[actor]
                bot.reason = None  # a reason is for this move only
                action = bot.choose(g, actor)
                if getattr(bot, "reason", None):
                    self._reasons[len(g.actions)] = str(bot.reason)  # teacher's view only
                self._play(action)
        raise RuntimeError("the built-in players did not reach the person's turn")

    def _say(self, kind, text, rule=None):
        self._notice_id += 1
        self.notice = {"kind": kind, "text": text, "rule": rule, "id": self._notice_id}

    def _refuse(self, text, rule=None):
        self._say("refused", text, rule)
        return False

    # ---- Python conveniences -------------------------------------------------------------
    def view_at(self, step=None) -> dict:
        """The full view shown at ``step`` (default: the step shown now), cards as codes."""
        k = self.step if step is None else step
        frame = dict(self.meta["static"])
        frame.update(self.frames[k])
        return frame

    def start_of(self, phase: str, deal: int | None = None) -> int:
        """The first step showing ``phase`` (a phase key such as ``"pay"``), in ``deal`` if
        given.

        >>> GameWidget.from_record("e-p1").start_of("poch")
        9
        """
        keys = [p["key"] for p in self.meta["phases"]]
        if phase not in keys:
            raise ConfigError("phase", f"{phase!r} is not a phase of {self.game.title}; "
                              f"phases: {', '.join(keys)}")
        for k in range(len(self.frames)):
            f = self.view_at(k)
            if f["phase"] == phase and deal in (None, f["deal"]):
                return k
        raise ConfigError("phase", f"this game never reaches {phase!r}"
                          + (f" in deal {deal}" if deal is not None else ""))

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a static picture of the step shown for viewers without widgets
        (GitHub, nbconvert, JupyterLab before the notebook is run or trusted): the table as
        images (:func:`~cardwidgets.widget.picture.table_img_html`), since an untrusted
        notebook loses inline SVG but keeps images."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, md = bundle
        else:
            data, md = bundle, {}
        if data is not None:
            game = self._copy(self._timeline[:self.step])
            data = dict(data)
            data["text/html"] = _picture.table_img_html(game, self.seat)
        return data, md

    def __repr__(self) -> str:
        who = ("teacher's view" if self.seat is None
               else f"view of seat {self.seat} ({self.game.players[self.seat]})")
        mode = f", you play seat {self.play_as}" if self.play_as is not None else ""
        return (f"<GameWidget {self.game.title}, {self.game.n} players, {len(self.frames) - 1} "
                f"steps, {who}{mode}>")
