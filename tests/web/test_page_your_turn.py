"""'Your turn' in the page's title and icon while the seat has a decision (issue 42)."""

from __future__ import annotations

from browser_helpers import LAPTOP, Pages, new_game, wait_decision
from web_helpers import LiveServer


def test_the_title_and_the_icon_say_your_turn(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    page = pages.open(LAPTOP)
    page.goto(game["seats"][0]["url"])
    wait_decision(page, -1)
    page.wait_for_function("() => document.title.startsWith('● Your decision')")
    href = page.get_attribute('link[rel="icon"]', "href")
    assert href is not None and href.startswith("data:image/svg+xml")
