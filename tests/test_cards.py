"""Cards: text round-trips, the accepted forms, bad text, and decks (A1, D-1, D-2, D-3)."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.cards import (
    JOKER,
    Card,
    CardParseError,
    Deck,
    EmptyDeckError,
    InvalidCardError,
    Rank,
    Suit,
    Tier,
    full_deck,
    to_card,
)

ALL_CARDS = full_deck(jokers=2)
UNIQUE_CARDS = list(dict.fromkeys(ALL_CARDS))


def c(rank: Rank, suit: Suit) -> Card:
    return Card(rank, suit)


# -- the cards themselves --------------------------------------------------------------------


def test_full_deck_has_52_french_cards_and_the_jokers() -> None:
    assert len(ALL_CARDS) == 54
    assert ALL_CARDS.count(JOKER) == 2
    assert len(set(ALL_CARDS)) == 53
    assert Counter(card.suit for card in ALL_CARDS if not card.is_joker) == dict.fromkeys(Suit, 13)
    assert [len(full_deck(jokers=n)) for n in range(5)] == [52, 53, 54, 55, 56]


def test_full_deck_refuses_negative_jokers() -> None:
    with pytest.raises(ValueError, match="-1"):
        full_deck(jokers=-1)


@pytest.mark.parametrize("card", ALL_CARDS, ids=[f"{i}-{c.ascii}" for i, c in enumerate(ALL_CARDS)])
@pytest.mark.parametrize(
    "form",
    [str, lambda c: c.ascii, lambda c: c.german, lambda c: c.english, lambda c: c.ascii.lower()],
    ids=["canonical", "ascii", "german", "english", "ascii-lower"],
)
def test_every_card_round_trips_through_text(card: Card, form: object) -> None:
    assert callable(form)
    assert Card.parse(form(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q♠", c(Rank.QUEEN, Suit.SPADES)),
        ("QS", c(Rank.QUEEN, Suit.SPADES)),
        ("qs", c(Rank.QUEEN, Suit.SPADES)),
        ("  Qs  ", c(Rank.QUEEN, Suit.SPADES)),
        ("♠Q", c(Rank.QUEEN, Suit.SPADES)),
        ("queen of spades", c(Rank.QUEEN, Suit.SPADES)),
        ("Pik-Dame", c(Rank.QUEEN, Suit.SPADES)),
        ("Pik Dame", c(Rank.QUEEN, Suit.SPADES)),
        ("Dame Pik", c(Rank.QUEEN, Suit.SPADES)),
        ("10♥", c(Rank.TEN, Suit.HEARTS)),
        ("10H", c(Rank.TEN, Suit.HEARTS)),
        ("TH", c(Rank.TEN, Suit.HEARTS)),
        ("th", c(Rank.TEN, Suit.HEARTS)),
        ("ten of hearts", c(Rank.TEN, Suit.HEARTS)),
        ("Herz 4", c(Rank.FOUR, Suit.HEARTS)),
        ("Herz-4", c(Rank.FOUR, Suit.HEARTS)),
        ("4♡", c(Rank.FOUR, Suit.HEARTS)),
        ("Kreuz-As", c(Rank.ACE, Suit.CLUBS)),
        ("Kreuz Ass", c(Rank.ACE, Suit.CLUBS)),
        ("ace of clubs", c(Rank.ACE, Suit.CLUBS)),
        ("AC", c(Rank.ACE, Suit.CLUBS)),
        ("Karo 10", c(Rank.TEN, Suit.DIAMONDS)),
        ("Karo Zehn", c(Rank.TEN, Suit.DIAMONDS)),
        ("10 of diamonds", c(Rank.TEN, Suit.DIAMONDS)),
        ("Pik König", c(Rank.KING, Suit.SPADES)),
        ("pik koenig", c(Rank.KING, Suit.SPADES)),
        ("Herz Bube", c(Rank.JACK, Suit.HEARTS)),
        ("2♣", c(Rank.TWO, Suit.CLUBS)),
        ("Joker", JOKER),
        ("joker", JOKER),
        ("JOKER", JOKER),
    ],
    ids=lambda v: v if isinstance(v, str) else repr(v),
)
def test_accepted_forms(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    ["", "   ", "Q", "S", "11♠", "1S", "QX", "Q♠♠", "Pik", "Pik-Dame-Dame", "queen of", "ZS",
     "Joker Joker", "10", "Herz 11", "0H", "QS QS"],
)  # fmt: skip
def test_bad_text_raises_card_parse_error_naming_the_text(text: str) -> None:
    with pytest.raises(
        CardParseError, match=f"{re.escape(repr(text.strip()))} is not a card"
    ) as info:
        Card.parse(text)
    assert repr(text.strip()) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [12, None, b"QS"], ids=["int", "none", "bytes"])
def test_parse_refuses_non_text(value: object) -> None:
    with pytest.raises(CardParseError, match=f"expected a card, got {re.escape(repr(value))}"):
        Card.parse(value)  # type: ignore[arg-type]


@given(st.text())
def test_arbitrary_text_parses_to_a_round_tripping_card_or_raises_card_parse_error(
    text: str,
) -> None:
    try:
        card = Card.parse(text)
    except CardParseError:
        return
    assert Card.parse(str(card)) == card


_TOKENS = ["Q", "10", "t", "A", "as", "Dame", "Pik", "herz", "♠", "S", "of", "joker", "x", "1"]


@given(st.lists(st.sampled_from(_TOKENS), max_size=4), st.sampled_from(["", " ", "-", "_"]))
def test_card_like_text_parses_to_a_round_tripping_card_or_raises(
    tokens: list[str], sep: str
) -> None:
    text = sep.join(tokens)
    try:
        card = Card.parse(text)
    except CardParseError as exc:
        assert repr(text) in str(exc)
        return
    assert Card.parse(str(card)) == card
    assert Card.parse(card.ascii) == card


def test_rank_and_suit_must_come_together() -> None:
    with pytest.raises(InvalidCardError, match=r"rank=<Rank.TWO: 2>, suit=None"):
        Card(Rank.TWO, None)
    with pytest.raises(InvalidCardError, match=r"rank=None, suit=<Suit.HEARTS: 'hearts'>"):
        Card(None, Suit.HEARTS)
    assert not issubclass(InvalidCardError, CardParseError)  # building is not parsing
    assert issubclass(InvalidCardError, ValueError)


def test_cards_are_frozen_hashable_values() -> None:
    card = Card.parse("QS")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'rank'"):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {Card.parse("QS"), Card.parse("Pik-Dame"), Card.parse("Q♠")} == {card}
    assert repr(card) == "Card('Q♠')"


@pytest.mark.parametrize(
    ("text", "canonical", "ascii", "german", "english"),
    [
        ("QS", "Q♠", "QS", "Pik-Dame", "queen of spades"),
        ("th", "10♥", "10H", "Herz-10", "10 of hearts"),
        ("Kreuz-As", "A♣", "AC", "Kreuz-As", "ace of clubs"),
        ("karo könig", "K♦", "KD", "Karo-König", "king of diamonds"),
        ("2h", "2♥", "2H", "Herz-2", "2 of hearts"),
        ("joker", "Joker", "Joker", "Joker", "joker"),
    ],
    ids=["queen", "ten", "ace", "king", "two", "joker"],
)
def test_card_names(text: str, canonical: str, ascii: str, german: str, english: str) -> None:
    card = Card.parse(text)
    assert (str(card), card.ascii, card.german, card.english) == (
        canonical,
        ascii,
        german,
        english,
    )
    assert card.name("de") == german
    assert card.name("en") == english


@pytest.mark.parametrize(
    ("text", "tier"),
    [("2S", Tier.NUMBER), ("10S", Tier.NUMBER), ("JS", Tier.PICTURE), ("QH", Tier.PICTURE),
     ("KD", Tier.PICTURE), ("AC", Tier.ACE)],
)  # fmt: skip
def test_tier(text: str, tier: Tier) -> None:
    assert Card.parse(text).tier is tier


def test_tier_order_and_joker_has_none() -> None:
    assert Tier.NO_CARD < Tier.NUMBER < Tier.PICTURE < Tier.ACE
    with pytest.raises(ValueError, match="joker"):
        _ = JOKER.tier


def test_rank_order_is_poker_order() -> None:
    assert sorted(Rank)[0] is Rank.TWO
    assert int(Rank.ACE) == 14
    assert [r.label for r in Rank][-4:] == ["J", "Q", "K", "A"]
    assert [r for r in Rank if r.is_picture] == [Rank.JACK, Rank.QUEEN, Rank.KING]


def test_to_card_accepts_cards_and_text() -> None:
    card = Card.parse("QS")
    assert to_card(card) is card
    assert to_card("Pik-Dame") == card
    with pytest.raises(CardParseError, match="'nope'"):
        to_card("nope")


# -- decks ------------------------------------------------------------------------------------


def everything(deck: Deck, *hands: list[Card]) -> Counter[Card]:
    """The multiset of every card in the deck, its discard pile and the given hands."""
    counts = Counter(deck.draw_pile) + Counter(deck.discard_pile)
    for hand in hands:
        counts += Counter(hand)
    return counts


def test_seeded_shuffle_is_reproducible() -> None:
    one = Deck.standard(random.Random(42))
    two = Deck.standard(random.Random(42))
    other = Deck.standard(random.Random(43))
    assert one.draw_pile == two.draw_pile
    assert one.draw(10) == two.draw(10)
    assert one.draw_pile != other.draw_pile
    assert everything(other) == Counter(ALL_CARDS)


def test_unshuffled_standard_deck_keeps_the_order_and_draws_from_the_end() -> None:
    deck = Deck.standard(random.Random(0), jokers=0, shuffle=False)
    assert deck.draw_pile == full_deck(jokers=0)
    assert deck.draw() == [full_deck(jokers=0)[-1]]
    assert len(deck) == 51
    assert list(deck) == deck.draw_pile


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("jokers", [0, 1, 2, 4])
def test_any_number_of_decks_and_jokers(decks: int, jokers: int) -> None:
    deck = Deck.standard(random.Random(decks * 10 + jokers), decks=decks, jokers=jokers)
    assert len(deck) == decks * (52 + jokers)
    counts = Counter(deck.draw_pile)
    assert counts[JOKER] == decks * jokers
    assert all(counts[card] == decks for card in full_deck(jokers=0))


def test_deck_count_must_be_positive() -> None:
    with pytest.raises(ValueError, match="0"):
        Deck.standard(random.Random(1), decks=0)


def test_deal_goes_round_the_table_one_card_at_a_time() -> None:
    cards = full_deck(jokers=0)
    deck = Deck(cards, random.Random(1))
    hands = deck.deal(3, 2)
    assert hands == [[cards[-1], cards[-4]], [cards[-2], cards[-5]], [cards[-3], cards[-6]]]
    assert len(deck) == 46


def test_draw_refills_from_the_discards_and_conserves_cards() -> None:
    deck = Deck.standard(random.Random(5), jokers=2)
    hand = deck.draw(50)
    deck.discard(*hand[:20])
    del hand[:20]
    drawn = deck.draw(10)  # 4 from the pile, then the 20 discards are shuffled in
    assert len(deck) == 14
    assert deck.discard_pile == []
    assert everything(deck, hand, drawn) == Counter(ALL_CARDS)


def test_reshuffle_puts_the_discards_under_the_draw_pile() -> None:
    deck = Deck.standard(random.Random(9))
    discards = deck.draw(10)
    top = deck.draw_pile[-5:]
    deck.discard(*discards)
    deck.reshuffle_discards()
    assert deck.discard_pile == []
    assert deck.draw_pile[-5:] == top
    assert Counter(deck.draw_pile[:10]) == Counter(discards)


def test_gather_returns_every_pile_and_empties_them() -> None:
    deck = Deck.standard(random.Random(3), decks=2, jokers=1)
    hands = deck.deal(4, 5)
    deck.discard(*deck.draw(7))
    deck.gather(*hands)
    assert all(hand == [] for hand in hands)
    assert deck.discard_pile == []
    assert Counter(deck.draw_pile) == Counter(full_deck(jokers=1) * 2)


def test_empty_deck_error() -> None:
    deck = Deck(full_deck(jokers=0)[:3], random.Random(1))
    with pytest.raises(EmptyDeckError, match="cannot draw 4 cards: only 3 left"):
        deck.draw(4)
    assert issubclass(EmptyDeckError, ValueError)


def test_a_failed_draw_leaves_the_deck_as_it_was() -> None:
    cards = full_deck(jokers=0)[:3]
    deck = Deck(cards, random.Random(1))
    with pytest.raises(EmptyDeckError, match="cannot draw 4 cards: only 3 left to draw"):
        deck.draw(4)
    assert deck.draw_pile == cards  # no card may vanish with the exception
    assert deck.discard_pile == []


def test_a_failed_deal_leaves_the_deck_as_it_was() -> None:
    cards = full_deck(jokers=0)[:7]
    deck = Deck(cards, random.Random(1))
    with pytest.raises(EmptyDeckError, match="cannot deal 4 cards to 2 hands: only 7 left"):
        deck.deal(2, 4)
    assert deck.draw_pile == cards


def test_draw_without_refill_stops_at_an_empty_pile() -> None:
    deck = Deck(full_deck(jokers=0)[:2], random.Random(1))
    deck.discard(*deck.draw(2))
    with pytest.raises(EmptyDeckError, match="cannot draw 1 cards: only 0 left to draw"):
        deck.draw(1, refill=False)
    assert deck.draw(1) != []  # with refill the discards come back


def test_negative_draw_is_refused() -> None:
    with pytest.raises(ValueError, match="-1"):
        Deck.standard(random.Random(1)).draw(-1)


_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 8)),
        st.tuples(st.just("deal"), st.integers(1, 4)),
        st.tuples(st.just("discard"), st.integers(0, 8)),
        st.tuples(st.just("reshuffle"), st.just(0)),
        st.tuples(st.just("gather"), st.just(0)),
    ),
    max_size=25,
)


@given(st.integers(0, 2**32), st.integers(0, 54), _OPS)
def test_no_sequence_of_operations_loses_or_creates_a_card(
    seed: int, size: int, ops: list[tuple[str, int]]
) -> None:
    deck = Deck(full_deck(jokers=2)[:size], random.Random(seed))
    deck.shuffle()
    start = everything(deck)
    held: list[Card] = []
    for op, n in ops:
        try:
            if op == "draw":
                held.extend(deck.draw(n))
            elif op == "deal":
                for hand in deck.deal(n, 2):
                    held.extend(hand)
            elif op == "discard":
                deck.discard(*held[:n])
                del held[:n]
            elif op == "reshuffle":
                deck.reshuffle_discards()
            else:
                deck.gather(held)
                assert held == []
        except EmptyDeckError:
            pass  # a failed draw or deal changes nothing
        assert everything(deck, held) == start
