"""The one state interface every game shares.

A game is a configuration (players, variant options, setup) plus a state that walks through
named phases. Each change is an :class:`Action`; applying it gives a :class:`Step`, a short
plain-English explanation with the id of the rule that allowed it. The history of actions can
be stepped back and forward exactly.

Who acts now (:attr:`Game.current_player`) is a seat number, :data:`CHANCE` (a deal: the
cards are shuffled or given by a record) or :data:`TABLE` (a step the rules make happen by
themselves, such as paying out a stake; its one legal action is applied by :meth:`Game.advance`).
"""
from __future__ import annotations

import math
import random
import re
import sys
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from pathlib import Path
from typing import Any, ClassVar, Final, Sequence

from .cards import Card, SUIT_SYSTEMS
from .errors import CardwidgetsError, ConfigError, IllegalAction, field_name
from .seats import Table
from .words import Words

__all__ = ["Action", "Step", "Game", "CHANCE", "TABLE", "Phase", "Player", "fold_amounts",
           "text_of", "shuffled", "shared_action"]

MAX_NAME = 40         #: the longest player name (it must fit beside a seat on the table)
MAX_NUMBER = 10**9   #: no setting or option of any game is larger than this

CHANCE = -1  #: the shuffle or a scripted deal acts
TABLE = -2   #: the rules act by themselves (paying out stakes, settling bets …)


def _number_problem(value):
    """Why a number given as a setting or option cannot be one (not finite, or far larger
    than any game uses), or ``None``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"must be a finite number, not {value!r}"
    if abs(value) > MAX_NUMBER:
        return f"{value:.3g} is far too large (at most {MAX_NUMBER:,})"
    return None


def _range_label(kind: str, lo: int, hi: int) -> str:
    return f"{kind.capitalize()} {lo}" + (f" to {hi}" if hi != lo else "")


def fold_amounts(legal: list) -> list:
    """Legal-action entries (``{"action": json, "label": …}``) with the actions that differ
    only by an amount folded into one entry with ``"amounts": [lowest, highest]``, one per
    unbroken run of amounts (see :meth:`Game.legal_choices`). Entries already folded pass."""
    out: list = []
    groups: dict = {}
    for entry in legal:
        action = entry["action"]
        if "amount" not in action:
            out.append(entry)
            continue
        key = tuple(sorted((k, v) for k, v in action.items() if k != "amount"))
        group = groups.get(key)
        if group is not None and action["amount"] != group["amounts"][1] + 1:
            # a gap (e.g. the bid a Pocha dealer may not make): a new range after it
            groups[("gap", len(out), key)] = group
            group = None
        if group is None:
            group = groups[key] = {"action": {k: v for k, v in action.items() if k != "amount"},
                                   "amounts": [action["amount"], action["amount"]],
                                   "label": entry["label"]}
            out.append(group)
        lo, hi = group["amounts"]
        group["amounts"] = [min(lo, action["amount"]), max(hi, action["amount"])]
    for group in groups.values():
        lo, hi = group["amounts"]
        group["label"] = _range_label(group["action"]["kind"], lo, hi)
    return out


def shuffled(items, rng: random.Random) -> list:
    """A list of ``items`` in the order ``rng.shuffle`` would put them, made faster for a
    plain :class:`random.Random` (the same calls to its bits, so the same order for a seed).

    >>> shuffled(range(6), random.Random(3)) == (lambda x: (random.Random(3).shuffle(x), x)[1])(list(range(6)))
    True
    """
    out = list(items)
    if rng.__class__ is not random.Random or not _SAME_SHUFFLE:
        rng.shuffle(out)
        return out
    bits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k: int = _BIT_LENGTH[n] if n < 64 else n.bit_length()
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


_BIT_LENGTH: Final = [n.bit_length() for n in range(64)]
_SAME_SHUFFLE = True


def _check_shuffle() -> bool:
    """Does :func:`shuffled` give exactly ``random.Random.shuffle``'s order on this Python?
    (It copies that method's steps; if a Python shuffles differently, use its own.)"""
    global _SAME_SHUFFLE
    for seed in range(5):
        mine = shuffled(range(70), random.Random(seed))
        theirs = list(range(70))
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            _SAME_SHUFFLE = False
            return False
    return True


def _copy_state(value):
    """Copy the containers of a game's state (lists, dicts, sets), sharing everything else:
    a game keeps its cards, actions, tricks and calls as values that never change."""
    kind = value.__class__
    if kind is list:
        return [x if x.__class__ not in _CONTAINERS else _copy_state(x) for x in value]
    if kind is dict:
        return {k: x if x.__class__ not in _CONTAINERS else _copy_state(x)
                for k, x in value.items()}
    if kind is set:
        return set(value)
    return value


_CONTAINERS = frozenset((list, dict, set))


def _copy_lists(value: list) -> list:
    """A list of lists, each copied (the hands)."""
    return [*map(list.copy, value)]


def _copy_items(value: list) -> list:
    """A list of containers, each copied one level deep."""
    return [x.copy() for x in value]


def _copy_items_of_items(value: list) -> list:
    """A list of lists of containers, each copied one level deep."""
    return [[y.copy() for y in x] for x in value]


def _copy_one_level(value):
    return value.copy()


def _how_copied(cls, k, v):
    """How :meth:`Game.fork` copies the field ``k`` holding ``v``: a function of the value,
    or ``None`` when it is shared (not a container, or one the class shares)."""
    if v.__class__ not in _CONTAINERS or k in cls._FORK_SHARES:
        return None
    if k in cls._FORK_FLAT:
        return _copy_one_level
    depth = cls._FORK_NESTED.get(k) if v.__class__ is list else None
    if depth == 1:
        return _copy_lists if v and all(x.__class__ is list for x in v) else _copy_items
    if depth == 2:
        return _copy_items_of_items
    return _copy_state


def _fork_plan(cls, state: dict) -> tuple:
    """What :meth:`Game.fork` does to a game's ``__dict__`` of the shape of ``state`` (the
    same names, values of the same types), after copying the dict itself: ``(name, copy)``
    for each container it copies (``_FORK_FLAT``: one level; ``_FORK_NESTED``: a list of
    lists, or of lists of lists; any other: :func:`_copy_state`), sharing the rest and
    ``_FORK_SHARES``; ``_FORK_DROPS`` start as ``None``. Worked out once per shape."""
    return tuple((k, how) for k, v in state.items()
                 if (how := _how_copied(cls, k, v)) is not None)


#: :meth:`Game.fork`'s plans: (class, attribute names, the types of their values) → plan.
_FORK_PLANS: dict = {}
#: The default options and setup of a game: (class, players) → (options, setup), checked
#: once (each game gets its own copies; a setup given instead is checked in full)
_DEFAULTS: dict = {}
_TABLES: dict = {}     #: (players, direction) → the :class:`Table`, a value made once
_NAMES = tuple(chr(ord("A") + i) for i in range(26))   #: the default names of the players
_CARD_IDS: dict = {}   # suit system → ids of its own Card objects (they live for ever)
_check_shuffle()


@dataclass(frozen=True)
class Phase:
    """A named phase of a game: ``key`` for code, ``title`` for people."""

    key: str
    title: str
    rule: str = ""

    def __str__(self) -> str:
        return self.title


@dataclass(frozen=True, slots=True)                  # (and refused by the rules, naming it)
class Action:
    """One move. ``kind`` says what it is; the other fields are filled as the kind needs.

    >>> Action("bet", seat=1, amount=2)
    Action('bet', seat=1, amount=2)
    """

    # The fields hold what was given: the rules check them (an action of the wrong shape is
    # refused naming its field), so they are declared as anything.
    kind: Any                # a word: "bet", "play", "deal" …
    seat: Any = None         # the seat acting (int), or None
    card: Any = None         # the Card played, or None
    amount: Any = None       # chips or tricks (int), or None
    cards: Any = ()          # the cards of a deal (a tuple of Card)
    what: Any = None         # a named target (str), e.g. the hole a claim is for

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = self.card.code
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.what is not None:
            out["what"] = self.what
        return out

    @classmethod
    def from_json(cls, data, system: str) -> "Action":
        """Parse the JSON form; raises :class:`ConfigError` naming the bad field."""
        if not isinstance(data, dict):
            raise ConfigError("action", f"expected an object like {{\"kind\": \"pass\", \"seat\": 1}}, got {data!r:.60}")
        unknown = set(data) - {"kind", "seat", "card", "amount", "cards", "what"}
        if unknown:
            raise ConfigError(field_name(sorted(map(str, unknown))[0]), "is not a field of an action")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise ConfigError("kind", f"every action needs a kind (a word such as 'bet'), got {kind!r:.40}")
        if len(kind) > 40:
            raise ConfigError("kind", f"{kind[:20]!r}… is not a kind of action (a short word such as 'bet')")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ConfigError("seat", f"must be a seat number, got {seat!r:.40}")
        amount = data.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise ConfigError("amount", f"must be a whole number of chips, got {amount!r:.40}")
        suits = SUIT_SYSTEMS[system]
        card = data.get("card")
        card = suits.card(card) if card is not None else None
        cards = data.get("cards", [])
        if not isinstance(cards, list):
            raise ConfigError("cards", f"must be a list of cards, got {cards!r:.40}")
        cards = tuple(suits.card(c) for c in cards)
        what = data.get("what")
        if what is not None and not isinstance(what, str):
            raise ConfigError("what", f"must be a word, got {what!r:.40}")
        return cls(kind, seat, card, amount, cards, what)

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        for name in ("seat", "card", "amount", "what"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if isinstance(self.cards, (tuple, list)):
            if self.cards:
                parts.append(f"cards=<{len(self.cards)} cards>")
        elif self.cards is not None:
            parts.append(f"cards={self.cards!r:.40}")
        else:
            parts.append("cards=None")
        return f"Action({', '.join(parts)})"


_SHARED_ACTIONS: dict = {}
_RULE_IDS: dict = {}     #: a step's rule (e.g. "P10, P8") → the rule ids it names


def shared_action(kind, seat=None, card=None, amount=None, what=None) -> Action:
    """The :class:`Action` with these fields, made once and shared (an action is a value that
    never changes): for the actions a game lists as legal at step after step."""
    key = (kind, seat, card, amount, what)
    action = _SHARED_ACTIONS.get(key)
    if action is None:
        if len(_SHARED_ACTIONS) >= 100_000:
            _SHARED_ACTIONS.clear()
        action = _SHARED_ACTIONS[key] = Action(kind, seat, card, amount, what=what)
    return action


def text_of(source) -> str:
    """The words of a step's text as a game's ``_do`` gave it: a string; a function of no
    arguments; ``(function, args)``, the text being ``function(*args)``; or ``(template,
    args)``, the text being ``template.format(*args)``. Everything but the string is built
    only when the text is read (see :class:`Step`)."""
    if source.__class__ is str:
        return source
    if callable(source):
        return source()
    first, args = source
    if first.__class__ is str:
        return first.format(*args)
    return first(*args)


_StepFields = ("index", "action", "phase", "deal", "text", "rule", "actor")
_new = tuple.__new__


class Step(tuple):
    """What one applied action did, in plain words, and the rule that allowed it.

    A value: its fields cannot be set. Its ``text`` is made when first read, from what the
    game's ``_do`` returned (:func:`text_of`), and kept: a game that plays thousands of
    steps nobody reads (a computer player's trial play-outs, a benchmark) never builds
    their sentences. The words are those of the moment the step was played: a game gives
    ``_do``'s text as values taken then, never as a reference to its changing state.

    (Made as a tuple of its fields, the quickest value Python makes, as a game makes one
    every step; the text once made is kept in the step's own dict.)
    """

    def __new__(cls, index: int, action: Action, phase: str, deal: int, text, rule: str,
                actor: int):
        # index: 1-based number of the step in the game; phase: the phase key when the
        # action was taken; deal: which deal (hand) of the game, 1-based; text: the words,
        # or what makes them (text_of); actor: the seat, CHANCE or TABLE
        return _new(cls, (index, action, phase, deal, text, rule, actor))

    index = property(itemgetter(0), doc="1-based number of the step in the game")
    action = property(itemgetter(1), doc="the action applied")
    phase = property(itemgetter(2), doc="the phase key when the action was taken")
    deal = property(itemgetter(3), doc="which deal (hand) of the game, 1-based")
    rule = property(itemgetter(5), doc="the id(s) of the rule that allowed it")
    actor = property(itemgetter(6), doc="the seat that acted, CHANCE or TABLE")

    @cached_property
    def text(self) -> str:
        """What the step did, in plain words (made on first reading, then kept)."""
        return text_of(self[4])

    @property
    def _text(self) -> Any:
        """The words if made, else what makes them."""
        return self.__dict__.get("text", self[4])

    def __setattr__(self, name, value):
        raise AttributeError(f"a step's fields cannot be set ({name})")

    __delattr__ = __setattr__

    def to_json(self) -> dict:
        return {"index": self[0], "action": self[1].to_json(), "phase": self[2],
                "deal": self[3], "text": self.text, "rule": self[5], "actor": self[6]}

    def _fields(self) -> tuple:
        return (self[0], self[1], self[2], self[3], self.text, self[5], self[6])

    def __getnewargs__(self):
        return self._fields()

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._fields() == other._fields()

    def __ne__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is not other and self._fields() != other._fields()

    def __hash__(self):
        return hash(self._fields())

    def __iter__(self):
        return iter(self._fields())

    def __repr__(self) -> str:
        return "Step(" + ", ".join(f"{name}={value!r}" for name, value
                                   in zip(_StepFields, self._fields())) + ")"

    def __str__(self) -> str:
        return f"{self[0]:>3}. {self.text} [{self[5]}]"


class Game:
    """Base class of every game. Subclasses declare the game, then implement the hooks.

    Declared by subclasses: ``key``, ``title``, ``deck``, ``min_players``, ``max_players``,
    ``direction``, ``PHASES`` (tuple of :class:`Phase`), ``RULES`` (id → text) and
    ``OPTIONS`` (name → (default, rule id, description)).

    Hooks: ``_reset()`` builds the state from the configuration, ``_actor()``,
    ``_legal()``, ``_check(action)`` (raise :class:`IllegalAction`), ``_do(action)``
    (returns ``(text, rule)``), ``_view(seat)``, ``result()``, ``describe(action)``.
    """

    #: The phase the game is in: set by each game (in ``_reset`` and its steps).
    _phase: Phase
    # the state every game keeps
    n: int                  # how many play
    players: list           # their names
    actions: list           # the actions applied, in order
    history: list           # their steps
    _redo: list             # the actions undone with back(), to redo with forward()
    comments: dict          # a teacher's notes: step number → text
    deal_no: int            # which deal (hand) of the game, 1-based (a game sets it)
    key: ClassVar[str] = "game"
    title: ClassVar[str] = "Game"
    deck: ClassVar[str] = ""
    system: ClassVar[str] = "french"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    direction: ClassVar[str] = "left"
    PHASES: ClassVar[tuple] = ()
    RULES: ClassVar[dict] = {}
    OPTIONS: ClassVar[dict] = {}
    SETUP: ClassVar[dict] = {}
    #: The counters a hand moves, for the result shown at a hand's end (the widget compares
    #: them before and after the hand): ``(path in the view, words, whose)``, where the path
    #: may go into a dict (``"tantos.sides"``) and ``whose`` says what the numbers belong
    #: to: ``"seat"`` (one per player), ``"side"`` (one per side), a view key holding the
    #: names of a dict's keys, or ``None`` (one number).
    COUNTERS: ClassVar[tuple] = ()
    #: What the game calls one of its rounds ("hand"; Poch's "deal").
    HAND_WORD: ClassVar[str] = "hand"
    #: A game's parts beside its rules module, in the game's own folder (see
    #: ``cardwidgets/games/README.md``): the widget's table (``table``, ``style``), the static
    #: picture (a module with ``picture(game, seat=None) -> str``) and the worked examples.
    PARTS: ClassVar[dict] = {"table": "table.js", "style": "table.css", "picture": "picture",
                             "examples": "examples"}
    #: What :meth:`fork` shares instead of copying: attributes that never change once the
    #: game is made (its configuration; a game adds its lookup tables).
    _FORK_SHARES: ClassVar[frozenset] = frozenset({"players", "options", "setup"})
    #: What :meth:`fork` copies one level deep only: containers of values that never
    #: change (the actions and steps played; a game adds its lists of numbers or cards).
    _FORK_FLAT: ClassVar[frozenset] = frozenset({"actions", "history", "_redo", "comments"})
    #: Lists of lists (depth 1) or of lists of lists (depth 2) of values, copied without
    #: looking at the values (e.g. the hands): name → depth.
    _FORK_NESTED: ClassVar[dict] = {}
    #: What a fork starts without (``None``): a game's caches of the state of the moment
    #: that may hold the state's own lists (worked out again when needed).
    _FORK_DROPS: ClassVar[tuple] = ()

    @classmethod
    def home(cls) -> str:
        """The package of the game's folder, e.g. ``"cardwidgets.games.poch"``."""
        return getattr(cls, "__module__").rpartition(".")[0]

    @classmethod
    def folder(cls) -> Path:
        """The game's folder, where its rules, table, picture and examples are."""
        return Path(str(sys.modules[getattr(cls, "__module__")].__file__)).parent

    @classmethod
    def part(cls, name: str) -> Path:
        """The file (or folder) of one of the game's :attr:`PARTS`, e.g. ``part("table")``."""
        if name not in cls.PARTS:
            raise ConfigError("part", f"{name!r} is not a part of a game; parts: "
                              + ", ".join(cls.PARTS))
        if name == "picture":
            return cls.folder() / (cls.PARTS[name] + ".py")
        return cls.folder() / cls.PARTS[name]

    def __init__(self, players=None, *, options=None, **setup):
        self._configure(players, options, setup)
        self.suits = SUIT_SYSTEMS[self.system]
        self.actions: list[Action] = []
        self.history: list[Step] = []
        self.comments: dict[int, str] = {}
        self._redo: list[Action] = []
        self._reset()

    def _configure(self, players, options, setup) -> None:
        """Check the players, options and setup and set them (raises :class:`ConfigError`)."""
        if players is None:
            players = self.min_players
        if players.__class__ is int and self.min_players <= players <= self.max_players:
            names = list(_NAMES[:players])          # (the default names: good ones)
        else:
            names = self._check_players(players)
        self.players = names
        self.n = len(names)
        if not options:                  # the default options: checked once (_DEFAULTS)
            defaults = _DEFAULTS.get((self.__class__, self.n))
            if defaults is None:
                self.options = self._validate_options({})
                defaults = _DEFAULTS[self.__class__, self.n] = (
                    self.options, self._validate_setup({}))
            self.options = dict(defaults[0])
            self.setup = self._validate_setup(setup) if setup else dict(defaults[1])
        else:
            self.options = self._validate_options(options)
            self.setup = self._validate_setup(setup)
        self.table = self._make_table()

    def _check_players(self, players) -> list:
        """The players' names from ``players`` (a number or a list of names), checked."""
        if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
            raise ConfigError("players", "give a number of players or a list of their names")
        count = players if isinstance(players, int) else len(players)
        if not self.min_players <= count <= self.max_players:
            raise ConfigError(
                "players", f"{self.title} is for {self.min_players} to {self.max_players} "
                f"players, not {count}")
        names = ([chr(ord("A") + i) for i in range(players)] if isinstance(players, int)
                 else list(players))
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ConfigError("players", f"every player needs a name, got {name!r:.40}")
            if len(name) > MAX_NAME:
                raise ConfigError("players", f"a name is at most {MAX_NAME} characters, not "
                                  f"{len(name)} ({name[:20]!r}…)")
        if len(set(names)) != len(names):
            raise ConfigError("players", "two players have the same name")
        return names

    # ---- configuration -------------------------------------------------------------------
    @classmethod
    def _validate_options(cls, options: dict) -> dict:
        if not isinstance(options, dict):
            raise ConfigError("options", "give variant options as a dict, e.g. {'PV1': True}")
        out = {name: spec[0] for name, spec in cls.OPTIONS.items()}
        aliases = {spec[1]: name for name, spec in cls.OPTIONS.items()} if options else {}
        for key, value in options.items():
            name = aliases.get(key, key)
            if not isinstance(key, str) or name not in cls.OPTIONS:
                known = ", ".join(f"{n} ({s[1]})" for n, s in cls.OPTIONS.items())
                raise ConfigError("options", f"{key!r:.40} is not a {cls.title} variant option; "
                                  f"known options: {known}")
            default = cls.OPTIONS[name][0]
            if isinstance(default, bool) and not isinstance(value, bool):
                raise ConfigError(f"options.{name}", f"must be true or false, got {value!r:.40}")
            problem = _number_problem(value)
            if problem:
                raise ConfigError(f"options.{name}", problem)
            out[name] = value
        cls._check_options(out)
        return out

    @classmethod
    def _check_options(cls, options: dict) -> None:
        """Subclasses check option values that are not simple switches."""

    def _validate_setup(self, setup: dict) -> dict:
        out = {}
        for key, value in setup.items():
            if key not in self.SETUP:
                raise ConfigError(field_name(key), f"is not a setting of {self.title}; settings: "
                                  + ", ".join(self.SETUP))
        for key, (default, check) in self.SETUP.items():
            value = setup.get(key, default)
            message = _number_problem(value)
            if not message:
                try:
                    message = check(self, value)
                except CardwidgetsError:
                    raise
                except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                    message = f"{value!r:.40} is not a value this setting takes"
            if message:
                raise ConfigError(key, message)
            out[key] = value
        return out

    def _make_table(self) -> Table:
        # (a value: one for each table size and direction, shared by every game)
        table = _TABLES.get((self.n, self.direction))
        if table is None:
            table = _TABLES[self.n, self.direction] = Table(self.n, self.direction)
        return table

    # ---- hooks ---------------------------------------------------------------------------
    def _reset(self) -> None:
        raise NotImplementedError

    def _actor(self):
        """Who acts now (the game is not over). The core reads it only through
        :attr:`current_player`, which a game may keep as an attribute of its state, set
        wherever the turn changes (each of our games does; their tests compare it at every
        step with the turn read from the rules)."""
        raise NotImplementedError

    def _legal(self) -> Sequence:
        raise NotImplementedError

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` breaks a rule. By default this calls
        ``_check_<phase key>`` when the game has one (phases without choices need none)."""
        check = getattr(self, "_check_" + self._phase.key, None)
        if check is not None:
            check(action)

    def _do(self, action) -> tuple:
        raise NotImplementedError

    def _view(self, seat) -> dict:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        """A short label for a button, e.g. ``"Bet 2"``."""
        return action.kind

    def chance_action(self, rng: random.Random) -> Action:
        """A random outcome for a :data:`CHANCE` step (a shuffled deal)."""
        raise NotImplementedError

    def turn_rule(self) -> str:
        """The rule that says whose turn it is now (named when someone acts out of turn)."""
        return "turn"

    # ---- the state interface -------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def current_player(self) -> Any:
        """Seat number, :data:`CHANCE`, :data:`TABLE`, or ``None`` when the game is over."""
        return None if self._phase.key == "over" else self._actor()

    @property
    def finished(self) -> bool:
        return self._phase.key == "over"

    #: The legal actions of the state as it is now, worked out once (by
    #: :meth:`legal_actions`) and forgotten at the next step: a tuple, never changed, so a
    #: fork may share it. ``None``: not worked out yet.
    _legal_now: tuple | None = None
    _actor_now = None          # who acts in the state ``_legal_now`` is for

    def legal_actions(self) -> list[Action]:
        """The actions the rules allow now (none at a deal, :data:`CHANCE`, or at the end).
        Worked out once per step; applying one of them skips the checks they passed."""
        legal = self._legal_now
        if legal is None:
            actor = self.current_player
            if actor is None or actor == CHANCE:
                return []
            made = self._legal()
            legal = made if made.__class__ is tuple else tuple(made)
            self._legal_now = legal
            self._actor_now = actor
        return [*legal]

    def legal_choices(self) -> list[dict]:
        """The legal actions as a person chooses among them (JSON-ready): ``{"action": …,
        "label": …}``, where actions that differ only by an amount (bet 1, bet 2 … bet 500)
        are one entry with ``"amounts": [lowest, highest]`` (every amount between is legal;
        a gap, such as the bid a Pocha dealer may not make, starts a new entry).

        A game whose amounts can run into thousands gives them as ranges from
        :meth:`_legal_ranges`, so they are never listed one by one."""
        actor = self.current_player
        if actor is None or actor == CHANCE:
            return []
        ranged = self._legal_ranges()
        if ranged is None:
            legal = self._legal_now           # (worked out once a step, and kept)
            if legal is None:
                legal = self.legal_actions()
            return fold_amounts([{"action": a.to_json(), "label": self.describe(a)}
                                 for a in legal])
        out = []
        for item in ranged:
            if isinstance(item, Action):
                out.append({"action": item.to_json(), "label": self.describe(item)})
            else:
                action, lo, hi = item
                out.append({"action": action.to_json(), "amounts": [lo, hi],
                            "label": _range_label(action.kind, lo, hi)})
        return out

    def _legal_ranges(self):
        """Hook: the legal actions with amounts given as ranges, a list of actions and
        ``(action without its amount, lowest, highest)``, in the order of :meth:`_legal`;
        ``None`` (the default) lists them from :meth:`_legal`."""
        return None

    def why_not(self, action) -> IllegalAction | None:
        """The reason ``action`` is illegal now, or ``None`` if it is legal. Changes nothing.
        One of the legal actions worked out for this step (the very object) is legal at once."""
        legal = self._legal_now
        if legal is not None:
            for allowed in legal:
                if allowed is action:
                    return None
        try:
            self._verify(action)
        except IllegalAction as refusal:
            return refusal
        return None

    def is_legal(self, action) -> bool:
        return self.why_not(action) is None

    def _verify(self, action) -> None:
        self._verify_for(action, self.current_player)

    def _verify_for(self, action, actor) -> None:
        if action.__class__ is not Action and not isinstance(action, Action):
            if actor is None:
                hint = "; and the game is over"
            elif actor == CHANCE:
                hint = (": now the cards are dealt, by game.apply(game.chance_action(rng)) "
                        "with rng = random.Random(), or game.to_choice(rng) to deal and go on "
                        "to the next player's choice")
            else:
                legal = self.legal_actions()
                hint = (": give one of game.legal_actions()"
                        + (f", such as {legal[0]!r}" if legal else ""))
            raise IllegalAction(self.turn_rule(), f"{action!r:.60} is not an action{hint}")
        if actor is None:
            raise IllegalAction(self.turn_rule(), self._over_words() or "the game is over")
        given: Any = action      # (an Action, or what was given instead, read as it is)
        seat, amount, card, cards = given.seat, given.amount, given.card, given.cards
        if seat is not None and seat.__class__ is not int:
            raise IllegalAction(self.turn_rule(), f"seat: {seat!r:.40} is not a seat number")
        if amount is not None and amount.__class__ is not int:
            raise IllegalAction(self.turn_rule(), f"amount: a whole number (of chips, or of "
                                f"tricks bid), not {amount!r:.40}")
        if given.kind.__class__ is not str:
            raise IllegalAction(self.turn_rule(), f"kind: a word such as 'bet', not "
                                f"{given.kind!r:.40}")
        if given.what is not None and given.what.__class__ is not str:
            raise IllegalAction(self.turn_rule(), f"what: a word, not {given.what!r:.40}")
        if card is not None:
            self._verify_card(card, "card")
        if cards.__class__ is not tuple and cards.__class__ is not list:
            raise IllegalAction(self.turn_rule(), f"cards: a deal lists cards (a tuple of "
                                f"game.suits.card(...)), not {cards!r:.40}")
        if cards and not self._known_cards(cards):
            for c in cards:
                self._verify_card(c, "cards")
        if actor == TABLE:
            due = self._legal()[0]
            if given != due:
                raise IllegalAction(self.turn_rule(), self._table_words(due) or (
                    f"nobody chooses now: the rules act by themselves ({self.describe(due)})"))
            return
        elif actor == CHANCE:
            if given.kind != "deal":
                raise IllegalAction(self.turn_rule(), "the cards must be dealt first")
        else:
            if action.seat is None:
                raise IllegalAction(self.turn_rule(), f"say who acts: it is "
                                    f"{self._whose(actor, 'poss')} turn")
            if not 0 <= action.seat < self.n:
                raise IllegalAction(self.turn_rule(), f"there is no seat {action.seat!r} at this table")
            if action.seat != actor:
                doing = self._turn_words(actor)
                raise IllegalAction(self.turn_rule(), f"it is {self._whose(actor, 'poss')} turn, "
                                    f"not {self._whose(action.seat, 'mine')}"
                                    + (f": {doing}" if doing else ""))
        self._check(action)

    def _turn_words(self, seat) -> str | None:
        """Hook: what ``seat``, whose turn it is, does now, in words added to the refusal of
        a move out of turn (e.g. "B1 decides for side B whether to play the truk or not");
        ``None`` (the default): nothing to add."""
        return None

    def _over_words(self) -> str | None:
        """Hook: the refusal of any move once the game is over, in the game's words (e.g.
        who won and by how much); ``None`` (the default): "the game is over". The refusal
        names :meth:`turn_rule`."""
        return None

    def _table_words(self, due) -> str | None:
        """Hook: the refusal of a move while the rules act by themselves (:data:`TABLE`),
        ``due`` being the step they take next, in the game's words (e.g. why the hand is
        decided); ``None`` (the default): "nobody chooses now: the rules act by themselves
        (…)". The refusal names :meth:`turn_rule`."""
        return None

    def _whose(self, seat, form) -> str:
        """"Ada's", or *your*/*yours* for the seat the game speaks to as *you* (its
        :class:`~cardwidgets.engine.words.Addressed` words, else a player named "You"):
        ``form`` is ``"poss"`` (your turn) or ``"mine"`` (not yours)."""
        words = getattr(self, "words", None)
        if words is None:
            words = Words(self.players)
        return getattr(words, form)(seat)

    def _known_cards(self, cards) -> bool:
        """Whether every item of ``cards`` is a card of this game's suit system (fast path)."""
        ids = _CARD_IDS.get(self.system)
        if ids is None:
            ids = _CARD_IDS[self.system] = frozenset(map(id, self.suits._cards.values()))
        if ids.issuperset(map(id, cards)):   # the system's own Card objects: the usual case
            return True
        known = self.suits._cards
        system = self.system
        for c in cards:
            if c.__class__ is not Card or c.system != system or (c.rank, c.suit) not in known:
                return False
        return True

    def _verify_card(self, card, field) -> None:
        """Refuse anything that is not a card of this game's suits, naming ``field``, before
        a rule's check (which names the card) sees it."""
        if card.__class__ is not Card:
            raise IllegalAction(self.turn_rule(), f"{field}: {card!r:.40} is not a card (use "
                                f"game.suits.card('{self.suits.ranks[0]}-{self.suits.suits[0]}')"
                                " to make one)")
        if card.system != self.system or (card.rank, card.suit) not in self.suits._cards:
            raise IllegalAction(self.turn_rule(), f"{field}: {card!r:.60} is not a card of "
                                f"{self.title}'s deck ({self.system} suits: "
                                f"{', '.join(self.suits.suits)})")

    def apply(self, action: Action) -> Step:
        """Check ``action`` and apply it; raises :class:`IllegalAction` and changes nothing
        if the rules do not allow it. Clears the steps that were undone with :meth:`back`.

        An action that is one of :meth:`legal_actions` of this state (the very object, among
        at most 32 of them) has passed every check already and is applied at once; any
        other goes through them all and, if the rules do not allow it, is refused with its
        rule and reason."""
        legal = self._legal_now
        if legal is not None and len(legal) <= 32:    # (a long list: checking is quicker)
            for allowed in legal:
                if allowed is action:
                    return self._apply_passed(action, self._phase.key, self.deal_no,
                                              self._actor_now)
        actor = self.current_player
        self._verify_for(action, actor)
        return self._apply_passed(action, self._phase.key, self.deal_no, actor)

    def _apply_passed(self, action, phase, deal, actor) -> Step:
        """Apply ``action``, which has passed every check, and record its step (``phase``,
        ``deal`` and ``actor`` as they were before it); an error inside the rules leaves
        the game as it was."""
        self._legal_now = None
        try:
            text, rule = self._do(action)
        except Exception:
            self._rebuild(self.actions)  # never leave a half-applied action behind
            raise
        return self._record(action, text, rule, phase, deal, actor)

    def _record(self, action, text, rule, phase, deal, actor) -> Step:
        """Keep ``action``, applied already, and its step (``text`` and ``rule`` from
        :meth:`_do`; ``phase``, ``deal`` and ``actor`` as they were before it), clearing the
        steps undone with :meth:`back` unless they are being replayed."""
        actions = self.actions
        actions.append(action)
        step = _new(Step, (len(actions), action, phase, deal, text, rule, actor))
        self.history.append(step)
        if self._redo and not self._replaying:
            self._redo.clear()
        return step

    _replaying = False   # True while forward() or _rebuild() replays: apply keeps _redo

    def _apply(self, action: Action) -> Step:
        """Apply ``action`` as :meth:`apply` does, keeping the steps undone with :meth:`back`."""
        replaying, self._replaying = self._replaying, True
        try:
            return self.apply(action)
        finally:
            self._replaying = replaying

    def advance(self) -> list[Step]:
        """Apply the steps that happen by themselves (:data:`TABLE`) until someone must act."""
        steps = []
        while self.current_player == TABLE:
            steps.append(self.apply(self.legal_actions()[0]))
        return steps

    def to_choice(self, rng: random.Random):
        """Deal at :data:`CHANCE` (shuffled with ``rng``) and let the rules act at
        :data:`TABLE` until a player must choose; return that player's seat, or ``None``
        when the game is over."""
        while True:
            actor = self.current_player
            if actor == CHANCE:
                self.apply(self.chance_action(rng))
            elif actor == TABLE:
                self.advance()
            else:
                return actor

    deal_no = 1      #: which deal (hand) of the game is being played, 1-based (games count on)

    @property
    def deal_number(self) -> int:
        return self.deal_no

    # ---- history -------------------------------------------------------------------------
    @staticmethod
    def _count(n, name="n") -> int:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ConfigError(name, f"a number of steps, 0 or more, not {n!r:.40}")
        return n

    def back(self, n: int = 1) -> int:
        """Undo ``n`` steps (fewer at the start); they can be redone with :meth:`forward`."""
        n = max(0, min(self._count(n), len(self.actions)))
        if n:
            keep = len(self.actions) - n
            self._redo[:0] = self.actions[keep:]
            self._rebuild(self.actions[:keep])
        return n

    def forward(self, n: int = 1) -> int:
        """Redo up to ``n`` undone steps."""
        self._count(n)
        done = 0
        while done < n and self._redo:
            self._apply(self._redo[0])
            self._redo.pop(0)
            done += 1
        return done

    def goto(self, index: int) -> None:
        """Go to just after step ``index`` (0 = the start), within what was played."""
        total = len(self.actions) + len(self._redo)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= total:
            where = ("nothing has been played yet, so the only step is 0 (the start)"
                     if not total else f"the game has {total} step{'' if total == 1 else 's'} "
                     f"so far: go to one from 0 (the start) to {total}")
            raise ConfigError("step", f"{where}, not {index!r:.40}")
        if index < len(self.actions):
            self.back(len(self.actions) - index)
        else:
            self.forward(index - len(self.actions))

    @property
    def timeline(self) -> list:
        """Every action played, including those undone with :meth:`back` and not yet redone."""
        return self.actions + self._redo

    @property
    def steps_total(self) -> int:
        """Steps played, counting those undone and not yet redone."""
        return len(self.actions) + len(self._redo)

    def _rebuild(self, actions) -> None:
        actions = list(actions)
        self.actions, self.history = [], []
        self._legal_now = None
        self._reset()
        for action in actions:
            self._apply(action)

    def replay(self) -> "Game":
        """A fresh game with the same configuration and the same actions applied."""
        other = self.fresh()
        for action in self.actions:
            other.apply(action)
        return other

    def fork(self) -> "Game":
        """A copy of the game as it is now, to look ahead in (a computer player's trial
        play-outs): the same state with its own lists, dicts and sets, sharing only values
        that never change (cards, actions, steps, tricks, calls, the rule tables). Playing
        on in the copy never touches the original. Far faster than ``copy.deepcopy`` or a
        replay, because it copies containers only, as planned once for each shape of state
        (:func:`_fork_plan`)."""
        cls = self.__class__
        state = self.__dict__
        shape = (cls, tuple(state), tuple(map(type, state.values())))
        plan = _FORK_PLANS.get(shape)
        if plan is None:
            if len(_FORK_PLANS) >= 1024:
                _FORK_PLANS.clear()
            plan = _FORK_PLANS[shape] = _fork_plan(cls, state)
        copy = state.copy()
        for k, how in plan:
            copy[k] = how(copy[k])
        for k in cls._FORK_DROPS:
            copy[k] = None
        other = object.__new__(cls)
        other.__dict__ = copy
        return other

    def fresh(self) -> "Game":
        """A new game with the same players, options and setup, before any step."""
        return type(self)(list(self.players), options=dict(self.options), **self.setup)

    # ---- views ---------------------------------------------------------------------------
    def view(self, seat=None) -> dict:
        """What ``seat`` may see (JSON-ready); ``seat=None`` is the teacher's full view."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.n):
            raise ConfigError("seat", f"there is no seat {seat!r:.40} at this table")
        actor = self.current_player
        last = self.history[-1] if self.history else None
        legal = []
        if actor is not None and (seat is None or actor == seat or actor == TABLE):
            legal = self.legal_choices()
        out = {
            "game": self.key,
            "title": self.title,
            "players": list(self.players),
            "seat": seat,
            "phase": self._phase.key,
            "phase_title": self._phase.title,
            "deal": self.deal_number,
            "step": len(self.actions),
            "steps_total": self.steps_total,
            "actor": actor,
            "actor_name": self._actor_name(actor),
            "finished": self.finished,
            "last": None if last is None else {
                "text": last.text, "rule": last.rule,
                "rule_text": self.rule_text(last.rule),
                "comment": self.comments.get(last.index)},
            "legal": legal,
        }
        out.update(self._view(seat))
        return out

    def _actor_name(self, actor) -> str:
        if actor is None:
            return "nobody: the game is over"
        if actor == CHANCE:
            return "the dealer (shuffle and deal)"
        if actor == TABLE:
            return "the table (the rules act)"
        return self.players[actor]

    def rule_text(self, rule: str) -> str:
        """The text of every rule id named in ``rule`` (e.g. ``"P10, P8"``), one per line."""
        ids = _RULE_IDS.get(rule)
        if ids is None:
            if len(_RULE_IDS) >= 10_000:
                _RULE_IDS.clear()
            ids = _RULE_IDS[rule] = tuple(re.findall(r"[A-Z]+\d+", rule or ""))
        return "\n".join(f"{i}. {self.RULES[i]}" for i in ids if i in self.RULES)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.n} players, deal {self.deal_number}, "
                f"phase {self._phase.title!r}, step {len(self.actions)}>")

    # ---- for computer players (issue 15) --------------------------------------------------
    #: what :meth:`payoff` counts, for people ("points", "chips", "truks")
    payoff_unit: ClassVar[str] = "points"
    #: what a gain in :meth:`payoff` means, for a player's reasons ("it made its bid")
    payoff_ahead: ClassVar[str] = "it came out ahead"

    def sample_world(self, seat: int, rng: random.Random) -> "Game":
        """A :meth:`fork` of the game in which every card ``seat`` cannot see is dealt again
        at random, keeping all that ``seat`` knows (its cards, the cards shown or played, how
        many cards each place holds, the facts the play revealed). It depends only on
        ``view(seat)`` and ``rng``: it never peeks. Each game implements it (see
        :mod:`cardwidgets.engine.sampling`)."""
        raise NotImplementedError(f"{self.title} cannot yet imagine the hidden cards "
                                  f"(sample_world), so no look-ahead player can sit at it")

    #: How sure a look-ahead player must be before it leaves the rule of thumb's own move, in
    #: standard errors of the difference over the same imagined deals (``None``: the player's
    #: own setting). A game whose bets are big and whose few imagined deals say little asks
    #: for more (Truc: 2).
    search_caution: ClassVar[float | None] = None

    def payoff(self, seat: int) -> float:
        """The number a computer player at ``seat`` tries to make as large as it can (a game's
        points, chips or its side's truks), read at the end of a look-ahead."""
        raise NotImplementedError(f"{self.title} has no payoff for a look-ahead player")

    def played_by(self, seat: int) -> int:
        """The seat whose player makes ``seat``'s moves: the seat itself, unless the game has
        a hand nobody sits at, played by another seat (Truk's open hand for three players,
        KV3). A person cannot take a seat another seat plays."""
        return seat


class Player:
    """A computer player (:mod:`.players`, :mod:`.search`): picks one of
    ``game.legal_actions()`` for ``seat``. Subclasses override :meth:`choose`.

    After :meth:`choose`, :attr:`reason` holds a one-line reason for the choice (or ``None``),
    in words a teacher can show. It may speak of the seat's own hidden cards, so it belongs
    in the teacher's view only."""

    #: the level's name, for people ("easy", "medium", "hard"), when made by :func:`player_for`
    level: str | None = None
    #: why the last choice was made (teacher's view only), or ``None``
    reason: str | None = None

    def choose(self, game: Game, seat: int):
        raise NotImplementedError
