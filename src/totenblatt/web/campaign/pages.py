"""The HTML of the campaign pages: what everyone may read, drawn by the server.

The public parts (gangs, the league table, the battle log, a roster with its abilities
explained on hover or tap, the printable sheet) are in the page as it arrives, so it reads
and prints without a script; the script (``/static/js/campaign.js``) adds what the
arbitrator's or an owner's token allows — forms, the aftermath wizard — from the API. The
token travels in the address's fragment (``#token=…``): never sent to the server with the
page. Every text given by a user is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from totenblatt.campaign import Gang, HistoryEntry, fate
from totenblatt.campaign.events import notable
from totenblatt.store.campaign_records import CampaignGang, CampaignRecord
from totenblatt.text import render, words
from totenblatt.text.campaign import describe, hire_hint
from totenblatt.text.vocab import ability_effect, ability_name, kind_name
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType
from totenblatt.web.campaign.shapes import (
    ability_options,
    hero_abilities,
    member_rows,
    scenario_title,
    scenarios,
)
from totenblatt.web.campaign.words import ruleset_text, strings, text
from totenblatt.web.shell.page import document

__all__ = ["campaign_page", "fight_page", "index_page", "roster_page", "sheets_page"]


def _page(title: str, lang: str, kind: str, body: str, boot: dict[str, Any]) -> str:
    other = "de" if lang == "en" else "en"
    label = {"de": "Deutsch", "en": "English"}[other]
    bar = (
        f'<header id="bar"><a class="home" href="/campaigns?lang={lang}">Totenblatt</a>'
        f'<h1 title="{escape(title)}">{escape(title)}</h1>'
        f'<nav id="tools"><a class="lang" data-keep href="?lang={other}" hreflang="{other}" '
        f'lang="{other}">{label}</a></nav></header>'
    )
    return document(
        title=f"{title} — Totenblatt",
        lang=lang,
        body=f'{bar}<main id="main">{body}</main><div id="overlay" hidden></div>',
        styles=("/static/table.css", "/static/campaign.css"),
        print_styles=("/static/campaign-print.css",),
        script="/static/js/campaign.js",
        data={"boot": boot | {"lang": lang, "page": kind}, "strings": strings(lang)},
        body_class=f"campaign-page page-{kind}",
    )


def index_page(lang: str) -> str:
    """``/campaigns``: what a campaign is, and the form that starts one."""
    body = (
        f'<section class="intro"><p>{escape(text("campaign_intro", lang))}</p></section>'
        '<section id="create" class="panel"></section>'
    )
    return _page(text("campaigns", lang), lang, "index", body, {})


def _tip(ability: Ability, rules: Ruleset | None, lang: str) -> str:
    """An ability's name with its effect, shown on hover, focus or tap."""
    effect = "" if rules is None else ability_effect(ability, rules, lang)
    return (
        f'<span class="ability" tabindex="0" data-ability="{ability.value}">'
        f"{escape(ability_name(ability, lang))}"
        f'<span class="tip" role="tooltip">{escape(effect)}</span></span>'
    )


def _rules(gang: Gang) -> Ruleset | None:
    try:
        return Ruleset.load(gang.ruleset)
    except (ValueError, OSError):
        return None


def _sheet(
    link: CampaignGang, record: CampaignRecord, history: Sequence[HistoryEntry], lang: str
) -> str:
    """One gang's roster sheet (one A4 page when printed)."""
    gang = link.gang
    rules = _rules(gang)
    w = words(lang)
    line = " · ".join(
        (
            w.phrase("Ruleset {ruleset}", ruleset=ruleset_text(gang.ruleset, lang)),
            w.phrase_n("{n} fight", "{n} fights", gang.fights),
            w.phrase("size {size}", size=gang.size),
        )
    )
    hint = hire_hint(gang, lang, command=False)
    return "".join(
        (
            f'<article class="roster-sheet" data-gang="{escape(link.id)}">',
            f'<header class="sheet-head"><h2 class="gang-name">{escape(gang.name)}</h2>',
            f'<p class="sub">{escape(record.name)} · {escape(line)}</p></header>',
            f'<p class="hint">{escape(hint)}</p>' if hint else "",
            _members_table(gang, rules, lang),
            _fallen(gang, lang),
            _legend(gang, rules, lang),
            _history(history, lang),
            "</article>",
        )
    )


def _members_table(gang: Gang, rules: Ruleset | None, lang: str) -> str:
    """The roster's members, one row each (their abilities explained on hover or tap)."""
    keys = ("rank", "name", "kind", "weapon", "hp", "abilities", "fights_survived", "next_gain")
    label = {k: escape(text(k, lang)) for k in keys}
    rows = []
    for i, (member, row) in enumerate(zip(gang.members, member_rows(gang, lang), strict=True), 1):
        tips = " ".join(_tip(a, rules, lang) for a in member.abilities) or "—"
        hero = " hero" if member.is_hero else ""
        cells = (
            ("rank", "num", str(i)),
            ("name", "name", escape(member.name)),
            ("kind", "kind", escape(row["kind_name"])),
            ("weapon", "weapon", escape(row["weapon_name"])),
            ("hp", "hp", f"{member.hp}/{member.hp_max}"),
            ("abilities", "abilities", tips),
            ("fights_survived", "num survived", str(member.fights_survived)),
            ("next_gain", "next", escape(row["next"] or "")),
        )
        tds = "".join(
            f'<td class="{cls}" data-label="{label[key]}">{value}</td>' for key, cls, value in cells
        )
        rows.append(f'<tr data-member="{escape(member.name)}" class="member{hero}">{tds}</tr>')
    head = "".join(f"<th>{label[k]}</th>" for k in keys)
    return (
        f'<div class="scroll"><table class="roster"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        if rows
        else f'<p class="empty">{escape(text("no_member", lang))}</p>'
    )


def _fallen(gang: Gang, lang: str) -> str:
    """The gang's fallen and their fates ("" for none)."""
    if not gang.fallen:
        return ""
    fkeys = ("name", "kind", "fate", "fights_survived")
    flabel = {k: escape(text(k, lang)) for k in fkeys}
    fallen = "".join(
        f'<tr><td class="name" data-label="{flabel["name"]}">{escape(m.name)}</td>'
        f'<td data-label="{flabel["kind"]}">{escape(kind_name(m.kind, lang))}</td>'
        f'<td data-label="{flabel["fate"]}">{escape(render(fate(m.status), lang))}</td>'
        f'<td class="num" data-label="{flabel["fights_survived"]}">{m.fights_survived}</td>'
        "</tr>"
        for m in gang.fallen
    )
    fhead = "".join(f"<th>{flabel[k]}</th>" for k in fkeys)
    return (
        f'<section class="fallen"><h3>{escape(text("fallen", lang))}</h3>'
        f'<table class="roster small"><thead><tr>{fhead}</tr></thead>'
        f"<tbody>{fallen}</tbody></table></section>"
    )


def _legend(gang: Gang, rules: Ruleset | None, lang: str) -> str:
    """What the members' abilities do ("" for none, or rules that do not load)."""
    kinds = list(dict.fromkeys(a for m in gang.members for a in m.abilities))
    if not kinds or rules is None:
        return ""
    legend = "".join(
        f"<dt>{escape(ability_name(a, lang))}</dt><dd>{escape(ability_effect(a, rules, lang))}</dd>"
        for a in kinds
    )
    return (
        f'<section class="legend"><h3>{escape(text("ability_legend", lang))}</h3>'
        f"<dl>{legend}</dl></section>"
    )


def _history(history: Sequence[HistoryEntry], lang: str) -> str:
    """The gang's last twelve history entries not undone, newest first ("" for none)."""
    shown = [h for h in history if not h.undone]
    if not shown:
        return ""
    items = []
    for entry in reversed(shown[-12:]):
        lines = "".join(f"<li>{escape(describe(e, lang))}</li>" for e in notable(entry.events))
        items.append(
            f'<li><b>{escape(entry.what)}</b> <time datetime="{entry.when.isoformat()}">'
            f"{entry.when:%Y-%m-%d %H:%M}</time><ul>{lines}</ul></li>"
        )
    return (
        f'<section class="history"><h3>{escape(text("history", lang))}</h3>'
        f"<ol>{''.join(items)}</ol></section>"
    )


def roster_page(
    record: CampaignRecord, gang_id: str, history: Sequence[HistoryEntry], lang: str
) -> str:
    """A gang's roster page: the sheet, and room for its owner's controls."""
    link = record.gang(gang_id)
    body = (
        f'<p class="crumbs"><a data-keep href="/campaigns/{escape(record.id)}">'
        f"← {escape(record.name)}</a></p>"
        '<p id="role" class="role"></p>'
        + _sheet(link, record, history, lang)
        + '<section id="owner" class="panel" hidden></section>'
    )
    weapons = {}
    rules = _rules(link.gang)
    if rules is not None:
        weapons = {key: rules.weapon(key).name(lang) for key in rules.weapons}
    boot = {"campaign_id": record.id, "gang_id": gang_id, "weapons": weapons}
    return _page(link.gang.name, lang, "roster", body, boot)


def sheets_page(record: CampaignRecord, histories: dict[str, list[HistoryEntry]], lang: str) -> str:
    """Every roster of the campaign, one sheet (A4 page) each, to print."""
    sheets = "".join(_sheet(g, record, histories.get(g.id, []), lang) for g in record.gangs)
    body = (
        f'<p class="crumbs screen-only"><a data-keep href="/campaigns/{escape(record.id)}">'
        f'← {escape(record.name)}</a> · <button type="button" class="btn" id="print">'
        f"{escape(text('print', lang))}</button></p>{sheets}"
    )
    return _page(record.name, lang, "sheets", body, {"campaign_id": record.id})


def campaign_page(record: CampaignRecord, view: dict[str, Any], lang: str) -> str:
    """A campaign: its gangs, league table and battle log; room for the arbitrator's forms."""
    body = (
        '<p id="role" class="role"></p>'
        '<section id="admin" class="panel" hidden></section>'
        f'<div class="columns"><section id="gangs"><h2>{escape(text("gangs", lang))}</h2>'
        f"{_gang_cards(view, lang)}"
        f'<p><a data-keep class="btn" href="/campaigns/{escape(record.id)}/sheets">'
        f"{escape(text('print_rosters', lang))}</a></p></section>"
        f'<section id="standings"><h2>{escape(text("league_table", lang))}</h2>'
        f"{_league_table(view, lang)}</section>"
        f"</div>"
        f'<section id="battle-log"><h2>{escape(text("battle_log", lang))}</h2>'
        f"{_battle_log(view, lang)}</section>"
    )
    kinds = {k.value: kind_name(k, lang) for k in (HeroType.VETERAN, HeroType.GUNSLINGER)}
    rules = Ruleset.load("extended")
    boot = {
        "campaign_id": record.id,
        "scenarios": scenarios(lang),
        "kinds": kinds,
        "abilities": ability_options(rules, lang),
        "hero_abilities": hero_abilities(rules),
    }
    return _page(record.name, lang, "campaign", body, boot)


def _gang_cards(view: dict[str, Any], lang: str) -> str:
    """The campaign's gangs, a card each."""
    cards = []
    for gang in view["gangs"]:
        busy = f' <span class="tag">{escape(text("in_fight", lang))}</span>' if gang["busy"] else ""
        count = text("members_of", lang, members=len(gang["members"]), size=gang["size"])
        cards.append(
            f'<li class="gang-card" data-gang="{escape(gang["gang_id"])}">'
            f'<a data-keep class="gang-link" href="{escape(gang["url"])}">'
            f"{escape(gang['name'])}</a>"
            f'{busy}<span class="gang-facts">{escape(gang["leader"] or "")} · {escape(count)} · '
            f"{escape(text('fights', lang))} {gang['fights']}</span></li>"
        )
    return (
        f'<ul class="gang-cards">{"".join(cards)}</ul>'
        if cards
        else f'<p class="empty">{escape(text("no_gangs", lang))}</p>'
    )


def _league_table(view: dict[str, Any], lang: str) -> str:
    """The league table, a row per gang in its standing."""
    columns = ("rank", "gang", "fights", "wins", "losses", "conceded_n", "kills", "survivors")
    said = {c: escape(text(c, lang)) for c in columns}
    head = "".join(f"<th>{said[c]}</th>" for c in columns)
    lines = []
    for i, line in enumerate(view["standings"], 1):
        values = (i, escape(line["name"]), line["fights"], line["wins"], line["losses"],
                  line["conceded"], line["kills"], line["survivors"])  # fmt: skip
        cells = "".join(
            f'<td class="{"name" if c == "gang" else "num l-" + c}" data-label="{said[c]}">{v}</td>'
            for c, v in zip(columns, values, strict=True)
        )
        lines.append(f'<tr data-gang="{escape(line["gang_id"])}">{cells}</tr>')
    return (
        f'<div class="scroll"><table class="league"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(lines)}</tbody></table></div>"
    )


def _battle_log(view: dict[str, Any], lang: str) -> str:
    """The fights, newest first, and the members dismissed."""
    names = {g["gang_id"]: g["name"] for g in view["gangs"]}
    fights = [_fight_item(fight, names, lang) for fight in reversed(view["fights"])]
    for loss in reversed(view.get("losses") or []):
        if loss["undone"]:
            continue
        line = text(
            "dismissed_line", lang, member=loss["member"], gang=names.get(loss["gang_id"], "?")
        )
        fights.append(f'<li class="loss dismissed">{escape(line)}</li>')
    return (
        f'<ol class="fights">{"".join(fights)}</ol>'
        if fights
        else f'<p class="empty">{escape(text("no_fights", lang))}</p>'
    )


def _fight_item(fight: dict[str, Any], names: dict[str, str], lang: str) -> str:
    """One fight of the battle log: who, where, its state, its links."""
    who = " — ".join(names.get(g, "?") for g in fight["gangs"])
    if fight["game_id"] is None and fight.get("against"):
        who = f"{who} — {', '.join(fight['against'])}"
    results = ", ".join(
        f"{names.get(g, '?')}: {r}" for g, r in (fight.get("result_text") or {}).items()
    )
    links = []
    if fight["game_id"] is not None:
        links.append(
            f'<a data-keep class="btn small" href="{escape(fight["url"])}">'
            f"{escape(text('open_fight', lang))}</a>"
        )
    if fight.get("spectator_url"):
        key = "replay" if fight["status"] in ("aftermath", "recorded") else "watch"
        links.append(
            f'<a class="btn small" href="{escape(fight["spectator_url"])}">'
            f"{escape(text(key, lang))}</a>"
        )
    where = scenario_title(fight["scenario"], lang)
    if fight["game_id"] is None:
        where = f"{where} ({text('at_the_table', lang)})" if where else text("at_the_table", lang)
    note = f'<p class="note">{escape(fight["note"])}</p>' if fight.get("note") else ""
    return (
        f'<li class="fight status-{escape(fight["status"])}" '
        f'data-fight="{escape(fight["fight_id"])}"><div class="fight-head">'
        f'<b>{escape(who)}</b> <span class="where">{escape(where)}</span></div>'
        f'<div class="fight-state">{escape(fight["status_text"])}'
        f"{' · ' + escape(results) if results else ''}</div>{note}"
        f'<div class="links">{"".join(links)}</div></li>'
    )


def fight_page(record: CampaignRecord, view: dict[str, Any], lang: str) -> str:
    """A fight: its gangs and seats, its state, a link to watch or replay it, and room for
    each gang's aftermath (the wizard, for its owner)."""
    seats = "".join(
        f'<li data-gang="{escape(s["gang_id"])}"><b>{escape(s["name"])}</b> · '
        f"{escape(text('seat_n', lang, n=s['seat'] + 1))} · "
        f"{escape(text('seat_' + s['kind'], lang))}"
        + (
            f" · {escape(text('sat_out', lang, names=', '.join(s['absent'])))}"
            if s["absent"]
            else ""
        )
        + (f" · {escape((view.get('result_text') or {}).get(s['gang_id'], ''))}")
        + "</li>"
        for s in view["seats"]
    )
    key = "replay" if view["status"] in ("aftermath", "recorded") else "watch"
    watch = (
        f'<a class="btn" href="{escape(view["spectator_url"])}">{escape(text(key, lang))}</a>'
        if view.get("spectator_url")
        else ""
    )
    title = " — ".join(s["name"] for s in view["seats"])
    body = (
        f'<p class="crumbs"><a data-keep href="/campaigns/{escape(record.id)}">'
        f"← {escape(record.name)}</a></p>"
        '<p id="role" class="role"></p>'
        f'<section class="panel fight-card"><h2>{escape(title)}</h2>'
        f'<p class="status">{escape(text("status", lang))}: <b id="fight-status">'
        f"{escape(view['status_text'])}</b> · {escape(scenario_title(view['scenario'], lang))}</p>"
        f'<ul class="seats">{seats}</ul><p class="links">{watch}</p></section>'
        '<section id="aftermath"></section>'
    )
    boot = {"campaign_id": record.id, "fight_id": view["fight_id"]}
    return _page(f"{text('fight', lang)}: {title}", lang, "fight", body, boot)
