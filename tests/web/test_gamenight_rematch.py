"""Rematch: the same table, seats and names with a new secret seed; each seat's own new link."""

from __future__ import annotations

from fastapi.testclient import TestClient
from night_helpers import app_on, conceded, duel, post, view
from web_helpers import auth, boot, create_game, hub_of, my_turn, seed_counter


def test_a_finished_game_has_a_rematch_and_every_old_view_links_its_own_seat(
    client: TestClient,
) -> None:
    gid, tokens, watch = conceded(
        client, name="Friday", players=["Anna", "Bob"], scenario="duel", ruleset="extended",
        hand_mode="per_character",
    )  # fmt: skip
    old = hub_of(client).rooms[gid]
    response = post(client, gid, "rematch", tokens[1])
    assert response.status_code == 201
    made = response.json()
    new_id = made["game_id"]
    assert new_id != gid and made["name"] == "Friday"
    assert made["seats"][0] == {"seat": 0, "kind": "human", "player": "Anna"}
    assert made["seats"][1]["token"] == tokens[1]
    assert made["seats"][1]["url"] == f"http://testserver/games/{new_id}#token={tokens[1]}"
    assert made["spectator_url"].startswith(f"http://testserver/games/{new_id}#token=")
    for seat, token in enumerate(tokens):
        link = view(client, gid, token)["rematch"]
        assert link == {"game_id": new_id, "url": f"/games/{new_id}#token={token}"}
        fresh = view(client, new_id, token)
        assert fresh["seat"] == seat and fresh["version"] == 0 and not fresh["is_over"]
        assert fresh["name"] == "Friday" and fresh["players"] == ["Anna", "Bob"]
    spectator = view(client, gid, watch)["rematch"]
    assert spectator == {
        "game_id": new_id,
        "url": f"/games/{new_id}#{made['spectator_url'].split('#')[1]}",
    }
    new = hub_of(client).rooms[new_id]
    assert new.game.scenario.name == old.game.scenario.name
    assert new.game.ruleset == old.game.ruleset  # the same rules, per-figure hands too
    assert new.game.setup.seed != old.game.setup.seed
    again = post(client, gid, "rematch", tokens[0])
    assert again.status_code == 200 and again.json()["game_id"] == new_id
    assert (
        again.json()["seats"][0]["token"] == tokens[0] and "token" not in again.json()["seats"][1]
    )


def test_bots_stay_bots_and_play_the_rematch(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"], players=["Anna", None])
    gid, token = game["game_id"], game["seats"][0]["token"]
    my_turn(client, gid, token)
    client.post(f"/api/games/{gid}/actions", json={"type": "concede"}, headers=auth(token))
    made = post(client, gid, "rematch", token).json()
    assert [s["kind"] for s in made["seats"]] == ["human", "bot"]
    new = hub_of(client).rooms[made["game_id"]]
    assert set(new.bots) == {1}


def test_no_rematch_before_the_end_nor_for_a_spectator(client: TestClient) -> None:
    gid, tokens, watch = duel(client)
    early = post(client, gid, "rematch", tokens[0])
    assert early.status_code == 409
    assert early.json()["error"] == "a rematch is proposed once the game is over"
    gid, tokens, watch = conceded(client)
    assert post(client, gid, "rematch", watch).status_code == 403
    assert view(client, gid, watch)["rematch"] is None


def test_the_rematch_link_survives_a_restart(sqlite_url: str) -> None:
    with app_on(sqlite_url, seeds=seed_counter()) as client:
        gid, tokens, watch = conceded(client)
        new_id = post(client, gid, "rematch", tokens[0]).json()["game_id"]
    with app_on(sqlite_url) as client:
        assert (
            view(client, gid, tokens[1])["rematch"]["url"] == f"/games/{new_id}#token={tokens[1]}"
        )
        assert view(client, gid, watch)["rematch"]["game_id"] == new_id
        assert view(client, new_id, tokens[1])["seat"] == 1
        page = boot(client, gid, tokens[0]).text  # what the page's script starts with
        assert f"/games/{new_id}#token={tokens[0]}" in page  # the page's own view links it
        assert tokens[1] not in page


def test_two_seats_asking_at_once_make_one_rematch(client: TestClient) -> None:
    gid, _, _ = conceded(client)
    hub = hub_of(client)
    room = hub.rooms[gid]
    from totenblatt.store.table_records import RematchExistsError
    from totenblatt.web.table.night.nights import _rematch_spec

    spec = _rematch_spec(room, "en")
    hub._create(spec, None, room.token_hashes, gid)
    try:
        hub._create(spec, None, room.token_hashes, gid)
    except RematchExistsError:
        pass
    else:
        raise AssertionError("a second rematch was stored")
    assert hub.games.load(gid).rematch_id is not None
    assert sum(1 for g in client.get("/api/games").json()["games"] if g["status"] == "open") == 1


def test_a_table_made_for_one_fight_has_no_rematch_nor_public_replay(client: TestClient) -> None:
    import dataclasses

    from totenblatt.wanted.engine import Concede, new_game
    from totenblatt.wanted.table.scenario import load_scenario

    gid, tokens, _ = duel(client)
    room = hub_of(client).rooms[gid]
    own = dataclasses.replace(load_scenario("duel"), round_limit=3)  # as a campaign's fight
    room.game = new_game(own, seed=5)  # the room's game in memory (its store is not asked)
    room.game.apply(Concede())
    room.changed()
    refused = post(client, gid, "rematch", tokens[0])
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "this game cannot have a rematch: its table is not a built-in scenario"
    )
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens[0]))
    assert export.status_code == 409 and "cannot be written as a public replay" in export.text
