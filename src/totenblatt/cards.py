"""Playing cards: suits, ranks, frozen cards that round-trip through text, and decks.

A :class:`Card` is a value. Its canonical text is short (``Q♠``, ``10♥``,
``Joker``) and :meth:`Card.parse` reads that back, as well as ASCII
(``QS``, ``th``), English words (``queen of spades``) and German
(``Pik-Dame``, ``Herz 4``, ``Kreuz-As``).

>>> Card.parse("Pik-Dame") == Card.parse("QS") == Card.parse("Q♠")
True
>>> str(Card.parse("karo 10")), Card.parse("Herz 4").german
('10♦', 'Herz-4')
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from totenblatt.messages import Message, MessageError

__all__ = [
    "JOKER",
    "Card",
    "CardLike",
    "CardParseError",
    "Deck",
    "EmptyDeckError",
    "InvalidCardError",
    "Rank",
    "Suit",
    "Tier",
    "full_deck",
    "to_card",
]


class CardParseError(MessageError):
    """Text that is not a card."""


class InvalidCardError(MessageError):
    """A :class:`Card` built from a rank and a suit that make no card (one without the other)."""


class EmptyDeckError(ValueError):
    """A draw from a deck with no cards left to draw."""


class Suit(StrEnum):
    """The four French suits (Farben); in Wanted each has a role."""

    CLUBS = "clubs"
    """Kreuz — movement."""
    SPADES = "spades"
    """Pik — attack."""
    HEARTS = "hearts"
    """Herz — defence."""
    DIAMONDS = "diamonds"
    """Karo — initiative."""

    @property
    def symbol(self) -> str:
        """The suit sign: ♣ ♠ ♥ ♦."""
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        """The ASCII letter: C S H D."""
        return _SUIT_LETTER[self]

    @property
    def german(self) -> str:
        """The German name: Kreuz, Pik, Herz, Karo."""
        return _SUIT_GERMAN[self]


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_LETTER = {Suit.CLUBS: "C", Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D"}
_SUIT_GERMAN = {Suit.CLUBS: "Kreuz", Suit.SPADES: "Pik", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Karo"}


class Rank(IntEnum):
    """Card ranks in poker order (ace high). Game values live in the rulesets."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """Short label: 2 … 10, J, Q, K, A."""
        return _RANK_LABEL[self]

    @property
    def german(self) -> str:
        """German label: 2 … 10, Bube, Dame, König, As."""
        return _RANK_GERMAN.get(self, str(int(self)))

    @property
    def english(self) -> str:
        """English word for pictures and ace, digits otherwise."""
        return _RANK_ENGLISH.get(self, str(int(self)))

    @property
    def is_picture(self) -> bool:
        """Jack, queen or king (Bildkarte)."""
        return Rank.JACK <= self <= Rank.KING


_RANK_LABEL = {r: str(int(r)) for r in Rank if r <= Rank.TEN} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_GERMAN = {Rank.JACK: "Bube", Rank.QUEEN: "Dame", Rank.KING: "König", Rank.ACE: "As"}
_RANK_ENGLISH = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}


class Tier(IntEnum):
    """The four damage tiers of Wanted (A10): no card < number < picture < ace."""

    NO_CARD = 0
    NUMBER = 1
    PICTURE = 2
    ACE = 3


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; a joker has neither rank nor suit.

    >>> Card(Rank.QUEEN, Suit.SPADES)
    Card('Q♠')
    >>> Card.parse("joker").is_joker
    True
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        """A rank and a suit, or neither (a joker): else InvalidCardError."""
        if (self.rank is None) != (self.suit is None):
            raise InvalidCardError(
                f"a card has both a rank and a suit, or neither (a joker); "
                f"got rank={self.rank!r}, suit={self.suit!r}"
            )

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    def __str__(self) -> str:
        """The card as a player writes it: ``Q♠``, or ``Joker``."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        """``Card('Q♠')``."""
        return f"Card({str(self)!r})"

    @property
    def ascii(self) -> str:
        """ASCII text: ``QS``, ``10H``, ``Joker``."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return f"{self.rank.label}{self.suit.letter}"

    @property
    def german(self) -> str:
        """German name: ``Pik-Dame``, ``Herz-4``, ``Joker``."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return f"{self.suit.german}-{self.rank.german}"

    @property
    def english(self) -> str:
        """English name: ``queen of spades``, ``4 of hearts``, ``joker``."""
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.english} of {self.suit.value}"

    def name(self, lang: str = "en") -> str:
        """The card's name in ``en`` or ``de``."""
        return self.german if lang == "de" else self.english

    @property
    def tier(self) -> Tier:
        """Damage tier (A10) without abilities; a joker has no tier of its own."""
        if self.rank is None:
            raise ValueError("a joker has no damage tier")
        if self.rank is Rank.ACE:
            return Tier.ACE
        return Tier.PICTURE if self.rank.is_picture else Tier.NUMBER

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text in any accepted form (see module docstring).

        >>> Card.parse("Kreuz-As"), Card.parse("th"), Card.parse("10 of diamonds")
        (Card('A♣'), Card('10♥'), Card('10♦'))
        """
        if not isinstance(text, str):
            raise CardParseError(Message("expected a card, got {value}", value=repr(text)))
        card = _BY_TEXT.get(text) or _parse(text)
        if card is None:
            raise CardParseError(
                Message(
                    "{text} is not a card: expected e.g. Q♠, QS, Pik-Dame or Joker",
                    text=repr(text.strip()),
                )
            )
        return card


JOKER = Card(None, None)

CardLike = Card | str
"""A card or any text :meth:`Card.parse` accepts."""

ACCEPTED_FORMS = (
    "expected a rank 2-10, J, Q, K or A with a suit sign or letter (Q♠, QS, 10♥, TH), "
    "English words (queen of spades), German (Pik-Dame, Herz 4, Kreuz-As, Karo 10) "
    "or 'Joker'"
)

_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _word in (_suit.symbol, _suit.letter, _suit.value, _suit.value[:-1], _suit.german):
        _SUIT_WORDS[_word.lower()] = _suit
for _sym, _suit in (
    ("♧", Suit.CLUBS),
    ("♤", Suit.SPADES),
    ("♡", Suit.HEARTS),
    ("♢", Suit.DIAMONDS),
):
    _SUIT_WORDS[_sym] = _suit
_SUIT_WORDS["caro"] = Suit.DIAMONDS
_SUIT_WORDS["treff"] = Suit.CLUBS

_RANK_WORDS: dict[str, Rank] = {str(int(r)): r for r in Rank if r <= Rank.TEN}
_RANK_WORDS |= {
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
    "jack": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "ace": Rank.ACE,
    "bube": Rank.JACK,
    "dame": Rank.QUEEN,
    "könig": Rank.KING,
    "koenig": Rank.KING,
    "as": Rank.ACE,
    "ass": Rank.ACE,
    "zwei": Rank.TWO,
    "drei": Rank.THREE,
    "vier": Rank.FOUR,
    "fünf": Rank.FIVE,
    "fuenf": Rank.FIVE,
    "sechs": Rank.SIX,
    "sieben": Rank.SEVEN,
    "acht": Rank.EIGHT,
    "neun": Rank.NINE,
    "zehn": Rank.TEN,
    "two": Rank.TWO,
    "three": Rank.THREE,
    "four": Rank.FOUR,
    "five": Rank.FIVE,
    "six": Rank.SIX,
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
}
_JOKER_WORDS = {"joker", "jk", "🃏", "*"}
_COMPACT = re.compile(r"^(10|[2-9tjqka])([♣♠♥♦♧♤♡♢cshd])$")
_COMPACT_SUIT_FIRST = re.compile(r"^([♣♠♥♦♧♤♡♢])(10|[2-9tjqka])$")


def _parse(text: str) -> Card | None:
    s = text.strip().lower()
    if s in _JOKER_WORDS:
        return JOKER
    m = _COMPACT.match(s)
    if m:
        return Card(_RANK_WORDS[m.group(1)], _SUIT_WORDS[m.group(2)])
    m = _COMPACT_SUIT_FIRST.match(s)
    if m:
        return Card(_RANK_WORDS[m.group(2)], _SUIT_WORDS[m.group(1)])
    words = [w for w in re.split(r"[\s\-_]+", s) if w and w != "of"]
    if len(words) != 2:
        return None
    a, b = words
    if a in _RANK_WORDS and b in _SUIT_WORDS:
        return Card(_RANK_WORDS[a], _SUIT_WORDS[b])
    if a in _SUIT_WORDS and b in _RANK_WORDS:
        return Card(_RANK_WORDS[b], _SUIT_WORDS[a])
    return None


def to_card(card: CardLike) -> Card:
    """Normalise a :data:`CardLike` to a :class:`Card`."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def full_deck(jokers: int = 2) -> list[Card]:
    """The 52 French cards in suit and rank order, then ``jokers`` jokers.

    >>> len(full_deck()), len(full_deck(jokers=0))
    (54, 52)
    """
    if jokers < 0:
        raise ValueError(f"jokers must be >= 0, got {jokers!r}")
    return [Card(rank, suit) for suit in Suit for rank in Rank] + [JOKER] * jokers


_BY_TEXT: dict[str, Card] = {str(card): card for card in full_deck(jokers=1)}
"""Each card by its own text (``str(card)``): how views and saves write it, read without a
parse."""


class Deck:
    """A draw pile and a discard pile, shuffled only by the ``random.Random`` passed in.

    The top of the draw pile is the end of :attr:`draw_pile`.

    >>> deck = Deck.standard(random.Random(1), jokers=2)
    >>> hand = deck.draw(5)
    >>> len(hand), len(deck), len(deck.discard_pile)
    (5, 49, 0)
    """

    def __init__(self, cards: Iterable[Card], rng: random.Random) -> None:
        self.draw_pile: list[Card] = list(cards)
        self.discard_pile: list[Card] = []
        self.rng = rng

    @classmethod
    def standard(
        cls, rng: random.Random, *, decks: int = 1, jokers: int = 2, shuffle: bool = True
    ) -> Deck:
        """``decks`` French decks with ``jokers`` jokers each, shuffled by ``rng``."""
        if decks < 1:
            raise ValueError(f"decks must be >= 1, got {decks!r}")
        deck = cls([c for _ in range(decks) for c in full_deck(jokers)], rng)
        if shuffle:
            deck.shuffle()
        return deck

    def __len__(self) -> int:
        """Cards left in the draw pile."""
        return len(self.draw_pile)

    def __iter__(self) -> Iterator[Card]:
        """The draw pile's cards, bottom first (:meth:`draw` takes them from the end)."""
        return iter(self.draw_pile)

    def shuffle(self) -> None:
        """Shuffle the draw pile."""
        self.rng.shuffle(self.draw_pile)

    def draw(self, n: int = 1, *, refill: bool = True) -> list[Card]:
        """Draw ``n`` cards from the top; with ``refill`` empty means: shuffle the discards in."""
        if n < 0:
            raise ValueError(f"cannot draw {n!r} cards")
        available = len(self.draw_pile) + (len(self.discard_pile) if refill else 0)
        if n > available:
            raise EmptyDeckError(f"cannot draw {n} cards: only {available} left to draw")
        out: list[Card] = []
        for _ in range(n):
            if not self.draw_pile:
                self.reshuffle_discards()
            out.append(self.draw_pile.pop())
        return out

    def deal(self, hands: int, size: int) -> list[list[Card]]:
        """Deal ``size`` cards to each of ``hands`` hands, one at a time round the table."""
        available = len(self.draw_pile) + len(self.discard_pile)
        if hands * size > available:
            raise EmptyDeckError(
                f"cannot deal {size} cards to {hands} hands: only {available} left to draw"
            )
        dealt: list[list[Card]] = [[] for _ in range(hands)]
        for _ in range(size):
            for hand in dealt:
                hand.extend(self.draw(1))
        return dealt

    def discard(self, *cards: Card) -> None:
        """Put cards face up on the discard pile."""
        self.discard_pile.extend(cards)

    def reshuffle_discards(self) -> None:
        """Shuffle the discard pile under the remaining draw pile."""
        pile = self.discard_pile
        self.discard_pile = []
        self.rng.shuffle(pile)
        self.draw_pile[:0] = pile

    def gather(self, *piles: list[Card]) -> None:
        """Return the given piles (emptied in place) and the discards, then shuffle everything."""
        for pile in piles:
            self.draw_pile.extend(pile)
            pile.clear()
        self.draw_pile.extend(self.discard_pile)
        self.discard_pile = []
        self.shuffle()
