"""The operator's page and API: what the store holds, and who holds each item.

- ``GET /operator`` — a page; its script reads the token from the address's fragment
  (``/operator#token=…``, never sent in a request line) and shows ``GET /api/store``.
- ``GET /api/store`` (``Authorization: Bearer`` the operator's token; 401 without a
  token, 403 with another) → ``{"gangs": [{"name", "held_by"}…], "sheets": [...]}``,
  ``held_by`` null or ``{"kind": "campaign" | "story", "id", "name"}``.

Only the operator learns the names of stored things (issue 38).
"""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from totenblatt.store.core import Database
from totenblatt.store.holders import Holders
from totenblatt.text.catalog import words
from totenblatt.web.shell.operator import require_operator
from totenblatt.web.shell.page import document
from totenblatt.web.shell.store_errors import unavailable
from totenblatt.web.shell.words import page_lang

__all__ = ["operator_router"]


def _strings(lang: str) -> dict[str, str]:
    w = words(lang)
    return {
        "title": w.phrase("The operator's store"),
        "gangs": w.phrase("Gangs"),
        "sheets": w.phrase("Character sheets"),
        "free": w.phrase("free"),
        "campaign": w.phrase("held by the campaign {name}"),
        "story": w.phrase("held by the story {name}"),
        "none": w.phrase("none stored"),
        "kept": w.phrase(
            "This browser keeps the operator's token: its campaign and story pages bring in "
            "the stored gangs and sheets by name."
        ),
        "no_token": w.phrase("This page needs the operator link that totenblatt serve printed."),
    }


def _page(lang: str) -> str:
    strings = _strings(lang)
    return document(
        title=f"{strings['title']} — Totenblatt",
        lang=lang,
        body=f'<header id="bar"><h1>{escape(strings["title"])}</h1></header>'
        '<main id="main"><p id="status" role="status"></p>'
        '<section id="gangs"></section><section id="sheets"></section></main>',
        styles=("/static/story.css",),
        script="/static/js/operator.js",
        data={"strings": strings},
        body_class="story-page",
    )


def operator_router() -> APIRouter:
    """The routes of the operator (see the module docstring)."""
    router = APIRouter()

    @router.get("/operator", response_class=HTMLResponse)
    async def page(request: Request, lang: str | None = None) -> HTMLResponse:
        language = page_lang(lang, request.headers.get("accept-language", ""), "en")
        return HTMLResponse(_page(language))

    @router.get("/api/store")
    async def store(request: Request) -> dict[str, Any]:
        require_operator(request)
        database: Database = request.app.state.hub.games.db
        holders = Holders(database)

        def read() -> dict[str, Any]:
            return {
                "gangs": [g.to_dict() for g in holders.gangs()],
                "sheets": [s.to_dict() for s in holders.sheets()],
            }

        with unavailable():
            return await run_in_threadpool(read)

    return router
