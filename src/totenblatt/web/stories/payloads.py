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
from totenblatt.web.stories.draws import (
    difficulty_hidden,
    drawing_of,
    hidden_from,
    holder,
    level_hidden,
    secret,
    table_cards,
)
from totenblatt.web.stories.table import DRAWING, Viewer, shows
from totenblatt.web.stories.words import log_line

__all__ = ["character_payload", "odds_payload", "story_payload", "test_payload", "visible_log"]


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
    if viewer.role == "gm" and sheet.shown is not None:
        out["shown"] = list(sheet.shown)
    hidden = [part for part in ("skills", "wounds") if not shows(sheet, part, viewer)]
    if hidden:  # an allow-list: what is hidden never leaves the server
        out["hidden"] = hidden
    if "skills" in hidden:
        out["skills"] = {}
    if "wounds" in hidden:
        out |= {"wounds": {}, "wound_points": None, "capacity": None, "out": None}
    return out


def _side(
    story: StoryRecord, test: ProbeRecord, drawing: Drawing, side: Side, viewer: Viewer
) -> dict[str, Any]:
    spec = test.spec[side.value]
    owner = holder(story, test, side)
    public = {k: spec[k] for k in ("kind", "base", "level", "shifts") if k in spec}
    masked = side is Side.OPPONENT and difficulty_hidden(test, viewer)
    if masked or level_hidden(story, test, side, viewer):
        public = {"kind": spec["kind"], "secret": True}
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
    hidden = hidden_from(test, viewer)  # a GM-only or blind test before the reveal
    # a secret difficulty or a hidden NPC's level, before the test is resolved
    unknown = difficulty_hidden(test, viewer) or (
        test.status != "done" and any(level_hidden(story, test, s, viewer) for s in Side)
    )
    face_up = drawing.revealed and not hidden and not unknown
    cards: dict[str, list[int]] = {}
    for s in Side:
        shown = face_up or (s in drawing.drawn and sides[s.value]["yours"] and not hidden)
        cards[s.value] = list(drawing.cards(s)) if shown else []
    sheet = story.sheet(test.spec["player"]["character"])
    held = 0 if sheet is None else sheet.character.jokers
    if test.spec.get("visibility", "public") != "public" or test.spec.get("secret_difficulty"):
        held = 0  # no jokers in a secret test (draws.spend_joker refuses them)
    result = {} if hidden else (test.result or {})
    counts: dict[str, int | None] = dict(zip(("player", "opponent"), drawing.counts, strict=True))
    for s in Side:  # a count tells a hidden level
        if sides[s.value].get("secret") and unknown:
            counts[s.value] = None
    out: dict[str, Any] = {
        "test_id": test.id,
        "number": test.number,
        "status": test.status,
        "pvp": test.spec["pvp"],
        "harm": test.spec["harm"],
        "sides": sides,
        "visibility": test.spec.get("visibility", "public"),
        "secret_difficulty": bool(test.spec.get("secret_difficulty")),
        "shown": bool(test.state.get("shown")),
        "counts": counts,
        "drawn": {s.value: s in drawing.drawn for s in Side},
        "cards": cards,
        "totals": {k: sum(v) for k, v in cards.items()} if face_up else {},
        "jokers_spent": drawing.jokers_spent,
        "outcome": result.get("outcome"),
        "margin": result.get("margin"),
        "wound": result.get("wound"),
        "wounded": result.get("wounded"),
        "standing": None,
        "narration": (_told(story, viewer, lang) if told is None else told).get(test.number, []),
    }
    yours = viewer.role == "player" and sheet is not None and viewer.sheet_id == sheet.id
    can = {"draw": [], "joker": False, "stop": False, "cancel": False, "reveal": False}
    can["reveal"] = (
        viewer.role == "gm"
        and not test.state.get("shown")
        and (secret(test) or (bool(test.spec.get("secret_difficulty")) and test.status == DRAWING))
    )
    if test.status == DRAWING:
        out |= _test_odds(test, drawing, unknown, held, lang)
    if test.status == DRAWING:
        can["draw"] = [s.value for s in Side if s not in drawing.drawn and sides[s.value]["yours"]]
        can["cancel"] = viewer.role == "gm" and not drawing.revealed
        if drawing.revealed and not hidden and not unknown:
            out["standing"] = drawing.result().outcome.value
            can["joker"] = yours and drawing.may_spend(held)
            can["stop"] = yours or viewer.role == "gm"
            why = drawing.refusal(held)
            if yours and why is not None:
                out["joker_refusal"] = render(why, lang)
        out["jokers_held"] = held
    out["can"] = can
    return out


def _test_odds(
    test: ProbeRecord, drawing: Drawing, unknown: bool, held: int, lang: str
) -> dict[str, Any]:
    """The odds of a test being drawn: ``odds`` when the viewer knows the levels, else the
    game master's ``odds_range`` (the odds at its ends) when it gave one (odds would tell a
    secret difficulty)."""
    if not unknown:
        odds = odds_payload(
            drawing.skill,
            drawing.difficulty,
            pvp=drawing.pvp,
            jokers=held,
            ruleset=drawing.ruleset,
            lang=lang,
        )
        return {"odds": odds}
    if "odds_range" not in test.spec:
        return {}
    low, high = test.spec["odds_range"]  # the game master's range: the odds at its ends
    ends = [
        probe_odds(drawing.skill, d, pvp=drawing.pvp, ruleset=drawing.ruleset).success
        for d in (high, low)
    ]
    return {"odds_range": {"low": _chance(ends[0], lang), "high": _chance(ends[1], lang)}}


def visible_log(story: StoryRecord, viewer: Viewer) -> list[dict[str, Any]]:
    """The log's entries the viewer may read (an allow-list per kind): of a secret test
    before the reveal only that it was called (and called off or revealed); of a secret
    difficulty before it is resolved neither its level, its shifts nor the cards face up."""
    if viewer.role == "gm":
        return list(story.log)
    tests = {t.number: t for t in story.tests}
    no_skills = {s.character.name for s in story.sheets if not shows(s, "skills", viewer)}
    no_wounds = {s.character.name for s in story.sheets if not shows(s, "wounds", viewer)}
    out: list[dict[str, Any]] = []
    for entry in story.log:
        number = entry.get("number")
        test = tests.get(number) if isinstance(number, int) else None
        kind = entry.get("kind")
        if kind in ("wound", "heal") and entry.get("name") in no_wounds:
            entry = {"kind": f"{kind}_hidden", "name": entry["name"]}
        if kind == "shift" and entry.get("name") in no_skills:
            continue
        if test is None:
            out.append(entry)
            continue
        unknown = difficulty_hidden(test, viewer)
        hid = {s: level_hidden(story, test, s, viewer) for s in Side}
        running = test.status != "done" and any(hid.values())
        if kind == "test":
            masked = dict(entry)
            if unknown:
                masked["opponent"] = {"kind": "difficulty", "secret": True}
            for s in Side:
                if hid[s]:
                    side = entry[s.value]
                    masked[s.value] = {k: side[k] for k in ("kind", "name", "skill") if k in side}
                    masked[s.value]["secret"] = True
            out.append(masked)
        elif kind in ("cancel", "reveal") or (
            not hidden_from(test, viewer)
            and not ((unknown or running) and kind == "revealed")
            and not (unknown and entry.get("side") == "difficulty")
        ):
            out.append(entry)
    return out


def _told(
    story: StoryRecord,
    viewer: Viewer,
    lang: str,
    entries: list[dict[str, Any]] | None = None,
    lines: list[str] | None = None,
) -> dict[int, list[str]]:
    """What the log tells the viewer of each test after it was called (the draws, jokers,
    outcome); ``entries``/``lines``: the viewer's log and its words, when already made."""
    told: dict[int, list[str]] = {}
    log = visible_log(story, viewer) if entries is None else entries
    for n, entry in enumerate(log):
        number = entry.get("number")
        if isinstance(number, int) and entry.get("kind") not in ("test", "shift"):
            line = lines[n] if lines is not None else log_line(entry, lang)
            told.setdefault(number, []).append(line)
    return told


SEED_SKILLS = (
    "Beweglichkeit",
    "Handliche Wummen",
    "Handliches Gemetzel",
    "Konstitution",
    "Sportlichkeit",
    "Wumme",
)
"""The skills the seed's examples name: every story's skill list starts with them."""


def _skill_list(story: StoryRecord, viewer: Viewer) -> list[str]:
    """The story's skills: the seed's, and every skill on a sheet the viewer may see."""
    names = {n.casefold(): n for n in SEED_SKILLS}
    for sheet in story.sheets:
        if shows(sheet, "skills", viewer):
            for name in sheet.character.skills:
                names.setdefault(name.casefold(), name)
    return sorted(names.values(), key=str.casefold)


def story_payload(story: StoryRecord, viewer: Viewer, lang: str) -> dict[str, Any]:
    """Everything ``viewer`` may know of the story, in ``lang``."""
    entries = visible_log(story, viewer)
    lines = [log_line(e, lang) for e in entries]
    told = _told(story, viewer, lang, entries, lines)
    return {
        "story_id": story.id,
        "name": story.name,
        "lang": story.lang,
        "version": story.version,
        "viewer": {"role": viewer.role, "character_id": viewer.sheet_id},
        "cards": "table" if table_cards(story) else "drawn",
        "skills": _skill_list(story, viewer),
        "characters": [character_payload(s, viewer) for s in story.sheets],
        "tests": [test_payload(story, t, viewer, lang, told) for t in story.tests],
        "log": lines,
    }
