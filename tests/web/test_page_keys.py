"""Moving by keyboard alone: Tab reaches the own figure and the suggested spots, the arrow keys
nudge a planned move, Enter confirms it."""

from __future__ import annotations

import math
from typing import Any

from browser_helpers import (
    LAPTOP,
    Pages,
    new_game,
    wait_decision,
)
from web_helpers import LiveServer


def _to_action(page: Any) -> dict[str, Any]:
    """Keep the hand and pass the bids, by keys, to the seat's first action."""
    v = wait_decision(page, -1)
    for _ in range(20):
        if v["phase"] == "action":
            return v
        page.keyboard.press("p")  # P keeps the hand, passes a bid
        v = wait_decision(page, v["version"])
    raise AssertionError("no action phase")


def _tab_to(page: Any, selector: str, most: int = 60) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def _moved(v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [e for e in v["events"] if e["type"] == "figures_moved" and e["seat"] == seat]


def test_arrow_keys_nudge_a_move_and_enter_confirms_it(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    page = pages.open(LAPTOP)
    page.goto(game["seats"][0]["url"])
    v = _to_action(page)
    billy = next(f for f in v["figures"] if f["name"] == "Billy")
    _tab_to(page, '[data-figure="Billy"]')
    for key in ("ArrowUp", "ArrowUp", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
    expected = [billy["position"][0] + 1, billy["position"][1] + 3]
    page.wait_for_function(
        """(goal) => { const b = document.querySelector('[data-confirm=move]');
          return b && !b.disabled && document.getElementById('preview').dataset.goal === goal; }""",
        arg=",".join(f"{c:g}" for c in expected),
    )
    assert page.evaluate("document.activeElement.dataset.figure") == "Billy"
    page.keyboard.press("Enter")
    after = wait_decision(page, v["version"])
    moves = _moved(after, v["seat"])
    assert moves, after["events"][-5:]
    end = moves[-1]["moves"][0]["path"][-1]
    assert math.dist(end, expected) < 0.01, (end, expected)


def test_a_suggested_spot_is_reached_by_tab_and_taken_by_enter(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "bot"])
    page = pages.open(LAPTOP)
    page.goto(game["seats"][0]["url"])
    v = _to_action(page)
    _tab_to(page, '[data-figure="Billy"]')
    page.keyboard.press("Enter")  # selects Billy: the spots appear
    page.wait_for_selector("#spots .spot-g")
    _tab_to(page, "#spots .spot-g")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Move Billy here"), label
    page.keyboard.press("Enter")  # the spot: the ruler and the Move button
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-confirm=move]');"
        " return b && !b.disabled; }"
    )
    page.keyboard.press("Enter")  # confirms
    after = wait_decision(page, v["version"])
    assert _moved(after, v["seat"]), after["events"][-5:]
