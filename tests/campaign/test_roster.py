"""Weapons in the roster, renames, dismissals, and hiring only what the survivors can pay."""

from __future__ import annotations

import random

import pytest

from totenblatt.campaign import (
    CampaignError,
    Gang,
    InvalidNameError,
    Member,
    MemberStatus,
    RecruitmentError,
    UnknownMemberError,
    affordable,
    arm,
    create_gang,
    default_weapon,
    dismiss,
    fill,
    hire,
    rename_gang,
    rename_member,
)
from totenblatt.campaign.battle import BattleError, build_battle
from totenblatt.campaign.events import Armed, Dismissed, GangRenamed, Renamed
from totenblatt.text.campaign import describe, hire_hint
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType


def cowboy(name: str, hp: int = 6, weapon: str = "colt") -> Member:
    return Member(name, HeroType.COWBOY, hp, 6, weapon=weapon)


BOB = Member("Bob", HeroType.VETERAN, 8, 8, weapon="winchester")
GANG = Gang("Daltons", 4, (BOB, cowboy("Ann"), cowboy("Cy", weapon="shotgun")))


# -- weapons ------------------------------------------------------------------------------


def test_a_new_gang_is_armed_by_place_unless_weapons_are_chosen(rules: Ruleset) -> None:
    gang, _ = create_gang("D", HeroType.VETERAN, rules, random.Random(1), size=7)
    assert [m.weapon for m in gang.members] == [
        "winchester", "colt", "shotgun", "colt", "winchester", "winchester", "colt",
    ]  # fmt: skip
    chosen, _ = create_gang(
        "D", HeroType.VETERAN, rules, random.Random(1), size=3, weapons=["Schrotflinte", "GEWEHR"]
    )
    assert [m.weapon for m in chosen.members] == ["shotgun", "winchester", "shotgun"]


def test_weapons_are_refused_when_unknown_or_too_many(rules: Ruleset) -> None:
    with pytest.raises(ValueError, match=r"unknown weapon 'laser': expected one of colt"):
        create_gang("D", HeroType.VETERAN, rules, random.Random(1), size=2, weapons=["laser"])
    with pytest.raises(CampaignError, match="3 weapons given, but there are only 2 new") as info:
        create_gang("D", HeroType.VETERAN, rules, random.Random(1), size=2, weapons=["colt"] * 3)
    assert info.value.message is not None and info.value.message.params["n"] == 2


def test_a_ruleset_without_the_usual_weapons_arms_with_its_own(rules: Ruleset) -> None:
    own = rules.with_options(
        weapons={"bow": rules.weapons["colt"], "axe": rules.weapons["shotgun"]}
    )
    assert [default_weapon(i, own) for i in range(3)] == ["bow", "axe", "bow"]


def test_hired_and_filled_members_carry_a_chosen_or_default_weapon(rules: Ruleset) -> None:
    lost = Gang("D", 4, (cowboy("Ann"), cowboy("Cy")), lost_heroes=(HeroType.GUNSLINGER,))
    hired, _ = hire(lost, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1), weapon="flinte")
    assert hired.members[-1].weapon == "shotgun"
    default, _ = hire(lost, HeroType.GUNSLINGER, {"Ann": 5}, rules, random.Random(1))
    assert default.members[-1].weapon == default_weapon(2, rules) == "shotgun"
    filled, _ = fill(replace_lost(lost), rules, random.Random(1), weapons=["winchester"])
    assert [m.weapon for m in filled.members[2:]] == ["winchester", "colt"]  # then place 3's


def replace_lost(gang: Gang) -> Gang:
    return Gang(gang.name, gang.size, gang.members, ruleset=gang.ruleset)


def test_members_field_their_own_weapons() -> None:
    other = Gang("Clantons", 2, (Member("Ike", HeroType.GUNSLINGER, 10, 10, weapon="shotgun"),))
    battle = build_battle(GANG, other, "gangs", "extended")
    assert [(f.name, f.weapon) for f in battle.scenario.figures] == [
        ("Bob", "winchester"), ("Ann", "colt"), ("Cy", "shotgun"), ("Ike", "shotgun"),
    ]  # fmt: skip


def test_a_weapon_the_fight_s_ruleset_does_not_know_is_refused() -> None:
    odd = Gang("Odd", 1, (cowboy("Kit", weapon="bow"),))
    with pytest.raises(BattleError, match=r"'Kit' of gang 'Odd' carries 'bow'.*gang member arm"):
        build_battle(GANG, odd, "gangs", "extended")


def test_arm_takes_a_key_or_alias_and_refuses_the_same_weapon(rules: Ruleset) -> None:
    armed, events = arm(GANG, "ann", "Gewehr", rules)
    assert armed.member("Ann").weapon == "winchester" and events == (
        Armed("Ann", "winchester", "colt"),
    )
    assert describe(events[0], "de") == "Ann tauscht Colt .45 gegen Winchester-Gewehr"
    with pytest.raises(CampaignError, match=r"already carries that weapon \(winchester\)"):
        arm(armed, "Ann", "winchester", rules)
    with pytest.raises(ValueError, match="unknown weapon"):
        arm(GANG, "Ann", "catapult", rules)


def test_records_keep_the_weapon_and_old_records_read_as_colt() -> None:
    assert Gang.from_record(GANG.to_record()) == GANG
    old = GANG.to_record()
    for m in old["members"]:
        del m["weapon"]
    assert {m.weapon for m in Gang.from_record(old).members} == {"colt"}


# -- names and dismissals ---------------------------------------------------------------


def test_members_are_renamed_uniquely_among_everyone_who_rode_with_the_gang() -> None:
    gone = Gang(
        "D", 3, (BOB,), fallen=(Member("Ann", HeroType.COWBOY, 0, 6, status=MemberStatus.DIED),)
    )
    renamed, events = rename_member(gone, "bob", "  Robert   Dalton ")
    assert renamed.members[0].name == "Robert Dalton" and events == (
        Renamed("Bob", "Robert Dalton"),
    )
    assert renamed.members[0].weapon == "winchester"  # everything else stays
    with pytest.raises(CampaignError, match="already has \\(or had\\) a member called 'ann'"):
        rename_member(gone, "Bob", "ann")
    with pytest.raises(CampaignError, match="'Bob' is already called so"):
        rename_member(gone, "Bob", "Bob")
    assert rename_member(gone, "Bob", "BOB")[0].members[0].name == "BOB"  # a new spelling
    with pytest.raises(InvalidNameError, match="member name"):
        rename_member(gone, "Bob", "Bob\x1b[31m")
    with pytest.raises(UnknownMemberError, match="no longer with it"):
        rename_member(gone, "Ann", "Annie")


def test_the_gang_is_renamed_and_names_are_checked() -> None:
    renamed, events = rename_gang(GANG, " Die  Daltons ")
    assert renamed.name == "Die Daltons" and events == (GangRenamed("Daltons", "Die Daltons"),)
    assert describe(events[0], "de") == "Die Bande Daltons heißt jetzt Die Daltons"
    with pytest.raises(InvalidNameError):
        rename_gang(GANG, "\u202eevil")
    with pytest.raises(InvalidNameError):
        rename_gang(GANG, "   ")
    with pytest.raises(CampaignError, match="already called so"):
        rename_gang(GANG, "Daltons")


def test_d42_a_dismissed_member_leaves_for_good_and_the_gang_shrinks(rules: Ruleset) -> None:
    gone, events = dismiss(GANG, "cy")
    assert [m.name for m in gone.members] == ["Bob", "Ann"] and events == (
        Dismissed("Cy", HeroType.COWBOY),
    )
    assert gone.fallen[0].status is MemberStatus.DISMISSED and not gone.lost_heroes
    with pytest.raises(UnknownMemberError, match=r"no longer with it \(dismissed\)") as info:
        gone.member("Cy")
    assert info.value.message is not None
    assert gone.size == GANG.size - 1  # counted like a sacrifice (D-42): no place is freed
    filled, _ = fill(gone, rules, random.Random(1))
    assert len(filled.members) == GANG.size - 1
    with pytest.raises(CampaignError, match="already has \\(or had\\)"):
        rename_member(gone, "Ann", "Cy")  # the name stays taken


def test_d42_the_last_member_is_not_dismissed() -> None:
    alone = GANG.replace_members(GANG.members[:1])
    with pytest.raises(CampaignError, match="last member"):
        dismiss(alone, "Bob")


# -- what a gang may hire ----------------------------------------------------------------


def test_only_what_the_survivors_can_pay_is_suggested(rules: Ruleset) -> None:
    def gang(*hp: int) -> Gang:
        members = tuple(cowboy(f"C{i}", h) for i, h in enumerate(hp))
        return Gang("D", 5, members, lost_heroes=(HeroType.VETERAN,))

    assert affordable(gang(6, 5), rules) == (HeroType.VETERAN, HeroType.GUNSLINGER)
    assert affordable(gang(6, 3), rules) == (HeroType.GUNSLINGER,)
    assert affordable(gang(2, 2), rules) == ()
    assert hire_hint(gang(6, 3)) == "may hire: gunslinger (5 HP) (gang recruit)"
    assert hire_hint(gang(6, 3), "de") == "Anheuern möglich: Revolverheld (5 HP) (gang recruit)"
    assert hire_hint(gang(2, 2)) == (
        "no replacement affordable: the survivors can pay 4 HP, a gunslinger costs 5 HP (gang fill)"
    )
    assert "kein Ersatz bezahlbar" in (hire_hint(gang(2, 2), "de") or "")
    for kind in affordable(gang(6, 3), rules):  # every suggestion is a hire that succeeds
        hire(gang(6, 3), kind, {"C0": 5}, rules, random.Random(1))
    with pytest.raises(RecruitmentError, match="cannot pay for a veteran"):
        hire(gang(6, 3), HeroType.VETERAN, {"C0": 6, "C1": 3}, rules, random.Random(1))


def test_nothing_is_suggested_without_room_or_with_a_hero_left(rules: Ruleset) -> None:
    full = Gang("D", 2, (cowboy("A"), cowboy("B")), lost_heroes=(HeroType.VETERAN,))
    assert affordable(full, rules) == () and hire_hint(full) is None
    led = Gang("D", 3, (BOB, cowboy("A")), lost_heroes=(HeroType.GUNSLINGER,))
    assert affordable(led, rules) == () and hire_hint(led) is None  # one hero per side (D-37)
    assert hire_hint(Gang("D", 3, (cowboy("A"),))) is None  # nobody lost
