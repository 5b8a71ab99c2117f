"""The Analysis view (issue 45) in Chromium at a phone's size (390 × 844, touch) and a
laptop's (1366 × 768): the graph, the marked decisions, stepping from decision to
decision; targets of 44 px; a spectator's public form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import LAPTOP, PHONE, Pages
from web_helpers import LiveServer, auth, create_game, spectator_token, table_link, wait_for

from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.actions import action_from_dict, action_to_dict
from totenblatt.web.analysis import SETTINGS

_TARGETS = """() => [...document.querySelectorAll('.an-btn, .an-item, #an-turns a')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => {
    const r = e.getBoundingClientRect();
    return [e.id || e.className, r.width, r.height, r.left, r.right];
  })"""


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SETTINGS, "budget", 24)
    monkeypatch.setattr(SETTINGS, "workers", 1)


Finished = tuple[str, list[str], str, int, dict[str, Any]]
"""A finished duel: its id, the seats' tokens, the spectator's, the seat that conceded, that
seat's analysis."""


def _view(http: httpx.Client, gid: str, token: str) -> dict[str, Any]:
    response = http.get(f"/api/games/{gid}/view", headers=auth(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _conceded_duel(live: LiveServer) -> Finished:
    """A duel of two people: random actions for 16 decisions, then the seat to act concedes
    (a blunder when it still had a chance); the seat that conceded and its analysis."""
    with httpx.Client(base_url=live.url) as http:
        game = create_game(http, ["human", "human"])
        gid = game["game_id"]
        tokens = [s["token"] for s in game["seats"]]
        bots = [RandomBot(3), RandomBot(4)]
        for _ in range(16):
            seat = _view(http, gid, tokens[0])["to_act"]
            v = _view(http, gid, tokens[seat])
            legal = [action_from_dict(a) for a in v["legal_actions"] if a["type"] != "concede"]
            body = action_to_dict(bots[seat].choose(v, legal))
            url = f"/api/games/{gid}/actions?version={v['version']}"
            assert http.post(url, json=body, headers=auth(tokens[seat])).status_code == 200
        seat = _view(http, gid, tokens[0])["to_act"]
        v = _view(http, gid, tokens[seat])
        url = f"/api/games/{gid}/actions?version={v['version']}"
        response = http.post(url, json={"type": "concede"}, headers=auth(tokens[seat]))
        assert response.status_code == 200
        found: dict[str, Any] = {}

        def ready() -> bool:
            r = http.get(f"/api/games/{gid}/analysis?lang=en", headers=auth(tokens[seat]))
            found["data"] = r.json()
            return r.status_code == 200

        wait_for(ready, timeout=120)
    return gid, tokens, spectator_token(game), seat, found["data"]


@pytest.fixture(scope="module")
def finished(live_module: LiveServer) -> Finished:
    return _conceded_duel(live_module)


@pytest.fixture(scope="module")
def live_module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from web_helpers import seed_counter, served

    from totenblatt.web import ServerSettings

    url = f"sqlite:///{tmp_path_factory.mktemp('analysis') / 'web.db'}"
    settings = ServerSettings(db_url=url, bot_delay=0.0, seeds=seed_counter(), bot_processes=0)
    old = (SETTINGS.budget, SETTINGS.workers)
    SETTINGS.budget, SETTINGS.workers = 24, 1
    with served(settings) as server:
        yield server
    SETTINGS.budget, SETTINGS.workers = old


def _ready(page: Any) -> None:
    page.wait_for_selector('body[data-state="ready"]', timeout=60_000)


def _shown(page: Any) -> int:
    return int(page.get_attribute("#an-detail", "data-index"))


def _wait_shown(page: Any, index: int) -> None:
    page.wait_for_function(
        "(i) => document.getElementById('an-detail').dataset.index === String(i)", arg=index
    )


def _check_targets(page: Any) -> None:
    """Every button and link is at least 44 px each way and inside the window's width."""
    for name, width, height, left, right in page.evaluate(_TARGETS):
        assert width >= 44 and height >= 44, (name, width, height)
        assert left >= 0 and right <= page.viewport_size["width"] + 0.5, (name, left, right)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_graph_the_marks_and_stepping(
    live_module: LiveServer, pages: Pages, finished: Finished, size: str
) -> None:
    gid, tokens, _, seat, data = finished
    decisions = data["decisions"]
    assert data["seat"] == seat and len(decisions) >= 3
    marked = [d for d in decisions if d["mark"]]
    assert decisions[-1]["chosen"] == {"type": "concede"}
    assert decisions[-1]["mark"] == "blunder"  # conceding with a chance left
    phone = size == "phone"
    page = pages.open(PHONE if phone else LAPTOP, touch=phone)
    page.goto(live_module.url + table_link(gid, tokens[seat], lang="en").replace("?", "/analysis?"))
    _ready(page)
    assert page.inner_text("#an-title").startswith("Analysis of ")  # the seat's own
    for download in ("#an-report", "#an-png"):  # fetched with the token as Bearer, then saved
        assert "token" not in (page.get_attribute(download, "href") or "")
    if not phone:
        with page.expect_download() as saving:
            page.click("#an-report")
        report = saving.value
        assert report.suggested_filename == f"analysis-{gid[:8]}.md"
        assert Path(report.path()).read_text(encoding="utf-8").startswith("#")
    # the graph: one line per seat, a dot per decision, the marked ones by their mark
    assert page.locator("#an-graph .an-line").count() == 2
    # each seat's line in that seat's colour, the table's (static/seats.css)
    first = page.locator('#an-graph .an-line[data-seat="0"]')
    assert first.evaluate("e => getComputedStyle(e).stroke") == "rgb(31, 95, 168)"
    assert page.locator("#an-graph .an-dot").count() == len(decisions)
    assert page.locator('#an-graph .an-dot[data-mark="blunder"]').count() == sum(
        d["mark"] == "blunder" for d in marked
    )
    assert page.locator("#an-graph").is_visible()
    # the list: every decision, the marked ones badged
    assert page.locator(".an-item").count() == len(decisions)
    assert page.locator(".an-item .an-mark").count() == len(marked)
    # the first marked decision is shown first
    assert _shown(page) == marked[0]["index"]
    badge = page.locator("#an-detail .an-mark")
    assert badge.get_attribute("data-mark") == marked[0]["mark"]
    _check_targets(page)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    title = page.locator("#an-title").bounding_box()
    assert title["width"] > 150  # the title is not squeezed by the tools
    assert page.locator("#an-turns li").count() == len(data["turning_points"])

    def press(selector: str) -> None:
        if phone:
            page.tap(selector)
        else:
            page.click(selector)

    # step back one decision, then to the list's first, then forward to the next mark
    at = next(i for i, d in enumerate(decisions) if d["index"] == marked[0]["index"])
    if at > 0:
        press("#an-prev")
        _wait_shown(page, decisions[at - 1]["index"])
    press(f'.an-item[data-index="{decisions[0]["index"]}"]')
    _wait_shown(page, decisions[0]["index"])
    assert (
        page.get_attribute(f'.an-item[data-index="{decisions[0]["index"]}"]', "aria-current")
        == "true"
    )
    press("#an-next-mark")
    following = [d["index"] for d in marked if d["index"] > decisions[0]["index"]]
    _wait_shown(page, following[0] if following else decisions[0]["index"])
    # the graph steps too: a tap at its right end shows the last decision
    box = page.locator("#an-graph").bounding_box()
    x, y = box["x"] + box["width"] - 2, box["y"] + box["height"] / 2
    if phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    _wait_shown(page, decisions[-1]["index"])
    if not phone:  # side by side on a laptop: the graph left of the decision
        graph = page.locator("#an-graph-wrap").bounding_box()
        detail = page.locator("#an-detail").bounding_box()
        assert graph["x"] + graph["width"] <= detail["x"] + 1
        assert graph["y"] < 768 and detail["y"] < 768


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_spectator_sees_the_public_form(
    live_module: LiveServer, pages: Pages, finished: Finished, size: str
) -> None:
    gid, _, watch, seat, _ = finished
    phone = size == "phone"
    page = pages.open(PHONE if phone else LAPTOP, touch=phone)
    page.goto(f"{live_module.url}/games/{gid}/analysis?seat={seat}&lang=de#token={watch}")
    _ready(page)
    assert page.locator("#an-graph .an-line").count() == 2
    assert page.locator("#an-graph .an-dot").count() == 0
    assert page.locator("#an-public-note").is_visible()
    assert page.locator("#an-list-wrap").is_hidden() and page.locator("#an-detail").is_hidden()
    _check_targets(page)


def test_the_finished_games_page_links_to_its_analysis(
    live_module: LiveServer, pages: Pages, finished: Finished
) -> None:
    gid, tokens, _, seat, _ = finished
    page = pages.open(LAPTOP)
    page.goto(live_module.url + table_link(gid, tokens[seat], lang="en"))
    link = page.locator("#overlay [data-analysis=open]")  # the end's sheet
    link.wait_for()
    assert (link.get_attribute("href") or "").startswith(f"/games/{gid}/analysis?lang=en#token=")
    link.click()
    _ready(page)
    assert page.locator(".an-item").count() > 0
