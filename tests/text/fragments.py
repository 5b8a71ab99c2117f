"""What English on a German screen looks like: the catalogs' English pieces, and function words."""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "src" / "totenblatt" / "text" / "locale"

ENGLISH_WORDS = re.compile(r"\b(the|and|with|cannot|your|you|is|not|to|of|by|who|which)\b")
"""Small English words that no German sentence of the catalogs uses."""


@cache
def english_fragments() -> tuple[str, ...]:
    """The literal pieces (two words or more) of every English message whose German differs.

    A German screen that shows one of them shows an untranslated sentence.
    """
    with (LOCALE / "de" / "LC_MESSAGES" / "totenblatt.po").open("rb") as handle:
        catalog = read_po(handle)
    german: list[str] = []
    english: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        targets = [message.string] if isinstance(message.string, str) else list(message.string)
        german += targets
        if sources != targets:
            english += sources
    pieces = set()
    for text in english:
        for literal, *_ in string.Formatter().parse(text):
            for line in literal.splitlines():
                piece = line.strip(" .,:;—–-()[]?!'\"")
                words = re.findall(r"[A-Za-z]{2,}", piece)
                if len(words) >= 2 and not any(piece in g for g in german):
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


def english_on(screen: str) -> list[str]:
    """The English pieces and small English words found on ``screen``."""
    found = [piece for piece in english_fragments() if piece in screen]
    found += sorted({m.group(0) for m in ENGLISH_WORDS.finditer(screen)})
    return found
