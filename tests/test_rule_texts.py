"""Every rule text of every game, its variants' texts included, is plain English for students:
no markup (Markdown, HTML) and nothing of Python's (code quotes, unfilled placeholders, reprs).

The texts are shown as they are by the widget, the notebooks and ``python -m cardwidgets rules``,
so a backtick or a ``None`` in one reaches a student's screen."""
import re

import pytest

from cardwidgets.games import GAMES

#: What a rule text must not hold, each with the reason a test failure gives.
MARKUP = {
    "a backtick (code quote)": r"`",
    "Markdown bold": r"\*\*|__",
    "Markdown emphasis (_x_ or *x*)": r"(?<![\w*])([_*])[^\s_*](?:[^_*]*[^\s_*])?\1(?![\w*])",
    "an HTML tag": r"</?[A-Za-z][^<>]*>",
    "an unfilled placeholder": r"\{[^{}]*\}",
    "a Python value (None, True, False)": r"\b(?:None|True|False)\b",
    "a Python call or repr (name()": r"\b[A-Za-z_]\w*\(",
    "a keyword argument (name=value)": r"\b\w+=\S",
    "a Python list": r"\[[^\]]*\]",
    "a backslash or a memory address": r"\\|\b0x[0-9a-f]+|<\w+ object",
}


def markup_in(text: str) -> list[str]:
    """What markup ``text`` holds, each as 'what: the text around it'."""
    found = []
    for what, pattern in MARKUP.items():
        for m in re.finditer(pattern, text):
            found.append(f"{what}: ...{text[max(0, m.start() - 30):m.end() + 30]}...")
    return found


def every_rule_text():
    """(game, rule id, text) for every game in the registry and every rule it declares."""
    for key, cls in GAMES.items():
        for rule, text in cls.RULES.items():
            yield key, rule, text


RULE_TEXTS = list(every_rule_text())


@pytest.mark.parametrize("key, rule, text", RULE_TEXTS, ids=[f"{k}-{r}" for k, r, _ in RULE_TEXTS])
def test_no_rule_text_shows_markup(key, rule, text):
    assert isinstance(text, str) and text.strip(), f"{key} {rule}: an empty rule text"
    assert markup_in(text) == [], f"{key} {rule}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_variant_has_a_rule_text_and_it_is_checked(key):
    """Every option a game declares names a variant whose text is among its rule texts (so
    the test above reads it), and the texts the program shows are those texts."""
    cls = GAMES[key]
    assert cls.RULES, f"{key} declares no rule texts"
    for name, (_default, rule, _about) in cls.OPTIONS.items():
        assert rule in cls.RULES, f"{key}: option {name} names {rule}, which has no rule text"
        assert (key, rule, cls.RULES[rule]) in RULE_TEXTS
    game = cls.__new__(cls)       # rule_text reads only the class's RULES
    for rule, text in cls.RULES.items():
        assert cls.rule_text(game, rule) == f"{rule}. {text}"


OPTION_TEXTS = [(key, name, about) for key in sorted(GAMES)
                for name, (_default, _rule, about) in GAMES[key].OPTIONS.items()]


@pytest.mark.parametrize("key, name, about", OPTION_TEXTS, ids=[f"{k}-{n}" for k, n, _ in OPTION_TEXTS])
def test_no_option_description_shows_markup(key, name, about):
    """What an option does, as a teacher reads it beside the option, holds no code either
    (once: Poch's "None to play for chips", truk's "set by Truk(3)")."""
    assert isinstance(about, str) and about.strip(), f"{key} {name}: no description"
    assert markup_in(about) == [], f"{key} {name}"


def test_the_registry_is_read_whole():
    """Every game and the variants of the four games of this package are among the texts."""
    ids = {(k, r) for k, r, _ in RULE_TEXTS}
    assert {k for k, _ in ids} == set(GAMES) >= {"poch", "pocha", "truk", "truc"}
    for key, variant in (("poch", "PV1"), ("pocha", "HV1"), ("truk", "KV4"), ("truc", "VV1")):
        assert (key, variant) in ids


@pytest.mark.parametrize("bad", [
    "the first dealer is chosen by lot (the `dealer` setting)",
    "a **tie** between partners", "a __tie__ between partners",
    "a _tie_ between partners", "a *tie* between partners",
    "the <b>esku</b> plays last", "a falta bets {points} points",
    "the winner is None", "partners win: True", "it plays Action(kind='play')",
    "set dealer=0", "a score of [22, 21]", "a path C:\\cards", "<Card object at 0x7f>",
])
def test_the_check_catches_each_kind_of_markup(bad):
    assert markup_in(bad), bad


@pytest.mark.parametrize("good", [
    "the 'false' 7s (clubs and cups); truc 2 (refused, 1); at 23–5 a falta bets 1",
    "side A wins: it took the aurrea (K7, way 2); 7 + 6 + 20 = 33",
    "the snake_case word is not emphasis, nor is 2*3",
])
def test_the_check_lets_plain_english_through(good):
    assert markup_in(good) == [], good
