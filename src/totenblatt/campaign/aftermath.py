"""After a fight, step by step: who sat out, what comes next, and the post-fight plan.

The post-fight steps of a gang are :func:`settle` (B4, B5: :func:`after_fight` for the
members who took part), :func:`~totenblatt.campaign.recruitment.hire` (B6) and
:func:`~totenblatt.campaign.recruitment.fill` (B6). :func:`plan` runs them for one gang
with the owner's :class:`Choices` (or :func:`default_choices`) and a seed per step
(:func:`step_seed`), so a page can show what will happen — the cards drawn included —
and the store write exactly that when the owner confirms. :func:`next_step` says what a
member gains after how many more survived fights. Pure: no I/O.

>>> import random
>>> from totenblatt.campaign.advancement import MemberOutcome
>>> from totenblatt.wanted.rules import Ruleset
>>> rules = Ruleset.load("extended")
>>> bob, ann = Member("Bob", HeroType.VETERAN, 8, 8), Member("Ann", HeroType.COWBOY, 3, 6)
>>> gang = Gang("D", 3, (bob, ann, Member("Cy", HeroType.COWBOY, 2, 6)))
>>> after, _ = settle(gang, FightOutcome({"Ann": MemberOutcome(hp=1)}), rules, random.Random(1),
...                   absent=["Cy"])
>>> [(m.name, m.hp, m.fights_survived) for m in after.members]
[('Bob', 8, 1), ('Ann', 2, 1), ('Cy', 2, 0)]
>>> next_step(after.members[1], rules)
NextStep(gain=<Gain.ABILITY: 'ability'>, fights=1)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from totenblatt.campaign.advancement import FightOutcome, after_fight
from totenblatt.campaign.events import Event
from totenblatt.campaign.gang import (
    CampaignError,
    Gang,
    IllegalSacrificeError,
    Member,
)
from totenblatt.campaign.leader import choose_leader
from totenblatt.campaign.outcomes import outcome_args
from totenblatt.campaign.recruitment import affordable, fill, hire, price
from totenblatt.messages import Message
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "Choices",
    "Gain",
    "NextStep",
    "Resolved",
    "SacrificeFixedError",
    "Step",
    "Wanted",
    "chosen_sacrifice",
    "default_choices",
    "default_payments",
    "next_step",
    "plan",
    "resolve",
    "settle",
    "step_args",
    "step_seed",
]

FIGHT, RECRUIT, FILL, LEADER = "fight", "recruit", "fill", "leader"
"""The names of the post-fight steps (:attr:`Step.what`)."""


def settle(
    gang: Gang,
    outcome: FightOutcome,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    absent: Collection[str] = (),
) -> tuple[Gang, tuple[Event, ...]]:
    """:func:`after_fight` for the members who took part; the ``absent`` sat the fight out.

    A member who sat out is left as it was: it neither counts the fight (D-28: only fights
    it took part in) nor recovers (B5: the survivors do), cannot die or be sacrificed, and
    keeps its place in the roster. The gang's fight count still rises.
    """
    away = _absent(gang, absent)
    if not away:
        return after_fight(gang, outcome, ruleset, rng)
    for query in outcome.members:
        member = gang.member(query)
        if member.name in away:
            raise CampaignError(
                Message(
                    "{name} sat the fight out: it has no outcome (died or HP) to record",
                    name=repr(member.name),
                )
            )
    if outcome.sacrifice is not None and gang.member(outcome.sacrifice).name in away:
        raise IllegalSacrificeError(
            Message(
                "{name} sat the fight out and cannot be sacrificed: "
                "the sacrifice is a character in the fight (B4)",
                name=repr(outcome.sacrifice),
            )
        )
    fought = gang.replace_members(m for m in gang.members if m.name not in away)
    after, events = after_fight(fought, outcome, ruleset, rng)
    kept = {m.name: m for m in after.members}
    order = [kept.get(m.name, m) for m in gang.members if m.name in kept or m.name in away]
    return replace(after, members=tuple(order)), events


def _absent(gang: Gang, absent: Collection[str]) -> set[str]:
    names = {member.name for member in gang.each_once(absent, _absent_twice)}
    if names and len(names) == len(gang.members):
        raise CampaignError(
            Message("everyone of gang {gang} is absent: nobody fought", gang=repr(gang.name))
        )
    return names


def _absent_twice(member: Member, query: str) -> Message:
    return Message("{name} is named twice as absent", name=repr(member.name))


# -- what comes next -------------------------------------------------------------------


class Gain(StrEnum):
    """What a member gains next by surviving fights (B5)."""

    ABILITY = "ability"
    """A standard cowboy's (or a veteran's, without an HP bonus) new ability."""
    PROMOTION = "promotion"
    """A gunslinger becomes a veteran."""
    ABILITY_AND_HP = "ability_and_hp"
    """A veteran's new ability and a higher HP maximum."""


@dataclass(frozen=True, slots=True)
class NextStep:
    """The next gain of a member and how many more survived fights it takes."""

    gain: Gain
    fights: int


def next_step(member: Member, ruleset: Ruleset) -> NextStep:
    """What ``member`` gains next and after how many more survived fights (B5, D-28).

    >>> from totenblatt.wanted.rules import Ruleset
    >>> rules = Ruleset.load("extended")
    >>> next_step(Member("Kit", HeroType.GUNSLINGER, 10, 10, kind_fights=4), rules)
    NextStep(gain=<Gain.PROMOTION: 'promotion'>, fights=2)
    """
    rules = ruleset.campaign
    if member.kind is HeroType.GUNSLINGER:
        left = max(1, rules.gunslinger_promotion_after - member.kind_fights)
        return NextStep(Gain.PROMOTION, left)
    if member.kind is HeroType.VETERAN:
        every = rules.veteran_ability_every
        gain = Gain.ABILITY_AND_HP if rules.veteran_hp_max_bonus else Gain.ABILITY
        return NextStep(gain, every - member.kind_fights % every)
    every = rules.cowboy_ability_every
    return NextStep(Gain.ABILITY, every - member.kind_fights % every)


# -- recruitment defaults ----------------------------------------------------------------


def default_payments(gang: Gang, kind: HeroType, ruleset: Ruleset) -> dict[str, int]:
    """A split of the hire's price (B6) that keeps the survivors as even as it can.

    One HP at a time from whoever has the most HP left (the first in roster order among
    equals), each down to ``recruit_min_hp`` (D-29); RecruitmentError when they cannot pay.

    >>> from totenblatt.wanted.rules import Ruleset
    >>> ann, cy = Member("Ann", HeroType.COWBOY, 6, 6), Member("Cy", HeroType.COWBOY, 3, 6)
    >>> gang = Gang("D", 3, (ann, cy))
    >>> default_payments(gang, HeroType.GUNSLINGER, Ruleset.load("extended"))
    {'Ann': 4, 'Cy': 1}
    """
    cost = price(gang, kind, ruleset)
    floor = ruleset.campaign.recruit_min_hp
    left = {m.name: m.hp for m in gang.members}
    paid = dict.fromkeys(left, 0)
    for _ in range(cost):
        name = max(left, key=lambda n: (left[n], -list(left).index(n)))
        if left[name] <= floor:  # pragma: no cover - spare_hp said it is enough
            break
        left[name] -= 1
        paid[name] += 1
    return {name: hp for name, hp in paid.items() if hp}


# -- the plan ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choices:
    """What the owner decides after a fight (B6): a hire and its payments, filling up.

    ``hire`` None hires nobody; ``pay`` None pays by :func:`default_payments`; ``fill``
    fills the free places with new standard cowboys (named by ``fill_names`` in order).
    """

    hire: HeroType | None = None
    pay: Mapping[str, int] | None = None
    hire_name: str | None = None
    fill: bool = True
    fill_names: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    """The hired hero's abilities the owner chose (B2, D-41); the rest are drawn."""
    leader: str | None = None
    """The new leader the owner chose when the leader was lost (:mod:`.leader`)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One post-fight step of a gang: which (``fight``, ``recruit``, ``fill``), the seed it
    drew with, the gang after it and what it did."""

    what: str
    seed: int
    gang: Gang
    events: tuple[Event, ...] = field(default=())


def step_seed(seed: int, *parts: object) -> int:
    """A seed for one step, derived from a fight's secret ``seed`` (63 bits, one-way).

    >>> step_seed(7, "Daltons", "fight") == step_seed(7, "Daltons", "fight") != step_seed(7, "x")
    True
    """
    text = "/".join([str(seed), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def default_choices(settled: Gang, ruleset: Ruleset) -> Choices:
    """The rules' defaults after the fight step: hire the best replacement the survivors can
    pay (the lost hero's type first, B6) with :func:`default_payments`, then fill up."""
    offers = affordable(settled, ruleset)
    return Choices(hire=offers[0] if offers else None, fill=True)


def plan(
    gang: Gang,
    outcome: FightOutcome,
    ruleset: Ruleset,
    seed: int,
    choices: Choices | None = None,
    *,
    absent: Collection[str] = (),
) -> tuple[Step, ...]:
    """Every post-fight step of ``gang`` in order: the fight (:func:`settle`), a hire, filling
    up, a new leader.

    Each step draws from ``random.Random(step_seed(seed, what))``; ``choices`` None takes
    :func:`default_choices`. The same arguments give the same steps, cards included.
    """
    first = _fight_step(gang, outcome, ruleset, seed, absent)
    chosen = default_choices(first.gang, ruleset) if choices is None else choices
    paid = _paid(first.gang, chosen, ruleset)
    return (first, *_after_fight(gang, first.gang, ruleset, seed, paid))


def _fight_step(
    gang: Gang, outcome: FightOutcome, ruleset: Ruleset, seed: int, absent: Collection[str]
) -> Step:
    the_seed = step_seed(seed, FIGHT)
    fought, events = settle(gang, outcome, ruleset, random.Random(the_seed), absent=absent)
    return Step(FIGHT, the_seed, fought, events)


def _paid(settled: Gang, chosen: Choices, ruleset: Ruleset) -> Choices:
    """``chosen`` with the hire's payments as they will be paid (the default split filled in)."""
    if chosen.hire is None or chosen.pay is not None:
        return chosen
    return replace(chosen, pay=default_payments(settled, chosen.hire, ruleset))


def _after_fight(
    gang: Gang, fought: Gang, ruleset: Ruleset, seed: int, chosen: Choices
) -> list[Step]:
    """The recruitment and filling steps after the fight step (B6), then the new leader the
    owner chose when ``gang``'s leader was lost (:func:`~.leader.choose_leader`)."""
    steps = []
    current = fought
    if chosen.hire is not None:
        the_seed = step_seed(seed, RECRUIT)
        current, events = hire(
            current,
            chosen.hire,
            chosen.pay or {},
            ruleset,
            random.Random(the_seed),
            name=chosen.hire_name,
            abilities=chosen.abilities,
        )
        steps.append(Step(RECRUIT, the_seed, current, events))
    if chosen.fill and len(current.members) < current.size:
        the_seed = step_seed(seed, FILL)
        current, events = fill(
            current, ruleset, random.Random(the_seed), names=list(chosen.fill_names)
        )
        steps.append(Step(FILL, the_seed, current, events))
    if chosen.leader is not None:
        current, events = choose_leader(gang, current, chosen.leader)
        steps.append(Step(LEADER, step_seed(seed, LEADER), current, events))
    return steps


# -- the one road: the owner's wishes, B4's checks, the defaults, the plan -----------------


class SacrificeFixedError(IllegalSacrificeError):
    """Another sacrifice than the one chosen when the gang conceded (B4)."""


@dataclass(frozen=True, slots=True)
class Wanted:
    """What the owner asks for after a fight (None: the rules' default).

    ``hire_given`` says the owner decided about the hire (``hire`` None: hire nobody);
    ``fill`` None fills up when there is room (B6).
    """

    sacrifice: str | None = None
    hire: HeroType | None = None
    hire_given: bool = False
    pay: Mapping[str, int] | None = None
    hire_name: str | None = None
    abilities: tuple[Ability, ...] = ()
    fill: bool | None = None
    fill_names: tuple[str, ...] = ()
    leader: str | None = None

    def to_dict(self) -> dict[str, object]:
        """As stored with a confirmation."""
        return {
            "sacrifice": self.sacrifice,
            "hire": None if self.hire is None else self.hire.value,
            "hire_given": self.hire_given,
            "pay": None if self.pay is None else dict(self.pay),
            "hire_name": self.hire_name,
            "abilities": [a.value for a in self.abilities],
            "fill": self.fill,
            "fill_names": list(self.fill_names),
            "leader": self.leader,
        }

    @classmethod
    def from_stored(cls, data: Mapping[str, object] | None) -> Wanted:
        """Read :meth:`to_dict` back."""
        if not data:
            return cls()
        hire_ = data.get("hire")
        pay = data.get("pay")
        return cls(
            sacrifice=None if data.get("sacrifice") is None else str(data.get("sacrifice")),
            hire=None if hire_ is None else HeroType(str(hire_)),
            hire_given=bool(data.get("hire_given")),
            pay=dict(pay) if isinstance(pay, Mapping) else None,
            hire_name=None if data.get("hire_name") is None else str(data.get("hire_name")),
            abilities=tuple(Ability(str(a)) for a in _items(data.get("abilities"))),
            fill=None if data.get("fill") is None else bool(data.get("fill")),
            fill_names=tuple(str(n) for n in _items(data.get("fill_names"))),
            leader=None if data.get("leader") is None else str(data.get("leader")),
        )


def _items(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def chosen_sacrifice(conceded: bool, fixed: str | None, wanted: str | None) -> str | None:
    """Who a gang sacrifices (B4): the one fixed when it conceded, else the owner's choice.

    IllegalSacrificeError when a gang that did not concede names one; SacrificeFixedError
    when another than the fixed one is named. Whether the member may be sacrificed is
    checked by :func:`settle`.
    """
    if not conceded:
        if wanted is not None:
            raise IllegalSacrificeError(
                Message("only a gang that conceded sacrifices someone (B4)")
            )
        return None
    if fixed is not None and wanted not in (None, fixed):
        raise SacrificeFixedError(
            Message("the sacrifice was chosen when the gang conceded: {name}", name=fixed)
        )
    return fixed or wanted


@dataclass(frozen=True, slots=True)
class Resolved:
    """A gang's aftermath as the rules resolve it: the choices taken (defaults and the
    payments filled in) and every step, cards included."""

    choices: Choices
    steps: tuple[Step, ...]


def resolve(
    gang: Gang,
    outcome: FightOutcome,
    ruleset: Ruleset,
    seed: int,
    wanted: Wanted | None = None,
    *,
    absent: Collection[str] = (),
) -> Resolved:
    """The one road of a gang's aftermath (the web wizard and ``fight record`` both take it).

    The fight step (:func:`settle`, B4, B5), then the owner's ``wanted`` choices with the
    rules' defaults (:func:`default_choices`) for what they leave open, then the hire and
    filling up (B6). Each step draws from its own seed (:func:`step_seed` of ``seed`` and
    the step): nothing the owner types (a name) changes a card drawn (D-41). A new leader
    the owner chose (``wanted.leader``) comes last, when the leader was lost.
    """
    asked = Wanted() if wanted is None else wanted
    first = _fight_step(gang, outcome, ruleset, seed, absent)
    defaults = default_choices(first.gang, ruleset)
    hire_ = asked.hire if asked.hire_given else defaults.hire
    choices = _paid(
        first.gang,
        Choices(
            hire=hire_,
            pay=asked.pay,
            hire_name=asked.hire_name if hire_ is not None else None,
            fill=defaults.fill if asked.fill is None else asked.fill,
            fill_names=asked.fill_names,
            abilities=asked.abilities if hire_ is not None else (),
            leader=asked.leader,
        ),
        ruleset,
    )
    return Resolved(choices, (first, *_after_fight(gang, first.gang, ruleset, seed, choices)))


def step_args(
    step: Step, outcome: FightOutcome, choices: Choices, absent: Collection[str] = ()
) -> dict[str, object]:
    """What a step's audit row holds of the rules' arguments (the same from every road)."""
    if step.what == FIGHT:
        return {**outcome_args(outcome), "absent": list(absent)}
    if step.what == RECRUIT:
        return {
            "hero": None if choices.hire is None else choices.hire.value,
            "pay": dict(choices.pay or {}),
            "name": choices.hire_name,
            "abilities": [a.value for a in choices.abilities],
        }
    if step.what == LEADER:
        return {"leader": step.gang.members[0].name}
    return {"names": list(choices.fill_names)}
