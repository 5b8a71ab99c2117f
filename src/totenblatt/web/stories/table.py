"""The RPG table's steps: who may do what to a story, and what it does to the story's record.

Each step gets the story as the store loaded it (:class:`~totenblatt.store.stories.StoryRecord`),
checks that the viewer may take it, asks the RPG core and changes the record; the
store writes it in one transaction (:meth:`~totenblatt.store.stories.Stories.change`).
No rule lives here: levels and shifts (:mod:`totenblatt.rpg.levels`), the draw, jokers
and outcome (:class:`~totenblatt.rpg.drawing.Drawing`, which resolves with
:func:`~totenblatt.rpg.probe.resolve_probe`) and wounds (:class:`~totenblatt.rpg.Character`)
are the core's. A test's piles are shuffled from the story's secret seed, its number
and the side (:func:`~totenblatt.rpg.drawing.pile_seed`), so the order is never stored
and never sent; the cards a side drew are shown once both sides drew (its own drawer
sees them at once).
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.messages import MessageError
from totenblatt.names import clean_name, same_name
from totenblatt.rpg.character import Character
from totenblatt.rpg.drawing import DrawError, Drawing, Side, loser, pile_order, pile_seed
from totenblatt.rpg.levels import UNAWARE, Shift, grenade_level, shifted
from totenblatt.rpg.narrate import margin_word
from totenblatt.rpg.rules import RpgRuleset, WoundBand
from totenblatt.store.stories import ProbeRecord, SheetRecord, StoryRecord
from totenblatt.web.shell.errors import ConflictError, ForbiddenError, InvalidError, NotFoundError
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.shell.words import describe
from totenblatt.web.stories.words import refusal

__all__ = [
    "DONE",
    "DRAWING",
    "MAX_SHEETS",
    "Viewer",
    "add_character",
    "award",
    "bring_sheet",
    "call_test",
    "cancel",
    "difficulty_hidden",
    "draw",
    "drawing_of",
    "edit",
    "heal",
    "hidden_from",
    "holder",
    "level_hidden",
    "new_link",
    "open_test",
    "reveal",
    "secret",
    "shows",
    "spend_joker",
    "stop",
    "table_cards",
    "viewer_of",
    "wound",
]

DRAWING, DONE, CANCELLED = "drawing", "done", "cancelled"
MAX_SHEETS = 24
"""Characters a story holds at most."""
MAX_TESTS = 2000
"""Tests a story holds at most."""
MAX_SHIFTS = 8
"""Shifts of one test at most."""
MAX_SKILLS = 30
"""Skills a sheet made in the browser holds at most."""
MAX_LEVEL = 12
"""The highest level a test is called at (D-30 allows above 6; the pile ends at 12 more)."""
SHOWN_PARTS = ("name", "skills", "wounds")
"""What the game master may show players of an NPC's sheet (``"shown"``; the name always)."""
VISIBILITIES = ("public", "gm", "blind")
"""Who sees a test's cards, margin and result before the game master reveals it: everyone
(``public``), the game master only (``gm``: the player still draws the own side), the game
master only who also draws the player's side (``blind``)."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who asks: the game master, the player of one sheet, or an onlooker (``public``)."""

    role: str
    sheet_id: int | None = None


def viewer_of(story: StoryRecord, token: str | None, lang: str) -> Viewer:
    """The viewer ``token`` belongs to (none: an onlooker); every hash compared in full."""
    if not token:
        return Viewer("public")
    given = hash_token(token)
    gm = hmac.compare_digest(given, story.gm_hash)
    found: int | None = None
    for sheet in story.sheets:
        if sheet.token_hash is not None and hmac.compare_digest(given, sheet.token_hash):
            found = sheet.id if found is None else found
    if gm:
        return Viewer("gm")
    if found is not None:
        return Viewer("player", found)
    raise ForbiddenError(refusal("wrong_token", lang))


def _gm(viewer: Viewer, lang: str) -> None:
    if viewer.role != "gm":
        raise ForbiddenError(refusal("not_gm", lang))


def _core(exc: Exception, lang: str) -> InvalidError | ConflictError:
    """A refusal of the core (a bad level, a sheet that cannot be) as the API's error."""
    text = describe(exc, lang)[:500]
    return ConflictError(text) if isinstance(exc, DrawError) else InvalidError(text)


# -- bodies ----------------------------------------------------------------------------------


def _object(data: Any, allowed: tuple[str, ...], lang: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidError(
            refusal("bad_body", lang, problem=f"expected a JSON object with {', '.join(allowed)}")
        )
    unknown = sorted(str(k)[:40] for k in data if k not in allowed)
    if unknown:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"unknown key {unknown[0]!r}: expected {', '.join(allowed)}",
            )
        )
    return data


def _whole(value: Any, what: str, low: int, high: int, lang: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"{what} must be a whole number from {low} to {high}, got {value!r:.40}",
            )
        )
    return value


def _name(value: Any, what: str, lang: str, limit: int = 80) -> str:
    try:
        return clean_name(value, what=what, limit=limit)
    except ValueError as exc:
        raise _core(exc, lang) from None


def _sheet(story: StoryRecord, sheet_id: Any, lang: str) -> SheetRecord:
    whole = isinstance(sheet_id, int) and not isinstance(sheet_id, bool)
    found = story.sheet(sheet_id) if whole else None
    if found is None:
        raise NotFoundError(refusal("no_character", lang, id=repr(sheet_id)[:20]))
    return found


def _skills(value: Any, lang: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or len(value) > MAX_SKILLS:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"skills must map at most {MAX_SKILLS} skill names to levels 0 to 12",
            )
        )
    return {
        _name(k, "skill name", lang): _whole(v, f"the level of {str(k)[:40]!r}", 0, 12, lang)
        for k, v in value.items()
    }


# -- characters ------------------------------------------------------------------------------


def _check_new(story: StoryRecord, name: str, lang: str) -> None:
    if len(story.sheets) >= MAX_SHEETS:
        raise ConflictError(refusal("too_many", lang, most=MAX_SHEETS))
    for sheet in story.sheets:
        if same_name(sheet.character.name, name):
            raise ConflictError(refusal("name_taken", lang, name=sheet.character.name))


def add_character(
    story: StoryRecord, viewer: Viewer, body: Any, lang: str
) -> tuple[SheetRecord, str | None]:
    """A sheet made in the story: ``{"name", "skills", "npc", "notes"}``; its player's token."""
    _gm(viewer, lang)
    data = _object(body, ("name", "skills", "npc", "notes", "shown"), lang)
    npc = data.get("npc", False)
    if not isinstance(npc, bool):
        raise InvalidError(refusal("bad_body", lang, problem="npc must be true or false"))
    shown = _shown(data["shown"], npc, lang) if "shown" in data else None
    try:
        character = Character.create(
            data.get("name"),  # type: ignore[arg-type]  # the core names a bad value
            _skills(data.get("skills", {}), lang),
            player=not npc,
            ruleset=story.ruleset,
        ).with_notes(data.get("notes", ""))
    except ValueError as exc:
        raise _core(exc, lang) from None
    _check_new(story, character.name, lang)
    token = None if npc else secrets.token_urlsafe(32)
    sheet = SheetRecord(character, None if token is None else hash_token(token), shown=shown)
    story.sheets.append(sheet)
    story.log.append({"kind": "joined", "name": character.name, "npc": npc})
    return sheet, token


def bring_sheet(
    story: StoryRecord, character: Character, lang: str
) -> tuple[SheetRecord, str | None]:
    """The store's sheet joins the story: a new story for it (C6: jokers reset)."""
    _check_new(story, character.name, lang)
    token = secrets.token_urlsafe(32) if character.player else None
    sheet = SheetRecord(character.new_story(), None if token is None else hash_token(token))
    story.log.append(
        {"kind": "joined", "name": character.name, "npc": not character.player, "stored": True}
    )
    return sheet, token


def new_link(story: StoryRecord, viewer: Viewer, sheet_id: int, lang: str) -> str:
    """A new player token for the sheet (the old link stops working)."""
    _gm(viewer, lang)
    sheet = _sheet(story, sheet_id, lang)
    if not sheet.character.player:
        raise InvalidError(refusal("npc_link", lang, name=sheet.character.name))
    token = secrets.token_urlsafe(32)
    sheet.token_hash = hash_token(token)
    return token


def award(story: StoryRecord, viewer: Viewer, sheet_id: int, body: Any, lang: str) -> None:
    """The game master awards jokers for great play, with the reason (C6)."""
    _gm(viewer, lang)
    data = _object(body, ("count", "reason"), lang)
    sheet = _sheet(story, sheet_id, lang)
    count = _whole(data.get("count", 1), "count", 1, 9, lang)
    reason = _name(data.get("reason"), "reason", lang, limit=120)
    try:
        sheet.character = sheet.character.gained_jokers(count)
    except ValueError as exc:
        raise _core(exc, lang) from None
    story.log.append(
        {"kind": "award", "name": sheet.character.name, "count": count, "reason": reason}
    )


def wound(story: StoryRecord, viewer: Viewer, sheet_id: int, body: Any, lang: str) -> None:
    """The game master gives a wound of a band (``{"band": "light"}``) outside a test."""
    _gm(viewer, lang)
    data = _object(body, ("band",), lang)
    sheet = _sheet(story, sheet_id, lang)
    try:
        band = WoundBand.parse(data.get("band"))  # type: ignore[arg-type]  # the core refuses
        sheet.character = sheet.character.with_wound(band)
    except ValueError as exc:
        raise _core(exc, lang) from None
    story.log.append(_wounded(sheet.character, band))


def heal(story: StoryRecord, viewer: Viewer, sheet_id: int, body: Any, lang: str) -> None:
    """The game master heals ``{"points": n}`` wound points, or all (``{}``)."""
    _gm(viewer, lang)
    data = _object(body, ("points",), lang)
    sheet = _sheet(story, sheet_id, lang)
    points = data.get("points")
    if points is not None:
        points = _whole(points, "points", 0, 999, lang)
    sheet.character = sheet.character.healed(points)
    c = sheet.character
    story.log.append({"kind": "heal", "name": c.name, "points": c.wounds, "capacity": c.capacity})


def _shown(value: Any, npc: bool, lang: str) -> tuple[str, ...]:
    """What players see of an NPC's sheet: ``["name"]``, ``["name", "skills"]``, …"""
    if not npc:
        raise InvalidError(
            refusal("bad_body", lang, problem="only an NPC's sheet is hidden (shown)")
        )
    if (
        not isinstance(value, list)
        or "name" not in value
        or not all(v in SHOWN_PARTS for v in value)
    ):
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem='shown is a list of "name" (always), "skills" and "wounds", '
                f"got {value!r:.60}",
            )
        )
    return tuple(part for part in SHOWN_PARTS if part in value)


def shows(sheet: SheetRecord | None, part: str, viewer: Viewer) -> bool:
    """The viewer may see ``part`` (``skills``, ``wounds``) of the sheet."""
    if sheet is None or viewer.role == "gm" or sheet.shown is None:
        return True
    return part in sheet.shown


def edit(story: StoryRecord, viewer: Viewer, sheet_id: int, body: Any, lang: str) -> None:
    """Notes (the game master or the sheet's player), skills and what players see of an
    NPC (``shown``: the game master)."""
    data = _object(body, ("notes", "skills", "shown"), lang)
    sheet = _sheet(story, sheet_id, lang)
    own = viewer.role == "player" and viewer.sheet_id == sheet.id
    if viewer.role != "gm" and not (own and set(data) <= {"notes"}):
        raise ForbiddenError(refusal("not_yours", lang, name=sheet.character.name))
    if "shown" in data:
        sheet.shown = _shown(data["shown"], not sheet.character.player, lang)
    try:
        if "notes" in data:
            sheet.character = sheet.character.with_notes(data["notes"])
        if "skills" in data:
            skills = _skills(data["skills"], lang)
            sheet.character = Character.from_dict(sheet.character.to_dict() | {"skills": skills})
            story.log.append({"kind": "skills", "name": sheet.character.name})
    except ValueError as exc:
        raise _core(exc, lang) from None


def _wounded(character: Character, band: WoundBand) -> dict[str, Any]:
    return {
        "kind": "wound",
        "name": character.name,
        "band": band.value,
        "points": character.wounds,
        "capacity": character.capacity,
        "out": character.is_out,
    }


# -- tests -----------------------------------------------------------------------------------


def open_test(story: StoryRecord) -> ProbeRecord | None:
    """The test being drawn, if any (a story draws one test at a time)."""
    return next((t for t in story.tests if t.status == DRAWING), None)


def _test(story: StoryRecord, test_id: int, lang: str) -> ProbeRecord:
    found = story.test(test_id)
    if found is None:
        raise NotFoundError(refusal("no_test", lang, id=test_id))
    return found


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
    running = open_test(story)
    if running is not None:
        raise ConflictError(refusal("open_test", lang, n=running.number))
    if len(story.tests) >= MAX_TESTS:
        raise ConflictError(refusal("too_many_tests", lang, most=MAX_TESTS))
    sheet = _sheet(story, data.get("character"), lang)
    grenade = data.get("grenade")
    skill = None if data.get("skill") is None else _name(data.get("skill"), "skill name", lang)
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
    for spec in (player, opponent):
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
    return test


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


def drawing_of(story: StoryRecord, test: ProbeRecord, lang: str = "en") -> Drawing:
    """The core's :class:`Drawing` of a stored test: its piles from the story's secret seed."""
    rules = RpgRuleset.load(story.ruleset)
    spec, state = test.spec, test.state
    if spec.get("cards") == "table":  # the real cards entered, then the rest of the pile
        entered = state["table"]
        piles = tuple(
            (*entered[s], *(v for v in sorted(rules.pile_values) if v not in entered[s]))
            for s in ("player", "opponent")
        )
    else:
        piles = tuple(pile_order(pile_seed(story.seed, test.number, s), rules) for s in Side)
    try:
        drawing = Drawing.start(
            spec["player"]["level"],
            spec["opponent"]["level"],
            player_pile=piles[0],
            opponent_pile=piles[1],
            pvp=spec["pvp"],
            ruleset=rules,
        )
    except ValueError as exc:
        raise _core(exc, lang) from None
    for side in state["drawn"]:
        drawing = drawing.draw(Side(side))
    for _ in range(state["jokers"]):
        drawing = drawing.spend_joker(jokers=1)
    return drawing.stop() if state["stopped"] else drawing


def holder(story: StoryRecord, test: ProbeRecord, side: Side) -> int | None:
    """Who draws ``side``: the sheet id of its player character, or None for the game master
    (a difficulty, a grenade, an NPC)."""
    spec = test.spec[side.value]
    if spec["kind"] != "character" or test.spec.get("visibility") == "blind":
        return None  # a blind test: the game master draws the player's side too
    sheet = story.sheet(spec["character"])
    return sheet.id if sheet is not None and sheet.character.player else None


def _holds(viewer: Viewer, owner: int | None) -> bool:
    if owner is None:
        return viewer.role == "gm"
    return viewer.role == "player" and viewer.sheet_id == owner


def draw(
    story: StoryRecord, viewer: Viewer, test_id: int, body: Any, lang: str
) -> tuple[Side, tuple[int, ...]]:
    """The viewer draws its side's cards (``{"side": ...}`` picks one when it holds both);
    in a story of real cards ``{"cards": [...]}`` are the cards drawn at the table."""
    data = _object(body if body is not None else {}, ("side", "cards"), lang)
    test = _test(story, test_id, lang)
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    drawing = drawing_of(story, test, lang)
    mine = [s for s in Side if _holds(viewer, holder(story, test, s))]
    wanted = data.get("side")
    if wanted is not None:
        if wanted not in ("player", "opponent"):
            raise InvalidError(refusal("bad_body", lang, problem="side is 'player' or 'opponent'"))
        if Side(wanted) not in mine:
            raise ForbiddenError(refusal("not_your_side", lang))
        if Side(wanted) in drawing.drawn:
            raise ConflictError(refusal("side_drawn", lang))
        side = Side(wanted)
    else:
        open_sides = [s for s in mine if s not in drawing.drawn]
        if not open_sides:
            raise (ConflictError if mine else ForbiddenError)(
                refusal("side_drawn" if mine else "not_your_side", lang)
            )
        side = open_sides[0]
    if test.spec.get("cards") == "table":
        count = drawing.counts[0 if side is Side.PLAYER else 1]
        real = _real_cards(data.get("cards"), count, [], drawing.ruleset, lang)
        entered = dict(test.state["table"]) | {side.value: real}
        test.state = test.state | {"table": entered}
        drawing = drawing_of(story, test, lang)
    elif "cards" in data:
        raise InvalidError(
            refusal("bad_body", lang, problem="this story draws its own cards: no cards given")
        )
    drawing = drawing.draw(side)
    test.state = test.state | {"drawn": [*test.state["drawn"], side.value]}
    if drawing.revealed:
        story.log.append(_revealed(test, drawing))
        _settle(story, test, drawing)
    return side, drawing.cards(side)


def _revealed(test: ProbeRecord, drawing: Drawing) -> dict[str, Any]:
    mine, theirs = drawing.cards(Side.PLAYER), drawing.cards(Side.OPPONENT)
    return {
        "kind": "revealed",
        "number": test.number,
        "player": test.spec["player"]["name"],
        "cards": list(mine),
        "total": sum(mine),
        "opponent": test.spec["opponent"].get("name") or "",
        "their_cards": list(theirs),
        "their_total": sum(theirs),
    }


def _jokers(story: StoryRecord, test: ProbeRecord) -> int:
    """The jokers the tested player may spend: none in a secret test (spending them only
    while behind would tell the player where the test stands)."""
    if _no_jokers(test):
        return 0
    sheet = story.sheet(test.spec["player"]["character"])
    return 0 if sheet is None else sheet.character.jokers


def _no_jokers(test: ProbeRecord) -> bool:
    return test.spec.get("visibility", "public") != "public" or bool(
        test.spec.get("secret_difficulty")
    )


def table_cards(story: StoryRecord) -> bool:
    """The story takes the cards drawn from real piles at the table (``"cards": "table"``)."""
    first = story.log[0] if story.log else {}
    return first.get("kind") == "story" and first.get("cards") == "table"


def _real_cards(
    value: Any, count: int, taken: list[int], rules: RpgRuleset, lang: str
) -> list[int]:
    """The cards a side drew from its real pile, as the pile's values: exactly ``count``,
    none twice in the side's pile (nor among ``taken``, its cards drawn before)."""
    if not isinstance(value, list) or len(value) != count:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"cards must be a list of the {count} card(s) this side drew, "
                f'like ["J♠", "9♥"], got {value!r:.60}',
            )
        )
    values: list[int] = []
    for card in value:
        try:
            values.append(rules.card_value(card))
        except ValueError as exc:
            raise _core(exc, lang) from None
    seen = list(taken)
    for card, v in zip(value, values, strict=True):
        if v in seen:
            raise InvalidError(
                refusal(
                    "bad_body",
                    lang,
                    problem=f"{str(card)[:8]!r} twice: a pile of {rules.pile_size} cards holds "
                    "each value once, no card is drawn twice in one test",
                )
            )
        seen.append(v)
    return values


def secret(test: ProbeRecord) -> bool:
    """A GM-only or blind test not yet revealed: its cards, margin and result are the game
    master's alone."""
    return test.spec.get("visibility", "public") != "public" and not test.state.get("shown")


def hidden_from(test: ProbeRecord, viewer: Viewer) -> bool:
    """The viewer may not see the test's cards, margin or result (yet)."""
    return viewer.role != "gm" and secret(test)


def difficulty_hidden(test: ProbeRecord, viewer: Viewer) -> bool:
    """The viewer may not see the test's secret difficulty (until resolved or revealed)."""
    return (
        viewer.role != "gm"
        and bool(test.spec.get("secret_difficulty"))
        and not test.state.get("shown")
        and test.status != DONE
    )


def level_hidden(story: StoryRecord, test: ProbeRecord, side: Side, viewer: Viewer) -> bool:
    """The side is an NPC whose skills the viewer may not see: its level stays hidden."""
    spec = test.spec[side.value]
    if spec.get("kind") != "character" or viewer.role == "gm":
        return False
    return not shows(story.sheet(spec["character"]), "skills", viewer)


def _settle(story: StoryRecord, test: ProbeRecord, drawing: Drawing) -> None:
    """End the test once no joker can (or will) be spent: outcome, wound, log."""
    if not drawing.finished(_jokers(story, test)):
        return
    result = drawing.result()
    lost = loser(result)
    spec = test.spec
    wounded = None
    due = None
    if result.wound is not None and lost is not None and lost.value in spec["harm"]:
        if secret(test):  # a wound on the sheet would tell the result: it waits for the reveal
            due = lost.value
        else:
            wounded = _wound_side(story, test, lost.value, result.wound)
    test.status = DONE
    test.result = result.to_dict() | {
        "loser": None if lost is None else lost.value,
        "wounded": wounded,
    }
    if due is not None:
        test.result["due"] = due
    word = margin_word(result, drawing.ruleset)
    tie = result.player_total == result.opponent_total
    story.log.append(
        {
            "kind": "outcome",
            "number": test.number,
            "player": spec["player"]["name"],
            "outcome": result.outcome.value,
            "mine": result.player_total,
            "theirs": result.opponent_total,
            "margin": result.margin,
            "word": None if word is None else word.id,
            "tie": tie and result.skill != result.difficulty,
            "favoured": tie and result.skill == result.difficulty and not result.pvp,
        }
    )
    if wounded is not None and result.wound is not None:
        hurt = story.sheet(wounded)
        assert hurt is not None
        story.log.append(_wounded(hurt.character, result.wound) | {"number": test.number})


def _wound_side(story: StoryRecord, test: ProbeRecord, side: str, band: WoundBand) -> int | None:
    """The losing side's sheet takes the wound (if a character not yet out): its id."""
    spec = test.spec[side]
    sheet = story.sheet(spec["character"]) if spec["kind"] == "character" else None
    if sheet is None or sheet.character.is_out:
        return None
    sheet.character = sheet.character.with_wound(band)
    return sheet.id


def reveal(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The game master shows a secret test (its cards, margin, result, its difficulty) to
    everyone; a wound it dealt reaches the sheet now."""
    _gm(viewer, lang)
    test = _test(story, test_id, lang)
    if test.state.get("shown"):
        return
    test.state = test.state | {"shown": True}
    story.log.append({"kind": "reveal", "number": test.number})
    result = test.result
    if test.status == DONE and result is not None and result.get("due"):
        band = WoundBand(result["wound"])
        wounded = _wound_side(story, test, result["due"], band)
        test.result = {k: v for k, v in result.items() if k != "due"} | {"wounded": wounded}
        if wounded is not None:
            hurt = story.sheet(wounded)
            assert hurt is not None
            story.log.append(_wounded(hurt.character, band) | {"number": test.number})


def spend_joker(
    story: StoryRecord, viewer: Viewer, test_id: int, lang: str, body: Any = None
) -> int:
    """The tested player spends one joker: one more card (C6, D-33); the card drawn (in a
    story of real cards ``{"cards": ["7♣"]}``, the card drawn at the table)."""
    data = _object(body if body is not None else {}, ("cards",), lang)
    test = _test(story, test_id, lang)
    sheet = story.sheet(test.spec["player"]["character"])
    assert sheet is not None
    if viewer.role != "player" or viewer.sheet_id != sheet.id:
        raise ForbiddenError(refusal("not_your_jokers", lang, name=sheet.character.name))
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    if _no_jokers(test):
        raise ConflictError(refusal("secret_no_joker", lang))
    drawing = drawing_of(story, test, lang)
    if test.spec.get("cards") == "table" and drawing.may_spend(sheet.character.jokers):
        entered = test.state["table"]
        real = _real_cards(data.get("cards"), 1, entered["player"], drawing.ruleset, lang)
        test.state = test.state | {"table": entered | {"player": [*entered["player"], *real]}}
        drawing = drawing_of(story, test, lang)
    try:
        drawing = drawing.spend_joker(sheet.character.jokers)
        sheet.character = sheet.character.spent_jokers(1)
    except (DrawError, MessageError) as exc:
        raise ConflictError(describe(exc, lang)[:500]) from None
    test.state = test.state | {"jokers": drawing.jokers_spent}
    cards = drawing.cards(Side.PLAYER)
    story.log.append(
        {
            "kind": "joker",
            "number": test.number,
            "name": sheet.character.name,
            "card": cards[-1],
            "total": sum(cards),
        }
    )
    _settle(story, test, drawing)
    return cards[-1]


def stop(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The tested player (or the game master) keeps the result: no more jokers."""
    test = _test(story, test_id, lang)
    owner = holder(story, test, Side.PLAYER)
    if viewer.role != "gm" and not _holds(viewer, owner):
        name = test.spec["player"]["name"]
        raise ForbiddenError(refusal("not_yours", lang, name=name))
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    drawing = drawing_of(story, test, lang)
    if not drawing.revealed:
        raise ConflictError(refusal("not_revealed", lang))
    test.state = test.state | {"stopped": True}
    _settle(story, test, drawing.stop())


def cancel(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The game master calls a test off before its cards are face up."""
    _gm(viewer, lang)
    test = _test(story, test_id, lang)
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    if len(test.state["drawn"]) == len(Side):
        raise ConflictError(refusal("cannot_cancel", lang))
    test.status = CANCELLED
    story.log.append({"kind": "cancel", "number": test.number})
