"""Changing a roster between fights: rename the gang or a member, dismiss one, re-arm one.

Pure steps like the rest of :mod:`totenblatt.campaign`: each returns the new :class:`Gang`
and the events that describe it. Names are checked as everywhere (:mod:`totenblatt.names`)
and stay unique within the gang, fallen members included.

>>> from totenblatt.wanted.rules import Ruleset
>>> from totenblatt.wanted.vocab import HeroType
>>> rules = Ruleset.load("extended")
>>> bob, ann = Member("Bob", HeroType.VETERAN, 8, 8), Member("Ann", HeroType.COWBOY, 6, 6)
>>> gang = Gang("Daltons", 2, (bob, ann))
>>> renamed, _ = rename_member(gang, "ann", "Annie Oakley")
>>> armed, _ = arm(renamed, "annie", "Schrotflinte", rules)
>>> [(m.name, m.weapon) for m in armed.members]
[('Bob', 'colt'), ('Annie Oakley', 'shotgun')]
>>> gone, _ = dismiss(armed, "Bob")
>>> [m.name for m in gone.members], [(m.name, m.status.value) for m in gone.fallen], gone.size
(['Annie Oakley'], [('Bob', 'dismissed')], 1)
"""

from __future__ import annotations

from dataclasses import replace

from totenblatt.campaign.creation import check_weapon
from totenblatt.campaign.events import Armed, Dismissed, Event, GangRenamed, Renamed
from totenblatt.campaign.gang import (
    CampaignError,
    Gang,
    InvalidNameError,
    Member,
    MemberStatus,
    name_key,
)
from totenblatt.messages import Message
from totenblatt.names import NAME_MAX, clean_name
from totenblatt.wanted.rules import Ruleset

__all__ = ["arm", "clean_gang_name", "dismiss", "rename_gang", "rename_member"]


def clean_gang_name(name: str) -> str:
    """A gang name as it is stored: checked (:mod:`totenblatt.names`), inner spaces collapsed."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidNameError(Message("a gang needs a name, got an empty one"))
    clean = clean_name(name, what="gang name", limit=NAME_MAX, error=InvalidNameError)
    return " ".join(clean.split())


def rename_gang(gang: Gang, new: str) -> tuple[Gang, tuple[Event, ...]]:
    """The gang under a new name (uniqueness among gangs is the store's to check)."""
    clean = clean_gang_name(new)
    if clean == gang.name:
        raise CampaignError(Message("gang {gang} is already called so", gang=repr(gang.name)))
    return replace(gang, name=clean), (GangRenamed(gang.name, clean),)


def _swap(gang: Gang, old: Member, new: Member) -> Gang:
    return gang.replace_members(new if m is old else m for m in gang.members)


def rename_member(gang: Gang, query: str, new: str) -> tuple[Gang, tuple[Event, ...]]:
    """A living member under a new name, unique in the gang (the fallen's names included)."""
    member = gang.member(query)
    if not isinstance(new, str) or not new.strip():
        raise InvalidNameError(Message("a member needs a name, got an empty one"))
    clean = " ".join(clean_name(new, what="member name", error=InvalidNameError).split())
    if clean == member.name:
        raise CampaignError(Message("{member} is already called so", member=repr(member.name)))
    others = {name_key(m.name) for m in (*gang.members, *gang.fallen) if m is not member}
    if name_key(clean) in others:
        raise CampaignError(
            Message("the gang already has (or had) a member called {name}", name=repr(clean))
        )
    return _swap(gang, member, replace(member, name=clean)), (Renamed(member.name, clean),)


def dismiss(gang: Gang, query: str) -> tuple[Gang, tuple[Event, ...]]:
    """A living member leaves the gang for good, counted like a sacrifice (D-42, B4): the
    gang's size shrinks by 1, so no fill takes the place; the last member stays."""
    member = gang.member(query)
    if len(gang.members) <= 1:
        raise CampaignError(
            Message(
                "{member} is the last member of gang {gang}: a gang keeps at least one",
                member=repr(member.name),
                gang=repr(gang.name),
            )
        )
    gone = replace(member, status=MemberStatus.DISMISSED)
    members = tuple(m for m in gang.members if m is not member)
    size = max(len(members), gang.size - 1)
    changed = replace(gang, size=size, members=members, fallen=(*gang.fallen, gone))
    return changed, (Dismissed(member.name, member.kind),)


def arm(gang: Gang, query: str, weapon: str, ruleset: Ruleset) -> tuple[Gang, tuple[Event, ...]]:
    """A living member takes another weapon of the gang's ruleset (key or alias)."""
    member = gang.member(query)
    key = check_weapon(weapon, ruleset)
    if key == member.weapon:
        raise CampaignError(
            Message(
                "{member} already carries that weapon ({weapon})",
                member=repr(member.name),
                weapon=key,
            )
        )
    changed = _swap(gang, member, replace(member, weapon=key))
    return changed, (Armed(member.name, key, member.weapon),)
