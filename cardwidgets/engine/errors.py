"""Errors with a reason a student can read: each names the rule or the field at fault."""
from __future__ import annotations

__all__ = ["CardwidgetsError", "IllegalAction", "ConfigError", "RecordError"]


class CardwidgetsError(ValueError):
    """Base class of every error cardwidgets raises on bad input."""


class IllegalAction(CardwidgetsError):
    """An action the rules do not allow now. ``rule`` is the rule id, ``reason`` plain words.

    The game is left exactly as it was before the action was tried.
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"Rule {rule}: {reason}")


class ConfigError(CardwidgetsError):
    """A bad setting when a game is created (player count, variant option, card name…)."""

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class RecordError(CardwidgetsError):
    """A game record that cannot be loaded; ``field`` says where (e.g. ``actions[12]``).

    Nothing is loaded when this is raised.
    """

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


def field_name(name) -> str:
    """A field's name as an error names it: the name itself when it is a short plain word,
    else its ``repr`` cut to 40 characters (so a name made of line breaks or quotes, from a
    forged message or record, is shown on one line)."""
    if name.__class__ is str and name.isidentifier() and len(name) <= 40:
        return name
    return f"{name!r:.40}"
