"""Valencian truc (document 003, rules V1–V11): see :mod:`.rules`."""
from .rules import RULES, WORDS, Truc, envit_value, envit_words, falta_value, ladder

__all__ = ["Truc", "RULES", "WORDS", "envit_value", "envit_words", "falta_value", "ladder"]
