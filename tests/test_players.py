"""The computer players: levels, the look-ahead player, its reasons, and the command line."""
from __future__ import annotations

import random

import pytest

from cardwidgets import GAMES, RuleOfThumbPlayer, play_out
from cardwidgets.engine import ConfigError
from cardwidgets.engine.players import LEVELS, player_for
from cardwidgets.engine.search import MonteCarloPlayer, candidates
from cardwidgets.cli import main as cli_main

SETUPS = {"pocha": (4, {"start": 7, "hands": 1}), "poch": (4, {"deals": 1}),
          "truk": (4, {}), "truc": (4, {})}


def _decisions(key, seed, count=6):
    """Up to ``count`` copies of a seeded rule-of-thumb game where a seat has a real choice."""
    n, setup = SETUPS[key]
    game = GAMES[key](n, **setup)
    rng = random.Random(seed)
    thumb = RuleOfThumbPlayer(seed)
    out = []
    for _ in range(300):
        actor = game.to_choice(rng)
        if actor is None or len(out) >= count:
            break
        if len(game.legal_actions()) > 1:
            out.append(game.fork())
        game.apply(thumb.choose(game, actor))
    return out


def test_levels_easiest_first_with_words():
    assert list(LEVELS)[:3] == ["easy", "medium", "hard"]
    for level, (make, words) in LEVELS.items():
        player = player_for(level, 1)
        assert player.level == level and words and "\n" not in words
    assert isinstance(player_for("easy", 1), RuleOfThumbPlayer)
    assert isinstance(player_for("hard", 1), MonteCarloPlayer)


def test_levels_refuse_unknown_names():
    with pytest.raises(ConfigError) as err:
        player_for("expert")
    assert err.value.field == "level" if hasattr(err.value, "field") else True
    assert "expert" in str(err.value) and "easy, medium, hard" in str(err.value)


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_look_ahead_choice_is_legal_explained_and_leaves_the_game_alone(key):
    player = MonteCarloPlayer(seed=3, worlds=5, seconds=None)
    for game in _decisions(key, seed=2):
        seat = game.current_player
        before = (game.view(None), list(game.actions), [list(h) for h in game.hands])
        action = player.choose(game, seat)
        assert game.is_legal(action)
        assert (game.view(None), list(game.actions), [list(h) for h in game.hands]) == before
        reason = player.reason
        assert reason and "\n" not in reason and len(reason) < 400
        assert game.describe(action) in reason and game.players[seat] in reason
        ranked, worlds = player.last
        assert ranked[0][0] == action and worlds == 5


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_look_ahead_repeats_exactly_with_its_seed(key):
    games = _decisions(key, seed=5, count=3)
    a = [MonteCarloPlayer(seed=9, worlds=4, seconds=None).choose(g.fork(), g.current_player)
         for g in games]
    b = [MonteCarloPlayer(seed=9, worlds=4, seconds=None).choose(g.fork(), g.current_player)
         for g in games]
    assert a == b


def test_a_forced_move_says_so():
    from cardwidgets.games.pocha import Pocha
    game = Pocha(4, start=1, hands=1)
    game.apply(game.chance_action(random.Random(1)))
    while game.phase.key == "bid":
        game.apply(game.legal_actions()[0])
    player = MonteCarloPlayer(seed=1, worlds=3, seconds=None)
    action = player.choose(game, game.current_player)
    assert "only move" in player.reason and game.describe(action) in player.reason


def test_candidates_thin_out_long_runs_of_amounts():
    from cardwidgets.engine import Action
    legal = [Action("pass", 0)] + [Action("bet", 0, amount=k) for k in range(1, 41)]
    kept = candidates(legal, 5)
    assert kept[0] == Action("pass", 0)
    assert [a.amount for a in kept[1:]] == [1, 11, 21, 30, 40]   # evenly spread, both ends
    assert candidates(legal[:4], 5) == legal[:4]


def test_the_time_limit_bounds_a_move():
    import time
    game = _decisions("pocha", seed=1, count=1)[0]
    player = MonteCarloPlayer(seed=1, worlds=10_000, seconds=0.05)
    start = time.perf_counter()
    player.choose(game, game.current_player)
    assert time.perf_counter() - start < 1.0          # generous: the machine is shared
    assert 2 <= player.last[1] < 10_000


def test_hard_beats_the_rule_of_thumb_at_pocha():
    """Duplicate Pocha: the same four deals of 8 cards, seat A played by a look-ahead player
    (fixed work, so the match repeats exactly) and by the rule of thumb."""
    from cardwidgets.games.pocha import Pocha
    margin = 0
    for i in range(4):
        def make():
            return Pocha(4, start=8, hands=1, dealer=i)
        hard = play_out(make(), [MonteCarloPlayer(i, worlds=12, seconds=None)]
                        + [RuleOfThumbPlayer(i * 10 + s) for s in (1, 2, 3)], seed=100 + i)
        base = play_out(make(), [RuleOfThumbPlayer(i * 10 + s) for s in range(4)], seed=100 + i)
        margin += hard.scores[0] - base.scores[0]
    assert margin > 0


def test_hard_side_beats_the_rule_of_thumb_at_truk():
    """Two-player truk: hard wins more of a few seeded games than it loses."""
    from cardwidgets.games.truk import Truk
    won = 0
    for i in range(3):
        game = play_out(Truk(2, dealer=i % 2), [MonteCarloPlayer(i, worlds=8, seconds=None),
                                                RuleOfThumbPlayer(i)], seed=200 + i)
        won += game.truks[0] == 6
    assert won >= 2


# ---- the command line ----------------------------------------------------------------------

def test_cli_plays_with_levels_and_mixed_seats(capsys):
    assert cli_main(["play", "pocha", "--players", "4", "--set", "hands=1", "--player",
                     "medium", "--quiet"]) == 0
    assert "Result (points)" in capsys.readouterr().out
    assert cli_main(["play", "truk", "--players", "2", "--seat", "A=easy", "--seat", "1=random",
                     "--quiet"]) == 0
    assert cli_main(["play", "poch", "--players", "3", "--set", "deals=1", "--player", "random",
                     "--seat", "0=thumb", "--quiet"]) == 0


def test_cli_why_prints_the_reasons(capsys):
    assert cli_main(["play", "pocha", "--players", "4", "--set", "hands=2", "--seat", "0=medium",
                     "--why"]) == 0
    out = capsys.readouterr().out
    whys = [line for line in out.splitlines() if line.strip().startswith("why: A:")]
    assert whys and all("imagined deals" in w or "only move" in w for w in whys)


@pytest.mark.parametrize("args, words", [
    (["--player", "expert"], "invalid choice: 'expert'"),
    (["--seat", "0=expert"], "--seat: 'expert' is not a player"),
    (["--seat", "9=hard"], "--seat: '9' is not a seat at this table"),
    (["--seat", "hard"], "--seat: write SEAT=PLAYER"),
])
def test_cli_player_errors_are_one_line(capsys, args, words):
    assert cli_main(["play", "truk", "--players", "2", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_easy_and_random_explain_their_moves_in_one_line(key):
    from cardwidgets import RandomPlayer
    for game in _decisions(key, seed=4, count=3):
        seat = game.current_player
        for player in (player_for("easy", 1), RandomPlayer(1)):
            action = player.choose(game, seat)
            assert game.describe(action) in player.reason and "\n" not in player.reason
    easy = player_for("easy", 1)
    easy.choose(game, seat)
    assert easy.reason.endswith("by the rule of thumb.")
    # the habits themselves are said once, not with every move (the widget sends every reason)
    habits = easy.habits(game)
    assert habits.startswith("by the rule of thumb (") and len(habits) < 200


@pytest.mark.parametrize("name", ["cardwidgets.engine.search", "cardwidgets.engine.sampling",
                                  "cardwidgets.engine.players"])
def test_docstring_examples_of_the_player_modules(name):
    import doctest
    import importlib
    assert doctest.testmod(importlib.import_module(name)).failed == 0


# ---- truc: what the look-ahead reads into the bets, and its caution ------------------------
def _truc_after(moves, seed=1):
    """A four-player truc hand after the deal of ``seed`` and ``moves`` (each a function of
    the game giving the next action)."""
    from cardwidgets.games.truc import Truc
    game = Truc(4)
    game.apply(game.chance_action(random.Random(seed)))
    for move in moves:
        game.apply(move(game))
    return game


def _truc_envit(game, seat, worlds=40):
    from cardwidgets.games.truc import envit_value
    rng = random.Random(3)
    return [envit_value(game.sample_world(game.current_player, rng).dealt[seat])
            for _ in range(worlds)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_truc_worlds_read_a_passed_envit_as_under_30(seed):
    """V9: a player who played a card while they could still call the envit, and called
    none, is imagined with an envit under 30 (what a plain player would have called with);
    by chance alone about one hand in four has 30 or more."""
    from cardwidgets.engine import Action
    game = _truc_after([lambda g: next(a for a in g.legal_actions() if a.kind == "play")], seed)
    first = game.tricks[0].plays[0].seat if game.tricks else game.trick.plays[0].seat
    assert game.envit_state is None
    assert max(_truc_envit(game, first)) < 30


def test_truc_worlds_read_an_accepted_envit_as_27_or_more():
    from cardwidgets.engine import Action
    game = _truc_after([lambda g: Action("call", g.current_player, what="envit"),
                        lambda g: Action("accept", g.current_player)])
    caller = game.envit_calls[0]["by"]
    answerer = game._hint_answerer(game.envit_calls, 0)
    assert game.table.team_of(answerer) != game.table.team_of(caller)
    partner = game.table.partner(caller) if hasattr(game.table, "partner") else (caller + 2) % 4
    world = game.sample_world(partner, random.Random(1))
    from cardwidgets.games.truc import envit_value
    rng = random.Random(2)
    values = [envit_value(game.sample_world(partner, rng).dealt[answerer]) for _ in range(30)]
    assert min(values) >= 27 and world is not game


def test_a_game_may_ask_the_look_ahead_for_more_caution():
    """``game.search_caution`` replaces the player's own caution (Truc asks for 2 standard
    errors); a huge caution leaves the rule of thumb's habit only on a sure gain."""
    from cardwidgets.games.truc import Truc
    assert Truc.search_caution >= 2
    for game in _decisions("truc", seed=4, count=4):
        seat = game.current_player
        a = MonteCarloPlayer(seed=2, worlds=6, seconds=None, caution=50.0)
        b = MonteCarloPlayer(seed=2, worlds=6, seconds=None)
        other = game.fork()
        other.search_caution = 50.0
        assert a.choose(game.fork(), seat) == b.choose(other, seat)
        assert a.last == b.last


def test_truc_win_chance_rises_with_points_and_camas():
    """V1: the chance of winning a cama is even at equal scores, the two sides' chances add
    up to 1, and a point more never lowers it; a game of two camas counts the camas won."""
    from cardwidgets.games.truc import Truc
    from cardwidgets.games.truc.rules import cama_chances
    v = cama_chances(24)
    for a in range(24):
        assert abs(v[a][a] - 0.5) < 1e-9
        for b in range(24):
            assert abs(v[a][b] + v[b][a] - 1) < 1e-9
            if a < 23:
                assert v[a + 1][b] >= v[a][b] - 1e-12
    game = Truc(4, score=[20, 10])
    assert abs(game.win_chance(0) - (v[20][10] * 0.75 + (1 - v[20][10]) * 0.25)) < 1e-9
    game.camas = [1, 1]
    assert abs(game.win_chance(0) - v[20][10]) < 1e-9
    game.camas = [2, 1]
    assert game.win_chance(0) == 1.0 and game.win_chance(1) == 0.0
    game.camas = [0, 0]
    game.payoff_by_chance = True
    assert abs(game.payoff(0) + game.payoff(1) - 100) < 1e-9
    assert game.payoff_unit == "percentage points"


@pytest.mark.parametrize("key", ["pocha", "truc", "truk"])
def test_the_look_ahead_leaves_its_habit_only_on_enough_worlds(key):
    """``leave_after``: on fewer imagined worlds than that, the look-ahead plays the rule of
    thumb's habit whatever the worlds said (a few worlds that agree by luck show no spread,
    so their standard error cannot warn of them); the medium level asks for 8."""
    left = 0
    for seed in range(3):
        # truk's first choices are mostly the truk decision, asking the partner and answering
        # with a signal (K12, K19), where the habit is seldom left: look a little further
        for game in _decisions(key, seed=seed, count=8 if key == "truk" else 4):
            seat = game.current_player
            plain = MonteCarloPlayer(seed=2, worlds=6, seconds=None)
            held = MonteCarloPlayer(seed=2, worlds=6, seconds=None, leave_after=7)
            sure = MonteCarloPlayer(seed=2, worlds=6, seconds=None, caution=1e9)
            habit = sure.choose(game.fork(), seat)
            assert held.choose(game.fork(), seat) == habit
            left += plain.choose(game.fork(), seat) != habit
    assert left > 0      # without it, six worlds do lead the player away from its habit
    medium = player_for("medium", 1)
    assert medium.leave_after == 8 and medium.worlds > 8
