"""Tokens only in the fragment, in Chromium (issue 43): a seat's link plays, a hot-seat link
holds two seats, an old ``?token=`` link lands on the fragment form, a link without a token
or with a wrong one says so in the page's language; the game night's rematch button leads
its asker to the new game (issue 42), and its downloads are fetched with the token in a
header, then saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import LAPTOP, PHONE, Pages, new_game, view, wait_decision
from web_helpers import LiveServer, table_link

from totenblatt.web.shell.words import strings


def _requests(page: Any) -> list[str]:
    """Every URL the page asks for from now on (the server sees these, the fragment never)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    return seen


def test_a_seats_fragment_link_plays_a_decision(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    token = game["seats"][0]["token"]
    assert "#token=" in game["seats"][0]["url"]
    page = pages.open(LAPTOP)
    asked = _requests(page)
    page.goto(game["seats"][0]["url"])
    first = wait_decision(page, -1)
    assert first["seat"] == 0 and page.locator("[data-card]").count() == len(first["hand"])
    page.click("[data-choice=pass]")
    after = wait_decision(page, first["version"])
    assert after["version"] > first["version"]
    http = [url for url in asked if url.startswith("http")]  # a WebSocket may carry it: no header
    assert http and not [url for url in http if token in url], http


def test_a_hot_seat_link_with_two_tokens(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "human"])
    tokens = [s["token"] for s in game["seats"]]
    page = pages.open(LAPTOP)
    page.goto(live.url + table_link(game["game_id"], *tokens))
    page.wait_for_selector("#show-hand")
    seats = page.evaluate("window.totenblatt.view().seat")
    assert seats == view(page)["to_act"]
    page.click("#show-hand")
    page.click("[data-choice=pass]")
    page.wait_for_function("(s) => window.totenblatt.seat() !== s", arg=seats)
    assert page.evaluate("window.totenblatt.seat()") == 1 - seats


def test_an_old_query_link_lands_on_the_fragment(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    token = game["seats"][0]["token"]
    page = pages.open(LAPTOP)
    page.goto(f"{live.url}/games/{game['game_id']}?token={token}&lang=de")
    assert view(page)["seat"] == 0
    assert page.url == f"{live.url}/games/{game['game_id']}?lang=de#token={token}"
    assert page.get_attribute("html", "lang") == "de"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_link_without_a_token_or_a_wrong_one_says_so(
    live: LiveServer, browser: Any, lang: str
) -> None:
    game = new_game(live, ["human", "bot"])
    words = strings(lang)
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.goto(f"{live.url}/games/{game['game_id']}?lang={lang}")
        page.wait_for_selector("#boot-error")
        assert page.text_content("#boot-error h2") == words["boot_no_token"]
        assert words["boot_no_token_hint"] in page.inner_text("#boot-error")
        assert not page.is_visible("#layout")
        with page.expect_navigation():  # only the fragment changed: the page loads again
            page.evaluate("location.hash = 'token=not-this-games'")
        page.wait_for_selector("#boot-error")
        assert page.text_content("#boot-error h2") == words["boot_refused"]
        text = page.inner_text("#boot-error")
        assert "does not belong to this game" in text
        assert words["connection_refused_hint"] in text
        assert not failures, failures
    finally:
        context.close()


def test_the_game_nights_rematch_button_leads_its_asker_to_the_new_game(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "human"], players=["Anna", "Bob"])
    gid = game["game_id"]
    anna = pages.open(LAPTOP)
    anna.goto(game["seats"][0]["url"])
    first = view(anna)
    seat = first["to_act"]
    with httpx.Client(base_url=live.url) as http:
        token = game["seats"][seat]["token"]
        conceded = http.post(
            f"/api/games/{gid}/actions",
            json={"type": "concede"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert conceded.status_code == 200
    anna.click("#end-close")  # the end's sheet closed: the night's panel stays
    anna.wait_for_selector("#overlay", state="hidden")
    report = anna.locator("#night [data-export=markdown]")
    assert "token" not in (report.get_attribute("href") or "")  # fetched with Bearer, saved
    with anna.expect_download() as saving:
        report.click()
    assert saving.value.suggested_filename.endswith(".md")
    assert "Anna" in Path(saving.value.path()).read_text(encoding="utf-8")
    anna.click("#night [data-rematch=ask]")  # the night's panel, not the end's sheet
    anna.wait_for_function(
        "(old) => window.totenblatt && window.totenblatt.view() && "
        "window.totenblatt.view().game_id !== old",
        arg=gid,
    )
    fresh = view(anna)
    assert fresh["seat"] == 0 and fresh["version"] == 0
    assert "#token=" in anna.url and "?token=" not in anna.url


def test_a_refused_link_on_a_phone_keeps_off_the_edges_with_44_px_buttons(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "bot"])
    page = pages.open(PHONE, touch=True)
    page.goto(f"{live.url}/games/{game['game_id']}")
    page.wait_for_selector("#boot-error")
    box = page.locator("#boot-error h2").bounding_box()
    assert box["x"] >= 8, box  # not glued to the screen's edge
    for control in page.locator("#boot-error .btn").all():
        size = control.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, size
