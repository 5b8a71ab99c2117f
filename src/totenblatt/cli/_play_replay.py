"""Replaying a saved game: every event narrated, the map redrawn from the events."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from totenblatt.cli._play_screen import colour_names
from totenblatt.cli.app import Lang, console
from totenblatt.cli.board import board_scale, figure_labels, render_board
from totenblatt.datafiles import read_text
from totenblatt.messages import Message
from totenblatt.text import Narrator, seat_labels, words
from totenblatt.text.night import takeback_line
from totenblatt.text.vocab import scenario_title
from totenblatt.wanted.ask import PUBLIC_FORMAT, PublicRecord, dealt_view, read_public_record
from totenblatt.wanted.engine import MAX_SAVE_BYTES, Game, SaveError

__all__ = ["Ask", "read_saved_game", "run_replay"]

Ask = Callable[[str], str]
"""Reads one line of input after showing a prompt; raises EOFError when input ends."""


class _Tracker:
    """Figure states rebuilt from the events, so a replay can draw the map of any moment."""

    def __init__(self, game: Game | PublicRecord) -> None:
        dealt = game.figures if isinstance(game, PublicRecord) else dealt_view(game)["figures"]
        self.figures: dict[str, dict[str, Any]] = {f["name"]: dict(f) for f in dealt}

    def update(self, e: Mapping[str, Any]) -> None:
        """Apply one event dict."""
        kind = e["type"]
        figs = self.figures
        if kind == "figures_moved":
            for m in e["moves"]:
                figs[m["figure"]]["position"] = list(m["path"][-1])
                figs[m["figure"]]["hidden"] = m["hidden"]
        elif kind == "figure_revealed":
            figs[e["figure"]]["hidden"] = False
        elif kind in ("wounded", "hp_gained"):
            figs[e["figure"]]["hp"] = e["hp"]
        elif kind == "redraw_paid":
            figs[e["payer"]]["hp"] = e["hp"]
        elif kind == "figure_out":
            figs[e["figure"]]["out"] = True
            figs[e["figure"]]["hidden"] = False

    def view(self) -> dict[str, Any]:
        """A view-like dict with the figures."""
        return {"figures": list(self.figures.values())}


def read_saved_game(path: Path) -> Game:
    """The game saved at ``path`` (:func:`read_replay_file`), not a public replay."""
    found = read_replay_file(path)
    if isinstance(found, PublicRecord):
        raise SaveError(
            f"{str(path)!r} is a public replay: it can be told (totenblatt replay), not played on",
            message=Message(
                "{file} is a public replay: it can be told (totenblatt replay), not played on",
                file=repr(str(path)),
            ),
        )
    return found


def read_replay_file(path: Path) -> Game | PublicRecord:
    """The game saved at ``path``: a regular file of at most 4 MB, replayed and verified.

    ``SaveError`` names the path for a missing file, a directory, a FIFO or device (never
    opened), a larger or non-UTF-8 file, and says what is wrong with a bad save.
    """
    if not os.path.lexists(path):
        raise SaveError(Message("no saved game at {file}: file not found", file=repr(str(path))))
    label = f"{str(path)!r} is not a saved game"
    text = read_text(path, limit=MAX_SAVE_BYTES, error=SaveError, label=label)
    if PUBLIC_FORMAT in text[:200]:  # a public replay (the browser table's export)
        try:
            return read_public_record(text)
        except SaveError as exc:
            raise SaveError(f"{str(path)!r}: {exc}", message=exc.message) from None
    try:
        return Game.from_json(text)
    except SaveError as exc:
        raise SaveError(f"{str(path)!r}: {exc}") from None


def run_replay(
    path: Path,
    *,
    lang: Lang = Lang.EN,
    step: bool = False,
    out: Console | None = None,
    ask: Ask | None = None,
) -> int:
    """Narrate a saved game from the start (every hand shown), or a public replay (what
    everybody saw, takebacks included); ``step`` waits for Enter."""
    out = out or console
    game = read_replay_file(path)
    reader: Ask = ask if ask is not None else (lambda prompt: out.input(prompt))
    public = isinstance(game, PublicRecord)
    labels = seat_labels(game.seats, lang)
    if isinstance(game, PublicRecord):  # the players' names, else the seats' in this language
        labels = [player or label for player, label in zip(game.players, labels, strict=True)]
    title = scenario_title(game.scenario, lang)
    narrator = Narrator(lang, labels, ruleset=game.ruleset, title=title, tell_seed=not public)
    table = game.scenario.table(game.ruleset)
    letters = figure_labels(f.name for f in game.scenario.figures)
    tracker = _Tracker(game)
    size = out.size
    scale = board_scale(table, size.width, max(12, size.height - 4))
    out.print(Text(title, style="bold underline"))
    out.print(
        render_board(table, tracker.view()["figures"], labels=letters, scale=scale, lang=lang)
    )
    waiting = step
    for data in game.event_dicts():
        tracker.update(data)
        if data["type"] == "takeback":  # a public replay's takeback
            line: str | None = takeback_line(data, labels, lang, game.ruleset)
        else:
            line = narrator.event(data)
        if line is None:
            continue
        if data["type"] == "game_ended":
            out.print(
                render_board(
                    table, tracker.view()["figures"], labels=letters, scale=scale, lang=lang
                )
            )
        out.print(colour_names(line, tracker.view(), labels))
        if data["type"] == "round_ended":
            out.print(
                render_board(
                    table, tracker.view()["figures"], labels=letters, scale=scale, lang=lang
                )
            )
        if waiting:
            try:
                reader("")
            except (EOFError, KeyboardInterrupt):
                waiting = False
    if not game.is_over and not public:
        out.print(
            words(lang).phrase(
                "The game is not over yet (round {round}); continue it with "
                "totenblatt play --load {file}",
                round=game.round,
                file=str(path),
            )
        )
    return 0
