"""The routes of the Analysis view (issue 45): the analysis of a finished game, and its page.

- ``GET /api/games/{id}/analysis?seat=N[&lang=]`` — a token (``Authorization: Bearer``; an
  API client may still send ``?token=``, the site's links never do) of a seat or of the
  spectator link. A seat's own token (``seat`` that seat,
  or left out) gets that seat's analysis, made from its own views only; any other asker
  (the spectator, another seat) the public form — each side's chance from the public
  view, no decision weighed. 200 with the analysis's JSON, or 202 ``{"progress": float}``
  while it is computed (ask again); 409 before the game is over; 422 for a seat the game
  does not have.
- ``GET /api/games/{id}/analysis/export?format=markdown|png[&seat=N][&lang=]`` (the token
  as above; the page fetches it with ``Authorization: Bearer`` and saves it) — the same
  analysis, once made, as a Markdown report (its graph named ``analysis-<id>.png``) or that
  graph: 200 a file; 202 ``{"progress"}`` before.
- ``GET /games/{id}/analysis[?seat=N][&lang=]#token=…`` — the view's page: it holds no token
  (the token stays in the link's fragment, the page's script sends it); an old link's
  ``?token=`` is redirected to the fragment.
- ``GET /analysis/static/{name}`` — its script and style sheet.

The work is :mod:`totenblatt.sim.analysis`'s, in a thread of its own beside the server
(the analysis itself on a process pool, :data:`SETTINGS`); results are kept with the game
(its id and its number of actions) while the server runs, the last :data:`KEPT` of them.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from totenblatt.sim.analysis import DEFAULT_BUDGET, Analysis, analyse, public_analysis
from totenblatt.sim.analysis.report import curve_png
from totenblatt.text.analysis import markdown_report
from totenblatt.wanted.engine import Game
from totenblatt.web.analysis.page import analysis_page
from totenblatt.web.shell.errors import (
    ConflictError,
    InvalidError,
    NotFoundError,
    UnauthorizedError,
)
from totenblatt.web.shell.games import GameHost, GameRoom
from totenblatt.web.shell.links import moved
from totenblatt.web.shell.words import LANGS

__all__ = ["KEPT", "SETTINGS", "Settings", "analysis_router"]

KEPT = 32
"""Analyses kept in memory (the oldest finished one goes first)."""
STATIC = {"analysis.js": "text/javascript", "analysis.css": "text/css"}


@dataclass
class Settings:
    """How the server analyses: worlds a decision (``budget``), processes (None: every core)."""

    budget: int = DEFAULT_BUDGET
    workers: int | None = None
    seed: int = 0


SETTINGS = Settings()
"""The server's settings (tests make the budget small)."""


@dataclass
class _Job:
    progress: float = 0.0
    result: Analysis | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return request.query_params.get("token")


def _seat(value: str | None, room: GameRoom) -> int | None:
    if value is None or value == "":
        return None
    try:
        seat = int(value)
    except ValueError:
        raise InvalidError(f"seat must be a whole number, got {value[:20]!r}") from None
    if not 0 <= seat < room.game.seats:
        raise InvalidError(f"seat must be 0 to {room.game.seats - 1}, got {seat}")
    return seat


class _Jobs:
    """The analyses made or being made while the server runs (the last :data:`KEPT`), made
    one at a time on a thread of their own."""

    def __init__(self) -> None:
        self.jobs: OrderedDict[tuple[Any, ...], _Job] = OrderedDict()
        self.lock = threading.Lock()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")

    def start(self, key: tuple[Any, ...], room: GameRoom, seat: int | None, public: bool) -> _Job:
        """The analysis ``key`` of ``room``'s game for ``seat`` (or its ``public`` form),
        started unless it is kept."""
        jobs = self.jobs
        with self.lock:
            job = jobs.get(key)
            if job is not None:
                jobs.move_to_end(key)
                return job
            job = jobs[key] = _Job()
            while len(jobs) > KEPT:
                oldest = next((k for k, j in jobs.items() if j.done.is_set()), None)
                if oldest is None:
                    break
                del jobs[oldest]
        settings = Settings(SETTINGS.budget, SETTINGS.workers, SETTINGS.seed)
        self.worker.submit(_run, job, room.game.clone(), seat, public, settings)
        return job

    async def job_of(self, request: Request, game_id: str) -> tuple[GameRoom, _Job, str]:
        """The analysis the asker may have (started if need be), and the language."""
        room, own = await _room_of(request, game_id)
        lang = _lang(request.query_params.get("lang"), room.lang)
        asked = _seat(request.query_params.get("seat"), room)
        if not room.game.is_over:
            raise ConflictError("the analysis is made after the game: this game is not over")
        seat: int | None = asked
        public = True
        if own is not None and asked in (None, own):
            seat, public = own, False
        key = (room.id, len(room.game.actions), "public" if public else "seat", seat)
        return room, self.start(key, room, seat, public), lang


def _run(job: _Job, game: Game, seat: int | None, public: bool, settings: Settings) -> None:
    """Make the analysis of ``job`` (on the analyses' thread)."""

    def progress(share: float) -> None:
        job.progress = share

    try:
        common: dict[str, Any] = {
            "budget": settings.budget,
            "seed": settings.seed,
            "workers": settings.workers,
            "progress": progress,
        }
        if public:
            job.result = public_analysis(game, seat=seat, **common)
        else:
            assert seat is not None
            job.result = analyse(game, seat, **common).compact()
    except Exception as exc:  # reported to the asker, the job kept as failed
        job.error = f"{type(exc).__name__}: {exc}"[:300]
    finally:
        job.progress = 1.0
        job.done.set()


async def _room_of(request: Request, game_id: str) -> tuple[GameRoom, int | None]:
    """The game and the asker's seat (None: the spectator)."""
    hub: GameHost = request.app.state.hub
    room = await hub.room(game_id)
    token = _token(request)
    if token is None:
        raise UnauthorizedError("this needs the token of a seat or the spectator link's token")
    return room, room.viewer(token).seat


def _unfinished(job: _Job) -> JSONResponse | None:
    """202 with the progress while the analysis is made, 500 if it failed; None when done."""
    if not job.done.is_set():
        return JSONResponse({"progress": round(job.progress, 3)}, status_code=202)
    if job.error is not None or job.result is None:
        return JSONResponse({"error": job.error or "no result"}, status_code=500)
    return None


def _export(room: GameRoom, result: Analysis, lang: str, format: str) -> Response:
    """The analysis as a Markdown report or its graph (a PNG), as a file to save."""
    data = result.to_json(lang)
    png = f"analysis-{room.id[:8]}.png"
    if format == "png":
        body: bytes | str = curve_png(data, lang)
        name, media = png, "image/png"
    else:
        body = markdown_report(data, lang, png, room.labels(lang))
        name, media = f"analysis-{room.id[:8]}.md", "text/markdown; charset=utf-8"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(body, media_type=media, headers=headers)


async def _page(request: Request, game_id: str) -> Response:
    """The view's page (an old link's ``?token=`` redirected to the fragment)."""
    if "token" in request.query_params:  # an old link: the token moves to the fragment
        path = f"/games/{quote(game_id, safe='')}/analysis"
        target = moved(path, request.query_params.multi_items())
        return RedirectResponse(target, status_code=303)
    hub: GameHost = request.app.state.hub
    room = await hub.room(game_id)
    lang = _lang(request.query_params.get("lang"), room.lang)
    boot = {
        "game_id": room.id,
        "lang": lang,
        "seat": _seat(request.query_params.get("seat"), room),  # None: the asker's own
        "labels": room.labels(lang),
        "over": room.game.is_over,
    }
    return HTMLResponse(analysis_page(boot, lang))


def analysis_router() -> APIRouter:
    """The routes (see the module docstring); one include line in ``create_app``."""
    router = APIRouter()
    jobs = _Jobs()

    @router.get("/api/games/{game_id}/analysis")
    async def analysis(request: Request, game_id: str) -> Response:
        _, job, lang = await jobs.job_of(request, game_id)
        waiting = _unfinished(job)
        if waiting is not None:
            return waiting
        assert job.result is not None
        return JSONResponse(job.result.to_json(lang))

    @router.get("/api/games/{game_id}/analysis/export")
    async def export(request: Request, game_id: str, format: str = "markdown") -> Response:
        if format not in ("markdown", "png"):
            raise InvalidError(f"format must be markdown or png, got {format[:20]!r}")
        room, job, lang = await jobs.job_of(request, game_id)
        waiting = _unfinished(job)
        if waiting is not None:
            return waiting
        assert job.result is not None
        return await asyncio.to_thread(_export, room, job.result, lang, format)

    @router.get("/games/{game_id}/analysis", response_class=HTMLResponse)
    async def page(request: Request, game_id: str) -> Response:
        return await _page(request, game_id)

    @router.get("/analysis/static/{name}")
    async def static(name: str) -> Response:
        media = STATIC.get(name)
        if media is None:
            raise NotFoundError("no such file")
        body = (files("totenblatt.web.analysis") / "static" / name).read_bytes()
        return Response(body, media_type=media, headers={"Cache-Control": "no-cache"})

    return router
