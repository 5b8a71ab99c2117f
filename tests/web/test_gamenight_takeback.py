"""Takeback by consent: the seat's own last action, no hidden card, every other person agrees."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, app_on, duel, post, view
from web_helpers import create_game, hub_of, seed_counter, wait_for

import totenblatt.web.table.night.nights as nights

NIGHT_KEYS = {
    "log",
    "serial",
    "takeback",
    "chat",
    "rematch",
    "options",
    "takeback_possible",
    "takeback_refusal",
}


def game_part(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without what a game night adds around the game."""
    return {k: v for k, v in payload.items() if k not in NIGHT_KEYS}


@pytest.fixture
def fixed(sqlite_url: str) -> Any:
    with app_on(sqlite_url, seeds=seed_counter(4_000)) as client:
        yield client


def first_two(client: TestClient) -> tuple[str, list[str], int]:
    gid, tokens, _ = duel(client, players=["Anna", "Bob"])
    return gid, tokens, view(client, gid, tokens[0])["to_act"]


def possible(client: TestClient, gid: str, token: str) -> tuple[bool, str | None]:
    """What the seat's payload says of a takeback now: possible, and why not."""
    seen = view(client, gid, token)
    return seen["takeback_possible"], seen["takeback_refusal"]


def test_a_pass_taken_back_by_consent_leaves_the_game_exactly_as_before(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    other = 1 - seat
    before = [game_part(view(fixed, gid, t)) for t in tokens]
    assert act(fixed, gid, tokens[seat], {"type": "pass"}).status_code == 200
    asked = post(fixed, gid, "takeback", tokens[seat])
    assert asked.status_code == 200
    assert asked.json() == {"status": "asked", "taken_back": False, "version": 1}
    pending = view(fixed, gid, tokens[other])
    assert pending["takeback"] == {"by": seat, "accepted": [], "waiting": [other]}
    assert pending["version"] == 1 and pending["serial"] == 1
    answer = post(fixed, gid, "takeback/answer", tokens[other], {"accept": True})
    assert answer.json() == {"status": "accepted", "taken_back": True, "version": 0}
    after = [view(fixed, gid, t) for t in tokens]
    assert [game_part(a) for a in after] == before
    assert after[0]["serial"] == 2 and after[0]["takeback"] is None
    kind, line = after[0]["log"][-1]
    name = ["Anna", "Bob"][seat]
    assert kind == "takeback" and line.startswith(f"{name} took back: {name} keeps the hand.")
    assert line.endswith(f"(Accepted by {['Anna', 'Bob'][other]}.)")
    room = hub_of(fixed).rooms[gid]
    assert len(room.game.actions) == 0 and room.version == 0
    assert act(fixed, gid, tokens[seat], {"type": "swap"}).status_code == 200  # decides anew


def test_a_refused_takeback_changes_nothing_but_the_log(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    other = 1 - seat
    act(fixed, gid, tokens[seat], {"type": "pass"})
    before = game_part(view(fixed, gid, tokens[other]))
    post(fixed, gid, "takeback", tokens[seat])
    answer = post(fixed, gid, "takeback/answer", tokens[other], {"accept": False})
    assert answer.json() == {"status": "refused", "taken_back": False, "version": 1}
    after = view(fixed, gid, tokens[other])
    assert game_part(after) == before and after["takeback"] is None
    assert after["log"][-1] == ["takeback", f"{['Anna', 'Bob'][other]} refused "
                                f"{['Anna', 'Bob'][seat]}'s takeback."]  # fmt: skip


def test_what_cannot_be_taken_back_is_refused_saying_why(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    other = 1 - seat
    nothing = post(fixed, gid, "takeback", tokens[seat])
    assert nothing.status_code == 409
    assert nothing.json()["error"] == "there is nothing to take back yet"
    assert possible(fixed, gid, tokens[seat]) == (False, "there is nothing to take back yet")
    act(fixed, gid, tokens[seat], {"type": "pass"})
    assert possible(fixed, gid, tokens[seat]) == (True, None)
    theirs = post(fixed, gid, "takeback", tokens[other])
    assert theirs.status_code == 409
    assert possible(fixed, gid, tokens[other]) == (False, theirs.json()["error"])
    assert theirs.json()["error"] == (
        f"only your own last action can be taken back, and {['Anna', 'Bob'][seat]} decided after it"
    )
    hand = view(fixed, gid, tokens[other])
    redraw = next(a for a in hand["legal_actions"] if a["type"] == "redraw")
    assert act(fixed, gid, tokens[other], redraw).status_code == 200
    drawn = post(fixed, gid, "takeback", tokens[other])
    assert drawn.status_code == 409
    assert drawn.json()["error"] == (
        "that action drew or showed a card that was hidden: it cannot be taken back"
    )
    assert possible(fixed, gid, tokens[other]) == (False, drawn.json()["error"])
    assert post(fixed, gid, "takeback/answer", tokens[seat], {"accept": True}).json() == {
        "error": "no takeback is asked"
    }


def test_one_takeback_at_a_time_and_only_the_others_answer(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    other = 1 - seat
    watch = fixed.get("/api/games").json()["games"][0]["spectator_url"].split("token=")[1]
    act(fixed, gid, tokens[seat], {"type": "pass"})
    assert post(fixed, gid, "takeback", watch).status_code == 403
    post(fixed, gid, "takeback", tokens[seat])
    again = post(fixed, gid, "takeback", tokens[seat])
    assert again.status_code == 409 and "already asked" in again.json()["error"]
    assert possible(fixed, gid, tokens[seat]) == (False, again.json()["error"])
    own = post(fixed, gid, "takeback/answer", tokens[seat], {"accept": True})
    assert own.status_code == 409
    assert own.json()["error"] == "you asked for this takeback: the other players answer it"
    bad = post(fixed, gid, "takeback/answer", tokens[other], {"accept": "yes"})
    assert bad.status_code == 422
    assert post(fixed, gid, "takeback/answer", watch, {"accept": True}).status_code == 403
    withdrawn = post(fixed, gid, "takeback/answer", tokens[seat], {"accept": False})
    assert withdrawn.json()["status"] == "withdrawn"
    assert view(fixed, gid, tokens[other])["takeback"] is None
    assert view(fixed, gid, tokens[other])["version"] == 1


def test_a_takeback_lapses_when_the_game_moves_on(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    other = 1 - seat
    act(fixed, gid, tokens[seat], {"type": "pass"})
    post(fixed, gid, "takeback", tokens[seat])
    assert act(fixed, gid, tokens[other], {"type": "pass"}).status_code == 200  # not an answer
    assert view(fixed, gid, tokens[seat])["takeback"] is None
    late = post(fixed, gid, "takeback/answer", tokens[other], {"accept": True})
    assert late.status_code == 409 and view(fixed, gid, tokens[seat])["version"] == 2


def test_a_takeback_nobody_answers_lapses(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nights, "TAKEBACK_WAIT", 0.05)  # read when the game night is made
    with app_on(sqlite_url, seeds=seed_counter(4_000)) as client:
        gid, tokens, seat = first_two(client)
        act(client, gid, tokens[seat], {"type": "pass"})
        assert post(client, gid, "takeback", tokens[seat]).json()["taken_back"] is False
        wait_for(lambda: view(client, gid, tokens[seat])["takeback"] is None)
        assert view(client, gid, tokens[seat])["version"] == 1


def test_bots_accept_at_once(sqlite_url: str) -> None:
    with app_on(sqlite_url, seeds=seed_counter(7_000), bot_delay=60.0) as client:
        for _ in range(20):  # a deal where the person decides first
            game = create_game(client, ["human", "bot"])
            gid, token = game["game_id"], game["seats"][0]["token"]
            if view(client, gid, token)["to_act"] == 0:
                break
        else:
            pytest.fail("no deal where the person decides first")
        before = game_part(view(client, gid, token))
        act(client, gid, token, {"type": "pass"})
        answer = post(client, gid, "takeback", token)
        assert answer.json() == {"status": "asked", "taken_back": True, "version": 0}
        after = view(client, gid, token)
        assert game_part(after) == before
        assert after["log"][-1][1].endswith("(Accepted by Player 2 (bot).)")


def test_takebacks_are_stored_with_the_game(sqlite_url: str) -> None:
    with app_on(sqlite_url, seeds=seed_counter(4_000)) as client:
        gid, tokens, seat = first_two(client)
        act(client, gid, tokens[seat], {"type": "pass"})
        post(client, gid, "takeback", tokens[seat])
        post(client, gid, "takeback/answer", tokens[1 - seat], {"accept": True})
        act(client, gid, tokens[seat], {"type": "pass"})
        post(client, gid, "takeback", tokens[seat])  # asked, not answered yet
        log = view(client, gid, tokens[0])["log"]
    with app_on(sqlite_url) as client:
        again = view(client, gid, tokens[0])
        assert again["log"] == log and again["version"] == 1 and again["serial"] == 3
        assert again["takeback"] == {"by": seat, "accepted": [], "waiting": [1 - seat]}
        answer = post(client, gid, "takeback/answer", tokens[1 - seat], {"accept": True})
        assert answer.json()["taken_back"] is True
        assert view(client, gid, tokens[0])["version"] == 0


def test_the_replay_tells_the_takebacks(fixed: TestClient) -> None:
    gid, tokens, seat = first_two(fixed)
    act(fixed, gid, tokens[seat], {"type": "pass"})
    post(fixed, gid, "takeback", tokens[seat])
    post(fixed, gid, "takeback/answer", tokens[1 - seat], {"accept": True})
    act(fixed, gid, tokens[seat], {"type": "concede"})
    replay = fixed.get(f"/api/games/{gid}/replay", headers={"Authorization": f"Bearer {tokens[0]}"})
    lines = [line for frame in replay.json()["frames"] for line in frame["lines"]]
    told = [text for kind, text in lines if kind == "takeback"]
    assert len(told) == 1 and "took back" in told[0]
    assert lines.index(["takeback", told[0]]) < len(lines) - 1  # before the concession
