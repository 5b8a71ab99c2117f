"""``totenblatt character ...`` and ``totenblatt story new``: RPG characters in the database.

Every help text is a catalog id (``N_``): ``--lang de`` shows it in German.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from totenblatt.cli._option_groups import StoreOut, store_options
from totenblatt.cli._store import change, delete, open_store, show_held
from totenblatt.cli.app import app, console, print_json
from totenblatt.cli.campaign import parse_pairs
from totenblatt.cli.options import (
    Lang,
    NewNameArg,
    RpgRulesetOption,
    YesOption,
)
from totenblatt.messages import Message
from totenblatt.rpg.character import Character
from totenblatt.text import words
from totenblatt.text.catalog import N_

__all__ = ["character_app", "character_dict", "joker_app", "story_app"]

character_app = typer.Typer(
    name="character",
    help=N_("Characters of the card-test RPG: skills, wounds, jokers."),
    no_args_is_help=True,
)
story_app = typer.Typer(
    name="story",
    help=N_("Stories of the card-test RPG (C6: jokers reset)."),
    no_args_is_help=True,
)
joker_app = typer.Typer(
    name="joker",
    help=N_("Award a character jokers for great play, or spend them (C6)."),
    no_args_is_help=True,
)
character_app.add_typer(joker_app, name="joker")
app.add_typer(character_app, name="character")
app.add_typer(story_app, name="story")

NameArg = Annotated[str, typer.Argument(metavar="NAME", help=N_("The character's name."))]


def character_dict(character: Character) -> dict[str, Any]:
    """``Character.to_dict()`` plus what follows from it: capacity, remaining, out."""
    return character.to_dict() | {
        "capacity": character.capacity,
        "remaining": character.remaining,
        "out": character.is_out,
    }


def _table(characters: list[Character], lang: Lang, title: str) -> Table:
    w = words(lang)
    table = Table(title=title, title_style="bold")
    table.add_column(w.phrase("Name"))
    table.add_column(w.phrase("Skills"))
    table.add_column(w.phrase("Wounds"), justify="right")
    table.add_column(w.phrase("Joker"), justify="right")
    table.add_column(w.phrase("State"))
    for c in characters:
        skills = ", ".join(f"{k} {v}" for k, v in c.skills.items()) or "—"
        if c.is_out:
            state = Text(w.phrase("out (Fallobst)"), style="red")
        elif c.wounds:
            state = Text(w.phrase("{n} left", n=c.remaining), style="yellow")
        else:
            state = Text(w.phrase("unhurt"))
        kind = "" if c.player else w.phrase(" (NPC)")
        table.add_row(
            Text(c.name + kind), Text(skills), f"{c.wounds}/{c.capacity}", str(c.jokers), state
        )
    return table


def _show(characters: list[Character], lang: Lang, as_json: bool, *, many: bool = False) -> None:
    if as_json:
        data = [character_dict(c) for c in characters]
        print_json({"characters": data} if many else data[0])
        return
    w = words(lang)
    if not characters:
        console.print(w.phrase("No characters yet (character create)."))
        return
    title = w.phrase("Characters") if many else characters[0].name
    console.print(_table(characters, lang, title))


def _show_one(character: Character, lang: Lang, as_json: bool) -> None:
    _show([character], lang, as_json)


@character_app.command(
    "create", help=N_("Create an RPG character: skills with levels, no wounds, 1 joker (C6).")
)
@store_options
def character_create(
    name: NameArg,
    skill: Annotated[
        list[str] | None,
        typer.Option(
            "--skill",
            metavar="SKILL=LEVEL",
            help=N_("A skill and its level 0-6+ (repeat), e.g. --skill Beweglichkeit=3."),
        ),
    ] = None,
    npc: Annotated[
        bool,
        typer.Option("--npc", help=N_("An ordinary person (Normalo): capacity 6 (D-32).")),
    ] = False,
    ruleset: RpgRulesetOption = "rpg",
    *,
    out: StoreOut,
) -> None:
    """Create an RPG character: skills with levels, no wounds, 1 joker (C6)."""
    skills = parse_pairs(skill or [], "--skill", "SKILL")
    character = Character.create(name, skills, player=not npc, ruleset=ruleset)
    with open_store(out.db) as store:
        store.characters.create(character)
    _show([character], out.language(), out.json)


@character_app.command(
    "show", help=N_("Show a character: skills, wound points and capacity (D-32), jokers.")
)
@store_options
def character_show(name: NameArg, *, out: StoreOut) -> None:
    """Show a character: skills, wound points and capacity (D-32), jokers."""
    show_held(
        out,
        lambda store: store.characters.get(name),
        lambda holders, found: holders.of_sheet(found.name),
        character_dict,
        _show_one,
    )


@character_app.command("list", help=N_("List every character."))
@store_options
def character_list(*, out: StoreOut) -> None:
    """List every character."""
    with open_store(out.db) as store:
        characters = store.characters.all()
    _show(characters, out.language(), out.json, many=True)


@character_app.command(
    "wound", help=N_("The character takes one wound (D-32); at capacity it is out (Fallobst).")
)
@store_options
def character_wound(
    name: NameArg,
    band: Annotated[
        str,
        typer.Argument(
            metavar="BAND",
            help=N_("light, normal or fat (leicht, normal, fett): 1, 3, 6 points."),
        ),
    ],
    *,
    out: StoreOut,
) -> None:
    """The character takes one wound (D-32); at capacity it is out (Fallobst)."""
    from totenblatt.rpg.rules import WoundBand

    parsed = WoundBand.parse(band)
    change(out, lambda store: store.characters.wound(name, parsed), _show_one)


@character_app.command("heal", help=N_("Heal a character's wounds, all or some points."))
@store_options
def character_heal(
    name: NameArg,
    points: Annotated[
        int | None,
        typer.Option(
            "--points",
            min=0,
            max=9999,
            help=N_("Heal this many wound points, 0 to 9999 (default: all)."),
        ),
    ] = None,
    *,
    out: StoreOut,
) -> None:
    """Heal a character's wounds, all or some points."""
    change(out, lambda store: store.characters.heal(name, points), _show_one)


@character_app.command(
    "rename", help=N_("Give a character a new name, unique among the characters.")
)
@store_options
def character_rename(name: NameArg, new: NewNameArg, *, out: StoreOut) -> None:
    """Give a character a new name, unique among the characters."""
    change(out, lambda store: store.characters.rename(name, new), _show_one)


@character_app.command(
    "delete",
    help=N_("Delete a character (needs --yes); the audit log keeps the deleted sheet."),
)
@store_options
def character_delete(name: NameArg, yes: YesOption = False, *, out: StoreOut) -> None:
    """Delete a character (needs --yes)."""
    delete(
        out,
        yes,
        lambda store: store.characters.get(name),
        lambda found: Message(
            "deleting character {name} cannot be undone: add --yes to delete it",
            name=repr(found.name),
        ),
        lambda store, found: store.characters.delete(found),
        lambda language, gone: words(language).phrase("Character {name} deleted.", name=gone),
    )


@story_app.command(
    "new", help=N_("Start a new story: the player characters' jokers reset to 1 (C6).")
)
@store_options
def story_new(
    names: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME]...", help=N_("The characters (default: all).")),
    ] = None,
    *,
    out: StoreOut,
) -> None:
    """Start a new story: the player characters' jokers reset to 1 (C6); NPCs hold none."""
    with open_store(out.db) as store:
        characters = store.characters.new_story(names or [])
    language = out.language()
    _show(characters, language, out.json, many=True)
    players = [c for c in characters if c.player]  # C6: NPCs hold no jokers
    if not out.json and players:
        console.print(
            words(language).phrase_n(
                "A new story: {n} character's jokers were reset to {jokers} (C6).",
                "A new story: {n} characters' jokers were reset to {jokers} (C6).",
                len(players),
                jokers=players[0].rules.jokers.per_story,
            ),
            markup=False,
        )


CountOption = Annotated[
    int, typer.Option("--count", "-n", min=1, max=99, help=N_("How many jokers, 1 to 99."))
]


def _jokers(
    name: str,
    what: str,
    step: Callable[[Character, int], Character],
    count: int,
    out: StoreOut,
) -> None:
    """One ``step`` of ``count`` jokers on a character's sheet (``what``: the audit log's
    command)."""
    with open_store(out.db) as store:
        found = store.characters.change([name], what, lambda c: step(c, count), {"count": count})
    _show([found[0]], out.language(), out.json)


@joker_app.command("add", help=N_("Award the character jokers (for great play, C6)."))
@store_options
def joker_add(name: NameArg, count: CountOption = 1, *, out: StoreOut) -> None:
    """Award the character jokers (for great play, C6)."""
    _jokers(name, "character joker add", Character.gained_jokers, count, out)


@joker_app.command(
    "spend",
    help=N_("The character spends jokers (each draws one more card in a test, C6, D-33)."),
)
@store_options
def joker_spend(name: NameArg, count: CountOption = 1, *, out: StoreOut) -> None:
    """The character spends jokers (each draws one more card in a test, C6, D-33)."""
    _jokers(name, "character joker spend", Character.spent_jokers, count, out)
