"""Option groups (``totenblatt.cli._option_groups``): a command that names a group takes its
options after its own, as if written out, and receives their values."""

from __future__ import annotations

from typing import Annotated

import typer
from typer.testing import CliRunner

from totenblatt.cli._option_groups import StoreOut, option, store_options, with_options
from totenblatt.cli.options import JsonOption, Lang, QuietOption


def _app() -> tuple[typer.Typer, list[object]]:
    app = typer.Typer()
    seen: list[object] = []

    @app.command("store")
    @store_options
    def store(name: Annotated[str, typer.Argument()], *, out: StoreOut) -> None:
        seen.append((name, out))

    @app.command("ctx")
    @with_options(option("quiet", QuietOption, False), option("json_", JsonOption, False))
    def ctx(ctx: typer.Context, count: Annotated[int, typer.Option("--count")] = 1) -> None:
        seen.append(dict(ctx.params))

    return app, seen


def test_a_store_command_receives_db_json_and_lang_as_one_value() -> None:
    app, seen = _app()
    result = CliRunner().invoke(app, ["store", "Lone", "--db", "x.db", "--json", "--lang", "DE"])
    assert result.exit_code == 0, result.output
    assert seen == [("Lone", StoreOut(db="x.db", json=True, lang=Lang.DE))]
    assert StoreOut(None, False, Lang.DE).language() is Lang.DE


def test_the_defaults_hold_when_the_options_are_left_out() -> None:
    app, seen = _app()
    assert CliRunner().invoke(app, ["store", "Lone"]).exit_code == 0
    assert seen == [("Lone", StoreOut(db=None, json=False, lang=None))]


def test_a_group_follows_the_commands_own_options_in_its_help() -> None:
    app, _ = _app()
    command = typer.main.get_command(app)
    ctx = typer.Context(command)
    names = [p.name for p in command.get_command(ctx, "ctx").params]  # type: ignore[attr-defined]
    assert names == ["count", "quiet", "json_"]
    names = [p.name for p in command.get_command(ctx, "store").params]  # type: ignore[attr-defined]
    assert names == ["name", "db", "json", "lang"]


def test_a_group_read_from_the_context_is_parsed_but_not_passed() -> None:
    app, seen = _app()
    result = CliRunner().invoke(app, ["ctx", "--quiet", "--count", "3"])
    assert result.exit_code == 0, result.output
    assert seen == [{"count": 3, "quiet": True, "json_": False}]
