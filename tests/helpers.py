"""Shared helpers for the tests: scripted Poch deals."""

import json

from cardwidgets import Action, Poch
from cardwidgets.engine import make_deck


def poch_deal(players=4, hands=None, turned="7-hearts", *, options=None, advance=True, **setup):
    """A Poch game after the ante and a scripted deal.

    ``hands`` maps seat → the cards that seat must hold; the rest of each hand is filled from
    the deck in order (lowest cards first, suits spread) so that tests name only what matters.
    """
    game = Poch(players, options=options or {}, **setup)
    game.advance()  # the ante
    hands = {k: list(v) for k, v in (hands or {}).items()}
    turned_card = None if game.options["turned_card_dealt"] else game.suits.card(turned)
    named = {game.suits.card(c) for cards in hands.values() for c in cards}
    pool = [c for c in sorted(make_deck(game.deck_name),
                              key=lambda c: (["7", "8", "9", "10", "J", "Q", "K", "A"].index(c.rank),
                                             c.suit))
            if c not in named and c != turned_card]
    sizes = game.deal_sizes()
    full = {}
    for seat in range(game.n):
        mine = [game.suits.card(c) for c in hands.get(seat, [])]
        while len(mine) < sizes[seat]:
            # prefer a rank the hand lacks, so that fill cards make as few sets as possible
            ranks = {c.rank for c in mine}
            pick = next((c for c in pool if c.rank not in ranks), pool[0])
            pool.remove(pick)
            mine.append(pick)
        full[seat] = [c.code for c in mine]
    game.apply(game.scripted_deal(full, turned=turned if turned_card else None))
    if advance:
        game.advance()
    return game


def act(game, seat, kind, amount=None, card=None):
    """Apply one player action (card given by code) and then the automatic steps."""
    c = game.suits.card(card) if card else None
    step = game.apply(Action(kind, seat, card=c, amount=amount))
    game.advance()
    return step


def snapshot(game):
    """Everything that can be seen of a game, to check that nothing changed."""
    return (game.view(), [s.to_json() for s in game.history], list(game.actions))


def widget_payload(widget):
    """Everything a widget has sent the page, as one string (to compare before and after)."""
    return json.dumps({"meta": widget.meta, "cards": widget.cards, "frames": widget.frames})


def widget_snapshot(widget):
    """A widget's whole state: what it sent, its step, view, seat played and the actions."""
    return (widget_payload(widget), widget.step, widget.seat, widget.play_as,
            list(widget.game.actions))


def go_on(widget):
    """Press Next hand while a play-mode widget holds a hand's result (it waits there)."""
    while widget.held:
        assert widget.handle({"type": "next_hand", "at": len(widget.frames) - 1})


def felt_step(widget, k):
    """The step whose felt the table shows at step k (shell.js ``feltStep``): at a hand's end
    that is not the game's, the hand's last move, its last trick still on the felt (games
    whose table shows the hand's end itself, Truk's and Poch's, draw step k as it is)."""
    view = widget.view_at(k)
    r = view.get("hand_end")
    if not r or view["finished"] or view["game"] in ("truk", "poch"):
        return k
    return next((j for j in range(k - 1, max(0, r["start"]), -1)
                 if widget.view_at(j - 1)["actor"] >= 0), k)


def random_steps(game, rng, upto):
    """Play ``game`` at random (a shuffle at a deal) until it is over or has ``upto`` steps."""
    from cardwidgets.engine import CHANCE
    while not game.finished and len(game.history) < upto:
        game.apply(game.chance_action(rng) if game.current_player == CHANCE
                   else rng.choice(game.legal_actions()))


def check_turn_kept(make, plain_turn, places, fork_steps, seeds=3):
    """For a game that keeps who acts as it goes: at every step of ``seeds`` seeded random
    games made by ``make()``, the turn kept (``current_player``, ``finished``) is
    ``plain_turn(game)``, the turn read from the rules; and so it stays after going to each
    step of ``places(total)`` (back, forward), back 3 and forward 2, and in a fork played on ``fork_steps``."""
    import random
    for seed in range(seeds):
        game = make()
        rng = random.Random(seed)
        while not game.finished:
            assert game.current_player == plain_turn(game)
            assert game.finished is (game.phase.key == "over")
            random_steps(game, rng, len(game.history) + 1)
        assert game.current_player is None and game.legal_actions() == []
        for index in places(len(game.history)):
            game.goto(index)
            assert game.current_player == plain_turn(game)
            assert game.finished is (game.phase.key == "over")
            fork = game.fork()
            random_steps(fork, random.Random(index), len(fork.history) + fork_steps)
            assert fork.current_player == plain_turn(fork)
            assert game.current_player == plain_turn(game) and len(game.history) == index
        game.back(3)
        game.forward(2)
        assert game.current_player == plain_turn(game)
