"""The lobby: "your games" (the seats this browser holds, in its localStorage only) to rejoin,
a copy button and a QR code for every invite link; the tutorial and the rules from the lobby."""

from __future__ import annotations

from typing import Any

from browser_helpers import (
    LAPTOP,
    PHONE,
    Pages,
    view,
)
from web_helpers import LiveServer


def _create_two_humans(page: Any, live: LiveServer) -> list[str]:
    page.goto(f"{live.url}/?lang=en")
    page.select_option("#f-seat-1", "human")
    page.click("#create-game")
    page.wait_for_selector(".invites li code")
    links: list[str] = page.locator(".invites li code").all_inner_texts()
    return links


def test_your_games_are_kept_in_this_browser_and_rejoin_their_seat(
    live: LiveServer, pages: Pages
) -> None:
    page = pages.open(LAPTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live.url)
    first, second, watch = _create_two_humans(page, live)
    stored = page.evaluate("JSON.parse(localStorage.getItem('totenblatt.seats'))")
    assert sorted(s["token"] for s in stored) == sorted(
        link.split("token=")[1].split("&")[0] for link in (first, second)
    )
    # the copy buttons copy the links; the QR codes are SVG made by the server
    page.click('.invites [data-seat="1"] [data-copy]')
    assert page.evaluate("navigator.clipboard.readText()") == second
    page.click('.invites [data-seat="0"] [data-qr]')
    qr = page.wait_for_selector('.invites [data-seat="0"] svg.qr')
    assert qr.get_attribute("role") == "img" and qr.query_selector("path")
    page.click('.invites [data-seat="spectator"] [data-qr]')
    page.wait_for_selector('.invites [data-seat="spectator"] svg.qr')
    # another visit of the lobby lists them: rejoin seat 2
    page.goto(f"{live.url}/?lang=en")
    rows = page.locator("#mine tr[data-game]")
    rows.first.wait_for()
    assert rows.count() == 2
    assert "running" in page.inner_text("#mine") or "open" in page.inner_text("#mine")
    game_id = second.split("/games/")[1].split("#")[0]
    page.click(f'#mine tr[data-game="{game_id}"][data-seat="1"] [data-rejoin]')
    page.wait_for_selector("#board [data-figure='Billy']")
    assert view(page)["seat"] == 1
    # forgetting a seat removes it from this browser only
    page.goto(f"{live.url}/?lang=en")
    page.locator("#mine tr[data-game]").first.wait_for()
    page.click('#mine tr[data-seat="1"] button:has-text("Forget")')
    assert page.locator("#mine tr[data-game]").count() == 1
    assert len(page.evaluate("JSON.parse(localStorage.getItem('totenblatt.seats'))")) == 1
    del watch


def test_another_browser_holds_none_of_them(live: LiveServer, pages: Pages) -> None:
    page = pages.open(LAPTOP)
    _create_two_humans(page, live)
    other = pages.open(PHONE, touch=True)  # another context: another browser's storage
    other.goto(f"{live.url}/?lang=en")
    other.wait_for_selector("#games tr[data-status]")
    assert other.locator("#mine").is_hidden()
    assert other.locator("#mine tr").count() == 0


def test_a_seat_opened_from_an_invite_link_becomes_one_of_your_games(
    live: LiveServer, pages: Pages
) -> None:
    page = pages.open(LAPTOP)
    _first, second, _watch = _create_two_humans(page, live)
    friend = pages.open(PHONE, touch=True)
    friend.goto(second)
    # the board is drawn by the server: wait for the page's script to have kept the seat
    friend.wait_for_function(
        "() => JSON.parse(localStorage.getItem('totenblatt.seats') || '[]').length === 1"
    )
    friend.goto(f"{live.url}/?lang=en")
    friend.locator("#mine tr[data-game]").first.wait_for()
    assert friend.locator("#mine tr[data-game]").count() == 1
    assert "seat 2" in friend.inner_text("#mine")
