"""A bare pure-Python game of truk: the floor ``engine_speed.py`` measures the engine against.

The same rules as ``cardwidgets.games.truk`` with its default settings (four players, no
variant, to 6 truks): the deal to the right and the start's draw (K4, K11), the options on
a truk due (K12, K13), pasotan changes with keep or take back (K16), the tricks with every
tie a tie (K5, K7), the truk bet (K17), the pass in pairs (K18), the signals and asking the
partner for one (K19), and the counters (K10, K13, K15). A random player chooses uniformly
among the same legal actions the engine offers (each card, each set of cards to change,
each true signal not yet given, the bets and answers), so the games have the same shape.
Suits never matter in truk (K2), so a card is its rank's power, 1 (a 4) to 10 (a 3); a hand
is a list sorted high to low. It checks nothing, explains nothing and keeps no history; it
counts the steps the engine records (the deal and the counters' moves too).
"""
from __future__ import annotations

import random
from itertools import combinations

from cardwidgets.engine.core import shuffled

N = 4
THREE, TWO, ACE = 10, 9, 8
# action codes (a card is its place in the hand, 0-2; a change is a tuple of places)
TRUK, ASK_PASS, PLAY_TRUK, DECLINE, ASK_PARTNER, JOKA, REFUSE = range(10, 17)
KEEP, TAKE_BACK, ACCEPT_PASS, REFUSE_PASS, NOTHING_NEW = range(17, 22)
SIGNAL = 100                 # SIGNAL + i: the i-th signal of K19
# the changes of a hand of k cards, from at least `least` cards up to `most` (K16, K18)
CHANGES = {(k, least, most): [c for j in range(least, most + 1)
                              for c in combinations(range(k), j)]
           for k in range(4) for least in (0, 1) for most in range(k + 1)}
_TRUE: dict = {}


def true_signals(hand) -> list:
    """K19: the signals true of a hand (one 3, two 3s, one 2, two 2s, an ace, nothing)."""
    key = tuple(hand)
    found = _TRUE.get(key)
    if found is None:
        threes, twos, aces = hand.count(THREE), hand.count(TWO), hand.count(ACE)
        found = _TRUE[key] = [i for i, true in enumerate(
            (threes == 1, threes >= 2, twos == 1, twos >= 2, aces >= 1,
             not (threes or twos or aces))) if true]
    return found


def bare_game(rng: random.Random) -> tuple:
    """One random whole game of four players: ``(steps, truks, tantos)`` at its end."""
    choice = rng.choice
    tantos, truks = [0, 0], [0, 0]
    esku = None
    dealer = 0
    stake, mode, due = "truk", None, None      # due: [side, options, path]
    steps = 0
    deck = [v for v in range(1, 11) for _ in range(4)]
    while True:
        steps += 1                                              # the deal (K4)
        deck = shuffled(deck, rng)    # (rng.shuffle's order, quicker: as the engine)
        d = dealer if esku is None else esku
        hands = [None] * N
        for j in range(N):
            seat = (d - 1 - j) % N
            hands[seat] = sorted(deck[j:3 * N:N], reverse=True)
        stock = deck[3 * N:]
        if esku is None:                                        # the draw (K11)
            drawing = [(d - 1 - j) % N for j in range(N)]
            taken = 0
            while True:
                got = [(stock[taken + i], s) for i, s in enumerate(drawing)]
                taken += len(drawing)
                top = max(got)[0]
                best = [s for v, s in got if v == top]
                if len(best) == 1:
                    break
                drawing = best
            stock = stock[taken:] + stock[:taken]
            esku = best[0]
            tantos[esku & 1] = 2
            due = [esku & 1, 2, "opening"]
            stake = "truk"
        first = (esku - 1) % N
        given = [0] * N                  # signals given, a bit each
        asked_pass = [False] * N
        asked_partner = [False] * N
        consult = None                   # the seat that asked its partner
        exchange = None                  # (old, new) waiting for keep or take back
        paso = None                      # [asker, answerer, accepted]
        bet = False
        sides = []                       # each trick's side, or None for a tie
        plays = []
        winner = None
        if stake == "truk" and due is not None:
            phase = "option"
            seat = first if first & 1 == due[0] else (first - 1) % N
        elif stake == "truk" and mode == "pasotan":
            phase, seat = "pasotan", first
        else:
            phase, seat = "play", first
        while winner is None:
            steps += 1
            if consult is not None:
                acts = [SIGNAL + i for i in true_signals(hands[seat])
                        if not given[seat] >> i & 1] or [NOTHING_NEW]
            elif exchange is not None:
                acts = [KEEP, TAKE_BACK]
            elif phase == "play":
                acts = list(range(len(hands[seat])))
                if stake == "tanto" and not bet:
                    acts.append(TRUK)
                if not asked_pass[seat] and stock:
                    acts.append(ASK_PASS)
            elif phase == "option" or phase == "answer":
                acts = [PLAY_TRUK, DECLINE] if phase == "option" else [JOKA, REFUSE]
                if not asked_partner[seat]:
                    acts.append(ASK_PARTNER)
            elif phase == "paso" and not paso[2]:
                acts = [ACCEPT_PASS, REFUSE_PASS]
            else:                                               # changing cards
                hand = hands[seat]
                k = len(hand)
                most = k if k < len(stock) else len(stock)
                if phase == "pasotan":
                    acts = [PLAY_TRUK] + CHANGES[k, 1, most]
                else:
                    acts = CHANGES[k, 0, most][:]
            if consult is None and exchange is None:
                g = given[seat]
                acts += [SIGNAL + i for i in true_signals(hands[seat]) if not g >> i & 1]
            a = choice(acts)
            if type(a) is tuple:                                # a change (K16, K18)
                hand = hands[seat]
                if not a:
                    seat, phase = (paso[1], phase) if seat == paso[0] else (paso[0], "play")
                    continue
                old = [hand[i] for i in a]
                for i in reversed(a):
                    del hand[i]
                new = stock[:len(old)]
                del stock[:len(old)]
                hand += new
                hand.sort(reverse=True)
                exchange = (old, new)
                continue
            if a >= SIGNAL:                                      # a signal (K19)
                given[seat] |= 1 << (a - SIGNAL)
                if consult is not None:
                    seat, consult = consult, None
                continue
            if a < 3:                                            # a card (K5)
                plays.append(hands[seat].pop(a))
                if len(plays) < N:
                    seat = (seat - 1) % N
                    continue
                top = max(plays)
                if plays.count(top) > 1:
                    sides.append(None)
                else:
                    sides.append((first - plays.index(top)) % N & 1)
                plays = []
                seat = first
                won = [s for s in sides if s is not None]
                if won.count(0) >= 2:
                    winner = 0
                elif won.count(1) >= 2:
                    winner = 1
                elif sides[0] is not None:
                    if None in sides[1:]:
                        winner = sides[0]
                elif len(sides) >= 2 and sides[1] is not None:
                    winner = sides[1]
                elif len(sides) == 3:
                    winner = sides[2] if sides[2] is not None else esku & 1
                continue
            if a == NOTHING_NEW:
                seat, consult = consult, None
            elif a == KEEP or a == TAKE_BACK:
                if a == TAKE_BACK:
                    old, new = exchange
                    hand = hands[seat]
                    for c in new:
                        hand.remove(c)
                    hand += old
                    hand.sort(reverse=True)
                exchange = None
                if phase == "pasotan":
                    seat = (seat - 1) % N
                elif seat == paso[0]:
                    seat = paso[1]
                else:
                    seat, phase = paso[0], "play"
            elif a == ASK_PARTNER:
                asked_partner[seat] = True
                consult, seat = seat, (seat + 2) % N
            elif a == TRUK:                                      # K17
                bet = True
                bettor, phase, seat = seat, "answer", (seat - 1) % N
            elif a == JOKA:
                stake, mode, phase, seat = "truk", "bet", "play", bettor
            elif a == REFUSE:
                winner = bettor & 1
            elif a == ASK_PASS:                                  # K18
                asked_pass[seat] = True
                paso = [seat, (seat - 1) % N, False]
                phase, seat = "paso", (seat - 1) % N
            elif a == ACCEPT_PASS:
                paso[2] = True
                seat = paso[0]
            elif a == REFUSE_PASS:
                phase, seat = "play", paso[0]
            elif a == PLAY_TRUK:
                if phase == "option":
                    due, mode = None, "chosen"
                phase, seat = "play", first
            else:                                                # DECLINE (K12, K13)
                esku = (esku - 1) % N
                side, options, path = due
                if options == 2:
                    tantos[side] = 3
                    due[1] = 1
                else:
                    tantos[side] = 0
                    due, stake = None, "truk"
                    mode = "compulsory" if path == "AB" else "pasotan"
                winner = -1
        if winner < 0:
            continue
        steps += 1                                               # the counters (K10-K15)
        if stake == "truk":
            truks[winner] += 1
            if truks[winner] >= 6:
                return steps, truks, tantos
            tantos = [0, 0]
            stake, mode = "tanto", None
        elif tantos == [1, 1]:
            tantos = [0, 0]
            tantos[winner] = 3
            due, stake = [winner, 1, "AB"], "truk"
        else:
            tantos[winner] += 1
            if tantos[winner] == 2:
                due, stake = [winner, 2, "AA"], "truk"
        esku = (esku - 1) % N
