"""The table editor's API (issue 46): the loader's verdict on a text, the door's sight answers
against the engine's, hostile files, the operator's save, the round trip into a game."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import OPERATOR, auth, editor_settings, play_out, view_of

from scenario_text import builtin_text, figure
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import Game, new_game
from totenblatt.wanted.table.scenario import (
    ScenarioError,
    load_scenario,
    scenario_folder,
    use_scenario_folder,
)
from totenblatt.web import create_app

SHACK = """title = "Shootout at the Shack"
title_de = "Schießerei an der Hütte"
width = 24
height = 24
seats = 2
round_limit = 8

[[terrain]]
name = "Shack"
name_de = "Hütte"
kind = "building"
rect = [8, 8, 6, 4]
openings = [
  { kind = "door", side = "south", at = 1, width = 1.5 },
]

[[terrain]]
name = "Rocks 1"
kind = "rocks"
outline = [[3, 18], [6, 17.5], [6.5, 20], [4, 21]]
"""
SHACK += "\n" + figure("A1", 0, (2, 2)) + "\n" + figure("B1", 1, (22, 22), weapon="winchester")


def make_client(tmp_path: Path, folder: Path | None) -> TestClient:
    return TestClient(create_app(editor_settings(f"sqlite:///{tmp_path / 'web.db'}", folder)))


@pytest.fixture
def editor(tmp_path: Path, folder: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, folder) as client:
        yield client


def operator_put(client: TestClient, name: str, text: str, token: str | None = OPERATOR) -> Any:
    headers = {} if token is None else auth(token)
    return client.put(f"/api/scenarios/{name}", json={"toml": text}, headers=headers)


# -- the loader's verdict ---------------------------------------------------------------------


def test_check_answers_name_title_warnings_and_the_table(editor: TestClient) -> None:
    answer = editor.post("/api/scenarios/check", json={"toml": builtin_text("duel")})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert (data["name"], data["title"], data["warnings"]) == (
        "scenario",
        "Duel on Main Street",
        [],
    )
    assert data["table"]["width"] == 24 and len(data["table"]["terrain"]) == 13
    near = SHACK.replace("position = [22, 22]", "position = [2, 14]")
    data = editor.post("/api/scenarios/check?lang=de", json={"toml": near}).json()
    assert any("A1 (Seite 1) beginnt, wo B1 auf sie schießen kann" in w for w in data["warnings"])
    assert {k: data["warning_list"][0][k] for k in ("kind", "figure", "seat")} == {
        "kind": "in_sight",
        "figure": "A1",
        "seat": 0,
    }


def _file_message(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    return str(caught.value).removeprefix(str(path))


HOSTILE = {
    "huge table": SHACK.replace("width = 24", "width = 100000"),
    "too many pieces": SHACK
    + "".join(
        f'\n[[terrain]]\nkind = "barrel"\nrect = [{i % 20}, 0, 0.5, 0.5]\n' for i in range(201)
    ),
    "overlapping buildings": SHACK.replace(
        '[[terrain]]\nname = "Rocks 1"',
        '[[terrain]]\nname = "Barn"\nkind = "building"\nrect = [9, 9, 4, 4]\n\n'
        '[[terrain]]\nname = "Rocks 1"',
    ),
    "piece outside the table": SHACK.replace("rect = [8, 8, 6, 4]", "rect = [20, 8, 6, 4]"),
    "figure outside the table": SHACK.replace("position = [2, 2]", "position = [-3, 2]"),
    "figure in a wall": SHACK.replace("position = [2, 2]", "position = [8, 10]"),
    "control characters": SHACK.replace("Shootout", "Shoot\\u0000out"),
    "not TOML": "title = \n" + SHACK,
    "deep nesting": "x = " + "[" * 40 + "]" * 40 + "\n" + SHACK,
    "unknown key": SHACK + "\nbazooka = true\n",
    "self-crossing outline": SHACK.replace(
        "[[3, 18], [6, 17.5], [6.5, 20], [4, 21]]", "[[3, 18], [6, 21], [6, 18], [3, 21]]"
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_refused_with_the_loaders_message(
    editor: TestClient, tmp_path: Path, case: str
) -> None:
    text = HOSTILE[case]
    answer = editor.post("/api/scenarios/check", json={"toml": text})
    assert answer.status_code == 422, answer.text
    said = answer.json()["error"]
    assert said.startswith("scenario")
    assert said.removeprefix("scenario") == _file_message(tmp_path, text)[:1000]
    for path in ("/api/scenarios/sight", "/api/scenarios/balance"):
        body = {"toml": text, "spot": [1, 1]} if path.endswith("sight") else {"toml": text}
        again = editor.post(path, json=body)
        assert again.status_code == 422 and again.json()["error"] == said
    refused = operator_put(editor, "hostile", text)
    assert refused.status_code == 422
    assert refused.json()["error"].removeprefix("hostile") == _file_message(tmp_path, text)


def test_text_may_not_reach_other_files(editor: TestClient) -> None:
    for parent in ("/etc/passwd", "duel", "../scenarios/x.toml"):
        answer = editor.post("/api/scenarios/check", json={"toml": f'extends = "{parent}"\n'})
        assert answer.status_code == 422
        assert "key 'extends': a scenario given as text stands alone" in answer.json()["error"]


def test_malformed_bodies_are_refused(editor: TestClient) -> None:
    cases: list[Any] = [[], {"toml": 3}, {"toml": SHACK, "x": 1}, {}]
    for body in cases:
        assert editor.post("/api/scenarios/check", json=body).status_code == 422
    for spot in ([1], ["a", 2], [True, 2], None):
        answer = editor.post("/api/scenarios/sight", json={"toml": SHACK, "spot": spot})
        assert answer.status_code == 422, spot
    huge = {"toml": SHACK + "#" * 70_000}
    assert editor.post("/api/scenarios/check", json=huge).status_code == 413
    for games in (0, 201, 1.5, True):
        answer = editor.post("/api/scenarios/balance", json={"toml": SHACK, "games": games})
        assert answer.status_code == 422


# -- the door's sight against the engine ------------------------------------------------------


def test_a_spot_where_no_figure_stands_is_422(editor: TestClient) -> None:
    for spot, said in (([8, 10], "wall"), ([0.2, 3], "off the table")):
        answer = editor.post("/api/scenarios/sight", json={"toml": SHACK, "spot": spot})
        assert answer.status_code == 422 and said in answer.json()["error"]


_GAME: dict[str, Game] = {}


def _engine() -> Game:
    if "duel" not in _GAME:
        _GAME["duel"] = new_game("duel", seed=3)
    return _GAME["duel"]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(x=st.floats(0.5, 23.5), y=st.floats(0.5, 35.5))
def test_sight_answers_are_the_engines_own(editor: TestClient, x: float, y: float) -> None:
    """For a random spot, every grid spot's cover and whether the spot has a line of fire to
    it are what a game's own geometry says of a shot from there."""
    spot = (round(x * 4) / 4, round(y * 4) / 4)
    geo = _engine().state.geo
    answer = editor.post(
        "/api/scenarios/sight", json={"toml": builtin_text("duel"), "spot": list(spot)}
    )
    if geo.table.position_error(spot) is not None:
        assert answer.status_code == 422
        return
    assert answer.status_code == 200, answer.text
    data = answer.json()
    visible = {tuple(p) for p in data["visible"]}
    hiding = {tuple(p) for p in data["hiding"]}
    assert len(data["cover"]) > 700
    for key, level in data["cover"].items():
        point = tuple(float(v) for v in key.split(","))
        assert geo.table.position_error(point) is None
        assert level == geo.cover(spot, point).value
        assert (point in visible) is geo.sight(spot, point)[1]
        assert (point in hiding) is geo.in_hard_cover(point)
    assert data["can_hide"] is geo.in_hard_cover(spot)


# -- saving: the operator only, atomic, never over another --------------------------------------


def test_saving_needs_the_operators_token(editor: TestClient, folder: Path) -> None:
    assert operator_put(editor, "shack", SHACK, token=None).status_code == 401
    assert operator_put(editor, "shack", SHACK, token="not-the-operator").status_code == 403
    assert not folder.exists() or not list(folder.iterdir())
    answer = operator_put(editor, "shack", SHACK)
    assert answer.status_code == 201, answer.text
    assert answer.json() == {
        "name": "shack",
        "title": "Shootout at the Shack",
        "title_de": "Schießerei an der Hütte",
    }
    assert [p.name for p in folder.iterdir()] == ["shack.toml"]  # no temporary file left
    again = operator_put(editor, "shack", SHACK.replace("Shootout", "Standoff"))
    assert again.status_code == 409 and "saved already" in again.json()["error"]
    assert (folder / "shack.toml").read_text(encoding="utf-8") == SHACK
    assert [p.name for p in folder.iterdir()] == ["shack.toml"]
    assert operator_put(editor, "duel", SHACK).status_code == 409
    for bad in ("Shack", "..", ".hidden", "a" * 41, "sh ack", "shäck"):
        answer = operator_put(editor, bad, SHACK)
        assert answer.status_code in (404, 405, 422), bad
        assert not (folder / f"{bad}.toml").exists()
    named = operator_put(editor, "other", 'name = "elsewhere"\n' + SHACK)
    assert named.status_code == 422 and "the file says 'elsewhere'" in named.json()["error"]


def test_a_server_without_a_folder_refuses_to_save(tmp_path: Path) -> None:
    before = scenario_folder()
    try:
        with make_client(tmp_path, None) as client:
            answer = operator_put(client, "shack", SHACK)
            assert answer.status_code == 409 and "--scenario-dir" in answer.json()["error"]
    finally:
        use_scenario_folder(before)


# -- the round trip ----------------------------------------------------------------------------


def test_saved_loaded_opened_again_listed_and_played(
    editor: TestClient, folder: Path, tmp_path: Path
) -> None:
    made = editor.post("/api/scenarios/check", json={"toml": SHACK, "name": "shack"}).json()
    assert operator_put(editor, "shack", SHACK).status_code == 201
    # loaded by the engine: the same scenario the editor checked
    scenario = load_scenario("shack")
    assert scenario.name == "shack" and scenario.title_de == "Schießerei an der Hütte"
    # opened again: the same text, the same table
    opened = editor.get("/api/scenarios/shack").json()
    assert opened == {"name": "shack", "toml": SHACK, "builtin": False}
    again = editor.post("/api/scenarios/check", json={"toml": opened["toml"], "name": "shack"})
    assert again.json() == made
    listed = editor.get("/api/scenarios").json()
    assert {"name": "shack", "title": "Shootout at the Shack", "builtin": False} in listed[
        "scenarios"
    ]
    assert "Shootout at the Shack" in editor.get("/").text  # the lobby offers it
    # totenblatt scenarios lists it
    done = subprocess.run(
        [sys.executable, "-m", "totenblatt", "scenarios", "--json", "--dir", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "shack" in [s["name"] for s in json.loads(done.stdout)]
    # a game on it from the lobby's API, played to its end
    created = editor.post("/api/games", json={"scenario": "shack", "seats": ["human", "bot"]})
    assert created.status_code == 201, created.text
    game = created.json()
    token = game["seats"][0]["token"]
    last = play_out(editor, game["game_id"], token, RandomBot(5), 400)
    assert last["scenario"] == "shack" and last["is_over"]
    rematch = editor.post(f"/api/games/{game['game_id']}/rematch", headers=auth(token))
    assert rematch.status_code == 201, rematch.text
    again_token = rematch.json()["seats"][0]["token"]
    assert view_of(editor, rematch.json()["game_id"], again_token)["scenario"] == "shack"
    # a saved game names it and replays on it
    assert Game.from_json(new_game("shack", seed=1).to_json()).scenario == scenario


def test_the_balance_hint_is_a_short_run_with_intervals(
    editor: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from totenblatt.web.editor import routes

    monkeypatch.setattr(routes, "BALANCE_SECONDS", 0.0)  # one game, then the time is up
    short = editor.post("/api/scenarios/balance", json={"toml": SHACK, "games": 6}).json()
    assert short["games"] == 1
    monkeypatch.setattr(routes, "BALANCE_SECONDS", 600.0)  # however slow the machine
    answer = editor.post("/api/scenarios/balance", json={"toml": SHACK, "games": 6})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["games"] == 6 and data["bot"] == "heuristic"
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    assert sum(s["wins"] for s in data["seats"]) + data["draws"] <= 6
    for seat in data["seats"]:
        assert 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    assert editor.post("/api/scenarios/balance", json={"toml": SHACK, "games": 6}).json() == data


def test_the_page_is_served_in_both_languages(editor: TestClient) -> None:
    for lang, word in (("en", "Table editor"), ("de", "Tisch-Editor")):
        page = editor.get(f"/editor?lang={lang}")
        assert page.status_code == 200 and word in page.text
    assert (
        editor.get("/editor/static/editor.js").headers["content-type"].startswith("text/javascript")
    )
    assert editor.get("/editor/static/../app.py").status_code == 404
    assert editor.get("/api/scenarios/nowhere").status_code == 404


def test_a_link_without_lang_speaks_the_visitors_language(editor: TestClient) -> None:
    german = {"accept-language": "de-DE,de;q=0.9"}
    assert '<html lang="de">' in editor.get("/editor", headers=german).text
    assert '<html lang="en">' in editor.get("/editor?lang=en", headers=german).text


def test_checks_have_a_budget_per_client(editor: TestClient) -> None:
    """A client gets QUESTIONS_PER_MINUTE checks and sights at once (then two a second)."""
    from totenblatt.web.editor.routes import QUESTIONS_PER_MINUTE

    statuses = []
    for _ in range(2 * QUESTIONS_PER_MINUTE):
        statuses.append(editor.post("/api/scenarios/check", json={"toml": "x"}).status_code)
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) == {422}
    assert len(statuses) > QUESTIONS_PER_MINUTE
    refused = editor.post("/api/scenarios/sight", json={"toml": SHACK, "spot": [1, 1]})
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_no_balance_hint_for_a_table_too_large_to_search(editor: TestClient) -> None:
    pieces = "".join(
        f'[[terrain]]\nkind = "wagon"\nrect = [{5 + (i % 20) * 11.5}, {5 + (i // 20) * 22}, 3, 4]\n'
        for i in range(45)
    )
    text = SHACK.replace("width = 24\nheight = 24", "width = 240\nheight = 240").replace(
        "[[figures]]", pieces + "\n[[figures]]", 1
    )
    checked = editor.post("/api/scenarios/check", json={"toml": text}).json()
    assert any("too large to search" in w for w in checked["warnings"])
    answer = editor.post("/api/scenarios/balance", json={"toml": text})
    assert (
        answer.status_code == 422 and "too large for a quick balance hint" in answer.json()["error"]
    )
