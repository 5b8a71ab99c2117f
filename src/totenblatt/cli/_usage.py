"""Typer's own usage errors (a missing option, a bad value, no such command) as messages.

Typer words its parse errors in English. :func:`usage_message` reads such a text as a
:class:`~totenblatt.messages.Message` of the catalogs, so the text layer renders it in
the reader's language. Each pattern's message id *is* Typer's English with ``{name}``
placeholders, so English output is unchanged; a text no pattern knows stays as
Typer wrote it. A ``{reason}`` (the why of a bad value) is read again the same way.

>>> from totenblatt.text import render
>>> m = usage_message("Invalid value for '--games' / '-n': Input should be greater than "
...                   "or equal to 1")
>>> render(m, "de")
"Ungültiger Wert für '--games' / '-n': muss mindestens 1 sein"
>>> render(m, "en")
"Invalid value for '--games' / '-n': Input should be greater than or equal to 1"
>>> usage_message("something new")
'something new'
"""

from __future__ import annotations

import re
from functools import cache

from totenblatt.messages import Message
from totenblatt.text.catalog import N_

__all__ = ["PATTERNS", "usage_message"]

PATTERNS = (
    # the longer of two that start alike comes first
    N_("Invalid value for {hint}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Missing option {hint}. Choose from:{choices}"),
    N_("Missing option {hint}."),
    N_("Missing argument {hint}."),
    N_("Missing parameter {hint}."),
    N_("Missing command."),
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}."),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Option {name} does not take a value."),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {n} arguments."),
    N_("Argument {name} takes {n} values."),
    # why a value is bad (Typer checks values with pydantic)
    N_("Value error, {reason}"),
    N_("{value} is not one of {choices}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a finite number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be greater than or equal to {limit}"),
    N_("Input should be less than or equal to {limit}"),
    N_("Input should be greater than {limit}"),
    N_("Input should be less than {limit}"),
)
"""Typer's (and pydantic's) English, one message id each, most specific first."""

_NESTED = frozenset({"reason"})
"""Placeholders whose text is itself read as a usage error (a value's why)."""


@cache
def _regex(msgid: str) -> re.Pattern[str]:
    """``msgid`` as a pattern: its text literally, each ``{name}`` one group (a shortest match).

    >>> _regex("Missing option {hint}.").fullmatch("Missing option '--out'.")["hint"]
    "'--out'"
    """
    parts = re.split(r"\{(\w+)\}", msgid)
    body = "".join(
        f"(?P<{part}>.+?)" if odd else re.escape(part) for odd, part in _alternate(parts)
    )
    return re.compile(body, re.DOTALL)


def _alternate(parts: list[str]) -> list[tuple[bool, str]]:
    return [(index % 2 == 1, part) for index, part in enumerate(parts)]


def usage_message(text: str) -> Message | str:
    """Typer's English ``text`` as a message of the catalogs, or ``text`` when unknown."""
    for msgid in PATTERNS:
        found = _regex(msgid).fullmatch(text)
        if found is not None:
            params = {
                name: usage_message(value) if name in _NESTED else value
                for name, value in found.groupdict().items()
            }
            return Message(msgid, **params)
    return text
