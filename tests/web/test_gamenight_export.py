"""Export: the public replay file that ``totenblatt replay`` tells, and a Markdown report."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from fastapi.testclient import TestClient
from night_helpers import act, conceded, duel, post, view
from web_helpers import auth, hub_of

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def finished_with_a_takeback(client: TestClient) -> tuple[str, list[str], str]:
    """A duel of Anna and Bob with a takeback and a refused one, then a concession."""
    gid, tokens, watch = duel(client, name="Night *one*", players=["Anna <A>", "Bob"])
    seat = view(client, gid, tokens[0])["to_act"]
    act(client, gid, tokens[seat], {"type": "pass"})
    post(client, gid, "takeback", tokens[seat])
    post(client, gid, "takeback/answer", tokens[1 - seat], {"accept": True})
    act(client, gid, tokens[seat], {"type": "pass"})
    post(client, gid, "takeback", tokens[seat])
    post(client, gid, "takeback/answer", tokens[1 - seat], {"accept": False})
    act(client, gid, tokens[1 - seat], {"type": "concede"})
    assert view(client, gid, tokens[0])["is_over"]
    return gid, tokens, watch


def test_the_public_replay_is_told_by_totenblatt_replay(
    client: TestClient, cli: Cli, tmp_path: Path
) -> None:
    gid, _, watch = finished_with_a_takeback(client)
    game = hub_of(client).rooms[gid].game
    response = client.get(f"/api/games/{gid}/export?format=replay&token={watch}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers["content-disposition"].startswith('attachment; filename="totenblatt-')
    data = response.json()
    assert data["format"] == "totenblatt-public-replay" and data["players"] == ["Anna <A>", "Bob"]
    text = response.text
    assert str(game.setup.seed) not in text and "deck_order" not in data and "seed" not in text
    assert not any(e["type"] in ("hand_dealt", "game_seeded") for e in data["events"])
    assert data["events"] == [e for e in game.view(None)["events"]]  # the public events
    assert [t["outcome"] for t in data["takebacks"]] == ["undone", "refused"]
    saved = tmp_path / "night.json"
    saved.write_text(text, encoding="utf-8")
    code, out, err = cli(["replay", str(saved), "--lang", "en"])
    assert code == 0, err
    assert (
        "Anna <A> took back: Anna <A> keeps the hand." in out
        or "Bob took back: Bob keeps the hand." in out
    )
    assert "refused" in out and "concedes" in out, out
    code, out, _ = cli(["replay", str(saved), "--lang", "de"])
    assert code == 0 and "nimmt zurück" in out and "lehnt die Zurücknahme" in out


def test_a_tampered_public_replay_is_refused_in_one_line(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "totenblatt-public-replay", "version": 1, "seed": 5}))
    code, out, err = cli(["replay", str(bad), "--lang", "en"])
    assert code == 2 and not out
    assert "not a public replay: it holds 'seed'" in err and len(err.strip().splitlines()) == 1


def test_the_report_is_markdown_with_every_name_escaped(client: TestClient) -> None:
    gid, tokens, _ = finished_with_a_takeback(client)
    response = client.get(f"/api/games/{gid}/export?format=markdown", headers=auth(tokens[0]))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/markdown")
    report = response.text
    assert report.startswith("# Night \\*one\\*\n")
    assert "1. Anna \\<A\\>" in report and "<A>" not in report
    assert "| Billy | Anna \\<A\\> |" in report or "| Paco | Anna \\<A\\> |" in report
    assert "took back" in report and "refused" in report
    german = client.get(f"/api/games/{gid}/export?format=markdown&lang=de", headers=auth(tokens[1]))
    assert (
        "## Spieler" in german.text or "## Mitspieler" in german.text or "Szenario" in german.text
    )


def test_no_export_before_the_end_and_only_with_a_token(client: TestClient) -> None:
    gid, tokens, _ = duel(client)
    early = client.get(f"/api/games/{gid}/export", headers=auth(tokens[0]))
    assert early.status_code == 409
    assert early.json()["error"] == "the game can be exported once it is over"
    gid, tokens, _ = conceded(client)
    assert client.get(f"/api/games/{gid}/export").status_code == 401
    assert client.get(f"/api/games/{gid}/export?token=nope").status_code == 403
    wrong = client.get(f"/api/games/{gid}/export?format=pdf", headers=auth(tokens[0]))
    assert wrong.status_code == 422 and "format must be replay or markdown" in wrong.json()["error"]
