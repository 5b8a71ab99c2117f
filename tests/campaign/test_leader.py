"""The leader lost in a fight: the owner chooses the new one (campaign.leader, issue 40)."""

from __future__ import annotations

import pytest

from totenblatt.campaign import (
    CampaignError,
    FightOutcome,
    Gang,
    Member,
    MemberOutcome,
    Wanted,
    choose_leader,
    leader_candidates,
    resolve,
    step_args,
)
from totenblatt.campaign.events import LeaderChosen
from totenblatt.text.campaign import describe
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType

BOB = Member("Bob", HeroType.GUNSLINGER, 2, 10)
ANN, CY = Member("Ann", HeroType.COWBOY, 3, 6), Member("Cy", HeroType.COWBOY, 4, 6)
GANG = Gang("Daltons", 3, (BOB, ANN, CY))
EVERYONE = FightOutcome({n: MemberOutcome(died=True) for n in ("Bob", "Ann", "Cy")})


def test_a_lost_leader_is_replaced_by_the_owners_choice(rules: Ruleset) -> None:
    outcome = FightOutcome({"Bob": MemberOutcome(died=True)})
    default = resolve(GANG, outcome, rules, 5, Wanted(hire_given=True, fill=False))
    assert [m.name for m in default.steps[-1].gang.members] == ["Ann", "Cy"]  # as today
    chosen = resolve(GANG, outcome, rules, 5, Wanted(hire_given=True, fill=False, leader="cy"))
    last = chosen.steps[-1]
    assert last.what == "leader" and [m.name for m in last.gang.members] == ["Cy", "Ann"]
    assert last.events == (LeaderChosen("Cy", HeroType.COWBOY),)
    assert step_args(last, outcome, chosen.choices) == {"leader": "Cy"}
    assert describe(last.events[0], "en") == "Cy (cowboy) now leads the gang"
    assert chosen.steps[0] == default.steps[0]  # the choice changes no card drawn


def test_a_wiped_out_gang_chooses_its_leader_among_the_newcomers(rules: Ruleset) -> None:
    wanted = Wanted(fill_names=("Doc", "Ned", "Sam"), leader="Ned")
    resolved = resolve(GANG, EVERYONE, rules, 9, wanted)
    assert [s.what for s in resolved.steps] == ["fight", "fill", "leader"]
    assert [m.name for m in resolved.steps[-1].gang.members] == ["Ned", "Doc", "Sam"]
    assert leader_candidates(GANG, resolved.steps[1].gang) == ("Doc", "Ned", "Sam")


@pytest.mark.parametrize(
    ("outcome", "name", "message"),
    [
        (FightOutcome(), "Ann", "'Bob' still leads gang 'Daltons'"),
        (FightOutcome({"Bob": MemberOutcome(died=True)}), "Bob", "living members after the fight"),
        (FightOutcome({"Bob": MemberOutcome(died=True)}), "Zed", "('Ann', 'Cy')|Ann, Cy"),
    ],
)
def test_a_leader_who_is_not_eligible_is_refused_with_why(
    rules: Ruleset, outcome: FightOutcome, name: str, message: str
) -> None:
    wanted = Wanted(hire_given=True, fill=False, leader=name)
    with pytest.raises(CampaignError, match=message):
        resolve(GANG, outcome, rules, 5, wanted)


def test_the_leader_is_kept_with_the_stored_choices() -> None:
    wanted = Wanted(leader="Cy")
    assert Wanted.from_stored(wanted.to_dict()) == wanted
    assert Wanted.from_stored({"hire": None}).leader is None  # a confirmation of before
    with pytest.raises(CampaignError, match="still leads"):
        choose_leader(GANG, GANG, "Cy")
