"""Gangs and members as values: lookup by name, uniqueness, the JSON shapes, records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.campaign import (
    CampaignError,
    Gang,
    Member,
    MemberStatus,
    UnknownMemberError,
    create_gang,
    new_name,
)
from totenblatt.campaign.names import FIRST_NAMES, LAST_NAMES
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

ANN = Member("Ann Carver", HeroType.COWBOY, 4, 6, (Ability.COVER_1,), 3, 3)
BOB = Member("Bob Dalton", HeroType.VETERAN, 8, 8)
CY = Member("Cy Dalton", HeroType.COWBOY, 6, 6, status=MemberStatus.DIED)
GANG = Gang("Daltons", 3, (BOB, ANN), fallen=(CY,), lost_heroes=(HeroType.GUNSLINGER,), fights=4)


def test_the_public_shape_lists_living_members_only() -> None:
    assert GANG.to_dict() == {
        "name": "Daltons",
        "size": 3,
        "members": [
            {
                "name": "Bob Dalton",
                "kind": "veteran",
                "weapon": "colt",
                "hp": 8,
                "hp_max": 8,
                "abilities": [],
                "fights_survived": 0,
            },
            {
                "name": "Ann Carver",
                "kind": "cowboy",
                "weapon": "colt",
                "hp": 4,
                "hp_max": 6,
                "abilities": ["cover_1"],
                "fights_survived": 3,
            },
        ],
    }


def test_records_round_trip() -> None:
    assert Gang.from_record(GANG.to_record()) == GANG


@pytest.mark.parametrize(
    ("query", "name"),
    [("Ann Carver", "Ann Carver"), ("ann carver", "Ann Carver"), ("  ann   carver ", "Ann Carver"),
     ("ann", "Ann Carver"), ("carv", "Ann Carver"), ("bob", "Bob Dalton")],
)  # fmt: skip
def test_members_are_found_by_name_or_a_unique_word_prefix(query: str, name: str) -> None:
    assert GANG.member(query).name == name


def test_an_ambiguous_name_is_refused() -> None:
    gang = Gang("D", 2, (BOB, Member("Bo Dalton", HeroType.COWBOY, 6, 6)))
    with pytest.raises(UnknownMemberError, match="ambiguous: Bob Dalton, Bo Dalton"):
        gang.member("dalton")


def test_a_fallen_member_is_named_as_such() -> None:
    with pytest.raises(
        UnknownMemberError, match=r"'cy dalton' of gang 'Daltons' is no longer with it \(died\)"
    ):
        GANG.member("cy dalton")


def test_names_are_unique_ignoring_case() -> None:
    with pytest.raises(CampaignError, match="unique"):
        Gang("D", 2, (BOB, Member("bob dalton", HeroType.COWBOY, 6, 6)))


@pytest.mark.parametrize(("hp", "hp_max"), [(7, 6), (-1, 6)])
def test_member_hp_stays_within_zero_and_maximum(hp: int, hp_max: int) -> None:
    with pytest.raises(CampaignError, match=f"cannot have {hp} HP"):
        Member("Ann", HeroType.COWBOY, hp, hp_max)


def test_generated_names_are_western_and_unique_in_the_gang() -> None:
    rules = Ruleset.load("extended")
    gang, _ = create_gang("D", HeroType.VETERAN, rules, random.Random(0))
    for m in gang.members:
        first, last = m.name.split(" ", 1)
        assert first in FIRST_NAMES and last in LAST_NAMES


@given(st.integers(0, 2**32), st.integers(0, 3000))
def test_new_name_never_repeats_a_taken_name(seed: int, many: int) -> None:
    rng = random.Random(seed)
    taken: list[str] = []
    for _ in range(many % 40):
        taken.append(new_name(rng, taken))
    assert len({t.casefold() for t in taken}) == len(taken)


def test_new_name_still_answers_when_every_pair_is_taken() -> None:
    taken = [f"{f} {last}" for f in FIRST_NAMES for last in LAST_NAMES]
    name = new_name(random.Random(0), taken)
    assert name.casefold() not in {t.casefold() for t in taken}
    assert name.endswith(" 2")


def test_names_longer_than_the_store_keeps_are_refused() -> None:
    from totenblatt.campaign.gang import NAME_MAX, CampaignError, Gang

    with pytest.raises(CampaignError, match=f"expected at most {NAME_MAX}"):
        Gang("A" * (NAME_MAX + 1), 5, ())
