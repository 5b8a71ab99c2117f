"""The shell's registries: the features' page words, lobby links and the rules' terms."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from totenblatt.text.terms import N_
from totenblatt.wanted.rules import Ruleset
from totenblatt.web.shell.page import links
from totenblatt.web.shell.words import register, strings, terms


def test_the_nights_words_are_registered_with_the_tables(client: TestClient) -> None:
    assert strings("en")["chat"] == "Chat" and strings("de")["takeback_accept"]
    assert strings("en")["concede"]  # the table's own beside them


def test_a_key_registered_again_with_other_words_is_refused() -> None:
    register({"chat": N_("Chat")})  # the same again: nothing changes
    with pytest.raises(ValueError, match="chat"):
        register({"chat": N_("Talk")})
    assert strings("en")["chat"] == "Chat"


def test_the_lobby_shows_the_links_the_features_registered(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    assert [link.split('id="', 1)[1].split('"', 1)[0] for link in links("en")] == [
        "companion-link",
        "editor-link",
    ]
    assert page.index('id="tutorial-link"') < page.index('id="companion-link"')
    assert page.index('id="editor-link"') < page.index('id="campaigns-link"')


def test_the_rules_terms_reach_the_table_through_the_shell(client: TestClient) -> None:
    said = terms(Ruleset.load("extended"), "en")
    assert said["cover:hard"] and said["hidden"] and any(k.startswith("ability:") for k in said)
    game = client.post("/api/games", json={"scenario": "duel", "seats": ["human", "bot"]}).json()
    page = client.get(game["seats"][0]["url"]).text
    tips = [unescape(tip) for tip in re.findall(r"<title>([^<]*)</title>", page)]
    covers = {said[f"cover:{level}"] for level in ("light", "medium", "hard")}
    assert any(tip.split("\n", 1)[-1] in covers for tip in tips if "\n" in tip), tips
