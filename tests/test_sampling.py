"""Imagined worlds (``Game.sample_world``): they keep all a seat knows and never peek.

Every game deals again the cards a seat cannot see. The properties, over seeded games of
every game stopped where a seat must choose:

- the world looks the same to the seat: ``world.view(seat) == game.view(seat)``;
- no peeking: two true states that look the same to the seat (a second one is made by
  dealing the hidden cards again, or by swapping hidden cards between other hands) give the
  very same world with the same random seed;
- the hard facts hold in every world (Pocha's voids, H8; Truk's signals, K19; Poch's pairs
  of the bettors, P8);
- imagining and playing on in a world never changes the real game.
"""
from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings, strategies as st

from cardwidgets import GAMES, RandomPlayer, RuleOfThumbPlayer, play_out
from cardwidgets.engine import CHANCE, TABLE, Action
from cardwidgets.engine.sampling import SamplingError, deal_hidden
from cardwidgets.engine.search import rollout
from cardwidgets.engine.cards import make_deck

CONFIGS = [("pocha", 4, {"start": 6, "hands": 2}), ("pocha", 3, {"start": 11, "hands": 1}),
           ("pocha", 4, {"start": 10, "hands": 1}), ("poch", 4, {"deals": 2}),
           ("poch", 3, {"deals": 1}), ("poch", 5, {"deals": 1, "chips": 40}),
           ("truk", 4, {}), ("truk", 2, {}), ("truc", 4, {}), ("truc", 2, {}),
           ("truc", 6, {}), ("truk", 3, {})]   # truk 3: itzu, the open hand (KV3)


@functools.lru_cache(maxsize=None)
def _played(index, seed, thumb):
    key, n, setup = CONFIGS[index]
    players = RuleOfThumbPlayer(seed) if thumb else RandomPlayer(seed)
    game = play_out(GAMES[key](n, **setup), players, seed=seed, max_steps=400) \
        if key in ("truk", "truc") else play_out(GAMES[key](n, **setup), players, seed=seed)
    return game


def _cut(index, seed, thumb, fraction):
    """The game replayed to a step where a seat must choose (``None`` if there is none)."""
    key, n, setup = CONFIGS[index]
    try:
        source = _played(index, seed, thumb)
    except RuntimeError:          # a truk or truc game longer than max_steps: its start is enough
        source = None
    if source is None:
        game = GAMES[key](n, **setup)
        rng = random.Random(seed)
        for _ in range(400):
            actor = game.current_player
            if actor is None:
                break
            game.apply(game.chance_action(rng) if actor == CHANCE else
                       game.legal_actions()[0] if actor == TABLE else
                       RuleOfThumbPlayer(seed).choose(game, actor))
        source = game
    points = []
    game = source.fresh()
    for action in source.actions:
        actor = game.current_player
        if actor is not None and actor >= 0 and len(game.legal_actions()) > 1:
            points.append(len(game.actions))
        game.apply(action)
    if not points:
        return None
    stop = points[int(fraction * len(points)) % len(points)]
    game = source.fresh()
    for action in source.actions[:stop]:
        game.apply(action)
    return game


situations = st.builds(_cut, st.integers(0, len(CONFIGS) - 1), st.integers(0, 3),
                       st.booleans(), st.floats(0, 0.999))


def assert_same_worlds(game, other, seat, seed):
    """Two true states that look alike to ``seat`` give it the same world for one seed."""
    assert other.view(seat) == game.view(seat)
    a = game.sample_world(seat, random.Random(seed))
    b = other.sample_world(seat, random.Random(seed))
    assert _state(a) == _state(b)


def _state(game):
    """Everything of a world: the teacher's view and the places of every card."""
    view = game.view(None)
    stock = [c.code for c in getattr(game, "stock", [])]
    return view, stock, [[c.code for c in h] for h in game.hands]


def _hidden_cards(game):
    """Every card in a hand, the stock, aside or laid down: the places a world deals again."""
    cards = [c for h in game.hands for c in h] + list(getattr(game, "stock", []))
    cards += [a["card"] for a in getattr(game, "aside", [])]
    cards += [c for h in getattr(game, "laid", []) for c in h]
    ex = getattr(game, "exchange", None)
    if ex is not None:
        cards += list(ex["old"])
    return sorted(c.code for c in cards)


@settings(max_examples=60)
@given(situations, st.integers(0, 10**6))
def test_a_world_looks_the_same_to_the_seat(game, seed):
    if game is None:
        return
    seat = game.current_player
    before = _state(game)
    world = game.sample_world(seat, random.Random(seed))
    assert world.view(seat) == game.view(seat)
    assert _hidden_cards(world) == _hidden_cards(game)   # the same cards, dealt again
    assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
    assert world.hands[seat] == game.hands[seat]
    # the world plays on to the end of the deal, and the real game is untouched
    rollout(world, random.Random(seed), game.deal_number)
    assert _state(game) == before
    assert world is not game


@settings(max_examples=60)
@given(situations, st.integers(0, 10**6), st.integers(0, 10**6))
def test_no_peeking_same_view_same_world(game, other_seed, seed):
    """Two true states the seat cannot tell apart give the same world for the same seed."""
    if game is None:
        return
    seat = game.current_player
    other = game.sample_world(seat, random.Random(other_seed))   # another true state
    assert_same_worlds(game, other, seat, seed)


@settings(max_examples=60)
@given(situations, st.integers(0, 10**6))
def test_no_peeking_when_hidden_cards_swap(game, seed):
    """Swap two cards between two other hands (or a hand and the stock) behind the seat's
    back: the seat sees nothing new, and its worlds are the same."""
    if game is None or game.key not in ("pocha", "poch", "truc"):
        return
    seat = game.current_player
    other = game.fork()
    places = [s for s in range(game.n) if s != seat and other.hands[s]]
    rng = random.Random(seed)
    if len(places) < 2:
        return
    x, y = rng.sample(places, 2)
    i, j = rng.randrange(len(other.hands[x])), rng.randrange(len(other.hands[y]))
    other.hands[x][i], other.hands[y][j] = other.hands[y][j], other.hands[x][i]
    if game.key == "pocha" and game.trump_card in (other.hands[x][i], other.hands[y][j]):
        return                # the dealer's trump card is shown to all (H5): not hidden
    if game.key == "poch":
        if any(c in game.shown[x] or c in game.shown[y]
               for c in (other.hands[x][i], other.hands[y][j])):
            return            # a shown card is known where it is: not hidden
        other._hands_changed()      # who holds each card, the best sets, who lays next
    if game.key == "truc":
        for s in (x, y):
            other.dealt[s] = tuple(sorted(set(game.dealt[s]) - set(game.hands[s])
                                          | set(other.hands[s]), key=lambda c: c.code))
    assert_same_worlds(game, other, seat, seed)


@settings(max_examples=60)
@given(situations, st.integers(0, 10**6))
def test_hard_facts_hold_in_every_world(game, seed):
    if game is None:
        return
    seat = game.current_player
    world = game.sample_world(seat, random.Random(seed))
    if game.key == "pocha":        # H8: the voids and the cards a player could not have held
        facts = game.void_facts()
        for s in range(game.n):
            assert not set(world.hands[s]) & facts[s] or s == seat
            assert not set(game.hands[s]) & facts[s]        # the facts are true of the real game
    if game.key == "truk":         # K19: every signal seen is true of the world
        for s, what, played in game._signal_facts(seat, [x for x in range(game.n) if x != seat]):
            assert game._signal_holds(what, world.hands[s] + played)
    if game.key == "poch" and not game.options["poch_without_pair"]:   # P8: bettors hold a pair
        from cardwidgets.games.poch.rules import best_set
        bettors = set()
        for a in reversed(game.actions):
            if a.kind == "deal":
                break
            if a.kind in ("bet", "call", "raise"):
                bettors.add(a.seat)
        for s in bettors:
            assert best_set(world.hands[s] + [a.card for a in game.actions[-60:]
                                              if a.kind == "play" and a.seat == s])[0] >= 2


def test_H8_a_void_is_kept():
    """Pocha: B does not follow coins, so in no imagined world does B hold a coin."""
    from cardwidgets.games.pocha import Pocha
    g = Pocha(4, start=3, hands=1)
    g.apply(g.scripted_deal({"A": ["1-cups", "3-cups", "2-cups"],
                             "B": ["4-coins", "5-cups", "6-cups"],
                             "C": ["1-coins", "3-coins", "12-coins"],
                             "D": ["1-swords", "3-swords", "12-swords"]}, turned="4-clubs"))
    first = g.first_player
    while g.phase.key == "bid":
        g.apply(g.legal_actions()[0])
    # the first player leads; play until someone fails to follow
    assert g.phase.key == "play"
    rng = random.Random(1)
    seen_void = False
    while g.phase.key == "play":
        seat = g.current_player
        g.apply(g.rule_of_thumb(seat, rng))
        facts = g.void_facts()
        if g.phase.key != "play":
            break
        for s in range(4):
            if facts[s]:
                seen_void = True
        me = g.current_player
        for k in range(20):
            w = g.sample_world(me, random.Random(k))
            for s in range(4):
                assert s == me or not set(w.hands[s]) & facts[s]
    assert seen_void and first is not None


def test_deal_hidden_keeps_counts_and_bans():
    cards = make_deck("spanish40")
    coins = {c for c in cards if c.suit == "coins"}
    for k in range(50):
        out = deal_hidden(cards, [("B", 10), ("C", 10), ("D", 10), ("stock", 10)],
                          random.Random(k), forbid={"B": coins, "C": coins, "D": coins})
        assert set(out["stock"]) == coins            # only the stock may hold the coins
        assert sorted(map(len, out.values())) == [10, 10, 10, 10]
    with pytest.raises(SamplingError):
        deal_hidden(cards[:2], [("B", 1), ("C", 1)], random.Random(0),
                    forbid={"B": set(cards[:2]), "C": set(cards[:2])})


def test_deal_hidden_depends_only_on_its_arguments():
    cards = make_deck("spanish40")
    a = deal_hidden(cards, [("B", 20), ("C", 20)], random.Random(5))
    b = deal_hidden(cards, [("B", 20), ("C", 20)], random.Random(5))
    assert a == b


def test_sample_world_names_the_game_that_lacks_it():
    from cardwidgets.engine import Game
    with pytest.raises(NotImplementedError, match="Quiz"):
        type("Quiz", (Game,), {"title": "Quiz", "_reset": lambda self: None,
                               "_phase": None})(2).sample_world(0, random.Random(0))


def test_a_world_carries_no_deal():
    """The world's list of steps keeps no trace of the real order of the cards."""
    from cardwidgets.games.pocha import Pocha
    g = Pocha(4, start=5, hands=1)
    g.apply(g.chance_action(random.Random(3)))
    w = g.sample_world(g.current_player, random.Random(0))
    assert all(not a.cards for a in w.actions if a.kind == "deal")
    assert all(a.cards for a in g.actions if a.kind == "deal")
    assert w.view(g.current_player) == g.view(g.current_player)
    assert Action("deal") in w.actions
