"""The terminal play context of a game, as ``totenblatt play`` builds it, for the CLI tests."""

from __future__ import annotations

from totenblatt.cli._play_choices import PlayContext
from totenblatt.cli.app import Lang
from totenblatt.cli.board import figure_labels
from totenblatt.wanted.engine.game import Game


def ctx_for(game: Game, lang: Lang = Lang.EN) -> PlayContext:
    """``game``'s play context: its ruleset, table, figure letters and refusals, in ``lang``."""
    letters = figure_labels(f.name for f in game.scenario.figures)
    table = game.scenario.table(game.ruleset)
    return PlayContext(game.ruleset, table, lang, letters, judge=game.refusal, game=game)
