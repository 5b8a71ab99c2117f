"""The game master calls a test at the RPG table: its sides, levels and shifts, the harm it
may do, who sees what of it (:func:`call_test`); the levels and shifts are the core's
(:mod:`totenblatt.rpg.levels`), the piles' fit is checked by the drawing
(:mod:`~totenblatt.web.stories.draws`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from totenblatt.rpg.levels import UNAWARE, Shift, grenade_level, shifted
from totenblatt.store.stories import ProbeRecord, SheetRecord, StoryRecord
from totenblatt.web.shell.errors import ConflictError, InvalidError
from totenblatt.web.stories.draws import drawing_of, open_test, table_cards
from totenblatt.web.stories.table import (
    DRAWING,
    MAX_LEVEL,
    MAX_SHIFTS,
    MAX_TESTS,
    VISIBILITIES,
    Viewer,
    _core,
    _gm,
    _name,
    _object,
    _sheet,
    _whole,
)
from totenblatt.web.stories.words import refusal

__all__ = [
    "call_test",
]


def _shifts(value: Any, lang: str) -> dict[str, list[Shift]]:
    if value is None:
        value = []
    if not isinstance(value, list) or len(value) > MAX_SHIFTS:
        raise InvalidError(
            refusal("bad_body", lang, problem=f"shifts must be a list of at most {MAX_SHIFTS}")
        )
    out: dict[str, list[Shift]] = {"player": [], "opponent": []}
    for item in value:
        data = _object(item, ("side", "by", "reason"), lang)
        side = data.get("side")
        if side not in out:
            raise InvalidError(
                refusal("bad_body", lang, problem="a shift's side is 'player' or 'opponent'")
            )
        try:
            out[side].append(Shift(data.get("by"), data.get("reason")))  # type: ignore[arg-type]
        except ValueError as exc:
            raise _core(exc, lang) from None
    return out


def _side_of(sheet: SheetRecord, skill: str | None, lang: str) -> dict[str, Any]:
    character = sheet.character
    if character.is_out:
        raise ConflictError(refusal("is_out", lang, name=character.name))
    return {
        "kind": "character",
        "character": sheet.id,
        "name": character.name,
        "skill": skill,
        "npc": not character.player,
    }


def call_test(story: StoryRecord, viewer: Viewer, body: Any, lang: str) -> ProbeRecord:
    """The game master calls a test (see the API in :mod:`~totenblatt.web.stories.routes`)."""
    _gm(viewer, lang)
    keys = (
        "character",
        "skill",
        "difficulty",
        "against",
        "shifts",
        "grenade",
        "harm",
        "unaware",
        "visibility",
        "secret_difficulty",
        "odds_range",
    )
    data = _object(body, keys, lang)
    unaware, visibility, hide_difficulty = _options(data, lang)
    running = open_test(story)
    if running is not None:
        raise ConflictError(refusal("open_test", lang, n=running.number))
    if len(story.tests) >= MAX_TESTS:
        raise ConflictError(refusal("too_many_tests", lang, most=MAX_TESTS))
    sheet = _sheet(story, data.get("character"), lang)
    grenade = data.get("grenade")
    skill = None if data.get("skill") is None else _name(data.get("skill"), "skill name", lang)
    player = _player(sheet, skill, grenade, lang)
    opponent = _opponent(story, data, sheet, lang)
    if grenade is not None and opponent["kind"] != "character":
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem="a hand grenade is thrown at a character (against its Beweglichkeit)",
            )
        )
    shifts = _shifts(data.get("shifts"), lang)
    try:
        for side, spec in (("player", player), ("opponent", opponent)):
            spec["shifts"] = [s.to_dict() for s in shifts[side]]
            spec["level"] = shifted(spec["base"], shifts[side])
    except ValueError as exc:
        raise _core(exc, lang) from None
    pvp = opponent["kind"] == "character" and not opponent["npc"] and not player["npc"]
    harm = _harm(data.get("harm"), player, opponent, lang)
    if grenade is None and skill is not None:
        _known(sheet, skill, unaware, lang)  # last: the body's shape is checked first
    if opponent["kind"] == "character" and not opponent["unaware"]:
        other = story.sheet(opponent["character"])
        assert other is not None
        _known(other, opponent["skill"], False, lang)
    number = len(story.tests) + 1
    spec = {"player": player, "opponent": opponent, "pvp": pvp, "harm": harm}
    if visibility != "public" or hide_difficulty:
        spec |= {"visibility": visibility, "secret_difficulty": hide_difficulty}
    if data.get("odds_range") is not None:
        spec["odds_range"] = _odds_range(data["odds_range"], hide_difficulty, opponent, lang)
    state: dict[str, Any] = {"drawn": [], "jokers": 0, "stopped": False}
    if table_cards(story):
        spec["cards"] = "table"
        state["table"] = {"player": [], "opponent": []}
    test = ProbeRecord(number, spec, state, DRAWING)
    drawing_of(story, test, lang)  # the levels and that each draw fits a pile (D-30)
    story.tests.append(test)
    entry = {"kind": "test", "number": number, "player": player, "opponent": opponent}
    if visibility != "public" or hide_difficulty:
        entry |= {"visibility": visibility, "secret_difficulty": hide_difficulty}
    story.log.append(entry)
    _log_shifts(story, number, (player, opponent))
    return test


def _options(data: Mapping[str, Any], lang: str) -> tuple[bool, str, bool]:
    """A call's ``unaware``, ``visibility`` and ``secret_difficulty``, checked."""
    unaware = data.get("unaware", False)
    if not isinstance(unaware, bool):
        raise InvalidError(refusal("bad_body", lang, problem="unaware must be true or false"))
    visibility = data.get("visibility", "public")
    if visibility not in VISIBILITIES:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"visibility is one of {', '.join(VISIBILITIES)}, got {visibility!r:.40}",
            )
        )
    hide_difficulty = data.get("secret_difficulty", False)
    if not isinstance(hide_difficulty, bool):
        raise InvalidError(
            refusal("bad_body", lang, problem="secret_difficulty must be true or false")
        )
    if hide_difficulty and data.get("difficulty") is None:
        raise InvalidError(
            refusal("bad_body", lang, problem="secret_difficulty needs a difficulty (a level)")
        )
    return unaware, str(visibility), hide_difficulty


def _player(sheet: SheetRecord, skill: str | None, grenade: Any, lang: str) -> dict[str, Any]:
    """The player's side of a call: the sheet's level of ``skill``, or a grenade's."""
    player = _side_of(sheet, skill, lang)
    try:
        if grenade is not None:
            player |= {"grenade": True, "base": grenade_level(grenade)}
        elif skill is None:
            raise InvalidError(refusal("bad_body", lang, problem="skill is missing"))
        else:
            player["base"] = sheet.character.probe_level(skill)
            if not sheet.character.has_skill(skill):
                player["unaware"] = True
    except ValueError as exc:
        raise _core(exc, lang) from None
    return player


def _log_shifts(story: StoryRecord, number: int, sides: tuple[dict[str, Any], ...]) -> None:
    """Log each side's shifts of test ``number``, with the level before and after each."""
    for spec in sides:
        level = spec["base"]
        for shift in spec["shifts"]:
            story.log.append(
                {
                    "kind": "shift",
                    "number": number,
                    "name": spec.get("name"),
                    "side": spec["kind"],
                    "by": shift["by"],
                    "reason": shift["reason"],
                    "before": level,
                    "after": level + shift["by"],
                }
            )
            level += shift["by"]


def _odds_range(value: Any, hidden: bool, opponent: Mapping[str, Any], lang: str) -> list[int]:
    """The difficulties the players' odds of a secret difficulty range over (the game
    master's choice; without it the players see no odds): it holds the difficulty."""
    level = opponent["level"]
    if (
        not hidden
        or not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not 0 <= value[0] <= level <= value[1] <= MAX_LEVEL
    ):
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem="odds_range goes with secret_difficulty: [lowest, highest] difficulty "
                f"from 0 to {MAX_LEVEL} holding the test's ({level}), got {value!r:.40}",
            )
        )
    return [value[0], value[1]]


def _opponent(
    story: StoryRecord, data: Mapping[str, Any], sheet: SheetRecord, lang: str
) -> dict[str, Any]:
    against, difficulty = data.get("against"), data.get("difficulty")
    if (against is None) == (difficulty is None):
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem="give either difficulty (a level) or against (a character or a grenade)",
            )
        )
    if difficulty is not None:
        level = _whole(difficulty, "difficulty", 0, MAX_LEVEL, lang)
        return {"kind": "difficulty", "base": level}
    spec = _object(against, ("character", "skill", "unaware", "grenade"), lang)
    if "grenade" in spec:
        if len(spec) > 1:
            raise InvalidError(
                refusal("bad_body", lang, problem="a grenade side has no character or skill")
            )
        try:
            return {"kind": "grenade", "base": grenade_level(spec["grenade"])}
        except ValueError as exc:
            raise _core(exc, lang) from None
    other = _sheet(story, spec.get("character"), lang)
    if other.id == sheet.id:
        raise InvalidError(refusal("same_character", lang, name=sheet.character.name))
    if other.character.player and not sheet.character.player:
        raise InvalidError(
            refusal("npc_first", lang, npc=sheet.character.name, pc=other.character.name)
        )
    unaware = spec.get("unaware", False)
    if not isinstance(unaware, bool):
        raise InvalidError(refusal("bad_body", lang, problem="unaware must be true or false"))
    skill = _name(spec.get("skill", "Beweglichkeit"), "skill name", lang)
    side = _side_of(other, skill, lang) | {"unaware": unaware}
    side["base"] = UNAWARE if unaware else other.character.probe_level(skill)
    return side


def _known(sheet: SheetRecord, skill: str, unaware: bool, lang: str) -> None:
    """A skill the sheet lacks is never silently level 0: 422 unless the game master said
    ``"unaware": true`` (level 0, D-39)."""
    if unaware or sheet.character.has_skill(skill):
        return
    known = ", ".join(sheet.character.skills) or "-"
    raise InvalidError(
        refusal("no_skill", lang, name=sheet.character.name, skill=skill, known=known)
    )


def _harm(
    value: Any, player: Mapping[str, Any], opponent: Mapping[str, Any], lang: str
) -> list[str]:
    """Which sides take a wound when they lose (default: the seed's cases, see docs/rpg.md)."""
    if value is None:
        if player.get("grenade"):
            return ["opponent"]  # a thrown grenade that fails hurts nobody
        return ["player", "opponent"] if opponent["kind"] == "character" else ["player"]
    if not isinstance(value, list) or not all(v in ("player", "opponent") for v in value):
        raise InvalidError(
            refusal("bad_body", lang, problem="harm is a list of 'player' and 'opponent'")
        )
    if "opponent" in value and opponent["kind"] != "character":
        raise InvalidError(
            refusal("bad_body", lang, problem="the other side is no character and takes no wound")
        )
    return [side for side in ("player", "opponent") if side in value]
