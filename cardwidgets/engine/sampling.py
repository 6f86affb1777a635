"""Dealing the cards a seat cannot see again, at random, keeping everything it knows.

A computer player that looks ahead must not peek at hidden cards. Instead it imagines a
*world*: the same table, with every card it cannot see dealt again at random among the
places it could be (other hands, the stock, cards face down), so that what it has seen stays
true (its own cards, every card shown or played, how many cards each place holds) and so do
the hard facts the play revealed (a player who did not follow suit has none of it).

Each game builds its worlds in its own ``sample_world(seat, rng)`` from the helper here,
:func:`deal_hidden`: give it the unknown cards (in a fixed order that depends only on what
the seat knows, such as the deck's order), the places with how many cards each holds, the
cards each place may not hold, and, if need be, a test the whole deal must pass.

>>> import random
>>> from cardwidgets.engine import make_deck
>>> cards = make_deck("spanish40")[8:14]     # two coins and four cups
>>> out = deal_hidden(cards, [("B", 3), ("C", 3)], random.Random(1),
...                   forbid={"B": {c for c in cards if c.suit == "coins"}})
>>> any(c.suit == "coins" for c in out["B"]), sorted(map(len, out.values()))
(False, [3, 3])
"""
from __future__ import annotations

import random

__all__ = ["deal_hidden", "SamplingError", "redact_deals"]


class SamplingError(ValueError):
    """No deal of the unknown cards meets the constraints (the facts contradict each other)."""


def deal_hidden(pool, places, rng: random.Random, *, forbid=None, accept=None,
                tries: int = 200, prefer=None, prefer_tries: int = 30) -> dict:
    """Deal the cards of ``pool`` at random into ``places`` and return ``{place: [cards]}``.

    ``places`` is a list of ``(place, count)``, the counts adding up to ``len(pool)``.
    ``forbid`` maps a place to the cards it may not hold (hard facts such as a void in a
    suit). ``accept(deal)``, if given, must return true for the deal to be kept (facts that
    concern several cards at once, e.g. "holds a pair"); deals are drawn again until one
    passes, at most ``tries`` times (after that the last deal that meets ``forbid`` is
    returned: the facts are then only nearly kept, which is rare and harmless for a
    look-ahead).

    ``prefer(deal)`` is for soft information, what the other players' choices suggest
    (a bet is likely made with good cards, but may be a bluff): the first ``prefer_tries``
    deals must pass it as well; after that it is dropped.

    The result depends only on the arguments and the state of ``rng``: give the pool in an
    order that depends only on what the seat knows (e.g. the deck's order), never in the
    order the hidden cards really lie.
    """
    pool = list(pool)
    total = sum(k for _, k in places)
    if total != len(pool):
        raise SamplingError(f"{len(pool)} unknown cards for {total} hidden places")
    forbid = {p: f for p, f in (forbid or {}).items() if f}
    last = None
    for k in range(max(1, tries)):
        deal = _draw(pool, places, rng, forbid)
        if deal is None:
            continue
        last = deal
        if (accept is None or accept(deal)) and (prefer is None or k >= prefer_tries
                                                 or prefer(deal)):
            return deal
    if last is None:
        last = _matching(pool, places, rng, forbid)
    return last


def _draw(pool, places, rng, forbid):
    if not forbid:
        cards = pool[:]
        rng.shuffle(cards)
        out, i = {}, 0
        for place, k in places:
            out[place] = cards[i:i + k]
            i += k
        return out
    # the cards that some place refuses go first (fewest places open to them first), each to
    # an open place chosen with odds in proportion to its free room: close to a uniform deal
    room = {p: k for p, k in places}
    out = {p: [] for p, _ in places}
    names = [p for p, _ in places]
    allowed = []
    for c in pool:
        ok = [p for p in names if room[p] and not (p in forbid and c in forbid[p])]
        allowed.append((len(ok), rng.random(), c))
    allowed.sort(key=lambda t: (t[0], t[1]))
    for _, _, c in allowed:
        ok = [p for p in names if room[p] and not (p in forbid and c in forbid[p])]
        if not ok:
            return None
        weights = [room[p] for p in ok]
        r = rng.random() * sum(weights)
        for p, w in zip(ok, weights):
            r -= w
            if r < 0:
                break
        out[p].append(c)
        room[p] -= 1
    return out


def _matching(pool, places, rng, forbid):
    """A deal meeting ``forbid`` found by augmenting paths (when random tries all failed)."""
    slots = [p for p, k in places for _ in range(k)]
    rng.shuffle(slots)
    cards = pool[:]
    rng.shuffle(cards)
    owner = [None] * len(slots)          # slot → card index

    def fits(ci, si):
        f = forbid.get(slots[si])
        return not (f and cards[ci] in f)

    def augment(ci, seen):
        for si in range(len(slots)):
            if si in seen or not fits(ci, si):
                continue
            seen.add(si)
            if owner[si] is None or augment(owner[si], seen):
                owner[si] = ci
                return True
        return False

    for ci in range(len(cards)):
        if not augment(ci, set()):
            raise SamplingError("no deal of the unknown cards fits what the seat knows")
    out = {p: [] for p, _ in places}
    for si, ci in enumerate(owner):
        out[slots[si]].append(cards[ci])
    return out


def redact_deals(world, placeholder) -> None:
    """Replace every deal in ``world``'s list of actions and steps with ``placeholder`` (a
    deal action naming no cards), so that a sampled world carries no trace of the real
    order of the cards. The world can still be played on; it cannot be replayed."""
    actions = world.actions
    for i, a in enumerate(actions):
        if a.kind == "deal":
            actions[i] = placeholder
    history = world.history
    last = len(history) - 1
    for i, s in enumerate(history):
        if s.action.kind == "deal":
            # the words of the last step stay (the seat's view shows them); older deals' words
            # are not kept, so nothing of the real deal rides along in a world
            text = s.text if i == last else "The cards are dealt."
            history[i] = s.__class__(s.index, placeholder, s.phase, s.deal, text, s.rule,
                                     s.actor)
    world._redo = []
    world._legal_now = None       # the legal actions are worked out again in the new world
