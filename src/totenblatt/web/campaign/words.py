"""The words of the campaign pages: all from the text layer's gettext catalogs (de and en).

Campaign steps are worded by :func:`totenblatt.text.campaign.describe`, abilities, kinds and
weapons by :mod:`totenblatt.text.vocab`; the pages' furniture is ``_STRINGS`` below (a key
the script uses and its message id, marked with ``N_`` for ``make catalogs``). A page gets
every string in its language from the server (:func:`strings`) and fills in ``{n}``.

>>> text("league_table", "en"), strings("en")["next_ability_one"]
('League table', 'new ability after {n} more fight')
"""

from __future__ import annotations

from typing import Any

from totenblatt.campaign import Gain, NextStep
from totenblatt.text import words
from totenblatt.text.terms import N_
from totenblatt.web.shell.words import translator

__all__ = ["next_text", "result_text", "status_text", "strings", "text"]

_STRINGS: dict[str, str] = {
    # -- every page --
    "campaigns": N_("Campaigns"),
    "role_admin": N_("You are the arbitrator of this campaign."),
    "role_owner": N_("You lead {gang}."),
    "role_public": N_("Public view: read only."),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "close": N_("Close"),
    "cancel": N_("Cancel"),
    "sure": N_("Are you sure? This cannot be undone."),
    "yes": N_("Yes"),
    "no": N_("No"),
    "print": N_("Print"),
    # -- a new campaign --
    "new_campaign": N_("New campaign"),
    "campaign_name": N_("Name of the campaign"),
    "language": N_("Language"),
    "create_campaign": N_("Create campaign"),
    "admin_link": N_("Arbitrator link — keep it secret: it is shown only now."),
    "public_link": N_("Public link (read only): for everyone."),
    "open_campaign": N_("Open the campaign"),
    "campaign_intro": N_(
        "A campaign keeps gangs between fights: their fights are played at the web table, "
        "and after each one the rules of the extended chapter are applied for you."
    ),
    # -- the campaign page --
    "gangs": N_("Gangs"),
    "no_gangs": N_("No gangs yet."),
    "members_of": N_("{members} of {size}"),
    "in_fight": N_("in a fight"),
    "league_table": N_("League table"),
    "rank": N_("#"),
    "gang": N_("Gang"),
    "fights": N_("Fights"),
    "wins": N_("Won"),
    "losses": N_("Lost"),
    "conceded_n": N_("Conceded"),
    "kills": N_("Kills"),
    "survivors": N_("Alive"),
    "battle_log": N_("Battle log"),
    "no_fights": N_("No fights yet."),
    "at_the_table": N_("played on a real table"),
    "replay": N_("Replay"),
    "watch": N_("Watch"),
    "open_fight": N_("Open"),
    "print_rosters": N_("Print every roster"),
    # -- the arbitrator's forms --
    "new_gang": N_("New gang"),
    "gang_name": N_("Name of the gang"),
    "leader": N_("Leader"),
    "size": N_("Size"),
    "seed": N_("Seed"),
    "leader_name": N_("Leader's name (empty: generated)"),
    "member_names": N_("Cowboys' names, one per line (empty: generated)"),
    "create_gang": N_("Create gang"),
    "import_stored": N_("Bring in a gang of the database (totenblatt gang create)"),
    "stored_name": N_("Its name"),
    "bring_in": N_("Bring in"),
    "import_json": N_("Import a roster (JSON of gang export)"),
    "import": N_("Import"),
    "owner_link": N_("Owner link of {gang} — give it to its player, keep it secret:"),
    "new_fight": N_("New fight"),
    "scenario": N_("Scenario"),
    "who_plays": N_("Who plays"),
    "seat_human": N_("a person (invite link)"),
    "seat_bot": N_("bot"),
    "seat_hard": N_("hard bot"),
    "seat_ismcts": N_("hard bot"),
    "seat_random": N_("random bot"),
    "takes_part": N_("Who takes part"),
    "start_fight": N_("Start the fight"),
    "invites": N_("Invite links — send each to its player and keep them secret:"),
    "play_seat": N_("Play {gang}"),
    "pick_gangs": N_("Pick two gangs (or three, on a table for three)."),
    # -- a fight --
    "fight": N_("Fight"),
    "status": N_("Status"),
    "status_playing": N_("being played"),
    "status_aftermath": N_("over: the owners go through the aftermath"),
    "status_recorded": N_("recorded"),
    "status_abandoned": N_("abandoned: nobody played it"),
    "status_undone": N_("undone"),
    "result_won": N_("won"),
    "result_lost": N_("lost"),
    "result_conceded": N_("conceded"),
    "result_limit": N_("round limit"),
    "seat_n": N_("seat {n}"),
    "sat_out": N_("sat out: {names}"),
    # -- the aftermath wizard --
    "aftermath_of": N_("After the fight: {gang}"),
    "step_fight": N_("What happened"),
    "step_sacrifice": N_("Sacrifice (B4)"),
    "to_fight_page": N_("To the fight page"),
    "step_healing": N_("Healing"),
    "step_advancement": N_("Advancement"),
    "step_promotion": N_("Promotion"),
    "step_recruitment": N_("Recruitment"),
    "step_refill": N_("New cowboys"),
    "step_leader": N_("The new leader"),
    "who_leads": N_("The leader is lost: who leads the gang now?"),
    "step_roster": N_("The roster after the fight"),
    "nothing_here": N_("Nothing in this step."),
    "accept_defaults": N_("Accept the defaults and record"),
    "confirm": N_("Confirm and record"),
    "next": N_("Next"),
    "previous": N_("Back"),
    "recorded_done": N_("Recorded. The roster has changed."),
    "confirmed": N_("confirmed"),
    "waiting_owner": N_("waiting for its owner"),
    "who_sacrifice": N_("Who sacrifices themself? A hero, or a cowboy with the most HP."),
    "default_choice": N_("the rules' default"),
    "hire_none": N_("Hire nobody"),
    "hire_kind": N_("Hire a {kind} for {cost} HP"),
    "cannot_hire": N_("Nobody to replace, or the survivors cannot pay."),
    "who_pays": N_("Who pays (HP), {cost} in all"),
    "paid_sum": N_("{paid} of {cost} HP"),
    "hero_name": N_("The new hero's name (empty: generated)"),
    "pay_short": N_("The payments must add up to the price exactly: the hire cannot be confirmed."),
    "ability_drawn": N_("— drawn —"),
    "ruleset_base": N_("base"),
    "ruleset_extended": N_("extended"),
    "dismissed_line": N_("{member} left {gang} for good (dismissed: the gang shrank by one, D-42)"),
    "import_name": N_("Import under a new name (empty: its own)"),
    "zero_hp_warning": N_(
        "This hire leaves {names} at 0 HP: allowed (D-29), but one more wound takes them out."
    ),
    "hire_cheaper": N_("Hire the cheaper {kind} instead"),
    "dismiss_cost": N_(
        "They leave for good and the gang shrinks by one place, as by a sacrifice (D-42): "
        "nobody takes the place."
    ),
    "abilities_pick": N_("Abilities ({n}), chosen among the number cards 2-10; the rest drawn"),
    "abilities_distinct": N_("Each ability at most once (D-41)."),
    "fill_up": N_("Fill up with new standard cowboys"),
    "free_places": N_("{n} free places"),
    "free_places_one": N_("{n} free place"),
    "forfeit_warning": N_("Filling up ends recruitment: a lost hero not hired now stays lost."),
    # -- a roster --
    "name": N_("Name"),
    "kind": N_("Kind"),
    "weapon": N_("Weapon"),
    "hp": N_("HP"),
    "abilities": N_("Abilities"),
    "fights_survived": N_("Fights survived"),
    "next_gain": N_("Next"),
    "next_ability": N_("new ability after {n} more fights"),
    "next_ability_one": N_("new ability after {n} more fight"),
    "next_promotion": N_("veteran after {n} more fights"),
    "next_promotion_one": N_("veteran after {n} more fight"),
    "next_ability_and_hp": N_("new ability and +1 HP maximum after {n} more fights"),
    "next_ability_and_hp_one": N_("new ability and +1 HP maximum after {n} more fight"),
    "fallen": N_("Fallen and gone"),
    "fate": N_("Fate"),
    "history": N_("History"),
    "ability_legend": N_("The abilities"),
    "rename_gang": N_("Rename the gang"),
    "new_name": N_("New name"),
    "rename": N_("Rename"),
    "arm": N_("Re-arm"),
    "dismiss": N_("Dismiss"),
    "undo_fight": N_("Undo the last fight"),
    "export_json": N_("Export as JSON"),
    "busy_gang": N_("In a fight: the roster changes after its aftermath."),
    "no_member": N_("Nobody is left."),
}

_PLURAL_KEYS = {"next_ability", "next_promotion", "next_ability_and_hp", "free_places"}


def text(key: str, lang: str, /, **values: Any) -> str:
    """The page string ``key`` in ``lang``, ``values`` filled in (numbers the reader's way)."""
    return words(lang).phrase(_STRINGS[key], **values)


strings = translator(_STRINGS)
"""Every page string in a language (unfilled templates), for the page's script."""


def _counted(key: str, n: int, lang: str) -> str:
    """``key`` or ``key_one`` by ``n``, filled in (the catalog has both as plain entries)."""
    return text(f"{key}_one" if n == 1 and key in _PLURAL_KEYS else key, lang, n=n)


def ruleset_text(name: str, lang: str) -> str:
    """A built-in ruleset's name in ``lang`` (a house rule's file name as it is)."""
    key = f"ruleset_{name}"
    return text(key, lang) if key in _STRINGS else name


def next_text(step: NextStep, lang: str) -> str:
    """What a member gains next, in words: ``new ability after 1 more fight``."""
    key = {
        Gain.ABILITY: "next_ability",
        Gain.PROMOTION: "next_promotion",
        Gain.ABILITY_AND_HP: "next_ability_and_hp",
    }[step.gain]
    return _counted(key, step.fights, lang)


def free_text(n: int, lang: str) -> str:
    """``2 free places``."""
    return _counted("free_places", n, lang)


def result_text(result: str | None, lang: str) -> str:
    """``won`` / ``gewonnen`` (an unknown result: a dash)."""
    return text(f"result_{result}", lang) if result in ("won", "lost", "conceded", "limit") else "—"


def status_text(status: str, lang: str) -> str:
    """A fight's status in words."""
    return text(f"status_{status}", lang)
