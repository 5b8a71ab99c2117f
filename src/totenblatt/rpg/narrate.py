"""A resolved test told in the seed's words, German or English (pure: returns lines of text).

>>> from totenblatt.rpg.probe import resolve_probe
>>> for line in narrate(resolve_probe(2, 3, player_cards=[8], opponent_cards=[5, 7]), "de"):
...     print(line)
Probe: Stufe 2 gegen Stufe 3 (heftig).
Du ziehst 8 – zusammen 8.
Der Spielleiter zieht 5 + 7 – zusammen 12.
Gescheitert: 8 gegen 12, 4 daneben.
Du nimmst Schaden: eine Leichte Wunde.
"""

from __future__ import annotations

from pathlib import Path

from totenblatt.rpg.probe import ProbeResult
from totenblatt.rpg.rules import Outcome, RpgRuleset, WoundBand

__all__ = ["card_name", "margin_word", "narrate", "wound_name"]

_WOUND = {
    WoundBand.LIGHT: ("a light wound", "eine Leichte Wunde"),
    WoundBand.NORMAL: ("a normal wound", "eine Normale Wunde"),
    WoundBand.FAT: ("a fat wound", "eine Fette Wunde"),
}


def _pick(lang: str, en: str, de: str) -> str:
    if lang not in ("de", "en"):
        raise ValueError(f"unknown language {lang!r}: expected 'de' or 'en'")
    return de if lang == "de" else en


def wound_name(band: WoundBand, lang: str = "de") -> str:
    """``eine Leichte Wunde`` / ``a light wound`` (the seed's names, C5)."""
    en, de = _WOUND[band]
    return _pick(lang, en, de)


def card_name(value: int, lang: str = "de", ruleset: str | Path | RpgRuleset = "rpg") -> str:
    """A drawn value, with its picture or ace name when it has one: ``11 (Bube)``, ``7``.

    >>> card_name(11), card_name(1, "en"), card_name(7)
    ('11 (Bube)', '1 (ace)', '7')
    """
    rules = RpgRuleset.load(ruleset)
    labels = list({c for c in rules.pile.cards if rules.pile.values[c] == value})
    if len(labels) != 1 or labels[0].isdigit():
        return str(value)
    names = {
        "A": ("ace", "As"),
        "J": ("jack", "Bube"),
        "Q": ("queen", "Dame"),
        "K": ("king", "König"),
    }
    en, de = names[labels[0]]
    return f"{value} ({_pick(lang, en, de)})"


def margin_word(
    result: ProbeResult, lang: str = "de", ruleset: str | Path | RpgRuleset = "rpg"
) -> str | None:
    """How well a success went (C3): "gerade mal so eben" (thin), "die Wand hoch gerannt" (huge)."""
    if result.outcome is not Outcome.SUCCESS:
        return None
    rules = RpgRuleset.load(ruleset)
    if result.margin <= rules.narration.thin_max:
        return _pick(lang, "just barely made it", "gerade mal so eben")
    if result.margin >= rules.narration.huge_from:
        return _pick(lang, "as if you ran up the wall", "als wärst du die Wand hoch gerannt")
    return None


def narrate(
    result: ProbeResult, lang: str = "de", ruleset: str | Path | RpgRuleset = "rpg"
) -> list[str]:
    """The test line by line: levels with their names, the draws, jokers, outcome and wound."""
    rules = RpgRuleset.load(ruleset)
    lines: list[str] = []

    def say(en: str, de: str) -> None:
        lines.append(_pick(lang, en, de))

    def cards(values: tuple[int, ...]) -> str:
        return " + ".join(card_name(v, lang, rules) for v in values)

    levels = (result.skill, result.difficulty)
    if result.pvp:
        say(
            f"Player against player: level {levels[0]} against level {levels[1]}.",
            f"Spieler gegen Spieler: Stufe {levels[0]} gegen Stufe {levels[1]}.",
        )
        other = _pick(lang, "Your opponent draws", "Dein Gegner zieht")
    else:
        name = rules.difficulty_name(result.difficulty, lang)
        say(
            f"Test: level {levels[0]} against level {levels[1]} ({name}).",
            f"Probe: Stufe {levels[0]} gegen Stufe {levels[1]} ({name}).",
        )
        other = _pick(lang, "The game master draws", "Der Spielleiter zieht")
    base = len(result.player_cards) - result.jokers_spent
    first, theirs = result.player_cards[:base], result.opponent_total
    running = sum(first)
    say(
        f"You draw {cards(first)} – total {running}.",
        f"Du ziehst {cards(first)} – zusammen {running}.",
    )
    say(
        f"{other} {cards(result.opponent_cards)} – total {theirs}.",
        f"{other} {cards(result.opponent_cards)} – zusammen {theirs}.",
    )
    for value in result.player_cards[base:]:
        running += value
        card = card_name(value, lang, rules)
        say(
            f"You spend a joker and draw {card} – now {running}.",
            f"Du setzt einen Joker ein und ziehst {card} – jetzt {running}.",
        )
    mine = result.player_total
    if mine == theirs and result.outcome is Outcome.NOTHING:
        say(
            "Same total, same level: nothing happens!",
            "Gleicher Wert, gleiche Stufe: Es passiert gar nichts!",
        )
        return lines
    if mine == theirs and result.skill == result.difficulty:
        say(
            "Same total, same level: the player is favoured.",
            "Gleicher Wert, gleiche Stufe: Der Spieler wird bevorzugt.",
        )
    elif mine == theirs:
        say("Same total: the higher level decides.", "Gleicher Wert: Die höhere Stufe entscheidet.")
    wound = "" if result.wound is None else wound_name(result.wound, lang)
    if result.outcome is Outcome.SUCCESS:
        word = margin_word(result, lang, rules)
        tail = f" – {word}!" if word else "."
        say(f"Success: {mine} against {theirs}{tail}", f"Gelungen: {mine} gegen {theirs}{tail}")
        say(f"In a fight your opponent takes {wound}.", f"Im Kampf erleidet dein Gegner {wound}.")
    else:
        short_en = f", short by {result.margin}" if result.margin else ""
        short_de = f", {result.margin} daneben" if result.margin else ""
        say(
            f"Failure: {mine} against {theirs}{short_en}.",
            f"Gescheitert: {mine} gegen {theirs}{short_de}.",
        )
        say(f"You take damage: {wound}.", f"Du nimmst Schaden: {wound}.")
    return lines
