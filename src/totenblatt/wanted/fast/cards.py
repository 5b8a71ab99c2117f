"""Cards as small integers: 0-51 suit by suit (clubs, spades, hearts, diamonds) from 2 to
ace, 52 the joker — the order of :func:`totenblatt.cards.full_deck`, so shuffling a list
of these numbers with the same generator gives the reference engine's order.

>>> [str(CARDS[c]) for c in (0, 12, 13, 51, JOKER)]
['2♣', 'A♣', '2♠', 'A♦', 'Joker']
>>> number(CARDS[30]) == 30, suit_of(0), suit_of(JOKER)
(True, 0, 4)
"""

from __future__ import annotations

from totenblatt.cards import JOKER as JOKER_CARD
from totenblatt.cards import Card, Rank, Suit

__all__ = ["CARDS", "CLUBS", "DIAMONDS", "HEARTS", "JOKER", "SPADES", "number", "suit_of"]

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
"""Suit numbers (the order of :class:`~totenblatt.cards.Suit`); the joker's is 4."""
JOKER = 52
"""The joker's number."""
CARDS: tuple[Card, ...] = (*(Card(rank, suit) for suit in Suit for rank in Rank), JOKER_CARD)
"""The card of every number."""
_NUMBER = {card: i for i, card in enumerate(CARDS)}
SUITS: tuple[int, ...] = tuple(min(i // 13, 4) for i in range(53))
"""The suit number of every card number (4: the joker)."""

assert [s for s in Suit] == [Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]


def number(card: Card) -> int:
    """The number of ``card``."""
    return _NUMBER[card]


def suit_of(card: int) -> int:
    """The suit number of card number ``card`` (4 for the joker)."""
    return SUITS[card]


def way(card: int) -> int:
    """How a card plays for its suit's role: its rank 0-12 (2 … ace), 13 for the joker."""
    return 13 if card == JOKER else card % 13
