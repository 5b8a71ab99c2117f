"""The post-fight plan: members who sat out, what comes next, recruitment defaults, the steps."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from totenblatt.campaign import (
    CampaignError,
    Choices,
    FightOutcome,
    Gain,
    Gang,
    IllegalSacrificeError,
    Member,
    MemberOutcome,
    RecruitmentError,
    advance,
    after_fight,
    default_choices,
    default_payments,
    fill,
    hire,
    hire_cost,
    next_step,
    plan,
    settle,
    step_seed,
)
from totenblatt.campaign.events import AbilityGained, HireForfeited, MaxHpRaised, Promoted
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType

COWBOY, GUNSLINGER, VETERAN = HeroType.COWBOY, HeroType.GUNSLINGER, HeroType.VETERAN


def daltons() -> Gang:
    return Gang(
        "Daltons",
        5,
        (
            Member("Bob", VETERAN, 8, 8),
            Member("Ann", COWBOY, 4, 6, fights_survived=1, kind_fights=1),
            Member("Cy", COWBOY, 3, 6),
            Member("Dee", COWBOY, 6, 6),
        ),
    )


# -- members who sat out -------------------------------------------------------------------


def test_an_absent_member_is_left_exactly_as_it_was(rules: Ruleset) -> None:
    gang = daltons()
    outcome = FightOutcome({"Ann": MemberOutcome(hp=2), "Dee": MemberOutcome(died=True)})
    after, events = settle(gang, outcome, rules, random.Random(1), absent=["cy"])
    assert [m.name for m in after.members] == ["Bob", "Ann", "Cy"]  # roster order kept
    assert after.members[2] == gang.members[2]  # no recovery, no count (D-28)
    assert after.members[1].hp == 3 and after.members[1].fights_survived == 2
    assert after.fights == gang.fights + 1 and [m.name for m in after.fallen] == ["Dee"]
    assert not any(getattr(e, "member", None) == "Cy" for e in events)


def test_settle_without_absentees_is_after_fight(rules: Ruleset) -> None:
    outcome = FightOutcome({"Cy": MemberOutcome(died=True)})
    assert settle(daltons(), outcome, rules, random.Random(4)) == after_fight(
        daltons(), outcome, rules, random.Random(4)
    )


def test_an_absent_member_has_no_outcome_and_is_no_sacrifice(rules: Ruleset) -> None:
    with pytest.raises(CampaignError, match="'Cy' sat the fight out: it has no outcome"):
        settle(
            daltons(),
            FightOutcome({"Cy": MemberOutcome(hp=1)}),
            rules,
            random.Random(1),
            absent=["Cy"],
        )
    conceded = FightOutcome({}, conceded=True, sacrifice="Dee")
    with pytest.raises(IllegalSacrificeError, match="sat the fight out and cannot be sacrificed"):
        settle(daltons(), conceded, rules, random.Random(1), absent=["Dee"])
    # with Dee away, Ann (4 HP) is the cowboy with the most HP of those who fought
    after, _ = settle(
        daltons(), replace(conceded, sacrifice="Ann"), rules, random.Random(1), absent=["Dee"]
    )
    assert [m.name for m in after.members] == ["Bob", "Cy", "Dee"] and after.size == 4


def test_absentees_are_checked(rules: Ruleset) -> None:
    with pytest.raises(CampaignError, match="named twice as absent"):
        settle(daltons(), FightOutcome(), rules, random.Random(1), absent=["Cy", "cy"])
    with pytest.raises(CampaignError, match="everyone of gang 'Daltons' is absent"):
        settle(
            daltons(), FightOutcome(), rules, random.Random(1), absent=["Bob", "Ann", "Cy", "Dee"]
        )
    with pytest.raises(CampaignError, match="no living member 'Zed'"):
        settle(daltons(), FightOutcome(), rules, random.Random(1), absent=["Zed"])


# -- what comes next -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [COWBOY, GUNSLINGER, VETERAN])
@pytest.mark.parametrize("done", [0, 1, 2, 5, 6, 7, 11])
def test_next_step_is_what_advance_does_after_that_many_fights(
    rules: Ruleset, kind: HeroType, done: int
) -> None:
    member = Member("Kit", kind, 8, 10, fights_survived=done, kind_fights=done)
    if kind is GUNSLINGER and done >= rules.campaign.gunslinger_promotion_after:
        member = replace(member, kind_fights=done % rules.campaign.gunslinger_promotion_after)
    step = next_step(member, rules)
    rng = random.Random(3)
    for fight in range(1, step.fights + 1):
        member, events = advance(member, rules, rng)
        gained = [e for e in events if isinstance(e, AbilityGained | Promoted | MaxHpRaised)]
        assert bool(gained) == (fight == step.fights), (fight, events)
    expected = {
        COWBOY: {AbilityGained},
        GUNSLINGER: {Promoted},
        VETERAN: {AbilityGained, MaxHpRaised},
    }[kind]
    assert {type(e) for e in gained} == expected
    assert step.gain is {COWBOY: Gain.ABILITY, GUNSLINGER: Gain.PROMOTION}.get(
        kind, Gain.ABILITY_AND_HP
    )


# -- recruitment defaults ----------------------------------------------------------------------


def test_default_payments_pay_the_price_from_the_richest(rules: Ruleset) -> None:
    gang = replace(daltons(), lost_heroes=(VETERAN,))
    paid = default_payments(gang, VETERAN, rules)
    assert sum(paid.values()) == hire_cost(VETERAN, rules) == 10
    left = {m.name: m.hp - paid.get(m.name, 0) for m in gang.members}
    assert max(left.values()) - min(left.values()) <= 1 and min(left.values()) >= 0
    assert paid == {"Bob": 6, "Ann": 1, "Dee": 3}  # 8 4 3 6 -> 2 3 3 3 (first pays first)
    hired, _ = hire(
        replace(gang, members=gang.members[1:]),
        GUNSLINGER,
        default_payments(replace(gang, members=gang.members[1:]), GUNSLINGER, rules),
        rules,
        random.Random(1),
    )
    assert hired.members[-1].kind is GUNSLINGER


def test_default_payments_refuse_what_cannot_be_paid(rules: Ruleset) -> None:
    poor = Gang("Poor", 3, (Member("Ann", COWBOY, 2, 6),), lost_heroes=(GUNSLINGER,))
    with pytest.raises(RecruitmentError, match="can pay only 2 HP in all"):
        default_payments(poor, GUNSLINGER, rules)


# -- the plan ------------------------------------------------------------------------------------


def test_the_plan_is_the_core_steps_with_their_seeds(rules: Ruleset) -> None:
    gang = daltons()
    outcome = FightOutcome({"Bob": MemberOutcome(died=True), "Ann": MemberOutcome(hp=5)})
    steps = plan(gang, outcome, rules, 99, absent=["Cy"])
    assert [s.what for s in steps] == ["fight", "recruit", "fill"]
    fought, events = settle(
        gang, outcome, rules, random.Random(step_seed(99, "fight")), absent=["Cy"]
    )
    assert (steps[0].gang, steps[0].events, steps[0].seed) == (
        fought,
        events,
        step_seed(99, "fight"),
    )
    assert fought.lost_heroes == (VETERAN,)
    choice = default_choices(fought, rules)
    assert choice.hire is VETERAN  # 10 HP: Ann 5+1, Cy 3, Dee 6 can pay it
    hired, hire_events = hire(
        fought, VETERAN, default_payments(fought, VETERAN, rules), rules,
        random.Random(step_seed(99, "recruit")),
    )  # fmt: skip
    assert (steps[1].gang, steps[1].events) == (hired, hire_events)
    filled, _ = fill(hired, rules, random.Random(step_seed(99, "fill")))
    assert steps[2].gang == filled and len(filled.members) == filled.size
    assert plan(gang, outcome, rules, 99, absent=["Cy"]) == steps  # the same, cards included


def test_the_owner_may_hire_nobody_and_fill_up(rules: Ruleset) -> None:
    outcome = FightOutcome({"Bob": MemberOutcome(died=True)})
    steps = plan(daltons(), outcome, rules, 5, Choices(hire=None, fill=True, fill_names=("Zoe",)))
    assert [s.what for s in steps] == ["fight", "fill"]
    assert any(isinstance(e, HireForfeited) for e in steps[1].events)
    assert [m.name for m in steps[1].gang.members][3] == "Zoe"  # the first newcomer
    steps = plan(daltons(), outcome, rules, 5, Choices(hire=None, fill=False))
    assert [s.what for s in steps] == ["fight"] and steps[0].gang.lost_heroes == (VETERAN,)


def test_a_chosen_split_and_name_are_the_hires(rules: Ruleset) -> None:
    outcome = FightOutcome({"Bob": MemberOutcome(died=True)})
    choice = Choices(hire=GUNSLINGER, pay={"Dee": 5}, hire_name="Kit Starr", fill=False)
    steps = plan(daltons(), outcome, rules, 5, choice)
    after = steps[-1].gang
    assert after.member("Dee").hp == 1 and after.members[-1].name == "Kit Starr"
    with pytest.raises(RecruitmentError, match="add up to 4 HP"):
        plan(daltons(), outcome, rules, 5, replace(choice, pay={"Dee": 4}))
