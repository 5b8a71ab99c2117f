"""``totenblatt gang ...`` and ``totenblatt fight ...``: the campaign roster (B3-B6).

Every help text is a catalog id (``N_``): ``--lang de`` shows it in German.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from totenblatt.campaign import (
    CampaignError,
    FightOutcome,
    Gang,
    MemberOutcome,
    Wanted,
    parse_ability,
    roster_dict,
)
from totenblatt.campaign.battle import Result
from totenblatt.campaign.events import Joined, notable
from totenblatt.cli._store import confirm, held_text, open_store
from totenblatt.cli.app import app, console, fail, print_json, write_text_atomic
from totenblatt.cli.options import (
    STORED_SEED_MAX,
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    NewNameArg,
    RulesetOption,
    YesOption,
    resolve_lang,
    seed_option,
    weapon_option,
)
from totenblatt.messages import Message, MessageError
from totenblatt.names import NAME_MAX, clean_name, clean_text
from totenblatt.text import words
from totenblatt.text.campaign import describe, gang_weapon, hire_hint, roster_markdown
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import ability_name, kind_name
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType, parse_word

if TYPE_CHECKING:
    from totenblatt.store import Change, Store

__all__ = ["BadOptionError", "fight_app", "gang_app", "member_app", "parse_pairs"]

gang_app = typer.Typer(
    name="gang",
    help=N_(
        "Campaign gangs (B3-B6): create, show, recruit, fill up, export.\n\n"
        "Between fights: rename or delete a gang, and rename, re-arm or dismiss its members "
        "(gang member ...)."
    ),
    no_args_is_help=True,
)
member_app = typer.Typer(
    name="member",
    help=N_("A gang's members between fights: rename, re-arm or dismiss one."),
    no_args_is_help=True,
)
fight_app = typer.Typer(
    name="fight",
    help=N_(
        "Play a campaign fight with the engine, record one played on a real table (B4, B5), "
        "or undo the last one."
    ),
    no_args_is_help=True,
)
gang_app.add_typer(member_app, name="member")
app.add_typer(gang_app, name="gang")
app.add_typer(fight_app, name="fight")


class BadOptionError(MessageError):
    """A command-line value that cannot be read (e.g. ``--hp Jesse`` without ``=N``)."""


def _bad(message: Message) -> BadOptionError:
    return BadOptionError(message)


class ExportFormat(StrEnum):
    """Formats of ``gang export``."""

    MD = "md"
    """Markdown."""
    JSON = "json"
    """JSON."""


SeedOption = Annotated[
    int | None,
    seed_option(
        N_("Seed for names and ability draws, 0 to 2**63-1 (default: a fresh one, logged)."),
        most=STORED_SEED_MAX,
    ),
]
GangArg = Annotated[str, typer.Argument(metavar="NAME", help=N_("The gang's name."))]
MemberArg = Annotated[
    str, typer.Argument(metavar="MEMBER", help=N_("A living member: full name or a unique start."))
]
WEAPONS_HELP = N_(
    "Weapons of the members in roster order, comma-separated or repeated: colt, winchester, "
    "shotgun (revolver, gewehr, schrotflinte); the rest get the default by place "
    "(winchester, colt, shotgun, colt, winchester, ...)."
)


def parse_pairs(values: Sequence[str], option: str, what: str = "MEMBER") -> dict[str, int]:
    """Read ``NAME=N`` values of an option into a dict; one malformed value is an error.

    >>> parse_pairs(["Jesse Carver=3", "Kit=0"], "--hp")
    {'Jesse Carver': 3, 'Kit': 0}
    """
    out: dict[str, int] = {}
    for text in values:
        name, sep, number = text.rpartition("=")
        name, number = name.strip(), number.strip()
        if not sep or not name or not re.fullmatch(r"[+-]?\d+", number):
            example = "Jesse Carver" if what == "MEMBER" else "Beweglichkeit"
            raise _bad(
                Message(
                    "malformed {option} {text}: expected {what}=N with a whole number N, "
                    "e.g. {option} '{example}=3'",
                    option=option,
                    text=repr(text),
                    what=what,
                    example=example,
                )
            )
        if name.casefold() in {k.casefold() for k in out}:
            raise _bad(Message("{option}: {name} is given twice", option=option, name=repr(name)))
        out[name] = int(number)
    return out


def _hero(text: str, option: str) -> HeroType:
    try:
        kind = parse_word(HeroType, text, option.lstrip("-"))
    except ValueError:  # the parser lists every hero type; a leader is one of two
        kind = HeroType.COWBOY
    if kind is HeroType.COWBOY:
        raise _bad(
            Message(
                "{option} {text}: expected veteran or gunslinger", option=option, text=repr(text)
            )
        )
    return kind


def _abilities(values: Sequence[str], ruleset: str) -> list[Ability]:
    rules = Ruleset.load(ruleset)
    return [parse_ability(v, rules) for v in values]


def weapon_list(values: Sequence[str] | None, option: str = "--weapons") -> list[str]:
    """``--weapons colt,winchester --weapons shotgun`` as a list; an empty item is an error.

    >>> weapon_list(["colt, gewehr", "shotgun"])
    ['colt', 'gewehr', 'shotgun']
    """
    out: list[str] = []
    for text in values or ():
        parts = [p.strip() for p in text.split(",")]
        if not all(parts):
            raise _bad(
                Message(
                    "{option} {text}: expected weapons separated by commas, "
                    "e.g. {option} colt,winchester,shotgun",
                    option=option,
                    text=repr(text),
                )
            )
        out += parts
    return out


# -- output -----------------------------------------------------------------------


def roster_table(gang: Gang, lang: Lang) -> Table:
    table = Table(
        title=f"{gang.name}",
        caption=_caption(gang, lang),
        title_style="bold",
        caption_justify="left",
    )
    w = words(lang)
    kinds = [kind_name(m.kind, lang) for m in gang.members]
    weapons = [gang_weapon(gang, m.weapon, lang) for m in gang.members]
    table.add_column("#", justify="right", style="dim")
    table.add_column(w.phrase("Name"))
    # kind and weapon share a column (two lines): the roster fits 80 columns in German too
    table.add_column(
        Text(w.phrase("Kind")) + Text(" / " + w.phrase("Weapon"), style="dim"),
        no_wrap=True,
        min_width=max(map(len, [*kinds, *weapons]), default=0),
    )
    table.add_column("HP", justify="right")
    table.add_column(w.phrase("Abilities"))
    table.add_column(w.phrase("Fights"), justify="right")
    for i, m in enumerate(gang.members, start=1):
        hp = Text(f"{m.hp}/{m.hp_max}", style="red" if m.hp < m.hp_max else "")
        abilities = ", ".join(ability_name(a, lang) for a in m.abilities) or "—"
        table.add_row(
            str(i),
            Text(m.name, style="bold" if m.is_hero else ""),
            Text(kinds[i - 1]) + Text("\n" + weapons[i - 1], style="dim"),
            hp,
            Text(abilities),
            str(m.fights_survived),
        )
    return table


def _caption(gang: Gang, lang: Lang) -> str:
    w = words(lang)
    parts = [
        w.phrase_n(
            "{members} of {size} · {n} fight · ruleset {ruleset}",
            "{members} of {size} · {n} fights · ruleset {ruleset}",
            gang.fights,
            members=len(gang.members),
            size=gang.size,
            ruleset=gang.ruleset,
        )
    ]
    hint = hire_hint(gang, lang)
    if hint is not None:
        parts.append(hint)
    free = gang.size - len(gang.members)
    if free > 0:
        parts.append(w.phrase_n("{n} free place (gang fill)", "{n} free places (gang fill)", free))
    return "\n".join(parts)


def _report(change: Change, lang: Lang, as_json: bool, *, skip_joined: bool = False) -> None:
    if as_json:
        print_json(change.gang.to_dict())
        return
    events = [e for e in notable(change.events) if not (skip_joined and isinstance(e, Joined))]
    for event in events:
        console.print(Text("• " + describe(event, lang)))
    if change.undone:
        console.print(Text(words(lang).phrase("Undone: {what}", what=", ".join(change.undone))))
    console.print(roster_table(change.gang, lang))
    if change.seed is not None:
        console.print(Text(words(lang).phrase("seed {seed}", seed=change.seed), style="dim"))


# -- gang ...  --------------------------------------------------------------------


@gang_app.command(
    "create", help=N_("Create a gang: a veteran or gunslinger leader and standard cowboys (B3).")
)
def gang_create(
    name: GangArg,
    leader: Annotated[
        str,
        typer.Option("--leader", help=N_("The leader's hero type: veteran or gunslinger (B3).")),
    ],
    size: Annotated[
        int | None,
        typer.Option(
            "--size",
            min=1,
            max=30,
            help=N_(
                "Members including the leader, 1 to the ruleset's campaign.gang_max_size "
                "(10; at most 30) (default: the maximum)."
            ),
        ),
    ] = None,
    ability: Annotated[
        list[str] | None,
        typer.Option(
            "--ability",
            help=N_(
                "A starting ability of the leader, chosen among the number cards 2-10 "
                "(name or card, e.g. cover_3 or 7; repeat). Abilities not chosen are drawn."
            ),
        ),
    ] = None,
    leader_name: Annotated[
        str | None,
        typer.Option("--leader-name", help=N_("The leader's name (default: generated).")),
    ] = None,
    member: Annotated[
        list[str] | None,
        typer.Option(
            "--member", help=N_("A cowboy's name, in order (repeat; the rest generated).")
        ),
    ] = None,
    weapons: Annotated[
        list[str] | None, typer.Option("--weapons", metavar="WEAPON,...", help=WEAPONS_HELP)
    ] = None,
    ruleset: RulesetOption = "extended",
    seed: SeedOption = None,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Create a gang: a veteran or gunslinger leader and standard cowboys (B3)."""
    language = resolve_lang(lang)
    kind = _hero(leader, "--leader")
    chosen = _abilities(ability or [], ruleset)
    arms = weapon_list(weapons)
    if "/" in ruleset or ruleset.endswith(".toml"):
        ruleset = str(Path(ruleset).expanduser().absolute())
    with open_store(db) as store:
        change = store.gangs.create(
            name,
            kind,
            size=size,
            abilities=chosen,
            leader_name=leader_name,
            member_names=member or [],
            ruleset=ruleset,
            seed=seed,
            weapons=arms,
        )
    _report(change, language, json, skip_joined=True)


@gang_app.command("list", help=N_("List every gang."))
def gang_list(db: DbOption = None, json: JsonOption = False, lang: LangOption = None) -> None:
    """List every gang."""
    language = resolve_lang(lang)
    with open_store(db) as store:
        gangs = store.gangs.all()
    if json:
        print_json({"gangs": [g.to_dict() for g in gangs]})
        return
    w = words(language)
    if not gangs:
        console.print(w.phrase("No gangs yet (gang create)."))
        return
    table = Table(title=w.phrase("Gangs"))
    table.add_column(w.phrase("Name"))
    table.add_column(w.phrase("Leader"))
    table.add_column(w.phrase("Members"), justify="right")
    table.add_column("HP", justify="right")
    table.add_column(w.phrase("Fights"), justify="right")
    for g in gangs:
        heroes = ", ".join(f"{h.name} ({kind_name(h.kind, language)})" for h in g.heroes) or "—"
        hp = sum(m.hp for m in g.members)
        table.add_row(
            Text(g.name), Text(heroes), f"{len(g.members)}/{g.size}", str(hp), str(g.fights)
        )
    console.print(table)


@gang_app.command(
    "show", help=N_("Show a gang's roster: members, weapons, HP, abilities, survived fights.")
)
def gang_show(
    name: GangArg, db: DbOption = None, json: JsonOption = False, lang: LangOption = None
) -> None:
    """Show a gang's roster: members, weapons, HP, abilities, survived fights."""
    from totenblatt.store import Change
    from totenblatt.store.holders import Holders

    with open_store(db) as store:
        gang = store.gangs.get(name)
        holder = Holders(store).of_gang(gang.name)
    if json:
        held = {} if holder is None else {"held_by": holder.to_dict()}  # the shape when free
        print_json(gang.to_dict() | held)
        return
    _report(Change(gang), resolve_lang(lang), json)
    if holder is not None:
        console.print(Text(held_text(holder, resolve_lang(lang))))


@gang_app.command(
    "history", help=N_("Show every change made to a gang: when, what, the seed, cards drawn.")
)
def gang_history(
    name: GangArg, db: DbOption = None, json: JsonOption = False, lang: LangOption = None
) -> None:
    """Show every change made to a gang: when, what, the seed, cards drawn."""
    language = resolve_lang(lang)
    with open_store(db) as store:
        gang = store.gangs.get(name)
        history = store.gangs.history(name)
    if json:
        print_json({"name": gang.name, "history": [h.to_dict() for h in history]})
        return
    w = words(language)
    for entry in history:
        if entry.what == "fight undo" and not entry.events:
            continue  # its only trace for a reader: the fight above is marked "(undone)"
        undone = w.phrase(" (undone)") if entry.undone else ""
        seed = w.phrase(" · seed {seed}", seed=entry.seed) if entry.seed is not None else ""
        console.print(Text(f"{entry.when:%Y-%m-%d %H:%M} {entry.what}{seed}{undone}", style="bold"))
        for event in notable(entry.events):
            console.print(Text("   • " + describe(event, language)))


@gang_app.command(
    "export", help=N_("Export a gang's roster, its fallen and its history as Markdown or JSON.")
)
def gang_export(
    name: GangArg,
    fmt: Annotated[
        ExportFormat | None,
        typer.Option("--format", help=N_("md (Markdown, the default) or json (as --json).")),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=N_("Write to this file (default: stdout).")),
    ] = None,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Export a gang's roster, its fallen and its history as Markdown or JSON."""
    language = resolve_lang(lang)
    if json and fmt is ExportFormat.MD:
        fail(Message("--format md and --json contradict each other: give one of them"))
    with open_store(db) as store:
        gang = store.gangs.get(name)
        history = store.gangs.history(name)
    if json or fmt is ExportFormat.JSON:
        import json as json_module

        text = json_module.dumps(roster_dict(gang, history=history), ensure_ascii=False, indent=2)
        text += "\n"
    else:
        text = roster_markdown(gang, lang=language, history=history)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_text_atomic(output, text)
    if json:
        print_json({"written": str(output)})
    else:
        console.print(words(language).phrase("Written to {file}.", file=str(output)))


@gang_app.command(
    "recruit",
    help=N_("Hire a replacement for a hero lost in the last fight, paid with survivors' HP (B6)."),
)
def gang_recruit(
    name: GangArg,
    hero: Annotated[
        str,
        typer.Option(
            "--hero",
            help=N_("veteran or gunslinger: the lost hero's type or cheaper (B6)."),
        ),
    ],
    pay: Annotated[
        list[str] | None,
        typer.Option(
            "--pay",
            metavar="MEMBER=N",
            help=N_("HP a survivor pays (repeat; any split, down to 0 HP, D-29)."),
        ),
    ] = None,
    hero_name: Annotated[
        str | None,
        typer.Option("--name", help=N_("The new hero's name (default: generated).")),
    ] = None,
    ability: Annotated[
        list[str] | None,
        typer.Option(
            "--ability", help=N_("A starting ability among 2-10 (repeat; the rest drawn).")
        ),
    ] = None,
    weapon: Annotated[
        str | None,
        weapon_option(
            N_(
                "The new hero's weapon: colt, winchester or shotgun (default: by its place "
                "in the roster)."
            )
        ),
    ] = None,
    seed: SeedOption = None,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Hire a replacement for a hero lost in the last fight, paid with survivors' HP (B6)."""
    language = resolve_lang(lang)
    kind = _hero(hero, "--hero")
    payments = parse_pairs(pay or [], "--pay")
    with open_store(db) as store:
        ruleset = store.gangs.get(name).ruleset
        chosen = _abilities(ability or [], ruleset)
        change = store.gangs.hire(
            name, kind, payments, hero_name=hero_name, abilities=chosen, seed=seed, weapon=weapon
        )
    _report(change, language, json)


@gang_app.command(
    "fill",
    help=N_("Fill the gang up to its size with new standard cowboys (B6); ends recruitment."),
)
def gang_fill(
    name: GangArg,
    member: Annotated[
        list[str] | None,
        typer.Option(
            "--name", help=N_("A newcomer's name, in order (repeat; the rest generated).")
        ),
    ] = None,
    weapons: Annotated[
        list[str] | None,
        typer.Option(
            "--weapons",
            metavar="WEAPON,...",
            help=N_(
                "The newcomers' weapons in order, comma-separated or repeated: colt, "
                "winchester, shotgun (default: by their places in the roster)."
            ),
        ),
    ] = None,
    seed: SeedOption = None,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Fill the gang up to its size with new standard cowboys (B6); ends recruitment."""
    arms = weapon_list(weapons)
    with open_store(db) as store:
        change = store.gangs.fill(name, names=member or [], seed=seed, weapons=arms)
    _report(change, resolve_lang(lang), json)


@gang_app.command(
    "rename", help=N_("Give a gang a new name (kept by fight undo); its history stays.")
)
def gang_rename(
    name: GangArg,
    new: NewNameArg,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Give a gang a new name (kept by fight undo); its history stays."""
    with open_store(db) as store:
        change = store.gangs.rename(name, new)
    _report(change, resolve_lang(lang), json)


@gang_app.command(
    "delete",
    help=N_(
        "Delete a gang and its members (needs --yes); the audit log keeps its history and "
        "the deleted roster."
    ),
)
def gang_delete(
    name: GangArg,
    yes: YesOption = False,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Delete a gang and its members (needs --yes)."""
    language = resolve_lang(lang)
    with open_store(db) as store:
        gang = store.gangs.get(name)
        confirm(
            yes,
            Message(
                "deleting gang {gang} cannot be undone: add --yes to delete it",
                gang=repr(gang.name),
            ),
        )
        deleted = store.gangs.delete(gang.name)
    if json:
        print_json({"deleted": deleted.name})
        return
    console.print(Text(words(language).phrase("Gang {gang} deleted.", gang=deleted.name)))


# -- gang member ... ---------------------------------------------------------------


@member_app.command(
    "rename", help=N_("Give a living member a new name, unique in the gang (kept by fight undo).")
)
def member_rename(
    name: GangArg,
    member: MemberArg,
    new: NewNameArg,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Give a living member a new name, unique in the gang (kept by fight undo)."""
    with open_store(db) as store:
        change = store.gangs.rename_member(name, member, new)
    _report(change, resolve_lang(lang), json)


@member_app.command(
    "arm", help=N_("Give a living member another weapon: colt, winchester or shotgun.")
)
def member_arm(
    name: GangArg,
    member: MemberArg,
    weapon: Annotated[
        str,
        typer.Argument(
            metavar="WEAPON",
            help=N_("colt, winchester, shotgun (revolver, gewehr, schrotflinte)."),
        ),
    ],
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Give a living member another weapon: colt, winchester or shotgun."""
    with open_store(db) as store:
        change = store.gangs.arm(name, member, weapon)
    _report(change, resolve_lang(lang), json)


@member_app.command(
    "dismiss",
    help=N_("Send a living member away for good (needs --yes); gang fill may take the free place."),
)
def member_dismiss(
    name: GangArg,
    member: MemberArg,
    yes: YesOption = False,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Send a living member away for good (needs --yes)."""
    with open_store(db) as store:
        found = store.gangs.get(name)
        who = found.member(member)
        confirm(
            yes,
            Message(
                "dismissing {member} from gang {gang} cannot be undone: add --yes to dismiss them",
                member=repr(who.name),
                gang=repr(found.name),
            ),
        )
        change = store.gangs.dismiss(found.name, who.name)
    _report(change, resolve_lang(lang), json)


# -- fight ...  -------------------------------------------------------------------


@fight_app.command(
    "record",
    help=N_("Record a fight played on a real table; runs the post-fight sequence (B4, B5)."),
)
def fight_record(
    name: GangArg,
    died: Annotated[
        list[str] | None,
        typer.Option("--died", metavar="MEMBER", help=N_("A member killed in the fight (repeat).")),
    ] = None,
    hp: Annotated[
        list[str] | None,
        typer.Option(
            "--hp",
            metavar="MEMBER=N",
            help=N_("A survivor's HP at the end of the fight (repeat; others: unchanged)."),
        ),
    ] = None,
    conceded: Annotated[
        bool,
        typer.Option("--conceded", help=N_("The gang conceded (B4); needs --sacrifice.")),
    ] = False,
    sacrifice: Annotated[
        str | None,
        typer.Option(
            "--sacrifice",
            metavar="MEMBER",
            help=N_("Who is sacrificed: a hero or a cowboy with the most HP (B4)."),
        ),
    ] = None,
    against: Annotated[
        list[str] | None,
        typer.Option(
            "--against",
            metavar="GANG",
            help=N_("The opposing gang, for the battle log (repeat for more than one)."),
        ),
    ] = None,
    result: Annotated[
        Result | None,
        typer.Option(
            "--result",
            help=N_(
                "How the gang fared, for the battle log and the league table: won, lost, "
                "conceded (as --conceded) or limit (the round limit, undecided)."
            ),
        ),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", "-s", help=N_("The scenario played, for the battle log.")),
    ] = None,
    note: Annotated[
        str | None,
        typer.Option("--note", help=N_("A note for the battle log (at most 500 characters).")),
    ] = None,
    absent: Annotated[
        list[str] | None,
        typer.Option(
            "--absent",
            metavar="MEMBER",
            help=N_(
                "A member who sat the fight out (repeat): unchanged, no fight counted, no recovery."
            ),
        ),
    ] = None,
    kills: Annotated[
        int | None,
        typer.Option(
            "--kills",
            min=0,
            max=99,
            help=N_("Enemies the gang took out, for the league table (default: 0)."),
        ),
    ] = None,
    hire: Annotated[
        str | None,
        typer.Option(
            "--hire",
            metavar="HERO",
            help=N_("Hire a replacement for a lost hero: veteran or gunslinger (B6)."),
        ),
    ] = None,
    pay: Annotated[
        list[str] | None,
        typer.Option(
            "--pay",
            metavar="MEMBER=N",
            help=N_("HP a survivor pays for the hire (repeat; default: the even split)."),
        ),
    ] = None,
    hire_name: Annotated[
        str | None,
        typer.Option("--hire-name", help=N_("The hired hero's name (default: generated).")),
    ] = None,
    ability: Annotated[
        list[str] | None,
        typer.Option(
            "--ability",
            help=N_("A hired hero's ability among 2-10 (repeat, distinct; the rest drawn)."),
        ),
    ] = None,
    fill_up: Annotated[
        bool,
        typer.Option(
            "--fill", help=N_("Fill the gang up with new standard cowboys after the fight (B6).")
        ),
    ] = False,
    fill_name: Annotated[
        list[str] | None,
        typer.Option("--fill-name", help=N_("A newcomer's name, in order (repeat).")),
    ] = None,
    seed: SeedOption = None,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Record a fight played on a real table; runs the post-fight sequence (B4, B5)."""
    if result is Result.CONCEDED:
        conceded = True
    elif result is not None and conceded:
        message = Message(
            "--conceded and --result {result} contradict each other: a conceded fight's "
            "result is conceded",
            result=result.value,
        )
        raise CampaignError(message)
    repeated = sorted({who for who in died or [] if (died or []).count(who) > 1})
    if repeated:
        message = Message(
            "--died names {names} more than once", names=", ".join(map(repr, repeated))
        )
        raise CampaignError(message)
    outcomes: dict[str, MemberOutcome] = {who: MemberOutcome(died=True) for who in died or []}
    for who, value in parse_pairs(hp or [], "--hp").items():
        if who in outcomes:
            message = Message(
                "{name} is given with --died and --hp; a dead member has no HP", name=repr(who)
            )
            raise CampaignError(message)
        outcomes[who] = MemberOutcome(hp=value)
    outcome = FightOutcome(outcomes, conceded=conceded, sacrifice=sacrifice)
    kind = None if hire is None else _hero(hire, "--hire")
    if kind is None and (pay or hire_name or ability):
        raise _bad(Message("--pay, --hire-name and --ability go with --hire"))
    if fill_name and not fill_up:
        raise _bad(Message("--fill-name goes with --fill"))
    payments = parse_pairs(pay or [], "--pay")
    with open_store(db) as store:
        found = store.gangs.get(name)
        own = found.name
        log = _battle_log(store, own, against or [], result, conceded, scenario, note, kills)
        wanted = Wanted(  # the owner's choices, as the web wizard takes them (one road)
            hire=kind,
            hire_given=True,
            pay=payments or None,
            hire_name=hire_name,
            abilities=tuple(_abilities(ability or [], found.ruleset)),
            fill=fill_up,
            fill_names=tuple(fill_name or ()),
        )
        change = store.gangs.record_aftermath(
            name, outcome, wanted, seed=seed, absent=absent or [], log=log
        )
    _report(change, resolve_lang(lang), json)


def _battle_log(
    store: Store,
    own: str,
    against: Sequence[str],
    result: Result | None,
    conceded: bool,
    scenario: str | None,
    note: str | None,
    kills: int | None,
) -> dict[str, object]:
    """What ``fight record`` logs for the battle log: opponents (a stored gang by its own
    name), result, scenario, note, kills."""
    from totenblatt.store import GangNotFoundError

    names = []
    for text in against:
        try:
            names.append(store.gangs.get(text).name)
        except GangNotFoundError:  # a gang kept elsewhere: its name as given
            names.append(clean_name(text, what="gang name", limit=NAME_MAX))
    if own in names:
        message = Message("--against {gang}: a gang does not fight itself", gang=repr(own))
        raise CampaignError(message)
    fared = Result.CONCEDED if conceded else result
    return {
        "against": names,
        "result": None if fared is None else fared.value,
        "scenario": None if scenario is None else clean_name(scenario, what="text"),
        "note": None if note is None else clean_text(note.strip(), limit=500) or None,
        "kills": kills or 0,
    }


@fight_app.command(
    "undo",
    help=N_(
        "Undo the gang's last recorded fight (and any recruiting or filling after it); "
        "new names stay."
    ),
)
def fight_undo(
    name: GangArg, db: DbOption = None, json: JsonOption = False, lang: LangOption = None
) -> None:
    """Undo the gang's last recorded fight (and any recruiting or filling after it)."""
    with open_store(db) as store:
        change = store.gangs.undo_fight(name)
    _report(change, resolve_lang(lang), json)
