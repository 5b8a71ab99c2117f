"""The Typer application and what every command shares: language, errors, JSON output."""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from totenblatt.cli._commands import LazyGroup, for_people, load_for
from totenblatt.cli.options import (
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    argv_lang,
    resolve_lang,
)
from totenblatt.messages import Message, MessageError
from totenblatt.text import error_line, render
from totenblatt.text.catalog import N_

__all__ = [
    "CliError",
    "DbOption",
    "JsonOption",
    "Lang",
    "LangOption",
    "OutputFileError",
    "app",
    "check_scenario_folder",
    "check_writable",
    "console",
    "fail",
    "main",
    "print_json",
    "resolve_lang",
    "write_text_atomic",
]

app = typer.Typer(
    name="totenblatt",
    help=N_(
        "Totenblatt — Wanted: Dead or Alive and the card-test RPG: attack resolver, rules, "
        "games against bots, campaigns and exact odds. Output in German or English: --lang "
        "de|en or $TOTENBLATT_LANG."
    ),
    no_args_is_help=True,
    add_completion=True,  # --install-completion, --show-completion (Typer's)
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    cls=LazyGroup,
)
LazyGroup.typer_app = app

console = Console(highlight=False, markup=False)  # user text (names, paths) is never markup
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


class OutputFileError(MessageError):
    """An output file that cannot be written: no such folder, not writable, not a regular file."""


def _cannot_write(where: str, problem: str, message: Message | str) -> OutputFileError:
    """``cannot write '<path>': <problem>``, the problem in words for people too."""
    return OutputFileError(Message("cannot write {path}: {problem}", path=where, problem=message))


def _kind_of(mode: int) -> Message | None:
    """What a non-regular file is ("a FIFO (named pipe)", …); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Message("a directory")
    if stat.S_ISFIFO(mode):
        return Message("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message("a device")
    if stat.S_ISSOCK(mode):
        return Message("a socket")
    return Message("not a regular file")


def check_writable(path: Path) -> None:
    """Raise ``OutputFileError`` unless ``path`` can be written: a new name or a regular file.

    Nothing is opened: a FIFO, a device or a socket is refused before any work starts,
    and the message names the path as the user gave it.
    """
    where = repr(str(path))
    try:
        info = os.stat(path)  # follows a symlink: its target is what would be replaced
    except FileNotFoundError:
        info = None
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise _cannot_write(where, reason, reason) from None
    if info is not None:
        kind = _kind_of(info.st_mode)
        if kind is not None:
            raise _cannot_write(
                where,
                f"it is {kind.english()}, expected a regular file or a new name",
                Message("it is {kind}, expected a regular file or a new name", kind=kind),
            )
    folder = (path.resolve() if path.is_symlink() else path).parent
    shown = repr(str(folder))
    if not folder.is_dir():
        raise _cannot_write(
            where,
            f"folder {shown} does not exist",
            Message("folder {folder} does not exist", folder=shown),
        )
    if not os.access(folder, os.W_OK):
        raise _cannot_write(
            where,
            f"folder {shown} is not writable",
            Message("folder {folder} is not writable", folder=shown),
        )
    try:  # the file system has the last word (read-only, full, a pseudo file system)
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise _cannot_write(where, reason, reason) from None
    os.close(fd)
    os.unlink(probe)


def check_scenario_folder(folder: Path | None, option: str) -> None:
    """Stop with one line when the scenario folder ``option`` names is a file (a folder
    that does not exist yet is no scenario file, and no error)."""
    if folder is not None and folder.exists() and not folder.is_dir():
        fail(
            Message(
                "{option} {path}: expected a folder of scenario files",
                option=option,
                path=repr(str(folder)),
            )
        )


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then a rename).

    Only a new name or a regular file (also through a symlink) is replaced; errors name
    ``path`` as given, never the temporary file.
    """
    check_writable(path)
    target = path.resolve() if path.is_symlink() else path
    tmp: str | None = None
    try:
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, mode)
        check_writable(path)  # still a regular file or nothing (not swapped for a FIFO)?
        os.replace(tmp, target)
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise _cannot_write(repr(str(path)), reason, reason) from None
    finally:
        if tmp is not None and os.path.lexists(tmp):
            Path(tmp).unlink(missing_ok=True)


def print_json(data: Any) -> None:
    """Print one JSON document on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n")


class CliError(MessageError):
    """A command refused: one line for the person (its message), exit status 2."""


def fail(message: str | Message) -> NoReturn:
    """Stop the command: one readable line on standard error, exit status 2.

    Give a :class:`~totenblatt.messages.Message` so the line is in the reader's language.
    """
    if isinstance(message, Message):
        raise CliError(message)
    raise CliError(message)


_NO_SUCH_COMMAND = r"No such command '(.+)'\.(?: Did you mean .+\?)?"
"""Click's words for a mistyped command (with Typer's English suggestion for a group
whose commands are loaded, which the line below replaces by its own, translated)."""


def _did_you_mean(exc: typer.TyperException, lang: str) -> tuple[str, str | None]:
    """Typer's text of ``exc`` without its English suggestion, and for a mistyped command
    (``totenblatt atack``) the commands it is close to, in ``lang``."""
    import difflib
    import re

    text = exc.format_message()
    found = re.fullmatch(_NO_SUCH_COMMAND, text, re.DOTALL)
    ctx = getattr(exc, "ctx", None)
    group = getattr(ctx, "command", None)
    if found is None or not hasattr(group, "list_commands"):
        return text, None
    text = f"No such command '{found[1]}'."
    names = [str(n) for n in group.list_commands(ctx)]  # type: ignore[union-attr]
    close = difflib.get_close_matches(found[1], names, n=3, cutoff=0.6)
    if not close:
        return text, None
    listed = " / ".join(f"'{name}'" for name in close)
    return text, render(Message("Did you mean {commands}?", commands=listed), lang)


def _usage_line(exc: typer.TyperException, lang: str) -> str:
    """Typer's own error (a missing option, a bad value …) as one line in ``lang``; a
    mistyped command with the commands it is close to."""
    from totenblatt.cli._usage import usage_message

    text, close = _did_you_mean(exc, lang)
    line = render(Message("error: {message}", message=usage_message(text)), lang)
    if close is not None:
        line = f"{line} {close}"
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return line
    hint = Message("(see '{command} --help')", command=ctx.command_path)
    return f"{line} {render(hint, lang)}"


def _missing_extra(exc: ImportError, lang: str) -> str | None:
    """The line for an extra that is not installed (``pip install 'totenblatt[sim]'``)."""
    from totenblatt.extras import missing_extra

    missing = missing_extra(exc)
    return None if missing is None else error_line(missing, lang)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; usage errors and bad values exit 2 with one line, never a traceback.

    So does a command that needs an extra which is not installed: the line names it.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    lang = argv_lang(args)
    LazyGroup.lang = lang
    try:
        load_for(args)  # only the modules of the command given: a fast start
        command = for_people(typer.main.get_command(app), lang)  # people's words, no types
        result = command.main(args=args, prog_name="totenblatt", standalone_mode=False)
    except typer.TyperException as exc:
        if exc.format_message():  # empty when the help was shown for a command given no arguments
            err_console.print(_usage_line(exc, lang), markup=False)
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print(render(Message("aborted"), lang), markup=False)
        sys.exit(1)
    except (ValueError, OSError) as exc:
        err_console.print(error_line(exc, lang), markup=False)
        sys.exit(2)
    except ImportError as exc:
        line = _missing_extra(exc, lang)
        if line is None:
            raise
        err_console.print(line, markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(result if isinstance(result, int) else 0)
