"""``GET /api/games/{id}/analysis`` (issue 45): 409 before the end, 202 with progress while
it is computed, 200 with the analysis; a seat's own token gets its analysis, everybody
else the public form; results are kept with the game."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, duel, view
from web_helpers import auth, wait_for

from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.actions import action_from_dict, action_to_dict
from totenblatt.web.analysis import SETTINGS, routes


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SETTINGS, "budget", 2)
    monkeypatch.setattr(SETTINGS, "workers", 1)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The analyses wait for ``gate["open"]`` before they start; each start is counted."""
    opened = threading.Event()
    calls: list[str] = []
    real_seat, real_public = routes.analyse, routes.public_analysis

    def seat(*args: Any, **kwargs: Any) -> Any:
        calls.append("seat")
        opened.wait(30)
        return real_seat(*args, **kwargs)

    def public(*args: Any, **kwargs: Any) -> Any:
        calls.append("public")
        opened.wait(30)
        return real_public(*args, **kwargs)

    monkeypatch.setattr(routes, "analyse", seat)
    monkeypatch.setattr(routes, "public_analysis", public)
    yield {"open": opened, "calls": calls}
    opened.set()


def played(client: TestClient, decisions: int = 14) -> tuple[str, list[str], str]:
    """A duel of two people who play random actions ``decisions`` times, then the seat to
    act concedes."""
    gid, tokens, watch = duel(client)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(decisions):
        seat = view(client, gid, tokens[0])["to_act"]
        v = view(client, gid, tokens[seat])
        legal = [action_from_dict(a) for a in v["legal_actions"] if a["type"] != "concede"]
        action = action_to_dict(bots[seat].choose(v, legal))
        assert act(client, gid, tokens[seat], action).status_code == 200
    seat = view(client, gid, tokens[0])["to_act"]
    assert act(client, gid, tokens[seat], {"type": "concede"}).status_code == 200
    return gid, tokens, watch


def answer(client: TestClient, gid: str, token: str, query: str = "") -> Any:
    """The analysis once it is made (200), asking again while it is computed (202)."""
    found: dict[str, Any] = {}

    def ready() -> bool:
        response = client.get(f"/api/games/{gid}/analysis{query}", headers=auth(token))
        assert response.status_code in (200, 202), response.text
        found["response"] = response
        return response.status_code == 200

    wait_for(ready, timeout=60)
    return found["response"].json()


def test_only_a_finished_game_is_analysed(client: TestClient) -> None:
    gid, tokens, watch = duel(client)
    for token in (tokens[0], watch):
        response = client.get(f"/api/games/{gid}/analysis", headers=auth(token))
        assert response.status_code == 409
        assert "not over" in response.json()["error"]


def test_a_token_is_needed(client: TestClient) -> None:
    gid, _, _ = played(client, 2)
    assert client.get(f"/api/games/{gid}/analysis").status_code == 401
    assert client.get(f"/api/games/{gid}/analysis", headers=auth("nope" * 8)).status_code == 403
    assert client.get(f"/api/games/{gid}/analysis?seat=7&token=x").status_code == 403
    gid, tokens, _ = played(client, 2)
    for seat in ("7", "-1", "one"):
        wrong = client.get(f"/api/games/{gid}/analysis?seat={seat}", headers=auth(tokens[0]))
        assert wrong.status_code == 422, seat


def test_202_with_progress_then_200_and_kept(client: TestClient, gate: dict[str, Any]) -> None:
    gid, tokens, _ = played(client)
    first = client.get(f"/api/games/{gid}/analysis?seat=0", headers=auth(tokens[0]))
    assert first.status_code == 202
    assert first.json() == {"progress": 0.0}
    early = client.get(f"/api/games/{gid}/analysis/export", headers=auth(tokens[0]))
    assert early.status_code == 202
    gate["open"].set()
    data = answer(client, gid, tokens[0], "?seat=0")
    assert data["seat"] == 0 and data["public"] is False
    assert data["decisions"] and data["curve"]
    d = data["decisions"][0]
    assert {
        "index",
        "round",
        "chosen",
        "best",
        "chosen_win",
        "best_win",
        "interval",
        "mark",
    } <= set(d)
    assert all(len(c["win"]) == 2 for c in data["curve"])
    again = client.get(f"/api/games/{gid}/analysis", headers=auth(tokens[0]))  # seat left out
    assert again.status_code == 200 and again.json() == data
    assert gate["calls"] == ["seat"]  # made once, kept with the game
    german = client.get(f"/api/games/{gid}/analysis?lang=de", headers=auth(tokens[0]))
    assert german.status_code == 200 and gate["calls"] == ["seat"]
    report = client.get(f"/api/games/{gid}/analysis/export?format=markdown&token={tokens[0]}")
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/markdown")
    assert report.text.startswith("# ") and f"(analysis-{gid[:8]}.png)" in report.text
    graph = client.get(f"/api/games/{gid}/analysis/export?format=png", headers=auth(tokens[0]))
    assert graph.status_code == 200 and graph.content[:8] == b"\x89PNG\r\n\x1a\n"
    bad = client.get(f"/api/games/{gid}/analysis/export?format=pdf", headers=auth(tokens[0]))
    assert bad.status_code == 422
    assert gate["calls"] == ["seat"]


def test_everybody_else_gets_the_public_form(client: TestClient, gate: dict[str, Any]) -> None:
    gid, tokens, watch = played(client)
    gate["open"].set()
    public = answer(client, gid, watch, "?seat=1")
    assert public["seat"] is None and public["public"] is True
    assert public["decisions"] == [] and public["turning_points"] == []
    assert public["curve"] and all(len(c["win"]) == 2 for c in public["curve"])
    text = json.dumps(public, ensure_ascii=False)
    assert not any(suit in text for suit in "♠♥♦♣"), "no card in the public form"
    other = answer(client, gid, tokens[0], "?seat=1")  # seat 0 asking for seat 1
    assert other == public
    assert gate["calls"] == ["public"]
    own = answer(client, gid, tokens[1], "?seat=1")
    assert own["seat"] == 1 and own["public"] is False
    assert gate["calls"] == ["public", "seat"]


def test_the_page_and_its_files(client: TestClient) -> None:
    gid, tokens, _ = played(client, 2)
    page = client.get(f"/games/{gid}/analysis?token={tokens[0]}&lang=de")  # an old link
    assert page.status_code == 200 and 'id="an-boot"' in page.text
    assert page.url.fragment == f"token={tokens[0]}"  # moved to the fragment
    assert tokens[0] not in page.text  # the token stays in the address
    assert client.get(f"/games/{gid}/analysis").status_code == 200  # the page holds no token
    assert client.get("/games/nope/analysis").status_code == 404
    js = client.get("/analysis/static/analysis.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert client.get("/analysis/static/analysis.css").status_code == 200
    assert client.get("/analysis/static/..%2Fapp.py").status_code == 404
