"""The RPG table's doors: who may do what, what each viewer may see, bad requests, the socket.

A player draws only for its own side and spends only its own jokers; the public link
changes nothing; the deck order, the seed and the tokens are in no payload; before both
sides drew, a side's cards are seen by its drawer alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect
from story_helpers import Story, bearer, seed_for, story_client

from totenblatt.rpg import Side, pile_order, pile_seed
from totenblatt.web.shell.tokens import hash_token

SEED = seed_for([([8, 9], [5, 7])], start=2**62)  # a large seed: its digits are rare
"""The story's secret: Trevor's pile starts 8, 9, the game master's 5, 7."""


@pytest.fixture
def story(db_url: str) -> Iterator[Story]:
    """Trevor and Diana (players), Rafael (NPC); test 1: Trevor's Sportlichkeit 2 against 3."""
    with story_client(db_url, SEED) as client:
        made = Story.create(client, lang="en")
        made.add("Trevor", {"Sportlichkeit": 2})
        made.add("Diana", {"Beweglichkeit": 2})
        made.add("Rafael", {"Handliche Wummen": 2}, npc=True)
        yield made


def wall(story: Story) -> int:
    test = story.call({"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 3})
    return int(test["test_id"])


def keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from keys(value)
    elif isinstance(data, list):
        for item in data:
            yield from keys(item)


def test_a_player_draws_only_for_its_own_side_and_the_gm_not_for_a_player(story: Story) -> None:
    test = wall(story)
    assert story.draw(test, "Diana").status_code == 403  # not her test
    assert story.draw(test, "Trevor", side="opponent").status_code == 403  # the GM's side
    assert story.draw(test, "gm", side="player").status_code == 403  # Trevor's own pile
    assert story.draw(test, None).status_code == 401  # the public link changes nothing
    assert story.draw(test, "Trevor").json()["cards"] == [8]
    again = story.draw(test, "Trevor")
    assert again.status_code == 409 and again.json()["error"]


def test_a_player_spends_only_its_own_jokers_and_only_while_not_winning(story: Story) -> None:
    test = wall(story)
    early = story.post(f"/tests/{test}/joker", token="Trevor")
    assert early.status_code == 409 and "face up" in early.json()["error"]
    story.draw(test, "Trevor")
    story.draw(test, "gm")  # 8 against 5 + 7: Trevor fails for now
    for token in ("Diana", "gm", None):
        refused = story.post(f"/tests/{test}/joker", token=token)
        assert refused.status_code in (401, 403), (token, refused.text)
    assert story.sheet("Trevor")["jokers"] == 1
    spent = story.post(f"/tests/{test}/joker", token="Trevor")  # 8 + 9 = 17 against 12
    assert spent.status_code == 200 and spent.json()["outcome"] == "success"
    won = story.post(f"/tests/{test}/joker", token="Trevor")
    assert won.status_code == 409 and "decided" in won.json()["error"]


def test_no_joker_left_is_refused_with_409(db_url: str) -> None:
    """With no joker left a failing test is decided at once; a joker then is refused."""
    with story_client(db_url, seed_for([([1, 2], [13, 12])])) as client:
        story = Story.create(client, lang="en")
        story.add("Trevor", {"Sportlichkeit": 2})
        test = wall(story)
        story.draw(test, "Trevor")
        story.draw(test, "gm")  # 1 against 25: failing, one joker in hand
        assert story.post(f"/tests/{test}/joker", token="Trevor").status_code == 200
        assert story.sheet("Trevor")["jokers"] == 0  # 1 + 2 against 25, and no joker left
        left = story.post(f"/tests/{test}/joker", token="Trevor")
        assert left.status_code == 409 and "decided" in left.json()["error"]
        assert story.test(test)["outcome"] == "failure" and story.sheet("Trevor")["jokers"] == 0


def test_before_both_drew_a_sides_cards_are_seen_by_its_drawer_alone(story: Story) -> None:
    test = wall(story)
    story.draw(test, "Trevor")
    assert story.test(test, "Trevor")["cards"] == {"player": [8], "opponent": []}
    for viewer in ("gm", "Diana", None):
        seen = story.test(test, viewer)
        assert seen["cards"] == {"player": [], "opponent": []} and seen["drawn"]["player"]
    story.draw(test, "gm")
    for viewer in ("gm", "Trevor", "Diana", None):
        assert story.test(test, viewer)["cards"] == {"player": [8], "opponent": [5, 7]}


def test_no_payload_holds_the_seed_the_pile_order_or_a_token(story: Story) -> None:
    test = wall(story)
    story.draw(test, "Trevor")
    answers = [story.view(v) for v in ("gm", "Trevor", "Diana", None)]
    answers.append(story.draw(test, "gm").json())
    answers.append(story.client.get(f"/stories/{story.id}?token={story.gm}").text)
    secrets = [
        str(SEED),
        hash_token(story.gm),
        *(hash_token(t) for t in story.tokens.values() if t),
    ]
    rest = pile_order(pile_seed(SEED, 1, Side.PLAYER))[1:]  # Trevor's undrawn cards, in order
    for answer in answers:
        text = answer if isinstance(answer, str) else json.dumps(answer)
        assert not [s for s in secrets if s in text]
        assert str(list(rest))[1:-1] not in text
        if not isinstance(answer, str):
            assert not {"seed", "pile", "order", "token_hash", "gm_hash"} & set(keys(answer))
    assert story.gm not in json.dumps(answers[0])  # not even the GM's own token comes back


def test_the_public_part_has_no_notes_and_the_public_link_changes_nothing(story: Story) -> None:
    patch = story.client.patch(
        f"/api/stories/{story.id}/characters/{story.ids['Rafael']}",
        json={"notes": "schuldet Sarah Geld"},
        headers=bearer(story.gm),
    )
    assert patch.status_code == 200
    assert story.view()["characters"][2]["notes"] == "schuldet Sarah Geld"
    for viewer in (None, "Trevor"):
        assert "notes" not in story.view(viewer)["characters"][2]
    before = story.view()["version"]
    for path, body in (
        ("/characters", {"name": "Eve", "skills": {}}),
        ("/tests", {"character": story.ids["Trevor"], "skill": "x", "difficulty": 1}),
        (f"/characters/{story.ids['Trevor']}/jokers", {"reason": "x"}),
        (f"/characters/{story.ids['Trevor']}/wounds", {"band": "fat"}),
        (f"/characters/{story.ids['Trevor']}/link", None),
    ):
        assert story.post(path, body, token=None).status_code == 401
        assert story.post(path, body, token="Trevor").status_code == 403
    assert story.view()["version"] == before
    own = story.client.patch(
        f"/api/stories/{story.id}/characters/{story.ids['Trevor']}",
        json={"notes": "Kletterseil"},
        headers=bearer(story.tokens["Trevor"]),
    )
    assert own.status_code == 200  # a player writes its own notes, not its skills
    skills = story.client.patch(
        f"/api/stories/{story.id}/characters/{story.ids['Trevor']}",
        json={"skills": {"Sportlichkeit": 6}},
        headers=bearer(story.tokens["Trevor"]),
    )
    assert skills.status_code == 403


def test_a_new_player_link_ends_the_old_one(story: Story) -> None:
    old = story.tokens["Trevor"]
    fresh = story.post(f"/characters/{story.ids['Trevor']}/link")
    assert fresh.status_code == 200 and fresh.json()["player_token"] != old
    gone = story.client.get(f"/api/stories/{story.id}", headers=bearer(old))
    assert gone.status_code == 403 and gone.json()["error"]
    npc = story.post(f"/characters/{story.ids['Rafael']}/link")
    assert npc.status_code == 422


WALL = {"character": 1, "skill": "x", "difficulty": 1}


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"character": 99, "skill": "x", "difficulty": 2}, 404, "no character 99"),
        ({"character": 1, "skill": "x"}, 422, "either difficulty"),
        ({"character": 1, "skill": "x", "difficulty": 2, "against": {"character": 2}}, 422, "or"),
        ({"character": 1, "skill": "x", "difficulty": 13}, 422, "from 0 to 12"),
        ({"character": 1, "skill": "x", "difficulty": True}, 422, "whole number"),
        ({"character": 1, "skill": "x", "difficulty": 2, "colour": 1}, 422, "unknown key 'colour'"),
        ({"character": 1, "difficulty": 2}, 422, "skill is missing"),
        ({"character": 1, "skill": "x", "against": {"character": 1}}, 422, "against itself"),
        ({"character": 3, "skill": "x", "against": {"character": 1}}, 422, "Rafael is an NPC"),
        ({"character": 1, "grenade": 4, "against": {"character": 3}}, 422, "level 5 or 6"),
        ({"character": 1, "grenade": 5, "difficulty": 2}, 422, "thrown at a character"),
        ({"character": 1, "skill": "x", "against": {"grenade": 7}}, 422, "level 5 or 6"),
        (WALL | {"shifts": [{"side": "player", "by": -1, "reason": ""}]}, 422, "reason is empty"),
        (WALL | {"shifts": [{"side": "player", "by": -1, "reason": "Nass"}]}, 422, "shifted to -1"),
        (WALL | {"shifts": [{"side": "x", "by": 1, "reason": "Regen"}]}, 422, "'player' or"),
        (WALL | {"harm": ["opponent"]}, 422, "no character"),
        ([1, 2], 422, "JSON object"),
    ],
)  # fmt: skip
def test_bad_tests_are_refused_with_what_is_expected(
    story: Story, body: Any, status: int, words: str
) -> None:
    answer = story.post("/tests?lang=en", body)
    assert answer.status_code == status and words in answer.json()["error"], answer.text
    assert story.view()["tests"] == []


def test_one_test_at_a_time_and_a_call_off_before_the_cards_are_face_up(story: Story) -> None:
    test = wall(story)
    second = story.post("/tests", {"character": story.ids["Diana"], "skill": "x", "difficulty": 1})
    assert second.status_code == 409 and "test 1 is still being drawn" in second.json()["error"]
    story.draw(test, "Trevor")
    assert story.post(f"/tests/{test}/cancel", token="Trevor").status_code == 403
    assert story.post(f"/tests/{test}/cancel").status_code == 200
    assert story.test(test)["status"] == "cancelled" and story.draw(test, "gm").status_code == 409
    again = wall(story)
    story.draw(again, "Trevor")
    story.draw(again, "gm")
    assert story.post(f"/tests/{again}/cancel").status_code == 409  # face up: it is decided


def test_a_character_who_is_out_takes_no_test(story: Story) -> None:
    story.post(f"/characters/{story.ids['Rafael']}/wounds", {"band": "fat"})
    assert story.sheet("Rafael")["out"]
    answer = story.post(
        "/tests",
        {
            "character": story.ids["Diana"],
            "skill": "x",
            "against": {"character": story.ids["Rafael"]},
        },
    )
    assert answer.status_code == 409 and "Fallobst" in answer.json()["error"]
    healed = story.post(f"/characters/{story.ids['Rafael']}/heal", {})
    assert healed.status_code == 200 and not story.sheet("Rafael")["out"]


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/characters", {"name": "Trevor", "skills": {}}, 409),  # the name is taken
        ("/characters", {"name": "", "skills": {}}, 422),
        ("/characters", {"name": "A\x1b[2J", "skills": {}}, 422),
        ("/characters", {"name": "Eve", "skills": {"Wumme": 13}}, 422),
        ("/characters", {"name": "Eve", "skills": {"": 1}}, 422),
        ("/characters", {"name": "Eve", "npc": "yes"}, 422),
        ("/characters", {"sheet": "Nobody"}, 403),  # the operator's only (issue 38)
        ("/characters", {"sheet": 5}, 422),
        ("/characters/1/wounds", {"band": "heavy"}, 422),
        ("/characters/1/heal", {"points": -1}, 422),
        ("/characters/1/jokers", {"count": 10, "reason": "x"}, 422),
        ("/characters/77/jokers", {"count": 1, "reason": "x"}, 404),
        ("/tests/5/draw", None, 404),
    ],
)
def test_bad_sheet_requests_are_refused(story: Story, path: str, body: Any, status: int) -> None:
    answer = story.post(path, body)
    assert answer.status_code == status and answer.json()["error"], answer.text


def test_unknown_stories_and_tokens(story: Story) -> None:
    client = story.client
    assert client.get("/api/stories/nope").status_code == 404
    assert client.get("/stories/nope").status_code == 404
    assert client.get(f"/api/stories/{story.id}", headers=bearer("x" * 40)).status_code == 403
    assert client.post("/api/stories", json={"name": "x", "lang": "fr"}).status_code == 422
    assert client.post("/api/stories", json={"name": "x", "seed": 1}).status_code == 422
    assert client.post("/api/stories", json={"lang": "de"}).status_code == 422
    big = client.post(
        "/api/stories", content=b"[" * 70_000, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413


def test_the_socket_pushes_each_viewer_its_own_payload(story: Story) -> None:
    client = story.client
    test = wall(story)
    with (
        client.websocket_connect(f"/ws/stories/{story.id}?token={story.gm}&lang=de") as gm,
        client.websocket_connect(f"/ws/stories/{story.id}") as public,
    ):
        first = json.loads(gm.receive_text())
        assert first["type"] == "story" and first["viewer"]["role"] == "gm"
        assert json.loads(public.receive_text())["viewer"]["role"] == "public"
        story.draw(test, "Trevor")
        pushed = json.loads(gm.receive_text())
        assert pushed["version"] > first["version"]
        assert pushed["tests"][0]["drawn"]["player"] and pushed["tests"][0]["cards"]["player"] == []
        assert json.loads(public.receive_text())["tests"][0]["cards"]["player"] == []
        gm.send_text(json.dumps({"type": "ping"}))
        assert json.loads(gm.receive_text()) == {"type": "pong"}
        gm.send_text("{nope")
        assert json.loads(gm.receive_text())["type"] == "error"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/stories/{story.id}?token=wrong") as socket,
    ):
        socket.receive_text()
    assert refused.value.code == 4403
    foreign = {"origin": "https://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/stories/{story.id}", headers=foreign) as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 1008


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.sampled_from(["player", "opponent", "Beweglichkeit", "", "x" * 200, "\x1b[2J"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(
            ["character", "skill", "difficulty", "against", "shifts", "grenade", "harm",
             "side", "by", "reason", "unaware", "name", "skills", "npc", "notes", "band"]
        ),
        inner,
        max_size=6,
    ),
    max_leaves=12,
)  # fmt: skip


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=JSON, path=st.sampled_from(["/tests", "/characters", "/characters/1/jokers",
                                        "/characters/1/wounds", "/tests/1/draw"]))  # fmt: skip
def test_any_json_body_is_answered_never_a_server_error(story: Story, body: Any, path: str) -> None:
    answer = story.post(path, body)
    assert answer.status_code in (200, 201, 404, 409, 422), answer.text
    assert answer.json().get("error") or answer.status_code < 300
