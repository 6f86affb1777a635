"""The shared engine: cards and decks, seats, the state interface, history and views."""
import json
import random

import pytest

from cardwidgets import Action, ConfigError, IllegalAction, Poch, RandomPlayer, play_out
from cardwidgets.engine import (SUIT_SYSTEMS, RankOrder, RuleOfThumbPlayer, Table,
                                make_deck)

from helpers import act, poch_deal, snapshot


@pytest.mark.parametrize("name,size", [("german32", 32), ("french32", 32), ("german36", 36),
                                       ("spanish40", 40), ("spanish48", 48), ("spanish36", 36),
                                       ("truc22", 22)])
def test_decks_have_the_right_cards(name, size):
    """Every deck our games use has its size and no card twice."""
    deck = make_deck(name)
    assert len(deck) == size == len(set(deck))


def test_truc_deck_is_the_valencian_22():
    """Truc: no figures, no 2s, no aces of coins and cups."""
    codes = {c.code for c in make_deck("truc22")}
    assert {"1-swords", "1-clubs"} <= codes
    assert not codes & {"1-coins", "1-cups", "2-swords", "10-cups", "12-coins"}


def test_card_names_in_english_and_the_games_languages():
    """Cards name themselves in English and in their system's languages."""
    german, spanish, french = (SUIT_SYSTEMS[k] for k in ("german", "spanish", "french"))
    assert german.card("J-bells").name == "Jack of bells"
    assert german.card("J-bells").native == "Schellen-Unter"
    assert german.card("A-leaves").name_in("de") == "Grün-Daus"
    assert spanish.card("11-cups").name == "Knight of cups"
    assert spanish.card("11-cups").native == "caballo de copas"
    assert spanish.card("10-coins").name_in("eu") == "urreko txanka"
    assert spanish.card("12-clubs").name_in("ca") == "rei de bastos"
    assert french.card("Q-hearts").name_in("fr") == "Dame de cœur"
    assert french.card("Q-hearts").symbol == "♥"
    assert german.card("Q-acorns").index == "O"


def test_bad_card_codes_name_the_problem():
    """A bad code says what is wrong and how to write one."""
    german = SUIT_SYSTEMS["german"]
    with pytest.raises(ConfigError, match="'cups' is not a german suit"):
        german.card("Q-cups")
    with pytest.raises(ConfigError, match="'3' is not a german rank"):
        german.card("3-acorns")
    with pytest.raises(ConfigError, match="write RANK-SUIT"):
        german.card("Queen")
    with pytest.raises(ConfigError, match="deck: 'tarot78' is not a deck"):
        make_deck("tarot78")


def test_rank_orders_are_per_game():
    """Each game supplies its own order; the truk order puts 3 and 2 on top."""
    truk = RankOrder(["3", "2", "1", "12", "11", "10", "7", "6", "5", "4"])
    assert truk.value("3") > truk.value("1") > truk.value("12") > truk.value("4")
    assert truk.higher("1") == "2" and truk.higher("3") is None


def test_seats_direction_teams_and_dealer_rotation():
    """Left is clockwise, right counter-clockwise; partners sit opposite."""
    left = Table(4, "left")
    right = Table(4, "right", teams=((0, 2), (1, 3)))
    assert left.order_from(1) == [1, 2, 3, 0] and left.next_dealer(3) == 0
    assert right.order_from(1) == [1, 0, 3, 2] and right.next_dealer(0) == 3
    assert right.partners(1) == (1, 3) and right.team_of(2) == 0
    with pytest.raises(ConfigError, match="direction"):
        Table(4, "up")


def test_each_step_explains_itself_with_a_rule():
    """Every step has plain words and a rule id the game knows."""
    game = play_out(Poch(4, deals=2), RandomPlayer(2), seed=2)
    for step in game.history:
        assert step.text and step.text[0].isupper()
        assert game.rule_text(step.rule), step


def test_why_not_explains_without_changing_anything():
    """why_not gives the same reason apply would raise, and changes nothing."""
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]})
    before = snapshot(game)
    action = Action("bet", 1, amount=999)
    reason = game.why_not(action)
    assert reason is not None and reason.rule == "P11"
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert str(err.value) == str(reason)
    assert snapshot(game) == before
    assert game.why_not(Action("bet", 1, amount=1)) is None


@pytest.mark.parametrize("bad", [
    Action("bet", 2, amount=1),                    # out of turn
    Action("bet", 1, amount=0),                    # no chips
    Action("bet", 1, amount=500),                  # more than held
    Action("call", 1),                             # nothing to call
    Action("drop", 1),                             # nothing to drop from
    Action("play", 1),                             # wrong phase
    Action("dance", 1),                            # not an action of the game
    Action("bet", 9, amount=1),                    # no such seat
    Action("bet", None, amount=1),                 # nobody
    "bet 2",                                       # not an Action at all
    Action("bet", 1, amount=True),                 # not a number of chips
    Action("bet", 1, amount=1.5),
    Action("bet", 1, amount="2"),
    Action("bet", True, amount=1),                 # not a seat number
    Action("play", 1, card="Q-hearts"),            # a string, not a card
])
def test_illegal_actions_change_nothing(bad):
    """Each kind of illegal action is refused with a rule and leaves the game as it was."""
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]})
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(bad)
    assert err.value.rule and err.value.reason
    assert snapshot(game) == before


def test_failure_inside_an_action_rolls_back(monkeypatch):
    """Even an unexpected error while applying leaves the state as it was."""
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]})
    before = snapshot(game)

    def boom(self, action, words):
        self.chips[0] = -100
        raise RuntimeError("boom")
    # Poch's doer of the betting phase, found by phase (poch/rules.py _DOERS), fails half-way,
    # whether the action is one of the step's own legal actions or an equal one made anew
    from cardwidgets.games.poch import rules
    monkeypatch.setitem(rules._DOERS, "poch", boom)
    for action in (next(a for a in game.legal_actions() if a.kind == "bet" and a.amount == 1),
                   Action("bet", 1, amount=1)):
        with pytest.raises(RuntimeError, match="boom"):
            game.apply(action)
        assert snapshot(game) == before
    monkeypatch.undo()
    assert snapshot(game) == before
    game.apply(Action("bet", 1, amount=1))      # and the game goes on as before
    assert game.chips[0] != -100


def test_back_and_forward_equal_replaying():
    """Stepping back k steps then forward again gives exactly the state of a replay."""
    game = play_out(Poch(5, chips=40, deals=3), RuleOfThumbPlayer(4), seed=4)
    total = len(game.actions)
    rng = random.Random(0)
    for _ in range(20):
        k = rng.randint(0, total)
        game.goto(k)
        fresh = game.fresh()
        for action in game.actions:
            fresh.apply(action)
        mine, theirs = game.view(), fresh.view()
        assert mine.pop("steps_total") == total  # the undone steps can still be redone
        theirs.pop("steps_total")
        assert mine == theirs
        assert [s.to_json() for s in game.history] == [s.to_json() for s in fresh.history]
    game.goto(total)
    assert game.finished and len(game.actions) == total


def test_back_then_new_action_drops_the_redo():
    """A new action after stepping back replaces the undone future."""
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]})
    act(game, 1, "bet", 2)
    game.back()
    assert game.steps_total == len(game.actions) + 1
    act(game, 1, "pass")
    assert game.steps_total == len(game.actions)
    assert game.forward() == 0


def test_seat_view_hides_the_other_hands():
    """A seat sees its own cards and what was shown, never the others' hidden cards."""
    game = poch_deal(4, {1: ["K-acorns", "K-leaves"]}, turned="7-hearts")
    view = game.view(2)
    text = json.dumps(view)
    assert view["hands"][2] is not None
    for seat in (0, 1, 3):
        assert view["hands"][seat] is None
        for card in game.hands[seat]:
            if card not in game.shown[seat]:
                assert f'"{card.code}"' not in text
    assert view["legal"] == []  # it is B's turn, not C's
    assert game.view(1)["legal"] and all(h is not None for h in game.view()["hands"])
    with pytest.raises(ConfigError, match="seat"):
        game.view(7)


@pytest.mark.slow
def test_random_play_conserves_cards_and_chips_and_every_deal_ends():
    """1,000+ seeded Poch deals over 3–6 players and every variant: after every step the 32
    cards and all the chips are accounted for, and every deal reaches its end."""
    variants = [{}, {"PV1": True}, {"PV2": True}, {"PV3": True}, {"PV4": 0.25},
                {"PV1": True, "PV3": True}, {"PV2": True, "PV3": True, "PV4": 1}]
    deals = 0
    seed = 0
    while deals < 1000:
        n = 3 + seed % 4
        options = variants[seed % len(variants)]
        game = Poch(n, options=options, chips=30 + seed % 50)
        start_chips = sum(game.chips)
        player = RandomPlayer(seed) if seed % 2 else RuleOfThumbPlayer(seed)

        def check(g, step):
            assert sum(g.chips) + sum(g.holes.values()) + sum(g.bets) == start_chips, step
            assert min(g.chips) >= 0, step
            if g.phase.key not in ("ante", "deal", "over"):
                in_play = sum(len(h) for h in g.hands) + len(g.centre) + (g.turned is not None)
                assert in_play == 32, step
                everything = [c for h in g.hands for c in h] + g.centre + \
                    ([g.turned] if g.turned else [])
                assert len(set(everything)) == 32, step
        play_out(game, player, seed=seed, on_step=check)
        assert game.finished
        played = game.deal_no - 1
        assert [s.action.kind for s in game.history].count("go out") == played
        deals += played
        seed += 1
    assert deals >= 1000


# ---- the engine's own checks (issue 10 item 4) -------------------------------------------

from cardwidgets import GAMES, CardwidgetsError  # noqa: E402
from cardwidgets.engine import CHANCE, Card  # noqa: E402


def _games_at_every_kind_of_turn():
    """For each game: a fresh game (the deal is due) and one where a player is to act."""
    for key, cls in sorted(GAMES.items()):
        n = max(cls.min_players, min(4, cls.max_players))  # a count every game accepts
        game = cls(n)
        yield key, game
        other = cls(n)
        rng = random.Random(1)
        while other.current_player is not None and other.current_player < 0:
            if other.current_player == CHANCE:
                other.apply(other.chance_action(rng))
            else:
                other.advance()
        yield key, other


BAD_ACTIONS = [
    ("deal with cards=None", lambda g: Action("deal", cards=None), "cards"),
    ("deal with cards=5", lambda g: Action("deal", cards=5), "cards"),
    ("deal with cards of strings", lambda g: Action("deal", cards=("A-hearts",)), "cards"),
    ("a card of no suit system", lambda g: Action("play", g.current_player or 0,
                                                  card=Card("99", "cups", "spanish")), "card"),
    ("a card of another system", lambda g: Action("play", g.current_player or 0,
                                                  card=Card("A", "cups", "spanish")
                                                  if g.system != "spanish" else
                                                  Card("A", "hearts", "french")), "card"),
    ("a rank the suits lack", lambda g: Action("play", g.current_player or 0,
                                               card=Card("Z", g.suits.suits[0], g.system)), "card"),
    ("a deal with a stranger", lambda g: Action("deal", cards=(Card("99", "cups", "spanish"),)),
     "cards"),
    ("a string for a card", lambda g: Action("play", g.current_player or 0, card="A-hearts"),
     "card"),
    ("a kind that is not text", lambda g: Action(5, g.current_player or 0), "kind"),
    ("a seat that is text", lambda g: Action("pass", "1"), "seat"),
]


@pytest.mark.parametrize("name, make, field", BAD_ACTIONS, ids=[b[0] for b in BAD_ACTIONS])
def test_malformed_actions_are_refused_naming_the_field(name, make, field):
    """Actions with fields of the wrong type, or cards not of the game's deck, are refused by
    why_not and apply with IllegalAction naming the field (never TypeError or KeyError),
    in every game, whether the deal or a player is due; nothing changes."""
    for key, game in _games_at_every_kind_of_turn():
        action = make(game)
        before = (game.view(), list(game.actions))
        why = game.why_not(action)
        assert isinstance(why, IllegalAction), (key, action)
        assert field in why.reason, (key, why)
        assert len(str(why)) < 300
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert (game.view(), list(game.actions)) == before
        repr(action)  # an action with odd fields still prints


@pytest.mark.parametrize("method, arg", [("back", "2"), ("back", -1), ("back", 1.5),
                                         ("back", True), ("forward", "1"), ("forward", None),
                                         ("goto", "3"), ("goto", 10 ** 6), ("goto", -1)])
def test_history_moves_need_a_number_of_steps(method, arg):
    """back("2"), forward(None), goto(-1) … raise ConfigError naming the argument."""
    game = play_out(Poch(3, deals=1), RandomPlayer(2), seed=2)
    before = list(game.actions)
    with pytest.raises(ConfigError) as err:
        getattr(game, method)(arg)
    assert err.value.field in ("n", "step") and game.actions == before
    if method == "goto":
        assert f"from 0 (the start) to {len(before)}" in err.value.reason


def test_goto_in_a_game_not_yet_begun_says_only_the_start_exists():
    with pytest.raises(ConfigError, match="nothing has been played yet, so the only step is 0"):
        Poch(3).goto(4)


def test_a_huge_move_is_quoted_by_its_start_only():
    """Refusals quote only a short prefix of what was sent (a 5 MB move is not sent back)."""
    big = "x" * 5_000_000
    for data in ({"kind": big}, {"kind": "play", "card": big}, {"kind": "play", "seat": big},
                 {"kind": "bet", "amount": [big]}, {big: 1}, [big], {"kind": "deal", "cards": big},
                 {"kind": "deal", "cards": [big]}, {"kind": "x", "what": [big]}):
        with pytest.raises(CardwidgetsError) as err:
            Action.from_json(data, "german")
        assert len(str(err.value)) < 300


def test_refusals_when_the_game_is_over_or_the_rules_act_come_from_two_hooks():
    """``Game._over_words()`` and ``Game._table_words(due)``: ``None`` keeps the engine's
    words; a game gives its own (Truk and Truc do, without a ``_verify_for`` of their own)."""
    from cardwidgets.engine import Game
    from cardwidgets.games.pocha import Pocha
    from cardwidgets.games.truc import Truc
    from cardwidgets.games.truk import Truk
    assert "_verify_for" not in Truc.__dict__ and "_over_words" in Truc.__dict__
    assert "_table_words" in Truk.__dict__ and "_table_words" in Truc.__dict__
    assert Game._over_words(Pocha(4)) is None
    game = play_out(Pocha(4, start=7, hands=1), RuleOfThumbPlayer(seed=1), seed=1)
    refusal = game.why_not(Action("play", 0))
    assert refusal.reason == "the game is over"
    game = play_out(Truk(4), RuleOfThumbPlayer(seed=1), seed=1)
    reason = game.why_not(Action("play", 0)).reason
    assert reason.startswith("the game is over: side ") and reason.endswith("(K9)")
    assert game.why_not(Action("play", 0)).rule == "K9"


@pytest.mark.parametrize("key", ["poch", "pocha", "truk", "truc"])
def test_to_choice_deals_and_lets_the_rules_act_until_a_player_chooses(key):
    """``Game.to_choice(rng)``: the one loop the widget and the tests use. It stops at a
    player's choice (that seat, with legal moves), never at a deal or an automatic step, and
    returns ``None`` at the end, changing nothing then."""
    from cardwidgets.engine import CHANCE, TABLE
    from cardwidgets.games import GAMES
    game = GAMES[key](4, **({"deals": 1} if key == "poch" else {}))
    rng, player = random.Random(3), RuleOfThumbPlayer(seed=3)
    stops = 0
    while (seat := game.to_choice(rng)) is not None:
        assert seat == game.current_player and seat not in (CHANCE, TABLE) and seat >= 0
        assert game.legal_actions()
        game.apply(player.choose(game, seat))
        stops += 1
    assert game.finished and stops > 0
    steps = len(game.history)
    assert game.to_choice(rng) is None and len(game.history) == steps


def test_what_is_not_an_action_is_refused_with_what_to_give_instead():
    """Anything but an Action is refused under the rule of the moment, with what to do instead:
    deal at the start, one of the legal actions (an example named) in play, nothing once the
    game is over; the game is unchanged."""
    from cardwidgets import Pocha
    game = Pocha(4, hands=1)
    refusal = game.why_not("play")
    assert refusal.rule == "H5" and "game.chance_action(rng)" in refusal.reason
    game.to_choice(random.Random(3))
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.apply({"kind": "bid", "seat": 3, "amount": 1})
    assert caught.value.rule == "H7"
    assert f"such as {game.legal_actions()[0]!r}" in caught.value.reason
    assert game.view() == before
    play_out(game, RuleOfThumbPlayer(1), seed=1)
    assert "the game is over" in game.why_not(None).reason
