"""A bare pure-Python Poch game: the floor ``engine_speed.py`` measures the engine against.

The same rules as ``cardwidgets.games.poch`` with its default settings (20 chips each, no
variant, play until someone cannot pay the ante, P15): the ante (P4), the deal of 31 cards
and the turned card (P5), the seven payments of phase 1 (P6, P7), the betting with our
ruling's limit (P8, P9, P11), the showdown (P10), the runs (P12, P13) and going out (P14).
Written as plainly as Python allows: a card is a number ``suit * 8 + rank`` (suits in skat
order, acorns first; rank 0 is the Ace, 7 the Seven), a hand a list. It checks nothing,
explains nothing and keeps no history; it counts the steps the engine would record (the
table's own steps too), so the two play games of the same shape.
"""
from __future__ import annotations

import random

from cardwidgets.engine.core import shuffled

ANTE, HOLES = 9, 9
ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN = range(8)
POCH, CENTRE = 7, 8          # the holes: 0-4 the honours, 5 marriage, 6 sequence, 7, 8


def bare_game(rng: random.Random, n: int = 4, chips: int = 20) -> tuple:
    """One random whole game: ``(steps, chips, holes)`` at its end."""
    chips = [chips] * n
    holes = [0] * HOLES
    dealer, steps = 0, 0
    choice, randrange = rng.choice, rng.randrange
    while True:
        steps += 1                                            # the ante, or the end (P15)
        if min(chips) < ANTE:
            return steps, chips, holes
        for s in range(n):
            chips[s] -= ANTE
        for h in range(HOLES):
            holes[h] += n
        deck = shuffled(range(32), rng)    # (rng.shuffle's order, quicker: as the engine deals)
        hands = [[] for _ in range(n)]
        owner = [-1] * 32
        first = (dealer + 1) % n
        for i in range(31):                                   # P5
            seat = (first + i) % n
            hands[seat].append(deck[i])
            owner[deck[i]] = seat
        turned = deck[31]
        pay = turned >> 3
        base = pay * 8
        for hole in range(5):                                 # P6, P7
            seat = owner[base + hole]
            if seat >= 0:
                chips[seat] += holes[hole]
                holes[hole] = 0
        seat = owner[base + KING]
        if seat >= 0 and owner[base + QUEEN] == seat:
            chips[seat] += holes[5]
            holes[5] = 0
        seat = owner[base + SEVEN]
        if seat >= 0 and owner[base + EIGHT] == seat and owner[base + NINE] == seat:
            chips[seat] += holes[6]
            holes[6] = 0
        steps += 9                                            # the deal, seven payments, the showdown
        # P8: each hand's best set as a key (size, rank, payment card, skat suit)
        keys = []
        for hand in hands:
            counts = [0] * 8
            for c in hand:
                counts[c & 7] += 1
            size = max(counts)
            rank = counts.index(size)
            suits = [c >> 3 for c in hand if c & 7 == rank]
            keys.append((size, 7 - rank, pay in suits, 4 - min(suits)))
        # P9, P11: the betting
        bets = [0] * n
        dropped = [False] * n
        need = [True] * n
        high = 0
        seat = first
        while True:
            steps += 1
            if dropped[seat] or chips[seat] + bets[seat] == 0 or keys[seat][0] < 2:
                if high:
                    dropped[seat] = True
                need[seat] = False
            else:
                cap = min(chips[s] + bets[s] for s in range(n)
                          if not dropped[s] and chips[s] + bets[s] > 0)
                if high == 0:
                    k = randrange(cap + 1)                    # pass, or bet 1..cap
                    total = k
                else:
                    k = randrange(cap - high + 2)             # call, raise 1..cap-high, drop
                    total = high + k if k <= cap - high else -1
                if total < 0:
                    dropped[seat] = True
                else:
                    chips[seat] -= total - bets[seat]
                    bets[seat] = total
                    if total > high:
                        high = total
                        for o in range(n):
                            if not dropped[o]:
                                need[o] = True
                need[seat] = False
            if high and dropped.count(False) == 1:
                break
            nxt = -1
            for k in range(1, n + 1):
                o = (seat + k) % n
                if need[o] and not dropped[o]:
                    nxt = o
                    break
            if nxt < 0:
                break
            seat = nxt
        contenders = [s for s in range(n) if bets[s] and not dropped[s]]   # P10
        if contenders:
            winner = max(contenders, key=keys.__getitem__)
            chips[winner] += sum(bets) + holes[POCH]
            holes[POCH] = 0
            seat = winner
        else:
            seat = first
        played = [False] * 32                                # P12, P13, P14
        played[turned] = True
        while True:
            hand = hands[seat]
            card = choice(hand)
            while True:
                steps += 1
                hand.remove(card)
                played[card] = True
                if not hand:
                    break
                if card & 7 == ACE or played[card - 1]:
                    break
                card -= 1
                seat = owner[card]
                hand = hands[seat]
            if not hand:
                break
        steps += 1                                           # the settling (P14, P11)
        chips[seat] += holes[CENTRE]
        holes[CENTRE] = 0
        for k in range(1, n):
            o = (seat + k) % n
            owe = min(len(hands[o]), chips[o])
            chips[o] -= owe
            chips[seat] += owe
        dealer = (dealer + 1) % n
