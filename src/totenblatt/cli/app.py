"""The Typer application and what every command shares: language, errors, JSON output."""

from __future__ import annotations

import json
import locale
import os
import sys
from enum import StrEnum
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

__all__ = [
    "JsonOption",
    "Lang",
    "LangOption",
    "app",
    "console",
    "fail",
    "main",
    "pick",
    "print_json",
    "resolve_lang",
]

app = typer.Typer(
    name="totenblatt",
    help=(
        "Totenblatt — Wanted: Dead or Alive and the card-test RPG: attack resolver, rules, "
        "games against bots, campaigns and exact odds. / Regelwerk, Spieltisch-Begleiter "
        "und Balance-Labor."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


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
        help="Language of the output: de or en (default: from the locale, LANG).",
        case_sensitive=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]


def resolve_lang(lang: Lang | None) -> Lang:
    """The language asked for, else German when the locale is German, else English."""
    if lang is not None:
        return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return Lang.DE if value.lower().startswith("de") else Lang.EN
    code = locale.getlocale()[0] or ""
    return Lang.DE if code.lower().startswith("de") else Lang.EN


def pick(lang: Lang, en: str, de: str) -> str:
    """The English or the German text."""
    return de if lang is Lang.DE else en


def print_json(data: Any) -> None:
    """Print one JSON document on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n")


def fail(message: str) -> NoReturn:
    """Stop the command: one readable line on standard error, exit status 2."""
    err_console.print(f"error: {message}", markup=False)
    raise typer.Exit(2)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; usage errors and bad values exit 2 with one line, never a traceback."""
    try:
        result = app(args=argv, prog_name="totenblatt", standalone_mode=False)
    except typer.TyperException as exc:
        ctx = getattr(exc, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        err_console.print(f"error: {exc.format_message()}{hint}", markup=False)
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("aborted", markup=False)
        sys.exit(1)
    except ValueError as exc:
        err_console.print(f"error: {exc}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(result if isinstance(result, int) else 0)
