"""Tricks: the part every trick-taking game shares (Pocha, Truk, Truc …).

A :class:`Trick` is a small immutable value: who led it and the cards played, in order. Who
wins it is not the trick's business: the game supplies a *power* function that says how
strong a card is in this trick (given the suit led), and the trick finds the strongest
play. Equal top powers are a **tie** (Truk has them; Pocha never does, as no two cards are
equal there). For partnership games :meth:`Trick.outcome` can also say which side won;
given ``team_of`` it treats equal top cards of the same side as a win for that side (Truc's
rule, and Truk's variant KV4), without it they tie whoever played them (Truk's K5).

No game's rules live here: no duties of play, no scoring.

>>> from cardwidgets.engine import SUIT_SYSTEMS, RankOrder, Table
>>> spanish = SUIT_SYSTEMS["spanish"]
>>> power = SuitPower(RankOrder(["1", "3", "12", "11", "10", "7", "6", "5", "4", "2"]), trump="swords")
>>> trick = Trick(leader=0).add(0, spanish.card("12-cups")).add(3, spanish.card("1-cups"))
>>> trick = trick.add(2, spanish.card("2-swords"))
>>> trick.led_suit, trick.winner(power).seat
('cups', 2)
>>> trick.next_seat(Table(4, "right"))
1
"""
from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from .cards import Card, RankOrder

__all__ = ["Play", "Trick", "TrickOutcome", "SuitPower", "RankPower", "HandOutcome",
           "three_trick_hand", "WAYS"]

#: ``power(card, led_suit) -> int``: how strong ``card`` is in a trick whose led suit is
#: ``led_suit``; 0 means the card cannot win it (e.g. a card of another suit, not a trump).
Power = Callable[[Card, str], int]

_new = tuple.__new__   # makes a Trick or a Play from its fields at once (the hot path of play)


class Play(NamedTuple):
    """One card played to a trick, and by whom."""

    seat: int
    card: Card

    def to_json(self) -> dict:
        return {"seat": self.seat, "card": self.card.to_json()}

    def __repr__(self) -> str:
        return f"Play({self.seat}, {self.card!r})"


class TrickOutcome(NamedTuple):
    """Who won a trick: ``seat`` (``None`` on a tie), ``side`` (the winning team, ``None`` if
    the tie is between sides), ``best`` (the plays with the top power) and ``tie``."""

    seat: Optional[int]
    side: Optional[int]
    best: tuple
    tie: bool


class Trick(NamedTuple):
    """A trick: the seat that ``leader`` led it, and the ``plays`` so far, in order.

    Adding a card returns a new trick; a trick is never changed in place.
    """

    leader: int
    plays: tuple = ()

    def add(self, seat: int, card: Card) -> "Trick":
        """The trick with one more card played."""
        return _new(Trick, (self[0], self[1] + (_new(Play, (seat, card)),)))

    @property
    def led(self) -> Card | None:
        """The first card played (``None`` before the lead)."""
        return self.plays[0].card if self.plays else None

    @property
    def led_suit(self) -> str | None:
        return self.plays[0].card.suit if self.plays else None

    @property
    def cards(self) -> tuple:
        return tuple(p.card for p in self.plays)

    @property
    def seats(self) -> tuple:
        return tuple(p.seat for p in self.plays)

    def complete(self, n: int) -> bool:
        """Has every one of ``n`` players played?"""
        return len(self.plays) >= n

    def next_seat(self, table) -> int:
        """Who plays next, in the table's direction of play (the leader if nobody has)."""
        if not self.plays:
            return self.leader
        return table.next(self.plays[-1].seat)

    def played_by(self, seat: int) -> Card | None:
        for p in self.plays:
            if p.seat == seat:
                return p.card
        return None

    def best(self, power: Power) -> tuple:
        """The plays with the highest power (more than one only on a tie)."""
        if not self.plays:
            return ()
        led = self.plays[0].card.suit
        top, best = -1, []
        for p in self.plays:
            v = power(p.card, led)
            if v > top:
                top, best = v, [p]
            elif v == top:
                best.append(p)
        return tuple(best)

    def winner(self, power: Power) -> Play | None:
        """The winning play, or ``None`` if two or more plays tie for the top."""
        best = self.best(power)
        return best[0] if len(best) == 1 else None

    def outcome(self, power: Power, team_of: Callable[[int], int] | None = None) -> TrickOutcome:
        """Who won: a seat, a side, or a tie. With ``team_of`` (e.g. ``table.team_of``),
        equal top cards played by partners are a win for their side, not a tie between
        sides; ``seat`` is then the first of them to play."""
        best = self.best(power)
        if not best:
            raise ValueError("no card has been played to this trick")
        if len(best) == 1:
            seat = best[0].seat
            return TrickOutcome(seat, team_of(seat) if team_of else seat, best, False)
        if team_of is not None:
            sides = {team_of(p.seat) for p in best}
            if len(sides) == 1:
                return TrickOutcome(best[0].seat, sides.pop(), best, False)
        return TrickOutcome(None, None, best, True)

    def to_json(self) -> dict:
        return {"leader": self.leader, "plays": [p.to_json() for p in self.plays],
                "led_suit": self.led_suit}

    def __repr__(self) -> str:
        inner = ", ".join(f"{p.seat}: {p.card.code}" for p in self.plays)
        return f"<Trick led by {self.leader}: {inner or 'no cards yet'}>"


class SuitPower:
    """The usual power of a card in a suit game: any trump beats any card of the led suit,
    which beats any card of another suit (those cannot win); within a suit, ``ranks``
    decides. ``trump=None`` for games without trumps.

    >>> from cardwidgets.engine import SUIT_SYSTEMS
    >>> p = SuitPower(RankOrder(["1", "3", "12"]), trump="coins")
    >>> c = SUIT_SYSTEMS["spanish"].card
    >>> p(c("12-coins"), "cups") > p(c("1-cups"), "cups") > p(c("1-clubs"), "cups")
    True
    """

    __slots__ = ("ranks", "trump", "_value", "_span")

    def __init__(self, ranks: RankOrder, trump: str | None = None):
        self.ranks = ranks
        self.trump = trump
        self._value = {r: ranks.value(r) for r in ranks.high_to_low}   # 1 … len, high wins
        self._span = len(ranks.high_to_low) + 1

    def value(self, card: Card) -> int:
        """The card's place within its own suit (higher is stronger)."""
        return self._value[card.rank]

    def __call__(self, card: Card, led_suit: str) -> int:
        suit = card.suit
        if suit == self.trump:
            return 2 * self._span + self._value[card.rank]
        if suit == led_suit:
            return self._span + self._value[card.rank]
        return 0

    def __repr__(self) -> str:
        return f"SuitPower({self.ranks!r}, trump={self.trump!r})"


class RankPower:
    """Power by rank alone, whatever the suit (Truk: all cards of one rank are equal, so
    equal top ranks tie). ``special`` gives some cards a power of their own above the
    ranks (e.g. Truc's *cartas bravas*), as ``{card code: power}``, highest largest."""

    __slots__ = ("ranks", "_value", "_special")

    def __init__(self, ranks: RankOrder, special: dict | None = None):
        self.ranks = ranks
        self._value = {r: ranks.value(r) for r in ranks.high_to_low}
        top = len(ranks.high_to_low)
        self._special = {code: top + v for code, v in (special or {}).items()}

    def __call__(self, card: Card, led_suit: str) -> int:
        if self._special:
            special = self._special.get(card.code)
            if special is not None:
                return special
        return self._value[card.rank]

    def __repr__(self) -> str:
        return f"RankPower({self.ranks!r})"


# ---- hands of three tricks (Truk, Truc) -----------------------------------------------------
#: The ways a hand of three tricks is won, in the order the Basque document lists them (K7);
#: Valencian truc (V6) has the same five. A game gives each its own words.
WAYS = {
    "two": "won two of the three tricks",
    "first_then_tie": "won the first trick and tied another",
    "tie_then_win": "tied the first trick and won the second",
    "two_ties_then_win": "tied the first two tricks and won the third",
    "three_ties": "all three tricks tied",
}


class HandOutcome(NamedTuple):
    """The result of a hand of three tricks so far: ``side`` (``None`` while undecided) and
    ``way`` (a key of :data:`WAYS`)."""

    side: Optional[int]
    way: Optional[str]

    @property
    def decided(self) -> bool:
        return self.side is not None


def three_trick_hand(sides, tie_side: int) -> HandOutcome:
    """Who has won a hand of three tricks, given each played trick's winning side in order
    (``None`` for a tie between the sides), or ``HandOutcome(None, None)`` while the tricks
    so far leave it open. ``tie_side`` takes a hand whose three tricks all tie.

    A hand is decided as soon as no later trick could change it, so the caller knows a trick
    that cannot change the result is not played:

    >>> three_trick_hand([0, 0], tie_side=1)
    HandOutcome(side=0, way='two')
    >>> three_trick_hand([0, None], tie_side=1)
    HandOutcome(side=0, way='first_then_tie')
    >>> three_trick_hand([0, 1], tie_side=1).decided
    False
    >>> three_trick_hand([None, None, None], tie_side=1)
    HandOutcome(side=1, way='three_ties')
    """
    sides = list(sides)
    if len(sides) > 3:
        raise ValueError("a hand has three tricks")
    # the first prefix that decides the hand decides it (later tricks are not played)
    for k in range(1, len(sides) + 1):
        outcome = _decide(sides[:k], tie_side)
        if outcome.decided:
            return outcome
    return HandOutcome(None, None)


def _decide(sides, tie_side) -> HandOutcome:
    won = [s for s in sides if s is not None]
    for side in set(won):
        if won.count(side) >= 2:
            return HandOutcome(side, "two")
    first = sides[0]
    if first is not None:
        # the first trick won: a tie after it decides for that side; won-lost waits
        if None in sides[1:]:
            return HandOutcome(first, "first_then_tie")
        return HandOutcome(None, None)
    # the first trick tied: the next trick won decides
    if len(sides) >= 2 and sides[1] is not None:
        return HandOutcome(sides[1], "tie_then_win")
    if len(sides) == 3:
        if sides[2] is not None:
            return HandOutcome(sides[2], "two_ties_then_win")
        return HandOutcome(tie_side, "three_ties")
    return HandOutcome(None, None)
