"""The campaign's fights as web games: recorded once with the core's numbers (concurrent
confirmations too), the fights table, a gang busy in a fight and undo, real tables of two and
three, bad fights refused, the arbitrator's cancel, a restart, the limits — on SQLite and
PostgreSQL."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

import httpx
import pytest
from campaign_helpers import (
    VET,
    campaign_settings,
    campaign_view,
    confirm,
    fight_view,
    game_of,
    new_campaign,
    new_gang,
    start_fight,
    wait_over,
)
from fastapi.testclient import TestClient
from web_helpers import auth, served

from cli_output import Cli
from totenblatt.campaign import (
    after_fight,
    default_payments,
    fill,
    hire,
)
from totenblatt.campaign.battle import build_fight, fight_outcomes
from totenblatt.store import Store
from totenblatt.wanted.rules import Ruleset
from totenblatt.web import create_app
from totenblatt.web.shell.limits import Limits


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
