"""The JSON the campaign API answers with: a campaign, its gangs, fights and league table.

Gangs' members are exactly the objects of ``totenblatt gang show --json``
(:meth:`totenblatt.campaign.Gang.to_dict`); nothing here is secret (no token, no seed of a
fight not over: a roster's history names the seeds of the draws already made).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from totenblatt.campaign import Gang, hero_profile, name_key, next_step, number_abilities
from totenblatt.campaign.league import league_table
from totenblatt.store.battle_log import FightEntry
from totenblatt.store.campaign_records import (
    TABLE,
    UNDONE,
    CampaignFight,
    CampaignGang,
    CampaignRecord,
    GameInfo,
)
from totenblatt.text.campaign import gang_weapon
from totenblatt.text.vocab import ability_effect, ability_name, kind_name
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.campaign.access import Who
from totenblatt.web.campaign.words import next_text, result_text, status_text
from totenblatt.web.shell.links import game_link

__all__ = [
    "campaign_json",
    "fight_status",
    "gang_json",
    "member_rows",
    "scenarios",
    "standings",
]


def _rules(gang: Gang) -> Ruleset | None:
    try:
        return Ruleset.load(gang.ruleset)
    except (ValueError, OSError):  # a ruleset file gone since
        return None


def member_rows(gang: Gang, lang: str) -> list[dict[str, Any]]:
    """The roster's members for a page: the CLI's member object plus words for people."""
    rules = _rules(gang)
    rows = []
    for member in gang.members:
        abilities = [
            {
                "ability": a.value,
                "name": ability_name(a, lang),
                "effect": "" if rules is None else ability_effect(a, rules, lang),
            }
            for a in member.abilities
        ]
        coming = None if rules is None else next_step(member, rules)
        rows.append(
            member.to_dict()
            | {
                "kind_name": kind_name(member.kind, lang),
                "weapon_name": gang_weapon(gang, member.weapon, lang),
                "ability_list": abilities,
                "next": None if coming is None else next_text(coming, lang),
            }
        )
    return rows


def gang_json(
    link: CampaignGang, campaign_id: str, busy: CampaignFight | None, lang: str
) -> dict[str, Any]:
    """A gang of the campaign: ``members`` as ``gang show --json``, then the rest."""
    gang = link.gang
    return {
        "gang_id": link.id,
        "name": gang.name,
        "size": gang.size,
        "members": gang.to_dict()["members"],
        "ruleset": gang.ruleset,
        "fights": gang.fights,
        "lost_heroes": [k.value for k in gang.lost_heroes],
        "fallen": [m.to_dict() | {"fate": m.status.value} for m in gang.fallen],
        "leader": next((kind_name(m.kind, lang) for m in gang.heroes), None),
        "busy": None if busy is None else busy.id,
        "url": f"/campaigns/{campaign_id}/gangs/{link.id}",
    }


def fight_status(fight: CampaignFight, game: GameInfo | None) -> str:
    """``playing``, ``aftermath`` (the game is over, not every gang confirmed), ``recorded``,
    ``undone`` (undone before every gang confirmed, D-43) or ``abandoned`` (the game ended
    untouched, or is gone). A fight on a real table is in its aftermath until recorded."""
    if fight.status in ("recorded", UNDONE):
        return str(fight.status)
    if fight.game_id.startswith(TABLE):
        return "aftermath"
    if game is None or game.status == "abandoned":
        return "abandoned"
    return "aftermath" if game.status == "over" else "playing"


def scenario_title(name: str | None, lang: str) -> str:
    """A built-in scenario's title in ``lang`` (the log and status lines show no raw id);
    another name (a table's own, typed at ``fight record``) as it is."""
    if not name:
        return ""
    if name in builtin_scenarios():
        scenario = load_scenario(name)
        return str(scenario.title_de if lang == "de" else scenario.title)
    return name


def scenarios(lang: str) -> list[dict[str, Any]]:
    """The built-in templates a campaign fight is played on (with their seats)."""
    out = []
    for name in builtin_scenarios():
        scenario = load_scenario(name)
        out.append(
            {
                "name": name,
                "title": scenario.title_de if lang == "de" else scenario.title,
                "seats": scenario.seats,
            }
        )
    return out


def _naive(when: datetime) -> datetime:
    return (
        when.replace(tzinfo=None)
        if when.tzinfo is None
        else when.astimezone(UTC).replace(tzinfo=None)
    )


def counted(record: CampaignRecord, entry: FightEntry) -> bool:
    """Whether a logged fight counts in the campaign's standings (D-43): not undone, one of
    its own fights (a web fight of it, or a table fight against its gangs only), recorded
    after the gang and its opponents joined."""
    if entry.undone:
        return False
    by_store = {g.gang_id: g for g in record.gangs}
    own = by_store.get(entry.gang_id) if entry.gang_id is not None else None
    if own is None:
        return False
    if entry.campaign_fight is not None:
        return any(f.id == entry.campaign_fight for f in record.fights)
    by_name = {name_key(g.gang.name): g for g in record.gangs}
    rivals = [by_name.get(name_key(name)) for name in entry.against]
    if not rivals or any(r is None for r in rivals):
        return False
    when = _naive(entry.when)
    return all(
        g is not None and g.joined is not None and _naive(g.joined) <= when for g in (own, *rivals)
    )


def ability_options(rules: Ruleset, lang: str) -> list[dict[str, Any]]:
    """The abilities a new hero chooses among (the number cards 2-10, B2, D-41), with the
    cards that give them, their names and effects."""
    cards: dict[str, list[str]] = {}
    for label, ability in rules.abilities.table.items():
        if ability in number_abilities(rules):
            cards.setdefault(ability.value, []).append(label)
    return [
        {
            "ability": a.value,
            "name": ability_name(a, lang),
            "effect": ability_effect(a, rules, lang),
            "cards": cards.get(a.value, []),
        }
        for a in dict.fromkeys(number_abilities(rules))
    ]


def hero_abilities(rules: Ruleset) -> dict[str, int]:
    """How many abilities a new hero of each type has (B2)."""
    return {
        k.value: hero_profile(k, rules).abilities for k in (HeroType.VETERAN, HeroType.GUNSLINGER)
    }


def standings(record: CampaignRecord) -> list[dict[str, Any]]:
    """The league table: a line per gang, ranked; only the campaign's own fights after the
    gangs joined count, an undone one not (D-43)."""
    by_store = {g.gang_id: g for g in record.gangs}
    alive = {g.id: len(g.gang.members) for g in record.gangs}
    fights = [
        (by_store[e.gang_id].id, e.result, e.kills)
        for e in record.log
        if e.gang_id in by_store and counted(record, e)
    ]
    names = {g.id: g.gang.name for g in record.gangs}
    return [s.to_dict() | {"name": names[s.gang]} for s in league_table(alive, fights)]


def _table_fight(
    record: CampaignRecord, entry: FightEntry, gang_id: str, lang: str
) -> dict[str, Any]:
    """A fight recorded with ``fight record`` or ``fight play`` (one gang's side of it)."""
    return {
        "fight_id": f"t{entry.audit_id}",
        "game_id": None,
        "undone": entry.undone,
        "counted": counted(record, entry),
        "status": "undone" if entry.undone else "recorded",
        "status_text": status_text("undone" if entry.undone else "recorded", lang),
        "scenario": entry.scenario,
        "title": entry.scenario or "",
        "gangs": [gang_id],
        "against": list(entry.against),
        "result": {gang_id: entry.result},
        "result_text": {gang_id: result_text(entry.result, lang)},
        "kills": {gang_id: entry.kills},
        "note": entry.note,
        "when": entry.when.isoformat(),
        "source": entry.what,
    }


def campaign_json(
    record: CampaignRecord,
    who: Who,
    games: Mapping[str, GameInfo],
    results: Mapping[str, Mapping[str, str]],
    lang: str,
) -> dict[str, Any]:
    """``GET /api/campaigns/{cid}``: name, gangs, fights (web and table), league table.

    ``results`` are the results of fights in their aftermath (by fight, by gang), known
    once their game is over; recorded sides carry their own.
    """
    gangs = [gang_json(g, record.id, record.pending(g.id), lang) for g in record.gangs]
    names = {g.id: g.gang.name for g in record.gangs}
    by_link = {g.gang_id: g.id for g in record.gangs}
    fights: list[dict[str, Any]] = []
    for fight in record.fights:
        game = games.get(fight.game_id)
        status = fight_status(fight, game)
        known = {s.gang_id: s.result for s in fight.sides if s.result is not None}
        known = {**results.get(fight.id, {}), **known}
        entries = [e for e in record.log if e.campaign_fight == fight.id]
        undone = bool(entries) and all(e.undone for e in entries)
        table = fight.game_id.startswith(TABLE)  # fight record --against: no web game
        fights.append(
            {
                "fight_id": fight.id,
                "game_id": None if table else fight.game_id,
                "source": "fight record" if table else "web",
                "note": next((e.note for e in entries if e.note), None),
                "undone": undone,
                "undone_gangs": sorted(
                    by_link[e.gang_id] for e in entries if e.undone and e.gang_id in by_link
                ),
                "counted": any(counted(record, e) for e in entries),
                "status": status,
                "status_text": status_text(status, lang),
                "scenario": fight.scenario,
                "title": " — ".join(names.get(s.gang_id, "?") for s in fight.sides),
                "gangs": [s.gang_id for s in fight.sides],
                "result": known or None,
                "result_text": {g: result_text(r, lang) for g, r in known.items()},
                "kills": {s.gang_id: s.kills for s in fight.sides if s.kills is not None},
                "confirmed": {s.gang_id: s.confirmed for s in fight.sides},
                "url": f"/campaigns/{record.id}/fights/{fight.id}",
                "spectator_url": (
                    None if game is None else game_link(fight.game_id, game.spectator_token)
                ),
                "when": fight.created_at.isoformat(),
            }
        )
    by_store = {g.gang_id: g.id for g in record.gangs}
    for entry in record.log:
        if entry.campaign_fight is None and entry.gang_id in by_store:
            fights.append(_table_fight(record, entry, by_store[entry.gang_id], lang))
    fights.sort(key=lambda f: str(f["when"]))
    return {
        "campaign_id": record.id,
        "name": record.name,
        "lang": record.lang,
        "role": who.role,
        "gang_id": who.gang_id,
        "public_url": f"/campaigns/{record.id}",
        "gangs": gangs,
        "fights": fights,
        "losses": [  # D-42: dismissals between fights, for the arbitrator and the log
            {
                "gang_id": by_link[loss.gang_id],
                "member": loss.member,
                "kind": loss.kind,
                "when": loss.when.isoformat(),
                "undone": loss.undone,
            }
            for loss in record.losses
            if loss.gang_id in by_link
        ],
        "standings": standings(record),
    }
