"""The command line starts fast and its help speaks to people (issue 12, part 5).

No timing here (speed is in ``benchmarks/bench_startup.py``): these tests pin what
makes it fast — which modules a command line imports — and what the help shows.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence

import pytest
import typer.main

from totenblatt.cli import app, load_commands
from totenblatt.cli._commands import COMMAND_HELP, COMMAND_MODULES, command_of, for_people

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

HEAVY = ("numpy", "shapely", "matplotlib", "sqlalchemy", "fastapi", "polars", "uvicorn")
ENGINE = ("totenblatt.wanted.engine", "totenblatt.wanted.table", "totenblatt.campaign")


def _tree() -> typer.core.TyperGroup:
    load_commands()
    group = for_people(typer.main.get_command(app))
    assert isinstance(group, typer.core.TyperGroup)
    return group


def _first_paragraph(text: str) -> str:
    return " ".join(text.split("\n\n")[0].split())


def test_the_command_map_names_every_command_and_its_module() -> None:
    group = _tree()
    assert set(group.commands) == set(COMMAND_MODULES) == set(COMMAND_HELP)
    for name, command in group.commands.items():
        callback = command.callback
        if callback is not None:  # a group without its own callback lives in the map's modules
            assert callback.__module__.rpartition(".")[2] in COMMAND_MODULES[name], name
    assert command_of(["--version"]) is None and command_of(["odds", "attack"]) == "odds"


def test_the_listing_is_the_first_paragraph_of_each_commands_help() -> None:
    for name, command in _tree().commands.items():
        assert _first_paragraph(command.help or "").startswith(COMMAND_HELP[name]), name


def _commands(
    group: typer.core.TyperGroup, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, ...]]:
    yield path
    for name, command in group.commands.items():
        if isinstance(command, typer.core.TyperGroup):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name)


def test_no_help_shows_a_python_type(cli: Cli) -> None:
    paths = list(_commands(_tree()))
    assert len(paths) > 30
    for path in paths:
        code, out, err = cli([*path, "--help"])
        assert code == 0, (path, err)
        found = re.findall(r"<(?:bool|str|int|float|path|list\[[a-z]+\])[^>]*>", out)
        assert not found, (path, found)


def _imported(*args: str) -> list[str]:
    """The heavy modules a fresh interpreter has imported after ``totenblatt args``."""
    script = (
        "import sys\n"
        "from totenblatt.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        f"names = {HEAVY + ENGINE + ('pydantic',)!r}\n"
        "print('@@' + repr(sorted(n for n in names if n in sys.modules)))\n"
    )
    env = {**os.environ, "TOTENBLATT_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, check=True
    )
    found: list[str] = eval(done.stdout.rpartition("@@")[2])  # our own repr() of names
    return found


@pytest.mark.parametrize(
    "args",
    [
        ("attack", "-a", "Q♠", "-w", "colt", "-d", "3"),
        ("probe", "-s", "2", "-d", "3", "--seed", "1"),
        ("odds", "-s", "2", "-d", "3"),
        ("odds", "attack", "-a", "Q♠", "-w", "colt", "-d", "14"),
        ("demo",),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_quick_command_imports_nothing_heavy(args: tuple[str, ...]) -> None:
    found = _imported(*args)
    assert not [m for m in found if m in HEAVY + ENGINE], found


def test_the_help_imports_no_command_at_all() -> None:
    assert _imported("--help") == []


def test_the_listing_follows_the_language(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOTENBLATT_LANG", "de")
    code, out, _ = cli(["--help"])
    assert code == 0 and "Löse einen Angriff auf" in out
    monkeypatch.setenv("TOTENBLATT_LANG", "en")
    code, out, _ = cli(["--help"])
    assert code == 0 and "Resolve one attack" in out


def test_json_still_flows_through_the_lazy_group(cli: Cli) -> None:
    code, out, _ = cli(["attack", "-a", "Q♠", "-w", "colt", "-d", "3", "--json"])
    assert code == 0 and json.loads(out)["wounds"] >= 0


def test_command_help_follows_the_language(cli: Cli) -> None:
    """Help texts marked for the catalogs are read in the resolved language."""
    code, out, _ = cli(["attack", "--help", "--lang", "de"])
    assert code == 0 and "Angriffskarte" in out and "Löse einen Angriff auf" in out
    code, out, _ = cli(["odds", "attack", "--help", "--lang", "en"])
    assert code == 0 and "Attack card" in out and "Angriffskarte" not in out
