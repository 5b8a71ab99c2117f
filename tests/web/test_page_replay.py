"""The replay bar of a finished game on a phone (390 × 844, touch): its controls on one row,
each 44 × 44 px, named for a screen reader, inside the screen."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
from browser_helpers import BOXES, PHONE, Pages, new_game, open_seat, wait_decision
from web_helpers import LiveServer, auth

SHOTS = Path(os.environ["TOTENBLATT_SHOTS"]) if os.environ.get("TOTENBLATT_SHOTS") else None

_NAMES = """() => [...document.querySelectorAll('#replay-bar button')].map((b) =>
  b.getAttribute('aria-label') || b.textContent.trim())"""


def test_the_replay_bar_is_one_row_on_a_phone(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    with httpx.Client(base_url=live.url) as http:
        conceded = http.post(
            f"/api/games/{game['game_id']}/actions",
            json={"type": "concede"},
            headers=auth(game["seats"][0]["token"]),
        )
        assert conceded.status_code == 200, conceded.text
    page = open_seat(pages, game, PHONE, touch=True)
    wait_decision(page, -1)
    page.locator("#overlay #replay").tap()
    page.wait_for_selector("#replay-bar #replay-close")
    page.locator("#replay-bar").scroll_into_view_if_needed()
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "replay-phone.png"))
    boxes = page.evaluate(BOXES, "#replay-bar > *")
    assert len(boxes) == 6, boxes  # first, back, the step, forward, last, close
    tops = [b[1] for b in boxes if b[3] - b[1] >= 44]
    assert len(tops) == 5 and max(tops) - min(tops) <= 3, boxes  # the five buttons: one row
    assert all(b[2] - b[0] >= 44 and b[3] - b[1] >= 44 for b in boxes if b != boxes[2]), boxes
    bar = page.evaluate(BOXES, "#replay-bar")[0]
    assert bar[0] >= 0 and bar[2] <= PHONE["width"], bar  # within the screen's width
    names = page.evaluate(_NAMES)
    assert names == ["First step", "Step back", "Step forward", "Last step", "Close"], names
    page.locator("#replay-prev").tap()  # the bar works by touch
    page.wait_for_function(
        "() => document.querySelector('#replay-bar span').textContent.includes('Step ')"
        " && !document.querySelector('#replay-next').disabled"
    )
