"""The Wanted table's routes: the lobby, the table page, the game API and the WebSocket.

:func:`table_router` builds them; the hub of games is the application's
(``app.state.hub``, started by :func:`~totenblatt.web.app.create_app`). Every
request body and WebSocket message is limited in size and refused whole when
malformed (:mod:`~totenblatt.web.shell.bodies`); each client has budgets of game
creations and actions (:mod:`~totenblatt.web.shell.limits`); a WebSocket from another
site's page is closed (1008).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.requests import HTTPConnection

from totenblatt.web.shell.bodies import MAX_BODY, parse_json, read_json
from totenblatt.web.shell.errors import (
    ConflictError,
    ForbiddenError,
    InvalidError,
    TooLargeError,
    UnauthorizedError,
    WebError,
)
from totenblatt.web.shell.limits import Budget, client_key
from totenblatt.web.shell.links import game_link, moved
from totenblatt.web.shell.proxies import same_host, same_origin
from totenblatt.web.shell.store_errors import unavailable
from totenblatt.web.shell.words import LANGS, page_lang
from totenblatt.web.table.days import clock_rule
from totenblatt.web.table.hub import GameSpec, Hub, Room, Subscriber, Viewer
from totenblatt.web.table.previews import PreviewError, attack_preview, move_preview
from totenblatt.web.table.render import lobby_page, table_data, table_page
from totenblatt.web.table.replay import replay_frames
from totenblatt.web.table.turns import turns_router

__all__ = ["table_router"]

log = logging.getLogger("totenblatt.web")


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


MAX_TOKENS = 8
"""Tokens one table page may hold (hot-seat: every seat of one device)."""


def _boot_tokens(body: Any, bearer: str | None) -> list[str]:
    """The tokens a table page boots with: ``{"tokens": [...]}`` (1 to 8), else the bearer's."""
    if isinstance(body, dict) and set(body) == {"tokens"}:
        tokens = body["tokens"]
        if (
            isinstance(tokens, list)
            and 0 < len(tokens) <= MAX_TOKENS
            and all(isinstance(t, str) and t for t in tokens)
        ):
            return tokens
    elif (body is None or body == {}) and bearer is not None:
        return [bearer]
    if body is None or body == {} or body == {"tokens": []}:
        raise UnauthorizedError(
            "the table page needs a token (a seat's or the spectator link's): open the link "
            "you were given, whose end is #token=…"
        )
    raise InvalidError(
        f'the table page boots with {{"tokens": ["...", ...]}} (1 to {MAX_TOKENS} tokens of '
        "this game: a seat's, several seats' of one device or the spectator link's) or a "
        "token in Authorization: Bearer"
    )


def _client(connection: Request | WebSocket) -> str:
    """The key of the client's budgets: its address (a trusted proxy's client's)."""
    return client_key(connection.client.host if connection.client else "")


def _hub(connection: HTTPConnection) -> Hub:
    """The application's hub of games (started by its lifespan)."""
    found: Hub = connection.app.state.hub
    return found


async def _seat_of(hub: Hub, game_id: str, token: str | None) -> tuple[Room, Viewer]:
    room = await hub.room(game_id)
    return room, room.viewer(token)


@dataclass(eq=False)
class _Table:
    """The table's routes over its settings: the default language, the learned bot's
    scenario, the WebSocket's allowed origins and the budgets of creations and actions.

    Its routes say what they do in comments: FastAPI would publish docstrings in
    ``/openapi.json``, which stays as it was before the routes left ``create_app``."""

    default_lang: str
    learned: str | None
    origins: frozenset[tuple[str, str, int]]
    creations: Budget
    actions: Budget
    hinted: bool = field(default=False, init=False)

    # -- pages ---------------------------------------------------------------------------

    # The lobby: new games and the games running.
    async def lobby(self, request: Request, lang: str | None = None) -> HTMLResponse:
        return HTMLResponse(lobby_page(self._visitor_lang(request, lang), self.learned))

    def _visitor_lang(self, request: Request, lang: str | None) -> str:
        """A page's language: ``?lang=``, else the visitor's (Accept-Language), else the
        server's default — never the game's creator's (an invited friend reads their own)."""
        return page_lang(lang, request.headers.get("accept-language", ""), self.default_lang)

    # A game's table page: no token and nothing of a seat in it (the tokens stay in the
    # link's fragment, #token=…; the page's script asks /boot with them). An old link's
    # ``?token=`` is redirected to the fragment.
    async def table(self, request: Request, game_id: str, lang: str | None = None) -> Response:
        if "token" in request.query_params:
            path = f"/games/{quote(game_id, safe='')}"
            target = moved(path, request.query_params.multi_items())
            return RedirectResponse(target, status_code=303)
        hub = _hub(request)
        room = await hub.room(game_id)
        language = self._visitor_lang(request, lang)
        public = json.loads(await hub.payload(room, Viewer(None, None), language))
        shown = {"figures": public["figures"], "hand": []}  # the board's first paint only
        boot = {
            "game_id": room.id,
            "lang": language,
            "table": await hub.run(table_data, room.game, language),
        }
        html = await hub.run(table_page, room.game, shown, boot, language)
        return HTMLResponse(html)

    # What the table page of ``tokens`` (a seat's, hot-seat seats' or the spectator's) starts
    # with: the seats, the shown seat's payload, the spectator link.
    async def boot(self, request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
        hub = _hub(request)
        headers = request.headers
        sent = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        tokens = _boot_tokens(await read_json(request) if sent else None, _bearer(request))
        room = await hub.room(game_id)
        viewers = [room.viewer(t) for t in tokens]
        seats = [v.seat for v in viewers]
        if None in seats and len(seats) > 1:
            raise ForbiddenError("a spectator link cannot be combined with seat tokens")
        await hub.join(room, seats)  # these invite links have connected: the seats are taken
        language = self._visitor_lang(request, lang)
        shown = next((s for s in seats if s == room.game.to_act), seats[0])
        shown_viewer = next(v for v in viewers if v.seat == shown)  # its token: its links
        return {
            "game_id": room.id,
            "tokens": [{"seat": v.seat, "token": t} for v, t in zip(viewers, tokens, strict=True)],
            "hotseat": len([s for s in seats if s is not None]) > 1,
            "lang": language,
            "payload": json.loads(await hub.payload(room, shown_viewer, language)),
            "spectator_url": game_link(room.id, room.spectator_token),
        }

    # -- the API -------------------------------------------------------------------------

    # The lobby's list of games.
    async def games(self, request: Request, lang: str | None = None) -> dict[str, Any]:
        return {"games": await _hub(request).lobby(_lang(lang, self.default_lang))}

    # A new game: its id, each seat's link and the spectator's.
    async def create(self, request: Request) -> dict[str, Any]:
        client = _client(request)
        self.creations.check(client)
        body = await read_json(request)
        rule = clock_rule(body)  # a game that lasts days: taken out of the body
        spec = GameSpec.parse(body)
        room, tokens = await _hub(request).create(spec, client, clock=rule)
        base = str(request.base_url).rstrip("/")
        seats = []
        for seat, (kind, token) in enumerate(zip(spec.kinds, tokens, strict=True)):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if token is not None:
                entry["token"] = token
                entry["url"] = game_link(room.id, token, base=base)
            seats.append(entry)
        return {
            "game_id": room.id,
            "seats": seats,
            "spectator_url": game_link(room.id, room.spectator_token, base=base),
        }

    # The view of the bearer's seat.
    async def view(self, request: Request, game_id: str, lang: str | None = None) -> Response:
        hub = _hub(request)
        room, viewer = await _seat_of(hub, game_id, _bearer(request))
        data = await hub.payload(room, viewer, _lang(lang, room.lang))
        return Response(data, media_type="application/json")

    # The bearer's seat acts: the events it caused.
    async def act(
        self, request: Request, game_id: str, version: int | None = None, lang: str | None = None
    ) -> dict[str, Any]:
        self.actions.check(_client(request))
        hub = _hub(request)
        room, viewer = await _seat_of(hub, game_id, _bearer(request))
        raw = await read_json(request)
        events = await hub.act(room, viewer, raw, version, _lang(lang, room.lang))
        return {"events": events}

    # What a move or an attack of the bearer's seat would do (the core's answer).
    async def preview(
        self, request: Request, game_id: str, lang: str | None = None
    ) -> dict[str, Any]:
        hub, room, seat, raw = await self._seated_body(request, game_id, "previews")
        if not isinstance(raw, dict) or raw.get("kind") not in ("move", "attack"):
            raise InvalidError('a preview is {"kind": "move" | "attack", ...}')
        language = _lang(lang, room.lang)

        def work() -> dict[str, Any]:
            try:
                if raw["kind"] == "move":
                    return move_preview(room.game, seat, raw, language)
                return attack_preview(room.game, seat, room.game.view(seat), raw, language)
            except PreviewError as exc:
                raise InvalidError(str(exc)[:300]) from None

        return await hub.run(work)

    # The bearer's seat's webhook: "your turn" POSTed there (an allowed host only).
    async def webhook(self, request: Request, game_id: str) -> dict[str, Any]:
        hub, room, seat, raw = await self._seated_body(request, game_id, "webhook")
        if not isinstance(raw, dict) or set(raw) != {"url"}:
            raise InvalidError('a webhook is {"url": "https://..."} (or "" for none)')
        page = f"{str(request.base_url).rstrip('/')}/games/{room.id}"
        await hub.days.set_hook(room, seat, raw["url"], page)
        return {"seat": seat, "url": raw["url"] or None}

    async def _seated_body(
        self, request: Request, game_id: str, what: str
    ) -> tuple[Hub, Room, int, Any]:
        """A seat's request (its budget spent): the hub, the room, the bearer's seat and the
        JSON body; a spectator has no ``what``."""
        self.actions.check(_client(request))
        hub = _hub(request)
        room, viewer = await _seat_of(hub, game_id, _bearer(request))
        if viewer.seat is None:
            raise ForbiddenError(f"a spectator has no {what}")
        return hub, room, viewer.seat, await read_json(request)

    # A finished game's replay, frame by frame.
    async def replay(
        self, request: Request, game_id: str, lang: str | None = None
    ) -> dict[str, Any]:
        hub = _hub(request)
        token = _bearer(request) or request.query_params.get("token")
        room, viewer = await _seat_of(hub, game_id, token)
        del viewer
        if not room.game.is_over:
            raise ConflictError("the replay opens when the game is over")
        language = _lang(lang, room.lang)
        return await hub.run(replay_frames, room, language)

    # -- the WebSocket -------------------------------------------------------------------

    # A seat's (or the spectator's) WebSocket: its views pushed, its actions taken.
    async def socket(self, websocket: WebSocket, game_id: str) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin is not None and not same_origin(origin, websocket.url.scheme, host, self.origins):
            if same_host(origin, host) and not self.hinted:
                self.hinted = True  # once: a misconfiguration, not an attack
                log.warning(
                    "a WebSocket of %s was refused: the request came as %s://%s; behind a "
                    "reverse proxy, name it with --trusted-proxy",
                    origin[:100],
                    websocket.url.scheme,
                    host[:100],
                )
            await websocket.accept()  # so that the page learns why: 1008, not a failed handshake
            await websocket.close(code=1008, reason="a page of another site may not connect")
            return
        hub = _hub(websocket)
        token = websocket.query_params.get("token")
        try:
            with unavailable("a socket"):  # a store that is away: 4503, the page tries again
                room, viewer = await _seat_of(hub, game_id, token)
                await hub.join(room, [viewer.seat])
        except WebError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message[:100])
            return
        await websocket.accept()
        lang = _lang(websocket.query_params.get("lang"), room.lang)
        tail = websocket.query_params.get("tail") == "1"  # views with the new events only
        subscriber = Subscriber(viewer, lang, websocket.send_text, tail=tail)
        client = _client(websocket)
        await hub.subscribe(room, subscriber)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                reply = await self._answer(hub, room, viewer, raw, lang, client)
                async with subscriber.lock:
                    await websocket.send_text(json.dumps(reply, ensure_ascii=False))
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(room, subscriber)

    async def _answer(
        self, hub: Hub, room: Room, viewer: Viewer, raw: str, lang: str, client: str
    ) -> dict[str, Any]:
        """One client message: ``{"type": "action", "action": {...}, "version": n}`` or ping."""
        try:
            if len(raw) > MAX_BODY:
                raise TooLargeError(f"the message is larger than {MAX_BODY} bytes")
            data = parse_json(raw)
            if not isinstance(data, dict):
                raise InvalidError('a message is {"type": "action", "action": {...}} or a ping')
            if data.get("type") == "ping":
                return {"type": "pong"}
            if data.get("type") != "action":
                raise InvalidError('a message is {"type": "action", "action": {...}} or a ping')
            self.actions.check(client)
            version = data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise InvalidError("version must be a whole number")
            with unavailable("a socket's action"):
                events = await hub.act(room, viewer, data.get("action"), version, lang)
            return {"type": "result", "events": events}
        except WebError as exc:
            reply: dict[str, Any] = {"type": "error", "status": exc.status, "error": exc.message}
            if exc.retry_after is not None:
                reply["retry_after"] = exc.retry_after
            return reply


def table_router(
    default_lang: str,
    learned: str | None,
    origins: frozenset[tuple[str, str, int]],
    creations: Budget,
    actions: Budget,
) -> APIRouter:
    """The table's pages, API and WebSocket (see :class:`_Table` for what they read)."""
    table = _Table(default_lang, learned, origins, creations, actions)
    router = APIRouter()
    router.add_api_route("/", table.lobby, methods=["GET"], response_class=HTMLResponse)
    router.add_api_route(
        "/games/{game_id}", table.table, methods=["GET"], response_class=HTMLResponse
    )
    router.add_api_route("/api/games", table.games, methods=["GET"])
    router.add_api_route("/api/games", table.create, methods=["POST"], status_code=201)
    router.add_api_route("/api/games/{game_id}/boot", table.boot, methods=["POST"])
    router.add_api_route("/api/games/{game_id}/view", table.view, methods=["GET"])
    router.add_api_route("/api/games/{game_id}/actions", table.act, methods=["POST"])
    router.add_api_route("/api/games/{game_id}/preview", table.preview, methods=["POST"])
    router.add_api_route("/api/games/{game_id}/replay", table.replay, methods=["GET"])
    router.add_api_route("/api/games/{game_id}/webhook", table.webhook, methods=["PUT"])
    router.add_api_websocket_route("/ws/games/{game_id}", table.socket)
    router.include_router(turns_router(actions, default_lang))  # the lobby's "your games"
    return router
