"""B6 recruitment with D-29: replacing a lost hero, paying in HP, filling up to the size."""

from __future__ import annotations

import random

import pytest

from totenblatt.campaign import (
    CampaignError,
    FightOutcome,
    Gang,
    Member,
    MemberOutcome,
    RecruitmentError,
    UnknownMemberError,
    after_fight,
    fill,
    hirable,
    hire,
    hire_cost,
    spare_hp,
)
from totenblatt.campaign.events import Hired, HireForfeited, Joined, Paid
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType


def cowboy(name: str, hp: int = 6) -> Member:
    return Member(name, HeroType.COWBOY, hp, 6)


def veteran(name: str) -> Member:
    return Member(name, HeroType.VETERAN, 8, 8, (Ability.COVER_1,) * 4)


def gunslinger(name: str) -> Member:
    return Member(name, HeroType.GUNSLINGER, 10, 10, (Ability.COVER_1,) * 2)


def after(gang: Gang, rules: Ruleset, **kw: object) -> Gang:
    outcome = FightOutcome(**kw)  # type: ignore[arg-type]
    return after_fight(gang, outcome, rules, random.Random(0))[0]


def lost(kind: HeroType, rules: Ruleset, *cowboy_hp: int) -> Gang:
    """A gang whose hero died in the last fight, with cowboys ending at ``cowboy_hp`` HP."""
    hero = veteran("Bob") if kind is HeroType.VETERAN else gunslinger("Bob")
    cowboys = [cowboy(f"C{i}") for i in range(len(cowboy_hp))]
    gang = Gang("Daltons", 1 + len(cowboys), (hero, *cowboys))
    outcome = {"Bob": MemberOutcome(died=True)} | {
        f"C{i}": MemberOutcome(hp=hp - 1 if hp < 6 else 6) for i, hp in enumerate(cowboy_hp)
    }
    return after(gang, rules, members=outcome)


def test_b6_hire_costs_are_ruleset_numbers(rules: Ruleset) -> None:
    assert hire_cost(HeroType.VETERAN, rules) == 10
    assert hire_cost(HeroType.GUNSLINGER, rules) == 5
    with pytest.raises(RecruitmentError, match="only a hero"):
        hire_cost(HeroType.COWBOY, rules)


def test_b6_a_lost_veteran_is_replaced_paid_by_any_split_of_the_survivors(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6, 6)
    hired, events = hire(
        gang, HeroType.VETERAN, {"C0": 6, "C1": 3, "C2": 1}, rules, random.Random(1), name="Kit"
    )
    assert [(m.name, m.hp) for m in hired.members] == [("C0", 0), ("C1", 3), ("C2", 5), ("Kit", 8)]
    kit = hired.members[-1]
    assert (kit.kind, kit.hp_max, len(kit.abilities), kit.fights_survived) == (
        HeroType.VETERAN, 8, 4, 0,
    )  # fmt: skip
    assert Hired("Kit", HeroType.VETERAN, 10) in events
    assert Paid("C0", 6, 0) in events  # D-29: down to 0 HP
    assert hired.lost_heroes == ()


def test_b6_a_lost_veteran_may_be_replaced_by_the_cheaper_gunslinger(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6)
    assert hirable(gang, rules) == (HeroType.VETERAN, HeroType.GUNSLINGER)
    hired, _ = hire(gang, HeroType.GUNSLINGER, {"C0": 5}, rules, random.Random(1))
    assert hired.members[-1].kind is HeroType.GUNSLINGER and hired.members[0].hp == 1


def test_b6_a_lost_gunslinger_may_not_be_replaced_by_a_veteran(rules: Ruleset) -> None:
    gang = lost(HeroType.GUNSLINGER, rules, 6, 6)
    assert hirable(gang, rules) == (HeroType.GUNSLINGER,)
    with pytest.raises(RecruitmentError, match="not a veteran"):
        hire(gang, HeroType.VETERAN, {"C0": 5, "C1": 5}, rules, random.Random(1))


def test_b6_an_unaffordable_hire_is_refused(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 4, 3)  # after recovery: 4 + 3 = 7 HP < 10
    assert spare_hp(gang, rules) == 7
    with pytest.raises(RecruitmentError, match=r"cannot pay for a veteran: it costs 10 HP .* 7 HP"):
        hire(gang, HeroType.VETERAN, {"C0": 4, "C1": 3}, rules, random.Random(1))


def test_d29_a_member_cannot_pay_more_than_its_hp(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    with pytest.raises(RecruitmentError, match=r"'C0' has 6 HP and can pay at most 6 HP"):
        hire(gang, HeroType.VETERAN, {"C0": 7, "C1": 3}, rules, random.Random(1))


def test_d29_option_recruit_min_hp_keeps_payers_alive(rules: Ruleset) -> None:
    house = rules.with_options(recruit_min_hp=1)
    gang = lost(HeroType.VETERAN, house, 6, 6)
    with pytest.raises(RecruitmentError, match="can pay at most 5 HP"):
        hire(gang, HeroType.VETERAN, {"C0": 6, "C1": 4}, house, random.Random(1))
    hired, _ = hire(gang, HeroType.VETERAN, {"C0": 5, "C1": 5}, house, random.Random(1))
    assert [m.hp for m in hired.members[:2]] == [1, 1]
    assert spare_hp(lost(HeroType.VETERAN, house, 6, 6, 6), house) == 15


@pytest.mark.parametrize("pay", [{"C0": 5, "C1": 4}, {"C0": 6, "C1": 5}])
def test_b6_payments_must_add_up_to_the_price(rules: Ruleset, pay: dict[str, int]) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    with pytest.raises(RecruitmentError, match="costs exactly 10 HP"):
        hire(gang, HeroType.VETERAN, pay, rules, random.Random(1))


def test_b6_a_payer_must_be_a_living_member(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    with pytest.raises(UnknownMemberError, match=r"'Bob'.*no longer with it \(died\)"):
        hire(gang, HeroType.VETERAN, {"Bob": 5, "C1": 5}, rules, random.Random(1))


def test_b6_negative_payments_are_refused(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    with pytest.raises(RecruitmentError, match="cannot pay -1 HP"):
        hire(gang, HeroType.GUNSLINGER, {"C0": 6, "C1": -1}, rules, random.Random(1))


def test_b6_no_hire_without_a_hero_lost_in_the_last_fight(rules: Ruleset) -> None:
    gang = after(Gang("D", 2, (veteran("Bob"), cowboy("Ann"))), rules, members={})
    with pytest.raises(RecruitmentError, match="nobody to replace"):
        hire(gang, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1))


def test_b4_b6_a_sacrificed_hero_is_never_replaced(rules: Ruleset) -> None:
    gang = Gang("D", 3, (veteran("Bob"), cowboy("Ann"), cowboy("Cy")))
    conceded = after(gang, rules, conceded=True, sacrifice="Bob")
    assert conceded.lost_heroes == ()
    with pytest.raises(RecruitmentError, match="nobody to replace"):
        hire(conceded, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1))


def test_b6_only_one_replacement_per_lost_hero(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6, 6, 6)
    hired, _ = hire(gang, HeroType.GUNSLINGER, {"C0": 5}, rules, random.Random(1))
    with pytest.raises(RecruitmentError, match="nobody to replace"):
        hire(hired, HeroType.GUNSLINGER, {"C1": 5}, rules, random.Random(1))


def test_b6_fill_up_to_the_original_size_with_new_cowboys(rules: Ruleset) -> None:
    gang = Gang("D", 4, (veteran("Bob"), cowboy("Ann"), cowboy("Cy"), cowboy("Dan")))
    hurt = after(
        gang, rules, members={"Cy": MemberOutcome(died=True), "Dan": MemberOutcome(died=True)}
    )
    filled, events = fill(hurt, rules, random.Random(2), names=["Eve"])
    assert len(filled.members) == 4
    new = filled.members[2:]
    assert new[0].name == "Eve"
    assert [(m.kind, m.hp, m.hp_max, m.abilities) for m in new] == [(HeroType.COWBOY, 6, 6, ())] * 2
    assert next(e for e in events if isinstance(e, Joined)) == Joined("Eve", HeroType.COWBOY, 6)
    assert new[1].name.casefold() not in {"cy", "dan", "eve", "bob", "ann"}


def test_b6_refill_after_a_sacrifice_stops_one_short(rules: Ruleset) -> None:
    gang = Gang("D", 4, (veteran("Bob"), cowboy("Ann"), cowboy("Cy"), cowboy("Dan")))
    hurt = after(
        gang,
        rules,
        members={"Cy": MemberOutcome(died=True)},
        conceded=True,
        sacrifice="Dan",
    )
    assert (len(hurt.members), hurt.size) == (2, 3)
    filled, _ = fill(hurt, rules, random.Random(2))
    assert (len(filled.members), filled.size) == (3, 3)


def test_b6_hire_first_then_fill(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6, 6)
    hired, _ = hire(gang, HeroType.VETERAN, {"C0": 5, "C1": 5}, rules, random.Random(1))
    with pytest.raises(RecruitmentError, match="already has its 4 members"):
        fill(hired, rules, random.Random(1))


def test_fill_ends_recruitment_and_says_so(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    filled, events = fill(gang, rules, random.Random(1))
    assert filled.lost_heroes == () and HireForfeited((HeroType.VETERAN,)) in events
    assert filled.members[-1].kind is HeroType.COWBOY


def test_fill_refuses_more_names_than_places(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6)
    with pytest.raises(RecruitmentError, match=r"2 names given.*1 free place"):
        fill(gang, rules, random.Random(1), names=["A", "B"])


def test_hire_into_a_full_gang_is_refused(rules: Ruleset) -> None:
    gang = Gang("D", 2, (cowboy("Ann"), cowboy("Cy")), lost_heroes=(HeroType.VETERAN,))
    with pytest.raises(RecruitmentError, match="already has 2 of 2 members"):
        hire(gang, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1))


def test_d37_a_hire_keeps_the_heroes_per_side_limit(rules: Ruleset) -> None:
    gang = Gang("D", 3, (gunslinger("Kit"), cowboy("Ann")), lost_heroes=(HeroType.VETERAN,))
    with pytest.raises(RecruitmentError, match="D-37"):
        hire(gang, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1))
    two = rules.with_options(max_heroes_per_side=2)
    hired, _ = hire(gang, HeroType.GUNSLINGER, {"Ann": 5}, two, random.Random(1))
    assert len(hired.heroes) == 2


def test_a_hired_hero_gets_chosen_abilities_and_a_unique_name(rules: Ruleset) -> None:
    gang = lost(HeroType.VETERAN, rules, 6, 6)
    with pytest.raises(Exception, match="already has"):
        hire(gang, HeroType.GUNSLINGER, {"C0": 5}, rules, random.Random(1), name="bob")
    hired, _ = hire(
        gang, HeroType.GUNSLINGER, {"C0": 5}, rules, random.Random(1), abilities=[Ability.COVER_3]
    )
    assert hired.members[-1].abilities[0] is Ability.COVER_3


def test_d41_a_hired_hero_honours_the_distinct_option(rules: Ruleset) -> None:
    gang = lost(HeroType.GUNSLINGER, rules, 6, 6)
    twice = [Ability.COVER_3, Ability.COVER_3]
    with pytest.raises(CampaignError, match="distinct"):
        hire(gang, HeroType.GUNSLINGER, {"C0": 5}, rules, random.Random(1), abilities=twice)
    free = rules.with_options(**{"campaign.hero_abilities_distinct": False})
    hired, _ = hire(gang, HeroType.GUNSLINGER, {"C0": 5}, free, random.Random(1), abilities=twice)
    assert hired.members[-1].abilities == (Ability.COVER_3, Ability.COVER_3)
