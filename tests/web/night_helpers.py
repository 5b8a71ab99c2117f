"""Helpers of the game night's tests: apps on one database, finished games, a slow bot."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import auth, create_game, spectator_token

from totenblatt.wanted.engine import Action
from totenblatt.wanted.engine.views import View
from totenblatt.web import ServerSettings, create_app


@contextmanager
def app_on(db_url: str, **options: Any) -> Iterator[TestClient]:
    """A client of a fresh app on ``db_url`` (a restart is a second one on the same URL)."""
    settings = ServerSettings(db_url=db_url, bot_delay=options.pop("bot_delay", 0.0), **options)
    with TestClient(create_app(settings)) as client:
        yield client


def post(
    client: TestClient, gid: str, path: str, token: str, body: Any = None, **query: str
) -> Any:
    """POST ``/api/games/{gid}/{path}`` with the token; the response."""
    suffix = "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
    if body is None:
        return client.post(f"/api/games/{gid}/{path}{suffix}", headers=auth(token))
    return client.post(f"/api/games/{gid}/{path}{suffix}", json=body, headers=auth(token))


def view(client: TestClient, gid: str, token: str, lang: str = "en") -> dict[str, Any]:
    response = client.get(f"/api/games/{gid}/view?lang={lang}", headers=auth(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: TestClient, gid: str, token: str, action: dict[str, Any]) -> Any:
    """Post ``action`` at the seat's current version; the response."""
    version = view(client, gid, token)["version"]
    return client.post(
        f"/api/games/{gid}/actions?version={version}", json=action, headers=auth(token)
    )


def duel(client: TestClient, **extra: Any) -> tuple[str, list[str], str]:
    """A duel of two people: its id, the seats' tokens, the spectator's token."""
    game = create_game(client, ["human", "human"], **extra)
    return game["game_id"], [s["token"] for s in game["seats"]], spectator_token(game)


def conceded(client: TestClient, **extra: Any) -> tuple[str, list[str], str]:
    """A duel of two people that is over: the seat to act conceded."""
    gid, tokens, watch = duel(client, **extra)
    seat = view(client, gid, tokens[0])["to_act"]
    assert act(client, gid, tokens[seat], {"type": "concede"}).status_code == 200
    assert view(client, gid, tokens[0])["is_over"]
    return gid, tokens, watch


class SlowBot:
    """A bot that takes ``seconds`` for each decision (it keeps a worker busy), then passes."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        time.sleep(self.seconds)
        return legal_actions[0]
