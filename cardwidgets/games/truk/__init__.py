"""Basque truk (document 003): the rules in :mod:`.rules`."""
from .rules import RULES, Truk

__all__ = ["Truk", "RULES"]
