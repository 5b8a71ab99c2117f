"""The campaign's API for campaigns and gangs: the arbitrator's and the public links, gangs
created, brought in and imported, bad gangs refused, tokens stored hashed, an owner's rights,
the pages — on SQLite and PostgreSQL. Fights: test_campaigns_fights.py; the aftermath:
test_campaigns_aftermath.py."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from campaign_helpers import (
    VET,
    answer,
    campaign_view,
    new_campaign,
)
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from web_helpers import auth, operator

from cli_output import Cli
from totenblatt.store import Store


def test_a_campaign_has_an_arbitrator_link_and_a_public_one(api: TestClient) -> None:
    campaign = new_campaign(api, "Tombstone", "de")
    cid, token = campaign["campaign_id"], campaign["admin_token"]
    assert campaign["url"].endswith(f"/campaigns/{cid}#token={token}")
    assert campaign["public_url"].endswith(f"/campaigns/{cid}") and len(cid) >= 16
    public = campaign_view(api, cid)
    assert public["name"] == "Tombstone" and public["role"] == "public"
    assert (public["gangs"], public["fights"], public["standings"]) == ([], [], [])
    assert campaign_view(api, cid, token)["role"] == "admin"
    assert api.get(f"/api/campaigns/{cid}", headers=auth("nope")).status_code == 403
    assert api.get("/api/campaigns/doesnotexist").json() == {"error": "no such campaign"}


def test_gangs_show_the_member_objects_of_the_cli(
    api: TestClient, camp: dict[str, Any], db_url: str, cli: Cli
) -> None:
    view = campaign_view(api, camp["campaign_id"])
    daltons = next(g for g in view["gangs"] if g["name"] == "Daltons")
    code, out, err = cli(["gang", "show", "Daltons", "--json", "--db", db_url])
    assert code == 0, err
    assert daltons["members"] == json.loads(out)["members"]
    assert [m["name"] for m in daltons["members"]] == ["Bob Dalton", "Emmett Dalton", "Grat Dalton"]
    assert daltons["gang_id"] == camp["a"]["gang_id"] and daltons["url"].endswith(
        daltons["gang_id"]
    )


def test_a_stored_gang_is_brought_in_and_a_roster_imported(api: TestClient, db_url: str) -> None:
    with Store(db_url) as store:
        store.gangs.create("Earps", VET, size=4, seed=3)
    campaign = new_campaign(api)
    admin = auth(campaign["admin_token"])
    url = f"/api/campaigns/{campaign['campaign_id']}/gangs"
    brought = api.post(url, json={"import": "earps"}, headers=operator(campaign["admin_token"]))
    earps = answer(brought, 201)
    view = campaign_view(api, campaign["campaign_id"])
    assert [g["name"] for g in view["gangs"]] == ["Earps"]
    again = api.post(url, json={"import": "Earps"}, headers=operator(campaign["admin_token"]))
    assert again.status_code == 409 and "already in this campaign" in again.json()["error"]
    other = new_campaign(api, "Elsewhere")
    busy = api.post(f"/api/campaigns/{other['campaign_id']}/gangs", json={"import": "Earps"},
                    headers=operator(other["admin_token"]))  # fmt: skip
    assert busy.status_code == 409 and "another campaign" in busy.json()["error"]
    assert "Tombstone" not in busy.text and campaign["campaign_id"] not in busy.text
    nobody = api.post(url, json={"import": "Nobody"}, headers=operator(campaign["admin_token"]))
    assert nobody.status_code == 422
    exported = api.get(f"{url}/{earps['gang_id']}/export").json()
    copy = api.post(url, json={"roster": exported, "name": "Earps II"}, headers=admin)
    assert copy.status_code == 201, copy.text
    again = api.get(f"{url}/{copy.json()['gang_id']}/export").json()
    assert {k: v for k, v in again.items() if k not in ("name", "history")} == {
        k: v for k, v in exported.items() if k not in ("name", "history")
    }
    bad = api.post(url, json={"roster": {"name": "X"}}, headers=admin)
    assert bad.status_code == 422 and "not a gang roster" in bad.json()["error"]
    taken = api.post(url, json={"roster": exported}, headers=admin)
    assert taken.status_code == 409 and "already exists" in taken.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"name": "X", "leader": "cowboy"}, 422, "leader must be veteran or gunslinger"),
        ({"name": "X", "leader": "veteran", "size": 11}, 422, "size must be a whole number"),
        ({"name": "X", "leader": "veteran", "colour": "red"}, 422, "unknown key 'colour'"),
        ({"name": "", "leader": "veteran"}, 422, "name must be text"),
        ({"name": "Bad\u202ename", "leader": "veteran"}, 422, "holds"),
        ({"name": "X", "leader": "veteran", "abilities": ["K"]}, 422, "number cards 2-10"),
    ],
)
def test_a_bad_gang_is_refused_with_a_reason(
    api: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    campaign = new_campaign(api)
    response = api.post(f"/api/campaigns/{campaign['campaign_id']}/gangs", json=body,
                        headers=auth(campaign["admin_token"]))  # fmt: skip
    assert response.status_code == status and message in response.json()["error"], response.text


def test_tokens_are_stored_hashed_and_never_shown_again(
    api: TestClient, camp: dict[str, Any], db_url: str
) -> None:
    tokens = [camp["admin_token"], camp["a"]["owner_token"], camp["b"]["owner_token"]]
    engine = create_engine(db_url)
    with engine.connect() as conn:
        rows = [*conn.execute(text("SELECT * FROM campaigns")),
                *conn.execute(text("SELECT * FROM campaign_gangs"))]  # fmt: skip
    engine.dispose()
    dump = repr(rows)
    assert all(t not in dump for t in tokens)
    assert hashlib.sha256(tokens[0].encode()).hexdigest() in dump
    for token in (None, *tokens):
        body = json.dumps(campaign_view(api, camp["campaign_id"], token))
        assert all(t not in body for t in tokens)


# -- authorization ---------------------------------------------------------------------------


def test_an_owner_changes_only_its_own_gang_and_the_public_nothing(
    api: TestClient, camp: dict[str, Any]
) -> None:
    cid, a, b = camp["campaign_id"], camp["a"], camp["b"]
    url = f"/api/campaigns/{cid}/gangs/{a['gang_id']}/changes"
    rename = {"action": "rename_member", "member": "Emmett", "name": "Em Dalton"}
    assert api.post(url, json=rename).status_code == 401
    assert api.post(url, json=rename, headers=auth(b["owner_token"])).status_code == 403
    done = api.post(url, json=rename, headers=auth(a["owner_token"]))
    assert done.status_code == 200 and "Em Dalton" in [m["name"] for m in done.json()["members"]]
    arm = {"action": "arm", "member": "Em Dalton", "weapon": "schrotflinte"}
    armed = api.post(url, json=arm, headers=auth(camp["admin_token"]))
    assert armed.status_code == 200 and armed.json()["members"][1]["weapon"] == "shotgun"
    fights = f"/api/campaigns/{cid}/fights"
    body = {"gangs": [a["gang_id"], b["gang_id"]], "seats": ["bot", "bot"]}
    assert api.post(fights, json=body).status_code == 401
    assert api.post(fights, json=body, headers=auth(a["owner_token"])).status_code == 403
    gangs = f"/api/campaigns/{cid}/gangs"
    new = {"name": "Earps", "leader": "veteran"}
    assert api.post(gangs, json=new, headers=auth(a["owner_token"])).status_code == 403
    wrong = api.post(url, json={"action": "explode"}, headers=auth(a["owner_token"]))
    assert wrong.status_code == 422 and "action must be" in wrong.json()["error"]


# -- a fight of bots, its aftermath and the core's numbers -----------------------------------


def test_the_pages_render_for_everyone(api: TestClient, camp: dict[str, Any]) -> None:
    cid, a = camp["campaign_id"], camp["a"]
    for path in ("/campaigns", f"/campaigns/{cid}", f"/campaigns/{cid}/gangs/{a['gang_id']}",
                 f"/campaigns/{cid}/sheets", "/campaigns?lang=de"):  # fmt: skip
        page = api.get(path)
        assert page.status_code == 200 and '<script type="module"' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert "<script>" not in page.text  # no inline script
    roster_page = api.get(f"/campaigns/{cid}/gangs/{a['gang_id']}?lang=de").text
    assert "Bob Dalton" in roster_page and "Haudegen" in roster_page
    assert api.get(f"/campaigns/{cid}/gangs/nope").status_code == 404
    assert api.get("/campaigns/nope").status_code == 404
