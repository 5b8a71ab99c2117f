"""What one viewer of a story receives: sheets, tests with the cards it may see, odds, the log.

Built from the stored story for one :class:`~totenblatt.web.stories.table.Viewer`:
the game master, a sheet's player or an onlooker. Never in it: the story's seed, a
pile's order, any token or token hash, a card of a side that has not been turned
face up (only its drawer sees it before both sides drew), notes of a sheet that is
not the viewer's (the game master sees all).

The odds (before anyone draws, for both sides to see) are the core's exact
fractions (:func:`~totenblatt.rpg.odds.probe_odds`) as ``"p/q"`` text and a float.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from totenblatt.rpg.drawing import Drawing, Side
from totenblatt.rpg.odds import margin_rows, probe_odds
from totenblatt.rpg.rules import RpgRuleset, WoundBand
from totenblatt.store.stories import ProbeRecord, SheetRecord, StoryRecord
from totenblatt.text import render, words
from totenblatt.web.stories.table import (
    DRAWING,
    Viewer,
    drawing_of,
    holder,
)
from totenblatt.web.stories.words import log_line

__all__ = ["character_payload", "odds_payload", "story_payload", "test_payload"]


def _chance(p: Fraction, lang: str) -> dict[str, Any]:
    return {"fraction": str(p), "float": float(p), "text": words(lang).percent(p, 1)}


def odds_payload(
    skill: int,
    difficulty: int,
    *,
    pvp: bool,
    jokers: int,
    ruleset: RpgRuleset,
    lang: str = "en",
) -> dict[str, Any]:
    """Exact odds of a test: outcomes, the margin's distribution, the loser's wound; and the
    success with the player's ``jokers`` spent only while behind (D-33). Each chance also
    as ``text``: the one percentage formatter (never a false 0 or 100)."""
    odds = probe_odds(skill, difficulty, pvp=pvp, ruleset=ruleset)
    out: dict[str, Any] = {
        "success": str(odds.success),
        "failure": str(odds.failure),
        "nothing": str(odds.nothing),
        "success_float": float(odds.success),
        "success_text": words(lang).percent(odds.success, 1),
        "margin": [
            {
                "margin": row.margin,
                "outcome": row.outcome.value,
                "wound": None if row.wound is None else row.wound.value,
            }
            | _chance(row.chance, lang)
            for row in margin_rows(odds, ruleset)
        ],
        "wound": {
            ("none" if band is None else band.value): _chance(p, lang)
            for band, p in odds.wound.items()
        },
        "jokers": jokers,
    }
    if jokers:
        more = probe_odds(skill, difficulty, pvp=pvp, jokers=jokers, ruleset=ruleset)
        out["with_jokers"] = {
            "jokers": jokers,
            "success": str(more.success),
            "success_float": float(more.success),
            "success_text": words(lang).percent(more.success, 1),
            "expected_jokers": str(more.expected_jokers),
        }
    return out


def character_payload(sheet: SheetRecord, viewer: Viewer) -> dict[str, Any]:
    """One sheet as the viewer sees it (notes only for the game master and its player)."""
    c = sheet.character
    out: dict[str, Any] = {
        "character_id": sheet.id,
        "name": c.name,
        "npc": not c.player,
        "skills": dict(c.skills),
        "jokers": c.jokers,
        "wounds": {band.value: c.bands.get(band.value, 0) for band in WoundBand},
        "wound_points": c.wounds,
        "capacity": c.capacity,
        "out": c.is_out,
        "stored": sheet.stored_as is not None,
    }
    if viewer.role == "gm" or (viewer.role == "player" and viewer.sheet_id == sheet.id):
        out["notes"] = c.notes
    return out


def _side(
    story: StoryRecord, test: ProbeRecord, drawing: Drawing, side: Side, viewer: Viewer
) -> dict[str, Any]:
    spec = test.spec[side.value]
    owner = holder(story, test, side)
    public = {k: spec[k] for k in ("kind", "base", "level", "shifts") if k in spec}
    for key in ("character", "name", "skill", "npc", "unaware", "grenade"):
        if key in spec:
            public[key] = spec[key]
    public["holder"] = "gm" if owner is None else owner
    mine = (viewer.role == "gm") if owner is None else viewer.sheet_id == owner
    public["yours"] = mine and viewer.role != "public"
    return public


def test_payload(
    story: StoryRecord,
    test: ProbeRecord,
    viewer: Viewer,
    lang: str,
    told: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """One test: both sides, the cards the viewer may see, the odds, the outcome, what the
    viewer may do now (``can``); ``told``: the log's lines by test number (built once)."""
    drawing = drawing_of(story, test, lang)
    sides = {s.value: _side(story, test, drawing, s, viewer) for s in Side}
    cards: dict[str, list[int]] = {}
    for s in Side:
        shown = drawing.revealed or (s in drawing.drawn and sides[s.value]["yours"])
        cards[s.value] = list(drawing.cards(s)) if shown else []
    sheet = story.sheet(test.spec["player"]["character"])
    held = 0 if sheet is None else sheet.character.jokers
    result = test.result or {}
    out: dict[str, Any] = {
        "test_id": test.id,
        "number": test.number,
        "status": test.status,
        "pvp": test.spec["pvp"],
        "harm": test.spec["harm"],
        "sides": sides,
        "counts": dict(zip(("player", "opponent"), drawing.counts, strict=True)),
        "drawn": {s.value: s in drawing.drawn for s in Side},
        "cards": cards,
        "totals": {k: sum(v) for k, v in cards.items()} if drawing.revealed else {},
        "jokers_spent": drawing.jokers_spent,
        "outcome": result.get("outcome"),
        "margin": result.get("margin"),
        "wound": result.get("wound"),
        "wounded": result.get("wounded"),
        "standing": None,
        "narration": (_told(story, lang) if told is None else told).get(test.number, []),
    }
    yours = viewer.role == "player" and sheet is not None and viewer.sheet_id == sheet.id
    can = {"draw": [], "joker": False, "stop": False, "cancel": False}
    if test.status == DRAWING:
        out["odds"] = odds_payload(
            drawing.skill,
            drawing.difficulty,
            pvp=drawing.pvp,
            jokers=held,
            ruleset=drawing.ruleset,
            lang=lang,
        )
        can["draw"] = [s.value for s in Side if s not in drawing.drawn and sides[s.value]["yours"]]
        can["cancel"] = viewer.role == "gm" and not drawing.revealed
        if drawing.revealed:
            out["standing"] = drawing.result().outcome.value
            can["joker"] = yours and drawing.may_spend(held)
            can["stop"] = yours or viewer.role == "gm"
            why = drawing.refusal(held)
            if yours and why is not None:
                out["joker_refusal"] = render(why, lang)
        out["jokers_held"] = held
    out["can"] = can
    return out


def _told(story: StoryRecord, lang: str, lines: list[str] | None = None) -> dict[int, list[str]]:
    """What the log tells of each test after it was called (the draws, jokers, outcome);
    ``lines``: the whole log in words, when already worded."""
    told: dict[int, list[str]] = {}
    for n, entry in enumerate(story.log):
        number = entry.get("number")
        if isinstance(number, int) and entry.get("kind") not in ("test", "shift"):
            line = lines[n] if lines is not None else log_line(entry, lang)
            told.setdefault(number, []).append(line)
    return told


def story_payload(story: StoryRecord, viewer: Viewer, lang: str) -> dict[str, Any]:
    """Everything ``viewer`` may know of the story, in ``lang``."""
    lines = [log_line(e, lang) for e in story.log]
    told = _told(story, lang, lines)
    return {
        "story_id": story.id,
        "name": story.name,
        "lang": story.lang,
        "version": story.version,
        "viewer": {"role": viewer.role, "character_id": viewer.sheet_id},
        "characters": [character_payload(s, viewer) for s in story.sheets],
        "tests": [test_payload(story, t, viewer, lang, told) for t in story.tests],
        "log": lines,
    }
