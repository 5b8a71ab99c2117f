"""The table on a laptop and a desktop (1,280 to 1,920 px wide): a header whose pills are never
cut and never meet, a disabled Move button that looks disabled, no primary "Fire" for a shot
that cannot hit, terrain names beside their pieces and off the figures' labels, and a figure
drawn out exactly when the view says so (at 0 HP it is still in the game, A11)."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from browser_helpers import (
    DESKTOP,
    LAPTOP,
    Pages,
    meet,
    new_game,
    open_seat,
    screen,
    settled,
    view,
    wait_decision,
)
from web_helpers import LiveServer, view_of

from totenblatt.wanted.table.scenario import builtin_scenarios

_HEADER = """() => {
  const bar = document.getElementById('bar');
  const parts = [...bar.querySelectorAll('h1, #status > *, #tools > *')]
    .filter((n) => n.getBoundingClientRect().width > 0);
  const box = (n) => { const r = n.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return {
    height: bar.getBoundingClientRect().height,
    line: document.querySelector('#status .pill').getBoundingClientRect().height,
    boxes: parts.map((n) => [n.textContent, box(n)]),
    cut: parts.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent),
  };
}"""


def _dealt_by(live: LiveServer, scenario: str, lang: str, seats: list[str]) -> dict[str, Any]:
    """A game whose dealer is a bot with a long name ("Spieler 2 (starker Bot)")."""
    import httpx
    from web_helpers import create_game, view_of

    with httpx.Client(base_url=live.url) as http:
        for _ in range(10):
            game = create_game(http, seats, scenario=scenario, ruleset="extended", lang=lang)
            if view_of(http, game["game_id"], game["seats"][0]["token"], lang)["dealer"] != 0:
                return game
    raise AssertionError("no game dealt by a bot in ten")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [1280, 1366, 1920])
@pytest.mark.parametrize("scenario", builtin_scenarios())
def test_nothing_in_the_header_is_cut_or_overlaps(
    live: LiveServer, pages: Pages, scenario: str, width: int, lang: str
) -> None:
    seats = ["human", "ismcts", "random"][: 3 if scenario == "three-way" else 2]
    game = _dealt_by(live, scenario, lang, seats)
    size = {"width": width, "height": 768 if width < 1900 else 1080}
    locale = "de-DE" if lang == "de" else "en-US"  # the visitor's language
    page = open_seat(pages, game, size, locale=locale)
    page.wait_for_selector("#status .pill.seat")
    # measured online: a "connection lost" pill (a socket reconnecting on a busy machine)
    # takes its room from the seats' pills by design
    page.wait_for_function("() => !document.querySelector('#tools .pill')")
    # the widest header a game reaches, whatever the bots did meanwhile: the long-named bot
    # deals and holds the initiative, and the dead man's hand is taken ("Totenblatt genommen")
    with httpx.Client(base_url=live.url) as http:
        worst = view_of(http, game["game_id"], game["seats"][0]["token"], lang)
    worst.update(dealer=1, active=1, dead_hand_taken=True)
    draw = "async (v) => { const { renderStatus } = await import('/static/js/panels.js');"
    draw += " renderStatus(document.getElementById('status'), v); return (" + _HEADER + ")(); }"
    bar = page.evaluate(draw, worst)  # drawn and measured at once: no push comes between
    assert bar["height"] < 44 + bar["line"], bar  # one line of 44 px controls, not two
    assert not bar["cut"], bar  # no pill, no title cut by an ellipsis
    for (one, a), (other, b) in itertools.combinations(bar["boxes"], 2):
        assert not meet(a, b, slack=0), (one, a, other, b)
    assert max(b[2] for _, b in bar["boxes"]) <= width


def test_a_move_that_cannot_be_made_has_a_move_button_that_looks_disabled(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "bot"])
    page = open_seat(pages, game, LAPTOP)
    v = wait_decision(page, -1)
    while v["phase"] != "action":
        page.click("[data-choice=pass]")
        v = wait_decision(page, v["version"])
    billy = next(f for f in v["figures"] if f["name"] == "Billy")
    x, y = screen(page, billy["position"])
    page.mouse.click(x, y)  # select Billy, then a point far beyond any club
    gx, gy = screen(page, [billy["position"][0], billy["position"][1] + 30])
    page.mouse.click(gx, gy)
    button = page.wait_for_selector("[data-confirm=move]")
    assert button.is_disabled()
    looks = page.evaluate(
        """() => { const b = document.querySelector('[data-confirm=move]');
          const s = getComputedStyle(b);
          const cancel = getComputedStyle(b.nextElementSibling);
          return [s.cursor, s.borderStyle, s.backgroundColor, s.color, cancel.backgroundColor]; }"""
    )
    cursor, border, background, colour, enabled_background = looks
    assert cursor == "not-allowed" and border == "dashed", looks
    assert background not in ("rgb(138, 90, 51)", enabled_background), looks  # not the wood
    assert colour != "rgb(255, 255, 255)", looks


_ATTACK = """async (options) => {
  const { renderAttack } = await import('/static/js/panels.js');
  const node = document.createElement('section');
  document.body.append(node);
  const preview = { attacker: 'Billy', target: 'Paco', distance: 20, band: 3, band_limit: 24,
    modifier: -1, line_of_fire: true, cover: 'hard', target_hidden: false, reason: null, options };
  renderAttack(node, preview, null, () => {}, null);
  const out = [...node.querySelectorAll('[data-fire]')].map((b) =>
    [b.dataset.fire, b.classList.contains('primary')]);
  const hopeless = !!node.querySelector('.hopeless');
  node.remove();
  return { out, hopeless };
}"""


def _option(card: str, hit: float) -> dict[str, Any]:
    return {"card": card, "hit": hit, "expected": hit, "kill": 0, "wounds": [[0, 1 - hit]],
            "action": {"type": "attack"}, "wild": False}  # fmt: skip


def test_a_shot_that_cannot_hit_gets_no_primary_fire_button(live: LiveServer, pages: Pages) -> None:
    page = pages.open(LAPTOP)
    page.goto(f"{live.url}/?lang=en")
    none = page.evaluate(_ATTACK, [_option("2♠", 0.0), _option("3♠", 0.0)])
    assert none == {"out": [["2♠", False], ["3♠", False]], "hopeless": True}, none
    some = page.evaluate(_ATTACK, [_option("2♠", 0.0), _option("K♠", 0.4)])
    assert some == {"out": [["2♠", False], ["K♠", True]], "hopeless": False}, some


_DRAW = """async (figures) => {
  const { Board } = await import('/static/js/board.js');
  const ns = 'http://www.w3.org/2000/svg';
  const root = document.createElementNS(ns, 'svg');
  root.setAttribute('viewBox', '0 0 24 36');
  root.setAttribute('width', '480');
  root.setAttribute('height', '720');
  for (const id of ['marks', 'figures', 'ruler']) {
    const g = document.createElementNS(ns, 'g'); g.id = id; root.append(g);
  }
  document.body.append(root);
  const board = new Board(root, { width: 24, height: 36, base: 1 }, {});
  board.update(figures);
  return [...root.querySelectorAll('.figure')]
    .map((g) => [g.dataset.figure, g.getAttribute('class')]);
}"""


def test_a_figure_is_drawn_out_exactly_when_the_view_says_so(
    live: LiveServer, pages: Pages
) -> None:
    """A11: at 0 HP a figure is still in the game (the next wound takes it out): drawn alive
    with a warning ring; out when the view says out, whatever its HP."""
    page = pages.open(LAPTOP)
    page.goto(f"{live.url}/?lang=en")
    base = {"seat": 0, "kind": "cowboy", "hp_max": 6, "hidden": False, "abilities": []}
    figures = [
        {**base, "name": "Alive", "position": [4, 4], "hp": 3, "out": False},
        {**base, "name": "Last", "position": [10, 10], "hp": 0, "out": False},
        {**base, "name": "Gone", "position": [16, 16], "hp": 0, "out": True},
    ]
    classes = dict(page.evaluate(_DRAW, figures))
    assert "out" not in classes["Alive"].split() and "last" not in classes["Alive"].split()
    assert "last" in classes["Last"].split() and "out" not in classes["Last"].split()
    assert "out" in classes["Gone"].split()


_TERRAIN = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const names = [...document.querySelectorAll('#terrain-names .terrain-name')].map((n) => ({
    name: n.dataset.names, building: n.classList.contains('building'), box: box(n) }));
  const pieces = Object.fromEntries([...document.querySelectorAll('#terrain .terrain')]
    .map((g) => [g.dataset.terrain, box(g.querySelector('polygon'))]));
  const labels = [...document.querySelectorAll('.figure:not(.out) .label, .figure:not(.out) .hp')]
    .map((n) => [n.closest('.figure').dataset.figure, box(n)]);
  return { names, pieces, labels };
}"""


@pytest.mark.parametrize("scenario", builtin_scenarios())
def test_terrain_names_lie_beside_their_pieces_and_off_the_figures_labels(
    live: LiveServer, pages: Pages, scenario: str
) -> None:
    ruleset = "extended" if scenario == "heroes" else "base"
    seats = ["human", "bot", "bot"][: 3 if scenario == "three-way" else 2]
    game = new_game(live, seats, scenario=scenario, ruleset=ruleset)
    page = open_seat(pages, game, DESKTOP)
    settled(page)
    found = page.evaluate(_TERRAIN)
    small = [n for n in found["names"] if not n["building"]]
    assert found["names"], found
    for name in small:  # the name of a wagon, crates, barrels: beside it, not on it
        assert not meet(name["box"], found["pieces"][name["name"]], slack=1), name
    for name in found["names"]:
        for figure, label in found["labels"]:
            assert not meet(name["box"], label, slack=1), (name, figure, label)
    assert view(page)["scenario"] == scenario
