"""Truk: the Basque trick-and-bluff partnership game of document 003.

Source: document 003 (Basque), the rules written down from Asier Retegi of Oiartzun by
Moises Odriozola and Patxi Angulo. Rule ids K1–K19 follow ``shared/rules/truk.md``; where the
document leaves a point open we rule on it, and those rulings are marked "Our ruling" in
:data:`RULES`. The document is the authority; the digest's reading is corrected where the two
differ.

A game is played to 6 truks (*truka*). Each hand (*eskua*) deals three cards to each player and
is played in three tricks (*altxaldiak*): *aurrea*, *erdia* and *atzea*. A hand is played either
for a tanto (*tantoa*, a step towards the next truk) or for a truk.

>>> from cardwidgets.games.truk import Truk
>>> from cardwidgets import play_out, RuleOfThumbPlayer
>>> game = play_out(Truk(4), RuleOfThumbPlayer(seed=1), seed=1)
>>> game.finished, max(game.truks)
(True, 6)
"""
from __future__ import annotations

import dataclasses
import itertools
import random
from operator import itemgetter
from typing import Any

from ...engine import (CHANCE, TABLE, Action, Call, Card, ConfigError, Game, IllegalAction,
                       Phase, RankOrder, RankPower, Table, Trick, deal_problem, make_deck,
                       three_trick_hand)
from ...engine.cards import SUIT_SYSTEMS
from ...engine.core import shared_action, shuffled, text_of
from ...engine.words import SidesAddressed, Words, sentence_case

__all__ = ["Truk", "RULES", "RANK", "TRICK_NAMES", "SIGNALS", "DOC_HAND_ROWS", "DOC_DEVELOPMENT",
           "hand_table", "doc_row_of", "WAYS_K7"]

# ---- the game, declared -------------------------------------------------------------------

#: K2: rank, high to low; suits never matter.
RANK = ("3", "2", "1", "12", "11", "10", "7", "6", "5", "4")
#: K6: the names of the three tricks, with English.
TRICK_NAMES = ("aurrea", "erdia", "atzea")
TRICK_ENGLISH = ("the first trick", "the second trick", "the third trick")
#: K9: the aim of the game, and the counters on the table.
TARGET = 6
TANTOS = 3
TRUK_COUNTERS = 11
SIDE_NAMES = ("A", "B")
#: KV3 (itzu truk): the open hand's seat, its partner's, and the seat's name at the table.
OPEN_SEAT, OPEN_PARTNER = 3, 1
OPEN_NAME = "Open hand"

#: K19: the signals, what each says, and how the hand is checked (rank, how many).
SIGNALS = {
    "one_eye": ("closes one eye", "a 3", ("3", 1, 1)),
    "both_eyes": ("closes both eyes", "two 3s", ("3", 2, 3)),
    "lip": ("pulls the lip to one side", "a 2", ("2", 1, 1)),
    "smile": ("pulls the lip to both sides (a smile)", "two 2s", ("2", 2, 3)),
    "tongue": ("puts the tongue out", "an ace", ("1", 1, 3)),
    "eyebrows": ("raises the eyebrows", "nothing: no 3, no 2, no ace", (None, 0, 0)),
}
#: The ways to bet a truk (K17): all three are the same act.
BET_WAYS = {None: 'says "Truk!"', "say": 'says "Truk!"', "knock": "knocks on the table",
            "throw": "throws the cards face down into the middle (not onto the stock)"}

#: K7: the five ways a hand is won, in the document's words (English), numbered as it lists them.
WAYS_K7 = {
    "two": (1, "won two of the three tricks"),
    "first_then_tie": (2, "won the first trick and tied another"),
    "tie_then_win": (3, "tied the first trick and won the second"),
    "two_ties_then_win": (4, "tied the first two tricks and won the third"),
    "three_ties": (5, "all three tricks tied, and the esku's side wins them"),
}

#: K8: the document's hand table ("Eskuen puntuazioa") as it prints it, for side A: the 1st,
#: 2nd and 3rd trick (A: side A took it, B: side B, =: a tie, -: not played) and who wins.
#: Swapping A and B gives side B's rows. Typed in from the document to compare against the
#: engine, never used by the engine.
DOC_HAND_ROWS = (
    ("A", "A", "-", "A"),
    ("A", "=", "-", "A"),
    ("A", "B", "=", "A"),
    ("A", "B", "A", "A"),
    ("A", "B", "B", "B"),
    ("=", "A", "-", "A"),
    ("=", "=", "A", "A"),
    ("=", "=", "=", "esku"),
)

#: K14: the document's development table ("Partiden garapena truk apusturik gabe"), one line
#: per path: the 1st and 2nd hands of a tanto phase, then what happens in the truk phase.
DOC_DEVELOPMENT = (
    ("AA", "play", "A wins: 1 tanto", "A wins: 2nd tanto; two options",
     "after seeing the cards, A plays the truk"),
    ("AA", "decline, play", "A wins: 1 tanto", "A wins: 2nd tanto; two options",
     "A declines (1st option), redeal; A plays the truk"),
    ("AA", "decline, decline", "A wins: 1 tanto", "A wins: 2nd tanto; two options",
     "A declines (1st option), redeal; declines again (2nd option), redeal: the truk is "
     "played pasotan"),
    ("AB", "play", "A wins: 1 tanto", "B wins: 1 tanto; then A wins the next hand: it takes "
     "all 3 tantos and has one option", "after seeing the cards, the side with 3 tantos plays "
     "the truk"),
    ("AB", "decline", "A wins: 1 tanto", "B wins: 1 tanto; then B wins the next hand: it takes "
     "all 3 tantos and has one option", "the side with 3 tantos declines (its option), redeal: "
     "the truk is played"),
)
#: K14: who wins the hand for the 3rd tanto in each AB row of the document's table (its row
#: "A wins" goes on to play the truk, its row "B wins" to put it off).
DOC_DEVELOPMENT_THIRD = {"play": 0, "decline": 1}

RULES = {
    "K1": "The deck (karta-sorta) is the Latin (Spanish) one of 40 cards: 1 (ace) to 7, the "
          "Jack (txanka, 10), the Horse (zaldia, 11) and the King (erregea, 12), in coins, "
          "cups, swords and clubs.",
    "K2": "Rank, high to low: 3, 2, 1 (ace), King, Horse, Jack, 7, 6, 5, 4. Suits never matter: "
          "all the cards of one rank are worth the same.",
    "K3": "Two players, or four in two sides (bikoteak) of two, partners sitting face to face. "
          "Our ruling for two players: each side is one player, so what a side decides that "
          "player decides, the bet is answered and the pass is asked by the other player, and "
          "there are no signals (there is no partner to signal to). Three players play itzu "
          "truk, with the fourth seat's hand face up (KV3).",
    "K4": "Esku has two meanings: the hand (three tricks, played with three cards each) and "
          "the player who dealt that hand, who plays last (we say 'the esku'). The player on "
          "the esku's right plays first; dealing and play go to the right. Our ruling: the "
          "order of play is the same in all three tricks, so the player on the esku's right "
          "leads every trick, after a tie too, and the esku always plays last. The document "
          "defines the esku as 'the player who plays last' and says this gives the esku "
          "advantages; it never says that the winner of a trick leads.",
    "K5": "A trick (altxaldia): everyone plays one card face up; the highest card in the rank "
          "(K2) takes it. If two or more cards of the highest rank are played, the trick is a "
          "tie (berdinketa): playing it first gives no priority. Any card may be played: there "
          "is no duty to follow suit. This holds whoever played the equal cards, partners "
          "too: the document says that if two or more cards of one rank are played (maila "
          "bereko bi karta edo gehiago) the trick is a tie, and names no exception for "
          "partners, so we follow its words (variant KV4 makes partners' equal top cards a "
          "win for their side). The Valencian truc rules speak of a tie between two "
          "opponents (V6); the truk rules do not.",
    "K6": "The tricks are named: the first aurrea, the second erdia, the third atzea.",
    "K7": "A side wins the hand when it (1) wins two of the three tricks; or (2) wins the "
          "first trick and ties another; or (3) ties the first and wins the second; or (4) ties "
          "the first and second and wins the third; or (5) all three tricks tie and it is the "
          "esku's side. A trick that can no longer change the result is not played.",
    "K8": "The document's hand table (Eskuen puntuazioa) lists, for side A: A A – → A; "
          "A = – → A; A B = → A; A B A → A; A B B → B; = A – → A; = = A → A; = = = → the esku. "
          "Swapping A and B gives the rows where B wins. Winning a trick earlier, or being the "
          "esku, decides the hands with ties.",
    "K9": "On the table: 3 tanto counters in the middle, between two players, and at least 11 "
          "truk counters on the other side (11 is just enough: a game ends at 6–5 at most). "
          "The aim of the game is to win 6 truks.",
    "K10": "The tantos show how far the sides are from having to play a truk (except after a "
           "truk bet, K17). One tanto is played for in each hand of the tanto phase. When the "
           "phase ends the tantos go back to the middle.",
    "K11": "The start: anyone deals three cards one at a time to each player (to the right). "
           "Then each player draws a fourth card from the stock; the highest draw (K2) takes 2 "
           "tantos for its side, so that side has two options (bi aukera), and that player is "
           "the first esku. The drawn cards go back to the stock. The first esku puts the "
           "stock on their right, and the player on their right plays first. Our ruling: the "
           "draw goes in order of play from the dealer's right; a tie for the highest draw is "
           "drawn again by the tied players, from the next cards; then all the drawn cards go "
           "back to the bottom of the stock in the order drawn.",
    "K12": "The first hand is always played for a truk. The side with the 2 tantos looks at "
           "its cards and decides: play, and the truk is played; or not play, and it takes the "
           "3rd tanto and has one option left: the player on the first esku's right deals again "
           "and is the new esku, and the side decides again (its second option). Play: the "
           "truk is played. Not play: the side puts the 3 tantos back in the middle and a truk "
           "must be played pasotan (K16), dealt by the player on the right of the esku, who "
           "becomes esku. Our ruling: the side's first player in order of play speaks for it. The "
           "document gives the decision to the side (lehenengo eskua duen bikoteak, 'the side "
           "that has the first esku') and once says that the first esku decides again "
           "(lehenengo eskuak ... erabaki dezake berriro); the options are the side's, so we "
           "read both as the side's decision, which one of its players gives.",
    "K13": "From the second hand on (after the first truk), each hand is played for one tanto. "
           "AA: a side that wins the first two tanto hands has 2 tantos and plays the truk in "
           "the next hand, but has two options: after the deal it may decline (it takes the 3rd "
           "tanto; the cards are dealt again and the esku moves on); declining again uses its "
           "second option: it puts the 3 tantos back and, the cards being dealt a third time, "
           "the truk must be played pasotan (nahitaez pasotan, compulsorily pasotan). AB: if "
           "each side has won a tanto, the next hand is played for the 3rd tanto; its winner "
           "takes all 3 tantos and has one option: after the deal it may put the truk off once "
           "(it puts the 3 tantos back, the cards are dealt again) and then a truk must be "
           "played (nahitaez, compulsorily). The document says 'compulsorily pasotan' on the "
           "AA path but only 'compulsorily' on the AB path, and its table says 'the truk is "
           "played' there. Our ruling: that truk is compulsory but played without pasotan "
           "changes. Where the text says the two options are 'to change cards' (kartak "
           "aldatzeko) we read, with the AA paragraph and the table, a new deal.",
    "K14": "The development table (Partiden garapena truk apusturik gabe, the game without truk "
           "bets): A wins the 1st hand (1 tanto). If A wins the 2nd (2nd tanto, two options): "
           "A plays the truk; or declines (1st option), redeal, and plays; or declines again "
           "(2nd option), redeal, and the truk is played pasotan. If B wins the 2nd (1 tanto "
           "each), the winner of the next hand takes all 3 tantos with one option (the table "
           "shows both: A wins it and plays the truk; B wins it and declines, redeal, and the "
           "truk is played).",
    "K15": "The side that wins a hand played for a truk takes one truk counter.",
    "K16": "Pasotan: when a truk is played pasotan, the players may change cards as many times "
           "as they like, until one of them (that is, that player's side) decides to play. "
           "Cards being changed are shown face up, except 2s and 3s, which are kept face down. "
           "A player may take the changed cards back if the new ones are worse. Our ruling: "
           "starting with the player on the esku's right and going to the right, each player in "
           "turn either changes one or more cards for cards from the top of the stock, or says "
           "'we play', which ends the changing for everyone; a 2 or a 3 may be changed, face "
           "down (the other reading, that 2s and 3s are never changed, is possible: nobody "
           "wants to change them anyway); after seeing the new cards the player keeps them or "
           "takes all the old ones back (the player alone judges 'worse'); a change needs nobody's "
           "agreement (the document's 'ask' is not a question anyone answers); the cards changed "
           ""
           "and not taken back, and the new cards given back, stay aside (the new ones face "
           "down) until the hand ends; nobody may change more cards than the stock holds, and "
           "with an empty stock the next player must say 'we play'.",
    "K17": "The truk bet: while a tanto is being played, any player may, on their turn, bet a "
           "truk, in any trick, even after some players have played to it. Saying 'Truk!', "
           "knocking on the table and throwing one's cards face down into the middle (not onto "
           "the stock) are the same bet. 'Joka!' accepts it: the hand is played for a truk "
           "instead of the tanto, and its winner takes a truk. Refused: the betting side takes "
           "the tanto and the hand ends. Our rulings: the opponent who plays next after the "
           "bettor answers for the side; there is no truk bet while a truk is being played "
           "(the document allows it only while a tanto is); a refused bet counts as winning the "
           "hand for its tanto, so in the hand for the 3rd tanto at 1–1 the betting side takes "
           "all 3 tantos and has one option; after a truk reached by a bet the tanto phase is "
           "over and the tantos go back to the middle (variant KV2 keeps them). Our ruling: 'on "
           "their turn' is the turn to play a card to the trick: the bet comes before the card "
           "(or when the turn comes back after a pass), not while answering a pass (paso eske) "
           "or changing cards after one (K18).",
    "K18": "Paso eske, or binakako pasoa (the pass in pairs): at any moment of a hand, on their "
           "turn, whether a tanto or a truk is played, a player may ask the player on their "
           "right to pass. Refused: the hand goes on. Accepted: both show some (hainbat) of "
           "their cards face up (2s and 3s face down) and replace them from the stock; either "
           "may take the old cards back if the new ones are worse. Our rulings: the asker "
           "changes first, then the player asked, each from none to all of their cards (the "
           "two may change different numbers: 'some' says no more); taking back is all or "
           "nothing, as in K16; each player may ask once a hand; play then goes on with the "
           "asker. Our ruling: a pass is asked during the play of the tricks, not while the "
           "cards of a pasotan truk are being changed (everyone is changing then anyway) nor "
           "while a truk bet waits for its answer.",
    "K19": "Signals (keinuak): partners may talk at any time provided what they say is true, and "
           "signal: one eye closed = a 3; both eyes = two 3s; the lip pulled to one side = a 2; "
           "to both sides (a smile) = two 2s; the tongue out = an ace; the eyebrows raised = "
           "nothing. Our rulings: a signal must be true of the cards still in hand (a 3 means "
           "exactly one 3, two 3s at least two; an ace at least one; nothing means no 3, 2 or "
           "ace), and a false one is refused; each signal at most once a hand; the partner sees "
           "it and the other side does not (the history in the document says the gestures are "
           "made 'if possible without the other side seeing'; variant KV1 lets the other side "
           "catch them). With two players there are no signals. Our ruling: the document says "
           "partners may talk 'at any time' (edozein unetan) and, besides (horrez gain), may "
           "signal; it gives no time for the signals, so we let them be made at any time too, "
           "on the player's own turn, in every part of a hand: when deciding on the truk (K12, "
           "K13), changing cards (K16, K18; not while choosing to keep the new cards or take "
           "the old ones back), answering a truk bet or a pass (K17, K18) and playing the "
           "tricks. Our ruling: the program has no free talk "
           "between partners; the six signals are what they tell each other, and in place of "
           "'what have you got?' the player who decides for the side, on the truk (K12, K13) "
           "or on a truk bet (K17), may first ask the partner for a signal, once a hand: "
           "everyone hears the question; the partner answers with one true signal not yet "
           "given (with none left, the partner tells the asker, unseen by the other side, that "
           "there is nothing new), and the decision comes back to the player who asked.",
    "KV1": "Variant: the other side catches the signals too (gestures are made at the table).",
    "KV2": "Variant: after a truk reached by an accepted truk bet the tantos stay where they "
           "were, and the tanto phase goes on (the other reading of K10's 'except after a truk "
           "bet').",
    "KV3": "Itzu truk, for three players. Among the dictionaries it quotes, the document "
           "gives one line from Cándido Izaguirre's vocabulary of Aránzazu-Oñate (1970), under "
           "itzu (the local form of itsu, 'blind': our translation): 'itzúaas trúkian', truk "
           "with the blind one, is played when the partner, the fourth player, is missing, and "
           "it is played seeing that player's cards. It says "
           "no more. Our rulings: the table has four seats as in K3, and the fourth is empty: "
           "its three cards, the open hand, are dealt face up and everyone sees them. The three "
           "players take seats 0, 1 and 2 in the order named; the open hand is seat 3, facing "
           "the second player, who plays alone with it as side B; the first and third players "
           "are side A. Only the open hand's partner plays it, each time its turn in the order "
           "of play comes, and nobody else may. The open hand is a seat like any other: it "
           "draws at the start, it is the esku in its turn (its partner deals for it) and the "
           "deal passes through it to the right (K4, K11). Its partner speaks for side B: "
           "decides on the truk (K12, K13), answers a truk bet (K17) and a pass asked of the "
           "open hand (K18); in the open hand's turn the partner may bet a truk, ask for a "
           "pass or, in pasotan, change its cards or say 'we play' for it (K16). The open "
           "hand's cards are always face up: its 2s and 3s, the cards it changes and the ones "
           "it draws too. Side B makes no signals (K19): the open hand's cards are seen by all "
           "and its partner plays it, so a signal would tell nobody anything; side A signals as "
           "usual. The first cards are dealt by one of the three players. Everything else, the "
           "tantos and their options, the truk bet and the hand table, is as with four "
           "players.",
    "KV4": "Variant: two or more equal top cards played by partners are a win for their side, "
           "not a tie; the first of them to be played counts as the winning card. The document "
           "says that two or more cards of the same rank make a tie and names no exception, "
           "so by default (K5) partners' equal cards tie; this variant is the other reading, "
           "which borrows the truc rules' 'two opponents' (V6): a tie between partners "
           "decides nothing between the sides.",
}

DEAL_PHASE = Phase("deal", "The deal", "K4")
OPTION_PHASE = Phase("option", "Play the truk or not (aukera)", "K12")
PASOTAN_PHASE = Phase("pasotan", "Pasotan: changing cards", "K16")
PLAY_PHASE = Phase("play", "Playing the tricks", "K5")
ANSWER_PHASE = Phase("answer", "Truk! Joka or not?", "K17")
PASO_PHASE = Phase("paso", "Paso eske: the pass in pairs", "K18")
SCORE_PHASE = Phase("score", "The counters move", "K10")
OVER_PHASE = Phase("over", "Game over", "K9")

SCORE = Action("score")
_DECK = tuple(make_deck("spanish40"))
_DECK_SET = frozenset(_DECK)
#: the deck's own card objects (they live for ever), by id: a deal of them is checked, and a
#: change of them made once, without hashing a card
_DECK_IDS = frozenset(map(id, _DECK))
#: each card's place in :data:`_DECK` (a card equal to one of the deck's finds its place)
_PLACE = {c: i for i, c in enumerate(_DECK)}
_POWER = RankPower(RankOrder(RANK))
_new = tuple.__new__     # makes a value of a tuple class (a Trick) from its fields at once
_SPANISH = SUIT_SYSTEMS["spanish"]
_RV = {r: len(RANK) - i for i, r in enumerate(RANK)}   # 3 → 10 … 4 → 1
#: K2 by the place of a card in :data:`_DECK`: minus its rank's value (a hand is sorted high
#: to low by it)
_DOWN_AT = tuple([-_RV[c.rank] for c in _DECK])
#: K16, K18: the ranks of the cards changed face down
_FACE_DOWN = ("2", "3")


def _high_first(card) -> int:
    """K2: the key that sorts a hand high to low."""
    return -_RV[card.rank]


#: K19: a hand's ranks (in its order) → the signals true of it, in the order of SIGNALS;
#: worked out once for each (a few hundred kinds of hand)
_TRUE_SIGNALS: dict = {}


def _true_signals(hand) -> tuple:
    """The K19 signals that are true of ``hand``, in the order of :data:`SIGNALS`."""
    ranks = tuple([c.rank for c in hand])
    found = _TRUE_SIGNALS.get(ranks)
    if found is None:
        found = _TRUE_SIGNALS[ranks] = _signals_of_ranks(ranks)
    return found


def _signals_of_ranks(ranks) -> tuple:
    """The K19 signals that are true of a hand of these ranks, in the order of SIGNALS."""
    found = []
    for what, (_, _, (rank, low, high)) in SIGNALS.items():
        if rank is None:
            true = not any(r in ("3", "2", "1") for r in ranks)
        else:
            true = low <= ranks.count(rank) <= high
        if true:
            found.append(what)
    return tuple(found)


_act = shared_action    # the legal actions, each made once

#: The legal actions that are the same at every table, made once (actions are values)
_SIGNAL_ACTIONS = {(seat, what): Action("signal", seat, what=what)
                   for seat in range(4) for what in SIGNALS}
_PLAYS: dict = {}
#: each seat's play of each card of the deck (by the card object's id: the deck's cards live
#: for ever), made once
_PLAY_ACTS = tuple({id(c): Action("play", seat, card=c) for c in _DECK} for seat in range(4))


#: each seat's change of some of the deck's cards (by the ids of the card objects, which live
#: for ever), made once: for each seat, ``(id, …)`` → the action (K16, K18)
_CHANGES: tuple = ({}, {}, {}, {})


def _change_action(seat, cards) -> Action:
    """The action of ``seat`` changing ``cards`` (a tuple), made once for the deck's cards."""
    key = (*map(id, cards),)
    table = _CHANGES[seat]
    action = table.get(key)
    if action is None:
        action = Action("change", seat, cards=cards)
        if _DECK_IDS.issuperset(key):
            if len(table) >= 25_000:      # (a bound: 10,701 sets of cards, in some orders)
                table.clear()
            table[key] = action
    return action


def _changes(seat, hand, least, most) -> list:
    """K16, K18: the actions of ``seat`` changing ``least`` to ``most`` of the cards of
    ``hand``, in the order of :func:`itertools.combinations`: looked up by the ids of the
    cards, all at once (made the first time, and for cards not the deck's own)."""
    get = _CHANGES[seat].get
    ids = [*map(id, hand)]
    out: list = []
    for k in range(least, most + 1):
        out += map(get, itertools.combinations(ids, k))
    if not all(out):      # (an action is true, a change not made yet None): made now
        i = 0
        for k in range(least, most + 1):
            for cards in itertools.combinations(hand, k):
                if out[i] is None:
                    out[i] = _change_action(seat, cards)
                i += 1
    return out


def _per_seat(kind) -> tuple:
    """Each seat's action of this kind (no card, amount or target), made once."""
    return tuple(_act(kind, seat) for seat in range(4))


(_TRUK_BETS, _ASK_PASSES, _PLAY_TRUKS, _DECLINES, _ASK_PARTNERS, _JOKAS, _REFUSES, _KEEPS,
 _TAKE_BACKS, _ACCEPT_PASSES, _REFUSE_PASSES, _NOTHING_NEWS) = map(_per_seat, (
    "truk", "ask_pass", "play_truk", "decline", "ask_partner", "joka", "refuse", "keep",
    "take_back", "accept_pass", "refuse_pass", "nothing_new"))

#: K19: what decides the signals true of a hand is how many 3s, 2s and aces it holds: its
#: *signal key* adds 16 for a 3, 4 for a 2 and 1 for an ace (a hand holds at most three
#: cards, so the counts never run into each other)
_SIGNAL_CODE = {"3": 16, "2": 4, "1": 1}
#: the signal key's part of each card, by its place in :data:`_DECK`
_SIGNAL_AT = tuple([_SIGNAL_CODE.get(c.rank, 0) for c in _DECK])
#: each signal's bit in a seat's signals given this hand (``_given_bits``)
_SIGNAL_BIT = {what: 1 << i for i, what in enumerate(SIGNALS)}


def _free_signal_table() -> dict:
    """K19: ``seat << 12 | signal key << 6 | bits of the signals given`` → the signal actions
    the seat may make (true of its hand, not yet given), in the order of :data:`SIGNALS`."""
    table = {}
    for threes, twos, aces in itertools.product(range(4), repeat=3):
        if threes + twos + aces > 3:
            continue
        key = 16 * threes + 4 * twos + aces
        true = _signals_of_ranks(("3",) * threes + ("2",) * twos + ("1",) * aces)
        for bits in range(1 << len(SIGNALS)):
            for seat in range(4):
                table[seat << 12 | key << 6 | bits] = tuple(
                    _SIGNAL_ACTIONS[seat, what] for what in true
                    if not bits & _SIGNAL_BIT[what])
    return table


_FREE_SIGNALS = _free_signal_table()


def _signal_key(hand) -> int | None:
    """K19: the hand's signal key (``None`` for a hand of more than three cards, which the
    table does not cover), kept for each seat in ``_signal_keys`` as its hand changes."""
    if len(hand) > 3:
        return None
    key = 0
    for c in hand:
        key += _SIGNAL_CODE.get(c.rank, 0)
    return key


def _play_action(seat, card) -> Action:
    """The play of a card that is not one of the deck's own objects (an equal one)."""
    action = _PLAYS.get((seat, card))
    if action is None:
        action = _PLAYS[seat, card] = Action("play", seat, card=card)
    return action


def _card_played(w, seat, card, trick_name) -> str:
    """K5: the words of a card played to a trick not yet complete."""
    return f"{w.says(seat, 'plays')} the {card.name} to the {trick_name}."


def _sentence_of(source) -> str:
    """The words ``source`` makes (:func:`text_of`), as a sentence (for a game with a *you*)."""
    return sentence_case(text_of(source))


def _letter(side) -> str:
    return "=" if side is None else SIDE_NAMES[side]


def hand_table(tie_side: int = 0) -> list[dict]:
    """Every one of the 27 sequences of three trick outcomes (0: side A took it, 1: side B,
    ``None``: a tie), with the engine's verdict (:func:`three_trick_hand`): the tricks actually
    played (later ones are not), the winning side, the K7 way and the document's row (K8).

    >>> rows = hand_table()
    >>> len(rows), len({r["played"] for r in rows})
    (27, 15)
    >>> next(r for r in rows if r["played"] == ("A", "B", "B"))["winner"]
    'B'
    """
    out = []
    for seq in itertools.product((0, 1, None), repeat=3):
        for k in range(1, 4):
            res = three_trick_hand(seq[:k], tie_side)
            if res.decided:
                break
        played = tuple(_letter(s) for s in seq[:k])
        row, swapped = doc_row_of(played)
        out.append({"sequence": tuple(_letter(s) for s in seq), "played": played,
                    "winner": _letter(res.side), "way": res.way,
                    "way_number": WAYS_K7[res.way][0], "row": row, "swapped": swapped})
    return out


def doc_row_of(played) -> tuple:
    """The document's hand-table row (1–8) for a sequence of played tricks, written with
    ``A``, ``B``, ``=``, and whether A and B are swapped (side B's rows).

    >>> doc_row_of(("B", "A", "A")), doc_row_of(("=", "=", "="))
    ((5, True), (8, False))
    """
    played = tuple(played) + ("-",) * (3 - len(played))
    swap = {"A": "B", "B": "A"}
    for i, row in enumerate(DOC_HAND_ROWS, 1):
        if row[:3] == played:
            return i, False
        if tuple(swap.get(x, x) for x in row[:3]) == played:
            return i, True
    return None, False


def _hand_verdicts(tie_side) -> dict:
    """K7, K8: each sequence of one to three tricks' outcomes (a side, or ``None`` for a
    tie) → ``None`` while it leaves the hand open, else the verdict of
    :func:`three_trick_hand` with three ties going to ``tie_side``: ``(side, way, the tricks
    as letters, the document's row, swapped)`` (:func:`doc_row_of`)."""
    out = {}
    for k in (1, 2, 3):
        for seq in itertools.product((0, 1, None), repeat=k):
            res = three_trick_hand(seq, tie_side)
            played = tuple([_letter(s) for s in seq])
            out[seq] = (res.side, res.way, played, *doc_row_of(played)) if res.decided else None
    return out


#: :func:`_hand_verdicts` with the esku on side A and on side B, made once
_HAND_VERDICTS = (_hand_verdicts(0), _hand_verdicts(1))

#: :meth:`Truk._seat_tables` of each kind of table: (players, itzu truk) → the tables
_SEAT_TABLES: dict = {}


def _check_dealer(game, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < game.n:
        return f"the first dealer is a seat number from 0 to {game.n - 1}"
    if game.options.get("itzu") and value == OPEN_SEAT:
        return (f"seat {OPEN_SEAT} is the open hand, and nobody sits there: the first cards are "
                f"dealt by one of the three players, seat 0, 1 or 2 (KV3)")


class _OpenWords(Words):
    """Words for itzu truk (KV3): the open hand is named after its partner ("Bea's open
    hand", "your open hand") and spoken of as *it*; it is never *you*."""

    def __init__(self, players, you, open_seat, partner):
        super().__init__(players, you)
        self.open_seat, self.partner = open_seat, partner

    def is_you(self, seat) -> bool:
        return seat != self.open_seat and super().is_you(seat)

    def name(self, seat) -> str:
        if seat == self.open_seat:
            return f"{self.poss(self.partner)} open hand"
        return super().name(seat)

    def poss(self, seat) -> str:
        if seat == self.open_seat:
            return self.name(seat) + "'s"
        return super().poss(seat)

    def mine(self, seat) -> str:
        return self.poss(seat) if seat == self.open_seat else super().mine(seat)

    def they(self, seat) -> str:
        return "it" if seat == self.open_seat else super().they(seat)

    def them(self, seat) -> str:
        return "it" if seat == self.open_seat else super().them(seat)

    def their(self, seat) -> str:
        return "its" if seat == self.open_seat else super().their(seat)

    def self_(self, seat) -> str:
        return "itself" if seat == self.open_seat else super().self_(seat)

    def they_verb(self, seat, verb: str) -> str:
        return f"it {verb}" if seat == self.open_seat else super().they_verb(seat, verb)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listing(names):
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


# ---- step texts made when read --------------------------------------------------------------
# A step's words are made when first read (see :class:`~cardwidgets.engine.core.Step`), by
# the functions below from the values of the step's moment: the table's :class:`_Voice` and
# numbers, seats, cards and tuples, never the game's lists that change.

class _Voice:
    """How one table speaks in its step texts: its :class:`Words` (who is *you*), how many
    play and its sides. It never changes: a game makes a new one when its words change
    (setting ``game.you`` plays every step again), so a step's text keeps the voice of its
    moment."""

    __slots__ = ("w", "n", "side_of")

    def __init__(self, w, n, side_of):
        self.w, self.n, self.side_of = w, n, side_of

    def side_name(self, side) -> str:
        """``"side A"`` (four players) or the player's name (two)."""
        return self.w.name(side) if self.n == 2 else f"side {SIDE_NAMES[side]}"

    def side_says(self, side, verb) -> str:
        return self.w.says(side, verb) if self.n == 2 else f"side {SIDE_NAMES[side]} {verb}"

    def side_verb(self, side, verb) -> str:
        return self.w.verb(side, verb) if self.n == 2 else verb

    def side_it(self, side) -> str:
        return self.w.they(side) if self.n == 2 else "it"

    def say(self, text: str) -> str:
        """A sentence as it reads when someone is addressed as you (capitalised *you*)."""
        return sentence_case(text) if self.w.you is not None else text


def _join(*parts) -> str:
    """The words of each part (:func:`text_of`), one after the other."""
    return "".join([text_of(p) for p in parts])


def _said(v, source) -> str:
    return v.say(text_of(source))


def _trick_text(v, seat, card, k, tie, best, side, winner, top, hand, sides,
                esku_side) -> str:
    """K5–K8: the words of the card that completes the ``k``-th trick, who takes it (``side``
    and ``winner``; ``best``: the seats of the equal top cards), and either the hand decided
    (``hand``: its side, way, row, swapped and tricks) or what the tricks so far mean."""
    w = v.w
    name = TRICK_NAMES[k]
    text = _card_played(w, seat, card, name)
    rank_w = _SPANISH.rank_name(top.rank)
    if tie:
        who = w.listing(sorted(best, key=w.is_you))
        text += (f" The {name} ({TRICK_ENGLISH[k]}) is a tie (berdinketa): {who} each "
                 f"played a {rank_w}, the highest, and playing first gives no priority.")
        if len({v.side_of(x) for x in best}) == 1:
            text += " Partners' equal top cards tie too (K5; variant KV4 makes them a win)."
    elif len(best) > 1:
        who = w.listing(sorted(best, key=w.is_you))
        text += (f" {_cap(v.side_says(side, 'takes'))} the {name}: partners "
                 f"{who} both played a {rank_w}, the highest (variant KV4: not a tie).")
    else:
        text += (f" {_cap(v.side_says(side, 'takes'))} the {name}: "
                 f"{w.poss(winner)} {rank_w} is the highest card.")
    if hand is None:
        return text + " " + _what_now_text(v, sides, esku_side)
    res_side, way, row, swapped, played = hand
    number, words = WAYS_K7[way]
    cells = " ".join(played + ("–",) * (3 - len(played)))
    how = words if way == "three_ties" else f"{v.side_it(res_side)} {words}"
    text += (f" {_cap(v.side_says(res_side, 'wins'))} the hand: {how} (K7, "
             f"way {number}); the hand table's row {row}, {cells}"
             f"{' (A and B swapped)' if swapped else ''}.")
    if len(played) < 3:
        rest = " and the ".join(TRICK_NAMES[len(played):])
        text += f" The {rest} {'is' if len(played) == 2 else 'are'} not played: it cannot change the result."
    return text


def _what_now_text(v, s, esku_side) -> str:
    """K7: what the tricks so far (``s``: their sides, ``None`` for a tie) mean for the rest
    of the hand, the esku's side being ``esku_side``."""
    esku_side = v.side_name(esku_side)
    if len(s) == 1:
        if s[0] is None:
            return ("Now whoever takes the erdia wins the hand; if it ties too, the atzea "
                    f"decides, and three ties go to {esku_side}, the esku's side.")
        w, l = v.side_name(s[0]), v.side_name(1 - s[0])
        it = {"you": "you", "they": "them"}.get(v.side_it(s[0]), "it")
        return (f"{_cap(w)} took the aurrea, so a win or a tie in the erdia wins {it} "
                f"the hand: {l} must take the erdia.")
    a, b = s
    if a is not None and b is not None:   # won and lost
        return (f"The tricks are level, one each: the atzea decides, and a tie in it gives "
                f"the hand to {v.side_name(a)}, who took the aurrea first.")
    return (f"Two ties: the atzea decides, and a third tie gives the hand to {esku_side}, "
            f"the esku's side.")


def _signal_text(v, seat, what, partner, side, seen) -> str:
    """K19: the words of a true signal (KV1: ``seen`` by the other side too)."""
    w = v.w
    gesture, meaning, _ = SIGNALS[what]
    text = (f"{w.says(seat, gesture)} to {w.name(partner)}: \"I have {meaning}\" (a true "
            f"signal).")
    if not seen:
        return text + f" {_cap(v.side_name(1 - side))} does not catch it."
    return text + f" {_cap(v.side_name(1 - side))} catches it too (KV1)."


def _signal_public(v, seat, partner, side) -> str:
    """K19: what the other side sees of a signal it does not catch."""
    return v.say(f"{v.w.says(seat, 'makes')} a signal to {v.w.name(partner)}; "
                 f"{v.side_name(1 - side)} does not catch it.")


def _change_text(v, seat, shown, k, left, open_hand) -> str:
    """K16, K18: the words of cards changed (``shown``: the cards shown, or ``None`` for one
    face down: a 2 or a 3, KV3 but the open hand's), ``k`` new ones drawn, ``left`` in the
    stock."""
    w = v.w
    shown = _listing([f"the {c.name}" if c is not None else "a card face down (a 2 or a 3)"
                      for c in shown])
    if open_hand:
        return (f"{w.says(seat, 'shows')} {shown} and {w.verb(seat, 'draws')} {k} new "
                f"card{'s' if k > 1 else ''} from the stock ({left} left), face "
                f"up like all the open hand's cards (KV3).")
    return (f"{w.says(seat, 'shows')} {shown} and {w.verb(seat, 'draws')} {k} new "
            f"card{'s' if k > 1 else ''} from the stock ({left} left); 2s and 3s are shown face down.")


def _keep_text(v, seat, kept) -> str:
    """K16, K18: the new cards kept, or the old ones taken back."""
    w = v.w
    if kept:
        return f"{w.says(seat, 'keeps')} the new cards; the old ones stay aside."
    return (f"{w.says(seat, 'finds')} the new cards worse and {w.verb(seat, 'takes')} the "
            f"old ones back; the new ones go aside face down.")


def _no_change_text(v, seat) -> str:
    return f"{v.w.says(seat, 'changes')} no cards."


def _pasotan_turn_text(v, seat, stock) -> str:
    """K16: whose turn it is to change cards after a change (or that the stock is empty)."""
    if stock:
        return f" {v.w.poss(seat)} turn to change cards or say 'we play'."
    return f" The stock is empty: {v.w.name(seat)} must say 'we play'."


def _now_changes_text(v, seat) -> str:
    return f" Now {v.w.says(seat, 'changes')}."


def _plays_on_text(v, seat) -> str:
    return f"{v.w.says(seat, 'plays')} on."


def _accept_pass_text(v, seat, asker) -> str:
    return (f"{v.w.says(seat, 'accepts')} the pass: both change cards from the stock, "
            f"{v.w.name(asker)} first.")


def _refuse_pass_text(v, seat) -> str:
    return f"{v.w.says(seat, 'refuses')} the pass: the hand goes on. "


def _ask_pass_text(v, seat, answerer) -> str:
    """K18: paso eske."""
    w = v.w
    return (f"{w.says(seat, 'says')} 'paso eske': {w.verb(seat, 'asks')} "
            f"{w.name(answerer)}, on {w.poss(seat)} right, to pass. Refused, the hand "
            f"goes on; accepted, both change cards.")


def _truk_bet_text(v, seat, how, k, answerer, side) -> str:
    """K17: a truk bet in the ``k``-th trick, answered by ``answerer``."""
    w = v.w
    answers = (w.says(answerer, "answers") if v.n == 2 else
               f"{w.says(answerer, 'answers')} for {v.side_name(v.side_of(answerer))}")
    return (f"{w.says(seat, BET_WAYS[how])}: a truk bet, in the "
            f"{TRICK_NAMES[k]}. {answers}: with 'Joka!' "
            f"the hand is played for a truk instead of the tanto; with a refusal "
            f"{v.side_says(side, 'takes')} the tanto and the hand ends.")


def _joka_text(v, seat, by) -> str:
    return (f"{v.w.says(seat, 'says')} 'Joka!': the bet is accepted, so this hand "
            f"is played for a truk instead of the tanto, and its winner takes a truk "
            f"counter. {v.w.says(by, 'plays')} on.")


def _refuse_text(v, seat, side) -> str:
    return (f"{v.w.says(seat, 'refuses')} the truk: the hand ends here, and "
            f"{v.side_name(side)}, who bet, {v.side_verb(side, 'takes')} the tanto.")


def _deal_text(v, dealer, first, itzu, first_deal) -> str:
    """K4, K11: the words of a deal by ``dealer`` (KV3: the open hand's partner deals for
    it), starting with ``first``."""
    w = v.w
    deals = w.says(dealer, 'deals')
    if itzu and dealer == OPEN_SEAT:      # KV3: its partner deals for it
        deals = f"{w.says(OPEN_PARTNER, 'deals')} for the open hand"
    text = (f"{deals} three cards to each player, one at a time, to the "
            f"right, starting with {w.name(first)}")
    if itzu:
        text += (f"; the open hand's three cards lie face up for everyone to see, and "
                 f"{w.says(OPEN_PARTNER, 'plays')} them (KV3)")
    if first_deal:
        return text + " (anyone may deal the first cards)."
    return text + (f". {w.says(dealer, 'is')} the esku ({w.verb(dealer, 'plays')} last) and "
                   f"{w.verb(dealer, 'sits')} on the right of the last esku.")


def _draw_text(v, deal, events, winner, side, first) -> str:
    """K11: the words of the first deal (``deal``, :func:`text_of`) and the start's draw:
    ``events``, each ``("got", ((seat, card drawn), …))``, ``("tie", seats drawing again)`` or
    ``("out", seat)`` (the stock ran out: the first tied player takes it); the highest draw
    ``winner`` of ``side`` is the first esku, and ``first`` plays first."""
    w = v.w
    words = []
    for kind, what in events:
        if kind == "got":
            words.append(", ".join([f"{w.name(s)} the {c.name}" for s, c in what]))
        elif kind == "tie":
            words.append(f"a tie for the highest, so {w.listing(what)} draw again")
        else:
            words.append(f"the stock runs out, so {w.name(what)}, first of the tied players, "
                         f"{w.verb(what, 'takes')} it")
    return text_of(deal) + (
        f" Each player draws a fourth card from the stock: {'; '.join(words)}. "
        f"{w.name(winner)} drew the highest, so {w.says(winner, 'is')} the first esku and "
        f"{v.side_says(side, 'takes')} 2 tantos from the middle: two options (bi "
        f"aukera). The drawn cards go back to the stock. {w.says(winner, 'puts')} the "
        f"stock on {w.their(winner)} right; {w.name(first)}, on {w.poss(winner)} right, "
        f"{w.verb(first, 'plays')} first.")


def _option_due_text(v, side, speaker, k) -> str:
    """K12, K13: a hand for a truk the side with ``k`` options decides on."""
    w = v.w
    speaks = f"; {w.says(speaker, 'speaks')} for the side" if v.n == 4 else ""
    its = "its" if v.n == 4 else w.their(side)
    return (f" This hand is for a truk: {v.side_says(side, 'looks')} at "
            f"{its} cards and {v.side_verb(side, 'decides')} whether "
            f"to play it or not ({k} option"
            f"{'s' if k > 1 else ''} left{speaks}).")


def _pasotan_start_text(v, seat) -> str:
    return (f" This truk is played pasotan: starting with {v.w.name(seat)}, each "
            f"player in turn may change cards from the stock, until one says 'we play'.")


def _tanto_words_text(v, a, b) -> str:
    """K10, K13: the tantos of a hand played for a tanto, side A having ``a`` and B ``b``."""
    if TANTOS - a - b == 1 and a == b == 1:
        return "the 3rd tanto: 1 each, and the winner takes all 3"
    if a == b == 0:
        return "the first of a new tanto phase; 3 tantos in the middle"
    return f"tantos: {v.side_name(0)} {a}, {v.side_name(1)} {b}"


def _tanto_hand_text(v, a, b, leader) -> str:
    return (f" This hand is played for a tanto ({_tanto_words_text(v, a, b)}). "
            f"{v.w.says(leader, 'leads')} the aurrea.")


def _score_text(v, side, refused, truk, truks, before, after, kv2, esku) -> str:
    """K9, K10, K13, K15, K17: the counters ``side`` moves for the hand it won (``refused``:
    by a refused truk bet; ``truk``: a hand for a truk), the truks and the tantos
    ``before`` and ``after``, and the next esku (``None``: the game is over). ``kv2``: the
    tantos stay after a truk reached by a bet (KV2)."""
    says = v.side_says
    if truk:
        text = (f"{_cap(says(side, 'takes'))} a truk counter for the hand "
                f"{v.side_it(side)} won (K15): "
                f"truks {v.side_name(0)} {truks[0]}, {v.side_name(1)} "
                f"{truks[1]}.")
        if esku is None:
            return (text + f" {_cap(says(side, 'has'))} 6 truks and "
                    f"{v.side_verb(side, 'wins')} the game.")
        if kv2:
            text += (" The truk came from a bet, so the tantos stay where they are and the "
                     f"tanto phase goes on (KV2): {_tanto_words_text(v, *before)}.")
        else:
            if sum(before):
                text += " The tantos go back to the middle"
            else:
                text += " The tantos are all in the middle"
            text += "; a new tanto phase begins (K10)."
    else:
        how = ("for the refused truk bet (K17)" if refused
               else f"for the hand {v.side_it(side)} won")
        if before == (1, 1):
            text = (f"{_cap(says(side, 'wins'))} the 3rd tanto {how} and "
                    f"{v.side_verb(side, 'takes')} all 3 tantos (AB): the next hand is for a "
                    f"truk, and {says(side, 'has')} one option (aukera bat).")
        else:
            text = (f"{_cap(says(side, 'takes'))} a tanto from the middle {how}: tantos "
                    f"{v.side_name(0)} {after[0]}, {v.side_name(1)} {after[1]}.")
            if after[side] == 2:
                text += (f" {_cap(says(side, 'has'))} won the first two tanto hands (AA): the "
                         f"next hand is for a truk, and {says(side, 'has')} two options (bi "
                         f"aukera).")
            elif after == (1, 1):
                text += " One tanto each (AB): the next hand is played for the 3rd tanto."
    return (text + f" The deal passes to the right: {v.w.says(esku, 'is')} the "
            f"next esku.")


def _back_text(v, seat) -> str:
    return f" The decision is back with {v.w.name(seat)}."


def _for_text(v, seat, verb) -> str:
    """``"B2, for side B, decides"`` with four players, ``"B decides"`` with two."""
    w = v.w
    if v.n == 2:
        return w.says(seat, verb)
    return f"{w.name(seat)}, for {v.side_name(v.side_of(seat))}, {w.verb(seat, verb)}"


def _option_text(v, seat, side, choice, leader, esku, old, open_seat) -> str:
    """K12, K13, K15, K16: the side's decision on a truk due: ``"play"`` (``leader`` leads
    the aurrea), or not to play: ``"first"`` option, putting it off on the ``"AB"`` path or
    the ``"second"`` option; the cards dealt again by ``esku``, on the right of ``old``
    (KV3: the open hand's partner deals for it, ``open_seat``)."""
    w = v.w
    if choice == "play":
        return (f"{_for_text(v, seat, 'decides')} to play the truk: this hand is played "
                f"for a truk, and its winner takes a truk counter (K15). "
                f"{w.says(leader, 'leads')} the aurrea.")
    its = w.their(side) if v.n == 2 else "its"
    dealer = (f"{w.name(OPEN_PARTNER)} for the open hand" if esku == open_seat
              else w.name(esku))
    if choice == "first":
        return (f"{_for_text(v, seat, 'decides')} not to play ({its} first "
                f"option): {v.side_says(side, 'takes')} the 3rd tanto and "
                f"{v.side_verb(side, 'has')} one option left. The cards are dealt again "
                f"by {dealer}, on {w.poss(old)} right, the new esku.")
    if choice == "AB":
        return (f"{_for_text(v, seat, 'puts')} the truk off ({its} one "
                f"option): {v.side_says(side, 'puts')} the 3 tantos back in the middle, "
                f"the cards are dealt again by {dealer}, "
                f"the new esku, and the truk must then be played (nahitaez, compulsory; "
                f"not pasotan: our ruling).")
    return (f"{_for_text(v, seat, 'decides')} not to play again ({its} "
            f"second option): {v.side_says(side, 'puts')} the 3 tantos back in the "
            f"middle, the cards are dealt again by {dealer}, the new esku, and "
            f"the truk must be played pasotan.")


def _we_play_text(v, seat, side, leader) -> str:
    """K16: a player says 'we play', ending the pasotan changes."""
    w = v.w
    return (f"{w.says(seat, 'says')} 'we play': "
            f"{v.side_says(side, 'decides')} to play, so the changing "
            f"ends and the pasotan truk is played. {w.says(leader, 'leads')} the "
            f"aurrea.")


def _ask_partner_text(v, seat, partner, bettor) -> str:
    """K19: a player asks the partner for a signal, on the truk (``bettor`` ``None``) or
    on ``bettor``'s truk bet."""
    w = v.w
    what = ("whether to play the truk" if bettor is None
            else f"how to answer {w.poss(bettor)} truk bet")
    return (f"{w.says(seat, 'asks')} {w.name(partner)} for a signal before deciding {what}: "
            f"everyone hears the question, and {w.says(partner, 'answers')} with a true "
            f"signal.")


def _nothing_new_text(v, seat, by) -> str:
    """K19: the partner asked has no true signal left to give."""
    w = v.w
    return (f"{w.says(seat, 'has')} nothing new to tell {w.name(by)}: every "
            f"true signal has been given.{_back_text(v, by)}")


def _nothing_new_public(v, seat, by, side) -> str:
    """K19: what the other side sees of 'nothing new'."""
    w = v.w
    return v.say(f"{w.says(seat, 'answers')} {w.name(by)} with a sign; "
                 f"{v.side_name(1 - side)} does not catch it.{_back_text(v, by)}")


class Truk(SidesAddressed, Game):
    """Basque truk for 2, 3 or 4 players (rules K1–K19, variants KV1–KV4).

    Seats go round the table; play passes to the right. With four players the sides are A
    (seats 0 and 2) and B (seats 1 and 3), partners facing, and the players are named after
    their order of play from seat 0: A1, B1, A2, B2 (seats 0, 3, 2, 1). With two, A and B.
    Three players play *itzu* truk (KV3): four seats, the fourth (seat 3) an open hand dealt
    face up and played by its partner in seat 1; ``Truk(3)`` names them A1, B, A2 and
    ``Truk(["Ada", "Bea", "Cy"])`` seats Ada, Bea and Cy in seats 0, 1 and 2 (Bea alone with
    the open hand). The game keeps four seats (``game.n == 4``) with the option ``itzu``.
    Setting: ``dealer``, the seat that deals the first cards (anyone may, K11).
    Options: ``signals_seen`` (KV1), ``bet_keeps_tantos`` (KV2), ``itzu`` (KV3),
    ``partners_win`` (KV4).

    >>> g = Truk(["Ada", "Bea", "Cy"])
    >>> g.n, g.players[3], g.open_seat, g.played_by(3), g.side_players(1)
    (4, 'Open hand', 3, 1, 'Bea with the open hand')
    """

    key = "truk"
    title = "Truk"
    deck = "spanish40"
    system = "spanish"
    min_players, max_players = 2, 4
    direction = "right"
    PHASES = (DEAL_PHASE, OPTION_PHASE, PASOTAN_PHASE, PLAY_PHASE, ANSWER_PHASE, PASO_PHASE,
              SCORE_PHASE, OVER_PHASE)
    COUNTERS = (("truks.sides", "truks", "side"), ("tantos.sides", "tantos", "side"),
                ("tantos.middle", "tantos in the middle", None))
    RULES = RULES
    OPTIONS = {
        "signals_seen": (False, "KV1", "the other side catches the signals too"),
        "bet_keeps_tantos": (False, "KV2", "after a truk reached by a bet the tantos stay"),
        "itzu": (False, "KV3", "itzu truk, for three players: the fourth seat's hand is dealt "
                 "face up and played by its partner (on by itself in a game of three players)"),
        "partners_win": (False, "KV4", "equal top cards played by partners win the trick for "
                         "their side instead of tying it"),
    }
    SETUP = {"dealer": (0, _check_dealer)}
    SIGNALS = SIGNALS
    # what fork() copies one level deep: lists of numbers, cards, tricks, and of records
    # (dicts) appended once and never changed after; sets; and the hands, lists of cards
    _FORK_FLAT = Game._FORK_FLAT | {"tantos", "truks", "stock", "tricks", "trick_sides",
                                    "hand_log", "decisions", "draws", "signals", "aside",
                                    "_private", "asked_pass", "given", "asked_partner",
                                    "_given_bits", "_signal_keys"}
    _FORK_NESTED = {"hands": 1}
    TRICK_NAMES = TRICK_NAMES

    def __init__(self, players=4, *, options=None, **setup):
        count = players if isinstance(players, int) and not isinstance(players, bool) else (
            len(players) if isinstance(players, (list, tuple)) else None)
        itzu = None
        if isinstance(options, dict):
            itzu = options.get("itzu", options.get("KV3"))
        if count == 3:
            if itzu is False:
                raise ConfigError("options.itzu", "three players play itzu truk (KV3), with "
                                  "the fourth seat's hand face up; it cannot be switched off")
            options = {k: v for k, v in (options or {}).items() if k not in ("itzu", "KV3")}
            options["itzu"] = True
            names = ["A1", "B", "A2"] if isinstance(players, int) else list(players)
            players = names + [OPEN_NAME]
            itzu = True
        elif count == 4 and isinstance(players, int):
            players = (["A1", "B", "A2", OPEN_NAME] if itzu is True
                       else ["A1", "B2", "A2", "B1"])   # named by order of play from seat 0
        elif count == 2 and isinstance(players, int):
            players = ["A", "B"]
        if itzu is True and count == 2:
            raise ConfigError("options.itzu", "itzu truk (KV3) is for three players, with the "
                              "fourth seat's hand face up; not for two")
        if itzu is True and isinstance(players, (list, tuple)) and len(players) == 4 and \
                isinstance(players[OPEN_SEAT], str) and \
                players[OPEN_SEAT].strip().casefold() == "you":
            raise ConfigError("players", "seat 3 is the open hand, and nobody sits there (KV3): "
                              "name the three players, You among them")
        super().__init__(players, options=options, **setup)

    def _make_table(self) -> Table:
        teams = ((0, 2), (1, 3)) if self.n == 4 else ((0,), (1,))
        return Table(self.n, self.direction, teams=teams)

    # ---- itzu truk (KV3): the open hand ---------------------------------------------------
    @property
    def open_seat(self):
        """KV3: the seat of the open hand (3) in itzu truk, else ``None``."""
        return OPEN_SEAT if self.options["itzu"] else None

    def played_by(self, seat) -> int:
        """The seat whose player chooses for ``seat``: the open hand's partner for the open
        hand (KV3), else the seat itself."""
        return OPEN_PARTNER if seat == OPEN_SEAT and self.options["itzu"] else seat

    @property
    def words(self) -> Words:
        if not self.options["itzu"]:
            return super().words
        you, words = self.you, self.__dict__.get("_words")
        if words is None or words.you != you:
            words = self.__dict__["_words"] = _OpenWords(self.players, you, OPEN_SEAT,
                                                         OPEN_PARTNER)
        return words

    def _in_open_turn(self) -> bool:
        """KV3: is it the open hand's turn (its partner acting for it)?"""
        return self.to_act == OPEN_SEAT and self.options["itzu"] and \
            self._phase.key not in ("deal", "score", "over")

    def _as_open(self, action):
        """The action as the rules read it: in the open hand's turn its partner's action is
        the open hand's (KV3)."""
        if action.seat == OPEN_PARTNER and self._in_open_turn():
            return dataclasses.replace(action, seat=OPEN_SEAT)
        return action

    def _verify_for(self, action, actor):
        if (self.options["itzu"] and action.__class__ is Action and actor is not None
                and actor >= 0 and action.seat.__class__ is int and action.seat != actor
                and 0 <= action.seat < self.n):
            w = self.words
            if action.seat == OPEN_SEAT:
                raise IllegalAction("KV3", f"nobody sits at the open hand: "
                                    f"{w.says(OPEN_PARTNER, 'plays')} it, in its turn, with "
                                    f"moves for seat {OPEN_PARTNER}")
            if self._in_open_turn():
                raise IllegalAction("KV3", f"it is the open hand's turn, and only its partner "
                                    f"plays it: {w.name(OPEN_PARTNER)}, not "
                                    f"{w.name(action.seat)}")
        super()._verify_for(action, actor)

    # ---- refusals in words: whose turn, and what for ----------------------------------------
    def _turn_words(self, seat) -> str:
        """What the player whose turn it is does now, for a refusal of a move out of turn
        (K4, K12, K13, K16, K17, K18)."""
        w = self.words
        key = self._phase.key
        seat = self.to_act
        if self.exchange is not None:
            return (f"{w.says(seat, 'has')} drawn new cards and now {w.verb(seat, 'keeps')} "
                    f"them or {w.verb(seat, 'takes')} the old ones back")
        if self.consult is not None:
            c = self.consult
            return (f"{w.name(c['by'])} asked {w.name(seat)} for a signal, and "
                    f"{w.says(seat, 'answers')} with one before anyone goes on (K19)")
        if key == "option":
            side = self.due["side"]
            who = (w.says(seat, 'decides') if self.n == 2 else
                   f"{w.says(seat, 'decides')} for {self.side_name(side)}")
            wait = ("everyone else waits, the partner too unless asked for a signal (K19)"
                    if self._may_ask_partner(seat) is None else "everyone else waits")
            return f"{who} whether to play the truk or not ({self._option_rule()}); {wait}"
        if key == "answer":
            return (f"{w.says(seat, 'answers')} {w.poss(self.call.by)} truk bet ('Joka!' or "
                    f"refuse) before anyone plays on (K17)")
        if key == "paso":
            paso = self.paso
            if paso["stage"] == "ask":
                return (f"{w.says(seat, 'answers')} {w.poss(paso['asker'])} paso eske (accept "
                        f"or refuse the pass) before anyone plays on (K18)")
            return (f"after the pass, {w.name(paso['asker'])} and then "
                    f"{w.name(paso['answerer'])} change cards, and it is "
                    f"{w.poss(seat)} go (K18)")
        if key == "pasotan":
            return (f"before a pasotan truk the players change cards one at a time, to the "
                    f"right, until one says 'we play', and it is {w.poss(seat)} go (K16)")
        trick = TRICK_NAMES[len(self.tricks)]
        return (f"play goes to the right, from the player on the esku's right to the esku, and "
                f"{w.says(seat, 'is')} next to play to the {trick} (K4)")

    def _now_words(self, seat) -> str:
        """What ``seat``, whose turn it is, does now, for a refusal (K5, K12, K13, K16–K19)."""
        if self._phase.key == "play" and self.exchange is None and self.consult is None:
            return self._play_choices(seat)
        return self._turn_words(seat)

    def _table_words(self, due) -> str:
        return self._decided_words()

    def _decided_words(self) -> str:
        """Why nobody may play, bet or ask now: the hand is decided (K7, K17)."""
        res = self.hand_result
        side = res["side"]
        if res["way"] == "refused":
            how = "the truk bet was refused, so the hand ended there"
        else:
            how = f"{self._side_it(side)} {WAYS_K7[res['way']][1]}"
            if res["way"] == "three_ties":
                how = WAYS_K7[res["way"]][1]
        return (f"this hand is decided: {self._side_says(side, 'has')} won it ({how}), so "
                f"nothing more is played, bet or asked in it; the counters move next, by "
                f"themselves (Move the counters)")

    def _over_words(self) -> str:
        """Why nothing more is played: the game is over, and who won it (K9)."""
        t = self.truks
        side = 0 if t[0] > t[1] else 1
        return (f"the game is over: {self._side_says(side, 'has')} 6 truks and "
                f"{self._side_verb(side, 'has')} won it, {t[side]} to {t[1 - side]} (K9)")

    # ---- state ---------------------------------------------------------------------------
    #: Who acts now, as :attr:`Game.current_player` (a seat, :data:`CHANCE`, :data:`TABLE`,
    #: or ``None`` when the game is over), and whether the game is over, as
    #: :attr:`Game.finished`: here plain attributes, set after every step by :meth:`_settle`
    #: (every step of every game and trial reads both, and reading a property is a call).
    current_player: Any = CHANCE
    finished: bool = False

    def _settle(self) -> None:
        """Set :attr:`current_player` and :attr:`finished` from the phase and the seat to act
        (after every step, and at the start)."""
        if self._phase.key == "over":
            self.current_player = None
            self.finished = True
        else:
            self.current_player = self._actor()
            self.finished = False

    def _reset(self):
        self.deck_cards = _DECK
        self.power = _POWER
        self.tantos = [0, 0]
        self.truks = [0, 0]
        self.esku = None              # K4, K11: decided by the draw at the start
        self.dealer = self.setup["dealer"]
        self.deal_no = 1
        self.stake = "truk"           # K12: the first hand is always a truk
        self.mode = None              # how the truk hand came about: chosen, pasotan, compulsory, bet
        self.due = None               # {side, options, path}: a truk due with options (K12, K13)
        self.phase_hands = 0          # tanto hands played in this tanto phase
        self.hand_log: list[dict] = []
        self.decisions: list[dict] = []   # every option used (K12, K13): play or decline
        self.draws: list = []         # the start's draw: (seat, card, round)
        self._private: dict[int, tuple] = {}   # step index → (side that sees it, public text)
        #: KV3: itzu truk, and its open hand's seat (None without), read at every step
        self._itzu = self.options["itzu"]
        self._open_seat = OPEN_SEAT if self._itzu else None
        # the table's seats, looked up at every step (made once for each kind of table)
        tables = _SEAT_TABLES.get((self.n, self._itzu))
        if tables is None:
            tables = _SEAT_TABLES[self.n, self._itzu] = self._seat_tables()
        (self._signalling, self._partners, self._sides, self._next_seat, self._answerers,
         self._speakers, self._deal_orders) = tables
        self._new_hand_state()
        self._phase = DEAL_PHASE
        self._settle()
        #: how the step texts speak (made when read, _Voice): made again when the words change
        self._voice = _Voice(self.words, self.n, self.table.team_of)

    def _seat_tables(self) -> tuple:
        """What the table's seats are to each other, which never changes, each seat's: who
        may signal (K19; KV3: not side B), the partner and the side (K3), the seat on its
        right, who plays next (K4), who answers its truk bet: the opponent who plays next
        (K17; KV3: the open hand's partner for it), who speaks for each side when it plays
        first (K12, :meth:`speaker`) and the order it deals in, from the seat on its right
        (K4)."""
        table, seats = self.table, range(self.n)
        sides = tuple(map(table.team_of, seats))
        return (tuple(map(self._signals_allowed, seats)), tuple(map(table.partner, seats)),
                sides, tuple(map(table.next, seats)),
                tuple(self.played_by(table.next_opponent(s)) for s in seats),
                tuple(tuple(self.played_by(next(s for s in table.order_from(first)
                                                if sides[s] == side)) for side in (0, 1))
                      for first in seats),
                tuple(tuple(table.order_from(table.next(s))) for s in seats))

    def _new_hand_state(self):
        n = self.n
        self.hands = [[] for _ in range(n)]
        self.stock: list = []
        self.aside: list = []         # cards changed (K16, K18): (seat, card, face_up, why)
        self.tricks: list = []        # completed tricks this hand
        self.trick_sides: list = []   # their outcomes: a side, or None for a tie
        self.trick: Trick | None = None
        self.to_act = None
        self.call: Call | None = None
        self.bet: dict | None = None  # the truk bet of this hand: by, trick, answer
        self.paso: dict | None = None  # paso eske: asker, answerer, stage, order
        self.exchange: dict | None = None  # cards shown and drawn, waiting for keep / take back
        self.asked_pass: set = set()
        self.signals: list[dict] = []
        self.given: set = set()
        self._given_bits = [0] * n    # K19: the signals each seat gave, a bit each (_SIGNAL_BIT)
        self._signal_keys = [0] * n   # K19: each hand's signal key (_signal_key), kept with it
        self.consult: dict | None = None   # K19: a partner asked for a signal: by, partner
        self.asked_partner: set = set()    # K19: who has asked the partner this hand
        self.hand_result: dict | None = None
        self.pasotan_changes = 0

    # ---- helpers -------------------------------------------------------------------------
    def side_of(self, seat) -> int:
        return self.table.team_of(seat)

    def side_name(self, side) -> str:
        """``"side A"`` (with four players) or the player's name (with two: *you* for the
        seat addressed as you, see :mod:`cardwidgets.engine.words`)."""
        if self.n == 2:
            return self.words.name(side)
        return f"side {SIDE_NAMES[side]}"

    def _side_words(self, side) -> str:
        return f"side {SIDE_NAMES[side]}"

    def _side_it(self, side) -> str:
        """The side as a pronoun: *it*; with two players the side is a person: *they*, or
        *you* for the seat addressed as you."""
        return self.words.they(side) if self.n == 2 else "it"   # two players: a person

    def side_players(self, side) -> str:
        """The side's players in order of play from seat 0 (A1 and A2; B1 and B2); the seat
        addressed as you is named last (A2 and you)."""
        seats = [s for s in self.table.order_from(0) if self.side_of(s) == side]
        w = self.words
        if self.options["itzu"] and OPEN_SEAT in seats:
            return f"{w.name(OPEN_PARTNER)} with the open hand"
        seats.sort(key=w.is_you)
        return w.listing(seats)

    def _say(self, text: str) -> str:
        """A sentence as it reads when someone is addressed as you (capitalised *you*)."""
        return sentence_case(text) if self.you is not None else text

    @property
    def first_player(self) -> int:
        """K4: the player on the esku's right plays first (in every trick: our ruling)."""
        return self._next_seat[self.esku]

    def speaker(self, side) -> int:
        """K12 (our ruling): the side's first player in order of play speaks for it (in
        itzu truk, side B's one player, KV3)."""
        return self._speakers[self._next_seat[self.esku]][side]

    @property
    def tantos_middle(self) -> int:
        return TANTOS - sum(self.tantos)

    @property
    def truks_pile(self) -> int:
        return TRUK_COUNTERS - sum(self.truks)

    # ---- whose turn ----------------------------------------------------------------------
    def _actor(self):
        key = self._phase.key
        if key == "deal":
            return CHANCE
        if key == "score":
            return TABLE
        to_act = self.to_act
        if to_act == OPEN_SEAT and self.options["itzu"]:
            return OPEN_PARTNER          # KV3: the open hand's partner plays it
        return to_act

    def turn_rule(self):
        if self.consult is not None:
            return "K19"
        if self._phase.key == "score":
            # nobody chooses: the hand is decided (K7) or ended by a refused bet (K17)
            return "K17" if self.hand_result["way"] == "refused" else "K7"
        return self._phase.rule if self._phase.key != "option" else self._option_rule()

    def _option_rule(self):
        return "K12" if self.due and self.due["path"] == "opening" else "K13"

    # ---- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list:
        """The actions the rules allow now, as :meth:`Game.legal_actions` (worked out once
        per step, kept as a tuple in ``_legal_now``), reading who acts from
        :attr:`current_player`."""
        legal = self._legal_now
        if legal is None:
            actor = self.current_player
            if actor is None or actor == CHANCE:
                return []
            if self._itzu and self._in_open_turn():
                made = self._legal()             # KV3: made by the open hand's partner
            else:
                made = self._legal_of_turn()     # (a new list each time: the caller's)
            self._legal_now = tuple(made)
            self._actor_now = actor
            return made
        return [*legal]

    def _legal(self):
        out = self._legal_of_turn()
        if self.options["itzu"] and self._in_open_turn():
            # KV3: the open hand's moves are made by its partner (seat 1)
            return [dataclasses.replace(a, seat=OPEN_PARTNER) for a in out]
        return out

    def _signals_allowed(self, seat) -> bool:
        """K19 with four players; in itzu truk side B makes none (KV3)."""
        return self.n == 4 and not (self.options["itzu"] and self.side_of(seat) == 1)

    def _legal_of_turn(self):
        key = self._phase.key
        seat = self.to_act
        if key == "play":
            if self.consult is None:
                hand = self.hands[seat]
                plays = _PLAY_ACTS[seat]
                try:            # (the deck's own cards: always, but for a hand set by hand)
                    out = [plays[id(c)] for c in hand]
                except KeyError:
                    out = [_play_action(seat, c) for c in hand]
                if self.stake == "tanto" and self.bet is None:      # K17 (_may_bet)
                    out.append(_TRUK_BETS[seat])
                if self.stock and seat not in self.asked_pass:     # K18 (_may_ask_pass)
                    out.append(_ASK_PASSES[seat])
                # K19: the free signals (_signal_actions, written out for the tricks)
                key = self._signal_keys[seat]
                if self._signalling[seat] and key is not None:
                    out += _FREE_SIGNALS[seat << 12 | key << 6 | self._given_bits[seat]]
                else:
                    out += self._signal_actions(seat)
                return out
        elif key == "score":
            return [SCORE]
        if self.consult is not None:
            # K19 (our ruling): asked for a signal, the partner answers with one
            return [*self._signal_actions(seat)] or [_NOTHING_NEWS[seat]]
        if key == "option":
            out = [_PLAY_TRUKS[seat], _DECLINES[seat]]
            if self._may_ask_partner(seat) is None:
                out.append(_ASK_PARTNERS[seat])
            out += self._signal_actions(seat)
            return out
        if key == "answer":
            out = [_JOKAS[seat], _REFUSES[seat]]
            if self._may_ask_partner(seat) is None:
                out.append(_ASK_PARTNERS[seat])
            out += self._signal_actions(seat)
            return out
        # pasotan or paso
        if self.exchange is not None:
            return [_KEEPS[seat], _TAKE_BACKS[seat]]
        if key == "paso" and self.paso["stage"] == "ask":
            return [_ACCEPT_PASSES[seat], _REFUSE_PASSES[seat], *self._signal_actions(seat)]
        most = min(len(self.hands[seat]), len(self.stock))
        least = 1 if key == "pasotan" else 0
        out = [_PLAY_TRUKS[seat]] if key == "pasotan" else []
        out += _changes(seat, self.hands[seat], least, most)
        out += self._signal_actions(seat)
        return out

    def _signal_actions(self, seat) -> tuple:
        """K19: the true signals ``seat`` may still give this hand (none with two players,
        nor for side B in itzu truk, KV3), from the table of them by the hand's signal key
        and the signals the seat has given (``_given_bits``, kept with ``given``)."""
        if not self._signalling[seat]:
            return ()
        key = self._signal_keys[seat]
        if key is None:              # (never in play: a hand holds three cards at most)
            given = self.given
            return tuple([_SIGNAL_ACTIONS[seat, what] for what in _true_signals(self.hands[seat])
                          if (seat, what) not in given])
        return _FREE_SIGNALS[seat << 12 | key << 6 | self._given_bits[seat]]

    def _may_ask_partner(self, seat):
        """Why ``seat`` may not ask the partner for a signal now (K19, our ruling), or
        ``None`` if it may: only the player deciding for the side on the truk (K12, K13) or
        on a truk bet (K17), once a hand."""
        if self.n != 4:
            return "signals are made to a partner; with two players there is none"
        if not self._signalling[seat]:
            return (f"side B makes no signals in itzu truk: the open hand's cards are seen by "
                    f"everyone, and {self.words.says(OPEN_PARTNER, 'plays')} it (KV3)")
        if self._phase.key not in ("option", "answer") or self.consult is not None:
            return ("the partner is asked for a signal by the player deciding for the side, "
                    "on the truk (K12, K13) or on a truk bet (K17), before deciding; "
                    "otherwise partners signal on their own turn")
        if seat in self.asked_partner:
            w = self.words
            return (f"{w.says(seat, 'has')} already asked {w.name(self.table.partner(seat))} "
                    f"for a signal in this hand (once a hand: our ruling)")
        return None

    def _may_bet(self):
        """Why no truk bet may be made now (K17), or ``None`` if one may."""
        if self.stake != "tanto":
            return "a truk bet is made only while a tanto is being played; this hand is " \
                   "already played for a truk"
        if self.bet is not None:
            return "a truk has already been bet in this hand"
        return None

    def _may_ask_pass(self, seat):
        if seat in self.asked_pass:
            return (f"{self.words.says(seat, 'has')} already asked for a pass in this hand "
                    f"(once a hand: our ruling)")
        if not self.stock:
            return "the stock is empty, so no cards can be changed"
        return None

    def _signal_true(self, seat, what) -> bool:
        return what in _true_signals(self.hands[seat])

    # ---- the deal ------------------------------------------------------------------------
    def chance_action(self, rng: random.Random) -> Action:
        # (the order rng.shuffle gives, made faster: the same deal for a seed), the deck's
        # places shuffled: the cards, and their places kept for _do_deal
        places = self._own_places = tuple(shuffled(range(len(_DECK)), rng))
        action = self._own_deal = Action("deal", cards=itemgetter(*places)(_DECK))
        return action

    #: the last deal :meth:`chance_action` made (the deck's own 40 cards, shuffled: a deal
    #: K1 and K4 allow, as made), which :meth:`apply` deals at once, and the places in
    #: :data:`_DECK` of its cards
    _own_deal = None
    _own_places: tuple = ()

    def _check_deal(self, action):
        if action.kind != "deal":
            raise IllegalAction("K4", "the cards must be dealt first")
        cards = action.cards
        if len(cards) == 40 and (set(map(id, cards)) == _DECK_IDS or set(cards) == _DECK_SET):
            return
        problem = deal_problem(cards, _DECK)
        if problem[0] == "count":
            raise IllegalAction("K1", f"a deal lists all 40 cards of the Spanish deck in the "
                                f"order they are dealt; this one lists {problem[1]}")
        if problem[0] == "twice":
            raise IllegalAction("K1", f"the {problem[1].name} is dealt twice")
        raise IllegalAction("K1", f"the {problem[1].name} is not in the 40-card deck")

    def _do_deal(self, action):
        # the cards by their places in the deck (those of a deal made elsewhere looked up:
        # the deck's own card objects are dealt)
        places = (self._own_places if action is self._own_deal
                  else [*map(_PLACE.__getitem__, action.cards)])
        self._new_hand_state()
        first_deal = self.esku is None
        dealer = self.dealer if first_deal else self.esku
        n = self.n
        order = self._deal_orders[dealer]
        hands, keys = self.hands, self._signal_keys
        down, deck, code = _DOWN_AT, _DECK, _SIGNAL_AT
        for j in range(n):     # K4: one at a time, to the right: the j-th seat's are j, j + n …
            a, b, c = places[j:3 * n:n]
            # sorted high to low (K2), equal ranks in the order dealt (a stable sort of three)
            if down[b] < down[a]:
                a, b = b, a
            if down[c] < down[b]:
                b, c = c, b
                if down[b] < down[a]:
                    a, b = b, a
            hands[order[j]] = [deck[a], deck[b], deck[c]]
            keys[order[j]] = code[a] + code[b] + code[c]       # K19
        self.stock = [*map(deck.__getitem__, places[3 * n:])]
        if first_deal:
            return self._draw(dealer, order, (_deal_text, (self._voice, dealer, order[0],
                                                           self._itzu, True)))
        return self._after_deal((_deal_text, (self._voice, dealer, order[0],
                                              self._itzu, False)), "K4")

    def _draw(self, dealer, order, text):
        """K11: each player draws a fourth card; the highest draw is the first esku (the
        words of the deal ``text`` and of the draw made when read)."""
        drawing = list(order)
        taken = []
        round_no = 1
        events = []         # what the words tell, in order (_draw_text)
        while True:
            if len(self.stock) - len(taken) < len(drawing):
                # only a made-up deal can get here: the first tied player in order of play
                winner = drawing[0]
                events.append(("out", winner))
                break
            got = []
            for s in drawing:
                c = self.stock[len(taken)]
                taken.append(c)
                got.append((s, c))
                self.draws.append({"seat": s, "card": c, "round": round_no})
            events.append(("got", tuple(got)))
            top = max(_RV[c.rank] for _, c in got)
            best = [s for s, c in got if _RV[c.rank] == top]
            if len(best) == 1:
                winner = best[0]
                break
            events.append(("tie", tuple(best)))
            drawing = best
            round_no += 1
        # the drawn cards go back to the bottom of the stock, in the order drawn
        self.stock = self.stock[len(taken):] + taken
        self.esku = winner
        side = self.side_of(winner)
        self.tantos[side] = 2
        self.due = {"side": side, "options": 2, "path": "opening"}
        self.stake = "truk"
        text = (_draw_text, (self._voice, text, tuple(events), winner, side, self.first_player))
        return self._after_deal(text, "K11")

    def _after_deal(self, text, rule):
        """Where a fresh deal leads: a decision on the truk, pasotan changes, or play (the
        words of the deal ``text`` and of what follows made when read)."""
        v = self._voice
        if self.stake == "truk" and self.due is not None:
            side = self.due["side"]
            self.to_act = self.speaker(side)
            self._phase = OPTION_PHASE
            more = (_option_due_text, (v, side, self.to_act, self.due["options"]))
            rule += " + " + self._option_rule()
        elif self.stake == "truk" and self.mode == "pasotan":
            self.to_act = self.first_player
            self._phase = PASOTAN_PHASE
            more = (_pasotan_start_text, (v, self.to_act))
            rule += " + K16"
        else:
            self._start_play()
            if self.stake == "truk":
                more = f" This hand is played for a truk ({self._mode_words()})."
            else:
                more = (_tanto_hand_text, (v, self.tantos[0], self.tantos[1], self.to_act))
            rule += " + K10" if self.stake == "tanto" else ""
        return (_join, (text, more)), rule

    def _mode_words(self):
        return {"compulsory": "compulsory: no option is left (nahitaez)",
                "pasotan": "pasotan", "chosen": "the side chose to play it",
                "bet": "a truk bet was accepted"}.get(self.mode, "")

    def _start_play(self):
        self._phase = PLAY_PHASE
        first = self.to_act = self._next_seat[self.esku]      # K4: the first player
        self.trick = _new(Trick, (first, ()))

    # ---- the option ----------------------------------------------------------------------
    def _check_option(self, action):
        if action.kind not in ("play_truk", "decline"):
            what = ("a card: the tricks start once this is decided" if action.kind == "play"
                    else f"{action.kind!r}")
            yes, no = (self.describe(Action(kind, seat=action.seat))
                       for kind in ("play_truk", "decline"))
            raise IllegalAction(self._option_rule(), f"now {self._side_says(self.due['side'], 'decides')} "
                                f"whether to play the truk or not: “{yes}” or “{no}” (in "
                                f"Python, Action('play_truk') or Action('decline')), not "
                                f"{what}; a signal, or asking the partner for one (K19), may "
                                f"come first")

    def _do_option(self, action):
        due = self.due
        side, k, path = due["side"], due["options"], due["path"]
        rule = self._option_rule()
        self.decisions.append({"deal": self.deal_no, "side": side, "path": path,
                               "options": k, "choice": action.kind})
        if action.kind == "play_truk":
            self.due = None
            self.mode = "chosen"
            self._start_play()
            return (_option_text, (self._voice, action.seat, side, "play", self.to_act, None,
                                   None, None)), rule + " + K15"
        # decline: a redeal, the esku moves on
        old = self.esku
        self.esku = self._next_seat[old]
        self.deal_no += 1
        self._phase = DEAL_PHASE
        self.to_act = None
        if k == 2:
            self.tantos[side] = 3
            due["options"] = 1
            choice = "first"
        else:
            self.tantos[side] = 0
            self.due = None
            self.stake = "truk"
            if path == "AB":
                self.mode = "compulsory"
                choice = "AB"
            else:
                self.mode = "pasotan"
                choice, rule = "second", rule + " + K16"
        return (_option_text, (self._voice, action.seat, side, choice, None, self.esku, old,
                               self._open_seat)), rule

    # ---- pasotan and paso eske: changing cards --------------------------------------------
    def _check_exchange_common(self, action, rule):
        seat = action.seat
        if self.exchange is not None:
            if action.kind not in ("keep", "take_back"):
                raise IllegalAction(rule, f"{self.words.says(seat, 'has')} drawn new cards: keep "
                                    f"them (keep) or take the old ones back (take_back)")
            return True
        return False

    def _check_change(self, action, rule, least):
        seat = action.seat
        hand = self.hands[seat]
        cards = action.cards
        if len(set(cards)) != len(cards):
            raise IllegalAction(rule, "a card is named twice")
        for c in cards:
            if c not in hand:
                raise IllegalAction(rule, f"{self.words.says(seat, 'does')} not hold the {c.name}")
        if len(cards) < least:
            raise IllegalAction(rule, "name at least one card to change, or say 'we play' "
                                "(play_truk)")
        if len(cards) > len(self.stock):
            raise IllegalAction(rule, f"the stock has only {len(self.stock)} card"
                                f"{'s' if len(self.stock) != 1 else ''} left, so no more can "
                                f"be changed")

    def _check_pasotan(self, action):
        if self._check_exchange_common(action, "K16"):
            return
        if action.kind == "play_truk":
            return
        if action.kind != "change":
            extra = ""
            if action.kind == "ask_pass":
                extra = ("; a pass (paso eske) may be asked once the tricks are played (our "
                         "ruling, K18)")
            elif action.kind == "truk":
                extra = "; this hand is already played for a truk, so no truk is bet (K17)"
            raise IllegalAction("K16", f"before a pasotan truk each player in turn changes cards "
                                f"(change) or says 'we play' (play_truk), and may signal "
                                f"(signal, K19), not {action.kind!r}" + extra)
        if not self.stock:
            raise IllegalAction("K16", "the stock is empty, so no more cards can be changed: "
                                "say 'we play' (play_truk)")
        self._check_change(action, "K16", 1)

    def _check_paso(self, action):
        if self._check_exchange_common(action, "K18"):
            return
        if self.paso["stage"] == "ask":
            if action.kind not in ("accept_pass", "refuse_pass"):
                w, seat = self.words, action.seat
                raise IllegalAction("K18", f"{w.name(self.paso['asker'])} asked for a pass: "
                                    f"{w.says(seat, 'accepts')} (accept_pass) or "
                                    f"{w.verb(seat, 'refuses')} (refuse_pass) first")
            return
        if action.kind != "change":
            raise IllegalAction("K18", f"the pass was accepted: {self.words.name(action.seat)} now "
                                f"{self.words.verb(action.seat, 'shows')} the cards to change "
                                f"(change, none to all), not "
                                f"{action.kind!r}")
        self._check_change(action, "K18", 0)

    def _do_change(self, action, why):
        seat = action.seat
        hand = self.hands[seat]
        cards = action.cards
        if not cards:
            return (_no_change_text, (self._voice, seat))
        ids = {*map(id, cards)}
        old, kept = [], []
        for c in hand:                  # (the very cards: a legal action's)
            (old if id(c) in ids else kept).append(c)
        if len(old) != len(cards):      # (equal cards, made elsewhere)
            old = [c for c in hand if c in cards]
            kept = [c for c in hand if c not in cards]
        k = len(old)
        stock = self.stock
        new = stock[:k]
        del stock[:k]
        kept += new
        kept.sort(key=_high_first)
        hand[:] = kept
        self._signal_keys[seat] = _signal_key(hand)
        self.exchange = {"seat": seat, "old": old, "new": new, "why": why}
        # (the cards the table sees: a 2 or a 3 face down is kept as None, not the card;
        # KV3: the open hand's all face up)
        open_hand = seat == self._open_seat
        shown = tuple([c if open_hand or c.rank not in _FACE_DOWN else None for c in old])
        return (_change_text, (self._voice, seat, shown, k, len(stock), open_hand))

    def _do_keep(self, action):
        ex = self.exchange
        seat = ex["seat"]
        self.exchange = None
        why, aside = ex["why"], self.aside
        open_hand = seat == self._open_seat
        if action.kind == "keep":
            for c in ex["old"]:         # K16, K18: face up unless a 2 or a 3 (KV3: all up)
                aside.append({"seat": seat, "card": c,
                              "up": open_hand or c.rank not in _FACE_DOWN, "why": why})
            return (_keep_text, (self._voice, seat, True))
        hand = self.hands[seat]
        new = ex["new"]
        for c in new:
            aside.append({"seat": seat, "card": c, "up": open_hand, "why": why})
        ids = {*map(id, new)}           # (the very cards drawn)
        kept = [c for c in hand if id(c) not in ids]
        if len(kept) != len(hand) - len(new):       # (equal cards, made elsewhere)
            kept = hand[:]
            for c in new:
                kept.remove(c)
        hand[:] = kept + ex["old"]
        hand.sort(key=_high_first)
        self._signal_keys[seat] = _signal_key(hand)
        return (_keep_text, (self._voice, seat, False))

    def _do_pasotan(self, action):
        seat = action.seat
        kind = action.kind
        if kind in ("keep", "take_back"):
            text = self._do_keep(action)
            self.to_act = self.table.next(seat)
            return (_join, (text, (_pasotan_turn_text, (self._voice, self.to_act,
                                                        bool(self.stock))))), "K16"
        if kind == "play_truk":
            self._start_play()
            return (_we_play_text, (self._voice, seat, self._sides[seat], self.to_act)), "K16"
        self.pasotan_changes += 1
        text = self._do_change(action, "pasotan")
        return (_join, (text, " Keep them, or take the old cards back if the new ones are "
                              "worse?")), "K16"

    def _do_paso(self, action):
        seat = action.seat
        kind = action.kind
        paso = self.paso
        if kind == "accept_pass":
            paso["stage"] = "change"
            paso["answer"] = "accepted"
            self.to_act = paso["asker"]
            return (_accept_pass_text, (self._voice, seat, paso["asker"])), "K18"
        if kind == "refuse_pass":
            paso["answer"] = "refused"
            return self._end_paso((_refuse_pass_text, (self._voice, seat)))
        if kind in ("keep", "take_back"):
            text = self._do_keep(action)
            return self._paso_next(seat, text)
        text = self._do_change(action, "paso eske")
        if self.exchange is not None:
            return (_join, (text, " Keep them, or take the old cards back if the new ones are "
                                  "worse?")), "K18"
        return self._paso_next(seat, text)

    def _paso_next(self, seat, text):
        paso = self.paso
        if seat == paso["asker"]:
            self.to_act = paso["answerer"]
            return (_join, (text, (_now_changes_text, (self._voice, self.to_act)))), "K18"
        return self._end_paso((_join, (text, " ")))

    def _end_paso(self, text):
        asker = self.paso["asker"]
        self.paso["stage"] = "done"
        self._phase = PLAY_PHASE
        self.to_act = asker
        return (_join, (text, (_plays_on_text, (self._voice, asker)))), "K18"

    # ---- play ----------------------------------------------------------------------------
    def _play_choices(self, seat) -> str:
        """What ``seat``, whose turn it is in the tricks, may do instead of a refused move
        (K5, K17, K18, K19), in words: "A1 plays a card to the erdia (or bets a truk, asks
        for a pass or signals)"; only what the rules allow now is named."""
        w = self.words
        extra = []
        if self._may_bet() is None:
            extra.append(f"{w.verb(seat, 'bets')} a truk")
        if self._may_ask_pass(seat) is None:
            extra.append(f"{w.verb(seat, 'asks')} for a pass")
        if self._signal_actions(seat):
            extra.append(w.verb(seat, "signals"))
        text = f"{w.says(seat, 'plays')} a card to the {TRICK_NAMES[len(self.tricks)]}"
        if extra:
            text += " (or " + (", ".join(extra[:-1]) + " or " + extra[-1] if len(extra) > 1
                               else extra[0]) + ")"
        return text

    def _check_play(self, action):
        kind, seat = action.kind, action.seat
        w = self.words
        if kind == "play":
            card = action.card
            if card is None:
                raise IllegalAction("K5", "say which card to play")
            if card.system != "spanish":
                raise IllegalAction("K1", f"the {card.name} is not a Spanish card")
            if card not in self.hands[seat]:
                k = len(self.hands[seat])
                own = (f"play one of {w.poss(seat)} own {k} cards" if k > 1
                       else f"play the one card {w.says(seat, 'holds')}")
                raise IllegalAction("K5", f"{w.says(seat, 'does')} not hold the {card.name}: {own}")
            return
        if kind == "truk":
            why = self._may_bet()
            if why:
                raise IllegalAction("K17", f"{why}; now {self._play_choices(seat)}")
            if action.what not in BET_WAYS:
                raise IllegalAction("K17", f"a truk is bet by saying it (say), knocking (knock) "
                                    f"or throwing the cards face down (throw), not {action.what!r}")
            return
        if kind == "ask_pass":
            why = self._may_ask_pass(seat)
            if why:
                raise IllegalAction("K18", f"{why}; now {self._play_choices(seat)}")
            return
        now = self._play_choices(seat)
        if kind in ("joka", "refuse"):
            raise IllegalAction("K17", f"no truk has been bet, so there is nothing to answer; "
                                f"now {now}")
        if kind in ("accept_pass", "refuse_pass"):
            raise IllegalAction("K18", f"nobody has asked for a pass (paso eske), so there is "
                                f"nothing to accept or refuse; now {now}")
        if kind in ("change", "keep", "take_back"):
            raise IllegalAction("K18", f"no cards are being changed now: cards are changed "
                                f"after a pass is accepted (paso eske, K18) or before a "
                                f"pasotan truk (K16); now {now}")
        if kind in ("play_truk", "decline"):
            if self.mode in ("compulsory", "pasotan"):
                rule, why = (("K13", "the side used its one option, so this truk is compulsory "
                              "(nahitaez)") if self.mode == "compulsory" else
                             ("K12" if self.decisions[-1]["path"] == "opening" else "K13",
                              "both options were used, so this truk is played pasotan"))
                raise IllegalAction(rule, f"there is no option left to use: {why}; now {now}")
            raise IllegalAction(self._option_rule() if self.due else "K12",
                                "whether to play the truk or not is decided right after the "
                                "deal, by the side that has the options (K12, K13); this hand "
                                f"is already being played, and {w.says(seat, 'plays')} now")
        raise IllegalAction("K5", f"now {now}, not {kind!r}")

    # ---- K19: signals, at any time (our ruling), and asking the partner for one ------------
    def _check_signal(self, action):
        seat = action.seat
        w = self.words
        if self.n != 4:
            raise IllegalAction("K19", "signals are made to a partner; with two players "
                                "there is none")
        if not self._signals_allowed(seat):
            raise IllegalAction("KV3", f"side B makes no signals in itzu truk: the open "
                                f"hand's cards are seen by everyone, and "
                                f"{w.says(OPEN_PARTNER, 'plays')} it (K19)")
        if action.what not in SIGNALS:
            raise IllegalAction("K19", f"{action.what!r} is not a signal; the signals are "
                                + ", ".join(f"{k} ({v[1]})" for k, v in SIGNALS.items()))
        if (seat, action.what) in self.given:
            raise IllegalAction("K19", f"{w.says(seat, 'has')} already given that signal in "
                                f"this hand (once a hand: our ruling)")
        if not self._signal_true(seat, action.what):
            gesture, meaning, _ = SIGNALS[action.what]
            raise IllegalAction("K19", f"a signal must be true: '{gesture}' says "
                                f"{meaning}, and {w.poss(seat)} cards do not")

    def _do_signal(self, action):
        seat, what = action.seat, action.what
        self.given.add((seat, what))
        self._given_bits[seat] |= _SIGNAL_BIT[what]
        side = self._sides[seat]
        partner = self._partners[seat]
        self.signals.append({"seat": seat, "what": what, "trick": len(self.tricks),
                             "step": len(self.actions) + 1,
                             "phase": self._phase.key})
        v = self._voice
        seen = self.options["signals_seen"]
        if not seen:     # what the other side sees (the view's last step): made when read
            self._private[len(self.actions) + 1] = (side, (_signal_public,
                                                           (v, seat, partner, side)))
        return (_signal_text, (v, seat, what, partner, side, seen)), "K19"

    def _check_consult(self, action):
        c = self.consult
        w = self.words
        if action.kind == "signal":
            self._check_signal(action)
            return
        if action.kind == "nothing_new":
            if self._signal_actions(action.seat):
                raise IllegalAction("K19", f"{w.says(action.seat, 'has')} a true signal still to "
                                    f"give, so 'nothing new' would not be true: answer with a "
                                    f"signal")
            return
        raise IllegalAction("K19", f"{w.name(c['by'])} asked {w.name(c['partner'])} for a "
                            f"signal: {w.says(c['partner'], 'answers')} first, with a signal "
                            f"(or “nothing new” when no true signal is left to give), not "
                            + ("a card" if action.kind == "play" else f"{action.kind!r}"))

    def _do_ask_partner(self, action):
        seat = action.seat
        partner = self._partners[seat]
        self.asked_partner.add(seat)
        self.consult = {"by": seat, "partner": partner}
        self.to_act = partner
        bettor = None if self._phase.key == "option" else self.call.by
        return (_ask_partner_text, (self._voice, seat, partner, bettor)), "K19"

    def _do_consult(self, action):
        c = self.consult
        self.consult = None
        self.to_act = c["by"]
        v = self._voice
        if action.kind == "signal":
            back = (_back_text, (v, c["by"]))
            text, rule = self._do_signal(action)
            step = len(self.actions) + 1
            if step in self._private:
                side, public = self._private[step]
                self._private[step] = (side, (_join, (public, (_said, (v, back)))))
            return (_join, (text, back)), rule
        seat = action.seat
        side = self._sides[seat]
        if not self.options["signals_seen"]:
            self._private[len(self.actions) + 1] = (side, (_nothing_new_public,
                                                           (v, seat, c["by"], side)))
        return (_nothing_new_text, (v, seat, c["by"])), "K19"

    def _check_answer(self, action):
        if action.kind not in ("joka", "refuse"):
            w, seat = self.words, action.seat
            raise IllegalAction("K17", f"{w.name(self.call.by)} bet a truk: "
                                f"{w.name(seat)} first {w.verb(seat, 'answers')} 'Joka!' (joka) "
                                f"or {w.verb(seat, 'refuses')} (refuse); a signal, or asking "
                                f"the partner for one, may come before (K19)")

    def _do_play(self, action):
        kind, seat = action.kind, action.seat
        if kind == "ask_pass":
            answerer = self._next_seat[seat]
            self.asked_pass.add(seat)
            self.paso = {"asker": seat, "answerer": answerer, "stage": "ask", "answer": None}
            self._phase = PASO_PHASE
            self.to_act = answerer
            return (_ask_pass_text, (self._voice, seat, answerer)), "K18"
        if kind == "truk":
            answerer = self._answerers[seat]
            side = self._sides[seat]
            # (the call Call.made makes: by the seat, answered, then play resumes with it)
            self.call = Call("truk", seat, side, answerer, seat, 1, 1)
            self.bet = {"by": seat, "side": side, "trick": len(self.tricks),
                        "before": len(self.trick.plays), "how": action.what, "answer": None,
                        "answer_by": answerer}
            self._phase = ANSWER_PHASE
            self.to_act = answerer
            return (_truk_bet_text, (self._voice, seat, action.what, len(self.tricks), answerer,
                                     side)), "K17"
        return self._play_card(seat, action.card)

    def _do_answer(self, action):
        call = self.call
        self.call = None
        side = call.side
        if action.kind == "joka":
            self.bet["answer"] = "joka"
            self.stake = "truk"
            self.mode = "bet"
            self._phase = PLAY_PHASE
            self.to_act = call.resume
            return (_joka_text, (self._voice, action.seat, call.by)), "K17"
        self.bet["answer"] = "refused"
        self.hand_result = {"side": side, "way": "refused", "row": None, "swapped": False,
                            "played": self._played_letters()}
        self._phase = SCORE_PHASE
        self.to_act = None
        return (_refuse_text, (self._voice, action.seat, side)), "K17"

    def _played_letters(self):
        return [_letter(s) for s in self.trick_sides]

    def _play_card(self, seat, card):
        hand = self.hands[seat]
        card = hand.pop(hand.index(card))
        if self._signal_keys[seat] is not None:
            self._signal_keys[seat] -= _SIGNAL_CODE.get(card.rank, 0)     # K19
        trick = self.trick = self.trick.add(seat, card)
        k = len(self.tricks)
        if len(trick.plays) < self.n:
            self.to_act = self._next_seat[seat]
            return (_card_played, (self._voice.w, seat, card, TRICK_NAMES[k])), "K5"
        # the trick is complete: K2, K5: the highest rank takes it (suits never matter), and
        # equal top cards tie, partners' too (KV4: partners' are a win for their side)
        plays = trick.plays
        values = [_RV[p.card.rank] for p in plays]
        top_value = max(values)
        first_top = plays[values.index(top_value)]
        top = first_top.card
        sides = self._sides
        if values.count(top_value) == 1:
            winner = first_top.seat
            tie, side, best = False, sides[winner], (winner,)
        else:
            best = tuple([p.seat for p in plays if _RV[p.card.rank] == top_value])
            if self.options["partners_win"] and len({sides[x] for x in best}) == 1:
                tie, side, winner = False, sides[best[0]], best[0]
            else:
                tie, side, winner = True, None, None
        self.tricks.append(trick)
        trick_sides = self.trick_sides
        trick_sides.append(side)
        tie_side = sides[self.esku]
        verdict = _HAND_VERDICTS[tie_side][tuple(trick_sides)]      # K7, K8
        if verdict is not None:
            res_side, way, played, row, swapped = verdict
            self.hand_result = {"side": res_side, "way": way, "row": row,
                                "swapped": swapped, "played": list(played)}
            self._phase = SCORE_PHASE
            self.to_act = None
            self.trick = None
            return (_trick_text, (self._voice, seat, card, k, tie, best, side, winner, top,
                                  (res_side, way, row, swapped, played), None,
                                  None)), "K5 + K6 + K7 + K8"
        first = self._next_seat[self.esku]             # K4: self.first_player
        self.trick = _new(Trick, (first, ()))
        self.to_act = first
        return (_trick_text, (self._voice, seat, card, k, tie, best, side, winner, top, None,
                              tuple(self.trick_sides), tie_side)), "K5 + K6 + K7"

    # ---- the counters --------------------------------------------------------------------
    def _do_score(self, action):
        res = self.hand_result
        side = res["side"]
        entry = {"deal": self.deal_no, "esku": self.esku, "stake": self.stake, "mode": self.mode,
                 "tricks": list(res["played"]), "winner": side, "way": res["way"],
                 "row": res["row"], "swapped": res["swapped"],
                 "bet": None if self.bet is None else {
                     "by": self.bet["by"], "trick": self.bet["trick"],
                     "answer": self.bet["answer"]}}
        self.hand_log.append(entry)
        refused = res["way"] == "refused"
        before = tuple(self.tantos)
        truk = self.stake == "truk"
        kv2 = False
        if truk:
            self.truks[side] += 1
            rule = "K15"
            if self.truks[side] >= TARGET:
                self.tantos = [0, 0]
                self._phase = OVER_PHASE
                self.to_act = None
                return (_score_text, (self._voice, side, refused, True, tuple(self.truks),
                                      before, None, False, None)), "K15 + K9"
            if self.mode == "bet" and self.options["bet_keeps_tantos"]:
                kv2 = True
                rule += " + KV2"
            else:
                self.tantos = [0, 0]
                self.phase_hands = 0
                rule += " + K10"
            self.stake = "tanto"
            self.mode = None
        else:
            # a tanto hand
            self.phase_hands += 1
            if self.tantos == [1, 1]:
                self.tantos = [0, 0]
                self.tantos[side] = 3
                self.due = {"side": side, "options": 1, "path": "AB"}
                self.stake = "truk"
                rule = "K13"
            else:
                self.tantos[side] += 1
                rule = "K10"
                if self.tantos[side] == 2:
                    self.due = {"side": side, "options": 2, "path": "AA"}
                    self.stake = "truk"
                    rule = "K10 + K13"
                elif self.tantos == [1, 1]:
                    rule = "K10 + K13"
            if refused:
                rule = "K17 + " + rule
        self.esku = self.table.next(self.esku)
        self.deal_no += 1
        self._phase = DEAL_PHASE
        self.to_act = None
        return (_score_text, (self._voice, side, refused, truk, tuple(self.truks), before,
                              tuple(self.tantos), kv2, self.esku)), rule

    # ---- doing ---------------------------------------------------------------------------
    def _check(self, action):
        if self.options["itzu"]:
            action = self._as_open(action)
        try:
            if action.amount is not None:
                raise IllegalAction("K17", "amount: nothing in truk is bet with an amount: a "
                                    "hand is played for one tanto or one truk (K10, K15), and a "
                                    "truk bet raises it to one truk; leave the amount out")
            kind = action.kind
            if self.consult is not None:
                self._check_consult(action)
            elif kind == "signal" and self.exchange is None:
                self._check_signal(action)
            elif kind == "ask_partner":
                why = self._may_ask_partner(action.seat)
                if why:
                    raise IllegalAction("KV3" if why.endswith("(KV3)") else "K19",
                                        f"{why}; now {self._now_words(action.seat)}")
            elif kind == "nothing_new":
                raise IllegalAction("K19", f"nobody has asked for a signal, so there is nothing "
                                    f"to answer; now {self._now_words(action.seat)}")
            else:
                super()._check(action)
        except IllegalAction as refusal:
            if self.you is None:
                raise
            raise IllegalAction(refusal.rule, sentence_case(refusal.reason)) from None

    def apply(self, action):
        """As :meth:`Game.apply`, with one of the legal actions worked out for this step (the
        very object: it passed every check when they were worked out) applied and recorded
        here at once, the hot path of every game and every computer player's trial. Any
        other action goes through all the checks (:meth:`Game.apply`), but a deal made by
        :meth:`chance_action` (the deck's own cards shuffled) is dealt at once too."""
        legal = self._legal_now
        if legal is None:
            if action is not self._own_deal or self._phase.key != "deal":
                return Game.apply(self, action)
            # a deal made by chance_action: the deck's own 40 cards shuffled, allowed as
            # made (K1, K4)
        else:
            for allowed in legal:
                if allowed is action:
                    break
            else:
                return Game.apply(self, action)
        return self._apply_passed(action, self._phase.key, self.deal_no, self.current_player)

    def _do(self, action):
        if self._itzu:
            action = self._as_open(action)
        if self.consult is not None:        # K19: the partner asked answers
            text, rule = self._do_consult(action)
        else:
            kind = action.kind
            if kind == "play" and self._phase.key == "play":        # a card (K5)
                text, rule = self._play_card(action.seat, action.card)
            else:
                # K19: a signal or a question to the partner, in any phase; else the
                # phase's own step
                text, rule = (_DO_KIND.get(kind) or _DO_PHASE[self._phase.key])(self, action)
        # _settle, written out (once a step): a seat acts in every phase but the deal, the
        # counters and the end, where nobody is to act
        to_act = self.to_act
        if to_act is not None:
            self.current_player = (OPEN_PARTNER if to_act == OPEN_SEAT and self._itzu
                                   else to_act)      # KV3: the open hand's partner plays it
        else:
            phase = self._phase.key
            if phase == "over":
                self.current_player = None
                self.finished = True
            elif phase == "deal":
                self.current_player = CHANCE
            else:
                self.current_player = TABLE          # the counters move (K10)
        if self._voice.w.you is not None:        # (self.you, read without a property)
            text = sentence_case(text) if text.__class__ is str else (_sentence_of, (text,))
        return text, rule

    # ---- the end -------------------------------------------------------------------------
    def result(self) -> dict:
        """Truks and tantos of each side, the winners (seats of the side with 6 truks, or the
        side ahead so far), the hands played."""
        t = self.truks
        if t[0] == t[1]:
            win_sides = [0, 1]
        else:
            win_sides = [0 if t[0] > t[1] else 1]
        return {"truks": list(t), "tantos": list(self.tantos),
                "scores": [t[self.side_of(s)] for s in range(self.n)],
                "winners": [s for s in self.table.order_from(0) if self.side_of(s) in win_sides
                            and s != self.open_seat],
                "winning_side": SIDE_NAMES[win_sides[0]] if len(win_sides) == 1 else None,
                "hands_played": len(self.hand_log), "deals": self.deal_no,
                "finished": self.finished}

    def result_words(self) -> str:
        """The result in one line, for the command line: each side's truks."""
        who = [f"{self.side_name(k)} ({self.side_players(k)})" if self.n == 4 else
               self.side_name(k) for k in range(2)]
        return "Result (truks): " + ", ".join(f"{who[k]} {self.truks[k]}" for k in range(2))

    # ---- people --------------------------------------------------------------------------
    def describe(self, action):
        label = self._describe(action)
        if (self.options["itzu"] and action.seat == OPEN_PARTNER and self._in_open_turn()
                and action.kind not in ("deal", "score")):
            label = (label[:-1] + ", for the open hand)" if label.endswith(")")
                     else label + " (for the open hand)")     # KV3
        return label

    def _describe(self, action):
        kind = action.kind
        if kind == "play":
            return f"Play the {action.card.name}"
        if kind == "deal":
            return "Deal"
        if kind == "score":
            return "Move the counters"
        if kind == "truk":
            return {"knock": "Knock on the table (Truk!)",
                    "throw": "Throw the cards face down (Truk!)"}.get(action.what, "Truk!")
        if kind == "joka":
            return "Joka! (accept)"
        if kind == "refuse":
            return "Refuse the truk"
        if kind == "ask_pass":
            return "Paso eske (ask for a pass)"
        if kind == "accept_pass":
            return "Accept the pass"
        if kind == "refuse_pass":
            return "Refuse the pass"
        if kind == "change":
            if not action.cards:
                return "Change no cards"
            return "Change " + _listing([c.name for c in action.cards])
        if kind == "keep":
            return "Keep the new cards"
        if kind == "take_back":
            return "Take the old cards back"
        if kind == "play_truk":
            return "We play (the truk)" if self._phase.key == "pasotan" else "Play the truk"
        if kind == "decline":
            return "Do not play (use an option)"
        if kind == "ask_partner" and action.seat.__class__ is int and self.n == 4 and \
                0 <= action.seat < self.n:
            partner = self.table.partner(action.seat)
            if self.words.is_you(partner):
                return "Ask the partner (you) for a signal"
            return f"Ask {self.words.name(partner)} for a signal"
        if kind == "ask_partner":
            return "Ask your partner for a signal"
        if kind == "nothing_new":
            return "Nothing new to tell (every true signal given)"
        if kind == "signal" and action.what in SIGNALS:
            gesture, meaning, _ = SIGNALS[action.what]
            return f"Signal: {gesture.split(' (')[0]} ({meaning.split(':')[0]})"
        return kind

    def scripted_deal(self, hands: dict, draws: dict | None = None, stock=(),
                      esku=None) -> Action:
        """The deal for the hand about to be dealt that gives each seat (or player's name) the
        cards listed; for the game's first deal ``draws`` gives each seat's drawn fourth card
        (K11), or ``esku`` names the player who is to draw highest (the others then draw low
        cards); ``stock`` gives the next cards on top of the stock (what changes draw). The
        other cards fill in from the deck.

        >>> g = Truk(4)
        >>> a = g.scripted_deal({"A1": ["3-coins", "2-cups", "4-swords"]},
        ...     draws={"A1": "12-coins", "B1": "4-cups", "A2": "5-cups", "B2": "3-cups"})
        >>> g.apply(a).rule, g.players[g.esku], g.tantos
        ('K11 + K12', 'B2', [0, 2])
        """
        if self._phase.key != "deal":
            raise ConfigError("deal", "the cards can only be dealt at the start of a hand")
        card = self.suits.card
        idx = {name: i for i, name in enumerate(self.players)}
        norm = lambda k: idx.get(k, k)
        hands = {norm(k): [card(c) for c in v] for k, v in hands.items()}
        draws = {norm(k): card(v) for k, v in (draws or {}).items()}
        stock = [card(c) for c in stock]
        first_deal = self.esku is None
        if draws and not first_deal:
            raise ConfigError("draws", "the draw for the first esku is made only at the start")
        dealer = self.dealer if first_deal else self.esku
        n = self.n
        order = self.table.order_from(self.table.next(dealer))
        slots = [None] * (3 * n)
        used = []
        for seat, cards in hands.items():
            if seat not in order:
                raise ConfigError("hands", f"there is no seat {seat!r} at this table")
            if len(cards) != 3:
                raise ConfigError("hands", f"each player is dealt 3 cards; seat {seat} was given "
                                  f"{len(cards)}")
            for j, c in enumerate(cards):
                slots[j * n + order.index(seat)] = c
            used += cards
        draw_slots = []
        if esku is not None:
            if not first_deal:
                raise ConfigError("esku", "the first esku is drawn only at the start")
            if draws:
                raise ConfigError("esku", "give the draws or the esku, not both")
            if norm(esku) not in order:
                raise ConfigError("esku", f"there is no player {esku!r} at this table")
            taken = set(used) | set(stock)
            free = sorted((c for c in _DECK if c not in taken), key=lambda c: -_RV[c.rank])
            draws = {norm(esku): free[0]}
            low = iter(reversed(free))
            for s in order:
                if s != norm(esku):
                    draws[s] = next(low)
        if first_deal and draws:
            for s in order:
                if s not in draws:
                    raise ConfigError("draws", "give every player's drawn card")
                draw_slots.append(draws[s])
            used += draw_slots
        used += stock
        if len(set(used)) != len(used):
            raise ConfigError("hands", "a card is given twice")
        rest = [c for c in _DECK if c not in set(used)]
        rest.reverse()
        cards = [c if c is not None else rest.pop() for c in slots]
        rest.reverse()
        return Action("deal", cards=tuple(cards + draw_slots + stock + rest))

    # ---- the built-in player ----------------------------------------------------------------
    def strength(self, cards) -> int:
        """A rough worth of some cards: 10 for a 3 … 1 for a 4 (K2)."""
        return sum(_RV[c.rank] for c in cards)

    def signals_seen_by(self, seat) -> list[dict]:
        """The signals ``seat`` has seen this hand (its partner's; all with KV1)."""
        if seat is None:
            return list(self.signals)
        side = self.side_of(seat)
        return [s for s in self.signals if s["seat"] != seat and (
            self.options["signals_seen"] or self.side_of(s["seat"]) == side)]

    def _partner_power(self, seat) -> int:
        """What the partner's signals say about the partner's best card (a rank value); in
        itzu truk (KV3) side B knows both its hands, so the partner's best card itself."""
        best = 0
        partner = self.table.partner(seat)
        if self.options["itzu"] and self.side_of(seat) == 1:
            return max((_RV[c.rank] for c in self.hands[partner]), default=0)
        for s in self.signals_seen_by(seat):
            if s["seat"] == partner:
                rank = SIGNALS[s["what"]][2][0]
                best = max(best, _RV[rank] if rank else 0)
        return best

    def _partner_said_nothing(self, seat) -> bool:
        partner = self.table.partner(seat)
        if self.options["itzu"] and self.side_of(seat) == 1:
            return not any(c.rank in ("3", "2", "1") for c in self.hands[partner])
        return any(s["seat"] == partner and s["what"] == "eyebrows"
                   for s in self.signals_seen_by(seat))

    def rule_of_thumb(self, seat, rng: random.Random):
        """A simple partner: signals its best cards (truly) at its first turn in the tricks,
        or when its partner asks; deciding for the side, on the truk or on a truk bet, with a
        hand not clearly good, it first asks the partner for a signal (K19); plays the truk
        with a good hand or when the partner signalled a 3 or 2; bets a truk when it has taken
        a trick or holds two top cards (or one, with the partner's signalled 3 or 2); accepts a
        bet with a good hand or a 3 or 2, but only with a 3 when the partner said "nothing"
        and the side is not ahead; leads low when the partner signalled a top card, high
        otherwise; then plays just high enough, or its lowest card when its side is winning
        the trick or cannot win it. It sees only its own cards, the table and the signals its
        seat may see. In itzu truk (KV3) the open hand's partner plays it by the same habits,
        knowing both hands."""
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal[0]
        key = self._phase.key
        if seat == OPEN_PARTNER and self.options["itzu"] and self._in_open_turn():
            seat = OPEN_SEAT            # the open hand's turn: its partner plays it
        hand = self.hands[seat]
        mine = self.strength(hand)
        helper = self._partner_power(seat)
        side = self.side_of(seat)
        kinds = {a.kind: a for a in legal}
        if self.consult is not None:
            # asked for a signal (K19): its best cards, truly
            return self._best_signal(seat) or legal[0]
        # deciding for the side with nothing from the partner yet: ask first (K19)
        asks = "ask_partner" in kinds and not any(
            s["seat"] == self.table.partner(seat) for s in self.signals_seen_by(seat))
        if key == "option":
            good = mine + helper >= 22 or sum(1 for c in hand if _RV[c.rank] >= 8) >= 2
            if not good and asks:
                return kinds["ask_partner"]
            return kinds["play_truk"] if good else kinds["decline"]
        if key == "answer":
            won = self.trick_sides.count(side) - self.trick_sides.count(1 - side)
            # accept with a strong hand, or a 3 or a 2; reading the partner: when the partner
            # has said "nothing" and the side is not ahead, only a 3 will do
            good = mine + 6 * won >= 8 * len(hand) - 2 or any(_RV[c.rank] >= 9 for c in hand)
            if won <= 0 and self._partner_said_nothing(seat):
                good = any(_RV[c.rank] == 10 for c in hand)
            if not good and asks:
                return kinds["ask_partner"]
            return kinds["joka"] if good else kinds["refuse"]
        if key in ("pasotan", "paso"):
            if self.exchange is not None:
                ex = self.exchange
                return (kinds["take_back"] if self.strength(ex["new"]) < self.strength(ex["old"])
                        else kinds["keep"])
            if key == "paso" and self.paso["stage"] == "ask":
                return kinds["accept_pass"] if mine < 5 * len(hand) else kinds["refuse_pass"]
            low = tuple(c for c in hand if _RV[c.rank] <= 4)
            changes = [a for a in legal if a.kind == "change" and set(a.cards) == set(low)]
            if key == "pasotan":
                if mine >= 20 or not low or not changes or self.pasotan_changes >= 2 * self.n:
                    return kinds["play_truk"]
                return changes[0]
            return changes[0] if changes else next(a for a in legal if a.kind == "change")
        # play
        if len(hand) == 3 and not any(s["seat"] == seat for s in self.signals):
            signal = self._best_signal(seat)
            if signal is not None:
                return signal
        if "truk" in kinds:
            taken = self.trick_sides.count(side)
            tops = sum(1 for c in hand if _RV[c.rank] >= 9)
            if (taken and tops) or tops >= 2 or (helper >= 9 and tops):
                return kinds["truk"]
        cards = [a for a in legal if a.kind == "play"]
        trick = self.trick
        if not trick.plays:
            return (min if helper >= 9 else max)(cards, key=lambda a: _RV[a.card.rank])
        best = trick.best(self.power)
        top = _RV[best[0].card.rank]
        ours = all(self.side_of(b.seat) == side for b in best)
        if ours:
            return min(cards, key=lambda a: _RV[a.card.rank])
        beat = [a for a in cards if _RV[a.card.rank] > top]
        if beat:
            return min(beat, key=lambda a: _RV[a.card.rank])
        tie = [a for a in cards if _RV[a.card.rank] == top]
        if tie:
            return tie[0]
        return min(cards, key=lambda a: _RV[a.card.rank])

    def _best_signal(self, seat):
        """The rule of thumb's signal: the best true one ``seat`` has not given (K19)."""
        if not self._signals_allowed(seat):
            return None
        for what in ("both_eyes", "one_eye", "smile", "lip", "tongue", "eyebrows"):
            if (seat, what) not in self.given and self._signal_true(seat, what):
                return Action("signal", seat, what=what)
        return None

    # ---- views ---------------------------------------------------------------------------
    def view(self, seat=None) -> dict:
        out = super().view(seat)
        last = self.history[-1] if self.history else None
        if last is not None and seat is not None and last.index in self._private:
            side, public = self._private[last.index]
            if self.side_of(seat) != side:
                out["last"]["text"] = text_of(public)
        return out

    def _view(self, seat):
        teacher = seat is None
        open_seat = self.open_seat      # KV3: the open hand is face up for every seat
        hands = [[c.to_json() for c in self.hands[s]] if teacher or s == seat or s == open_seat
                 else None for s in range(self.n)]
        tricks = []
        over = self.hand_result is not None
        for k in range(3):
            entry = {"name": TRICK_NAMES[k], "trick": None, "outcome": "-" if over else None,
                     "side": None}
            if k < len(self.tricks):
                side = self.trick_sides[k]
                entry.update(trick=self.tricks[k].to_json(), outcome=_letter(side), side=side)
            elif k == len(self.tricks) and self.trick is not None and self.trick.plays:
                entry["trick"] = self.trick.to_json()
            tricks.append(entry)
        aside = [{"seat": a["seat"], "card": a["card"].to_json()
                  if (teacher or a["up"] or (a["seat"] == seat and a["card"] not in
                                             self.hands[seat])) else None,
                  "up": a["up"], "why": a["why"]} for a in self.aside]
        exchange = None
        if self.exchange is not None:
            ex = self.exchange
            sees = teacher or seat == ex["seat"] or ex["seat"] == open_seat
            exchange = {"seat": ex["seat"], "why": ex["why"],
                        "old": [c.to_json() if (sees or c.rank not in ("2", "3"))
                                else None for c in ex["old"]],
                        "new_count": len(ex["new"]),
                        "new": [c.to_json() for c in ex["new"]] if sees else None}
        signals = [{"seat": s["seat"], "what": s["what"], "gesture": SIGNALS[s["what"]][0],
                    "meaning": SIGNALS[s["what"]][1], "trick": s["trick"], "phase": s["phase"]}
                   for s in self.signals
                   if teacher or s["seat"] == seat or s in self.signals_seen_by(seat)]
        res = self.hand_result
        return {
            "suits": self.system,
            "sides": [{"name": SIDE_NAMES[k], "seats": list(self.table.teams[k]),
                       "label": self.side_name(k) if self.n == 4 else self.players[k]}
                      for k in range(2)],
            "side_of": [self.side_of(s) for s in range(self.n)],
            "partner": [self.table.partner(s) for s in range(self.n)],
            "esku": self.esku,
            "open_hand": None if open_seat is None else {
                "seat": open_seat, "by": OPEN_PARTNER,
                "label": f"open hand, played by {self.words.name(OPEN_PARTNER)}"},
            "turn": self.to_act if self._phase.key in ("option", "pasotan", "play", "answer",
                                                       "paso") else None,
            "dealer": self.dealer if self.deal_no <= 1 else self.esku,
            "first_player": None if self.esku is None else self.first_player,
            "stake": self.stake,
            "mode": self.mode,
            "options": None if self.due is None else dict(self.due),
            "tantos": {"middle": self.tantos_middle, "sides": list(self.tantos)},
            "truks": {"pile": self.truks_pile, "sides": list(self.truks), "target": TARGET},
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "tricks": tricks,
            "trick_no": len(self.tricks),
            "bet": None if self.bet is None else {
                "by": self.bet["by"], "side": self.bet["side"], "trick": self.bet["trick"],
                "how": self.bet["how"] or "say", "answer": self.bet["answer"],
                "answer_by": self.bet["answer_by"]},
            "paso": None if self.paso is None else dict(self.paso),
            "consult": None if self.consult is None else dict(self.consult),
            "exchange": exchange,
            "aside": aside,
            "signals": signals,
            "draws": [{"seat": d["seat"], "card": d["card"].to_json(), "round": d["round"]}
                      for d in self.draws] if self.deal_no == 1 else [],
            "hand_result": None if res is None else {
                "side": res["side"], "way": res["way"], "row": res["row"],
                "swapped": res["swapped"], "played": list(res["played"]),
                "way_text": ("the other side refused the truk bet" if res["way"] == "refused"
                             else WAYS_K7[res["way"]][1]),
                "way_number": None if res["way"] == "refused" else WAYS_K7[res["way"]][0]},
            "hand_log": [dict(h) for h in self.hand_log],
            "decisions": [dict(d) for d in self.decisions],
            "rank_order": [self.suits.rank_name(r) for r in RANK],
            "result": self.result() if self.finished else None,
        }

    # ---- for computer players (issue 15) ----
    payoff_unit = "truks"
    payoff_ahead = "its side gained"

    def payoff(self, seat):
        """A look-ahead player's number: its side's truks less the other side's (K15), with a
        little for a step towards the next truk: 0.1 a tanto held in the tanto phase (K10)
        and 0.15 an option left on a truk due (K12, K13)."""
        side = self.side_of(seat)
        value = self.truks[side] - self.truks[1 - side]
        if self.stake == "tanto":
            value += 0.1 * (self.tantos[side] - self.tantos[1 - side])
        if self.due is not None:
            value += (0.15 if self.due["side"] == side else -0.15) * self.due["options"]
        return value

    def sample_world(self, seat, rng):
        """A fork with every card ``seat`` cannot see dealt again at random: the other hands,
        the stock, the cards aside face down (K16, K18) and new cards drawn by another player
        who has not yet kept them. Kept: the seat's own cards, every card played, shown face
        up or set aside by the seat, the first draw's cards at the bottom of the stock (K11),
        and what the signals the seat saw say (K19: the engine refuses a false signal, so
        a signal is a hard fact about the signaller's cards at that moment; it is dropped
        once the signaller has changed cards since). Truk bets and their answers are soft
        information (a bet may be a bluff): the first worlds tried must fit them
        (:meth:`_bet_hints`); if none of 30 does, they are dropped. In itzu truk (KV3) the
        open hand is seen by everyone and is never dealt again, nor the cards it changed or
        drew; for the open hand's partner (who plays it) both hands are known."""
        from ...engine.sampling import deal_hidden, redact_deals
        world = self.fork()
        redact_deals(world, Action("deal"))
        if self._phase.key in ("deal", "over") or not any(self.hands):
            return world
        open_seat = self.open_seat
        if seat == open_seat:
            seat = OPEN_PARTNER       # who chooses for the open hand (KV3)
        seen = {seat, open_seat} if open_seat is not None else {seat}
        others = [s for s in range(self.n) if s not in seen]
        known = set(self.hands[seat])
        if open_seat is not None:
            known.update(self.hands[open_seat])
        for t in self.tricks:
            known.update(p.card for p in t.plays)
        if self.trick is not None:
            known.update(p.card for p in self.trick.plays)
        hidden_aside = []
        for i, a in enumerate(self.aside):
            if a["up"] or a["seat"] in seen:
                known.add(a["card"])
            else:
                hidden_aside.append(i)
        ex = self.exchange
        ex_new = ex_old = ()
        if ex is not None:
            if ex["seat"] in seen:
                known.update(ex["old"])
            else:
                ex_new = ex["new"]
                known.update(c for c in ex["old"] if c.rank not in ("2", "3"))
                ex_old = [c for c in ex["old"] if c.rank in ("2", "3")]
        stock_known = {}
        if self.deal_no == 1:
            draws = {d["card"] for d in self.draws}
            stock_known = {i: c for i, c in enumerate(self.stock) if c in draws}
            known.update(stock_known.values())
        pool = [c for c in _DECK if c not in known]
        places = [(s, len(self.hands[s]) - (len(ex_new) if ex is not None and ex["seat"] == s else 0))
                  for s in others]
        places += [("new", len(ex_new)), ("old", len(ex_old)), ("aside", len(hidden_aside)),
                   ("stock", len(self.stock) - len(stock_known))]
        signals = self._signal_facts(seat, others)

        def accept(deal):
            for s, what, played in signals:
                hand = deal[s] + (deal["new"] if ex is not None and ex["seat"] == s else [])
                if not self._signal_holds(what, hand + played):
                    return False
            return True

        hints = self._bet_hints(others)

        def prefer(deal):
            for s, played in hints:
                hand = deal[s] + (deal["new"] if ex is not None and ex["seat"] == s else [])
                if not any(c.rank in ("3", "2") for c in hand + played):
                    return False
            return True

        low = {"old": {c for c in pool if c.rank not in ("2", "3")}}   # face down: 2s and 3s
        deal = deal_hidden(pool, places, rng, forbid=low if ex_old else None,
                           accept=accept if signals else None, prefer=prefer if hints else None)
        for s in others:
            hand = deal[s]
            if ex is not None and ex["seat"] == s:
                hand = hand + deal["new"]
                fill = iter(deal["old"])
                world.exchange = dict(ex, new=list(deal["new"]), old=[
                    c if c.rank not in ("2", "3") else next(fill) for c in ex["old"]])
            hand.sort(key=_high_first)
            world.hands[s] = hand
            world._signal_keys[s] = _signal_key(hand)
        fill = iter(deal["aside"])
        for i in hidden_aside:
            world.aside[i] = dict(self.aside[i], card=next(fill))
        fill = iter(deal["stock"])
        world.stock = [stock_known[i] if i in stock_known else next(fill)
                       for i in range(len(self.stock))]
        return world

    def _bet_hints(self, others):
        """Soft information from this hand's truk bet (K17): the bettor, and the player who
        answered "Joka!", likely held a 3 or a 2 then. As ``(seat, cards played since)``."""
        bet = self.bet
        if bet is None:
            return []
        out = []
        for s in {bet["by"], bet["answer_by"] if bet["answer"] == "joka" else None}:
            if s is None or s not in others:
                continue
            played = [p.card for t in self.tricks[bet["trick"]:] for p in t.plays if p.seat == s]
            if self.trick is not None and len(self.tricks) >= bet["trick"]:
                played += [p.card for p in self.trick.plays if p.seat == s]
            out.append((s, played))
        return out

    def _signal_facts(self, seat, others):
        """The signals ``seat`` saw this hand, as ``(signaller, what, cards played since)``,
        for the signallers who have changed no cards since (K19)."""
        facts = []
        for sig in self.signals_seen_by(seat):
            s = sig["seat"]
            if s not in others:
                continue
            changed = any(a.kind == "change" and a.seat == s and a.cards
                          for a in self.actions[sig["step"]:])
            if changed:
                continue
            played = [p.card for t in self.tricks[sig["trick"]:] for p in t.plays if p.seat == s]
            if self.trick is not None:
                played += [p.card for p in self.trick.plays if p.seat == s]
            facts.append((s, sig["what"], played))
        return facts

    @staticmethod
    def _signal_holds(what, hand) -> bool:
        """K19: is the signal ``what`` true of ``hand``?"""
        rank, low, high = SIGNALS[what][2]
        if rank is None:
            return not any(c.rank in ("3", "2", "1") for c in hand)
        k = sum(1 for c in hand if c.rank == rank)
        return low <= k <= high


#: What :meth:`Truk._do` does with an action (after the partner's answer to a question,
#: K19, and a card played, K5): the kinds made in any phase (K19), else each phase's step
_DO_KIND = {"signal": Truk._do_signal, "ask_partner": Truk._do_ask_partner}
_DO_PHASE = {"deal": Truk._do_deal, "option": Truk._do_option, "pasotan": Truk._do_pasotan,
             "paso": Truk._do_paso, "answer": Truk._do_answer, "score": Truk._do_score,
             "play": Truk._do_play}
