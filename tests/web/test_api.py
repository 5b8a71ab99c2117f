"""The HTTP API of the web table: create, view, act, previews, replay, pages, errors."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    auth,
    boot,
    create_game,
    hub_of,
    my_turn,
    play_out,
    play_random,
    spectator_token,
    view_of,
)

from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.bots.base import bot_seed
from totenblatt.wanted.bots.fast_search import HARD_CAP_MS, HardBot, hard_rollouts
from totenblatt.wanted.engine import new_game
from totenblatt.web.table.hub import HARD_THINK, SEARCH_SHARE

ENGINE_KEYS = set(new_game("duel", seed=1).view(0))


def test_healthz(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_create_answers_ids_tokens_and_links(client: TestClient) -> None:
    data = create_game(client, ["human", "bot"])
    assert isinstance(data["game_id"], str) and data["game_id"]
    human, bot = data["seats"]
    assert human["seat"] == 0 and human["kind"] == "human"
    assert len(human["token"]) >= 40
    assert human["url"].endswith(f"/games/{data['game_id']}#token={human['token']}")
    assert bot == {"seat": 1, "kind": "bot"}
    assert f"/games/{data['game_id']}#token=" in data["spectator_url"]
    assert "?token=" not in data["spectator_url"] and "?token=" not in human["url"]
    assert spectator_token(data) != human["token"]


def test_tokens_are_new_every_time(client: TestClient) -> None:
    tokens = {create_game(client, ["human", "human"])["seats"][s]["token"] for s in (0, 1)}
    tokens |= {create_game(client, ["human", "human"])["seats"][s]["token"] for s in (0, 1)}
    assert len(tokens) == 4


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"scenario": "moon", "seats": ["human", "bot"]}, "unknown scenario 'moon'"),
        ({"ruleset": "chess", "seats": ["human", "bot"]}, "unknown ruleset 'chess'"),
        ({"seats": ["human", "robot"]}, "unknown seat kind 'robot'"),
        ({"seats": ["human"]}, "has 2 seats"),
        ({"seats": "human,bot"}, "seats must be a list"),
        ({"seats": ["human", "bot"], "lang": "fr"}, "unknown lang 'fr'"),
        ({"seats": ["human", "bot"], "hand_mode": "shared"}, "unknown hand_mode"),
        ({"seats": ["human", "bot"], "seed": 7}, "unknown key 'seed'"),
        ([1, 2], "expected a JSON object"),
        ({"scenario": "heroes", "ruleset": "base", "seats": ["human", "bot"]}, "'extended'"),
    ],
)
def test_bad_games_are_refused_with_a_reason(client: TestClient, body: object, says: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert says in response.json()["error"]


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json() == {"error": "the body is not valid JSON"}


def test_view_is_the_engines_view_plus_legal_actions(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    for seat in (0, 1):
        view = view_of(client, game["game_id"], game["seats"][seat]["token"])
        assert set(view) >= ENGINE_KEYS
        assert view["seat"] == seat
        assert len(view["hand"]) == 5
        mine = view["to_act"] == seat
        assert bool(view["legal_actions"]) == mine
        assert all("type" in a for a in view["legal_actions"])


def test_view_needs_a_token_of_this_game(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    other = create_game(client, ["human", "bot"])
    url = f"/api/games/{game['game_id']}/view"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth("guess")).status_code == 403
    assert client.get(url, headers=auth(other["seats"][0]["token"])).status_code == 403
    assert "error" in client.get(url, headers=auth("guess")).json()
    missing = client.get("/api/games/nosuchgame/view", headers=auth("x"))
    assert missing.status_code == 404


def test_a_spectator_gets_the_public_view(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    view = view_of(client, game["game_id"], spectator_token(game))
    assert view["seat"] is None
    assert view["hand"] == [] and view["legal_actions"] == []
    assert "figure_hands" not in view
    assert not any(e["type"] == "hand_dealt" for e in view["events"])
    assert view["hand_sizes"] == [5, 5]


def test_a_legal_action_applies_and_returns_the_seats_events(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    token = game["seats"][0]["token"]
    view = my_turn(client, game["game_id"], token)
    before = view["version"]
    response = client.post(
        f"/api/games/{game['game_id']}/actions", json={"type": "pass"}, headers=auth(token)
    )
    assert response.status_code == 200, response.text
    events = response.json()["events"]
    assert events and all("type" in e for e in events)
    assert view_of(client, game["game_id"], token)["version"] > before


@pytest.mark.parametrize(
    ("action", "status", "says"),
    [
        ({"type": "fly"}, 422, "fly"),
        ({"type": "bid", "card": "Z♦"}, 422, "Z♦"),
        ({"type": "bid"}, 422, "bid"),
        ("pass", 422, "pass"),
        ({"type": "attack", "card": "A♠", "attacker": "Billy", "target": "Nobody"}, 409, ""),
        ({"type": "bid", "card": "A♦"}, 409, ""),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(
    client: TestClient, action: object, status: int, says: str
) -> None:
    game = create_game(client, ["human", "human"])
    first = view_of(client, game["game_id"], game["seats"][0]["token"])["to_act"]
    token = game["seats"][first]["token"]
    view = view_of(client, game["game_id"], token)
    assert view["phase"] == "swap"
    stored = hub_of(client).games.load(game["game_id"])
    response = client.post(
        f"/api/games/{game['game_id']}/actions", json=action, headers=auth(token)
    )
    assert response.status_code == status
    error = response.json()["error"]
    assert error and says in error  # the engine's reason, worded by the text layer
    after = view_of(client, game["game_id"], token)
    assert after["version"] == view["version"] and after["hand"] == view["hand"]
    assert hub_of(client).games.load(game["game_id"]).actions == stored.actions


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    view = view_of(client, gid, tokens[0])
    waiting = 1 - view["to_act"]
    response = client.post(
        f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(tokens[waiting])
    )
    assert response.status_code == 409
    assert "not your decision" in response.json()["error"]
    watcher = client.post(
        f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(spectator_token(game))
    )
    assert watcher.status_code == 403
    assert view_of(client, gid, tokens[0])["version"] == 0


def test_a_stale_version_is_refused(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    seat = view_of(client, gid, tokens[0])["to_act"]
    response = client.post(
        f"/api/games/{gid}/actions?version=5", json={"type": "pass"}, headers=auth(tokens[seat])
    )
    assert response.status_code == 409
    assert "moved on" in response.json()["error"]


def test_an_oversized_body_is_refused_unread(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    token = game["seats"][0]["token"]
    version = my_turn(client, game["game_id"], token)["version"]
    big = {"type": "pass", "pad": "x" * 70_000}
    response = client.post(f"/api/games/{game['game_id']}/actions", json=big, headers=auth(token))
    assert response.status_code == 413
    assert view_of(client, game["game_id"], token)["version"] == version


def test_deeply_nested_json_is_malformed_not_a_crash(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    token = game["seats"][0]["token"]
    body = b"[" * 20_000 + b"]" * 20_000
    response = client.post(
        f"/api/games/{game['game_id']}/actions",
        content=body[:60_000],
        headers={**auth(token), "content-type": "application/json"},
    )
    assert response.status_code == 422


def test_a_whole_game_against_the_bot_through_the_api(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    play_out(client, gid, token, RandomBot(11), 2_000)
    view = view_of(client, gid, token)
    assert view["is_over"] and view["result"]
    assert view["legal_actions"] == []
    replay = client.get(f"/api/games/{gid}/replay", headers=auth(spectator_token(game)))
    assert replay.status_code == 200
    frames = replay.json()["frames"]
    assert len(frames) > 3
    assert all(f["figures"] and "hand" not in f for f in frames)
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["game_id"] == gid and listed[0]["status"] == "over"
    assert "token" not in str(
        [{k: v for k, v in g.items() if k != "spectator_url"} for g in listed]
    )


def test_the_replay_waits_for_the_end(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    response = client.get(
        f"/api/games/{game['game_id']}/replay", headers=auth(game["seats"][0]["token"])
    )
    assert response.status_code == 409


def test_move_preview_gives_the_ruler(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    view = view_of(client, gid, tokens[0])
    billy = next(f for f in view["figures"] if f["seat"] == 0)
    x, y = billy["position"]
    request = {"kind": "move", "figure": billy["name"], "goal": [x, y + 3]}
    preview = client.post(f"/api/games/{gid}/preview", json=request, headers=auth(tokens[0]))
    assert preview.status_code == 200, preview.text
    data = preview.json()
    assert data["path"][0] == [x, y] and data["path"][-1] == [x, y + 3]
    assert data["total"] == pytest.approx(3.0)
    assert data["legal"] is False and data["reason"]  # not the action phase yet
    wall = {"kind": "move", "figure": billy["name"], "goal": [2, 8]}  # inside the bank
    blocked = client.post(f"/api/games/{gid}/preview", json=wall, headers=auth(tokens[0])).json()
    assert blocked["path"][-1] == [2, 8]
    other = {"kind": "move", "figure": "Paco", "goal": [1, 1]}
    refused = client.post(f"/api/games/{gid}/preview", json=other, headers=auth(tokens[0]))
    assert refused.status_code == 422 and "not a figure of yours" in refused.json()["error"]
    bad = client.post(
        f"/api/games/{gid}/preview",
        json={"kind": "move", "figure": "Billy", "goal": [1]},
        headers=auth(tokens[0]),
    )
    assert bad.status_code == 422


def test_attack_preview_gives_distance_cover_and_reason(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    request = {"kind": "attack", "attacker": "Billy", "target": "Paco"}
    data = client.post(f"/api/games/{gid}/preview", json=request, headers=auth(token)).json()
    assert data["distance"] == pytest.approx(32.0)
    assert data["line_of_fire"] is True and data["cover"] == "none"
    assert data["options"] == [] and data["reason"]


def test_the_table_page_draws_figures_and_its_boot_the_hand(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    page = client.get(f"/games/{gid}")  # the page holds no token: its script boots with it
    assert page.status_code == 200
    html = page.text
    # the 24" x 36" table, and a strip left of it and below it for the inch marks
    assert re.search(r'<svg id="board"[^>]*viewBox="-0.9 0 24.9 36.9"', html)
    assert re.search(r'<svg id="board"[^>]*data-width="24" data-height="36"', html)
    assert '<text class="axis x" x="12" y="36.62">12</text>' in html
    assert '<text class="axis y" x="-0.15" y="12.2">24</text>' in html
    for name in ("Billy", "Paco"):
        assert f'data-figure="{name}"' in html
    started = boot(client, gid, token).json()
    assert started["payload"]["hand"] == view_of(client, gid, token)["hand"]
    assert started["tokens"] == [{"seat": 0, "token": token}] and not started["hotseat"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "http://" not in html.split("<body", 1)[1].replace("http://www.w3.org/2000/svg", "")
    # the pieces' names lie above every piece: a crate inside the saloon hides no name
    terrain, names = html.split("<g id='terrain'>", 1)[1].split("<g id='terrain-names'>", 1)
    assert "terrain-name" not in terrain
    assert 'class="terrain-name building"' in names and ">Saloon</text>" in names
    # in German the scenario's German names (name_de), the English ones as the data key
    german = client.get(f"/games/{gid}?lang=de").text
    names_de = german.split("<g id='terrain-names'>", 1)[1]
    assert ">Sheriffbüro</text>" in names_de and "Sheriff&#x27;s Office</text>" not in names_de
    assert 'data-terrain="Sheriff&#x27;s Office"' in german


def test_the_table_page_boots_with_a_valid_token_only(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid = game["game_id"]
    assert client.post(f"/api/games/{gid}/boot").status_code == 401
    assert boot(client, gid).status_code == 401
    assert boot(client, gid, "nope").status_code == 403
    assert client.post(f"/api/games/{gid}/boot", json={"tokens": "x"}).status_code == 422
    assert boot(client, "no-such-game", game["seats"][0]["token"]).status_code == 404


def test_the_spectator_page_has_no_hand(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    html = client.get(f"/games/{game['game_id']}").text
    assert 'data-figure="Billy"' in html
    assert "data-card=" not in html
    started = boot(client, game["game_id"], spectator_token(game)).json()
    assert started["payload"]["hand"] == [] and started["tokens"][0]["seat"] is None


def test_german_everywhere_when_asked(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"], lang="de")
    gid, token = game["game_id"], game["seats"][0]["token"]
    view = view_of(client, gid, token, lang="de")
    assert any("Runde 1" in line for _, line in view["log"])
    html = client.get(f"/games/{gid}?lang=de").text
    assert '<html lang="de">' in html and "Deine Hand" in html
    english = client.get(f"/games/{gid}?lang=en").text
    assert '<html lang="en">' in english and "Your hand" in english


def test_the_lobby_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "lobby.js" in page.text
    assert client.get("/", headers={"accept-language": "de-DE"}).text.count("Neues Spiel") >= 1
    script = client.get("/static/js/table.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert client.get("/static/table.css").status_code == 200


def test_the_lobby_offers_each_scenario_only_the_rulesets_that_play_it(
    client: TestClient,
) -> None:
    page = client.get("/?lang=en").text
    found = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page)
    assert found is not None
    scenarios = json.loads(found[1])["scenarios"]
    rulesets = {s["name"]: s["rulesets"] for s in scenarios}
    assert rulesets["heroes"] == ["extended"]  # abilities and hero types
    assert rulesets["duel"] == ["base", "extended"]
    for scenario in scenarios:  # every ruleset the lobby offers, the server creates
        for ruleset in scenario["rulesets"]:
            seats = ["human"] * scenario["seats"]
            create_game(client, seats, scenario=scenario["name"], ruleset=ruleset)


@pytest.mark.parametrize("name", ["hard", "ismcts"])
def test_a_hard_seat_is_the_hard_bot_by_rollouts_seeded_from_the_secret(
    client: TestClient, name: str
) -> None:
    game = create_game(client, ["human", name])
    assert game["seats"][1] == {"seat": 1, "kind": "ismcts"}
    gid, token = game["game_id"], game["seats"][0]["token"]
    room = hub_of(client).rooms[gid]
    bot = room.bots[1]
    assert type(bot) is HardBot  # the fast search, by rollouts: the scenario's budget
    assert bot.rollouts == bot.iterations == hard_rollouts("duel", 2) == 200
    assert bot.time_ms == HARD_CAP_MS == round(HARD_THINK * SEARCH_SHARE * 1000)  # a cap only
    assert bot.seed == bot_seed(bot_seed(room.game.setup.seed, 1), 0)  # from the secret alone
    mine = RandomBot(5)
    posted = 0
    for _ in range(40):  # play until the search bot has decided at least once
        view = my_turn(client, gid, token)
        if view["version"] > posted or view["is_over"]:
            break
        play_random(client, gid, token, mine, view)
        posted += 1
    assert view["version"] > posted, "the search bot never decided"
    assert "Player 2 (hard bot)" in view["labels"]


def test_the_lobby_lists_games_waiting_for_players_as_open(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]

    def listed() -> dict[str, Any]:
        found = [g for g in client.get("/api/games").json()["games"] if g["game_id"] == gid]
        assert len(found) == 1
        return found[0]

    assert listed()["status"] == "open" and listed()["waiting"] == 2
    assert listed()["status_text"] == "open: waiting for players"
    boot(client, gid, game["seats"][0]["token"])  # the first invite link is opened
    assert listed()["status"] == "open" and listed()["waiting"] == 1
    with client.websocket_connect(
        f"/ws/games/{gid}?token={game['seats'][1]['token']}"
    ) as socket:  # the second connects its socket
        socket.receive_json()
    assert listed()["status"] == "playing" and listed()["waiting"] == 0
    assert hub_of(client).keeper.load(gid).joined == {0, 1}  # stored: a restart keeps it
    boot(client, gid, spectator_token(game))  # watching takes no seat
    solo = create_game(client, ["human", "bot"])
    assert [g["status"] for g in client.get("/api/games").json()["games"]][:1] == ["open"]
    boot(client, solo["game_id"], solo["seats"][0]["token"])
    assert client.get("/api/games").json()["games"][0]["status"] == "playing"
