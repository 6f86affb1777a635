"""Cards, suit systems, decks and rank orders shared by every game.

Three suit systems are used by our games:

* ``french``  -- spades, hearts, diamonds, clubs (♠ ♥ ♦ ♣); ranks A K Q J 10 … 6
* ``german``  -- acorns, leaves, hearts, bells; Daus, König, Ober, Unter, 10 … 6
* ``spanish`` -- coins, cups, swords, clubs; 1 (ace) … 9, sota 10, caballo 11, rey 12

A card is written ``RANK-SUIT``: ``"Q-acorns"`` is the Ober of acorns, ``"7-coins"``
the seven of coins (*siete de oros*).

>>> german = SUIT_SYSTEMS["german"]
>>> card = german.card("Q-acorns")
>>> card.name
'Queen of acorns'
>>> card.native
'Eichel-Ober'
>>> [c.code for c in make_deck("truc22")[:3]]
['1-swords', '1-clubs', '3-coins']
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ConfigError

__all__ = ["Card", "CardJSON", "SuitSystem", "SUIT_SYSTEMS", "DECKS", "make_deck", "RankOrder", "deal_problem"]


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card: a rank key, a suit key and the suit system they belong to.

    Cards are values: two cards with the same rank, suit and system are equal.
    """

    rank: str
    suit: str
    system: str = "french"
    _hash: int = field(init=False, repr=False, compare=False)
    #: Short code used in game records, e.g. ``"Q-acorns"`` (made once: the rules read it often)
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_hash", hash((self.rank, self.suit, self.system)))
        object.__setattr__(self, "code", f"{self.rank}-{self.suit}")

    def __eq__(self, other):
        if self is other:
            return True
        if other.__class__ is not Card:
            return NotImplemented
        return (self._hash == other._hash and self.rank == other.rank
                and self.suit == other.suit and self.system == other.system)

    def __hash__(self):
        return self._hash

    @property
    def _system(self) -> "SuitSystem":
        return SUIT_SYSTEMS[self.system]

    @property
    def name(self) -> str:
        """English name, e.g. ``"Queen of acorns"`` or ``"Knight of cups"``."""
        return self._system.name(self)

    @property
    def native(self) -> str:
        """Name in the suit system's own language (German, Spanish, French)."""
        return self._system.name(self, self._system.native_language)

    def name_in(self, language: str) -> str:
        """Name in one of the languages the suit system knows (``languages``)."""
        return self._system.name(self, language)

    @property
    def symbol(self) -> str:
        """Suit sign for drawing, e.g. ``"♥"``."""
        return self._system.symbols[self.suit]

    @property
    def index(self) -> str:
        """Corner index printed on the card, e.g. ``"O"`` for an Ober, ``"12"`` for a rey."""
        return self._system.indices.get(self.rank, self.rank)

    def to_json(self) -> dict:
        """The card as the widget draws it: code, rank, suit, names, index and suit sign (a
        :class:`CardJSON`, a dict of its own)."""
        items = _JSON_ITEMS.get(self)
        if items is None:
            items = _JSON_ITEMS[self] = (
                ("code", self.code), ("rank", self.rank), ("suit", self.suit),
                ("system", self.system), ("index", self.index), ("symbol", self.symbol),
                ("name", self.name), ("native", self.native))
        return CardJSON(items)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r}, {self.system!r})"


class CardJSON(dict):
    """A card in a view (:meth:`Card.to_json`): a plain dict for JSON and for comparing, of a
    class of its own so that whoever reads the view (the widget's frames) knows a card by
    its class alone."""

    __slots__ = ()


#: Each card → the items of its :meth:`Card.to_json` (its names are worked out once)
_JSON_ITEMS: dict = {}


class SuitSystem:
    """A family of suits and ranks with names in several languages."""

    def __init__(self, key, suits, ranks, symbols, indices, names, native_language):
        self.key = key
        self.suits = tuple(suits)
        self.ranks = tuple(ranks)
        self.symbols = dict(symbols)
        self.indices = dict(indices)
        self._names = names  # language -> {"suits": {...}, "ranks": {...}, "pattern": str}
        self.native_language = native_language
        self._cards = {(r, s): Card(r, s, key) for s in self.suits for r in self.ranks}

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self._names)

    def name(self, card: Card, language: str = "en") -> str:
        if language not in self._names:
            raise ConfigError(
                "language", f"{language!r} is not known for {self.key} cards; use one of "
                + ", ".join(self._names))
        words = self._names[language]
        return words["pattern"].format(
            rank=words["ranks"][card.rank], suit=words["suits"][card.suit])

    def suit_name(self, suit: str, language: str = "en") -> str:
        return self._names[language]["suits"][suit]

    def rank_name(self, rank: str, language: str = "en") -> str:
        return self._names[language]["ranks"][rank]

    def card(self, code: str) -> Card:
        """Parse ``"RANK-SUIT"``; raises :class:`ConfigError` naming the bad part."""
        if isinstance(code, Card):
            if code.system != self.key:
                raise ConfigError("card", f"{code!r:.60} is a {code.system!r:.20} card, not a "
                                  f"{self.key} card")
            if (code.rank, code.suit) not in self._cards:
                raise ConfigError("card", f"{code!r:.60} is not a {self.key} card")
            return code
        if not isinstance(code, str) or "-" not in code:
            raise ConfigError("card", f"{code!r:.40} is not a card; write RANK-SUIT, e.g. "
                              f"{self.ranks[0]}-{self.suits[0]}")
        rank, _, suit = code.partition("-")
        if suit not in self.suits:
            raise ConfigError("card", f"{code!r:.40}: {suit!r:.30} is not a {self.key} suit "
                              f"({', '.join(self.suits)})")
        if rank not in self.ranks:
            raise ConfigError("card", f"{code!r:.40}: {rank!r:.20} is not a {self.key} rank "
                              f"({', '.join(self.ranks)})")
        return self._cards[(rank, suit)]

    def __repr__(self) -> str:
        return f"SuitSystem({self.key!r})"


_FRENCH_RANKS_EN = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten",
                    "9": "Nine", "8": "Eight", "7": "Seven", "6": "Six"}

SUIT_SYSTEMS: dict[str, SuitSystem] = {
    "french": SuitSystem(
        "french",
        suits=("clubs", "spades", "hearts", "diamonds"),
        ranks=("A", "K", "Q", "J", "10", "9", "8", "7", "6"),
        symbols={"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"},
        indices={},
        names={
            "en": {"pattern": "{rank} of {suit}", "ranks": _FRENCH_RANKS_EN,
                   "suits": {"clubs": "clubs", "spades": "spades", "hearts": "hearts",
                             "diamonds": "diamonds"}},
            "fr": {"pattern": "{rank} de {suit}",
                   "ranks": {"A": "As", "K": "Roi", "Q": "Dame", "J": "Valet", "10": "Dix",
                             "9": "Neuf", "8": "Huit", "7": "Sept", "6": "Six"},
                   "suits": {"clubs": "trèfle", "spades": "pique", "hearts": "cœur",
                             "diamonds": "carreau"}},
            "fi": {"pattern": "{suit}{rank}",
                   "ranks": {"A": "ässä", "K": "kuningas", "Q": "rouva", "J": "sotamies",
                             "10": "kymppi", "9": "ysi", "8": "kasi", "7": "seiska",
                             "6": "kutonen"},
                   "suits": {"clubs": "risti", "spades": "pata", "hearts": "hertta",
                             "diamonds": "ruutu"}},
        },
        native_language="fr",
    ),
    "german": SuitSystem(
        "german",
        suits=("acorns", "leaves", "hearts", "bells"),
        ranks=("A", "K", "Q", "J", "10", "9", "8", "7", "6"),
        symbols={"acorns": "♣", "leaves": "♠", "hearts": "♥", "bells": "♦"},
        indices={"A": "A", "Q": "O", "J": "U"},
        names={
            # English names keep the roles the cards play in Poch: the Daus is the Ace,
            # the Ober the Queen and the Unter the Jack.
            "en": {"pattern": "{rank} of {suit}", "ranks": _FRENCH_RANKS_EN,
                   "suits": {"acorns": "acorns", "leaves": "leaves", "hearts": "hearts",
                             "bells": "bells"}},
            "de": {"pattern": "{suit}-{rank}",
                   "ranks": {"A": "Daus", "K": "König", "Q": "Ober", "J": "Unter", "10": "Zehn",
                             "9": "Neun", "8": "Acht", "7": "Sieben", "6": "Sechs"},
                   "suits": {"acorns": "Eichel", "leaves": "Grün", "hearts": "Herz",
                             "bells": "Schellen"}},
            "fi": {"pattern": "{suit} {rank}",
                   "ranks": {"A": "ässä", "K": "kuningas", "Q": "rouva", "J": "sotamies",
                             "10": "kymppi", "9": "ysi", "8": "kasi", "7": "seiska",
                             "6": "kutonen"},
                   "suits": {"acorns": "tammenterho", "leaves": "lehti", "hearts": "sydän",
                             "bells": "kulkunen"}},
            "eu": {"pattern": "{suit} {rank}",
                   "ranks": {"A": "1ekoa", "K": "erregea", "Q": "andere", "J": "xangoa",
                             "10": "10ekoa", "9": "9koa", "8": "8koa", "7": "7koa", "6": "6koa"},
                   "suits": {"acorns": "ezkurretako", "leaves": "hostoetako",
                             "hearts": "bihotzetako", "bells": "kaskabiloetako"}},
        },
        native_language="de",
    ),
    "spanish": SuitSystem(
        "spanish",
        suits=("coins", "cups", "swords", "clubs"),
        ranks=("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"),
        symbols={"coins": "●", "cups": "♥", "swords": "⚔", "clubs": "♣"},
        indices={},
        names={
            "en": {"pattern": "{rank} of {suit}",
                   "ranks": {"1": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five",
                             "6": "Six", "7": "Seven", "8": "Eight", "9": "Nine",
                             "10": "Jack", "11": "Knight", "12": "King"},
                   "suits": {"coins": "coins", "cups": "cups", "swords": "swords",
                             "clubs": "clubs"}},
            "es": {"pattern": "{rank} de {suit}",
                   "ranks": {"1": "as", "2": "dos", "3": "tres", "4": "cuatro", "5": "cinco",
                             "6": "seis", "7": "siete", "8": "ocho", "9": "nueve",
                             "10": "sota", "11": "caballo", "12": "rey"},
                   "suits": {"coins": "oros", "cups": "copas", "swords": "espadas",
                             "clubs": "bastos"}},
            "ca": {"pattern": "{rank} de {suit}",
                   "ranks": {"1": "as", "2": "dos", "3": "tres", "4": "quatre", "5": "cinc",
                             "6": "sis", "7": "set", "8": "vuit", "9": "nou",
                             "10": "sota", "11": "cavall", "12": "rei"},
                   "suits": {"coins": "oros", "cups": "copes", "swords": "espases",
                             "clubs": "bastos"}},
            "eu": {"pattern": "{suit} {rank}",
                   "ranks": {"1": "batekoa", "2": "bikoa", "3": "hirukoa", "4": "laukoa",
                             "5": "bostekoa", "6": "seikoa", "7": "zazpikoa", "8": "zortzikoa",
                             "9": "bederatzikoa", "10": "txanka", "11": "zaldia",
                             "12": "erregea"},
                   "suits": {"coins": "urreko", "cups": "kopako", "swords": "ezpatako",
                             "clubs": "bastoiko"}},
        },
        native_language="es",
    ),
}


def _deck(system: str, ranks, suits=None, exclude=()) -> list[Card]:
    sysobj = SUIT_SYSTEMS[system]
    suits = suits or sysobj.suits
    excluded = set(exclude)
    return [sysobj.card(f"{r}-{s}") for s in suits for r in ranks
            if f"{r}-{s}" not in excluded]


#: The decks our games use, by name: suit system, ranks and any cards left out.
DECKS: dict[str, dict] = {
    "german32": {"system": "german", "ranks": ("A", "K", "Q", "J", "10", "9", "8", "7")},
    "german36": {"system": "german", "ranks": ("A", "K", "Q", "J", "10", "9", "8", "7", "6")},
    "french32": {"system": "french", "ranks": ("A", "K", "Q", "J", "10", "9", "8", "7")},
    "french36": {"system": "french", "ranks": ("A", "K", "Q", "J", "10", "9", "8", "7", "6")},
    "spanish40": {"system": "spanish",
                  "ranks": ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")},
    "spanish48": {"system": "spanish",
                  "ranks": ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")},
    "spanish36": {"system": "spanish",  # the 40-card deck without the 2s (Pocha, 3 players)
                  "ranks": ("1", "3", "4", "5", "6", "7", "10", "11", "12")},
    # Valencian truc: no figures, no 2s, and no aces of coins and cups (22 cards).
    "truc22": {"system": "spanish", "ranks": ("1", "3", "4", "5", "6", "7"),
               "suits": ("swords", "clubs", "coins", "cups"),
               "exclude": ("1-coins", "1-cups")},
}


def make_deck(name: str) -> list[Card]:
    """A fresh, ordered list of the cards of a named deck (see :data:`DECKS`)."""
    if name not in DECKS:
        raise ConfigError("deck", f"{name!r} is not a deck we know; use one of {', '.join(DECKS)}")
    spec = DECKS[name]
    if name == "truc22":
        cards = _deck("spanish", ("1",), ("swords", "clubs"))
        cards += _deck("spanish", ("3", "4", "5", "6", "7"))
        return cards
    return _deck(spec["system"], spec["ranks"], spec.get("suits"), spec.get("exclude", ()))


def deal_problem(cards, deck):
    """Why ``cards`` is not ``deck`` in some order, for a game to put in its own words:
    ``None`` if it is, else ``(problem, detail)`` with problem ``"count"`` (detail: how many
    cards were given), ``"stranger"`` (a card not in the deck), ``"twice"`` or ``"missing"``.

    >>> deck = make_deck("german32")
    >>> deal_problem(deck[::-1], deck) is None
    True
    >>> deal_problem(deck[:-1] + deck[:1], deck)[0]
    'twice'
    """
    if len(cards) != len(deck):
        return "count", len(cards)
    members, seen = set(deck), set()
    for card in cards:
        if card not in members:
            return "stranger", card
        if card in seen:
            return "twice", card
        seen.add(card)
    return None  # as many cards as the deck, all of it, none twice: nothing can be missing


class RankOrder:
    """A game's order of ranks, highest first; suits are compared only where a game says so.

    >>> poch = RankOrder(["A", "K", "Q", "J", "10", "9", "8", "7"])
    >>> poch.value("A") > poch.value("K")
    True
    """

    def __init__(self, high_to_low):
        self.high_to_low = tuple(high_to_low)
        n = len(self.high_to_low)
        self._value = {r: n - i for i, r in enumerate(self.high_to_low)}

    def value(self, card_or_rank) -> int:
        rank = card_or_rank.rank if isinstance(card_or_rank, Card) else card_or_rank
        return self._value[rank]

    def higher(self, card_or_rank):
        """The rank just above, or ``None`` at the top."""
        rank = card_or_rank.rank if isinstance(card_or_rank, Card) else card_or_rank
        i = self.high_to_low.index(rank)
        return self.high_to_low[i - 1] if i > 0 else None

    def __contains__(self, rank) -> bool:
        return rank in self._value

    def __repr__(self) -> str:
        return f"RankOrder({list(self.high_to_low)!r})"
