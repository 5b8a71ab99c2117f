"""The operator's page in Chromium (issue 38): the operator's link lists the store and
keeps the token in that browser, whose campaign page then brings a stored gang in by name;
a stranger's page is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import LAPTOP, Pages
from web_helpers import OPERATOR, served

from totenblatt.store import Store
from totenblatt.wanted.vocab import HeroType
from totenblatt.web import ServerSettings


def test_the_operator_page_lists_the_store_and_lets_this_browser_bring_in(
    tmp_path: Path, pages: Pages
) -> None:
    """The operator's link opens the store's list; the campaign page of the same browser then
    brings a stored gang in by name, another browser's gets the refusal (issue 38)."""

    url = f"sqlite:///{tmp_path / 'owned.db'}"
    with Store(url) as store:
        store.gangs.create("Dalton Boys", HeroType.VETERAN, size=4, seed=3)
    settings = ServerSettings(db_url=url, bot_delay=0.0, bot_processes=0, operator_token=OPERATOR)
    with served(settings) as live:
        with httpx.Client(base_url=live.url, trust_env=False) as http:
            made = http.post("/api/campaigns", json={"name": "Tombstone", "lang": "en"}).json()
        admin = made["url"]
        stranger: Any = pages.open(LAPTOP)
        stranger.goto(admin)
        stranger.wait_for_selector("#admin:not([hidden])")
        stranger.click("#fold-bring summary")
        stranger.fill("#f-stored", "Dalton Boys")
        stranger.click("#bring-in button[type=submit]")
        stranger.wait_for_selector("text=operator's token")  # the server's refusal, shown
        pages.errors[:] = [e for e in pages.errors if "403" not in e]  # that refused request
        operator: Any = pages.open(LAPTOP)
        operator.goto(f"{live.url}/operator#token={OPERATOR}")
        operator.wait_for_selector('#gangs [data-stored="Dalton Boys"]')
        assert "token=" not in operator.url  # the token leaves the address bar
        operator.goto(admin)
        operator.wait_for_selector("#admin:not([hidden])")
        operator.click("#fold-bring summary")
        operator.fill("#f-stored", "Dalton Boys")
        operator.click("#bring-in button[type=submit]")
        operator.wait_for_selector("#bring-in input.link")
        operator.goto(f"{live.url}/operator")
        operator.wait_for_selector('#gangs [data-stored="Dalton Boys"]:has-text("Tombstone")')
