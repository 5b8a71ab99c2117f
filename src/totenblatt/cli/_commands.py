"""Which module registers which command: a command line loads only what it runs.

Start-up time is import time (the engine, the table geometry, the web stack, the
database layer are slow to import), so ``totenblatt attack …`` imports the attack
resolver's module and nothing else, and ``--help`` lists the commands from
:data:`COMMAND_HELP` without importing any. ``tests/cli/test_startup.py`` checks
this map against the registered commands.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from typer.core import TyperCommand, TyperGroup

from totenblatt.text.catalog import N_, words

__all__ = [
    "COMMAND_HELP",
    "COMMAND_MODULES",
    "LazyGroup",
    "command_of",
    "for_people",
    "load_all",
    "load_for",
    "readable_metavar",
]

COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "abilities": ("abilities",),
    "draw-ability": ("abilities",),
    "attack": ("attack",),
    "demo": ("attack",),
    "sim": ("sim",),
    "play": ("play",),
    "replay": ("play",),
    "ladder": ("ladder",),
    "probe": ("rpg",),
    "odds": ("rpg", "odds_attack"),
    "rules": ("rules",),
    "serve": ("serve",),
    "balance": ("balance",),
    "gang": ("campaign", "campaign_members"),
    "fight": ("campaign", "campaign_fight", "fight_play"),
    "character": ("character",),
    "story": ("character",),
    "scenarios": ("scenarios",),
    "analyse": ("analyse",),
}
"""Command name -> the modules of :mod:`totenblatt.cli` that register it and its subcommands."""

COMMAND_HELP: dict[str, str] = {
    "abilities": N_(
        "Print the ability table (B1): the card drawn, the ability it gives, what it does."
    ),
    "draw-ability": N_(
        "Draw one card from a full deck with jokers (B1, B5) and name the ability it gives."
    ),
    "attack": N_(
        "Resolve one attack: spade + weapon modifier against heart + cover (rules A8–A12)."
    ),
    "demo": N_(
        "A narrated tour of the attack resolver: five attacks from the rules, worked out "
        "step by step."
    ),
    "sim": N_("Play GAMES seeded bot games and write one row per game to a Parquet file."),
    "play": N_("Play Wanted: Dead or Alive in the terminal against bots, or watch bots play."),
    "replay": N_(
        "Narrate a saved game from the first card to the end, with the map after every round."
    ),
    "ladder": N_(
        "Play every pair of BOTS against each other and rate them (Bradley–Terry, Elo scale)."
    ),
    "probe": N_("Resolve one skill test (Probe): draw or read the cards and tell the result."),
    "rules": N_("Print the tables of a ruleset: card values, weapons, cover, damage, options."),
    "serve": N_(
        "Run the browser table: a lobby to create games, tables to play them, for friends too."
    ),
    "balance": N_(
        "Balance experiments: heroes against cowboys (B2, D-5), abilities, seats, round "
        "limits; Markdown report with plots and JSON."
    ),
    "gang": N_("Campaign gangs (B3-B6): create, show, recruit, fill up, export."),
    "fight": N_(
        "Play a campaign fight with the engine, record one played on a real table (B4, B5), "
        "or undo the last one."
    ),
    "character": N_("Characters of the card-test RPG: skills, wounds, jokers."),
    "story": N_("Stories of the card-test RPG (C6: jokers reset)."),
    "odds": N_(
        "Exact odds: a skill test of the RPG (--skill, --difficulty, --table), or one shot "
        "of the card game (odds attack)."
    ),
    "scenarios": N_(
        "List the scenarios (tables, seats, figures): the built-in ones and those of a "
        "scenario folder; or show one."
    ),
    "analyse": N_(
        "Analyse a finished game: every decision of a seat weighed from its own view then, "
        "the mistakes marked, each side's chance over the game."
    ),
}
"""Each command's line in the list of ``totenblatt --help`` (a catalog id: translated).

The listing does not import the commands' modules; a test checks every line against
the first paragraph of its command's own help."""


def command_of(argv: Sequence[str]) -> str | None:
    """The command a command line names: its first argument that is not an option."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def _modules() -> list[str]:
    return sorted(
        m.name
        for m in pkgutil.iter_modules([str(Path(__file__).parent)])
        if not m.name.startswith("_") and m.name != "app"
    )


def load_all() -> None:
    """Register every command (for ``--help`` and the full command tree)."""
    for name in _modules():
        importlib.import_module(f"totenblatt.cli.{name}")


def load_for(argv: Sequence[str]) -> None:
    """Register what ``argv`` runs: its command's modules (none for ``--help`` alone)."""
    for name in COMMAND_MODULES.get(command_of(argv) or "", ()):
        importlib.import_module(f"totenblatt.cli.{name}")


class LazyGroup(TyperGroup):
    """The top-level group: lists every command without importing it, loads one when run.

    ``--help`` lists :data:`COMMAND_HELP` in the reader's language; a command not
    registered yet is imported (with its modules) when the group is asked for it.
    """

    lang = "en"
    """The language of the listing (set by :func:`totenblatt.cli.app.main`)."""
    typer_app: Any = None
    """The Typer application whose commands this group lists (set by :mod:`totenblatt.cli.app`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command, the lazily imported ones included."""
        known = list(super().list_commands(ctx))
        return known + [name for name in COMMAND_MODULES if name not in self.commands]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name`` (imported on first use; a help stub while listing)."""
        if self._listing and cmd_name in COMMAND_HELP:
            text = words(self.lang).gettext(COMMAND_HELP[cmd_name])
            return TyperCommand(name=cmd_name, help=text, callback=None)
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            import typer.main

            for name in COMMAND_MODULES[cmd_name]:
                importlib.import_module(f"totenblatt.cli.{name}")
            built = typer.main.get_command(self.typer_app)
            assert isinstance(built, TyperGroup)
            self.commands.update(built.commands)
        return super().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help in the reader's language, listing the commands without importing them."""
        self._listing = True
        original = self.help
        self.help = words(self.lang).gettext(original) if original else original
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False
            self.help = original


_LABELS = {
    "bool": "",
    "int": "N",
    "int range": "N",
    "float": "NUMBER",
    "float range": "NUMBER",
    "str": "TEXT",
    "path": "FILE",
    "file": "FILE",
    "dir": "FOLDER",
    "directory": "FOLDER",
}
"""What the help shows for a value instead of its Python type (``<int>`` -> ``N``)."""


def readable_metavar(param: Any) -> str | None:
    """The placeholder of ``param``'s value in the help: ``N``, ``TEXT``, ``en|de``, none."""
    if getattr(param, "is_bool_flag", False):
        return ""
    try:
        shown = str(param.display_type(None))
    except (AttributeError, TypeError):  # not a Typer parameter: keep Click's own
        return None
    label = shown.strip("<>")
    if label.startswith("list[") and label.endswith("]"):
        label = label[5:-1]
    return _LABELS.get(label, label if "|" in label else label.upper())


def _no_type(ctx: Any = None) -> None:
    return None


def for_people(command: Any, lang: str = "en") -> Any:
    """Give every parameter of ``command`` (and its subcommands) a readable placeholder.

    The help then shows ``--distance NUMBER`` and ``--json`` where Typer would show
    ``<float>`` and ``<bool>``; a metavar set by a command is kept. Help texts that are
    catalog ids (marked with ``N_``) are translated into ``lang``.
    """
    say = words(lang).gettext
    if getattr(command, "help", None):
        command.help = say(command.help)
    params = list(getattr(command, "params", ()))
    if hasattr(command, "get_help_option"):  # --help is made on demand, outside params
        params.append(command.get_help_option(command.context_class(command)))
    for param in params:
        if param is not None and getattr(param, "help", None):
            param.help = say(param.help)
        if getattr(param, "param_type_name", "") == "argument":
            param.display_type_rich = _no_type  # its NAME says it; a type would be Python's
        elif param is not None and getattr(param, "metavar", "x") is None:
            label = readable_metavar(param)
            if label is not None:
                param.metavar = label
    for sub in getattr(command, "commands", {}).values():
        for_people(sub, lang)
    return command
