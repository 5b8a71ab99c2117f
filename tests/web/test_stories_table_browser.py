"""The seed's six worked examples played through the page with real cards (issue 43).

A story in table-cards mode (German): the game master on a desktop, Trevor's and Diana's
players on their own screens; each side taps the cards it drew from its real 13-card
pile on the 44 px suit × value grid, and the outcome is the seed's (and the core's).
Chromium by path as in ``test_stories_browser.py``; the test waits for states only.
"""

from __future__ import annotations

from typing import Any

import httpx
from story_helpers import bearer
from test_stories_browser import (
    DESK,
    PHONE,
    Screen,
    add_character,
    player_url,
    small_targets,
    story_screens,
)

from totenblatt.rpg import resolve_probe


def _id(screen: Screen, name: str) -> str:
    p = screen.payload()
    return str(next(c["character_id"] for c in p["characters"] if c["name"] == name))


def _call(gm: Screen, who: str, skill: str, *, difficulty: int | None = None,
          against: str | None = None, against_skill: str = "",
          shifts: tuple[tuple[str, int, str], ...] = ()) -> int:  # fmt: skip
    n = len(gm.payload()["tests"])
    gm.keep("call-who", _id(gm, who))
    gm.keep("call-skill", skill)
    if difficulty is not None:
        gm.keep("call-kind", "difficulty")
        gm.page.wait_for_selector('[data-keep="call-difficulty"]')
        gm.keep("call-difficulty", str(difficulty))
    else:
        assert against is not None
        gm.keep("call-kind", "character")
        gm.page.wait_for_selector('[data-keep="call-against"]')
        gm.keep("call-against", _id(gm, against))
        gm.keep("call-against-skill", against_skill)
    for side, by, reason in shifts:
        gm.page.click("button.add-shift")
        row = gm.page.locator(".shift-row").last.get_attribute("data-row")
        gm.keep(f"shift-side-{row}", side)
        gm.keep(f"shift-by-{row}", str(by))
        gm.keep(f"shift-reason-{row}", reason)
    gm.page.click("form.call-test button[type=submit]")
    gm.until(f"p.tests.length === {n + 1}")
    return n  # the test's index


def _enter(screen: Screen, side: str, cards: list[str], index: int) -> None:
    """Tap the cards on the grid of ``side``, then enter them."""
    screen.until(f"p.tests[{index}].can.draw.includes({side!r})")
    grid = f'.card-grid[data-side="{side}"]'
    for card in cards:
        screen.press(f'{grid} button[data-card="{card}"]')
        screen.page.wait_for_selector(f'{grid} button[data-card="{card}"][aria-pressed="true"]')
    screen.press(f"{grid} button.enter-cards")
    screen.until(f"p.tests[{index}].drawn.{side}")


def _joker(screen: Screen, card: str, index: int) -> None:
    screen.until(f"p.tests[{index}].can.joker")
    grid = '.card-grid[data-side="joker"]'
    screen.press(f'{grid} button[data-card="{card}"]')
    screen.page.wait_for_selector(f'{grid} button[data-card="{card}"][aria-pressed="true"]')
    screen.press(f"{grid} button.enter-cards")


def _done(gm: Screen, index: int, keeper: Screen | None = None) -> dict[str, Any]:
    t = gm.until(f"p.tests[{index}].drawn.player && p.tests[{index}].drawn.opponent")
    test: dict[str, Any] = t["tests"][index]
    if test["status"] == "drawing" and keeper is not None:  # failing: keeps it, no joker
        keeper.until(f"p.tests[{index}].can.stop")
        keeper.press("button.stop")
    done: dict[str, Any] = gm.until(f"p.tests[{index}].status === 'done'")["tests"][index]
    return done


def _core(test: dict[str, Any], jokers: int = 0) -> None:
    s = test["sides"]
    core = resolve_probe(
        s["player"]["level"], s["opponent"]["level"], jokers=jokers,
        player_cards=test["cards"]["player"], opponent_cards=test["cards"]["opponent"],
    )  # fmt: skip
    assert (test["outcome"], test["margin"]) == (core.outcome.value, core.margin)


def test_the_six_worked_examples_with_real_cards(browser: Any, sqlite_url: str) -> None:
    with story_screens(browser, sqlite_url) as (live, open_screen):
        gm = open_screen(DESK)
        gm.page.goto(f"{live.url}/stories?lang=de")
        gm.page.fill("input[name=name]", "Kiez mit echten Karten")
        gm.page.select_option("select[name=cards]", "table")
        gm.page.click("form.create button[type=submit]")
        gm.page.click("text=Zum Spielleiterschirm")
        p = gm.until("p.viewer.role === 'gm'")
        assert p["cards"] == "table" and "#token=" in gm.page.url and "?token=" not in gm.page.url
        add_character(gm, "Trevor", {"Sportlichkeit": 2})
        add_character(gm, "Diana", {"Handliches Gemetzel": 3})
        add_character(gm, "Rafael", {"Handliches Gemetzel": 3, "Handliche Wummen": 2}, npc=True)
        add_character(gm, "Ronny", {"Handliches Gemetzel": 5}, npc=True)
        trevor = open_screen(PHONE, touch=True)
        trevor.page.goto(player_url(gm, "Trevor"))
        trevor.until("p.viewer.role === 'player'")
        diana = open_screen({"width": 1024, "height": 800})
        diana.page.goto(player_url(gm, "Diana"))
        diana.until("p.viewer.role === 'player'")

        # 1. Trevor, Sportlichkeit 2, against a wall of 2: a jack against a nine
        i = _call(gm, "Trevor", "Sportlichkeit", difficulty=2)
        t = trevor.until(f"!!p.tests[{i}].odds")["tests"][i]
        assert t["odds"]["success"] == "7/13"  # the odds before the draw stay
        assert not small_targets(trevor), small_targets(trevor)  # the grid: 44 px targets
        _enter(trevor, "player", ["J♠"], i)
        _enter(gm, "opponent", ["9♥"], i)
        t = _done(gm, i)
        assert (t["cards"], t["outcome"]) == ({"player": [11], "opponent": [9]}, "success")
        _core(t)

        # 2. the wet, dark wall of 3: 8 against 5 + 7, Trevor keeps it: failed by 4, light
        i = _call(gm, "Trevor", "Sportlichkeit", difficulty=3)
        _enter(gm, "opponent", ["5♣", "7♦"], i)
        _enter(trevor, "player", ["8♠"], i)
        t = _done(gm, i, trevor)
        assert (t["outcome"], t["margin"], t["wound"]) == ("failure", 4, "light")
        _core(t)
        assert gm.payload()["characters"][0]["wounds"]["light"] == 1

        # 3. the same fall, and Trevor spends his joker: 8 + 5 = 13 against 12
        i = _call(gm, "Trevor", "Sportlichkeit", difficulty=3)
        _enter(trevor, "player", ["8♠"], i)
        _enter(gm, "opponent", ["5♣", "7♦"], i)
        _joker(trevor, "5♥", i)
        t = gm.until(f"p.tests[{i}].status === 'done'")["tests"][i]
        assert (t["outcome"], t["cards"]["player"], t["jokers_spent"]) == ("success", [8, 5], 1)
        _core(t, jokers=1)

        # 4. Diana against Rafael, both Handliches Gemetzel 3: 10 against 7, Rafael light
        i = _call(gm, "Diana", "Handliches Gemetzel", against="Rafael",
                  against_skill="Handliches Gemetzel")  # fmt: skip
        _enter(diana, "player", ["10♥"], i)
        _enter(gm, "opponent", ["7♠"], i)
        t = _done(gm, i, diana)
        assert (t["outcome"], t["wound"]) == ("success", "light")
        _core(t)
        assert t["wounded"] == int(_id(gm, "Rafael"))

        # 5. Rafael's revolver up to 3, Diana's club down to 2: ace against J + 2, normal
        i = _call(gm, "Diana", "Handliches Gemetzel", against="Rafael",
                  against_skill="Handliche Wummen",
                  shifts=(("opponent", 1, "Revolver gegen Totschläger"),
                          ("player", -1, "Totschläger gegen Revolver")))  # fmt: skip
        _enter(diana, "player", ["A♦"], i)
        _enter(gm, "opponent", ["J♣", "2♠"], i)
        t = _done(gm, i, diana)
        assert (t["outcome"], t["margin"], t["wound"]) == ("failure", 12, "normal")
        _core(t)
        log = diana.until(f"p.tests[{i}].status === 'done'")["log"]
        assert "Rafael: Stufe 2 → 3 (+1 Revolver gegen Totschläger)." in log

        # 6. Ronny, trained to 5, against Diana's 3: 3 against K + Q + A = 26, a fat wound
        i = _call(gm, "Diana", "Handliches Gemetzel", against="Ronny",
                  against_skill="Handliches Gemetzel")  # fmt: skip
        _enter(gm, "opponent", ["K♠", "Q♥", "A♣"], i)
        _enter(diana, "player", ["3♦"], i)
        t = _done(gm, i, diana)
        assert (t["outcome"], t["margin"], t["wound"]) == ("failure", 23, "fat")
        _core(t)
        sheet = next(c for c in diana.payload()["characters"] if c["name"] == "Diana")
        assert sheet["out"]  # Fallobst
        assert any("Fallobst" in line for line in diana.payload()["log"])

        # a card twice in one side's pile is refused with what is expected
        story = gm.payload()["story_id"]
        token = gm.page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
        i = _call(gm, "Trevor", "Sportlichkeit", difficulty=3)
        test_id = gm.payload()["tests"][i]["test_id"]
        answer = httpx.post(
            f"{live.url}/api/stories/{story}/tests/{test_id}/draw",
            json={"side": "opponent", "cards": ["5♣", "5♥"]},
            headers=bearer(token),
        )
        assert answer.status_code == 422 and "'5♥' twice" in answer.json()["error"], answer.text


def test_a_blind_test_and_a_missing_skill_on_the_page(browser: Any, sqlite_url: str) -> None:
    with story_screens(browser, sqlite_url) as (live, open_screen):
        gm = open_screen(DESK)
        made = httpx.post(f"{live.url}/api/stories", json={"name": "Kiez", "lang": "de"}).json()
        api = f"{live.url}/api/stories/{made['story_id']}"
        gm_key = bearer(made["gm_token"])
        added = httpx.post(
            f"{api}/characters", json={"name": "Trevor", "skills": {"Sportlichkeit": 2}},
            headers=gm_key,
        ).json()  # fmt: skip
        gm.page.goto(made["url"])
        gm.until("p.viewer.role === 'gm' && p.characters.length === 1")
        trevor = open_screen(PHONE, touch=True)
        trevor.page.goto(added["url"])
        trevor.until("p.viewer.role === 'player'")

        # a skill the sheet lacks: the page asks; accepted, the test is at level 0 (unaware)
        gm.page.once("dialog", lambda dialog: dialog.accept())
        gm.keep("call-skill", "Schleichen")
        gm.keep("call-difficulty", "1")
        gm.page.click("form.call-test button[type=submit]")
        t = gm.until("p.tests.length === 1")["tests"][0]
        assert t["sides"]["player"]["base"] == 0 and t["sides"]["player"]["unaware"]
        gm.press("button.cancel")
        gm.until("p.tests[0].status === 'cancelled'")

        # a blind test: the game master draws both sides; Trevor's page shows nothing of it
        gm.keep("call-skill", "Sportlichkeit")
        gm.keep("call-visibility", "blind")
        gm.page.click("form.call-test button[type=submit]")
        gm.until("p.tests.length === 2")
        trevor.until("p.tests.length === 2")
        gm.press("button.draw")
        gm.until("p.tests[1].drawn.player !== p.tests[1].drawn.opponent")
        gm.press("button.draw")
        gm.until("p.tests[1].status === 'done'")
        seen = trevor.until("p.tests[1].status === 'done'")
        trevor.page.reload()
        seen = trevor.until("p.viewer.role === 'player' && p.tests.length === 2")
        t = seen["tests"][1]
        assert t["cards"] == {"player": [], "opponent": []} and t["outcome"] is None
        assert "nur der Spielleiter" in trevor.page.text_content("#test")
        outcome = gm.payload()["tests"][1]["outcome"]
        gm.press("button.reveal")
        t = trevor.until("p.tests[1].shown && p.tests[1].outcome !== null")["tests"][1]
        assert t["outcome"] == outcome and len(t["cards"]["player"]) >= 1
