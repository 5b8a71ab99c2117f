"""An invited friend reads the table in their own language (issue 42): a table link without
``lang`` speaks its visitor's (Accept-Language, else the server's default), never the language
the game's creator chose; ``?lang=`` still decides when given."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_helpers import boot, create_game


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-GB,en;q=0.9,de;q=0.8", "en"),
        ("fr-FR, de;q=0.5", "de"),
        ("", "en"),  # none: the server's default, not the creator's German
        ("fr", "en"),
    ],
)
def test_a_link_without_lang_speaks_the_visitors_language(
    client: TestClient, accept: str, expected: str
) -> None:
    game = create_game(client, ["human", "human"], lang="de")  # the creator plays in German
    gid, token = game["game_id"], game["seats"][1]["token"]
    headers = {"accept-language": accept} if accept else {}
    page = client.get(f"/games/{gid}", headers=headers).text
    assert f'<html lang="{expected}">' in page
    started = client.post(f"/api/games/{gid}/boot", json={"tokens": [token]}, headers=headers)
    assert started.status_code == 200 and started.json()["lang"] == expected


def test_lang_in_the_link_still_decides(client: TestClient) -> None:
    game = create_game(client, ["human", "human"], lang="en")
    gid, token = game["game_id"], game["seats"][0]["token"]
    german = {"accept-language": "de-DE"}
    assert '<html lang="en">' in client.get(f"/games/{gid}?lang=en", headers=german).text
    assert boot(client, gid, token, lang="en").json()["lang"] == "en"


def test_the_created_links_hold_no_lang(client: TestClient) -> None:
    game = create_game(client, ["human", "human"], lang="de")
    for link in [s["url"] for s in game["seats"]] + [game["spectator_url"]]:
        assert "lang=" not in link, link


@pytest.mark.parametrize(
    "path",
    ["/", "/rules", "/tutorial", "/editor", "/operator", "/stories", "/companion", "/campaigns"],
)
@pytest.mark.parametrize(
    ("accept", "expected"), [("fr-FR, de;q=0.5", "de"), ("en-GB,de;q=0.9", "en"), ("fr", "en")]
)
def test_every_page_guesses_its_visitors_language_one_way(
    client: TestClient, path: str, accept: str, expected: str
) -> None:
    """The start pages of every feature ask :func:`page_lang` (weights, not only the first tag)."""
    page = client.get(path, headers={"accept-language": accept})
    assert page.status_code == 200, (path, page.status_code)
    assert f'<html lang="{expected}">' in page.text, path
