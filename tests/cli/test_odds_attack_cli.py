"""``totenblatt odds attack``: exact shot odds at a real table, beside the RPG's ``odds``."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cli_output import cli_json
from totenblatt.cards import Card, full_deck
from totenblatt.wanted.odds import attack_odds, defense_odds

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def _json(cli: Cli, *args: str) -> dict[str, Any]:
    """``totenblatt odds attack args --json``, parsed."""
    data: dict[str, Any] = cli_json(cli, "odds", "attack", *args)
    return data


def test_odds_attack_is_the_engine_odds_against_the_unseen_deck(cli: Cli) -> None:
    data = _json(cli, "-a", "Q♠", "-w", "colt", "-d", "14", "-c", "medium", "--hand", "5")
    pool = [c for c in full_deck(2) if c != Card.parse("Q♠")]
    want = attack_odds(
        "Q♠", weapon="colt", distance=14, cover="medium", defense=defense_odds(pool, 5)
    )
    assert data["wounds"] == {str(w): str(p) for w, p in want.wounds}
    assert Fraction(str(data["hit"])) == want.hit and data["unseen"] == 53
    assert sum(Fraction(p) for p in data["wounds"].values()) == 1  # type: ignore[attr-defined]


def test_seen_cards_leave_the_pool_and_an_impossible_seen_card_is_refused(cli: Cli) -> None:
    data = _json(cli, "-a", "Q♠", "-w", "colt", "-d", "3", "--seen", "Joker,Joker, A♥")
    assert data["unseen"] == 50
    code, _, err = cli(["odds", "attack", "-a", "Q♠", "-w", "colt", "-d", "3", "--seen", "Q♠"])
    assert code == 2 and "Q♠" in err and len(err.strip().splitlines()) == 1


def test_a_hidden_target_within_two_inches_has_hard_cover_beyond_it_cannot_be_hit(
    cli: Cli,
) -> None:
    near = _json(cli, "-a", "Q♠", "-w", "colt", "-d", "1", "-c", "hidden", "--hand", "0")
    assert near["wounds"] == {"4": "1"}  # 12 against hard cover 4
    joker = _json(cli, "-a", "Joker", "-w", "colt", "-d", "1.5", "-c", "hidden", "--hand", "0")
    assert joker["wounds"] == {"2": "1"}
    far = _json(cli, "-a", "Joker", "-w", "colt", "-d", "3", "-c", "hidden", "--hand", "0")
    assert far["wounds"] == {"0": "1"}


def test_wild_plays_a_two_as_a_joker(cli: Cli) -> None:
    wild = _json(cli, "-a", "2♠", "-w", "shotgun", "-d", "1", "--wild", "--hand", "0")
    plain = _json(cli, "-a", "2♠", "-w", "shotgun", "-d", "1", "--hand", "0")
    assert wild["wounds"] == {"2": "1"} and plain["wounds"] != wild["wounds"]


def test_text_output_in_german(cli: Cli) -> None:
    code, out, _ = cli(["odds", "attack", "-a", "Q♠", "-w", "colt", "-d", "14", "--lang", "de"])
    assert code == 0
    assert "Pik-Dame" in out and "Treffer" in out and "wenigsten Wunden" in out


def test_plot_is_written(cli: Cli, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "shots.png"
    code, out, _ = cli(
        ["odds", "attack", "-a", "K♠", "-w", "colt", "-d", "5", "--plot", str(target)]
    )
    assert code == 0 and str(target) in out
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_rpg_odds_still_answer_as_before(cli: Cli) -> None:
    code, out, _ = cli(["odds", "--skill", "2", "--difficulty", "3", "--jokers", "1", "--json"])
    assert code == 0 and json.loads(out)["skill"] == 2
    code, out, _ = cli(["odds", "--table", "--max-level", "2", "--json"])
    assert code == 0 and len(json.loads(out)["success"]) == 3
    code, out, _ = cli(["odds", "--pvp", "--skill", "1", "--difficulty", "1", "--json"])
    assert code == 0
    code, _, err = cli(["odds"])
    assert code == 2 and "--skill" in err
