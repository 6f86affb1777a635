"""Pocha: a Spanish trick-taking game where every hand you predict your tricks exactly.

Source: document 004 (Tagalog). Rule ids H1–H12 and variants HV1–HV5 follow
``shared/rules/pocha.md``. Where the document leaves a point open we rule on it; those
rulings are marked "Our ruling" in :data:`RULES`.

A game is the whole schedule of hands (22 hands for 4 players with 40 cards). Each hand is:
the deal (a chance step: the order of the whole deck, so a record can script any deal),
one bid per player, the tricks, and the scoring (a step the rules take by themselves).

>>> from cardwidgets.games.pocha.rules import Pocha, hand_schedule
>>> hand_schedule(4)
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
>>> from cardwidgets import play_out, RandomPlayer
>>> game = play_out(Pocha(4, hands=3), RandomPlayer(seed=1), seed=1)
>>> game.finished, game.hand_no >= 3
(True, True)
"""
from __future__ import annotations

import bisect
import operator
import random
from typing import Any, Final

from ...engine import (CHANCE, TABLE, Action, Card, ConfigError, Game, IllegalAction, Phase,
                      RankOrder, deal_problem, make_deck)
from ...engine.core import shuffled
from ...engine.tricks import Play, SuitPower, Trick
from ...engine.words import Addressed, second_person, sentence_case

__all__ = ["Pocha", "RULES", "hand_schedule", "hand_score", "rank_order", "SCHEDULES"]

# ---- the game, declared -------------------------------------------------------------------

#: Spanish words for the suits, shown beside the English ones.
SUIT_WORDS = {"coins": "coins (oros)", "cups": "cups (copas)", "swords": "swords (espadas)",
              "clubs": "clubs (bastos)"}

#: H9: rank within a suit, high to low, and where the 8 and 9 go with 48 cards (our ruling).
RANK_40 = ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2")
RANK_48 = ("1", "3", "12", "11", "10", "9", "8", "7", "6", "5", "4", "2")
#: HV3: the 3 ranked low, just above the 2.
RANK_40_THREE_LOW = ("1", "12", "11", "10", "7", "6", "5", "4", "3", "2")
RANK_48_THREE_LOW = ("1", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2")

#: The hand schedules (H4, HV1, HV2, HV5), by name.
SCHEDULES = ("document", "document, extra whole-deck hands", "one-card ends", "Catalan")

RULES = {
    "H1": "The deck is the Spanish one, 40 cards (Ace to 7, Jack/sota, Knight/caballo, King/"
          "rey) in four suits: coins (oros), cups (copas), swords (espadas) and clubs (bastos). "
          "Some play with 48 cards, adding the 8s and 9s.",
    "H2": "Three or four players. With three players the 2s are taken out, so that the 36 "
          "cards left deal out evenly (12 each). Our ruling: with the 48-card deck and three "
          "players nothing is taken out. The document says the 2s go whenever three play, but "
          "it gives the reason, so that all the cards deal out, and 48 cards already do (16 "
          "each) while 44 would not; "
          "with four players every deck is used whole (10 or 12 each).",
    "H3": "The aim: predict exactly how many tricks you will take in each hand. The highest "
          "total at the end wins. Predicting right comes first; taking many tricks second.",
    "H4": "Hand sizes: the first hand deals 1 card to each player, each later hand one card "
          "more, until a hand deals the whole deck. Whole-deck hands are played as many times "
          "as there are players; then each hand has one card fewer, down to a last hand of 1 "
          "card each. Four players with 40 cards: 1 … 9, 10 four times, 9 … 1 = 22 hands; "
          "three players with 36 cards: 1 … 11, 12 three times, 11 … 1 = 25 hands. Our "
          "ruling: the first whole-deck hand is the first of those hands. The document does not "
          "say so, and read literally it leans the other way: its word Pagkatapos (\"after "
          "that\") puts the whole-deck hands after the hand that first deals the whole deck, "
          "which is variant HV5. Our reason is our own, not the document's: with the deal "
          "passing each hand, every player then deals exactly one whole-deck hand.",
    "H5": "The first dealer is chosen at random (here: the dealer setting). The player on "
          "the dealer's right is the first player; the player on the dealer's left cuts. The "
          "cards are dealt one at a time, to the right, starting with the first player, so the "
          "dealer gets the last one. Then the next card of the deck is turned face up: its "
          "suit is trumps for this hand, and it belongs to nobody (the document writes the "
          "English word trump in its Tagalog text; Spanish players say triunfo, or that a suit "
          "pinta, 'paints': words not in the document, from the Spanish Wikipedia article "
          "'Pocha (juego de naipes)'). When the "
          "whole deck is dealt, the dealer shows their own last card as the trump card and "
          "keeps it. After each hand the deal passes to the right, to the player who was first. "
          "Our ruling on the direction: the document says the deal moves to the next player "
          "\"from left to right\" (mula kaliwa pakanan); we read it with the rest of the "
          "document, where the first player sits on the dealer's right and the play goes to the "
          "right, so the next dealer is the player on the dealer's right.",
    "H6": "A hand has as many tricks as each player has cards. In each trick everyone plays one "
          "card; one player always wins it and takes the cards.",
    "H7": "After the deal each player, starting with the first player, says how many tricks "
          "they expect to take (a bid, from 0 to the number of tricks). The dealer, bidding "
          "last, may not choose a number that makes the bids add up to the number of tricks, "
          "so at least one player must be wrong. This does not apply in hands of one card.",
    "H8": "The first player leads any card to the first trick. The others play one card each, "
          "in bidding order (to the right), with three duties: "
          "Duty 1: if you hold the suit led, you must play it, and must beat the highest card of "
          "that suit played so far if you can. "
          "Duty 2: if you cannot beat it, or someone has already trumped, play any card of the "
          "suit led. "
          "Duty 3: if you have none of the suit led you must try to win with a trump: if no "
          "trump has been played, play a trump; if one has, play a trump that beats the highest "
          "trump played if you can. If you cannot beat it, or hold no trump, play any other "
          "card. Our ruling: \"any other card\" means any card in your hand, a lower trump "
          "included.",
    "H9": "Rank within each suit, high to low: Ace, 3, King (12), Knight (11), Jack (10), 7, 6, "
          "5, 4, 2. Our ruling for the 48-card deck: the 9 and 8 go between the Jack and the "
          "7 (Ace, 3, King, Knight, Jack, 9, 8, 7, 6, 5, 4, 2), as in other Spanish games.",
    "H10": "The highest trump wins the trick; if no trump was played, the highest card of the "
           "suit led wins. The winner of a trick leads the next one.",
    "H11": "Scoring after each hand: a player who took exactly the tricks they bid scores 10 "
           "plus 5 for each trick taken; a player who missed loses 5 for each trick of "
           "difference, over or under.",
    "H12": "The game ends after the last hand of the schedule; the highest total wins. A tie "
           "for the highest total is broken by extra one-card hands until it is broken. Our "
           "ruling: everyone plays the extra hands (the game needs three players), scored as "
           "usual, but only the tied players' totals count: the game ends after the first "
           "extra hand that leaves one of them alone ahead of the others, who wins; the tied "
           "players stay the same until then, so one who falls behind in an extra hand may "
           "still come back and win. With the hands setting (how many hands to play) a class "
           "can stop the schedule early; the same tie rule applies then.",
    "HV1": "Our variant \"one-card ends\" (not in the document; the name is ours): as many hands of 1 card as there are players, then 2 … up to one "
           "below the whole deck, the whole-deck hands, down again, and as many hands of 1 at "
           "the end (4 players, 40 cards: 28 hands).",
    "HV2": "Our variant \"Catalan\" (not in the document; the name is only our label for it): 1 … up to the whole deck, the whole deck again … "
           "down to 1, then as many whole-deck hands as there are players at the end (4 "
           "players, 40 cards: 24 hands).",
    "HV3": "Our variant (not in the document): the 3 ranks low, just above the 2: Ace, King, "
           "Knight, Jack, 7, 6, 5, 4, 3, 2 (with 48 cards: Ace, King, Knight, Jack, 9, 8, 7 … 3, 2).",
    "HV4": "Our variant (not in the document, which takes the 2s out for three players): "
           "three players keep all 40 cards, 13 each in the whole-deck hands. Our ruling: the "
           "one card left over is the turned trump card, face up, belonging to nobody, as in "
           "the smaller hands.",
    "HV5": "Variant, the other reading of H4 (document 004's Pagkatapos, \"after that\", read "
           "literally): the hands grow up to the whole deck, and after that first whole-deck "
           "hand come as many more whole-deck hands as there are players (4 players, 40 cards: "
           "23 hands; 3 players: 26).",
}

DEAL_PHASE: Final = Phase("deal", "The deal", "H5")
BID_PHASE: Final = Phase("bid", "Bidding", "H7")
PLAY_PHASE: Final = Phase("play", "Playing the tricks", "H8")
_PLAY: Final = PLAY_PHASE.key
SCORE_PHASE: Final = Phase("score", "Scoring the hand", "H11")
OVER_PHASE: Final = Phase("over", "Game over", "H12")

# Which duty a card met or must meet, as found by :meth:`Pocha._situation`.
LEAD: Final = "lead"
BEAT: Final = "duty 1"          # holding the suit led, and able to beat its highest card
FOLLOW: Final = "duty 2"        # holding the suit led, unable to beat it
FOLLOW_TRUMPED: Final = "duty 2 trumped"   # holding the suit led after someone trumped
TRUMP: Final = "duty 3 trump"   # void, holding a trump, none played yet
OVERTRUMP: Final = "duty 3 overtrump"      # void, holding a trump that beats the highest trump
ANY_LOW: Final = "duty 3 any low"    # void, trumps held are all lower than the highest played
ANY_NONE: Final = "duty 3 any none"        # void and holding no trump

SCORE = Action("score")
_SCORING: Final = (SCORE,)       # the legal actions of the scoring step (H11)
_NO_PLACE: Final = 1 << 30   # the place of no card (above every card's place in the sorted deck)
_DUTY_RULE: Final = {BEAT: "H8 duty 1", FOLLOW: "H8 duty 2", FOLLOW_TRUMPED: "H8 duty 2",
              TRUMP: "H8 duty 3", OVERTRUMP: "H8 duty 3", ANY_LOW: "H8 duty 3",
              ANY_NONE: "H8 duty 3"}
_TRICK_RULE: Final = {rule: rule + " + H10" for rule in ("H8", "H10", *_DUTY_RULE.values())}


def _deal_text(w, label, k, dealer_seat, first_seat, cutter, whole, trump_name, trump, hv4):
    """The words of the deal (H5), from the values of that moment (``w``: the Words)."""
    dealer, first = w.name(dealer_seat), w.name(first_seat)
    d = lambda verb: w.verb(dealer_seat, verb)     # noqa: E731
    each = f"{k} card{'s' if k != 1 else ''} each"
    text = (f"{label.capitalize()}, {each}: {w.says(cutter, 'cuts')} and {dealer} "
            f"{d('deals')} one card at a time to the right, starting with {first}. ")
    if whole:
        text += (f"The whole deck is dealt, so {dealer} {d('shows')} {w.their(dealer_seat)} own "
                 f"last card, the {trump_name}, and {d('keeps')} it: {SUIT_WORDS[trump]} are "
                 f"trumps (triunfo).")
    else:
        text += (f"{dealer} {d('turns')} up the next card, the {trump_name}: "
                 f"{SUIT_WORDS[trump]} are trumps (triunfo).")
        if hv4:
            text += " It is the one card left over and belongs to nobody (HV4)."
    return text if w.you is None else sentence_case(text)


def _bid_text(w, seat, amount, k, total, dealer, forbidden):
    """The words of a bid (H7); ``total``: the bids so far, this one included."""
    who, bids = w.name(seat), w.verb(seat, "bids")
    trick_w = "trick" if amount == 1 else "tricks"
    if not dealer:
        text = f"{who} {bids} {amount} {trick_w} (the bids add up to {total} of {k} so far)."
    else:
        text = (f"{who}, the dealer, {bids} {amount} {trick_w} last: the bids add up to {total} "
                f"of {k}.")
        if k == 1 and total == k:
            text += " In a one-card hand the dealer may make them add up to the tricks."
        elif k == 1:
            text += " At least one player will be wrong."
        elif forbidden is not None:
            text += (f" The dealer could not bid {forbidden}, which would have made them "
                     f"{k}: at least one player will be wrong.")
        else:
            text += " At least one player will be wrong."
    return text if w.you is None else sentence_case(text)


def _score_text(w, label, k, order, bids, taken, totals, ending, dealer):
    """The words of the scoring of a hand (H11) and, at the end of the schedule, of who wins
    or who is tied (H12); ``dealer``: the next dealer, ``None`` when the game is over."""
    parts = []
    for s in order:
        bid, took = bids[s], taken[s]
        d = hand_score(bid, took)
        if bid == took:
            parts.append(f"{w.name(s)} bid {bid}, took {took}: exact, 10 + 5 × {took} = +{d}")
        else:
            parts.append(f"{w.name(s)} bid {bid}, took {took}: "
                         f"{'over' if took > bid else 'under'} by {abs(bid - took)}, {d}")
    total_words = ", ".join(f"{w.name(s)} {totals[s]}" for s in range(len(totals)))
    text = (f"Scoring {label}, {k} trick{'s' if k != 1 else ''}: "
            f"{'; '.join(parts)}. Totals: {total_words}.")
    if ending is not None:
        leaders, top, last, extra, tied_before = ending
        if len(leaders) == 1:
            lead = w.says(leaders[0], "wins")
            if extra:
                text += f" The tie is broken: {lead} with {top} points."
            else:
                text += f" {last}: {lead} with {top} points."
        else:
            tied = w.listing(leaders)
            if extra:
                if leaders == tied_before:
                    text += f" {tied} are still tied with {top}: another extra one-card hand."
                else:
                    text += (f" Of the players who were tied ({w.listing(tied_before)}), {tied} "
                             f"now share the lead with {top}: another extra one-card hand.")
            else:
                text += (f" {last}, and {tied} are tied with {top}: everyone plays an extra "
                         f"one-card hand, and only the tied players' totals decide.")
    if dealer is not None:
        text += f" The deal passes to the right, to {w.name(dealer)}."
    return text if w.you is None else sentence_case(text)


def _play_text(context, card, situation, first, win, last):
    """The words of a card played (H8), and of the trick it completes (H10, ``win`` the
    winning play; ``last``: the last trick of the hand), from the values of that moment
    (``context``: the card names, the players, the seat spoken to as you and the trump suit
    of the hand; ``situation``: the player's legal run and duty, as :attr:`Pocha._span`)."""
    names, players, you, trump = context
    seat, duty, high, top = situation[0], situation[3], situation[4], situation[5]
    if seat == you:
        who, v, of_whose = "you", second_person, "yours"
    else:
        who = players[seat]
        v, of_whose = _same, f"{who}'s"
    name = names[id(card)]
    if duty == LEAD:
        why = "the first player," if first else "who won the last trick,"
        text = f"{who}, {why} {v('leads')} the {name}."
    else:
        led = high.suit
        if duty == BEAT:
            text = (f"{who} {v('plays')} the {name}, beating the {names[id(high)]} (duty 1: "
                    f"follow suit and beat if you can).")
        elif duty == FOLLOW:
            text = (f"{who} {v('plays')} the {name}: no {led} card of {of_whose} beats the "
                    f"{names[id(high)]}, so any {led} card will do (duty 2).")
        elif duty == FOLLOW_TRUMPED:
            text = (f"{who} {v('plays')} the {name}: someone has trumped, so any {led} card "
                    f"will do (duty 2).")
        elif duty == TRUMP:
            text = (f"{who} {v('has')} no {led} and {v('trumps')} with the {name} (duty 3: void "
                    f"in the suit led, you must trump).")
        elif duty == OVERTRUMP:
            text = (f"{who} {v('has')} no {led} and {v('beats')} the {names[id(top)]} with the "
                    f"{name} (duty 3: beat the highest trump if you can).")
        elif duty == ANY_LOW and card.suit == trump:
            text = (f"{who} {v('has')} no {led} and no trump above the {names[id(top)]}, so may "
                    f"play any card: the {name}, a lower trump (duty 3).")
        elif top is not None and led != trump:
            # the same words whether or not the player holds lower trumps: the rules do
            # not make a player reveal that
            text = (f"{who} {v('has')} no {led} and no trump that beats the {names[id(top)]}, "
                    f"so may play any card: the {name} (duty 3).")
        elif led == trump:
            text = (f"{who} {v('has')} no trumps ({led}) to follow with, so may play any card: "
                    f"the {name} (duty 3).")
        else:
            text = (f"{who} {v('has')} neither {led} nor trumps ({trump}), so may play any "
                    f"card: the {name} (duty 3).")
    if win is not None:
        w, wc = win
        how = ("the highest trump" if wc.suit == trump
               else f"the highest {wc.suit} card, and no trump was played")
        wins = "you win" if w == you else f"{players[w]} wins"
        text += f" {wins} the trick with the {names[id(wc)]}, {how}."
        if last:
            text += " All the tricks are played."
    return text if you is None else sentence_case(text)


def rank_order(deck: int = 40, three_low: bool = False) -> RankOrder:
    """The rank within a suit (H9, or HV3 with ``three_low``), for 40 or 48 cards."""
    if deck == 48:
        return RankOrder(RANK_48_THREE_LOW if three_low else RANK_48)
    return RankOrder(RANK_40_THREE_LOW if three_low else RANK_40)


def hand_score(bid: int, took: int) -> int:
    """H11: 10 + 5 per trick taken if the bid was exact, else −5 per trick of difference.

    >>> hand_score(2, 2), hand_score(0, 0), hand_score(3, 1), hand_score(0, 2)
    (20, 10, -10, -10)
    """
    return 10 + 5 * took if bid == took else -5 * abs(bid - took)


def hand_schedule(players: int, cards: int | None = None, kind: str = "document") -> list[int]:
    """Cards per player in each hand (H4; HV1 "one-card ends", HV2 "Catalan", HV5).

    ``cards`` is the number of cards in play (36 for three players with the 40-card deck,
    40 for four); ``kind`` is one of :data:`SCHEDULES`.

    >>> len(hand_schedule(4)), len(hand_schedule(3)), len(hand_schedule(4, kind="Catalan"))
    (22, 25, 24)
    """
    if cards is None:
        cards = 36 if players == 3 else 40
    n, m = players, cards // players
    up, down = list(range(1, m)), list(range(m - 1, 0, -1))
    if kind == "document":
        return up + [m] * n + down
    if kind == "document, extra whole-deck hands":
        return up + [m] + [m] * n + down
    if kind == "one-card ends":
        return [1] * n + up[1:] + [m] * n + down[:-1] + [1] * n
    if kind == "Catalan":
        return up + [m, m] + down + [m] * n
    raise ConfigError("schedule", f"{kind!r} is not a schedule; use one of {', '.join(SCHEDULES)}")


_DECKS: dict = {}
_SCHEDULES: dict = {}      # (players, cards, kind) → the hand schedule, made once
bisect_left: Final = bisect.bisect_left
_TRICK: Final = Trick       # (the names the play reads at every card, looked up once)
_new: Final = tuple.__new__  # a Trick or a Play made from its fields at once (the play's hot path)
_TABLES: dict = {}
_SETTLED: dict = {}   # a configuration → what Pocha._settled found for it (checked, once)
_itemgetter: Final = operator.itemgetter
_add: Final = operator.add


def _deck(name: str) -> tuple:
    """The cards of a named deck, made once (the same Card objects every time)."""
    deck = _DECKS.get(name)
    if deck is None:
        deck = _DECKS[name] = tuple(make_deck(name))
    return deck


class _Tables:
    """What a game of one configuration looks up again and again, built once: the deck, the
    rank values, the card names and the possible actions (cards are keyed by ``id``)."""

    def __init__(self, deck_name, size, three_low, n):
        self.deck = _deck(deck_name)
        self.deck_set = frozenset(self.deck)
        self.deck_ids = frozenset(map(id, self.deck))
        self.ranks = rank_order(size, three_low)
        self.rv = {r: self.ranks.value(r) for r in self.ranks.high_to_low}
        self.names = {id(c): c.name for c in self.deck}
        suit_order = {s: i for i, s in enumerate(("coins", "cups", "swords", "clubs"))}
        self.sort_key = {id(c): (suit_order[c.suit], -self.rv[c.rank]) for c in self.deck}
        self.play_actions = [{id(c): Action("play", s, card=c) for c in self.deck}
                             for s in range(n)]
        self.bid_actions = tuple(tuple(Action("bid", s, amount=k)
                                       for k in range(len(self.deck) + 1)) for s in range(n))
        self.play_actions = tuple(self.play_actions)
        self.next_seat = tuple((s - 1) % n for s in range(n))   # H5, H8: to the right
        self.value = {id(c): self.rv[c.rank] for c in self.deck}
        self.suit_index = {suit: i for suit, i in suit_order.items()}
        self.powers = {suit: SuitPower(self.ranks, suit) for suit in suit_order}
        # a hand's order (H9 within each suit, the suits in a fixed order): each card's
        # place in the sorted deck, the cards and each seat's play actions in that order,
        # and where each suit starts
        ordered = sorted(self.deck, key=lambda c: self.sort_key[id(c)])
        self.place = {id(c): i for i, c in enumerate(ordered)}
        self.by_place = tuple(ordered)
        self.acts_by_place = tuple(tuple(acts[id(c)] for c in ordered)
                                   for acts in self.play_actions)
        self.suit_starts = tuple(next(i for i, c in enumerate(ordered) if c.suit == suit)
                                 for suit in suit_order) + (len(ordered),)
        self.orders = tuple(tuple((s - k) % n for k in range(n)) for s in range(n))
        # the rank value of the card of each play action (keyed by the action's id)
        self.act_value = {id(a): self.value[id(a.card)] for acts in self.play_actions
                          for a in acts.values()}
        # what playing each of our own play actions needs (keyed by the action's id): its
        # card, the card's place in the sorted deck, the index of its suit, the Play and the seat
        self.play_info = {id(a): (a.card, self.place[id(a.card)], suit_order[a.card.suit],
                                  Play(s, a.card), s)
                          for s, acts in enumerate(self.play_actions) for a in acts.values()}
        # each of our own bid actions (keyed by its id): its seat and number of tricks
        self.bid_info = {id(a): (s, a.amount) for s, acts in enumerate(self.bid_actions)
                         for a in acts}
        self.canon = {c: c for c in self.deck}      # an equal Card → our own
        self.deck_place = tuple(self.place[id(c)] for c in self.deck)   # by index in the deck


def _tables(deck_name, size, three_low, n) -> _Tables:
    key = (deck_name, size, three_low, n)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(deck_name, size, three_low, n)
    return t


def _check_dealer(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < game.n:
        return f"the first dealer is a seat number from 0 to {game.n - 1}"


def _check_deck(game, value):
    if value not in (40, 48):
        return "Pocha is played with the 40-card or the 48-card Spanish deck: give 40 or 48"
    if game.options["all_forty"] and (game.n != 3 or value != 40):
        raise ConfigError("options.all_forty", "variant HV4 (all 40 cards) is for three "
                          "players with the 40-card deck")


def _check_hands(game, value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        return "the number of hands to play is a whole number of at least 1, or None for all"


def _check_start(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return "the hand of the schedule to start with is a whole number of at least 1"


class Pocha(Addressed, Game):
    """Pocha for 3–4 players (rules H1–H12, variants HV1–HV5).

    Settings: ``dealer`` the first dealer's seat (0), ``deck`` 40 or 48 cards; for a lesson,
    ``start`` the hand of the schedule to begin with (1) and ``hands`` how many hands to play
    from there (``None``: to the end of the schedule, H4). ``Pocha(4, start=10, hands=1)`` is
    one whole-deck hand of 10 cards each.
    Options: ``one_card_ends`` (HV1), ``catalan`` (HV2), ``three_low`` (HV3),
    ``all_forty`` (HV4), ``extra_whole_deck`` (HV5); give them by name or id,
    e.g. ``Pocha(4, options={"HV2": True})``.
    """

    key = "pocha"
    title = "Pocha"
    system = "spanish"
    min_players = 3
    max_players = 4
    direction = "right"          # H5, H8: the deal, the bids and the play go to the right
    PHASES = (DEAL_PHASE, BID_PHASE, PLAY_PHASE, SCORE_PHASE, OVER_PHASE)
    COUNTERS = (("scores", "points", "seat"),)
    RULES = RULES
    OPTIONS = {
        "one_card_ends": (False, "HV1", "schedule: N one-card hands at both ends"),
        "catalan": (False, "HV2", "schedule: up, down, then N whole-deck hands"),
        "three_low": (False, "HV3", "the 3 ranks low (A, K, Knight, Jack, 7 … 3, 2)"),
        "all_forty": (False, "HV4", "three players keep all 40 cards (13 each, one turned)"),
        "extra_whole_deck": (False, "HV5", "N whole-deck hands after the first one (H4's other reading)"),
    }
    SETUP = {"dealer": (0, _check_dealer), "deck": (40, _check_deck),
             "start": (1, _check_start), "hands": (None, _check_hands)}
    # Game.fork shares the lookup tables (made once per configuration, never changed) and
    # starts without the memo of the situation in the play (it holds a hand's own list).
    _FORK_FLAT = Game._FORK_FLAT | {"scores", "bids", "taken", "stock", "_plays"}
    _FORK_NESTED = {"hands": 1, "won": 1, "hand_scores": 1, "_acts": 1, "_places": 1}
    _FORK_SHARES = Game._FORK_SHARES | {"_rv", "_names", "_sort_key", "_value",
                                        "_suit_index", "_act_value", "_powers", "_tables", "full_schedule",
                                        "_play_info", "_suit_starts", "_bid_info",
                                        "schedule"}

    @classmethod
    def _check_options(cls, options):
        chosen = [o for o in ("one_card_ends", "catalan", "extra_whole_deck") if options[o]]
        if len(chosen) > 1:
            ids = " and ".join(cls.OPTIONS[o][1] for o in chosen)
            raise ConfigError("options", f"{ids} are two different hand schedules: choose one")

    # ---- configuration -------------------------------------------------------------------
    @property
    def deck_name(self) -> str:
        """H1, H2, HV4: which cards are in play."""
        if self.setup["deck"] == 48:
            return "spanish48"
        if self.n == 3 and not self.options["all_forty"]:
            return "spanish36"
        return "spanish40"

    @property
    def schedule_kind(self) -> str:
        o = self.options
        if o["one_card_ends"]:
            return "one-card ends"
        if o["catalan"]:
            return "Catalan"
        if o["extra_whole_deck"]:
            return "document, extra whole-deck hands"
        return "document"

    def _full_schedule(self) -> list[int]:
        key = (self.n, len(_deck(self.deck_name)), self.schedule_kind)
        known = _SCHEDULES.get(key)
        if known is None:
            known = _SCHEDULES[key] = tuple(hand_schedule(*key))
        return list(known)

    # ---- state ---------------------------------------------------------------------------
    def _reset(self):
        # what a configuration looks up again and again (the deck, the rank values, the
        # actions, the schedule), checked and gathered once per configuration (_settled)
        setup = self.setup
        key = (self.n, setup["deck"], setup["start"], setup["hands"], *self.options.values())
        settled = _SETTLED.get(key)
        if settled is None:
            settled = self._settled()
            if len(_SETTLED) >= 1024:
                _SETTLED.clear()
            _SETTLED[key] = settled
        d = self.__dict__
        d.update(settled[0])
        self.full_schedule, self.schedule = [*settled[1]], [*settled[2]]
        self._words_now = words = self.words
        self._you_now = words.you        # the seat spoken to as you (a change rebuilds the game)
        # what every play's words need: the card names, the players, you, the trump suit
        self._text_ctx = (self._names, self.players, self._you_now, None)
        self.scores = [0] * self.n
        self.hand_scores: list[list[int]] = []   # one list per hand played, H11
        self.hand_log: list[dict] = []           # each hand played: cards, bids, tricks taken
        self.tied: list[int] | None = None       # the players tied at the top (H12)
        self.dealer = self.setup["dealer"]
        self.hand_no = 1
        self.deal_no = 1
        self._new_hand_state()
        self._phase = DEAL_PHASE
        self.current_player, self.finished = CHANCE, False

    def _settled(self) -> tuple:
        """``(fields, full schedule, schedule)`` for this configuration: the lookup tables
        every game of it shares, and the hands it plays (H4; raises :class:`ConfigError`
        for a ``start`` or ``hands`` beyond the schedule)."""
        t = _tables(self.deck_name, self.setup["deck"], self.options["three_low"], self.n)
        start, limit = self.setup["start"], self.setup["hands"]
        full = self._full_schedule()
        if start > len(full):
            raise ConfigError("start", f"the {self.schedule_kind} schedule for {self.n} players "
                              f"has {len(full)} hands; start at one of them (1 to {len(full)})")
        left = len(full) - start + 1
        if limit is not None and limit > left:
            raise ConfigError("hands", f"the {self.schedule_kind} schedule for {self.n} players "
                              f"has {len(full)} hands, so {left} from hand {start} on; give at "
                              f"most {left} (or None for all)")
        offset = start - 1
        schedule = full[offset:offset + limit] if limit else full[offset:]
        fields = {"deck_cards": t.deck, "_deck_set": t.deck_set, "_deck_ids": t.deck_ids,
                  "ranks": t.ranks, "_rv": t.rv, "_names": t.names, "_sort_key": t.sort_key,
                  "_play_actions": t.play_actions, "_bid_actions": t.bid_actions,
                  "_next_seat": t.next_seat, "_value": t.value, "_suit_index": t.suit_index,
                  "_act_value": t.act_value, "_powers": t.powers, "_tables": t,
                  "_play_info": t.play_info, "_suit_starts": t.suit_starts,
                  "_bid_info": t.bid_info, "offset": offset}
        return fields, tuple(full), tuple(schedule)

    def _new_hand_state(self):
        n = self.n
        four = n == 4                  # (three or four players, H2: each seat's lists written out)
        self.cards_per_hand = self.hand_size(self.hand_no)
        self.hands = [[], [], [], []] if four else [[], [], []]
        # the same cards as play actions, in the same order (by suit: coins, cups, swords,
        # clubs; high to low within each), and how many of each suit: what the duties of
        # play (H8) pick from. Kept with the hands by the deal and the play; code that
        # changes a hand otherwise (a computer player's imagined deal) calls _rehold(seat)
        self._acts = [[], [], [], []] if four else [[], [], []]
        # each card's place in the sorted deck
        self._places = [[], [], [], []] if four else [[], [], []]
        self.stock: list = []        # cards not dealt this hand (the turned card among them)
        self.trump_card = None
        self.trump = None
        self._trump_index = None     # the index of the trump suit (for the duties, H8)
        self.trump_dealt = False     # H5: in whole-deck hands the dealer keeps the trump card
        self.bids = [None] * n
        self.taken = [0] * n
        # the tricks each player took, as Trick values
        self.won: list[list] = [[], [], [], []] if four else [[], [], []]
        # the trick being played (:attr:`trick`): who led it (None before the play) and the
        # plays so far, a list that grows with each card (a Trick value is made only when
        # it is read, and when the trick is complete)
        self._leader = None
        self._plays: list = []
        # the trick so far, kept as each card is played (None before the lead): (index of
        # the suit led, its highest card, that card's place in the sorted deck (a lower place
        # ranks higher), the highest trump or None, its place (_NO_PLACE), the winning play)
        self._tops = None
        self.last_trick: Trick | None = None
        self.to_act = None
        self.power = None
        # who is to play and what they may: (seat, lo, hi, duty, highest card of the suit
        # led, highest trump): the legal cards are hands[seat][lo:hi] (H8). Worked out as
        # soon as a card is played (the next step needs it); None outside the play.
        self._span = None

    def hand_size(self, hand_no: int) -> int:
        """Cards per player in hand ``hand_no`` (extra tie-break hands have 1, H12)."""
        return self.schedule[hand_no - 1] if hand_no <= len(self.schedule) else 1

    @property
    def first_player(self) -> int:
        """H5: the player on the dealer's right bids and leads first."""
        return self._next_seat[self.dealer]

    @property
    def extra_hand(self) -> bool:
        """Is this an extra one-card hand played to break a tie (H12)?"""
        return self.hand_no > len(self.schedule)

    def hand_label(self) -> str:
        """E.g. ``"hand 7 of 22"``, ``"extra hand 1 (to break the tie)"``, or, in a game that
        plays several but not all of the schedule's hands (``start``, ``hands``), ``"hand 11
        of 22 (2 of 3 in this game)"`` or ``"hand 4 of 22 (the only hand in this game)"``: a
        student sees how many hands are left."""
        if self.extra_hand:
            return f"extra hand {self.hand_no - len(self.schedule)} (to break the tie)"
        label = f"hand {self.offset + self.hand_no} of {len(self.full_schedule)}"
        played = len(self.schedule)
        if played == len(self.full_schedule):
            return label
        if played == 1:     # (a lesson of one hand: the game ends with it)
            return f"{label} (the only hand in this game)"
        return f"{label} ({self.hand_no} of {played} in this game)"

    def _hand_short(self) -> str:
        """The hand's name on a score sheet: ``"7"`` (of the full schedule) or ``"extra 1"``."""
        if self.extra_hand:
            return f"extra {self.hand_no - len(self.schedule)}"
        return str(self.offset + self.hand_no)

    @property
    def trick(self) -> Trick | None:
        """The trick being played (H8, H10), ``None`` before the play of the hand: a value,
        made when read from who led it and the cards played so far."""
        leader = self._leader
        return None if leader is None else _new(_TRICK, (leader, tuple(self._plays)))

    # ---- whose turn ----------------------------------------------------------------------
    #: Who acts now, as :attr:`Game.current_player` (a seat, :data:`CHANCE`, :data:`TABLE`,
    #: or ``None`` when the game is over), and whether the game is over, as
    #: :attr:`Game.finished`: here plain attributes, set with every change of turn or phase
    #: (every step of every trial reads both, and reading a property is a call).
    current_player: Any = CHANCE
    finished: bool = False
    #: A shuffled deal's cards and their places in the sorted deck, found by its check and
    #: kept for :meth:`_do_deal` (``None``: none found).
    _deal_checked: Any = None
    # Addressed's own (words.py): who is you, if set, or as the players' names say, and the
    # words made for them
    _you: Any
    _you_by_name: Any
    _words: Any = None
    # the state the play reads at every card, declared (see _reset and _new_hand_state for
    # what each holds)
    to_act: Any
    hands: list
    _acts: list
    _places: list
    taken: list
    won: list
    _leader: Any
    _plays: list
    last_trick: Any
    _tops: Any
    _span: Any
    _trump_index: Any
    _play_info: dict
    _bid_info: dict
    _next_seat: tuple
    _suit_starts: tuple

    def _actor(self):
        key = self._phase.key
        if key == "deal":
            return CHANCE
        if key == "bid" or key == "play":
            return self.to_act
        return TABLE

    def turn_rule(self):
        return self._phase.rule

    # ---- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list:
        """The actions the rules allow now, as :meth:`Game.legal_actions` (worked out once
        per step), with the play, every trial's hot path, taken without the extra calls."""
        if self._phase is PLAY_PHASE:
            span: tuple = self._span or self._find_span()
            return self._acts[span[0]][span[1]:span[2]]
        legal = self._legal_now
        if legal is None:
            phase = self._phase
            if phase is BID_PHASE:
                seat = self.to_act
                legal = self._bid_actions[seat][:self.cards_per_hand + 1]   # 0 … k (H7)
                if seat == self.dealer:
                    legal = self._legal()              # (the dealer's limit)
            elif phase is SCORE_PHASE:
                legal = _SCORING
            else:
                return Game.legal_actions(self)
            self._legal_now = legal
            self._actor_now = self.current_player
        return [*legal]

    def _legal(self):
        phase = self._phase
        if phase is PLAY_PHASE:
            return self._situation()[0]
        if phase is BID_PHASE:
            seat = self.to_act
            bids = self._bid_actions[seat][:self.cards_per_hand + 1]   # 0 … k
            if seat != self.dealer:
                return bids
            forbidden = self.forbidden_bid()
            return bids if forbidden is None else bids[:forbidden] + bids[forbidden + 1:]
        if phase is SCORE_PHASE:
            return _SCORING
        return ()

    def forbidden_bid(self):
        """H7: the bid the player now bidding may not make, or ``None``."""
        if self._phase.key != "bid" or self.to_act != self.dealer or self.cards_per_hand == 1:
            return None
        rest = self.cards_per_hand - sum(filter(None, self.bids))     # the bids so far
        return rest if rest >= 0 else None

    def chance_action(self, rng: random.Random) -> Action:
        deck = self.deck_cards
        if rng.__class__ is not random.Random:
            return Action("deal", cards=tuple(shuffled(deck, rng)))
        # the deck's order shuffled (the same calls to rng as shuffling the cards, so the
        # same deal for a seed), giving the cards and their places in the sorted deck at once
        pick = _itemgetter(*shuffled(range(len(deck)), rng))     # (a deck has 36 cards or more)
        cards = pick(deck)
        self._deal_checked = (cards, pick(self._tables.deck_place))
        return Action("deal", cards=cards)

    def _situation(self):
        """``(legal play actions, duty, highest card of the suit led, highest trump)`` for
        the player to act in the play (H8), the actions in hand order."""
        seat, lo, hi, duty, high, top = self._span or self._find_span()
        return tuple(self._acts[seat][lo:hi]), duty, high, top

    def _find_span(self) -> tuple:
        """Work out :attr:`_span` for the player to act now (H8) and keep it.

        A hand is kept in deck order (by suit, high to low within each: each card's place
        in the sorted deck, ``_places``), so the cards of a suit, and those of it that beat
        a card, are runs found by bisection: the legal cards are always one run."""
        seat: int = self.to_act
        places: list = self._places[seat]
        n = len(places)
        tops: tuple | None = self._tops
        span: tuple
        if tops is None:
            span = self._span = (seat, 0, n, LEAD, None, None)
            return span
        led: int = tops[0]
        hp: int = tops[2]
        tp: int = tops[4]
        high = tops[1]
        top_trump = tops[3]
        starts = self._suit_starts
        lo = bisect_left(places, starts[led])
        end: int = starts[led + 1]
        if top_trump is None:
            k = bisect_left(places, hp, lo)           # duty 1: those that beat the highest
            if k > lo:                                # (places from the suit's start to hp)
                span = self._span = (seat, lo, k, BEAT, high, None)
                return span
        if lo < n and places[lo] < end:               # holding the suit led
            span = (seat, lo, bisect_left(places, end, lo),
                    FOLLOW if top_trump is None else FOLLOW_TRUMPED, high, top_trump)
        else:
            trump: int = self._trump_index
            lo = bisect_left(places, starts[trump])
            hi = bisect_left(places, starts[trump + 1], lo)
            if lo == hi:
                span = (seat, 0, n, ANY_NONE, high, top_trump)
            elif top_trump is None:
                span = (seat, lo, hi, TRUMP, high, None)
            else:
                k = bisect_left(places, tp, lo, hi)
                span = ((seat, lo, k, OVERTRUMP, high, top_trump) if k > lo
                        else (seat, 0, n, ANY_LOW, high, top_trump))
        self._span = span
        return span

    def _rehold(self, seat: int) -> None:
        """Sort ``hands[seat]`` (H9 within each suit) and make the play actions and places
        kept beside it agree: for code that changes a hand other than by dealing and
        playing (a computer player's imagined deal of the unseen cards)."""
        t = self._tables
        canon = t.canon
        places = sorted(t.place[id(canon[c])] for c in self.hands[seat])
        self.hands[seat][:] = [t.by_place[p] for p in places]
        self._acts[seat] = [t.acts_by_place[seat][p] for p in places]
        self._places[seat] = places
        self._span = self._legal_now = None

    # ---- checking ------------------------------------------------------------------------
    def _known_cards(self, cards):
        """As :meth:`Game._known_cards`, with a whole deck of our own cards (every shuffled
        deal) seen in one look, which :meth:`_check_deal` then need not repeat."""
        checked = self._deal_checked
        if checked is not None and checked[0] is cards:
            return True                         # our own shuffle (chance_action)
        if len(cards) == len(self.deck_cards) and self._own_deal(cards):
            return True
        return Game._known_cards(self, cards)

    def _own_deal(self, cards) -> bool:
        """Is ``cards`` our own whole deck, each card once (every shuffled deal)? If so the
        places of its cards in the sorted deck are kept for :meth:`_do_deal`."""
        places = [*map(self._tables.place.get, map(id, cards))]
        if None in places or len(set(places)) != len(places):
            return False
        self._deal_checked = (cards, places)
        return True

    def _check_deal(self, action):
        cards = action.cards
        deck = self.deck_cards
        checked = self._deal_checked
        if checked is not None and checked[0] is cards:
            return                              # the whole deck, our own cards (_known_cards)
        if len(cards) == len(deck):
            if self._own_deal(cards):           # our own cards: _do_deal need not look again
                return
            if set(cards) == self._deck_set:
                return
        what = {"spanish36": "the 36 cards of the 40-card deck without the 2s (H2)",
                "spanish40": "all 40 cards of the Spanish deck", "spanish48":
                "all 48 cards of the Spanish deck"}[self.deck_name]
        if len(cards) != len(deck):
            raise IllegalAction("H1", f"a deal lists {what} in the order they are dealt; this "
                                f"one lists {len(cards)}")
        kind, what = deal_problem(cards, deck)
        if kind == "twice":
            raise IllegalAction("H1", f"the {what.name} is dealt twice")
        why = " (the 2s are taken out for three players, H2)" if what.rank == "2" else ""
        raise IllegalAction("H2" if why else "H1", f"the {what.name} is not in this deck{why}")

    def _check_bid(self, action):
        if action.kind != "bid":
            what = ("the cards are played after the bidding" if action.kind == "play"
                    else f"not {action.kind!r}")
            raise IllegalAction("H7", f"now each player bids how many tricks they will take, "
                                f"{what}: bid a number from 0 to "
                                f"{self.cards_per_hand}"
                                + ("" if self.forbidden_bid() is None
                                   else f", but not {self.forbidden_bid()} (the dealer's limit)"))
        k, amount = self.cards_per_hand, action.amount
        if amount is None:
            raise IllegalAction("H7", f"say how many tricks you bid: a number from 0 to {k} "
                                f"(this hand has {k} trick{'s' if k != 1 else ''})")
        if isinstance(amount, bool) or not 0 <= amount <= k:
            raise IllegalAction("H7", f"a bid is a number of tricks from 0 to {k} (this hand "
                                f"has {k} trick{'s' if k != 1 else ''}), not {amount!r}")
        if amount == self.forbidden_bid():
            so_far = sum(b for b in self.bids if b is not None)
            others = [str(b) for b in range(k + 1) if b != amount]
            choice = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} or {others[-1]}"
            raise IllegalAction("H7", f"the bids so far add up to {so_far} of {k} tricks: bidding "
                                f"{amount} would make them {k}, so the dealer may not (at least "
                                f"one player must be wrong); bid {choice}")

    def _check_play(self, action):
        if action.kind != "play":
            raise IllegalAction("H8", f"now you play a card to the trick, not {action.kind!r}")
        card = action.card
        situation = self._situation()
        for a in situation[0]:          # identity first: the cheap, usual case
            if a.card is card:
                return
        acts, duty, high, top = situation
        legal = [a.card for a in acts]
        if card in legal:
            return
        if not isinstance(card, Card):
            raise IllegalAction("H8", "say which card to play" if card is None
                                else f"{card!r} is not a card")
        hand = self.hands[action.seat]
        if card.system != self.system:
            raise IllegalAction("H1", f"the {card.name} ({card.system} suits) is not a Spanish card")
        if card not in hand:
            w, k = self.words, len(hand)
            allow = ("any of them will do now" if len(legal) == k
                     else f"the duties allow {len(legal)} of them now")
            own = (f"play one of {w.poss(action.seat)} own cards ({allow})"
                   if len(legal) > 1 else
                   f"the only card {w.says(action.seat, 'may')} play now is the "
                   f"{self._names[id(legal[0])]}" if k > 1 else
                   f"play the one card {w.says(action.seat, 'holds')}")
            raise IllegalAction("H8", sentence_case(
                f"{w.says(action.seat, 'does')} not hold the {card.name}: {own}"))
        raise IllegalAction("H8", self._refusal(card, legal, duty, high, top))

    def _turn_words(self, seat):
        """Why it is ``seat``'s turn, for the refusal of a move out of turn (H7, H8, H10):
        the bids and the play go to the right; a trick is led by the first player (the first
        trick) or by the winner of the last one."""
        w = self.words
        key = self._phase.key
        if key == "bid":
            first = self.first_player
            if seat == first:
                return (f"the bids start with the first player, on the dealer's right: "
                        f"{w.name(first)} (H7)")
            return (f"the bids go to the right, starting with {w.name(first)} on the dealer's "
                    f"right, and {w.says(seat, 'bids')} next (H7)")
        if key != "play":
            return None
        if self._tops is None:
            if sum(self.taken) == 0:
                return f"{w.says(seat, 'is')} the first player and {w.verb(seat, 'leads')} the first trick (H8)"
            return f"{w.says(seat, 'won')} the last trick and {w.verb(seat, 'leads')} the next (H10)"
        return f"the play goes to the right, and {w.says(seat, 'plays')} next to the trick (H8)"

    def _refusal(self, card, legal, duty, high, top):
        """Why ``card`` breaks a duty of play (H8), in words for the student."""
        names = self._names
        led = self.trick.plays[0].card.suit
        led_w, trump_w = SUIT_WORDS[led], SUIT_WORDS[self.trump]
        yours = _listing([names[id(c)] for c in legal])
        one = len(legal) == 1
        must = "you must play it" if one else "you must play one of them"
        if duty == BEAT:
            which = "which beats" if one else "which beat"
            if card.suit == led:
                return (f"duty 1: the {names[id(card)]} does not beat the {names[id(high)]}, the highest "
                        f"{led} card so far; you hold the {yours}, {which} it: {must}")
            return (f"duty 1: you hold the {yours}, {which} the {names[id(high)]}, the highest {led} "
                    f"card so far: {must}")
        if duty == FOLLOW or duty == FOLLOW_TRUMPED:
            why = ("someone has trumped, so you need not beat anything, but"
                   if duty == FOLLOW_TRUMPED else
                   f"none of your {led} beats the {names[id(high)]}, but")
            return (f"duty 2: {led_w} were led and you hold the {yours}: {why} you must follow "
                    f"suit with {'it' if one else 'one of them'}")
        if duty == TRUMP:
            return (f"duty 3: you have no {led_w}, so you must try to win with a trump "
                    f"({trump_w} are trumps): you hold the {yours}; {must}")
        if duty == OVERTRUMP:
            which = "which beats" if one else "which beat"
            if card.suit == self.trump:
                return (f"duty 3: the {names[id(card)]} does not beat the {names[id(top)]}, the highest "
                        f"trump played; you hold the {yours}, {which} it: {must}")
            return (f"duty 3: you have no {led_w}, and you hold the {yours}, {which} the "
                    f"{names[id(top)]}, the highest trump played: {must}")
        return f"the {names[id(card)]} cannot be played now"   # not reached: any card is legal

    # ---- doing ---------------------------------------------------------------------------
    def apply(self, action):
        """As :meth:`Game.apply`, with a card played and a bid (every game's and every
        computer player's trial's hot path) checked and applied here at once.

        A card: one of our own play actions, by the player to act, for a card among the
        legal ones (the run ``hands[seat][lo:hi]`` of :attr:`_span`, H8), has passed every
        check and is played at once; any other action in the play goes through them all
        (:meth:`Game._verify_for`: refused, naming its rule, if the rules do not allow it)
        and, if legal, is played as our own equal action (recorded as given). A bid: one of
        our own bid actions, by the player to act, for a number of tricks from 0 to the
        cards dealt and not the dealer's forbidden one (H7), passed every check; so has our
        own shuffled deal (:meth:`chance_action`: the whole deck, each of our cards once,
        H1) and the scoring's one action (H11). Any other action goes through
        :meth:`Game.apply`. Each step is kept by :meth:`Game._record`."""
        phase = self._phase
        if phase is PLAY_PHASE:
            span: tuple = self._span or self._find_span()
            seat: int = span[0]
            places: list = self._places[seat]
            info: tuple | None = self._play_info.get(id(action))
            if info is not None and info[4] == seat:
                place: int = info[1]
                hi: int = span[2]
                i: int = bisect_left(places, place, span[1], hi)
                if i == hi or places[i] != place:
                    info = None
            else:
                info = None
            if info is None:
                self._verify_for(action, seat)     # every check: refused with its rule (H8)
                info = self._play_info[id(self._play_actions[seat][
                    id(self._tables.canon[action.card])])]
                place = info[1]
                i = bisect_left(places, place)
            # H8: the card is played; H10: a complete trick is won (the words made when read)
            card = info[0]                          # our own Card object, for the name tables
            suit: int = info[2]
            play = info[3]
            del places[i]
            del self.hands[seat][i]
            del self._acts[seat][i]
            plays: list = self._plays
            plays.append(play)
            tops: tuple | None = self._tops
            if tops is None:
                self._tops = (suit, card, place, None, _NO_PLACE, play)
            elif suit == tops[0]:                   # H10: who is winning the trick now
                if place < tops[2]:
                    self._tops = (suit, card, place, tops[3], tops[4],
                                  play if tops[3] is None else tops[5])
            elif suit == self._trump_index and place < tops[4]:
                self._tops = (tops[0], tops[1], tops[2], card, place, play)
            duty = span[3]
            if duty is LEAD:
                first = self.last_trick is None     # no trick of this hand is complete yet
                rule = "H8" if first else "H10"
            else:
                first, rule = False, _DUTY_RULE[duty]
            if len(plays) < self.n:
                # the next to play, and the cards they may play (H8)
                self.to_act = self.current_player = self._next_seat[seat]
                self._find_span()
                text = (_play_text, (self._text_ctx, card, span, first, None, False))
            else:
                # H10: the trick is complete: the highest trump, else the highest card of the
                # suit led
                win = self._tops[5]
                w: int = win[0]
                self.taken[w] += 1
                trick = self.last_trick = _new(_TRICK, (self._leader, tuple(plays)))
                self.won[w].append(trick)
                plays.clear()
                self._leader = w
                self._tops = None
                last = not self.hands[w]
                if last:
                    self.to_act = None
                    self._span = None
                    self._phase = SCORE_PHASE
                    self.current_player = TABLE
                else:
                    self.to_act = self.current_player = w
                    self._span = (w, 0, len(self._places[w]), LEAD, None, None)
                text = (_play_text, (self._text_ctx, card, span, first, win, last))
                rule = _TRICK_RULE[rule]
            return self._record(action, text, rule, _PLAY, self.deal_no, seat)
        deal = self.deal_no         # (the scoring moves it on to the next hand's)
        if phase is BID_PHASE:
            bid: tuple | None = self._bid_info.get(id(action))
            if bid is not None and bid[0] == self.to_act and bid[1] <= self.cards_per_hand \
                    and (bid[0] != self.dealer or bid[1] != self.forbidden_bid()):
                self._legal_now = None
                text, rule = self._do_bid(action)
                actor = bid[0]
            else:
                return Game.apply(self, action)
        elif phase is SCORE_PHASE and action is SCORE:     # the one legal action (H11)
            self._legal_now = None
            text, rule = self._do_score(action)
            actor = TABLE
        elif phase is DEAL_PHASE:
            checked = self._deal_checked
            if checked is not None and action.__class__ is Action and checked[0] is action.cards \
                    and action.kind == "deal" and action.seat is None and action.card is None \
                    and action.amount is None and action.what is None:
                # our own shuffle (chance_action): the whole deck, each of our cards once (H1)
                self._legal_now = None
                text, rule = self._do_deal(action)
                actor = CHANCE
            else:
                return Game.apply(self, action)
        else:
            return Game.apply(self, action)
        return self._record(action, text, rule, phase.key, deal, actor)

    def _do(self, action):
        # (a card played never comes here: apply plays it, checked, at once)
        self._span = None
        key = self._phase.key
        if key == "bid":
            return self._do_bid(action)
        if key == "deal":
            return self._do_deal(action)
        return self._do_score(action)

    def _do_deal(self, action):
        cards = action.cards
        t = self._tables
        checked = self._deal_checked
        self._deal_checked = None
        if checked is not None and checked[0] is cards:
            deck_places = checked[1]            # our own cards, their places found already
        else:                                   # equal cards made elsewhere: use ours
            cards = tuple(map(t.canon.__getitem__, cards))
            deck_places = [*map(t.place.__getitem__, map(id, cards))]
        n, k = self.n, self.cards_per_hand
        order = t.orders[self.first_player]
        dealt = k * n
        by_place, acts_by_place = t.by_place, t.acts_by_place
        hands, acts, held = self.hands, self._acts, self._places
        for j, seat in enumerate(order):       # one card at a time, starting with the first
            places = sorted(deck_places[j:dealt:n])                   # the hand in order
            if k > 1:                          # its cards and play actions, picked at once
                pick = _itemgetter(*places)
                hands[seat], acts[seat] = [*pick(by_place)], [*pick(acts_by_place[seat])]
            else:
                hands[seat], acts[seat] = [by_place[places[0]]], [acts_by_place[seat][places[0]]]
            held[seat] = places
        self.stock = list(cards[dealt:])
        whole = not self.stock
        if whole:
            self.trump_card = cards[dealt - 1]
            self.trump_dealt = True
        else:
            self.trump_card = self.stock[0]
        self.trump = self.trump_card.suit
        self._text_ctx = (*self._text_ctx[:3], self.trump)
        self._trump_index = self._suit_index[self.trump]
        self.power = self._powers[self.trump]
        self.to_act = self.current_player = order[0]
        self._phase = BID_PHASE
        hv4 = self.options["all_forty"] and len(self.stock) == 1
        return (_deal_text, (self._words_now, self.hand_label(), k, self.dealer, order[0],
                             self.table.next(self.dealer, -1), whole,
                             self._names[id(self.trump_card)], self.trump, hv4)), \
            ("H5 + HV4" if hv4 else "H5")

    def _do_bid(self, action):
        seat, amount = action.seat, action.amount
        k = self.cards_per_hand
        bids = self.bids
        if seat != self.dealer:
            bids[seat] = amount
            self.to_act = self.current_player = self._next_seat[seat]
            return (_bid_text, (self._words_now, seat, amount, k, sum(filter(None, bids)), False,
                                None)), "H7"
        forbidden = self.forbidden_bid()
        bids[seat] = amount
        self.to_act = self.current_player = self.first_player
        self._leader = self.first_player
        self._tops = self._span = None
        self._phase = PLAY_PHASE
        return (_bid_text, (self._words_now, seat, amount, k, sum(bids), True, forbidden)), "H7"

    def _do_score(self, action):
        k, n = self.cards_per_hand, self.n
        bids, taken, scores = self.bids, self.taken, self.scores
        deltas = [*map(hand_score, bids, taken)]
        scores[:] = map(_add, scores, deltas)
        self.hand_scores.append(deltas)
        self.hand_log.append({"hand": self._hand_short(), "cards": k, "bids": list(bids),
                              "taken": list(taken)})
        words, label = self._words_now, self.hand_label()
        order = self._tables.orders[self.first_player]       # from the first player (H5)
        totals = tuple(scores)
        rule, ending = "H11", None
        if self.hand_no >= len(self.schedule):
            # H12: at the end of the schedule everyone's total counts; in the extra hands only
            # the totals of the players tied then (our ruling). That set never shrinks: the game
            # ends after the first extra hand that leaves one of them alone ahead of all the
            # others of that set, even one who fell behind in an earlier extra hand.
            contenders = self.tied if self.tied else range(n)
            top = max(scores[s] for s in self.tied) if self.tied else max(scores)
            leaders = [s for s in contenders if scores[s] == top]
            last = ("That was the last hand" if len(self.schedule) + self.offset == len(self.full_schedule)
                    else "That was the last hand of this lesson")
            rule = "H11 + H12"
            ending = (leaders, top, last, self.extra_hand, self.tied)
            if len(leaders) == 1:
                self._phase = OVER_PHASE
                self.to_act = self.current_player = None
                self.finished = True
                return (_score_text, (words, label, k, order, tuple(bids), tuple(taken), totals,
                                      ending, None)), rule
            if not self.extra_hand:
                self.tied = leaders
        self.dealer = self._next_seat[self.dealer]      # H5: the deal passes to the right
        self.hand_no += 1
        self.deal_no = self.hand_no
        self._new_hand_state()
        self._phase = DEAL_PHASE
        self.current_player = CHANCE
        return (_score_text, (words, label, k, order, tuple(bids), tuple(taken), totals, ending,
                              self.dealer)), rule

    # ---- the end -------------------------------------------------------------------------
    def result(self) -> dict:
        """Each player's total, the winners (highest total), hands played and their scores."""
        scores = list(self.scores)
        contenders = self.tied or range(self.n)
        top = max(scores[s] for s in contenders)
        return {"scores": scores, "winners": [s for s in contenders if scores[s] == top],
                "hands_played": len(self.hand_scores),
                "hand_scores": [list(h) for h in self.hand_scores],
                "finished": self.finished}

    # ---- people --------------------------------------------------------------------------
    def describe(self, action):
        kind = action.kind
        if kind == "play":
            return f"Play the {action.card.name}"
        if kind == "bid":
            return f"Bid {action.amount}"
        if kind == "deal":
            return "Deal"
        if kind == "score":
            return "Score the hand"
        return kind

    def scripted_deal(self, hands: dict, turned=None) -> Action:
        """The deal (for the hand about to be dealt) that gives each seat the cards listed
        and turns up ``turned``; the other cards fill in from the deck. For lessons and
        hand-made records. ``hands`` maps a seat (or a player's name) to card codes such as
        ``"12-cups"`` (the King of cups).

        In a whole-deck hand the trump card is the dealer's own last card (H5), so ``turned``
        must then be one of the dealer's cards (or ``None``).

        >>> g = Pocha(4, start=2, hands=1)
        >>> g.apply(g.scripted_deal({"D": ["1-cups", "3-cups"]}, turned="4-swords")).rule
        'H5'
        >>> [c.name for c in g.hands[3]], g.trump
        (['Ace of cups', 'Three of cups'], 'swords')
        """
        trump = turned
        hands = {(self.players.index(k) if k in self.players else k): v for k, v in hands.items()}
        if self._phase.key != "deal":
            raise ConfigError("deal", "the cards can only be dealt at the start of a hand")
        k, n = self.cards_per_hand, self.n
        order = self.table.order_from(self.first_player)
        card = self.suits.card
        slots: list = [None] * (k * n)
        used = set()
        for seat, codes in hands.items():
            if seat not in order:
                raise ConfigError("hands", f"there is no seat {seat!r} at this table")
            cards = [card(c) for c in codes]
            if len(cards) != k:
                raise ConfigError("hands", f"this hand deals {k} card{'s' if k != 1 else ''} "
                                  f"each; seat {seat} was given {len(cards)}")
            if trump is not None and k * n == len(self.deck_cards) and seat == self.dealer:
                t = card(trump)
                if t not in cards:
                    raise ConfigError("turned", "in a whole-deck hand the trump card is the "
                                      "dealer's own last card: give it in the dealer's hand")
                cards.remove(t)
                cards.append(t)
            for j, c in enumerate(cards):
                slots[j * n + order.index(seat)] = c
            used.update(cards)
        if trump is not None and k * n == len(self.deck_cards) and self.dealer not in hands:
            raise ConfigError("turned", "in a whole-deck hand the trump card is the dealer's own "
                              "last card: list the dealer's hand and put it there")
        turned = None
        if trump is not None and k * n < len(self.deck_cards):
            turned = card(trump)
            used.add(turned)
        if len(used) != sum(len(v) for v in hands.values()) + (turned is not None):
            raise ConfigError("hands", "a card is given twice")
        strays = [c for c in used if c not in self._deck_set]
        if strays:
            why = (" (the 2s are taken out for three players, H2)"
                   if strays[0].rank == "2" and self.n == 3 else "")
            raise ConfigError("hands", f"the {strays[0].name} is not in this deck{why}")
        rest = [c for c in self.deck_cards if c not in used]
        rest.reverse()
        cards = [x if x is not None else rest.pop() for x in slots]
        if turned is not None:
            cards.append(turned)
        rest.reverse()
        return Action("deal", cards=tuple(cards + rest))

    def why_card(self, seat: int, card) -> str:
        """For a student: may ``seat`` play ``card`` now, and which duty says so? One line."""
        if isinstance(card, str):
            card = self.suits.card(card)
        why = self.why_not(Action("play", seat, card=card))
        if why is not None:
            return f"No: {why.reason} (rule {why.rule})."
        return f"Yes: {self._duty_words(self._situation()[1])}."

    def _duty_words(self, duty):
        return {LEAD: "the first card of a trick may be any card",
                BEAT: "duty 1, you follow suit and beat the highest card of the suit led",
                FOLLOW: "duty 2, you follow suit (nothing you hold beats the highest card)",
                FOLLOW_TRUMPED: "duty 2, you follow suit (someone has trumped)",
                TRUMP: "duty 3, you have none of the suit led, so you trump",
                OVERTRUMP: "duty 3, you have none of the suit led and beat the highest trump",
                ANY_LOW: "duty 3, you cannot beat the highest trump, so any card will do",
                ANY_NONE: "duty 3, you have neither the suit led nor a trump, so any card will do",
                }[duty]

    def legal_cards(self, seat: int | None = None) -> list:
        """The cards the player to act may play now (H8), in hand order."""
        if self._phase.key != "play" or (seat is not None and seat != self.to_act):
            return []
        return [a.card for a in self._situation()[0]]

    def rule_of_thumb(self, seat, rng: random.Random):
        """A simple player: bids its Aces, 3s and high trumps; plays high while it still needs
        tricks and low once it has its bid."""
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rv = self._rv
        if self._phase.key == "bid":
            hand = self.hands[seat]
            top_two = set(self.ranks.high_to_low[:2])        # Ace and 3 (Ace and King in HV3)
            top_trumps = set(self.ranks.high_to_low[:5])
            strong = sum(1 for c in hand if c.rank in top_two or
                         (c.suit == self.trump and c.rank in top_trumps))
            return min(legal, key=lambda a: (abs(a.amount - strong), a.amount))
        need = self.bids[seat] - self.taken[seat]
        if need > 0:
            return max(legal, key=lambda a: (a.card.suit == self.trump, rv[a.card.rank]))
        return min(legal, key=lambda a: (a.card.suit == self.trump, rv[a.card.rank]))

    def text_table(self, seat=None) -> str:
        """The table in a few lines of plain text (what ``seat`` may see; None: everything)."""
        p, names = self.players, self._names
        lines = [f"{self.title}: {self.hand_label()}, {self.cards_per_hand} card"
                 f"{'s' if self.cards_per_hand != 1 else ''} each; dealer {p[self.dealer]}"]
        if self.trump_card is not None:
            lines.append(f"Trump card: {names[id(self.trump_card)]} ({SUIT_WORDS[self.trump]} are trumps)")
        for s in self.table.order_from(self.first_player):
            bid = "-" if self.bids[s] is None else self.bids[s]
            if seat is None or seat == s:
                hand = ", ".join(names[id(c)] for c in self.hands[s]) or "(no cards)"
            else:
                hand = f"{len(self.hands[s])} cards"
            lines.append(f"  {p[s]:<8} bid {bid!s:>2}  took {self.taken[s]:>2}  total "
                         f"{self.scores[s]:>4}  | {hand}")
        if self.trick is not None and self.trick.plays:
            lines.append("Trick: " + "; ".join(f"{p[x.seat]} {names[id(x.card)]}" for x in self.trick.plays))
        return "\n".join(lines)

    # ---- views ---------------------------------------------------------------------------
    def _view(self, seat):
        show_all = seat is None
        hands = []
        for s in range(self.n):
            hands.append([c.to_json() for c in self.hands[s]] if show_all or s == seat else None)
        trick = self.trick
        return {
            "suits": self.system,
            "deck": self.deck_name,
            "hand_no": self.hand_no,
            "hands_total": len(self.schedule),
            "first_hand": self.offset + 1,
            "hand_label": self.hand_label(),
            "extra_hand": self.extra_hand,
            "schedule": list(self.schedule),
            "cards_per_hand": self.cards_per_hand,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "trump_card": self.trump_card.to_json() if self.trump_card else None,
            "trump_suit": self.trump,
            "trump_suit_name": SUIT_WORDS[self.trump] if self.trump else None,
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "bids": list(self.bids),
            "forbidden_bid": self.forbidden_bid(),
            "taken": list(self.taken),
            "trick": trick.to_json() if trick is not None else None,
            "last_trick": self.last_trick.to_json() if self.last_trick is not None else None,
            "scores": list(self.scores),
            "hand_scores": [list(h) for h in self.hand_scores],
            "rank_order": [self.suits.rank_name(r) for r in self.ranks.high_to_low],
            "result": self.result() if self.finished else None,
            # for the table: who is winning the trick so far, who won the last one, and the
            # score sheet (each hand played: its name, cards each, bids and tricks taken)
            "trick_winning": self._winning(trick),
            "last_trick_winner": self._winning(self.last_trick),
            "hands_played": [dict(h) for h in self.hand_log],
        }

    def _winning(self, trick):
        if trick is None or not trick.plays or self.power is None:
            return None
        win = trick.winner(self.power)
        return None if win is None else win.seat

    # ---- for computer players (issue 15) ----
    payoff_unit = "points"
    payoff_ahead = "it made its bid"

    def payoff(self, seat):
        """A look-ahead player's number: the seat's total (H11)."""
        return self.scores[seat]

    def void_facts(self) -> dict:
        """Seat → the cards it cannot hold, as the play of this hand proved (H8): a player who
        did not follow suit has none of it (duty 1–2); one who, void, played no trump when none
        was down has no trump (duty 3); one who did not beat the highest trump or the highest
        card of the suit led, when bound to, holds nothing that beats it. Public facts only."""
        rv, trump, deck = self._rv, self.trump, self.deck_cards
        facts: dict = {s: set() for s in range(self.n)}
        tricks = [t for won in self.won for t in won]
        if self.trick is not None and self.trick.plays:
            tricks.append(self.trick)
        for trick in tricks:
            plays = trick.plays
            led = plays[0].card.suit
            high = plays[0].card
            top = None                       # the highest trump of another suit so far
            for p in plays[1:]:
                c, gone = p.card, facts[p.seat]
                if c.suit == led:
                    if top is None and rv[c.rank] < rv[high.rank]:
                        # duty 1: bound to beat the highest card of the suit led if able
                        gone.update(d for d in deck if d.suit == led and rv[d.rank] > rv[high.rank])
                else:
                    gone.update(d for d in deck if d.suit == led)      # void in the suit led
                    if c.suit != trump:
                        if top is None:
                            gone.update(d for d in deck if d.suit == trump)
                        else:
                            gone.update(d for d in deck if d.suit == trump
                                        and rv[d.rank] > rv[top.rank])
                    elif top is not None and rv[c.rank] < rv[top.rank]:
                        gone.update(d for d in deck if d.suit == trump and rv[d.rank] > rv[top.rank])
                if c.suit == led:
                    if rv[c.rank] > rv[high.rank]:
                        high = c
                elif c.suit == trump and (top is None or rv[c.rank] > rv[top.rank]):
                    top = c
        return facts

    def sample_world(self, seat, rng):
        """A fork with the other hands and the undealt cards dealt again at random (H5), keeping
        the seat's hand, the trump card, every card played and the voids the play proved
        (:meth:`void_facts`, H8)."""
        from ...engine.sampling import deal_hidden, redact_deals
        world = self.fork()
        if self._phase.key == "deal" or self._phase.key == "over":
            redact_deals(world, Action("deal"))
            return world
        trump_card, whole = self.trump_card, self.trump_dealt
        dealer_holds = whole and trump_card in self.hands[self.dealer] and self.dealer != seat
        known = set(self.hands[seat])
        known.add(trump_card)
        for won in self.won:
            for t in won:
                known.update(p.card for p in t.plays)
        if self.trick is not None:
            known.update(p.card for p in self.trick.plays)
        pool = [c for c in self.deck_cards if c not in known]
        places = []
        for s in range(self.n):
            if s != seat:
                places.append((s, len(self.hands[s]) - (1 if dealer_holds and s == self.dealer else 0)))
        places.append(("stock", len(self.stock) - (0 if whole else 1)))
        facts = self.void_facts()
        deal = deal_hidden(pool, places, rng, forbid={s: facts[s] for s in range(self.n) if s != seat})
        for s in range(self.n):
            if s != seat:
                world.hands[s] = deal[s] + ([trump_card] if dealer_holds and s == self.dealer else [])
                world._rehold(s)          # sorted, with the play actions kept beside it
        world.stock = deal["stock"] if whole else [trump_card] + deal["stock"]
        world._span = None
        redact_deals(world, Action("deal"))
        return world


def _same(verb):
    return verb


def second_person_of(verb):
    return second_person(verb)


def _listing(names, the="the "):
    """``"A"``, ``"A and the B"``, ``"A, the B and the C"`` (each after "the")."""
    if len(names) == 1:
        return names[0]
    return f", {the}".join(names[:-1]) + f" and {the}" + names[-1]
