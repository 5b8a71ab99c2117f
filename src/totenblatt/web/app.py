"""The FastAPI application: the shell's settings and middleware, one router per feature.

``create_app(db_url)`` builds it; :mod:`totenblatt.cli.serve` runs it with uvicorn.
Every error of the API is ``{"error": "..."}`` with its status; every request
body and WebSocket message is limited in size and refused whole when malformed
(:mod:`~totenblatt.web.shell.bodies`); each client has budgets of game creations and
actions (:mod:`~totenblatt.web.shell.limits`); a WebSocket from another site's page is
closed (1008). :class:`~totenblatt.web.shell.guard.Guard` wraps it all. The features
live in their folders (``table/``, ``rules/``, ``companion/``, ``operator/``,
``campaign/``, ``stories/``, ``analysis/``, ``editor/``) over the shared ``shell/``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import load_policy
from totenblatt.web.analysis import analysis_router
from totenblatt.web.campaign import router as campaign_router
from totenblatt.web.companion.routes import companion_router
from totenblatt.web.editor import editor_router
from totenblatt.web.operator.routes import operator_router
from totenblatt.web.rules.pages import pages_router
from totenblatt.web.shell.bodies import MAX_BODY
from totenblatt.web.shell.errors import TooLargeError, WebError
from totenblatt.web.shell.games import GameHost
from totenblatt.web.shell.guard import Guard
from totenblatt.web.shell.operator import new_operator_token, operator_hash
from totenblatt.web.shell.page import (
    FOREVER,
    REVALIDATE,
    StaticFolder,
    dead_link_page,
    static_dir,
    static_prefix,
    wants_page,
)
from totenblatt.web.shell.proxies import Proxies, normalise_origin
from totenblatt.web.shell.settings import ServerSettings
from totenblatt.web.shell.store_errors import install as install_store_errors
from totenblatt.web.stories import story_router
from totenblatt.web.table.hub import Hub
from totenblatt.web.table.night.gamenight import night_router
from totenblatt.web.table.routes import table_router

__all__ = ["GZIP_LEVEL", "GZIP_MIN", "MAX_BODY", "ServerSettings", "create_app"]

GZIP_MIN = 1000
"""Bytes from which an answer is sent compressed (a smaller one gains less than the header)."""

GZIP_LEVEL = 6
"""gzip's level: nearly the smallest output at a fraction of level 9's work."""


def create_app(
    settings: ServerSettings | None = None, *, database: Database | None = None, **options: Any
) -> FastAPI:
    """The web table on the database of ``settings`` (or the keyword ``options`` of it).

    ``database``: an open database to use (and leave open) instead of ``settings.db_url``.
    """
    config = settings or ServerSettings(**options)
    # a file that is no policy: PolicyError now, not per page
    learned = load_policy(config.learned).scenario if config.learned else None
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
            webhook_allow=config.webhook_allow,
        )
        host: GameHost = hub  # what the features other than the table see of it
        app.state.hub = host
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
    # the static files: for good under their content hash, revalidated under the plain path
    app.mount(static_prefix(), StaticFolder(static_dir(), FOREVER), "static-hashed")
    app.mount("/static", StaticFolder(static_dir(), REVALIDATE), "static")
    app.include_router(campaign_router)  # the campaign at the table (web/campaign/)
    app.include_router(story_router(config))  # the RPG table (web/stories)
    app.include_router(night_router(creations, actions))  # a game night (web/table/night)
    app.include_router(pages_router(config.limits, config.lang))  # rules, tutorial, QR (rules/)
    app.include_router(companion_router(config.limits, config.lang))  # a real table (companion/)
    app.include_router(analysis_router())  # the analysis of a finished game (web/analysis)
    app.include_router(operator_router())  # the operator's page and store (web/operator)
    app.include_router(editor_router(config.limits, config.lang, config.scenario_dir))  # editor

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    # the lobby, the table page, the game API and the WebSocket (web/table)
    app.include_router(table_router(config.lang, learned, origins, creations, actions))
    # text answers compressed when the client accepts gzip (WebSockets and event streams not)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN, compresslevel=GZIP_LEVEL)
    app.add_middleware(Guard, proxies=proxies)
    _install_errors(app, config.lang)
    return app


def _install_errors(app: FastAPI, lang: str) -> None:
    """Every error of the API as ``{"error": "..."}`` with its status; a browser's page
    (a dead link to a game, campaign or story) as a small page with the same status."""

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        if wants_page(request):
            return dead_link_page(request, exc.status, lang)
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
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if wants_page(request) and exc.status_code in (403, 404):
            return dead_link_page(request, exc.status_code, lang)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)
