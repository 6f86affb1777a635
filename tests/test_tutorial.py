"""The guided first hands (GameWidget.tutorial): each game's script is valid, can be played
through, meets every decision the game asks of a student (checked from the steps' rule ids
and the engine's state, not from the script's words), and coaches briefly."""
import copy
import json

import pytest

from cardwidgets.engine import Action, ConfigError
from cardwidgets.games import GAMES
from cardwidgets.widget import GameWidget
from cardwidgets.widget.tutorial import (MAX_WORDS, TutorialWidget, _matches, load_script,
                                         replay_script, script_path, words)

TUTORIALS = ["truk", "truc", "poch", "pocha"]


def played(game):
    """The scripted game played to its end and the student's seat."""
    script = load_script(game)
    g, actions, mine = replay_script(script)
    g = g.fresh()
    for a in actions:
        g.apply(a)
    return script, g, mine


def go_on(w):
    """One step of the student along the guided hand: the scripted move, or Next hand where
    the table holds a hand's result."""
    if w.held:
        assert w.handle({"type": "next_hand"})
        return False
    i = len(w.game.actions)
    assert w.handle({"type": "act", "action": w._plan_json[i], "at": i})
    return True


def ids(step):
    return {part.strip() for part in str(step.rule).replace(",", "+").split("+")}


def by_student(g, seat):
    return [s for s in g.history if s.actor == seat]


# ---- each game's decisions, from the rule ids of the steps played -------------------------
def test_truk_tutorial_meets_every_decision():
    script, g, _ = played("truk")
    me = by_student(g, script["seat"])
    # the option (K12): the side's decision to play the truk, given by the student
    assert any("K12" in ids(s) and s.phase == "option" for s in me)
    # a truk bet (K17) by the student, and its answer by the other side (K17, phase answer)
    bet = next(s for s in me if "K17" in ids(s) and s.action.kind == "truk")
    answer = next(s for s in g.history[bet.index:] if s.phase == "answer" and "K17" in ids(s)
                  and s.action.kind in ("joka", "refuse"))
    assert g.table.team_of(answer.actor) != g.table.team_of(bet.actor)
    # paso eske (K18) asked by the student, and a signal (K19) given by the student
    assert any("K18" in ids(s) and s.action.kind == "ask_pass" for s in me)
    assert any("K19" in ids(s) and s.action.kind == "signal" for s in me)
    # a hand of three tricks (the atzea played: K6 closes each trick) and the counters (K15)
    tricks = {}
    for s in g.history:
        if "K6" in ids(s):
            tricks[s.deal] = tricks.get(s.deal, 0) + 1
    assert 3 in tricks.values()
    assert any("K15" in ids(s) for s in g.history)


def test_truc_tutorial_meets_every_decision():
    script, g, _ = played("truc")
    seat = script["seat"]
    me = by_student(g, seat)
    # envit (V9) and its answer
    envit = next(s for s in g.history if "V9" in ids(s) and s.action.kind == "call")
    assert any(s.actor != envit.actor and "V9" in ids(s) and s.action.kind in ("accept", "refuse")
               for s in g.history[envit.index:])
    # a truc raised (V7: a call answered by a call of the other side), the student raising
    calls = [s for s in g.history if "V7" in ids(s) and s.action.kind == "call"]
    assert any(a.actor != b.actor and b.actor == seat for a, b in zip(calls, calls[1:]))
    # a parda: a trick whose top cards tie (from the trick itself)
    outcomes = [t["outcome"] for t in g.view()["tricks"] if t.get("outcome")] \
        if "tricks" in g.view() else []
    assert "tie" in outcomes or any("parda" in s.text for s in g.history if "V6" in ids(s))
    # the score in the cama: the settling (V10) of the envit and the truc
    settled = [s.action.what for s in g.history if "V10" in ids(s)]
    assert "envit" in settled and "truc" in settled
    assert me


def test_poch_tutorial_meets_every_decision():
    script, g, _ = played("poch")
    seat = script["seat"]
    phases = {s.phase for s in g.history}
    assert {"pay", "poch", "showdown", "run", "settle"} <= phases   # the three phases
    bet = next(s for s in by_student(g, seat) if "P9" in ids(s) and s.action.kind == "bet")
    # the student bet holding a pair (from the cards held then)
    before = g.fresh()
    for a in g.actions[:bet.index - 1]:
        before.apply(a)
    ranks = [c.rank for c in before.hands[seat]]
    assert max(ranks.count(r) for r in ranks) >= 2
    assert any("P12" in ids(s) or "P13" in ids(s) for s in by_student(g, seat))
    assert any("P14" in ids(s) for s in g.history)


def test_pocha_tutorial_meets_every_decision():
    script, g, _ = played("pocha")
    seat = script["seat"]
    me = by_student(g, seat)
    bid = next(s for s in me if "H7" in ids(s) and s.action.kind == "bid")
    # under the hook: at the student's bid one number of tricks was not allowed (H7)
    at = g.fresh()
    for a in g.actions[:bid.index - 1]:
        at.apply(a)
    allowed = {a.amount for a in at.legal_actions() if a.kind == "bid"}
    tricks = len(at.hands[seat])
    assert len(allowed) == tricks and set(range(tricks + 1)) - allowed
    for duty in ("duty 1", "duty 2", "duty 3"):
        assert any(duty in str(s.rule) for s in me if s.action.kind == "play"), duty
    assert any("H11" in ids(s) for s in g.history)


# ---- the scripts ------------------------------------------------------------------------
@pytest.mark.parametrize("game", TUTORIALS)
def test_script_is_valid_and_coaching_is_short(game):
    script = load_script(game)
    assert script_path(game).is_file() and script["game"] == game
    g, actions, mine = replay_script(script)
    coached = {e["at"] for e in script["coach"]}
    assert coached <= mine
    texts = [script.get("intro", ""), script.get("end", ""), script.get("other", "")]
    for e in script["coach"]:
        texts += [e["before"], e["after"]] + [p["hint"] for p in e.get("poor", ())]
    for d in (script.get("defaults") or {}).values():
        texts += list(d.values())
    for text in texts:
        assert words(text) <= MAX_WORDS, text
    # every student's decision has words before it: its own, or its phase's default
    fresh = g.fresh()
    for k, a in enumerate(actions):
        if k in mine:
            assert k in coached or fresh.phase.key in (script.get("defaults") or {}), k
        fresh.apply(a)


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_poor_move_is_legal_there(game):
    script = load_script(game)
    g, actions, _ = replay_script(script)
    g = g.fresh()
    poor = {e["at"]: e["poor"] for e in script["coach"] if e.get("poor")}
    for k, a in enumerate(actions):
        for p in poor.get(k, ()):
            legal = [x.to_json() for x in g.legal_actions()]
            assert any(_matches(p["move"], x) and x != a.to_json() for x in legal), (k, p)
        g.apply(a)


@pytest.mark.parametrize("game", TUTORIALS)
def test_tutorial_plays_through(game):
    w = GameWidget.tutorial(game)
    assert isinstance(w, TutorialWidget) and w.play_as == load_script(game)["seat"]
    script = w._script
    steps = 0
    while not w.guided_over():
        i = len(w.game.actions)
        if w.held:
            assert w.view_at(len(w.frames) - 1).get("hand_end")
            go_on(w)
            continue
        assert w.game.current_player == w.play_as
        coach = w.view_at(len(w.frames) - 1)["coach"]
        assert coach["before"] and words(coach["before"]) <= MAX_WORDS
        assert w.handle({"type": "act", "action": w._plan_json[i], "at": i})
        after = w.view_at(len(w.frames) - 1).get("coach") or {}
        entry = w._coach.get(i)
        if entry:
            assert after["after"] == entry["after"]
        steps += 1
    assert steps == len(w._mine)
    last = w.view_at(len(w.frames) - 1)["coach"]
    assert last["end"] == script["end"]
    assert [a.to_json() for a in w.game.actions] == w._plan_json


@pytest.mark.parametrize("game", TUTORIALS)
def test_poor_move_hint_and_take_back(game):
    w = GameWidget.tutorial(game)
    entry = next(e for e in w._script["coach"] if e.get("poor"))
    while len(w.game.actions) < entry["at"]:
        go_on(w)
    i = entry["at"]
    poor = next(x.to_json() for x in w.game.legal_actions()
                if _matches(entry["poor"][0]["move"], x.to_json()) and x.to_json() != w._plan_json[i])
    shown = [w.view_at(k) for k in range(len(w.frames) - 1)]
    assert w.handle({"type": "act", "action": poor, "at": i})
    coach = w.view_at(len(w.frames) - 1)["coach"]
    assert coach["hint"] == entry["poor"][0]["hint"] and coach["offer_takeback"]
    assert w.game.actions[i].to_json() == poor
    assert w.handle({"type": "takeback"})
    assert len(w.game.actions) == i and w.on_script()
    assert [w.view_at(k) for k in range(len(w.frames) - 1)] == shown
    assert w.view_at(len(w.frames) - 1)["coach"]["before"] == entry["before"]
    # the lesson goes on from there
    assert w.handle({"type": "act", "action": w._plan_json[i], "at": i})
    assert w.on_script()


def test_illegal_move_gets_the_rules_refusal():
    w = GameWidget.tutorial("pocha")
    i = len(w.game.actions)
    frames = copy.deepcopy(w.frames)
    # the dealer may not make the bids add up to the tricks (H7)
    assert not w.handle({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": 1}, "at": i})
    assert w.notice["kind"] == "refused" and w.notice["rule"] == "H7"
    assert w.frames == frames and len(w.game.actions) == i


@pytest.mark.parametrize("message", [
    {"type": "takeback"},                       # nothing was offered
    {"type": "takeback", "to": 0},
    {"type": "next_hand"},                      # the table is not waiting
    {"type": "coach", "coach": {"before": "forged"}},
    {"type": "act", "action": {"kind": "signal", "seat": 1, "what": "lip"}, "at": 1},
    {"type": "act", "action": {"kind": "play_truk", "seat": 0}, "at": 0},
    {"type": "take_seat", "seat": 1, "play": True, "at": 1},
    "takeback", None, [],
])
def test_forged_messages_change_nothing(message):
    w = GameWidget.tutorial("truk")
    frames, actions = copy.deepcopy(w.frames), list(w.game.actions)
    assert w.handle(copy.deepcopy(message)) is False
    assert w.notice["kind"] == "refused"
    assert w.frames == frames and w.game.actions == actions and w.play_as == 0


def test_forged_state_from_the_page_changes_nothing():
    w = GameWidget.tutorial("truc")
    frames = copy.deepcopy(w.frames)
    w.set_state({"frames": [], "play_as": 1})
    assert w.frames == frames and w.play_as == 0


def test_the_guided_hand_ends_held_then_play_goes_on():
    """The last scripted step ends a hand: the table holds its result (the hold helper's
    hand_end) with the coach's closing words; Next hand lets the computer players play on."""
    w = GameWidget.tutorial("truk")
    while not w.guided_over():
        go_on(w)
    last = w.view_at(len(w.frames) - 1)
    assert last["coach"]["end"] == w._script["end"] and last.get("hand_end") and w.held
    assert w.handle({"type": "next_hand"})
    assert w.game.current_player == 0 and len(w.game.actions) > len(w._plan)
    assert not w.on_script()


def test_truk_waits_between_its_two_guided_hands():
    w = GameWidget.tutorial("truk")
    ends = []
    while not w.guided_over():
        i = len(w.game.actions)
        if w.held:
            ends.append(i)
            assert w.view_at(len(w.frames) - 1).get("hand_end")
            assert w.handle({"type": "next_hand"})
            continue
        w.handle({"type": "act", "action": w._plan_json[i], "at": i})
    assert len(ends) == 1 and w.on_script()


def test_bad_scripts_are_refused_naming_the_field():
    good = load_script("truc")
    with pytest.raises(ConfigError, match="format"):
        TutorialWidget(dict(good, format="x"))
    with pytest.raises(ConfigError, match=r"coach\[0\]\.at"):
        TutorialWidget(dict(good, coach=[dict(good["coach"][0], at=0)]))   # the deal
    bad = json.loads(json.dumps(good))
    bad["actions"][3]["card"] = "1-swords"
    with pytest.raises(ConfigError, match=r"actions\[3\]"):
        TutorialWidget(bad)
    with pytest.raises(ConfigError, match="game"):
        GameWidget.tutorial("chess")


def test_frames_carry_only_the_students_view():
    w = GameWidget.tutorial("truk")
    while not w.guided_over():
        go_on(w)
    seat = w.play_as
    for k in range(len(w.frames)):
        view = w.view_at(k)
        assert view["seat"] == seat
        hands = view.get("hands") or []
        assert all(not hands[s] for s in range(len(hands)) if s != seat), k
