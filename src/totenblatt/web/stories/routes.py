"""The RPG table's routes: the JSON API, the pages and the WebSocket of a story.

API (every error is ``{"error": str}`` with 401, 403, 404, 409, 413, 422 or 429; a
token goes in ``Authorization: Bearer``; ``?lang=de|en`` picks the words):

- ``POST /api/stories`` ``{"name", "lang"}`` → 201 ``{"story_id", "gm_token", "url",
  "public_url"}``; the story's seed comes from :mod:`secrets` and is never sent.
- ``GET /api/stories/{sid}`` (any token of the story, or none: the public part) → the
  viewer's payload (:mod:`~totenblatt.web.stories.payloads`).
- ``POST /api/stories/{sid}/characters`` (game master) ``{"name", "skills", "npc",
  "notes"}``, ``{"sheet": stored name}`` (with the operator's token in
  ``X-Operator-Token``; the story then holds the sheet, 409 while another holds it) or
  ``{"upload": the JSON of character show --json}`` (a copy the story owns) → 201
  ``{"character_id", "player_token" (None for an NPC), "url"}``;
  ``POST .../characters/{cid}/link`` → a new player link;
  ``.../jokers`` ``{"count", "reason"}``, ``.../wounds`` ``{"band"}``, ``.../heal``
  ``{"points"}`` (game master); ``PATCH .../characters/{cid}`` ``{"notes", "skills"}``.
- ``POST /api/stories/{sid}/tests`` (game master) ``{"character", "skill",
  "difficulty" | "against": {"character", "skill", "unaware"} | {"grenade"},
  "grenade", "shifts": [{"side", "by", "reason"}], "harm": [sides]}`` → 201
  ``{"test_id", "cards": {"player", "opponent"}, "odds"}``.
- ``POST .../tests/{tid}/draw`` (the token of a side) → that side's cards;
  ``.../joker`` (the tested player) → one more card, one joker fewer (409 when the test
  is won or no joker is left); ``.../stop`` (the tested player or the game master);
  ``.../cancel`` (the game master, before the cards are face up); ``.../reveal`` (the
  game master) shows a secret test to everyone.
- A test's ``"visibility"``: ``"public"`` (default), ``"gm"`` (only the game master sees
  its cards, margin and result; the player draws the own side unseen) or ``"blind"``
  (the game master draws both sides); ``"secret_difficulty": true`` hides a difficulty
  (its level, shifts, card count, the odds and the other side's cards) until the test is
  resolved or revealed (``"odds_range": [low, high]``: the players' odds as a range over
  those difficulties). No jokers are spent in such tests; a wound of a GM-only or
  blind test reaches the sheet at the reveal. ``"unaware": true`` tests a skill the
  sheet lacks at level 0 (else 422; in ``"against"`` for the other side).
- ``GET /stories`` (start a story), ``GET /stories/{sid}#token=`` (the page of the game
  master, a player or an onlooker: the token stays in the fragment, the page's script
  sends it; an old link's ``?token=`` is redirected to the fragment),
  ``WS /ws/stories/{sid}?token=&lang=`` (the viewer's payload after every change).

Database work runs in the thread pool, each change one locked transaction
(:meth:`~totenblatt.store.stories.Stories.change`); every change is pushed to the
story's sockets, each its own viewer's payload.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from typing import Any, Protocol, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from totenblatt.rpg.character import Character
from totenblatt.rpg.drawing import Side
from totenblatt.rpg.rules import builtin_rpg_rulesets
from totenblatt.store.characters import CharacterNotFoundError
from totenblatt.store.core import Database
from totenblatt.store.database import StoreError, StoreUnavailableError
from totenblatt.store.holders import HeldError
from totenblatt.store.stories import SheetRecord, Stories, StoryNotFoundError, StoryRecord
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import (
    BusyError,
    ConflictError,
    ForbiddenError,
    InvalidError,
    NotFoundError,
    UnauthorizedError,
    WebError,
)
from totenblatt.web.shell.games import GameHost
from totenblatt.web.shell.limits import Budget, Limits, client_key
from totenblatt.web.shell.operator import is_operator, require_creator
from totenblatt.web.shell.proxies import normalise_origin, same_origin
from totenblatt.web.shell.store_errors import busy
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.shell.words import LANGS, describe, page_lang
from totenblatt.web.stories import calls, draws, table
from totenblatt.web.stories.follow import StoryFollower
from totenblatt.web.stories.page import create_page, story_page
from totenblatt.web.stories.payloads import odds_payload, story_payload
from totenblatt.web.stories.sockets import StoryHub, Watcher, answer
from totenblatt.web.stories.sockets import message as story_message
from totenblatt.web.stories.table import Viewer, viewer_of
from totenblatt.web.stories.uploads import upload_sheet
from totenblatt.web.stories.words import refusal

__all__ = ["StoryHub", "StorySettings", "story_router"]

log = logging.getLogger("totenblatt.web")

_T = TypeVar("_T")
SEED_BITS = 63
"""A story's secret seed: 63 random bits (the database keeps a signed 64-bit integer)."""


class StorySettings(Protocol):
    """What the RPG table reads of the server's settings (``ServerSettings`` has it all)."""

    @property
    def limits(self) -> Limits:
        """The budgets per client (story creations count as game creations)."""

    @property
    def seeds(self) -> Callable[[], int] | None:
        """Where new stories' secret seeds come from (None: :mod:`secrets`)."""

    @property
    def allow_origins(self) -> tuple[str, ...]:
        """Other pages' origins whose scripts may open the WebSocket."""

    @property
    def lang(self) -> str:
        """The default language."""


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _client(connection: Request | WebSocket) -> str:
    return client_key(connection.client.host if connection.client else "")


def _stories(connection: Request | WebSocket) -> Stories:
    """The stories of the server's database (the one the web table's hub stores games in)."""
    database: Database = connection.app.state.hub.games.db
    return Stories(database)


async def _store(fn: Callable[..., _T], *args: Any, lang: str = "en") -> _T:
    """Run database work in the thread pool; the store's refusals as the API's errors."""
    try:
        return await run_in_threadpool(fn, *args)
    except StoryNotFoundError:
        raise NotFoundError(refusal("no_story", lang)) from None
    except CharacterNotFoundError as exc:
        raise NotFoundError(describe(exc, lang)[:300]) from None
    except StoreUnavailableError as exc:
        raise busy(exc, "a story") from None
    except StoreError as exc:
        text = describe(exc, lang)[:300]
        if isinstance(exc, HeldError) or "already" in str(exc):
            raise ConflictError(text) from None
        log.error("a story change was not stored: %s", exc)
        raise BusyError(text, retry_after=10) from None


class _Table:
    """The RPG table's state on one server: its sockets (:class:`StoryHub`), the following
    of other processes, the budgets, seeds and origins of ``settings``; and the steps every
    route shares (:meth:`change`, :meth:`told`)."""

    def __init__(self, settings: StorySettings) -> None:
        self.hub = StoryHub()
        self.follower = StoryFollower(self.hub.seen, self.reload)
        limits = settings.limits
        self.creations = Budget("story creations", limits.games_per_hour, 3600.0)
        self.actions = Budget("actions", limits.actions_per_minute, 60.0)
        self.seeds = settings.seeds or (lambda: secrets.randbits(SEED_BITS))
        self.origins = frozenset(normalise_origin(o) for o in settings.allow_origins)
        self.default_lang = settings.lang

    async def reload(self, server: GameHost, story_id: str) -> None:
        """Another process changed the story: load it and push it to the sockets here."""
        await self.hub.publish(await run_in_threadpool(Stories(server.games.db).load, story_id))

    async def change(
        self, request: Request, story_id: str, step: Callable[[StoryRecord, Viewer, str], _T]
    ) -> tuple[_T, StoryRecord]:
        """One change of the story by the request's token, then the pushes."""
        self.actions.check(_client(request))
        token = _bearer(request)
        asked = request.query_params.get("lang")

        def work(story: StoryRecord) -> _T:
            lang = _lang(asked, story.lang)
            viewer = viewer_of(story, token, lang)
            if viewer.role == "public":
                raise UnauthorizedError(refusal("no_token", lang))
            return step(story, viewer, lang)

        answer, story = await _store(
            _stories(request).change, story_id, work, lang=_lang(asked, self.default_lang)
        )
        await self.told(request, story)
        return answer, story

    async def told(self, request: Request, story: StoryRecord) -> None:
        """A change stored: the other processes are told, the sockets here get it."""
        self.follower.attach(request.app.state.hub)
        self.follower.announce(story.id, story.version)
        await self.hub.publish(story)

    @staticmethod
    async def body(request: Request) -> Any:
        """The request's JSON body (read within the server's limits)."""
        return await read_json(request)

    @staticmethod
    def base(request: Request) -> str:
        """The server's address as the request reached it (links are made from it)."""
        return str(request.base_url).rstrip("/")


def story_router(settings: StorySettings) -> APIRouter:
    """The routes of the RPG table on the server of ``settings`` (limits, seeds, origins)."""
    router = APIRouter()
    state = _Table(settings)
    _page_routes(router, state)
    _story_routes(router, state)
    _character_routes(router, state)
    _sheet_routes(router, state)
    _test_routes(router, state)
    _socket_route(router, state)
    router.story_hub = state.hub  # type: ignore[attr-defined]  # for tests behind the API
    return router


def _page_routes(router: APIRouter, state: _Table) -> None:
    """The pages: the start page and a story's page."""
    default_lang = state.default_lang

    @router.get("/stories", response_class=HTMLResponse)
    async def start_page(request: Request, lang: str | None = None) -> HTMLResponse:
        accept = request.headers.get("accept-language", "")
        return HTMLResponse(create_page(page_lang(lang, accept, default_lang)))

    @router.get("/stories/{story_id}", response_class=HTMLResponse)
    async def page(
        request: Request, story_id: str, token: str | None = None, lang: str | None = None
    ) -> Response:
        if token is not None:  # an old link: the token moves to the fragment
            query = "" if lang is None else f"?lang={_lang(lang, default_lang)}"
            return RedirectResponse(
                f"/stories/{quote(story_id, safe='')}{query}#token={quote(token, safe='')}",
                status_code=303,
                headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
            )
        story = await _store(_stories(request).load, story_id, lang=_lang(lang, default_lang))
        language = _lang(lang, story.lang)
        viewer = Viewer("public")  # the page's script fetches the viewer's own payload
        payload = await run_in_threadpool(story_payload, story, viewer, language)
        boot = {"story_id": story.id, "lang": language, "payload": payload}
        return HTMLResponse(story_page(story.name, boot, language))


def _story_routes(router: APIRouter, state: _Table) -> None:
    """Creating a story and reading its payload."""

    @router.post("/api/stories", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        require_creator(request)
        state.creations.check(_client(request))
        data = await state.body(request)
        if not isinstance(data, dict) or set(data) - {"name", "lang", "ruleset", "cards"}:
            raise InvalidError(
                'a story is {"name": str, "lang": "de" | "en", "cards": "drawn" | "table"}'
            )
        cards = data.get("cards", "drawn")
        if cards not in ("drawn", "table"):
            raise InvalidError(
                f"unknown cards {str(cards)[:20]!r}: expected drawn (the server's piles) or "
                "table (the real cards drawn at the table, entered on the page)"
            )
        lang = data.get("lang", state.default_lang)
        if lang not in LANGS:
            raise InvalidError(f"unknown lang {str(lang)[:20]!r}: expected {' or '.join(LANGS)}")
        ruleset = data.get("ruleset", "rpg")
        if ruleset not in builtin_rpg_rulesets():
            raise InvalidError(
                f"unknown ruleset {str(ruleset)[:40]!r}: expected one of "
                f"{', '.join(builtin_rpg_rulesets())}"
            )
        name = table._name(data.get("name"), "name", lang, limit=120)
        token = secrets.token_urlsafe(32)
        story_id = secrets.token_urlsafe(12)
        seed = state.seeds() & ((1 << SEED_BITS) - 1)

        def make() -> None:
            stories = _stories(request)
            stories.create(
                story_id,
                name=name,
                lang=lang,
                ruleset=ruleset,
                seed=seed,
                gm_hash=hash_token(token),
            )
            entry = {"kind": "story", "name": name} | (
                {"cards": "table"} if cards == "table" else {}
            )
            stories.change(story_id, lambda story: story.log.append(entry))

        await _store(make, lang=lang)
        return {
            "story_id": story_id,
            "gm_token": token,
            "url": f"{state.base(request)}/stories/{story_id}#token={token}",
            "public_url": f"{state.base(request)}/stories/{story_id}",
        }

    @router.get("/api/stories/{story_id}")
    async def read(request: Request, story_id: str, lang: str | None = None) -> Any:
        story = await _store(_stories(request).load, story_id, lang=_lang(lang, state.default_lang))
        language = _lang(lang, story.lang)
        viewer = viewer_of(story, _bearer(request), language)
        return JSONResponse(await run_in_threadpool(story_payload, story, viewer, language))


def _character_routes(router: APIRouter, state: _Table) -> None:
    """Adding a character to a story and bringing a sheet from another."""

    @router.post("/api/stories/{story_id}/characters", status_code=201)
    async def add(request: Request, story_id: str) -> dict[str, Any]:
        data = await state.body(request)
        if isinstance(data, dict) and "sheet" in data:
            sheet, token = await bring(request, story_id, data)
        elif isinstance(data, dict) and "upload" in data:
            (sheet, token), _ = await state.change(
                request, story_id, lambda story, viewer, lang: upload_sheet(
                    story, viewer, data, lang
                ),
            )  # fmt: skip
        else:
            (sheet, token), _ = await state.change(
                request, story_id, lambda story, viewer, lang: table.add_character(
                    story, viewer, data, lang
                ),
            )  # fmt: skip
        url = None if token is None else f"{state.base(request)}/stories/{story_id}#token={token}"
        return {"character_id": sheet.id, "player_token": token, "url": url}

    async def bring(
        request: Request, story_id: str, data: dict[str, Any]
    ) -> tuple[SheetRecord, str | None]:
        """A sheet of the store joins the story and is held by it (the game master, with the
        operator's token: only the operator may name the store's sheets)."""
        state.actions.check(_client(request))
        asked = request.query_params.get("lang")
        if set(data) != {"sheet"} or not isinstance(data["sheet"], str):
            raise InvalidError('a stored sheet is brought in with {"sheet": name} alone')
        if not is_operator(request):
            raise ForbiddenError(refusal("not_operator", _lang(asked, state.default_lang)))
        token_box: list[str | None] = []

        def step(story: StoryRecord, character: Character) -> SheetRecord:
            lang = _lang(asked, story.lang)
            viewer = viewer_of(story, _bearer(request), lang)
            if viewer.role != "gm":
                raise UnauthorizedError(refusal("not_gm", lang))
            sheet, token = table.bring_sheet(story, character, lang)
            token_box.append(token)
            return sheet

        sheet, story = await _store(
            _stories(request).bring, story_id, data["sheet"][:200], step,
            lang=_lang(asked, state.default_lang),
        )  # fmt: skip
        await state.told(request, story)
        return sheet, token_box[0]


def _sheet_routes(router: APIRouter, state: _Table) -> None:
    """Changing a character's sheet: jokers, wounds, healing, edits, links."""
    change = state.change
    body = state.body
    base = state.base

    def sheet_route(
        path: str, action: Callable[[StoryRecord, Viewer, int, Any, str], None]
    ) -> None:
        @router.post(f"/api/stories/{{story_id}}/characters/{{character_id}}/{path}")
        async def route(request: Request, story_id: str, character_id: int) -> dict[str, Any]:
            data = await body(request)
            _, story = await change(
                request, story_id, lambda s, v, lang: action(s, v, character_id, data, lang)
            )
            return {"version": story.version}

    sheet_route("jokers", table.award)
    sheet_route("wounds", table.wound)
    sheet_route("heal", table.heal)

    @router.patch("/api/stories/{story_id}/characters/{character_id}")
    async def edit(request: Request, story_id: str, character_id: int) -> dict[str, Any]:
        data = await body(request)
        _, story = await change(
            request, story_id, lambda s, v, lang: table.edit(s, v, character_id, data, lang)
        )
        return {"version": story.version}

    @router.post("/api/stories/{story_id}/characters/{character_id}/link")
    async def link(request: Request, story_id: str, character_id: int) -> dict[str, Any]:
        token, _ = await change(
            request, story_id, lambda s, v, lang: table.new_link(s, v, character_id, lang)
        )
        return {
            "character_id": character_id,
            "player_token": token,
            "url": f"{base(request)}/stories/{story_id}#token={token}",
        }


def _test_routes(router: APIRouter, state: _Table) -> None:
    """Calling a test and its steps: draw, joker, stop, cancel, reveal."""
    change = state.change
    body = state.body

    @router.post("/api/stories/{story_id}/tests", status_code=201)
    async def call(request: Request, story_id: str) -> dict[str, Any]:
        data = await body(request)
        test, story = await change(
            request, story_id, lambda s, v, lang: calls.call_test(s, v, data, lang)
        )
        drawing = draws.drawing_of(story, test)
        sheet = story.sheet(test.spec["player"]["character"])
        odds = await run_in_threadpool(
            lambda: odds_payload(
                drawing.skill,
                drawing.difficulty,
                pvp=drawing.pvp,
                jokers=0 if sheet is None else sheet.character.jokers,
                ruleset=drawing.ruleset,
                lang=_lang(request.query_params.get("lang"), story.lang),
            )
        )
        counts = dict(zip(("player", "opponent"), drawing.counts, strict=True))
        return {"test_id": test.id, "number": test.number, "cards": counts, "odds": odds}

    @router.post("/api/stories/{story_id}/tests/{test_id}/draw")
    async def draw(request: Request, story_id: str, test_id: int) -> dict[str, Any]:
        empty = request.headers.get("content-length") == "0"
        data = None if empty else await read_json(request)
        (side, cards), story = await change(
            request, story_id, lambda s, v, lang: draws.draw(s, v, test_id, data, lang)
        )
        return _drawn(story, test_id, side, list(cards), _viewer(request, story))

    @router.post("/api/stories/{story_id}/tests/{test_id}/joker")
    async def joker(request: Request, story_id: str, test_id: int) -> dict[str, Any]:
        empty = request.headers.get("content-length") in (None, "0")
        data = None if empty else await read_json(request)
        card, story = await change(
            request, story_id, lambda s, v, lang: draws.spend_joker(s, v, test_id, lang, data)
        )
        out = _drawn(story, test_id, Side.PLAYER, [card], _viewer(request, story))
        sheet = story.sheet(story.test(test_id).spec["player"]["character"])  # type: ignore[union-attr]
        out["jokers"] = None if sheet is None else sheet.character.jokers
        return out

    @router.post("/api/stories/{story_id}/tests/{test_id}/stop")
    async def stop(request: Request, story_id: str, test_id: int) -> dict[str, Any]:
        _, story = await change(
            request, story_id, lambda s, v, lang: draws.stop(s, v, test_id, lang)
        )
        return _drawn(story, test_id, None, [], _viewer(request, story))

    @router.post("/api/stories/{story_id}/tests/{test_id}/cancel")
    async def cancel(request: Request, story_id: str, test_id: int) -> dict[str, Any]:
        _, story = await change(
            request, story_id, lambda s, v, lang: draws.cancel(s, v, test_id, lang)
        )
        return _drawn(story, test_id, None, [], _viewer(request, story))

    @router.post("/api/stories/{story_id}/tests/{test_id}/reveal")
    async def reveal(request: Request, story_id: str, test_id: int) -> dict[str, Any]:
        _, story = await change(
            request, story_id, lambda s, v, lang: draws.reveal(s, v, test_id, lang)
        )
        return _drawn(story, test_id, None, [], _viewer(request, story))


def _socket_route(router: APIRouter, state: _Table) -> None:
    """The story's WebSocket: its payload after every change."""
    default_lang = state.default_lang
    hub = state.hub
    follower = state.follower
    origins = state.origins

    @router.websocket("/ws/stories/{story_id}")
    async def socket(websocket: WebSocket, story_id: str) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin is not None and not same_origin(origin, websocket.url.scheme, host, origins):
            await websocket.accept()
            await websocket.close(code=1008, reason="a page of another site may not connect")
            return
        token = websocket.query_params.get("token") or None
        lang = _lang(websocket.query_params.get("lang"), default_lang)
        try:
            story = await _store(_stories(websocket).load, story_id, lang=lang)
            viewer = viewer_of(story, token, lang)
        except WebError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message[:100])
            return
        await websocket.accept()

        async def close(code: int, reason: str) -> None:
            await websocket.close(code=code, reason=reason)

        watcher = Watcher(token, lang, websocket.send_text, close)
        follower.attach(websocket.app.state.hub)
        hub.add(story_id, watcher)
        try:
            async with watcher.lock:
                await websocket.send_text(
                    await run_in_threadpool(story_message, story, viewer, lang)
                )
                watcher.sent = story.version
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") or (message.get("bytes") or b"").decode(
                    "utf-8", "replace"
                )
                reply = answer(raw)
                async with watcher.lock:
                    await websocket.send_text(json.dumps(reply))
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(story_id, watcher)


def _viewer(request: Request, story: StoryRecord) -> Viewer:
    """Who made the change (its token was checked by the change)."""
    return viewer_of(story, _bearer(request), story.lang)


def _drawn(
    story: StoryRecord, test_id: int, side: Side | None, cards: list[int], viewer: Viewer
) -> dict[str, Any]:
    """The answer of a draw, joker, stop, cancel or reveal: the cards and where the test
    stands, as far as the viewer may know (nothing of a secret test but that it moved on)."""
    test = story.test(test_id)
    assert test is not None
    hidden = draws.hidden_from(test, viewer)
    result = {} if hidden or draws.difficulty_hidden(test, viewer) else (test.result or {})
    return {
        "test_id": test_id,
        "side": None if side is None else side.value,
        "cards": [] if hidden else cards,
        "status": test.status,
        "revealed": len(test.state["drawn"]) == len(Side),
        "outcome": result.get("outcome"),
        "margin": result.get("margin"),
        "wound": result.get("wound"),
        "version": story.version,
    }
