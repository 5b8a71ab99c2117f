"""Tokens only in the fragment (issue 43): every link the site hands out carries its tokens
after ``#``, the table page boots without a token (its script asks ``/boot``), an old
``?token=`` link is redirected to the fragment form."""

from __future__ import annotations

import json
import re
from typing import Any

from campaign_helpers import new_campaign, new_gang, start_fight
from fastapi.testclient import TestClient
from night_helpers import conceded, post, view
from web_helpers import boot, create_game, json_strings, spectator_token

IN_QUERY = re.compile(r"[?&]token=")


def token_links(value: Any) -> list[str]:
    """The strings of ``value`` that carry a token in a query."""
    return [s for s in json_strings(value) if IN_QUERY.search(s)]


def test_no_answer_nor_page_of_the_site_has_a_token_in_a_query(client: TestClient) -> None:
    answers: dict[str, Any] = {}
    game = create_game(client, ["human", "human", "bot"], scenario="three-way")
    gid, tokens = game["game_id"], [s["token"] for s in game["seats"][:2]]
    answers["create"] = game
    answers["lobby"] = client.get("/api/games").json()
    answers["boot"] = boot(client, gid, *tokens).json()
    answers["spectator boot"] = boot(client, gid, spectator_token(game)).json()
    old, olds, watch = conceded(client, name="Friday")
    answers["rematch"] = post(client, old, "rematch", olds[0]).json()
    answers["rematch again"] = post(client, old, "rematch", olds[1]).json()
    answers["old view"] = view(client, old, olds[1])
    answers["old spectator view"] = view(client, old, watch)
    answers["tutorial"] = client.post("/api/tutorial", json={"lang": "de"}).json()
    campaign = new_campaign(client)
    a = new_gang(client, campaign, name="Bunch", leader="veteran", size=3, seed=3)
    b = new_gang(client, campaign, name="Posse", leader="veteran", size=3, seed=5)
    fight = start_fight(client, campaign, gangs=[a["gang_id"], b["gang_id"]], scenario="duel",
                        seats=["human", "human"])  # fmt: skip
    answers["fight"] = fight
    cid, fid = campaign["campaign_id"], fight["fight_id"]
    admin = {"Authorization": f"Bearer {campaign['admin_token']}"}
    answers["campaign"] = client.get(f"/api/campaigns/{cid}", headers=admin).json()
    answers["fight view"] = client.get(f"/api/campaigns/{cid}/fights/{fid}", headers=admin).json()
    pages = {
        "lobby page": client.get("/").text,
        "table page": client.get(f"/games/{gid}").text,
        "analysis page": client.get(f"/games/{old}/analysis").text,
        "campaign page": client.get(f"/campaigns/{cid}").text,
        "fight page": client.get(f"/campaigns/{cid}/fights/{fid}").text,
    }
    seen = json.dumps(answers)
    assert "#token=" in seen  # the links are there, in their fragment form
    assert answers["fight"]["spectator_url"].count("#token=") == 1
    assert {name: token_links(value) for name, value in answers.items() if token_links(value)} == {}
    assert {
        name: IN_QUERY.findall(html) for name, html in pages.items() if IN_QUERY.search(html)
    } == {}
    for token in (*tokens, spectator_token(game)):
        assert token not in pages["table page"]


def test_an_old_token_link_is_redirected_to_the_fragment(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid, (one, two) = game["game_id"], [s["token"] for s in game["seats"]]
    old = client.get(f"/games/{gid}?token={one}&lang=de&tutorial=1", follow_redirects=False)
    assert old.status_code == 303
    assert old.headers["location"] == f"/games/{gid}?lang=de&tutorial=1#token={one}"
    assert one not in old.text
    hotseat = client.get(f"/games/{gid}?token={one}&token={two}", follow_redirects=False)
    assert hotseat.headers["location"] == f"/games/{gid}#token={one}&token={two}"
    analysis = client.get(f"/games/{gid}/analysis?token={one}&seat=1", follow_redirects=False)
    assert analysis.status_code == 303
    assert analysis.headers["location"] == f"/games/{gid}/analysis?seat=1#token={one}"
    assert client.get(f"/games/{gid}?token={one}").status_code == 200  # followed: the page


def test_the_boot_refuses_a_wrong_token_and_a_spectator_among_seats(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid, (one, two) = game["game_id"], [s["token"] for s in game["seats"]]
    assert boot(client, gid).status_code == 401
    wrong = boot(client, gid, "not-a-token-of-this-game")
    assert wrong.status_code == 403 and wrong.json()["error"] == (
        "that token does not belong to this game"
    )
    assert boot(client, gid, one, "nope").status_code == 403
    mixed = boot(client, gid, one, spectator_token(game))
    assert mixed.status_code == 403
    assert mixed.json()["error"] == "a spectator link cannot be combined with seat tokens"
    assert boot(client, gid, *[one] * 9).status_code == 422  # at most 8 tokens
    both = boot(client, gid, one, two).json()
    assert both["hotseat"] and [e["seat"] for e in both["tokens"]] == [0, 1]
    bearer = client.post(f"/api/games/{gid}/boot", headers={"Authorization": f"Bearer {two}"})
    assert bearer.status_code == 200 and bearer.json()["payload"]["seat"] == 1
    assert both["spectator_url"] == f"/games/{gid}#token={spectator_token(game)}"


def test_the_served_table_page_holds_no_token_and_no_hand(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid, tokens = game["game_id"], [s["token"] for s in game["seats"]]
    html = client.get(f"/games/{gid}").text
    hands = [boot(client, gid, t).json()["payload"]["hand"] for t in tokens]
    assert all(hands)
    assert "data-card=" not in html
    for token in (*tokens, spectator_token(game)):
        assert token not in html
    data = json.loads(re.search(r'<script[^>]*id="boot"[^>]*>(.*?)</script>', html, re.S)[1])
    assert set(data) == {"game_id", "lang", "table"}  # nothing of a seat
