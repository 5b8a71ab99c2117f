"""Rulesets by their names in the page's language, in the lobby and on the companion
(issue 42: they showed as raw "base"/"extended", also in German)."""

from __future__ import annotations

from browser_helpers import LAPTOP, Pages
from web_helpers import LiveServer


def test_the_lobby_and_the_companion_name_the_rulesets_in_german(
    live: LiveServer, pages: Pages
) -> None:
    page = pages.open(LAPTOP)
    page.goto(f"{live.url}/?lang=de")
    page.wait_for_selector("#f-ruleset option", state="attached")
    names = page.eval_on_selector_all("#f-ruleset option", "(os) => os.map((o) => o.textContent)")
    values = page.eval_on_selector_all("#f-ruleset option", "(os) => os.map((o) => o.value)")
    assert "base" in values and "Grundregeln" in names and "base" not in names, names
    page.goto(f"{live.url}/companion?lang=de")
    page.wait_for_selector(".seg[data-name=ruleset] button")
    shown = page.inner_text(".seg[data-name=ruleset]")
    assert "Grundregeln" in shown and "base" not in shown, shown
