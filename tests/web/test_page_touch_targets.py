"""Every control of the table at least 44 × 44 px on a phone (390 × 844, touch; issue 42):
each visible button, link and the menu's entries; a checkbox by the label that holds it. On a
laptop (1366 × 768, a touch screen or not) the header's, the chat's and the game night's
controls too."""

from __future__ import annotations

import httpx
from browser_helpers import LAPTOP, PHONE, Pages, new_game, wait_decision
from web_helpers import LiveServer

_SMALL = """(scope) => {
  const shown = (n) => { const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden'; };
  const area = (n) => n.matches('input[type=checkbox]') ? (n.closest('label') || n) : n;
  const controls = [...document.querySelectorAll(
    'button, a[href], input[type=checkbox], [role=button]:not(.spot-g):not(.figure)')]
    .filter((n) => !n.closest('#board') && shown(n) && (!scope || n.closest(scope)));
  return controls.map((n) => { const r = area(n).getBoundingClientRect();
      return [n.id || n.className || n.tagName, n.textContent.trim().slice(0, 30),
              Math.round(r.width), Math.round(r.height)]; })
    .filter(([, , w, h]) => w < 44 - 0.5 || h < 44 - 0.5);
}"""


def test_every_control_of_the_phone_table_is_44_px(live: LiveServer, pages: Pages) -> None:
    game = new_game(live, ["human", "bot"], scenario="gangs")
    page = pages.open(PHONE, touch=True)
    page.goto(game["seats"][0]["url"])
    wait_decision(page, -1)
    assert page.evaluate(_SMALL, None) == []  # the sheet with the decision
    page.locator("#menu-button").tap()
    page.wait_for_selector("#menu:not([hidden])")
    assert page.evaluate(_SMALL, None) == []  # and the menu open


_LAPTOP_SCOPE = "#bar, #night, .chat"
"""The laptop's header (tools, language, menu), the game night (takeback, tape, rematch,
downloads, auto-pass) and the chat (emotes, send)."""


def test_the_header_chat_and_game_night_are_44_px_on_a_laptop(
    live: LiveServer, pages: Pages
) -> None:
    game = new_game(live, ["human", "bot"], scenario="gangs")
    for touch in (False, True):
        page = pages.open(LAPTOP, touch=touch)
        page.goto(game["seats"][0]["url"])
        wait_decision(page, -1)
        page.wait_for_selector("#night .btn")
        page.wait_for_selector(".chat form button")
        small = page.evaluate(_SMALL, _LAPTOP_SCOPE)
        assert small == [], (touch, small)


_COVERED = """(selector) => [...document.querySelectorAll(selector)].filter((n) => {
  n.scrollIntoView({ block: 'center' });
  const r = n.getBoundingClientRect();
  const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !top || !(top === n || n.contains(top));
}).map((n) => n.textContent.trim())"""
"""The controls of ``selector`` that a tap at their centre (each scrolled into view) misses."""


def test_the_lobby_and_the_rules_page_are_44_px_on_a_phone(live: LiveServer, pages: Pages) -> None:
    """The lobby's header, its games' "Watch", an invite's links and your games' "Rejoin",
    "Copy link", "QR code" and "Forget"; the rules page's and the tutorial page's header: 44 ×
    44 px touch targets on a phone, each reached by a tap at its centre."""
    new_game(live, ["human", "bot"])  # a row in the lobby's list of games
    page = pages.open(PHONE, touch=True)
    page.goto(f"{live.url}/")
    page.wait_for_selector("#games table a")
    page.select_option("#f-seat-1", "human")
    page.locator("#create-game").tap()
    page.wait_for_selector(".invites li[data-seat=spectator] a")
    page.wait_for_selector("#mine [data-rejoin]")
    assert page.evaluate(_SMALL, "#bar, #games, .invites, #mine") == []
    mine = page.evaluate(_COVERED, "#mine a.btn, #mine button")
    assert mine == [], mine
    for path in ("/rules", "/tutorial"):
        page.goto(f"{live.url}{path}")
        page.wait_for_selector("#bar #tools a")
        assert page.evaluate(_SMALL, "#bar") == [], path


def test_the_rules_contents_and_the_campaigns_home_link_are_44_px_on_a_phone(
    live: LiveServer, pages: Pages
) -> None:
    """The rules page's table of contents (17 px high before) and rulesets, the campaign
    pages' "Totenblatt" home link (19 px before): 44 × 44 px touch targets on a phone."""
    page = pages.open(PHONE, touch=True)
    page.goto(f"{live.url}/rules?lang=en")
    page.wait_for_selector("#rules .toc a")
    assert page.locator("#rules .toc a").count() > 3
    assert page.evaluate(_SMALL, "#rules .toc, #rules .lead") == []
    with httpx.Client(base_url=live.url) as http:
        made = http.post("/api/campaigns", json={"name": "Tombstone", "lang": "en"})
    assert made.status_code == 201, made.text
    for path in ("/campaigns?lang=en", str(made.json()["url"])):
        page.goto(path if path.startswith("http") else f"{live.url}{path}")
        page.wait_for_selector("#bar a.home")
        assert page.evaluate(_SMALL, "#bar") == [], path
