"""The step-by-step replay of a finished game: public facts only, one frame per decision.

The game is dealt again from its setup (on the server: the seed stays here) and
its actions applied one decision at a time (a stored position: a decision and the
passes the server made after it for seats that pass their bids automatically); each
frame holds the figures' public state, the round, the paths moved and the public events
in words; a takeback is a frame of its own where it happened. No hand, no private event
and no seed is in any frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from totenblatt.text.night import takeback_line
from totenblatt.wanted.engine import public_event_dict
from totenblatt.wanted.engine.events import FiguresMoved
from totenblatt.wanted.engine.views import figure_view
from totenblatt.web.shell.words import Narration, winner_line

if TYPE_CHECKING:
    from totenblatt.web.table.hub import Room

__all__ = ["replay_frames"]


def replay_frames(room: Room, lang: str) -> dict[str, Any]:
    """``{"frames": [...], "result": str}`` for the finished game of ``room``."""
    game = room.game
    again = game.dealt_again()
    scenario = again.scenario
    labels = room.labels(lang)
    narration = Narration(
        lang,
        labels=labels,
        you=None,
        ruleset=again.ruleset,
        title=scenario.title_de if lang == "de" else scenario.title,
    )
    abilities = again.ruleset.abilities.enabled

    def frame(events: list[Any]) -> dict[str, Any]:
        lines = []
        paths: list[list[Any]] = []
        for event in events:
            data = public_event_dict(event)
            if data is None:  # private
                continue
            line = narration.event(data)
            if line:
                lines.append([data["type"], line])
            if isinstance(event, FiguresMoved):
                paths.extend([m.figure, [list(p) for p in m.path]] for m in event.moves)
        st = again.state
        return {
            "round": st.round,
            "figures": [figure_view(f, abilities) for f in st.figures],
            "lines": lines,
            "paths": paths,
        }

    frames = [frame(list(again.events))]
    takebacks = list(room.takebacks)

    def told(upto: int | None) -> None:
        """A frame for each takeback decided when the game had ``upto`` events or fewer."""
        while takebacks and (upto is None or takebacks[0].events <= upto):
            t = takebacks.pop(0)
            data = {"seat": t.seat, "outcome": t.outcome, "answered_by": t.answered_by}
            line = takeback_line({**data, "undone": t.undone}, labels, lang, again.ruleset)
            step = frame([])
            step["lines"] = [["takeback", line]]
            frames.append(step)

    actions = iter(game.actions)
    for entry in room.entries:
        told(len(again.state.events))
        new = []
        for _ in range(entry.actions):
            new += again.apply(next(actions))
        step = frame(list(new))
        if step["lines"] or step["paths"]:
            frames.append(step)
    told(None)
    return {
        "frames": frames,
        "result": winner_line(game.winners, game.end_reason, labels, lang),
    }
