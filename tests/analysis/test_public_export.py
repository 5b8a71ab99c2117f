"""``totenblatt analyse`` of the browser's public export: a game played through the web API,
its public replay (no hand, no seed) analysed from the public view alone — equal to the
spectator's analysis the server makes from the referee's game."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cli_output import Cli, cli_json
from totenblatt.sim.analysis import (
    analyse_public_points,
    public_analysis,
    public_points,
    record_points,
)
from totenblatt.sim.analysis.public import RebuildError, rebuild
from totenblatt.wanted.ask import public_record, read_public_record
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.actions import action_from_dict, action_to_dict
from totenblatt.wanted.engine.game import Game, new_game

SEED = 5_000
"""The first seed the test server deals from (a fixed game)."""


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _view(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{gid}/view?lang=en", headers=_auth(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.fixture(scope="module")
def web_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Game]]:
    """A duel of two people played to its end through the web API by the heuristic bot
    (each seat deciding from its own view): the public export as the browser downloads
    it, and the server's referee game."""
    from totenblatt.web import ServerSettings, create_app

    folder = tmp_path_factory.mktemp("public-export")
    settings = ServerSettings(
        db_url=f"sqlite:///{folder / 'web.db'}", bot_delay=0.0, seeds=itertools.count(SEED).__next__
    )
    with TestClient(create_app(settings)) as client:
        body = {"scenario": "duel", "ruleset": "base", "seats": ["human", "human"], "lang": "en"}
        made = client.post("/api/games", json=body)
        assert made.status_code == 201, made.text
        gid, tokens = made.json()["game_id"], [s["token"] for s in made.json()["seats"]]
        bots = [HeuristicBot(0), HeuristicBot(1)]
        for _ in range(600):
            seat = _view(client, gid, tokens[0])["to_act"]
            if seat is None:
                break
            v = _view(client, gid, tokens[seat])
            legal = [action_from_dict(a) for a in v["legal_actions"]]
            action = action_to_dict(bots[seat].choose(v, legal))
            posted = client.post(
                f"/api/games/{gid}/actions?version={v['version']}",
                json=action,
                headers=_auth(tokens[seat]),
            )
            assert posted.status_code == 200, posted.text
        export = client.get(f"/api/games/{gid}/export?format=replay&token={tokens[1]}")
        assert export.status_code == 200, export.text
        path = folder / "public.json"
        path.write_text(export.text, encoding="utf-8")
        yield path, client.app.state.hub.rooms[gid].game  # type: ignore[attr-defined]


def test_the_cli_analyses_the_browsers_public_export(cli: Cli, web_game: tuple[Path, Game]) -> None:
    path, game = web_game
    assert game.is_over
    text = path.read_text(encoding="utf-8")
    assert '"seed"' not in text and "hand_dealt" not in text  # really the public export
    for seat in (0, 1):
        args = ["analyse", str(path), "--seat", str(seat), "--budget", "2", "-w", "1", "-q"]
        data = cli_json(cli, *args)
        assert data["public"] is True and data["seat"] is None
        assert data["decisions"] == [] and data["failed"] == []
        assert data["curve"] and all(len(p["win"]) == 2 for p in data["curve"])
        assert not any(suit in json.dumps(data, ensure_ascii=False) for suit in "♠♥♦♣")
        assert data == cli_json(cli, *args)  # the same seed, the same result


def test_the_public_exports_analysis_equals_the_full_exports(
    web_game: tuple[Path, Game],
) -> None:
    """Secrecy: the spectator's analysis of a seat from the public export alone is the one
    the server makes from the referee's game (and its hands)."""
    path, game = web_game
    record = read_public_record(path.read_text(encoding="utf-8"))
    table: dict[str, Any] = {"seats": 2, "ruleset": record.ruleset, "scenario": record.scenario}
    for seat in (0, 1):
        common: dict[str, Any] = {"budget": 2, "seed": 3, "workers": 1}
        mine = analyse_public_points(record_points(record, seat), **table, **common).to_json()
        assert mine == public_analysis(game, seat=seat, **common).to_json()


@pytest.mark.parametrize(
    ("scenario", "ruleset", "seed"),
    [
        ("duel", "base", 1),
        ("duel", "base", 7),
        ("gangs", "base", 2),
        ("three-way", "base", 2),
        ("heroes", "extended", 1),
    ],
)
def test_the_rebuilt_game_shows_what_the_spectator_saw(
    scenario: str, ruleset: str, seed: int
) -> None:
    """At every point the rebuild and the referee's game both have, the public views are
    identical, to the last event; where the record cannot tell a pass the engine made
    from one a player chose (a hand without a playable card) the points may be one more
    or less (four in five are the same here), never other."""
    game = new_game(scenario, ruleset, seed=seed)
    game = play_game(game, [HeuristicBot(s) for s in range(game.seats)])
    labels = [f"seat {s}" for s in range(game.seats)]
    record = read_public_record(json.dumps(public_record(game, labels=labels)))
    rebuilt = rebuild(record)
    assert rebuilt.game.is_over and rebuilt.game.winners == game.winners
    for seat in range(game.seats):
        mine = {len(p.view["events"]): p.view for p in record_points(record, seat) if p.view}
        real = {len(p.view["events"]): p.view for p in public_points(game, seat) if p.view}
        both = set(mine) & set(real)
        assert len(both) >= 0.8 * len(real)
        assert all(mine[k] == real[k] for k in both)


def test_the_curve_of_the_rebuilt_game_is_the_referees(web_game: tuple[Path, Game]) -> None:
    """Each point's chances are made from the public view alone: the same view, the same
    chances (here on points taken from the referee's game and from the rebuild)."""
    path, game = web_game
    record = read_public_record(path.read_text(encoding="utf-8"))
    table: dict[str, Any] = {"seats": 2, "ruleset": game.ruleset, "scenario": game.scenario}
    mine = record_points(record, 0)[:6]
    real = public_points(game, 0)[:6]
    a = analyse_public_points(mine, budget=4, seed=1, workers=1, **table).to_json()
    b = analyse_public_points(real, budget=4, seed=1, workers=1, **table).to_json()
    assert a["curve"] == b["curve"]


def test_a_record_that_cannot_be_played_again_is_refused_in_one_line(
    cli: Cli, web_game: tuple[Path, Game], tmp_path: Path
) -> None:
    path, _ = web_game
    data = json.loads(path.read_text(encoding="utf-8"))
    attack = next(i for i, e in enumerate(data["events"]) if e["type"] == "attack_resolved")
    del data["events"][attack]  # an attack that never resolved
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(RebuildError, match="cannot be played again at event"):
        rebuild(read_public_record(broken.read_text(encoding="utf-8")))
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps({**json.loads(path.read_text()), "over": False}))
    for file, words in ((broken, "referee save"), (unfinished, "not finished")):
        code, out, err = cli(["analyse", str(file), "--budget", "1", "-w", "1", "-q"])
        assert code == 2 and out == "", err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert words in err
