"""``totenblatt serve``: the flags of a server open to the internet, refused values in one line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

FLAGS = (
    "--trusted-proxy",
    "--allow-origin",
    "--games-per-hour",
    "--actions-per-minute",
    "--max-games",
    "--games-per-address",
    "--bot-games",
    "--bot-games-per-address",
    "--idle-hours",
    "--header-timeout",
    "--body-timeout",
    "--operator-token",
    "--private",
)


def test_the_help_names_every_limit_in_both_languages(cli: Cli) -> None:
    code, out, _ = cli(["serve", "--help", "--lang", "en"])
    assert code == 0
    for flag in FLAGS:
        assert flag in out
    assert "default: 24.0" in out and "default: 600" in out
    code, out, _ = cli(["serve", "--help", "--lang", "de"])
    assert code == 0 and "Reverse-Proxy" in out and "als aufgegeben" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--trusted-proxy", "proxy.example"], "--trusted-proxy 'proxy.example': expected an IP"),
        (["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/33"], "'10.0.0.0/33'"),
        (["--allow-origin", "table.example"], "--allow-origin 'table.example': expected a page"),
        (["--allow-origin", "https://table.example/lobby"], "expected a page's origin"),
        (["--idle-hours", "0"], "--idle-hours 0.0: expected hours above 0, at most 8760"),
        (["--idle-hours", "nan"], "--idle-hours nan"),
        (["--header-timeout", "0"], "--header-timeout 0.0: expected a number from 0.1 to 600"),
        (["--body-timeout", "inf"], "--body-timeout inf"),
        (["--games-per-address", "0"], "--games-per-address"),
        (["--operator-token", "a b"], "--operator-token: expected 16 to 200"),
    ],
)
def test_a_refused_value_is_one_line_and_exit_2(cli: Cli, args: list[str], says: str) -> None:
    code, out, err = cli(["serve", "--lang", "en", *args])
    assert code == 2 and not out
    assert says in err and len(err.strip().splitlines()) == 1


def test_refusals_are_german_under_lang_de(cli: Cli) -> None:
    code, _, err = cli(["serve", "--lang", "de", "--allow-origin", "ftp://x"])
    assert code == 2 and "erwartet wird der Ursprung einer Seite" in err
