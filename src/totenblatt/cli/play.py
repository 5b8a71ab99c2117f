"""``totenblatt play`` and ``totenblatt replay``: a game of Wanted in the terminal, narrated.

Seats are ``human`` (you type), ``bot`` (:class:`HeuristicBot`), ``random``
(:class:`RandomBot`) or ``ismcts`` (:class:`ISMCTSBot`, a search). A human seat
needs a terminal; ``--seats bot,bot`` watches two bots. :func:`run_play` takes an
``ask`` function so a whole human game can be played by a test without a terminal.
"""

from __future__ import annotations

import secrets
import time  # noqa: F401  (the tests pace the session through play.time.sleep)
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from totenblatt.cli._play_replay import Ask, read_saved_game, run_replay
from totenblatt.cli._play_seats import (
    SeatKind,
    kind_label,
    no_terminal_message,
    parse_seats,
    seat_bot,
    stdin_is_terminal,
)
from totenblatt.cli._play_session import Session
from totenblatt.cli.app import CliError, app, check_writable, console
from totenblatt.cli.options import (
    Lang,
    LangOption,
    OptionalRulesetOption,
    ScenarioOption,
    resolve_lang,
    seats_option,
    seed_option,
)
from totenblatt.messages import Message
from totenblatt.text.catalog import N_
from totenblatt.wanted.engine import new_game
from totenblatt.wanted.table.scenario import ruleset_for

__all__ = [
    "SeatKind",
    "Session",
    "kind_label",
    "no_terminal_message",
    "parse_seats",
    "run_play",
    "run_replay",
    "seat_bot",
    "stdin_is_terminal",
]


# -- the commands ------------------------------------------------------------------------


def run_play(
    *,
    scenario: str = "duel",
    seats: str = "human,bot",
    seed: int | None = None,
    ruleset: str | None = None,
    lang: Lang = Lang.EN,
    save: Path | None = None,
    load: Path | None = None,
    out: Console | None = None,
    ask: Ask | None = None,
    is_terminal: Callable[[], bool] = stdin_is_terminal,
    delay: float = 0.0,
) -> int:
    """Play (or watch) a game; the exit status. With ``ask`` given no terminal is needed."""
    out = out or console
    if load is not None:
        if seed is not None:
            raise CliError(
                Message("--seed cannot be used with --load: the saved game has its own seed")
            )
        game = read_saved_game(load)
        seed = game.setup.seed
        if save is None:
            save = load  # a loaded game keeps saving to its file after every decision
    else:
        if seed is None:
            seed = secrets.randbits(64)  # secret: the seats never see it
        game = new_game(scenario, ruleset or default_ruleset(scenario), seed)
    kinds = parse_seats(seats, game.seats)
    if SeatKind.HUMAN in kinds and ask is None and not is_terminal():
        out.print(no_terminal_message(lang), markup=False)
        return 0
    session = Session(game, kinds, lang=lang, out=out, ask=ask, save=save, seed=seed, delay=delay)
    session.run()
    return 0


def default_ruleset(scenario: str | Path) -> str:
    """The ruleset ``scenario`` plays when none is named: ``extended`` for a scenario with
    heroes or abilities (B1, B2), else ``base`` (the core's :func:`ruleset_for`).

    >>> default_ruleset("heroes"), default_ruleset("duel")
    ('extended', 'base')
    """
    return ruleset_for(scenario)


SeatsOption = Annotated[
    str,
    seats_option(
        N_(
            "One kind per seat, comma-separated: human, bot (heuristic), random or "
            "ismcts (search); missing seats are bots."
        )
    ),
]


_PLAY_HELP = N_(
    "Play Wanted: Dead or Alive in the terminal against bots, or watch bots play.\n\n"
    "Type the number of a choice or a move like 'move Billy 12,8'; 'help' lists the commands."
)
_REPLAY_HELP = N_(
    "Narrate a saved game from the first card to the end, with the map after every round."
)


@app.command(help=_PLAY_HELP)
def play(
    scenario: ScenarioOption = "duel",
    seats: SeatsOption = "human,bot",
    seed: Annotated[
        int | None,
        seed_option(
            N_(
                "Seed of the shuffle, 0 to 2**64-1 (default: a secret 64-bit one). "
                "Whoever knows the seed can deal every hand."
            )
        ),
    ] = None,
    ruleset: OptionalRulesetOption = None,
    lang: LangOption = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=N_("Write the game to FILE after every decision."))
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            "--load",
            help=N_("Continue the game saved in FILE (and keep saving to it, or --save)."),
        ),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(
            "--delay",
            min=0,
            max=60,
            help=N_("Seconds to pause after each bot decision, 0 to 60 (watching)."),
        ),
    ] = 0.0,
) -> None:
    """Play a game (or watch one): :func:`run_play` with the options checked."""
    for target in (save if save is not None else load,):
        if target is not None:
            check_writable(target)
    run_play(
        scenario=scenario,
        seats=seats,
        seed=seed,
        ruleset=ruleset,
        lang=resolve_lang(lang),
        save=save,
        load=load,
        delay=delay,
    )


# -- replay ------------------------------------------------------------------------------


@app.command(help=_REPLAY_HELP)
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help=N_(
                "A game saved with 'totenblatt play --save FILE', or a public replay "
                "downloaded from the browser table."
            )
        ),
    ],
    step: Annotated[
        bool, typer.Option("--step", help=N_("Wait for Enter after every event."))
    ] = False,
    lang: LangOption = None,
) -> None:
    """Tell a saved game again: :func:`run_replay`."""
    run_replay(file, lang=resolve_lang(lang), step=step)
