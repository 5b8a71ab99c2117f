"""Secrecy: no payload to a seat (or a spectator) holds a card it may not know, or the seed.

Whole games are played through the API by random choices for every seat, with a
WebSocket open for every seat and a spectator. Every HTTP answer and every
WebSocket message is checked against what the engine says its receiver may know
at that version: the cards of the events visible to it (its own hand among them)
for a seat, the public events for a spectator. Free text (the narrated log, the
labels) is searched for card names too. No payload may hold the game's seed
(under any key, or its digits anywhere) or another seat's token.
"""

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
    json_strings,
    random_choice,
    spectator_token,
)

from totenblatt.cards import full_deck
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import Game
from totenblatt.web.table.payloads import public_events

CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♥♦♣]")
EVERY_CARD = {str(c) for c in full_deck(2)}
Known = dict[int | None, set[str]]


def cards_in(data: Any) -> set[str]:
    """Every card a payload names: exact card values and card names inside any text."""
    found: set[str] = set()
    for text in json_strings(data, skip={"ruleset_ref"}):  # the public rules name cards
        if text in EVERY_CARD:
            found.add(text)
        found.update(CARD_TEXT.findall(text))
    return found


def known_cards(game: Game) -> Known:
    """What each seat (and a spectator, None) may know now, by the engine's visibility."""
    known: Known = {None: cards_in(public_events(game))}
    for seat in range(game.seats):
        seen = cards_in(game.visible_event_dicts(seat))
        seen |= {str(c) for c in game.state.seat_cards(seat)}
        known[seat] = seen
    return known


class Checker:
    """Checks payloads against what their receiver may know at the payload's version."""

    def __init__(self, game: Game, tokens: list[str]) -> None:
        self.game = game
        self.seed = str(game.setup.seed)
        self.tokens = tokens
        self.known: dict[int, Known] = {}
        self.checked = 0

    def snapshot(self) -> None:
        self.known[len(self.game.actions)] = known_cards(self.game)

    def check(self, receiver: int | None, data: Any, version: int | None = None) -> None:
        at = len(self.game.actions) if version is None else version
        text = json.dumps(data, ensure_ascii=False)
        assert "seed" not in set(json_strings(data, values=False)), f"a seed key reaches {receiver}"
        assert self.seed not in text, f"the seed's digits reach {receiver}"
        for seat, token in enumerate(self.tokens):
            if seat != receiver:
                assert token not in text, f"seat {seat}'s token reaches {receiver}"
        leaked = cards_in(data) - self.known[at][receiver]
        assert not leaked, f"{sorted(leaked)} reach {receiver} at version {at}: {text[:300]}"
        self.checked += 1


def _drain(ws: Any, receiver: int | None, version: int, checker: Checker) -> None:
    """Read the socket's messages up to the view of ``version``, checking each."""
    while True:
        message = ws.receive_json()
        if message["type"] != "view":
            checker.check(receiver, message)
            continue
        checker.check(receiver, message, message["version"])
        if message["version"] >= version:
            return


GAMES = [
    pytest.param("duel", "base", None, 1, id="duel"),
    pytest.param("three-way", "base", None, 2, id="three-way"),
    pytest.param("heroes", "extended", "per_character", 3, id="heroes-per-character"),
]


@pytest.mark.parametrize(("scenario", "ruleset", "hand_mode", "seed"), GAMES)
def test_no_payload_reveals_hidden_cards_or_the_seed(
    client: TestClient, scenario: str, ruleset: str, hand_mode: str | None, seed: int
) -> None:
    seats = {"duel": 2, "three-way": 3, "heroes": 2}[scenario]
    extra = {"hand_mode": hand_mode} if hand_mode else {}
    info = create_game(client, ["human"] * seats, scenario=scenario, ruleset=ruleset, **extra)
    gid = info["game_id"]
    tokens = [s["token"] for s in info["seats"]]
    watch = spectator_token(info)
    room = hub_of(client).rooms[gid]
    game = room.game
    checker = Checker(game, tokens)
    checker.snapshot()
    bots = [RandomBot(seed * 100 + s) for s in range(seats)]
    receivers: list[int | None] = [*range(seats), None]
    everyone = [*tokens, watch]
    checker.check(None, client.get(f"/games/{gid}").text)  # the page as served: nobody's
    for receiver, token in zip(receivers, everyone, strict=True):
        checker.check(receiver, boot(client, gid, token).json())  # what its script starts with
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={t}") for t in everyone]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws, receiver in zip(opened, receivers, strict=True):
            _drain(ws, receiver, 0, checker)
        for _ in range(3_000):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            view = client.get(f"/api/games/{gid}/view", headers=auth(tokens[seat])).json()
            checker.check(seat, view)
            if view["phase"] == "action":
                _previews(client, gid, tokens[seat], view, seat, checker)
            _act(client, gid, tokens[seat], seat, bots[seat], view, checker)
            for ws, receiver in zip(opened, receivers, strict=True):
                _drain(ws, receiver, len(game.actions), checker)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert game.is_over
    for receiver, token in zip(receivers, everyone, strict=True):
        checker.check(receiver, client.get(f"/api/games/{gid}/view", headers=auth(token)).json())
        checker.check(receiver, boot(client, gid, token).json())
        replay = client.get(f"/api/games/{gid}/replay", headers=auth(token)).json()
        checker.check(None, replay)
    assert checker.checked > 100


def _act(
    client: TestClient,
    gid: str,
    token: str,
    seat: int,
    bot: RandomBot,
    view: dict[str, Any],
    checker: Checker,
) -> None:
    """The bot's choice on ``view`` sent for ``seat``; the answer checked against the state
    after it."""
    response = client.post(
        f"/api/games/{gid}/actions?version={view['version']}",
        json=random_choice(bot, view),
        headers=auth(token),
    )
    assert response.status_code == 200, response.text
    checker.snapshot()
    checker.check(seat, response.json())


def _previews(
    client: TestClient, gid: str, token: str, view: dict[str, Any], seat: int, checker: Checker
) -> None:
    own = [f for f in view["figures"] if f["seat"] == seat and not f["out"]]
    enemies = [f for f in view["figures"] if f["seat"] != seat and not f["out"]]
    if not own or not enemies:
        return
    shooter, target = own[0], enemies[0]
    url = f"/api/games/{gid}/preview"
    for request in (
        {"kind": "attack", "attacker": shooter["name"], "target": target["name"]},
        {"kind": "move", "figure": shooter["name"], "goal": target["position"]},
    ):
        answer = client.post(url, json=request, headers=auth(token))
        assert answer.status_code == 200, answer.text
        checker.check(seat, answer.json())


class NightChecker(Checker):
    """A checker of a room's game, which a takeback replaces (replayed without its last
    action); it also knows the cards a takeback showed everyone (the action taken back was
    public: a move's club, a bid's diamond)."""

    def __init__(self, room: Any, tokens: list[str]) -> None:
        super().__init__(room.game, tokens)
        self.room = room
        self.shown: set[str] = set()

    def snapshot(self) -> None:
        self.game = self.room.game
        self.known[self.room.version] = known_cards(self.game)

    def check(self, receiver: int | None, data: Any, version: int | None = None) -> None:
        self.game = self.room.game
        at = self.room.version if version is None else version
        for known in self.known[at].values():
            known |= self.shown
        super().check(receiver, data, at)


def _drain_to(ws: Any, receiver: int | None, room: Any, checker: NightChecker) -> None:
    """Read the socket's messages until one shows the room as it is now, checking each."""
    want = (room.serial, len(room.chat), room.takeback is None)
    for _ in range(200):
        message = ws.receive_json()
        if message["type"] != "view":
            checker.check(receiver, message)
            continue
        checker.check(receiver, message, message["version"])
        if (message["serial"], len(message["chat"]), message["takeback"] is None) == want:
            return
    raise AssertionError("the socket never showed the room as it is")


def test_no_game_night_payload_reveals_hidden_cards_or_the_seed(client: TestClient) -> None:
    """Chat, takebacks (accepted and refused), the tape of seats and spectators, the rematch
    and the export, in a whole random duel: every answer and push is checked."""
    info = create_game(client, ["human", "human"], name="Secret night", players=["Ann", "Bo"])
    gid = info["game_id"]
    tokens = [s["token"] for s in info["seats"]]
    watch = spectator_token(info)
    room = hub_of(client).rooms[gid]
    checker = NightChecker(room, tokens)
    checker.snapshot()
    bots = [RandomBot(700 + s) for s in range(2)]
    receivers: list[int | None] = [0, 1, None]
    everyone = [*tokens, watch]
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={t}") for t in everyone]
    opened = [s.__enter__() for s in sockets]
    taken = refused = 0

    def drain() -> None:
        for ws, receiver in zip(opened, receivers, strict=True):
            _drain_to(ws, receiver, room, checker)

    try:
        drain()
        for turn in range(3_000):
            game = room.game
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            if turn % 7 == 0:  # a chat line from someone, words without a card
                who = everyone[turn % 3]
                said = client.post(f"/api/games/{gid}/chat", json={"text": f"line {turn}"},
                                   headers=auth(who))  # fmt: skip
                assert said.status_code in (200, 429)
                if said.status_code == 200:  # a refused line changes nothing: no push comes
                    drain()
            if turn % 5 == 0:  # the tape, for each of them
                for receiver, token in zip(receivers, everyone, strict=True):
                    tape = client.post(
                        f"/api/games/{gid}/measure",
                        json={"from": {"figure": "Billy"}, "to": [3, 4 + turn % 20]},
                        headers=auth(token),
                    )
                    assert tape.status_code == 200, tape.text
                    checker.check(receiver, tape.json())
            view = client.get(f"/api/games/{gid}/view", headers=auth(tokens[seat])).json()
            checker.check(seat, view)
            _act(client, gid, tokens[seat], seat, bots[seat], view, checker)
            drain()
            asked = client.post(f"/api/games/{gid}/takeback", headers=auth(tokens[seat]))
            checker.check(seat, asked.json())
            if asked.status_code == 200 and not room.game.is_over:
                accept = (taken + refused) % 2 == 0
                if accept:
                    undone = cards_in(room.game.event_dicts()[room.entries[-1].events :])
                drain()
                answer = client.post(
                    f"/api/games/{gid}/takeback/answer",
                    json={"accept": accept},
                    headers=auth(tokens[1 - seat]),
                )
                assert answer.status_code == 200, answer.text
                if accept:
                    checker.shown |= undone
                    checker.snapshot()
                    taken += 1
                else:
                    refused += 1
                checker.check(1 - seat, answer.json())
                drain()
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert room.game.is_over and taken >= 1 and refused >= 1
    made = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]))
    assert made.status_code == 201
    checker.check(0, made.json())
    for receiver, token in zip(receivers, everyone, strict=True):
        final = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        checker.check(receiver, final)
        assert final["rematch"]["game_id"] == made.json()["game_id"]
        for kind in ("replay", "markdown"):
            exported = client.get(f"/api/games/{gid}/export?format={kind}", headers=auth(token))
            assert exported.status_code == 200
            checker.check(None, exported.json() if kind == "replay" else exported.text)
    assert checker.checked > 100
