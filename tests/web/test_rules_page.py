"""The rules page, the tutorial's game and the QR codes over HTTP: the numbers are the
ruleset's (a house rule changes them), the words are the catalogs' (de, en), the tutorial's
first deal is the stacked one and reveals no other hand, the pages forbid foreign content."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient
from web_helpers import auth, view_of

from totenblatt.wanted.rules import Ruleset
from totenblatt.web.rules.pages import CSP, QR_MAX, qr_svg, rules_page
from totenblatt.web.rules.rulebook import rule_terms, rules_sections
from totenblatt.web.rules.tutorial import DEAD_HAND, HANDS, LESSONS, NEXT


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_page_shows_the_rulesets_numbers_in_the_page_language(
    client: TestClient, lang: str
) -> None:
    page = client.get(f"/rules?lang={lang}&ruleset=extended")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    html = page.text
    assert f'<html lang="{lang}">' in html
    assert ("Schrotflinte" if lang == "de" else "Shotgun") in html
    rows = re.findall(r"<tr><td>([^<]+)</td>((?:<td>[^<]*</td>){5})</tr>", html)
    shotgun = next(cells for name, cells in rows if name in ("Shotgun", "Schrotflinte"))
    assert re.findall(r"<td>([^<]*)</td>", shotgun)[:3] == ["+4", "+3", "0"]
    assert ("Scharfschütze" if lang == "de" else "Sharpshooter") in html  # the abilities
    assert ("Haudegen" if lang == "de" else "Veteran") in html  # and the kinds
    other = client.get(f"/rules?lang={'en' if lang == 'de' else 'de'}&ruleset=extended").text
    assert other != html


@pytest.mark.parametrize("path", ["/rules", "/tutorial"])
@pytest.mark.parametrize(
    ("accept", "expected"), [("de-DE,de;q=0.9,en;q=0.8", "de"), ("en-US,en;q=0.9", "en")]
)
def test_a_link_without_lang_speaks_the_visitors_language(
    client: TestClient, path: str, accept: str, expected: str
) -> None:
    """As the lobby and the table: a shared /rules or /tutorial link reads as its visitor's
    browser asks (Accept-Language); ``?lang=`` still decides when given."""
    page = client.get(path, headers={"accept-language": accept}).text
    assert f'<html lang="{expected}">' in page
    other = "en" if expected == "de" else "de"
    chosen = client.get(f"{path}?lang={other}", headers={"accept-language": accept}).text
    assert f'<html lang="{other}">' in chosen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tutorial_page_fills_in_its_lessons_numbers(client: TestClient, lang: str) -> None:
    """The redraw's lesson names the HP it costs (the tutorial's ruleset), no "{cost}"."""
    lessons = re.search(r'<ol class="lessons">.*?</ol>', client.get(f"/tutorial?lang={lang}").text)
    assert lessons is not None
    assert "{" not in lessons.group(0), lessons.group(0)
    assert "1 HP" in lessons.group(0)


def test_a_house_rule_changes_the_numbers_explained() -> None:
    """Nothing is retyped: the rules' words take every number from the ruleset."""
    base = Ruleset.load("extended")
    house = base.with_options(hard=5, redraw_cost=2, light_footed_2=3, hand_size=6)
    before, after = rule_terms(base, "en"), rule_terms(house, "en")
    assert "+4" in before["cover:hard"] and "+5" in after["cover:hard"]
    assert '+2"' in before["ability:light_footed_2"] and '+3"' in after["ability:light_footed_2"]
    assert "5 hand cards" in before["kind:cowboy"] and "6 hand cards" in after["kind:cowboy"]
    text = " ".join(html for _, html in rules_sections(house, "de"))
    assert "2 LP" in text or "2 HP" in text, text  # the redraw's cost


def test_an_unknown_ruleset_is_refused(client: TestClient) -> None:
    answer = client.get("/rules?ruleset=nope")
    assert answer.status_code == 422 and "expected one of" in answer.json()["error"]


def test_the_rules_page_has_a_section_per_part_of_the_turn() -> None:
    html = rules_page("base", "de")
    for title in ("Die Runde", "Bewegen (Kreuz)", "Schießen (Pik)"):
        assert title in html, title
    assert "Fähigkeiten" not in html  # the base rules have none


def test_the_tutorial_deals_its_stacked_hand_and_shows_no_other(client: TestClient) -> None:
    page = client.get("/tutorial?lang=de")
    assert page.status_code == 200 and page.headers["content-security-policy"] == CSP
    for lesson in LESSONS:
        assert f'data-lesson="{lesson}"' in page.text
    answer = client.post("/api/tutorial", json={"lang": "de"})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    path, token = data["url"].split("#token=")  # the token in the fragment only
    assert path == f"/games/{data['game_id']}?lang=de&tutorial=1"
    view = view_of(client, data["game_id"], token, "de")
    assert view["seat"] == 0 and view["dealer"] == 0 and view["to_act"] == 0
    assert sorted(view["hand"]) == sorted(HANDS[0])
    text = client.get(f"/api/games/{data['game_id']}/view", headers=auth(token)).text
    for card in HANDS[1] + DEAD_HAND + NEXT:  # no other hand, no dead man's hand, no deck
        if card not in HANDS[0]:
            assert f'"{card}"' not in text, card
    assert client.post("/api/tutorial", json={"lang": "xx"}).status_code == 422
    assert client.post("/api/tutorial", json={"seats": ["bot"]}).status_code == 422


def test_a_qr_code_is_svg_of_the_link(client: TestClient) -> None:
    link = "http://127.0.0.1:8000/games/abc?token=secret"
    answer = client.post("/api/qr", json={"text": link})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.headers["cache-control"] == "no-store"
    root = ET.fromstring(answer.text)
    assert root.tag.endswith("svg") and root.get("width") is None  # the page sizes it
    side = int(root.get("viewBox", "").split()[2])
    assert side >= 4 * (21 + 4), side  # 4 units a module, 21 modules at least, the quiet zone
    assert answer.text == qr_svg(link)  # segno's code of exactly this link
    bad_bodies: list[object] = [{"text": ""}, {"text": "x" * (QR_MAX + 1)}, {"text": 3}]
    for bad in [*bad_bodies, {"link": link}, []]:
        refused = client.post("/api/qr", json=bad)
        assert refused.status_code == 422, (bad, refused.text)
        assert "QR code" in refused.json()["error"]
