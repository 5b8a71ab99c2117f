"""The campaign's aftermath of a fight: concession with a sacrifice B4 allows, a plain API
concession, recruitment and refill by the owner's choices, a member who sat out, and
:func:`settle` as the web records it — on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

from campaign_helpers import (
    COW,
    GUN,
    campaign_view,
    confirm,
    fight_view,
    game_of,
    lost_a_hero,
    new_campaign,
    new_gang,
    roster,
    start_fight,
    wait_over,
)
from fastapi.testclient import TestClient
from web_helpers import auth, my_turn

from totenblatt.campaign import (
    Gang,
    sacrifice_candidates,
    settle,
)
from totenblatt.store import Store
from totenblatt.wanted.rules import Ruleset


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
