"""Fixtures shared by every test area: the command line, run in-process."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.cli import main
from totenblatt.wanted.engine.actions import Pass
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[[Sequence[str]], tuple[int, str, str]]:
    """``cli(args)`` runs ``totenblatt args`` in-process: exit code, stdout, stderr."""

    def run(args: Sequence[str]) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as info:  # main always exits
            main(list(args))
        out, err = capsys.readouterr()
        code = info.value.code  # as the interpreter reads it: None is 0, a message is 1
        return (code if isinstance(code, int) else 0 if code is None else 1), out, err

    return run


@pytest.fixture
def action_game(tmp_path: Path) -> Callable[..., Game]:
    """``action_game(toml, hands)``: a stacked 2-seat game on a small table, seat 0 to act.

    Dealer 1, no redraws, diamonds in the dead hand, every earlier decision passed.
    """

    def make(toml: str, hands: dict[int, list[str]]) -> Game:
        path = tmp_path / "yard.toml"
        path.write_text(toml, encoding="utf-8")
        rules = Ruleset.load("base").with_options(redraws_per_round=0)
        order = stacked_deal(1, hands, ["2♦", "3♦", "4♦", "5♦", "6♦"])
        game = new_game(path, rules, seed=1, dealer=1, deck_order=order)
        while game.phase is not Phase.ACTION:
            game.apply(Pass())
        return game

    return make
