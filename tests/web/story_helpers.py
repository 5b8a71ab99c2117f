"""Helpers of the RPG table's tests: a story through the API, stacked piles found by seed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import OPERATOR

from totenblatt.rpg import RpgRuleset, Side, pile_order, pile_seed
from totenblatt.web import ServerSettings, create_app

RULES = RpgRuleset.load("rpg")


def seed_for(
    tests: Sequence[tuple[Sequence[int], Sequence[int]]], *, start: int = 0, most: int = 200_000
) -> int:
    """A story seed whose piles of test 1, 2, … start with the given cards (player, opponent):
    the order the server will shuffle, found with the core's own shuffle."""
    for seed in range(start, start + most):
        if all(
            pile_order(pile_seed(seed, n, Side.PLAYER), RULES)[: len(mine)] == tuple(mine)
            and pile_order(pile_seed(seed, n, Side.OPPONENT), RULES)[: len(theirs)] == tuple(theirs)
            for n, (mine, theirs) in enumerate(tests, 1)
        ):
            return seed
    raise AssertionError("no seed found")


@contextmanager
def story_client(db_url: str, seed: int | None = None) -> Iterator[TestClient]:
    """The app in-process on ``db_url``; new stories (and games) get ``seed`` if given."""
    settings = ServerSettings(
        db_url=db_url,
        bot_delay=0.0,
        seeds=None if seed is None else (lambda: seed),
        operator_token=OPERATOR,
    )
    with TestClient(create_app(settings)) as client:
        yield client


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


@dataclass
class Story:
    """A story made through the API: its id, the game master's token, the players' tokens."""

    client: TestClient
    id: str
    gm: str
    tokens: dict[str, str | None] = field(default_factory=dict)
    ids: dict[str, int] = field(default_factory=dict)

    @classmethod
    def create(cls, client: TestClient, name: str = "Kiez", lang: str = "de", **more: Any) -> Story:
        """A new story (``more``: further keys of its body, as ``cards``) and its GM's token."""
        answer = client.post("/api/stories", json={"name": name, "lang": lang, **more})
        assert answer.status_code == 201, answer.text
        data = answer.json()
        return cls(client, data["story_id"], data["gm_token"])

    def post(
        self,
        path: str,
        body: Any = None,
        token: str | None = "gm",
        *,
        operator: bool = False,
        **kw: Any,
    ) -> Any:
        """POST ``/api/stories/{id}{path}`` with the token of ``token`` (a name, gm, None),
        and the operator's beside it when ``operator``."""
        key = self.gm if token == "gm" else self.tokens.get(token) if token else None
        headers = bearer(key) | ({"X-Operator-Token": OPERATOR} if operator else {})
        return self.client.post(f"/api/stories/{self.id}{path}", json=body, headers=headers, **kw)

    def add(self, name: str, skills: dict[str, int], *, npc: bool = False) -> int:
        answer = self.post("/characters", {"name": name, "skills": skills, "npc": npc})
        assert answer.status_code == 201, answer.text
        data = answer.json()
        self.tokens[name] = data["player_token"]
        self.ids[name] = data["character_id"]
        return int(data["character_id"])

    def call(self, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.post("/tests", body)
        assert answer.status_code == 201, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def draw(self, test: int, token: str | None, side: str | None = None) -> Any:
        return self.post(f"/tests/{test}/draw", None if side is None else {"side": side}, token)

    def view(self, token: str | None = "gm", lang: str = "en") -> dict[str, Any]:
        key = self.gm if token == "gm" else self.tokens.get(token) if token else None
        answer = self.client.get(f"/api/stories/{self.id}?lang={lang}", headers=bearer(key))
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def sheet(self, name: str) -> dict[str, Any]:
        found: dict[str, Any] = next(c for c in self.view()["characters"] if c["name"] == name)
        return found

    def test(self, test_id: int, token: str | None = "gm") -> dict[str, Any]:
        found: dict[str, Any] = next(
            t for t in self.view(token)["tests"] if t["test_id"] == test_id
        )
        return found
