"""The words of the RPG table: the page's strings, refusals and the story's log, de and en.

Everything comes from the text layer's catalogs: the page's furniture is
``_STRINGS`` (a key the script uses and its message id, marked with ``N_``), a
refusal is :func:`refusal`, and a log entry (a dict the store keeps, see
:mod:`~totenblatt.web.stories.table`) is worded by :func:`log_line` in the
reader's language. Cards, wound bands and difficulty names are the RPG text
layer's (:mod:`totenblatt.text.rpg`) and the ruleset's.

>>> strings("de")["draw"], strings("en")["joker"]
('Ziehen', 'Spend a joker')
>>> log_line({"kind": "award", "name": "Trevor", "count": 1, "reason": "Stunt"}, "de")
'Der Spielleiter gibt Trevor 1 Joker für „Stunt“.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from totenblatt.rpg.rules import RpgRuleset, WoundBand
from totenblatt.text import words
from totenblatt.text.rpg import card_name, wound_name
from totenblatt.text.terms import N_
from totenblatt.web.shell.words import translated

__all__ = ["cards_text", "log_line", "refusal", "strings"]

_STRINGS: dict[str, str] = {
    "title": N_("Totenblatt — the RPG table"),
    "new_story": N_("New story"),
    "story_name": N_("Name of the story"),
    "language": N_("Language"),
    "create_story": N_("Start the story"),
    "created": N_("The story has begun. Keep your game master link to yourself:"),
    "gm_link": N_("Game master link"),
    "public_link": N_("Link for onlookers"),
    "open_gm": N_("Open the game master's screen"),
    "role_gm": N_("Game master"),
    "gm_tools": N_("The game master's tools"),
    "role_player": N_("Player: {name}"),
    "role_public": N_("Onlooker"),
    "connection_lost": N_("Connection lost — reconnecting…"),
    "refused": N_("This link is not valid for this story."),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "characters": N_("Characters"),
    "your_sheet": N_("Your sheet"),
    "npc": N_("NPC"),
    "stored": N_("from the store"),
    "jokers": N_("Jokers"),
    "wounds": N_("Wounds"),
    "wound_points": N_("{points} of {capacity} wound points"),
    "out": N_("out (Fallobst)"),
    "unhurt": N_("unhurt"),
    "skills": N_("Skills"),
    "no_skills": N_("no skills yet"),
    "notes": N_("Notes"),
    "save_notes": N_("Save notes"),
    "band_light": N_("light"),
    "band_normal": N_("normal"),
    "band_fat": N_("fat"),
    "add_character": N_("New character"),
    "name": N_("Name"),
    "skill": N_("Skill"),
    "level": N_("Level"),
    "add_skill": N_("Another skill"),
    "is_npc": N_("NPC (kept by the game master, no jokers)"),
    "create_character": N_("Add to the story"),
    "from_store": N_("Or bring a sheet from the store"),
    "stored_name": N_("Name of the stored sheet"),
    "bring": N_("Bring in"),
    "upload_sheet": N_("Or upload a sheet (the JSON of character show --json)"),
    "upload": N_("Upload"),
    "player_link": N_("Player link for {name}"),
    "new_link": N_("New player link"),
    "award": N_("Award a joker"),
    "award_reason": N_("What for? (shown to everyone)"),
    "wound": N_("Wound"),
    "heal": N_("Heal all"),
    "call_test": N_("Call a test"),
    "who": N_("Who"),
    "against": N_("Against"),
    "difficulty": N_("Difficulty"),
    "kind_difficulty": N_("a difficulty"),
    "kind_character": N_("a character"),
    "kind_grenade": N_("a hand grenade (D-40)"),
    "throws_grenade": N_("throws a hand grenade (level 5–6, D-40)"),
    "unaware": N_("the target does not know it is shot at (level 0, D-39)"),
    "ask_unaware": N_(
        "{name} has no skill “{skill}”. Test at level 0 (unaware)? Cancel calls no test."
    ),
    "visibility": N_("Who sees the cards"),
    "visibility_public": N_("everyone"),
    "visibility_gm": N_("the game master only"),
    "visibility_blind": N_("blind (the game master draws for the player too)"),
    "secret_difficulty": N_("secret difficulty (players see it once resolved)"),
    "secret_test": N_("secret — only the game master sees the cards and the result"),
    "secret_level": N_("secret"),
    "reveal": N_("Reveal to everyone"),
    "cards_mode": N_("Cards"),
    "cards_drawn": N_("the page draws them"),
    "cards_table": N_("real cards at the table, entered on the page"),
    "hidden_part": N_("hidden by the game master"),
    "shown": N_("Players see"),
    "shifts": N_("Shifts (fuzzy levels)"),
    "add_shift": N_("Add a shift"),
    "reason": N_("Reason"),
    "side_player": N_("the tested side"),
    "side_opponent": N_("the other side"),
    "harm": N_("Who is wounded on losing"),
    "call": N_("Call the test"),
    "current_test": N_("The test"),
    "test_n": N_("Test {n}"),
    "vs": N_("against"),
    "level_n": N_("level {level}"),
    "face_down": N_("face down"),
    "waiting_draw": N_("waits for {name} to draw"),
    "gm": N_("the game master"),
    "draw": N_("Draw"),
    "draw_for": N_("Draw for {name}"),
    "joker": N_("Spend a joker"),
    "jokers_left": N_("{n} left"),
    "stop": N_("Keep the result"),
    "cancel": N_("Call off"),
    "odds": N_("Odds before the draw"),
    "chance_success": N_("success {p}"),
    "chance_with_joker": N_("with {n} joker: {p}"),
    "chance_with_jokers": N_("with {n} jokers: {p}"),
    "being_drawn": N_("being drawn"),
    "margin_chart": N_("Margin (tested side − other side)"),
    "loser_wound": N_("The loser takes: {list}"),
    "success": N_("success"),
    "failure": N_("failure"),
    "nothing": N_("nothing happens"),
    "done": N_("decided"),
    "cancelled": N_("called off"),
    "no_test": N_("No test is being drawn."),
    "log": N_("Story"),
}

_REFUSALS: dict[str, str] = {
    "no_story": N_("no such story"),
    "no_token": N_("this needs the game master's token"),
    "not_gm": N_("only the game master may do this"),
    "not_operator": N_(
        "bringing in a stored sheet by name needs the operator's token (X-Operator-Token); "
        "upload its export (character show --json) instead"
    ),
    "bad_upload": N_("upload: {problem}"),
    "wrong_token": N_("that token does not belong to this story"),
    "no_character": N_("no character {id} in this story"),
    "no_test": N_("no test {id} in this story"),
    "name_taken": N_("a character called {name} is in this story already"),
    "too_many": N_("a story holds at most {most} characters"),
    "too_many_tests": N_("a story holds at most {most} tests"),
    "open_test": N_("test {n} is still being drawn: finish or call it off first"),
    "is_out": N_("{name} is out (Fallobst, D-32) and takes no test"),
    "same_character": N_("{name} cannot be tested against itself"),
    "secret_no_joker": N_("no jokers are spent in a secret test"),
    "no_skill": N_(
        "{name} has no skill “{skill}” (the sheet has: {known}); name one of them, or "
        "call the test with unaware: true to test at level 0 (nichtsahnend, D-39)"
    ),
    "npc_first": N_(
        "{npc} is an NPC and {pc} a player character: call the test for the player character "
        "(character {pc}, against {npc}); ties favour the player (C3)"
    ),
    "not_your_side": N_("you hold no side of this test that is still to draw"),
    "side_drawn": N_("that side has drawn already"),
    "not_your_jokers": N_("only {name}'s player spends {name}'s jokers"),
    "test_over": N_("the test is decided already"),
    "not_revealed": N_("the cards are not all face up yet: both sides draw first"),
    "cannot_cancel": N_("a test is called off only before its cards are face up"),
    "not_yours": N_("only the game master or {name}'s player may do this"),
    "npc_link": N_("{name} is an NPC: the game master plays it, there is no player link"),
    "bad_body": N_("{problem}"),
}


@lru_cache(maxsize=4)
def strings(lang: str) -> dict[str, str]:
    """Every page string in ``lang`` (unfilled templates), for the page's script."""
    tr = words(lang).tr
    out = translated(_STRINGS, lang)
    rules = RpgRuleset.load("rpg")
    for level in range(13):  # 0 to 12, as docs/rpg.md documents
        out[f"difficulty_{level}"] = rules.difficulty_name(level, lang)
    for band in WoundBand:
        out[f"wound_{band.value}"] = wound_name(band, lang)
    for value, picture in ((1, N_("ace")), (11, N_("jack")), (12, N_("queen")), (13, N_("king"))):
        out[f"card_{value}"] = tr.gettext(picture)
    return out


def refusal(key: str, lang: str, /, **values: Any) -> str:
    """Why the table refuses a request (``_REFUSALS``), in ``lang``."""
    return words(lang).phrase(_REFUSALS[key], **values)


def cards_text(values: Sequence[int], lang: str) -> str:
    """``11 (Bube) + 2`` — the cards drawn, named as the RPG text layer names them."""
    return " + ".join(card_name(v, lang) for v in values) or "—"


def _level_of(side: Mapping[str, Any], lang: str) -> str:
    """``Trevor (Sportlichkeit 2)``, ``difficulty 3 (heftig)``, ``a hand grenade (5)``: the
    level before the game master's shifts (they follow in lines of their own)."""
    w = words(lang)
    kind = side.get("kind")
    side = dict(side) | {"level": side.get("base", side.get("level"))}
    if kind == "difficulty" and side.get("secret"):
        return w.phrase("a secret difficulty")
    if kind == "difficulty":
        name = RpgRuleset.load("rpg").difficulty_name(int(side["level"]), lang)
        return w.phrase("difficulty {level} ({name})", level=side["level"], name=name)
    if kind == "grenade":
        return w.phrase("a hand grenade ({level})", level=side["level"])
    if side.get("secret"):
        return w.phrase(
            "{name} ({skill}, level secret)", name=side["name"], skill=side.get("skill")
        )
    if side.get("unaware"):
        return w.phrase(
            "{name} ({skill} 0, unaware)", name=side["name"], skill=side.get("skill") or "?"
        )
    if side.get("grenade"):
        return w.phrase(
            "{name} with a hand grenade ({level})", name=side["name"], level=side["level"]
        )
    return w.phrase(
        "{name} ({skill} {level})", name=side["name"], skill=side.get("skill"), level=side["level"]
    )


def log_line(entry: Mapping[str, Any], lang: str) -> str:
    """One entry of a story's log in words."""
    w = words(lang)
    kind = entry.get("kind")
    if kind == "story":
        return w.phrase("The story “{name}” begins.", name=entry["name"])
    if kind == "joined":
        if entry.get("npc"):
            return w.phrase("{name} joins the story (NPC).", name=entry["name"])
        if entry.get("stored"):
            return w.phrase(
                "{name} joins the story with the stored sheet, 1 joker (C6).", name=entry["name"]
            )
        return w.phrase("{name} joins the story with 1 joker.", name=entry["name"])
    if kind == "test":
        return _test_line(entry, lang)
    if kind == "reveal":
        return w.phrase("The game master reveals test {n}.", n=entry["number"])
    if kind == "shift":
        side = {"grenade": N_("the hand grenade"), "difficulty": N_("the difficulty")}
        name = entry.get("name") or w.gettext(side.get(entry.get("side", ""), side["difficulty"]))
        by = format(int(entry["by"]), "+d")
        return w.phrase(
            "{name}: level {before} → {after} ({by} {reason}).",
            name=name,
            before=entry["before"],
            after=entry["after"],
            by=by,
            reason=entry["reason"],
        )
    if kind == "revealed":
        return w.phrase(
            "Face up: {player} {cards} = {total}; {opponent} {their_cards} = {their_total}.",
            player=entry["player"],
            cards=cards_text(entry["cards"], lang),
            total=entry["total"],
            opponent=entry["opponent"] or w.gettext(_STRINGS["gm"]),
            their_cards=cards_text(entry["their_cards"], lang),
            their_total=entry["their_total"],
        )
    if kind == "joker":
        return w.phrase(
            "{name} spends a joker and draws {card} – now {total}.",
            name=entry["name"],
            card=card_name(int(entry["card"]), lang),
            total=entry["total"],
        )
    if kind == "outcome":
        return _outcome(entry, lang)
    return _sheet_line(entry, lang)


def _sheet_line(entry: Mapping[str, Any], lang: str) -> str:
    """A log entry of what befalls a character's sheet in words: a wound, a heal, jokers
    awarded, skills changed (or a test called off; an unknown kind as it is)."""
    w = words(lang)
    kind = entry.get("kind")
    if kind == "wound":
        line = w.phrase(
            "{name} takes {wound} ({points} of {capacity} wound points).",
            name=entry["name"],
            wound=wound_name(WoundBand(entry["band"]), lang),
            points=entry["points"],
            capacity=entry["capacity"],
        )
        if entry.get("out"):
            line += " " + w.phrase("{name} is out (Fallobst).", name=entry["name"])
        return line
    if kind == "wound_hidden":
        return w.phrase("{name} is wounded.", name=entry["name"])
    if kind == "heal_hidden":
        return w.phrase("{name} is healed.", name=entry["name"])
    if kind == "award":
        return w.phrase_n(
            "The game master awards {name} {n} joker for “{reason}”.",
            "The game master awards {name} {n} jokers for “{reason}”.",
            int(entry["count"]),
            name=entry["name"],
            reason=entry["reason"],
        )
    if kind == "heal":
        return w.phrase(
            "{name} is healed ({points} of {capacity} wound points).",
            name=entry["name"],
            points=entry["points"],
            capacity=entry["capacity"],
        )
    if kind == "skills":
        return w.phrase("The game master changes the skills of {name}.", name=entry["name"])
    if kind == "cancel":
        return w.phrase("Test {n} is called off.", n=entry["number"])
    return str(kind)


def _test_line(entry: Mapping[str, Any], lang: str) -> str:
    """A test asked: who against what, and who sees it."""
    w = words(lang)
    line = w.phrase(
        "Test {n}: {player} against {opponent}.",
        n=entry["number"],
        player=_level_of(entry["player"], lang),
        opponent=_level_of(entry["opponent"], lang),
    )
    if entry.get("visibility") == "gm":
        line += " " + w.phrase("Only the game master sees its cards and result.")
    elif entry.get("visibility") == "blind":
        line += " " + w.phrase("A blind test: the game master draws for both sides.")
    return line


def _outcome(entry: Mapping[str, Any], lang: str) -> str:
    """The outcome of a test: who made it by how much, a tie's rule in the core's words (C3)."""
    w = words(lang)
    scores = {"mine": entry["mine"], "theirs": entry["theirs"], "name": entry["player"]}
    outcome = entry["outcome"]
    if outcome == "nothing":
        return w.phrase("Same total, same level: nothing happens!")
    tie = ""
    if entry.get("favoured"):
        tie = " " + w.phrase("Same total, same level: the player is favoured.")
    elif entry.get("tie"):
        tie = " " + w.phrase("Same total: the higher level decides.")
    if outcome == "success":
        word = entry.get("word")  # the core's margin word (C3), a catalog id
        if word:
            how = w.gettext(str(word))
            line = w.phrase("{name} succeeds: {mine} against {theirs} – {how}!", how=how, **scores)
            return line + tie
        return w.phrase("{name} succeeds: {mine} against {theirs}.", **scores) + tie
    if not entry["margin"]:
        return w.phrase("{name} fails: {mine} against {theirs}.", **scores) + tie
    line = w.phrase(
        "{name} fails: {mine} against {theirs}, short by {margin}.",
        margin=entry["margin"],
        **scores,
    )
    return line + tie
