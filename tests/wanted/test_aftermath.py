"""What the wounds of an attack do (A11, D-4) and Nine Lives (B1 9, D-24): ``take_wounds``."""

from __future__ import annotations

import itertools
import random

import pytest

from totenblatt.cards import Card, full_deck
from totenblatt.wanted.combat import (
    AttackInputError,
    draw_nine_lives,
    nine_lives_survives,
    resolve_attack,
    take_wounds,
)
from totenblatt.wanted.engine.abilities import JOKER_HIGH
from totenblatt.wanted.rules import Ruleset

RULES = Ruleset.load("base")


@pytest.mark.parametrize(
    ("hp", "wounds", "after", "out"),
    [
        (3, 2, 1, False),  # 1 HP left
        (2, 2, 0, False),  # 0 HP: still in the game
        (2, 3, 0, True),  # the third wound comes at 0 HP: out
        (0, 1, 0, True),
        (1, 2, 0, True),  # A11: "a figure at 1 HP hit by 2 wounds goes to 0 and is then out"
        (5, 0, 5, False),
    ],
)
def test_wounds_one_at_a_time_and_out_at_zero_with_another(
    hp: int, wounds: int, after: int, out: bool
) -> None:
    result = take_wounds(wounds, target_hp=hp)
    assert (result.hp, result.out, result.killed, result.lost) == (after, out, out, hp - after)
    assert result.killer_gain == (1 if out else 0) and result.nine_lives is None


def test_the_seeds_worked_example_takes_paco_out_from_two_hp() -> None:
    billy = resolve_attack("Q♠", weapon="winchester", distance=7, defense="4♥", cover="medium")
    after = take_wounds(billy, target_hp=2, killer_hp=5)
    assert (after.wounds, after.hp, after.out) == (3, 0, True)
    assert (after.killer_hp_before, after.killer_gain, after.killer_hp) == (5, 1, 6)


def test_the_killers_gain_stops_at_its_maximum_d4() -> None:
    full = take_wounds(3, target_hp=1, killer_hp=6)
    assert (full.killer_gain, full.killer_hp, full.killer_max) == (0, 6, 6)
    hero = take_wounds(3, target_hp=1, killer_hp=9, killer_max=10)
    assert (hero.killer_gain, hero.killer_hp) == (1, 10)
    uncapped = RULES.with_options(cap_hp_at_max=False)
    assert take_wounds(3, target_hp=1, killer_hp=6, ruleset=uncapped).killer_hp == 7
    unknown = take_wounds(3, target_hp=1)  # the killer's HP not given: the whole reward
    assert (unknown.killer_gain, unknown.killer_hp) == (1, None)
    house = RULES.with_options(killer_reward=2)
    assert take_wounds(3, target_hp=1, killer_hp=3, ruleset=house).killer_gain == 2


@pytest.mark.parametrize(
    ("own", "killer", "survived"),
    [
        ("K♣", "5♥", True),
        ("Q♣", "K♥", False),
        ("8♣", "Joker", False),
        ("Joker", "A♥", True),
        ("Joker", "Joker", False),
        ("A♦", "K♠", True),
        ("10♣", "J♣", False),
    ],
)
def test_nine_lives_higher_card_stays_in_with_zero_hp(
    own: str, killer: str, survived: bool
) -> None:
    after = take_wounds(3, target_hp=1, nine_lives=(own, killer), killer_hp=4)
    assert after.killed and after.nine_lives is not None
    assert after.nine_lives.survived is survived
    assert (str(after.nine_lives.own), str(after.nine_lives.killer)) == (own, killer)
    assert after.hp == 0 and after.out is not survived
    assert after.killer_gain == (0 if survived else 1)  # D-24: only when the kill stands
    assert after.killer_hp == (4 if survived else 5)


def test_nine_lives_draws_only_when_the_figure_is_killed() -> None:
    rng = random.Random(3)
    state = rng.getstate()
    after = take_wounds(2, target_hp=2, nine_lives=rng)
    assert after.nine_lives is None and not after.killed and rng.getstate() == state
    drawn = take_wounds(3, target_hp=2, nine_lives=random.Random(3))
    assert drawn.nine_lives is not None
    again = draw_nine_lives(random.Random(3))
    assert (drawn.nine_lives.own, drawn.nine_lives.killer) == again


def test_a_seeded_draw_takes_two_different_cards_of_the_deck() -> None:
    seen = set()
    for seed in range(200):
        own, killer = draw_nine_lives(random.Random(seed))
        assert own in full_deck(2) and killer in full_deck(2)
        assert own != killer or own.is_joker  # one deck: only the two jokers are twins
        seen.add(own)
    assert len(seen) > 40


def test_the_comparison_is_the_engines() -> None:
    deck = set(full_deck(2))

    def worth(card: Card) -> int:
        return JOKER_HIGH if card.is_joker else RULES.card_value(card)

    for own, killer in itertools.product(deck, repeat=2):
        assert nine_lives_survives(own, killer) is (worth(own) > worth(killer))


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"target_hp": -1}, "target_hp"),
        ({"target_hp": 2, "killer_hp": 7}, "maximum"),
        ({"target_hp": 2, "killer_hp": 1, "killer_max": 0}, "killer_max"),
        ({"target_hp": True}, "target_hp"),
    ],
)
def test_bad_numbers_are_refused_with_the_reason(kwargs: dict[str, int], fragment: str) -> None:
    with pytest.raises(AttackInputError, match=fragment) as caught:
        take_wounds(2, **kwargs)  # type: ignore[arg-type]
    assert caught.value.message is not None
