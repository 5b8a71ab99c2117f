"""The lobby leads to every table of the site: rules, tutorial, companion, campaigns, RPG."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize(
    ("lang", "campaigns", "stories"),
    [("en", "Campaigns", "RPG evening"), ("de", "Kampagnen", "Rollenspielabend")],
)
def test_the_lobby_links_every_page_in_its_language(
    client: TestClient, lang: str, campaigns: str, stories: str
) -> None:
    page = client.get(f"/?lang={lang}").text
    links = dict(re.findall(r'<a href="([^"?]+)\?lang=\w+" id="[\w-]+">([^<]+)</a>', page))
    assert links["/campaigns"] == campaigns and links["/stories"] == stories
    for path in ("/rules", "/tutorial", "/companion", "/campaigns", "/stories"):
        assert path in links
        assert client.get(f"{path}?lang={lang}").status_code == 200
