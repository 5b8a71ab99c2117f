"""The table editor in Chromium (issue 46): at a tablet's size by touch and at a laptop's with
a mouse, a small table is built by pointing only, its rules are shown, it is saved into the
server's scenario folder and a game is started on it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import BOXES, LAPTOP, PHONE, screen, view
from web_helpers import OPERATOR, LiveServer, editor_settings, served

from totenblatt.wanted.table.scenario import (
    builtin_scenarios,
    load_scenario,
    parse_scenario,
)

TABLET_LANDSCAPE = {"width": 1024, "height": 768}


@pytest.fixture
def live(sqlite_url: str, folder: Path) -> Iterator[LiveServer]:
    with served(editor_settings(sqlite_url, folder, bot_processes=0)) as server:
        yield server


def editor(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => ({status: window.totenblattEditor.status, model: window.totenblattEditor.model(),
                 toml: window.totenblattEditor.toml()})"""
    )
    return found


def checked_after(page: Any, serial: int) -> dict[str, Any]:
    """The editor's state once the server has checked a table newer than ``serial``."""
    page.wait_for_function(
        "(n) => window.totenblattEditor && window.totenblattEditor.status.checked > n",
        arg=serial,
    )
    return editor(page)


class Pointer:
    """Pointing as a person does: taps on a touch screen, clicks with a mouse."""

    def __init__(self, page: Any, touch: bool) -> None:
        self.page, self.touch = page, touch

    def on(self, selector: str) -> None:
        locator = self.page.locator(selector)
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def drag(self, start: list[float], end: list[float]) -> None:
        """Press at ``start``, move to ``end`` in steps, let go (a finger: real touch events)."""
        self.page.locator("#board").scroll_into_view_if_needed()
        (x0, y0), (x1, y1) = screen(self.page, start), screen(self.page, end)
        steps = [(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6) for i in range(7)]
        if not self.touch:
            self.page.mouse.move(x0, y0)
            self.page.mouse.down()
            for x, y in steps[1:]:
                self.page.mouse.move(x, y)
            self.page.mouse.up()
            return
        # a finger that stops before it lifts (the events' own times: no fling, whose end
        # would swallow the next tap)
        cdp = self.page.context.new_cdp_session(self.page)
        began = time.time() - 2.0

        def touch(kind: str, at: list[tuple[float, float]], when: float) -> None:
            points = [{"x": x, "y": y} for x, y in at]
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": kind, "touchPoints": points, "timestamp": began + when},
            )

        touch("touchStart", steps[:1], 0.0)
        for i, spot in enumerate(steps[1:], 1):
            touch("touchMove", [spot], 0.1 * i)
        touch("touchMove", [(x1, y1 + 0.5)], 1.2)
        touch("touchEnd", [], 1.3)
        cdp.detach()

    def at(self, point: list[float]) -> None:
        self.page.locator("#board").scroll_into_view_if_needed()
        x, y = screen(self.page, point)
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)


@pytest.mark.parametrize(
    ("size", "touch"), [(TABLET_LANDSCAPE, True), (LAPTOP, False)], ids=["tablet", "laptop"]
)
def test_build_a_table_by_pointing_save_it_and_play_it(
    pages: Any, live: LiveServer, folder: Path, size: dict[str, int], touch: bool
) -> None:
    page = pages.open(size, touch=touch)
    page.goto(f"{live.url}/editor?lang=en")
    state = checked_after(page, 0)
    assert state["status"]["valid"] is True and len(state["model"]["figures"]) == 2
    point = Pointer(page, touch)

    # a building and rocks, placed by pointing at the palette and the board
    serial = state["status"]["checked"]
    point.on("[data-place=building]")
    point.at([12, 12])
    state = checked_after(page, serial)
    assert [p["kind"] for p in state["model"]["pieces"]] == ["building"]
    assert state["model"]["pieces"][0]["rect"] == [9, 10, 6, 4]  # centred on the point, snapped
    serial = state["status"]["checked"]
    point.drag([15, 14], [17.1, 14.8])  # its resize handle, at the top right corner
    state = checked_after(page, serial)
    assert state["model"]["pieces"][0]["rect"] == [9, 10, 8, 5]
    serial = state["status"]["checked"]
    point.drag([12, 12], [11.2, 12.1])  # the piece itself: moved by whole half inches
    state = checked_after(page, serial)
    assert state["model"]["pieces"][0]["rect"] == [8, 10, 8, 5]
    serial = state["status"]["checked"]
    point.on("[data-place=rocks]")
    point.at([4.2, 17.9])
    state = checked_after(page, serial)
    assert state["model"]["pieces"][1]["rect"] == [2.5, 17, 3, 2]

    # the selected piece's handles are 44 px to point at
    boxes = page.evaluate(BOXES, "#handles .handle")
    assert len(boxes) == 2
    assert all(b[2] - b[0] >= 43.5 and b[3] - b[1] >= 43.5 for b in boxes)

    # rotate it with its handle, undo, redo
    serial = state["status"]["checked"]
    point.on("#handles .rotate")
    state = checked_after(page, serial)
    rocks = state["model"]["pieces"][1]
    assert rocks["rect"] is None and len(rocks["outline"]) == 4
    serial = state["status"]["checked"]
    point.on("#undo")
    state = checked_after(page, serial)
    assert state["model"]["pieces"][1]["rect"] == [2.5, 17, 3, 2]
    serial = state["status"]["checked"]
    point.on("#redo")
    state = checked_after(page, serial)
    assert state["model"]["pieces"][1]["outline"] == rocks["outline"]

    # a second figure of side 1, then move side 2's figure into side 1's sights: a warning
    serial = state["status"]["checked"]
    point.on("[data-side='0']")
    point.at([4, 3.2])
    state = checked_after(page, serial)
    assert [f["name"] for f in state["model"]["figures"]] == ["A1", "B1", "A2"]
    assert state["model"]["figures"][2]["position"] == [4, 3]
    assert state["status"]["warnings"] == []
    serial = state["status"]["checked"]
    point.drag([22, 22], [4, 12])
    state = checked_after(page, serial)
    assert state["model"]["figures"][1]["position"] == [4, 12]
    assert any("B1 (side 2) starts where" in w for w in state["status"]["warnings"])
    serial = state["status"]["checked"]
    point.on("#undo")
    state = checked_after(page, serial)
    assert state["model"]["figures"][1]["position"] == [22, 22]

    # the rules from a spot: the heat map of the door's answers
    shown = state["status"]["sight"]
    point.on("[data-tool=sight]")
    point.at([12, 8])
    page.wait_for_function("(n) => window.totenblattEditor.status.sight > n", arg=shown)
    cells = page.locator("#heat .cell")
    assert cells.count() > 400
    assert page.locator("#heat .cell.unseen").count() > 0  # behind the building
    assert page.locator("#heat .cell.cover-hard").count() > 0  # inside it, and by the rocks

    # save it as the operator, then start a game on it from the editor
    page.locator("#save-name").fill("shack")
    page.locator("#save-token").fill(OPERATOR)
    toml = editor(page)["toml"]
    point.on("#save")
    page.wait_for_function("() => window.totenblattEditor.status.saved === 'shack'")
    saved = (folder / "shack.toml").read_text(encoding="utf-8")
    assert saved == toml
    scenario = load_scenario("shack")
    assert [t.kind.value for t in scenario.terrain] == ["building", "rocks"]
    assert len(scenario.figures) == 3

    # opened again in the editor: the same file
    opened = pages.open(size, touch=touch)
    opened.goto(f"{live.url}/editor?lang=de&open=shack")
    again = checked_after(opened, 0)
    assert again["toml"] == saved and again["status"]["valid"] is True
    assert opened.locator("#save-name").input_value() == "shack"

    if not touch:  # the balance hint: a short run of the bots, with its intervals
        point.on("#balance-run")
        page.wait_for_function("() => window.totenblattEditor.status.balance !== null")
        hint = editor(page)["status"]["balance"]
        assert hint["games"] >= 1 and len(hint["seats"]) == 2
        assert page.locator("#balance-out li").count() == 2

    point.on("#play")
    page.wait_for_url("**/games/**")
    seen = view(page)
    assert seen["scenario"] == "shack" and seen["seat"] == 0
    assert len(seen["figures"]) == 3


def test_the_editor_fits_a_phone(pages: Any, live: LiveServer) -> None:
    """On a phone the panel goes below the board: nothing wider than the screen, every
    button and field at least 44 px high."""
    page = pages.open(PHONE, touch=True)
    page.goto(f"{live.url}/editor?lang=de")
    checked_after(page, 0)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    board = page.locator("#board").bounding_box()
    assert board["width"] >= PHONE["width"] - 40
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, summary')]
            .filter((n) => n.offsetParent !== null)
            .filter((n) => n.getBoundingClientRect().height < 43.5)
            .map((n) => n.id || n.textContent)"""
    )
    assert small == []


def test_every_builtin_opens_in_the_editor_as_the_same_scenario(
    pages: Any, live: LiveServer
) -> None:
    """Opened in the editor, a built-in table (rectangles, polygons, doors and windows, hero
    types and abilities) is written back as a file the loader reads as the same scenario."""
    page = pages.open(LAPTOP)
    for name in builtin_scenarios():
        page.goto(f"{live.url}/editor?lang=en&open={name}")
        state = checked_after(page, 0)
        assert state["status"]["valid"] is True, state["status"]
        assert parse_scenario(state["toml"], name) == load_scenario(name)
        assert page.locator("#board [data-piece]").count() == len(load_scenario(name).terrain)
