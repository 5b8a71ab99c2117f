"""Closed vocabularies of Wanted: Dead or Alive: cover levels, hero types, abilities.

Weapons are data (each ruleset lists its own); these words are fixed by the rules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from totenblatt.messages import Message, MessageError

__all__ = ["Ability", "CoverLevel", "HeroType", "UnknownWordError", "parse_word"]

E = TypeVar("E", bound=StrEnum)


class CoverLevel(StrEnum):
    """Cover of a target (Deckung), weakest first (A9)."""

    NONE = "none"
    """keine — open ground."""
    LIGHT = "light"
    """leicht — wooden fence, small object, table."""
    MEDIUM = "medium"
    """mittel — small stone wall, wooden wall, counter, large object."""
    HARD = "hard"
    """hart — large stone wall, trench, rocks, inside a building."""
    HIDDEN = "hidden"
    """versteckt — hidden in hard cover: cannot be hit."""

    @property
    def german(self) -> str:
        """German word."""
        return _COVER_GERMAN[self]


_COVER_GERMAN = {
    CoverLevel.NONE: "keine",
    CoverLevel.LIGHT: "leicht",
    CoverLevel.MEDIUM: "mittel",
    CoverLevel.HARD: "hart",
    CoverLevel.HIDDEN: "versteckt",
}


class HeroType(StrEnum):
    """Kinds of character (B2)."""

    COWBOY = "cowboy"
    """Standardcowboy — 6 HP, 5 cards."""
    GUNSLINGER = "gunslinger"
    """Revolverheld — 10 HP, +2 cards, may not swap."""
    VETERAN = "veteran"
    """Haudegen — 8 HP, +5 cards, swaps 5 cards."""

    @property
    def german(self) -> str:
        """German word."""
        return _HERO_GERMAN[self]


_HERO_GERMAN = {
    HeroType.COWBOY: "Standardcowboy",
    HeroType.GUNSLINGER: "Revolverheld",
    HeroType.VETERAN: "Haudegen",
}


class Ability(StrEnum):
    """The fourteen abilities of the extended rules (B1), by snake-case name."""

    QUICK_FINGERS_1 = "quick_fingers_1"
    """Schnellfinger 1 — +1 on all diamonds."""
    LIGHT_FOOTED_1 = "light_footed_1"
    """Leichtfüßig 1 — +1 on all clubs."""
    LIGHT_FOOTED_2 = "light_footed_2"
    """Leichtfüßig 2 — +2 on all clubs."""
    COVER_1 = "cover_1"
    """Deckung 1 — once per fight +1 on one heart."""
    COVER_2 = "cover_2"
    """Deckung 2 — once per fight +2 on one heart."""
    COVER_3 = "cover_3"
    """Deckung 3 — once per fight +3 on one heart."""
    TEMPT_FATE = "tempt_fate"
    """Spiel mit dem Schicksal — once per fight exchange a hand card: draw 2, keep 1."""
    NINE_LIVES = "nine_lives"
    """Neun Leben — when killed, draw against the killer to stay in (with 0 HP)."""
    PICTURE_BOOK_10 = "picture_book_10"
    """Bilderbuch-10 — every 10 may count as a picture card."""
    QUICK_FINGERS_2 = "quick_fingers_2"
    """Schnellfinger 2 — +2 on all diamonds."""
    QUEEN_OF_HEARTS = "queen_of_hearts"
    """Königin der Herzen — add one more hand card's value to every heart."""
    SHARPSHOOTER = "sharpshooter"
    """Scharfschütze — longer range bands."""
    PAY_THE_PIPER = "pay_the_piper"
    """Bezahl den Pfeifer — HP maximum +1."""
    WILD_2 = "wild_2"
    """Wilde 2 — every 2 may be played as a joker."""

    @property
    def german(self) -> str:
        """German name from the seed."""
        return _ABILITY_GERMAN[self]

    @property
    def english(self) -> str:
        """English name as in rules.md B1."""
        return _ABILITY_ENGLISH[self]


_ABILITY_ENGLISH = {
    Ability.QUICK_FINGERS_1: "Quick Fingers 1",
    Ability.LIGHT_FOOTED_1: "Light-Footed 1",
    Ability.LIGHT_FOOTED_2: "Light-Footed 2",
    Ability.COVER_1: "Cover 1",
    Ability.COVER_2: "Cover 2",
    Ability.COVER_3: "Cover 3",
    Ability.TEMPT_FATE: "Tempt Fate",
    Ability.NINE_LIVES: "Nine Lives",
    Ability.PICTURE_BOOK_10: "Picture-Book 10",
    Ability.QUICK_FINGERS_2: "Quick Fingers 2",
    Ability.QUEEN_OF_HEARTS: "Queen of Hearts",
    Ability.SHARPSHOOTER: "Sharpshooter",
    Ability.PAY_THE_PIPER: "Pay the Piper",
    Ability.WILD_2: "Wild 2",
}

_ABILITY_GERMAN = {
    Ability.QUICK_FINGERS_1: "Schnellfinger 1",
    Ability.LIGHT_FOOTED_1: "Leichtfüßig 1",
    Ability.LIGHT_FOOTED_2: "Leichtfüßig 2",
    Ability.COVER_1: "Deckung 1",
    Ability.COVER_2: "Deckung 2",
    Ability.COVER_3: "Deckung 3",
    Ability.TEMPT_FATE: "Spiel mit dem Schicksal",
    Ability.NINE_LIVES: "Neun Leben",
    Ability.PICTURE_BOOK_10: "Bilderbuch-10",
    Ability.QUICK_FINGERS_2: "Schnellfinger 2",
    Ability.QUEEN_OF_HEARTS: "Königin der Herzen",
    Ability.SHARPSHOOTER: "Scharfschütze",
    Ability.PAY_THE_PIPER: "Bezahl den Pfeifer",
    Ability.WILD_2: "Wilde 2",
}


class UnknownWordError(MessageError):
    """A word that names no member of a closed vocabulary (``--cover thick``)."""


def _unknown(enum: type[StrEnum], text: str, allowed: str) -> Message:
    params = {"text": repr(text), "allowed": allowed}
    if enum is CoverLevel:
        return Message("unknown cover {text}: expected one of {allowed}", **params)
    if enum is Ability:
        return Message("unknown ability {text}: expected one of {allowed}", **params)
    if enum is HeroType:
        return Message("unknown hero type {text}: expected one of {allowed}", **params)
    return Message("unknown word {text}: expected one of {allowed}", **params)


def parse_word(enum: type[E], text: str, what: str) -> E:
    """Read a member of ``enum`` by value, English or German word (case-insensitive).

    >>> parse_word(CoverLevel, "Mittel", "cover")
    <CoverLevel.MEDIUM: 'medium'>
    """

    def norm(word: str) -> str:
        return word.strip().lower().replace("-", "_").replace(" ", "_")

    key = norm(text)
    for member in enum:
        names = {
            member.value,
            norm(str(getattr(member, "german", ""))),
            norm(str(getattr(member, "english", ""))),
        }
        if key in names:
            return member
    allowed = ", ".join(m.value for m in enum)
    raise UnknownWordError(
        f"unknown {what} {text!r}: expected one of {allowed}", message=_unknown(enum, text, allowed)
    )
