"""The Typer application and what every command shares: language, errors, JSON output."""

from __future__ import annotations

import json
import locale
import math
import os
import sys
import tempfile
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

__all__ = [
    "JsonOption",
    "Lang",
    "LangOption",
    "app",
    "check_writable",
    "console",
    "fail",
    "main",
    "pick",
    "plural",
    "print_json",
    "resolve_lang",
    "write_text_atomic",
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


def _version(value: bool) -> None:
    if value:
        from totenblatt import __version__

        typer.echo(f"totenblatt {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Totenblatt — Wanted: Dead or Alive and the card-test RPG."""


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


def plural(n: int | float, one: str, many: str) -> str:
    """``1 wound`` / ``2 wounds``: the count with the right word.

    >>> plural(1, "Kampf", "Kämpfe"), plural(3, "fight", "fights")
    ('1 Kampf', '3 fights')
    """
    word = one if (isinstance(n, int) or math.isfinite(n)) and n == 1 else many
    return f"{n} {word}"


def check_writable(path: Path) -> None:
    """Raise ``ValueError`` unless ``path`` can be written as a file (its folder exists)."""
    if path.is_dir():
        raise ValueError(f"cannot write {str(path)!r}: it is a directory, expected a file name")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"cannot write {str(path)!r}: folder {str(folder)!r} is not writable")


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then a rename)."""
    check_writable(path)
    target = path.resolve() if path.is_symlink() else path
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ValueError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


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
        message = exc.format_message()
        if message:  # empty when the help was shown for a command given no arguments
            ctx = getattr(exc, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            err_console.print(f"error: {message}{hint}", markup=False)
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("aborted", markup=False)
        sys.exit(1)
    except ValueError as exc:
        err_console.print(f"error: {exc}", markup=False)
        sys.exit(2)
    except OSError as exc:
        where = f" {exc.filename!r}" if exc.filename else ""
        err_console.print(f"error: cannot use file{where}: {exc.strerror or exc}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(result if isinstance(result, int) else 0)
