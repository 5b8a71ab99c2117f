"""Creating gangs (B3) and new members: heroes as in B2, standard cowboys.

>>> import random
>>> from totenblatt.wanted.rules import Ruleset
>>> rules = Ruleset.load("extended")
>>> gang, events = create_gang("Daltons", HeroType.VETERAN, rules, random.Random(1), size=4,
...                            abilities=[Ability.COVER_3], leader_name="Bob Dalton")
>>> [(m.name, m.kind.value, m.hp, len(m.abilities)) for m in gang.members][0]
('Bob Dalton', 'veteran', 8, 4)
>>> len(gang.members), gang.members[0].abilities[0]
(4, <Ability.COVER_3: 'cover_3'>)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from totenblatt.campaign.abilities import draw_number_ability, gain_ability, number_abilities
from totenblatt.campaign.events import AbilityGained, Event, Joined
from totenblatt.campaign.gang import (
    HEROES,
    CampaignError,
    Gang,
    GangSizeError,
    InvalidNameError,
    Member,
    name_key,
)
from totenblatt.campaign.names import new_name
from totenblatt.messages import Message, Plural
from totenblatt.names import clean_name as check_name
from totenblatt.wanted.rules import Hero, Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "DEFAULT_WEAPONS",
    "check_weapon",
    "create_gang",
    "default_weapon",
    "hero_profile",
    "new_cowboy",
    "new_hero",
    "pick_name",
    "weapons_for",
]

DEFAULT_WEAPONS = ("winchester", "colt", "shotgun", "colt", "winchester")
"""The weapons members get when none is chosen, by roster place (round-robin).

The mix of the built-in ``gangs`` scenario: two rifles, two Colts and a shotgun in five.
A ruleset that lacks one of them arms its members with its own weapons in turn.
"""


def default_weapon(place: int, ruleset: Ruleset) -> str:
    """The weapon of the member at roster ``place`` (0 = the leader) when none is chosen.

    >>> rules = Ruleset.load("extended")
    >>> [default_weapon(i, rules) for i in range(6)]
    ['winchester', 'colt', 'shotgun', 'colt', 'winchester', 'winchester']
    """
    if all(w in ruleset.weapons for w in DEFAULT_WEAPONS):
        return DEFAULT_WEAPONS[place % len(DEFAULT_WEAPONS)]
    keys = list(ruleset.weapons)
    return keys[place % len(keys)]


def check_weapon(text: str, ruleset: Ruleset) -> str:
    """The key of the weapon ``text`` names (key or alias, e.g. ``gewehr``) in ``ruleset``.

    Raises the ruleset's ``UnknownWordError`` (a ``ValueError`` listing every weapon).

    >>> check_weapon("Schrotflinte", Ruleset.load("extended"))
    'shotgun'
    """
    return ruleset.weapon_key(text)


def weapons_for(chosen: Sequence[str], count: int, first: int, ruleset: Ruleset) -> list[str]:
    """``count`` weapons for roster places ``first``…: the chosen ones, then the defaults."""
    if len(chosen) > count:
        raise CampaignError(
            Plural(
                "{given} weapons given, but there is only {n} new member to arm",
                "{given} weapons given, but there are only {n} new members to arm",
                n=count,
                given=len(chosen),
            )
        )
    keys = [check_weapon(w, ruleset) for w in chosen]
    return keys + [default_weapon(first + i, ruleset) for i in range(len(keys), count)]


def hero_profile(kind: HeroType, ruleset: Ruleset) -> Hero:
    """The ruleset's numbers for a new hero of this type (B2)."""
    if kind is HeroType.GUNSLINGER:
        return ruleset.heroes.gunslinger
    if kind is HeroType.VETERAN:
        return ruleset.heroes.veteran
    raise CampaignError(
        Message(
            "{kind} is not a hero type: expected {gunslinger} or {veteran}",
            kind=kind,
            gunslinger=HeroType.GUNSLINGER,
            veteran=HeroType.VETERAN,
        )
    )


def pick_name(name: str | None, taken: Collection[str], rng: random.Random) -> str:
    """``name`` cleaned up and checked to be unique in the gang, or a new Western name."""
    if name is None:
        return new_name(rng, taken)
    if not isinstance(name, str) or not name.strip():
        raise InvalidNameError(Message("a member needs a name, got an empty one"))
    clean = " ".join(check_name(name, what="member name", error=InvalidNameError).split())
    if name_key(clean) in {name_key(t) for t in taken}:
        raise CampaignError(
            Message("the gang already has (or had) a member called {name}", name=repr(clean))
        )
    return clean


def new_cowboy(name: str, ruleset: Ruleset, weapon: str | None = None) -> Member:
    """A standard cowboy: ``hp.start`` HP, maximum ``hp.maximum``, no abilities (B3, B6).

    ``weapon`` is a key or alias of the ruleset's weapons (default: the first place's).
    """
    return Member(
        name,
        HeroType.COWBOY,
        hp=ruleset.hp.start,
        hp_max=ruleset.hp.maximum,
        weapon=default_weapon(0, ruleset) if weapon is None else check_weapon(weapon, ruleset),
    )


def new_hero(
    kind: HeroType,
    name: str,
    ruleset: Ruleset,
    rng: random.Random,
    chosen: Sequence[Ability] = (),
    weapon: str | None = None,
) -> tuple[Member, tuple[Event, ...]]:
    """A new hero (B2): its HP, and its abilities chosen among 2-10, the rest drawn from 2-10.

    All distinct (D-41, ``campaign.hero_abilities_distinct``): a choice may not repeat, a
    drawn one that repeats is drawn again; with the option off both may repeat (B1).

    ``weapon`` is a key or alias of the ruleset's weapons (default: the leader's).
    """
    profile = hero_profile(kind, ruleset)
    armed = default_weapon(0, ruleset) if weapon is None else check_weapon(weapon, ruleset)
    allowed = number_abilities(ruleset)
    for ability in chosen:
        if ability not in allowed:
            raise CampaignError(
                Message(
                    "a new {kind} chooses abilities of the number cards 2-10 only "
                    "({names}); {ability} is not one of them",
                    kind=kind,
                    names=list(dict.fromkeys(allowed)),
                    ability=ability,
                )
            )
    if len(chosen) > profile.abilities:
        raise CampaignError(
            Message(
                "a new {kind} has {count} abilities; {chosen} were chosen",
                kind=kind,
                count=profile.abilities,
                chosen=len(chosen),
            )
        )
    distinct = ruleset.campaign.hero_abilities_distinct
    twice = sorted({a.value for a in chosen if list(chosen).count(a) > 1})
    if distinct and twice:
        raise CampaignError(
            Message(
                "a new {kind}'s abilities are distinct (D-41); {ability} was chosen twice",
                kind=kind,
                ability=twice[0],
            )
        )
    member = Member(name, kind, hp=profile.hp, hp_max=profile.hp_max, weapon=armed)
    events: list[Event] = [Joined(name, kind, profile.hp)]
    for ability in chosen:
        member = gain_ability(member, ability, ruleset)
        events.append(AbilityGained(name, ability, None))
    distinct = distinct and len(set(allowed)) > profile.abilities
    for _ in range(profile.abilities - len(chosen)):
        draw = draw_number_ability(rng, ruleset)
        while distinct and draw.ability in member.abilities:  # redrawn while it repeats (D-41)
            draw = draw_number_ability(rng, ruleset)
        member = gain_ability(member, draw.ability, ruleset)
        events.append(AbilityGained(name, draw.ability, draw.card))
    return member, tuple(events)


def create_gang(
    name: str,
    leader: HeroType,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    size: int | None = None,
    abilities: Sequence[Ability] = (),
    leader_name: str | None = None,
    member_names: Sequence[str] = (),
    ruleset_name: str | None = None,
    weapons: Sequence[str] = (),
) -> tuple[Gang, tuple[Event, ...]]:
    """A new gang (B3): a hero leader and standard cowboys up to ``size`` (default: the maximum).

    ``abilities`` are the leader's chosen starting abilities; ``member_names`` name the
    cowboys in order; every name not given is generated. ``weapons`` arm the members in
    roster order, the leader first; the rest get :func:`default_weapon`.
    """
    if not ruleset.heroes.enabled:
        raise CampaignError(
            Message(
                "ruleset {ruleset} has no hero types (heroes.enabled = false); "
                "campaigns need the extended rules, e.g. --ruleset extended",
                ruleset=repr(ruleset.name),
            )
        )
    limit = ruleset.campaign.gang_max_size
    size = limit if size is None else size
    if not 1 <= size <= limit:
        raise GangSizeError(
            Message("a gang has 1 to {limit} members (B3); got size {size}", limit=limit, size=size)
        )
    if leader not in HEROES:
        raise CampaignError(
            Message(
                "the leader must be a {veteran} or a {gunslinger} (B3), got {kind}",
                veteran=HeroType.VETERAN,
                gunslinger=HeroType.GUNSLINGER,
                kind=leader,
            )
        )
    if ruleset.heroes.max_heroes_per_side < 1:
        raise CampaignError(
            Message("this ruleset allows no hero per side, so no gang leader (D-37)")
        )
    if len(member_names) > size - 1:
        raise GangSizeError(
            Message(
                "{given} cowboy names given, but a gang of {size} has "
                "{cowboys} cowboys besides its leader",
                given=len(member_names),
                size=size,
                cowboys=size - 1,
            )
        )
    if not isinstance(name, str) or not name.strip():
        raise InvalidNameError(Message("a gang needs a name, got an empty one"))
    clean_name = " ".join(check_name(name, what="gang name", error=InvalidNameError).split())
    arms = weapons_for(weapons, size, 0, ruleset)
    given: list[str] = []
    for wanted in ([leader_name] if leader_name is not None else []) + list(member_names):
        given.append(pick_name(wanted, given, rng))
    taken = list(given)
    leader_final = given[0] if leader_name is not None else new_name(rng, taken)
    taken.append(leader_final)
    cowboy_names = given[1:] if leader_name is not None else given
    hero, events = new_hero(leader, leader_final, ruleset, rng, abilities, arms[0])
    members = [hero]
    all_events = list(events)
    for i in range(size - 1):
        cowboy_name = cowboy_names[i] if i < len(cowboy_names) else new_name(rng, taken)
        taken.append(cowboy_name)
        cowboy = new_cowboy(cowboy_name, ruleset, arms[i + 1])
        members.append(cowboy)
        all_events.append(Joined(cowboy.name, cowboy.kind, cowboy.hp))
    gang = Gang(clean_name, size=size, members=tuple(members), ruleset=ruleset_name or ruleset.name)
    return gang, tuple(all_events)
