"""The RPG ruleset: pile, wound bands and points, jokers, level names — loaded from TOML.

>>> rs = RpgRuleset.load("rpg")
>>> rs.pile_size, rs.pile_values[-1], rs.wound_band(12), rs.difficulty_name(3, "de")
(13, 13, <WoundBand.NORMAL: 'normal'>, 'heftig')
>>> rs.card_value("Bube"), rs.card_value("K♠"), rs.card_value("7")
(11, 13, 7)
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import pydantic

from totenblatt.cards import CardParseError, Rank, to_card
from totenblatt.datafiles import DataFileError, DataFiles, Line, Name, Paragraph, StrictModel
from totenblatt.messages import Message, MessageError

__all__ = [
    "Outcome",
    "RpgRuleset",
    "RpgRulesetError",
    "WoundBand",
    "builtin_rpg_rulesets",
    "load_ruleset",
]

_PACKAGE = "totenblatt.rpg"
_FOLDER = "rulesets"


class RpgRulesetError(DataFileError):
    """An RPG ruleset file that cannot be used: unknown name, bad TOML, unknown key, wrong type."""


class Outcome(StrEnum):
    """How a test (Probe) ended, seen from the player."""

    SUCCESS = "success"
    """Gelungen: the player wins."""
    FAILURE = "failure"
    """Gescheitert: the difficulty or opponent wins."""
    NOTHING = "nothing"
    """Player against player, equal sums and equal levels: nothing happens (C3)."""


class WoundBand(StrEnum):
    """Wound bands by margin (D-31): Leichte, Normale, Fette Wunde."""

    LIGHT = "light"
    """Leichte Wunde."""
    NORMAL = "normal"
    """Normale Wunde."""
    FAT = "fat"
    """Fette Wunde: takes out an average opponent (Fallobst)."""

    @classmethod
    def parse(cls, text: str) -> WoundBand:
        """A band from its English or German name (``light``, ``leicht``, ``fett`` …)."""
        key = text.strip().lower() if isinstance(text, str) else text
        band = _BAND_WORDS.get(key) if isinstance(key, str) else None
        if band is None:
            raise MessageError(
                Message(
                    "unknown wound band {value}: expected light, normal or fat "
                    "(leicht, normal, fett)",
                    value=repr(text)[:40],
                )
            )
        return band


_BAND_WORDS = {
    "light": WoundBand.LIGHT,
    "leicht": WoundBand.LIGHT,
    "leichte": WoundBand.LIGHT,
    "normal": WoundBand.NORMAL,
    "normale": WoundBand.NORMAL,
    "fat": WoundBand.FAT,
    "fett": WoundBand.FAT,
    "fette": WoundBand.FAT,
}

_RANK_LABELS = tuple(r.label for r in Rank)

MAX_PILE = 52
"""The most cards a pile may hold (a whole deck)."""
Points = Annotated[int, pydantic.Field(ge=0, le=99)]
"""Wound points, a capacity or a count of jokers: 0 to 99."""


class Pile(StrictModel):
    """C1: the cards of one side's pile (pile size = their number) and the value of each card."""

    cards: tuple[str, ...] = pydantic.Field(max_length=MAX_PILE)
    values: dict[str, Annotated[int, pydantic.Field(le=99)]]

    @pydantic.model_validator(mode="after")
    def _cards(self) -> Pile:
        unknown = sorted(set(self.values) - set(_RANK_LABELS))
        if unknown:
            raise MessageError(
                Message(
                    "unknown card labels {labels} in values: expected A, 2-10, J, Q, K",
                    labels=str(unknown),
                )
            )
        if not self.cards:
            raise MessageError(Message("the pile needs at least one card"))
        missing = sorted(set(self.cards) - set(self.values))
        if missing:
            raise MessageError(
                Message(
                    "cards {cards} have no value (values has {values})",
                    cards=str(missing),
                    values=str(sorted(self.values)),
                )
            )
        bad = {k: v for k, v in self.values.items() if v < 1}
        if bad:
            raise MessageError(Message("card values must be >= 1, got {values}", values=str(bad)))
        return self


class Wounds(StrictModel):
    """D-31 wound bands by margin, D-32 wound points and capacities."""

    normal_from: int = pydantic.Field(10, ge=5, le=12)
    fat_from: int = pydantic.Field(20, ge=13, le=23)
    light_points: Points = 1
    normal_points: Points = 3
    fat_points: Points = 6
    ordinary_capacity: int = pydantic.Field(6, ge=1, le=99)
    player_capacity: int = pydantic.Field(6, ge=1, le=99)
    per_constitution: Points = 3
    constitution_skill: Name = "Konstitution"


class Jokers(StrictModel):
    """C6: jokers at the start of every story."""

    per_story: Points = 1


class Difficulty(StrictModel):
    """C2: level names in German and English, index = level; D-30 the name beyond them."""

    de: tuple[Line, ...] = pydantic.Field(max_length=30)
    en: tuple[Line, ...] = pydantic.Field(max_length=30)
    beyond_de: Line
    beyond_en: Line

    @pydantic.model_validator(mode="after")
    def _same_length(self) -> Difficulty:
        if len(self.de) != len(self.en) or not self.de:
            raise MessageError(
                Message(
                    "de and en must name the same levels (got {de} and {en})",
                    de=len(self.de),
                    en=len(self.en),
                )
            )
        return self


class Narration(StrictModel):
    """C3 margins as words: thin ("gerade mal so eben"), huge ("die Wand hoch gerannt")."""

    thin_max: int = pydantic.Field(2, ge=2, le=17)
    huge_from: int = pydantic.Field(15, le=18)

    @pydantic.model_validator(mode="after")
    def _ordered(self) -> Narration:
        if self.thin_max >= self.huge_from:
            raise MessageError(
                Message(
                    "thin_max {thin} must be below huge_from {huge}",
                    thin=self.thin_max,
                    huge=self.huge_from,
                )
            )
        return self


class RpgRuleset(StrictModel):
    """A complete, validated RPG ruleset (frozen). Load with :meth:`load`."""

    name: Name
    description: Paragraph = ""
    pile: Pile
    wounds: Wounds
    jokers: Jokers
    difficulty: Difficulty
    narration: Narration

    @staticmethod
    def load(name_or_path: str | Path | RpgRuleset = "rpg") -> RpgRuleset:
        """A built-in ruleset by name (``rpg``) or a TOML file (``extends = "rpg"`` allowed).

        Raises :class:`RpgRulesetError` naming the file and key for anything wrong.
        """
        if isinstance(name_or_path, RpgRuleset):
            return name_or_path
        return _FILES.load(name_or_path)

    @property
    def pile_values(self) -> tuple[int, ...]:
        """The values of one pile's cards, ascending (13 cards: 1 … 13)."""
        return tuple(sorted(self.pile.values[card] for card in self.pile.cards))

    @property
    def pile_size(self) -> int:
        """Number of cards in one pile (13)."""
        return len(self.pile.cards)

    def card_value(self, card: str | int) -> int:
        """The value of a card given as a value (``7``), a rank (``J``, ``Bube``) or card (``K♠``).

        Raises ``ValueError`` for anything that is not a card of the pile.
        """
        values = set(self.pile_values)
        if isinstance(card, int) and not isinstance(card, bool):
            if card not in values:
                raise MessageError(
                    Message(
                        "card value {value} is not in the pile: expected one of {allowed}",
                        value=repr(card),
                        allowed=", ".join(map(str, sorted(values))),
                    )
                )
            return card
        if not isinstance(card, str):
            raise MessageError(
                Message("expected a card value or name, got {value}", value=repr(card)[:40])
            )
        text = card.strip()
        if text.lstrip("-").isdigit():
            return self.card_value(int(text))
        label = _RANK_NAMES.get(text.lower())
        if label is None:
            try:
                rank = to_card(text).rank
            except CardParseError:
                rank = None
            label = rank.label if rank is not None else None
        if label is None or label not in self.pile.cards:
            names = ", ".join(dict.fromkeys(self.pile.cards))
            raise MessageError(
                Message(
                    "cannot read {value} as a card of the pile: expected {names}",
                    value=repr(card)[:40],
                    names=names,
                )
            )
        return self.pile.values[label]

    def wound_band(self, margin: int) -> WoundBand:
        """The wound band for a margin (D-31): 0-9 light, 10-19 normal, 20+ fat."""
        if margin < 0:
            raise MessageError(Message("a margin is >= 0, got {value}", value=repr(margin)))
        if margin >= self.wounds.fat_from:
            return WoundBand.FAT
        if margin >= self.wounds.normal_from:
            return WoundBand.NORMAL
        return WoundBand.LIGHT

    def wound_points(self, band: WoundBand | str) -> int:
        """Wound points of a band (D-32): light 1, normal 3, fat 6."""
        band = band if isinstance(band, WoundBand) else WoundBand.parse(band)
        return {
            WoundBand.LIGHT: self.wounds.light_points,
            WoundBand.NORMAL: self.wounds.normal_points,
            WoundBand.FAT: self.wounds.fat_points,
        }[band]

    def difficulty_name(self, level: int, lang: str = "de") -> str:
        """The seed's name of a level (C2): 3 is "heftig" / "tough"; above 6 "lass es einfach"."""
        if lang not in ("de", "en"):
            raise MessageError(
                Message(
                    "unknown language {value}: expected one of {allowed}",
                    value=repr(lang),
                    allowed="de, en",
                )
            )
        names = self.difficulty.de if lang == "de" else self.difficulty.en
        if 0 <= level < len(names):
            return names[level]
        if level < 0:
            raise MessageError(Message("a level is >= 0, got {value}", value=repr(level)))
        return self.difficulty.beyond_de if lang == "de" else self.difficulty.beyond_en


_RANK_NAMES: dict[str, str] = {}
for _rank in Rank:
    for _word in (_rank.label, _rank.german, _rank.english):
        _RANK_NAMES[_word.lower()] = _rank.label
_RANK_NAMES |= {"ass": "A", "koenig": "K", "t": "10"}


_FILES = DataFiles(
    RpgRuleset, package=_PACKAGE, folder=_FOLDER, error=RpgRulesetError, kind="ruleset"
)


def builtin_rpg_rulesets() -> tuple[str, ...]:
    """Names of the built-in rulesets."""
    return _FILES.names()


def load_ruleset(name_or_path: str | Path | RpgRuleset = "rpg") -> RpgRuleset:
    """The RPG ruleset by built-in name or path (same as :meth:`RpgRuleset.load`).

    >>> load_ruleset().wounds.fat_from
    20
    """
    return RpgRuleset.load(name_or_path)
