"""The card-test RPG in words: a resolved test told line by line, wound and card names.

>>> from totenblatt.rpg.probe import resolve_probe
>>> for line in narrate_probe(resolve_probe(2, 3, player_cards=[8], opponent_cards=[5, 7]), "de"):
...     print(line)
Probe: Stufe 2 gegen Stufe 3 (heftig).
Du ziehst 8 – zusammen 8.
Der Spielleiter zieht 5 + 7 – zusammen 12.
Gescheitert: 8 gegen 12, 4 daneben.
Du nimmst Schaden: eine Leichte Wunde.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from totenblatt.messages import Message
from totenblatt.rpg.narrate import DifficultyOf, DrawnValue, WoundOf, probe_story
from totenblatt.rpg.narrate import margin_word as _margin
from totenblatt.rpg.probe import ProbeResult
from totenblatt.rpg.rules import RpgRuleset, WoundBand
from totenblatt.text.catalog import N_, words

__all__ = ["card_name", "margin_text", "narrate_probe", "wound_name"]

_WOUNDS = {
    WoundBand.LIGHT: N_("a light wound"),
    WoundBand.NORMAL: N_("a normal wound"),
    WoundBand.FAT: N_("a fat wound"),
}
_PICTURES = {"A": N_("ace"), "J": N_("jack"), "Q": N_("queen"), "K": N_("king")}


def wound_name(band: WoundBand, lang: str) -> str:
    """``eine Leichte Wunde`` / ``a light wound`` (the seed's names, C5)."""
    return words(lang).gettext(_WOUNDS[band])


def card_name(value: int, lang: str, ruleset: str | Path | RpgRuleset = "rpg") -> str:
    """A drawn value, with its picture or ace name when it has one: ``11 (Bube)``, ``7``.

    >>> card_name(11, "de"), card_name(1, "en"), card_name(7, "de")
    ('11 (Bube)', '1 (ace)', '7')
    """
    rules = RpgRuleset.load(ruleset)
    labels = list({c for c in rules.pile.cards if rules.pile.values[c] == value})
    if len(labels) != 1 or labels[0].isdigit():
        return str(value)
    return words(lang).phrase(
        "{value} ({name})", value=value, name=words(lang).gettext(_PICTURES[labels[0]])
    )


def margin_text(
    result: ProbeResult, lang: str, ruleset: str | Path | RpgRuleset = "rpg"
) -> str | None:
    """How well a success went (C3): ``gerade mal so eben``, ``als wärst du die Wand …``."""
    word = _margin(result, ruleset)
    return None if word is None else words(lang).render(word)


def _named(value: Any, lang: str, rules: RpgRuleset) -> Any:
    """The RPG's own values named: drawn cards, wound bands, difficulty levels."""
    if isinstance(value, DrawnValue):
        return card_name(value.value, lang, rules)
    if isinstance(value, WoundOf):
        return wound_name(value.band, lang)
    if isinstance(value, DifficultyOf):
        return rules.difficulty_name(value.level, lang)
    if isinstance(value, list):
        return " + ".join(str(_named(v, lang, rules)) for v in value)
    return value


def narrate_probe(
    result: ProbeResult,
    lang: str,
    ruleset: str | Path | RpgRuleset = "rpg",
    *,
    opponent: bool = False,
) -> list[str]:
    """The test line by line: levels with their names, the draws, jokers, outcome and wound
    (an opponent's only in a fight: ``opponent`` or player against player)."""
    rules = RpgRuleset.load(ruleset)
    w = words(lang)
    out = []
    for line in probe_story(result, rules, opponent=opponent):
        params = {k: _named(v, lang, rules) for k, v in line.params.items()}
        out.append(w.render(Message(line.id, **params)))
    return out
