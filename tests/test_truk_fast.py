"""Truk's own fast state says exactly what the rules say: who acts (kept as plain
attributes), the legal actions (worked out from tables made once) and the step texts (made
when read, from the values of their moment)."""
import random

import pytest

from cardwidgets import Truk
from cardwidgets.engine import CHANCE, Game
from cardwidgets.games.truk.rules import SIGNALS, _signal_key, _signals_of_ranks


def _step(game, rng):
    if game.current_player == CHANCE:
        return game.apply(game.chance_action(rng))
    return game.apply(rng.choice(game.legal_actions()))


def _games(seeds=(1, 2, 3), **kw):
    for seed in seeds:
        for players in (2, 3, 4):
            yield seed, Truk(players, **kw)


def _turn_agrees(game):
    """Who acts and whether the game is over, kept as attributes, agree with the engine's
    reading of the phase (``Game.current_player``, ``Game.finished``)."""
    assert game.current_player == Game.current_player.__get__(game), game.phase.key
    assert game.finished == Game.finished.__get__(game)


def _play_checking(game, rng, check, every, back, forward):
    """Play ``game`` at random to its end, ``check``-ing it and a fork of it after every
    step, and every ``every`` steps after going ``back`` steps back and ``forward`` on."""
    steps = 0
    while not game.finished:
        _step(game, rng)
        steps += 1
        check(game)
        check(game.fork())
        if steps % every == 0:
            game.back(back)
            check(game)
            game.forward(forward)
            check(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_turn_agrees_through_back_forward_goto_and_forks(players):
    """K4: the player to act, kept after every step, is the engine's, also after going back
    and forward and in forks."""
    game = Truk(players)
    _turn_agrees(game)
    _play_checking(game, random.Random(players), _turn_agrees, 11, 3, 2)
    game.back(1)
    _turn_agrees(game)
    assert not game.finished


def _signals_by_the_rule(game, seat):
    """K19 read from the rule's words: each signal whose count of its rank holds, or
    "nothing" with no 3, 2 or ace; once a hand; none with two players nor for side B in
    itzu truk (KV3)."""
    if game.n != 4 or (game.options["itzu"] and game.side_of(seat) == 1):
        return []
    ranks = [c.rank for c in game.hands[seat]]
    out = []
    for what, (_, _, (rank, low, high)) in SIGNALS.items():
        true = (not any(r in ("3", "2", "1") for r in ranks) if rank is None
                else low <= ranks.count(rank) <= high)
        if true and (seat, what) not in game.given:
            out.append(what)
    return out


def test_K19_legal_signals_are_the_true_ones_not_yet_given():
    """K19: the signals offered as legal at every step of random games are exactly those
    true of the cards in hand and not yet given this hand (from the table by signal key)."""
    for seed, game in _games():
        rng = random.Random(seed)
        while not game.finished:
            seat = game.current_player
            if seat is not None and seat >= 0 and game.exchange is None:
                # (not while keeping new cards or taking the old back: K19, our ruling)
                acting = game.to_act              # (the open hand, played by its partner)
                offered = [a.what for a in game.legal_actions() if a.kind == "signal"]
                assert offered == _signals_by_the_rule(game, acting)
            _step(game, rng)


def test_K19_signals_of_every_hand_of_three():
    """K19: the table by signal key agrees with the rule for every mix of ranks in a hand."""
    import itertools
    for ranks in itertools.product(("3", "2", "1", "12", "4"), repeat=3):
        true = _signals_of_ranks(ranks)
        assert ("one_eye" in true) == (ranks.count("3") == 1)
        assert ("both_eyes" in true) == (ranks.count("3") >= 2)
        assert ("lip" in true) == (ranks.count("2") == 1)
        assert ("smile" in true) == (ranks.count("2") >= 2)
        assert ("tongue" in true) == ("1" in ranks)
        assert ("eyebrows" in true) == (not {"3", "2", "1"} & set(ranks))


def test_legal_actions_are_the_checks_verdict():
    """Every legal action offered passes the full checks, and the same action made anew
    (an equal value, not the kept object) is legal too (K4–K19)."""
    from cardwidgets.engine import Action
    for seed, game in _games(seeds=(4, 5)):
        rng = random.Random(seed)
        while not game.finished:
            if game.current_player != CHANCE:
                for a in game.legal_actions():
                    copy = Action(a.kind, a.seat, a.card, a.amount, a.cards, a.what)
                    assert game.why_not(copy) is None, (a, game.why_not(copy))
            _step(game, rng)


def _read_all(game):
    return [(s.text, s.rule) for s in game.history]


@pytest.mark.parametrize("setup", [
    {"players": 4}, {"players": 2}, {"players": 3},
    {"players": ["You", "Bea", "Cy", "Dan"]}, {"players": ["Ada", "You", "Cy"]},
    {"players": 4, "options": {"signals_seen": True, "bet_keeps_tantos": True}},
    {"players": ["Ada", "Bea", "You", "Dan"], "options": {"partners_win": True}},
], ids=["4", "2", "itzu", "you", "itzu-you", "KV1-KV2", "you-KV4"])
def test_late_texts_are_the_words_of_their_moment(setup):
    """Every step text made when read (K4–K19: deals, cards, tricks, signals, passes,
    changes, bets, counters) is the text read at once, though read after the whole game has
    moved on, in forks and after going back; and each seat's view of the last step (a
    signal's public words for the other side, K19) is the same read at once or late."""
    for seed in (11, 12):
        players = setup["players"]
        options = setup.get("options")
        at_once, late = Truk(players, options=options), Truk(players, options=options)
        r1, r2 = random.Random(seed), random.Random(seed)
        texts, views = [], []
        while not at_once.finished:
            step = _step(at_once, r1)
            texts.append((step.text, step.rule))
            views.append([at_once.view(s)["last"]["text"] for s in range(at_once.n)])
        steps = 0
        while not late.finished:
            _step(late, r2)
            steps += 1
            if steps % 9 == 0:                     # a trial in a fork, its texts read
                fork = late.fork()
                for _ in range(20):
                    if fork.finished:
                        break
                    _step(fork, random.Random(steps))
                _read_all(fork)
        assert _read_all(late) == texts
        for i in range(0, len(texts), 13):         # the views of the last step, read late
            late.goto(i + 1)
            assert [late.view(s)["last"]["text"] for s in range(late.n)] == views[i]


def test_K19_legal_signals_in_imagined_worlds_are_the_true_ones():
    """K19: in a world a computer player imagines (other hands dealt again), the signals
    offered to each seat are those true of its new cards, not of the real ones."""
    for seed, game in _games(seeds=(7, 8)):
        if game.n != 4:
            continue
        rng = random.Random(seed)
        while not game.finished:
            seat = game.current_player
            if seat is not None and seat >= 0 and len(game.history) % 5 == 0:
                world = game.sample_world(seat, random.Random(seed))
                if world.exchange is None and world.current_player not in (None, CHANCE):
                    offered = [a.what for a in world.legal_actions() if a.kind == "signal"]
                    assert offered == _signals_by_the_rule(world, world.to_act)
                    for other in range(world.n):     # every seat's, in that world
                        assert world._signal_keys[other] == _signal_key(world.hands[other])
            _step(game, rng)


def test_K4_own_deal_out_of_its_time_is_refused_as_any_deal():
    """K4: a deal made by chance_action and kept until the cards are being played is refused
    with the same rule and reason as an equal deal made elsewhere; in its time it deals."""
    from cardwidgets.engine import Action, IllegalAction
    game = Truk(4)
    rng = random.Random(5)
    deal = game.chance_action(rng)
    step = game.apply(deal)
    assert step.actor == CHANCE and step.rule.startswith("K11")     # the first deal and draw
    while game.phase.key == "deal" or game.current_player == CHANCE:
        _step(game, rng)
    kept = game.chance_action(rng)
    copy = Action("deal", cards=kept.cards)
    with pytest.raises(IllegalAction) as own:
        game.apply(kept)
    with pytest.raises(IllegalAction) as other:
        game.apply(copy)
    assert (own.value.rule, own.value.reason) == (other.value.rule, other.value.reason)


def test_the_legal_actions_returned_are_the_callers_own():
    """A caller may change the list legal_actions returns (K4: the game's own list of this
    step's legal actions stays as it was), the first time and every time after."""
    for seed, game in _games(seeds=(9,)):
        rng = random.Random(seed)
        while not game.finished:
            if game.current_player != CHANCE:
                first = game.legal_actions()
                kept = list(first)
                first.clear()
                again = game.legal_actions()
                assert again == kept
                again.reverse()
                assert game.legal_actions() == kept
            _step(game, rng)


def test_K4_own_deal_deals_as_the_same_cards_made_elsewhere():
    """K4, K11: the deal made by chance_action (dealt by the places of its cards, kept as
    it was made) gives the hands, the stock, the hands' signal keys (K19) and the words of
    the same cards in a deal made elsewhere (an equal card for every card: every check);
    the deck's own card objects are dealt either way."""
    from cardwidgets.engine import Action, Card
    from cardwidgets.games.truk.rules import _DECK, _RV
    own_ids = set(map(id, _DECK))
    for seed, game in _games(seeds=(11, 12)):
        rng = random.Random(seed)
        twin = game.fork()
        while not game.finished:
            if game.current_player == CHANCE:
                deal = game.chance_action(rng)
                made = Action("deal", cards=tuple(Card(c.rank, c.suit, c.system)
                                                  for c in deal.cards))
                assert not own_ids & set(map(id, made.cards))
                assert twin.apply(made).text == game.apply(deal).text
                for g in (game, twin):
                    assert g._signal_keys == [_signal_key(h) for h in g.hands]
                    assert own_ids.issuperset(map(id, [*g.stock, *sum(g.hands, [])]))
                assert (twin.hands, twin.stock) == (game.hands, game.stock)
                # K4: one card at a time to the right; K2: each hand high to low, equal
                # ranks in the order dealt
                n = game.n
                for j, seat in enumerate(game._deal_orders[game.esku if game.deal_no > 1
                                                           else game.dealer]):
                    dealt = sorted(deal.cards[j:3 * n:n], key=lambda c: -_RV[c.rank])
                    assert [c.code for c in game.hands[seat]] == [c.code for c in dealt]
            else:
                action = rng.choice(game.legal_actions())
                game.apply(action)
                twin.apply(action)


def test_K11_a_draw_tied_until_the_stock_runs_out_is_told_in_full():
    """K11 (our ruling): the words of the start's draw (made when read) tell every round,
    each tie and, in a made-up deal where every round ties, the stock running out and the
    first tied player taking it; the game goes on from that esku."""
    from cardwidgets.engine import Action
    from cardwidgets.games.truk.rules import _DECK
    stock = [c for r in ("3", "2", "1", "12", "11", "10", "7") for c in _DECK if c.rank == r]
    game = Truk(["Ada", "You", "Cy"])
    step = game.apply(Action("deal", cards=tuple([c for c in _DECK if c not in stock] + stock)))
    text = step.text
    assert text.count("a tie for the highest") == 7 and "the Seven of clubs" in text
    assert (f"the stock runs out, so {game.words.name(game.esku)}, first of the tied players, "
            f"takes it") in text
    assert game.esku == game._deal_orders[0][0] and game.phase.key == "option"


def _kept_state_agrees(game):
    """What Truk keeps to look up at every step agrees with what it is read from: each
    hand's signal key (K19), and the table's seats (K3, K4, K12, K17; KV3)."""
    assert game._signal_keys == [_signal_key(h) for h in game.hands]
    table = game.table
    for s in range(game.n):
        assert game._sides[s] == table.team_of(s) and game._next_seat[s] == table.next(s)
        assert game._partners[s] == table.partner(s)
        assert game._answerers[s] == game.played_by(table.next_opponent(s))
        assert game._deal_orders[s] == tuple(table.order_from(table.next(s)))
        for side in (0, 1):
            first = next(x for x in table.order_from(s) if table.team_of(x) == side)
            assert game._speakers[s][side] == game.played_by(first)
    assert game._itzu == game.options["itzu"] and game._open_seat == game.open_seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_state_agrees_through_back_forward_and_forks(players):
    """The signal keys and seat tables kept for the fast paths agree with the hands and the
    table after every step of random games, after going back and forward, and in forks."""
    game = Truk(players)
    _play_checking(game, random.Random(10 + players), _kept_state_agrees, 13, 4, 3)
