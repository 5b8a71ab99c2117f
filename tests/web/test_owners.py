"""Who owns what (issue 38): a stranger cannot take over, change or learn the store's gangs
and sheets; the operator brings them in by name and the story or campaign then holds them;
an uploaded export is a copy the web owns; the command line shows the holder."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import OPERATOR, auth, operator

from totenblatt.campaign import roster_dict
from totenblatt.rpg.character import Character
from totenblatt.store import Store
from totenblatt.wanted.vocab import HeroType
from totenblatt.web import ServerSettings, create_app

Cli = Callable[[Sequence[str]], tuple[int, str, str]]
STORED = ("Dalton Boys", "Clanton Gang", "Trevor", "Diana")
"""The stored things' names: no answer to a stranger may hold one it did not name."""


@pytest.fixture
def stocked(db_url: str) -> str:
    """The command line's store: two gangs, two sheets (Trevor with 3 jokers and notes)."""
    with Store(db_url) as store:
        store.gangs.create("Dalton Boys", HeroType.VETERAN, size=4, seed=3)
        store.gangs.create("Clanton Gang", HeroType.GUNSLINGER, size=4, seed=4)
        trevor = Character.create("Trevor", {"Sportlichkeit": 2}).gained_jokers(2)
        store.characters.create(trevor.with_notes("the operator's own notes"))
        store.characters.create(Character.create("Diana", {"Konstitution": 1}))
    return db_url


def _app(db_url: str, *, private: bool = False) -> TestClient:
    settings = ServerSettings(
        db_url=db_url, bot_delay=0.0, bot_processes=0, operator_token=OPERATOR, private=private
    )
    return TestClient(create_app(settings))


@pytest.fixture
def web(stocked: str) -> Iterator[TestClient]:
    with _app(stocked) as client:
        yield client


def _story(client: TestClient, name: str = "Kiez") -> tuple[str, str]:
    made = client.post("/api/stories", json={"name": name, "lang": "en"})
    assert made.status_code == 201, made.text
    return made.json()["story_id"], made.json()["gm_token"]


def _campaign(client: TestClient, name: str = "Tombstone") -> tuple[str, str]:
    made = client.post("/api/campaigns", json={"name": name, "lang": "en"})
    assert made.status_code == 201, made.text
    return made.json()["campaign_id"], made.json()["admin_token"]


def _played(client: TestClient, story: str, sheet: int, gm: str, *, jokers: int, notes: str) -> Any:
    """The game master of ``story`` awards ``sheet`` ``jokers`` and writes its ``notes``: the
    answer to the notes."""
    url = f"/api/stories/{story}/characters/{sheet}"
    client.post(f"{url}/jokers", json={"count": jokers, "reason": "heroics"}, headers=auth(gm))
    return client.patch(url, json={"notes": notes}, headers=auth(gm))


def _leaks(answers: list[Any], named: str = "") -> list[str]:
    """The stored names that ``answers`` hold beyond ``named`` (what the asker named)."""
    text = "\n".join(a.text for a in answers)
    return [n for n in STORED if n in text and n.lower() not in named.lower()]


def test_a_stranger_cannot_take_over_a_stored_sheet_or_gang(web: TestClient, stocked: str) -> None:
    story, gm = _story(web)
    campaign, admin = _campaign(web)
    answers = [
        web.post(f"/api/stories/{story}/characters", json={"sheet": "Trevor"}, headers=auth(gm)),
        web.post(f"/api/stories/{story}/characters", json={"sheet": "x"}, headers=auth(gm)),
        web.post(f"/api/campaigns/{campaign}/gangs", json={"import": "D"}, headers=auth(admin)),
        web.post(f"/api/campaigns/{campaign}/gangs", json={"import": "x"}, headers=auth(admin)),
    ]
    assert [a.status_code for a in answers] == [403, 403, 403, 403]
    assert all("operator" in a.json()["error"] for a in answers)
    wrong = {"X-Operator-Token": "not-the-operator"} | auth(gm)
    forged = web.post(f"/api/stories/{story}/characters", json={"sheet": "Trevor"}, headers=wrong)
    assert forged.status_code == 403
    assert web.get("/api/store", headers=auth(gm)).status_code == 403
    answers += [forged, web.get(f"/api/stories/{story}", headers=auth(gm))]
    answers.append(web.get(f"/api/campaigns/{campaign}", headers=auth(admin)))
    assert _leaks(answers, named="Trevor") == []
    with Store(stocked) as store:
        trevor = store.characters.get("Trevor")
        assert trevor.jokers == 3 and trevor.notes == "the operator's own notes"
        assert [g.name for g in store.gangs.all()] == ["Clanton Gang", "Dalton Boys"]


def test_an_upload_is_a_copy_the_web_owns(web: TestClient, stocked: str, cli: Cli) -> None:
    code, out, err = cli(["character", "show", "Trevor", "--json", "--db", stocked])
    assert code == 0, err
    story, gm = _story(web)
    upload = {"upload": json.loads(out)}
    made = web.post(f"/api/stories/{story}/characters", json=upload, headers=auth(gm))
    assert made.status_code == 201, made.text
    sheet = made.json()["character_id"]
    patched = _played(web, story, sheet, gm, jokers=5, notes="mine")
    assert patched.status_code == 200, patched.text
    view = web.get(f"/api/stories/{story}", headers=auth(gm)).json()
    copy = next(c for c in view["characters"] if c["name"] == "Trevor")
    assert copy["jokers"] == 6 and not copy["stored"]
    with Store(stocked) as store:  # the stored sheet is untouched, and not held
        trevor = store.characters.get("Trevor")
        assert trevor.jokers == 3 and trevor.notes == "the operator's own notes"
    listing = web.get("/api/store", headers=auth(OPERATOR)).json()
    assert {"name": "Trevor", "held_by": None} in listing["sheets"]
    campaign, admin = _campaign(web)
    with Store(stocked) as store:
        exported = roster_dict(store.gangs.get("Dalton Boys"))
    url = f"/api/campaigns/{campaign}/gangs"
    taken = web.post(url, json={"upload": exported}, headers=auth(admin))
    assert taken.status_code == 409 and _leaks([taken], named="Dalton Boys") == []
    copied = web.post(url, json={"upload": exported, "name": "Daltons"}, headers=auth(admin))
    assert copied.status_code == 201, copied.text
    gang_id, owner = copied.json()["gang_id"], copied.json()["owner_token"]
    renamed = web.post(
        f"{url}/{gang_id}/changes", json={"action": "rename", "name": "Mine"}, headers=auth(owner)
    )
    assert renamed.status_code == 200, renamed.text
    with Store(stocked) as store:
        assert {g.name for g in store.gangs.all()} == {"Dalton Boys", "Clanton Gang", "Mine"}
    bad = web.post(f"/api/stories/{story}/characters", json={"upload": [1]}, headers=auth(gm))
    assert bad.status_code == 422
    stranger = web.post(f"/api/stories/{story}/characters", json=upload)
    assert stranger.status_code == 401


def test_what_a_story_or_campaign_brings_in_it_holds(
    web: TestClient, stocked: str, cli: Cli
) -> None:
    first, gm1 = _story(web, "First")
    second, gm2 = _story(web, "Second")
    brought = web.post(
        f"/api/stories/{first}/characters", json={"sheet": "trevor"}, headers=operator(gm1)
    )
    assert brought.status_code == 201, brought.text
    sheet = brought.json()["character_id"]
    _played(web, first, sheet, gm1, jokers=2, notes="n1")
    again = web.post(
        f"/api/stories/{second}/characters", json={"sheet": "Trevor"}, headers=operator(gm2)
    )
    assert again.status_code == 409 and again.json()["error"]
    assert "First" not in again.text and first not in again.text  # nothing of the holder
    view = web.get(f"/api/stories/{first}", headers=auth(gm1)).json()
    trevor = next(c for c in view["characters"] if c["name"] == "Trevor")
    assert trevor["jokers"] == 3 and trevor["notes"] == "n1"  # the holder's sheet unchanged
    campaign, admin = _campaign(web, "Wild Bunch")
    other, admin2 = _campaign(web, "Elsewhere")
    url = f"/api/campaigns/{campaign}/gangs"
    assert web.post(url, json={"import": "Dalton"}, headers=operator(admin)).status_code == 201
    held = web.post(
        f"/api/campaigns/{other}/gangs", json={"import": "Dalton"}, headers=operator(admin2)
    )
    assert held.status_code == 409 and "Wild Bunch" not in held.text and campaign not in held.text
    listing = web.get("/api/store", headers=auth(OPERATOR)).json()
    assert {"name": "Dalton Boys", "held_by": {"kind": "campaign", "id": campaign,
            "name": "Wild Bunch"}} in listing["gangs"]  # fmt: skip
    assert {"name": "Trevor", "held_by": {"kind": "story", "id": first, "name": "First"}} in (
        listing["sheets"]
    )
    code, out, _ = cli(["character", "show", "Trevor", "--db", stocked, "--lang", "en"])
    assert code == 0 and f"held by the story 'First' (id {first})" in out
    code, out, _ = cli(["character", "show", "Trevor", "--json", "--db", stocked])
    assert json.loads(out)["held_by"] == {"kind": "story", "id": first, "name": "First"}
    code, out, _ = cli(["gang", "show", "Dalton Boys", "--db", stocked, "--lang", "de"])
    assert code == 0 and f"'Wild Bunch' (ID {campaign})" in out  # the German line
    code, out, _ = cli(["gang", "show", "Clanton Gang", "--json", "--db", stocked])
    assert "held_by" not in json.loads(out)  # a free gang's shape is as before


def test_a_private_server_lets_only_the_operator_create(stocked: str) -> None:
    with _app(stocked, private=True) as web:
        for path in ("/api/stories", "/api/campaigns"):
            body = {"name": "Kiez", "lang": "en"}
            assert web.post(path, json=body).status_code == 401
            assert web.post(path, json=body, headers=auth("someone")).status_code == 403
            made = web.post(path, json=body, headers=auth(OPERATOR))
            assert made.status_code == 201, made.text
    with _app(stocked) as web:  # open by default
        assert web.post("/api/stories", json={"name": "Kiez"}).status_code == 201
