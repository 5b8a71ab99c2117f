"""Typer's own parse errors (missing option, bad value, no such command …) in the reader's
language: one line, German under ``--lang de``, Typer's English unchanged under ``en``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from totenblatt.cli._usage import PATTERNS, usage_message
from totenblatt.messages import Message
from totenblatt.text import render, translator

from .fragments import english_on

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

CASES = [
    (["sim"], "Die Option '--out' / '-o' fehlt.", "Missing option '--out' / '-o'."),
    (
        ["sim", "-o", "x.parquet", "--games", "abc"],
        "Ungültiger Wert für '--games' / '-n': muss eine ganze Zahl sein",
        "Invalid value for '--games' / '-n': Input should be a valid integer, unable to parse "
        "string as an integer",
    ),
    (
        ["sim", "-o", "x.parquet", "--games", "0"],
        "Ungültiger Wert für '--games' / '-n': muss mindestens 1 sein",
        "Invalid value for '--games' / '-n': Input should be greater than or equal to 1",
    ),
    (
        ["play", "--delay", "61"],
        "Ungültiger Wert für '--delay': darf höchstens 60 sein",
        "Invalid value for '--delay': Input should be less than or equal to 60",
    ),
    (
        ["play", "--delay", "soon"],
        "Ungültiger Wert für '--delay': muss eine Zahl sein",
        "Invalid value for '--delay': Input should be a valid number, unable to parse string "
        "as a number",
    ),
    (["nosuch"], "Unbekannter Befehl 'nosuch'.", "No such command 'nosuch'."),
    (["rules", "--foo"], "Unbekannte Option: --foo", "No such option: --foo"),
    (
        ["balance", "heroes", "--rund", "3"],
        "Unbekannte Option: --rund (in Frage kommen: --round-limit)",
        "No such option: --rund (Possible options: --round-limit)",
    ),
    (["scenarios", "show"], "Das Argument 'name' fehlt.", "Missing argument 'name'."),
    (
        ["rules", "extra"],
        "Unerwartete zusätzliche Argumente (extra)",
        "Got unexpected extra argument(s) (extra)",
    ),
    (
        ["rules", "--json=3"],
        "Die Option '--json' nimmt keinen Wert.",
        "Option '--json' does not take a value.",
    ),
    (
        ["sim", "-o", "x.parquet", "--ruleset"],
        "Die Option '--ruleset' braucht einen Wert.",
        "Option '--ruleset' requires an argument.",
    ),
]
IDS = ["missing", "integer", "at-least", "at-most", "number", "command", "option", "possible",
       "argument", "extra", "flag-value", "no-value"]  # fmt: skip


pytestmark = pytest.mark.usefixtures("no_language")


COMMANDS = {"sim", "play", "rules", "balance", "heroes", "scenarios", "show", "nosuch"}


def _with_lang(args: list[str], lang: str) -> list[str]:
    """``args`` with ``--lang`` right after the command's words (where no option eats it)."""
    at = next((i for i, a in enumerate(args) if a not in COMMANDS), len(args))
    return [*args[:at], "--lang", lang, *args[at:]]


def _command(args: list[str]) -> str:
    """The command whose help a hint names: the command's words."""
    return " ".join(["totenblatt", *(a for a in args if a in COMMANDS - {"nosuch"})])


def _one_error_line(cli: Cli, args: list[str], lang: str) -> str:
    """The error ``args`` make in ``lang``: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = cli(_with_lang(args, lang))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(("args", "german", "english"), CASES, ids=IDS)
def test_a_parse_error_is_one_line_german_and_english_typers_own(
    args: list[str], german: str, english: str, cli: Cli
) -> None:
    err = _one_error_line(cli, args, "de")
    assert err.startswith(f"Fehler: {german}"), err
    assert english_on(err) == [], err
    if "Option '--" not in english:  # Typer names the command's help except for these
        assert err.endswith(f" (siehe '{_command(args)} --help')\n"), err
    err = _one_error_line(cli, args, "en")
    assert err.startswith(f"error: {english}"), err


def test_a_bad_lang_is_refused_in_the_language_of_the_environment(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOTENBLATT_LANG", "de")
    code, _, err = cli(["rules", "--lang", "xx"])
    assert code == 2
    assert err == (
        "Fehler: Ungültiger Wert für '--lang': 'xx' ist keiner der Werte 'en', 'de'. "
        "(siehe 'totenblatt rules --help')\n"
    )


def test_every_pattern_reads_back_its_own_english() -> None:
    for msgid in PATTERNS:
        names = msgid.split("{")[1:]
        values = {n.partition("}")[0]: f"<{i}>" for i, n in enumerate(names)}
        english = msgid.format(**values)
        found = usage_message(english)
        assert isinstance(found, Message) and found.id == msgid, msgid
        assert render(found, "en") == english
        assert translator("de").gettext(msgid) != msgid, msgid


def test_a_text_no_pattern_knows_stays_as_typer_wrote_it() -> None:
    assert usage_message("Something Typer may say one day.") == "Something Typer may say one day."
