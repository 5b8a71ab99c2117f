"""The game night's routes (issue 24): chat, takeback, rematch, options, tape and export.

Every error is ``{"error": str}`` with its status; a token goes in ``Authorization:
Bearer`` (the export also takes ``?token=`` from an API client; the page fetches it with
``Authorization: Bearer`` and saves it: no link of the site has a token in its query);
``?lang=de|en`` picks the words. Mounted by :func:`~totenblatt.web.app.create_app` with one
include line; the work is :class:`~totenblatt.web.table.night.nights.GameNight`'s.

- ``POST /api/games/{id}/chat`` (seat or spectator) ``{"text"}`` or ``{"emote"}`` → 200
- ``POST /api/games/{id}/takeback`` (seat) → 200 ``{"status": "asked", "taken_back"}``,
  409 with the reason; ``POST /api/games/{id}/takeback/answer`` ``{"accept": bool}``
- ``POST /api/games/{id}/rematch`` (seat of a finished game) → 201, the create answer
- ``POST /api/games/{id}/options`` (seat) ``{"auto_pass_bids": bool}``
- ``POST /api/games/{id}/measure`` (seat or spectator) ``{"from", "to"}`` → the tape
- ``GET /api/games/{id}/export?format=replay|markdown`` (when over) → a file
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from totenblatt.text.night import night_refusal
from totenblatt.wanted.engine import SaveError
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import ConflictError, InvalidError, UnauthorizedError
from totenblatt.web.shell.limits import Budget, client_key
from totenblatt.web.shell.words import LANGS, describe
from totenblatt.web.table.export import markdown_report, public_file, slug
from totenblatt.web.table.hub import Hub, Room, Viewer
from totenblatt.web.table.night.nights import GameNight

__all__ = ["night_router"]


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client else "")


def _token(request: Request, query: bool = False) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return request.query_params.get("token") if query else None


def night_router(creations: Budget, actions: Budget) -> APIRouter:
    """The routes; ``creations`` and ``actions`` are the server's budgets per address (a
    rematch is a game created, a tape a preview)."""
    router = APIRouter()
    held: dict[str, GameNight] = {}

    def night(request: Request) -> GameNight:
        hub: Hub = request.app.state.hub
        found = held.get("night")
        if found is None or found.hub is not hub:
            found = held["night"] = GameNight(hub)
        return found

    async def seat_of(
        request: Request, game_id: str, query: bool = False, acting: bool = False
    ) -> tuple[GameNight, Room, Viewer, str]:
        if acting:  # the request spends the address's budget of actions
            actions.check(_client(request))
        found = night(request)
        room = await found.hub.room(game_id)
        token = _token(request, query)
        if token is None:
            raise UnauthorizedError("this needs the token of a seat or the spectator link's token")
        viewer = room.viewer(token)
        return found, room, viewer, _lang(request.query_params.get("lang"), room.lang)

    @router.post("/api/games/{game_id}/chat")
    async def chat(request: Request, game_id: str) -> dict[str, Any]:
        found, room, viewer, _ = await seat_of(request, game_id)
        return await found.say(room, viewer, await read_json(request), _client(request))

    @router.post("/api/games/{game_id}/takeback")
    async def takeback(request: Request, game_id: str) -> dict[str, Any]:
        found, room, viewer, lang = await seat_of(request, game_id, acting=True)
        return await found.ask_takeback(room, viewer, lang)

    @router.post("/api/games/{game_id}/takeback/answer")
    async def answer(request: Request, game_id: str) -> dict[str, Any]:
        found, room, viewer, lang = await seat_of(request, game_id, acting=True)
        return await found.answer_takeback(room, viewer, await read_json(request), lang)

    @router.post("/api/games/{game_id}/rematch")
    async def rematch(request: Request, game_id: str) -> JSONResponse:
        found, room, viewer, lang = await seat_of(request, game_id)
        base = str(request.base_url).rstrip("/")
        status, data = await found.rematch(room, viewer, _client(request), creations, base, lang)
        return JSONResponse(data, status_code=status)

    @router.post("/api/games/{game_id}/options")
    async def options(request: Request, game_id: str) -> dict[str, Any]:
        found, room, viewer, lang = await seat_of(request, game_id, acting=True)
        return await found.options(room, viewer, await read_json(request), lang)

    @router.post("/api/games/{game_id}/measure")
    async def measure(request: Request, game_id: str) -> dict[str, Any]:
        found, room, _, lang = await seat_of(request, game_id, acting=True)
        return await found.measure(room, await read_json(request), lang)

    @router.get("/api/games/{game_id}/export")
    async def export(request: Request, game_id: str, format: str = "replay") -> Response:
        found, room, _, lang = await seat_of(request, game_id, query=True)
        if format not in ("replay", "markdown"):
            raise InvalidError(f"format must be replay or markdown, got {format[:20]!r}")
        if not room.game.is_over:
            raise ConflictError(night_refusal("no_export", lang))
        if format == "replay":
            try:
                body = await found.hub.run(public_file, room, lang)
            except SaveError as exc:  # a campaign fight's table is made of its gangs
                raise ConflictError(describe(exc, lang)[:300]) from None
            name, media = f"{slug(room)}.json", "application/json"
        else:
            body = await found.hub.run(markdown_report, room, lang)
            name, media = f"{slug(room)}.md", "text/markdown; charset=utf-8"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(body, media_type=media, headers=headers)

    return router
