"""A dead link to a game, campaign or story: a browser gets a small page with the status,
the API its JSON as before."""

from __future__ import annotations

import pytest
from browser_helpers import PHONE, Pages
from fastapi.testclient import TestClient
from web_helpers import LiveServer

BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}

PAGES = [
    "/games/no-such-game",
    "/games/no-such-game/analysis",
    "/campaigns/no-such-campaign",
    "/campaigns/no-such-campaign/sheets",
    "/stories/no-such-story",
]


@pytest.mark.parametrize("path", PAGES)
def test_a_dead_page_link_answers_a_page_with_its_status(client: TestClient, path: str) -> None:
    english = client.get(path, headers={**BROWSER, "accept-language": "en"})
    assert english.status_code == 404, english.text
    assert english.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in english.text and 'id="dead-link-lobby"' in english.text
    assert "This link is not valid" in english.text and "{" not in english.text.split("<body")[1]
    german = client.get(path, headers={**BROWSER, "accept-language": "de-DE,de;q=0.9"})
    assert german.status_code == 404 and '<html lang="de">' in german.text
    assert client.get(path, headers={**BROWSER}, params={"lang": "de"}).text.count('lang="de"')
    script = client.get(path, headers={"accept": "application/json"})  # not a browser's ask
    assert script.status_code == 404 and "error" in script.json()


@pytest.mark.parametrize(
    "path", ["/api/games/no-such-game", "/api/campaigns/no-such-campaign", "/api/stories/x"]
)
def test_the_api_keeps_its_json_errors_even_for_a_browser(client: TestClient, path: str) -> None:
    answer = client.get(path, headers=BROWSER)
    assert answer.status_code in (401, 403, 404), answer.text
    assert answer.headers["content-type"].startswith("application/json")
    assert "error" in answer.json()


def test_a_dead_link_page_fits_a_phone_and_leads_to_the_lobby(
    live: LiveServer, pages: Pages
) -> None:
    page = pages.open(PHONE, touch=True)
    answer = page.goto(f"{live.url}/games/no-such-game?lang=de")
    assert answer is not None and answer.status == 404
    assert [e for e in pages.errors if "404" not in e] == []  # Chromium logs the page's 404
    pages.errors.clear()
    lobby = page.locator("#dead-link-lobby")
    lobby.wait_for()
    box = lobby.bounding_box()
    assert box is not None and box["height"] >= 43.5 and box["width"] >= 43.5
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("document.documentElement.lang") == "de"
    lobby.tap()
    page.wait_for_selector("#create-game")
