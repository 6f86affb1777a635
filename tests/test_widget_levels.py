"""The computer players' level in the widget, and their reasons in the teacher's view only
(issue 15 item 2): ``level=`` on new() and GameWidget(), the page's level message (checked,
an unknown level refused), new levels of LEVELS picked up with no change."""
import json
import random

import pytest

from cardwidgets import GAMES, RuleOfThumbPlayer, play_out
from cardwidgets.engine import ConfigError
from cardwidgets.engine.players import LEVELS, Player
from cardwidgets.widget import GameWidget


class Chatty(Player):
    """A level for the tests: plays at random and says why, naming its seat and its cards
    (which is why a reason belongs in the teacher's view only)."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)
        self.count = 0

    def choose(self, game, seat):
        action = self.rng.choice(game.legal_actions())
        self.count += 1
        hand = game.view(None).get("hands", [None] * game.n)[seat] or []
        self.reason = (f"REASON seat {seat} move {self.count}: holding "
                       + ", ".join(c["code"] for c in hand))
        return action


@pytest.fixture
def chatty(monkeypatch):
    """LEVELS with one more level, as another helper's levels will come."""
    monkeypatch.setitem(LEVELS, "chatty", (lambda seed: Chatty(seed), "random, and says why"))
    return "chatty"


def state_of(w):
    return json.dumps({k: getattr(w, k) for k in ("meta", "cards", "frames", "step", "seat",
                                                   "play_as")}, sort_keys=True)


def test_new_needs_the_game():
    """GameWidget.new() does not quietly deal Poch: it asks which game, naming them."""
    with pytest.raises(ConfigError) as err:
        GameWidget.new()
    assert err.value.field == "game" and "pocha" in str(err.value)
    with pytest.raises(ConfigError) as err:
        GameWidget.new(players=4)
    assert err.value.field == "game"
    with pytest.raises(ConfigError) as err:
        GameWidget.new("chess")
    assert err.value.field == "game"
    assert GameWidget.new(game="poch", players=3, seed=1).meta["game"] == "poch"


def test_easy_is_the_default_and_plays_the_rule_of_thumb():
    """level="easy" (the default) is today's rule of thumb with the same seeds: the same
    game as before, move for move."""
    w = GameWidget.new("pocha", players=4, seed=3, hands=2)
    assert w.level == "easy" and w.meta["level"] == "easy"
    assert [l["key"] for l in w.meta["levels"]] == list(LEVELS)
    assert w.meta["levels"][0] == {"key": "easy", "words": LEVELS["easy"][1]}
    same = GameWidget.new("pocha", players=4, seed=3, hands=2, level="easy")
    assert same.frames == w.frames
    by_hand = play_out(GAMES["pocha"](4, hands=2), {s: RuleOfThumbPlayer(3 * 31 + s)
                                                     for s in range(4)}, seed=3)
    assert [a.to_json() for a in by_hand.actions] == [a.to_json() for a in w.game.actions]
    # the rule of thumb's reasons are short (its habits are said once, in the CLI and the
    # level menu): every computer move in the teacher's frames says it followed the rule
    bot_steps = [f["last"]["reason"] for f in w.frames
                 if f.get("last") and f["last"].get("reason") is not None]
    assert bot_steps and all(r.endswith("by the rule of thumb.") or "only move" in r
                             for r in bot_steps)


@pytest.mark.parametrize("kwargs", [{"level": "impossible"}, {"level": 3}, {"level": None}])
def test_an_unknown_level_is_refused(kwargs):
    with pytest.raises(ConfigError) as err:
        GameWidget.new("poch", players=3, seed=1, **kwargs)
    assert err.value.field == "level" and "easy" in str(err.value)


def test_a_level_with_players_of_your_own_is_refused():
    """The level is for the built-in players: with bots= given, a level other than the
    default is a contradiction, refused naming it; the page then offers no level."""
    with pytest.raises(ConfigError) as err:
        GameWidget.new("poch", players=3, bots=RuleOfThumbPlayer(1), level="hard")
    assert err.value.field == "level"
    w = GameWidget.new("poch", players=3, seed=2, bots=RuleOfThumbPlayer(1), play_as=0)
    assert w.level is None and w.meta["level"] is None
    before = state_of(w)
    assert not w.handle({"type": "level", "level": "easy"})
    assert w.notice["kind"] == "refused" and w.notice["text"].startswith("level:")
    assert state_of(w) == before


def test_new_levels_are_picked_up_with_no_change(chatty):
    """A level added to LEVELS is offered by the page and played by new(level=...)."""
    w = GameWidget.new("poch", players=4, seed=5, level=chatty)
    assert chatty in [l["key"] for l in w.meta["levels"]]
    assert all(isinstance(b, Chatty) for b in w._bots.values())
    g = GameWidget(w.game, level=chatty, play_as=1, step=3)
    assert g.level == chatty and isinstance(g._bots[0], Chatty)


def test_the_page_changes_the_level(chatty):
    """{"type": "level", "level": k}: the built-in players play at k from their next move;
    an unknown level, a level that is not a string, or a field more is refused with a
    notice and changes nothing."""
    w = GameWidget.new("poch", players=4, seed=5, play_as=0)
    before = state_of(w)
    for bad in ({"type": "level", "level": "grandmaster"}, {"type": "level", "level": 2},
                {"type": "level"}, {"type": "level", "level": chatty, "seat": 1},
                {"type": "level", "level": ["easy"]}):
        assert not w.handle(bad)
        assert w.notice["kind"] == "refused", bad
        assert state_of(w) == before and w.level == "easy"
    w.handle({"type": "level", "level": "grandmaster"})
    assert w.notice["text"].startswith("level: 'grandmaster' is not a level")
    assert w.handle({"type": "level", "level": chatty})
    assert w.level == chatty and w.meta["level"] == chatty and w.notice["kind"] == "info"
    assert "chatty level" in w.notice["text"]
    assert all(isinstance(b, Chatty) for b in w._bots.values())
    # the moves made stay; the frames are the same
    assert json.loads(state_of(w))["frames"] == json.loads(before)["frames"]
    assert not w.handle({"type": "level", "level": chatty})  # no change: nothing to do


def play_to_end(w, limit=400):
    for _ in range(limit):
        f = w.view_at(len(w.frames) - 1)
        if f["finished"]:
            return
        if w.held:  # the table waits at a hand's end: Next hand
            assert w.handle({"type": "next_hand", "at": len(w.frames) - 1}), w.notice
            continue
        entry = f["legal"][0]
        action = dict(entry["action"])
        if "amounts" in entry:
            action["amount"] = entry["amounts"][0]
        assert w.handle({"type": "act", "action": action, "at": len(w.frames) - 1}), w.notice
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_reasons_in_the_teachers_view_only(key, chatty):
    """A teacher's widget shows each built-in player's reason with its move (last.reason);
    a seat's view, played or watched, never carries one."""
    cls = GAMES[key]
    setup = {k: v for k, v in (("deals", 1), ("hands", 2)) if k in cls.SETUP}
    n = max(cls.min_players, min(4, cls.max_players))
    w = GameWidget.new(key, players=n, seed=4, level=chatty, **setup)
    reasons = [w.view_at(k)["last"].get("reason") for k in range(1, len(w.frames))]
    bot_moves = [k for k, a in enumerate(w.game.actions) if a.seat is not None and a.seat >= 0
                 and a.kind != "deal"]
    assert sum(r is not None for r in reasons) > 0
    assert all(r.startswith("REASON seat") for r in reasons if r)
    assert {k for k, r in enumerate(reasons) if r} <= set(bot_moves)
    # the same game in a seat's view: no reason anywhere
    w.handle({"type": "take_seat", "seat": 1, "play": False, "at": 0})
    assert w.seat == 1 and "REASON" not in json.dumps(w.frames)
    # played from a seat of a teacher's widget: the others' reasons are kept for the
    # teacher's view, never put in the seat's frames
    t = GameWidget.new(key, players=n, seed=4, level=chatty, play_as=0, teacher=True, **setup)
    play_to_end(t)
    assert "REASON" not in json.dumps(t.frames)
    assert t.handle({"type": "take_seat", "seat": None, "play": False, "at": 0})
    shown = [t.view_at(k)["last"].get("reason") for k in range(1, len(t.frames))]
    seats = {int(r.split()[2]) for r in shown if r}
    assert seats and 0 not in seats  # only the built-in players' moves have reasons
