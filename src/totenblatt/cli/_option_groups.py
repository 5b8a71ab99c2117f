"""Groups of options several commands take last, in the same order: declared once.

A command names the group with a decorator under its ``@app.command``; the group's
options follow the command's own in its help and its command line, as if written out
(or stand where the parameter that receives them stands)::

    @gang_app.command("rename", help=...)
    @store_options
    def gang_rename(name: GangArg, new: NewNameArg, *, out: StoreOut) -> None: ...

The command receives the group's values as one object (``out``), or, where it reads
them from its ``typer.Context``, not at all (``with_options(...)``).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.cli.options import (
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    QuietOption,
    resolve_lang,
)

__all__ = [
    "TERMINAL_GROUP",
    "StoreOut",
    "TerminalOut",
    "option",
    "store_options",
    "terminal_options",
    "with_options",
]

Command = Callable[..., None]


def option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """One option of a group: its parameter ``name``, ``Annotated`` type and default."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _append(
    command: Command,
    group: Sequence[inspect.Parameter],
    pack: Callable[..., Any] | None,
    into: str = "out",
) -> Command:
    """``command`` taking ``group``; with ``pack``, its parameter ``into`` receives
    ``pack(**values)`` and the group's options stand where ``into`` stands, else the values
    are not passed on and the options follow the command's own."""
    signature = inspect.signature(command, eval_str=True)
    own = list(signature.parameters.values())
    names = [p.name for p in group]
    at = next((i for i, p in enumerate(own) if pack is not None and p.name == into), len(own))
    kind = own[at].kind if at < len(own) else inspect.Parameter.KEYWORD_ONLY
    parameters = [*own[:at], *(p.replace(kind=kind) for p in group), *own[at + 1 :]]

    @functools.wraps(command)
    def with_group(*args: Any, **kwargs: Any) -> None:
        values = {name: kwargs.pop(name) for name in names}
        if pack is not None:
            kwargs[into] = pack(**values)
        command(*args, **kwargs)

    with_group.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    with_group.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": None}
    return with_group


def with_options(*group: inspect.Parameter) -> Callable[[Command], Command]:
    """A decorator: the command also takes ``group``, read from its context, not passed."""
    return lambda command: _append(command, group, None)


def packed_options(
    group: Sequence[inspect.Parameter], pack: Callable[..., Any], into: str
) -> Callable[[Command], Command]:
    """A decorator: the command takes ``group`` where its parameter ``into`` stands, which
    receives ``pack(**values)``."""
    return lambda command: _append(command, group, pack, into)


class _InLanguage:
    """What a group's values tell of the language: ``--lang``, else the environment."""

    lang: Lang | None

    def language(self) -> Lang:
        """The language asked for, else ``TOTENBLATT_LANG``, else the locale, else English."""
        return resolve_lang(self.lang)


_SAID = (option("json", JsonOption, False), option("lang", LangOption, None))
"""``--json`` and ``--lang``: how and in which language a command says what it did."""


@dataclass(frozen=True)
class StoreOut(_InLanguage):
    """``--db``, ``--json`` and ``--lang`` of a command on the database."""

    db: str | None
    json: bool
    lang: Lang | None


_STORE_GROUP = (option("db", DbOption, None), *_SAID)


def store_options(command: Command) -> Command:
    """A decorator: the command also takes ``--db``, ``--json`` and ``--lang``, as ``out``."""
    return _append(command, _STORE_GROUP, StoreOut)


@dataclass(frozen=True)
class TerminalOut(_InLanguage):
    """``--quiet``, ``--json`` and ``--lang`` of a command that plays many games."""

    quiet: bool
    json: bool
    lang: Lang | None


TERMINAL_GROUP = (option("quiet", QuietOption, False), *_SAID)
"""What the terminal shows of a command that plays many games: no progress bar, one JSON
object, the language."""


def terminal_options(command: Command) -> Command:
    """A decorator: the command also takes ``--quiet``, ``--json`` and ``--lang``, as
    ``shown``."""
    return _append(command, TERMINAL_GROUP, TerminalOut, into="shown")
