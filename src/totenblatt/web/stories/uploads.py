"""A sheet uploaded into a story: the JSON of ``character show --json``, made the story's own.

The upload is a *copy*: the story owns it, the store's sheet of that name (if any) is
neither read nor changed, and nobody learns whether one exists (issue 38). It joins as a
stored sheet brought in does: a new story for it (C6: jokers reset), a player link unless
it is an NPC.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from totenblatt.rpg.character import Character
from totenblatt.store.stories import SheetRecord, StoryRecord
from totenblatt.web.shell.errors import InvalidError
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.stories.table import Viewer, _check_new, _core, _gm, _object
from totenblatt.web.stories.words import refusal

__all__ = ["upload_sheet"]

DERIVED = ("capacity", "remaining", "out", "held_by")
"""Keys of ``character show --json`` that follow from the sheet (not read back)."""


def upload_sheet(
    story: StoryRecord, viewer: Viewer, body: Any, lang: str
) -> tuple[SheetRecord, str | None]:
    """``{"upload": <character show --json>}`` (the game master): the sheet and its
    player's token (None for an NPC)."""
    _gm(viewer, lang)
    data = _object(body, ("upload",), lang)
    raw = data["upload"]
    if not isinstance(raw, Mapping):
        raise InvalidError(
            refusal("bad_upload", lang, problem="expected the JSON of character show --json")
        )
    try:
        character = Character.from_dict({k: v for k, v in raw.items() if k not in DERIVED})
        if character.ruleset != story.ruleset:
            raise InvalidError(
                refusal(
                    "bad_upload",
                    lang,
                    problem=f"the sheet plays the ruleset {character.ruleset[:40]!r}, "
                    f"the story {story.ruleset!r}",
                )
            )
    except ValueError as exc:
        raise _core(exc, lang) from None
    _check_new(story, character.name, lang)
    token = secrets.token_urlsafe(32) if character.player else None
    sheet = SheetRecord(character.new_story(), None if token is None else hash_token(token))
    story.sheets.append(sheet)
    story.log.append({"kind": "joined", "name": character.name, "npc": not character.player})
    return sheet, token
