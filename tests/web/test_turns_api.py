"""``POST /api/games/turns`` (issue 42): whose turn it is in the games a browser holds seats
of, for the lobby's "your games" — only what each seat's own view shows, and a wrong token
or a game that does not exist answer alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, conceded, duel, view
from web_helpers import create_game, hub_of

from totenblatt.web.table.turns import MOST_ASKED


def _turns(client: TestClient, asked: Any, lang: str = "en") -> list[dict[str, Any]]:
    response = client.post(f"/api/games/turns?lang={lang}", json=asked)
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["turns"]
    return found


def test_each_seat_learns_whose_turn_it_is_as_its_view_says(client: TestClient) -> None:
    gid, tokens, _watch = duel(client, players=["Anna", "Ben"])
    to_act = view(client, gid, tokens[0])["to_act"]
    names = ["Anna", "Ben"]
    turns = _turns(client, [{"game_id": gid, "token": t} for t in tokens])
    assert [t["seat"] for t in turns] == [0, 1]
    for seat, turn in enumerate(turns):
        own = view(client, gid, tokens[seat])
        assert turn["your_turn"] is (own["to_act"] == own["seat"]) is (seat == to_act)
        assert turn["to_act"] == names[to_act] and not turn["ended"]
        assert turn["clock"] is None  # a game without a clock
    # after the seat acts, the turn is the other's (a duel's bids and keeps alternate or not:
    # the answer follows the view, whatever it says)
    choice = next(
        a for a in view(client, gid, tokens[to_act])["legal_actions"] if a["type"] != "concede"
    )
    assert act(client, gid, tokens[to_act], choice).status_code == 200
    now = view(client, gid, tokens[0])["to_act"]
    after = _turns(client, [{"game_id": gid, "token": tokens[0]}])[0]
    assert after["your_turn"] is (now == 0) and after["to_act"] == names[now]


def test_a_bot_to_act_is_named_in_the_page_language(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    room = hub_of(client).rooms[gid]
    labels = {lang: room.labels(lang) for lang in ("en", "de")}
    for lang in ("en", "de"):
        turn = _turns(client, [{"game_id": gid, "token": token}], lang)[0]
        if turn["your_turn"] or turn["ended"]:
            assert turn["to_act"] in (labels[lang][0], None)
        else:
            assert turn["to_act"] == labels[lang][1]
    assert labels["de"][1] != labels["en"][1]


def test_a_game_with_a_clock_answers_its_clock(client: TestClient) -> None:
    gid, tokens, _watch = duel(client, clock={"per_decision_hours": 24})
    turn = _turns(client, [{"game_id": gid, "token": tokens[0]}])[0]
    seat = view(client, gid, tokens[0])["to_act"]
    assert turn["clock"]["running"] == seat
    assert len(turn["clock"]["remaining_s"]) == 2
    assert 0 < turn["clock"]["remaining_s"][seat] <= 24 * 3600


def test_an_ended_game_says_so_and_names_nobody(client: TestClient) -> None:
    gid, tokens, _watch = conceded(client)
    for turn in _turns(client, [{"game_id": gid, "token": t} for t in tokens]):
        assert turn["ended"] is True and turn["your_turn"] is False and turn["to_act"] is None


def test_wrong_tokens_and_missing_games_answer_alike(client: TestClient) -> None:
    gid, tokens, _watch = duel(client)
    other, other_tokens, _ = duel(client)
    asked = [
        {"game_id": gid, "token": "not-a-token-of-this-game"},
        {"game_id": "no-such-game", "token": tokens[0]},
        {"game_id": other, "token": tokens[0]},  # a real token, of another game
        {"game_id": gid, "token": ""},
        {"game_id": "x" * 100, "token": tokens[0]},
        {"game_id": other, "token": other_tokens[1]},
    ]
    turns = _turns(client, asked)
    for asked_entry, turn in zip(asked[:5], turns[:5], strict=True):
        assert turn == {"game_id": asked_entry["game_id"], "unknown": True}
    assert turns[5]["seat"] == 1 and "unknown" not in turns[5]


def test_the_answer_holds_nothing_a_seat_could_not_see(client: TestClient) -> None:
    gid, tokens, watch = duel(client, players=["Anna", "Ben"])
    game = hub_of(client).rooms[gid].game
    response = client.post("/api/games/turns", json=[{"game_id": gid, "token": tokens[0]}])
    text = response.text
    (turn,) = response.json()["turns"]
    assert set(turn) == {"game_id", "seat", "your_turn", "to_act", "ended", "clock"}
    for token in (*tokens, watch):  # no token, not even the asker's
        assert token not in text
    assert str(game.setup.seed) not in text
    for card in game.view(0)["hand"] + game.view(1)["hand"]:
        assert json.dumps(card)[1:-1] not in text and card not in text


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game_id": "g", "token": "t"}, "a list of"),
        ([{"game_id": "g"}], "entry 0"),
        ([{"game_id": "g", "token": 5}], "strings"),
        ([{"game_id": "g", "token": "t"}] * (MOST_ASKED + 1), f"at most {MOST_ASKED}"),
    ],
)
def test_a_malformed_question_is_refused_with_what_is_expected(
    client: TestClient, body: Any, says: str
) -> None:
    response = client.post("/api/games/turns", json=body)
    assert response.status_code == 422
    assert says in response.json()["error"]


def test_each_seat_asked_counts_against_the_clients_budget(sqlite_url: str) -> None:
    from totenblatt.web import ServerSettings, create_app
    from totenblatt.web.shell.limits import Limits

    app = create_app(
        ServerSettings(db_url=sqlite_url, bot_delay=0.0, limits=Limits(actions_per_minute=5))
    )
    with TestClient(app) as client:
        asked = [{"game_id": "g", "token": "t"}] * 3
        codes = [client.post("/api/games/turns", json=asked).status_code for _ in range(2)]
    assert codes == [200, 429]  # 3 of 5, then 3 more: refused
