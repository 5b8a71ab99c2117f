"""Names and other text people give: one normal form, nothing that can fool a terminal.

A name (gang, member, character, skill, figure, ruleset label) is NFC-normalised
(so "José" typed precomposed or decomposed is one name), stripped, and refused
when it holds a control or format character: escape sequences (ESC, CSI, OSC),
DEL, newlines and tabs, line and paragraph separators, and the invisible marks
that reorder or hide text (right-to-left overrides and isolates, zero-width
characters). Such text could clear or recolour the terminal of whoever lists it,
break a one-line message or make one name look like another.

Where user text is printed, :func:`markdown_cell` escapes it for a Markdown table
and :func:`listing` caps a list of candidates in an error message.

>>> clean_name("  Jose\\u0301  ", what="gang name") == "José"
True
>>> clean_name("\\x1b[2JX", what="gang name")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
totenblatt.names.NameTextError: gang name '\\x1b[2JX' holds the control character U+001B: ...
>>> listing(["a", "b", "c"], limit=2)
'a, b and 1 more'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import NoReturn

from totenblatt.messages import Message, MessageError

__all__ = [
    "NAME_MAX",
    "NameTextError",
    "bad_character",
    "clean_name",
    "clean_text",
    "listing",
    "markdown_cell",
    "name_key",
    "printable",
    "same_name",
]

NAME_MAX = 80
"""The longest name (characters, after normalising)."""

_LINE_BREAKS = "\n"


class NameTextError(MessageError):
    """A name or text that is empty, too long, or holds a control or format character."""


_WHAT: dict[str, Message] = {
    "name": Message("name"),
    "the name": Message("the name"),
    "gang name": Message("gang name"),
    "member name": Message("member name"),
    "character name": Message("character name"),
    "skill name": Message("skill name"),
    "text": Message("text"),
    "the text": Message("the text"),
    "reason": Message("reason"),
    "notes": Message("notes"),
}
"""What a checked text is, in words for people (other ``what`` are shown as given)."""


def _refuse(error: type[ValueError], text: str, message: Message) -> NoReturn:
    """Raise ``error(text)``, carrying ``message`` when the error class can."""
    if issubclass(error, MessageError):
        raise error(text, message=message)
    raise error(text)


def bad_character(text: str, *, allow: str = "") -> str | None:
    """The first character of ``text`` that may not be shown as given, or None.

    Control (Cc), format (Cf: bidi overrides, zero-width marks), surrogate (Cs),
    private-use (Co) and unassigned (Cn) characters, and the line and paragraph
    separators (Zl, Zp); characters in ``allow`` (e.g. a newline) are let through.

    >>> bad_character("Billy"), bad_character("a\\u202eb"), bad_character("a\\nb", allow="\\n")
    (None, '\\u202e', None)
    """
    for char in text:
        if char in allow:
            continue
        category = unicodedata.category(char)
        if category[0] == "C" or category in ("Zl", "Zp"):
            return char
    return None


def _describe(char: str) -> tuple[str, Message]:
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}" + (f" ({name})" if name else "")
    if unicodedata.category(char) == "Cc":
        return f"the control character {code}", Message("the control character {code}", code=code)
    return f"the format character {code}", Message("the format character {code}", code=code)


def _cut(text: str, limit: int = 40) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def clean_name(
    text: object,
    *,
    what: str = "name",
    limit: int = NAME_MAX,
    error: type[ValueError] = NameTextError,
) -> str:
    """``text`` NFC-normalised and stripped; ``error`` when empty, too long or not printable.

    Inner spaces are kept (comparisons collapse them, see :func:`name_key`).
    """
    said = _WHAT.get(what, what)
    if not isinstance(text, str):
        _not_text(error, what, text)
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        _refuse(
            error,
            f"{what} is empty: expected at least one letter",
            Message("{what} is empty: expected at least one letter", what=said),
        )
    char = bad_character(name)
    if char is not None:
        english, holds = _describe(char)
        _refuse(
            error,
            f"{what} {_cut(name)} holds {english}: names may hold letters, digits, "
            "spaces and punctuation only",
            Message(
                "{what} {name} holds {char}: names may hold letters, digits, spaces and "
                "punctuation only",
                what=said,
                name=_cut(name),
                char=holds,
            ),
        )
    if len(name) > limit:
        _too_long(error, what, _cut(name), len(name), limit)
    return name


def _not_text(error: type[ValueError], what: str, value: object) -> NoReturn:
    shown = _cut(repr(value))
    _refuse(
        error,
        f"{what} must be text, got {shown}",
        Message("{what} must be text, got {value}", what=_WHAT.get(what, what), value=shown),
    )


def _too_long(
    error: type[ValueError], what: str, shown: str | None, length: int, limit: int
) -> NoReturn:
    said = _WHAT.get(what, what)
    if shown is None:
        _refuse(
            error,
            f"{what} is {length} characters long; expected at most {limit}",
            Message(
                "{what} is {length} characters long; expected at most {limit}",
                what=said,
                length=length,
                limit=limit,
            ),
        )
    _refuse(
        error,
        f"{what} {shown} is {length} characters long; expected at most {limit}",
        Message(
            "{what} {name} is {length} characters long; expected at most {limit}",
            what=said,
            name=shown,
            length=length,
            limit=limit,
        ),
    )


def clean_text(
    text: object,
    *,
    what: str = "text",
    limit: int = 2000,
    multiline: bool = False,
    error: type[ValueError] = NameTextError,
) -> str:
    """Free text (a title, a description) NFC-normalised, checked like a name but may be empty.

    With ``multiline`` it may hold newlines (never other control characters).
    """
    if not isinstance(text, str):
        _not_text(error, what, text)
    value = unicodedata.normalize("NFC", text)
    char = bad_character(value, allow=_LINE_BREAKS if multiline else "")
    if char is not None:
        english, holds = _describe(char)
        _refuse(
            error,
            f"{what} {_cut(value)} holds {english}: expected printable text",
            Message(
                "{what} {name} holds {char}: expected printable text",
                what=_WHAT.get(what, what),
                name=_cut(value),
                char=holds,
            ),
        )
    if len(value) > limit:
        _too_long(error, what, None, len(value), limit)
    return value


def same_name(a: str, b: str) -> bool:
    """True when two names are one after normalising (NFC, spaces, case).

    >>> same_name("JOSE\\u0301  Carver", "josé carver")
    True
    """
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """The form names are compared in: NFC, stripped, case-folded, inner spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def printable(text: str, limit: int = 80) -> str:
    """``text`` with every control or format character written as an escape, cut to ``limit``.

    For names stored before they were checked, wherever they are printed.

    >>> print(printable("Abe\\x1b[2J"), printable("x" * 10, limit=5))
    Abe\\x1b[2J xxxx…
    """
    shown = "".join(
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
        if bad_character(c) is not None
        else c
        for c in text
    )
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def listing(
    items: Iterable[object], *, limit: int = 10, quote: bool = False, width: int = 40
) -> str:
    """Up to ``limit`` items (:func:`printable`, or ``repr`` with ``quote``), then how many more.

    For the candidates an error message offers.

    >>> listing([]), listing(["Abe"], quote=True), listing(range(30), limit=3)
    ('none', "'Abe'", '0, 1, 2 and 27 more')
    """
    shown: list[str] = []
    more = 0
    for item in items:
        if len(shown) < limit:
            text = str(item)
            shown.append(_cut(text, width) if quote else printable(text, width))
        else:
            more += 1
    if not shown:
        return "none"
    return ", ".join(shown) + (f" and {more} more" if more else "")


def markdown_cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell or line: markup characters escaped.

    >>> print(markdown_cell("Pipe | Gang *1*"))
    Pipe \\| Gang \\*1\\*
    """
    out = []
    for char in text:
        if char in "\\`*_[]<>|~&":
            out.append("\\" + char)
        elif char in "\r\n":
            out.append(" ")
        elif bad_character(char) is not None:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)
