"""The lobby's learned bot: a server started with ``--learned PATH`` seats the policy as a
bot (``"learned"``) in the scenario it was trained for; without one, or elsewhere, the seat
is refused with what to do; ``serve --learned`` refuses a file that is no policy in one line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import LAPTOP, Pages
from night_helpers import app_on
from web_helpers import auth, create_game, hub_of, seed_counter, served, view_of, wait_for

from learned_policy import saved_policy
from totenblatt.wanted.bots import LearnedBot
from totenblatt.web import ServerSettings

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def _play_against(client: Any, gid: str, token: str) -> dict[str, Any]:
    """Pass every decision of seat 0 until the game ends (the learned bot plays seat 1)."""
    for _ in range(400):
        seen = view_of(client, gid, token)
        if seen["is_over"]:
            return seen
        if seen["to_act"] == 0:
            made = client.post(
                f"/api/games/{gid}/actions?version={seen['version']}",
                json={"type": "concede"} if seen["round"] > 3 else {"type": "pass"},
                headers=auth(token),
            )
            assert made.status_code in (200, 409), made.text
        else:
            wait_for(lambda v=seen["version"]: view_of(client, gid, token)["version"] > v)
    raise AssertionError("the game did not end")


def test_a_server_with_a_policy_seats_it_and_it_plays(sqlite_url: str, tmp_path: Path) -> None:
    policy = saved_policy(tmp_path)
    with app_on(sqlite_url, learned=str(policy), seeds=seed_counter(6_000)) as client:
        game = create_game(client, ["human", "learned"], players=["Ann", None])
        room = hub_of(client).rooms[game["game_id"]]
        assert isinstance(room.bots[1], LearnedBot)
        token = game["seats"][0]["token"]
        seen = _play_against(client, game["game_id"], token)
        assert seen["is_over"]
        assert "learned bot" in seen["labels"][1]
        assert any(entry.seat == 1 for entry in room.entries), "the learned bot never acted"


def test_without_a_policy_or_in_another_scenario_the_seat_is_refused(
    sqlite_url: str, tmp_path: Path
) -> None:
    with app_on(sqlite_url) as client:
        refused = client.post(
            "/api/games", json={"scenario": "duel", "seats": ["human", "learned"]}
        )
        assert refused.status_code == 422
        assert "totenblatt serve --learned PATH" in refused.json()["error"]
        assert '"kinds":["human","bot","random","ismcts"],"learned":null' in client.get("/").text
    with app_on(sqlite_url, learned=str(saved_policy(tmp_path))) as client:
        seats = ["human", "learned", "bot"]
        refused = client.post("/api/games", json={"scenario": "three-way", "seats": seats})
        assert refused.status_code == 422
        assert "trained for the scenario 'duel', not 'three-way'" in refused.json()["error"]


def test_the_lobby_offers_it_in_its_scenario_only(
    sqlite_url: str, tmp_path: Path, pages: Pages
) -> None:
    settings = ServerSettings(
        db_url=sqlite_url, bot_delay=0.0, learned=str(saved_policy(tmp_path)), bot_processes=0
    )
    with served(settings) as live:
        page = pages.open(LAPTOP)
        page.goto(f"{live.url}/?lang=de")
        options = page.locator("#f-seat-1 option").all_inner_texts()
        assert "gelernter Bot" in options
        page.select_option("#f-scenario", "three-way")
        assert "gelernter Bot" not in page.locator("#f-seat-1 option").all_inner_texts()
        page.select_option("#f-scenario", "duel")
        page.select_option("#f-seat-1", "learned")
        page.click("#create-game")  # one person against bots: straight to the table
        page.wait_for_url("**/games/**")
        page.wait_for_selector("#status .pill.seat")
        assert "gelernter Bot" in page.locator("#seats").inner_text()
        page.close()  # before the server stops


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "no policy file at"),
        (b"not a zip", "is not a policy saved by python -m totenblatt.env.train"),
    ],
)
def test_serve_refuses_a_file_that_is_no_policy_in_one_line(
    cli: Cli, tmp_path: Path, content: bytes | None, says: str
) -> None:
    path = tmp_path / "policy.npz"
    if content is not None:
        path.write_bytes(content)
    code, out, err = cli(["serve", "--lang", "en", "--learned", str(path)])
    assert code == 2 and not out
    assert f"--learned {path}: " in err and says in err
    assert len(err.strip().splitlines()) == 1
