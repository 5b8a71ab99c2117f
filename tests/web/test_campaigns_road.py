"""Issue 40: the campaign's rules in the browser as in the core, one road for the aftermath.

The web wizard and ``fight record`` take one road (``campaign.resolve``): the same outcome
and choices give the same roster and the same audit rows (D-41 abilities chosen, never
redrawn by a typed name; binding payments); a dismissal between fights is a loss (D-42).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from campaign_helpers import (
    VET,
    answer,
    campaign_settings,
    campaign_view,
    confirm,
    fight_view,
    lost_a_hero,
    new_campaign,
    new_gang,
    start_fight,
    wait_over,
)
from fastapi.testclient import TestClient
from sqlalchemy import select
from web_helpers import auth, operator

from cli_output import Cli
from totenblatt.campaign import Gang, step_seed
from totenblatt.store import Store
from totenblatt.store.campaigns import Campaigns
from totenblatt.store.models import AuditRow
from totenblatt.web import create_app

RULE_ARGS = ("died", "hp", "conceded", "sacrifice", "absent", "hero", "pay", "name",
             "abilities", "names")  # fmt: skip


@pytest.fixture
def api(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(campaign_settings(db_url))) as client:
        yield client


@pytest.mark.parametrize(
    ("abilities", "message"),
    [
        (["K"], "number cards 2-10"),
        (["2", "3", "4", "5", "6"], "at most 4"),
        (["2", "3", "4"], "has 2 abilities; 3 were chosen"),
        (["2", "2"], "distinct"),
    ],
)
def test_a_leaders_refused_abilities_are_named(
    api: TestClient, abilities: list[str], message: str
) -> None:
    campaign = new_campaign(api)
    response = api.post(f"/api/campaigns/{campaign['campaign_id']}/gangs",
                        json={"name": "X", "leader": "gunslinger", "abilities": abilities},
                        headers=auth(campaign["admin_token"]))  # fmt: skip
    assert response.status_code == 422 and message in response.json()["error"], response.text


def test_a_leaders_chosen_abilities_are_kept_and_the_rest_drawn_distinct(api: TestClient) -> None:
    campaign = new_campaign(api)
    for seed in range(6):
        made = new_gang(api, campaign, name=f"G{seed}", leader="veteran", size=2, seed=seed,
                        abilities=["cover_3", "2"])  # fmt: skip
        view = campaign_view(api, campaign["campaign_id"])
        gang = next(g for g in view["gangs"] if g["gang_id"] == made["gang_id"])
        leader = gang["members"][0]["abilities"]
        assert leader[:2] == ["cover_3", "quick_fingers_1"] and len(set(leader)) == 4


def _preview(api: TestClient, cid: str, fid: str, side: dict[str, Any], choices: Any) -> Any:
    return api.post(f"/api/campaigns/{cid}/fights/{fid}/aftermath/preview",
                    json={"gang_id": side["gang_id"], "choices": choices},
                    headers=auth(side["owner_token"]))  # fmt: skip


def _cards(steps: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    recruit = next(s for s in steps if s["step"] == "recruitment")
    return [(e["ability"], e["card"]) for e in recruit["events"] if e["event"] == "ability_gained"]


def _audits(url: str, gang: str) -> list[tuple[Any, ...]]:
    """The gang's audit rows after it came in: what, seed, before, after, the rules' args."""
    with Store(url) as store, store.transaction() as session:
        rows = session.scalars(select(AuditRow).where(AuditRow.subject == gang)
                               .order_by(AuditRow.id)).all()  # fmt: skip
        return [
            (
                "fight" if r.what in ("fight play", "fight record") else r.what,
                r.seed,
                r.before,
                r.after,
                {k: v for k, v in (r.args or {}).items() if k in RULE_ARGS},
            )
            for r in rows[1:]
        ]


def test_the_wizard_and_fight_record_take_one_road(
    api: TestClient, db_url: str, cli: Cli, tmp_path: Path
) -> None:
    campaign, a, fid, recruit = lost_a_hero(api)
    cid = campaign["campaign_id"]
    choices = {"hire": "gunslinger", "hire_name": "Kid Curry", "abilities": ["2"],
               "fill": True, "fill_names": ["Harvey Logan"]}  # fmt: skip
    shown = answer(_preview(api, cid, fid, a, choices))
    renamed = answer(_preview(api, cid, fid, a, choices | {"hire_name": "Buck Blackwood"}))
    unnamed = answer(_preview(api, cid, fid, a, choices | {"hire_name": None}))
    assert _cards(shown["steps"]) == _cards(renamed["steps"]) == _cards(unnamed["steps"])
    assert _cards(shown["steps"])[0] == ("quick_fingers_1", None)  # chosen, not drawn (D-41)
    assert shown["choices"]["abilities"] == ["quick_fingers_1"]
    assert sum(shown["choices"]["pay"].values()) == 5  # the split shown is the one recorded
    payer = max(recruit["payers"], key=lambda p: p["most"])
    short = confirm(api, cid, fid, a["gang_id"], a["owner_token"],
                    choices=choices | {"pay": {payer["name"]: 4}})  # fmt: skip
    assert short.status_code == 422 and "costs exactly 5 HP" in short.json()["error"]
    twice = _preview(api, cid, fid, a, choices | {"abilities": ["2", "2"]})
    assert twice.status_code == 422 and "distinct" in twice.json()["error"]
    with Store(db_url) as store:
        fight = Campaigns(store).get(cid).fight(fid)
        before = fight.side(a["gang_id"]).before
        seed = step_seed(fight.seed, a["gang_id"])
    done = confirm(api, cid, fid, a["gang_id"], a["owner_token"], choices=choices)
    assert done.status_code == 200, done.text
    assert done.json()["aftermath"][a["gang_id"]]["steps"] == shown["steps"]
    with Store(db_url) as store:
        web_gang = store.gangs.get("Lone")
    (_, _, _, _, fought), *_ = _audits(db_url, "Lone")[-3:]
    # the same gang on a real table: fight record with the same outcome and choices
    other = f"sqlite:///{tmp_path / 'cli.db'}"
    with Store(other) as store, store.transaction() as session:
        store.gangs.add(session, before, what="gang import", seed=None, args={})
    args = [
        "fight",
        "record",
        "Lone",
        "--seed",
        str(seed),
        "--db",
        other,
        "--hire",
        "gunslinger",
        "--hire-name",
        "Kid Curry",
        "--ability",
        "2",
        "--fill",
        "--fill-name",
        "Harvey Logan",
    ]
    args += [f for who in fought["died"] for f in ("--died", who)]
    args += [f for who, hp in fought["hp"].items() for f in ("--hp", f"{who}={hp}")]
    args += [f for who in fought["absent"] for f in ("--absent", who)]
    code, _, err = cli(args)
    assert code == 0, err
    with Store(other) as store:
        cli_gang = store.gangs.get("Lone")
    assert cli_gang.to_record() == web_gang.to_record()
    web_rows = [r for r in _audits(db_url, "Lone") if r[2] is not None]
    assert _audits(other, "Lone") == web_rows[-len(_audits(other, "Lone")) :]
    assert [r[0] for r in _audits(other, "Lone")] == ["fight", "gang recruit", "gang fill"][
        : len(_audits(other, "Lone"))
    ]


def test_a_dismissal_is_a_loss_and_only_an_aftermath_fills_up(
    api: TestClient, db_url: str, cli: Cli
) -> None:
    campaign = new_campaign(api)
    cid = campaign["campaign_id"]
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=3, seed=1,
                 members=["Emmett", "Grat"])  # fmt: skip
    url = f"/api/campaigns/{cid}/gangs/{a['gang_id']}/changes"
    gone = api.post(url, json={"action": "dismiss", "member": "Grat"},
                    headers=auth(a["owner_token"]))  # fmt: skip
    assert gone.status_code == 200, gone.text
    assert gone.json()["size"] == 2  # counted like a sacrifice (D-42)
    code, _, err = cli(["gang", "fill", "Daltons", "--db", db_url])
    assert code == 2 and "only in a fight's aftermath" in err
    with Store(db_url) as store:
        gang: Gang = store.gangs.get("Daltons")
        whats = [h.what for h in store.gangs.history("Daltons")]
    assert len(gang.members) == gang.size == 2 and whats[-1] == "member dismiss"
    view = campaign_view(api, cid, campaign["admin_token"])  # the arbitrator sees the loss
    assert [(x["gang_id"], x["member"], x["undone"]) for x in view["losses"]] == [
        (a["gang_id"], "Grat", False)
    ]
    assert "Grat left Daltons for good" in api.get(f"/campaigns/{cid}?lang=en").text


def test_the_league_counts_the_campaigns_own_fights_after_joining(
    api: TestClient, db_url: str, cli: Cli
) -> None:
    db = ["--db", db_url]
    with Store(db_url) as store:
        store.gangs.create("Earps", VET, size=3, seed=3)
    for _ in range(2):  # before the campaign: shown nowhere in its table (D-43)
        assert (
            cli(["fight", "record", "Earps", "--against", "Cowboys", "--result", "won", *db])[0]
            == 0
        )
    campaign = new_campaign(api)
    cid = campaign["campaign_id"]
    url = f"/api/campaigns/{cid}/gangs"
    earps = answer(
        api.post(url, json={"import": "Earps"}, headers=operator(campaign["admin_token"])), 201
    )
    posse = new_gang(api, campaign, name="Posse", leader="gunslinger", size=3, seed=5)
    view = campaign_view(api, cid)
    line = next(s for s in view["standings"] if s["gang_id"] == earps["gang_id"])
    assert (line["fights"], line["wins"]) == (0, 0)  # today: 2 wins from before it joined
    assert [f["counted"] for f in view["fights"]] == [False, False]
    assert cli(["fight", "record", "Earps", "--against", "Posse", "--result", "won", *db])[0] == 0
    assert (
        cli(["fight", "record", "Earps", "--against", "Strangers", "--result", "won", *db])[0] == 0
    )
    view = campaign_view(api, cid)
    line = next(s for s in view["standings"] if s["gang_id"] == earps["gang_id"])
    assert (line["fights"], line["wins"]) == (1, 1)  # against its own gang only
    assert [(f["counted"], f["undone"]) for f in view["fights"]][-2:] == [
        (True, False),
        (False, False),
    ]
    assert cli(["fight", "undo", "Earps", *db])[0] == 0
    assert cli(["fight", "undo", "Earps", *db])[0] == 0
    view = campaign_view(api, cid)
    line = next(s for s in view["standings"] if s["gang_id"] == earps["gang_id"])
    assert line["fights"] == 0
    assert [(f["counted"], f["undone"]) for f in view["fights"]][-2:] == [
        (False, True),
        (False, True),
    ]
    assert posse["gang_id"] in {s["gang_id"] for s in view["standings"]}


def _daltons_and_clantons(
    api: TestClient, campaign: dict[str, Any], scenario: str = "duel", seats: str = "bot"
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The Daltons and the Clantons of ``campaign``, and a fight between them (both seats
    ``seats``)."""
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=3, seed=1)
    b = new_gang(api, campaign, name="Clantons", leader="gunslinger", size=3, seed=2)
    fight = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario=scenario,
                        seats=[seats, seats])  # fmt: skip
    return a, b, fight


def _recorded_duel(api: TestClient) -> tuple[str, dict[str, Any], dict[str, Any], str]:
    """A campaign whose Daltons and Clantons fought a duel of bots, both aftermaths
    confirmed: its id, the gangs, the fight's id."""
    campaign = new_campaign(api)
    cid = campaign["campaign_id"]
    a, b, fight = _daltons_and_clantons(api, campaign)
    fid = fight["fight_id"]
    wait_over(api, cid, fid)
    for side in (a, b):
        assert confirm(api, cid, fid, side["gang_id"], side["owner_token"]).status_code == 200
    return cid, a, b, fid


def test_undoing_a_campaign_fight_undoes_it_for_both_gangs(api: TestClient, db_url: str) -> None:
    cid, a, b, fid = _recorded_duel(api)
    undo = api.post(f"/api/campaigns/{cid}/gangs/{a['gang_id']}/changes",
                    json={"action": "undo"}, headers=auth(a["owner_token"]))  # fmt: skip
    assert undo.status_code == 200, undo.text
    view = campaign_view(api, cid)
    (entry,) = [f for f in view["fights"] if f["fight_id"] == fid]
    assert entry["undone"] is True and sorted(entry["undone_gangs"]) == sorted(
        [a["gang_id"], b["gang_id"]]
    )
    assert all(s["fights"] == 0 for s in view["standings"])  # today: the Clantons keep theirs
    with Store(db_url) as store:
        clantons = store.gangs.get("Clantons")
        history = store.gangs.history("Clantons")
    assert clantons.fights == 0 and history[-1].what == "fight undo"


def test_a_shared_fight_is_not_undone_under_a_later_one(
    api: TestClient, db_url: str, cli: Cli
) -> None:
    _recorded_duel(api)
    assert cli(["fight", "record", "Clantons", "--db", db_url])[0] == 0  # a later fight
    code, _, err = cli(["fight", "undo", "Daltons", "--db", db_url])
    assert code == 2 and "later fight" in err and "D-43" in err
    with Store(db_url) as store:
        assert [h.undone for h in store.gangs.history("Daltons")][-1] is False


def test_the_pages_name_the_scenario_not_its_id(api: TestClient) -> None:
    from totenblatt.wanted.table.scenario import load_scenario

    campaign = new_campaign(api, lang="de")
    cid = campaign["campaign_id"]
    a, _, fight = _daltons_and_clantons(api, campaign, "gangs", "human")
    title = load_scenario("gangs").title_de
    page = api.get(f"/campaigns/{cid}?lang=de").text
    assert f'class="where">{title}<' in page and 'class="where">gangs<' not in page
    fight_page = api.get(f"/campaigns/{cid}/fights/{fight['fight_id']}?lang=de").text
    assert f"· {title}</p>" in fight_page and "· gangs</p>" not in fight_page
    roster_page = api.get(f"/campaigns/{cid}/gangs/{a['gang_id']}?lang=de").text
    assert "Regelwerk erweitert" in roster_page and "Regelwerk extended" not in roster_page


def test_a_campaign_table_names_the_gangs_and_the_campaign(api: TestClient, db_url: str) -> None:
    campaign = new_campaign(api, "Tombstone")
    cid = campaign["campaign_id"]
    _, _, fight = _daltons_and_clantons(api, campaign)
    wait_over(api, cid, fight["fight_id"])
    spectator = fight["spectator_url"].split("token=")[1]
    view = answer(api.get(f"/api/games/{fight['game_id']}/view", headers=auth(spectator)))
    told = json.dumps(view["log"], ensure_ascii=False)
    assert "Daltons" in told or "Clantons" in told  # today: "Player 1", "Player 2"
    assert "Player 1" not in told and "Player 2" not in told
    with Store(db_url) as store, store.transaction() as session:
        from totenblatt.store.models import WebGameRow

        row = session.get(WebGameRow, fight["game_id"])
        assert row is not None and row.name == "Tombstone"


def _cli_args(fought: dict[str, Any]) -> list[str]:
    """``fight record`` options giving the outcome a gang's fight audit row holds."""
    args = [f for who in fought["died"] for f in ("--died", who)]
    args += [f for who, hp in fought["hp"].items() for f in ("--hp", f"{who}={hp}")]
    return args + [f for who in fought["absent"] for f in ("--absent", who)]


def test_a_fight_against_a_gang_of_the_campaign_takes_the_wizards_road(
    api: TestClient, db_url: str, cli: Cli, tmp_path: Path
) -> None:
    """D-43 on a real table: ``fight record A --against B`` and then ``fight record B`` give
    both gangs the rosters and audit rows the web wizard gives them for the same outcome."""
    campaign = new_campaign(api)
    cid = campaign["campaign_id"]
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=4, seed=1)
    b = new_gang(api, campaign, name="Clantons", leader="gunslinger", size=4, seed=2)
    fid = start_fight(api, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                      seats=["bot", "bot"])["fight_id"]  # fmt: skip
    wait_over(api, cid, fid)
    view = fight_view(api, cid, fid, campaign["admin_token"])
    for side in (a, b):
        assert confirm(api, cid, fid, side["gang_id"], side["owner_token"]).status_code == 200
    with Store(db_url) as store:
        fight = Campaigns(store).get(cid).fight(fid)
        befores = [fight.side(s["gang_id"]).before for s in (a, b)]
        seeds = [step_seed(fight.seed, s["gang_id"]) for s in (a, b)]
        web = [store.gangs.get(n).to_record() for n in ("Daltons", "Clantons")]
    other = f"sqlite:///{tmp_path / 'table.db'}"
    with Store(other) as store:
        table = Campaigns(store)
        table.create("c", "Tombstone", "en", "0" * 64)
        for i, gang in enumerate(befores):
            table.import_roster("c", f"g{i}", "1" * 64, gang)
    for i, (side, name) in enumerate(((a, "Daltons"), (b, "Clantons"))):
        (_, _, _, _, fought), *_ = [r for r in _audits(db_url, name) if r[0] == "fight"]
        choices = view["aftermath"][side["gang_id"]]["choices"]
        args = ["fight", "record", name, "--seed", str(seeds[i]), "--db", other, *_cli_args(fought)]
        if i == 0:
            args += ["--against", "Clantons", "--result", view["result"][side["gang_id"]]]
        if choices["hire"]:
            args += ["--hire", choices["hire"]]
        if choices["fill"]:
            args += ["--fill"]
        code, _, err = cli(args)
        assert code == 0, err
    with Store(other) as store:
        table_fight = Campaigns(store).get("c").fights[0]
        assert [store.gangs.get(n).to_record() for n in ("Daltons", "Clantons")] == web
    assert table_fight.status == "recorded"
    for name in ("Daltons", "Clantons"):
        web_rows = [r for r in _audits(db_url, name) if r[2] is not None]
        assert _audits(other, name) == web_rows[-len(_audits(other, name)) :]
        assert _audits(other, name)[0][0] == "fight"


def test_the_wizard_lets_the_owner_choose_the_new_leader(api: TestClient, db_url: str) -> None:
    campaign, a, fid, _ = lost_a_hero(api)  # Kit, the leader, is dead
    cid = campaign["campaign_id"]
    shown = answer(_preview(api, cid, fid, a, {"fill": True}))
    leader = next(s for s in shown["steps"] if s["step"] == "leader")
    names = [c["name"] for c in leader["candidates"]]
    assert "Kit" not in names and leader["chosen"] == leader["default"] == names[0]
    pick = names[-1]  # a newcomer of the fill, or the last survivor
    chosen = answer(_preview(api, cid, fid, a, {"fill": True, "leader": pick}))
    roster = next(s for s in chosen["steps"] if s["step"] == "roster")
    assert roster["members"][0]["name"] == pick and chosen["choices"]["leader"] == pick
    refused = _preview(api, cid, fid, a, {"fill": True, "leader": "Kit"})
    namesake = [n for n in names if n.split()[0] == "Kit"]  # a newcomer "Kit Wade" answers to Kit
    if namesake:
        steps = answer(refused)["steps"]
        first = next(s for s in steps if s["step"] == "roster")["members"][0]["name"]
        assert first == namesake[0], (names, first)
    else:
        assert refused.status_code == 422 and "cannot lead" in refused.json()["error"]
    done = confirm(api, cid, fid, a["gang_id"], a["owner_token"],
                   choices={"fill": True, "leader": pick})  # fmt: skip
    assert done.status_code == 200, done.text
    with Store(db_url) as store:
        assert store.gangs.get("Lone").members[0].name == pick
        assert store.gangs.history("Lone")[-1].what == "gang leader"


def test_a_table_fight_shows_in_the_campaign_and_waits_for_the_other_owner(
    api: TestClient, db_url: str, cli: Cli
) -> None:
    campaign = new_campaign(api)
    cid = campaign["campaign_id"]
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=3, seed=1)
    b = new_gang(api, campaign, name="Clantons", leader="gunslinger", size=3, seed=2)
    code, _, err = cli(["fight", "record", "Daltons", "--against", "Clantons", "--result", "won",
                        "--db", db_url])  # fmt: skip
    assert code == 0, err
    view = campaign_view(api, cid)
    (fight,) = [f for f in view["fights"] if f["source"] == "fight record"]
    assert fight["status"] == "aftermath" and fight["result"] == {
        a["gang_id"]: "won",
        b["gang_id"]: "lost",
    }
    assert fight["confirmed"] == {a["gang_id"]: True, b["gang_id"]: False}
    busy = next(g for g in view["gangs"] if g["gang_id"] == b["gang_id"])["busy"]
    assert busy == fight["fight_id"]
    page = fight_view(api, cid, fight["fight_id"], b["owner_token"])
    assert page["aftermath"][b["gang_id"]]["confirmed"] is False
    refused = confirm(api, cid, fight["fight_id"], b["gang_id"], b["owner_token"])
    assert refused.status_code == 409 and "fight record" in refused.json()["error"]
    assert cli(["fight", "record", "Clantons", "--db", db_url])[0] == 0
    view = campaign_view(api, cid)
    (fight,) = [f for f in view["fights"] if f["fight_id"] == fight["fight_id"]]
    assert fight["status"] == "recorded" and not fight["undone"]
    lines = {s["gang_id"]: (s["fights"], s["wins"]) for s in view["standings"]}
    assert lines == {a["gang_id"]: (1, 1), b["gang_id"]: (1, 0)}
