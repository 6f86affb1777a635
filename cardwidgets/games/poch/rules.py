"""Poch (north German *puchen*): a board of nine holes, three phases on one deal.

Sources: document 000 (Basque, after John McLeod's rules) and document 002 (Finnish). Rule ids
P1–P15 and variants PV1–PV5 follow ``shared/rules/poch.md``. Where the documents leave a
point open we rule on it; those rulings are marked "Our ruling" in :data:`RULES`.

>>> from cardwidgets import Poch, play_out, RandomPlayer
>>> game = Poch(4, chips=30, deals=1)
>>> play_out(game, RandomPlayer(seed=1), seed=1).finished
True
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import cycle
from operator import add

from typing import Any

from ...engine import (CHANCE, SUIT_SYSTEMS, TABLE, Action, ConfigError, Game, IllegalAction,
                      Phase, RankOrder, deal_problem, make_deck)
from ...engine.seats import Table
from ...engine.core import shuffled, text_of
from ...engine.words import Addressed, sentence_case

__all__ = ["Poch", "HOLES", "RULES", "best_set", "set_key"]


def _cj(card):
    return card.to_json()

# ---- the game, declared -------------------------------------------------------------------

#: The nine holes of the board: the five honours, Marriage, Sequence, Poch and the centre.
HOLES = ("A", "K", "Q", "J", "10", "marriage", "sequence", "poch", "centre")
HOLE_TITLES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten",
               "marriage": "Marriage", "sequence": "Sequence", "poch": "Poch",
               "centre": "Centre"}
# Secondary labels on the board, only words the documents give. German suits: the 1527 board
# of document 000 (Daus, König, Ober, Unter, its 10 has no word, the Poch column) and the boards
# of its time (Braut for the marriage, Sequenz); document 000's round board leaves the centre
# unlabelled (zentroko zuloa etiketatu gabe), so it gets no word. French suits: the Finnish
# names of document 002, which is French-suited (keskipotti, "centre pot", is its word).
# The English titles above are ours, to name the holes in the texts.
HOLE_NATIVE = {"german": {"A": "Daus", "K": "König", "Q": "Ober", "J": "Unter", "10": "",
                          "marriage": "Braut", "sequence": "Sequenz",
                          "poch": "Poch", "centre": ""},
               "french": {"A": "ässä", "K": "kuningas", "Q": "rouva", "J": "sotamies",
                          "10": "kymppi", "marriage": "mariage", "sequence": "sekvenssi",
                          "poch": "poch-potti", "centre": "keskipotti"}}
HONOURS = ("A", "K", "Q", "J", "10")
RANKS = RankOrder(["A", "K", "Q", "J", "10", "9", "8", "7"])          # P1, high to low
SKAT_ORDER = {"german": ["acorns", "leaves", "hearts", "bells"],     # PV3, high to low
              "french": ["clubs", "spades", "hearts", "diamonds"]}
SET_NAMES = {2: "pair", 3: "three", 4: "four"}
ANTE = len(HOLES)  # one chip in each hole

RULES = {
    "P1": "The deck has 32 cards: in each suit Ace, King, Queen, Jack, 10, 9, 8, 7, high to "
          "low. With German suits the Daus is the Ace, the Ober the Queen and the Unter the Jack. "
          "(Document 000 gives the German names Daus, König, Ober and Unter and the suits Eichel, "
          "Grün, Herz and Schelle; other German words the widget shows beside a card's name, "
          "such as Zehn, are ours: the usual German ones.)",
    "P2": "Three to six players, each starting with the same number of chips.",
    "P3": "The board (Pochbrett) is round: eight holes (Ace, King, Queen, Jack, Ten, Marriage, "
          "Sequence, Poch) around an unmarked centre hole. (We say hole for each compartment "
          "of the board: Basque zulo, Finnish potti.) The English names are ours; on the board "
          "the small words under them are the documents' own (German from the old boards of "
          "document 000, Finnish from document 002), and the centre, which document 000 says "
          "is unlabelled, carries only our name \"Centre\".",
    "P4": "The first dealer is chosen by lot (here: the dealer setting, which a teacher may "
          "draw by lot); after each deal the deal passes to the left. "
          "Before every deal each player puts one chip in each of the nine holes, even in holes "
          "that still hold chips.",
    "P5": "The dealer deals clockwise, one card at a time, starting on the left, until one card "
          "is left; that card is turned face up and belongs to nobody. Its suit is the payment "
          "suit. Some players get a card more than others; it does not matter. The same hands "
          "are used in all three phases.",
    "P6": "Phase 1: whoever holds the Ace, King, Queen, Jack or 10 of the payment suit takes "
          "the chips in that hole. Holding both King and Queen of the payment suit also takes "
          "the Marriage hole; holding its 7, 8 and 9 takes the Sequence hole. Our ruling on what is "
          "shown: document 000's picture says the players show their payment-suit cards to "
          "claim; a player shows the cards that win a hole (the 7, 8 and 9 only when they "
          "take the Sequence together), and a payment-suit card that wins nothing stays hidden.",
    "P7": "A hole nobody wins keeps its chips for the next deal. If the turned card is the Ace, "
          "King, Queen, Jack or 10, nobody wins that hole this deal (and so nobody wins Marriage "
          "or Sequence if they would need it).",
    "P8": "Phase 2 compares sets of equal rank only: four of a kind beats three, three beats a "
          "pair (so four 8s beat three Kings); between sets of the same size the higher rank "
          "wins (Aces beat Kings). "
          "Between pairs of the same rank, the pair with the payment-suit card wins. Only a "
          "player's best set counts. A player with no pair may not take part in the betting. "
          "Open point settled: could two equal pairs both lack the payment card, because it is "
          "the turned card? No: then only three cards of that rank are in the hands, so two "
          "equal pairs cannot meet. Our ruling, should it ever matter: the skat suit order "
          "(acorns/clubs, leaves/spades, hearts, bells/diamonds) decides, as in variant PV3.",
    "P9": "Betting (poching) starts left of the dealer and goes clockwise. You may pass or bet "
          "one or more chips (\"Ich poche 3\", German for \"I poch 3\": pochen is to knock); "
          "bets lie beside the board. Once someone has bet, "
          "the others call (match), raise or drop, round after round until everyone still in has "
          "put in the same. Dropping loses what you already bet. Our ruling: a pass before "
          "anyone has bet only means \"not now\": if a bet comes, you will be asked again to call, "
          "raise or drop.",
    "P10": "When the bets are equal, the players still in show their sets and the best takes all "
           "the bets and the Poch hole. If everyone passes, the Poch hole stays for the next "
           "deal. If only one player bets, or all but one drop, the one bettor left takes the "
           "bets and the Poch hole but must show at least a pair, to prove the right to bet.",
    "P11": "Document 000 says there is no rule on limits to bets, nor on a player who has too "
           "few chips to match a bet, and that the simplest way out would be to give every "
           "player the same number of extra chips so the game goes on (that is variant PV5). "
           "Our ruling, the default: you never bet more chips than you hold, and the poorest "
           "player still in the betting sets the limit: nobody may bet or raise to more than "
           "that player could put in all told. Still in means not dropped, with chips, pair or "
           "no pair: who holds a pair is secret, and a limit that skipped the players without "
           "one would tell the table who they are. So with four players, if D has 2 chips, B "
           "may bet at most 2, even if D holds no pair; once D drops, the limit is set by the "
           "poorest of those left. A call is then always affordable, and there are no side "
           "pots. In phase 3 a player who cannot pay a chip for every card pays all they have.",
    "P12": "Phase 3: the winner of the poching (or, if everyone passed, the player left of the "
           "dealer) lays any card on the centre. Whoever holds the next higher card of the same "
           "suit must play it, whatever the seating, and so on until the next card has already "
           "been played, is the turned card, or the Ace has been reached.",
    "P13": "The player who laid the last card of a run starts a new run with any card.",
    "P14": "The first player to lay their last card wins phase 3: they take the centre hole and "
           "one chip from every other player for each card still in that player's hand.",
    "P15": "The game ends when a player cannot pay the nine-chip ante (or after the deals "
           "agreed). The most chips wins; chips left on the board belong to nobody. Our ruling (the "
           "documents name one winner and say nothing of a tie): players tied for the most "
           "chips share the win.",
    "PV1": "Variant: if the turned card is the Ace, King, Queen, Jack or 10, the dealer takes "
           "that hole. Our ruling: the turned card counts only for its own hole, not toward "
           "the dealer's Marriage or Sequence.",
    "PV2": "Variant: the last card is dealt like the others to the player whose turn it is, "
           "not left on the table; its suit is the payment suit. Our ruling: it is dealt face "
           "up, so that everyone sees the payment suit (the document does not say how it is "
           "known). It then counts like any card in that hand, "
           "and runs are never stopped by a turned card.",
    "PV3": "Variant: you may poch without a pair. If nobody in the showdown has a pair, the "
           "highest card wins, equal ranks broken by the skat suit order (acorns/clubs high, "
           "then leaves/spades, hearts, bells/diamonds); between equal pairs the pair with the "
           "higher skat suit wins, whatever the payment suit. Our ruling: a lone bettor need not "
           "show a pair in this variant.",
    "PV4": "Variant: playing for money. Each chip is worth a set amount. At the end the chips "
           "left on the board are shared out equally (our ruling: chips that do not share "
           "evenly go one each to the players with fewest chips, then in seat order from the "
           "dealer's left); then everyone receives or pays for each chip above or below the "
           "starting count.",
    "PV5": "Variant (document 000's suggested way out): no limit but your own chips: you may "
           "bet or raise to all you hold. When a player still in the betting must match a bet "
           "and holds too few chips, every player receives the same number of extra chips, "
           "just enough for that player to call; then they call, raise or drop as usual. Our "
           "ruling: the extra chips come from the bank (outside the game, counted, so no chip "
           "is lost), when the short player's turn comes, pair or no pair (whether they may "
           "call is secret); with PV4 each player's starting count grows by the extra chips.",
}

ANTE_PHASE = Phase("ante", "Ante", "P4")
DEAL_PHASE = Phase("deal", "The deal", "P5")
PAY_PHASE = Phase("pay", "Phase 1: paying out the holes", "P6")
POCH_PHASE = Phase("poch", "Phase 2: poching (betting)", "P9")
SHOW_PHASE = Phase("showdown", "Phase 2: the showdown", "P10")
RUN_PHASE = Phase("run", "Phase 3: the runs", "P12")
SETTLE_PHASE = Phase("settle", "Phase 3: going out", "P14")
OVER_PHASE = Phase("over", "Game over", "P15")



# ---- lookups, made once per suit system -------------------------------------------------
# The rules look cards up by their code (a string, hashed once), never by the Card object (a
# Card hashes in Python), and use the suit system's own Card objects (a deal's cards are
# taken as those), so a card is found by identity.

class _Tables:
    """A suit system's Poch deck and what the rules look up in it, by card code."""

    def __init__(self, system):
        deck = make_deck(f"{system}32")
        suits = SUIT_SYSTEMS[system]
        self.deck = tuple(deck)                          #: the deck, in make_deck's order
        self.ids = frozenset(map(id, deck))              #: the ids of its cards
        self.card = {c.code: c for c in deck}            #: code → the Card
        #: code → the card just above it in its suit (P12), ``None`` above the Ace
        self.next = {}
        for c in deck:
            rank = RANKS.higher(c)
            self.next[c.code] = None if rank is None else suits.card(f"{rank}-{c.suit}")
        #: suit → the codes of its cards, high to low (A, K, Q, J, 10, 9, 8, 7)
        self.codes = {suit: tuple(f"{r}-{suit}" for r in RANKS.high_to_low)
                      for suit in suits.suits}
        #: suit → rank → its Card
        self.of_suit = {suit: {r: self.card[f"{r}-{suit}"] for r in RANKS.high_to_low}
                        for suit in suits.suits}
        #: code → the action of each seat playing it (P12), shared by every game
        self.plays = {c.code: tuple(Action("play", s, card=c) for s in range(6)) for c in deck}
        # A hand's cards in order (by suit, then high to low, as the views show), as numbers
        # that sort as they are: code → its place, and each seat → its plays by place
        in_order = sorted(deck, key=lambda c: (suits.suits.index(c.suit), -RANKS.value(c)))
        self.place = {c.code: i for i, c in enumerate(in_order)}
        self.plays_by_place = tuple(tuple(self.plays[c.code][s] for c in in_order)
                                    for s in range(6))


_TABLES = {system: _Tables(system) for system in ("german", "french")}
#: players → the seating (P4: play passes to the left), for the tables of turns below
_SEATING = {n: Table(n, "left") for n in range(3, 7)}
#: players → each seat → every seat in the direction of play from the next one round to itself
#: (the deal, P5; the betting's turn, P9; who pays the one going out, P14)
_ROUND = {n: tuple(tuple(table.order_from(table.next(s))) for s in range(n))
          for n, table in _SEATING.items()}

ANTE_ACTION, END_ACTION, SHOWDOWN_ACTION = Action("ante"), Action("end"), Action("showdown")
#: phase 1 (P6, P7): hole → the action of each seat taking it, and of nobody taking it
_CLAIM = {hole: tuple(Action("claim", s, what=hole) for s in range(6)) for hole in HOLES[:7]}
_UNCLAIMED = {hole: Action("unclaimed", what=hole) for hole in HOLES[:7]}
#: the Marriage and Sequence holes → the ranks of the payment suit each needs (P6)
_NEEDS = {"marriage": ("K", "Q"), "sequence": ("7", "8", "9")}
_GO_OUT = tuple(Action("go out", s) for s in range(6))
#: kind → each seat → that seat's one action of that kind, alone in a tuple
_ONE_CHOICE = {kind: tuple((Action(kind, s),) for s in range(6))
               for kind in ("pass", "drop", "call")}
#: each seat → its opening choices (pass, bet 1, bet 2, …) and its answers to a bet (call,
#: raise by 1, by 2, …), made as far as a step has needed and shared: the amount k is at k,
#: so a step's choices are a slice (P9, P11)
_OPENINGS = [_ONE_CHOICE["pass"][s] for s in range(6)]
_ANSWERS = [_ONE_CHOICE["call"][s] for s in range(6)]


def _choices(made, kind, seat, most) -> tuple:
    """``made[seat]`` (:data:`_OPENINGS` or :data:`_ANSWERS`) up to the amount ``most``
    of ``kind`` (bet or raise), made longer first if need be."""
    row = made[seat]
    if len(row) <= most:
        row = made[seat] = row + tuple(
            Action(kind, seat, amount=k) for k in range(len(row), most + 1))
    return row[:most + 1]


# ---- the words of the steps, made when read (Step.text), from the values of their moment --

def _spoken(source):
    """The words of ``source`` (core.text_of) with *you*/*your* capitalised where a sentence
    begins: a game that speaks to one of its players."""
    return sentence_case(text_of(source))


def _ante_text(w, deal_no, dealer, holes):
    amounts = set(holes)
    if len(amounts) == 1:
        board = f"every hole now holds {amounts.pop()}"
    else:
        board = "the holes now hold " + ", ".join(
            f"{HOLE_TITLES[h]} {c}" for h, c in zip(HOLES, holes))
    return (f"Deal {deal_no}, dealt by {w.name(dealer)}: everyone puts one chip "
            f"in each of the nine holes ({ANTE} chips each); {board}.")


def _deal_text(w, dealer, order, sizes, total, last, receiver):
    """P5 (``receiver`` None) or PV2: the deal of ``total`` cards, ``last`` the payment card."""
    sizes = ", ".join(f"{w.name(s)} {k}" for s, k in zip(order, sizes))
    suit = last._system.suit_name(last.suit)
    if receiver is not None:
        return (f"{w.says(dealer, 'deals')} all {total} cards one at a time, "
                f"clockwise from {w.name(order[0])} ({sizes}). The last card, the "
                f"{last.name}, goes face up to {w.name(receiver)}: {suit} is the "
                f"payment suit.")
    return (f"{w.says(dealer, 'deals')} {total - 1} cards one at a time, clockwise "
            f"from {w.name(order[0])} ({sizes}), and {w.verb(dealer, 'turns')} up the "
            f"last card, the {last.name}: {suit} is the payment suit.")


def _claim_text(w, seat, hole, chips, card, turned_card):
    """P6 (or PV1 when ``turned_card``): ``seat`` takes the ``chips`` of ``hole``; ``card``
    is the honour, or any card of the payment suit for Marriage and Sequence."""
    who, title = w.name(seat), HOLE_TITLES[hole]
    if hole in HONOURS:
        if turned_card:
            return (f"The turned card is the {card.name}: {who}, the dealer, "
                    f"{w.verb(seat, 'takes')} the {chips} chips in the {title} hole.")
        return (f"{who} {w.verb(seat, 'holds')} the {card.name} and {w.verb(seat, 'takes')} "
                f"the {chips} chips in the {title} hole.")
    suit = card._system.suit_name(card.suit)
    if hole == "marriage":
        return (f"{who} {w.verb(seat, 'holds')} both King and Queen of {suit} and also "
                f"{w.verb(seat, 'takes')} the {chips} chips in the Marriage hole.")
    return (f"{who} {w.verb(seat, 'holds')} the 7, 8 and 9 of {suit} and "
            f"{w.verb(seat, 'takes')} the {chips} chips in the Sequence hole.")


def _unclaimed_text(hole, chips, card, turned):
    """P7: nobody takes ``hole``; ``card``: its honour, or any card of the payment suit."""
    title = HOLE_TITLES[hole]
    stays = f"its {chips} chips stay for the next deal"
    if hole in HONOURS:
        return f"Nobody takes the {title} hole: the {card.name} is the turned card, so {stays}."
    if turned is not None and turned.rank in _NEEDS[hole]:
        return (f"Nobody takes the {title} hole: it needs the {turned.name}, which is the "
                f"turned card, so {stays}.")
    what = "both King and Queen" if hole == "marriage" else "all of 7, 8 and 9"
    suit = card._system.suit_name(card.suit)
    return f"Nobody holds {what} of {suit}: the {title} hole keeps its {chips} chips for the next deal."


def _poch_text(w, seat, kind, amount, put, total, lost):
    """P9: a pass, drop, bet, call or raise (``put``: chips put in; ``lost``: a dropping
    player's bet)."""
    who = w.name(seat)
    if kind == "pass":
        # the words never say why (that would tell the table whether the player has a pair)
        return f"{who} {w.verb(seat, 'passes')}."
    if kind == "drop":
        lost = f" and {w.verb(seat, 'loses')} the {lost} chips already bet" if lost else ""
        return f"{who} {w.verb(seat, 'drops')} out of the poching{lost}."
    if kind == "call":
        return f"{who} {w.verb(seat, 'calls')}, putting in {put} to match the bet of {total}."
    if kind == "bet":
        chips = f"{total} chip{'s' if total != 1 else ''}"
        return (f"{who} {w.verb(seat, 'pochs')} {total}: {w.verb(seat, 'bets')} {chips} "
                f"(\"Ich poche {total}\", German for \"I poch {total}\"; pochen is to knock).")
    return f"{who} {w.verb(seat, 'raises')} by {amount} to {total}, putting in {put}."


def _extra_text(w, seat, high, owe, held, amount, each):
    has = f"only {held}" if held else "none"
    return (f"{w.name(seat)} must match the bet of {high} (putting in {owe}) but "
            f"{w.verb(seat, 'has')} {has}: as document 000 suggests, every player receives "
            f"{amount} extra chip{'s' if amount != 1 else ''} from the bank, so the game goes "
            f"on ({each} each so far).")


#: how a card laid in phase 3 comes (P12, P13): its words, ``{who}``, ``{v}`` the verb, ``{card}``
_RUN_WORDS = {"won": ("{} won the poching and {} the first run with the {}.", "starts"),
              "nobody": ("Nobody won the poching, so {}, left of the dealer, {} the first run "
                         "with the {}.", "starts"),
              "new": ("{} laid the last card of the run and {} a new one with the {}.", "starts")}


def _run_text(w, seat, card, how, stop, stopper):
    """P12, P13, P14: ``seat`` lays ``card``, as ``how`` says (a key of :data:`_RUN_WORDS`, or
    ``"next"``: the next card of the run); then ``stop`` is ``"out"`` (no cards left),
    ``None`` (the run goes on), ``"ace"``, ``"turned"`` or ``"played"``: why the run stops
    at ``stopper``, the card above."""
    who = w.name(seat)
    if how == "next":
        text = (f"{who} {w.verb(seat, 'holds')} the {card.name}, the next card of the run, "
                f"and {w.verb(seat, 'lays')} it.")
    else:
        words, verb = _RUN_WORDS[how]
        text = words.format(who, w.verb(seat, verb), card.name)
    if stop is None:
        return text
    if stop == "out":
        return text + f" {who} {w.verb(seat, 'has')} no cards left!"
    return text + f" {_stop_text(stop, stopper)} {who} {w.verb(seat, 'starts')} the next run."


def _stop_text(stop, card):
    if stop == "ace":
        return "The Ace is the top of the suit: the run stops."
    if stop == "turned":
        return f"The {card.name} is the turned card: the run stops."
    return f"The {card.name} has already been played: the run stops."


def _over_reason(w, chips, limit, deal_no):
    """P15: why the game ends before deal ``deal_no`` (``""``: it does not), ``chips``
    each player's."""
    poor = [s for s in range(len(chips)) if chips[s] < ANTE]
    if poor:
        who = " and ".join(
            w.says(s, "has") + (f" only {chips[s]} chip{'s' if chips[s] != 1 else ''}"
                                if chips[s] else " no chips left") for s in poor)
        cannot = " and cannot" if len(poor) == 1 else ": not everyone can"
        return sentence_case(f"{who}{cannot} pay the {ANTE}-chip ante, so the game ends.")
    if limit is not None and deal_no > limit:
        return f"The {limit} deal{'s' if limit != 1 else ''} agreed have been played: the game ends."
    return ""


def _final_text(w, winners, top, holes, money):
    """P15 (PV4): who wins with ``top`` chips, the chips left in the ``holes`` (hole, chips)
    and, in PV4, each player's ``money``."""
    text = f"{w.says(list(winners), 'wins')} with {top} chips."
    left = sum(c for _, c in holes)
    if left:
        held = ", ".join(f"{HOLE_TITLES[h]} {c}" for h, c in holes if c)
        if money:
            text += f" The {left} chips left on the board ({held}) are shared out (PV4)."
        else:
            text += f" {left} chips stay on the board ({held}) and belong to nobody."
    if money:
        said = ", ".join(f"{w.name(s)} {v:+.2f}" for s, v in enumerate(money))
        text += f" Settling in money (PV4): {said}."
    return text


def _end_text(reason, final):
    """P15: the last step's words, from :func:`_over_reason`'s and :func:`_final_text`'s."""
    return _over_reason(*reason) + " " + _final_text(*final)


def _settle_text(w, seat, centre, parts, total, dealer):
    """P14 (P11): ``seat`` went out; ``parts``: (other, cards owed, chips paid) of each."""
    said = []
    for other, owe, pay in parts:
        cards = f"{owe} card{'s' if owe != 1 else ''}"
        if pay == owe:
            said.append(f"{w.says(other, 'holds')} {cards} and {w.verb(other, 'pays')} {pay}")
        else:
            has = f"has only {pay}" if pay else "has no chips"
            paid = (f"{w.verb(other, 'pays')} "
                    f"{'all ' + w.they(other) + ' ' + w._plural('has') if pay else 'nothing'}")
            said.append(f"{w.says(other, 'holds')} {cards} but {w.verb(other, has)}, so "
                        f"{paid} (P11)")
    who = w.name(seat)
    return (f"{who} went out first: {who} {w.verb(seat, 'takes')} the {centre} chips in the "
            f"centre and one chip for every card the others still hold: {'; '.join(said)}. "
            f"In all {total} chip{'s' if total != 1 else ''}."
            f" The deal passes to {w.name(dealer)}.")


def best_set(cards):
    """``(size, rank value, cards)`` of the best set of equal rank in ``cards`` (P8).

    Size 1 means no pair: the highest single card, which only counts in PV3.

    >>> from cardwidgets.engine import SUIT_SYSTEMS
    >>> hand = [SUIT_SYSTEMS["french"].card(c) for c in ("9-clubs", "9-spades", "K-hearts", "K-clubs")]
    >>> best_set(hand)[0], [c.code for c in best_set(hand)[2]]
    (2, ['K-clubs', 'K-hearts'])
    """
    if not cards:
        return 0, 0, []
    value = _RANK_VALUE
    counts: dict = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    size, rank = max([(k, value[r]) for r, k in counts.items()])
    chosen = [c for c in cards if value[c.rank] == rank]     # (one rank has that value)
    if len(chosen) > 1:
        chosen.sort(key=_skat_place)
    return size, rank, chosen


def set_key(cards, payment, system, without_pair=False):
    """A sort key: the higher key wins the showdown (P8; PV3 when ``without_pair``)."""
    return _key_of(best_set(cards), payment, without_pair)


def _key_of(best, payment, without_pair):
    """:func:`set_key` of the best set ``best`` (:func:`best_set`, its cards in skat order)."""
    size, rank, chosen = best
    top_suit = 4 - _SKAT_PLACE[chosen[0].suit] if chosen else 0
    if without_pair:
        return (size, rank, top_suit)
    return (size, rank, payment in [c.suit for c in chosen], top_suit)


_RANK_VALUE = {r: RANKS.value(r) for r in RANKS.high_to_low}
#: a suit's place in the skat order (PV3), 0 the highest: the same in both suit systems
_SKAT_PLACE = {suit: i for order in SKAT_ORDER.values() for i, suit in enumerate(order)}
assert all(_SKAT_PLACE[suit] == i for order in SKAT_ORDER.values() for i, suit in enumerate(order))


def _skat_place(card):
    return _SKAT_PLACE[card.suit]


def _plural(card):
    """"Kings", "Sixes": the rank's name in the plural."""
    name = card._system.rank_name(card.rank)
    return {"Six": "Sixes"}.get(name, name + "s")


def _set_text(best):
    """A best set (:func:`best_set`) in words: "a pair of Kings (King of acorns, …)"."""
    size, _, cards = best
    names = ", ".join(c.name for c in cards)
    if size == 1:
        return f"no pair, highest card the {names}"
    plural = _plural(cards[0])
    what = {2: f"a pair of {plural}", 3: f"three {plural}", 4: f"four {plural}"}[size]
    return f"{what} ({names})"


def _why_text(best, key, other, pv3, payment):
    """Why the winner's set ``best`` (its key ``key``) beats the next best (key ``other``),
    P8 / PV3, in words."""
    size, _, cards = best
    if size == 1:
        if key[1] > other[1]:
            return f"no one has a pair and the {cards[0].name} is the highest card (PV3)"
        return (f"no one has a pair, the highest cards are equal and {cards[0].name}'s suit "
                "ranks higher in the skat order (PV3)")
    if key[0] > other[0]:
        return "having the larger set"
    if key[1] > other[1]:
        return "having the higher rank"
    if pv3:
        return "the pairs are equal and its pair has the higher skat suit (PV3)"
    if key[2] and not other[2]:
        card = next(c for c in cards if c.suit == payment)
        return f"the pairs are equal and only its pair holds the payment-suit card, the {card.name}"
    return "the pairs are equal and its pair has the higher skat suit (our ruling)"


def _showdown_text(w, winner, pot, poch, alone, sets, why):
    """P10: the showdown's words. ``alone``: for a lone bettor, ``(order, bets, pair)`` (the
    seats from the dealer's left, what each bet, the pair shown or ``None`` in PV3); else
    ``sets``, the contenders and their best sets, and ``why`` the arguments of
    :func:`_why_text`."""
    who, v = w.name(winner), (lambda verb: w.verb(winner, verb))
    takes = f"{v('takes')} the {pot} chips bet and the {poch} chips in the Poch hole"
    if alone is None:
        shown = "; ".join(f"{w.says(s, 'has')} {_set_text(best)}" for s, best in sets)
        return f"Showdown: {shown}. {who} {v('wins')}, {_why_text(*why)}, and {takes}."
    order, bets, pair = alone
    others = [s for s in order if s != winner and bets[s] > 0]     # who bet and dropped
    rest = [s for s in order if s != winner and not bets[s] > 0]   # who did not bet
    if others:
        how = (f"{w.listing(others)} bet too but dropped out"
               f"{', ' + w.listing(rest) + ' without betting' if rest else ''}"
               f": {who}, the one bettor left in,")
    else:
        how = f"nobody else bet: {who}, the only bettor,"
    if pair is None:
        # PV3: betting needs no pair, so there is no right to prove (our ruling)
        text = (f"{how} {takes}. In this variant betting needs no pair, so {who} "
                f"{v('shows')} nothing.")
    else:
        text = (f"{how} {v('shows')} a pair of {_plural(pair[0])} "
                f"({pair[0].name}, {pair[1].name}) to prove the right to bet, and "
                f"{takes}.")
    return text[0].upper() + text[1:]


MAX_CHIPS = 10_000  # a bound on the setting, so a game and its bets stay small to play and show


def _check_chips(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or not ANTE <= value <= MAX_CHIPS:
        return (f"each player starts with a whole number of chips, at least {ANTE} (one ante) "
                f"and at most {MAX_CHIPS:,}")


def _check_dealer(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < game.n:
        return f"the first dealer is a seat number from 0 to {game.n - 1}"


def _check_suits(game, value):
    if value not in ("german", "french"):
        return "Poch is played with 'german' or 'french' suits"


def _check_deals(game, value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        return "the number of deals to play is a whole number of at least 1, or None for no limit"


class Poch(Addressed, Game):
    """Poch for 3–6 players (rules P1–P15, variants PV1–PV5).

    Settings: ``chips`` each player starts with (20), ``dealer`` the first dealer's seat (0),
    ``suits`` ``"german"`` or ``"french"``, ``deals`` to stop after (``None``: until someone
    cannot ante, P15).
    """

    key = "poch"
    title = "Poch"
    deck = "german32"
    min_players, max_players = 3, 6
    direction = "left"           # P4: the deal and the betting go clockwise
    PHASES = (ANTE_PHASE, DEAL_PHASE, PAY_PHASE, POCH_PHASE, SHOW_PHASE, RUN_PHASE,
              SETTLE_PHASE, OVER_PHASE)
    COUNTERS = (("chips", "chips", "seat"), ("holes", "chips in the holes", "hole_titles"))
    HAND_WORD = "deal"
    RULES = RULES
    HOLE_TITLES = HOLE_TITLES
    OPTIONS = {
        "dealer_takes_turned": (False, "PV1", "the dealer takes the hole of a turned honour"),
        "turned_card_dealt": (False, "PV2", "the last card is dealt face up, not left on the table"),
        "poch_without_pair": (False, "PV3", "betting without a pair; highest card wins"),
        "money": (None, "PV4", "value of one chip in money (e.g. 0.10); leave it unset to play for chips alone"),
        "extra_chips": (False, "PV5", "no bet limit; a player who cannot match a bet: everyone "
                        "gets the same extra chips (document 000)"),
    }
    SETUP = {"chips": (20, _check_chips), "dealer": (0, _check_dealer),
             "suits": ("german", _check_suits), "deals": (None, _check_deals)}

    @classmethod
    def _check_options(cls, options):
        money = options["money"]
        if money is not None and (isinstance(money, bool) or not isinstance(money, (int, float))
                                  or money <= 0):
            raise ConfigError("options.money", f"a chip's value must be a positive number, got {money!r}")

    @property
    def system(self):
        return self.setup["suits"]

    @property
    def deck_name(self):
        return f"{self.setup['suits']}32"

    #: What :meth:`fork` shares (the lookups, which never change) and copies one level deep
    #: (lists and dicts of numbers, cards and codes) or as lists of lists (the hands).
    _FORK_SHARES = Game._FORK_SHARES | {"_tab", "_round"}
    _FORK_FLAT = Game._FORK_FLAT | {"chips", "holes", "pay_queue", "bets", "dropped", "need",
                                    "centre", "owner", "_sets"}
    _FORK_NESTED = {"hands": 1, "shown": 1}

    #: Who acts now, as :attr:`Game.current_player` (a seat, :data:`CHANCE`, :data:`TABLE`,
    #: or ``None`` when the game is over), and whether the game is over, as
    #: :attr:`Game.finished`: plain attributes here, set with every change of turn or phase
    #: (every step reads them, and reading a property is a call).
    current_player: Any = TABLE
    finished: bool = False

    # ---- state ---------------------------------------------------------------------------
    def _reset(self):
        self._tab = _TABLES[self.system]
        self._round = _ROUND[self.n]
        self.current_player, self.finished = TABLE, False
        self._w = None              # the words, made at the first step (see _do)
        self.chips = [self.setup["chips"]] * self.n
        self.extra_each = 0         # PV5: extra chips every player has received from the bank
        self.holes = dict.fromkeys(HOLES, 0)
        self.dealer = self.setup["dealer"]
        self.deal_no = 1
        self._new_deal_state()
        self._phase = ANTE_PHASE

    def _new_deal_state(self):
        n = self.n
        self.hands = [[] for _ in range(n)]
        self.shown = [[] for _ in range(n)]
        self.turned = None          # the card on the table (None in PV2)
        self.payment = None         # payment suit
        self.payment_card = None    # the card that set the payment suit
        self.pay_queue = []
        self.bets = [0] * n
        self.dropped = [False] * n
        self.need = [True] * n
        self.high = 0
        self.to_act = None
        self.poch_winner = None
        self.centre = []            # cards laid in phase 3, in order
        self.run_next = None        # the card the current run waits for
        self.leader = None          # who starts the next run
        self.out = None
        self.owner = {}             # card code -> the seat holding it (a card laid: nobody)
        self._sets = None           # each seat's best set once asked for, while the hands stay

    # ---- whose turn ----------------------------------------------------------------------
    def _actor(self):
        return self.current_player

    def _hands_changed(self):
        """Hook: the hands were changed from outside the rules (an imagined deal, a test):
        the lookups kept from them (who holds each card, the best sets, who holds the next
        card of a run) are made again."""
        self.owner = {c.code: s for s in range(self.n) for c in self.hands[s]}
        self._sets = None
        self._legal_now = None
        if self._phase is RUN_PHASE and self.run_next is not None:
            self.current_player = self.owner[self.run_next.code]

    def turn_rule(self):
        return {"poch": "P9", "run": "P12"}.get(self._phase.key, self._phase.rule)

    # ---- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list:
        """As :meth:`Game.legal_actions`: worked out once a step, from the turn kept."""
        legal = self._legal_now
        if legal is None:
            actor = self.current_player
            if actor is None or actor == CHANCE:
                return []
            legal = self._legal_now = _LEGAL[self._phase.key](self)
            self._actor_now = actor
        return [*legal]

    def _legal(self):
        return _LEGAL[self._phase.key](self)

    # (each phase's legal actions, :data:`_LEGAL`)
    def _legal_run(self):
        seat, tab = self.current_player, self._tab
        if self.run_next is not None:
            return (tab.plays[self.run_next.code][seat],)
        by_place, place = tab.plays_by_place[seat], tab.place     # (any card of the hand)
        return tuple([by_place[i] for i in sorted([place[c.code] for c in self.hands[seat]])])

    def _legal_pay(self):
        return (self.pay_queue[0],)

    def _legal_poch(self):
        seat = self.to_act
        if self.options["extra_chips"]:
            short = self._short(seat)
            if short:
                return (Action("extra chips", amount=short),)
        return self._betting_actions(seat)

    def _legal_ante(self):
        return (END_ACTION,) if self._game_ends() else (ANTE_ACTION,)

    def _legal_showdown(self):
        return (SHOWDOWN_ACTION,)

    def _legal_settle(self):
        return (_GO_OUT[self.out],)

    def _legal_none(self):
        return ()

    def _betting_actions(self, seat):
        """``seat``'s choices in the betting (P8, P9, P11): pass or bet 1 to the cap before
        anyone has bet, then call, raise by 1 to the room left or drop; only pass or drop
        for a seat that may not take part."""
        high = self.high
        if not self._eligible(seat):
            return _ONE_CHOICE["drop" if high else "pass"][seat]
        cap = self._cap(seat)
        if high == 0:
            return _choices(_OPENINGS, "bet", seat, cap)
        return _choices(_ANSWERS, "raise", seat, cap - high) + _ONE_CHOICE["drop"][seat]

    def _legal_ranges(self):
        """The betting's amounts as ranges (bet 1 to cap), never listed one by one."""
        if (self._phase.key != "poch" or self._short(self.to_act)
                or not self._eligible(self.to_act)):
            return None
        seat = self.to_act
        cap = self._cap(seat)
        if self.high == 0:
            return [Action("pass", seat)] + ([(Action("bet", seat), 1, cap)] if cap >= 1 else [])
        return ([Action("call", seat)]
                + ([(Action("raise", seat), 1, cap - self.high)] if cap - self.high >= 1 else [])
                + [Action("drop", seat)])

    def _eligible(self, seat):
        """May this seat take part in the betting (P8, PV3, P11)?"""
        if self.dropped[seat] or self.chips[seat] + self.bets[seat] == 0:
            return False
        if self.options["poch_without_pair"]:
            return True
        hand = self.hands[seat]         # a pair or more: two cards of one rank (best_set's 2)
        return len({c.rank for c in hand}) < len(hand)

    def _in_with_chips(self):
        """Players still in the betting who have chips: public facts only (no peeking at pairs)."""
        return [s for s in range(self.n) if not self.dropped[s] and self.chips[s] + self.bets[s] > 0]

    def _cap(self, seat):
        """P11 (our ruling): the most anyone may have in, so every other player still in can
        call; in PV5 only the seat's own chips limit it."""
        if self.options["extra_chips"]:
            return self.chips[seat] + self.bets[seat]
        # (the stacks of _in_with_chips, in one pass)
        return min([x for x, out in zip(map(add, self.chips, self.bets), self.dropped)
                    if x > 0 and not out], default=0)

    def _short(self, seat):
        """PV5: how many chips ``seat`` lacks to match the bet (0 if none, or not PV5)."""
        if (not self.options["extra_chips"] or seat is None or self.high == 0
                or self.dropped[seat]):
            return 0
        return max(0, self.high - self.bets[seat] - self.chips[seat])

    def _limiter(self):
        """P11: the poorest player still in the betting, who sets the limit (public facts)."""
        return min(self._in_with_chips(), key=lambda s: (self.chips[s] + self.bets[s], s))

    def chance_action(self, rng):
        # (shuffled: the order rng.shuffle gives the deck, for a plain Random made faster)
        return Action("deal", cards=tuple(shuffled(self._tab.deck, rng)))

    def deal_sizes(self) -> list[int]:
        """How many cards each seat gets in this deal (P5; PV2 deals all 32)."""
        total = 32 if self.options["turned_card_dealt"] else 31
        order = self.table.order_from(self.table.next(self.dealer))
        sizes = [0] * self.n
        for i in range(total):
            sizes[order[i % self.n]] += 1
        return sizes

    def scripted_deal(self, hands, turned=None) -> Action:
        """The deal action that gives each seat the cards listed and turns up ``turned``.

        ``hands`` maps a seat (or a player's name) to card codes. In PV2 the turned card is
        the last card of the seat whose turn it is, and ``turned`` must be left out.

        >>> g = Poch(3)
        >>> g.deal_sizes()
        [10, 11, 10]
        """
        if self._phase.key not in ("deal", "ante"):
            raise ConfigError("hands", "a deal can only be scripted before the cards are dealt")
        seats = {}
        for who, cards in dict(hands).items():
            seat = self.players.index(who) if who in self.players else who
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise ConfigError("hands", f"{who!r} is not a player or seat at this table")
            seats[seat] = [self.suits.card(c) for c in cards]
        sizes = self.deal_sizes()
        for seat in range(self.n):
            got = len(seats.get(seat, []))
            if got != sizes[seat]:
                raise ConfigError("hands", f"{self.players[seat]} gets {sizes[seat]} cards in this "
                                  f"deal, not {got}")
        order = self.table.order_from(self.table.next(self.dealer))
        total = sum(sizes)
        cards = [seats[order[i % self.n]][i // self.n] for i in range(total)]
        if not self.options["turned_card_dealt"]:
            if turned is None:
                raise ConfigError("turned", "say which card is turned up")
            cards.append(self.suits.card(turned))
        elif turned is not None:
            raise ConfigError("turned", "in variant PV2 the last card is dealt; leave turned out")
        return Action("deal", cards=tuple(cards))

    # ---- checking ------------------------------------------------------------------------
    def _check_deal(self, action):
        cards, tab = action.cards, self._tab
        if len(cards) == 32 and tab.ids == set(map(id, cards)):
            return        # the deck's own 32 cards, each once: the deal of a shuffle
        problem = deal_problem(cards, list(tab.deck))
        if problem is None:
            return
        kind, what = problem
        if kind == "count":
            raise IllegalAction("P1", f"a deal lists all 32 cards of the deck in the order they "
                                f"are dealt; this one lists {what}")
        words = {"stranger": "is not in this deck", "twice": "is dealt twice"}[kind]
        raise IllegalAction("P1", f"the {what.name} {words}")

    def _check_poch(self, action):
        seat, kind, amount = action.seat, action.kind, action.amount
        w = self.words
        if kind not in ("pass", "bet", "call", "raise", "drop"):
            what = ("cards are laid only in phase 3" if kind == "play"
                    else f"not {kind!r}")
            raise IllegalAction("P9", f"in the poching you may pass, bet, call, raise or drop "
                                f"({what}); now {self._choices_words(seat)}")
        if kind in ("pass", "bet") and self.high > 0:
            raise IllegalAction("P9", f"{self._bettor_words()}: it is too late to pass or to "
                                f"open a bet; {self._choices_words(seat)}")
        if kind in ("call", "raise", "drop") and self.high == 0:
            raise IllegalAction("P9", f"nobody has bet yet, so there is nothing to {kind}: "
                                f"{self._choices_words(seat)}")
        if kind in ("pass", "drop"):
            return
        if not self._eligible(seat):
            only = "pass" if self.high == 0 else "drop"
            if self.chips[seat] + self.bets[seat] == 0:
                raise IllegalAction("P11", sentence_case(
                    f"{w.says(seat, 'has')} no chips left to bet: {w.name(seat)} may only {only}"))
            raise IllegalAction("P8", sentence_case(
                f"{w.says(seat, 'holds')} no pair, three or four of a kind, so "
                f"{w.verb(seat, 'may')} not take part in the poching: {w.name(seat)} may only "
                f"{only}"))
        if kind == "call":
            return
        cap = self._cap(seat)
        most = cap if kind == "bet" else cap - self.high
        if most < 1:   # only a raise can find no room left (a bet of 1 always fits)
            raise IllegalAction("P11", sentence_case(
                f"nobody may bet more than the poorest player still in could put in all told: "
                f"{w.name(self._limiter())} could put in at most {cap} (pair or no pair, nobody "
                f"knows) and the bet is already {self.high}, so nobody may raise: "
                f"{w.name(seat)} may call or drop"))
        if amount is None or amount < 1:
            raise IllegalAction("P9", f"say how many chips to {kind}"
                                f"{'' if kind == 'bet' else ' by'}: at least 1 and at most {most}")
        total = (amount if kind == "bet" else self.high + amount)
        need = total - self.bets[seat]
        if need > self.chips[seat]:
            held = self.chips[seat]
            raise IllegalAction("P11", sentence_case(
                f"{w.name(seat)} cannot put in {need} chips: {w.says(seat, 'holds')} "
                + (f"only {held}" if held else "none")
                + f"; the most {w.name(seat)} may {kind} {'is' if kind == 'bet' else 'by is'} "
                f"{most}"))
        if total > cap:
            raise IllegalAction("P11", sentence_case(
                f"nobody may bet more than the poorest player still in could put in all told: "
                f"{w.name(self._limiter())} could put in at most {cap} (pair or no pair, nobody "
                f"knows), so the most you may {kind} {'is' if kind == 'bet' else 'by is'} {most}"))

    def _choices_words(self, seat):
        """What ``seat`` may do now in the betting, in words (for a refusal, P9)."""
        w = self.words
        kinds = []
        for a in self._betting_actions(seat):
            if a.kind not in kinds:
                kinds.append(a.kind)
        words = {"pass": "pass", "drop": "drop",
                 "call": f"call (put in {self.high - self.bets[seat]} more)"}
        amounts = [a.amount for a in self._betting_actions(seat) if a.amount is not None]
        if amounts:
            lo, hi = min(amounts), max(amounts)
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            words["bet"] = f"bet {span} chip{'s' if hi != 1 else ''}"
            words["raise"] = f"raise by {span}"
        said = [words[k] for k in kinds]
        if len(said) == 1:
            return f"{w.name(seat)} may only {said[0]}"
        return f"{w.name(seat)} may {', '.join(said[:-1])} or {said[-1]}"

    def _bettor_words(self):
        return f"the bet stands at {self.high} chip{'s' if self.high != 1 else ''}"

    def _check_run(self, action):
        seat, card = action.seat, action.card
        if action.kind != "play":
            raise IllegalAction("P12", f"in phase 3 you play a card, not {action.kind!r}")
        if card is None:
            raise IllegalAction("P12", "say which card to play")
        if card.system != self.system:
            raise IllegalAction("P1", f"the {card.name} ({card.system} suits) is not in this deck")
        w = self.words
        if self.run_next and card != self.run_next:
            raise IllegalAction("P12", f"the run goes on with the {self.run_next.name}, which "
                                f"{w.says(seat, 'holds')}: it must be played next")
        if card not in self.hands[seat]:
            # (the words are kept short: the player sees their own hand)
            start = ("the first run" if not self.centre else "a new run")
            raise IllegalAction("P12", sentence_case(
                f"{w.says(seat, 'does')} not hold the {card.name}: {start} is started with "
                f"any card {w.says(seat, 'holds')}"))

    def _turn_words(self, seat):
        """Why it is ``seat``'s turn in phase 3 (P12, P13: the holder of the next card, or
        who starts a run), for a card laid out of turn; nothing in the other phases."""
        w = self.words
        if self._phase.key == "poch":
            why = ("the betting starts left of the dealer and goes clockwise" if self.high == 0
                   else "the betting goes round clockwise until the bets are equal")
            # public words only: what the seat may do depends on its pair, which is secret
            what = "pass or bet" if self.high == 0 else "call, raise or drop"
            return f"{why}, and {w.says(seat, 'is')} next to {what} (P9)"
        if self._phase.key != "run":
            return None
        who = w.name(seat)
        if self.run_next is not None:
            return (f"{who} {w.verb(seat, 'holds')} the {self.run_next.name}, the next card of "
                    f"the run, and must lay it")
        if not self.centre:
            if self.poch_winner == seat:
                return f"{who} won the poching and {w.verb(seat, 'starts')} the first run"
            return f"nobody won the poching, so {who}, left of the dealer, {w.verb(seat, 'starts')} the first run"
        return f"{who} laid the last card of the run and {w.verb(seat, 'starts')} the next one"

    # ---- doing ---------------------------------------------------------------------------
    def _do(self, action):
        w = self._w        # (a change of who is you plays the game again, from _reset)
        if w is None:
            w = self._w = self.words
        text, rule = _DOERS[self._phase.key](self, action, w)
        return (text if w.you is None else (_spoken, (text,))), rule

    def _do_ante(self, action, w):
        if action.kind == "end":
            text = (_end_text, ((w, tuple(self.chips), self.setup["deals"], self.deal_no),
                                self._final_args()))
            self._phase = OVER_PHASE
            self.current_player, self.finished = None, True
            return text, "P15"
        chips, holes, n = self.chips, self.holes, self.n
        for seat in range(n):
            chips[seat] -= ANTE
        for hole in holes:
            holes[hole] += n
        self._new_deal_state()
        self._phase = DEAL_PHASE
        self.current_player = CHANCE
        # (the holes are kept in the order of HOLES)
        return (_ante_text, (w, self.deal_no, self.dealer, tuple(holes.values()))), "P4"

    def _do_deal(self, action, w):
        tab, n = self._tab, self.n
        cards = action.cards
        if not tab.ids.issuperset(map(id, cards)):    # (equal cards made elsewhere)
            card_of = tab.card
            cards = [card_of[c.code] for c in cards]  # the deck's own Card objects
        order = self._round[self.dealer]        # from the dealer's left round to the dealer
        pv2 = self.options["turned_card_dealt"]
        end = len(cards) if pv2 else len(cards) - 1
        hands = self.hands
        for first, seat in enumerate(order):       # one card at a time, clockwise (P5)
            hands[seat] += cards[first:end:n]
        self.owner = dict(zip([c.code for c in cards[:end]], cycle(order)))
        self._sets = None
        last = cards[-1]
        self.payment, self.payment_card = last.suit, last
        sizes = tuple([len(hands[s]) for s in order])
        if pv2:
            receiver = order[(len(cards) - 1) % n]
            self.shown[receiver].append(last)
            rule = "PV2"
        else:
            receiver = None
            self.turned = last
            rule = "P5"
        self.pay_queue = self._phase1_steps()
        self._phase = PAY_PHASE
        self.current_player = TABLE
        return (_deal_text, (w, self.dealer, order, sizes, len(cards), last,
                             receiver)), rule

    def _phase1_steps(self):
        """P6/P7/PV1: one step per hole, Ace … Ten, Marriage, Sequence."""
        # who holds the payment suit's A, K, Q, J, 10, 9, 8, 7 (None: nobody, the turned card)
        held = [*map(self.owner.get, self._tab.codes[self.payment])]
        steps = [_UNCLAIMED[hole] if seat is None else _CLAIM[hole][seat]
                 for hole, seat in zip(HONOURS, held)]
        turned = self.turned
        if turned is not None and turned.rank in HONOURS and self.options["dealer_takes_turned"]:
            steps[HONOURS.index(turned.rank)] = _CLAIM[turned.rank][self.dealer]     # PV1
        king, queen, nine, eight, seven = held[1], held[2], held[5], held[6], held[7]
        steps.append(_UNCLAIMED["marriage"] if king is None or king != queen
                     else _CLAIM["marriage"][king])
        steps.append(_UNCLAIMED["sequence"] if seven is None or not seven == eight == nine
                     else _CLAIM["sequence"][seven])
        return steps

    def _do_pay(self, action, w):
        queue = self.pay_queue
        queue.pop(0)
        if queue:                               # the next step's one legal action
            self._legal_now, self._actor_now = (queue[0],), TABLE
        hole = action.what
        holes = self.holes
        chips = holes[hole]
        suit = self._tab.of_suit[self.payment]  # rank → the payment suit's card
        if action.kind == "claim":
            seat = action.seat
            holes[hole] = 0
            self.chips[seat] += chips
            if hole in HONOURS:
                card = suit[hole]
                turned = self.owner.get(card.code) != seat     # PV1: the dealer's turned card
                if not turned:
                    self._show(seat, (card,))
                rule = "PV1" if turned else "P6"
            else:
                card = self.payment_card
                self._show(seat, [suit[rank] for rank in _NEEDS[hole]])
                turned, rule = False, "P6"
            text = (_claim_text, (w, seat, hole, chips, card, turned))
        else:
            card = suit[hole] if hole in HONOURS else self.payment_card
            text, rule = (_unclaimed_text, (hole, chips, card, self.turned)), "P7"
            if self.options["dealer_takes_turned"] and self.turned is not None and \
                    self.turned.rank in _NEEDS.get(hole, ()):
                rule = "P7, PV1"
        if not queue:
            self._start_betting()
        return text, rule

    def _show(self, seat, cards):
        shown = self.shown[seat]
        for card in cards:
            if card not in shown:
                shown.append(card)

    # ---- phase 2 -------------------------------------------------------------------------
    def _start_betting(self):
        self._phase = POCH_PHASE
        self.need = [not self.dropped[s] for s in range(self.n)]
        self._turn_to(self._round[self.dealer][0])

    def _do_poch(self, action, w):
        seat, kind = action.seat, action.kind
        if kind == "extra chips":
            return self._do_extra_chips(action.amount, w)
        bets = self.bets
        if kind == "pass":
            self.need[seat] = False
            text = (_poch_text, (w, seat, kind, None, 0, 0, 0))
        elif kind == "drop":
            self.dropped[seat] = True
            self.need[seat] = False
            text = (_poch_text, (w, seat, kind, None, 0, 0, bets[seat]))
        else:
            if kind == "bet":
                total = action.amount
            elif kind == "call":
                total = self.high
            else:
                total = self.high + action.amount
            put = total - bets[seat]
            self.chips[seat] -= put
            bets[seat] = total
            text = (_poch_text, (w, seat, kind, action.amount, put, total, 0))
            if total > self.high:
                self.high = total
                need, dropped = self.need, self.dropped
                for other in range(self.n):
                    if other != seat and not dropped[other]:
                        need[other] = True
            self.need[seat] = False
        self._next_bettor(seat)
        return text, "P9"

    def _do_extra_chips(self, amount, w):
        """PV5: every player receives ``amount`` extra chips from the bank."""
        seat = self.to_act
        for s in range(self.n):
            self.chips[s] += amount
        self.extra_each += amount
        self._turn_to(seat)
        return (_extra_text, (w, seat, self.high, self.high - self.bets[seat],
                              self.chips[seat] - amount, amount, self.extra_each)), "PV5"

    def _next_bettor(self, seat):
        """The turn after ``seat``'s: the next player round the table still in who must still
        act (P9), if the betting goes on."""
        dropped = self.dropped
        if self.high == 0 or dropped.count(False) > 1:
            need = self.need
            for s in self._round[seat]:
                if need[s] and not dropped[s]:
                    return self._turn_to(s)
        self._turn_to(None)

    def _turn_to(self, seat):
        """The betting's turn passes to ``seat``, or to the table when that seat must first be
        given extra chips (PV5); ``None``: the betting is over (P10)."""
        self.to_act = seat
        if seat is None:
            self._phase = SHOW_PHASE
            self.current_player = TABLE
        elif self.options["extra_chips"] and self._short(seat):
            self.current_player = TABLE
        else:
            self.current_player = seat

    def best_set(self, seat):
        """``(size, rank value, cards)`` of the seat's best set of equal rank (P8)."""
        sets = self._sets       # (each seat's, made when first asked for, until a hand changes)
        if sets is None:
            sets = self._sets = [None] * self.n
        best = sets[seat]
        if best is None:
            best = sets[seat] = best_set(self.hands[seat])
        return best

    def _set_key(self, seat):
        return _key_of(self.best_set(seat), self.payment, self.options["poch_without_pair"])

    def _plural(self, card):
        return _plural(card)

    def _why_args(self, winner, contenders, keys):
        """:func:`_why_text`'s arguments; ``keys``: each contender's :meth:`_set_key`."""
        runner = max((s for s in contenders if s != winner), key=keys.__getitem__)
        return (self.best_set(winner), keys[winner], keys[runner],
                self.options["poch_without_pair"], self.payment)

    def _do_showdown(self, action, w):
        bets, dropped = self.bets, self.dropped
        contenders = [s for s in range(self.n) if not dropped[s] and bets[s] > 0]
        pot = sum(bets)
        poch = self.holes["poch"]
        if not contenders:
            self.poch_winner = None
            text = f"Everyone passed: nobody pochs, and the Poch hole keeps its {poch} chips."
            rule = "P10"
        elif len(contenders) == 1:
            winner = contenders[0]
            if self.options["poch_without_pair"]:
                pair, rule = None, "P10, PV3"
            else:
                pair, rule = tuple(self.best_set(winner)[2][:2]), "P10"
                self._show(winner, pair)
            text = (_showdown_text, (w, winner, pot, poch,
                                     (self._round[self.dealer], tuple(bets), pair), None, None))
        else:
            keys = {s: self._set_key(s) for s in contenders}
            winner = max(contenders, key=keys.__getitem__)
            sets = tuple((s, self.best_set(s)) for s in contenders)
            for s, best in sets:
                self._show(s, best[2])
            text = (_showdown_text, (w, winner, pot, poch, None, sets,
                                     self._why_args(winner, contenders, keys)))
            rule = self._showdown_rule(winner, contenders, keys)
        if contenders:                          # the winner takes the bets and the Poch hole
            self.poch_winner = winner
            self.chips[winner] += pot + poch
            self.holes["poch"] = 0
        self.bets = [0] * self.n
        self.high = 0
        self._phase = RUN_PHASE
        self.leader = (self.poch_winner if self.poch_winner is not None
                       else self._round[self.dealer][0])
        self.current_player = self.leader
        self.run_next = None
        return text, rule

    def _showdown_rule(self, winner, contenders, keys):
        key = keys[winner]
        rivals = [keys[s] for s in contenders if s != winner]
        if self.options["poch_without_pair"] and (key[0] < 2 or any(r[:2] == key[:2] for r in rivals)):
            return "P10, PV3"
        return "P10, P8"

    # ---- phase 3 -------------------------------------------------------------------------
    def _do_run(self, action, w):
        seat, card = action.seat, action.card
        hand = self.hands[seat]
        i = 0
        for held in hand:                       # (found by identity: a Card compares in Python)
            if held is card:
                break
            i += 1
        else:                                   # (an equal card made elsewhere: the deck's own)
            card = self._tab.card[card.code]
            i = hand.index(card)
        del hand[i]
        code = card.code
        del self.owner[code]
        self._sets = None
        centre = self.centre
        centre.append(card)
        if self.run_next is not None:
            how, rule = "next", "P12"
        elif len(centre) == 1:
            how, rule = ("won" if self.poch_winner == seat else "nobody"), "P12"
        else:
            how, rule = "new", "P13"
        if not hand:
            self.out = seat
            self.run_next = None
            self._phase = SETTLE_PHASE
            self.current_player = TABLE
            return (_run_text, (w, seat, card, how, "out", None)), rule
        tab = self._tab
        nxt = tab.next[code]
        if nxt is None:
            stop = "ace"
        elif nxt is self.turned:
            stop = "turned"
        elif (holder := self.owner.get(code := nxt.code)) is None:
            stop = "played"                     # (held by nobody: every other card was dealt)
        else:
            self.run_next = nxt
            self.current_player = self._actor_now = holder
            self._legal_now = (tab.plays[code][holder],)     # the next step's one legal action
            return (_run_text, (w, seat, card, how, None, None)), rule
        self.run_next = None
        self.leader = self.current_player = seat
        return (_run_text, (w, seat, card, how, stop, nxt)), rule

    def _do_settle(self, action, w):
        seat = self.out
        centre = self.holes["centre"]
        self.holes["centre"] = 0
        chips = self.chips
        chips[seat] += centre
        parts, total, short = [], 0, False
        for other in self._round[seat][:-1]:
            owe = len(self.hands[other])
            pay = min(owe, chips[other])
            chips[other] -= pay
            total += pay
            parts.append((other, owe, pay))
            short = short or pay != owe
        chips[seat] += total
        rule = "P14, P11" if short else "P14"
        self.dealer = self.table.next_dealer(self.dealer)
        self.deal_no += 1
        self._phase = ANTE_PHASE
        self.current_player = TABLE
        return (_settle_text, (w, seat, centre, tuple(parts), total, self.dealer)), rule

    # ---- the end -------------------------------------------------------------------------
    def _game_ends(self):
        """P15: does the game end before this deal (someone cannot ante, or the deals agreed
        are played)? :func:`_over_reason` says why."""
        limit = self.setup["deals"]
        return min(self.chips) < ANTE or (limit is not None and self.deal_no > limit)

    def _final_args(self):
        """The values :func:`_final_text` says, as they are now."""
        res = self.result()
        return (self.words, tuple(res["winners"]), self.chips[res["winners"][0]],
                tuple(self.holes.items()), tuple(res["money"]) if res.get("money") else None)

    def result(self) -> dict:
        """Chips of each player, chips left on the board, the winners and, in PV4, money."""
        chips = list(self.chips)
        top = max(chips)
        out = {"chips": chips, "board": dict(self.holes),
               "winners": [s for s in range(self.n) if chips[s] == top],
               "finished": self.finished}
        value = self.options["money"]
        if value is not None:
            shares = self.share_board()
            start = self.setup["chips"] + self.extra_each      # PV5's extra chips count as start
            out["board_shares"] = shares
            out["money"] = [round((chips[s] + shares[s] - start) * value, 10) for s in range(self.n)]
        return out

    def share_board(self):
        """PV4 (our ruling on the remainder): the board chips shared as evenly as possible."""
        left = sum(self.holes.values())
        shares = [left // self.n] * self.n
        rest = left - sum(shares)
        order = self.table.order_from(self.table.next(self.dealer))
        for s in sorted(order, key=lambda s: (self.chips[s], order.index(s)))[:rest]:
            shares[s] += 1
        return shares

    # ---- people --------------------------------------------------------------------------
    def describe(self, action):
        kind, w = action.kind, self.words
        if kind == "extra chips":
            return f"Everyone gets {action.amount} extra chips"
        if kind == "pass":
            return "Pass"
        if kind == "bet":
            return f"Bet {action.amount}"
        if kind == "call":
            return f"Call {self.high - self.bets[action.seat]}" if self._phase.key == "poch" else "Call"
        if kind == "raise":
            return f"Raise by {action.amount} (to {self.high + action.amount})"
        if kind == "drop":
            return "Drop"
        if kind == "play":
            return f"Play the {action.card.name}"
        if kind == "deal":
            return "Deal"
        if kind == "ante":
            return "Everyone antes"
        if kind == "claim":
            return sentence_case(f"{w.says(action.seat, 'takes')} the {HOLE_TITLES[action.what]} hole")
        if kind == "unclaimed":
            return f"The {HOLE_TITLES[action.what]} hole stays"
        if kind == "showdown":
            return "Show the sets"
        if kind == "go out":
            return sentence_case(f"{w.says(action.seat, 'collects')}")
        if kind == "end":
            return "End the game"
        return kind

    def _sorted(self, cards):
        suits = self.suits.suits
        return sorted(cards, key=lambda c: (suits.index(c.suit), -RANKS.value(c)))

    def rule_of_thumb(self, seat, rng: random.Random):
        """A simple player: bets with three of a kind, calls with a good pair, starts runs with
        its longest suit's lowest card."""
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self._phase.key == "poch":
            size, rank, _ = self.best_set(seat)
            kinds = {a.kind: a for a in legal}
            strong = size >= 3 or (size == 2 and rank >= RANKS.value("Q"))
            if self.high == 0:
                bets = [a for a in legal if a.kind == "bet"]
                if strong and bets:
                    return bets[min(len(bets), 1 + size) - 1]
                return kinds["pass"]
            if size >= 3 or (strong and self.high - self.bets[seat] <= self.chips[seat] // 4):
                return kinds.get("call", kinds.get("drop"))
            return kinds["drop"]
        hand = self.hands[seat]
        by_suit = Counter(c.suit for c in hand)
        return min(legal, key=lambda a: (-by_suit[a.card.suit], RANKS.value(a.card)))

    # ---- views ---------------------------------------------------------------------------
    def _view(self, seat):
        show_all = seat is None
        hands, counts = [], []
        for s in range(self.n):
            counts.append(len(self.hands[s]))
            hands.append([_cj(c) for c in self._sorted(self.hands[s])]
                         if show_all or s == seat else None)
        return {
            "suits": self.system,
            "dealer": self.dealer,
            "chips": list(self.chips),
            "holes": dict(self.holes),
            "hole_order": list(HOLES),
            "hole_titles": HOLE_TITLES,
            "hole_native": HOLE_NATIVE[self.system],
            "turned": _cj(self.turned) if self.turned else None,
            "payment_card": _cj(self.payment_card) if self.payment_card else None,
            "payment_suit": self.payment,
            "payment_suit_name": self.suits.suit_name(self.payment) if self.payment else None,
            "hands": hands,
            "hand_counts": counts,
            "shown": [[_cj(c) for c in self.shown[s]] for s in range(self.n)],
            "bets": list(self.bets),
            "dropped": list(self.dropped),
            "high": self.high,
            "poch_winner": self.poch_winner,
            "centre": [_cj(c) for c in self.centre],
            "run_next": _cj(self.run_next) if self.run_next else None,
            "out": self.out,
            "result": self.result() if self.finished else None,
            "total_chips": sum(self.chips) + sum(self.holes.values()) + sum(self.bets),
            # PV5: the extra chips each player has had from the bank (total_chips counts them)
            "extra_chips": self.extra_each,
        }


    # ---- for computer players (issue 15) ----
    payoff_unit = "chips"
    payoff_ahead = "it won chips"

    def payoff(self, seat):
        """A look-ahead player's number: the seat's chips (P15)."""
        return self.chips[seat]

    def sample_world(self, seat, rng):
        """A fork with the other hands dealt again at random (P5), keeping the seat's hand,
        the turned card, every card shown (P6, P10, PV2) or laid on the centre (P12), and the
        facts the deal revealed: whoever bet, called or raised holds at least a pair (P8;
        not in PV3), and nobody holds the payment suit's 7, 8 and 9 when the Sequence hole
        went unclaimed (P6, P7). Who passed or dropped says nothing (P9: a pass is only "not
        now")."""
        from ...engine.sampling import deal_hidden, redact_deals
        world = self.fork()
        redact_deals(world, Action("deal"))
        if not any(self.hands) or self._phase.key in ("ante", "deal", "over"):
            return world
        played = set(self.centre)
        known_in = [[c for c in self.shown[s] if c not in played] for s in range(self.n)]
        known = set(self.hands[seat]) | played
        if self.turned is not None:
            known.add(self.turned)
        for s in range(self.n):
            known.update(known_in[s])
        pool = [c for c in make_deck(self.deck_name) if c not in known]
        others = [s for s in range(self.n) if s != seat]
        places = [(s, len(self.hands[s]) - len(known_in[s])) for s in others]
        # the facts of this deal's betting and phase 1 (public: the steps since the deal)
        bettors, laid = set(), {s: set() for s in range(self.n)}
        sequence_open = False
        for a in reversed(self.actions):
            if a.kind == "deal":
                break
            if a.kind in ("bet", "call", "raise"):
                bettors.add(a.seat)
            elif a.kind == "play":
                laid[a.seat].add(a.card)
            elif a.kind == "unclaimed" and a.what == "sequence":
                sequence_open = True
        need_pair = [] if self.options["poch_without_pair"] else [
            s for s in others if s in bettors and best_set(known_in[s])[0] < 2]
        run = {self.suits.card(f"{r}-{self.payment}") for r in ("7", "8", "9")}
        check_run = sequence_open and self.turned not in run

        def accept(deal):
            for s in need_pair:
                if best_set(known_in[s] + deal[s])[0] < 2:
                    return False
            if check_run:   # nobody was dealt all three (the hand now, with the cards laid)
                for s in others:
                    if run <= set(known_in[s]) | set(deal[s]) | laid[s]:
                        return False
            return True

        deal = deal_hidden(pool, places, rng, accept=accept)
        for s in others:
            world.hands[s] = known_in[s] + deal[s]
        world._hands_changed()
        if self._phase.key == "pay":
            world.pay_queue = world._phase1_steps()[7 - len(self.pay_queue):]
        return world


#: each phase → how a step of it is done (:meth:`Poch._do`)
_DOERS = {"ante": Poch._do_ante, "deal": Poch._do_deal, "pay": Poch._do_pay,
          "poch": Poch._do_poch, "showdown": Poch._do_showdown, "run": Poch._do_run,
          "settle": Poch._do_settle}
#: each phase → its legal actions (:meth:`Poch._legal`)
_LEGAL = {"ante": Poch._legal_ante, "deal": Poch._legal_none, "pay": Poch._legal_pay,
          "poch": Poch._legal_poch, "showdown": Poch._legal_showdown, "run": Poch._legal_run,
          "settle": Poch._legal_settle, "over": Poch._legal_none}
