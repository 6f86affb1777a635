"""The widget's frame is made from the view directly, cards known by their class
(:class:`CardJSON`), and is exactly what the former recursive compaction made of the same
view (issue 26, item 5: the same widget messages), for every seat and the teacher, at every
step of seeded games of every game and table size."""
import json
import random

import pytest

from cardwidgets import CHANCE, GAMES
from cardwidgets.engine.cards import CardJSON
from cardwidgets.engine.core import fold_amounts
from cardwidgets.widget.gamewidget import _frame


def _is_card_before(obj) -> bool:
    return isinstance(obj, dict) and {"code", "rank", "suit", "name"} <= obj.keys()


def _compact_before(obj, cards):
    if _is_card_before(obj):
        code = obj["code"]
        if code not in cards:
            cards[code] = {k: obj[k] for k in ("rank", "suit", "index", "name", "native")
                           if k in obj}
        return code
    if isinstance(obj, dict):
        return {k: _compact_before(v, cards) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_compact_before(v, cards) for v in obj]
    return obj


def _frame_before(view, cards):
    """The frame as the widget made it before issue 26 (its code, kept as the reference)."""
    frame = _compact_before(view, cards)
    last = frame.get("last")
    if isinstance(last, dict):
        last.pop("rule_text", None)
    if isinstance(frame.get("legal"), list):
        frame["legal"] = fold_amounts(frame["legal"])
    return frame


TABLES = [(key, n) for key, cls in sorted(GAMES.items())
          for n in range(cls.min_players, cls.max_players + 1) if not (key == "truc" and n % 2)]


@pytest.mark.parametrize("key,n", TABLES)
def test_the_frame_is_the_compacted_view(key, n):
    game, rng = GAMES[key](n), random.Random(n)
    before, now, made = {}, {}, {}
    for step in range(150):
        for seat in [None, *range(n)]:
            view = game.view(seat)
            kept = json.dumps(view)
            a, b = _frame_before(view, before), _frame(view, now, made)
            assert json.dumps(a) == json.dumps(b), f"{key}/{n}, step {step}, seat {seat}"
            assert json.dumps(view) == kept, "making a frame changed the view"
        assert json.dumps(before) == json.dumps(now)
        actor = game.current_player
        if actor is None:
            break
        game.apply(game.chance_action(rng) if actor == CHANCE
                   else rng.choice(game.legal_actions()))
    assert before, "the games showed cards"


def test_a_card_in_a_view_is_a_plain_dict_for_json_and_comparing():
    card = GAMES["truk"](4).suits.card("1-coins")
    shown = card.to_json()
    assert shown.__class__ is CardJSON and isinstance(shown, dict)
    assert shown == json.loads(json.dumps(shown)) and shown["code"] == "1-coins"
    assert shown is not card.to_json()          # each view has its own


def test_two_widgets_played_in_turns_send_what_each_sends_alone():
    """Each widget keeps its own record of its last frame (a class table's seats are many
    widgets in one process): playing two in turns gives each the frames it has alone."""
    from cardwidgets.widget import GameWidget

    def widget():
        return GameWidget.new("truk", players=4, seed=3, play_as=0)

    def move(w):
        if w.held:
            return w.handle({"type": "next_hand", "at": len(w.frames) - 1})
        if w.game.finished or w.game.current_player != 0:
            return False
        action = w.game.legal_actions()[-1]
        return w.handle({"type": "act", "action": action.to_json(), "at": len(w.frames) - 1})

    alone = widget()
    while move(alone) and len(alone.frames) < 80:
        pass
    a, b = widget(), GameWidget.new("truc", players=4, seed=3, play_as=0)
    while move(a) and len(a.frames) < 80:
        move(b)
    assert a._made is not b._made
    assert len(alone.frames) > 10
    assert json.dumps(a.frames) == json.dumps(alone.frames)
    assert a.cards == alone.cards
