"""A whole campaign in real Chromium (Debian's, launched by path through Playwright): a new
campaign and its gangs made in the page, a fight of bots and one played by pointing on the
table with a concession that asks whom to sacrifice, each owner's aftermath wizard (with a
recruitment and new cowboys), the roster and the league table after it, the same gang as
the CLI shows it, the printed sheet (one A4 page per gang) — in English and in German, on a
desktop and on a phone (390 x 844, touch).

Screenshots and the printed sheet go to ``$TOTENBLATT_SHOTS`` when set (docs/img was made
so), else to the test's tmp folder.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import PHONE, Pages
from campaign_helpers import COW, GUN, campaign_settings, campaign_view, roster, wait_over
from pypdf import PdfReader
from test_browser import _act_by_pointing
from web_helpers import LiveServer, auth, served

from cli_output import Cli
from totenblatt.store import Store

DESK = {"width": 1280, "height": 900}


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with served(campaign_settings(sqlite_url, operator_token=None)) as live:
        yield live


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TOTENBLATT_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def create_campaign(page: Any, url: str, name: str, lang: str) -> tuple[str, str]:
    """Through the page: the campaign's admin link (shown once) and its id."""
    page.goto(f"{url}/campaigns?lang={lang}")
    page.fill("#f-name", name)
    page.select_option("#f-lang", lang)
    page.click("#create-campaign")
    page.wait_for_selector("#admin-link")
    admin = page.input_value("#admin-link")
    assert page.input_value("#public-link") in admin
    page.click("#open-campaign")
    page.wait_for_selector("#admin:not([hidden])")
    cid = re.search(r"/campaigns/([^/#]+)", admin)
    assert cid is not None
    return admin, cid.group(1)


def import_roster(page: Any, data: dict[str, Any], tmp: Path) -> str:
    """Through the page's import form: the new gang's owner link."""
    path = tmp / f"{data['name']}.json"
    path.write_text(json.dumps(data))
    page.click("#fold-json summary")
    page.set_input_files("#f-roster", str(path))
    page.click("#import-json button[type=submit]")
    return _owner_link(page, "#import-json")


def create_gang(page: Any, name: str, leader: str, size: int, seed: int) -> str:
    """Through the page's new-gang form: the new gang's owner link."""
    if not page.is_visible("#f-gang-name"):
        page.click("#fold-gang summary")
    page.fill("#f-gang-name", name)
    page.select_option("#f-leader", leader)
    page.fill("#f-size", str(size))
    page.fill("#f-seed", str(seed))
    page.click("#create-gang")
    return _owner_link(page, "#new-gang")


def _owner_link(page: Any, form: str) -> str:
    """The owner link the sent ``form`` shows once, then the admin view reloaded."""
    page.wait_for_selector(f"{form} input.link")
    link: str = page.input_value(f"{form} input.link")
    page.click(f"{form} #reload")
    page.wait_for_selector("#admin:not([hidden])")
    return link


def gang_id_of(link: str) -> str:
    found = re.search(r"/gangs/([^/#]+)#token=(.+)$", link)
    assert found is not None
    return found.group(1)


def token_of(link: str) -> str:
    return link.split("#token=")[1]


def start_fight(page: Any, ids: list[str], seats: list[str], scenario: str) -> dict[str, Any]:
    """Through the page's new-fight form: the fight's links."""
    if not page.is_visible("#start-fight"):
        page.click("#fold-fight summary")
    for gang_id, kind in zip(ids, seats, strict=True):
        page.check(f"#pick-{gang_id}")
        page.select_option(f"#f-seat-{gang_id}", kind)
    page.select_option("#f-scenario", scenario)
    page.click("#start-fight")
    page.wait_for_selector("#open-fight")
    out: dict[str, Any] = {"open": page.get_attribute("#open-fight", "href")}
    out["seats"] = [
        page.input_value(f"#seat-link-{i}")
        for i in range(len(ids))
        if page.is_visible(f"#seat-link-{i}")
    ]
    return out


def wizard(page: Any, gang_id: str) -> Any:
    return page.locator(f'.gang-after[data-gang="{gang_id}"]')


def owners_wizard(page: Any, server: LiveServer, fight_path: str, link: str, gang_id: str) -> Any:
    """The aftermath wizard of ``gang_id`` on the fight page at ``fight_path``, opened in
    ``page`` with the token of its owner's ``link``, once it shows its first step."""
    page.goto(f"{server.url}{fight_path}#token={token_of(link)}")
    box = wizard(page, gang_id)
    box.locator(".step-title").wait_for()
    return box


def test_a_whole_campaign_in_english_on_a_desktop(
    server: LiveServer, pages: Pages, shots: Path, tmp_path: Path, sqlite_url: str, cli: Cli
) -> None:
    admin_page = pages.open(DESK)
    _, cid = create_campaign(admin_page, server.url, "Tombstone", "en")
    cowboys = [(n, COW, 6, 6) for n in ("Doc", "Ned", "Sam", "Tom", "Jim")]
    wild = roster("Wild Bunch", ("Kit", GUN, 0, 10), *cowboys, size=7)  # Kit falls to any wound
    wild_link = import_roster(admin_page, wild, tmp_path)
    posse_link = create_gang(admin_page, "Posse", "gunslinger", 3, 5)
    wild_id, posse_id = gang_id_of(wild_link), gang_id_of(posse_link)
    assert admin_page.locator(".gang-card").count() == 2
    # a fight of bots, from the arbitrator's form
    fight = start_fight(admin_page, [wild_id, posse_id], ["bot", "bot"], "duel")
    fight_path = fight["open"].split("#")[0]
    with httpx.Client(base_url=server.url) as http:
        wait_over(http, cid, fight_path.rsplit("/", 1)[1])
    # the owner of the Wild Bunch goes through the wizard: a recruitment and new cowboys
    owner = pages.open(DESK)
    box = owners_wizard(owner, server, fight_path, wild_link, wild_id)
    assert "You lead Wild Bunch." in owner.inner_text("#role")
    assert "shot by" in box.inner_text()
    titles = []
    for _ in range(12):
        step = box.locator(".step-title").get_attribute("data-step")
        titles.append(step)
        if step == "recruitment":
            box.locator('[data-hire="gunslinger"]').check()
            box.locator("[data-payer]").first.wait_for()
            box.locator("#f-hero-name-" + wild_id).fill("Kid Curry")
            box.locator("#f-hero-name-" + wild_id).dispatch_event("change")
            owner.wait_for_function(
                "(id) => document.querySelector(`.gang-after[data-gang='${id}'] .events .hired`)",
                arg=wild_id,
            )
            owner.screenshot(path=str(shots / "campaign-wizard-recruit.png"), full_page=True)
        if step == "refill":
            assert box.locator(f"#fill-{wild_id}").is_checked()
            assert box.locator(".events .joined").count() >= 1
        if step == "roster":
            break
        box.locator(f"#next-{wild_id}").click()
    assert titles[:2] == ["fight", "healing"] and "recruitment" in titles and "refill" in titles
    assert "Kid Curry" in box.inner_text()
    box.locator(f"#confirm-{wild_id}").click()
    owner.wait_for_selector(f'.gang-after[data-gang="{wild_id}"] details.recorded')
    # the other owner takes the defaults in one click
    other = pages.open(DESK)
    other.goto(f"{server.url}{fight_path}#token={token_of(posse_link)}")
    wizard(other, posse_id).locator(f"#defaults-{posse_id}").click()
    other.wait_for_selector(f'.gang-after[data-gang="{posse_id}"] details.recorded')
    assert "recorded" in other.inner_text("#fight-status")
    # the roster and the league table after it
    owner.goto(wild_link)
    owner.wait_for_selector("#owner:not([hidden])")
    names = owner.locator("tr.member td.name").all_inner_texts()
    assert "Kid Curry" in names and "Kit" not in names and len(names) == 7
    tip = owner.locator("tr.member .ability").first
    if tip.count():
        tip.hover()
        assert owner.locator("tr.member .ability .tip").first.is_visible()
    owner.screenshot(path=str(shots / "campaign-roster.png"), full_page=True)
    admin_page.reload()
    admin_page.wait_for_selector("#admin:not([hidden])")
    table = admin_page.locator("table.league tbody tr")
    assert table.count() == 2 and table.nth(0).locator("td.l-fights").inner_text() == "1"
    assert "recorded" in admin_page.inner_text("#battle-log")
    admin_page.screenshot(path=str(shots / "campaign-desktop.png"), full_page=True)
    # the CLI shows the same gang
    code, out, err = cli(["gang", "show", "Wild Bunch", "--json", "--db", sqlite_url])
    assert code == 0, err
    members = json.loads(out)["members"]
    assert [m["name"] for m in members] == names
    shown = owner.locator("tr.member td.hp").all_inner_texts()
    assert shown == [f"{m['hp']}/{m['hp_max']}" for m in members]
    # printed: one A4 page per gang
    sheets = pages.open(DESK)
    sheets.goto(f"{server.url}/campaigns/{cid}/sheets")
    pdf = shots / "campaign-sheets.pdf"
    sheets.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)  # @page: A4
    printed = PdfReader(pdf)
    assert len(printed.pages) == 2
    for sheet in printed.pages:  # A4 is 595 × 842 points
        assert (round(sheet.mediabox.width), round(sheet.mediabox.height)) == (595, 842)
    text = " ".join(" ".join(sheet.extract_text() for sheet in printed.pages).split())
    assert "Wild Bunch" in text and "Posse" in text and "Kid Curry" in text


def test_a_fight_played_by_pointing_conceded_with_a_sacrifice_in_german_on_a_phone(
    server: LiveServer, pages: Pages, shots: Path, tmp_path: Path, sqlite_url: str
) -> None:
    admin_page = pages.open(PHONE, touch=True)
    _, cid = create_campaign(admin_page, server.url, "Deadwood", "de")
    assert admin_page.get_attribute("html", "lang") == "de"
    assert "Schiedsrichter" in admin_page.inner_text("#role")
    bunch = roster("Die Bande", ("Pike", GUN, 9, 10), ("Dutch", COW, 6, 6), ("Lyle", COW, 4, 6),
                   ("Tector", COW, 6, 6), size=4)  # fmt: skip
    bunch_link = import_roster(admin_page, bunch, tmp_path)
    posse_link = create_gang(admin_page, "Aufgebot", "veteran", 3, 4)
    bunch_id, posse_id = gang_id_of(bunch_link), gang_id_of(posse_link)
    # every control a finger can use is 44 px high at least
    for selector in ("#admin summary", ".gang-card .gang-link", "#tools a"):
        for box in admin_page.locator(selector).all():
            assert box.bounding_box()["height"] >= 44, selector
    admin_page.screenshot(path=str(shots / "campaign-phone-de.png"), full_page=True)
    fight = start_fight(admin_page, [bunch_id, posse_id], ["human", "bot"], "duel")
    (seat_url,) = fight["seats"]
    player = pages.open(PHONE, touch=True, locale="de-DE")  # a German player: the table in German
    player.goto(seat_url)
    done = {"bid": 0, "move": 0, "attack": 0, "defend": 0}
    version = -1
    for _ in range(6):  # some decisions by pointing, then the gang gives up
        player.wait_for_function(
            """(after) => { const v = window.totenblatt && window.totenblatt.view();
                return v && v.version > after && (v.is_over || v.to_act === v.seat); }""",
            arg=version,
            timeout=30_000,
        )
        view = player.evaluate("window.totenblatt.view()")
        if view["is_over"]:
            break
        version = view["version"]
        if sum(done.values()) >= 2:
            break
        _act_by_pointing(player, view, done)
    view = player.evaluate("window.totenblatt.view()")
    assert not view["is_over"], "the fight ended before the gang could give up"
    player.click("text=Aufgeben")
    player.wait_for_selector("[data-sacrifice]")
    offered = player.locator("[data-sacrifice]").evaluate_all(
        "(b) => b.map((x) => x.dataset.sacrifice)"
    )
    living = {f["name"]: f["hp"] for f in view["figures"] if f["seat"] == 0 and not f["out"]}
    cowboys = {n: hp for n, hp in living.items() if n != "Pike"}
    top = max(cowboys.values())
    assert sorted(offered) == sorted(["Pike", *(n for n, hp in cowboys.items() if hp == top)])
    player.screenshot(path=str(shots / "campaign-sacrifice-phone.png"))
    player.locator("[data-sacrifice]").last.click()
    chosen = offered[-1]
    player.wait_for_function("() => window.totenblatt.view().is_over", timeout=30_000)
    back = player.wait_for_selector("#fight-page")  # the end leads back to the fight page
    assert back.get_attribute("href").split("?")[0] == fight["open"].split("#")[0]
    with httpx.Client(base_url=server.url) as http:
        view = wait_over(http, cid, fight["open"].split("#")[0].rsplit("/", 1)[1])
    owner = pages.open(PHONE, touch=True)
    box = owners_wizard(owner, server, fight["open"].split("#")[0], bunch_link, bunch_id)
    assert "aufgegeben" in box.inner_text()
    box.locator(f"#next-{bunch_id}").tap()
    assert box.locator(".step-title").get_attribute("data-step") == "sacrifice"
    assert chosen in box.inner_text()
    box.locator(f"#defaults-{bunch_id}").tap()
    owner.wait_for_selector(f'.gang-after[data-gang="{bunch_id}"] details.recorded')
    with Store(sqlite_url) as store:
        gang = store.gangs.get("Die Bande")
    assert [m.name for m in gang.fallen] == [chosen] and gang.size == 3
    owner.goto(bunch_link)
    owner.wait_for_selector("#owner:not([hidden])")
    assert chosen not in owner.locator("tr.member td.name").all_inner_texts()
    assert "Gefallen" in owner.inner_text(".fallen")
    owner.screenshot(path=str(shots / "campaign-roster-phone-de.png"), full_page=True)
    admin_page.reload()
    log = admin_page.inner_text("#battle-log")
    assert "aufgegeben" in log
    fight_id = fight["open"].split("#")[0].rsplit("/", 1)[1]
    with httpx.Client(base_url=server.url) as http:
        before = {s["gang_id"]: s for s in campaign_view(http, cid)["standings"]}
        answer = http.post(f"/api/campaigns/{cid}/fights", json={"gangs": [bunch_id, posse_id]},
                           headers=auth(token_of(posse_link)))  # fmt: skip
        done = http.post(f"/api/campaigns/{cid}/fights/{fight_id}/aftermath",
                         json={"gang_id": posse_id, "accept_defaults": True},
                         headers=auth(token_of(posse_link)))  # fmt: skip
        after = {s["gang_id"]: s for s in campaign_view(http, cid)["standings"]}
    assert answer.status_code == 403  # an owner does not start fights
    assert before[bunch_id]["conceded"] == 1 and before[posse_id]["fights"] == 0  # not yet
    assert done.status_code == 200 and done.json()["status"] == "recorded"
    assert after[posse_id]["wins"] == 1 and after[posse_id]["fights"] == 1
