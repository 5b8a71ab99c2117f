"""A resolved test as a story in the seed's words, as messages (pure: no language here).

Which lines a test has (the levels, the draws, each joker, a tie, the outcome, the
wound, how narrow or wide a success was, C3) is decided here; the words of every
language are in the catalogs of :mod:`totenblatt.text` (``text.narrate_probe``).

>>> from totenblatt.rpg.probe import resolve_probe
>>> story = probe_story(resolve_probe(2, 3, player_cards=[8], opponent_cards=[5, 7]))
>>> [m.id for m in story][-2:]
['Failure: {mine} against {theirs}, short by {margin}.', 'You take damage: {wound}.']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from totenblatt.messages import Message
from totenblatt.rpg.probe import ProbeResult
from totenblatt.rpg.rules import Outcome, RpgRuleset, WoundBand

__all__ = ["DifficultyOf", "DrawnValue", "WoundOf", "margin_word", "probe_story"]


@dataclass(frozen=True, slots=True)
class DrawnValue:
    """A drawn value of the pile; the text layer names a picture or an ace (``11 (Bube)``)."""

    value: int


@dataclass(frozen=True, slots=True)
class WoundOf:
    """One of the seed's wound bands (C5); the text layer names it."""

    band: WoundBand


@dataclass(frozen=True, slots=True)
class DifficultyOf:
    """A difficulty level; the text layer names it from the ruleset (kann man wuppen …)."""

    level: int


def _cards(values: tuple[int, ...]) -> list[DrawnValue]:
    return [DrawnValue(v) for v in values]


def margin_word(result: ProbeResult, ruleset: str | Path | RpgRuleset = "rpg") -> Message | None:
    """How well a success went (C3): thin (gerade mal so eben) or huge (die Wand hoch gerannt)."""
    if result.outcome is not Outcome.SUCCESS:
        return None
    rules = RpgRuleset.load(ruleset)
    if result.margin <= rules.narration.thin_max:
        return Message("just barely made it")
    if result.margin >= rules.narration.huge_from:
        return Message("as if you ran up the wall")
    return None


def probe_story(
    result: ProbeResult, ruleset: str | Path | RpgRuleset = "rpg", *, opponent: bool = False
) -> list[Message]:
    """The test line by line: levels, the draws, jokers, a tie, the outcome and the wound.

    A failure wounds the player (C3: "failed and took light damage"). A success wounds
    only an opponent: the story tells the opponent's wound in a test player against
    player, or with ``opponent`` (the difficulty is an opponent's level: a fight, C4),
    never after a test against a difficulty (a wall, a lock).
    """
    rules = RpgRuleset.load(ruleset)
    skill, difficulty = result.skill, result.difficulty
    levels = {"skill": skill, "difficulty": difficulty}
    base = len(result.player_cards) - result.jokers_spent
    first, theirs = result.player_cards[:base], result.opponent_total
    running = sum(first)
    drawn = {"cards": _cards(result.opponent_cards), "total": theirs}
    lines = []
    if result.pvp:
        lines.append(
            Message("Player against player: level {skill} against level {difficulty}.", **levels)
        )
        lines.append(
            Message("You draw {cards} – total {total}.", cards=_cards(first), total=running)
        )
        lines.append(Message("Your opponent draws {cards} – total {total}.", **drawn))
    else:
        name = DifficultyOf(difficulty)
        lines.append(
            Message("Test: level {skill} against level {difficulty} ({name}).", name=name, **levels)
        )
        lines.append(
            Message("You draw {cards} – total {total}.", cards=_cards(first), total=running)
        )
        lines.append(Message("The game master draws {cards} – total {total}.", **drawn))
    for value in result.player_cards[base:]:
        running += value
        lines.append(
            Message(
                "You spend a joker and draw {card} – now {total}.",
                card=DrawnValue(value),
                total=running,
            )
        )
    mine = result.player_total
    scores = {"mine": mine, "theirs": theirs}
    if mine == theirs and result.outcome is Outcome.NOTHING:
        lines.append(Message("Same total, same level: nothing happens!"))
        return lines
    if mine == theirs and skill == difficulty:
        lines.append(Message("Same total, same level: the player is favoured."))
    elif mine == theirs:
        lines.append(Message("Same total: the higher level decides."))
    wound = None if result.wound is None else WoundOf(result.wound)
    if result.outcome is Outcome.SUCCESS:
        word = margin_word(result, rules)
        if word is None:
            lines.append(Message("Success: {mine} against {theirs}.", **scores))
        else:
            lines.append(Message("Success: {mine} against {theirs} – {word}!", word=word, **scores))
        if result.pvp or opponent:
            lines.append(Message("In a fight your opponent takes {wound}.", wound=wound))
    else:
        if result.margin:
            lines.append(
                Message(
                    "Failure: {mine} against {theirs}, short by {margin}.",
                    margin=result.margin,
                    **scores,
                )
            )
        else:
            lines.append(Message("Failure: {mine} against {theirs}.", **scores))
        lines.append(Message("You take damage: {wound}.", wound=wound))
    return lines
