"""The message ids of the closed vocabularies' words (a leaf: the catalogs translate them).

>>> enum_msgid(CoverLevel.MEDIUM), enum_msgid(Ability.WILD_2)
('medium cover', 'Wild 2')
"""

from __future__ import annotations

from enum import Enum

from totenblatt.cards import Tier
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

__all__ = [
    "ABILITY_CODES",
    "ABILITY_EFFECTS",
    "ABILITY_NAMES",
    "COVER_NAMES",
    "COVER_WORDS",
    "KIND_NAMES",
    "N_",
    "TIERS",
    "enum_msgid",
]


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark ``msgid`` for the catalogs without translating it now (gettext_noop)."""
    return msgid


COVER_NAMES: dict[CoverLevel, str] = {
    CoverLevel.NONE: N_("no cover"),
    CoverLevel.LIGHT: N_("light cover"),
    CoverLevel.MEDIUM: N_("medium cover"),
    CoverLevel.HARD: N_("hard cover"),
    CoverLevel.HIDDEN: N_("hidden"),
}
"""A cover level in a sentence (``from medium cover``)."""

COVER_WORDS: dict[CoverLevel, str] = {
    CoverLevel.NONE: N_("none"),
    CoverLevel.LIGHT: N_("light"),
    CoverLevel.MEDIUM: N_("medium"),
    CoverLevel.HARD: N_("hard"),
    CoverLevel.HIDDEN: N_("hidden in hard cover"),
}

TERRAIN_KINDS: dict[str, str] = {
    "building": N_("building"),
    "wall": N_("low wall"),
    "stone_wall": N_("stone wall"),
    "fence": N_("fence"),
    "rocks": N_("rocks"),
    "trench": N_("trench"),
    "table": N_("table"),
    "counter": N_("counter"),
    "trough": N_("trough"),
    "barrel": N_("barrels"),
    "wagon": N_("wagon"),
    "rough": N_("rough ground"),
    "river": N_("creek"),
    "water": N_("water"),
}
"""A terrain kind (``TerrainKind`` value) as people call it; keyed by text, so the text
layer needs no table geometry to name one."""

ABILITY_NAMES: dict[Ability, str] = {
    Ability.QUICK_FINGERS_1: N_("Quick Fingers 1"),
    Ability.LIGHT_FOOTED_1: N_("Light-Footed 1"),
    Ability.LIGHT_FOOTED_2: N_("Light-Footed 2"),
    Ability.COVER_1: N_("Cover 1"),
    Ability.COVER_2: N_("Cover 2"),
    Ability.COVER_3: N_("Cover 3"),
    Ability.TEMPT_FATE: N_("Tempt Fate"),
    Ability.NINE_LIVES: N_("Nine Lives"),
    Ability.PICTURE_BOOK_10: N_("Picture-Book 10"),
    Ability.QUICK_FINGERS_2: N_("Quick Fingers 2"),
    Ability.QUEEN_OF_HEARTS: N_("Queen of Hearts"),
    Ability.SHARPSHOOTER: N_("Sharpshooter"),
    Ability.PAY_THE_PIPER: N_("Pay the Piper"),
    Ability.WILD_2: N_("Wild 2"),
}
"""The names of rules.md B1 (the German catalog holds the seed's names)."""

ABILITY_CODES: dict[Ability, str] = {
    Ability.QUICK_FINGERS_1: N_("QF1"),
    Ability.QUICK_FINGERS_2: N_("QF2"),
    Ability.LIGHT_FOOTED_1: N_("LF1"),
    Ability.LIGHT_FOOTED_2: N_("LF2"),
    Ability.COVER_1: N_("C1"),
    Ability.COVER_2: N_("C2"),
    Ability.COVER_3: N_("C3"),
    Ability.TEMPT_FATE: N_("TF"),
    Ability.NINE_LIVES: N_("9L"),
    Ability.PICTURE_BOOK_10: N_("PB10"),
    Ability.QUEEN_OF_HEARTS: N_("QoH"),
    Ability.SHARPSHOOTER: N_("SS"),
    Ability.PAY_THE_PIPER: N_("PP"),
    Ability.WILD_2: N_("W2"),
}

ABILITY_EFFECTS: dict[Ability, str] = {
    Ability.QUICK_FINGERS_1: N_("+1 on all diamonds"),
    Ability.LIGHT_FOOTED_1: N_("+1 on all clubs"),
    Ability.LIGHT_FOOTED_2: N_("+2 on all clubs"),
    Ability.COVER_1: N_("once per fight +1 on one heart"),
    Ability.COVER_2: N_("once per fight +2 on one heart"),
    Ability.COVER_3: N_("once per fight +3 on one heart"),
    Ability.TEMPT_FATE: N_("once per fight exchange one hand card: draw 2, keep 1"),
    Ability.NINE_LIVES: N_(
        "when killed, it and its killer each draw 1 card; if its card is higher it stays "
        "in the game (with 0 HP)"
    ),
    Ability.PICTURE_BOOK_10: N_("every 10 may be treated as a picture card"),
    Ability.QUICK_FINGERS_2: N_("+2 on all diamonds"),
    Ability.QUEEN_OF_HEARTS: N_(
        "with every heart, may add one more hand card whose value also counts for defence "
        "(both discarded)"
    ),
    Ability.SHARPSHOOTER: N_("range bands become {bands}"),
    Ability.PAY_THE_PIPER: N_("HP maximum +1 (and HP +1)"),
    Ability.WILD_2: N_("every 2 may be treated as a joker"),
}
"""B1: what each ability does (the seed's wording)."""

KIND_NAMES: dict[HeroType, str] = {
    HeroType.COWBOY: N_("cowboy"),
    HeroType.GUNSLINGER: N_("gunslinger"),
    HeroType.VETERAN: N_("veteran"),
}
"""B2: the kinds of character (German: Standardcowboy, Revolverheld, Haudegen)."""

TIERS: dict[Tier, str] = {
    Tier.NO_CARD: N_("no card"),
    Tier.NUMBER: N_("number card"),
    Tier.PICTURE: N_("picture card"),
    Tier.ACE: N_("ace"),
}


def enum_msgid(value: Enum) -> str | None:
    """The message id of an ability, cover level or hero kind (None for other enums)."""
    if isinstance(value, Ability):
        return ABILITY_NAMES[value]
    if isinstance(value, CoverLevel):
        return COVER_NAMES[value]
    if isinstance(value, HeroType):
        return KIND_NAMES[value]
    return None
