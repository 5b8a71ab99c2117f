"""Recruitment (B6, D-29): hire a replacement for a hero lost in the last fight, then fill up.

>>> import random
>>> from totenblatt.wanted.rules import Ruleset
>>> from totenblatt.campaign.gang import Gang, Member
>>> rules = Ruleset.load("extended")
>>> gang = Gang("D", 3, (Member("Ann", HeroType.COWBOY, 6, 6), Member("Cy", HeroType.COWBOY, 5, 6)),
...             lost_heroes=(HeroType.GUNSLINGER,))
>>> hired, _ = hire(gang, HeroType.GUNSLINGER, {"Ann": 3, "Cy": 2}, rules, random.Random(1),
...                 name="Kit Starr")
>>> [(m.name, m.hp) for m in hired.members]
[('Ann', 3), ('Cy', 3), ('Kit Starr', 10)]
>>> filled, _ = fill(replace(gang, lost_heroes=()), rules, random.Random(1), names=["Doc"])
>>> [(m.name, m.kind.value) for m in filled.members][-1]
('Doc', 'cowboy')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from totenblatt.campaign.creation import (
    default_weapon,
    new_cowboy,
    new_hero,
    pick_name,
    weapons_for,
)
from totenblatt.campaign.events import Event, Hired, HireForfeited, Joined, Paid
from totenblatt.campaign.gang import (
    HEROES,
    Gang,
    Member,
    RecruitmentError,
)
from totenblatt.messages import Message, Plural
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = ["affordable", "fill", "hirable", "hire", "hire_cost", "price", "spare_hp"]


def hire_cost(kind: HeroType, ruleset: Ruleset) -> int:
    """HP a replacement costs (B6): 10 for a veteran, 5 for a gunslinger by default."""
    if kind is HeroType.VETERAN:
        return ruleset.campaign.recruit_cost_veteran
    if kind is HeroType.GUNSLINGER:
        return ruleset.campaign.recruit_cost_gunslinger
    raise RecruitmentError(
        Message("only a hero is hired (B6): expected veteran or gunslinger, got {kind}", kind=kind)
    )


def hirable(gang: Gang, ruleset: Ruleset) -> tuple[HeroType, ...]:
    """Hero types the gang may hire now: a lost hero's type or a cheaper one (B6)."""
    out = [
        kind
        for kind in HEROES
        if any(hire_cost(kind, ruleset) <= hire_cost(lost, ruleset) for lost in gang.lost_heroes)
    ]
    return tuple(sorted(out, key=lambda k: hire_cost(k, ruleset), reverse=True))


def affordable(gang: Gang, ruleset: Ruleset) -> tuple[HeroType, ...]:
    """Hero types :func:`hire` accepts now: :func:`hirable`, paid for, with room (B6, D-29, D-37).

    Empty when the survivors cannot pay any of them, the gang is full or has its heroes.

    >>> from totenblatt.wanted.rules import Ruleset
    >>> from totenblatt.campaign.gang import Gang, Member
    >>> rules = Ruleset.load("extended")
    >>> ann = Member("Ann", HeroType.COWBOY, 6, 6)
    >>> poor = Gang("D", 3, (ann,), lost_heroes=(HeroType.VETERAN,))
    >>> [k.value for k in hirable(poor, rules)], [k.value for k in affordable(poor, rules)]
    (['veteran', 'gunslinger'], ['gunslinger'])
    """
    if len(gang.members) >= gang.size or len(gang.heroes) >= ruleset.heroes.max_heroes_per_side:
        return ()
    spare = spare_hp(gang, ruleset)
    return tuple(k for k in hirable(gang, ruleset) if hire_cost(k, ruleset) <= spare)


def spare_hp(gang: Gang, ruleset: Ruleset) -> int:
    """HP the survivors can pay in all, each down to ``recruit_min_hp`` (D-29)."""
    floor = ruleset.campaign.recruit_min_hp
    return sum(max(0, m.hp - floor) for m in gang.members)


def price(gang: Gang, kind: HeroType, ruleset: Ruleset) -> int:
    """HP a ``kind`` costs the gang (:func:`hire_cost`); RecruitmentError when its survivors
    cannot pay that much in all (:func:`spare_hp`, B6, D-29)."""
    cost = hire_cost(kind, ruleset)
    spare = spare_hp(gang, ruleset)
    if spare < cost:
        raise RecruitmentError(
            Message(
                "gang {gang} cannot pay for a {kind}: it costs {cost} HP and the "
                "survivors can pay only {spare} HP in all (B6, D-29)",
                gang=repr(gang.name),
                kind=kind,
                cost=cost,
                spare=spare,
            )
        )
    return cost


def hire(
    gang: Gang,
    kind: HeroType,
    payments: Mapping[str, int],
    ruleset: Ruleset,
    rng: random.Random,
    *,
    name: str | None = None,
    abilities: Sequence[Ability] = (),
    weapon: str | None = None,
) -> tuple[Gang, tuple[Event, ...]]:
    """Hire a replacement hero (B6), paid out of the survivors' HP in the player's split (D-29).

    The hero is created like a new one (B2): ``abilities`` chosen among 2-10, the rest drawn;
    ``weapon`` (a key or alias of the ruleset's weapons) defaults to its roster place's.
    """
    cost = hire_cost(kind, ruleset)
    _check_hire(gang, kind, ruleset)
    price(gang, kind, ruleset)
    paid = _payments(gang, payments, ruleset)
    total = sum(paid.values())
    if total != cost:
        raise RecruitmentError(
            Message(
                "the payments add up to {total} HP, but a {kind} costs exactly {cost} HP",
                total=total,
                kind=kind,
                cost=cost,
            )
        )
    events: list[Event] = []
    members: list[Member] = []
    for member in gang.members:
        amount = paid.get(member.name, 0)
        if amount:
            member = replace(member, hp=member.hp - amount)
            events.append(Paid(member.name, amount, member.hp))
        members.append(member)
    # the name draws from its own stream: a typed name changes no card drawn (D-41)
    naming = random.Random(rng.getrandbits(64))
    hero_name = pick_name(name, gang.taken_names, naming)
    armed = default_weapon(len(members), ruleset) if weapon is None else weapon
    hero, created = new_hero(kind, hero_name, ruleset, rng, abilities, armed)
    events.append(Hired(hero_name, kind, cost))
    events.extend(e for e in created if not isinstance(e, Joined))
    members.append(hero)
    remaining = list(gang.lost_heroes)
    remaining.remove(
        kind if kind in remaining else next(k for k in remaining if cost <= hire_cost(k, ruleset))
    )
    return replace(gang, members=(*members,), lost_heroes=tuple(remaining)), tuple(events)


def _check_hire(gang: Gang, kind: HeroType, ruleset: Ruleset) -> None:
    """Refuse a hire B6 does not allow now: no hero lost, another type than the lost one
    or a cheaper one, the hero limit (D-37), no room."""
    if not gang.lost_heroes:
        raise RecruitmentError(
            Message(
                "gang {gang} lost no veteran or gunslinger in its last fight: there is nobody "
                "to replace (B6)",
                gang=repr(gang.name),
            )
        )
    allowed = hirable(gang, ruleset)
    if kind not in allowed:
        raise RecruitmentError(
            Message(
                "gang {gang} lost a {lost}; the replacement is of that type or a cheaper one "
                "({allowed}), not a {kind} (B6)",
                gang=repr(gang.name),
                lost=list(gang.lost_heroes),
                allowed=list(allowed),
                kind=kind,
            )
        )
    if len(gang.heroes) >= ruleset.heroes.max_heroes_per_side:
        raise RecruitmentError(
            Plural(
                "gang {gang} already has {n} hero; the ruleset allows {most} per side (D-37)",
                "gang {gang} already has {n} heroes; the ruleset allows {most} per side (D-37)",
                n=len(gang.heroes),
                gang=repr(gang.name),
                most=ruleset.heroes.max_heroes_per_side,
            )
        )
    if len(gang.members) >= gang.size:
        raise RecruitmentError(
            Message(
                "gang {gang} already has {members} of {size} members",
                gang=repr(gang.name),
                members=len(gang.members),
                size=gang.size,
            )
        )


def _payments(gang: Gang, payments: Mapping[str, int], ruleset: Ruleset) -> dict[str, int]:
    floor = ruleset.campaign.recruit_min_hp
    paid: dict[str, int] = {}
    members = gang.each_once(payments, _given_twice)
    for member, amount in zip(members, payments.values(), strict=True):
        if amount < 0:
            raise RecruitmentError(
                Message(
                    "{member} cannot pay {amount} HP: expected 0 or more",
                    member=repr(member.name),
                    amount=amount,
                )
            )
        if member.hp - amount < floor:
            raise RecruitmentError(
                Message(
                    "{member} has {hp} HP and can pay at most {most} HP (down to {floor}, "
                    "D-29), not {amount}",
                    member=repr(member.name),
                    hp=member.hp,
                    most=max(0, member.hp - floor),
                    floor=floor,
                    amount=amount,
                )
            )
        paid[member.name] = amount
    return paid


def _given_twice(member: Member, query: str) -> Message:
    return Message(
        "member {member} is given twice (as {query})", member=repr(member.name), query=repr(query)
    )


def fill(
    gang: Gang,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    names: Sequence[str] = (),
    weapons: Sequence[str] = (),
) -> tuple[Gang, tuple[Event, ...]]:
    """Fill the gang up with new standard cowboys to its size (B6); this ends recruitment.

    ``names`` name the newcomers in order; the rest are generated. ``weapons`` arm them in
    order; the rest get their roster place's default. A lost hero not replaced by now
    stays unreplaced.
    """
    free = gang.size - len(gang.members)
    if free <= 0:
        raise RecruitmentError(
            Message(
                "gang {gang} already has its {size} members; nobody to add",
                gang=repr(gang.name),
                size=gang.size,
            )
        )
    if len(names) > free:
        raise RecruitmentError(
            Plural(
                "{given} names given, but gang {gang} has only {n} free place",
                "{given} names given, but gang {gang} has only {n} free places",
                n=free,
                given=len(names),
                gang=repr(gang.name),
            )
        )
    arms = weapons_for(weapons, free, len(gang.members), ruleset)
    given: list[str] = []
    for wanted in names:
        given.append(pick_name(wanted, [*gang.taken_names, *given], rng))
    taken = {*gang.taken_names, *given}
    members = list(gang.members)
    events: list[Event] = []
    for i in range(free):
        cowboy_name = given[i] if i < len(given) else pick_name(None, taken, rng)
        taken.add(cowboy_name)
        cowboy = new_cowboy(cowboy_name, ruleset, arms[i])
        members.append(cowboy)
        events.append(Joined(cowboy.name, cowboy.kind, cowboy.hp))
    if gang.lost_heroes:
        events.append(HireForfeited(gang.lost_heroes))
    return replace(gang, members=tuple(members), lost_heroes=()), tuple(events)
