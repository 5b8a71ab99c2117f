"""Helpers of the page tests (test_page_*.py): Chromium from Debian's packages, contexts at a
phone's, a tablet's, a laptop's and a desktop's size, and playing a decision by pointing.

Chromium is found at ``$TOTENBLATT_CHROMIUM`` or on the PATH; without it (or Playwright) the
tests are skipped, except under CI (``CI`` set), where that is a failure. The fixtures
``browser`` (:func:`launch`, once per module) and ``pages`` (:func:`pages_of`) are in
``conftest.py``; a test asks for ``pages`` and opens what it needs with :meth:`Pages.open`.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import LiveServer, create_game, table_link

ON_CI = bool(os.environ.get("CI"))

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
LAPTOP = {"width": 1366, "height": 768}
DESKTOP = {"width": 1920, "height": 1080}

PHONE_OR_LAPTOP = pytest.mark.parametrize(
    ("size", "touch"), [(PHONE, True), (LAPTOP, False)], ids=["phone", "laptop"]
)
"""A page test run twice: at a phone's size by touch, at a laptop's by mouse."""


def missing(what: str) -> None:
    if ON_CI:
        pytest.fail(f"{what} (CI must run the browser tests)")
    pytest.skip(what)


def launch() -> Iterator[Any]:
    """Chromium, launched by path (a module's ``browser`` fixture yields from this)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed (pip install playwright)")
    path = os.environ.get("TOTENBLATT_CHROMIUM") or shutil.which("chromium")
    if not path or not Path(path).exists():
        missing("no Chromium: install Debian's chromium or set TOTENBLATT_CHROMIUM")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(path), args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield launched
        launched.close()


class Pages:
    """Opens pages at a size (touch for a phone or a tablet); checks none logged an error."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, size: dict[str, int], *, touch: bool = False, **options: Any) -> Any:
        context = self.browser.new_context(
            viewport=size, has_touch=touch, is_mobile=touch, device_scale_factor=1, **options
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on(
            "console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None
        )
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def pages_of(browser: Any) -> Iterator[Pages]:
    """Pages of ``browser``, closed after the test; none may have logged an error."""
    opened = Pages(browser)
    yield opened
    opened.close()
    assert not opened.errors, opened.errors


def new_game(live: LiveServer, seats: list[str], **extra: Any) -> dict[str, Any]:
    with httpx.Client(base_url=live.url) as http:
        return create_game(http, seats, **extra)


def open_seat(pages: Any, game: dict[str, Any], size: dict[str, int], **options: Any) -> Any:
    """A page at ``size`` (``options``: ``touch``, ``locale``) showing ``game`` to seat 0."""
    page = pages.open(size, **options)
    page.goto(game["seats"][0]["url"])
    return page


def own_link(live: LiveServer, game: dict[str, Any], lang: str) -> str:
    """The first seat's table in ``lang``, as the lobby opens it for the game's creator (a link
    without ``lang`` speaks its visitor's language, not the creator's: issue 42)."""
    return live.url + table_link(game["game_id"], game["seats"][0]["token"], lang=lang)


@contextlib.contextmanager
def refused_page(browser: Any, live: LiveServer, game: dict[str, Any], width: int) -> Iterator[Any]:
    """The first seat's page, its boot's token refused later (a game gone, a bad link)."""
    token = game["seats"][0]["token"]

    def refused_token(route: Any) -> None:
        response = route.fetch()
        body = response.text().replace(f'"token":"{token}"', '"token":"not-a-token"')
        assert "not-a-token" in body
        route.fulfill(response=response, body=body)

    context = browser.new_context(viewport={"width": width, "height": 768})
    try:
        page = context.new_page()
        page.route(f"{live.url}/api/games/*/boot*", refused_token)
        yield page
    finally:
        context.close()


def view(page: Any) -> dict[str, Any]:
    """The view the page shows, once its script has started (the board is drawn before)."""
    page.wait_for_function("() => window.totenblatt && window.totenblatt.view()")
    found: dict[str, Any] = page.evaluate("window.totenblatt.view()")
    return found


def wait_decision(page: Any, after: int) -> dict[str, Any]:
    """The page's view once it shows a later version at this seat's decision (or the end)."""
    page.wait_for_function(
        """(after) => { const v = window.totenblatt && window.totenblatt.view();
            return v && v.version > after && (v.is_over || v.to_act === v.seat); }""",
        arg=after,
        timeout=30_000,
    )
    return view(page)


def first_action(
    live: LiveServer, pages: Any, size: dict[str, int], touch: bool
) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """A new game of gangs (a person against the bot) opened at ``size`` (``touch``: by a
    finger, the bids passed by taps; else by clicks): the page, its view at the first action,
    and the seat's figure nearest mid-table (in view at any zoom)."""
    game = new_game(live, ["human", "bot"], scenario="gangs")
    page = open_seat(pages, game, size, touch=touch)
    v = wait_decision(page, -1)
    while v["phase"] != "action":
        passing = page.locator("[data-choice=pass]").first
        if touch:
            passing.tap()
        else:
            passing.click()
        v = wait_decision(page, v["version"])
    own = [f for f in v["figures"] if f["seat"] == v["seat"]]
    return page, v, min(own, key=lambda f: abs(f["position"][1] - 18))


TO_SCREEN = """([x, y]) => {
  const svg = document.getElementById("board");
  const p = svg.createSVGPoint();
  p.x = x; p.y = Number(svg.dataset.height) - y;
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""

BOXES = """(selector) => [...document.querySelectorAll(selector)].map((n) => {
  const r = n.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


def screen(page: Any, point: list[float]) -> tuple[float, float]:
    x, y = page.evaluate(TO_SCREEN, point)
    return float(x), float(y)


def meet(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    """Two screen boxes (left, top, right, bottom) overlap by more than ``slack`` pixels."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def length(step: dict[str, Any]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(step["path"]))


def bid_card(view: dict[str, Any]) -> str | None:
    """The diamond a test player bids: the last one offered as a number (not wild); none
    when there is none."""
    legal = view["legal_actions"]
    diamonds = [a["card"] for a in legal if a["type"] == "bid" and not a.get("wild")]
    return diamonds[-1] if diamonds else None


def shortest_move(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The shortest one-step move offered (a drop a pixel off still fits the club) and the
    figure it moves; none when no such move is offered."""
    moves = [a for a in view["legal_actions"] if a["type"] == "move" and len(a["steps"]) == 1]
    if not moves:
        return None
    step = min((m["steps"][0] for m in moves), key=length)
    return step, next(f for f in view["figures"] if f["name"] == step["figure"])


MOVE_READY = """() => { const b = document.querySelector('[data-confirm=move]');
  return b && !b.disabled; }"""
"""True when the Move button is offered and enabled."""


def move_ready(page: Any, timeout: float | None = None) -> None:
    """Wait until the Move button is offered and enabled (``timeout`` ms: Playwright's
    default when none)."""
    page.wait_for_function(MOVE_READY, timeout=timeout)


def whole_table(page: Any) -> None:
    """Zoom the board out until the whole table is in view (the − button, as a person would)."""
    for _ in range(8):
        whole = page.evaluate(
            """() => { const svg = document.getElementById('board');
              const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
              return w >= Number(svg.dataset.width) && h >= Number(svg.dataset.height); }"""
        )
        if whole:
            return
        page.locator("#zoom [data-zoom=out]").tap()
    raise AssertionError("the − button did not show the whole table")


REACHED = """(selector) => [...document.querySelectorAll(selector)].map((n) => {
  const area = n.querySelector(':scope > .hit') || n;
  const r = area.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const b = (n.closest('#board') || document.documentElement).getBoundingClientRect();
  const inView = x >= Math.max(0, b.left) && y >= Math.max(0, b.top)
    && x <= Math.min(innerWidth, b.right) && y <= Math.min(innerHeight, b.bottom);
  const top = inView ? document.elementFromPoint(x, y) : null;
  const at = top ? (top.id || top.getAttribute('class') || top.tagName) : null;
  const label = n.getAttribute('aria-label');
  return { name: n.dataset.figure || label || n.id || n.textContent.trim().slice(0, 24),
           inView, at, reached: !!top && (top === n || n.contains(top)
             || (n.dataset.spot !== undefined
                 && top.closest('[data-spot]')?.dataset.spot === n.dataset.spot)),
           width: Math.round(r.width), height: Math.round(r.height) };
})"""
"""Per element of ``selector`` (a figure, a spot: its ``.hit``): in view (on the board's part
of the screen), what is at its centre (``at``), reached by a tap at its centre (a spot: its
centre disc above every hit area counts as the spot; ``document.elementFromPoint``), and its
hit area's size in CSS px."""

CONTROLS_REACHED = """(touch) => {
  const game = '#decision, #preview, #overlay, #zoom';
  const shown = (n) => { const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden'; };
  const controls = [...document.querySelectorAll(
    '#bar button, #bar a[href], #right button, #right a[href], #zoom button,'
    + '#overlay button, #overlay a[href]')]
    .filter(shown);
  return controls.map((n) => {
    n.scrollIntoView({ block: 'center', inline: 'center' });
    const area = n.matches('input[type=checkbox]') ? (n.closest('label') || n) : n;
    const r = area.getBoundingClientRect();
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { name: n.id || n.dataset.choice || n.textContent.trim().slice(0, 24),
             game: !!n.closest(game) && !n.matches('a:not(.btn)'),
             reached: !!top && (top === n || n.contains(top) || area.contains(top)),
             width: Math.round(r.width), height: Math.round(r.height) };
  }).filter((c) => !c.reached || ((touch || c.game) && (c.width < 44 || c.height < 44)));
}"""
"""The table's visible controls not reached by a tap at their centre (each scrolled into view
first), or smaller than 44 × 44 px: the game's own (the decision, the preview, the end, the
zoom) always, with ``touch`` every one: the answer should be empty."""


def tap_at(page: Any, point: list[float], touch: bool) -> None:
    """A tap (touch) or a click at the table point ``point`` (inches, y up)."""
    x, y = screen(page, point)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


SPOT_POINTS = """() => [...document.querySelectorAll('#spots .spot-g .spot')].map((c) =>
  [Number(c.getAttribute('cx')), Number(document.getElementById('board').dataset.height)
   - Number(c.getAttribute('cy'))])"""
"""The offered spots as table points (inches, y up), in the order of ``#spots .spot-g``."""


SETTLED = """(board) => {
  const root = document.querySelector(board);
  if (!root || !root.querySelector("[data-figure]")) return false;
  // a table page's script has booted (its server-drawn board came before its tokens' view)
  if (document.body.classList.contains("table-page") && !window.totenblatt?.view?.()) return false;
  return document.getAnimations().every((a) => a.playState !== "running");
}"""
"""True when ``board`` has drawn its figures (on the table page: its script has booted) and no
transition or animation still runs."""


def settled(page: Any, board: str = "#board") -> None:
    """Wait until the board's figures stand still (drawn, their move transitions over)."""
    page.wait_for_function(SETTLED, arg=board)
