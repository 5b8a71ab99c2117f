"""A story of real cards (issue 43): the cards drawn from real 13-card piles at the table,
entered on the page, validated, then resolved and logged exactly as drawn cards are."""

from __future__ import annotations

from story_helpers import Story, story_client

from totenblatt.rpg import resolve_probe


def _trevors_test(story: Story, difficulty: int) -> int:
    """Trevor (Sportlichkeit 2) joins ``story`` and is tested against ``difficulty``: the
    test's id."""
    story.add("Trevor", {"Sportlichkeit": 2})
    body = {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": difficulty}
    return int(story.call(body)["test_id"])


def test_real_cards_resolve_as_drawn_cards(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="en", cards="table")
        assert story.view()["cards"] == "table"
        tid = _trevors_test(story, 3)
        assert "odds" in story.test(tid, "Trevor")  # the odds before the draw stay
        for cards, token, words in (
            (None, "Trevor", "list of the 1 card"),
            (["8♣", "9♣"], "Trevor", "list of the 1 card"),
            (["Z"], "Trevor", "cannot read"),
            (["5♠", "5♥"], "gm", "twice"),
            (["5♠", "5♠"], "gm", "twice"),
        ):
            answer = story.post(f"/tests/{tid}/draw?lang=en", {"cards": cards}, token)
            assert answer.status_code == 422 and words in answer.json()["error"], answer.text
        mine = story.post(f"/tests/{tid}/draw", {"cards": ["8♣"]}, "Trevor")
        assert mine.status_code == 200 and mine.json()["cards"] == [8]
        assert story.post(f"/tests/{tid}/draw", {"cards": ["5♥", "7♦"]}).status_code == 200
        test = story.test(tid)
        assert test["cards"] == {"player": [8], "opponent": [5, 7]}
        assert (test["status"], test["standing"]) == ("drawing", "failure")  # his joker now
        # a joker: one more real card, not one already drawn by this side
        assert story.post(f"/tests/{tid}/joker", {"cards": ["8♥"]}, "Trevor").status_code == 422
        spent = story.post(f"/tests/{tid}/joker", {"cards": ["9♠"]}, "Trevor")
        assert spent.status_code == 200, spent.text
        done = story.test(tid)
        core = resolve_probe(2, 3, jokers=1, player_cards=[8, 9], opponent_cards=[5, 7])
        assert (done["outcome"], done["margin"]) == (core.outcome.value, core.margin)
        log = story.view()["log"]
        assert any(line.startswith("Face up: Trevor 8 = 8;") for line in log), log
        assert any("spends a joker and draws 9" in line for line in log), log


def test_a_drawn_story_takes_no_cards(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client, lang="en")
        tid = _trevors_test(story, 3)
        answer = story.post(f"/tests/{tid}/draw?lang=en", {"cards": ["8♣"]}, "Trevor")
        assert answer.status_code == 422 and "draws its own cards" in answer.json()["error"]
        bad = client.post("/api/stories", json={"name": "x", "cards": "real"})
        assert bad.status_code == 422 and "table" in bad.json()["error"]


def test_links_carry_the_token_in_the_fragment_only(db_url: str) -> None:
    with story_client(db_url) as client:
        made = client.post("/api/stories", json={"name": "Kiez", "lang": "de"}).json()
        assert "#token=" in made["url"] and "?token=" not in made["url"]
        story = Story(client, made["story_id"], made["gm_token"])
        added = story.post("/characters", {"name": "Trevor", "skills": {"Sportlichkeit": 2}})
        assert "#token=" in added.json()["url"] and "?token=" not in added.json()["url"]
        cid = added.json()["character_id"]
        again = story.post(f"/characters/{cid}/link").json()["url"]
        assert "#token=" in again and "?token=" not in again
        # an old link still works: redirected to the fragment, the page has no token in it
        old = client.get(f"/stories/{story.id}?token={story.gm}&lang=en", follow_redirects=False)
        assert old.status_code == 303
        assert old.headers["location"] == f"/stories/{story.id}?lang=en#token={story.gm}"
        page = client.get(f"/stories/{story.id}?token={story.gm}")
        assert page.status_code == 200 and story.gm not in page.text
        assert '"role": "public"' in page.text or '"role":"public"' in page.text


def test_the_page_odds_never_round_to_100(db_url: str) -> None:
    """The issue's case: with 1 joker 9288/9295 was shown as 100 %; now 99,9 %."""
    with story_client(db_url) as client:
        story = Story.create(client, lang="de")
        tid = _trevors_test(story, 0)
        odds = next(t for t in story.view("Trevor", lang="de")["tests"] if t["test_id"] == tid)[
            "odds"
        ]
        assert odds["with_jokers"]["success"] == "9288/9295"
        assert odds["with_jokers"]["success_text"] == "99,9 %"
        texts = [odds["success_text"]] + [row["text"] for row in odds["margin"]]
        for row, text in zip(odds["margin"], texts[1:], strict=True):
            if 0 < row["float"] < 1:
                assert text not in ("0,0 %", "100,0 %", "0 %", "100 %"), (row, text)
