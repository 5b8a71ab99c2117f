"""The options several commands share, declared once: their names, bounds and help.

A command takes one as its parameter's type (``ruleset: RulesetOption = "base"``).
Where the help says what the value means to one command (what a seed seeds, which
bots play where), a factory takes that sentence and keeps names and bounds::

    seed: Annotated[int | None, seed_option(N_("Seed of the draw, 0 to 2**64-1."))] = None

Help texts are catalog ids (``N_``): the help is read in the reader's language.
This module imports nothing heavy (a quick command stays quick).

>>> argv_lang(["rules", "--lang", "de"]), argv_lang(["rules", "--lang=EN"])
('de', 'en')
"""

from __future__ import annotations

import shlex
from collections.abc import Collection, Sequence
from enum import Enum, StrEnum
from typing import Annotated, Any

import typer

from totenblatt.text.catalog import N_
from totenblatt.text.catalog import resolve_lang as _resolve_lang

__all__ = [
    "MAX_DISTANCE",
    "SEED_MAX",
    "STORED_SEED_MAX",
    "AttackCardOption",
    "AttackerAbilityOption",
    "BotsOption",
    "CoverOption",
    "DaskOption",
    "DbOption",
    "DefenderAbilityOption",
    "DefenseCardOption",
    "DistanceOption",
    "JsonOption",
    "Lang",
    "LangOption",
    "Many",
    "NewNameArg",
    "OptionalAttackCardOption",
    "OptionalRulesetOption",
    "QuietOption",
    "RpgRulesetOption",
    "RulesetOption",
    "RulesetOptionsOption",
    "RunSeedOption",
    "ScenarioOption",
    "WeaponOption",
    "WildDefenseOption",
    "WildOption",
    "WorkersOption",
    "YesOption",
    "argv_lang",
    "bots_option",
    "command_line",
    "games_option",
    "many",
    "plot_option",
    "quiet_option",
    "resolve_lang",
    "round_limit_option",
    "ruleset_option",
    "scenario_option",
    "seats_option",
    "seed_option",
    "target_ability_option",
    "target_hp_option",
    "weapon_option",
    "workers_option",
]

SEED_MAX = 2**64 - 1
"""The largest seed of a game, a draw or a run."""
STORED_SEED_MAX = 2**63 - 1
"""The largest seed a database keeps (a signed 64-bit integer): campaign seeds."""
MAX_DISTANCE = 1000
"""The longest distance in inches a command measures with."""


# -- language, output, database -----------------------------------------------------------


class Lang(StrEnum):
    """Language of the text a person reads."""

    EN = "en"
    """English."""
    DE = "de"
    """Deutsch."""


LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        help=N_("Language of the output: de or en (default: $TOTENBLATT_LANG, else the locale)."),
        case_sensitive=False,
    ),
]


def resolve_lang(lang: Lang | None) -> Lang:
    """The language asked for, else ``TOTENBLATT_LANG``, else the locale, else English."""
    return Lang(_resolve_lang(None if lang is None else lang.value))


def argv_lang(argv: Sequence[str]) -> str:
    """The language of a command line before it is parsed (for its help and its errors):
    the last ``--lang`` in ``argv``, else the environment, else the locale, else English.

    A ``--lang`` that names no language counts as not given (parsing then refuses it, in
    the language of the environment); a ``TOTENBLATT_LANG`` that names none is English.
    """
    explicit = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            explicit = argv[i + 1]
        elif arg.startswith("--lang="):
            explicit = arg.partition("=")[2]
    for choice in (explicit, None):
        try:
            return _resolve_lang(choice)
        except ValueError:
            continue
    return "en"


JsonOption = Annotated[
    bool, typer.Option("--json", help=N_("Print one JSON object instead of text."))
]
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help=N_(
            "Database URL (sqlite:///PATH, postgresql+psycopg://USER@HOST/DB) or a SQLite "
            "file. Default: $TOTENBLATT_DATABASE_URL, else totenblatt.db in the user data "
            "directory."
        ),
    ),
]

Many = list[str] | None
"""The type of an option that may be repeated (``--died A --died B``)."""


def many(flag: str, help: str, metavar: str | None = None) -> Any:
    """A repeatable option ``flag`` with its help (a catalog id) and ``metavar``."""
    return typer.Option(flag, metavar=metavar, help=help)


NewNameArg = Annotated[str, typer.Argument(metavar="NEW", help=N_("The new name."))]
"""The ``NEW`` name a ``rename`` command gives."""
YesOption = Annotated[bool, typer.Option("--yes", help=N_("Really do it: it cannot be undone."))]
"""The ``--yes`` a command that cannot be undone needs."""


# -- what a game is made of -----------------------------------------------------------------

_SCENARIO_HELP = N_("Built-in scenario (see 'totenblatt scenarios') or a TOML file.")
_RULESET_HELP = N_("Built-in ruleset (base, extended) or a TOML file.")


def scenario_option(help: str = _SCENARIO_HELP) -> Any:
    """``--scenario`` / ``-s``: a built-in scenario's name or a scenario file."""
    return typer.Option("--scenario", "-s", help=help)


def ruleset_option(help: str = _RULESET_HELP) -> Any:
    """``--ruleset`` / ``-r``: a built-in ruleset's name or a ruleset file."""
    return typer.Option("--ruleset", "-r", help=help)


def bots_option(help: str) -> Any:
    """``--bots`` / ``-b``: bot names, comma-separated (``random,heuristic,ismcts:200``)."""
    return typer.Option("--bots", "-b", help=help)


def seed_option(help: str, *, most: int = SEED_MAX) -> Any:
    """``--seed``: a whole number from 0 to ``most``."""
    return typer.Option("--seed", min=0, max=most, help=help)


_WEAPON_HELP = N_("colt, winchester, shotgun (revolver, gewehr, schrotflinte).")


def seats_option(help: str) -> Any:
    """``--seats``: who plays each seat, comma-separated (the help names the kinds)."""
    return typer.Option("--seats", help=help)


def weapon_option(help: str = _WEAPON_HELP, *, short: bool = True) -> Any:
    """``--weapon`` (and ``-w`` unless the command's ``-w`` is another option)."""
    return typer.Option("--weapon", *(("-w",) if short else ()), help=help)


ScenarioOption = Annotated[str, scenario_option()]
RulesetOption = Annotated[str, ruleset_option()]
OptionalRulesetOption = Annotated[
    str | None,
    ruleset_option(
        N_(
            "Built-in ruleset (base, extended) or a TOML file (default: the one the "
            "scenario needs: extended for heroes or abilities, else base)."
        )
    ),
]
RpgRulesetOption = Annotated[
    str, ruleset_option(N_("RPG ruleset: built-in name (rpg) or TOML file."))
]
BotsOption = Annotated[
    str,
    bots_option(
        N_(
            "Bots seat by seat, comma-separated: random, heuristic, heuristic-v1 (the "
            "earlier heuristic), ismcts:N (N rollouts), learned:PATH (a trained policy); "
            "one name for all seats."
        )
    ),
]
WeaponOption = Annotated[str, weapon_option()]


# -- many games: sim, ladder, balance ------------------------------------------------------


def workers_option(help: str) -> Any:
    """``--workers`` / ``-w``: how many processes, 1 to 256 (the help says for what)."""
    return typer.Option("--workers", "-w", min=1, max=256, help=help)


WorkersOption = Annotated[
    int | None, workers_option(N_("Processes to play in, 1 to 256 (default: every core)."))
]
DaskOption = Annotated[
    str | None,
    typer.Option(
        "--dask",
        help=N_(
            "Play on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' "
            "(a LocalCluster of --workers processes)."
        ),
    ),
]
RunSeedOption = Annotated[
    int, seed_option(N_("Run seed K, 0 to 2**64-1: game i is played from (K, i) alone."))
]
RulesetOptionsOption = Annotated[
    Many, many("--option", N_("Ruleset option key=value, repeatable (hand_mode=per_character)."))
]


def quiet_option(help: str) -> Any:
    """``--quiet`` / ``-q``: tell less (the help says what is left out)."""
    return typer.Option("--quiet", "-q", help=help)


QuietOption = Annotated[bool, quiet_option(N_("No progress bar."))]


def games_option(help: str, *, most: int) -> Any:
    """``--games`` / ``-n``: how many games, 1 to ``most`` (the help says of what)."""
    return typer.Option("--games", "-n", min=1, max=most, help=help)


def round_limit_option(help: str, *, least: int) -> Any:
    """``--round-limit``: the round the games end at, ``least`` to 1000 (D-22)."""
    return typer.Option("--round-limit", min=least, max=1000, help=help)


def plot_option(help: str) -> Any:
    """``--plot FILE``: a PNG picture to draw (the help says of what)."""
    return typer.Option("--plot", metavar="FILE", help=help)


# -- one attack --------------------------------------------------------------------------------

# the attack resolver (``attack``) and the odds of a shot (``odds attack``) read the same
# shot: one option each, and a factory where the help says what the value does there

_ATTACK_CARD = typer.Option(
    "--attack", "-a", help=N_("Attack card: a spade (Q♠, QS, Pik-Dame) or Joker.")
)
AttackCardOption = Annotated[str, _ATTACK_CARD]
OptionalAttackCardOption = Annotated[str | None, _ATTACK_CARD]
"""``--attack`` where another option (``--cards``) may stand for it."""
DefenseCardOption = Annotated[
    str | None,
    typer.Option("--defense", help=N_("Defence card: a heart (4♥, 4H, Herz 4) or Joker.")),
]
DistanceOption = Annotated[
    float,
    typer.Option(
        "--distance",
        "-d",
        min=0,
        max=MAX_DISTANCE,
        help=N_("Measured distance in inches, 0 to 1000."),
    ),
]
CoverOption = Annotated[
    str,
    typer.Option(
        "--cover",
        "-c",
        help=N_("none, light, medium, hard, hidden (keine, leicht, mittel, hart, versteckt)."),
    ),
]
AttackerAbilityOption = Annotated[
    Many,
    many("--attacker-ability", N_("sharpshooter, picture_book_10, wild_2 (= --wild; repeatable).")),
]
DefenderAbilityOption = Annotated[
    Many,
    many(
        "--defender-ability",
        N_(
            "The defender's abilities: cover_1, cover_2, cover_3 (used on its heart), "
            "picture_book_10, wild_2, queen_of_hearts (repeatable)."
        ),
    ),
]
WildOption = Annotated[
    bool,
    typer.Option(
        "--wild",
        help=N_(
            "Play the 2 as a joker (Wild 2): 2 wounds on a hit. Without it a 2 is the number 2."
        ),
    ),
]
WildDefenseOption = Annotated[
    bool,
    typer.Option(
        "--wild-defense",
        help=N_(
            "The defender plays its 2 as a joker (Wild 2, = --defender-ability wild_2): it "
            "blocks the attack."
        ),
    ),
]


def target_hp_option(help: str) -> Any:
    """``--target-hp N``: the target's HP, 0 to 99."""
    return typer.Option("--target-hp", min=0, max=99, metavar="N", help=help)


def target_ability_option(help: str) -> Any:
    """``--target-ability`` / ``--target-abilities``: what acts after the hit (nine_lives)."""
    return typer.Option("--target-ability", "--target-abilities", metavar="ABILITY", help=help)


# -- a command line again ------------------------------------------------------------------


def command_line(ctx: typer.Context, *, leave_out: Collection[str] = ()) -> str:
    """The command line that runs ``ctx``'s command again with the values it parsed.

    Every parameter with a value, in the command's order, written from the parsed values
    (defaults too, so the line means the same run when a default changes): arguments as
    they are, an option by its long name, a repeated option once per value, a flag when
    on. ``leave_out`` names parameters (their Python names) that do not belong in it.
    """
    line = ctx.command_path.split()
    for param in ctx.command.params:
        if param.name is None or param.name in leave_out or param.name not in ctx.params:
            continue
        value = ctx.params[param.name]
        if param.param_type_name == "argument":
            line += [_word(v) for v in _values(value)]
            continue
        line += _option_words(param, value)
    return shlex.join(line)


def _values(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _option_words(param: Any, value: Any) -> list[str]:
    """``--name value`` (once per value of a repeated option), ``--flag``, or nothing."""
    name = max(param.opts, key=len)  # the long name
    if isinstance(value, bool):
        if value:
            return [name]
        off = list(getattr(param, "secondary_opts", ()) or ())
        return [max(off, key=len)] if off else []
    words: list[str] = []
    for item in _values(value):
        words += [name, _word(item)]
    return words


def _word(value: Any) -> str:
    """A parsed value as the command line writes it (an enum by its value, a path as text)."""
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)
