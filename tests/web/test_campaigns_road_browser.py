"""Issue 40 in Chromium: B2 in the browser (the leader's and a hired hero's abilities
chosen, D-41), a split that does not pay the price blocks Confirm, the printed roster
holds no controls. The browser tests wait for a state, never for a time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import Pages
from campaign_helpers import (
    COW,
    GUN,
    campaign_settings,
    campaign_view,
    fight_view,
    roster,
    wait_over,
)
from pypdf import PdfReader
from test_campaigns_browser import (
    DESK,
    create_campaign,
    create_gang,
    gang_id_of,
    import_roster,
    owners_wizard,
    start_fight,
)
from web_helpers import LiveServer, served

from totenblatt.store import Store


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with served(campaign_settings(sqlite_url, operator_token=None)) as live:
        yield live


def _wild_bunch_fight(server: LiveServer, admin: Any, tmp_path: Path) -> tuple[str, str, str, str]:
    """A campaign whose Wild Bunch (its leader Kit falls to any wound) fights the Posse,
    bots at both seats: the campaign's id, the owner link, the gang's id, the fight's path."""
    _, cid = create_campaign(admin, server.url, "Tombstone", "en")
    cowboys = [(n, COW, 6, 6) for n in ("Doc", "Ned", "Sam", "Tom", "Jim")]
    wild = roster("Wild Bunch", ("Kit", GUN, 0, 10), *cowboys, size=7)
    wild_link = import_roster(admin, wild, tmp_path)
    wild_id = gang_id_of(wild_link)
    posse_id = gang_id_of(create_gang(admin, "Posse", "gunslinger", 3, 5))
    fight = start_fight(admin, [wild_id, posse_id], ["bot", "bot"], "duel")
    return cid, wild_link, wild_id, fight["open"].split("#")[0]


def test_abilities_are_chosen_payments_bind_and_print_has_no_controls(
    server: LiveServer, pages: Pages, tmp_path: Path, sqlite_url: str
) -> None:
    admin = pages.open(DESK)
    cid, wild_link, wild_id, fight_path = _wild_bunch_fight(server, admin, tmp_path)
    # New gang: the leader's abilities chosen (B2, D-41); the form had no choice before
    admin.click("#fold-gang summary")
    admin.fill("#f-gang-name", "Earps")
    admin.select_option("#f-leader", "veteran")
    assert admin.locator("#leader-abilities select").count() == 4
    admin.select_option("#f-ability-0", "cover_3")
    admin.select_option("#f-ability-1", "quick_fingers_1")
    admin.fill("#f-size", "3")
    admin.click("#create-gang")
    admin.wait_for_selector("#new-gang input.link")
    earps_link = admin.input_value("#new-gang input.link")
    admin.click("#new-gang #reload")
    admin.wait_for_selector("#admin:not([hidden])")
    # import a gang whose name the campaign has, under a new name
    admin.click("#fold-json summary")
    admin.set_input_files("#f-roster", str(tmp_path / "Wild Bunch.json"))
    admin.fill("#f-import-name", "Wild Bunch II")
    admin.click("#import-json button[type=submit]")
    admin.wait_for_selector("#import-json input.link")
    with httpx.Client(base_url=server.url) as http:
        view = campaign_view(http, cid)
        wait_over(http, cid, fight_path.rsplit("/", 1)[1])
    earps = next(g for g in view["gangs"] if g["name"] == "Earps")
    assert "Wild Bunch II" in [g["name"] for g in view["gangs"]]
    leader = earps["members"][0]["abilities"]
    assert leader[:2] == ["cover_3", "quick_fingers_1"] and len(set(leader)) == 4
    # the wizard: the hired gunslinger's ability chosen; a short split blocks Confirm
    owner = pages.open(DESK)
    box = owners_wizard(owner, server, fight_path, wild_link, wild_id)
    for _ in range(12):
        step = box.locator(".step-title").get_attribute("data-step")
        if step == "recruitment":
            break
        box.locator(f"#next-{wild_id}").click()
    else:
        pytest.fail("no recruitment step")
    box.locator('[data-hire="gunslinger"]').check()
    box.locator(f"#f-ability-{wild_id}-0").wait_for()
    box.locator(f"#f-ability-{wild_id}-0").select_option("quick_fingers_1")
    owner.wait_for_function(
        "(id) => [...document.querySelectorAll(`.gang-after[data-gang='${id}'] .events li`)]"
        ".some((li) => li.textContent.includes('Quick'))",
        arg=wild_id,
    )
    payer = box.locator("[data-payer]").first
    payer.fill("1")
    payer.dispatch_event("change")
    box.locator(f"#pay-short-{wild_id}:not([hidden])").wait_for()
    for _ in range(12):
        if box.locator(f"#confirm-{wild_id}").count():
            break
        box.locator(f"#next-{wild_id}").click()
    assert box.locator(f"#confirm-{wild_id}").is_disabled()  # shown != recorded: no confirm
    with httpx.Client(base_url=server.url) as http:
        after = fight_view(http, cid, fight_path.rsplit("/", 1)[1])["aftermath"][wild_id]
    assert after["confirmed"] is False
    # a split that pays the price: Confirm records what was shown
    while box.locator(".step-title").get_attribute("data-step") != "recruitment":
        box.locator(f"#back-{wild_id}").click()
    left = 5
    for i in range(box.locator("[data-payer]").count()):
        field = box.locator("[data-payer]").nth(i)
        amount = min(left, int(field.get_attribute("max") or 0))
        field.fill(str(amount))
        left -= amount
    box.locator("[data-payer]").last.dispatch_event("change")
    box.locator(f"#pay-short-{wild_id}[hidden]").wait_for(state="attached")
    owner.wait_for_function(
        "(id) => document.querySelector(`.gang-after[data-gang='${id}'] .events .hired`)",
        arg=wild_id,
    )
    for _ in range(12):
        if box.locator(f"#confirm-{wild_id}").count():
            break
        box.locator(f"#next-{wild_id}").click()
    assert box.locator(f"#confirm-{wild_id}").is_enabled()
    box.locator(f"#confirm-{wild_id}").click()
    box.locator(".tag.ok").wait_for()
    with Store(sqlite_url) as store:
        (hired,) = [m for m in store.gangs.get("Wild Bunch").members if m.kind is GUN]
    assert hired.abilities[0].value == "quick_fingers_1" and len(set(hired.abilities)) == 2
    # printed roster: no drop-downs, no Rename or Dismiss
    sheet = pages.open(DESK)
    sheet.goto(earps_link.replace("#token=", "?lang=en#token="))
    sheet.wait_for_selector("td.controls")
    sheet.emulate_media(media="print")
    pdf = tmp_path / "earps.pdf"
    sheet.pdf(path=str(pdf), prefer_css_page_size=True)
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Earps" in text
    assert "Dismiss" not in text and "Rename" not in text
    assert not pages.errors


def test_the_owner_chooses_the_new_leader_in_the_wizard(
    server: LiveServer, pages: Pages, tmp_path: Path, sqlite_url: str
) -> None:
    admin = pages.open(DESK)
    cid, wild_link, wild_id, fight_path = _wild_bunch_fight(server, admin, tmp_path)
    with httpx.Client(base_url=server.url) as http:
        wait_over(http, cid, fight_path.rsplit("/", 1)[1])
    owner = pages.open(DESK)
    box = owners_wizard(owner, server, fight_path, wild_link, wild_id)
    for _ in range(12):  # Kit, the leader, fell: the wizard asks who leads now
        if box.locator(".step-title").get_attribute("data-step") == "leader":
            break
        box.locator(f"#next-{wild_id}").click()
    else:
        pytest.fail("no leader step")
    pick = box.locator("[data-leader]").last
    name = str(pick.get_attribute("data-leader"))
    assert box.locator("[data-leader]").first.is_checked()  # the default: the roster's order
    pick.check()
    owner.wait_for_function(
        "([id, name]) => document.querySelector("
        "`.gang-after[data-gang='${id}'] .events .leader_chosen`)?.textContent.includes(name)",
        arg=[wild_id, name],
    )
    for _ in range(12):
        if box.locator(f"#confirm-{wild_id}").count():
            break
        box.locator(f"#next-{wild_id}").click()
    box.locator(f"#confirm-{wild_id}").click()
    box.locator(".tag.ok").wait_for()
    with Store(sqlite_url) as store:
        assert store.gangs.get("Wild Bunch").members[0].name == name
    assert not pages.errors
