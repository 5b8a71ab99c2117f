"""Hands per figure (hand_mode per_character, D-5) in a heroes game: one group per own figure,
headed by its name and HP, holding exactly that figure's cards, the acting figure's first;
every card has a key of its own, and a key past 9 plays its card."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browser_helpers import (
    LAPTOP,
    PHONE,
    Pages,
    new_game,
    open_seat,
    view,
    wait_decision,
)
from web_helpers import LiveServer

_GROUPS = """() => [...document.querySelectorAll('#hand [data-figure-hand]')].map((g) => ({
  name: g.dataset.figureHand,
  head: g.querySelector('.fh-head').textContent,
  acting: g.classList.contains('acting'),
  cards: [...g.querySelectorAll('[data-card]')].map((c) => [c.dataset.card, c.dataset.key]),
  box: (() => { const r = g.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; })(),
}))"""


def _groups(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(_GROUPS)
    return found


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_heroes_game_shows_one_hand_per_figure(
    live: LiveServer, pages: Pages, size: dict[str, int]
) -> None:
    game = new_game(
        live, ["human", "bot"], scenario="heroes", ruleset="extended", hand_mode="per_character"
    )
    page = open_seat(pages, game, size, touch=size is PHONE)
    v = wait_decision(page, -1)
    own = {f["name"]: f for f in v["figures"] if f["seat"] == v["seat"]}
    groups = _groups(page)
    assert [g["name"] for g in groups if g["name"] in own] == [g["name"] for g in groups]
    assert sorted(g["name"] for g in groups) == sorted(v["figure_hands"]) == sorted(own)
    keys = []
    for g in groups:
        fig = own[g["name"]]
        assert g["name"] in g["head"] and f"{fig['hp']}/{fig['hp_max']}" in g["head"], g
        assert sorted(c for c, _ in g["cards"]) == sorted(v["figure_hands"][g["name"]]), g
        keys += [k for _, k in g["cards"]]
    assert len(keys) == len(v["hand"]) >= 25  # a veteran's 10 and four cowboys' 5
    assert all(keys) and len(set(keys)) == len(keys), keys  # every card reachable by a key
    for one, other in itertools.pairwise(groups):  # the groups do not overlap
        a, b = one["box"], other["box"]
        assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1]), (a, b)


def test_the_acting_figure_comes_first_and_a_key_past_nine_plays_its_card(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(
        live, ["human", "bot"], scenario="heroes", ruleset="extended", hand_mode="per_character"
    )
    page = open_seat(pages, game, LAPTOP)
    v = wait_decision(page, -1)
    for _ in range(40):  # to a bid with a diamond shown past the ninth card
        if v["is_over"]:
            pytest.fail("the game ended before a bid")
        order = [c for g in _groups(page) for c, _ in g["cards"]]
        bids = [a["card"] for a in v["legal_actions"] if a["type"] == "bid"]
        diamonds = [c for c in bids if bids.count(c) == 1]  # one way to bid it: no question
        late = [i for i, c in enumerate(order) if c in diamonds and i >= 9]
        if v["phase"] == "bid" and late:
            break
        page.click("[data-choice=pass]")
        v = wait_decision(page, v["version"])
    else:
        pytest.fail("no bid with a diamond past the ninth card")
    groups = _groups(page)
    card, key = next((c, k) for g in groups for c, k in g["cards"] if c == order[late[0]])
    assert key not in "123456789", key
    page.keyboard.press(key if key.islower() or key.isdigit() else f"Shift+{key}")
    after = wait_decision(page, v["version"])
    mine = [e for e in after["events"] if e["type"] == "bid_placed" and e["seat"] == v["seat"]]
    assert mine and mine[-1]["card"] == card, (card, key, mine)
    # the figure selected acts: its hand comes first
    name = groups[-1]["name"]
    page.evaluate(
        """(name) => document.querySelector(`[data-figure="${name}"]`)
          .dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}))""",
        name,
    )
    page.wait_for_function(
        "(name) => document.querySelector('#hand [data-figure-hand]').dataset.figureHand === name",
        arg=name,
    )
    first = _groups(page)[0]
    assert first["name"] == name and first["acting"], first
    assert view(page)["figure_hands"][name]
