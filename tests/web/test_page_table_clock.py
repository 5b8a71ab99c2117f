"""A game over days at the table (issue 42), in Chromium: each seat's time left beside its
name, the running one marked (a drawn stopwatch named for screen readers, no emoji font
needed) and counting down between views; a game without a clock shows none."""

from __future__ import annotations

import re

from browser_helpers import LAPTOP, PHONE_OR_LAPTOP, Pages, new_game, view
from web_helpers import LiveServer

_LEFT = re.compile(r"^(\d+ h \d+ min|\d+ min \d+ s)$")

_SECONDS = """(seat) => { const span = document.querySelector(
  `#seats .seat-clock[data-seat="${seat}"]`);
  const [m, s] = span.textContent.match(/\\d+/g).map(Number); return m * 60 + s; }"""


@PHONE_OR_LAPTOP
def test_the_running_seats_clock_shows(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool
) -> None:
    game = new_game(live, ["human", "human"], clock={"per_decision_hours": 24})
    page = pages.open(size, touch=touch)
    page.goto(game["seats"][0]["url"])
    seen = view(page)
    running = seen["clock"]["running"]
    assert running is not None
    clocks = page.locator("#seats .seat-clock")
    assert clocks.count() == 2
    assert [_LEFT.match(clocks.nth(s).inner_text()) is not None for s in range(2)] == [True] * 2
    mark = page.locator(f'#seats .seat-clock.running[data-seat="{running}"]')
    assert mark.is_visible() and page.locator("#seats .seat-clock.running").count() == 1
    assert re.match(r"^2[34] h \d+ min$", mark.inner_text()), mark.inner_text()
    watch = mark.locator("svg.icon[data-icon=clock][role=img]")  # drawn, not a font's ⏱
    name = seen["labels"][running]
    assert watch.get_attribute("aria-label") == f"{name}'s clock is running"
    drawn = watch.bounding_box()
    assert drawn is not None and drawn["width"] >= 8 and drawn["height"] >= 8
    assert page.locator("#seats svg[data-icon=clock]").count() == 1
    assert "⏱" not in page.inner_text("body")
    box = mark.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]


def test_the_running_clock_counts_down_between_views(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "human"], clock={"per_decision_hours": 0.5})
    page = pages.open(LAPTOP)
    page.goto(game["seats"][0]["url"])
    running = view(page)["clock"]["running"]
    assert running is not None
    mark = page.locator(f'#seats .seat-clock.running[data-seat="{running}"]')
    assert re.match(r"^(29|30) min \d+ s$", mark.inner_text()), mark.inner_text()
    first = page.evaluate(_SECONDS, running)
    page.wait_for_function(f"(seat) => ({_SECONDS})(seat) < {first}", arg=running)


@PHONE_OR_LAPTOP
def test_a_game_without_a_clock_shows_none(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool
) -> None:
    game = new_game(live, ["human", "human"])
    page = pages.open(size, touch=touch)
    page.goto(game["seats"][0]["url"])
    assert not view(page).get("clock")
    page.locator("#seats .seat-row").first.wait_for(state="attached")
    assert page.locator("#seats .seat-clock").count() == 0
