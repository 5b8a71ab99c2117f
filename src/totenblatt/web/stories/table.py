"""The RPG table's steps: who may do what to a story, and what it does to the story's record.

Each step gets the story as the store loaded it (:class:`~totenblatt.store.stories.StoryRecord`),
checks that the viewer may take it, asks the RPG core and changes the record; the
store writes it in one transaction (:meth:`~totenblatt.store.stories.Stories.change`).
No rule lives here: levels and shifts (:mod:`totenblatt.rpg.levels`), the draw, jokers
and outcome (:class:`~totenblatt.rpg.drawing.Drawing`, which resolves with
:func:`~totenblatt.rpg.probe.resolve_probe`) and wounds (:class:`~totenblatt.rpg.Character`)
are the core's. Here: the viewer, the checks of a request's body, and the characters'
sheets; calling a test is :mod:`~totenblatt.web.stories.calls`, drawing it
:mod:`~totenblatt.web.stories.draws`.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.names import clean_name, same_name
from totenblatt.rpg.character import Character
from totenblatt.rpg.drawing import DrawError
from totenblatt.rpg.rules import WoundBand
from totenblatt.store.stories import SheetRecord, StoryRecord
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
    "edit",
    "heal",
    "new_link",
    "shows",
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
