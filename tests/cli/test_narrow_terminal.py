"""At 80 columns every table and line of the reading commands fits (issue 12, part 5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from totenblatt.cli.app import console

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """This module overrides the package's wide console: an 80-column terminal."""
    monkeypatch.setattr(console, "width", 80)


@pytest.mark.parametrize(
    "args",
    [
        ["rules"],
        ["rules", "--ruleset", "extended"],
        ["abilities"],
        ["odds", "--table", "--max-level", "12"],
        ["odds", "-s", "2", "-d", "3", "--jokers", "1"],
        ["odds", "attack", "-a", "Q♠", "-w", "colt", "-d", "14", "-c", "medium"],
        ["scenarios"],
        ["scenarios", "show", "gangs"],
        ["demo"],
        ["attack", "-a", "10♠", "-w", "colt", "-d", "27", "--defense", "9♥", "-c", "light"],
        ["probe", "-s", "2", "-d", "3", "--seed", "1"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_output_fits_80_columns(args: list[str], lang: str, cli: Cli) -> None:
    code, out, err = cli([*args, "--lang", lang])
    assert code == 0, err
    too_long = [line for line in out.splitlines() if len(line) > 80]
    assert not too_long, too_long


def test_seats_and_teams_are_numbered_from_one(cli: Cli) -> None:
    code, out, _ = cli(["scenarios", "show", "duel", "--lang", "en"])
    assert code == 0 and "teams [1, 2]" in out
    code, out, _ = cli(["fight", "play", "--help"])
    assert "seat 0" not in out and "player 1" in out
