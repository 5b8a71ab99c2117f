"""Faster bidding: a seat may pass its bids automatically, and nobody learns whether it held a
diamond — not from a payload, not from when the pass comes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, app_on, post, view

from totenblatt.wanted.engine import stacked_deal
from totenblatt.web.table.hub import GameSpec, Hub

SEAT_0 = ["4♣", "5♠", "6♥", "7♣", "8♠"]
WITH_DIAMOND = ["3♣", "9♦", "9♠", "10♥", "J♣"]
WITHOUT = ["3♣", "9♣", "9♠", "10♥", "J♣"]
DEAD = ["2♥", "3♥", "4♥", "5♥", "7♥"]


def stacked(client: TestClient, seat_1: list[str]) -> tuple[str, list[str], str]:
    """A duel dealt by seat 0: seat 0's hand, seat 1's, the dead hand, then K♠ to draw."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    order = stacked_deal(0, {0: SEAT_0, 1: seat_1}, DEAD, ["K♠"])
    spec = GameSpec("duel", "base", ("human", "human"), "en", dealer=0,
                    deck_order=tuple(str(c) for c in order))  # fmt: skip
    room, tokens = client.portal.call(hub.create, spec)
    assert all(t is not None for t in tokens)
    return room.id, [str(t) for t in tokens], room.spectator_token


def seen(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    payload = view(client, gid, token)
    return {k: v for k, v in payload.items() if k != "game_id"}


def play(client: TestClient, seat_1: list[str], auto: bool) -> tuple[list[Any], dict[str, Any]]:
    """Seat 0's payloads (and a spectator's) through a round's start where seat 1 redraws
    and then, with ``auto``, passes its bid automatically; seat 1's own last payload."""
    gid, tokens, watch = stacked(client, seat_1)
    if auto:
        assert post(client, gid, "options", tokens[1], {"auto_pass_bids": True}).json() == {
            "auto_pass_bids": True
        }
    shown = [seen(client, gid, tokens[0]), seen(client, gid, watch)]
    assert act(client, gid, tokens[0], {"type": "pass"}).status_code == 200  # keeps the hand
    redraw = {"type": "redraw", "card": "3♣", "payer": "Paco"}
    assert act(client, gid, tokens[1], redraw).status_code == 200  # its redraw of the round
    assert act(client, gid, tokens[1], {"type": "pass"}).status_code == 200  # keeps the hand
    shown += [seen(client, gid, tokens[0]), seen(client, gid, watch)]
    assert act(client, gid, tokens[0], {"type": "pass"}).status_code == 200  # bids nothing
    shown += [seen(client, gid, tokens[0]), seen(client, gid, watch)]
    return shown, view(client, gid, tokens[1])


@pytest.fixture
def client(sqlite_url: str) -> Any:
    with app_on(sqlite_url, seeds=lambda: 77) as found:
        yield found


def test_with_the_option_a_diamond_held_or_not_looks_the_same(client: TestClient) -> None:
    held, own = play(client, WITH_DIAMOND, auto=True)
    none, _ = play(client, WITHOUT, auto=True)
    assert held == none
    last = held[-2]
    assert last["phase"] == "action" and last["to_act"] == 1  # seat 1 passed its bid at once
    assert [e["type"] for e in last["events"][-3:]] == [
        "bid_passed",
        "bid_passed",
        "initiative_won",
    ]
    assert last["options"] == {"auto_pass_bids": False} and held[-1]["options"] is None
    assert own["options"] == {"auto_pass_bids": True} and "9♦" in own["hand"]


def test_without_it_the_pause_of_a_player_with_a_diamond_shows(client: TestClient) -> None:
    held, _ = play(client, WITH_DIAMOND, auto=False)
    none, _ = play(client, WITHOUT, auto=False)
    assert held != none  # what the option hides: the engine asks only a seat with a choice
    assert held[-2]["to_act"] == 1 and held[-2]["phase"] == "bid"
    assert none[-2]["phase"] == "action"


def test_turning_it_on_at_ones_own_bid_passes_it_and_off_asks_again(client: TestClient) -> None:
    gid, tokens, _ = stacked(client, WITH_DIAMOND)
    act(client, gid, tokens[0], {"type": "pass"})
    act(client, gid, tokens[1], {"type": "pass"})
    act(client, gid, tokens[0], {"type": "pass"})
    asked = view(client, gid, tokens[1])
    assert asked["phase"] == "bid" and asked["to_act"] == 1
    post(client, gid, "options", tokens[1], {"auto_pass_bids": True})
    after = view(client, gid, tokens[1])
    assert after["phase"] == "action" and after["version"] == asked["version"] + 1
    assert post(client, gid, "options", tokens[1], {"auto_pass_bids": False}).json() == {
        "auto_pass_bids": False
    }
    assert view(client, gid, tokens[1])["options"] == {"auto_pass_bids": False}


def test_the_option_is_a_seats_own_and_is_checked(client: TestClient) -> None:
    gid, tokens, watch = stacked(client, WITHOUT)
    assert post(client, gid, "options", watch, {"auto_pass_bids": True}).status_code == 403
    bad = post(client, gid, "options", tokens[0], {"auto_pass_bids": "yes"})
    assert bad.status_code == 422 and "auto_pass_bids" in bad.json()["error"]
    assert post(client, gid, "options", tokens[0], {"fast": True}).status_code == 422


def test_the_option_and_its_passes_survive_a_restart(sqlite_url: str) -> None:
    with app_on(sqlite_url, seeds=lambda: 77) as client:
        gid, tokens, _ = stacked(client, WITH_DIAMOND)
        post(client, gid, "options", tokens[1], {"auto_pass_bids": True})
        act(client, gid, tokens[0], {"type": "pass"})
        act(client, gid, tokens[1], {"type": "pass"})
        act(client, gid, tokens[0], {"type": "pass"})  # seat 1's bid is passed with it
        before = view(client, gid, tokens[1])
    with app_on(sqlite_url) as client:
        after = view(client, gid, tokens[1])
        assert after == before  # the stored position holds the bid and the automatic pass
