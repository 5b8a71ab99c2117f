"""The measuring tape: anyone, any time, two figures or points, answered by the engine's door."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from night_helpers import duel, post
from web_helpers import hub_of

from totenblatt.wanted.ask import sight


def test_between_two_figures_the_tape_says_what_the_engine_measures(client: TestClient) -> None:
    gid, tokens, watch = duel(client)
    game = hub_of(client).rooms[gid].game
    billy, paco = game.figure("Billy"), game.figure("Paco")
    seen = sight(game.state, billy, paco)
    for token in [*tokens, watch]:  # both seats and a spectator, whoever's turn it is
        answer = post(
            client, gid, "measure", token, {"from": {"figure": "Billy"}, "to": {"figure": "Paco"}}
        )
        assert answer.status_code == 200, answer.text
        tape = answer.json()
        assert tape["distance"] == pytest.approx(seen.distance)
        assert tape["line_of_fire"] is seen.line_of_fire and tape["cover"] == seen.cover.value
        assert tape["from"] == list(billy.pos) and tape["to"] == list(paco.pos)
        assert set(tape["bands"]) == set(game.ruleset.weapons)
        assert tape["bands"][billy.weapon] == seen.band
        assert tape["modifiers"][billy.weapon] == seen.modifier


def test_points_are_bases_standing_there(client: TestClient) -> None:
    gid, tokens, _ = duel(client)
    answer = post(client, gid, "measure", tokens[0], {"from": [1, 1], "to": [1, 8]})
    tape = answer.json()
    assert tape["distance"] == pytest.approx(6.0)  # 7" between centres, base edge to base edge
    assert (
        tape["shown"] == 6.0 and tape["bands"]["colt"] == 1 and tape["band_limits"]["colt"] == 6.0
    )
    assert tape["band_floors"]["colt"] == 2.0  # the range >2–6" of A8's table, not "band 2"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"from": [1, 1]}, 'expected {"from": [x, y] or {"figure": name}, "to": ...}'),
        ({"from": [1, 1], "to": [1]}, 'to must be [x, y] (inches) or {"figure": name}'),
        ({"from": [1, True], "to": [1, 2]}, "from must be [x, y]"),
        ({"from": [1, 1], "to": {"figure": 3}}, "to must be [x, y]"),
        ({"from": [1, 1], "to": [500, 1]}, "the point (500, 1) is not on the table"),
        ({"from": {"figure": "Nobody"}, "to": [1, 1]}, "no figure named 'Nobody'"),
        ({"from": [1, 1], "to": [1, 1], "by": 2}, 'expected {"from": end, "to": end}'),
    ],
)
def test_a_bad_tape_is_refused_saying_why(client: TestClient, body: object, says: str) -> None:
    gid, tokens, _ = duel(client)
    answer = post(client, gid, "measure", tokens[1], body)
    assert answer.status_code == 422 and says in answer.json()["error"]


def test_a_hidden_figure_has_hard_cover_on_the_tape(client: TestClient) -> None:
    gid, tokens, _ = duel(client)
    room = hub_of(client).rooms[gid]
    room.game.figure("Paco").hidden = True  # as a hide would leave it (public: the page shows it)
    tape = post(
        client, gid, "measure", tokens[0], {"from": {"figure": "Billy"}, "to": {"figure": "Paco"}}
    ).json()
    assert tape["cover"] == "hard" and tape["target_hidden"] is True
