"""B1 ability draws for the campaign: a full deck with jokers, the card reported, the effect."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from totenblatt.campaign import (
    CampaignError,
    Member,
    draw_ability,
    draw_number_ability,
    gain_ability,
    parse_ability,
)
from totenblatt.campaign.advancement import advance
from totenblatt.cards import JOKER, Card, Rank
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType


def test_b1_draws_come_from_a_full_deck_with_two_jokers(rules: Ruleset) -> None:
    rng = random.Random(0)
    cards = Counter(draw_ability(rng, rules).card for _ in range(20_000))
    assert len(cards) == 53  # 52 different cards and the joker
    share = cards[JOKER] / 20_000
    assert 1.5 / 54 < share < 2.5 / 54  # two jokers in 54 cards


def test_b1_the_drawn_card_gives_the_table_ability(rules: Ruleset) -> None:
    rng = random.Random(1)
    for _ in range(200):
        draw = draw_ability(rng, rules)
        assert draw.ability is rules.ability_for(draw.card)


def test_b1_a_joker_gives_wild_2_and_an_ace_pay_the_piper(rules: Ruleset) -> None:
    assert rules.ability_for(JOKER) is Ability.WILD_2
    assert rules.ability_for(Card.parse("A♠")) is Ability.PAY_THE_PIPER


def test_ability_draw_jokers_is_a_ruleset_number(rules: Ruleset) -> None:
    rng = random.Random(2)
    none = rules.with_options(ability_draw_jokers=0)
    assert all(not draw_ability(rng, none).card.is_joker for _ in range(2_000))


def test_b2_number_draws_give_only_cards_two_to_ten(rules: Ruleset) -> None:
    rng = random.Random(3)
    ranks = {draw_number_ability(rng, rules).card.rank for _ in range(2_000)}
    assert ranks == {r for r in Rank if r <= Rank.TEN}


def test_b1_abilities_are_cumulative_and_the_same_card_twice_counts_twice() -> None:
    m = Member("Ann", HeroType.COWBOY, 6, 6)
    m = gain_ability(gain_ability(m, Ability.COVER_1), Ability.COVER_1)
    assert m.abilities == (Ability.COVER_1, Ability.COVER_1)


def test_d38_pay_the_piper_raises_maximum_and_current_hp() -> None:
    m = gain_ability(Member("Ann", HeroType.COWBOY, 3, 6), Ability.PAY_THE_PIPER)
    assert (m.hp, m.hp_max) == (4, 7)
    twice = gain_ability(m, Ability.PAY_THE_PIPER)
    assert (twice.hp, twice.hp_max) == (5, 8)


def test_pay_the_piper_raises_by_the_rulesets_number() -> None:
    house = Ruleset.load("extended").with_options(pay_the_piper=2)
    m = gain_ability(Member("Ann", HeroType.COWBOY, 3, 6), Ability.PAY_THE_PIPER, house)
    assert (m.hp, m.hp_max) == (5, 8)
    seed = next(
        s
        for s in range(500)
        if draw_ability(random.Random(s), house).ability is Ability.PAY_THE_PIPER
    )
    ann = Member("Ann", HeroType.COWBOY, 3, 6, fights_survived=1, kind_fights=1)
    advanced, _ = advance(ann, house, random.Random(seed))  # B5: an ability after 2 fights
    assert (advanced.abilities, advanced.hp, advanced.hp_max) == ((Ability.PAY_THE_PIPER,), 5, 8)


@pytest.mark.parametrize(
    ("text", "ability"),
    [
        ("cover_3", Ability.COVER_3),
        ("Deckung 3", Ability.COVER_3),
        ("7", Ability.COVER_3),
        ("10", Ability.PICTURE_BOOK_10),
        ("q", Ability.QUEEN_OF_HEARTS),
        ("joker", Ability.WILD_2),
        ("Neun Leben", Ability.NINE_LIVES),
        ("quick-fingers-1", Ability.QUICK_FINGERS_1),
    ],
)
def test_parse_ability_reads_names_and_cards(rules: Ruleset, text: str, ability: Ability) -> None:
    assert parse_ability(text, rules) is ability


def test_parse_ability_names_what_it_expects(rules: Ruleset) -> None:
    with pytest.raises(CampaignError, match=r"unknown ability 'fast'.*cover_3.*\(2-10, J"):
        parse_ability("fast", rules)
