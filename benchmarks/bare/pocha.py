"""A bare pure-Python whole-deck Pocha hand: the floor for the race in ``pocha_race.py``.

The same rules as ``cardwidgets.games.pocha`` for one hand of 10 cards each, 4 players, 40
cards (the deal to the right from the dealer's right, the dealer's last card turned for
trumps, H5; the bids with the dealer's restriction, H7; the three duties of play, H8; the
trick, H10; the scoring, H11), written as plainly and quickly as Python allows: a card is
a number (its place in the sorted deck: suit by suit, high to low), a hand a sorted list of
numbers, and an action a number. It checks nothing, explains nothing and keeps no history:
it is what the engine's design costs measured against, not a way to play.

``tests/test_speed_paths.py`` plays it beside the engine on the same deals and choices and
checks that the legal actions and the scores agree at every step.
"""
from __future__ import annotations

import random

from cardwidgets.engine.core import shuffled

N, K, DECK, SUIT = 4, 10, 40, 10     # players, cards each, cards, cards of a suit
DEAL, BID, PLAY, OVER = 0, 1, 2, 3
CHANCE = -1


class BarePocha:
    """One hand. ``current_player`` is a seat, CHANCE or None (over); ``legal_actions()`` a
    list of numbers (a bid, or a card's place); ``apply(a)`` plays one of them; at CHANCE
    ``apply(order)`` deals a shuffled list of the 40 places."""

    def __init__(self, dealer: int):
        self.dealer = dealer
        self.first = (dealer - 1) % N             # on the dealer's right (H5)
        self.phase = DEAL
        self.current_player = CHANCE
        self.hands = [[] for _ in range(N)]
        self.bids = [None] * N
        self.taken = [0] * N
        self.scores = None

    def deal(self, rng: random.Random):
        self.apply(shuffled(range(DECK), rng))    # (rng.shuffle's order, quicker: as the engine)

    def legal_actions(self) -> list:
        seat = self.current_player
        if self.phase == BID:
            bids = list(range(K + 1))
            if seat == self.dealer:
                rest = K - sum(self.bids[s] for s in range(N) if s != seat)
                if rest >= 0:
                    bids.remove(rest)
            return bids
        hand = self.hands[seat]
        if not self.plays:
            return hand[:]
        led, high, top = self.led, self.high, self.top
        trump = self.trump
        suit = [c for c in hand if c // SUIT == led]
        if suit:
            if top is None:
                beat = [c for c in suit if c < high]
                if beat:
                    return beat
            return suit
        trumps = [c for c in hand if c // SUIT == trump]
        if not trumps:
            return hand[:]
        if top is None:
            return trumps
        over = [c for c in trumps if c < top]
        return over or hand[:]

    def apply(self, a):
        if self.phase == DEAL:
            for j in range(N):
                seat = (self.first - j) % N
                self.hands[seat] = sorted(a[j::N])
            self.trump = a[-1] // SUIT               # the dealer's last card
            self.phase, self.current_player = BID, self.first
            return
        seat = self.current_player
        if self.phase == BID:
            self.bids[seat] = a
            if seat == self.dealer:
                self.phase, self.current_player = PLAY, self.first
                self.plays = []
            else:
                self.current_player = (seat - 1) % N
            return
        self.hands[seat].remove(a)
        suit = a // SUIT
        if not self.plays:
            self.led, self.high, self.top, self.winner = suit, a, None, seat
        elif suit == self.led:
            if a < self.high:
                self.high = a
                if self.top is None:
                    self.winner = seat
        elif suit == self.trump and (self.top is None or a < self.top):
            self.top, self.winner = a, seat
        self.plays.append(a)
        if len(self.plays) < N:
            self.current_player = (seat - 1) % N
            return
        w = self.winner
        self.taken[w] += 1
        self.plays = []
        if self.hands[w]:
            self.current_player = w
            return
        self.scores = [10 + 5 * t if b == t else -5 * abs(b - t)
                       for b, t in zip(self.bids, self.taken)]
        self.phase, self.current_player = OVER, None


def bare_hand(rng: random.Random) -> BarePocha:
    """One random hand through to its scores, by the race's loop."""
    hand = BarePocha(rng.randrange(N))
    while hand.current_player is not None:
        if hand.current_player == CHANCE:
            hand.deal(rng)
        else:
            hand.apply(rng.choice(hand.legal_actions()))
    return hand
