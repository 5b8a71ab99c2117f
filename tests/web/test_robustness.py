"""Robustness: restarts resume every game, races are refused, the database is the truth."""

from __future__ import annotations

import asyncio
import threading

import httpx
import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    LiveServer,
    auth,
    create_game,
    hub_of,
    my_turn,
    play_out,
    random_choice,
    seed_counter,
    served,
    view_of,
    wait_for,
)

from totenblatt.store.core import Database
from totenblatt.store.models import WebActionRow
from totenblatt.store.table_records import ActionConflictError, SeatRecord
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import Bot, RandomBot
from totenblatt.wanted.engine import Action
from totenblatt.wanted.engine.views import View
from totenblatt.web import ServerSettings, create_app
from totenblatt.web.table.hub import ConflictError, GameSpec, Hub, Viewer


def test_a_restart_resumes_every_game(sqlite_url: str) -> None:
    settings = ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter())
    with TestClient(create_app(settings)) as client:
        duel = create_game(client, ["human", "bot"])
        pair = create_game(client, ["human", "human"])
        token = duel["seats"][0]["token"]
        bot = RandomBot(5)
        for _ in range(6):
            view = my_turn(client, duel["game_id"], token)
            assert not view["is_over"], "the seeded duel lasts longer than six decisions"
            client.post(
                f"/api/games/{duel['game_id']}/actions",
                json=random_choice(bot, view),
                headers=auth(token),
            )
        before = my_turn(client, duel["game_id"], token)  # the bot has nothing left to do
        pair_before = view_of(client, pair["game_id"], pair["seats"][0]["token"])
    with TestClient(create_app(settings)) as client:
        after = view_of(client, duel["game_id"], token)
        assert after["version"] == before["version"]
        assert after["hand"] == before["hand"] and after["figures"] == before["figures"]
        assert after["events"] == before["events"]
        assert view_of(client, pair["game_id"], pair["seats"][0]["token"]) == pair_before
        if not after["is_over"]:
            view = my_turn(client, duel["game_id"], token)
            response = client.post(
                f"/api/games/{duel['game_id']}/actions",
                json=random_choice(bot, view),
                headers=auth(token),
            )
            assert response.status_code == 200


def test_bots_go_on_after_a_restart(sqlite_url: str) -> None:
    """A game left while a bot was to act is played on by the bot after the restart."""
    slow = ServerSettings(db_url=sqlite_url, bot_delay=60.0, seeds=seed_counter())
    with TestClient(create_app(slow)) as client:
        game = create_game(client, ["bot", "bot"])
        assert view_of(client, game["game_id"], _watch(game))["version"] == 0
    fast = ServerSettings(db_url=sqlite_url, bot_delay=0.0)
    with TestClient(create_app(fast)) as client:
        wait_for(lambda: view_of(client, game["game_id"], _watch(game))["is_over"], timeout=60)


def _watch(game: dict[str, object]) -> str:
    return str(game["spectator_url"]).split("token=")[1]


def test_two_actions_at_once_one_applies_one_is_refused(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    hub = hub_of(client)
    room = hub.rooms[game["game_id"]]
    seat = room.game.to_act
    assert seat is not None

    async def race() -> list[object]:
        action = {"type": "pass"}
        return await asyncio.gather(
            hub.act(room, Viewer(seat), action),
            hub.act(room, Viewer(seat), action),
            return_exceptions=True,
        )

    results = client.portal.call(race)  # type: ignore[union-attr]
    applied = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, ConflictError)]
    assert len(applied) == 1 and len(refused) == 1
    assert "being applied" in refused[0].message
    assert len(hub.games.load(game["game_id"]).actions) == 1


def test_two_tabs_of_one_seat_over_http(live: LiveServer) -> None:
    """Real requests at once from two threads: exactly one is applied."""
    game = create_game(httpx.Client(base_url=live.url), ["human", "human"])
    gid = game["game_id"]
    room = live.hub.rooms[gid]
    seat = room.game.to_act
    assert seat is not None
    token = game["seats"][seat]["token"]
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def tab() -> None:
        with httpx.Client(base_url=live.url) as http:
            barrier.wait()
            response = http.post(
                f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(token)
            )
            codes.append(response.status_code)
            if response.status_code != 200:
                assert response.json()["error"]

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(codes) == [200, 409]
    assert len(live.hub.games.load(gid).actions) == 1


def test_an_action_stored_by_someone_else_is_refused_and_the_store_wins(
    client: TestClient,
) -> None:
    """Another server appended first: this one refuses and reloads the game from the store."""
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    hub = hub_of(client)
    room = hub.rooms[gid]
    seat = room.game.to_act
    assert seat is not None
    hub.games.append(gid, 0, {"type": "pass"}, summary={}, over=False)  # the other server
    token = game["seats"][seat]["token"]
    response = client.post(f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(token))
    assert response.status_code == 409
    assert hub.rooms[gid].version == 1  # rebuilt from the store: the other server's pass


def test_the_store_refuses_a_second_action_at_one_position(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        seats = [SeatRecord("human", "a" * 64), SeatRecord("bot", None)]
        games.create(
            "g",
            scenario="duel",
            ruleset="base",
            lang="en",
            seats=seats,
            spectator_token="s",
            setup="{}",
            summary={},
        )
        games.append("g", 0, {"type": "pass"}, summary={"round": 1}, over=False)
        with pytest.raises(ActionConflictError, match=r"already has (an|another) action number 1$"):
            games.append("g", 0, {"type": "swap"}, summary={}, over=False)
        with pytest.raises(ActionConflictError, match=r"already has (an|another) action number 6$"):
            games.append("g", 5, {"type": "swap"}, summary={}, over=False)
        with db.transaction() as session:  # a row without its count: the key still refuses
            session.add(WebActionRow(game_id="g", position=1, action={}, created_at=db.clock()))
        with pytest.raises(ActionConflictError, match=r"already has (an|another) action number 2$"):
            games.append("g", 1, {"type": "swap"}, summary={}, over=False)
        with db.transaction() as session:
            session.query(WebActionRow).filter_by(game_id="g", position=1).delete()
        games.append("g", 1, {"type": "pass"}, summary={"round": 2}, over=True)
        record = games.load("g")
        assert record.actions == ({"type": "pass"}, {"type": "pass"})
        assert record.status == "over" and record.seats == tuple(seats)
        assert games.ids(playing_only=True) == [] and games.ids() == ["g"]
        assert games.summaries()[0].summary == {"round": 2}


def test_a_game_on_postgresql_or_sqlite_survives_a_restart(db_url: str) -> None:
    async def play() -> tuple[str, int, list[str]]:
        hub = Hub(WebGames(Database(db_url)), bot_delay=0.0, seeds=seed_counter())
        room, _ = await hub.create(GameSpec.parse({"seats": ["human", "human"]}))
        for _ in range(4):
            seat = room.game.to_act
            assert seat is not None
            await hub.act(room, Viewer(seat), {"type": "pass"})
        hand = room.game.view(0)["hand"]
        await hub.stop()
        hub.games.db.close()
        return room.id, room.version, hand

    game_id, version, hand = asyncio.run(play())

    async def again() -> tuple[int, list[str]]:
        hub = Hub(WebGames(Database(db_url)), bot_delay=0.0)
        await hub.start()
        room = await hub.room(game_id)
        result = (room.version, room.game.view(0)["hand"])
        await hub.stop()
        hub.games.db.close()
        return result

    assert asyncio.run(again()) == (version, hand)


def test_the_live_server_plays_a_whole_game(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url) as http:
        game = create_game(http, ["human", "random"])
        gid, token = game["game_id"], game["seats"][0]["token"]
        play_out(http, gid, token, RandomBot(3), 1_000)
        assert view_of(http, gid, token)["is_over"]


def test_a_stopped_server_keeps_its_games(sqlite_url: str) -> None:
    settings = ServerSettings(db_url=sqlite_url, bot_delay=0.0)
    with served(settings) as first, httpx.Client(base_url=first.url) as http:
        game = create_game(http, ["human", "bot"])
        token = game["seats"][0]["token"]
        before = my_turn(http, game["game_id"], token)
    with served(settings) as second, httpx.Client(base_url=second.url) as http:
        assert view_of(http, game["game_id"], token)["hand"] == before["hand"]


class _Held:
    """A real bot that waits for ``gate`` before it decides: a long search, held open."""

    def __init__(self, bot: Bot, gate: threading.Event, asked: threading.Event) -> None:
        self.bot, self.gate, self.asked = bot, gate, asked

    def choose(self, view: View, legal: list[Action]) -> Action:
        self.asked.set()
        if not self.gate.wait(30):
            raise TimeoutError("the test never opened the gate")
        return self.bot.choose(view, legal)


def test_a_thinking_bot_holds_up_no_other_table(sqlite_url: str) -> None:
    """A bot thinks on its own thread: meanwhile another game's actions are applied at
    once (before, a search held the one worker thread of every table)."""

    async def play() -> tuple[int, int, int]:
        # no worker processes: the held bot (thread events) thinks on the bots' thread
        hub = Hub(
            WebGames(Database(sqlite_url)), bot_delay=0.0, seeds=seed_counter(), bot_processes=0
        )
        gate, asked = threading.Event(), threading.Event()
        bots, _ = await hub.create(GameSpec.parse({"seats": ["bot", "bot"]}))
        for seat, bot in list(bots.bots.items()):  # before the bot loop first runs
            bots.bots[seat] = _Held(bot, gate, asked)  # type: ignore[assignment]
        people, _ = await hub.create(GameSpec.parse({"seats": ["human", "human"]}))
        try:
            assert await asyncio.to_thread(asked.wait, 10), "the bot was never asked"
            for _ in range(3):
                seat = people.game.to_act
                assert seat is not None
                await asyncio.wait_for(hub.act(people, Viewer(seat), {"type": "pass"}), 10)
            held = bots.version
        finally:
            gate.set()
        for _ in range(500):
            if bots.version > held:
                break
            await asyncio.sleep(0.02)
        result = (held, bots.version, people.version)
        await hub.stop()
        hub.games.db.close()
        return result

    held, after, people = asyncio.run(play())
    assert held == 0 and people == 3  # the people played while the bot thought
    assert after >= 1  # and the bot's decision was applied once the gate opened
