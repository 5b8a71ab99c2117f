"""The defender's abilities in the exact odds (B1, D-25, D-26), against brute force.

:func:`brute_defense` tries every hand the defender may hold with :func:`resolve_attack`
itself; the odds must agree exactly.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from brute_defense import brute_defense
from totenblatt.cards import Card, Rank, full_deck
from totenblatt.wanted.odds import (
    KnownCardsError,
    _defended,
    _Shot,
    attack_odds,
    defense_odds,
    hand_odds,
    out_odds,
    resolved_wounds,
    shot_odds,
    table_pool,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability

RULES = Ruleset.load("base")


SMALL = [
    "4♥ K♥ 10♥ 2♥ 9♣ 2♣ A♦ Joker 7♠ 10♦ 3♥",
    "Q♥ 5♥ 10♥ 10♣ 2♦ 6♣ K♦ 8♥ A♣ 2♥",
    "2♥ 3♥ 4♥ 2♠ 5♣ 9♦ J♣ A♥ 10♠ 6♦ Joker 8♣",
]
CASES = [
    ("Q♠", "winchester", 7.0, "medium", ()),
    ("10♠", "colt", 1.0, "light", ("picture_book_10",)),
    ("A♠", "shotgun", 4.0, "none", ()),
    ("Joker", "colt", 3.0, "hard", ()),
    ("2♠", "colt", 2.0, "medium", ("wild_2",)),
    ("9♠", "colt", 30.0, "none", ("sharpshooter",)),
]
GUARDS = [
    ("cover_1",),
    ("cover_2", "cover_3"),
    ("queen_of_hearts",),
    ("picture_book_10",),
    ("wild_2",),
    ("queen_of_hearts", "wild_2", "picture_book_10", "cover_1"),
    ("queen_of_hearts", "cover_3", "cover_3"),
]


@pytest.mark.parametrize("defender", GUARDS, ids="+".join)
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
@pytest.mark.parametrize("unseen", SMALL, ids=("a", "b", "c"))
def test_defender_abilities_in_the_odds_equal_brute_force(
    unseen: str,
    case: tuple[str, str, float, str, tuple[str, ...]],
    defender: tuple[str, ...],
) -> None:
    card, weapon, distance, cover, attacker = case
    cards = [Card.parse(c) for c in unseen.split()]
    for hand in (0, 1, 2, 4):
        want = brute_defense(
            card,
            cards,
            hand,
            weapon=weapon,
            distance=distance,
            cover=cover,
            attacker=attacker,
            defender=defender,
            ruleset=RULES,
        )
        got = attack_odds(
            card,
            weapon=weapon,
            distance=distance,
            cover=cover,
            defense=defense_odds(cards, hand, RULES),
            attacker_abilities=attacker,
            defender_abilities=defender,
            ruleset=RULES,
        )
        assert got.distribution == want, (hand, got.wounds, want)
        assert got.defender_abilities == tuple(Ability(a) for a in defender)


def test_a_larger_pool_with_queen_of_hearts_equals_brute_force() -> None:
    rng = random.Random(26)
    cards = rng.sample(full_deck(2), 18)
    for defender in (("queen_of_hearts",), ("queen_of_hearts", "wild_2", "cover_2")):
        want = brute_defense(
            "K♠",
            cards,
            5,
            weapon="winchester",
            distance=5,
            cover="light",
            attacker=(),
            defender=defender,
            ruleset=RULES,
        )
        got = attack_odds(
            "K♠",
            weapon="winchester",
            distance=5,
            cover="light",
            defense=defense_odds(cards, 5),
            defender_abilities=defender,
        )
        assert got.distribution == want


def test_the_counting_without_abilities_is_the_old_ranking() -> None:
    rng = random.Random(7)
    for _ in range(30):
        cards = rng.sample(full_deck(2), rng.randint(4, 30))
        hand = rng.randint(0, 7)
        card = rng.choice(["Q♠", "3♠", "A♠", "Joker", "10♠"])
        weapon = rng.choice(list(RULES.weapons))
        distance = rng.choice([1.0, 4.0, 8.0, 20.0])
        cover = rng.choice(["none", "light", "medium", "hard"])
        defense = defense_odds(cards, hand)
        old = attack_odds(card, weapon=weapon, distance=distance, cover=cover, defense=defense)
        band = RULES.band_index(distance)
        bare = resolved_wounds(Card.parse(card), weapon, band, distance, None, old.cover, (), RULES)
        shot = _Shot(Card.parse(card), weapon, band, distance, old.cover, (), RULES, bare)
        assert _defended(shot, defense, ()) == old.wounds


def test_queen_of_hearts_needs_the_whole_pool() -> None:
    defense = defense_odds([Card.parse(c) for c in ["4♥", "K♥", "9♣", "2♣"]], 2)
    bare = type(defense)(defense.hand_size, defense.unseen, defense.outcomes, defense.pool)
    attack_odds("Q♠", weapon="colt", distance=3, defense=bare, defender_abilities=["cover_1"])
    with pytest.raises(ValueError, match="every unseen card"):
        attack_odds(
            "Q♠", weapon="colt", distance=3, defense=bare, defender_abilities=["queen_of_hearts"]
        )


def test_an_unknown_defender_ability_is_refused_even_without_hearts() -> None:
    defense = defense_odds([Card.parse("9♣")], 1)
    with pytest.raises(ValueError, match="'x'"):
        attack_odds("Q♠", weapon="colt", distance=3, defense=defense, defender_abilities=["x"])
    with pytest.raises(ValueError, match="defender"):
        attack_odds(
            "Q♠", weapon="colt", distance=3, defense=defense, defender_abilities=["sharpshooter"]
        )


# -- at a real table ------------------------------------------------------------------------


def test_the_table_pool_is_the_deck_minus_what_the_shooter_knows() -> None:
    pool = table_pool(["Q♠", "Joker", "Joker"])
    assert sum(pool.values()) == 51 and Card(None, None) not in pool
    with pytest.raises(KnownCardsError, match="Q♠"):
        table_pool(["Q♠", "QS"])
    two_decks = Ruleset.load("base").with_options(deck_count=2)
    assert table_pool(["Q♠", "QS"], two_decks)[Card.parse("Q♠")] == 0


def test_shot_odds_are_attack_odds_against_the_table_pool() -> None:
    pool = table_pool(["Q♠", "4♥", "K♥"])
    want = attack_odds(
        "Q♠",
        weapon="colt",
        distance=9,
        cover="light",
        defense=defense_odds(pool, 3),
        defender_abilities=["queen_of_hearts"],
    )
    got = shot_odds(
        "Q♠",
        weapon="colt",
        distance=9,
        cover="light",
        hand_size=3,
        seen=["4♥", "K♥"],
        defender_abilities=["Königin der Herzen"],
    )
    assert got == want


def test_hand_odds_rank_the_spades_of_a_hand_against_one_pool() -> None:
    hand = ["Q♠", "3♠", "7♣", "2♦", "Joker"]
    options = hand_odds(hand, weapon="winchester", distance=7, cover="medium", hand_size=5)
    shown = [(str(o.card), o.wild) for o in options]
    assert shown == [("Joker", False), ("Q♠", False), ("3♠", False)]
    pool = table_pool(hand)
    for option in options:
        want = attack_odds(
            option.card,
            weapon="winchester",
            distance=7,
            cover="medium",
            defense=defense_odds(pool, 5),
        )
        assert option.odds.wounds == want.wounds
    expected = [o.odds.expected for o in options]
    assert expected == sorted(expected, reverse=True)


def test_with_wild_2_every_two_of_the_hand_attacks_as_a_joker() -> None:
    options = hand_odds(
        ["2♦", "2♠", "5♠"], weapon="colt", distance=3, hand_size=0, attacker_abilities=["wild_2"]
    )
    shown = [(str(o.card), o.wild, o.odds.distribution) for o in options]
    # 5♠ + 1 = 6 against nothing: 2 wounds + 1 extra; 2♠ as the number 2: 3, 1 + 1 extra;
    # a 2 played wild: 2 wounds — as many, so the number is spent before a wild card
    assert shown == [
        ("5♠", False, {3: 1}),
        ("2♠", False, {2: 1}),
        ("2♦", True, {2: 1}),
        ("2♠", True, {2: 1}),
    ]


def test_equal_odds_keep_the_better_card() -> None:
    options = hand_odds(["K♠", "10♠"], weapon="shotgun", distance=20, hand_size=5)
    assert [str(o.card) for o in options] == ["10♠", "K♠"]  # both miss: spend the 10


def test_out_odds_need_hp_plus_one_wounds_and_lose_nine_lives_draws() -> None:
    odds = shot_odds("Q♠", weapon="winchester", distance=7, cover="medium", hand_size=5)
    assert out_odds(odds, 0) == odds.hit
    assert out_odds(odds, 2) == odds.at_least(3)
    deck = full_deck(2)
    worth = [
        11 if c.rank is Rank.ACE else 1000 if c.is_joker else min(10, int(c.rank or 0))
        for c in deck
    ]
    wins = sum(1 for i, j in itertools.permutations(range(len(deck)), 2) if worth[i] > worth[j])
    saved = Fraction(wins, len(deck) * (len(deck) - 1))
    assert out_odds(odds, 2, nine_lives=True) == odds.at_least(3) * (1 - saved)
    with pytest.raises(ValueError, match="target_hp"):
        out_odds(odds, -1)
