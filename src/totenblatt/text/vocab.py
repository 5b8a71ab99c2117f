"""The words of the closed vocabularies as a person reads them: cover, abilities, kinds, tiers.

>>> cover_name("medium", "de"), ability_name(Ability.LIGHT_FOOTED_2, "de")
('mittlere Deckung', 'Leichtfüßig 2')
>>> kind_name(HeroType.VETERAN, "en"), band_label((2.0, 6.0), 1)
('veteran', '>2–6"')
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from totenblatt.cards import Card, Tier
from totenblatt.text.catalog import N_, words
from totenblatt.text.terms import (
    ABILITY_CODES,
    ABILITY_EFFECTS,
    ABILITY_NAMES,
    COVER_NAMES,
    COVER_WORDS,
    KIND_NAMES,
    TERRAIN_KINDS,
    TIERS,
    enum_msgid,
)

if TYPE_CHECKING:  # only types here: rulesets need pydantic, scenarios the table geometry
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario
    from totenblatt.wanted.table.terrain import Terrain
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

__all__ = [
    "ABILITY_NAMES",
    "BUILT_IN_RULESETS",
    "COVER_NAMES",
    "KIND_NAMES",
    "ability_code",
    "ability_effect",
    "ability_name",
    "band_label",
    "card_text",
    "cover_name",
    "cover_word",
    "enum_name",
    "kind_name",
    "ruleset_description",
    "ruleset_name",
    "scenario_description",
    "scenario_title",
    "terrain_kind_name",
    "terrain_name",
    "tier_name",
    "weapon_name",
]


def enum_name(value: Enum, lang: str) -> str:
    """An ability, cover level or hero kind by its name in ``lang``; other enums by value."""
    msgid = enum_msgid(value)
    return str(value.value) if msgid is None else words(lang).gettext(msgid)


def cover_name(level: CoverLevel | str, lang: str) -> str:
    """``medium cover`` / ``mittlere Deckung``."""
    return words(lang).gettext(COVER_NAMES[CoverLevel(level)])


def cover_word(level: CoverLevel | str, lang: str) -> str:
    """The bare level, as in a table heading: ``medium`` / ``mittel``."""
    return words(lang).gettext(COVER_WORDS[CoverLevel(level)])


def ability_name(ability: Ability | str, lang: str) -> str:
    """``Light-Footed 2`` / ``Leichtfüßig 2``."""
    return words(lang).gettext(ABILITY_NAMES[Ability(ability)])


def ability_code(ability: Ability | str, lang: str) -> str:
    """The short mark of an ability in a narrow panel: ``LF2``, ``QF1`` (``SF1``)."""
    try:
        return words(lang).gettext(ABILITY_CODES[Ability(ability)])
    except ValueError:
        return str(ability)


def ability_effect(ability: Ability, rules: Ruleset, lang: str) -> str:
    """What ``ability`` does (Sharpshooter with the ruleset's bands)."""
    bands = rules.attack.sharpshooter_bands
    labels = ", ".join(band_label(bands, i) for i in range(len(bands)))
    return words(lang).phrase(ABILITY_EFFECTS[ability], bands=labels)


def kind_name(kind: HeroType | str, lang: str) -> str:
    """``veteran`` / ``Haudegen``."""
    return words(lang).gettext(KIND_NAMES[HeroType(kind)])


def tier_name(tier: int, lang: str) -> str:
    """The name of a damage tier (A10): ``picture card`` / ``Bildkarte``."""
    return words(lang).gettext(TIERS[Tier(tier)])


def band_label(bands: tuple[float, ...], index: int) -> str:
    """``0–2"``, ``>2–6"`` … for a range band."""
    low = 0.0 if index == 0 else bands[index - 1]
    prefix = "" if index == 0 else ">"
    return f'{prefix}{low:g}–{bands[index]:g}"'


def scenario_title(scenario: Scenario, lang: str) -> str:
    """A scenario's title in ``lang`` (scenario files carry an English and a German title)."""
    return scenario.title_de if str(lang) == "de" and scenario.title_de else scenario.title


def terrain_kind_name(kind: str, lang: str) -> str:
    """``stone wall`` / ``Steinmauer`` for a terrain kind (its value; unknown: as given)."""
    msgid = TERRAIN_KINDS.get(str(kind))
    return str(kind) if msgid is None else words(lang).gettext(msgid)


def terrain_name(piece: Terrain, lang: str) -> str:
    """A terrain piece's name in ``lang`` (scenario files may give a German ``name_de``)."""
    return piece.name_de if str(lang) == "de" and piece.name_de else piece.name


def scenario_description(scenario: Scenario, lang: str) -> str:
    """A scenario's description in ``lang`` (from the scenario file)."""
    if str(lang) == "de" and scenario.description_de:
        return scenario.description_de
    return scenario.description


RULESET_DESCRIPTIONS = (
    N_("Wanted: Dead or Alive, base rules (Basisregeln) with the documented defaults"),
    N_("Base rules plus abilities, hero types and campaigns (For A Few Cents More)"),
)
"""The descriptions of the built-in rulesets (``description`` in their files), translated."""


BUILT_IN_RULESETS = (N_("base"), N_("extended"))
"""The built-in rulesets' names (``name`` in their files), translated."""


def ruleset_name(name: str, lang: str) -> str:
    """A ruleset's name in ``lang``: a built-in one's from the catalogs (``base`` is
    "Grundregeln" in German), a ruleset of one's own as its file names it."""
    return words(lang).gettext(name) if name in BUILT_IN_RULESETS else name


def ruleset_description(rules: Ruleset, lang: str) -> str:
    """A ruleset's description in ``lang``: a built-in one's from the catalogs, the
    description of a ruleset of one's own as its file words it."""
    if rules.description in RULESET_DESCRIPTIONS:
        return words(lang).gettext(rules.description)
    return rules.description


def weapon_name(rules: Ruleset, key: str, lang: str) -> str:
    """A weapon's name in ``lang`` (weapons are ruleset data with their own names)."""
    try:
        return rules.weapon(key).name(lang)
    except ValueError:
        return key


def card_text(card: Card, lang: str) -> str:
    """``Q♠ (Pik-Dame)`` / ``Q♠ (queen of spades)``; a joker is ``Joker``."""
    return "Joker" if card.is_joker else f"{card} ({card.name(lang)})"
