"""The table on a phone (390 × 844, touch) and an upright tablet (768 × 1024): a whole duel by
tapping, hit areas of 44 px, the board and the decision in view together, a one-line header
whose tools fold into a menu, zoom by buttons and by pinching."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import (
    BOXES,
    PHONE,
    SPOT_POINTS,
    TABLET,
    Pages,
    bid_card,
    first_action,
    meet,
    move_ready,
    new_game,
    open_seat,
    screen,
    shortest_move,
    view,
    wait_decision,
    whole_table,
)
from web_helpers import LiveServer, seed_counter, served

from totenblatt.web import ServerSettings

_IN_VIEW = """(what) => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const b = box('board'), r = box('right');
  const d = document.querySelector(what).getBoundingClientRect();
  return { board: [b.top, b.bottom, b.width], decision: [d.top, d.bottom], sheet: [r.top, r.bottom],
           height: innerHeight, width: innerWidth, scroll: document.scrollingElement.scrollTop };
}"""

_LOCALE = {"en": "en-US", "de": "de-DE"}
"""A browser's language: a table link without ``lang`` speaks its visitor's (issue 42)."""


def _assert_board_and_decision_in_view(
    page: Any, what: str = "#decision", whole: bool = False
) -> None:
    """The board fills the width at the top, the sheet below it holds ``what`` in view (its
    top, or ``whole`` of it)."""
    seen = page.evaluate(_IN_VIEW, what)
    height, width = seen["height"], seen["width"]
    top, bottom, board_width = seen["board"]
    assert seen["scroll"] == 0, seen  # the page itself does not scroll
    assert board_width >= width - 1 and top < 80 and bottom - top > 0.4 * height, seen
    assert seen["sheet"][0] >= bottom - 1 and seen["sheet"][1] <= height + 1, seen
    top, bottom = seen["decision"]
    assert seen["sheet"][0] - 1 <= top <= height - 48, seen
    assert not whole or bottom <= height + 1, seen


def _tap(page: Any, point: list[float]) -> None:
    x, y = screen(page, point)
    page.touchscreen.tap(x, y)


def _act_by_tapping(page: Any, v: dict[str, Any], done: dict[str, int]) -> None:
    """One decision as a person makes it on a phone: cards, figures, spots and buttons tapped."""
    legal = v["legal_actions"]
    phase = v["phase"]
    if phase == "bid" and (diamond := bid_card(v)):
        page.locator(f'#hand [data-card="{diamond}"]').tap()
        done["bid"] += 1
        return
    if phase == "defend" and page.locator("[data-choice=defend]").count():
        page.locator("[data-choice=defend]").first.tap()
        done["defend"] += 1
        return
    if phase == "fate":
        page.locator("[data-choice=keep]").tap()
        return
    if phase == "action":
        attacks = [a for a in legal if a["type"] == "attack"]
        if attacks:
            target = next(f for f in v["figures"] if f["name"] == attacks[0]["target"])
            _tap(page, target["position"])
            page.wait_for_selector("[data-fire]")
            page.locator("[data-fire]").first.tap()
            done["attack"] += 1
            return
        if move := shortest_move(v):
            step, figure = move
            _tap(page, figure["position"])  # select it: the suggested spots appear
            page.wait_for_selector("#spots .spot-g")
            spots = page.evaluate(SPOT_POINTS)
            goal = step["path"][-1]
            spot = min(spots, key=lambda p: (p[0] - goal[0]) ** 2 + (p[1] - goal[1]) ** 2)
            _tap(page, spot)
            move_ready(page, timeout=10_000)
            # the planned move's preview and its Move button with the board
            _assert_board_and_decision_in_view(page, "[data-confirm=move]", whole=True)
            page.locator("[data-confirm=move]").tap()
            done["move"] += 1
            return
    page.locator("[data-choice=pass]").first.tap()


def test_a_whole_duel_by_tapping_on_a_phone(sqlite_url: str, pages: Pages) -> None:
    """Swap, bid, move (tap the figure, tap a spot, Move), shoot and defend by touch at
    390 × 844; the board and the decision stay in view together the whole time."""
    with served(ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter(1002))) as live:
        page = pages.open(PHONE, touch=True)
        done = {"bid": 0, "move": 0, "attack": 0, "defend": 0}
        for _ in range(3):  # fixed seeds: at most three duels until every kind was played
            game = new_game(live, ["human", "bot"])
            page.goto(game["seats"][0]["url"])
            whole_table(page)
            version = -1
            for _ in range(400):
                v = wait_decision(page, version)
                if v["is_over"]:
                    break
                version = v["version"]
                _assert_board_and_decision_in_view(page)
                _act_by_tapping(page, v, done)
            else:
                raise AssertionError("the duel did not end within 400 decisions")
            page.wait_for_selector("#replay")
            if all(done.values()):
                break
        assert all(done.values()), done


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_every_figure_and_spot_has_a_hit_area_of_44_px(
    live: LiveServer, pages: Pages, size: dict[str, int]
) -> None:
    """At the fitting zoom and at the whole table, every living figure's and every suggested
    spot's hit area is at least 44 × 44 CSS px, and a tap 18 px beside a figure reaches it."""
    page, v, mine = first_action(live, pages, size, touch=True)
    for zoom in ("fit", "whole"):
        if zoom == "whole":
            whole_table(page)
        else:
            page.locator("#zoom [data-zoom=fit]").tap()
        x, y = screen(page, mine["position"])
        page.touchscreen.tap(x + 18, y)
        page.wait_for_selector(f'[data-figure="{mine["name"]}"].selected')
        page.wait_for_selector("#spots .spot-g")
        figures = page.evaluate(BOXES, "#figures .figure:not(.out) .hit")
        spots = page.evaluate(BOXES, "#spots .spot-g .hit")
        assert len(figures) == len(v["figures"]) and len(spots) >= 3, (figures, spots)
        for box in figures + spots:
            assert box[2] - box[0] >= 44 - 0.5 and box[3] - box[1] >= 44 - 0.5, (zoom, box)
        page.touchscreen.tap(x, y)  # a second tap lets go of it
        page.wait_for_selector(f'[data-figure="{mine["name"]}"]:not(.selected)')


_HEADER = """() => {
  const bar = document.getElementById('bar');
  const parts = [...bar.querySelectorAll('h1, #status > *, #tools > *')]
    .filter((n) => getComputedStyle(n).display !== 'none' && n.getBoundingClientRect().width > 0);
  const box = (n) => { const r = n.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return {
    height: bar.getBoundingClientRect().height,
    boxes: parts.map((n) => [n.id || n.className || n.tagName, box(n)]),
    cut: parts.filter((n) => n.matches('.pill') && n.scrollWidth > n.clientWidth + 1)
      .map((n) => n.textContent),
    right: Math.max(...parts.map((n) => box(n)[2])),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_header_is_one_line_and_the_rest_is_in_the_menu(
    live: LiveServer, pages: Pages, size: dict[str, int], lang: str
) -> None:
    game = new_game(live, ["human", "ismcts", "random"], scenario="three-way", lang=lang)
    locale = _LOCALE[lang]  # the page speaks the visitor's
    page = open_seat(pages, game, size, touch=True, locale=locale)
    page.wait_for_selector("#status .pill.round")
    bar = page.evaluate(_HEADER)
    assert bar["height"] <= 56, bar  # one line
    assert bar["right"] <= size["width"], bar
    assert not bar["cut"], bar
    for (one, a), (other, b) in zip(bar["boxes"], bar["boxes"][1:], strict=False):
        assert not meet(a, b, slack=0), (one, a, other, b)
    assert page.locator("#tools a[hreflang]").is_hidden()  # folded into the menu
    page.locator("#menu-button").tap()
    menu = page.locator("#menu")
    assert menu.is_visible()
    assert menu.locator("a[hreflang]").is_visible()
    assert menu.locator(".menu-status .pill.pile").count() == 3  # the piles, in words
    words = menu.inner_text()
    assert ("Totenblatt" if lang == "de" else "Dead man's hand") in words, words
    page.locator("#menu a[hreflang]").tap()
    page.wait_for_selector(f"html[lang={'en' if lang == 'de' else 'de'}]")


_VIEWBOX = "() => document.getElementById('board').getAttribute('viewBox').split(' ').map(Number)"

_PINCH = """([a, b, c, d]) => {
  const svg = document.getElementById('board');
  const send = (type, id, [x, y]) => svg.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
    isPrimary: id === 11 }));
  send('pointerdown', 11, a); send('pointerdown', 12, b);
  for (let i = 1; i <= 5; i++) {
    const mix = (p, q) => [p[0] + (q[0] - p[0]) * i / 5, p[1] + (q[1] - p[1]) * i / 5];
    send('pointermove', 11, mix(a, c)); send('pointermove', 12, mix(b, d));
  }
  send('pointerup', 11, c); send('pointerup', 12, d);
}"""


def test_the_board_zooms_by_buttons_and_pinch_and_pans_by_a_drag(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "bot"])
    page = open_seat(pages, game, PHONE, touch=True)
    page.wait_for_selector("#status .pill.round")
    # it opens framing the seat's figure and the enemy (issue 42); ⤢ shows the table's width
    opened = page.evaluate(_VIEWBOX)
    v = view(page)
    height = float(page.evaluate("document.getElementById('board').dataset.height"))
    for f in v["figures"]:
        x, y = f["position"][0], height - f["position"][1]
        assert opened[0] <= x <= opened[0] + opened[2], (f, opened)
        assert opened[1] <= y <= opened[1] + opened[3], (f, opened)
    page.locator("#zoom [data-zoom=fit]").tap()
    fit = page.evaluate(_VIEWBOX)
    assert abs(fit[2] - (24 + 0.9)) < 0.05, fit  # the table's width fills the screen's
    page.locator("#zoom [data-zoom=in]").tap()
    zoomed = page.evaluate(_VIEWBOX)
    assert zoomed[2] < fit[2] / 1.3, (fit, zoomed)
    box = page.locator("#board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate(_PINCH, [[cx - 40, cy], [cx + 40, cy], [cx - 120, cy], [cx + 120, cy]])
    pinched = page.evaluate(_VIEWBOX)
    assert pinched[2] < zoomed[2] / 2, (zoomed, pinched)  # spread apart: closer
    # a drag on the empty board pans (the mouse, here: the same pointer events)
    page.mouse.move(cx, cy + 60)
    page.mouse.down()
    page.mouse.move(cx + 80, cy + 60, steps=5)
    page.mouse.up()
    panned = page.evaluate(_VIEWBOX)
    assert panned[0] < pinched[0] - 1 and abs(panned[2] - pinched[2]) < 0.01, (pinched, panned)
    page.locator("#zoom [data-zoom=fit]").tap()
    assert page.evaluate(_VIEWBOX)[2] == pytest.approx(fit[2], abs=0.01)


_ROWS = """() => [...document.querySelectorAll('#hand [data-figure-hand]')].map((g) => {
  const head = g.querySelector('.fh-head').getBoundingClientRect();
  const cards = g.querySelector('.fh-cards');
  return { name: g.dataset.figureHand, folded: g.classList.contains('folded'),
           count: g.querySelector('.fh-count')?.textContent || '',
           cardsShown: cards.getBoundingClientRect().height > 0,
           rowTop: [...cards.querySelectorAll('.card')].map((c) => Math.round(c.offsetTop)),
           head: [Math.round(head.width), Math.round(head.height)] };
})"""


def test_per_figure_hands_fold_to_a_row_each_on_a_phone(
    live: LiveServer, pages: Pages, tmp_path: Any
) -> None:
    """Per character (D-5) on a phone: a row per figure, the acting (first) figure's open, the
    others folded to their name, HP and count; a tap on a folded head opens it."""
    game = new_game(
        live, ["human", "bot"], scenario="heroes", ruleset="extended", hand_mode="per_character"
    )
    page = open_seat(pages, game, PHONE, touch=True)
    v = wait_decision(page, -1)
    rows = page.evaluate(_ROWS)
    assert len(rows) == len(v["figure_hands"]) >= 2, rows
    assert [r["folded"] for r in rows] == [False] + [True] * (len(rows) - 1), rows
    for row in rows:
        assert str(len(v["figure_hands"][row["name"]])) in row["count"], row
        assert row["cardsShown"] != row["folded"], row
        assert row["head"][1] >= 44, row  # a head is a 44 px target
        assert len(set(row["rowTop"])) <= 1, row  # one row of cards, not wrapped
    page.evaluate("document.getElementById('hand-wrap').scrollIntoView()")
    page.screenshot(path=str(tmp_path / "hands.png"))
    other = rows[1]["name"]
    page.locator(f'[data-figure-hand="{other}"] .fh-head').tap()
    page.wait_for_selector(f'[data-figure-hand="{other}"]:not(.folded) .fh-cards .card')
    assert page.get_attribute(f'[data-figure-hand="{other}"] .fh-head', "aria-expanded") == "true"
