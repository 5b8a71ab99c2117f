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
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import auth, create_game, hub_of, random_choice, spectator_token

from totenblatt.cards import full_deck
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import Game
from totenblatt.web.payloads import public_events

CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♥♦♣]")
EVERY_CARD = {str(c) for c in full_deck(2)}
Known = dict[int | None, set[str]]


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key == "ruleset_ref":  # the public rules (their ability table names cards)
                continue
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def cards_in(data: Any) -> set[str]:
    """Every card a payload names: exact card values and card names inside any text."""
    found: set[str] = set()
    for text in _strings(data):
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
        assert "seed" not in set(_keys(data)), f"a seed key reaches {receiver}"
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
    for receiver, token in zip(receivers, everyone, strict=True):
        page = client.get(f"/games/{gid}?token={token}")
        checker.check(receiver, page.text)
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
            action = random_choice(bots[seat], view)
            response = client.post(
                f"/api/games/{gid}/actions?version={view['version']}",
                json=action,
                headers=auth(tokens[seat]),
            )
            assert response.status_code == 200, response.text
            checker.snapshot()
            checker.check(seat, response.json())
            for ws, receiver in zip(opened, receivers, strict=True):
                _drain(ws, receiver, len(game.actions), checker)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert game.is_over
    for receiver, token in zip(receivers, everyone, strict=True):
        checker.check(receiver, client.get(f"/api/games/{gid}/view", headers=auth(token)).json())
        checker.check(receiver, client.get(f"/games/{gid}?token={token}").text)
        replay = client.get(f"/api/games/{gid}/replay", headers=auth(token)).json()
        checker.check(None, replay)
    assert checker.checked > 100


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
