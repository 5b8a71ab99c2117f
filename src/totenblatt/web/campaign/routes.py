"""The campaign's routes: its JSON API and its pages (one :class:`APIRouter`).

Routes only parse, call the :class:`~.service.CampaignTable` and answer; errors are the
game table's (``{"error": ...}`` with 401, 403, 404, 409, 422, 429, 503), bodies are read
and limited by :func:`~totenblatt.web.shell.bodies.read_json`, each client has budgets like at
the table (campaigns, gangs and fights count as creations; every other change as an
action), and the security headers come from the application's guard.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from totenblatt.store.campaign_records import CampaignRecord
from totenblatt.web.campaign.access import Who
from totenblatt.web.campaign.pages import (
    campaign_page,
    fight_page,
    index_page,
    roster_page,
    sheets_page,
)
from totenblatt.web.campaign.service import CampaignTable, gang_of
from totenblatt.web.campaign.shapes import gang_json, member_rows
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.games import GameHost
from totenblatt.web.shell.limits import client_key
from totenblatt.web.shell.operator import is_operator, require_creator
from totenblatt.web.shell.words import LANGS, page_lang

__all__ = ["router"]

router = APIRouter()


def _table(request: Request) -> CampaignTable:
    """The server's campaign table (made with its hub on first use)."""
    hub: GameHost = request.app.state.hub
    table: CampaignTable | None = getattr(request.app.state, "campaign_table", None)
    if table is None or table.hub is not hub:
        table = CampaignTable(hub)
        request.app.state.campaign_table = table
    return table


def _token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client else "")


async def _opened(
    request: Request, campaign_id: str, page: bool = False
) -> tuple[CampaignTable, CampaignRecord, Who]:
    """The campaign table, the campaign and who asks: by the request's token, or, for a
    ``page`` (its token stays in the fragment), the public."""
    table = _table(request)
    record, who = await table.open(campaign_id, None if page else _token(request))
    return table, record, who


async def _posted(
    request: Request, campaign_id: str
) -> tuple[CampaignTable, CampaignRecord, Who, Any]:
    """A change to a campaign: its table, the campaign, who asks (by token), the JSON body,
    after the client's action budget is charged."""
    table, record, who = await _opened(request, campaign_id)
    table.actions.check(_client(request))
    return table, record, who, await read_json(request)


async def _creation(
    request: Request, campaign_id: str
) -> tuple[CampaignTable, CampaignRecord, Any]:
    """A gang or fight the arbitrator adds: the table, the campaign, the JSON body, after the
    client's creation budget is charged."""
    table, record, who = await _opened(request, campaign_id)
    who.need_admin()
    table.creations.check(_client(request))
    return table, record, await read_json(request)


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


# -- the API -------------------------------------------------------------------------------


@router.post("/api/campaigns", status_code=201)
async def create_campaign(request: Request) -> dict[str, Any]:
    require_creator(request)
    table = _table(request)
    table.creations.check(_client(request))
    record, token = await table.create(await read_json(request))
    base = _base(request)
    return {
        "campaign_id": record.id,
        "admin_token": token,
        "url": f"{base}/campaigns/{record.id}#token={token}",
        "public_url": f"{base}/campaigns/{record.id}",
    }


@router.get("/api/campaigns/{campaign_id}")
async def campaign(request: Request, campaign_id: str, lang: str | None = None) -> dict[str, Any]:
    table, record, who = await _opened(request, campaign_id)
    return await table.view(record, who, _lang(lang, record.lang))


@router.post("/api/campaigns/{campaign_id}/gangs", status_code=201)
async def add_gang(request: Request, campaign_id: str, lang: str | None = None) -> dict[str, Any]:
    table, record, body = await _creation(request, campaign_id)
    gang_id, token = await table.add_gang(
        record, body, _lang(lang, record.lang), operator=is_operator(request)
    )
    return {
        "gang_id": gang_id,
        "owner_token": token,
        "url": f"{_base(request)}/campaigns/{campaign_id}/gangs/{gang_id}#token={token}",
    }


@router.get("/api/campaigns/{campaign_id}/gangs/{gang_id}")
async def gang(
    request: Request, campaign_id: str, gang_id: str, lang: str | None = None
) -> dict[str, Any]:
    table, record, _ = await _opened(request, campaign_id)
    language = _lang(lang, record.lang)
    link = gang_of(record, gang_id)
    history = await table.history(record, gang_id)
    return gang_json(link, campaign_id, record.pending(gang_id), language) | {
        "roster": await table.run(member_rows, link.gang, language),
        "history": [h.to_dict() for h in history if not h.undone],
    }


@router.post("/api/campaigns/{campaign_id}/gangs/{gang_id}/changes")
async def change_gang(
    request: Request, campaign_id: str, gang_id: str, lang: str | None = None
) -> dict[str, Any]:
    table, record, who, body = await _posted(request, campaign_id)
    return await table.change_gang(record, gang_id, who, body, _lang(lang, record.lang))


@router.get("/api/campaigns/{campaign_id}/gangs/{gang_id}/export")
async def export_gang(request: Request, campaign_id: str, gang_id: str) -> JSONResponse:
    table, record, _ = await _opened(request, campaign_id)
    data = await table.export(record, gang_id)
    safe = "".join(c if c.isalnum() else "-" for c in data["name"])[:60] or "gang"
    return JSONResponse(
        data, headers={"Content-Disposition": f'attachment; filename="{safe}.json"'}
    )


@router.post("/api/campaigns/{campaign_id}/fights", status_code=201)
async def start_fight(request: Request, campaign_id: str) -> dict[str, Any]:
    table, record, body = await _creation(request, campaign_id)
    return await table.start_fight(record, body, _base(request), _client(request))


@router.get("/api/campaigns/{campaign_id}/fights/{fight_id}")
async def fight(
    request: Request, campaign_id: str, fight_id: str, lang: str | None = None
) -> dict[str, Any]:
    table, record, who = await _opened(request, campaign_id)
    return await table.fight_view(record, fight_id, who, _lang(lang, record.lang))


@router.delete("/api/campaigns/{campaign_id}/fights/{fight_id}")
async def cancel_fight(request: Request, campaign_id: str, fight_id: str) -> dict[str, Any]:
    table, record, who = await _opened(request, campaign_id)
    await table.cancel_fight(record, fight_id, who)
    return {"cancelled": fight_id}


@router.post("/api/campaigns/{campaign_id}/fights/{fight_id}/aftermath/preview")
async def preview(
    request: Request, campaign_id: str, fight_id: str, lang: str | None = None
) -> dict[str, Any]:
    table, record, who, body = await _posted(request, campaign_id)
    return await table.preview(record, fight_id, who, body, _lang(lang, record.lang))


@router.post("/api/campaigns/{campaign_id}/fights/{fight_id}/aftermath")
async def confirm(
    request: Request, campaign_id: str, fight_id: str, lang: str | None = None
) -> dict[str, Any]:
    table, record, who, body = await _posted(request, campaign_id)
    return await table.confirm(record, fight_id, who, body, _lang(lang, record.lang))


@router.get("/api/campaign-games/{game_id}/sacrifice")
async def sacrifice(request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
    table = _table(request)
    return await table.sacrifice_options(game_id, _token(request), _lang(lang, "en"))


@router.get("/api/campaign-games/{game_id}/fight")
async def fight_link(request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
    table = _table(request)
    return await table.fight_link(game_id, _token(request), _lang(lang, "en"))


@router.post("/api/campaign-games/{game_id}/concede")
async def concede(request: Request, game_id: str, lang: str | None = None) -> dict[str, Any]:
    table = _table(request)
    table.actions.check(_client(request))
    body = await read_json(request)
    events = await table.concede(game_id, _token(request), body, _lang(lang, "en"))
    return {"events": events}


# -- the pages -------------------------------------------------------------------------------


def _page_lang(request: Request, lang: str | None, fallback: str | None = None) -> str:
    if lang in LANGS:
        return str(lang)
    if fallback is not None:
        return fallback
    return page_lang(None, request.headers.get("accept-language", ""), "en")


@router.get("/campaigns", response_class=HTMLResponse)
async def index(request: Request, lang: str | None = None) -> HTMLResponse:
    return HTMLResponse(index_page(_page_lang(request, lang)))


@router.get("/campaigns/{campaign_id}", response_class=HTMLResponse)
async def campaign_html(request: Request, campaign_id: str, lang: str | None = None) -> Response:
    table, record, who = await _opened(request, campaign_id, page=True)
    language = _page_lang(request, lang, record.lang)
    view = await table.view(record, who, language)
    return HTMLResponse(await table.run(campaign_page, record, view, language))


@router.get("/campaigns/{campaign_id}/gangs/{gang_id}", response_class=HTMLResponse)
async def roster_html(
    request: Request, campaign_id: str, gang_id: str, lang: str | None = None
) -> Response:
    table, record, _ = await _opened(request, campaign_id, page=True)
    gang_of(record, gang_id)
    language = _page_lang(request, lang, record.lang)
    history = await table.history(record, gang_id)
    return HTMLResponse(await table.run(roster_page, record, gang_id, history, language))


@router.get("/campaigns/{campaign_id}/sheets", response_class=HTMLResponse)
async def sheets_html(request: Request, campaign_id: str, lang: str | None = None) -> Response:
    table, record, _ = await _opened(request, campaign_id, page=True)
    language = _page_lang(request, lang, record.lang)
    histories = {g.id: await table.history(record, g.id) for g in record.gangs}
    return HTMLResponse(await table.run(sheets_page, record, histories, language))


@router.get("/campaigns/{campaign_id}/fights/{fight_id}", response_class=HTMLResponse)
async def fight_html(
    request: Request, campaign_id: str, fight_id: str, lang: str | None = None
) -> Response:
    table, record, who = await _opened(request, campaign_id, page=True)
    language = _page_lang(request, lang, record.lang)
    view = await table.fight_view(record, fight_id, who, language)
    return HTMLResponse(await table.run(fight_page, record, view, language))
