"""Errors from the core in words a person reads, in their language.

Core errors are ``ValueError`` subclasses with an English ``str()`` for
programmers; those that a person can cause carry a
:class:`~totenblatt.messages.Message` (``.message``) that is translated here.
Nothing shown to a person is ever a ``repr`` of an action, a card or a dataclass.

>>> from totenblatt.cards import Card, CardParseError
>>> try:
...     Card.parse("Z9")
... except CardParseError as exc:
...     print(describe_error(exc, "de"))
'Z9' ist keine Karte: erwartet z. B. Q♠, QS, Pik-Dame oder Joker
"""

from __future__ import annotations

from totenblatt.messages import Message, message_of
from totenblatt.text.catalog import render

__all__ = ["describe_error", "error_line"]


def describe_error(exc: BaseException, lang: str) -> str:
    """A one-line message for a person: the error's translated message, else its text.

    ``OSError`` (a file that cannot be read or written) is worded here; any other
    error without a message falls back to its English ``str()``.
    """
    message = message_of(exc)
    if message is not None:
        return render(message, lang)
    if isinstance(exc, OSError):
        name = f" {exc.filename!r}" if exc.filename else ""
        return render(
            Message("cannot use the file{name}: {reason}", name=name, reason=exc.strerror or exc),
            lang,
        )
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


def error_line(exc: BaseException, lang: str) -> str:
    """``error: …`` / ``Fehler: …``: the line a command prints before it exits."""
    return render(Message("error: {message}", message=describe_error(exc, lang)), lang)
