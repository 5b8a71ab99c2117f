"""``totenblatt gang ...`` and ``totenblatt fight ...``: the campaign roster (B3-B6).

This module holds the command groups, what their commands share (parsing, options, the
roster's output) and ``gang create|list|show|history|export``; :mod:`.campaign_members`
the roster after and between fights, :mod:`.campaign_fight` ``fight record|undo``.
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

from totenblatt.campaign import Gang, parse_ability, roster_dict
from totenblatt.campaign.events import Joined, notable
from totenblatt.cli._option_groups import StoreOut, store_options
from totenblatt.cli._store import open_store, show_held
from totenblatt.cli.app import app, console, fail, print_json, write_text_atomic
from totenblatt.cli.options import (
    STORED_SEED_MAX,
    Lang,
    Many,
    RulesetOption,
    many,
    seed_option,
)
from totenblatt.messages import Message, MessageError
from totenblatt.text import words
from totenblatt.text.campaign import describe, gang_weapon, hire_hint, roster_markdown
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import ability_name, kind_name
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType, parse_word

if TYPE_CHECKING:
    from totenblatt.store import Change

__all__ = [
    "BadOptionError",
    "GangArg",
    "MemberArg",
    "SeedOption",
    "abilities_of",
    "fight_app",
    "gang_app",
    "hero_of",
    "member_app",
    "parse_pairs",
    "report",
    "roster_table",
    "weapon_list",
]

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


def hero_of(text: str, option: str) -> HeroType:
    """The hero type ``text`` names for ``option`` (veteran or gunslinger; else an error)."""
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


def abilities_of(values: Sequence[str], ruleset: str) -> list[Ability]:
    """The abilities ``values`` name (by name or card) in ``ruleset``."""
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
    """The roster as a Rich table: members, kind and weapon, HP, abilities, fights."""
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


def report(change: Change, lang: Lang, as_json: bool, *, skip_joined: bool = False) -> None:
    """Print what a command did to a gang: its events, what was undone, the roster, the seed
    (``as_json``: the gang as ``gang show --json``)."""
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
@store_options
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
        Many,
        many(
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
        Many, many("--member", N_("A cowboy's name, in order (repeat; the rest generated)."))
    ] = None,
    weapons: Annotated[Many, many("--weapons", WEAPONS_HELP, "WEAPON,...")] = None,
    ruleset: RulesetOption = "extended",
    seed: SeedOption = None,
    *,
    out: StoreOut,
) -> None:
    """Create a gang: a veteran or gunslinger leader and standard cowboys (B3)."""
    language = out.language()
    kind = hero_of(leader, "--leader")
    chosen = abilities_of(ability or [], ruleset)
    arms = weapon_list(weapons)
    if "/" in ruleset or ruleset.endswith(".toml"):
        ruleset = str(Path(ruleset).expanduser().absolute())
    with open_store(out.db) as store:
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
    report(change, language, out.json, skip_joined=True)


@gang_app.command("list", help=N_("List every gang."))
@store_options
def gang_list(*, out: StoreOut) -> None:
    """List every gang."""
    language = out.language()
    with open_store(out.db) as store:
        gangs = store.gangs.all()
    if out.json:
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
@store_options
def gang_show(name: GangArg, *, out: StoreOut) -> None:
    """Show a gang's roster: members, weapons, HP, abilities, survived fights."""
    from totenblatt.store import Change

    show_held(
        out,
        lambda store: store.gangs.get(name),
        lambda holders, gang: holders.of_gang(gang.name),
        lambda gang: gang.to_dict(),
        lambda gang, language, as_json: report(Change(gang), language, as_json),
    )


@gang_app.command(
    "history", help=N_("Show every change made to a gang: when, what, the seed, cards drawn.")
)
@store_options
def gang_history(name: GangArg, *, out: StoreOut) -> None:
    """Show every change made to a gang: when, what, the seed, cards drawn."""
    language = out.language()
    with open_store(out.db) as store:
        gang = store.gangs.get(name)
        history = store.gangs.history(name)
    if out.json:
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
@store_options
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
    *,
    out: StoreOut,
) -> None:
    """Export a gang's roster, its fallen and its history as Markdown or JSON."""
    language = out.language()
    if out.json and fmt is ExportFormat.MD:
        fail(Message("--format md and --json contradict each other: give one of them"))
    with open_store(out.db) as store:
        gang = store.gangs.get(name)
        history = store.gangs.history(name)
    if out.json or fmt is ExportFormat.JSON:
        import json as json_module

        text = json_module.dumps(roster_dict(gang, history=history), ensure_ascii=False, indent=2)
        text += "\n"
    else:
        text = roster_markdown(gang, lang=language, history=history)
    if output is None:
        typer.echo(text, nl=False)
        return
    write_text_atomic(output, text)
    if out.json:
        print_json({"written": str(output)})
    else:
        console.print(words(language).phrase("Written to {file}.", file=str(output)))
