"""How a data file is refused: :class:`DataFileError` and the one-line sentences that say why.

Every problem becomes the caller's error class, ``"<where>: <problem>"``, carrying the
problem as a :class:`~totenblatt.messages.Message` for people (:func:`refused`).
"""

from __future__ import annotations

from typing import Any

from totenblatt.messages import Message, MessageError, Reason

__all__ = ["DataFileError", "refused", "said", "short"]


class DataFileError(MessageError):
    """Base of the errors about data files (rulesets, scenarios)."""


def said(text: str) -> Any:
    """A label or reason as a message parameter: its message when it carries one."""
    return text.message if isinstance(text, Reason) else text


def refused(error: type[ValueError], where: str, problem: str, message: Message) -> ValueError:
    """``error("<where>: <problem>")``, carrying ``message`` (the problem) for people."""
    text = f"{where}: {problem}"
    if issubclass(error, MessageError):
        return error(
            text, message=Message("{where}: {problem}", where=said(where), problem=message)
        )
    return error(text)


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (``…`` marks a cut), for one-line messages.

    >>> short("abc"), short(list(range(100)), 12)
    ("'abc'", '[0, 1, 2, 3…')
    """
    try:
        text = repr(value)
    except ValueError:  # an int over the digit limit
        return "<a number too long to show>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
