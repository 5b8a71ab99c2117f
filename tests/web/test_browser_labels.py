"""The figures' names and HP on the table in a real browser (Chromium): on the table, apart
from each other and off the inch marks, placed only by the page, apart when figures stand close.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browser_helpers import new_game as _new_game
from browser_helpers import own_link as _own_link
from browser_helpers import settled
from web_helpers import (
    LiveServer,
)

from totenblatt.wanted.table.scenario import load_scenario

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
