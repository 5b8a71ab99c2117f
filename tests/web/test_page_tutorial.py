"""The tutorial and the rules at hand, in German on a phone: the lessons are ticked off as they
are done, the panel says what to try next, and the words of the rules explain themselves."""

from __future__ import annotations

from typing import Any

from browser_helpers import PHONE, Pages, move_ready, screen, view, wait_decision
from web_helpers import LiveServer

from totenblatt.wanted.rules import Ruleset
from totenblatt.web.rules.rulebook import rule_terms
from totenblatt.web.rules.tutorial import HANDS
from totenblatt.web.shell.words import strings


def _lessons(page: Any) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#tutorial li')]
             .map((li) => [li.dataset.lesson, li.className]))"""
    )
    return found


def test_the_tutorial_in_german_ticks_off_swap_redraw_bid_and_move(
    live: LiveServer, pages: Pages
) -> None:
    words = strings("de")
    page = pages.open(PHONE, touch=True)
    page.goto(f"{live.url}/tutorial?lang=de")
    assert page.inner_text("#rules h1") == "Einführung"
    page.locator("#start-tutorial").tap()
    page.wait_for_selector("#tutorial li")
    v = wait_decision(page, -1)
    assert sorted(v["hand"]) == sorted(HANDS[0]) and v["phase"] == "swap"
    assert "now" in _lessons(page)["swap"]
    hint = page.inner_text("#tutorial .lesson-hint")
    assert hint.startswith("Versuche jetzt:") and "Totenblatt" in hint, hint
    page.locator("[data-choice=pass]").tap()  # the swap's lesson: keep the hand (or swap)
    v = wait_decision(page, v["version"])
    assert "done" in _lessons(page)["swap"]
    assert "now" in _lessons(page)["redraw"], _lessons(page)
    page.locator("#decision button", has_text=words["redraw"]).tap()
    page.locator('#hand [data-card="2♣"]').tap()  # one figure to pay: redrawn at once
    v = wait_decision(page, v["version"])
    assert "done" in _lessons(page)["redraw"]
    assert "2♣" not in v["hand"]
    for _ in range(20):  # bid when asked, then move
        if v["phase"] == "bid" and "bid" not in [
            k for k, c in _lessons(page).items() if "done" in c
        ]:
            assert "now" in _lessons(page)["bid"]
            page.locator('#hand [data-card="Q♦"]').tap()
        elif v["phase"] == "action":
            assert "now" in _lessons(page)["move"]
            page.locator('#hand [data-card="10♣"]').tap()
            page.locator("#zoom [data-zoom=fit]").tap()
            billy = next(f for f in v["figures"] if f["name"] == "Billy")
            x, y = screen(page, billy["position"])
            ahead = screen(page, [billy["position"][0], billy["position"][1] + 4])
            page.touchscreen.tap(x, y)  # Billy
            page.touchscreen.tap(*ahead)  # 4" ahead
            move_ready(page)
            page.locator("[data-confirm=move]").tap()
            v = wait_decision(page, v["version"])
            break
        else:
            page.locator("[data-choice=pass]").first.tap()
        v = wait_decision(page, v["version"])
    lessons = _lessons(page)
    assert all("done" in lessons[k] for k in ("swap", "redraw", "bid", "move")), lessons
    assert page.inner_text("#tutorial h2").lower().startswith("einführung · ")
    assert view(page)["lang"] == "de"


def test_the_words_of_the_rules_explain_themselves_in_german(
    live: LiveServer, pages: Pages
) -> None:
    """A hero type, an ability, a cover level and a range band: tapped, each says what it
    means, with the ruleset's numbers, in the page's language."""
    import httpx
    from web_helpers import create_game

    with httpx.Client(base_url=live.url) as http:
        game = create_game(http, ["human", "bot"], scenario="heroes", ruleset="extended", lang="de")
    page = pages.open(PHONE, touch=True, locale="de-DE")  # a German visitor: the page in German
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector("#seats .term")
    wait_decision(page, -1)  # the bot is done for now: nothing is pushed while we tap
    terms = rule_terms(Ruleset.load("extended"), "de")
    kind = page.locator('#seats .term[data-term="kind:veteran"]').first
    kind.scroll_into_view_if_needed()
    kind.tap()
    bubble = page.wait_for_selector("#explain")
    assert bubble.inner_text() == terms["kind:veteran"]
    assert "Haudegen: 8 HP (höchstens 8)" in terms["kind:veteran"]
    keys = page.evaluate(
        "() => [...document.querySelectorAll('#seats .term')].map((n) => n.dataset.term)"
    )
    assert any(k.startswith("ability:") for k in keys), keys
    ability = next(k for k in keys if k.startswith("ability:"))
    page.locator(f'#seats .term[data-term="{ability}"]').first.tap()
    assert page.inner_text("#explain") == terms[ability]
    page.locator("#bar h1").tap()  # a tap elsewhere closes it
    assert page.locator("#explain").count() == 0
    # the rules page, from the menu, in German with the ruleset's numbers
    page.locator("#menu-button").tap()
    with page.context.expect_page() as opened:
        page.locator("#menu #rules-link").tap()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.inner_text("#rules h1") == "Die Regeln (extended)"
    assert terms["cover:hard"] in rules.inner_text("#rules")


def test_a_render_that_changes_no_seat_keeps_the_seats_panel_under_the_finger(
    live: LiveServer, pages: Pages
) -> None:
    """The page draws itself again on every tap and push; the players' panel is only replaced
    when what it shows changed, so a word of the rules being tapped is not pulled away."""
    import httpx
    from web_helpers import create_game

    with httpx.Client(base_url=live.url) as http:
        game = create_game(http, ["human", "bot"], scenario="heroes", ruleset="extended", lang="de")
    page = pages.open(PHONE, touch=True, locale="de-DE")  # a German visitor: the page in German
    page.goto(game["seats"][0]["url"])
    v = wait_decision(page, -1)
    kept = "() => !!document.querySelector('#seats .seat-row').kept"  # a property, not markup
    page.evaluate("() => { document.querySelector('#seats .seat-row').kept = true; }")
    redraw = strings("de")["redraw"]
    page.locator("#decision button", has_text=redraw).tap()  # a mode: the page draws again
    page.locator("#decision button", has_text=strings("de")["cancel"]).tap()  # and again
    assert page.evaluate(kept)
    assert view(page)["version"] == v["version"]
    page.locator("[data-choice=pass]").first.tap()  # a decision: the seats show who acts now
    page.wait_for_function(f"() => !({kept})()")
