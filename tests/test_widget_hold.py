"""Play mode waits at the end of each hand (issue 25, item 1): the built-in players stop at
the step that ends a hand, which carries the hand's result (frame key ``hand_end``), until
the person sends ``{"type": "next_hand"}``; a forged "next hand" changes nothing."""
import json

import pytest

from cardwidgets.engine import CHANCE, TABLE
from cardwidgets.widget import GameWidget

GAMES = [("poch", {"deals": 2}), ("pocha", {"hands": 2}), ("truk", {}), ("truc", {})]


def play_until_held(w, limit=600):
    """The person plays the first legal move until the table waits at a hand's end."""
    for _ in range(limit):
        if w.held or w.game.finished:
            return
        at = len(w.frames) - 1
        assert w.game.current_player == w.play_as
        action = w.game.legal_actions()[0]
        assert w.handle({"type": "act", "action": action.to_json(), "at": at}), w.notice
    raise AssertionError("no hand ended")


def state(w):
    return json.dumps({"frames": w.frames, "actions": [a.to_json() for a in w.game.actions],
                       "held": w.held, "step": w.step}, sort_keys=True, default=str)


@pytest.mark.parametrize("key,setup", GAMES)
def test_play_loop_stops_at_a_hand_end_and_goes_on_with_next_hand(key, setup):
    w = GameWidget.new(key, players=4, seed=5, play_as=0, **setup)
    play_until_held(w)  # (Truk: the built-in players' redeal may end a hand before the first move)
    assert w.held and not w.game.finished
    last = w.view_at(len(w.frames) - 1)
    end = last["hand_end"]
    # the built-in players stopped at the hand's end: the next deal has not been made
    assert w.game.current_player in (CHANCE, TABLE)
    assert last["deal"] == w.view_at(len(w.frames) - 2)["deal"] + 1
    assert end["title"].endswith("is over") and not end["over"]
    # how: the steps that settled the hand, each with the rules' sentence and rule ids
    lines = [w.view_at(k)["last"] for k in range(end["first"], len(w.frames))]
    assert 1 <= len(lines) <= 3 and all(line["text"] and line["rule"] for line in lines)
    assert w.view_at(end["start"])["deal"] == last["deal"] - 1
    # what moved: every declared counter that changed over the hand, before -> after
    assert end["moved"], end
    for m in end["moved"]:
        assert m["after"] != m["before"]
    frames = len(w.frames)
    # a move is not the person's now; "next hand" goes on to the person's next turn
    assert w.handle({"type": "next_hand", "at": frames - 1})
    assert not w.held and len(w.frames) > frames
    assert w.game.current_player == 0 or w.held or w.game.finished
    if w.game.finished:  # (Poch: a player cannot pay the next ante) the game's summary
        assert w.frames[-1]["hand_end"]["over"] and not w.held
    else:
        assert "hand_end" not in w.frames[frames]


@pytest.mark.parametrize("key,setup", GAMES)
def test_forged_next_hand_changes_nothing(key, setup):
    w = GameWidget.new(key, players=4, seed=6, play_as=0, **setup)
    assert not w.held
    before = state(w)
    for msg in ({"type": "next_hand"}, {"type": "next_hand", "at": len(w.frames) - 1},
                {"type": "next_hand", "at": "x", "more": 1}):
        assert not w.handle(msg)
        assert w.notice["kind"] == "refused"
        assert state(w) == before
    play_until_held(w)
    held = state(w)
    # held: a "next hand" for another step, or with a field it does not have, changes nothing
    for msg in ({"type": "next_hand", "at": len(w.frames) - 2},
                {"type": "next_hand", "at": True}, {"type": "next_hand", "cards": ["A-hearts"]}):
        assert not w.handle(msg), msg
        assert state(w) == held
    # watching (nobody plays): nothing is held
    watch = GameWidget.new(key, players=4, seed=5, **setup)
    before = state(watch)
    assert not watch.handle({"type": "next_hand"})
    assert state(watch) == before


def test_every_hand_end_is_marked_when_watching_and_the_last_is_the_game_over():
    w = GameWidget.new("truk", players=4, seed=5)
    ends = [k for k in range(len(w.frames)) if "hand_end" in w.view_at(k)]
    deals = [w.view_at(k)["deal"] for k in range(len(w.frames))]
    expect = [k for k in range(1, len(deals)) if deals[k] != deals[k - 1] or
              (w.view_at(k)["finished"] and not w.view_at(k - 1)["finished"])]
    assert ends == expect
    final = w.view_at(ends[-1])["hand_end"]
    assert final["over"] and final["title"] == "The game is over"
    winners = w.game.result()["winners"]
    assert final["winners"] == [w.game.players[s] for s in sorted(winners)]
    # the truk counter moved to the winning side, by the rule K15
    assert any(m["what"] == "truks" and m["after"] == m["before"] + 1 for m in final["moved"])
    assert any("K15" in w.view_at(k)["last"]["rule"] for k in range(final["first"], ends[-1] + 1))


def test_a_refused_truc_ends_the_hand_and_is_held():
    """Truc: the hand ended by a refused bet is a hand's end like any other (V7)."""
    w = GameWidget.new("truc", players=4, seed=5)
    refused = [k for k in range(len(w.frames))
               if "refuses the truc" in ((w.view_at(k).get("last") or {}).get("text") or "")]
    assert refused
    k = refused[0]
    end = next(j for j in range(k, len(w.frames)) if "hand_end" in w.view_at(j))
    result = w.view_at(end)["hand_end"]
    assert result["first"] <= k
    assert any(m["what"] == "points" for m in result["moved"])

