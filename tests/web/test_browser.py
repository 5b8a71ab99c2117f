"""The table in a real browser: Playwright driving Chromium from Debian's packages — whole
duels by pointing, German, the screenshots, hot seat, a spectator, a reload, the lobby.

Chromium is found at ``$TOTENBLATT_CHROMIUM`` or on the PATH (``chromium``); it is
launched by path (Playwright's own browser download is never used). Without it
these tests are skipped, except under CI (``CI`` set), where a missing browser or
a missing Playwright is a failure.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import TO_SCREEN as _TO_SCREEN
from browser_helpers import bid_card, move_ready, settled, shortest_move
from browser_helpers import new_game as _new_game
from browser_helpers import own_link as _own_link
from browser_helpers import view as _view
from browser_helpers import wait_decision as _wait_decision
from web_helpers import (
    LiveServer,
    auth,
    seed_counter,
    served,
    table_link,
)

from totenblatt.web import ServerSettings


def _drag(page: Any, start: list[float], goal: list[float]) -> None:
    sx, sy = page.evaluate(_TO_SCREEN, start)
    gx, gy = page.evaluate(_TO_SCREEN, goal)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + gx) / 2, (sy + gy) / 2, steps=4)
    page.mouse.move(gx, gy, steps=4)
    page.mouse.up()


def _act_by_pointing(page: Any, view: dict[str, Any], done: dict[str, int]) -> None:
    """One decision the way a person makes it: cards, figures, drags and buttons."""
    legal = view["legal_actions"]
    phase = view["phase"]
    if phase == "bid" and (diamond := bid_card(view)):
        page.click(f'[data-card="{diamond}"]')
        done["bid"] += 1
        return
    if phase == "defend":
        hearts = page.query_selector_all("[data-choice=defend]")
        if hearts:
            hearts[0].click()
            done["defend"] += 1
            return
    if phase == "fate":
        page.click("[data-choice=keep]")
        return
    if phase == "action":
        attacks = [a for a in legal if a["type"] == "attack"]
        if attacks:
            page.click(f'[data-figure="{attacks[0]["target"]}"]')
            page.wait_for_selector("[data-fire]")
            page.click("[data-fire]")
            done["attack"] += 1
            return
        if move := shortest_move(view):
            step, figure = move
            _drag(page, figure["position"], step["path"][-1])
            button = page.wait_for_selector("[data-confirm=move]")
            move_ready(page, timeout=10_000)
            button.click()
            done["move"] += 1
            return
    page.click("[data-choice=pass]")


def _play_duel(page: Any, url: str, done: dict[str, int], shots: Path) -> dict[str, Any]:
    """Play one whole duel on the page; the final view."""
    page.goto(url)
    assert page.locator('[data-figure="Billy"]').count() == 1
    version = -1
    for _ in range(400):
        view = _wait_decision(page, version)
        if view["is_over"]:
            return view
        version = view["version"]
        if view["phase"] == "action" and not done["move"]:
            page.screenshot(path=str(shots / "action.png"))
        _act_by_pointing(page, view, done)
    raise AssertionError("the duel did not end within 400 decisions")


def test_whole_duels_against_the_bot_by_pointing(
    sqlite_url: str, page: Any, tmp_path: Path
) -> None:
    """Bid, drag-move, attack and defend by pointing; fixed seeds, at most three duels."""
    with served(ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter(1002))) as live:
        done = {"bid": 0, "move": 0, "attack": 0, "defend": 0}
        for _ in range(3):
            game = _new_game(live, ["human", "bot"])
            view = _play_duel(page, game["seats"][0]["url"], done, tmp_path)
            assert view["is_over"] and view["result"]
            page.wait_for_selector("#replay")
            assert view["result"] in page.inner_text("#overlay")
            if all(done.values()):
                break
        assert all(done.values()), done
        fallen = page.evaluate(
            """() => [...document.querySelectorAll('#figures .figure')].map(
                (g) => [g.classList.contains('out'), getComputedStyle(g).pointerEvents])"""
        )
        assert any(out for out, _ in fallen), fallen
        # a fallen figure lies under the living ones and takes no clicks meant for them
        assert fallen[0][0] and all(events == "none" for out, events in fallen if out), fallen
        page.click("#replay")
        page.wait_for_selector("#replay-next")
        step = page.inner_text("#replay-bar")  # it opens on the end: the last step of all
        numbers = [int(n) for n in re.findall(r"\d+", step)]
        assert len(numbers) >= 2 and numbers[-1] == numbers[-2], step
        page.click("#replay-first")
        page.click("#replay-next")
        assert "2" in page.inner_text("#replay-bar")
        assert page.locator("#decision #replay-bar").count() == 1  # beside the table, not on it
        # the header and the players show the replayed moment, not the end
        assert "Round 1" in page.inner_text("#status")
        assert "0/6" not in page.inner_text("#seats")
        page.click("#replay-close")
        page.wait_for_selector("#replay-bar", state="detached")


def test_the_page_speaks_german(live: LiveServer, page: Any) -> None:
    game = _new_game(live, ["human", "bot"], lang="de")
    page.goto(_own_link(live, game, "de"))
    assert page.get_attribute("html", "lang") == "de"
    _wait_for_text(page, "#hand-title", "Deine Hand")
    page.wait_for_function("() => document.querySelectorAll('#log-lines li').length > 2")
    assert "Runde 1" in page.inner_text("#log-lines")
    assert "Spieler 1" in page.inner_text("#seats")
    page.click("a[hreflang=en]")
    page.wait_for_selector("html[lang=en]")
    _wait_for_text(page, "#hand-title", "Your hand")


def _wait_for_text(page: Any, selector: str, text: str) -> None:
    """Wait until the page's script has written ``text`` into ``selector`` (it may start empty)."""
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel)?.textContent.trim() === text",
        arg=[selector, text],
    )


def test_screenshots_show_the_table_and_its_figures(
    live: LiveServer, page: Any, tmp_path: Path
) -> None:
    from PIL import Image

    game = _new_game(live, ["human", "bot"])
    page.goto(game["seats"][0]["url"])
    settled(page)
    shot = page.locator("#board").screenshot()
    (tmp_path / "board.png").write_bytes(shot)
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    width, height = image.size
    assert width > 250 and height > 350  # the duel's 24" x 36" table, drawn large
    assert abs(width / height - 24 / 36) < 0.05
    colours_used = image.getcolors(maxcolors=1 << 24) or []
    assert len(colours_used) > 50  # ground, grid, terrain, figures: not blank
    box = page.locator("#board").bounding_box()
    colours = {0: (31, 95, 168), 1: (178, 42, 42)}
    for fig in _view(page)["figures"]:
        centre = page.locator(f'[data-figure="{fig["name"]}"] .base').bounding_box()
        assert centre["width"] > 8  # a 1" base is visible
        x = centre["x"] + centre["width"] / 2 - box["x"]
        y = centre["y"] + centre["height"] / 2 - box["y"] + centre["height"] / 4
        pixel = image.getpixel((int(x), int(y)))
        expected = colours[fig["seat"]]
        assert sum(abs(a - b) for a, b in zip(pixel, expected, strict=True)) < 90, pixel
    cards = page.locator("[data-card]")
    assert cards.count() == len(_view(page)["hand"]) == 5
    assert all(cards.nth(i).bounding_box()["height"] > 60 for i in range(5))


def test_hot_seat_covers_the_hand_between_players(live: LiveServer, page: Any) -> None:
    game = _new_game(live, ["human", "human"])
    tokens = [s["token"] for s in game["seats"]]
    page.goto(live.url + table_link(game["game_id"], *tokens))  # both seats' tokens
    page.wait_for_selector("#show-hand")
    first = page.evaluate("window.totenblatt.seat()")
    assert "covered" in page.get_attribute("#hand-wrap", "class")
    page.click("#show-hand")
    assert "covered" not in (page.get_attribute("#hand-wrap", "class") or "")
    page.click("[data-choice=pass]")
    page.wait_for_selector("#show-hand")
    assert page.evaluate("window.totenblatt.seat()") == 1 - first
    assert "covered" in page.get_attribute("#hand-wrap", "class")


def test_hot_seat_shows_the_end_when_the_game_ends_behind_the_covered_hand(
    live: LiveServer, page: Any
) -> None:
    """The game ends while the device waits to be passed (a concession, a flag fall): the end
    shows, not "pass the device"; the hand stays covered."""
    game = _new_game(live, ["human", "human"])
    tokens = [s["token"] for s in game["seats"]]
    page.goto(live.url + table_link(game["game_id"], *tokens))
    page.wait_for_selector("#show-hand")
    acting = tokens[_view(page)["to_act"]]
    with httpx.Client(base_url=live.url) as http:
        answer = http.post(
            f"/api/games/{game['game_id']}/actions", json={"type": "concede"}, headers=auth(acting)
        )
    assert answer.status_code == 200, answer.text
    page.wait_for_selector("#overlay.end #end-summary")
    assert page.locator("#show-hand").count() == 0
    assert "covered" in page.get_attribute("#hand-wrap", "class")


def test_a_spectator_sees_the_table_but_no_hand(live: LiveServer, page: Any) -> None:
    game = _new_game(live, ["human", "bot"])
    page.goto(game["spectator_url"])
    assert _view(page)["seat"] is None
    assert page.locator("[data-figure]").count() == 2
    assert page.locator("[data-card]").count() == 0
    assert not page.is_visible("#hand-wrap")


def test_a_reload_resumes_the_seat(live: LiveServer, page: Any) -> None:
    game = _new_game(live, ["human", "bot"])
    page.goto(game["seats"][0]["url"])
    view = _wait_decision(page, -1)
    page.click("[data-choice=pass]")
    after = _wait_decision(page, view["version"])
    page.reload()
    page.wait_for_function("() => window.totenblatt && window.totenblatt.view()")
    assert _view(page)["version"] == after["version"]
    assert _view(page)["hand"] == after["hand"]


def test_the_lobby_creates_a_game_and_opens_the_table(live: LiveServer, page: Any) -> None:
    page.goto(f"{live.url}/?lang=en")
    page.select_option("#f-scenario", "duel")
    page.select_option("#f-seat-1", "random")
    page.click("#create-game")
    page.wait_for_selector("#board [data-figure='Billy']")
    assert "/games/" in page.url
    page.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 5")
    page.goto(f"{live.url}/?lang=en")
    page.wait_for_selector("table.games a")
    assert "Duel on Main Street" in page.inner_text("#games")


def test_the_lobby_offers_a_hard_bot_and_marks_games_waiting_for_players(
    live: LiveServer, page: Any
) -> None:
    page.goto(f"{live.url}/?lang=en")
    assert page.inner_text("#f-seat-1 option[value=ismcts]") == "hard bot"
    page.select_option("#f-seat-1", "human")
    page.click("#create-game")
    page.wait_for_selector(".invites li code")
    first, second, _watch = page.locator(".invites li code").all_inner_texts()
    row = page.locator("#games tr[data-status]").first
    row.wait_for()
    assert row.get_attribute("data-status") == "open"
    assert "open: waiting for players · 2 of 2 seats free" in row.inner_text()
    guest = page.context.new_page()
    for link, shown in ((first, "1 of 2 seats free"), (second, "running")):
        guest.goto(link)  # an invite link connects (the page boots with it): its seat is taken
        _view(guest)
        page.reload()
        page.wait_for_selector(f"#games tr[data-status] >> text={shown}")
    assert page.locator("#games tr[data-status]").first.get_attribute("data-status") == "playing"
    guest.close()
