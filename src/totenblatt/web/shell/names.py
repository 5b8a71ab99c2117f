"""Text people give the table: a game's and players' names, chat lines; checked, never trusted.

A name is 1 to 40 characters and a chat line 1 to 500 once the spaces around are cut,
in Unicode's composed form, without control characters, line or paragraph separators
or the bidirectional overrides that make text read in another order than it is stored
(an emoji's zero-width joiner is fine). The page shows them as text, never as markup;
the server escapes them wherever it writes HTML or Markdown.

>>> clean_text(" Anna ", "name", 40)
'Anna'
>>> clean_text("a\\x07b", "name", 40)
Traceback (most recent call last):
...
totenblatt.web.shell.errors.InvalidError: name: no control characters, got U+0007 at 2
"""

from __future__ import annotations

import unicodedata
from typing import Any

from totenblatt.web.shell.errors import InvalidError

__all__ = ["MAX_CHAT", "MAX_NAME", "clean_text", "markdown_text"]

MAX_NAME = 40
"""The longest name of a game or a player (characters)."""
MAX_CHAT = 500
"""The longest chat line (characters)."""
_BIDI = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A)) | {0x200E, 0x200F}
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(value: Any, what: str, longest: int) -> str:
    """``value`` as a checked text of 1 to ``longest`` characters; :class:`InvalidError` says
    what is wrong (``what`` names the field)."""
    if not isinstance(value, str):
        raise InvalidError(f"{what}: expected text of 1 to {longest} characters")
    text = unicodedata.normalize("NFC", value).strip()
    if not text:
        raise InvalidError(f"{what}: expected text of 1 to {longest} characters, got none")
    if len(text) > longest:
        raise InvalidError(f"{what}: at most {longest} characters, got {len(text)}")
    for place, char in enumerate(text, 1):
        code = ord(char)
        if unicodedata.category(char) in _REFUSED_CATEGORIES or code in _BIDI:
            raise InvalidError(f"{what}: no control characters, got U+{code:04X} at {place}")
    return text


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_{}[]<>#|~"})


def markdown_text(text: str) -> str:
    """``text`` with Markdown's (and HTML's) special characters escaped.

    >>> markdown_text("*Anna* <b>")
    '\\\\*Anna\\\\* \\\\<b\\\\>'
    """
    return text.translate(_MARKDOWN)
