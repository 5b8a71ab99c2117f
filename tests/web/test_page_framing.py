"""The board frames what matters (issue 42): on a phone (390 × 844, touch) it opens on the
seat's figures and the enemies nearest them, so at the first shooting decision the enemy of a
duel is in view and reached by a tap at its centre without zooming; the zoom buttons lie off
the board; the board keeps at least half the screen while a decision needs a tap on it. At the
phone's size and a laptop's (1366 × 768) every own figure, offered spot and control is reached
at its centre (``document.elementFromPoint``), figures and spots with a 44 × 44 px hit area,
on the phone every control too."""

from __future__ import annotations

import math
from typing import Any

from browser_helpers import (
    CONTROLS_REACHED,
    PHONE_OR_LAPTOP,
    REACHED,
    SPOT_POINTS,
    Pages,
    move_ready,
    new_game,
    open_seat,
    tap_at,
    wait_decision,
)
from web_helpers import LiveServer

_BOARD = """() => { const b = document.getElementById('board').getBoundingClientRect();
  const z = document.getElementById('zoom').getBoundingClientRect();
  const meet = Math.min(b.right, z.right) - Math.max(b.left, z.left) > 0
    && Math.min(b.bottom, z.bottom) - Math.max(b.top, z.top) > 0;
  return { height: b.height, screen: innerHeight, zoomOnBoard: meet }; }"""


def _press(page: Any, selector: str, touch: bool) -> None:
    locator = page.locator(selector).first
    locator.tap() if touch else locator.click()


def _hit_ok(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The elements not in view, not reached at their centre or under 44 × 44 px."""
    return [
        f
        for f in found
        if not (f["inView"] and f["reached"] and min(f["width"], f["height"]) >= 44)
    ]


def _move_toward_enemy(page: Any, v: dict[str, Any], touch: bool) -> bool:
    """Tap a movable figure, the offered spot nearest its nearest enemy, then Move."""
    movers = {
        a["steps"][0]["figure"]
        for a in v["legal_actions"]
        if a["type"] == "move" and len(a["steps"]) == 1
    }
    if not movers:
        return False
    enemies = [f for f in v["figures"] if f["seat"] != v["seat"] and not f["out"]]
    figure = next(f for f in v["figures"] if f["name"] in movers)
    enemy = min(enemies, key=lambda e: math.dist(e["position"], figure["position"]))
    tap_at(page, figure["position"], touch)
    page.wait_for_selector("#spots .spot-g")
    spots = page.evaluate(SPOT_POINTS)
    missed = _hit_ok(page.evaluate(REACHED, "#spots .spot-g"))
    assert not [m for m in missed if m["inView"]], missed  # every spot in view is reached
    goal = min(spots, key=lambda p: math.dist(p, enemy["position"]))
    tap_at(page, goal, touch)
    move_ready(page)
    _press(page, "[data-confirm=move]", touch)
    return True


def _to_first_shot(page: Any, touch: bool) -> dict[str, Any]:
    """Play (keep, pass the bids, move toward the enemy, defend) to the first decision at
    which the seat may shoot; never zooming."""
    v = wait_decision(page, -1)
    checked = False
    for _ in range(200):
        assert not v["is_over"], v["result"]
        if v["phase"] == "action":
            if any(a["type"] == "attack" for a in v["legal_actions"]):
                return v
            if not checked:  # the first action: every own figure and control is reached
                own = "#figures .figure.own:not(.out)"
                assert not _hit_ok(page.evaluate(REACHED, own)), page.evaluate(REACHED, own)
                assert page.evaluate(CONTROLS_REACHED, touch) == []
                checked = True
            if not _move_toward_enemy(page, v, touch):
                _press(page, "[data-choice=pass]", touch)
        elif v["phase"] == "fate":
            _press(page, "[data-choice=keep]", touch)
        elif v["phase"] == "defend" and page.locator("[data-choice=defend]").count():
            _press(page, "[data-choice=defend]", touch)
        else:
            _press(page, "[data-choice=pass]", touch)
        v = wait_decision(page, v["version"])
    raise AssertionError("no shot within 200 decisions")


@PHONE_OR_LAPTOP
def test_the_enemy_is_in_view_and_tappable_at_the_first_shot(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool, tmp_path: Any
) -> None:
    game = new_game(live, ["human", "bot"])
    page = open_seat(pages, game, size, touch=touch)
    v = _to_first_shot(page, touch)
    board = page.evaluate(_BOARD)
    assert board["height"] >= board["screen"] / 2, board  # the board keeps half the screen
    assert not board["zoomOnBoard"], board  # the zoom buttons cover no figure
    targets = sorted({a["target"] for a in v["legal_actions"] if a["type"] == "attack"})
    for name in targets:
        found = page.evaluate(REACHED, f'#figures .figure[data-figure="{name}"]')
        assert not _hit_ok(found), found
    own = page.evaluate(REACHED, "#figures .figure.own:not(.out)")
    assert not _hit_ok(own), own
    page.screenshot(path=str(tmp_path / "shot.png"))
    target = next(f for f in v["figures"] if f["name"] == targets[0])
    tap_at(page, target["position"], touch)  # no zoom pressed: the enemy is there to tap
    page.wait_for_selector("[data-fire]")
    assert page.evaluate(CONTROLS_REACHED, touch) == []
