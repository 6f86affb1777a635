"""Every registered game is whole: rules with ids, phases, a table the shell can load, a static
picture of its first and last step, seat views that hide the other hands, records that replay.

These run over :data:`cardwidgets.games.GAMES`, so a half-made game cannot be registered
without a failing test (see ``cardwidgets/games/README.md``).
"""
import re

import pytest

from cardwidgets import GAMES, RuleOfThumbPlayer, builtin_records, load_record, play_out
from cardwidgets.engine import Game, Phase
from cardwidgets.records import read_record
from cardwidgets.widget.gamewidget import _bundle_css, _bundle_js
from cardwidgets.widget.picture import table_html, table_img_html
from pictures import plain, shown_svgs

KEYS = sorted(GAMES)


def _played(cls, seed=5):
    """A seeded game of ``cls`` played to the end by the built-in players (one deal or hand
    where the game has such a setting, to keep it short)."""
    setup = {}
    if "deals" in cls.SETUP:
        setup["deals"] = 1
    if "hands" in cls.SETUP:
        setup["hands"] = 3
    game = cls(max(cls.min_players, min(4, cls.max_players)), **setup)
    return play_out(game, RuleOfThumbPlayer(seed), seed=seed)


@pytest.mark.parametrize("key", KEYS)
def test_every_game_is_importable_from_the_package_by_its_name(key):
    """``from cardwidgets import Truk`` works for every registered game, as for Poch: a
    newcomer should not need to know the games' folders to start one."""
    import cardwidgets
    cls = GAMES[key]
    assert getattr(cardwidgets, cls.__name__) is cls
    assert cls.__name__ in cardwidgets.__all__


@pytest.mark.parametrize("key", KEYS)
def test_game_declares_rules_with_ids_and_phases(key):
    """A game declares its key (its folder's name), rule ids with texts, and phases ending in
    'over'; every phase's rule is a declared rule."""
    cls = GAMES[key]
    assert issubclass(cls, Game) and cls.key == key
    assert cls.home() == f"cardwidgets.games.{key}"
    assert cls.RULES and all(re.fullmatch(r"[A-Z]+\d+", i) and text.strip()
                             for i, text in cls.RULES.items())
    assert cls.PHASES and all(isinstance(p, Phase) for p in cls.PHASES)
    assert cls.PHASES[-1].key == "over"
    for phase in cls.PHASES:
        for rule in re.findall(r"[A-Z]+\d+", phase.rule):
            assert rule in cls.RULES, f"phase {phase.key} names rule {rule}, which is not declared"
    for name, (default, rule, text) in cls.OPTIONS.items():
        assert rule in cls.RULES and text


@pytest.mark.parametrize("key", KEYS)
def test_game_table_is_in_the_widget_bundle(key):
    """The game's table.js registers the game's key with the shell and is in the widget's
    module; its table.css prefixes every class it styles."""
    cls = GAMES[key]
    js = cls.part("table").read_text(encoding="utf-8")
    assert re.search(r'cwRegisterTable\(\s*"' + key + '"', js)
    assert "import " not in re.sub(r"//.*", "", js).split("\n")[0]
    assert js in _bundle_js()
    css = cls.part("style").read_text(encoding="utf-8")
    assert css in _bundle_css()
    classes = set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", re.sub(r"/\*.*?\*/", "", css, flags=re.S)))
    assert classes and all(c.startswith("cw-") for c in classes), sorted(
        c for c in classes if not c.startswith("cw-"))


@pytest.mark.parametrize("key", KEYS)
def test_game_pictures_its_first_and_last_step(key):
    """The static picture draws the first and the last step of a whole game, for the
    teacher and for a seat."""
    game = _played(GAMES[key])
    assert game.finished
    for step in (0, len(game.actions)):
        game.goto(step)
        for seat in (None, 0):
            html = table_html(game, seat)
            assert "<svg" in html and game.title in html
            # what a notebook stores: the same pictures as images, decoded back unchanged
            stored = table_img_html(game, seat)
            assert [plain(svg) for svg in shown_svgs(stored)] == [
                plain(svg) for svg in re.findall(r"<svg\b[^>]*>.*?</svg>", html, re.S)]
            assert game.title in re.sub(r"<img\b[^>]*>", "", stored)  # the caption stays text
            assert game._repr_html_() == table_img_html(game)


@pytest.mark.parametrize("key", KEYS)
def test_game_seat_views_hide_the_other_hands(key):
    """Whatever one seat sees of another's hand, every other seat sees too (nothing is shown
    to one seat alone), and after a deal a seat sees no other hand."""
    game = _played(GAMES[key], seed=11)
    hidden_seen = False
    for step in range(len(game.actions) + 1):
        game.goto(step)
        views = [game.view(s) for s in range(game.n)]
        for t in range(game.n):
            seen = [v["hands"][t] for s, v in enumerate(views) if s != t]
            assert all(x == seen[0] for x in seen), f"step {step}: seats see {t}'s hand differently"
        if all(v["hands"][s] for s, v in enumerate(views)):
            hidden_seen |= all(v["hands"][t] is None for s, v in enumerate(views)
                               for t in range(game.n) if t != s)
    assert hidden_seen


@pytest.mark.parametrize("name", builtin_records())
def test_builtin_records_replay(name):
    """Every built-in record, in whichever game's folder, replays and belongs to a game."""
    data = read_record(name)
    cls = GAMES[data["game"]]
    game = load_record(name)
    assert isinstance(game, cls)
    assert cls.from_record(name).actions == game.actions
    assert cls.part("examples").joinpath(f"{name}.json").exists()
