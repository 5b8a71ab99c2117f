"""The campaign's API: campaigns, gangs (created, brought in, imported), fights played as
web games, the aftermath recorded once with the core's numbers, authorization, concession
with a sacrifice B4 allows, the battle log and league table — on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from campaign_helpers import (
    COW,
    GUN,
    VET,
    answer,
    campaign_settings,
    campaign_view,
    confirm,
    fight_view,
    lost_a_hero,
    new_campaign,
    new_gang,
    roster,
    start_fight,
    wait_over,
)
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from web_helpers import auth, my_turn, operator, served

from cli_output import Cli
from totenblatt.campaign import (
    Gang,
    after_fight,
    default_payments,
    fill,
    hire,
    sacrifice_candidates,
    settle,
)
from totenblatt.campaign.battle import build_fight, fight_outcomes
from totenblatt.store import Store
from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.engine import action_from_dict
from totenblatt.wanted.rules import Ruleset
from totenblatt.web import create_app
from totenblatt.web.shell.limits import Limits
from totenblatt.web.table.hub import read_setup


@pytest.fixture
def api(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(campaign_settings(db_url))) as client:
        yield client


@pytest.fixture
def camp(api: TestClient) -> dict[str, Any]:
    """A campaign with two small gangs, their ids and owners' tokens."""
    campaign = new_campaign(api)
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=3, seed=1,
                 leader_name="Bob Dalton", members=["Emmett Dalton", "Grat Dalton"])  # fmt: skip
    b = new_gang(api, campaign, name="Clantons", leader="gunslinger", size=3, seed=2)
    return campaign | {"a": a, "b": b}


def game_of(db_url: str, game_id: str) -> Any:
    """The finished game, dealt again from its stored setup and replayed (behind the API)."""
    record = WebGames(Database(db_url)).load(game_id)
    game = read_setup(record.setup)
    for raw in record.actions:
        game.apply(action_from_dict(raw))
    return game


# -- campaigns and gangs -------------------------------------------------------------------


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


def test_a_bot_fight_is_recorded_once_with_the_cores_numbers(
    api: TestClient, camp: dict[str, Any], db_url: str
) -> None:
    cid, a, b = camp["campaign_id"], camp["a"], camp["b"]
    with Store(db_url) as store:
        before = [store.gangs.get("Daltons"), store.gangs.get("Clantons")]
    fight = start_fight(api, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["bot", "bot"])  # fmt: skip
    assert fight["seats"][0]["token"] is None and fight["seats"][0]["url"] is None
    fid = fight["fight_id"]
    view = wait_over(api, cid, fid)
    assert view["status"] == "aftermath" and set(view["result"]) == {a["gang_id"], b["gang_id"]}
    # the public sees no step before a gang confirmed; its owner sees its own
    assert view["aftermath"][a["gang_id"]] == {"steps": [], "confirmed": False, "choices": None}
    mine = fight_view(api, cid, fid, a["owner_token"])["aftermath"]
    assert mine[a["gang_id"]]["steps"] and not mine[b["gang_id"]]["steps"]
    # the wrong owner cannot confirm, the right one once
    assert confirm(api, cid, fid, a["gang_id"], b["owner_token"]).status_code == 403
    first = confirm(api, cid, fid, a["gang_id"], a["owner_token"])
    assert first.status_code == 200 and first.json()["status"] == "aftermath"
    with Store(db_url) as store:
        after_a = store.gangs.get("Daltons")
    second = confirm(api, cid, fid, a["gang_id"], a["owner_token"])
    assert second.status_code == 409 and "already" in second.json()["error"]
    with Store(db_url) as store:
        assert store.gangs.get("Daltons") == after_a
    assert confirm(api, cid, fid, b["gang_id"], b["owner_token"]).json()["status"] == "recorded"
    # every number is the core's: the same outcome and the logged seeds give the same gangs
    game = game_of(db_url, fight["game_id"])
    battle = build_fight(before, "duel", Ruleset.load("extended"))
    rules = Ruleset.load("extended")
    with Store(db_url) as store:
        for gang, outcome in zip(before, fight_outcomes(battle, game), strict=True):
            history = [h for h in store.gangs.history(gang.name) if h.what != "gang create"]
            assert history[0].what == "fight play" and history[0].seed is not None
            expected, events = after_fight(gang, outcome, rules, random.Random(history[0].seed))
            assert events == history[0].events
            for entry in history[1:]:
                if entry.what == "gang recruit":
                    kind = expected.lost_heroes[0] if expected.lost_heroes else VET
                    pay = default_payments(expected, kind, rules)
                    expected, _ = hire(expected, kind, pay, rules, random.Random(entry.seed))
                else:
                    assert entry.what == "gang fill"
                    expected, _ = fill(expected, rules, random.Random(entry.seed))
            assert store.gangs.get(gang.name) == expected
    view = campaign_view(api, cid)
    assert [f["status"] for f in view["fights"]] == ["recorded"]
    table = {s["gang_id"]: s for s in view["standings"]}
    results = view["fights"][0]["result"]
    for gang_id in (a["gang_id"], b["gang_id"]):
        assert table[gang_id]["fights"] == 1
        assert table[gang_id]["wins"] == (results[gang_id] == "won")


def test_concurrent_confirmations_apply_once(db_url: str) -> None:
    with served(campaign_settings(db_url)) as live:
        with httpx.Client(base_url=live.url) as http:
            camp = new_campaign(http)
            a = new_gang(http, camp, name="A", leader="veteran", size=2, seed=1)
            b = new_gang(http, camp, name="B", leader="veteran", size=2, seed=2)
            fight = start_fight(http, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                                seats=["bot", "bot"])  # fmt: skip
            cid, fid = camp["campaign_id"], fight["fight_id"]
            wait_over(http, cid, fid)
        answers: list[int] = []
        barrier = threading.Barrier(4)

        def go() -> None:
            with httpx.Client(base_url=live.url, timeout=60) as mine:
                barrier.wait()
                answers.append(confirm(mine, cid, fid, a["gang_id"], a["owner_token"]).status_code)

        threads = [threading.Thread(target=go) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers) == [200, 409, 409, 409]
        with Store(db_url) as store:
            fights = [h for h in store.gangs.history("A") if h.what == "fight play"]
        assert len(fights) == 1


# -- conceding with a sacrifice (B4) ----------------------------------------------------------


def test_concede_offers_only_the_sacrifices_b4_allows(api: TestClient, db_url: str) -> None:
    campaign = new_campaign(api)
    admin = auth(campaign["admin_token"])
    url = f"/api/campaigns/{campaign['campaign_id']}/gangs"
    wild = roster("Wild Bunch", ("Pike", GUN, 9, 10), ("Dutch", COW, 6, 6), ("Lyle", COW, 4, 6),
                  ("Tector", COW, 6, 6), size=5)  # fmt: skip
    a = api.post(url, json={"roster": wild}, headers=admin).json()
    b = new_gang(api, campaign, name="Posse", leader="veteran", size=3, seed=5)
    fight = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["human", "bot"])  # fmt: skip
    seat = fight["seats"][0]
    game_id, token = fight["game_id"], seat["token"]
    assert my_turn(api, game_id, token)["seat"] == 0
    offer = api.get(f"/api/campaign-games/{game_id}/sacrifice", headers=auth(token)).json()
    with Store(db_url) as store:
        gang = store.gangs.get("Wild Bunch")
    allowed = [m.name for m in sacrifice_candidates(gang, {m.name: m.hp for m in gang.members})]
    assert [c["member"] for c in offer["candidates"]] == allowed == ["Pike", "Dutch", "Tector"]
    assert offer["default"] == "Dutch" and offer["gang"] == "Wild Bunch"
    refused = api.post(f"/api/campaign-games/{game_id}/concede", json={"sacrifice": "Lyle"},
                       headers=auth(token))  # fmt: skip
    assert refused.status_code == 422 and "may not be sacrificed" in refused.json()["error"]
    spectator = fight["spectator_url"].split("token=")[1]
    watcher = api.post(f"/api/campaign-games/{game_id}/concede", json={"sacrifice": "Pike"},
                       headers=auth(spectator))  # fmt: skip
    assert watcher.status_code == 403
    done = api.post(f"/api/campaign-games/{game_id}/concede", json={"sacrifice": "Tector"},
                    headers=auth(token))  # fmt: skip
    assert done.status_code == 200, done.text
    cid, fid = campaign["campaign_id"], fight["fight_id"]
    view = wait_over(api, cid, fid)
    assert view["result"][a["gang_id"]] == "conceded" and view["result"][b["gang_id"]] == "won"
    steps = fight_view(api, cid, fid, a["owner_token"])["aftermath"][a["gang_id"]]["steps"]
    sacrifice = next(s for s in steps if s["step"] == "sacrifice")
    assert sacrifice["fixed"] and sacrifice["chosen"] == "Tector"
    other = {"gang_id": a["gang_id"], "choices": {"sacrifice": "Pike"}}
    late = api.post(f"/api/campaigns/{cid}/fights/{fid}/aftermath", json=other,
                    headers=auth(a["owner_token"]))  # fmt: skip
    assert late.status_code == 409 and "chosen when the gang conceded" in late.json()["error"]
    assert confirm(api, cid, fid, a["gang_id"], a["owner_token"]).status_code == 200
    with Store(db_url) as store:
        after = store.gangs.get("Wild Bunch")
    assert [m.name for m in after.fallen] == ["Tector"] and after.size == 4
    assert all(m.fights_survived == 0 for m in after.members)  # a conceded fight does not count
    assert [m.name for m in after.members][:3] == ["Pike", "Dutch", "Lyle"]


def test_a_campaign_fights_table_leads_back_to_its_fight_page(api: TestClient) -> None:
    """Every seat and the spectator of a campaign fight learn the fight page; another game
    leads nowhere (no url) and a stranger's token is refused."""
    campaign = new_campaign(api)
    a = new_gang(api, campaign, name="Bunch", leader="veteran", size=3, seed=3)
    b = new_gang(api, campaign, name="Posse", leader="veteran", size=3, seed=5)
    fight = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["human", "bot"])  # fmt: skip
    game_id = fight["game_id"]
    spectator = fight["spectator_url"].split("token=")[1]
    expected = f"/campaigns/{campaign['campaign_id']}/fights/{fight['fight_id']}?lang=de"
    for token in (fight["seats"][0]["token"], spectator):
        link = api.get(f"/api/campaign-games/{game_id}/fight?lang=de", headers=auth(token))
        assert link.status_code == 200, link.text
        assert link.json()["url"] == expected and link.json()["text"] == "Zur Kampfseite"
    other = api.post("/api/games", json={"seats": ["human", "bot"]}).json()
    plain = api.get(f"/api/campaign-games/{other['game_id']}/fight",
                    headers=auth(other["seats"][0]["token"]))  # fmt: skip
    assert plain.status_code == 200 and plain.json() == {"url": None}
    stranger = api.get(
        f"/api/campaign-games/{game_id}/fight", headers=auth(other["seats"][0]["token"])
    )
    assert stranger.status_code in (401, 403)


def test_a_plain_api_concession_lets_the_owner_choose_in_the_aftermath(api: TestClient) -> None:
    campaign = new_campaign(api)
    admin = auth(campaign["admin_token"])
    url = f"/api/campaigns/{campaign['campaign_id']}/gangs"
    two = roster("Pair", ("Kit", GUN, 10, 10), ("Doc", COW, 5, 6))
    a = api.post(url, json={"roster": two}, headers=admin).json()
    b = new_gang(api, campaign, name="Posse", leader="veteran", size=2, seed=5)
    fight = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["human", "bot"])  # fmt: skip
    game_id, token = fight["game_id"], fight["seats"][0]["token"]
    my_turn(api, game_id, token)
    assert api.post(f"/api/games/{game_id}/actions", json={"type": "concede"},
                    headers=auth(token)).status_code == 200  # fmt: skip
    cid, fid = campaign["campaign_id"], fight["fight_id"]
    wait_over(api, cid, fid)
    owner = auth(a["owner_token"])
    preview = api.post(
        f"/api/campaigns/{cid}/fights/{fid}/aftermath/preview",
        json={"gang_id": a["gang_id"], "choices": {"sacrifice": "Kit"}},
        headers=owner,
    )
    step = next(s for s in preview.json()["steps"] if s["step"] == "sacrifice")
    assert not step["fixed"] and step["chosen"] == "Kit" and step["default"] == "Doc"
    bad = api.post(
        f"/api/campaigns/{cid}/fights/{fid}/aftermath/preview",
        json={"gang_id": a["gang_id"], "choices": {"sacrifice": "Nobody"}},
        headers=owner,
    )
    assert bad.status_code == 422
    done = confirm(api, cid, fid, a["gang_id"], a["owner_token"], choices={"sacrifice": "Kit"})
    assert done.status_code == 200
    gangs = {g["gang_id"]: g for g in campaign_view(api, cid)["gangs"]}
    assert [m["name"] for m in gangs[a["gang_id"]]["members"]] == ["Doc"]


# -- recruitment, absentees, undo, the log ------------------------------------------------------


def test_recruitment_and_refill_follow_the_owners_choices(api: TestClient, db_url: str) -> None:
    campaign, a, fid, recruit = lost_a_hero(api)
    cid = campaign["campaign_id"]
    payer = recruit["payers"][0]["name"]
    over = {"hire": "gunslinger", "pay": {payer: 99}}
    bad = confirm(api, cid, fid, a["gang_id"], a["owner_token"], choices=over)
    assert bad.status_code == 422
    choices = {"hire": "gunslinger", "hire_name": "Kid Curry", "fill": True,
               "fill_names": ["Harvey Logan"]}  # fmt: skip
    preview = api.post(f"/api/campaigns/{cid}/fights/{fid}/aftermath/preview",
                       json={"gang_id": a["gang_id"], "choices": choices},
                       headers=auth(a["owner_token"])).json()  # fmt: skip
    hired = next(s for s in preview["steps"] if s["step"] == "recruitment")
    assert hired["hire"] == "gunslinger" and sum(hired["pay"].values()) == 5
    assert any(e["event"] == "hired" for e in hired["events"])
    done = confirm(api, cid, fid, a["gang_id"], a["owner_token"], choices=choices)
    assert done.status_code == 200, done.text
    assert done.json()["aftermath"][a["gang_id"]]["steps"] == preview["steps"]
    with Store(db_url) as store:
        gang = store.gangs.get("Lone")
        whats = [h.what for h in store.gangs.history("Lone") if not h.undone][-3:]
    names = [m.name for m in gang.members]
    assert "Kid Curry" in names and gang.member("Kid Curry").kind is GUN
    assert len(gang.members) == gang.size
    if len(names) - names.index("Kid Curry") > 1:
        assert "Harvey Logan" in names
    assert whats[:2] == ["fight play", "gang recruit"]


def test_a_member_who_sits_out_is_unchanged(
    api: TestClient, camp: dict[str, Any], db_url: str
) -> None:
    cid, a, b = camp["campaign_id"], camp["a"], camp["b"]
    fight = start_fight(api, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["bot", "bot"], absent={a["gang_id"]: ["grat"]})  # fmt: skip
    view = fight_view(api, cid, fight["fight_id"])
    assert view["seats"][0]["absent"] == ["Grat Dalton"]
    game = game_of(db_url, fight["game_id"])
    assert "Grat Dalton" not in [f.name for f in game.state.figures]
    wait_over(api, cid, fight["fight_id"])
    for side in (a, b):
        assert (
            confirm(api, cid, fight["fight_id"], side["gang_id"], side["owner_token"]).status_code
            == 200
        )
    with Store(db_url) as store:
        grat = store.gangs.get("Daltons").member("Grat")
        (entry,) = store.gangs.fights("Daltons")
    assert (grat.hp, grat.fights_survived) == (6, 0) and entry.absent == ("Grat Dalton",)


def test_a_gang_in_a_fight_is_busy_and_undo_takes_the_fight_back(
    api: TestClient, camp: dict[str, Any], db_url: str
) -> None:
    cid, a, b = camp["campaign_id"], camp["a"], camp["b"]
    fight = start_fight(api, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["bot", "bot"])  # fmt: skip
    again = api.post(f"/api/campaigns/{cid}/fights", json={"gangs": [a["gang_id"], b["gang_id"]]},
                     headers=auth(camp["admin_token"]))  # fmt: skip
    assert again.status_code == 409 and "still in a fight" in again.json()["error"]
    changes = f"/api/campaigns/{cid}/gangs/{a['gang_id']}/changes"
    busy = api.post(
        changes, json={"action": "dismiss", "member": "Grat"}, headers=auth(a["owner_token"])
    )
    assert busy.status_code == 409
    wait_over(api, cid, fight["fight_id"])
    with Store(db_url) as store:
        before = store.gangs.get("Daltons")
    for side in (a, b):
        assert (
            confirm(api, cid, fight["fight_id"], side["gang_id"], side["owner_token"]).status_code
            == 200
        )
    undone = api.post(changes, json={"action": "undo"}, headers=auth(a["owner_token"]))
    assert undone.status_code == 200
    with Store(db_url) as store:
        assert store.gangs.get("Daltons") == before
    table = {s["gang_id"]: s for s in campaign_view(api, cid)["standings"]}
    assert table[a["gang_id"]]["fights"] == 0 and table[b["gang_id"]]["fights"] == 0  # D-43
    nothing = api.post(changes, json={"action": "undo"}, headers=auth(a["owner_token"]))
    assert nothing.status_code == 409 and "no recorded fight" in nothing.json()["error"]


def test_fights_on_a_real_table_enter_the_log_and_the_table(
    api: TestClient, camp: dict[str, Any], db_url: str, cli: Cli
) -> None:
    args = ["fight", "record", "Daltons", "--against", "Clantons", "--result", "won",
            "--scenario", "Mill Creek", "--note", "Ike ran.", "--kills", "2",
            "--db", db_url]  # fmt: skip
    assert cli(args)[0] == 0
    view = campaign_view(api, camp["campaign_id"])
    (fight,) = view["fights"]
    a, b = camp["a"]["gang_id"], camp["b"]["gang_id"]
    assert fight["game_id"] is None and fight["gangs"] == [a, b]  # one record for both (D-43)
    assert fight["result"] == {a: "won", b: "lost"} and fight["note"] == "Ike ran."
    assert fight["confirmed"] == {a: True, b: False}  # the Clantons' side awaits its owner
    line = next(s for s in view["standings"] if s["gang_id"] == a)
    assert (line["fights"], line["wins"], line["kills"]) == (1, 1, 2)
    assert view["standings"][0]["gang_id"] == a


def test_three_gangs_fight_on_a_table_for_three(api: TestClient, db_url: str) -> None:
    campaign = new_campaign(api)
    made = [new_gang(api, campaign, name=n, leader="veteran", size=2, seed=i)
            for i, n in enumerate(("A", "B", "C"))]  # fmt: skip
    tokens = {g["gang_id"]: g["owner_token"] for g in made}
    ids = [g["gang_id"] for g in made]
    cid = campaign["campaign_id"]
    bad = api.post(f"/api/campaigns/{cid}/fights", json={"gangs": ids, "scenario": "duel"},
                   headers=auth(campaign["admin_token"]))  # fmt: skip
    assert bad.status_code == 422 and "seats 2 to 2 gangs" in bad.json()["error"]
    fight = start_fight(api, campaign, gangs=ids, seats=["human", "hard", "bot"])
    assert [s["kind"] for s in fight["seats"]] == ["human", "ismcts", "bot"]
    view = fight_view(api, cid, fight["fight_id"])
    assert view["scenario"] == "three-way" and [s["seat"] for s in view["seats"]] == [0, 1, 2]
    cancel = api.delete(f"/api/campaigns/{cid}/fights/{fight['fight_id']}",
                        headers=auth(campaign["admin_token"]))  # fmt: skip
    assert cancel.status_code == 200
    played = start_fight(api, campaign, gangs=ids, seats=["bot", "bot", "bot"])
    view = wait_over(api, cid, played["fight_id"])
    results = sorted(view["result"].values())
    assert results.count("won") <= 1 and len(results) == 3
    for gang_id in ids:
        assert confirm(api, cid, played["fight_id"], gang_id, tokens[gang_id]).status_code == 200
    table = {s["gang_id"]: s for s in campaign_view(api, cid)["standings"]}
    assert all(table[g]["fights"] == 1 for g in ids)
    with Store(db_url) as store:
        (entry,) = store.gangs.fights("A")
    assert set(entry.against) == {"B", "C"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ([], "expected a JSON object"),
        ({"gangs": ["x"]}, "two or three different gangs"),
        ({"gangs": "ab"}, "two or three different gangs"),
        ({"gangs": ["nope", "nada"]}, "no gang"),
        ({"gangs": [], "scenario": "moon"}, "two or three"),
        ({"gangs": None, "turbo": True}, "unknown key 'turbo'"),
    ],
)
def test_a_bad_fight_is_refused_with_a_reason(
    api: TestClient, camp: dict[str, Any], body: Any, message: str
) -> None:
    response = api.post(f"/api/campaigns/{camp['campaign_id']}/fights", json=body,
                        headers=auth(camp["admin_token"]))  # fmt: skip
    assert response.status_code in (404, 422) and message in response.json()["error"], response.text


def test_the_arbitrator_cancels_a_fight_that_has_not_ended(
    api: TestClient, camp: dict[str, Any]
) -> None:
    cid, a, b = camp["campaign_id"], camp["a"], camp["b"]
    fight = start_fight(api, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["human", "human"])  # fmt: skip
    url = f"/api/campaigns/{cid}/fights/{fight['fight_id']}"
    assert api.delete(url, headers=auth(a["owner_token"])).status_code == 403
    assert api.delete(url, headers=auth(camp["admin_token"])).status_code == 200
    assert campaign_view(api, cid)["fights"] == []
    assert api.get(url).status_code == 404
    again = start_fight(api, camp, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["bot", "bot"])  # fmt: skip
    assert again["fight_id"] != fight["fight_id"]


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


def _gang_named(gangs: list[Gang], name: str) -> Gang:
    return next(g for g in gangs if g.name == name)


def test_settle_is_what_the_web_records_for_members_who_sat_out() -> None:
    # the web's aftermath and fight record --absent both run campaign.settle: one rule
    rules = Ruleset.load("extended")
    gang = Gang.from_record(
        {"name": "G", "size": 2, "members": [
            {"name": "A", "kind": "veteran", "hp": 8, "hp_max": 8, "abilities": [],
             "fights_survived": 0},
            {"name": "B", "kind": "cowboy", "hp": 2, "hp_max": 6, "abilities": [],
             "fights_survived": 0}]}
    )  # fmt: skip
    from totenblatt.campaign import FightOutcome

    after, _ = settle(gang, FightOutcome(), rules, random.Random(1), absent=["B"])
    assert after.member("B") == gang.member("B")


def test_a_campaign_game_survives_a_restart_and_replays(db_url: str) -> None:
    """The hub deals a stored campaign fight again (its setup names the gangs), and its
    replay is the ordinary one."""
    with TestClient(create_app(campaign_settings(db_url))) as api:
        campaign = new_campaign(api)
        a = new_gang(api, campaign, name="A", leader="veteran", size=2, seed=1)
        b = new_gang(api, campaign, name="B", leader="gunslinger", size=2, seed=2)
        human = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                            seats=["human", "human"])  # fmt: skip
        seat = human["seats"][0]
        before = api.get(f"/api/games/{human['game_id']}/view", headers=auth(seat["token"]))
        assert before.status_code == 200
    with TestClient(
        create_app(campaign_settings(db_url))
    ) as api:  # a new server on the same database
        after = api.get(f"/api/games/{human['game_id']}/view", headers=auth(seat["token"]))
        assert after.status_code == 200
        mine = [f["name"] for f in after.json()["figures"] if f["seat"] == 0]
        assert mine == [f["name"] for f in before.json()["figures"] if f["seat"] == 0]
        cid = campaign["campaign_id"]
        api.delete(f"/api/campaigns/{cid}/fights/{human['fight_id']}",
                   headers=auth(campaign["admin_token"]))  # fmt: skip
        bots = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                           seats=["bot", "bot"])  # fmt: skip
        wait_over(api, cid, bots["fight_id"])
        spectator = bots["spectator_url"].split("token=")[1]
        replay = api.get(f"/api/games/{bots['game_id']}/replay", headers=auth(spectator))
        assert replay.status_code == 200 and len(replay.json()["frames"]) > 2


def test_a_fight_the_limits_refuse_is_not_kept_and_its_gangs_stay_free(db_url: str) -> None:
    """The fight is stored beside its web game, and taken back when the hub refuses the game
    (here: the client may run no bot-only game)."""
    settings = replace(campaign_settings(db_url), limits=Limits(bot_games_per_client=0))
    with TestClient(create_app(settings)) as api:
        campaign = new_campaign(api)
        cid = campaign["campaign_id"]
        gangs = [
            new_gang(api, campaign, name=name, leader="veteran", size=3, seed=seed)["gang_id"]
            for seed, name in enumerate(("Daltons", "Clantons"), 1)
        ]
        refused = api.post(f"/api/campaigns/{cid}/fights",
                           json={"gangs": gangs, "scenario": "duel", "seats": ["bot", "bot"]},
                           headers=auth(campaign["admin_token"]))  # fmt: skip
        assert refused.status_code == 429 and "bots only" in refused.json()["error"]
        view = campaign_view(api, cid)
        assert view["fights"] == [] and all(g["busy"] is None for g in view["gangs"])
        fight = start_fight(api, campaign, gangs=gangs, scenario="duel", seats=["human", "bot"])
        assert fight_view(api, cid, fight["fight_id"])["status"] == "playing"
