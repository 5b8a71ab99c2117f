"""User text is escaped where it is printed: Markdown cells, Rich markup, error lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.campaign.gang import Gang, InvalidNameError, Member
from totenblatt.text.campaign import roster_markdown
from totenblatt.wanted.vocab import HeroType

Cli = Callable[[Sequence[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py


def gang() -> Gang:
    return Gang(
        "Pipe | Gang *1*",
        size=2,
        members=(Member("Kid [bold]|[/]", HeroType.VETERAN, 8, 8),),
    )


def test_markdown_export_escapes_table_cells() -> None:
    text = roster_markdown(gang(), lang="en")
    lines = text.splitlines()
    assert lines[0] == "# Gang Pipe \\| Gang \\*1\\*"
    row = next(line for line in lines if "Kid" in line)
    assert row.startswith("| Kid \\[bold\\]\\|\\[/\\] |")
    assert row.count("|") - row.count("\\|") == 7  # six cells, the table stays whole


def test_names_are_checked_where_gangs_and_members_are_made() -> None:
    for name in ("\x1b[2J", "Kid\u202e", "A\nB"):
        with pytest.raises(InvalidNameError):
            Gang(name, size=1, members=())
        with pytest.raises(InvalidNameError):
            Member(name, HeroType.COWBOY, 6, 6)
    assert Member("  Jose\u0301  ", HeroType.COWBOY, 6, 6).name == "José"


def test_rich_markup_in_a_name_is_printed_as_written(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from totenblatt.cli.app import console

    monkeypatch.setattr(console, "width", 200)
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{tmp_path / 'c.db'}")
    code, out, err = cli(
        ["gang", "create", "[red]Reds[/]", "--leader", "veteran", "--leader-name", "[b]Bo[/b]"]
    )
    assert code == 0, err
    assert "[red]Reds[/]" in out and "[b]Bo[/b]" in out
    for args in (["gang", "list"], ["gang", "show", "[red]reds[/]"]):
        code, out, err = cli(args)
        assert code == 0 and "[red]Reds[/]" in out and "\x1b" not in out, err
    code, _, err = cli(["gang", "show", "[/]unknown"])  # markup in an error line
    assert code == 2 and "'[/]unknown'" in err and err.count("\n") == 1
