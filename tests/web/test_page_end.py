"""The end of a game (issue 42): the final position with the last shot drawn on it, the result,
each figure's damage and who took whom out (as the view's events say), the replay opening at
the end and stepping back, and *Rematch* leading to the new game, against the bot too — at a
phone's size (390 × 844, touch) and a laptop's (1366 × 768)."""

from __future__ import annotations

import math
from typing import Any

import httpx
from browser_helpers import (
    PHONE_OR_LAPTOP,
    REACHED,
    Pages,
    new_game,
    open_seat,
    view,
    wait_decision,
)
from web_helpers import LiveServer, auth, my_turn

_PREFERRED = ["attack", "defend", "keep", "pass"]


def _choose(v: dict[str, Any]) -> dict[str, Any]:
    """A pressing player's action: shoot, else move nearest the enemy, else defend, keep, pass."""
    legal = [a for a in v["legal_actions"] if a["type"] != "concede"]
    for kind in _PREFERRED[:1]:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    moves = [a for a in legal if a["type"] == "move" and len(a["steps"]) == 1]
    enemies = [f["position"] for f in v["figures"] if f["seat"] != v["seat"] and not f["out"]]
    if moves and enemies:
        return min(
            moves, key=lambda a: min(math.dist(a["steps"][0]["path"][-1], e) for e in enemies)
        )
    for kind in _PREFERRED[1:]:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    return legal[0]


def _play_to_the_end(live: LiveServer, game: dict[str, Any]) -> dict[str, Any]:
    """The human seat plays (over the API) against the bot until the game is over."""
    gid, token = game["game_id"], game["seats"][0]["token"]
    with httpx.Client(base_url=live.url) as http:
        for _ in range(400):
            v = my_turn(http, gid, token)
            if v["is_over"]:
                return v
            answer = http.post(
                f"/api/games/{gid}/actions?version={v['version']}",
                json=_choose(v),
                headers=auth(token),
            )
            assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end within 400 decisions")


_BOARD_NOW = """() => ({
  figures: Object.fromEntries([...document.querySelectorAll('#figures .figure')].map((g) =>
    [g.dataset.figure, g.classList.contains('out')])),
  fire: document.querySelectorAll('#marks .fire').length,
  covered: (() => { const b = document.getElementById('board').getBoundingClientRect();
    const s = document.querySelector('#overlay .sheet').getBoundingClientRect();
    const x = (b.left + b.right) / 2, y = (b.top + Math.min(b.bottom, s.top)) / 2;
    return !document.getElementById('board').contains(document.elementFromPoint(x, y)); })(),
})"""


@PHONE_OR_LAPTOP
def test_the_end_shows_the_last_position_and_the_rematch_opens(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool, tmp_path: Any
) -> None:
    game = new_game(live, ["human", "bot"])
    final = _play_to_the_end(live, game)
    page = open_seat(pages, game, size, touch=touch)
    page.wait_for_selector("#overlay.end #end-summary")
    v = view(page)
    assert v["is_over"] and v["result"] in page.inner_text("#overlay")
    seen = page.evaluate(_BOARD_NOW)
    # the final position: the fallen drawn out, the living standing; the board not covered
    assert seen["figures"] == {f["name"]: f["out"] for f in final["figures"]}, seen
    assert not seen["covered"], seen
    shots = [e for e in final["events"] if e["type"] == "attack_declared"]
    assert seen["fire"] == (1 if shots else 0), seen  # the last shot, drawn
    # per figure: what the events say (wounds taken, who took it out)
    for e in final["events"]:
        if e["type"] == "figure_out":
            row = page.locator(f'#end-summary [data-figure="{e["figure"]}"] .out')
            assert row.get_attribute("data-killer") == (e["killer"] or "")
            if e["killer"]:
                assert e["killer"] in row.inner_text()
    for f in final["figures"]:
        taken = sum(
            e["wounds"]
            for e in final["events"]
            if e["type"] == "attack_resolved" and e["target"] == f["name"]
        )
        node = page.locator(f'#end-summary [data-figure="{f["name"]}"] .taken')
        shown = node.get_attribute("data-taken") if node.count() else None
        assert shown == (str(taken) if taken else None), (f["name"], shown, taken)
    page.screenshot(path=str(tmp_path / "end.png"))
    # every control of the end reached at its centre, 44 × 44 px
    found = page.evaluate(REACHED, "#overlay button, #overlay a[href]")
    assert all(c["reached"] for c in found), found
    assert all(min(c["width"], c["height"]) >= 44 for c in found), found
    # the replay opens at the end (the last step of all)
    press = (lambda s: page.locator(s).tap()) if touch else (lambda s: page.locator(s).click())
    press("#replay")
    page.wait_for_selector("#replay-prev")
    last = page.inner_text("#replay-bar")
    press("#replay-prev")
    page.wait_for_function(
        "(last) => document.getElementById('replay-bar').innerText !== last", arg=last
    )
    press("#replay-close")
    page.wait_for_selector("#replay-bar", state="detached")
    # the end again after the replay; its rematch opens the new game's table (against the bot)
    page.wait_for_selector("#overlay.end #end-summary")
    press("#overlay [data-rematch]")
    page.wait_for_url(lambda url: game["game_id"] not in url)
    fresh = wait_decision(page, -1)
    assert not fresh["is_over"] and fresh["round"] == 1
