"""A bare pure-Python game of Valencian truc: the floor ``engine_speed.py`` measures the
engine against.

The same rules as ``cardwidgets.games.truc`` with its default settings (cama of 24, two
camas to win, no variant): the deal to the right from mà (V5), the tricks and pardas (V6,
our rulings on ties and leads), the truc ladder with raises as answers or on one's turn
(V7), giving up (V8), the envit, torne and falta with our rulings on when they may be called
and when a falta may answer (V9), and the settling, envit first (V10, V1). A random player
chooses uniformly among the same legal actions the engine offers (cards, bets, answers,
giving up), so the games have the same shape. A card is a number (its place in ``POWER``,
``SUIT``, ``NUM``); an action a number (a card, or one of the codes below). It checks
nothing, explains nothing and keeps no history; it counts the steps the engine records
(the deal and the settling too).
"""
from __future__ import annotations

import random

from cardwidgets.engine.core import shuffled

# the 22 cards: the ace of swords, the ace of clubs, then 3 to 7 of each suit
# suits 0 swords, 1 clubs, 2 coins, 3 cups; power (V4): the four top cards alone, then by rank
_CARDS = [(1, 0), (1, 1)] + [(r, s) for s in range(4) for r in range(3, 8)]
SUIT = [s for _, s in _CARDS]
NUM = [r for r, _ in _CARDS]
_RANK = {3: 4, 7: 3, 6: 2, 5: 1, 4: 0}
_TOP = {(1, 0): 9, (1, 1): 8, (7, 0): 7, (7, 2): 6}
POWER = [_TOP.get(c, _RANK.get(c[0])) for c in _CARDS]

ENVIT, TORNE, FALTA = 100, 101, 102          # the envit bets
TRUC = 110                                   # TRUC + k: the k-th bet of the ladder (1..4)
ACCEPT, REFUSE, GIVE_UP = 200, 201, 300
WORTH = (1, 2, 3, 4, None)                   # the truc accepted at level k (None: the cama)
REFUSED = (0, 1, 2, 3, 4)                    # a refused bet of level k gives
TARGET, HALF = 24, 12


def envit_value(cards) -> int:
    """V9: two of one suit, their numbers + 20 (three: the two highest); else the highest."""
    best = 0
    for s in range(4):
        nums = sorted((NUM[c] for c in cards if SUIT[c] == s), reverse=True)
        if len(nums) >= 2:
            v = nums[0] + nums[1] + 20
        elif nums:
            v = nums[0]
        else:
            continue
        if v > best:
            best = v
    return best


def answerer(seat: int, folded: list, n: int) -> int:
    """V7, V9 (our ruling): the next opponent in playing order who still plays answers."""
    for k in range(1, n + 1):
        s = (seat - k) % n
        if s & 1 != seat & 1 and not folded[s]:
            return s
    return (seat - 1) % n


def still_to_play(seat: int, played: list, folded: list, n: int):
    """V6: the next seat to the right of ``seat`` still to play this trick, or None."""
    for k in range(1, n + 1):
        s = (seat - k) % n
        if not played[s] and not folded[s]:
            return s
    return None


def bare_game(rng: random.Random, n: int = 4) -> tuple:
    """One random whole game: ``(steps, camas, points)`` at its end."""
    choice = rng.choice
    points, camas = [0, 0], [0, 0]
    dealer, steps = 0, 0
    while True:
        ma = (dealer - 1) % n
        deck = shuffled(range(22), rng)    # (rng.shuffle's order, quicker: as the engine)
        steps += 1                                            # the deal (V5)
        hands = [[] for _ in range(n)]
        for i in range(3 * n):
            hands[(ma - i) % n].append(deck[i])
        dealt = [h[:] for h in hands]
        folded = [False] * n
        outcomes = []                                        # each trick's side, or None
        leader = to_act = ma
        plays = []                                           # (power, seat) of this trick
        played = [False] * n
        calls = []               # open bets: [kind, by, answer_by] (an envit's: + stake, refused)
        level, owner = 0, -1
        answered = [False] * n
        envit = 0                   # 0 none, 1 open, 2 accepted, 3 refused
        envit_stake = envit_refused = truc_refused = None
        winner = None
        while winner is None:
            steps += 1
            if calls:
                call = calls[-1]
                kind, seat = call[0], call[2]
                acts = [ACCEPT, REFUSE]
                if kind >= TRUC:
                    if kind < TRUC + 4:
                        acts.append(kind + 1)
                    if (not envit and not outcomes and not played[seat] and not level
                            and not answered[seat]):
                        acts += (ENVIT, FALTA)
                elif kind != FALTA:
                    if kind == ENVIT:
                        acts.append(TORNE)
                    top = max(points)
                    if top <= HALF or TARGET - top > (2 if kind == ENVIT else 4):
                        acts.append(FALTA)
            else:
                seat = to_act
                acts = hands[seat][:]
                if (not envit and not outcomes and not played[seat] and not level
                        and not answered[seat]):
                    acts += (ENVIT, FALTA)
                if level < 4 and owner != seat & 1:
                    acts.append(TRUC + level + 1)
                acts.append(GIVE_UP)
            a = choice(acts)
            if a < 22:                                       # a card (V6)
                hands[seat].remove(a)
                plays.append((POWER[a], seat))
                played[seat] = True
                s = still_to_play(seat, played, folded, n)
                if s is not None:
                    to_act = s
                    continue
            elif a >= TRUC and a < ACCEPT:                  # a truc bet (V7)
                if calls and calls[-1][0] >= TRUC:
                    answer_by = calls.pop()[1]
                else:
                    answer_by = answerer(seat, folded, n)
                answered[seat] = True
                calls.append([a, seat, answer_by])
                continue
            elif a >= ENVIT and a < TRUC:                   # an envit bet (V9)
                if calls and calls[-1][0] < TRUC:
                    prev = calls.pop()
                    answer_by = prev[1]
                    prev_stake = 2 if prev[0] == ENVIT else 4
                else:
                    prev_stake = None
                    answer_by = answerer(seat, folded, n)
                if a == ENVIT:
                    stake, refused = 2, 1
                elif a == TORNE:
                    stake, refused = 4, 2
                else:
                    top = max(points)
                    stake, refused = (None if top <= HALF else TARGET - top), prev_stake or 1
                envit = 1
                calls.append([a, seat, answer_by, stake, refused])
                continue
            elif a == ACCEPT or a == REFUSE:
                call = calls.pop()
                kind, by = call[0], call[1]
                if kind < TRUC:
                    if a == ACCEPT:
                        envit, envit_stake = 2, call[3]
                    else:
                        envit, envit_refused = 3, (by & 1, call[4])
                    continue
                answered[seat] = True
                if a == ACCEPT:
                    level, owner = kind - TRUC, by & 1
                    continue
                truc_refused = (by & 1, REFUSED[kind - TRUC])
                winner = by & 1
                break
            else:                                            # giving up (V8)
                hands[seat] = []
                folded[seat] = True
                if all(folded[s] for s in range(seat & 1, n, 2)):
                    winner = 1 - (seat & 1)
                    break
                s = still_to_play(seat, played, folded, n)
                if s is not None:
                    if not plays:
                        leader = s
                    to_act = s
                    continue
            # the trick is complete (V6)
            top = max(plays)[0]
            best = [s for p, s in plays if p == top]
            sides = {s & 1 for s in best}
            if len(sides) == 1:
                side = best[0] & 1
                lead = best[0]
            else:
                side = None
                lead = leader
                while folded[lead]:
                    lead = (lead - 1) % n
            outcomes.append(side)
            won = [s for s in outcomes if s is not None]
            if won.count(0) >= 2:
                winner = 0
            elif won.count(1) >= 2:
                winner = 1
            elif outcomes[0] is not None:
                if None in outcomes[1:]:
                    winner = outcomes[0]
            elif len(outcomes) >= 2 and outcomes[1] is not None:
                winner = outcomes[1]
            elif len(outcomes) == 3:
                winner = outcomes[2] if outcomes[2] is not None else ma & 1
            leader = to_act = lead
            plays = []
            played = [False] * n
        # the settling (V10): the envit first, then the truc
        if envit >= 2:
            steps += 1
            if envit == 3:
                side, pts = envit_refused
            else:
                values = [envit_value(h) for h in dealt]
                best = max(values)
                s = ma
                while values[s] != best:
                    s = (s - 1) % n
                side = s & 1
                pts = envit_stake if envit_stake is not None else TARGET - points[side]
            points[side] = min(TARGET, points[side] + pts)
            if points[side] >= TARGET:                       # the truc is not counted (V1)
                camas[side] += 1
                if camas[side] == 2:
                    return steps, camas, points
                points = [0, 0]
                dealer = (dealer - 1) % n
                continue
        steps += 1
        if truc_refused is not None:
            side, pts = truc_refused
        else:
            side = winner
            pts = WORTH[level]
            if pts is None:
                pts = TARGET - points[side]
        points[side] = min(TARGET, points[side] + pts)
        if points[side] >= TARGET:
            camas[side] += 1
            if camas[side] == 2:
                return steps, camas, points
            points = [0, 0]
        dealer = (dealer - 1) % n
