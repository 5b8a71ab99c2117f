"""``totenblatt gang recruit|fill|rename|delete`` and ``gang member ...``: a gang's roster
after a fight (B6) and between fights.

Every help text is a catalog id (``N_``): ``--lang de`` shows it in German.
"""

from __future__ import annotations

from typing import Annotated

import typer

from totenblatt.cli._option_groups import StoreOut, store_options
from totenblatt.cli._store import change, confirm, delete, open_store
from totenblatt.cli.campaign import (
    GangArg,
    MemberArg,
    SeedOption,
    abilities_of,
    gang_app,
    hero_of,
    member_app,
    parse_pairs,
    report,
    weapon_list,
)
from totenblatt.cli.options import (
    Many,
    NewNameArg,
    YesOption,
    many,
    weapon_option,
)
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.catalog import N_

__all__ = [
    "gang_delete",
    "gang_fill",
    "gang_recruit",
    "gang_rename",
    "member_arm",
    "member_dismiss",
    "member_rename",
]


@gang_app.command(
    "recruit",
    help=N_("Hire a replacement for a hero lost in the last fight, paid with survivors' HP (B6)."),
)
@store_options
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
        Many,
        many(
            "--pay", N_("HP a survivor pays (repeat; any split, down to 0 HP, D-29)."), "MEMBER=N"
        ),
    ] = None,
    hero_name: Annotated[
        str | None,
        typer.Option("--name", help=N_("The new hero's name (default: generated).")),
    ] = None,
    ability: Annotated[
        Many, many("--ability", N_("A starting ability among 2-10 (repeat; the rest drawn)."))
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
    *,
    out: StoreOut,
) -> None:
    """Hire a replacement for a hero lost in the last fight, paid with survivors' HP (B6)."""
    language = out.language()
    kind = hero_of(hero, "--hero")
    payments = parse_pairs(pay or [], "--pay")
    with open_store(out.db) as store:
        ruleset = store.gangs.get(name).ruleset
        chosen = abilities_of(ability or [], ruleset)
        change = store.gangs.hire(
            name, kind, payments, hero_name=hero_name, abilities=chosen, seed=seed, weapon=weapon
        )
    report(change, language, out.json)


@gang_app.command(
    "fill",
    help=N_("Fill the gang up to its size with new standard cowboys (B6); ends recruitment."),
)
@store_options
def gang_fill(
    name: GangArg,
    member: Annotated[
        Many, many("--name", N_("A newcomer's name, in order (repeat; the rest generated)."))
    ] = None,
    weapons: Annotated[
        Many,
        many(
            "--weapons",
            metavar="WEAPON,...",
            help=N_(
                "The newcomers' weapons in order, comma-separated or repeated: colt, "
                "winchester, shotgun (default: by their places in the roster)."
            ),
        ),
    ] = None,
    seed: SeedOption = None,
    *,
    out: StoreOut,
) -> None:
    """Fill the gang up to its size with new standard cowboys (B6); ends recruitment."""
    arms = weapon_list(weapons)
    change(
        out,
        lambda store: store.gangs.fill(name, names=member or [], seed=seed, weapons=arms),
        report,
    )


@gang_app.command(
    "rename", help=N_("Give a gang a new name (kept by fight undo); its history stays.")
)
@store_options
def gang_rename(name: GangArg, new: NewNameArg, *, out: StoreOut) -> None:
    """Give a gang a new name (kept by fight undo); its history stays."""
    change(out, lambda store: store.gangs.rename(name, new), report)


@gang_app.command(
    "delete",
    help=N_(
        "Delete a gang and its members (needs --yes); the audit log keeps its history and "
        "the deleted roster."
    ),
)
@store_options
def gang_delete(name: GangArg, yes: YesOption = False, *, out: StoreOut) -> None:
    """Delete a gang and its members (needs --yes)."""
    delete(
        out,
        yes,
        lambda store: store.gangs.get(name),
        lambda gang: Message(
            "deleting gang {gang} cannot be undone: add --yes to delete it", gang=repr(gang.name)
        ),
        lambda store, found: store.gangs.delete(found),
        lambda language, gone: words(language).phrase("Gang {gang} deleted.", gang=gone),
    )


# -- gang member ... ---------------------------------------------------------------


@member_app.command(
    "rename", help=N_("Give a living member a new name, unique in the gang (kept by fight undo).")
)
@store_options
def member_rename(name: GangArg, member: MemberArg, new: NewNameArg, *, out: StoreOut) -> None:
    """Give a living member a new name, unique in the gang (kept by fight undo)."""
    change(out, lambda store: store.gangs.rename_member(name, member, new), report)


@member_app.command(
    "arm", help=N_("Give a living member another weapon: colt, winchester or shotgun.")
)
@store_options
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
    *,
    out: StoreOut,
) -> None:
    """Give a living member another weapon: colt, winchester or shotgun."""
    change(out, lambda store: store.gangs.arm(name, member, weapon), report)


@member_app.command(
    "dismiss",
    help=N_(
        "Send a living member away for good (needs --yes); it counts like a sacrifice: "
        "the gang's size shrinks by 1 (D-42)."
    ),
)
@store_options
def member_dismiss(
    name: GangArg, member: MemberArg, yes: YesOption = False, *, out: StoreOut
) -> None:
    """Send a living member away for good (needs --yes); the gang's size shrinks (D-42)."""
    with open_store(out.db) as store:
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
    report(change, out.language(), out.json)
