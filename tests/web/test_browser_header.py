"""The table's header in a real browser (Chromium): one line at 1366 px, the title whole
beside long bot names, refused or connected.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_helpers import new_game as _new_game
from browser_helpers import own_link as _own_link
from browser_helpers import refused_page as _refused_page
from browser_helpers import view as _view
from web_helpers import (
    LiveServer,
    create_game,
    view_of,
)

from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario


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
