"""Seats, teams, direction of play and dealer rotation.

Seats are numbered 0, 1, 2 … clockwise round the table. Poch passes to the **left**
(clockwise: 0 → 1 → 2), the Spanish games to the **right** (counter-clockwise: 0 → 2 → 1
with three players).

>>> t = Table(4, direction="right", teams=((0, 2), (1, 3)))
>>> t.next(0), t.order_from(1)
(3, [1, 0, 3, 2])
>>> t.team_of(3)
1
"""
from __future__ import annotations

from .errors import ConfigError

__all__ = ["Table", "LEFT", "RIGHT"]

LEFT = "left"    # clockwise
RIGHT = "right"  # counter-clockwise


class Table:
    """Who sits where, who plays next, and who deals next."""

    def __init__(self, n: int, direction: str = LEFT, teams=None):
        if direction not in (LEFT, RIGHT):
            raise ConfigError("direction", f"{direction!r}: play passes to the 'left' or the 'right'")
        self.n = n
        self.direction = direction
        self.teams = tuple(tuple(t) for t in teams) if teams else tuple((i,) for i in range(n))
        self._team = {seat: k for k, team in enumerate(self.teams) for seat in team}
        self._step = 1 if direction == LEFT else -1

    def next(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places on in the direction of play."""
        return (seat + self._step * k) % self.n

    def order_from(self, seat: int) -> list[int]:
        """Every seat once, starting with ``seat`` and going in the direction of play."""
        return [self.next(seat, k) for k in range(self.n)]

    def next_dealer(self, dealer: int) -> int:
        """The deal passes in the direction of play."""
        return self.next(dealer)

    def team_of(self, seat: int) -> int:
        return self._team[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        return self.teams[self._team[seat]]

    def opponents(self, seat: int) -> list[int]:
        """The seats of the other sides, in the direction of play from ``seat``."""
        side = self._team[seat]
        return [s for s in self.order_from(seat) if self._team[s] != side]

    def next_opponent(self, seat: int) -> int:
        """The first opponent after ``seat`` in the direction of play (who answers a call
        ``seat`` makes, in the partnership games)."""
        return self.opponents(seat)[0]

    def partner(self, seat: int) -> int | None:
        """``seat``'s partner in a side of two, else ``None`` (a side of one, or of three)."""
        team = self.teams[self._team[seat]]
        others = [s for s in team if s != seat]
        return others[0] if len(others) == 1 else None

    def __repr__(self) -> str:
        return f"Table({self.n}, direction={self.direction!r}, teams={self.teams!r})"
