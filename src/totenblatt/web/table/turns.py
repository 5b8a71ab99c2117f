"""Whose turn it is in the games a browser holds seats of (issue 42): the lobby's "your games".

``POST /api/games/turns`` takes the seats a browser holds (the lobby keeps them in its
localStorage) as a list of ``{"game_id", "token"}`` and answers, per entry and in its order,
what that seat's own view says anyway: whether it is the seat's turn, the name of the seat
to act, whether the game has ended and the game's clock (:func:`seat_turn`). A game that
does not exist and a token that does not belong to it answer alike, ``{"unknown": true}``:
the answer never tells whether a game exists to one who holds none of its tokens.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request

from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import (
    ForbiddenError,
    InvalidError,
    NotFoundError,
    UnauthorizedError,
)
from totenblatt.web.shell.limits import Budget, client_key
from totenblatt.web.shell.words import LANGS
from totenblatt.web.table.hub import Hub
from totenblatt.web.table.room import Room

__all__ = ["MOST_ASKED", "seat_turn", "turns_router"]

MOST_ASKED = 60
"""The most seats one request asks about (the lobby keeps at most as many)."""

_SHAPE = 'the body is a list of {"game_id": str, "token": str}'


def seat_turn(room: Room, seat: int | None, lang: str, now: float) -> dict[str, Any]:
    """What the lobby shows of ``room`` to the holder of ``seat`` (None: the spectator's
    link): only what that seat's own view shows too — whose turn, the end, the clock."""
    ended = room.game.is_over or room.abandoned
    to_act = room.to_act
    return {
        "game_id": room.id,
        "seat": seat,
        "your_turn": to_act is not None and to_act == seat,
        "to_act": None if to_act is None else room.labels(lang)[to_act],
        "ended": ended,
        "clock": None if room.clock is None else room.clock.view(now),
    }


def _asked(raw: object) -> list[tuple[str, str]]:
    """The body's ``(game_id, token)`` pairs; :class:`InvalidError` says what is wrong."""
    if not isinstance(raw, list):
        raise InvalidError(_SHAPE)
    if len(raw) > MOST_ASKED:
        raise InvalidError(f"at most {MOST_ASKED} seats at once, got {len(raw)}")
    out = []
    for n, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"game_id", "token"}:
            raise InvalidError(f"entry {n}: {_SHAPE}")
        game_id, token = entry["game_id"], entry["token"]
        if not isinstance(game_id, str) or not isinstance(token, str):
            raise InvalidError(f"entry {n}: game_id and token are strings")
        out.append((game_id, token))
    return out


async def _turn_of(hub: Hub, game_id: str, token: str, lang: str, now: float) -> dict[str, Any]:
    """One entry's answer: its seat's turn, or ``{"unknown": true}`` for a game that does not
    exist or a token that is not one of its own (alike)."""
    try:
        room = await hub.room(game_id)
        viewer = room.viewer(token)
    except (NotFoundError, UnauthorizedError, ForbiddenError):
        return {"game_id": game_id, "unknown": True}
    return seat_turn(room, viewer.seat, lang, now)


def turns_router(actions: Budget, default_lang: str) -> APIRouter:
    """``POST /api/games/turns`` (each seat asked counts as one action of the client's budget,
    so that asking is never cheaper than looking at each view; names in ``?lang=``, else
    ``default_lang``)."""
    router = APIRouter()

    # Whose turn it is in each game of the seats given (the lobby's "your games").
    async def turns(request: Request, lang: str | None = None) -> dict[str, Any]:
        asked = _asked(await read_json(request))
        client = client_key(request.client.host if request.client else "")
        for _ in range(max(1, len(asked))):
            actions.check(client)
        hub: Hub = request.app.state.hub
        language = lang if lang in LANGS else default_lang
        now = time.time()
        return {"turns": [await _turn_of(hub, g, t, language, now) for g, t in asked]}

    router.add_api_route("/api/games/turns", turns, methods=["POST"])
    return router
