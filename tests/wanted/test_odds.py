"""Exact attack odds (odds.py) against brute-force enumeration of the defender's hands."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totenblatt.cards import Card, Suit, full_deck
from totenblatt.text import render
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.engine.actions import Attack
from totenblatt.wanted.engine.events import AttackDeclared
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.odds import (
    ASSUMPTION,
    ASSUMPTION_MESSAGE,
    attack_odds,
    defense_odds,
    unseen_cards,
    view_attack_odds,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import CoverLevel

RULES = Ruleset.load("base")
POOL = [Card.parse(c) for c in ("2♥", "4♥", "10♥", "J♥", "K♥", "A♥", "Joker", "3♣", "9♦", "Q♠")]


def best_defense(hand: tuple[Card, ...]) -> Card | None:
    """The stated policy: a joker if any, else the highest heart (value, then tier), else none."""
    if any(c.is_joker for c in hand):
        return Card(None, None)
    hearts = [c for c in hand if c.suit is Suit.HEARTS]
    if not hearts:
        return None
    return max(hearts, key=lambda c: (RULES.card_value(c), int(RULES.tier(c))))


def brute_force(
    unseen: list[Card], hand_size: int, attack: str, weapon: str, distance: float, cover: str
) -> dict[int, Fraction]:
    """Every hand of ``hand_size`` cards (cards as distinct items) equally likely; the
    defender tries every heart and joker it holds and no card, and keeps the fewest wounds."""
    h = min(hand_size, len(unseen))
    hands = list(itertools.combinations(range(len(unseen)), h))
    counts: Counter[int] = Counter()
    for picked in hands:
        options = [None] + [
            unseen[i] for i in picked if unseen[i].is_joker or unseen[i].suit is Suit.HEARTS
        ]
        wounds = min(
            resolve_attack(
                attack, weapon=weapon, distance=distance, defense=defense, cover=cover
            ).wounds
            for defense in options
        )
        counts[wounds] += 1
    return {w: Fraction(n, len(hands)) for w, n in sorted(counts.items())}


def test_worked_example_paco_and_billy() -> None:
    """D-19: Q♠, Winchester at 7", medium cover; the only unseen heart is the 4♥: 3 wounds."""
    defense = defense_odds([Card.parse("4♥")], hand_size=1)
    odds = attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense)
    assert odds.distribution == {3: Fraction(1)}
    assert odds.hit == 1 and odds.expected == 3


def test_no_hearts_unseen_means_cover_only() -> None:
    defense = defense_odds([Card.parse(c) for c in ("2♣", "3♦", "9♠")], hand_size=2)
    assert defense.outcomes == ((None, Fraction(1)),)
    odds = attack_odds("5♠", weapon="colt", distance=1, cover="hard", defense=defense)
    # 5 + 2 (0-2") = 7 against hard cover 4: difference 3 = 1 wound, number vs no card = +1
    assert odds.distribution == {2: Fraction(1)}


def test_joker_in_hand_blocks_every_attack() -> None:
    defense = defense_odds([Card.parse("Joker")] * 2, hand_size=1)
    odds = attack_odds("Joker", weapon="colt", distance=3, defense=defense)
    assert odds.distribution == {0: Fraction(1)}


def test_hand_larger_than_the_unseen_cards_takes_them_all() -> None:
    defense = defense_odds([Card.parse("7♥")], hand_size=5)
    assert defense.hand_size == 1 and defense.outcomes == ((Card.parse("7♥"), Fraction(1)),)


def test_empty_hand_has_no_defence() -> None:
    assert defense_odds([Card.parse("7♥")], hand_size=0).outcomes == ((None, Fraction(1)),)


def test_negative_hand_size_is_refused() -> None:
    with pytest.raises(ValueError, match="hand_size"):
        defense_odds([], hand_size=-1)


def test_assumption_is_stated_in_both_languages() -> None:
    assert "fewest wounds" in ASSUMPTION and "joker" in ASSUMPTION
    german = render(ASSUMPTION_MESSAGE, "de")
    assert "wenigsten Wunden" in german and "Joker" in german


def test_defender_plays_the_card_that_leaves_the_fewest_wounds() -> None:
    """Not simply its highest heart: against a joker spade (2 wounds, hearts do not block)
    only a joker helps, and a hand of hearts leaves the joker's 2 wounds."""
    defense = defense_odds([Card.parse(c) for c in ("A♥", "K♥", "Joker")], hand_size=1)
    odds = attack_odds("Joker", weapon="colt", distance=3, defense=defense)
    assert odds.distribution == {0: Fraction(1, 3), 2: Fraction(2, 3)}


@pytest.mark.parametrize(
    ("unseen", "hand_size"),
    [
        (["4♥", "K♥", "2♣", "3♣"], 2),
        (["10♥", "J♥", "Q♥", "2♣", "Joker"], 2),
        (["A♥", "A♥", "5♥", "5♥", "3♦", "4♦"], 3),  # two decks: duplicates
        (["2♥", "3♥", "4♥"], 3),
    ],
)
def test_defense_odds_match_enumeration(unseen: list[str], hand_size: int) -> None:
    cards = [Card.parse(c) for c in unseen]
    odds = defense_odds(cards, hand_size)
    assert sum(p for _, p in odds.outcomes) == 1
    h = min(hand_size, len(cards))
    hands = list(itertools.combinations(range(len(cards)), h))
    expected: Counter[Card | None] = Counter()
    for picked in hands:
        expected[best_defense(tuple(cards[i] for i in picked))] += 1
    got = {card: p for card, p in odds.outcomes}

    # a heart stands for its whole class (same value and tier): compare per class
    def cls(card: Card | None) -> object:
        if card is None or card.is_joker:
            return card
        return (RULES.card_value(card), int(RULES.tier(card)))

    want: Counter[object] = Counter()
    for card, n in expected.items():
        want[cls(card)] += n
    assert {cls(c): p for c, p in got.items()} == {
        k: Fraction(n, len(hands)) for k, n in want.items()
    }


@settings(max_examples=60, deadline=None)
@given(
    unseen=st.lists(st.sampled_from(POOL), min_size=1, max_size=8),
    hand_size=st.integers(0, 4),
    attack=st.sampled_from(["2♠", "7♠", "10♠", "Q♠", "A♠", "Joker"]),
    weapon=st.sampled_from(["colt", "winchester", "shotgun"]),
    distance=st.sampled_from([0.0, 2.0, 4.5, 9.0, 20.0, 30.0]),
    cover=st.sampled_from(["none", "light", "medium", "hard"]),
)
def test_attack_odds_match_brute_force(
    unseen: list[Card], hand_size: int, attack: str, weapon: str, distance: float, cover: str
) -> None:
    defense = defense_odds(unseen, hand_size)
    odds = attack_odds(attack, weapon=weapon, distance=distance, cover=cover, defense=defense)
    assert odds.distribution == brute_force(unseen, hand_size, attack, weapon, distance, cover)
    assert sum(p for _, p in odds.wounds) == 1
    assert odds.cover is CoverLevel(cover)


# -- from a real view ----------------------------------------------------------------------


def test_unseen_cards_exclude_own_hand_and_seen_cards_and_cover_the_enemy_hand() -> None:
    game = new_game("gangs", seed=4)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        unseen = unseen_cards(view)
        hand = Counter(Card.parse(c) for c in view["hand"])
        seen = Counter(Card.parse(c) for c in view["seen_cards"])
        total = Counter(full_deck(2) * game.state.decks)
        assert unseen == total - hand - seen
        other = Counter(game.state.hands[1 - seat])
        assert not other - unseen  # the enemy's real hand is among the unseen cards
        game.apply(bots[seat].choose(view, game.legal_actions()))


def test_unseen_cards_count_extra_decks() -> None:
    rules = Ruleset.load("base").with_options(deck_count=2)
    game = new_game("duel", rules, seed=1)
    view = game.view(0)
    unseen = unseen_cards(view, rules)
    assert sum(unseen.values()) == 2 * 54 - 5 - len(view["seen_cards"])


def test_view_odds_measure_like_the_engine(action_game: Callable[..., Game]) -> None:
    """Distance and cover of the odds are those the engine declares for the attack."""
    text = (
        'title = "Yard"\nwidth = 24\nheight = 24\nseats = 2\n'
        '[[terrain]]\nname = "Trough"\nkind = "trough"\nrect = [11, 14, 3, 1]\n'
        '[[figures]]\nname = "Billy"\nseat = 0\nweapon = "winchester"\nposition = [12, 4]\n'
        '[[figures]]\nname = "Paco"\nseat = 1\nweapon = "colt"\nposition = [12, 15.8]\n'
    )
    game = action_game(text, {0: ["Q♠", "2♣", "3♣", "4♣", "5♣"], 1: ["4♥", "6♣", "7♣", "8♣", "9♣"]})
    attack = Attack(Card.parse("Q♠"), "Billy", "Paco")
    assert attack in game.legal_actions()
    table = game.scenario.table(game.ruleset)
    odds = view_attack_odds(game.view(0), attack, table=table, ruleset=game.ruleset)
    events = game.clone().apply(attack)
    declared = next(e for e in events if isinstance(e, AttackDeclared))
    assert odds.distance == pytest.approx(declared.distance)
    assert odds.cover.value == declared.cover == "medium"
    assert odds.defense.hand_size == 5
    # the worked example again, now on a table: Q♠ + 1 (>6-12") = 11 against 4♥ + 2 = 6
    hearts = [Card.parse(f"{r}♥") for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")]
    hearts += [Card.parse(f"{r}♥") for r in "JQKA"]
    wounds = {
        heart: resolve_attack(
            "Q♠", weapon="winchester", distance=declared.distance, defense=heart, cover="medium"
        ).wounds
        for heart in hearts
    }
    low = [h for h in hearts if wounds[h] == 3]
    assert low == [Card.parse(c) for c in ("2♥", "3♥", "4♥")]  # 5♥ and up: 2 wounds or none
    # 3 wounds: the defender's best is one of the low hearts, so its 5 cards (of the 49 the
    # seat has not seen) hold one of them and neither a joker nor a higher heart
    unseen, better = 54 - 5, 2 + len(hearts) - len(low)
    hands = comb(unseen - better, 5) - comb(unseen - better - len(low), 5)
    assert odds.distribution[3] == Fraction(hands, comb(unseen, 5))


def test_view_odds_name_unknown_figures() -> None:
    game = new_game("duel", seed=2)
    with pytest.raises(ValueError, match="no figure named 'Nobody'"):
        view_attack_odds(game.view(0), ("Q♠", "Billy", "Nobody"))


def test_the_old_spelling_still_works() -> None:
    """Deprecated aliases of the British spelling (the API spells it "defense")."""
    from totenblatt.wanted import odds

    assert odds.DefenceOdds is odds.DefenseOdds and odds.defence_odds is odds.defense_odds
    defense = defense_odds([Card.parse("4♥")], hand_size=1)
    new = attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense)
    old = attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defence=defense)
    assert old == new and old.defence is old.defense is defense
    with pytest.raises(TypeError, match="defense="):
        attack_odds("Q♠", weapon="winchester", distance=7)
