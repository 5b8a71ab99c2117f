"""After a fight: deaths, concession (B4) and advancement (B5, D-28), in one pure step.

:func:`after_fight` is the one path for a fight played on a real table (``fight record``)
and one played by the engine: both give each member's outcome (died, or final HP).

>>> import random
>>> from totenblatt.wanted.rules import Ruleset
>>> from totenblatt.campaign.creation import create_gang
>>> rules = Ruleset.load("extended")
>>> gang, _ = create_gang("D", HeroType.VETERAN, rules, random.Random(1), size=3,
...                       leader_name="Bob", member_names=["Ann", "Cy"])
>>> outcome = FightOutcome({"Ann": MemberOutcome(hp=2), "Cy": MemberOutcome(died=True)})
>>> after, events = after_fight(gang, outcome, rules, random.Random(2))
>>> [(m.name, m.hp, m.fights_survived) for m in after.members]
[('Bob', 8, 1), ('Ann', 3, 1)]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from totenblatt.campaign.abilities import draw_ability, gain_ability
from totenblatt.campaign.events import (
    AbilityGained,
    Died,
    Event,
    FightCounted,
    MaxHpRaised,
    NotCounted,
    Promoted,
    Recovered,
    Sacrificed,
)
from totenblatt.campaign.gang import (
    CampaignError,
    Gang,
    IllegalSacrificeError,
    Member,
    MemberStatus,
)
from totenblatt.messages import Message
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType

__all__ = [
    "FightOutcome",
    "MemberOutcome",
    "advance",
    "after_fight",
    "recover",
    "sacrifice_candidates",
]


@dataclass(frozen=True, slots=True)
class MemberOutcome:
    """How one member came out of a fight: dead, or alive with ``hp`` (``None``: unchanged)."""

    died: bool = False
    hp: int | None = None

    def __post_init__(self) -> None:
        if self.died and self.hp is not None:
            raise CampaignError(
                Message("a member who died has no final HP (got hp={hp})", hp=repr(self.hp))
            )


@dataclass(frozen=True)
class FightOutcome:
    """The result of one fight for one gang, by member name (unnamed members: unhurt, alive).

    A conceded fight (B4) names the ``sacrifice``.
    """

    members: Mapping[str, MemberOutcome] = field(default_factory=dict)
    conceded: bool = False
    sacrifice: str | None = None


def _resolve(gang: Gang, outcome: FightOutcome) -> dict[str, MemberOutcome]:
    """Outcomes keyed by the members' full names; checks names, duplicates and HP ranges."""
    resolved: dict[str, MemberOutcome] = {}
    members = gang.each_once(outcome.members, _given_twice)
    for member, result in zip(members, outcome.members.values(), strict=True):
        if result.hp is not None and not 0 <= result.hp <= member.hp_max:
            raise CampaignError(
                Message(
                    "{name} cannot end the fight with {hp} HP: expected 0 to its maximum {hp_max}",
                    name=repr(member.name),
                    hp=result.hp,
                    hp_max=member.hp_max,
                )
            )
        resolved[member.name] = result
    return resolved


def _given_twice(member: Member, query: str) -> Message:
    return Message(
        "member {name} is given twice (as {query})", name=repr(member.name), query=repr(query)
    )


def sacrifice_candidates(gang: Gang, final_hp: Mapping[str, int]) -> tuple[Member, ...]:
    """Who may be sacrificed (B4): any living hero, or a cowboy with the most HP among cowboys."""
    living = [m for m in gang.members if m.name in final_hp]
    cowboys = [m for m in living if m.kind is HeroType.COWBOY]
    top = max((final_hp[m.name] for m in cowboys), default=None)
    return tuple(m for m in living if m.is_hero or final_hp[m.name] == top)


def recover(member: Member, hp: int, ruleset: Ruleset) -> tuple[Member, tuple[Event, ...]]:
    """Keep the fight's final HP; a wounded one (below maximum) regains ``recovery_hp`` (B5)."""
    kept = replace(member, hp=hp)
    if hp >= member.hp_max or ruleset.campaign.recovery_hp == 0:
        return kept, ()
    healed = min(member.hp_max, hp + ruleset.campaign.recovery_hp)
    return replace(kept, hp=healed), (Recovered(member.name, hp, healed),)


def advance(
    member: Member, ruleset: Ruleset, rng: random.Random
) -> tuple[Member, tuple[Event, ...]]:
    """Count one more survived fight and apply B5 for the member's kind (D-28)."""
    rules = ruleset.campaign
    m = replace(
        member, fights_survived=member.fights_survived + 1, kind_fights=member.kind_fights + 1
    )
    events: list[Event] = [FightCounted(m.name, m.fights_survived)]
    if m.kind is HeroType.COWBOY and m.kind_fights % rules.cowboy_ability_every == 0:
        draw = draw_ability(rng, ruleset)
        m = gain_ability(m, draw.ability, ruleset)
        events.append(AbilityGained(m.name, draw.ability, draw.card))
    elif m.kind is HeroType.GUNSLINGER and m.kind_fights >= rules.gunslinger_promotion_after:
        m = replace(m, kind=HeroType.VETERAN, kind_fights=0)
        events.append(Promoted(m.name, m.hp_max))
    elif m.kind is HeroType.VETERAN and m.kind_fights % rules.veteran_ability_every == 0:
        draw = draw_ability(rng, ruleset)
        m = gain_ability(m, draw.ability, ruleset)
        events.append(AbilityGained(m.name, draw.ability, draw.card))
        if rules.veteran_hp_max_bonus:
            m = replace(m, hp_max=m.hp_max + rules.veteran_hp_max_bonus)
            events.append(MaxHpRaised(m.name, m.hp_max))
    return m, tuple(events)


def after_fight(
    gang: Gang, outcome: FightOutcome, ruleset: Ruleset, rng: random.Random
) -> tuple[Gang, tuple[Event, ...]]:
    """The whole post-fight sequence for one gang; the input gang is left unchanged.

    In roster order: the dead leave (a dead hero may be replaced, B6); a conceded fight's
    sacrifice leaves and the gang's size shrinks by one (B4); survivors keep their HP and
    the wounded recover (B5); unless conceded, survivors count the fight and advance (D-28).
    """
    results = _resolve(gang, outcome)
    if outcome.conceded != (outcome.sacrifice is not None):
        raise IllegalSacrificeError(
            Message(
                "a conceded fight needs exactly one sacrifice (B4), "
                "and only a conceded fight has one"
            )
        )
    final: dict[str, int] = {}
    for m in gang.members:
        result = results.get(m.name, MemberOutcome())
        if not result.died:
            final[m.name] = m.hp if result.hp is None else result.hp
    sacrificed: Member | None = None
    if outcome.sacrifice is not None:
        sacrificed = _check_sacrifice(gang, outcome.sacrifice, results, final)

    events: list[Event] = []
    survivors: list[Member] = []
    fallen = list(gang.fallen)
    lost: list[HeroType] = []
    size = gang.size
    for member in gang.members:
        if results.get(member.name, MemberOutcome()).died:
            fallen.append(replace(member, status=MemberStatus.DIED))
            events.append(Died(member.name, member.kind))
            if member.is_hero:
                lost.append(member.kind)
        elif sacrificed is not None and member.name == sacrificed.name:
            size -= 1
            fallen.append(replace(member, hp=final[member.name], status=MemberStatus.SACRIFICED))
            events.append(Sacrificed(member.name, member.kind, size))
    if outcome.conceded:
        events.append(NotCounted())
    for member in gang.members:
        if member.name not in final or (sacrificed and member.name == sacrificed.name):
            continue
        survivor, recovered = recover(member, final[member.name], ruleset)
        events.extend(recovered)
        if not outcome.conceded:
            survivor, advanced = advance(survivor, ruleset, rng)
            events.extend(advanced)
        survivors.append(survivor)
    after = replace(
        gang,
        size=size,
        members=tuple(survivors),
        fallen=tuple(fallen),
        lost_heroes=tuple(lost),
        fights=gang.fights + 1,
    )
    return after, tuple(events)


def _check_sacrifice(
    gang: Gang, query: str, results: Mapping[str, MemberOutcome], final_hp: Mapping[str, int]
) -> Member:
    member = gang.member(query)
    if results.get(member.name, MemberOutcome()).died:
        raise IllegalSacrificeError(
            Message(
                "{name} died in the fight and cannot be sacrificed: "
                "the sacrifice is a living character (B4)",
                name=repr(member.name),
            )
        )
    allowed = sacrifice_candidates(gang, final_hp)
    if member not in allowed:
        raise IllegalSacrificeError(
            Message(
                "{name} (cowboy, {hp} HP) may not be sacrificed: "
                "B4 allows a hero or a cowboy with the most HP among the cowboys: {options}",
                name=repr(member.name),
                hp=final_hp[member.name],
                options=[
                    Message(
                        "{name} ({kind}, {hp} HP)", name=m.name, kind=m.kind, hp=final_hp[m.name]
                    )
                    for m in allowed
                ],
            )
        )
    return member
