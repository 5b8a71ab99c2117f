"""The lobby of games that last days (issue 42), in Chromium on a phone (390 × 844, touch) and
a laptop (1366 × 768): a clock chosen at creation reaches the game, the rule of a flag fall
stands beside it in the page's language, "your games" says whose turn it is (yours first), and
an invited friend reads the table in their own language, not the creator's."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from browser_helpers import LAPTOP, PHONE, PHONE_OR_LAPTOP, Pages, new_game, view
from night_helpers import act
from web_helpers import LiveServer, create_game, view_of

from totenblatt.web.table.days import FLAG_RULE

_TOO_SMALL = """() => [...document.querySelectorAll('#clock select, #clock input, #create-game')]
  .filter((n) => n.getBoundingClientRect().width > 0)
  .map((n) => [n.id, Math.round(n.getBoundingClientRect().width),
               Math.round(n.getBoundingClientRect().height)])
  .filter(([, w, h]) => w < 43.5 || h < 43.5)"""


@pytest.mark.parametrize(
    ("size", "touch", "choice", "fields", "sent"),
    [
        (PHONE, True, "per_decision", {"#f-clock-hours": "48"}, {"per_decision_hours": 48}),
        (
            LAPTOP,
            False,
            "bank",
            {"#f-clock-bank": "72", "#f-clock-increment": "1.5"},
            {"bank_hours": 72, "increment_hours": 1.5},
        ),
    ],
)
def test_a_game_created_with_a_clock_carries_it(
    live: LiveServer,
    pages: Pages,
    size: dict[str, int],
    touch: bool,
    choice: str,
    fields: dict[str, str],
    sent: dict[str, float],
) -> None:
    page = pages.open(size, touch=touch)
    page.goto(f"{live.url}/?lang=en")
    page.wait_for_selector("#f-clock")
    assert page.locator("#f-clock-hours").is_hidden()  # no clock: no hours asked
    page.select_option("#f-clock", choice)
    for selector, value in fields.items():
        page.locator(selector).fill(value)
    if touch:
        assert page.evaluate(_TOO_SMALL) == []
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as req:
        page.click("#create-game")
    assert json.loads(req.value.post_data or "{}")["clock"] == sent
    page.wait_for_url("**/games/**")
    clock = view(page)["clock"]
    start = sent.get("per_decision_hours", sent.get("bank_hours", 0)) * 3600
    assert len(clock["remaining_s"]) == 2
    assert all(0 < left <= start for left in clock["remaining_s"])
    assert clock["running"] in (0, None)  # the person's clock runs, never the bot's


@pytest.mark.parametrize("lang", ["en", "de"])
@PHONE_OR_LAPTOP
def test_the_flag_fall_rule_stands_beside_the_clock(
    live: LiveServer, pages: Pages, lang: str, size: dict[str, int], touch: bool
) -> None:
    page = pages.open(size, touch=touch)
    page.goto(f"{live.url}/?lang={lang}")
    rule = page.locator("#clock #flag-rule")
    rule.wait_for()
    assert rule.is_visible() and rule.inner_text() == FLAG_RULE[lang]
    box = rule.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


def _hold(page: Any, live: LiveServer, seats: list[dict[str, Any]]) -> None:
    """This browser holds ``seats`` (as the lobby and the table page keep them)."""
    page.goto(f"{live.url}/?lang=en")
    page.evaluate("(s) => localStorage.setItem('totenblatt.seats', JSON.stringify(s))", seats)
    page.reload()


@PHONE_OR_LAPTOP
def test_your_games_say_whose_turn_it_is_yours_first(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool
) -> None:
    with httpx.Client(base_url=live.url) as http:
        duel = create_game(
            http, ["human", "human"], players=["Anna", "Ben"], clock={"per_decision_hours": 24}
        )
        gid = duel["game_id"]
        tokens = [s["token"] for s in duel["seats"]]
        first = http.get(
            f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[0]}"}
        ).json()["to_act"]
        over = create_game(http, ["human", "human"])
        over_tokens = [s["token"] for s in over["seats"]]
        seat = http.get(
            f"/api/games/{over['game_id']}/view",
            headers={"Authorization": f"Bearer {over_tokens[0]}"},
        ).json()["to_act"]
        assert act(http, over["game_id"], over_tokens[seat], {"type": "concede"}).status_code == 200
    waiting = 1 - first  # the seat that waits for the other, held first (the newest)
    held = [
        {"game_id": over["game_id"], "seat": 0, "token": over_tokens[0], "title": "Over"},
        {"game_id": gid, "seat": waiting, "token": tokens[waiting], "title": "Duel"},
        {"game_id": "no-such-game", "seat": 0, "token": "nope", "title": "Gone"},
        {"game_id": gid, "seat": first, "token": tokens[first], "title": "Duel"},
    ]
    page = pages.open(size, touch=touch)
    _hold(page, live, held)
    rows = page.locator("#mine tr[data-game]")
    page.wait_for_selector("#mine [data-turn=yours]")
    page.wait_for_selector("#mine [data-turn=ended]")
    mine = page.locator(f'#mine tr[data-game="{gid}"][data-seat="{first}"] [data-turn]')
    assert re.fullmatch(r"your turn · 2[34] h \d+ min left", mine.inner_text()), mine.inner_text()
    theirs = page.locator(f'#mine tr[data-game="{gid}"][data-seat="{waiting}"] [data-turn]')
    assert theirs.inner_text() == f"{['Anna', 'Ben'][first]}'s turn"
    assert theirs.get_attribute("data-turn") == "theirs"
    gone = page.locator('#mine tr[data-game="no-such-game"] [data-turn]')
    assert gone.get_attribute("data-turn") == "unknown" and gone.inner_text() == "not found"
    order = [rows.nth(i).locator("[data-turn]").get_attribute("data-turn") for i in range(4)]
    assert order == ["yours", "theirs", "unknown", "ended"]


def test_an_invited_friend_reads_the_table_in_their_own_language(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "human"], lang="en")  # the creator plays in English
    friend = pages.open(PHONE, touch=True, locale="de-DE")  # Accept-Language: de-DE
    friend.goto(game["seats"][1]["url"])
    friend.wait_for_selector("html[lang=de]")
    friend.wait_for_function("() => window.totenblatt && window.totenblatt.view()")
    assert view(friend)["seat"] == 1
    assert "Spieler" in friend.inner_text("#seats")
    german = new_game(live, ["human", "human"], lang="de")  # and a German creator's friend
    english = pages.open(LAPTOP, locale="en-GB")
    english.goto(german["seats"][1]["url"])
    english.wait_for_function("() => window.totenblatt && window.totenblatt.view()")
    assert english.get_attribute("html", "lang") == "en"
    assert "Player" in english.inner_text("#seats")


def test_your_games_ask_again_when_the_lobby_is_shown_again(live: LiveServer, pages: Pages) -> None:
    with httpx.Client(base_url=live.url) as http:
        duel = create_game(http, ["human", "human"], players=["Anna", "Ben"])
        gid = duel["game_id"]
        tokens = [s["token"] for s in duel["seats"]]
        first = view_of(http, gid, tokens[0])["to_act"]
        page = pages.open(LAPTOP)
        _hold(page, live, [{"game_id": gid, "seat": first, "token": tokens[first]}])
        turn = page.locator(f'#mine tr[data-game="{gid}"] [data-turn]')
        page.wait_for_selector("#mine [data-turn=yours]")
        while view_of(http, gid, tokens[0])["to_act"] == first:  # the seat decides till the
            legal = view_of(http, gid, tokens[first])["legal_actions"]  # turn passes on
            choice = next(a for a in legal if a["type"] != "concede")
            assert act(http, gid, tokens[first], choice).status_code == 200
    # the tab is hidden and shown again (the player comes back to the lobby): asked at once
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_selector("#mine [data-turn=theirs]", timeout=8_000)  # before the 15 s poll
    assert turn.inner_text() == f"{['Anna', 'Ben'][1 - first]}'s turn"
