"""B4 concession and B5 advancement after a fight, with D-28, as named tests and properties."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totenblatt.campaign import (
    CampaignError,
    FightOutcome,
    Gang,
    IllegalSacrificeError,
    Member,
    MemberOutcome,
    MemberStatus,
    UnknownMemberError,
    after_fight,
    create_gang,
    sacrifice_candidates,
)
from totenblatt.campaign.events import (
    AbilityGained,
    MaxHpRaised,
    NotCounted,
    Promoted,
    Recovered,
    Sacrificed,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

COVERS = (Ability.COVER_1, Ability.COVER_2)


def cowboy(name: str, hp: int = 6, fights: int = 0) -> Member:
    return Member(name, HeroType.COWBOY, hp, 6, (), fights, fights)


def gunslinger(name: str, hp: int = 10, fights: int = 0) -> Member:
    return Member(name, HeroType.GUNSLINGER, hp, 10, COVERS, fights, fights)


def veteran(name: str, hp: int = 8, fights: int = 0, hp_max: int = 8) -> Member:
    return Member(name, HeroType.VETERAN, hp, hp_max, COVERS * 2, fights, fights)


def gang_of(*members: Member) -> Gang:
    return Gang("Daltons", size=len(members), members=members)


def fight(
    gang: Gang,
    rules: Ruleset,
    seed: int = 0,
    *,
    conceded: bool = False,
    sacrifice: str | None = None,
    **members: MemberOutcome,
) -> tuple[Gang, tuple[object, ...]]:
    outcome = FightOutcome(
        {k.replace("_", " "): v for k, v in members.items()},
        conceded=conceded,
        sacrifice=sacrifice,
    )
    return after_fight(gang, outcome, rules, random.Random(seed))


def survive(gang: Gang, rules: Ruleset, times: int) -> Gang:
    for i in range(times):
        gang, _ = fight(gang, rules, seed=i)
    return gang


# -- B5: HP after the fight ---------------------------------------------------------------


def test_b5_survivors_keep_their_end_of_fight_hp_and_the_wounded_regain_one(
    rules: Ruleset,
) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann"), cowboy("Cy"))
    after, events = fight(gang, rules, Ann=MemberOutcome(hp=2), Cy=MemberOutcome(hp=0))
    assert [(m.name, m.hp) for m in after.members] == [("Bob", 8), ("Ann", 3), ("Cy", 1)]
    assert Recovered("Ann", 2, 3) in events and Recovered("Cy", 0, 1) in events


def test_b5_an_unhurt_member_at_maximum_recovers_nothing(rules: Ruleset) -> None:
    after, events = fight(gang_of(cowboy("Ann")), rules)
    assert after.members[0].hp == 6
    assert not any(isinstance(e, Recovered) for e in events)


def test_b5_a_member_wounded_before_the_fight_and_not_named_still_recovers(
    rules: Ruleset,
) -> None:
    after, _ = fight(gang_of(cowboy("Ann", hp=3)), rules)
    assert after.members[0].hp == 4


def test_b5_recovery_is_a_ruleset_number(rules: Ruleset) -> None:
    house = rules.with_options(recovery_hp=3)
    after, _ = fight(gang_of(cowboy("Ann")), house, Ann=MemberOutcome(hp=1))
    assert after.members[0].hp == 4
    capped, _ = fight(gang_of(cowboy("Ann")), house, Ann=MemberOutcome(hp=5))
    assert capped.members[0].hp == 6


# -- B5: cowboys -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("survived", "abilities"),
    [(1, 0), (2, 1), (3, 1), (4, 2), (6, 3), (11, 5), (12, 6)],
)
def test_b5_cowboys_draw_an_ability_after_every_second_survived_fight(
    rules: Ruleset, survived: int, abilities: int
) -> None:
    after = survive(gang_of(cowboy("Ann")), rules, survived)
    assert after.members[0].fights_survived == survived
    assert len(after.members[0].abilities) == abilities


def test_b5_the_second_survived_fight_draws_a_card_and_reports_it(rules: Ruleset) -> None:
    gang = gang_of(cowboy("Ann", fights=1))
    after, events = fight(gang, rules, seed=11)
    drawn = [e for e in events if isinstance(e, AbilityGained)]
    assert len(drawn) == 1 and drawn[0].card is not None
    assert drawn[0].ability is rules.ability_for(drawn[0].card)
    assert after.members[0].abilities[-1] is drawn[0].ability


def test_b1_d38_pay_the_piper_raises_maximum_and_current_hp(rules: Ruleset) -> None:
    seed = next(s for s in range(500) if _draws(rules, s) is Ability.PAY_THE_PIPER)
    after, _ = fight(gang_of(cowboy("Ann", fights=1)), rules, seed=seed, Ann=MemberOutcome(hp=3))
    ann = after.members[0]
    assert (ann.hp, ann.hp_max) == (5, 7)  # 3, +1 recovery, +1 ace


def _draws(rules: Ruleset, seed: int) -> Ability:
    _, events = fight(gang_of(cowboy("Ann", fights=1)), rules, seed=seed)
    return next(e.ability for e in events if isinstance(e, AbilityGained))


# -- B5: gunslingers and veterans (D-28) ---------------------------------------------------


@pytest.mark.parametrize("survived", [1, 5])
def test_b5_a_gunslinger_is_not_promoted_before_six_fights(rules: Ruleset, survived: int) -> None:
    after = survive(gang_of(gunslinger("Kit")), rules, survived)
    assert after.members[0].kind is HeroType.GUNSLINGER


def test_b5_d28_a_gunslinger_becomes_a_veteran_after_the_sixth_fight(rules: Ruleset) -> None:
    gang = gang_of(gunslinger("Kit", fights=5))
    after, events = fight(gang, rules, Kit=MemberOutcome(hp=7))
    kit = after.members[0]
    assert kit.kind is HeroType.VETERAN
    assert kit.hp_max == 10  # keeps its maximum of 10 (not the veteran's 8)
    assert kit.hp == 8  # 7 + 1 recovery
    assert kit.abilities == COVERS  # D-28: no top-up to 4 abilities
    assert kit.kind_fights == 0 and kit.fights_survived == 6  # veteran count starts at 0
    assert Promoted("Kit", 10) in events
    assert not any(isinstance(e, AbilityGained) for e in events)


def test_d28_a_promoted_gunslinger_gains_its_first_veteran_ability_at_the_twelfth_fight(
    rules: Ruleset,
) -> None:
    gang = survive(gang_of(gunslinger("Kit")), rules, 11)
    kit = gang.members[0]
    assert (kit.kind, len(kit.abilities), kit.hp_max) == (HeroType.VETERAN, 2, 10)
    after, events = fight(gang, rules, seed=99)
    kit = after.members[0]
    assert kit.fights_survived == 12 and kit.kind_fights == 6
    assert len(kit.abilities) == 3
    assert kit.hp_max == 11 + (1 if kit.abilities[-1] is Ability.PAY_THE_PIPER else 0)
    assert MaxHpRaised("Kit", kit.hp_max) in events


@pytest.mark.parametrize(("survived", "gains"), [(5, 0), (6, 1), (7, 1), (11, 1), (12, 2)])
def test_b5_veterans_gain_an_ability_and_one_max_hp_every_six_fights(
    rules: Ruleset, survived: int, gains: int
) -> None:
    after = survive(gang_of(veteran("Bob")), rules, survived)
    bob = after.members[0]
    pipers = bob.abilities.count(Ability.PAY_THE_PIPER)
    assert len(bob.abilities) == 4 + gains
    assert bob.hp_max == 8 + gains + pipers


def test_b5_the_sixth_fight_raises_the_maximum_but_not_the_current_hp(rules: Ruleset) -> None:
    seed = next(
        s
        for s in range(200)
        if Ability.PAY_THE_PIPER
        not in fight(gang_of(veteran("Bob", fights=5)), rules, seed=s)[0].members[0].abilities
    )
    after, _ = fight(gang_of(veteran("Bob", fights=5)), rules, seed=seed)
    assert (after.members[0].hp, after.members[0].hp_max) == (8, 9)


def test_b5_every_member_advances_on_its_own_count(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob", fights=5), cowboy("Ann", fights=1), cowboy("Cy", fights=2))
    after, _ = fight(gang, rules, seed=5)
    bob, ann, cy = after.members
    assert (len(bob.abilities), len(ann.abilities), len(cy.abilities)) == (5, 1, 0)


def test_the_same_seed_draws_the_same_cards(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob", fights=5), cowboy("Ann", fights=1))
    assert fight(gang, rules, seed=42) == fight(gang, rules, seed=42)


# -- deaths ----------------------------------------------------------------------------


def test_the_dead_leave_and_a_dead_hero_may_be_replaced(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann"), cowboy("Cy"))
    after, _ = fight(gang, rules, Bob=MemberOutcome(died=True), Cy=MemberOutcome(died=True))
    assert [m.name for m in after.members] == ["Ann"]
    assert [(m.name, m.status) for m in after.fallen] == [
        ("Bob", MemberStatus.DIED),
        ("Cy", MemberStatus.DIED),
    ]
    assert after.lost_heroes == (HeroType.VETERAN,)
    assert after.size == 3  # the dead are replaced, the size stays
    assert after.to_dict()["members"] == [after.members[0].to_dict()]


def test_the_right_to_replace_a_hero_lasts_only_until_the_next_fight(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann"))
    after, _ = fight(gang, rules, Bob=MemberOutcome(died=True))
    again, _ = fight(after, rules)
    assert after.lost_heroes == (HeroType.VETERAN,) and again.lost_heroes == ()


def test_a_dead_member_counts_no_fight(rules: Ruleset) -> None:
    after, _ = fight(gang_of(cowboy("Ann", fights=1)), rules, Ann=MemberOutcome(died=True))
    assert after.fallen[0].fights_survived == 1 and after.fallen[0].abilities == ()


# -- B4: concession (D-28) --------------------------------------------------------------


def test_b4_d28_a_conceded_fight_does_not_count_but_the_wounded_still_recover(
    rules: Ruleset,
) -> None:
    gang = gang_of(veteran("Bob", fights=5), cowboy("Ann", fights=1), cowboy("Cy", hp=6))
    after, events = fight(
        gang, rules, conceded=True, sacrifice="Cy", Ann=MemberOutcome(hp=2), Bob=MemberOutcome(hp=4)
    )
    bob, ann = after.members
    assert (bob.fights_survived, ann.fights_survived) == (5, 1)
    assert (len(bob.abilities), len(ann.abilities)) == (4, 0)  # 6th/2nd fight not reached
    assert (bob.hp, ann.hp) == (5, 3)
    assert NotCounted() in events


def test_b4_the_sacrifice_leaves_and_the_size_shrinks_by_one(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann"), cowboy("Cy"))
    after, events = fight(gang, rules, conceded=True, sacrifice="Bob")
    assert [m.name for m in after.members] == ["Ann", "Cy"]
    assert after.size == 2
    assert after.fallen[0].status is MemberStatus.SACRIFICED
    assert after.lost_heroes == ()  # a sacrificed hero is never replaced
    assert Sacrificed("Bob", HeroType.VETERAN, 2) in events


@pytest.mark.parametrize("who", ["Bob", "Ann", "Dan"])
def test_b4_a_hero_or_any_cowboy_with_the_most_hp_may_be_sacrificed(
    rules: Ruleset, who: str
) -> None:
    gang = gang_of(
        veteran("Bob", hp=2), cowboy("Ann", hp=5), cowboy("Cy", hp=3), cowboy("Dan", hp=5)
    )
    after, _ = fight(gang, rules, conceded=True, sacrifice=who)
    assert who not in [m.name for m in after.members]


def test_b4_illegal_sacrifice_a_cowboy_without_the_most_hp(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann", hp=5), cowboy("Cy", hp=3))
    with pytest.raises(
        IllegalSacrificeError, match=r"'Cy'.*Bob \(veteran, 8 HP\), Ann \(cowboy, 5 HP\)$"
    ):
        fight(gang, rules, conceded=True, sacrifice="Cy")


def test_b4_the_most_hp_is_judged_at_the_end_of_the_fight(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann", hp=6), cowboy("Cy", hp=3))
    after, _ = fight(gang, rules, conceded=True, sacrifice="Cy", Ann=MemberOutcome(hp=2))
    assert [m.name for m in after.members] == ["Bob", "Ann"]
    with pytest.raises(IllegalSacrificeError, match=r"'Ann'.*Cy \(cowboy, 3 HP\)$"):
        fight(gang, rules, conceded=True, sacrifice="Ann", Ann=MemberOutcome(hp=2))


def test_b4_the_dead_cannot_be_sacrificed(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob"), cowboy("Ann"))
    with pytest.raises(IllegalSacrificeError, match="died"):
        fight(gang, rules, conceded=True, sacrifice="Ann", Ann=MemberOutcome(died=True))


@pytest.mark.parametrize(("conceded", "sacrifice"), [(True, None), (False, "Ann")])
def test_b4_a_concession_needs_exactly_one_sacrifice(
    rules: Ruleset, conceded: bool, sacrifice: str | None
) -> None:
    with pytest.raises(IllegalSacrificeError, match="exactly one sacrifice"):
        fight(gang_of(veteran("Bob"), cowboy("Ann")), rules, conceded=conceded, sacrifice=sacrifice)


def test_sacrifice_candidates_lists_heroes_and_the_top_cowboys() -> None:
    gang = gang_of(gunslinger("Kit"), cowboy("Ann"), cowboy("Cy"))
    found = sacrifice_candidates(gang, {"Kit": 1, "Ann": 4, "Cy": 4})
    assert [m.name for m in found] == ["Kit", "Ann", "Cy"]


# -- bad input ----------------------------------------------------------------------------


def test_hp_above_the_maximum_is_refused(rules: Ruleset) -> None:
    with pytest.raises(CampaignError, match=r"'Ann' cannot end the fight with 7 HP.*maximum 6"):
        fight(gang_of(cowboy("Ann")), rules, Ann=MemberOutcome(hp=7))


def test_negative_hp_is_refused(rules: Ruleset) -> None:
    with pytest.raises(CampaignError, match="-1 HP"):
        fight(gang_of(cowboy("Ann")), rules, Ann=MemberOutcome(hp=-1))


def test_an_unknown_member_is_refused_with_the_living_members(rules: Ruleset) -> None:
    with pytest.raises(UnknownMemberError, match=r"no living member 'Zed'; living members: Ann"):
        fight(gang_of(cowboy("Ann")), rules, Zed=MemberOutcome(died=True))


def test_a_member_named_twice_is_refused(rules: Ruleset) -> None:
    gang = gang_of(cowboy("Ann Carver"))
    outcome = FightOutcome({"Ann": MemberOutcome(hp=2), "ann carver": MemberOutcome(hp=3)})
    with pytest.raises(CampaignError, match="given twice"):
        after_fight(gang, outcome, rules, random.Random(0))


def test_dead_with_hp_is_refused() -> None:
    with pytest.raises(CampaignError, match="no final HP"):
        MemberOutcome(died=True, hp=3)


def test_the_input_gang_is_not_changed(rules: Ruleset) -> None:
    gang = gang_of(veteran("Bob", fights=5), cowboy("Ann", hp=2, fights=1))
    copy = replace(gang)
    fight(gang, rules, Bob=MemberOutcome(died=True))
    assert gang == copy


# -- properties -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    fights=st.lists(
        st.tuples(st.lists(st.integers(-1, 12), min_size=10, max_size=10), st.booleans()),
        min_size=1,
        max_size=14,
    ),
)
def test_campaign_invariants_hold_over_random_fights(
    seed: int, fights: list[tuple[list[int], bool]]
) -> None:
    """HP within 0..max, names unique, members never above the size, counts never fall."""
    rules = Ruleset.load("extended")
    rng = random.Random(seed)
    gang, _ = create_gang("G", HeroType.GUNSLINGER, rules, rng)
    concessions = 0
    for hps, concede in fights:
        if not gang.members:
            break
        outcome: dict[str, MemberOutcome] = {}
        for member, hp in zip(gang.members, hps, strict=False):
            outcome[member.name] = (
                MemberOutcome(died=True) if hp < 0 else MemberOutcome(hp=min(hp, member.hp_max))
            )
        alive = [m for m in gang.members if not outcome[m.name].died]
        sacrifice = None
        if concede and alive:
            final = {m.name: outcome[m.name].hp or 0 for m in alive}
            sacrifice = sacrifice_candidates(gang, final)[0].name
            concessions += 1
        before = {m.name: m.fights_survived for m in gang.members}
        gang, _ = after_fight(
            gang, FightOutcome(outcome, sacrifice is not None, sacrifice), rules, rng
        )
        for m in gang.members:
            assert 0 <= m.hp <= m.hp_max
            assert m.fights_survived == before[m.name] + (0 if sacrifice else 1)
        assert len(gang.members) <= gang.size == 10 - concessions
        assert len(gang.taken_names) == len(gang.members) + len(gang.fallen)
