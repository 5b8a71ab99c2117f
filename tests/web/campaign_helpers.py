"""Helpers of the campaign tests: a campaign with gangs through the API, waiting for fights."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import OPERATOR, auth, seed_counter, wait_for

from totenblatt.campaign import Gang, Member, roster_dict
from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.engine import action_from_dict
from totenblatt.wanted.vocab import HeroType
from totenblatt.web import ServerSettings
from totenblatt.web.table.hub import read_setup

VET, GUN, COW = HeroType.VETERAN, HeroType.GUNSLINGER, HeroType.COWBOY
"""The hero types by the short names the campaign tests use."""


def campaign_settings(db_url: str, operator_token: str | None = OPERATOR) -> ServerSettings:
    """A server of the campaign tests: bots at once, seeds counted from 7, the operator's
    token :data:`OPERATOR` (None: a server without an operator)."""
    return ServerSettings(
        db_url=db_url,
        bot_delay=0.0,
        seeds=seed_counter(7),
        bot_processes=0,
        operator_token=operator_token,
    )


def answer(response: Any, status: int = 200) -> dict[str, Any]:
    """The JSON of a ``response`` that has this ``status`` (else its text is the failure)."""
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


def new_campaign(client: Any, name: str = "Tombstone", lang: str = "en") -> dict[str, Any]:
    return answer(client.post("/api/campaigns", json={"name": name, "lang": lang}), 201)


def new_gang(client: Any, campaign: dict[str, Any], **body: Any) -> dict[str, Any]:
    cid, admin = campaign["campaign_id"], campaign["admin_token"]
    return answer(client.post(f"/api/campaigns/{cid}/gangs", json=body, headers=auth(admin)), 201)


def roster(
    name: str, *members: tuple[str, HeroType, int, int], size: int | None = None
) -> dict[str, Any]:
    """The JSON export of a gang with these members (name, kind, hp, hp_max)."""
    gang = Gang(
        name,
        size or len(members),
        tuple(Member(n, k, hp, top) for n, k, hp, top in members),
    )
    return roster_dict(gang)


def campaign_view(client: Any, cid: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    return answer(client.get(f"/api/campaigns/{cid}", headers=headers))


def fight_view(client: Any, cid: str, fid: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    return answer(client.get(f"/api/campaigns/{cid}/fights/{fid}", headers=headers))


def start_fight(client: Any, campaign: dict[str, Any], **body: Any) -> dict[str, Any]:
    cid, admin = campaign["campaign_id"], campaign["admin_token"]
    return answer(client.post(f"/api/campaigns/{cid}/fights", json=body, headers=auth(admin)), 201)


def wait_over(client: Any, cid: str, fid: str, timeout: float = 120.0) -> dict[str, Any]:
    """The fight's view once its game is over (bots play it on the server)."""
    found: dict[str, Any] = {}

    def over() -> bool:
        found.update(fight_view(client, cid, fid))
        return found["status"] != "playing"

    wait_for(over, timeout=timeout)
    return found


def confirm(client: Any, cid: str, fid: str, gang_id: str, token: str, **body: Any) -> Any:
    payload = {"gang_id": gang_id, **(body or {"accept_defaults": True})}
    return client.post(
        f"/api/campaigns/{cid}/fights/{fid}/aftermath", json=payload, headers=auth(token)
    )


def lost_a_hero(api: Any) -> tuple[dict[str, Any], dict[str, Any], str, dict[str, Any]]:
    """A campaign fight of bots after which gang Lone lost its gunslinger Kit, its leader, and
    can pay another (its aftermath not confirmed): the campaign, Lone, the fight's id, Lone's
    recruitment step."""
    campaign = new_campaign(api)
    admin = auth(campaign["admin_token"])
    url = f"/api/campaigns/{campaign['campaign_id']}/gangs"
    kit = ("Kit", GUN, 0, 10)  # Kit falls to any wound
    cowboys = [(n, COW, 6, 6) for n in ("Doc", "Ned", "Sam", "Tom", "Jim")]
    lone = roster("Lone", kit, *cowboys, size=7)
    a = answer(api.post(url, json={"roster": lone}, headers=admin), 201)
    b = new_gang(api, campaign, name="Posse", leader="gunslinger", size=3, seed=5)
    cid = campaign["campaign_id"]
    for _ in range(8):  # until a fight kills the gunslinger (0 HP) and spares enough HP
        fight = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                            seats=["bot", "bot"])  # fmt: skip
        fid = fight["fight_id"]
        wait_over(api, cid, fid)
        steps = fight_view(api, cid, fid, a["owner_token"])["aftermath"][a["gang_id"]]["steps"]
        recruit = next((s for s in steps if s["step"] == "recruitment"), None)
        if recruit is not None and any(
            o["affordable"] and o["kind"] == "gunslinger" for o in recruit["offers"]
        ):
            return campaign, a, fid, recruit
        for side in (a, b):
            assert confirm(api, cid, fid, side["gang_id"], side["owner_token"]).status_code == 200
    pytest.fail("no fight of eight killed the gunslinger and left 5 HP to pay")


def game_of(db_url: str, game_id: str) -> Any:
    """The finished game, dealt again from its stored setup and replayed (behind the API)."""
    record = WebGames(Database(db_url)).load(game_id)
    game = read_setup(record.setup)
    for raw in record.actions:
        game.apply(action_from_dict(raw))
    return game
