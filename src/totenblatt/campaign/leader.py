"""A gang's leader: the member at the head of its roster (B3), chosen anew when it is lost.

A gang is created with its hero leader first (B3). When the leader dies or is sacrificed —
a wiped-out gang is the extreme case: nobody who fought is left — the owner chooses the
new leader among the living members after the aftermath (the survivors, a hired hero, the
new standard cowboys); without a choice the roster keeps its order (the first living
member leads). Pure: no I/O.

>>> from totenblatt.campaign.gang import Gang, Member
>>> from totenblatt.wanted.vocab import HeroType
>>> bob, ann = Member("Bob", HeroType.VETERAN, 8, 8), Member("Ann", HeroType.COWBOY, 6, 6)
>>> cy = Member("Cy", HeroType.COWBOY, 6, 6)
>>> before, after = Gang("D", 3, (bob, ann, cy)), Gang("D", 2, (ann, cy))
>>> leader_candidates(before, after)
('Ann', 'Cy')
>>> led, events = choose_leader(before, after, "cy")
>>> [m.name for m in led.members], events[0].member
(['Cy', 'Ann'], 'Cy')
"""

from __future__ import annotations

from dataclasses import replace

from totenblatt.campaign.events import Event, LeaderChosen
from totenblatt.campaign.gang import CampaignError, Gang
from totenblatt.messages import Message
from totenblatt.names import listing

__all__ = ["choose_leader", "leader_candidates", "leader_lost"]


def leader_lost(before: Gang, after: Gang) -> bool:
    """Whether the member who led ``before`` (its roster's head) is not living in ``after``."""
    if not before.members:
        return False
    head = before.members[0].name
    return all(m.name != head for m in after.members)


def leader_candidates(before: Gang, after: Gang) -> tuple[str, ...]:
    """Whom the owner may choose as the new leader: every living member of ``after`` when
    the leader of ``before`` is lost, in roster order (the first is the default); else none."""
    if not leader_lost(before, after):
        return ()
    return tuple(m.name for m in after.members)


def choose_leader(before: Gang, after: Gang, name: str) -> tuple[Gang, tuple[Event, ...]]:
    """``after`` with the living member ``name`` at the head of its roster, as its leader.

    Refused (CampaignError) when the leader of ``before`` is still alive, or ``name`` is not
    a living member of ``after`` (the refusal lists whom the owner may choose).
    """
    if not leader_lost(before, after):
        raise CampaignError(
            Message(
                "{leader} still leads gang {gang}: a new leader is chosen only when the "
                "leader died or was sacrificed",
                leader=repr(before.members[0].name) if before.members else "nobody",
                gang=repr(after.name),
            )
        )
    candidates = leader_candidates(before, after)
    try:
        member = after.member(name)
    except CampaignError:
        raise CampaignError(
            Message(
                "{name} cannot lead gang {gang}: the new leader is one of its living members "
                "after the fight ({names})",
                name=repr(name),
                gang=repr(after.name),
                names=listing(candidates) if candidates else "nobody",
            )
        ) from None
    members = (member, *(m for m in after.members if m.name != member.name))
    return replace(after, members=members), (LeaderChosen(member.name, member.kind),)
