"""The options commands share are declared once (``totenblatt.cli.options``): the same names,
short names and bounds in every command."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import typer.main

from totenblatt.cli import app, load_commands
from totenblatt.cli.options import MAX_DISTANCE, SEED_MAX, STORED_SEED_MAX, argv_lang

NOT_YET = {"attack", "odds_attack", "serve"}
"""Modules whose owners adopt the shared options later (then this set empties)."""

SAME_NAMES = {
    "--seed": {"--seed"},
    "--ruleset": {"--ruleset", "-r"},
    "--scenario": {"--scenario", "-s"},
    "--bots": {"--bots", "-b"},
    "--lang": {"--lang"},
    "--json": {"--json"},
    "--db": {"--db"},
    "--distance": {"--distance", "-d"},
}


def _options() -> Iterator[tuple[str, Any]]:
    """(command path, option) of every command whose module uses the shared options."""
    load_commands()

    def walk(command: Any, path: str) -> Iterator[tuple[str, Any]]:
        module = getattr(command.callback, "__module__", "").rpartition(".")[2]
        if command.callback is not None and module not in NOT_YET:
            for param in command.params:
                if param.param_type_name == "option":
                    yield path, param
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, f"{path} {name}")

    yield from walk(typer.main.get_command(app), "totenblatt")


def test_shared_options_have_the_same_names_everywhere() -> None:
    seen: dict[str, set[str]] = {}
    for path, option in _options():
        long = max(option.opts, key=len)
        if long in SAME_NAMES:
            assert set(option.opts) == SAME_NAMES[long], (path, option.opts)
            seen.setdefault(long, set()).add(path)
        if long == "--weapon":
            assert set(option.opts) <= {"--weapon", "-w"}, path
    assert len(seen["--seed"]) > 10 and len(seen["--lang"]) > 30 and len(seen["--ruleset"]) > 8


def test_bounds_and_help_are_the_same_everywhere() -> None:
    helps: dict[str, set[str]] = {}
    for path, option in _options():
        long = max(option.opts, key=len)
        if long == "--seed":
            assert (option.min, option.max) in ((0, SEED_MAX), (0, STORED_SEED_MAX)), path
        if long == "--distance":
            assert (option.min, option.max) == (0, MAX_DISTANCE), path
        if long in ("--lang", "--json", "--db"):
            helps.setdefault(long, set()).add(option.help)
    assert all(len(texts) == 1 for texts in helps.values()), helps


@pytest.mark.parametrize(
    ("argv", "env", "lang"),
    [
        (["rules", "--lang", "de"], None, "de"),
        (["rules", "--lang=DE", "--lang", "en"], "de", "en"),
        (["rules", "--lang", "xx"], "de", "de"),
        (["rules"], "de", "de"),
        (["rules", "--", "--lang", "de"], None, "en"),
        (["rules", "--lang"], "fr", "en"),
    ],
)
def test_one_reader_of_the_language_before_parsing(
    argv: list[str], env: str | None, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("TOTENBLATT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    if env is not None:
        monkeypatch.setenv("TOTENBLATT_LANG", env)
    assert argv_lang(argv) == lang
