"""Calls: a bet one side makes that the other side must answer before play goes on.

Basque truk's "Truk!" (answered "Joka!" or refused), Valencian truc's truc, birtruc, quatre
val and joc fora, and its envit all work this way: while a call is open, the turn leaves the
seat that was to play and goes to the seat that answers; once answered, play comes back to
where it stopped. A game keeps the open :class:`Call` (or ``None``) in its state; this module
holds only the value and the question of who answers, no game's stakes.

>>> from cardwidgets.engine import Table
>>> t = Table(4, "right", teams=((0, 2), (1, 3)))
>>> c = Call.made("truk", by=2, table=t, resume=2, stake=1, refused=1)
>>> c.answer_by, c.side, c.resume
(1, 0, 2)
"""
from __future__ import annotations

from typing import NamedTuple

__all__ = ["Call"]


class Call(NamedTuple):
    """An open call: ``kind`` (the game's word), the seat ``by`` that made it and its
    ``side``, the seat that must answer (``answer_by``), the seat whose turn it is again
    once it is answered (``resume``), what acceptance puts at stake and what a refusal
    gives the caller's side."""

    kind: str
    by: int
    side: int
    answer_by: int
    resume: int
    stake: int = 0
    refused: int = 0

    @classmethod
    def made(cls, kind: str, *, by: int, table, resume: int, stake: int = 0,
             refused: int = 0, answer_by: int | None = None) -> "Call":
        """A call by seat ``by``; by default the first opponent after it answers."""
        if answer_by is None:
            answer_by = table.next_opponent(by)
        return cls(kind, by, table.team_of(by), answer_by, resume, stake, refused)

    def to_json(self) -> dict:
        return dict(self._asdict())
