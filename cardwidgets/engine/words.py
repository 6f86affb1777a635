"""Step texts that speak to the person at the widget as *you*.

A game's step texts name the players ("B calls, putting in 2"). When one of the players is the
person reading (a seat named "You", or the seat :attr:`Addressed.you` points at), the same
sentence must read "You call, putting in 2", not "You calls". Games build their sentences with
:class:`Words`, which knows which seat is *you*:

>>> w = Words(["You", "Ada", "Boris"])
>>> w.says(0, "holds"), w.says(1, "holds"), w.poss(0), w.poss(1), w.name(0)
('you hold', 'Ada holds', 'your', "Ada's", 'you')
>>> sentence_case(w.says(0, "has") + " only 8 chips and " + w.verb(0, "cannot") + " pay.")
'You have only 8 chips and cannot pay.'
>>> w.listing([1, 0]), w.says([1, 0], "are"), Words(["A", "B", "C"]).says(2, "passes")
('Ada and you', 'Ada and you are', 'C passes')

Verbs are given in the third person singular, as the sentence reads for a named player;
:func:`second_person` turns them into the form for *you* (has → have, is → are, passes →
pass, goes → go, was → were).

A game class takes the mixin :class:`Addressed`: ``game.you`` is the seat of a player named
"You" (any case) unless set to another seat (or ``None``), and ``game.words`` is the
:class:`Words` of the game. Setting ``game.you`` rewrites the texts of the steps already played.
"""
from __future__ import annotations

import re

from .errors import ConfigError

__all__ = ["Words", "Addressed", "SidesAddressed", "second_person", "sentence_case", "you_seat"]

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go",
              "hasn't": "haven't", "isn't": "aren't", "wasn't": "weren't", "doesn't": "don't"}
_INVARIANT = {"may", "must", "can", "cannot", "could", "will", "would", "should", "might",
              "had", "did"}


def second_person(verb: str) -> str:
    """The form of a third-person verb (or of the first word of a verb phrase) after *you*.

    >>> [second_person(v) for v in ("takes", "has", "is", "passes", "pochs", "goes",
    ...                             "carries", "may", "wins the trick")]
    ['take', 'have', 'are', 'pass', 'poch', 'go', 'carry', 'may', 'win the trick']
    """
    head, sep, rest = verb.partition(" ")
    low = head.lower()
    if low in _IRREGULAR:
        new = _IRREGULAR[low]
    elif low in _INVARIANT or not low.endswith("s") or low.endswith("ss"):
        new = low
    elif low.endswith("ies") and len(low) > 4:
        new = low[:-3] + "y"
    elif low.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        new = low[:-2]
    else:
        new = low[:-1]
    if head[:1].isupper():
        new = new[:1].upper() + new[1:]
    return new + sep + rest


def you_seat(players) -> int | None:
    """The seat of the player named "You" (any case, spaces ignored), or ``None``."""
    for seat, name in enumerate(players):
        if isinstance(name, str) and name.strip().casefold() == "you":
            return seat
    return None


_SENTENCE_START = re.compile(r"(^|[.!?]\s+|[.!?][\"')]\s+)(you|your)\b")


def sentence_case(text: str) -> str:
    """Capitalise *you*/*your* where a sentence begins (the texts are built mid-sentence).

    >>> sentence_case('you pass ("Ich passe"). your turn comes: you win')
    'You pass ("Ich passe"). Your turn comes: you win'
    """
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).capitalize(), text)


class Words:
    """Names and verb forms for the players of one game, *you* for the seat ``you``."""

    def __init__(self, players, you=...):
        self.players = list(players)
        self.you = you_seat(self.players) if you is ... else you
        #: seats (a tuple) → their names listed, kept by a game that lists the same often
        self.lists: dict = {}

    def is_you(self, seat) -> bool:
        return seat is not None and seat == self.you

    def name(self, seat) -> str:
        """The player's name, or *you* (lower case: :func:`sentence_case` capitalises it)."""
        return "you" if self.is_you(seat) else self.players[seat]

    def poss(self, seat) -> str:
        """*your* or "Ada's"."""
        return "your" if self.is_you(seat) else f"{self.players[seat]}'s"

    def mine(self, seat) -> str:
        """*yours* or "Ada's" (as in "no card of yours")."""
        return "yours" if self.is_you(seat) else f"{self.players[seat]}'s"

    def verb(self, seat, verb: str) -> str:
        """The verb as it goes with this seat: "holds" for Ada, "hold" for you."""
        if isinstance(seat, (list, tuple)):
            return verb if len(seat) == 1 and not self.is_you(seat[0]) else self._plural(verb)
        return second_person(verb) if self.is_you(seat) else verb

    def says(self, seat, verb: str) -> str:
        """Name and verb: "Ada holds", "you hold"; a list of seats takes the plural."""
        if isinstance(seat, (list, tuple)):
            return f"{self.listing(seat)} {self.verb(seat, verb)}"
        return f"{self.name(seat)} {self.verb(seat, verb)}"

    def they(self, seat) -> str:
        """The pronoun that refers back to the player: *they* or *you*."""
        return "you" if self.is_you(seat) else "they"

    def them(self, seat) -> str:
        return "you" if self.is_you(seat) else "them"

    def their(self, seat) -> str:
        return "your" if self.is_you(seat) else "their"

    def self_(self, seat) -> str:
        return "yourself" if self.is_you(seat) else "themselves"

    def they_verb(self, seat, verb: str) -> str:
        """*they* + verb in the plural (they have), or *you* + verb (you have)."""
        return f"{self.they(seat)} {self._plural(verb)}"

    def listing(self, seats, the: str = "") -> str:
        """"A", "A and you", "A, B and C"."""
        names = [self.name(s) for s in seats]
        if len(names) == 1:
            return names[0]
        return f", {the}".join(names[:-1]) + f" and {the}" + names[-1]

    @staticmethod
    def _plural(verb: str) -> str:
        return second_person(verb)


class Addressed:
    """Mixin for a :class:`~cardwidgets.engine.core.Game`: who is *you*, and the words."""

    @property
    def you(self) -> int | None:
        """The seat addressed as *you* in the step texts: a player named "You", unless set."""
        d = self.__dict__
        if "_you" in d:
            return d["_you"]
        if "_you_by_name" not in d:            # the players' names never change
            d["_you_by_name"] = you_seat(self.players)
        return d["_you_by_name"]

    @you.setter
    def you(self, seat) -> None:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.n):
            raise ConfigError("you", f"there is no seat {seat!r} at this table")
        if seat == self.you:
            return
        self.__dict__["_you"] = seat
        self._rebuild(self.actions)          # the steps already played, in the new words

    @property
    def words(self) -> Words:
        d = self.__dict__
        you = d["_you"] if "_you" in d else self.you
        words = d.get("_words")
        if words is None or words.you != you:
            words = d["_words"] = Words(self.players, you)
        return words

    def fresh(self):
        other = super().fresh()
        if "_you" in self.__dict__:
            other.__dict__["_you"] = self.__dict__["_you"]
            other._rebuild([])    # a game may keep what its words need: set up again for you
        return other


class SidesAddressed(Addressed):
    """:class:`Addressed` for a partnership game whose sides are its seats when two play
    (Truk, Truc): a side's sentence is its one player's sentence then ("you score"), and
    otherwise the side's own words (:meth:`_side_words`) with the verb as given."""

    def _side_words(self, side: int) -> str:
        """The side in a sentence with four or more players, e.g. ``"side A"``."""
        raise NotImplementedError

    def _side_says(self, side: int, verb: str) -> str:
        """A side and its verb: "side A takes", "B takes", "you take" (two players)."""
        if self.n == 2:
            return self.words.says(side, verb)
        return f"{self._side_words(side)} {verb}"

    def _side_verb(self, side: int, verb: str) -> str:
        return self.words.verb(side, verb) if self.n == 2 else verb
