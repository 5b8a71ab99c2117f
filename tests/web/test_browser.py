"""The table in a real browser: Playwright driving Chromium from Debian's packages.

Chromium is found at ``$TOTENBLATT_CHROMIUM`` or on the PATH (``chromium``); it is
launched by path (Playwright's own browser download is never used). Without it
these tests are skipped, except under CI (``CI`` set), where a missing browser or
a missing Playwright is a failure.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import LAPTOP, Pages, bid_card, move_ready, settled, shortest_move
from browser_helpers import TO_SCREEN as _TO_SCREEN
from browser_helpers import new_game as _new_game
from browser_helpers import view as _view
from browser_helpers import wait_decision as _wait_decision
from web_helpers import (
    LiveServer,
    auth,
    create_game,
    my_turn,
    seed_counter,
    served,
    table_link,
    view_of,
)

from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario
from totenblatt.web import ServerSettings


@pytest.fixture
def page(pages: Pages) -> Any:
    """A laptop's page (1366 × 768); it may log no error."""
    return pages.open(LAPTOP)


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


def _own_link(live: LiveServer, game: dict[str, Any], lang: str) -> str:
    """The first seat's table in ``lang``, as the lobby opens it for the game's creator (a link
    without ``lang`` speaks its visitor's language, not the creator's: issue 42)."""
    return live.url + table_link(game["game_id"], game["seats"][0]["token"], lang=lang)


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


_LABEL_BOXES = """(root) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const scope = document.querySelector(root);
  const nodes = [...scope.querySelectorAll('.figure:not(.out) .label, .figure:not(.out) .hp')];
  const labels = nodes.map((node) => [
    `${node.closest('.figure').dataset.figure} ${node.getAttribute('class')}`, box(node)]);
  const ground = scope.querySelector('.ground') || scope;
  return { labels, table: box(ground),
           hidden: nodes.filter((n) => getComputedStyle(n).visibility !== 'visible').length,
           axis: [...scope.querySelectorAll('.axis')].map((n) => [n.textContent, box(n)]) };
}"""


def _meet(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    """Two screen boxes (left, top, right, bottom) overlap by more than ``slack`` pixels."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def _assert_labels_apart_and_inside(found: dict[str, Any]) -> None:
    labels, table = found["labels"], found["table"]
    assert len(labels) >= 4, found
    assert found["hidden"] == 0, found  # placed, so shown
    for name, box in labels:  # on the table: nothing cut off at its edge
        inside = table[0] - 0.5 <= box[0] and box[2] <= table[2] + 0.5
        assert inside and table[1] - 0.5 <= box[1] and box[3] <= table[3] + 0.5, (name, box)
    for (one, a), (other, b) in itertools.combinations(labels, 2):
        assert not _meet(a, b), f"{one} {a} overlaps {other} {b}"


@pytest.mark.parametrize(
    ("scenario", "ruleset", "seats"),
    [
        ("duel", "base", ["human", "bot"]),  # Billy starts on the 12" mark
        ("three-way", "base", ["human", "bot", "bot"]),  # starts 2.5" apart
        ("heroes", "extended", ["human", "bot"]),  # "Johnny Ringo" at the east edge
        ("gangs", "base", ["human", "bot"]),  # "Frank McLaury" in a corner
    ],
)
def test_figure_labels_stay_on_the_table_apart_and_off_the_inch_marks(
    live: LiveServer, page: Any, scenario: str, ruleset: str, seats: list[str]
) -> None:
    game = _new_game(live, seats, scenario=scenario, ruleset=ruleset, lang="de")
    page.goto(_own_link(live, game, "de"))
    settled(page)
    found = page.evaluate(_LABEL_BOXES, "#board")
    _assert_labels_apart_and_inside(found)
    table = found["table"]
    assert len(found["axis"]) >= 8
    for mark, box in found["axis"]:  # the inch marks lie beside the table, under no label
        assert not _meet(box, table, slack=0), (mark, box, table)
        assert all(not _meet(box, label, slack=0) for _, label in found["labels"]), mark


def test_the_first_paint_shows_no_label_before_the_page_places_it(
    live: LiveServer, browser: Any
) -> None:
    """Only the page places the names and HP: the server's SVG (as painted before any script
    runs, here without one) shows none of them unplaced; the figures' tooltips name them."""
    game = _new_game(live, ["human", "bot"], scenario="heroes", ruleset="extended")
    context = browser.new_context(
        viewport={"width": 1366, "height": 768}, java_script_enabled=False
    )
    try:
        plain = context.new_page()
        plain.goto(game["seats"][0]["url"])
        found = plain.evaluate(_LABEL_BOXES, "#board")
        tips = plain.eval_on_selector_all(
            "#board .figure", "(gs) => gs.map((g) => g.querySelector('title').textContent)"
        )
    finally:
        context.close()
    assert len(found["labels"]) >= 20 and found["hidden"] == len(found["labels"]), found
    figures = load_scenario("heroes").figures
    assert sorted(tip.rsplit(" ", 1)[0] for tip in tips) == sorted(f.name for f in figures)


_CLOSE_BOARD = """async ([before, after]) => {
  const { Board } = await import('/static/js/board.js');
  const ns = 'http://www.w3.org/2000/svg';
  const root = document.createElementNS(ns, 'svg');
  root.id = 'close-board';
  root.setAttribute('viewBox', '0 0 24 36');
  root.setAttribute('width', '480');
  root.setAttribute('height', '720');
  root.style.cssText = 'position: absolute; left: 0; top: 0';
  for (const id of ['ground', 'marks', 'figures', 'ruler']) {
    const node = document.createElementNS(ns, id === 'ground' ? 'rect' : 'g');
    if (id === 'ground') {
      node.setAttribute('class', 'ground');
      node.setAttribute('width', '24');
      node.setAttribute('height', '36');
    } else node.id = id;
    root.append(node);
  }
  document.body.append(root);
  const board = new Board(root, { width: 24, height: 36, base: 1 }, {});
  board.update(before);
  board.update(after);
}"""


def test_labels_of_close_figures_do_not_overlap(live: LiveServer, page: Any) -> None:
    """Figures 2" apart in a row, a column, a diagonal and a square, and at every edge; they
    stood far apart before (the labels are placed again when figures move)."""
    page.goto(f"{live.url}/?lang=en")
    spots = {
        "Curly Bill": (10, 18), "Johnny Ringo": (12, 18), "Frank McLaury": (14, 18),
        "Wyatt Earp": (4, 8), "Doc Holliday": (4, 10), "Morgan Earp": (4, 12),
        "Ike": (17, 26), "Billy Clanton": (18.5, 27.5),
        "Bob": (8, 30), "Tom": (10, 30), "Finn": (8, 32), "Pete": (10, 32),
        "Warren Earp": (0.5, 0.5), "Virgil Earp": (23.5, 35.5), "Sheriff Behan": (12, 35.5),
        "Texas Jack": (0.5, 20), "Turkey Creek": (23.5, 14),
    }  # fmt: skip
    figures = [
        {"name": name, "position": list(at), "seat": i % 2, "kind": "cowboy", "hp": 6,
         "hp_max": 6, "hidden": False, "out": False}
        for i, (name, at) in enumerate(spots.items())
    ]  # fmt: skip
    apart = [{**f, "position": [3 + 6 * (i % 4), 3 + 7 * (i // 4)]} for i, f in enumerate(figures)]
    page.evaluate(_CLOSE_BOARD, [apart, figures])
    settled(page, "#close-board")
    found = page.evaluate(_LABEL_BOXES, "#close-board")
    assert len(found["labels"]) == 2 * len(figures)
    _assert_labels_apart_and_inside(found)


_COUNT_SOCKETS = """
window.__socketsOpened = 0;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) { super(...args); window.__socketsOpened += 1; }
};
"""


_COUNT_SENT = """
window.__sent = [];
const socketSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sent.push(String(data));
  return socketSend.call(this, data);
};
const pageFetch = window.fetch;
window.fetch = (input, init) => {
  if (init && init.method && init.method !== "GET") window.__sent.push(String(input));
  return pageFetch(input, init);
};
"""


@contextlib.contextmanager
def _refused_page(
    browser: Any, live: LiveServer, game: dict[str, Any], width: int
) -> Iterator[Any]:
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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_socket_is_not_retried_and_the_page_says_so(
    live: LiveServer, browser: Any, lang: str
) -> None:
    """A token the server refuses (a game gone, a bad link): one try, then a clear message."""
    from totenblatt.web.shell.words import strings

    game = _new_game(live, ["human", "bot"], lang=lang)
    with _refused_page(browser, live, game, 1366) as page:
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.clock.install()
        page.add_init_script(_COUNT_SOCKETS)
        page.goto(_own_link(live, game, lang))
        words = strings(lang)
        page.wait_for_selector("#refused", timeout=5_000)
        # the old page tried again after 0.5, 1 and 2 seconds: let its timers run out
        page.clock.run_for(10_000)
        assert page.evaluate("window.__socketsOpened") == 1
        assert page.inner_text("#refused") == words["connection_refused_hint"]
        assert page.inner_text("#status .pill.refused") == words["connection_refused"]
        other = strings("de" if lang == "en" else "en")
        assert words["connection_refused_hint"] != other["connection_refused_hint"]
        assert not failures, failures


@pytest.mark.parametrize(
    ("scenario", "seats", "lang", "width"),
    [
        ("duel", ["human", "ismcts"], "de", 1366),
        ("duel", ["human", "ismcts"], "en", 1366),
        ("heroes", ["human", "random"], "de", 1024),
        ("three-way", ["human", "random", "ismcts"], "en", 1024),
    ],
)
def test_the_refused_header_keeps_its_title_whole_on_one_line(
    live: LiveServer, browser: Any, scenario: str, seats: list[str], lang: str, width: int
) -> None:
    """Refused, the red pill takes the place of the round, seat and pile pills (they would
    show a moment that no longer changes): the title is not cut ("Duell a…"), nor the pill."""
    from totenblatt.web.shell.words import strings

    ruleset = "extended" if scenario == "heroes" else "base"
    game = _new_game(live, seats, scenario=scenario, ruleset=ruleset, lang=lang)
    words = strings(lang)
    with _refused_page(browser, live, game, width) as page:
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.goto(_own_link(live, game, lang))
        page.wait_for_selector("#refused", timeout=5_000)
        page.click("#overlay .buttons button:last-child")  # close the dialog: the header stays
        assert page.locator("#overlay").is_hidden()
        bar = page.evaluate(
            """() => {
              const box = (n) => n.getBoundingClientRect();
              const cut = (n) => n.scrollWidth > n.clientWidth;
              const h1 = document.querySelector('#bar h1');
              const pill = document.querySelector('#bar .pill.refused');
              const parts = [h1, pill, ...document.querySelectorAll('#tools > *')];
              return {
                title: [h1.textContent, cut(h1)],
                pill: [pill.textContent, pill.title, cut(pill)],
                status: [...document.querySelectorAll('#status > *')].length,
                tools: document.querySelectorAll('#tools .pill').length,
                height: box(document.getElementById('bar')).height,
                line: box(pill).height,
                middles: parts.map((n) => (box(n).top + box(n).bottom) / 2),
                right: Math.max(...parts.map((n) => box(n).right)),
              };
            }"""
        )
    assert not bar["title"][1], bar  # the whole title, no ellipsis
    assert bar["pill"] == [words["connection_refused"], words["connection_refused_hint"], False]
    assert bar["status"] == 1 and bar["tools"] == 0, bar  # the refusal alone, once
    assert bar["height"] < 44 + bar["line"], bar  # one line of 44 px controls, not two
    assert max(bar["middles"]) - min(bar["middles"]) < 3, bar
    assert bar["right"] <= width, bar
    assert not failures, failures


@pytest.mark.parametrize(
    ("scenario", "seats", "lang"),
    [
        ("duel", ["human", "ismcts"], "de"),
        ("three-way", ["human", "random", "ismcts"], "de"),
        ("heroes", ["human", "random"], "en"),
    ],
)
def test_the_header_stays_on_one_line_at_1366_px(
    live: LiveServer, page: Any, scenario: str, seats: list[str], lang: str
) -> None:
    """Long seat names ("Spieler 2 (starker Bot)") give way with an ellipsis and a tooltip."""
    ruleset = "extended" if scenario == "heroes" else "base"
    game = _new_game(live, seats, scenario=scenario, ruleset=ruleset, lang=lang)
    page.goto(_own_link(live, game, lang))
    page.wait_for_selector("#status .pill")
    assert page.viewport_size["width"] == 1366
    bar = page.evaluate(
        """() => {
          const mid = (n) => {
            const r = n.getBoundingClientRect();
            return (r.top + r.bottom) / 2;
          };
          const parts = [...document.querySelectorAll('#bar h1, #status .pill, #tools > *')];
          return {
            height: document.getElementById('bar').getBoundingClientRect().height,
            line: document.querySelector('#status .pill').getBoundingClientRect().height,
            middles: parts.map(mid),
            right: Math.max(...parts.map((n) => n.getBoundingClientRect().right)),
            seats: [...document.querySelectorAll('#status .pill.seat')].map((n) => [
              n.title, n.textContent, n.scrollHeight <= n.clientHeight + 1]),
          };
        }"""
    )
    assert bar["height"] < 44 + bar["line"], bar  # one line of 44 px controls, not two
    assert max(bar["middles"]) - min(bar["middles"]) < 3, bar
    assert bar["right"] <= 1366, bar
    labels = _view(page)["labels"]
    assert len(bar["seats"]) == 2
    for title, shown, one_line in bar["seats"]:
        assert title == shown and any(title.endswith(label) for label in labels), title
        assert one_line, title


_HEADER = """() => {
  const box = (n) => n.getBoundingClientRect();
  const h1 = document.querySelector('#bar h1');
  const parts = [h1, ...document.querySelectorAll('#status .pill, #tools > *')];
  return {
    title: [h1.textContent, h1.title, h1.scrollWidth, h1.clientWidth],
    height: box(document.getElementById('bar')).height,
    line: box(document.querySelector('#status .pill')).height,
    middles: parts.map((n) => (box(n).top + box(n).bottom) / 2),
    right: Math.max(...parts.map((n) => box(n).right)),
    seats: [...document.querySelectorAll('#status .pill.seat')].map((n) => n.title),
  };
}"""


def _game_dealt_by_a_bot(live: LiveServer, scenario: str, lang: str) -> dict[str, Any]:
    """A game of ``scenario`` with long bot names (a hard bot, a random bot), one of them the
    dealer: the header's seat pills then name a bot ("Spieler 2 (starker Bot)")."""
    seats = ["human", "ismcts", "random"][: load_scenario(scenario).seats]
    with httpx.Client(base_url=live.url) as http:
        for _ in range(10):  # fixed seeds: the same games on every run
            # the extended ruleset plays every built-in scenario (heroes needs it)
            game = create_game(http, seats, scenario=scenario, ruleset="extended", lang=lang)
            view = view_of(http, game["game_id"], game["seats"][0]["token"], lang)
            if view["dealer"] not in (None, 0):
                return game
    raise AssertionError(f"no game of {scenario} dealt by a bot in ten")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scenario", builtin_scenarios())
def test_the_title_of_every_scenario_stays_whole_beside_long_bot_names(
    live: LiveServer, page: Any, scenario: str, lang: str
) -> None:
    """Connected, at 1366 px: the player reads the title first, so the seat pills give way
    (an ellipsis and a tooltip), not the title ("Duel on Mai…"); the header is one line."""
    game = _game_dealt_by_a_bot(live, scenario, lang)
    page.goto(_own_link(live, game, lang))
    page.wait_for_selector("#status .pill.seat")
    assert page.viewport_size["width"] == 1366
    bar = page.evaluate(_HEADER)
    scen = load_scenario(scenario)
    text, tooltip, scroll, client = bar["title"]
    assert text == tooltip == (scen.title_de if lang == "de" else scen.title), bar
    assert scroll <= client, bar  # not truncated
    bot = "Bot" if lang == "de" else "bot"
    assert bar["seats"] and all(bot in title for title in bar["seats"]), bar
    assert bar["height"] < 44 + bar["line"], bar  # one line of 44 px controls, not two
    assert max(bar["middles"]) - min(bar["middles"]) < 3, bar
    assert bar["right"] <= 1366, bar


_PLAYABLE = """() => ({
  decision: document.getElementById('decision').innerText,
  buttons: [...document.querySelectorAll('#decision button, #preview button')]
    .filter((b) => !b.disabled).map((b) => b.textContent),
  cards: [...document.querySelectorAll('#hand .card')].map((c) => [
    c.dataset.card, c.disabled, c.classList.contains('playable'), getComputedStyle(c).cursor]),
  figures: document.querySelectorAll('#board .figure.can-act').length,
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_a_refused_socket_nothing_in_the_decision_can_be_played(
    live: LiveServer, browser: Any, lang: str
) -> None:
    """Refused at the seat's own decision (the bid): no button is left that could no longer
    do anything; the decision says why, and the hand's cards do not look playable."""
    from totenblatt.web.shell.words import strings

    game = _new_game(live, ["human", "bot"], lang=lang)
    token = game["seats"][0]["token"]
    with httpx.Client(base_url=live.url) as http:
        my_turn(http, game["game_id"], token)  # the page opens at its own decision
    words = strings(lang)
    with _refused_page(browser, live, game, 1366) as page:
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.add_init_script(_COUNT_SENT)
        page.goto(_own_link(live, game, lang))
        page.wait_for_selector("#refused", timeout=5_000)
        view = _view(page)
        assert view["to_act"] == view["seat"] == 0 and view["choices"], view  # buttons, once
        page.click("#overlay .buttons button:last-child")  # close the dialog
        found = page.evaluate(_PLAYABLE)
        page.evaluate("window.__sent = []")  # the boot's POST is before
        page.keyboard.press("1")  # nor does a key play a card
        # the key's handlers (and the promises they start) have run by the next task
        sent = page.evaluate("() => new Promise((r) => setTimeout(() => r(window.__sent), 0))")
    assert sent == [], sent
    assert found["buttons"] == [], found
    assert words["connection_refused"] in found["decision"], found
    assert words["connection_refused_hint"] in found["decision"], found
    assert found["cards"] and all(
        disabled and not playable and cursor != "pointer"
        for _card, disabled, playable, cursor in found["cards"]
    ), found
    assert found["figures"] == 0, found
    with httpx.Client(base_url=live.url) as http:
        assert view_of(http, game["game_id"], token)["version"] == view["version"]
    assert not failures, failures


def _pass_action(view: dict[str, Any]) -> dict[str, Any]:
    """The action of the "pass" button of ``view`` (the seat's decision)."""
    choice = next(c for c in view["choices"] if c["group"] == "pass")
    action: dict[str, Any] = view["legal_actions"][choice["index"]]
    return action


def _watch_traffic(page: Any) -> tuple[list[Any], list[str]]:
    """The messages the page sends on its sockets, and the addresses it POSTs to."""
    sent: list[Any] = []
    posts: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(json.loads(data))))
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    return sent, posts


def test_an_action_leaves_the_page_by_its_socket_and_a_refusal_comes_back_on_it(
    live: LiveServer, page: Any
) -> None:
    """One way to act: a message on the seat's socket, never a POST. The views from the
    server are held back while the seat acts elsewhere, so the page's action is stale: the
    socket's refusal is shown, and once the views arrive the next action is played."""
    game = _new_game(live, ["human", "bot"])
    token = game["seats"][0]["token"]
    with httpx.Client(base_url=live.url) as http:
        start = my_turn(http, game["game_id"], token)  # the page opens at its own decision
    held: list[str] = []
    routes: list[Any] = []
    hold = {"on": True}

    def between(route: Any) -> None:
        server = route.connect_to_server()
        routes.append(route)

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if (
                hold["on"]
                and data.get("type", "view") == "view"
                and data["version"] > start["version"]
            ):
                held.append(str(message))  # a newer view: held back
            else:
                route.send(message)

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), between)
    sent, posts = _watch_traffic(page)
    page.goto(game["seats"][0]["url"])
    assert _wait_decision(page, -1)["version"] == start["version"]
    with httpx.Client(base_url=live.url) as http:  # the seat acts in another window
        played = http.post(
            f"/api/games/{game['game_id']}/actions?version={start['version']}",
            json=_pass_action(start),
            headers={"Authorization": f"Bearer {token}"},
        )
        assert played.status_code == 200, played.text
        moved = my_turn(http, game["game_id"], token)
    page.click("[data-choice=pass]")
    refusal = page.wait_for_selector("#decision .error").inner_text()
    assert f"version {start['version']}, it is at {moved['version']}" in refusal, refusal
    assert _view(page)["version"] == start["version"]
    assert held and len(routes) == 1
    hold["on"] = False  # the views reach the page: it acts again, and is let in
    for message in held:
        routes[0].send(message)
    assert _wait_decision(page, start["version"])["version"] == moved["version"]
    page.click("[data-choice=pass]")
    page.wait_for_function(f"() => window.totenblatt.view().version > {moved['version']}")
    assert not page.query_selector("#decision .error")
    assert [m for m in sent if m.get("type") == "action"] == [
        {"type": "action", "action": _pass_action(start), "version": start["version"]},
        {"type": "action", "action": _pass_action(moved), "version": moved["version"]},
    ]
    assert not [url for url in posts if "/actions" in url], posts


def test_the_page_reads_typed_socket_messages(live: LiveServer, page: Any) -> None:
    """Views sent as ``{"type": "view", ...}`` play as the untyped ones do (the server's own
    form today); a type the page does not know is left alone."""
    game = _new_game(live, ["human", "bot"])

    def typed(route: Any) -> None:
        server = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if "type" not in data:
                route.send(json.dumps({"type": "notice", "text": "not for this page"}))
                data = {"type": "view", **data}
            route.send(json.dumps(data, ensure_ascii=False))

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), typed)
    sent, _posts = _watch_traffic(page)
    page.goto(game["seats"][0]["url"])
    version = _wait_decision(page, -1)["version"]
    page.click("[data-choice=pass]")
    after = _wait_decision(page, version)  # known only from a typed view
    assert "type" not in after and after["to_act"] == after["seat"] == 0, after
    assert [m["type"] for m in sent] == ["action"]
