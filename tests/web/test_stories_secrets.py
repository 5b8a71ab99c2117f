"""Secrets of the game master (issue 43): GM-only and blind tests, secret difficulties,
skills a sheet lacks. A secret test's cards, margin and result reach no player and no
onlooker before the reveal: not by the API, the page, the socket, nor after a reload."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from story_helpers import Story, bearer, seed_for, story_client

from totenblatt.text import words

SECRET_KEYS = ("outcome", "margin", "wound", "wounded", "standing")


def _setup(story: Story) -> None:
    story.add("Trevor", {"Sportlichkeit": 2, "Wahrnehmung": 1})
    story.add("Diana", {"Beweglichkeit": 2})


def _blank(test: dict[str, Any]) -> None:
    """Nothing of the test's cards, margin or result."""
    assert test["cards"] == {"player": [], "opponent": []}, test
    assert test["totals"] == {} and test["narration"] == [], test
    assert all(test[k] is None for k in SECRET_KEYS), test


def _views(story: Story) -> dict[str, str]:
    """Everything a player or onlooker receives, as text: the API, the page, the socket."""
    out: dict[str, str] = {}
    client = story.client
    for who in ("Trevor", "Diana", None):
        key = story.tokens.get(who) if who else None
        out[f"api-{who}"] = client.get(f"/api/stories/{story.id}", headers=bearer(key)).text
        page = f"/stories/{story.id}" + (f"#token={key}" if key else "")
        out[f"page-{who}"] = client.get(page).text  # a fragment never reaches the server
        if key:
            out[f"page-query-{who}"] = client.get(f"/stories/{story.id}?token={key}").text
        path = f"/ws/stories/{story.id}" + (f"?token={key}" if key else "")
        with client.websocket_connect(path) as socket:
            out[f"ws-{who}"] = socket.receive_text()
    return out


def _secret_lines(story: Story, number: int) -> list[str]:
    """The game master's log lines of test ``number`` that tell cards or the result."""
    gm = story.view()
    test = next(t for t in gm["tests"] if t["number"] == number)
    return [line for line in test["narration"] if "reveals" not in line]


def _nothing_leaks(story: Story, number: int) -> None:
    lines = _secret_lines(story, number)
    assert lines  # the game master does see them
    for where, text in _views(story).items():
        for line in lines:
            assert json.dumps(line, ensure_ascii=False)[1:-1] not in text, (where, line)
    for who in ("Trevor", "Diana", None):
        test = next(t for t in story.view(who)["tests"] if t["number"] == number)
        _blank(test)


def test_a_gm_only_test_is_the_game_masters_until_revealed(db_url: str) -> None:
    seed = seed_for([([3], [12, 11])])
    with story_client(db_url, seed) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        called = story.call(
            {
                "character": story.ids["Trevor"],
                "skill": "Sportlichkeit",
                "difficulty": 3,
                "visibility": "gm",
            }
        )
        tid = called["test_id"]
        drawn = story.draw(tid, "Trevor")  # the player draws the own side, unseen
        assert drawn.status_code == 200, drawn.text
        assert drawn.json()["cards"] == [] and drawn.json()["outcome"] is None
        assert story.test(tid, "Trevor")["cards"]["player"] == []
        gm_draw = story.draw(tid, "gm")
        assert gm_draw.json()["cards"] == [12, 11]  # the game master sees
        gm = story.test(tid)
        assert gm["status"] == "done" and gm["outcome"] == "failure" and gm["can"]["reveal"]
        assert gm["result" if "result" in gm else "wounded"] is None  # the wound waits
        assert story.sheet("Trevor")["wound_points"] == 0
        _nothing_leaks(story, 1)
        assert story.post(f"/tests/{tid}/reveal", token="Trevor").status_code == 403
        assert story.post(f"/tests/{tid}/joker", token="Trevor").status_code == 409
        shown = story.post(f"/tests/{tid}/reveal")
        assert shown.status_code == 200, shown.text
        seen = story.test(tid, "Diana")
        assert seen["cards"] == {"player": [3], "opponent": [12, 11]}
        assert seen["outcome"] == "failure" and seen["wound"] is not None
        assert story.sheet("Trevor")["wound_points"] > 0  # the wound reached the sheet now
        assert any("reveals test 1" in line for line in story.view(None)["log"])


def test_a_blind_test_the_game_master_draws_both_sides(db_url: str) -> None:
    seed = seed_for([([10], [2])])
    with story_client(db_url, seed) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Wahrnehmung", "difficulty": 1}
        tid = story.call(body | {"visibility": "blind"})["test_id"]
        mine = story.test(tid, "Trevor")
        assert mine["can"]["draw"] == [] and mine["sides"]["player"]["holder"] == "gm"
        assert story.draw(tid, "Trevor").status_code == 403
        with client.websocket_connect(
            f"/ws/stories/{story.id}?token={story.tokens['Trevor']}"
        ) as socket:
            socket.receive_text()
            for side in ("player", "opponent"):
                assert story.draw(tid, "gm", side).status_code == 200
                pushed = json.loads(socket.receive_text())
                _blank(next(t for t in pushed["tests"] if t["test_id"] == tid))
                assert "10" not in " ".join(pushed["log"][-2:])
        assert story.test(tid)["outcome"] == "success"
        _nothing_leaks(story, 1)
        assert story.post(f"/tests/{tid}/reveal").status_code == 200
        assert story.test(tid, "Trevor")["outcome"] == "success"


def test_a_secret_difficulty_is_hidden_until_resolved(db_url: str) -> None:
    seed = seed_for([([7], [4, 9])])
    with story_client(db_url, seed) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 5}
        shifts = [{"side": "opponent", "by": -1, "reason": "Daylight"}]
        tid = story.call(body | {"secret_difficulty": True, "shifts": shifts})["test_id"]
        for who in ("Trevor", "Diana", None):
            test = story.test(tid, who)
            assert test["sides"]["opponent"] == {
                "kind": "difficulty", "secret": True, "holder": "gm", "yours": False,
            }  # fmt: skip
            assert "odds" not in test and test["counts"]["opponent"] is None
            text = json.dumps(story.view(who))
            assert "Daylight" not in text and "difficulty 5" not in text
            assert "a secret difficulty" in " ".join(story.view(who)["log"])
        assert story.draw(tid, "Trevor").json()["cards"] == [7]  # its own cards
        assert story.test(tid, "Trevor")["cards"]["player"] == [7]
        story.draw(tid, "gm")
        done = story.test(tid, "Trevor")  # resolved: now everyone sees it
        assert done["status"] == "done" and done["sides"]["opponent"]["level"] == 4
        assert done["cards"]["opponent"][:2] == [4, 9] and done["outcome"] == "failure"


def test_a_secret_difficulty_the_game_master_reveals_before(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 5}
        tid = story.call(body | {"secret_difficulty": True})["test_id"]
        assert story.test(tid)["can"]["reveal"]
        assert story.post(f"/tests/{tid}/reveal").status_code == 200
        assert story.test(tid, None)["sides"]["opponent"]["level"] == 5


def test_bad_visibility_is_refused(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 2}
        for extra, words in (
            ({"visibility": "secret"}, "public, gm, blind"),
            ({"secret_difficulty": 1}, "true or false"),
            (
                {"secret_difficulty": True, "difficulty": None, "against": {"grenade": 5}},
                "needs a difficulty",
            ),
        ):
            answer = story.post("/tests?lang=en", body | extra)
            assert answer.status_code == 422 and words in answer.json()["error"], answer.text


def test_a_skill_the_sheet_lacks_is_422_unless_unaware(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="en")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Schleichen", "difficulty": 2}
        answer = story.post("/tests?lang=en", body)
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert "Trevor has no skill “Schleichen”" in error and "Sportlichkeit" in error
        assert "unaware" in error
        assert story.view()["tests"] == []  # nothing called
        against = {"character": story.ids["Diana"], "skill": "Wahrnehmung"}
        body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "against": against}
        answer = story.post("/tests?lang=en", body)
        assert answer.status_code == 422 and "Diana has no skill" in answer.json()["error"]
        called = story.call(body | {"against": against | {"unaware": True}})
        test = story.test(called["test_id"])
        assert test["sides"]["opponent"]["base"] == 0 and test["sides"]["opponent"]["unaware"]
        story.post(f"/tests/{called['test_id']}/cancel")
        body = {"character": story.ids["Trevor"], "skill": "Schleichen", "difficulty": 2}
        called = story.call(body | {"unaware": True})
        test = story.test(called["test_id"])
        assert test["sides"]["player"]["base"] == 0 and test["sides"]["player"]["unaware"]
        de = story.post("/tests?lang=de", body | {"unaware": "ja"})
        assert de.status_code == 422


def test_a_hidden_npc_sheet_shows_players_only_what_the_gm_allows(db_url: str) -> None:
    seed = seed_for([([2], [13])])
    with story_client(db_url, seed) as client:
        story = Story.create(client, lang="en")
        story.add("Diana", {"Handliches Gemetzel": 3})
        answer = story.post(
            "/characters",
            {"name": "Rafael", "skills": {"Handliches Gemetzel": 4, "Geheimnis": 7},
             "npc": True, "shown": ["name"]},
        )  # fmt: skip
        assert answer.status_code == 201, answer.text
        rafael = answer.json()["character_id"]
        story.tokens["Rafael"], story.ids["Rafael"] = None, rafael
        gm = story.sheet("Rafael")
        assert gm["skills"]["Geheimnis"] == 7 and gm["shown"] == ["name"]
        skill = "Handliches Gemetzel"
        against = {"character": rafael, "skill": skill}
        tid = story.call({"character": story.ids["Diana"], "skill": skill, "against": against})
        tid = tid["test_id"]
        for who in ("Diana", None):
            view = story.view(who)
            sheet = next(c for c in view["characters"] if c["name"] == "Rafael")
            assert sheet["skills"] == {} and sheet["hidden"] == ["skills", "wounds"]
            assert sheet["wound_points"] is None and "shown" not in sheet
            test = next(t for t in view["tests"] if t["test_id"] == tid)
            assert "level" not in test["sides"]["opponent"] and "odds" not in test
            assert test["counts"]["opponent"] is None
            text = json.dumps(view, ensure_ascii=False)
            assert "Geheimnis" not in text and "Gemetzel 4" not in text
            assert "Sportlichkeit" in view["skills"]  # the story's list: the seed's skills
        story.draw(tid, "Diana")
        story.draw(tid, "gm")
        assert story.post(f"/tests/{tid}/stop", token="Diana").status_code == 200
        assert story.test(tid)["outcome"] == "failure"  # Diana loses, Rafael unhurt
        for who in ("Diana", None):
            view = story.view(who)
            assert "Gemetzel 4" not in json.dumps(view, ensure_ascii=False)
        # the game master shows the skills later; wounds stay hidden
        patch = client.patch(
            f"/api/stories/{story.id}/characters/{rafael}",
            json={"shown": ["name", "skills"]},
            headers=bearer(story.gm),
        )
        assert patch.status_code == 200, patch.text
        sheet = next(c for c in story.view("Diana")["characters"] if c["name"] == "Rafael")
        assert sheet["skills"]["Geheimnis"] == 7 and sheet["hidden"] == ["wounds"]
        wounded = story.post(f"/characters/{rafael}/wounds", {"band": "normal"})
        assert wounded.status_code == 200
        view = story.view(None)
        assert "Rafael is wounded." in view["log"]
        assert not any("Rafael takes" in line for line in view["log"])
        assert "Rafael takes" in " ".join(story.view()["log"])
        denied = client.patch(
            f"/api/stories/{story.id}/characters/{rafael}",
            json={"shown": ["name", "skills", "wounds"]},
            headers=bearer(story.tokens["Diana"]),
        )
        assert denied.status_code == 403
        bad = client.patch(
            f"/api/stories/{story.id}/characters/{rafael}",
            json={"shown": ["skills"]},
            headers=bearer(story.gm),
        )
        assert bad.status_code == 422 and '"name" (always)' in bad.json()["error"]
        pc = story.post("/characters", {"name": "Zed", "shown": ["name"]})
        assert pc.status_code == 422 and "only an NPC" in pc.json()["error"]


def test_a_secret_difficulty_with_the_odds_as_a_range(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="de")
        _setup(story)
        body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 3}
        bad = story.post("/tests?lang=en", body | {"secret_difficulty": True, "odds_range": [4, 6]})
        assert bad.status_code == 422 and "holding the test's (3)" in bad.json()["error"]
        bad = story.post("/tests?lang=en", body | {"odds_range": [2, 4]})
        assert bad.status_code == 422 and "goes with secret_difficulty" in bad.json()["error"]
        tid = story.call(body | {"secret_difficulty": True, "odds_range": [2, 4]})["test_id"]
        test = story.test(tid, "Trevor")
        assert "odds" not in test and test["odds_range"]["high"]["fraction"] == "7/13"
        low = test["odds_range"]["low"]
        assert 0 < low["float"] < test["odds_range"]["high"]["float"]
        assert low["text"] == words("en").percent(Fraction(low["fraction"]), 1)
        assert "odds_range" not in story.test(tid)  # the game master sees the exact odds
        assert story.test(tid)["odds"]["success"] == "125/1014"
