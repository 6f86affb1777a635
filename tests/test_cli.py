"""The command line: replay a record, play a game, one-line errors with a non-zero exit."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cardwidgets", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def test_replay_prints_every_step_and_the_result():
    out = run("replay", "e-p1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.strip().startswith("16. Showdown:") for line in lines)
    assert "Result (chips): A 25, B 10, C 33, D 7, E 10" in out.stdout
    assert "Left on the board: 15 chips (Ace 5, Marriage 5, Sequence 5)" in out.stdout
    assert "[P14]" in out.stdout and "note: Document:" in out.stdout


def test_play_is_repeatable_from_a_seed(tmp_path):
    a = run("play", "poch", "--players", "4", "--seed", "11", "--save", str(tmp_path / "g.json"))
    b = run("play", "poch", "--players", "4", "--seed", "11")
    assert a.returncode == 0 and b.returncode == 0
    assert a.stdout.split("Saved")[0] == b.stdout
    assert "Result (chips):" in a.stdout and "[P4]" in a.stdout
    replay = run("replay", str(tmp_path / "g.json"), "--quiet")
    assert replay.stdout.splitlines()[0] == [l for l in a.stdout.splitlines() if l.startswith("Result")][0]


def test_play_with_variants_and_settings():
    out = run("play", "poch", "--players", "3", "--variant", "PV3", "--variant", "money=0.5",
              "--set", "chips=30", "--set", "deals=2", "--quiet")
    assert out.returncode == 0, out.stderr
    assert "Money (PV4):" in out.stdout


@pytest.mark.parametrize("args,words", [
    (("play", "poch", "--players", "7"), "players: Poch is for 3 to 6 players, not 7"),
    (("play", "poch", "--variant", "PV9"), "'PV9' is not a Poch variant option"),
    (("play", "chess"), "game: 'chess' is not a game we know"),
    (("play", "poch", "--set", "chips"), "--set: write NAME=VALUE"),
    (("replay", "missing.json"), "no file 'missing.json'"),
    (("replay",), "the following arguments are required: record"),
    (("dance",), "invalid choice: 'dance'"),
])
def test_errors_are_one_clear_line(args, words):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr


def test_tampered_record_is_refused(tmp_path):
    rec = json.loads((ROOT / "cardwidgets" / "games" / "poch" / "examples" / "e-p1.json").read_text())
    rec["result"]["chips"][2] = 40
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(rec))
    out = run("replay", str(path))
    assert out.returncode == 2 and "result.chips" in out.stderr and "changed" in out.stderr


def test_play_pocha_prints_points():
    out = run("play", "pocha", "--players", "3", "--seed", "2", "--set", "hands=2")
    assert out.returncode == 0, out.stderr
    assert "Result (points):" in out.stdout and "[H11" in out.stdout


def _write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("name, data, words", [
    ("deep.json", b'{"facts": ' + b"[" * 2000 + b"]" * 2000 + b"}", "nested too deeply"),
    ("digits.json", b'{"steps": ' + b"9" * 5000 + b"}", "record: not a record's JSON"),
    ("latin.json", '{"title": "à"}'.encode("latin-1"), "not UTF-8 text"),
    ("nan.json", b'{"options": {"money": NaN}}', "NaN is not a number"),
    ("game.json", b'{"format": "cardwidgets-record", "version": 1, "game": ["poch"]}',
     "game: ['poch'] is not a game we know"),
    ("empty.json", b"", "not valid JSON"),
])
def test_malformed_record_files_give_one_line(tmp_path, name, data, words):
    """Malformed record files: one line naming the field, exit status 2, no traceback."""
    out = run("replay", _write(tmp_path, name, data))
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr, out.stderr


def test_a_folder_and_an_empty_name_give_one_line(tmp_path):
    for arg, words in ((str(tmp_path), "is a folder"), ("", "empty")):
        out = run("replay", arg)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
        assert words in out.stderr, out.stderr


@pytest.mark.parametrize("args, words", [
    (("--variant", "money=nan"), "options.money: must be a finite number"),
    (("--variant", "money=inf"), "options.money: must be a finite number"),
    (("--set", "chips=" + "9" * 5000), "chips: must be a finite number"),
    (("--set", "dealer=x"), "dealer:"),
])
def test_settings_that_are_not_numbers_give_one_line(args, words):
    out = run("play", "poch", "--players", "3", *args)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert words in out.stderr, out.stderr


def test_too_many_chips_is_refused_at_once():
    """--set chips=10000000 is a one-line error naming the setting, not minutes of work."""
    import time
    t = time.perf_counter()
    out = run("play", "poch", "--players", "3", "--set", "chips=10000000")
    assert out.returncode == 2 and "chips:" in out.stderr and "at most 10,000" in out.stderr
    assert time.perf_counter() - t < 30


def test_a_list_setting_is_given_with_commas_or_brackets():
    """Truc's score setting is two numbers: --set score=22,21 (or [22,21]) as its refusal
    shows it; a wrong one is still one clear line naming the field."""
    for value in ("22,21", "[22, 21]"):
        out = run("play", "truc", "--players", "2", "--set", f"score={value}", "--seed", "2")
        assert out.returncode == 0, out.stderr
        assert "Score in cama 1: A 22 (in the bones), B 21 (in the bones)" in out.stdout
    out = run("play", "truc", "--set", "score=22,x")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "score: the score to start the first cama at is two whole numbers" in out.stderr
