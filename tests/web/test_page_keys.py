"""Playing by keyboard alone: Tab reaches the own figure and the suggested spots, the arrow keys
nudge a planned move, Enter confirms it; a whole game against the bot by keys (issue 42)."""

from __future__ import annotations

import math
from typing import Any

from browser_helpers import (
    LAPTOP,
    Pages,
    move_ready,
    new_game,
    open_seat,
    screen,
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
    _tab_until(page, "n.matches(arg)", selector, most)


def _moved(v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [e for e in v["events"] if e["type"] == "figures_moved" and e["seat"] == seat]


def test_arrow_keys_nudge_a_move_and_enter_confirms_it(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"])
    page = open_seat(pages, game, LAPTOP)
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
    page = open_seat(pages, game, LAPTOP)
    v = _to_action(page)
    _tab_to(page, '[data-figure="Billy"]')
    page.keyboard.press("Enter")  # selects Billy: the spots appear
    page.wait_for_selector("#spots .spot-g")
    _tab_to(page, "#spots .spot-g")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Move Billy here"), label
    page.keyboard.press("Enter")  # the spot: the ruler and the Move button
    move_ready(page)
    page.keyboard.press("Enter")  # confirms
    after = wait_decision(page, v["version"])
    assert _moved(after, v["seat"]), after["events"][-5:]


_KIND = """() => { const n = document.activeElement;
  if (!n || n === document.body) return 'none';
  if (n.matches('#hand button.card')) return 'hand';
  if (n.matches('#figures .figure.own')) return 'figure';
  if (n.matches('#figures .figure, #spots .spot-g')) return 'target';
  if (n.matches('#preview button, #decision .buttons:not(.secondary) button')) return 'confirm';
  return 'other'; }"""

_ORDER = ["hand", "figure", "target", "confirm", "other"]


def _focus_order(page: Any) -> list[str]:
    """The kinds of what Tab reaches from the page's start, until the game's parts are done."""
    page.evaluate("document.activeElement?.blur()")
    seen: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        kind = page.evaluate(_KIND)
        seen.append(kind)
        if kind == "other":
            break
    return seen


def _tab_until(page: Any, test: str, arg: Any = None, most: int = 60) -> None:
    """Tab until ``test(activeElement, arg)`` (a JavaScript function's body) holds."""
    check = f"(arg) => {{ const n = document.activeElement; return !!n && ({test}); }}"
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(check, arg):
            return
    raise AssertionError(f"Tab never reached {test} ({arg})")


def _shoot_by_keys(page: Any, v: dict[str, Any]) -> None:
    """Tab to the shooter, Enter; Tab to its target, Enter (the odds); Tab to Fire, Enter."""
    attack = next(a for a in v["legal_actions"] if a["type"] == "attack")
    page.evaluate("document.activeElement?.blur()")
    _tab_until(page, "n.dataset.figure === arg", attack["attacker"])
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-figure="{attack["target"]}"].can-target')
    _tab_until(page, "n.dataset.figure === arg", attack["target"])
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-fire]")
    _tab_until(page, "n.matches('[data-fire]')")
    page.keyboard.press("Enter")


_SPOT_Y = """() => {
  const r = document.activeElement.querySelector('.spot').getBoundingClientRect();
  return (r.top + r.bottom) / 2; }"""


def _move_by_keys(page: Any, v: dict[str, Any]) -> bool:
    """Tab to a figure that may move, Enter (its spots); Tab to a spot, the arrows toward the
    enemy from spot to spot, Enter (the ruler), Enter (the move)."""
    movers = [
        a["steps"][0]["figure"]
        for a in v["legal_actions"]
        if a["type"] == "move" and len(a["steps"]) == 1
    ]
    if not movers:
        return False
    enemy = next(f for f in v["figures"] if f["seat"] != v["seat"] and not f["out"])
    page.evaluate("document.activeElement?.blur()")
    _tab_until(page, "n.dataset.figure === arg", movers[0])
    page.keyboard.press("Enter")
    page.wait_for_selector("#spots .spot-g")
    _tab_until(page, "n.matches('#spots .spot-g')")
    up = screen(page, enemy["position"])[1] < page.evaluate(_SPOT_Y)
    toward, away = ("ArrowUp", "ArrowDown") if up else ("ArrowDown", "ArrowUp")
    visited = {page.evaluate("document.activeElement.dataset.spot")}
    for key in [away] * 6 + [toward] * 12:  # the arrows step from spot to spot
        page.keyboard.press(key)
        visited.add(page.evaluate("document.activeElement.dataset.spot"))
    assert None not in visited, visited  # the focus stays on the spots
    assert len(visited) > 1 or page.locator("#spots .spot-g").count() < 2, visited
    page.keyboard.press("Enter")
    move_ready(page)
    page.keyboard.press("Enter")
    return True


def test_a_whole_game_by_keys_alone(live: LiveServer, pages: Pages) -> None:
    """Against the bot, seeded: Tab goes hand → own figures → targets → confirm, the arrows
    step between the offered spots, Enter acts; the seat moves, shoots and the game ends."""
    game = new_game(live, ["human", "bot"])
    page = open_seat(pages, game, LAPTOP)
    v = wait_decision(page, -1)
    done = {"move": 0, "shoot": 0, "order": 0}
    for _ in range(300):
        if v["is_over"]:
            break
        if v["phase"] == "action":
            if not done["order"]:
                kinds = [k for k in _focus_order(page) if k != "none"]
                ranks = [_ORDER.index(k) for k in kinds]
                assert {"hand", "figure"} <= set(kinds) and ranks == sorted(ranks), kinds
                done["order"] = 1
            if any(a["type"] == "attack" for a in v["legal_actions"]):
                _shoot_by_keys(page, v)
                done["shoot"] += 1
            elif _move_by_keys(page, v):
                done["move"] += 1
            else:
                page.keyboard.press("p")
        elif v["phase"] == "fate":
            page.evaluate("document.activeElement?.blur()")
            _tab_until(page, "n.dataset.choice === 'keep'")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("p")  # keep the hand, pass a bid, no defence
        v = wait_decision(page, v["version"])
    assert v["is_over"], "the game did not end within 300 decisions"
    mine = [e for e in v["events"] if e.get("seat") == v["seat"]]
    assert any(e["type"] == "figures_moved" for e in mine), done
    assert any(e["type"] == "attack_declared" for e in mine), done
    assert done["move"] and done["shoot"] and done["order"], done
    page.wait_for_selector("#overlay.end #end-summary")
