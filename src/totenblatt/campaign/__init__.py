"""Campaign play (B3-B6): gangs that live between fights. Pure rules, no I/O.

Create a gang (:func:`create_gang`), record what a fight did to it (:func:`after_fight`,
the one path for fights played on a table and by the engine), hire a replacement hero
(:func:`hire`, :func:`affordable` says what can be paid), fill up (:func:`fill`) and, when the
leader was lost, choose a new one (:func:`choose_leader`); between
fights rename the gang or a member, dismiss or re-arm a member (:mod:`.roster`). Every step
returns the new :class:`Gang` and the events that describe it; randomness comes from the
``random.Random`` passed in. :mod:`.battle` sets a fight up on the engine and reads its
outcome; :mod:`.aftermath` runs a gang's post-fight steps as one plan (members who sat out,
the owner's choices, what comes next).
"""

from totenblatt.campaign.abilities import (
    AbilityDraw,
    draw_ability,
    draw_number_ability,
    gain_ability,
    number_abilities,
    parse_ability,
)
from totenblatt.campaign.advancement import (
    FightOutcome,
    MemberOutcome,
    advance,
    after_fight,
    recover,
    sacrifice_candidates,
)
from totenblatt.campaign.aftermath import (
    Choices,
    Gain,
    NextStep,
    Resolved,
    SacrificeFixedError,
    Step,
    Wanted,
    chosen_sacrifice,
    default_choices,
    default_payments,
    next_step,
    plan,
    resolve,
    settle,
    step_args,
    step_seed,
)
from totenblatt.campaign.creation import (
    DEFAULT_WEAPONS,
    check_weapon,
    create_gang,
    default_weapon,
    hero_profile,
    new_cowboy,
    new_hero,
)
from totenblatt.campaign.events import Event, event_from_dict, event_to_dict
from totenblatt.campaign.export import HistoryEntry, gang_from_roster, roster_dict
from totenblatt.campaign.gang import (
    HEROES,
    CampaignError,
    Gang,
    GangSizeError,
    IllegalSacrificeError,
    InvalidNameError,
    Member,
    MemberStatus,
    RecruitmentError,
    UnknownMemberError,
    fate,
    name_key,
    name_matches,
)
from totenblatt.campaign.leader import choose_leader, leader_candidates, leader_lost
from totenblatt.campaign.names import new_name
from totenblatt.campaign.recruitment import affordable, fill, hirable, hire, hire_cost, spare_hp
from totenblatt.campaign.roster import arm, clean_gang_name, dismiss, rename_gang, rename_member

__all__ = [
    "DEFAULT_WEAPONS",
    "HEROES",
    "AbilityDraw",
    "CampaignError",
    "Choices",
    "Event",
    "FightOutcome",
    "Gain",
    "Gang",
    "GangSizeError",
    "HistoryEntry",
    "IllegalSacrificeError",
    "InvalidNameError",
    "Member",
    "MemberOutcome",
    "MemberStatus",
    "NextStep",
    "RecruitmentError",
    "Resolved",
    "SacrificeFixedError",
    "Step",
    "UnknownMemberError",
    "Wanted",
    "advance",
    "affordable",
    "after_fight",
    "arm",
    "check_weapon",
    "choose_leader",
    "chosen_sacrifice",
    "clean_gang_name",
    "create_gang",
    "default_choices",
    "default_payments",
    "default_weapon",
    "dismiss",
    "draw_ability",
    "draw_number_ability",
    "event_from_dict",
    "event_to_dict",
    "fate",
    "fill",
    "gain_ability",
    "gang_from_roster",
    "hero_profile",
    "hirable",
    "hire",
    "hire_cost",
    "leader_candidates",
    "leader_lost",
    "name_key",
    "name_matches",
    "new_cowboy",
    "new_hero",
    "new_name",
    "next_step",
    "number_abilities",
    "parse_ability",
    "plan",
    "recover",
    "rename_gang",
    "rename_member",
    "resolve",
    "roster_dict",
    "sacrifice_candidates",
    "settle",
    "spare_hp",
    "step_args",
    "step_seed",
]
