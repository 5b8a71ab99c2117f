"""How a player at the table explains an attack, in English or German."""

from __future__ import annotations

from totenblatt.cards import Card, Tier
from totenblatt.cli.app import Lang, pick, plural
from totenblatt.wanted.combat import AttackResult
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import CoverLevel

__all__ = ["band_label", "explain_attack", "tier_name"]

_TIER = {
    Tier.NO_CARD: ("no card", "keine Karte"),
    Tier.NUMBER: ("number card", "Zahlenkarte"),
    Tier.PICTURE: ("picture card", "Bildkarte"),
    Tier.ACE: ("ace", "As"),
}


def tier_name(tier: int, lang: Lang) -> str:
    """The name of a damage tier (A10)."""
    en, de = _TIER[Tier(tier)]
    return pick(lang, en, de)


def band_label(bands: tuple[float, ...], index: int) -> str:
    """``0–2"``, ``>2–6"`` … for a range band."""
    low = 0.0 if index == 0 else bands[index - 1]
    prefix = "" if index == 0 else ">"
    return f'{prefix}{low:g}–{bands[index]:g}"'


def _card(card: Card, lang: Lang) -> str:
    return "Joker" if card.is_joker else f"{card} ({card.name(lang.value)})"


def _wounds(n: int, lang: Lang) -> str:
    if lang is Lang.DE:
        return "1 Wunde" if n == 1 else f"{n} Wunden"
    return "1 wound" if n == 1 else f"{n} wounds"


def explain_attack(
    result: AttackResult,
    *,
    attack: Card,
    defense: Card | None,
    extra_defense: Card | None,
    weapon: str,
    distance: float,
    cover: CoverLevel,
    sharpshooter: bool,
    ruleset: Ruleset,
    lang: Lang,
) -> list[str]:
    """Lines that walk through the attack the way the rules do (values, band, tiers, wounds)."""
    w = ruleset.weapon(weapon)
    bands = ruleset.attack.sharpshooter_bands if sharpshooter else ruleset.attack.bands
    lines: list[str] = []
    dist = f'{distance:g}"'
    if result.band is None:
        band_text = pick(lang, f'beyond {bands[-1]:g}"', f'über {bands[-1]:g}"')
    else:
        band_text = band_label(bands, result.band)
    if sharpshooter:
        band_text += pick(lang, ", sharpshooter bands", ", Scharfschützen-Reichweiten")
    if result.range_modifier is None:
        lines.append(
            pick(
                lang,
                f"{w.name(lang.value)} at {dist} ({band_text}): out of range — the attack misses "
                "automatically, the spade is spent.",
                f"{w.name(lang.value)} auf {dist} ({band_text}): verfehlt — außer Reichweite, "
                "die Pikkarte ist verbraucht.",
            )
        )
        return lines
    mod = f"{result.range_modifier:+d}"
    if result.attack_is_joker:
        lines.append(
            pick(
                lang,
                f"Attack: {_card(attack, lang)} played as a joker — {w.name(lang.value)} at {dist} "
                f"({band_text}) is in range.",
                f"Angriff: {_card(attack, lang)} als Joker — {w.name(lang.value)} auf {dist} "
                f"({band_text}) ist in Reichweite.",
            )
        )
    else:
        value = ruleset.card_value(attack)
        lines.append(
            pick(
                lang,
                f"Attack: {_card(attack, lang)} = {value}, {w.name(lang.value)} at {dist} "
                f"({band_text}) {mod} → attack value {result.attack_value}.",
                f"Angriff: {_card(attack, lang)} = {value}, {w.name(lang.value)} auf {dist} "
                f"({band_text}) {mod} → Angriffswert {result.attack_value}.",
            )
        )
    if cover is CoverLevel.NONE:
        cover_text = pick(lang, "no cover", "keine Deckung")
    else:
        cover_text = pick(lang, f"{cover.value} cover", f"Deckung {cover.german}")
    if cover is CoverLevel.HIDDEN:
        lines.append(
            pick(
                lang,
                "The target is hidden in hard cover: it cannot be hit.",
                "Das Ziel ist versteckt in harter Deckung: unmöglich zu treffen.",
            )
        )
        return lines
    if defense is None:
        lines.append(
            pick(
                lang,
                f"Defence: no heart; {cover_text} {result.cover_modifier:+d} "
                f"→ defence value {result.defense_value}.",
                f"Verteidigung: keine Herzkarte; {cover_text} {result.cover_modifier:+d} "
                f"→ Verteidigungswert {result.defense_value}.",
            )
        )
    elif result.defense_is_joker:
        lines.append(
            pick(
                lang,
                f"Defence: {_card(defense, lang)} played as a joker — it blocks any attack.",
                f"Verteidigung: {_card(defense, lang)} als Joker — wehrt jeden Angriff ab.",
            )
        )
    else:
        extra = ""
        if result.ability_bonus:
            extra_card = f" ({extra_defense})" if extra_defense is not None else ""
            extra = pick(
                lang,
                f", abilities{extra_card} {result.ability_bonus:+d}",
                f", Fähigkeiten{extra_card} {result.ability_bonus:+d}",
            )
        value = ruleset.card_value(defense)
        lines.append(
            pick(
                lang,
                f"Defence: {_card(defense, lang)} = {value}, {cover_text} "
                f"{result.cover_modifier:+d}{extra} → defence value {result.defense_value}.",
                f"Verteidigung: {_card(defense, lang)} = {value}, {cover_text} "
                f"{result.cover_modifier:+d}{extra} → Verteidigungswert {result.defense_value}.",
            )
        )
    if result.reason == "blocked_by_joker":
        lines.append(
            pick(lang, "Blocked by the joker: no wounds.", "Vom Joker abgewehrt: keine Wunde.")
        )
        return lines
    if result.reason == "joker":
        lines.append(
            pick(
                lang,
                "A joker spade cannot be blocked by a normal heart: "
                f"{_wounds(result.wounds, lang)}, no extra damage.",
                f"Ein Joker als Pik ist mit normalen Herzkarten nicht abzuwehren: "
                f"{_wounds(result.wounds, lang)}, kein Extraschaden.",
            )
        )
        return lines
    diff = result.difference
    if result.base_wounds == 0:
        band = pick(lang, "less than 1: miss", "kleiner als 1: verfehlt")
    elif result.base_wounds == 1:
        band = pick(lang, "1–4: 1 wound", "1–4: 1 Wunde")
    else:
        band = pick(lang, "5 or more: 2 wounds", "5 oder mehr: 2 Wunden")
    lines.append(
        pick(
            lang,
            f"Difference {result.attack_value} − {result.defense_value} = {diff} ({band}).",
            f"Differenz {result.attack_value} − {result.defense_value} = {diff} ({band}).",
        )
    )
    if result.attack_tier is not None and result.defense_tier is not None:
        a = tier_name(result.attack_tier, lang)
        d = tier_name(result.defense_tier, lang)
        steps = max(0, result.attack_tier - result.defense_tier)
        if result.extra_wounds:
            lines.append(
                pick(
                    lang,
                    f"Extra damage: {a} against {d} — "
                    f"{plural(steps, 'tier', 'tiers')} higher: "
                    f"+{_wounds(result.extra_wounds, lang)}.",
                    f"Extraschaden: {a} gegen {d} — "
                    f"{plural(steps, 'Stufe', 'Stufen')} höher: "
                    f"+{_wounds(result.extra_wounds, lang)}.",
                )
            )
        elif steps and result.base_wounds == 0:
            lines.append(
                pick(
                    lang,
                    f"No extra damage on a miss ({a} against {d}, D-18).",
                    f"Kein Extraschaden ohne Treffer ({a} gegen {d}, D-18).",
                )
            )
    return lines


def verdict(result: AttackResult, lang: Lang) -> str:
    """The one-line outcome."""
    if result.wounds:
        return pick(
            lang,
            f"HIT — {_wounds(result.wounds, lang)}",
            f"TREFFER — {_wounds(result.wounds, lang)}",
        )
    reason = {
        "miss": ("MISS", "VERFEHLT"),
        "out_of_range": ("MISS — out of range", "VERFEHLT — außer Reichweite"),
        "hidden": ("NO HIT — hidden in hard cover", "KEIN TREFFER — versteckt in harter Deckung"),
        "blocked_by_joker": ("BLOCKED by a joker", "ABGEWEHRT durch einen Joker"),
    }.get(result.reason, ("MISS", "VERFEHLT"))
    return pick(lang, *reason)
