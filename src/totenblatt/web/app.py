"""The FastAPI application: the lobby, the table page, the JSON API and the WebSocket.

``create_app(db_url)`` builds it; :mod:`totenblatt.cli.serve` runs it with uvicorn.
Every error of the API is ``{"error": "..."}`` with its status; every request
body and WebSocket message is limited in size and refused whole when malformed
(:mod:`~totenblatt.web.shell.bodies`); each client has budgets of game creations and
actions (:mod:`~totenblatt.web.shell.limits`); a WebSocket from another site's page is
closed (1008). :class:`~totenblatt.web.shell.guard.Guard` wraps it all.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import load_policy
from totenblatt.web.analysis import analysis_router
from totenblatt.web.campaign import router as campaign_router
from totenblatt.web.companion.routes import companion_router
from totenblatt.web.editor import editor_router
from totenblatt.web.operator.routes import operator_router
from totenblatt.web.rules.pages import pages_router
from totenblatt.web.shell.bodies import MAX_BODY, parse_json, read_json
from totenblatt.web.shell.errors import TooLargeError
from totenblatt.web.shell.guard import Guard
from totenblatt.web.shell.limits import Limits, client_key
from totenblatt.web.shell.operator import new_operator_token, operator_hash
from totenblatt.web.shell.proxies import Proxies, normalise_origin, same_host, same_origin
from totenblatt.web.shell.store_errors import install as install_store_errors
from totenblatt.web.shell.store_errors import unavailable
from totenblatt.web.shell.words import LANGS
from totenblatt.web.stories import story_router
from totenblatt.web.table.hub import (
    ConflictError,
    ForbiddenError,
    GameSpec,
    Hub,
    InvalidError,
    Room,
    Subscriber,
    UnauthorizedError,
    Viewer,
    WebError,
)
from totenblatt.web.table.night.gamenight import night_router
from totenblatt.web.table.previews import PreviewError, attack_preview, move_preview
from totenblatt.web.table.render import lobby_page, table_data, table_page
from totenblatt.web.table.replay import replay_frames

__all__ = ["MAX_BODY", "ServerSettings", "create_app"]

log = logging.getLogger("totenblatt.web")


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How the server runs: database, bot delay, default language, limits."""

    db_url: str | None = None
    bot_delay: float = 0.8
    lang: str = "en"
    seeds: Callable[[], int] | None = None
    """Where new games' seeds come from: 64 bits from :mod:`secrets` unless a test fixes them."""
    bot_processes: int | None = None
    """Worker processes for search bots and bot-only games (None: one per core but one)."""
    bot_think: float = 1.5
    """Seconds a bot of a worker process (the hard bot) may think for a decision at most."""
    limits: Limits = field(default_factory=Limits)
    """Budgets per client, games at most, when idle games end (:mod:`~totenblatt.web.shell.limits`)."""
    trusted_proxies: tuple[str, ...] = ()
    """Reverse proxies (addresses, networks) whose ``X-Forwarded-*`` headers are believed."""
    allow_origins: tuple[str, ...] = ()
    """Other pages' origins (``https://host``) whose scripts may open the WebSocket."""
    header_timeout: float = 10.0
    """Seconds a request's line and headers may take to arrive (:mod:`~totenblatt.web.shell.server`)."""
    body_timeout: float = 30.0
    """Seconds a request's body may take to arrive after its headers."""
    learned: str | None = None
    """The policy file of the lobby's learned bot (``python -m totenblatt.env.train``; None:
    the lobby offers none)."""
    operator_token: str | None = None
    """The operator's token (:mod:`~totenblatt.web.shell.operator`); None: a random one is made when
    the application is created (only its hash is kept, in ``app.state.operator_hash``)."""
    private: bool = False
    """Only the operator may create stories and campaigns (``--private``); else anybody."""
    scenario_dir: str | None = None
    """The server's scenario folder (``--scenario-dir``): its ``NAME.toml`` files are found
    by name like the built-ins, and the editor saves there (:mod:`~totenblatt.web.editor`);
    None: no folder."""


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def _client(connection: Request | WebSocket) -> str:
    """The key of the client's budgets: its address (a trusted proxy's client's)."""
    return client_key(connection.client.host if connection.client else "")


def create_app(
    settings: ServerSettings | None = None, *, database: Database | None = None, **options: Any
) -> FastAPI:
    """The web table on the database of ``settings`` (or the keyword ``options`` of it).

    ``database``: an open database to use (and leave open) instead of ``settings.db_url``.
    """
    config = settings or ServerSettings(**options)
    # a file that is no policy: PolicyError now, not per page
    learned = load_policy(config.learned).scenario if config.learned else None
    state: dict[str, Any] = {}
    proxies = Proxies.parse(config.trusted_proxies)
    origins = frozenset(normalise_origin(o) for o in config.allow_origins)
    creations, actions = config.limits.budgets()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = database if database is not None else Database(config.db_url)
        hub = Hub(
            WebGames(db),
            bot_delay=config.bot_delay,
            limits=config.limits,
            seeds=config.seeds,
            bot_processes=config.bot_processes,
            bot_think=config.bot_think,
            learned=config.learned,
        )
        state["hub"] = hub
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            if database is None:
                db.close()

    app = FastAPI(title="Totenblatt", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.operator_hash = operator_hash(config.operator_token or new_operator_token())
    app.state.private = config.private
    install_store_errors(app)  # a store that is away: 503 JSON on every route
    app.mount("/static", StaticFiles(directory=str(files("totenblatt.web") / "static")), "static")
    app.include_router(campaign_router)  # the campaign at the table (web/campaign/)
    app.include_router(story_router(config))  # the RPG table (web/stories)
    app.include_router(night_router(creations, actions))  # a game night (web/gamenight)
    app.include_router(pages_router(config.limits, config.lang))  # rules, tutorial, QR (web/pages)
    app.include_router(companion_router(config.limits, config.lang))  # a real table (companion)
    app.include_router(analysis_router())  # the analysis of a finished game (web/analysis)
    app.include_router(operator_router())  # the operator's page and store (web/operator_page)
    app.include_router(editor_router(config.limits, config.lang, config.scenario_dir))  # editor

    def hub() -> Hub:
        found: Hub = state["hub"]
        return found

    app.add_middleware(Guard, proxies=proxies)

    @app.exception_handler(WebError)
    async def web_error(_: Request, exc: WebError) -> JSONResponse:
        headers = {}
        if exc.retry_after is not None:
            headers["Retry-After"] = str(exc.retry_after)
        if isinstance(exc, TooLargeError):  # the rest of the body is not read: close
            headers["Connection"] = "close"
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return JSONResponse({"error": f"{where}: {first.get('msg', 'invalid')}"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    async def seat_of(game_id: str, token: str | None) -> tuple[Room, Viewer]:
        room = await hub().room(game_id)
        return room, room.viewer(token)

    # -- pages ---------------------------------------------------------------------------

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request, lang: str | None = None) -> HTMLResponse:
        accept = request.headers.get("accept-language", "")
        guess = "de" if accept.lower().startswith("de") else config.lang
        return HTMLResponse(lobby_page(_lang(lang, guess), learned))

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def table(request: Request, game_id: str, lang: str | None = None) -> HTMLResponse:
        tokens = request.query_params.getlist("token")[:8]
        if not tokens:
            raise UnauthorizedError("the table page needs ?token= (a seat's or a spectator's)")
        room = await hub().room(game_id)
        viewers = [room.viewer(t) for t in tokens]
        seats = [v.seat for v in viewers]
        if None in seats and len(seats) > 1:
            raise ForbiddenError("a spectator link cannot be combined with seat tokens")
        await hub().join(room, seats)  # these invite links have connected: the seats are taken
        language = _lang(lang, room.lang)
        shown = next((s for s in seats if s == room.game.to_act), seats[0])
        shown_viewer = next(v for v in viewers if v.seat == shown)  # its token: its links
        payload = json.loads(await hub().payload(room, shown_viewer, language))
        boot = {
            "game_id": room.id,
            "tokens": [{"seat": v.seat, "token": t} for v, t in zip(viewers, tokens, strict=True)],
            "hotseat": len([s for s in seats if s is not None]) > 1,
            "lang": language,
            "table": await hub().run(table_data, room.game, language),
            "payload": payload,
            "spectator_url": f"/games/{room.id}?token={room.spectator_token}",
        }
        html = await hub().run(table_page, room.game, payload, boot, language)
        return HTMLResponse(html)

    # -- the API -------------------------------------------------------------------------

    @app.get("/api/games")
    async def games(lang: str | None = None) -> dict[str, Any]:
        return {"games": await hub().lobby(_lang(lang, config.lang))}

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        client = _client(request)
        creations.check(client)
        spec = GameSpec.parse(await read_json(request))
        room, tokens = await hub().create(spec, client)
        base = str(request.base_url).rstrip("/")
        seats = []
        for seat, (kind, token) in enumerate(zip(spec.kinds, tokens, strict=True)):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if token is not None:
                entry["token"] = token
                entry["url"] = f"{base}/games/{room.id}?token={token}"
            seats.append(entry)
        return {
            "game_id": room.id,
            "seats": seats,
            "spectator_url": f"{base}/games/{room.id}?token={room.spectator_token}",
        }

    @app.get("/api/games/{game_id}/view")
    async def view(request: Request, game_id: str, lang: str | None = None) -> Response:
        room, viewer = await seat_of(game_id, _bearer(request))
        data = await hub().payload(room, viewer, _lang(lang, room.lang))
        return Response(data, media_type="application/json")

    @app.post("/api/games/{game_id}/actions")
    async def act(
        request: Request, game_id: str, version: int | None = None, lang: str | None = None
    ) -> dict[str, Any]:
        actions.check(_client(request))
        room, viewer = await seat_of(game_id, _bearer(request))
        raw = await read_json(request)
        events = await hub().act(room, viewer, raw, version, _lang(lang, room.lang))
        return {"events": events}

    @app.post("/api/games/{game_id}/preview")
    async def preview(request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
        actions.check(_client(request))
        room, viewer = await seat_of(game_id, _bearer(request))
        if viewer.seat is None:
            raise ForbiddenError("a spectator has no previews")
        raw = await read_json(request)
        if not isinstance(raw, dict) or raw.get("kind") not in ("move", "attack"):
            raise InvalidError('a preview is {"kind": "move" | "attack", ...}')
        language = _lang(lang, room.lang)
        seat = viewer.seat

        def work() -> dict[str, Any]:
            try:
                if raw["kind"] == "move":
                    return move_preview(room.game, seat, raw, language)
                return attack_preview(room.game, seat, room.game.view(seat), raw, language)
            except PreviewError as exc:
                raise InvalidError(str(exc)[:300]) from None

        return await hub().run(work)

    @app.get("/api/games/{game_id}/replay")
    async def replay(request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
        token = _bearer(request) or request.query_params.get("token")
        room, viewer = await seat_of(game_id, token)
        del viewer
        if not room.game.is_over:
            raise ConflictError("the replay opens when the game is over")
        language = _lang(lang, room.lang)
        return await hub().run(replay_frames, room, language)

    # -- the WebSocket -------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin is not None and not same_origin(origin, websocket.url.scheme, host, origins):
            if same_host(origin, host) and not state.get("hinted"):
                state["hinted"] = True  # once: a misconfiguration, not an attack
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
        token = websocket.query_params.get("token")
        try:
            with unavailable("a socket"):  # a store that is away: 4503, the page tries again
                room, viewer = await seat_of(game_id, token)
                await hub().join(room, [viewer.seat])
        except WebError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message[:100])
            return
        await websocket.accept()
        lang = _lang(websocket.query_params.get("lang"), room.lang)
        tail = websocket.query_params.get("tail") == "1"  # views with the new events only
        subscriber = Subscriber(viewer, lang, websocket.send_text, tail=tail)
        client = _client(websocket)
        await hub().subscribe(room, subscriber)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                reply = await _answer(room, viewer, raw, lang, client)
                async with subscriber.lock:
                    await websocket.send_text(json.dumps(reply, ensure_ascii=False))
        except WebSocketDisconnect:
            pass
        finally:
            hub().unsubscribe(room, subscriber)

    async def _answer(
        room: Room, viewer: Viewer, raw: str, lang: str, client: str
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
            actions.check(client)
            version = data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise InvalidError("version must be a whole number")
            with unavailable("a socket's action"):
                events = await hub().act(room, viewer, data.get("action"), version, lang)
            return {"type": "result", "events": events}
        except WebError as exc:
            reply: dict[str, Any] = {"type": "error", "status": exc.status, "error": exc.message}
            if exc.retry_after is not None:
                reply["retry_after"] = exc.retry_after
            return reply

    return app
