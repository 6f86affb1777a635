"""Valencian truc: tricks, the truc ladder, the envit and camas.

Source: document 003 (Basque), its second rule set, translated there from the card maker
Heraclio Fournier's rules. Rule ids V1–V11 follow ``shared/rules/truk.md``; variants VV1
(camas of 18) and VV2 (Catalan truc). Where the document leaves a point open we rule on it;
those rulings are marked "Our ruling" in :data:`RULES`.

A game is two camas won (best of three). Each hand is: the deal (a chance step: the order of
the 22 cards, so a record can script any deal), then the play, where on their turn a player
plays a card, calls a bet (truc and its raises, the envit and its raises) or gives up, and a
called side answers before play goes on; then the settling (steps the rules take by
themselves): first the envit, then the truc (V10).

>>> from cardwidgets.games.truc import Truc, envit_value
>>> c = Truc(4).suits.card
>>> envit_value([c("7-swords"), c("6-swords"), c("3-clubs")])
33
>>> from cardwidgets import play_out, RuleOfThumbPlayer
>>> game = play_out(Truc(4), RuleOfThumbPlayer(seed=1), seed=1)
>>> game.finished, max(game.camas)
(True, 2)
"""
from __future__ import annotations

import random
from functools import wraps
from itertools import combinations, filterfalse, product
from operator import itemgetter
from typing import Any

from ...engine import (CHANCE, TABLE, Action, Call, Card, ConfigError, Game, IllegalAction,
                       Phase, RankOrder, RankPower, Table, Trick, deal_problem, make_deck,
                       three_trick_hand)
from ...engine.tricks import Play
from ...engine.core import shared_action, shuffled, text_of
from ...engine.words import SidesAddressed, Words, sentence_case

__all__ = ["Truc", "RULES", "envit_value", "envit_words", "RANK", "SPECIAL", "WORDS",
           "ladder", "falta_value"]

# ---- the game's own words -----------------------------------------------------------------
#: The game's terms (Valencian, with the Basque of the document where it has its own), in
#: English.
WORDS = {
    "mà": "the hand: the player on the dealer's right, who plays first and wins ties",
    "truc": ("the tricks of a hand, worth 1 point; and the first bet on them: accepted, the "
             "truc is worth 2; refused, the caller's side scores 1"),
    "birtruc": "the raise of a truc (accepted, worth 3; refused, 2 to the caller's side)",
    "quatre val": ("'four is worth': the raise of a birtruc (accepted, worth 4; refused, 3 to "
                   "the caller's side)"),
    "joc fora": "'game out': the raise of a quatre val, the whole cama at stake",
    "envit": ("the bet on the best cards of one suit (worth 2); the document's Basque: "
              "enbido (envide)"),
    "torne": "the raise of an envit (2 more, so 4)",
    "falta": "the envit for what the leading side lacks to win the cama",
    "cama": "a part game of 24 points (Basque ohe, 'bed'; Spanish chico)",
    "males": "the first 12 points of a cama, 'the bad ones' (Basque txarrak)",
    "bones": "the last 12 points of a cama, 'the good ones' (Basque onak)",
    "parda": "a tied trick (the document's Basque: altxaldi arrea, 'the grey trick')",
}

SUIT_WORDS = {"coins": "coins (oros)", "cups": "cups (copas)", "swords": "swords (espadas)",
              "clubs": "clubs (bastos)"}

RULES = {
    "V1": "The aim is to win two camas (Basque ohe, 'bed'; a part game, Spanish chico). A cama "
          "is 24 points; its first 12 are the males ('bad ones', Basque txarrak), the last 12 "
          "the bones ('good ones', onak). Our ruling: a side on exactly 12 holds males only "
          "(the document calls the first 12 points the males), so it is still in the males "
          "and the bones begin at 13; at 12-5 or 12-12 a falta bets the whole cama (V9). Our "
          "ruling: the first side to reach 24 wins the cama at once; points beyond 24 and the "
          "rest of that hand's settling are not counted, and the next cama starts at 0-0 with "
          "the next deal.",
    "V2": "The deck: 22 cards of the Spanish 40. The figures (Jack, Knight, King), the 2s and "
          "the aces of coins and cups are taken out, leaving the ace of swords, the ace of "
          "clubs and the 3 to 7 of every suit.",
    "V3": "Two, four or six players; with four or six, two sides seated alternately round the "
          "table, so that the players of one side never sit together. The document also "
          "names eight players, but eight players of three cards need 24 cards and the deck "
          "has 22. Our ruling: eight cannot be dealt, so we refuse it. Four players, two against two, is "
          "the usual game and the one the document describes. Our ruling: partners make no "
          "signals and do not tell each other their cards: the truc rules in the document "
          "(Heraclio Fournier's, put into Basque) say nothing of either; its history says "
          "only that in the Catalan and Basque forms of the game partners may show good "
          "cards with the usual gestures, and it gives the gestures for Basque truk alone "
          "(truk's K19, where partners may talk and signal at any time).",
    "V4": "The rank of the cards, high to low: the ace of swords, the ace of clubs, the 7 of "
          "swords, the 7 of coins, the 3s, the 'false' 7s (clubs and cups), the 6s, the 5s and "
          "the 4s. Cards of one rank are equal and tie (the four at the top are each alone).",
    "V5": "Each hand the dealer gives the cut to the player on their left and deals three cards "
          "to each player, one at a time, to the right (counter-clockwise). The player on the "
          "dealer's right is mà (has the hand). Our ruling: the first dealer is chosen by lot "
          "(here, whoever sets up the game names the first dealer, the first seat if nobody "
          "does); mà leads the first trick; after each hand the deal passes to the right, so "
          "the last mà deals next (also from one cama to the next).",
    "V6": "The tricks (the truc): everyone plays one card; the highest card wins the trick and "
          "its winner leads the next. Equal top cards of two opponents tie the trick: a parda "
          "(the document's Basque: altxaldi arrea). Two of the three tricks win the hand; if "
          "one trick is won and another tied, the side that won its trick first wins; if all "
          "three tie, mà's side wins. A third trick that cannot change the result is not "
          "played (two won, or one won and another tied). Our ruling: tied, tied, then won: "
          "the winner of the third trick takes the hand (as in the Basque table). Our ruling: "
          "after a parda the player who led the tied trick leads again. Our ruling: equal top "
          "cards of partners are a win for their side (the document speaks of a tie between "
          "two opponents), and the first of them to play it leads the next trick.",
    "V7": "The truc ladder. A hand's truc is worth 1 point. Any player may call truc: now the "
          "truc is worth 2, and if the other side refuses, the caller's side scores 1. The called side may answer birtruc (3; refused, 2), the answer to that "
          "may be quatre val (4; refused, 3), and quatre val may be answered with joc fora: "
          "the whole cama at stake. Our ruling: a refused bet ends the hand (the document gives "
          "only the points), and the tricks left are not played. Our ruling: a bet is called on one's turn to play, before "
          "one's card; the next opponent in playing order answers for the side, and a raise "
          "is answered by the player whose bet it raises. Our ruling: the side that received "
          "the last bet may raise it 'at any time': as its answer, or later on the turn of any "
          "of its players; the side that made the last bet may not raise it. Our ruling: a "
          "refused joc fora gives the previous bet, 4 (the general rule); an accepted one "
          "gives the winner of the tricks what it lacks to 24, so it wins the cama, unless "
          "the envit, settled first, has already ended it.",
    "V8": "Giving up: the player whose turn it is to play, seeing no chance of winning the "
          "truc, may lay their cards on the stock. With two players the hand is lost at once; "
          "with more, the partners play on. Our ruling: the hand is lost when every player of "
          "a side has given up, and a lost hand gives the other side the truc at its current "
          "value (1 with no bet, or the accepted bet). A player who gave up plays no more "
          "cards but keeps their envit: their cards are shown at the settling if needed. Our "
          "ruling: when the player who should lead a trick has given up, the next player in "
          "turn who still plays leads it.",
    "V9": "The envit. A player may call envit on their first turn of the hand, before calling "
          "or answering a truc, before the first card; play stops until the envit betting is "
          "closed. A hand's envit value: two cards of one suit, their numbers + 20; three of "
          "one suit, the two highest + 20; otherwise the highest card's number (the number on the card: the "
          "aces count 1, and the deck has no figures). The envit is worth 2; with no call it is not played. It may be answered with "
          "torne (2 more, so 4); the only answer to a torne is falta. The falta bets what the "
          "leading side lacks to win the cama when it is called; if both sides are still in "
          "the males (12 points or fewer each, V1), the whole cama. A refused bet gives "
          "the caller's side 1, or the previous bet if it was a raise. The player with the highest value wins, for their side; a "
          "tie goes to mà. Our ruling: 'before the first card' is the player's own first "
          "card, so anyone may call in the first trick before playing their card, but no "
          "longer once a truc has been accepted; the player answering a truc may call envit "
          "first, and the envit is closed before the truc is answered; one envit betting per "
          "hand. Our ruling: falta may also answer a plain envit (refused, 2). Our ruling: a "
          "falta that answers an envit or a torne must put more at stake than the bet it "
          "answers (more than 2 points, or more than 4), so near the end of a cama, where it "
          "bets less (at 23–5 a falta bets 1), the envit or torne can only be accepted or "
          "refused (read literally, a refused falta would then give its caller more than an "
          "accepted one); a falta that opens the betting may be called at any score. Our "
          "ruling: a "
          "tie between players none of whom is mà goes to the tied player nearest to mà in "
          "playing order. Our ruling: at the settling of an accepted envit every player shows "
          "their value; a refused envit shows nothing. The document adds that some players "
          "bet any amount on the envit, the fixed bets being the usual way. Our ruling: only "
          "the fixed bets are played (envit 2, torne 4, falta).",
    "V10": "Order of settling: an accepted envit is only checked at the end of the hand, and "
           "the settling goes in the order of the bets: first the envit, then the truc. Near "
           "the end of a cama this matters, because the first side to reach 24 wins it. Our "
           "ruling: refused bets are counted in the same order, at the end of the hand.",
    "V11": "Compared with Argentine truco (the document's list): 22 cards instead of 40 (no "
           "figures, no 2s, no 'false' aces); no flor; the envit winner is checked at the end, "
           "not when the bet closes; no real envido; the part game is the cama of 24 (Argentine "
           "chico, 30); joc fora can raise the truc bet to the whole cama.",
    "VV1": "Variant, camas of 18 (one Valencian rule set): a cama is 18 points, 9 males and 9 "
           "bones (a side on 9 is still in the males, as a side on 12 is in V1); the best of "
           "three camas wins, as in V1.",
    "VV2": "Variant, Catalan truc (other sources): one game to 12 points (no males and bones), "
           "the truc ladder is truc (2; refused, 1) and retruc (3; refused, 2), and there is no "
           "envit. Not modelled: the rule some give that a side on 11 decides before play.",
}

DEAL_PHASE = Phase("deal", "The deal", "V5")
PLAY_PHASE = Phase("play", "The tricks and the bets", "V6")
SETTLE_PHASE = Phase("settle", "Settling the hand", "V10")
OVER_PHASE = Phase("over", "Game over", "V1")

#: V4: the ordinary ranks, high to low (the 7s here are the false 7s), and the four top cards.
RANK = ("3", "7", "6", "5", "4")
SPECIAL = {"1-swords": 4, "1-clubs": 3, "7-swords": 2, "7-coins": 1}

#: V7: the truc ladder: name, worth when accepted (None: the whole cama), refusal gives.
LADDER = (("truc", 2, 1), ("birtruc", 3, 2), ("quatre val", 4, 3), ("joc fora", None, 4))
CATALAN_LADDER = (("truc", 2, 1), ("retruc", 3, 2))
ENVITS = ("envit", "torne", "falta")
#: V9: what each envit may be answered with (besides accept and refuse).
ENVIT_RAISES = {"envit": ("torne", "falta"), "torne": ("falta",), "falta": ()}

SETTLE_ENVIT = Action("settle", what="envit")
SETTLE_TRUC = Action("settle", what="truc")
ACCEPT, REFUSE = "accept", "refuse"

_act = shared_action    # the legal actions, each made once
_new = tuple.__new__    # a Call, Play or Trick made from its fields at once (the hot path)

_NUM = {"1": "ace", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7"}


def ladder(catalan: bool = False):
    """V7 (or VV2): the truc bets in order as ``(name, worth, refused)``; worth ``None`` is
    the whole cama."""
    return CATALAN_LADDER if catalan else LADDER


def envit_value(cards) -> int:
    """V9: two cards of one suit, their numbers + 20; three, the two highest + 20; else the
    highest card's number (aces count 1)."""
    key = tuple(cards)
    value = _ENVIT_VALUES.get(key)
    if value is None:
        if len(_ENVIT_VALUES) >= 100_000:
            _ENVIT_VALUES.clear()
        value = _ENVIT_VALUES[key] = _envit_value(key)
    return value


#: cards → their envit value, worked out once (a computer player's rule of thumb asks often)
_ENVIT_VALUES: dict = {}


def _envit_value(cards) -> int:
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(int(c.rank))
    best = 0
    for nums in by_suit.values():
        nums.sort(reverse=True)
        v = nums[0] + nums[1] + 20 if len(nums) >= 2 else nums[0]
        best = max(best, v)
    return best


def envit_words(cards) -> str:
    """V9 worked out in words, e.g. ``"7 and 6 of swords: 7 + 6 + 20 = 33"``."""
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    for suit, same in by_suit.items():
        if len(same) >= 2:
            same = sorted(same, key=lambda c: -int(c.rank))
            a, b = int(same[0].rank), int(same[1].rank)
            if len(same) == 3:
                left = same[2]
                return (f"three {suit}, the two highest count ({_NUM[same[0].rank]} and "
                        f"{_NUM[same[1].rank]}; the {_NUM[left.rank]} does not): "
                        f"{a} + {b} + 20 = {a + b + 20}")
            return (f"{_NUM[same[0].rank]} and {_NUM[same[1].rank]} of {suit}: "
                    f"{a} + {b} + 20 = {a + b + 20}")
    top = max(cards, key=lambda c: int(c.rank))
    return (f"no two cards of one suit, so the highest card counts: the {top.name}, "
            f"{int(top.rank)}")


def falta_value(points, target: int = 24, half: int = 12):
    """V9: what a falta bets at a score of ``points`` (two sides): ``None`` for the whole
    cama (both sides in the males, V1: ``half`` or fewer), else what the leading side lacks
    to ``target``.

    >>> falta_value([5, 11]), falta_value([12, 3]), falta_value([13, 3]), falta_value([20, 23])
    (None, None, 11, 1)
    """
    if max(points) <= half:
        return None
    return target - max(points)


_DECK = tuple(make_deck("truc22"))
_DECK_SET = frozenset(_DECK)
_DECK_IDS = frozenset(map(id, _DECK))          #: the deck's own Card objects, by identity
_POWER = RankPower(RankOrder(RANK), special=SPECIAL)
#: each card's power (V4) as ``_POWER_OF.get(card, led_suit)``, a power function without a
#: call of Python (the suit led is only the default, never given back: a trick holds the
#: deck's cards)
_POWER_OF = {c: _POWER(c, "") for c in _DECK}
_SORT = {c: (-_POWER(c, ""), c.suit) for c in _DECK}
#: the deck's own cards in the order a hand is shown (V4: the strongest first), and each
#: card's place in it, a number: as a dict, and for each card of :data:`_DECK` in turn
_BY_PLACE = tuple(sorted(_DECK, key=_SORT.__getitem__))
_PLACE = {c: k for k, c in enumerate(_BY_PLACE)}
_DECK_PLACES = tuple(map(_PLACE.__getitem__, _DECK))


def _check_dealer(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < game.n:
        return f"the first dealer is a seat number from 0 to {game.n - 1}"


def _check_score(game, value):
    target = 12 if game.options["catalan"] else 18 if game.options["camas18"] else 24
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < target
                   for v in value)):
        return (f"the score to start the first cama at is two whole numbers from 0 to "
                f"{target - 1} (side 1, side 2), e.g. [22, 21]; got {value!r}")


def _pts(n) -> str:
    """``"1 point"``, ``"2 points"``."""
    return f"{n} point" if n == 1 else f"{n} points"


def _listing(names):
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


#: the seats in playing order (to the right, V5) from each seat, for 2, 4 and 6 players
_ORDERS = {n: tuple(tuple((s - k) % n for k in range(n)) for s in range(n)) for n in (2, 4, 6)}
#: the opponents of each seat in playing order from it, for 2, 4 and 6 players
_OPPONENTS = {n: tuple(tuple(s for s in order if s & 1 != order[0] & 1) for order in orders)
              for n, orders in _ORDERS.items()}
_SIDE_OF = (0, 1, 0, 1, 0, 1).__getitem__     #: V3: the sides sit alternately
_SEAT, _SIDE = itemgetter(0), itemgetter(1)   #: a Play's seat; a TrickOutcome's side
#: V7, VV2: each ladder's bets → their place (1: truc), and → the bet that raises them
_LEVELS = tuple({name: k + 1 for k, (name, _, _) in enumerate(lad)}
                for lad in (LADDER, CATALAN_LADDER))
_RAISES = tuple({name: lad[k + 1][0] if k + 1 < len(lad) else None
                 for k, (name, _, _) in enumerate(lad)} for lad in (LADDER, CATALAN_LADDER))
#: the truc bet that may be called at each level of the truc (None: the top was accepted)
_NEXT_BET = tuple(tuple(name for name, _, _ in lad) + (None,) for lad in (LADDER, CATALAN_LADDER))
_NO_CARDS = {n: ((),) * n for n in (2, 4, 6)}  #: every seat's cards before a deal
#: V3, V5: the table of 2, 4 or 6 (two sides seated alternately, play to the right), one
#: for every game of that size (a Table never changes)
_TABLES = {n: Table(n, "right", teams=(tuple(range(0, n, 2)), tuple(range(1, n, 2))))
           for n in (2, 4, 6)}
#: V6: mà's side → the sides that took the tricks so far (None: a parda) → the hand's
#: outcome (:func:`three_trick_hand` worked out once for each of the 39 ways)
_HANDS = tuple({sides: three_trick_hand(sides, ma_side)
                for k in (1, 2, 3) for sides in product((0, 1, None), repeat=k)}
               for ma_side in (0, 1))


class _SeatActs:
    """The legal actions a seat may be offered, each made once (:func:`shared_action`), in
    the groups :meth:`Truc._legal` puts together."""

    __slots__ = ("plays", "answers", "torne", "falta", "torne_falta", "envits", "bet",
                 "after_cards")

    def __init__(self, seat):
        call = lambda what: _act("call", seat, what=what)
        # by the card objects' ids: the hands hold the deck's own cards (_do_deal)
        self.plays = {id(c): _act("play", seat, card=c) for c in _DECK}
        self.answers = (_act(ACCEPT, seat), _act(REFUSE, seat))
        self.torne, self.falta = (call("torne"),), (call("falta"),)
        self.torne_falta = self.torne + self.falta
        self.envits = (call("envit"), call("falta"))
        self.bet = {name: (call(name),) for name, _, _ in LADDER + CATALAN_LADDER}
        give_up = (_act("give_up", seat),)
        # what follows the cards on one's turn, [whether the envit may be called][the truc
        # bet that may be called, or None]: envit and falta, the bet, giving up
        self.after_cards = tuple({bet: envits + self.bet.get(bet, ()) + give_up
                                  for bet in (None, *self.bet)}
                                 for envits in ((), self.envits))


_SEAT_ACTS = tuple(_SeatActs(seat) for seat in range(6))

# ---- the words of the steps, made when read ----------------------------------------------
# A step's text is given to the engine as ``(function, args)`` (see ``text_of`` in
# ``engine/core.py``): the function below and the values of the moment it needs, so that a
# game played through by a computer player or a benchmark never builds sentences nobody
# reads. The args are values that never change (numbers, cards, calls, trick outcomes, the
# voice), never the game's own lists.

_TRICK_NAME = ("first", "second", "third")
_LED_BY = {"ma": "mà", "won": "who won the last trick", "tied": "who led the tied trick",
           "passed": "next in turn after the player who gave up"}
_HAND_OVER = (" The hand is over: now the truc is counted.",
              " The hand is over: now the settling, envit first, then truc (V10).")


class _Voice:
    """How one game speaks: its players and who is *you*, its :class:`Words`, its sides'
    labels and its score's settings. Made at the start of a game (again when *you* changes,
    which replays the game) and never changed, so a step's text may keep it; its words and
    labels are worked out when first needed (a game nobody reads never needs them)."""

    __slots__ = ("players", "you", "n", "table", "target", "half", "catalan", "ladder", "_w",
                 "_labels")

    def __init__(self, game):
        self.players, self.you = tuple(game.players), game.you
        self.n, self.table = game.n, game.table
        self.target, self.half, self.catalan = game.target, game.half, game.catalan
        self.ladder = game.ladder
        self._w = self._labels = None

    @property
    def w(self) -> Words:
        """The players' names and verbs, *you* for the seat addressed as you."""
        w = self._w
        if w is None:
            w = self._w = Words(self.players, self.you)
        return w

    @property
    def labels(self) -> tuple:
        """Each side's label: "Side 1 (A and C)"; the player's name in a game of two."""
        labels = self._labels
        if labels is None:
            w = self.w
            if self.n == 2:
                labels = (w.name(0), w.name(1))
            else:
                labels = tuple(f"Side {side + 1} ({w.listing(sorted(team, key=w.is_you))})"
                               for side, team in enumerate(self.table.teams))
            self._labels = labels
        return labels

    def side_says(self, side, verb) -> str:
        """A side and its verb: "Side 1 (A and C) scores", "you score" (two players)."""
        if self.n == 2:
            return self.w.says(side, verb)
        return f"{self.labels[side]} {verb}"

    def side_verb(self, side, verb) -> str:
        return self.w.verb(side, verb) if self.n == 2 else verb

    def side_is_you(self, side) -> bool:
        return self.n == 2 and self.w.is_you(side)

    def part(self, pts) -> str:
        """'males' or 'bones' (V1) for a side on ``pts``; "" with no males (VV2)."""
        if self.half is None:
            return ""
        return "males" if pts <= self.half else "bones"

    def score(self, p0, p1, cama_no) -> str:
        """The score, with the cama it is in (V1): :meth:`Truc.score_words`."""
        parts = []
        for side, pts in ((0, p0), (1, p1)):
            part = self.part(pts)
            where = f" (in the {part})" if part else ""
            parts.append(f"{self.labels[side]} {pts}{where}")
        where = "" if self.catalan else f" in cama {cama_no}"
        return f"Score{where}: " + ", ".join(parts)

    def worth(self, worth, refused=None) -> str:
        if worth is None:
            w = f"the whole cama (the winner of the tricks gets what it lacks to {self.target})"
        else:
            w = _pts(worth)
        if refused is None:
            return w
        return f"{w}; refused, {refused} to the caller's side"

    def falta(self, stake, lead) -> str:
        """What a falta bets, in words; ``lead``: the leading side's points then."""
        if stake is None:
            return (f"the whole cama: both sides are still in the males ({self.half} or fewer), "
                    f"so the winner gets what it lacks to {self.target}")
        return (f"{_pts(stake)}: what the leading side, on {lead}, lacks to win the cama "
                f"({self.target} − {lead})")

    def hand(self, side, way, tricks) -> str:
        """How ``side`` won the hand after ``tricks`` tricks (V6)."""
        who = self.labels[side]
        verb = lambda v: self.side_verb(side, v)
        words = {
            "two": f"{self.side_says(side, 'has')} won two tricks and {verb('wins')} the hand",
            "first_then_tie": f"{who} won the first trick and another is a parda: the side that won its trick first wins the hand",
            "tie_then_win": f"after a parda in the first trick, {who} won the second and {verb('wins')} the hand",
            "two_ties_then_win": f"two pardas, then {who} won the third trick: the winner of the third takes the hand (our ruling, V6)",
            "three_ties": f"all three tricks are pardas: mà's side, {who}, {verb('wins')} the hand",
        }[way]
        if way == "first_then_tie" and tricks == 3:
            which = ("who won your trick first, win" if self.side_is_you(side)
                     else "who won their trick first, wins" if self.n == 2     # a person
                     else "which won its trick first, wins")
            words = (f"each side has won one trick and the third is a parda: {who}, {which} "
                     f"the hand")
        if tricks < 3:
            words += "; the third trick cannot change that and is not played"
        return words[0].upper() + words[1:] + "."


def _spoken(words):
    """A step's words (a function of the voice and values), as sentences when the game
    speaks to someone as *you* ("you call" → "You call" where a sentence begins)."""
    @wraps(words)
    def spoken(v, *args):
        text = words(v, *args)
        return text if v.w.you is None else sentence_case(text)
    return spoken


@_spoken
def _deal_words(v, deal_no, p0, p1, cama_no, dealer, ma) -> str:
    w = v.w
    cutter = v.table.next(dealer, -1)
    return (f"Hand {deal_no}. {v.score(p0, p1, cama_no)}. {w.says(cutter, 'cuts')} and "
            f"{w.says(dealer, 'deals')} three cards to each player, one at a time, to the "
            f"right. {w.name(ma)}, on the dealer's right, {w.verb(ma, 'is')} mà: "
            f"{w.verb(ma, 'plays')} first and {w.verb(ma, 'wins')} ties.")


@_spoken
def _card_words(v, seat, card, led_by, k) -> str:
    """V5, V6: a card led (``led_by``: why this seat leads) or played to trick ``k``."""
    w = v.w
    if led_by is None:
        return f"{w.says(seat, 'plays')} the {card.name}."
    return (f"{w.name(seat)}, {_LED_BY[led_by]}, {w.verb(seat, 'leads')} the {card.name} to "
            f"the {_TRICK_NAME[k]} trick.")


@_spoken
def _trick_words(v, first, k, out, hand_side, hand_way, envit_first, lead) -> str:
    """V6: the text ``first`` of the card (or the giving up) that completed trick ``k``
    (1-based), then who took it, and the hand won or who leads the next trick."""
    text = text_of(first)
    w = v.w
    name = _TRICK_NAME[k - 1].capitalize()
    if out.tie:
        best = sorted(out.best, key=lambda p: w.is_you(p.seat))
        tied = _listing(f"{w.poss(p.seat)} {p.card.name}" for p in best)
        text += f" {name} trick: parda (a tie): {tied} are equal and the highest."
    else:
        win = next(p for p in out.best if p.seat == out.seat)
        same = len(out.best) > 1
        text += (f" {name} trick to {v.labels[out.side]}: {w.poss(win.seat)} "
                 f"{win.card.name} is the highest card"
                 + (" (with a partner's equal card: a win for their side)" if same else "")
                 + ".")
    if hand_side is not None:
        return text + " " + v.hand(hand_side, hand_way, k) + _HAND_OVER[envit_first]
    if out.tie:
        return text + (f" {w.name(lead)}, who led the tied trick, {w.verb(lead, 'leads')} again "
                       f"(our ruling, V6).")
    return text + f" {w.says(lead, 'leads')} the next."


@_spoken
def _truc_call_words(v, seat, level, prev, answer_by) -> str:
    """V7: ``seat`` calls the truc bet of ``level``, raising ``prev`` (the call it answers)
    or on its turn."""
    w = v.w
    name, worth, refused = v.ladder[level - 1]
    if prev is not None:
        text = (f"{w.says(seat, 'answers')} {w.poss(prev.by)} {prev.kind} with {name}! The "
                f"{prev.kind} is taken, and raised: the truc is now worth "
                f"{v.worth(worth, refused)}.")
    elif level == 1:
        text = (f"{w.says(seat, 'calls')} truc! Until now the truc was worth 1 point; accepted it is "
                f"worth {v.worth(worth, refused)}.")
    else:
        text = (f"{w.says(seat, 'raises')} the {v.ladder[level - 2][0]} to {name}: accepted, the "
                f"truc is worth {v.worth(worth, refused)} (the side that received the last "
                f"bet may raise it at any time, V7).")
    if v.n == 2:
        return text + f" {w.says(answer_by, 'answers')}."
    return text + f" {w.says(answer_by, 'answers')} for {v.labels[(seat & 1) ^ 1]}."


@_spoken
def _envit_call_words(v, seat, what, stake, refused, lead, prev, truc, answer_by) -> str:
    """V9: ``seat`` calls ``what`` (its ``stake``; ``lead``: the leading side's points),
    answering ``prev`` (an envit bet) or opening the betting (``truc``: the truc bet it
    answers first, if any)."""
    w = v.w
    worth = v.falta(stake, lead) if what == "falta" else _pts(stake)
    if prev is None:
        stop = (" Play stops until the envit betting is closed (accepted or refused); "
                "the envit itself is counted at the end of the hand (V10).")
        if truc is not None:   # answering a truc
            stop = (f" The envit comes first: {w.name(seat)} will answer the "
                    f"{truc} once the envit is closed.")
        text = (f"{w.says(seat, 'calls')} {what}"
                f"{' (envit of the falta)' if what == 'falta' else ''}: "
                f"the best envit of the hand will win {worth}; refused, 1 point to "
                f"{w.poss(seat)} side.{stop}")
    else:
        text = (f"{w.says(seat, 'answers')} {w.poss(prev.by)} {prev.kind} with {what}: now "
                f"the envit is worth {worth}; refused, {refused} (the {prev.kind}) to "
                f"{w.poss(seat)} side.")
    return text + f" {w.says(answer_by, 'answers')}."


def _resume_words(v, seat, kind) -> str:
    """Who acts after an answer: ``seat`` answers ``kind``, or plays (``kind`` None)."""
    if kind is not None:
        return f" Now {v.w.says(seat, 'answers')} the {kind}."
    return f" Play goes on: {v.w.name(seat)} to play."


@_spoken
def _envit_answer_words(v, seat, call, accept, stake, lead, resume, resume_kind) -> str:
    """V9: ``seat`` accepts or refuses the envit bet ``call`` (its ``stake``, None: the
    whole cama; ``lead``: the leading side's points)."""
    w = v.w
    who = w.says(seat, "accepts") if accept else w.says(seat, "refuses")
    if accept:
        worth = v.falta(stake, lead) if call.kind == "falta" else _pts(stake)
        text = (f"{who} the {call.kind}: it is worth {worth}, and the best envit "
                f"is only shown at the end of the hand (V10).")
    else:
        text = (f"{who} the {call.kind}: {call.refused} point"
                f"{'s' if call.refused != 1 else ''} to {v.labels[call.side]}, "
                f"counted at the settling (V10). Nobody shows their envit.")
    return text + _resume_words(v, resume, resume_kind)


@_spoken
def _truc_answer_words(v, seat, call, level, top, resume, resume_kind) -> str:
    """V7: ``seat`` accepts the truc bet ``call`` of ``level`` (``top``: the last of the
    ladder)."""
    who = v.w.says(seat, "accepts")
    worth = v.ladder[level - 1][1]
    if top:
        text = (f"{who} the {call.kind}: the truc is now worth "
                f"{v.worth(worth)}; that is the top of the ladder.")
    else:
        text = (f"{who} the {call.kind}: the truc is now worth "
                f"{v.worth(worth)}. Only {v.labels[call.side ^ 1]} may "
                f"raise it from here.")
    return text + _resume_words(v, resume, resume_kind)


@_spoken
def _truc_refused_words(v, seat, call, level, envit_first) -> str:
    """V7: ``seat`` refuses the truc bet ``call`` of ``level``: the hand ends."""
    prev = "1 point (the truc with no bet)" if level == 1 else \
        f"{call.refused} points (the {v.ladder[level - 2][0]})"
    return (f"{v.w.says(seat, 'refuses')} the {call.kind}: {v.side_says(call.side, 'scores')} "
            f"{prev} and the hand ends; the tricks left are not played." + _HAND_OVER[envit_first])


@_spoken
def _gave_up_words(v, seat, left, worth, lead, envit_first) -> str:
    """V8: ``seat`` gives up; ``left``: its partners still playing (the side lost the hand,
    the truc then worth ``worth``, if none), ``lead``: who leads now the trick's leader
    gave up (or None)."""
    w = v.w
    side = seat & 1
    who = w.says(seat, "sees")
    if not left:
        other = side ^ 1
        what = (f"{w.says(seat, 'loses')} the hand at once" if v.n == 2
                else f"every player of {v.labels[side]} has given up")
        return (f"{who} no chance of winning the truc and {w.verb(seat, 'lays')} the cards "
                f"on the stock: {what}. {v.side_says(other, 'wins')} the hand and the "
                f"truc at what it is worth now, {v.worth(worth)} (our ruling, V8)."
                + _HAND_OVER[envit_first])
    text = (f"{who} no chance of winning the truc and {w.verb(seat, 'lays')} the cards on "
            f"the stock; {w.says(sorted(left, key=w.is_you), 'plays')} on for "
            f"{v.labels[side]}.")
    if lead is not None:
        text += f" The lead passes to {w.name(lead)}, next in turn."
    return text


@_spoken
def _settled_words(v, head, p0, p1, cama_no, tail, dealer=None) -> str:
    """V10: a bet settled (``head``, words or what makes them), the score after it, what
    follows (``tail``, words or what makes them: the cama won) and, at the end of a hand,
    who deals the next (V5)."""
    text = f"{text_of(head)} {v.score(p0, p1, cama_no)}.{text_of(tail)}"
    if dealer is None:
        return text
    return text + f" The deal passes to the right, to {v.w.name(dealer)}."


def _cama_won_words(v, side, cama_no, truc_left, camas, over) -> str:
    """V1, V10: ``side`` reached the cama's points and won cama ``cama_no`` (before the truc
    was counted: ``truc_left``), making the camas won ``camas``; ``over``: the game won."""
    text = (f" {v.side_says(side, 'reaches')} {v.target} and "
            f"{v.side_verb(side, 'wins')} cama {cama_no}")
    if truc_left:
        text += ", before the truc is counted: the truc of this hand does not count (V10)"
    text += "."
    if over:
        if v.catalan:
            return text + f" {v.side_says(side, 'wins')} the game."
        return text + (f" With {camas[side]} camas to {camas[side ^ 1]}, "
                       f"{v.side_says(side, 'wins')} the game.")
    labels = v.labels
    return (text + f" Camas: {labels[0]} {camas[0]}, {labels[1]} {camas[1]}. Cama {cama_no + 1} "
            f"starts at 0-0.")


def _envit_shown_words(v, dealt, ma, values, win, stake, pts) -> str:
    """V9, V10: every player shows their envit; the best wins the bet."""
    w = v.w
    side = win & 1
    shown = "; ".join(f"{w.name(s)}: {envit_words(dealt[s])}" for s in v.table.order_from(ma))
    top = values[win]
    tied = [s for s in range(v.n) if values[s] == top and s != win]
    why = ""
    if tied:
        names = w.listing(sorted(tied, key=w.is_you))
        why = (" It is a tie with " + names + ": "
               + ("mà wins ties" if win == ma else
                  f"{w.says(win, 'is')} the tied player nearest to mà (our ruling, V9)") + ".")
    worth = (f"the whole cama ({_pts(pts)}, what {v.side_says(side, 'lacks')})"
             if stake is None else _pts(pts))
    return (f"Envit (settled first, V10). Each shows: {shown}. {w.poss(win)} {top} "
            f"is the best.{why} {v.side_says(side, 'scores')} the envit, {worth}.")


def _envit_refused_words(v, side, pts) -> str:
    return (f"Envit (settled first, V10): the refused bet gives {v.labels[side]} "
            f"{pts} point{'s' if pts != 1 else ''}.")


def _truc_settled_words(v, side, pts, refused, level, gave_up) -> str:
    """V7, V8, V10: the truc scored by ``side``."""
    if refused:
        return (f"Truc: the refused bet gives {v.labels[side]} {pts} point"
                f"{'s' if pts != 1 else ''}.")
    worth = 1 if level == 0 else v.ladder[level - 1][1]
    if gave_up:
        how = "the other side gave up"
    else:
        how = (f"{v.w.they(side)} won the hand" if v.n == 2   # a person
               else "it won the hand")
    if worth is None:
        what_w = f"the joc fora, the whole cama ({_pts(pts)})"
    elif level == 0:
        what_w = "1 point (no bet was made)"
    else:
        what_w = f"{pts} points (the {v.ladder[level - 1][0]} was accepted)"
    return f"Truc: {v.side_says(side, 'scores')} {what_w}, as {how}."


class Truc(SidesAddressed, Game):
    """Valencian truc for 2, 4 or 6 players (rules V1–V11, variants VV1 and VV2).

    Settings: ``dealer``, the first dealer's seat (0; chosen by lot, V5); for a lesson,
    ``score``, the points the two sides start the first cama with (``[0, 0]``), e.g.
    ``Truc(4, score=[22, 21])`` for a hand near the end of a cama.
    Options: ``camas18`` (VV1, camas of 18), ``catalan`` (VV2, Catalan truc); give them by
    name or id, e.g. ``Truc(4, options={"VV1": True})``.
    """

    key = "truc"
    title = "Valencian truc"
    deck = "truc22"
    system = "spanish"
    min_players, max_players = 2, 6
    # what fork() copies one level deep: lists of numbers, cards, tricks, calls, the cards
    # dealt (tuples) and records (dicts) appended once and never changed after; sets; the
    # hands (lists of cards); and the bets' records, whose answers are filled in later
    # (each dict copied)
    _FORK_FLAT = Game._FORK_FLAT | {"points", "camas", "cama_log", "hand_log", "stock",
                                    "tricks", "outcomes", "folded", "calls", "answered_truc",
                                    "settle_queue", "last_settle", "dealt"}
    _FORK_NESTED = {"hands": 1, "laid": 1, "truc_calls": 1, "envit_calls": 1}
    direction = "right"          # V5: the deal and the play go to the right
    PHASES = (DEAL_PHASE, PLAY_PHASE, SETTLE_PHASE, OVER_PHASE)
    COUNTERS = (("points", "points", "side"), ("camas", "camas", "side"))
    RULES = RULES
    WORDS = WORDS
    OPTIONS = {
        "camas18": (False, "VV1", "camas of 18 points (9 males + 9 bones), best of three"),
        "catalan": (False, "VV2", "Catalan truc: one game to 12, truc 2 / retruc 3, no envit"),
    }
    SETUP = {"dealer": (0, _check_dealer), "score": ([0, 0], _check_score)}

    def __init__(self, players=None, *, options=None, **setup):
        count = players if isinstance(players, int) and not isinstance(players, bool) else (
            len(players) if isinstance(players, (list, tuple)) else None)
        if count == 8:
            raise ConfigError("players", "the document names 8 players, but 8 players of 3 cards "
                              "need 24 cards and the truc deck has 22: play with 2, 4 or 6 (V3)")
        if count is not None and count not in (2, 4, 6):
            raise ConfigError("players", f"truc is for 2, 4 or 6 players (two sides, seated "
                              f"alternately, V3), not {count}")
        super().__init__(players, options=options, **setup)

    @classmethod
    def _check_options(cls, options):
        if options["camas18"] and options["catalan"]:
            raise ConfigError("options", "VV1 (camas of 18) and VV2 (Catalan truc, one game to "
                              "12) are two different scores: choose one")

    def _make_table(self):
        return _TABLES[self.n]

    # ---- configuration -------------------------------------------------------------------
    # Set once by _reset from the options (plain attributes, read at every step):
    catalan: bool        #: VV2, Catalan truc
    target: int          #: points of a cama (V1: 24; VV1: 18; VV2: the game of 12)
    half: int | None     #: where the males end (V1: 12; VV1: 9; VV2: none)
    camas_to_win: int    #: camas that win the game (V1: 2; VV2: the one game)
    ladder: tuple        #: the truc bets, (name, worth, refused) (V7; VV2)

    def side_name(self, side: int) -> str:
        """``"A and C"`` (the players of a side; the seat addressed as you is named last, as
        *you*: "C and you", see :mod:`cardwidgets.engine.words`)."""
        return self._names(self.table.teams[side])

    def side_label(self, side: int) -> str:
        """``"Side 1 (A and C)"``, or the player's name in a game of two (*you* for the seat
        addressed as you)."""
        return self._voice.labels[side]

    def _side_words(self, side) -> str:
        return self.side_label(side)

    def _names(self, seats) -> str:
        """Players listed in the order given, the seat addressed as you last: "B and you"."""
        w = self.words
        key = tuple(seats)
        names = w.lists.get(key)
        if names is None:
            names = w.lists[key] = w.listing(sorted(seats, key=w.is_you))
        return names

    def _bet_of(self, call) -> str:
        """"A's truc", or "the truc you called" when the caller is addressed as you."""
        if self.words.is_you(call.by):
            return f"the {call.kind} you called"
        return f"{self.players[call.by]}'s {call.kind}"

    # ---- state ---------------------------------------------------------------------------
    def _reset(self):
        catalan = self.catalan = self.options["catalan"]
        self.target = 12 if catalan else 18 if self.options["camas18"] else 24
        self.half = None if catalan else self.target // 2
        self.camas_to_win = 1 if catalan else 2
        self.ladder = CATALAN_LADDER if catalan else LADDER
        self._voice = _Voice(self)
        self.power = _POWER
        self.deck_cards = _DECK
        self.points = list(self.setup["score"])
        self.camas = [0, 0]
        self.cama_no = 1
        self.cama_log: list[dict] = []      # each cama finished: winner, points
        self.hand_log: list[dict] = []      # each hand settled: what each side scored and why
        self.dealer = self.setup["dealer"]
        self.deal_no = 1
        self._previous = None               # the last hand finished (see previous)
        self._logged = False                # this hand is already in hand_log (a cama ended)
        self._new_hand()
        self._phase = DEAL_PHASE
        self.current_player, self.finished = CHANCE, False

    def _new_hand(self):
        n = self.n
        self.ma = _ORDERS[n][self.dealer][1]     # V5: mà, on the dealer's right
        self.hands = [*map(list, _NO_CARDS[n])]
        self.dealt = [*_NO_CARDS[n]]
        self.laid = [*map(list, _NO_CARDS[n])]   # V8: cards laid on the stock by one giving up
        self.stock: list = []
        self.tricks: list[Trick] = []
        self.outcomes: list = []             # each finished trick's TrickOutcome
        self.trick: Trick | None = None
        self.to_act = None
        self.lead_why = "ma"
        self.folded: set = set()
        self.calls: list[Call] = []          # open calls, the one to answer last
        self.truc_level = 0                  # 0: no bet accepted; k: LADDER[k-1] accepted
        self.truc_owner = None               # side that made the last accepted bet
        self.truc_calls: list[dict] = []     # each bet: name, by, answer
        self.truc_refused = None             # (side, points) when a bet was refused
        self.answered_truc: set = set()      # seats that made or answered a truc bet
        self.envit_calls: list[dict] = []
        self.envit_state = None              # None, "open", "accepted", "refused"
        self.envit_stake = None              # accepted: points, or None for the whole cama
        self.envit_refused = None            # (side, points)
        self.envit_shown = None              # at the settling: {seat: value}
        self.envit_winner = None
        self.hand_winner = None              # side
        self.hand_way = None
        self.settle_queue: list = []
        self.last_settle: list = []          # this hand's settling, for the table

    # ---- whose turn ----------------------------------------------------------------------
    #: Who acts now, as :attr:`Game.current_player`: in the play the seat answering the
    #: open bet (the last call's ``answer_by``), else the seat to play (``to_act``);
    #: :data:`CHANCE` at the deal, :data:`TABLE` at the settling, ``None`` once the game is
    #: over (:attr:`Game.finished`). Plain attributes here, set wherever the turn or the
    #: phase changes (every step reads them, and reading a property is a call).
    current_player: Any = CHANCE
    finished: bool = False

    def _actor(self):
        return self.current_player

    def turn_rule(self):
        if self._phase.key == "play" and self.calls:
            return "V9" if self.calls[-1].kind in ENVITS else "V7"
        return self._phase.rule

    # ---- helpers -------------------------------------------------------------------------
    def active(self, seat) -> bool:
        return seat not in self.folded

    def _next_active(self, seat, include=False):
        order = _ORDERS[self.n][seat]
        if not include:
            order = order[1:] + order[:1]
        for s in order:
            if s not in self.folded:
                return s
        return seat

    def _answerer(self, by):
        """Who answers a bet ``by`` opens: the next opponent in playing order still playing
        (V7, V9)."""
        folded = self.folded
        opponents = _OPPONENTS[self.n][by]
        for s in opponents:
            if s not in folded:
                return s
        return opponents[0]

    def may_envit(self, seat) -> bool:
        """V9 and our ruling: may ``seat`` open the envit now?"""
        return self._envit_block(seat) is None

    def _envit_block(self, seat):
        """Why ``seat`` may not call an envit now (``None`` if it may)."""
        if self.catalan:
            return "VV2", "Catalan truc has no envit"
        if self._phase.key != "play":
            return "V9", "the envit is called during the play of a hand"
        if self.envit_state is not None:
            return "V9", "the envit has already been called in this hand (one envit betting per hand)"
        if self.tricks or (self.trick is not None and self.trick.played_by(seat) is not None):
            return "V9", ("the envit is called on one's first turn, before one's first card: "
                          f"{self.words.says(seat, 'has')} already played a card")
        if self.truc_level > 0:
            return "V9", "the envit comes before the truc: a truc has already been accepted"
        if seat in self.answered_truc:
            return "V9", (f"{self.words.says(seat, 'has')} already made or answered a truc bet; the "
                          "envit comes before that")
        return None

    def _next_bet(self):
        """The next bet of the ladder, as ``(level, name, worth, refused)``, or ``None``."""
        lad = self.ladder
        if self.truc_level >= len(lad):
            return None
        name, worth, refused = lad[self.truc_level]
        return self.truc_level + 1, name, worth, refused

    def truc_worth(self, level=None):
        """What the truc is worth at ``level`` (0: no bet, 1). ``None``: the whole cama."""
        level = self.truc_level if level is None else level
        return 1 if level == 0 else self.ladder[level - 1][1]

    def _bet_level(self, name):
        """The place of the bet ``name`` in the ladder (1: truc), or ``None``."""
        return _LEVELS[self.catalan].get(name)

    def _raise_block(self, seat):
        """Why ``seat`` may not call the next truc bet on its turn (``None`` if it may)."""
        nxt = self._next_bet()
        if nxt is None:
            top = self.ladder[-1][0]
            return "V7" if not self.catalan else "VV2", f"{top} is the last bet of the ladder"
        side = self.table.team_of(seat)
        if self.truc_owner == side:
            return "V7", (f"{self._side_says(side, 'made')} the last bet "
                          f"({self.ladder[self.truc_level - 1][0]}): only the other side may "
                          f"raise it")
        return None

    def _envit_stake(self, kind, prev_stake=None):
        """What an envit bet puts at stake: (stake, refused) — stake ``None``: the whole cama."""
        if kind == "envit":
            return 2, 1
        if kind == "torne":
            return 4, 2
        # falta: refused gives the previous bet (1 if it opens the betting)
        return falta_value(self.points, self.target, self.half), (prev_stake or 1)

    def _falta_raises(self, call) -> bool:
        """Our ruling (V9): a falta answering ``call`` (an envit or a torne) must put more at
        stake than it: more than 2 or 4 points (the whole cama always does)."""
        stake = falta_value(self.points, self.target, self.half)
        return stake is None or stake > (2 if call.kind == "envit" else 4)

    def _falta_too_small(self, call) -> str:
        stake = falta_value(self.points, self.target, self.half)
        then = ("accept or refuse the torne" if call.kind == "torne"
                else "answer the envit with torne, or accept or refuse it")
        return (f"a falta now bets only {_pts(stake)} (what the leading side, on "
                f"{max(self.points)}, lacks to win the cama), no more than the {call.kind}'s "
                f"{2 if call.kind == 'envit' else 4}: a falta that answers a bet must raise it "
                f"(our ruling, V9), so {then}")

    # ---- legal actions -------------------------------------------------------------------
    def _legal(self):
        """The legal actions now, a tuple put together from the groups of the seat's actions
        made once (:class:`_SeatActs`); the checks (:meth:`_check_play`) say the same."""
        key = self._phase.key
        if key != "play":
            if key == "settle":
                return (SETTLE_ENVIT,) if self.settle_queue[0] == "envit" else (SETTLE_TRUC,)
            return ()
        calls = self.calls
        if calls:                                  # a bet to answer (V7, V9)
            call = calls[-1]
            seat = call.answer_by
            acts = _SEAT_ACTS[seat]
            kind = call.kind
            if kind in ENVITS:
                if kind == "falta" or not self._falta_raises(call):
                    return acts.answers + (acts.torne if kind == "envit" else ())
                return acts.answers + (acts.torne_falta if kind == "envit" else acts.falta)
            out = acts.answers
            nxt = _RAISES[self.catalan][kind]
            if nxt is not None:
                out += acts.bet[nxt]
            # V9: the envit, before the first card, before a truc was accepted, made or
            # answered by the seat (what _envit_block checks, in one expression)
            if (self.envit_state is None and not self.tricks and not self.truc_level
                    and not self.catalan and seat not in self.answered_truc
                    and seat not in map(_SEAT, self.trick[1])):
                out += acts.envits
            return out
        seat = self.to_act                         # on one's turn (V6, V7, V8, V9)
        acts = _SEAT_ACTS[seat]
        hand = self.hands[seat]
        plays = acts.plays
        try:
            out = tuple([plays[id(c)] for c in hand])
        except KeyError:        # a card that is not the deck's own object (set by hand)
            out = tuple(_act("play", seat, card=c) for c in hand)
        bet = _NEXT_BET[self.catalan][self.truc_level] if self.truc_owner != seat & 1 else None
        # V9, as above: the seat to play has played no card in this trick, so none at all
        # while the first trick is being played
        may_envit = (self.envit_state is None and not self.tricks and not self.truc_level
                     and not self.catalan and seat not in self.answered_truc)
        return out + acts.after_cards[may_envit][bet]

    def _next_bet_after(self, name):
        """The bet that raises the truc bet ``name`` (V7), or ``None`` at the top."""
        return _RAISES[self.catalan][name]

    def chance_action(self, rng: random.Random) -> Action:
        # the deck's order shuffled (the same calls to rng as shuffling the cards, so the
        # same deal for a seed), giving the cards and their places (_DECK_PLACES) at once
        pick = itemgetter(*shuffled(range(22), rng))
        action = Action("deal", cards=pick(_DECK))
        self._own_deal = (action, pick(_DECK_PLACES))
        return action

    #: ``(deal, its cards' places)`` of the last deal :meth:`chance_action` made (the deck's
    #: own 22 cards, shuffled), which :meth:`apply` checks with :meth:`_check_deal` alone and
    #: :meth:`_do_deal` deals from the places (sorting a hand without hashing a card)
    _own_deal: tuple | None = None

    # ---- checking ------------------------------------------------------------------------
    def _check_deal(self, action):
        cards = action.cards
        # the deck's 22 cards, each once: its own Card objects seen by identity (hashing a
        # Card is a call of Python), equal cards made elsewhere (a record's) as cards
        if len(cards) == 22 and ({*map(id, cards)} == _DECK_IDS or set(cards) == _DECK_SET):
            return
        if len(cards) != 22:
            raise IllegalAction("V2", f"a deal lists the 22 cards of the truc deck in the order "
                                f"they are dealt; this one lists {len(cards)}")
        kind, what = deal_problem(cards, _DECK)
        if kind == "twice":
            raise IllegalAction("V2", f"the {what.name} is dealt twice")
        raise IllegalAction("V2", f"the {what.name} is not in the truc deck (no figures, no 2s, "
                            "no aces of coins or cups)")

    def _check_play(self, action):
        kind, seat = action.kind, action.seat
        if self.calls:
            call = self.calls[-1]
            rule = "V9" if call.kind in ENVITS else "V7"
            w = self.words
            caller = w.name(call.by)
            if kind in (ACCEPT, REFUSE):
                return
            if kind == "call":
                what = action.what
                if call.kind in ENVITS:
                    raises = ENVIT_RAISES[call.kind]
                    if what == "falta" and what in raises and not self._falta_raises(call):
                        raise IllegalAction("V9", self._falta_too_small(call))
                    if what in raises:
                        return
                    if call.kind == "torne":
                        why = "the only answer to a torne is falta (or accept, or refuse)"
                    elif call.kind == "falta":
                        why = "a falta cannot be raised: accept it or refuse it"
                    else:
                        why = "an envit is answered with torne or falta, or accepted, or refused"
                    raise IllegalAction("V9", f"{caller} called {call.kind}: {why}, not {what!r}")
                nxt = self._next_bet_after(call.kind)
                if what == nxt:
                    return
                if what in ("envit", "falta"):
                    block = self._envit_block(seat)
                    if block is None:
                        return
                    raise IllegalAction(block[0], f"{block[1]}; answer {self._bet_of(call)} "
                                        f"({self._answer_choices(call)})")
                if what == "torne":
                    first = " or call envit first" if self.may_envit(seat) else ""
                    raise IllegalAction("V9", "torne answers an envit, and no envit is open: "
                                        f"answer {self._bet_of(call)} "
                                        f"({self._answer_choices(call)}){first}")
                raise IllegalAction(rule, f"{caller} called {call.kind}: answer it "
                                    f"({self._answer_choices(call)}), not {what!r}")
            raise IllegalAction(rule, f"{caller} called {call.kind}: play stops until "
                                f"{w.says(seat, 'answers')} ({self._answer_choices(call)})")
        if kind == "play":
            card = action.card
            if not isinstance(card, Card):
                raise IllegalAction("V6", "say which card to play")
            if card in self.hands[seat]:
                return
            if card.system != self.system or card not in _DECK_SET:
                raise IllegalAction("V2", f"the {card.name} is not in the truc deck")
            w, k = self.words, len(self.hands[seat])
            own = (f"play one of {w.poss(seat)} own {k} cards" if k > 1
                   else f"play the one card {w.says(seat, 'holds')}")
            raise IllegalAction("V6", f"{w.says(seat, 'does')} not hold the {card.name}: {own}")
        if kind == "give_up":
            return
        now = self._play_choices(seat)
        if kind == "call":
            what = action.what
            if what in ("envit", "falta"):
                block = self._envit_block(seat)
                if block is not None:
                    raise IllegalAction(block[0], f"{block[1]}; now {now}")
                return
            if what == "torne":
                opening = (": open it with envit (2) or falta" if self.may_envit(seat)
                           else f"; now {now}")
                raise IllegalAction("V9", f"torne answers an envit; it cannot open the "
                                    f"betting{opening}")
            level = self._bet_level(what)
            if level is None and what is None:
                raise IllegalAction("V7", "say which bet you call (what: "
                                    + ", ".join(n for n, _, _ in self.ladder)
                                    + ("" if self.catalan else ", envit, torne, falta") + ")")
            if level is None:
                raise IllegalAction("V7", f"{what!r} is not a bet of this game (bets: "
                                    + ", ".join(n for n, _, _ in self.ladder)
                                    + ("" if self.catalan else ", envit, torne, falta") + ")")
            block = self._raise_block(seat)
            if block is not None:
                raise IllegalAction(block[0], f"{block[1]}; now {now}")
            expected = self._next_bet()[1]
            if what != expected:
                if self.truc_level == 0:
                    raise IllegalAction("V7", f"no truc has been called yet: the first bet is "
                                        f"truc, not {what}")
                raise IllegalAction("V7", f"the truc stands at {self.ladder[self.truc_level - 1][0]}: "
                                    f"the next bet is {expected}, not {what}")
            return
        if kind in (ACCEPT, REFUSE):
            raise IllegalAction("V7", f"nobody has called a bet: there is nothing to {kind}; "
                                f"now {now}")
        w = self.words
        raise IllegalAction("V6", f"now {w.says(seat, 'plays')} a card (play), "
                            f"{w.verb(seat, 'calls')} a bet (call) or {w.verb(seat, 'gives')} up "
                            f"(give_up), not {kind!r}")

    # ---- refusals in words: whose turn, and what for -------------------------------------
    def _play_choices(self, seat) -> str:
        """What ``seat``, to play with no bet waiting for an answer, may do instead of a
        refused move (V6, V7, V8, V9), in words; only the bets allowed now are named."""
        w = self.words
        calls = []
        if self._raise_block(seat) is None:
            calls.append(self._next_bet()[1])
        if self.may_envit(seat):
            calls += ["envit", "falta"]
        text = (f"{w.says(seat, 'plays')} a card to the {self._trick_name(len(self.tricks))} "
                f"trick")
        gives = f"{w.verb(seat, 'gives')} up"
        if not calls:
            return f"{text} (or {gives})"
        named = calls[0] if len(calls) == 1 else ", ".join(calls[:-1]) + " or " + calls[-1]
        return f"{text} (or {w.verb(seat, 'calls')} {named}, or {gives})"

    def _answer_choices(self, call) -> str:
        """How the bet ``call`` may be answered now (V7, V9): "accept or refuse", "accept,
        refuse or raise to birtruc"."""
        if call.kind in ENVITS:
            raises = [k for k in ENVIT_RAISES[call.kind]
                      if k != "falta" or self._falta_raises(call)]
        else:
            nxt = self._next_bet_after(call.kind)
            raises = [nxt] if nxt else []
        if not raises:
            return "accept or refuse"
        return "accept, refuse or raise to " + " or ".join(raises)

    def _turn_words(self, seat) -> str:
        """What the player whose turn it is does now, for a refusal of a move out of turn
        (V6, V7, V9)."""
        w = self.words
        if self.calls:
            call = self.calls[-1]
            rule = "V9" if call.kind in ENVITS else "V7"
            return (f"{w.says(call.answer_by, 'answers')} {w.poss(call.by)} {call.kind} "
                    f"(accept, refuse or raise) before anyone plays on ({rule})")
        seat = self.to_act
        k = len(self.tricks)
        if not self.trick.plays:
            why = {"ma": "mà leads the first trick (V5)",
                   "won": "the winner of the last trick leads the next (V6)",
                   "tied": "after a parda the leader of the tied trick leads again (V6)",
                   "passed": "the lead passes on from a player who gave up (V8)"}[self.lead_why]
            return f"{why}, so {w.says(seat, 'plays')} first to the {self._trick_name(k)} trick"
        return (f"play goes to the right, and {w.says(seat, 'is')} next to play to the "
                f"{self._trick_name(k)} trick (V5, V6)")

    def _table_words(self, due) -> str:
        return self._settling_words()

    def _settling_words(self) -> str:
        """Why nobody may play or bet now: the hand is over and is being settled (V10)."""
        side = self.hand_winner
        if self.hand_way == "refused":
            how = f"a bet was refused, so the hand ended there"
        elif self.hand_way == "gave_up":
            how = f"the other side gave up, so {self._side_says(side, 'wins')} the hand"
        else:
            how = f"{self._side_says(side, 'has')} won the tricks"
        what = "the envit, then the truc" if self.settle_queue[0] == "envit" else "the truc"
        return (f"this hand is over ({how}): no more cards are played and no more bets made "
                f"in it; now the rules count {what}, by themselves "
                f"({self.describe(self._legal()[0])})")

    def _over_words(self) -> str:
        side = 0 if self.camas[0] > self.camas[1] else 1
        if self.catalan:
            return (f"the game is over: {self._side_says(side, 'has')} reached "
                    f"{self.target} and {self._side_verb(side, 'has')} won it (VV2)")
        return (f"the game is over: {self._side_says(side, 'has')} won "
                f"{self.camas[side]} camas to {self.camas[1 - side]}, and two camas win "
                f"the game (V1)")

    def _refuse_amount(self, action):
        """V7, V9: no bet names an amount (our ruling: only the fixed envit bets)."""
        if action.kind == "call" and action.what in ENVITS:
            raise IllegalAction("V9", f"amount: the envit bets are fixed (envit 2, torne 4, "
                                f"falta what the leading side lacks), so "
                                f"{'an' if action.what == 'envit' else 'a'} {action.what} names "
                                f"no amount (our ruling: some players bet any amount, but the "
                                f"fixed bets are the usual way, and the ones played here)")
        names = ", ".join(n for n, _, _ in self.ladder)
        raise IllegalAction("VV2" if self.catalan else "V7",
                            f"amount: nothing in truc is bet with an amount: a bet is called by "
                            f"name ({names}"
                            + ("" if self.catalan else "; envit, torne, falta")
                            + ") and is worth what the rules say; leave the amount out")

    # ---- doing ---------------------------------------------------------------------------
    def _check(self, action):
        try:
            if action.amount is not None:
                self._refuse_amount(action)
            key = self._phase.key          # (Game._check, without looking the method up)
            if key == "play":
                self._check_play(action)
            elif key == "deal":
                self._check_deal(action)
        except IllegalAction as refusal:
            if self.you is None:
                raise
            raise IllegalAction(refusal.rule, sentence_case(refusal.reason)) from None

    def apply(self, action):
        """As :meth:`Game.apply`, with one of the legal actions worked out for this step (the
        very object: it passed every check when they were worked out) applied at once, the
        hot path of every game and every computer player's trial; and a deal made by
        :meth:`chance_action` (the deck's own cards, whose fields and turn hold by how it
        was made) checked by :meth:`_check_deal` alone. Any other action goes through every
        check."""
        legal = self._legal_now
        if legal is not None:
            for allowed in legal:
                if allowed is action:
                    break
            else:
                return Game.apply(self, action)
        else:
            own = self._own_deal
            if own is None or action is not own[0] or self._phase is not DEAL_PHASE:
                return Game.apply(self, action)
            self._check_deal(action)
        return self._apply_passed(action, self._phase.key, self.deal_no, self.current_player)

    def _do(self, action):
        """Apply a checked action: ``(text, rule)``, the text as what makes it when read
        (:func:`~cardwidgets.engine.core.text_of`), made of values of the moment, as
        sentences for a game that speaks to someone as *you* (:func:`_spoken`)."""
        return _DOING[action.kind](self, action)

    def _do_deal(self, action):
        own = self._own_deal
        if own is not None and own[0] is action:
            places = own[1]
        else:                   # a deal given as cards (a record, a scripted deal)
            places = [*map(_PLACE.__getitem__, action.cards)]
        n, ma = self.n, self.ma
        hands, dealt = self.hands, self.dealt
        for k, s in enumerate(_ORDERS[n][ma]):    # one card at a time, to the right from mà
            # the deck's own Card objects, the strongest first (three: a tuple)
            dealt[s] = hand = itemgetter(*sorted(places[k:3 * n:n]))(_BY_PLACE)
            hands[s] = [*hand]
        self.stock = [*map(_BY_PLACE.__getitem__, places[3 * n:])]
        self.trick = _new(Trick, (ma, ()))
        self.to_act = self.current_player = ma
        self._phase = PLAY_PHASE
        points = self.points
        return (_deal_words, (self._voice, self.deal_no, points[0], points[1], self.cama_no,
                              self.dealer, ma)), "V5"

    def _trick_name(self, k):
        return _TRICK_NAME[k]

    def _do_play(self, action):
        seat = action.seat
        hand = self.hands[seat]
        card = hand.pop(hand.index(action.card))
        trick = self.trick
        plays = trick[1] + (_new(Play, (seat, card)),)           # (Trick.add, at once)
        self.trick = _new(Trick, (trick[0], plays))
        k = len(self.tricks)
        played = len(plays)
        if played == 1:
            words = (_card_words, (self._voice, seat, card, self.lead_why, k))
            rule = "V6" if k else "V5 + V6"
        else:
            words = (_card_words, (self._voice, seat, card, None, k))
            rule = "V6"
        folded = self.folded
        if played + len(folded) < self.n:               # the trick goes on (V6)
            # play goes round from the leader: with nobody given up, the seat after has not
            # played
            self.to_act = self.current_player = (self._next_unplayed(seat) if folded
                                                 else _ORDERS[self.n][seat][1])
            return words, rule
        return self._after_card(words, rule)

    def _after_card(self, text, rule):
        """After the card (or a player giving up, V8) that completes the trick: the trick
        taken, and the hand decided or the next trick led (V6)."""
        trick = self.trick
        out = trick.outcome(_POWER_OF.get, _SIDE_OF)
        self.tricks.append(trick)
        self.outcomes.append(out)
        k = len(self.tricks)
        hand = _HANDS[self.ma & 1][(*map(_SIDE, self.outcomes),)]
        if hand.side is not None:
            self.hand_winner, self.hand_way = hand.side, hand.way
            return (_trick_words, (self._voice, text, k, out, hand.side, hand.way,
                                   self._end_play(), None)), rule
        if out.tie:
            lead = self._next_active(trick.leader, include=True)
            self.lead_why = "tied" if lead == trick.leader else "passed"
        else:
            lead = out.seat
            self.lead_why = "won"
        self.trick = _new(Trick, (lead, ()))
        self.to_act = self.current_player = lead
        return (_trick_words, (self._voice, text, k, out, None, None, False, lead)), rule

    def _next_unplayed(self, seat):
        """The next seat after ``seat`` still to play this trick, which is not complete (V6,
        V8)."""
        played = [*map(_SEAT, self.trick.plays)]
        folded = self.folded
        for s in _ORDERS[self.n][seat][1:]:
            if s not in played and s not in folded:
                return s
        return seat

    def _end_play(self) -> bool:
        """The tricks are over (V10): the settling comes next, the envit first if it was
        called; whether it comes first."""
        self.to_act = None
        self.current_player = TABLE
        envit_first = self.envit_state in ("accepted", "refused")
        self.settle_queue = ["envit", "truc"] if envit_first else ["truc"]
        self._phase = SETTLE_PHASE
        # the next step's one legal action, known now (as _legal gives it)
        self._legal_now = (SETTLE_ENVIT,) if envit_first else (SETTLE_TRUC,)
        self._actor_now = TABLE
        return envit_first

    def _do_call(self, action):
        seat, what = action.seat, action.what
        if what in ENVITS:
            return self._do_envit(seat, what)
        level = _LEVELS[self.catalan][what]
        name, worth, refused = self.ladder[level - 1]
        calls = self.calls
        if calls and calls[-1].kind not in ENVITS:        # an answer as a raise
            prev = calls.pop()
            answer_by = prev.by
            self.truc_calls[-1]["answer"] = f"raised to {name}"
        else:
            prev = None
            answer_by = self._answerer(seat)
        self.answered_truc.add(seat)
        self.current_player = answer_by
        calls.append(_new(Call, (what, seat, seat & 1, answer_by, self.to_act,
                                 worth if worth is not None else 0, refused)))
        self.truc_calls.append({"bet": what, "by": seat, "worth": worth, "refused": refused,
                                "answer": None})
        return ((_truc_call_words, (self._voice, seat, level, prev, answer_by)),
                "VV2" if self.catalan else "V7")

    def _do_envit(self, seat, what):
        calls = self.calls
        prev = calls[-1] if calls and calls[-1].kind in ENVITS else None
        if prev is not None:
            calls.pop()
            prev_stake = 2 if prev.kind == "envit" else 4
            stake, refused = self._envit_stake(what, prev_stake)
            answer_by = prev.by
            self.envit_calls[-1]["answer"] = f"raised to {what}"
        else:
            stake, refused = self._envit_stake(what)
            answer_by = self._answerer(seat)
        truc = calls[-1].kind if prev is None and calls else None
        self.envit_state = "open"
        self.current_player = answer_by
        calls.append(_new(Call, (what, seat, seat & 1, answer_by, self.to_act,
                                 stake if stake is not None else 0, refused)))
        self.envit_calls.append({"bet": what, "by": seat, "stake": stake, "refused": refused,
                                 "answer": None})
        lead = max(self.points) if what == "falta" else None
        return (_envit_call_words, (self._voice, seat, what, stake, refused, lead, prev, truc,
                                    answer_by)), "V9"

    def _resumed(self):
        """Who acts after an answer, who now has the turn (:attr:`current_player`), for its
        words: ``(seat, kind)``, ``seat`` answering the bet ``kind`` or (``kind`` None)
        playing on."""
        if self.calls:
            c = self.calls[-1]
            self.current_player = c.answer_by
            return c.answer_by, c.kind
        self.current_player = self.to_act
        return self.to_act, None

    def _do_answer(self, action):
        """V7, V9: the open bet accepted or refused."""
        seat, accept = action.seat, action.kind == ACCEPT
        call = self.calls.pop()
        if call.kind in ENVITS:
            rec = self.envit_calls[-1]
            stake = rec["stake"]
            if accept:
                rec["answer"] = "accepted"
                self.envit_state = "accepted"
                self.envit_stake = stake
            else:
                rec["answer"] = "refused"
                self.envit_state = "refused"
                self.envit_refused = (call.side, call.refused)
            lead = max(self.points) if call.kind == "falta" else None
            return (_envit_answer_words, (self._voice, seat, call, accept, stake, lead,
                                          *self._resumed())), "V9"
        rec = self.truc_calls[-1]
        level = _LEVELS[self.catalan][call.kind]
        rule = "VV2" if self.catalan else "V7"
        self.answered_truc.add(seat)
        if accept:
            rec["answer"] = "accepted"
            self.truc_level = level
            self.truc_owner = call.side
            top = level >= len(self.ladder)
            return (_truc_answer_words, (self._voice, seat, call, level, top,
                                         *self._resumed())), rule
        rec["answer"] = "refused"
        self.truc_refused = (call.side, call.refused)
        self.hand_winner, self.hand_way = call.side, "refused"
        return (_truc_refused_words, (self._voice, seat, call, level, self._end_play())), rule

    def _do_give_up(self, action):
        seat = action.seat
        self.laid[seat] = self.hands[seat]
        self.hands[seat] = []
        self.folded.add(seat)
        side = seat & 1
        left = (*filterfalse(self.folded.__contains__, self.table.teams[side]),)   # partners
        if not left:
            self.hand_winner, self.hand_way = side ^ 1, "gave_up"
            return (_gave_up_words, (self._voice, seat, left, self.truc_worth(), None,
                                     self._end_play())), "V8"
        trick = self.trick
        if len(trick.plays) + len(self.folded) >= self.n:
            return self._after_card((_gave_up_words, (self._voice, seat, left, None, None,
                                                      False)), "V8")
        lead = None
        if not trick.plays:
            lead = self._next_active(seat)
            self.trick = _new(Trick, (lead, ()))
            self.to_act = self.current_player = lead
            self.lead_why = "passed"
        else:
            self.to_act = self.current_player = self._next_unplayed(seat)
        return (_gave_up_words, (self._voice, seat, left, None, lead, False)), "V8"

    # ---- settling ------------------------------------------------------------------------
    def envit_values(self) -> list[int]:
        """Every seat's envit value (from the three cards dealt), V9."""
        return [envit_value(cards) for cards in self.dealt]

    def envit_winner_seat(self) -> int:
        """V9: the single player with the highest value; a tie goes to mà, else (our ruling)
        to the tied player nearest to mà in playing order."""
        return self._envit_winner(self.envit_values())

    def _envit_winner(self, values) -> int:
        top = max(values)
        for s in _ORDERS[self.n][self.ma]:
            if values[s] == top:
                return s
        raise AssertionError

    def _add(self, side, pts):
        """Add points to one side (capped at the cama); returns True if it wins the cama."""
        before = self.points[side]
        self.points[side] = min(self.target, before + pts)
        return self.points[side] >= self.target

    def _do_settle(self, action):
        what = action.what
        self.settle_queue.pop(0)
        v = self._voice
        if what == "envit":
            if self.envit_state == "refused":
                side, pts = self.envit_refused
                head = (_envit_refused_words, (v, side, pts))
            else:
                values = self.envit_values()
                self.envit_shown = {s: values[s] for s in range(self.n)}
                win = self._envit_winner(values)
                self.envit_winner = win
                side = win & 1
                stake = self.envit_stake
                pts = stake if stake is not None else self.target - self.points[side]
                head = (_envit_shown_words, (v, tuple(self.dealt), self.ma, tuple(values), win,
                                             stake, pts))
            self.last_settle.append({"what": "envit", "side": side, "points": pts})
            won = self._add(side, pts)
            score = (v, head, self.points[0], self.points[1], self.cama_no)
            if won:
                tail = self._cama_won(side, truc_left=True)
            else:           # the truc next: its one legal action, known now
                tail = ""
                self._legal_now, self._actor_now = (SETTLE_TRUC,), TABLE
            return (_settled_words, (*score, tail)), "V9 + V10"
        # the truc
        side = self.hand_winner
        refused = self.truc_refused is not None
        level = self.truc_level
        if refused:
            side, pts = self.truc_refused
        else:
            worth = self.ladder[level - 1][1] if level else 1
            pts = worth if worth is not None else self.target - self.points[side]
        gave_up = self.hand_way == "gave_up"
        head = (_truc_settled_words, (v, side, pts, refused, level, gave_up))
        self.last_settle.append({"what": "truc", "side": side, "points": pts})
        rule = "V8 + V10" if gave_up else "V7 + V10" if level or refused else "V6 + V10"
        won = self._add(side, pts)
        points = self.points
        score = (v, head, points[0], points[1], self.cama_no)
        tail = self._cama_won(side, truc_left=False) if won else ""
        if self._phase.key == "over":
            return (_settled_words, (*score, tail)), rule
        self._next_hand()
        return (_settled_words, (*score, tail, self.dealer)), rule

    def _cama_won(self, side, truc_left):
        """V1: ``side`` has won the cama (and the game, with enough camas); the words of it
        (what makes them, :func:`_cama_won_words`)."""
        camas = self.camas
        camas[side] += 1
        cama_no = self.cama_no
        self.cama_log.append({"cama": cama_no, "winner": side, "points": list(self.points)})
        if truc_left:
            self.settle_queue = []
        self.hand_log.append({"hand": self.deal_no, "cama": cama_no,
                              "settled": list(self.last_settle)})
        self._previous = self._summary()
        self._logged = True
        over = camas[side] >= self.camas_to_win
        if over:
            self._phase = OVER_PHASE
            self.current_player, self.finished = None, True
        else:
            self.points = [0, 0]
            self.cama_no += 1
            if truc_left:
                self._next_hand()
        return _cama_won_words, (self._voice, side, cama_no, truc_left, (*camas,), over)

    def _next_hand(self):
        """The next hand: the deal passes to the right (V5)."""
        if self._logged:
            self._logged = False
        else:
            self.hand_log.append({"hand": self.deal_no, "cama": self.cama_no,
                                  "settled": list(self.last_settle)})
        self._previous = self._summary()
        self.dealer = _ORDERS[self.n][self.dealer][1]   # V5: the deal passes to the right
        self.deal_no += 1
        self._new_hand()
        self._phase = DEAL_PHASE
        self.current_player = CHANCE

    def _summary(self):
        """The hand just finished (see :attr:`previous`), with its own lists and dict of
        the envit shown, not copied: no step changes them once the hand is over (the next
        hand has its own, _new_hand), so a fork may share them."""
        return (self.deal_no, self.ma, self.dealer, self.tricks, self.outcomes,
                self.hand_winner, self.hand_way, self.envit_shown, self.envit_winner,
                self.last_settle)

    @property
    def previous(self):
        """What everyone saw of the last hand finished (for the table's "last hand"), or
        ``None`` in the first hand."""
        if self._previous is None:
            return None
        hand, ma, dealer, tricks, outcomes, winner, way, envit, envit_winner, settled = \
            self._previous
        return {"hand": hand, "ma": ma, "dealer": dealer,
                "tricks": [{"plays": [p.to_json() for p in t.plays], "side": o.side,
                            "seat": o.seat, "tie": o.tie}
                           for t, o in zip(tricks, outcomes)],
                "winner": winner, "way": way,
                "envit": [envit[s] for s in range(self.n)] if envit is not None else None,
                "envit_winner": envit_winner,
                "settled": [dict(x) for x in settled]}

    def side_part(self, side) -> str:
        """'males' or 'bones' (V1), for a side's points now."""
        return self._voice.part(self.points[side])

    def score_words(self) -> str:
        """The score, with the cama it is in (V1), e.g. ``"Score in cama 1: Side 1 (A and C)
        14 (in the bones), Side 2 (B and D) 9 (in the males)"``."""
        return self._voice.score(self.points[0], self.points[1], self.cama_no)

    # ---- the end -------------------------------------------------------------------------
    def result(self) -> dict:
        """Camas and points of each side; ``scores`` gives each seat its side's camas."""
        top = max(self.camas)
        winners_side = [s for s in (0, 1) if self.camas[s] == top]
        if not self.finished and self.camas[0] == self.camas[1]:
            lead = max(self.points)
            winners_side = [s for s in (0, 1) if self.points[s] == lead]
        return {"camas": list(self.camas), "points": list(self.points),
                "scores": [self.camas[self.table.team_of(s)] for s in range(self.n)],
                "winners": [s for s in range(self.n) if self.table.team_of(s) in winners_side],
                "winning_side": winners_side[0] if len(winners_side) == 1 else None,
                "hands_played": len(self.hand_log), "cama_log": [dict(c) for c in self.cama_log],
                "finished": self.finished}

    def result_words(self) -> str:
        """The result in one line: camas won and the points of the cama being played."""
        camas = ", ".join(f"{self.side_label(s)} {self.camas[s]}" for s in (0, 1))
        pts = "–".join(str(p) for p in self.points)
        if self.catalan:
            return f"Result: {self.side_label(0)} {self.points[0]}, {self.side_label(1)} {self.points[1]} (game to 12)"
        where = "the last cama" if self.finished else f"cama {self.cama_no} so far"
        return f"Result: camas won: {camas}; points in {where}: {pts}"

    # ---- people --------------------------------------------------------------------------
    def describe(self, action):
        kind = action.kind
        if kind == "play":
            return f"Play the {action.card.name}"
        if kind == "call":
            what = action.what
            if what in ENVITS:
                if what == "falta":
                    stake = falta_value(self.points, self.target, self.half)
                    return "Falta (the whole cama)" if stake is None else f"Falta ({stake})"
                return "Envit (2)" if what == "envit" else "Torne (4)"
            level = self._bet_level(what)
            if level is None:
                return f"Call {what}"
            worth = self.ladder[level - 1][1]
            return f"{what.capitalize()}! ({'the whole cama' if worth is None else worth})"
        if kind == ACCEPT:
            return f"Accept the {self.calls[-1].kind}" if self.calls else "Accept"
        if kind == REFUSE:
            return f"Refuse the {self.calls[-1].kind}" if self.calls else "Refuse"
        if kind == "give_up":
            return "Give up (cards on the stock)"
        if kind == "deal":
            return "Deal"
        if kind == "settle":
            return f"Settle the {action.what}"
        return kind

    def scripted_deal(self, hands: dict) -> Action:
        """The deal that gives each seat (or player name) the three cards listed (codes such
        as ``"7-swords"``); the other cards fill in from the deck."""
        if self._phase.key != "deal":
            raise ConfigError("deal", "the cards can only be dealt at the start of a hand")
        hands = {(self.players.index(k) if k in self.players else k): v for k, v in hands.items()}
        n = self.n
        order = self.table.order_from(self.ma)
        slots = [None] * (3 * n)
        used = []
        for seat, codes in hands.items():
            if seat not in order:
                raise ConfigError("hands", f"there is no seat {seat!r} at this table")
            cards = [self.suits.card(c) for c in codes]
            if len(cards) != 3:
                raise ConfigError("hands", f"each player is dealt 3 cards; seat {seat} was given "
                                  f"{len(cards)}")
            for c in cards:
                if c not in _DECK_SET:
                    raise ConfigError("hands", f"the {c.name} is not in the truc deck (V2)")
            for j, c in enumerate(cards):
                slots[j * n + order.index(seat)] = c
            used += cards
        if len(set(used)) != len(used):
            raise ConfigError("hands", "a card is given twice")
        rest = [c for c in _DECK if c not in used]
        rest.reverse()
        cards = [c if c is not None else rest.pop() for c in slots]
        rest.reverse()
        return Action("deal", cards=tuple(cards + rest))

    def rule_of_thumb(self, seat, rng: random.Random):
        """A simple player: calls the envit with 30 or more and accepts with 27 or more
        (raising with 31 and 33); calls truc holding two cards from the 3s up, accepts
        holding one, raises holding the ace of swords or clubs and another strong card; plays
        the lowest card that wins the trick, else its lowest card."""
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kinds = {}
        for a in legal:
            kinds.setdefault((a.kind, a.what), a)
        value = envit_value(self.dealt[seat])
        power = self.power
        mine = self.hands[seat]
        strong = [c for c in mine if power(c, "") >= power(_THREE, "")]
        tops = [c for c in mine if c.code in ("1-swords", "1-clubs")]
        if self.calls:
            call = self.calls[-1]
            if call.kind in ENVITS:
                if value >= 33 and ("call", "falta") in kinds:
                    return kinds[("call", "falta")]
                if value >= 31 and ("call", "torne") in kinds:
                    return kinds[("call", "torne")]
                need = {"envit": 27, "torne": 29, "falta": 31}[call.kind]
                return kinds[(ACCEPT, None)] if value >= need else kinds[(REFUSE, None)]
            if ("call", "envit") in kinds and value >= 30:
                return kinds[("call", "envit")]
            raise_to = self._next_bet_after(call.kind)
            if raise_to and ("call", raise_to) in kinds and tops and len(strong) >= 2:
                return kinds[("call", raise_to)]
            return kinds[(ACCEPT, None)] if strong or self._side_ahead(seat) else kinds[(REFUSE, None)]
        if ("call", "envit") in kinds and value >= 30:
            return kinds[("call", "envit")]
        bet = [a for a in legal if a.kind == "call" and a.what not in ENVITS]
        if bet and (len(strong) >= 2 or (self._side_ahead(seat) and strong)) and rng.random() < 0.7:
            return bet[0]
        cards = [a for a in legal if a.kind == "play"]
        trick = self.trick
        if not trick.plays:
            return max(cards, key=lambda a: power(a.card, ""))
        best = trick.best(power)
        top = power(best[0].card, "")
        side = self.table.team_of(seat)
        if all(self.table.team_of(p.seat) == side for p in best):
            return min(cards, key=lambda a: power(a.card, ""))
        win = [a for a in cards if power(a.card, "") > top]
        if win:
            return min(win, key=lambda a: power(a.card, ""))
        tie = [a for a in cards if power(a.card, "") == top]
        if tie and self.outcomes and self.outcomes[0].side == side:
            return tie[0]
        return min(cards, key=lambda a: power(a.card, ""))

    def _side_ahead(self, seat):
        side = self.table.team_of(seat)
        return any(o.side == side for o in self.outcomes)

    def text_table(self, seat=None) -> str:
        """The table in a few lines of plain text (what ``seat`` may see; None: everything)."""
        p = self.players
        lines = [f"{self.title}: hand {self.deal_no}, cama {self.cama_no}; dealer {p[self.dealer]}, "
                 f"mà {p[self.ma]}", self.score_words()]
        for s in self.table.order_from(self.ma):
            if seat is None or seat == s:
                hand = ", ".join(c.name for c in self.hands[s]) or "(no cards)"
            else:
                hand = f"{len(self.hands[s])} cards"
            lines.append(f"  {p[s]:<8} side {self.table.team_of(s) + 1} | {hand}")
        for k, t in enumerate(self.tricks + ([self.trick] if self.trick and self.trick.plays else [])):
            lines.append(f"Trick {k + 1}: " + "; ".join(f"{p[x.seat]} {x.card.name}" for x in t.plays))
        return "\n".join(lines)

    # ---- views ---------------------------------------------------------------------------
    def _view(self, seat):
        show_all = seat is None
        n = self.n
        hands = [[c.to_json() for c in self.hands[s]] if show_all or s == seat else None
                 for s in range(n)]
        values = self.envit_values() if self.dealt[0] else [None] * n
        if self.envit_shown is not None:
            envit_seen = [values[s] for s in range(n)]
            envit_cards = [[c.to_json() for c in self.dealt[s]] for s in range(n)]
            envit_text = [envit_words(self.dealt[s]) for s in range(n)]
        else:
            envit_seen = [values[s] if (show_all or s == seat) else None for s in range(n)]
            envit_cards = None
            envit_text = [envit_words(self.dealt[s]) if (self.dealt[s] and (show_all or s == seat))
                          else None for s in range(n)]
        tricks = []
        for t, o in zip(self.tricks, self.outcomes):
            tricks.append({"leader": t.leader, "plays": [p.to_json() for p in t.plays],
                           "side": o.side, "seat": o.seat, "tie": o.tie})
        lad = []
        for i, (name, worth, refused) in enumerate(self.ladder):
            lad.append({"bet": name, "worth": worth, "refused": refused,
                        "accepted": self.truc_level > i})
        open_call = None
        if self.calls:
            c = self.calls[-1]
            open_call = {"kind": c.kind, "by": c.by, "side": c.side, "answer_by": c.answer_by,
                         "family": "envit" if c.kind in ENVITS else "truc"}
        worth = self.truc_worth()
        return {
            "suits": self.system,
            "deck": self.deck,
            "sides": [list(t) for t in self.table.teams],
            "side_names": [self.side_label(k) if n > 2 else self.players[k] for k in (0, 1)],
            "dealer": self.dealer,
            "ma": self.ma,
            "cutter": self.table.next(self.dealer, -1),
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "folded": sorted(self.folded),
            "stock_count": len(self.stock) + sum(len(x) for x in self.laid),
            "trick": self.trick.to_json() if self.trick is not None else None,
            "tricks": tricks,
            "hand_winner": self.hand_winner,
            "hand_way": self.hand_way,
            "truc": {"level": self.truc_level, "worth": worth, "ladder": lad,
                     "owner": self.truc_owner, "calls": [dict(x) for x in self.truc_calls],
                     "refused": list(self.truc_refused) if self.truc_refused else None},
            "envit": {"state": self.envit_state, "calls": [dict(x) for x in self.envit_calls],
                      "stake": self.envit_stake,
                      "falta_now": falta_value(self.points, self.target, self.half)
                      if not self.catalan else None,
                      "refused": list(self.envit_refused) if self.envit_refused else None,
                      "values": envit_seen, "words": envit_text, "shown": envit_cards,
                      "winner": self.envit_winner, "available": not self.catalan},
            "open_call": open_call,
            "points": list(self.points),
            "camas": list(self.camas),
            "cama_no": self.cama_no,
            "target": self.target,
            "half": self.half,
            "camas_to_win": self.camas_to_win,
            "parts": [self.side_part(0), self.side_part(1)],
            "score_words": self.score_words(),
            "settled": [dict(x) for x in self.last_settle],
            "hand_log": [{"hand": h["hand"], "cama": h["cama"],
                          "settled": [dict(x) for x in h["settled"]]} for h in self.hand_log],
            "cama_log": [dict(c) for c in self.cama_log],
            "rank_order": ["Ace of swords", "Ace of clubs", "7 of swords", "7 of coins", "3s",
                           "false 7s (clubs, cups)", "6s", "5s", "4s"],
            "previous": self.previous,
            "result": self.result() if self.finished else None,
        }

    # ---- for computer players (issue 15) ----
    @property
    def payoff_unit(self):
        return "percentage points" if self.payoff_by_chance else "points"

    @property
    def payoff_ahead(self):
        return ("its side's chance of winning the game rose" if self.payoff_by_chance
                else "its side gained")

    #: the look-ahead player leaves the rule of thumb only when a move beats it by more than
    #: two standard errors: a first turn has up to seven moves (three cards, envit, falta,
    #: truc, giving up), the envit and truc bets swing many points, and a move of the hand
    #: gets only 10-20 imagined deals in its time, so at one standard error one of the six
    #: other moves would look better by chance most of the time
    search_caution = 2.0

    #: the look-ahead's payoff: its side's chance of winning the game (``True``), or points.
    #: Points mislead near the end of a cama and between camas: 2 points at 22-20 win the
    #: cama, at 2-0 they are a small step; with the chance the hard side won 31 of 40
    #: four-player games against 26 of 40 with points (the same seeds, benchmarks/players_match.py)
    payoff_by_chance = True

    def payoff(self, seat):
        """A look-ahead player's number: its side's points less the other side's, a cama
        counting as a whole cama of points (V1); with :attr:`payoff_by_chance`, its side's
        chance of winning the game (:meth:`win_chance`) in percent."""
        side = self.table.team_of(seat)
        if self.payoff_by_chance:
            return 100.0 * self.win_chance(side)
        return (self.points[side] - self.points[1 - side]
                + self.target * (self.camas[side] - self.camas[1 - side]))

    def win_chance(self, side) -> float:
        """Roughly how likely ``side`` is to win the game from here (0 to 1): the camas won,
        and the chance of winning this cama from its score, worked out once for a simple
        model of a hand (:func:`cama_chances`). Used as the look-ahead player's payoff when
        :attr:`payoff_by_chance` is set."""
        need = self.camas_to_win
        if self.camas[side] >= need:
            return 1.0
        if self.camas[1 - side] >= need:
            return 0.0
        p = cama_chances(self.target)[self.points[side]][self.points[1 - side]]
        return p * _games_chance(self.camas[side] + 1, self.camas[1 - side], need) + \
            (1 - p) * _games_chance(self.camas[side], self.camas[1 - side] + 1, need)

    def sample_world(self, seat, rng):
        """A fork with the other hands, the cards laid face down by a player who gave up (V8)
        and the stock dealt again at random, keeping the seat's own cards and every card
        played. Once the envit is settled every hand has been shown (V9) and nothing is
        hidden but the stock. The envit and truc calls are soft information (a call may be a
        bluff): the first worlds tried must fit them (:meth:`_call_hints`); if none of 30
        does, they are dropped."""
        from ...engine.sampling import deal_hidden, redact_deals
        world = self.fork()
        redact_deals(world, Action("deal"))
        if self._phase.key in ("deal", "over") or not self.dealt[0]:
            return world
        shown = self.envit_shown is not None
        played = [[] for _ in range(self.n)]
        for t in self.tricks + ([self.trick] if self.trick is not None else []):
            for p in t.plays:
                played[p.seat].append(p.card)
        others = [s for s in range(self.n) if s != seat and not shown]
        known = set(self.dealt[seat])
        for s in range(self.n):
            known.update(played[s])
            if s not in others:
                known.update(self.dealt[s])
        pool = [c for c in _DECK if c not in known]
        places = [((s, "hand"), len(self.hands[s])) for s in others]
        places += [((s, "laid"), len(self.laid[s])) for s in others]
        places.append(("stock", len(self.stock)))
        deal = deal_hidden(pool, places, rng, prefer=self._call_hints(others, played))
        for s in others:
            world.hands[s] = sorted(deal[(s, "hand")], key=_SORT.__getitem__)
            world.laid[s] = deal[(s, "laid")]
            world.dealt[s] = tuple(sorted(world.hands[s] + world.laid[s] + played[s],
                                          key=_SORT.__getitem__))
        world.stock = deal["stock"]
        return world

    def _call_hints(self, others, played):
        """What the bets of this hand suggest, as a test of a deal (soft information, the
        habits of a plain player; a bet may be a bluff): whoever called a truc bet holds a
        card from the 3s up (two, for a raise), and whoever accepted one holds one; whoever
        called an envit bet has an envit of 28 or more, whoever accepted one 27 or more,
        whoever refused one less than 30; a player who played a card while the envit was
        still open to them and called none has less than 30 (V7, V9). ``None`` if no other
        seat did anything that says something."""
        three = _POWER(_THREE, "")
        truc, high, low = {}, {}, {}
        for i, rec in enumerate(self.truc_calls):
            by = rec["by"]
            if by in others:
                truc[by] = max(truc.get(by, 0), 1 if rec["bet"] == self.ladder[0][0] else 2)
            if rec["answer"] == "accepted":
                who = self._hint_answerer(self.truc_calls, i)
                if who in others:
                    truc[who] = max(truc.get(who, 0), 1)
        for i, rec in enumerate(self.envit_calls):
            if rec["by"] in others:
                high[rec["by"]] = max(high.get(rec["by"], 0), 28)
            who = self._hint_answerer(self.envit_calls, i)
            if who in others:
                if rec["answer"] == "accepted":
                    high[who] = max(high.get(who, 0), 27)
                elif rec["answer"] == "refused":
                    low[who] = 30
        if self.envit_state is None:
            for s in others:
                if played[s]:
                    low[s] = 30
        truc = {s: k for s, k in truc.items()}
        if not truc and not high and not low:
            return None

        def fits(deal):
            for s, need in truc.items():
                cards = deal[(s, "hand")] + deal[(s, "laid")] + played[s]
                if sum(1 for c in cards if _POWER(c, "") >= three) < need:
                    return False
            for s in high.keys() | low.keys():
                v = envit_value(deal[(s, "hand")] + deal[(s, "laid")] + played[s])
                if v < high.get(s, 0) or v >= low.get(s, 99):
                    return False
            return True
        return fits

    def _hint_answerer(self, calls, i):
        """Who answered the ``i``-th bet of ``calls``: a raise is answered by the player whose
        bet it raises, a first bet by the caller's next opponent still playing."""
        if i > 0 and str(calls[i - 1]["answer"]).startswith("raised"):
            return calls[i - 1]["by"]
        by = calls[i]["by"]
        for s in self.table.opponents(by):
            if s not in self.folded:
                return s
        return None


#: an action's kind → what applying it does (the checks have passed: the kind fits the phase)
_DOING = {"deal": Truc._do_deal, "play": Truc._do_play, "call": Truc._do_call,
          ACCEPT: Truc._do_answer, REFUSE: Truc._do_answer, "give_up": Truc._do_give_up,
          "settle": Truc._do_settle}

_THREE = Card("3", "coins", "spanish")

#: A simple model of one hand for :func:`cama_chances` (from rule-of-thumb play, four
#: players): what the envit gives (points, chance; to either side alike), then the truc.
_HAND_ENVIT = ((0, 0.35), (1, 0.30), (2, 0.25), (4, 0.10))
_HAND_TRUC = ((1, 0.50), (2, 0.40), (3, 0.08), (4, 0.02))
_CHANCES: dict = {}


def cama_chances(target: int = 24) -> list:
    """``chances[a][b]``: the chance that a side on ``a`` points wins the cama against a side
    on ``b`` (both under ``target``), if every hand is a toss-up: the envit (settled first)
    and then the truc go to either side alike, with the points of :data:`_HAND_ENVIT` and
    :data:`_HAND_TRUC`, and the first side to reach ``target`` wins (V1, V10)."""
    if target in _CHANCES:
        return _CHANCES[target]
    t = target
    v = [[0.0] * t for _ in range(t)]

    def after_truc(a, b):
        out = 0.0
        for pts, p in _HAND_TRUC:
            out += p * 0.5 * ((1.0 if a + pts >= t else v[a + pts][b])
                              + (0.0 if b + pts >= t else v[a][b + pts]))
        return out

    for total in range(2 * t - 2, -1, -1):
        for a in range(max(0, total - t + 1), min(t - 1, total) + 1):
            b = total - a
            out = 0.0
            for pts, p in _HAND_ENVIT:
                if pts == 0:
                    out += p * after_truc(a, b)
                    continue
                out += p * 0.5 * ((1.0 if a + pts >= t else after_truc(a + pts, b))
                                  + (0.0 if b + pts >= t else after_truc(a, b + pts)))
            v[a][b] = out
    _CHANCES[target] = v
    return v


def _games_chance(mine, theirs, need):
    """The chance of winning the game with ``mine`` camas to ``theirs`` at the start of a
    cama (each cama a toss-up)."""
    if mine >= need:
        return 1.0
    if theirs >= need:
        return 0.0
    return 0.5 * (_games_chance(mine + 1, theirs, need) + _games_chance(mine, theirs + 1, need))


def all_envit_values():
    """The envit value of every possible three-card hand of the 22 (1,540 hands)."""
    return {hand: envit_value(hand) for hand in combinations(_DECK, 3)}
