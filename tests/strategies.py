"""Hypothesis strategies for the property tests, all in one place.

- :func:`json_values`: anything JSON can hold, and a few things it cannot (NaN, huge numbers).
- :func:`records`: game records (the built-in worked examples and seeded games of every
  registered game) with a few fields replaced, deleted, added or nudged; :func:`record_texts`
  the same as JSON text with characters cut or inserted.
- :func:`games`: a game of any registered game, played by seeded random players to a step.
- :func:`actions`: for a game, legal actions, legal ones nudged (another seat, amount, card)
  and malformed ones (wrong types, cards of another deck).
- :func:`widget_messages` and :func:`page_states`: what a page (or a forged one) may send a
  widget: messages of every type with fields of any kind, and trait changes;
  :func:`level_messages`: the Computer players menu's ``{"type": "level", "level": ...}``,
  valid (a level of ``LEVELS``) or forged (unknown names, wrong types, huge strings, extra
  fields).

The example counts come from the profiles in ``tests/conftest.py`` (``default`` and ``long``).
"""
from __future__ import annotations

import copy
import functools
import json
import random

from hypothesis import strategies as st

from cardwidgets import GAMES, Action, RandomPlayer, RuleOfThumbPlayer, builtin_records, play_out
from cardwidgets.engine import CHANCE, TABLE, Card
from cardwidgets.engine.players import LEVELS
from cardwidgets.records import read_record, record_of

KEYS = sorted(GAMES)


# ---- JSON values ------------------------------------------------------------------------

def json_values(max_leaves=8):
    """Any JSON value (plus NaN, infinities and numbers far too large for any game)."""
    leaves = st.one_of(
        st.none(), st.booleans(),
        st.integers(min_value=-3, max_value=60),
        st.integers(), st.sampled_from([10 ** 8, 10 ** 18, -(10 ** 12), 2 ** 63]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12), st.sampled_from(["", "²", "٣", "A-hearts", "7-cups", "You",
                                               "\ufeff", "x" * 300]),
    )
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=max_leaves)


# ---- games ------------------------------------------------------------------------------

def short_setup(cls) -> dict:
    setup = {}
    if "deals" in cls.SETUP:
        setup["deals"] = 1
    if "hands" in cls.SETUP:
        setup["hands"] = 2
    return setup


@functools.lru_cache(maxsize=None)
def played_game(key: str, seed: int):
    """A short seeded game of ``key`` played to its end (cached: tests copy it)."""
    cls = GAMES[key]
    game = cls(max(cls.min_players, min(4, cls.max_players)), **short_setup(cls))
    return play_out(game, RuleOfThumbPlayer(seed), seed=seed)


@st.composite
def games(draw, keys=KEYS):
    """A game of any registered game, after a seeded random number of steps (maybe over)."""
    key = draw(st.sampled_from(keys))
    seed = draw(st.integers(0, 5))
    source = played_game(key, seed)
    steps = draw(st.integers(0, len(source.actions)))
    game = source.fresh()
    for action in source.actions[:steps]:
        game.apply(action)
    return game


# ---- actions ----------------------------------------------------------------------------

def _foreign_cards(game):
    other = "french" if game.system != "french" else "spanish"
    return [Card("99", "cups", "spanish"), Card("A", "cups", "spanish"),
            Card("Z", game.suits.suits[0], game.system), Card("A", "hearts", other)]


@st.composite
def actions(draw, game):
    """For ``game``: a legal action, a nudged legal one, or a malformed one."""
    legal = game.legal_actions()
    actor = game.current_player
    seats = st.one_of(st.integers(-2, game.n + 1), st.none(),
                      st.sampled_from(["1", 1.0, True, [0]]))
    own_cards = [c for c in game.suits._cards.values()]
    cards = st.one_of(st.none(), st.sampled_from(own_cards),
                      st.sampled_from(_foreign_cards(game)), st.sampled_from(["A-hearts", 5]))
    choice = draw(st.integers(0, 3))
    if choice == 0 and legal:
        return draw(st.sampled_from(legal))
    if choice == 1 and actor == CHANCE:
        deal = game.chance_action(random.Random(draw(st.integers(0, 99))))
        cut = draw(st.integers(0, 2))
        cards_ = list(deal.cards)
        if cut == 1:
            cards_ = cards_[:-1]
        elif cut == 2 and len(cards_) > 1:
            cards_[0] = cards_[1]
        return Action("deal", cards=tuple(cards_))
    if choice in (1, 2) and legal:
        base = draw(st.sampled_from(legal))
        field = draw(st.sampled_from(["seat", "amount", "card", "kind"]))
        value = {"seat": seats, "amount": st.one_of(st.integers(-5, 10 ** 6), st.none(),
                                                    st.sampled_from(["2", 2.0])),
                 "card": cards, "kind": st.sampled_from(sorted({a.kind for a in legal})
                                                        + ["jump", ""])}[field]
        return Action(**{**_fields(base), field: draw(value)})
    kind = draw(st.one_of(st.sampled_from(["bet", "raise", "call", "pass", "drop", "play",
                                           "bid", "deal", "ante", "end", "showdown"]),
                          st.text(max_size=6), st.sampled_from([5, None])))
    return Action(kind, draw(seats), card=draw(cards),
                  amount=draw(st.one_of(st.none(), st.integers(-3, 40), st.just("3"))),
                  cards=draw(st.sampled_from([(), None, 5, ("A-hearts",),
                                              tuple(_foreign_cards(game)[:1])])),
                  what=draw(st.one_of(st.none(), st.text(max_size=5), st.just(7))))


def _fields(action):
    return {"kind": action.kind, "seat": action.seat, "card": action.card,
            "amount": action.amount, "cards": action.cards, "what": action.what}


# ---- records ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def base_records() -> tuple:
    """JSON text of every built-in record and of one seeded game of each registered game."""
    out = [json.dumps(read_record(name)) for name in builtin_records()]
    out += [json.dumps(record_of(played_game(key, 3))) for key in KEYS]
    return tuple(out)


def _places(obj, path=()):
    """Every (container, key) in a record, to change one of them."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield obj, k
            yield from _places(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield obj, i
            yield from _places(v, path + (i,))


def _nudge(value, draw):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-1, 1, 2, -100, 10 ** 9]))
    if isinstance(value, float):
        return draw(st.sampled_from([float("nan"), float("inf"), -value, 0.0]))
    if isinstance(value, str):
        return draw(st.sampled_from([value[:-1], value + value[-1:], value.upper(), "",
                                     "A-acorns", "7-cups", "1" + value]))
    if isinstance(value, list) and value:
        i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
        out = list(value)
        op = draw(st.sampled_from(["swap", "drop", "twice", "cut"]))
        if op == "swap":
            out[i], out[j] = out[j], out[i]
        elif op == "drop":
            del out[i]
        elif op == "twice":
            out.insert(i, copy.deepcopy(out[j]))
        else:
            out = out[:i]
        return out
    return draw(json_values(4))


@st.composite
def records(draw):
    """A record with one to three changes: a value replaced, nudged or deleted, a key added."""
    rec = json.loads(draw(st.sampled_from(base_records())))
    for _ in range(draw(st.integers(1, 3))):
        places = list(_places(rec))
        container, key = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["nudge", "nudge", "replace", "delete", "add"]))
        if op == "nudge":
            container[key] = _nudge(container[key], draw)
        elif op == "replace":
            container[key] = draw(json_values(4))
        elif op == "delete":
            del container[key]
        elif isinstance(container, dict):
            container[draw(st.text(max_size=6))] = draw(json_values(2))
        else:
            container.insert(key, draw(json_values(2)))
    return rec


@st.composite
def record_texts(draw):
    """A record as JSON text with a few characters cut, inserted or flipped."""
    text = json.dumps(draw(records())) if draw(st.booleans()) else draw(
        st.sampled_from(base_records()))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["cut", "insert"]))
        if op == "cut":
            text = text[:i] + text[i + draw(st.integers(1, 20)):]
        else:
            text = text[:i] + draw(st.sampled_from(
                ["[", "{", "}", "]", ",", '"', "\\", "9" * 30, "NaN", "\ufeff", "\x00", "é",
                 ' "x": 1,', "1e999", "-0"])) + text[i:]
    return text


# ---- messages from the page ---------------------------------------------------------------

@st.composite
def widget_messages(draw, widget):
    """A message a page (or a forged one) may send ``widget``: every type, fields of any
    kind, moves that are legal, nudged or made up."""
    last = len(widget.frames) - 1
    at = draw(st.one_of(st.just(last), st.integers(-2, last + 2), json_values(2)))
    kind = draw(st.sampled_from(["act", "act", "act", "take_seat", "take_seat", "restart",
                                 "level", "level", "hello", "resync", "echo", "cheat",
                                 "next_hand"]))
    if kind == "level":
        return draw(level_messages())
    msg = {"type": kind}
    if kind == "act":
        legal = widget.view_at(last)["legal"] if widget.play_as is not None else []
        if legal and draw(st.booleans()):
            entry = draw(st.sampled_from(legal))
            action = dict(entry["action"])
            if "amounts" in entry:
                lo, hi = entry["amounts"]
                action["amount"] = draw(st.integers(lo - 1, hi + 1))
            if draw(st.booleans()):
                key = draw(st.sampled_from(["seat", "amount", "card", "kind", "cards", "x"]))
                action[key] = draw(json_values(2))
        else:
            action = draw(json_values(4))
        msg.update(action=action, at=at)
    elif kind == "take_seat":
        msg.update(seat=draw(st.one_of(st.integers(-1, widget.game.n), json_values(2))),
                   play=draw(st.one_of(st.booleans(), json_values(1))), at=at)
    elif kind == "next_hand":
        msg["at"] = at
    elif kind == "hello":
        msg["frames"] = draw(st.one_of(st.integers(-1, last + 2), json_values(1)))
    elif kind == "echo":
        msg["t"] = draw(st.text(max_size=5))
    if draw(st.integers(0, 5)) == 0:
        msg[draw(st.text(max_size=5))] = draw(json_values(2))
    return msg


#: Level names a forged page may send: near misses of the real ones, and huge strings (the
#: last is over the 64 KB the widget reads at all).
FORGED_LEVELS = ["", " ", "Easy", "HARD", "hard ", " medium", "impossible", "easy\x00",
                 "médium", "\u202eeasy", "x" * 300, "hard" * 4000, "y" * (70 * 1024)]


@st.composite
def level_messages(draw, valid=None):
    """``{"type": "level", "level": ...}`` as the Computer players menu sends it (a level
    of ``LEVELS``), or forged: an unknown name, a value of another type, a huge string, or
    extra fields. ``valid=True`` / ``False`` draws only one kind."""
    good = draw(st.booleans()) if valid is None else valid
    if good:
        return {"type": "level", "level": draw(st.sampled_from(sorted(LEVELS)))}
    how = draw(st.sampled_from(["name", "name", "type", "missing", "extra"]))
    level = draw(st.sampled_from(sorted(LEVELS)))
    if how == "name":
        level = draw(st.one_of(st.sampled_from(FORGED_LEVELS),
                               st.text(max_size=12).filter(lambda t: t not in LEVELS)))
    elif how == "type":
        level = draw(json_values(3).filter(lambda v: not isinstance(v, str)))
    msg = {"type": "level"}
    if how != "missing":
        msg["level"] = level
    if how == "extra" or draw(st.integers(0, 4)) == 0:
        key = draw(st.one_of(st.sampled_from(["seat", "at", "levels", "players", "bots",
                                              "x" * 200]),
                             st.text(max_size=6).filter(lambda k: k not in ("type", "level"))))
        msg[key] = draw(json_values(2))
    return msg


def level_message_is_valid(msg) -> bool:
    """Whether a page's level message is one the widget acts on: a level of ``LEVELS`` and
    no other field."""
    level = msg.get("level")
    return set(msg) == {"type", "level"} and isinstance(level, str) and level in LEVELS


def page_states(widget):
    """Trait changes a page may send: the step (in the game or not) and anything else."""
    last = len(widget.frames) - 1
    names = st.sampled_from(["step", "step", "seat", "play_as", "frames", "cards", "meta",
                             "notice", "_esm", "layout"])
    return st.dictionaries(names, st.one_of(st.integers(-2, last + 2), json_values(3)),
                           min_size=1, max_size=3)


__all__ = ["json_values", "games", "actions", "records", "record_texts", "widget_messages",
           "level_messages", "level_message_is_valid", "FORGED_LEVELS", "page_states",
           "played_game", "base_records", "short_setup", "KEYS", "TABLE"]
