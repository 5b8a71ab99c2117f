"""A game night in a real browser: chat between two people, takeback accepted and refused,
a rematch, the tape. Playwright drives Debian's Chromium (the ``browser`` of conftest.py)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import (
    LiveServer,
    auth,
    create_game,
    seed_counter,
    served,
)

from totenblatt.web import ServerSettings

SHOTS = Path(os.environ.get("TOTENBLATT_SHOTS", "")) if os.environ.get("TOTENBLATT_SHOTS") else None


@pytest.fixture
def live(sqlite_url: str) -> Iterator[LiveServer]:
    with served(
        ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter(5_000))
    ) as server:
        yield server


class People:
    """Pages in contexts of their own (two people, or a person and a spectator)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def page(self, url: str, viewport: dict[str, int] | None = None) -> Any:
        context = self.browser.new_context(viewport=viewport or {"width": 1366, "height": 768})
        self.contexts.append(context)
        opened = context.new_page()
        opened.on("pageerror", lambda exc: self.errors.append(str(exc)))
        opened.goto(url)
        opened.wait_for_function("() => window.totenblatt && window.totenblatt.view()")
        opened.wait_for_selector("#chat")
        return opened

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    found = People(browser)
    yield found
    found.close()
    assert not found.errors, found.errors


def duel(live: LiveServer, **extra: Any) -> tuple[str, list[str], str]:
    with httpx.Client(base_url=live.url) as http:
        game = create_game(http, ["human", "human"], players=["Anna", "Bob"], **extra)
    urls = [s["url"] for s in game["seats"]]
    return game["game_id"], urls, game["spectator_url"]


def api(live: LiveServer, gid: str, url: str, path: str, body: Any = None) -> Any:
    token = url.split("token=")[1]
    with httpx.Client(base_url=live.url) as http:
        if path == "view":
            return http.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        return http.post(f"/api/games/{gid}/{path}", json=body, headers=auth(token))


def version_is(page: Any, version: int) -> None:
    page.wait_for_function("(n) => window.totenblatt.view().version === n", arg=version)


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name))


def test_two_people_chat_and_a_spectator_is_marked(live: LiveServer, people: People) -> None:
    _, urls, watch = duel(live)
    anna, bob = people.page(urls[0]), people.page(urls[1])
    viewer = people.page(watch)
    anna.fill("#chat-input", "<img src=x onerror=alert(1)> howdy")
    anna.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat-lines .chat-line >> text=howdy")
    line = bob.locator("#chat-lines .chat-line").first
    assert line.locator(".from").inner_text() == "Anna"
    assert line.locator(".text").inner_text() == "<img src=x onerror=alert(1)> howdy"
    assert bob.locator("#chat-lines img").count() == 0
    bob.click('[data-emote="gg"]')
    anna.wait_for_selector("#chat-lines .chat-line >> text=Good game!")
    viewer.fill("#chat-input", "go Bob")
    viewer.click("#chat-send")
    anna.wait_for_selector("#chat-lines .chat-line.spectator >> text=go Bob")
    assert anna.locator("#chat-lines .chat-line.spectator .tag").inner_text() == "spectator"
    assert anna.input_value("#chat-input") == ""  # what one types is not kept after sending
    shot(anna, "chat.png")


def first_decision(live: LiveServer, gid: str, urls: list[str]) -> int:
    seat: int = api(live, gid, urls[0], "view")["to_act"]
    assert api(live, gid, urls[seat], "actions", {"type": "pass"}).status_code == 200
    return seat


def test_a_takeback_accepted_in_the_other_browser(live: LiveServer, people: People) -> None:
    gid, urls, _ = duel(live)
    seat = first_decision(live, gid, urls)
    asker, other = people.page(urls[seat]), people.page(urls[1 - seat])
    version_is(asker, 1)
    asker.click("#takeback")
    other.wait_for_selector("#takeback-banner:not([hidden]) [data-takeback=accept]")
    asker.wait_for_selector("#takeback-banner:not([hidden]) [data-takeback=withdraw]")
    shot(other, "takeback.png")
    below = other.evaluate(
        """() => document.getElementById('takeback-banner').getBoundingClientRect().top
           >= document.getElementById('bar').getBoundingClientRect().bottom"""
    )
    assert below, "the banner covers the header's pills"
    other.click("[data-takeback=accept]")
    for page in (asker, other):
        version_is(page, 0)
        page.wait_for_selector("#log-lines li.takeback")
        assert "took back" in page.locator("#log-lines li.takeback").last.inner_text()
        page.wait_for_selector("#takeback-banner", state="hidden")
    assert asker.evaluate("window.totenblatt.view().to_act") == seat  # its decision again


def test_the_takeback_button_is_enabled_only_when_the_server_would_take_it(
    live: LiveServer, people: People
) -> None:
    gid, urls, _ = duel(live)
    seat: int = api(live, gid, urls[0], "view")["to_act"]
    mover, other = people.page(urls[seat]), people.page(urls[1 - seat])
    off = "#takeback:disabled[aria-disabled=true]"
    for page in (mover, other):  # nothing to take back yet
        page.wait_for_selector(off)
        assert page.get_attribute("#takeback", "title") == "there is nothing to take back yet"
    assert api(live, gid, urls[seat], "actions", {"type": "pass"}).status_code == 200
    mover.wait_for_selector("#takeback:enabled[aria-disabled=false]")  # its own pass
    assert mover.get_attribute("#takeback", "title") is None
    version_is(other, 1)
    assert other.locator(off).count() == 1  # not its own last action
    hand = api(live, gid, urls[1 - seat], "view")
    redraw = next(a for a in hand["legal_actions"] if a["type"] == "redraw")
    assert api(live, gid, urls[1 - seat], "actions", redraw).status_code == 200
    for page in (mover, other):  # a redraw draws a hidden card: nobody can take it back
        version_is(page, 2)
        assert page.locator(off).count() == 1
    assert "hidden" in (other.get_attribute("#takeback", "title") or "")
    refused = api(live, gid, urls[1 - seat], "takeback")
    assert refused.status_code == 409  # the page's answer is the server's


def test_a_takeback_refused_in_the_other_browser(live: LiveServer, people: People) -> None:
    gid, urls, _ = duel(live)
    seat = first_decision(live, gid, urls)
    asker, other = people.page(urls[seat]), people.page(urls[1 - seat])
    asker.click("#takeback")
    other.click("#takeback-banner [data-takeback=refuse]")
    asker.wait_for_selector(".toast >> text=The takeback was refused.")
    for page in (asker, other):
        page.wait_for_selector("#log-lines li.takeback >> text=refused")
        assert page.evaluate("window.totenblatt.view().version") == 1


def test_a_rematch_from_the_end_and_each_seat_to_its_own_new_seat(
    live: LiveServer, people: People
) -> None:
    gid, urls, _ = duel(live, name="Friday")
    anna, bob = people.page(urls[0]), people.page(urls[1])
    seat = api(live, gid, urls[0], "view")["to_act"]
    assert api(live, gid, urls[seat], "actions", {"type": "concede"}).status_code == 200
    anna.wait_for_selector("#overlay [data-rematch=ask]")
    anna.click("#overlay [data-rematch=ask]")  # the one who asks is led to the new game
    anna.wait_for_function(
        "(old) => window.totenblatt && window.totenblatt.view() && "
        "window.totenblatt.view().game_id !== old",
        arg=gid,
    )
    assert anna.evaluate("window.totenblatt.view()")["seat"] == 0
    bob.wait_for_selector("#overlay [data-rematch=join]")  # the end's sheet offers it now
    assert bob.locator("[data-export=replay]").first.get_attribute("href").endswith("format=replay")
    shot(bob, "rematch.png")
    bob.click("#overlay [data-rematch=join]")
    bob.wait_for_function(  # the page is replaced on the way: no totenblatt for a moment
        "(old) => window.totenblatt && window.totenblatt.view() && "
        "window.totenblatt.view().game_id !== old",
        arg=gid,
    )
    fresh = bob.evaluate("window.totenblatt.view()")
    assert fresh["seat"] == 1 and fresh["version"] == 0 and fresh["name"] == "Friday"
    assert fresh["players"] == ["Anna", "Bob"]


def test_the_tape_between_two_figures(live: LiveServer, people: People) -> None:
    _, urls, watch = duel(live)
    viewer = people.page(watch)
    viewer.click("#tape-button")
    viewer.click('[data-figure="Billy"]')
    viewer.click('[data-figure="Paco"]')
    viewer.wait_for_selector("#tape-panel .tape-head")
    assert "Billy → Paco" in viewer.inner_text("#tape-panel")
    assert "band" not in viewer.inner_text("#tape-panel").lower()  # the range as its text
    assert re.search(r'(^|[ :])(0|>\d+(\.\d+)?)–\d+(\.\d+)?"', viewer.inner_text("#tape-panel"))
    assert viewer.locator("#tape-layer line").count() == 1
    shot(viewer, "tape.png")
    viewer.keyboard.press("Escape")
    viewer.wait_for_selector("#tape-panel", state="hidden")
    assert urls
