"""The engine compiled with mypyc (README, "A compiled engine") plays exactly as the plain
Python one: the same steps, words, views, refusals and records, in every game.

The compiled build is made in a copy of the checkout (``tools/compile_engine.py``, about a
minute); then the same seeded play is run in both and compared, and the tests that exercise
the engine and Pocha most are run again against the compiled copy. Skipped, with the reason,
where mypy (which brings mypyc) or a C compiler is missing.
"""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow

#: What both builds play and print, as one JSON line: seeded games of every game to their
#: end, each step's words, rule and seat, views for the teacher and a seat, the refusal of
#: malformed and out-of-turn actions, back/forward, a fork played on, and a record round trip.
PLAY = r'''
import json, random, sys
from cardwidgets import GAMES, Action, record_of, load_record
from cardwidgets.engine import CHANCE, CardwidgetsError
from cardwidgets.engine.compiled import compiled_modules

out = {"compiled": compiled_modules(), "games": []}
for key in sorted(GAMES):
    cls = GAMES[key]
    for n in sorted({cls.min_players, min(4, cls.max_players)}):
        for seed in range(3):
            rng = random.Random(seed)
            setup = {}
            if "deals" in cls.SETUP:
                setup["deals"] = 2
            if "hands" in cls.SETUP:
                setup["hands"] = 3
            game = cls(n, **setup)
            seen = []
            while not game.finished and len(game.history) < 300:
                actor = game.current_player
                if actor != CHANCE:
                    for bad in (Action("bet", seat=actor, amount=1.5), Action(7),
                                Action("play", seat=(actor + 1) % n if actor >= 0 else 0),
                                "pass"):
                        try:
                            game.apply(bad)
                            seen.append(["accepted", repr(bad)])
                        except CardwidgetsError as e:
                            seen.append(["refused", str(e)])
                if actor == CHANCE:
                    step = game.apply(game.chance_action(rng))
                else:
                    step = game.apply(rng.choice(game.legal_actions()))
                seen.append([step.index, step.text, step.rule, step.actor, step.phase])
                if len(game.history) % 7 == 0:
                    seen.append([game.view(None), game.view(0)])
                    trial = game.fork()
                    while not trial.finished and len(trial.history) < len(game.history) + 30:
                        if trial.current_player == CHANCE:
                            trial.apply(trial.chance_action(rng))
                        else:
                            trial.apply(rng.choice(trial.legal_actions()))
                    seen.append([s.text for s in trial.history[len(game.history):]])
            game.back(5)
            game.forward(3)
            seen.append([game.view(None), [s.text for s in game.history[-3:]]])
            again = load_record(json.loads(json.dumps(record_of(game))))
            seen.append([s.text for s in again.history] == [s.text for s in game.history])
            out["games"].append([key, n, seed, seen])
print(json.dumps(out, sort_keys=True, default=repr))
'''

#: The test files run again against the compiled copy: the engine, Pocha, the fast paths,
#: the players, records, random properties, the widget's Python side and its security.
AGAIN = ["test_engine.py", "test_pocha.py", "test_speed_paths.py", "test_players.py",
         "test_records.py", "test_properties.py", "test_tricks.py", "test_words.py",
         "test_sampling.py", "test_games.py", "test_security.py", "test_widget.py",
         "test_widget_pocha.py"]


def _missing() -> str | None:
    if importlib.util.find_spec("mypyc") is None:
        return "mypy is not installed (pip install mypy): the compiled engine is not built"
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler (cc or gcc): the compiled engine is not built"
    return None


def _copy(tree: Path) -> Path:
    """The checkout's code and tests in ``tree``, plain Python (nothing compiled copied)."""
    ignore = shutil.ignore_patterns("*.so", "__pycache__", "build", ".hypothesis")
    for name in ("cardwidgets", "tests", "tools", "notebooks", "benchmarks"):
        shutil.copytree(ROOT / name, tree / name, ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    return tree


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory):
    missing = _missing()
    if missing:
        pytest.skip(missing)
    tree = _copy(tmp_path_factory.mktemp("compiled"))
    done = subprocess.run([sys.executable, "tools/compile_engine.py"], cwd=tree,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return tree


def _run(code: str, where: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(where), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", code], cwd=where, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_compiled_engine_plays_exactly_as_plain_python(compiled_tree):
    compiled = _run(PLAY, compiled_tree)
    plain = _run(PLAY, _copy(compiled_tree.parent / "plain"))
    assert compiled["compiled"] == ["cardwidgets.engine.cards", "cardwidgets.engine.core",
                                    "cardwidgets.engine.seats", "cardwidgets.engine.tricks",
                                    "cardwidgets.games.pocha.rules"]
    assert plain["compiled"] == []
    assert len(compiled["games"]) == len(plain["games"]) >= 8
    for ours, theirs in zip(compiled["games"], plain["games"]):
        assert ours == theirs, ours[:3]


def test_the_engine_and_pocha_tests_pass_compiled(compiled_tree):
    env = dict(os.environ, PYTHONPATH=str(compiled_tree))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           *[f"tests/{name}" for name in AGAIN]], cwd=compiled_tree, env=env,
                          capture_output=True, text=True, timeout=1800)
    tail = done.stdout[-3000:]
    assert done.returncode == 0, tail
    assert " passed" in tail and "failed" not in tail


def test_a_source_changed_after_compiling_is_named_at_import(compiled_tree):
    """An edited rules file is not what runs until it is compiled again: importing says so."""
    source = compiled_tree / "cardwidgets" / "games" / "pocha" / "rules.py"
    built = next(source.parent.glob("rules.*.so"))
    later = built.stat().st_mtime + 60
    os.utime(source, (later, later))      # edited after the compiled module was built
    code = ("import warnings; warnings.simplefilter('always')\n"
            "import cardwidgets")
    env = dict(os.environ, PYTHONPATH=str(compiled_tree))
    done = subprocess.run([sys.executable, "-c", code], cwd=compiled_tree, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "rules.py changed after the engine was compiled" in done.stderr
    assert "tools/compile_engine.py" in done.stderr
