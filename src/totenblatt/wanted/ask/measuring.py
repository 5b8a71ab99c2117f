"""The measuring tape: distance, line of fire, cover and every weapon's band between two ends.

Anyone at the table may measure at any time, between two figures, a figure and a point
or two points, as a player measures a real table: from public facts only (the table,
the figures' positions, their hidden flags and Sharpshooter). A point counts as a base
standing there, so the distance is measured as the engine measures a shot (D-11),
and the cover is the far end's against a shot from the near end (D-17; a hidden
figure has hard cover, D-12).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from totenblatt.messages import Message, MessageError
from totenblatt.wanted.engine.actions import Point
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.queries import inches_up
from totenblatt.wanted.rules import Modifier
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = ["End", "Tape", "TapeError", "WeaponBand", "tape"]

End = Point | str
"""One end of the tape: a point on the table (inches) or a figure's name."""


class TapeError(MessageError):
    """An end of the tape that is not on the table or not a figure of the game."""


@dataclass(frozen=True, slots=True)
class WeaponBand:
    """A weapon's range band over the tape's length, its limit and its modifier there."""

    weapon: str
    band: int | None
    """The band (from 0), None beyond the last: out of range."""
    limit: float | None
    """The farthest distance of that band (inches), None beyond the last."""
    modifier: Modifier
    floor: float | None = None
    """Where that band begins (inches): the band before's limit (beyond it), 0 for the
    first; None beyond the last. The range's text is "floor–limit" (A8's table)."""


@dataclass(frozen=True, slots=True)
class Tape:
    """What the tape says between two ends (see the module docstring)."""

    start: Point
    end: Point
    distance: float
    """Inches as the engine measures a shot (D-11)."""
    shown: float
    """The distance as shown: rounded up to tenths (:func:`inches_up`)."""
    line_of_fire: bool
    cover: CoverLevel
    """The far end's cover against a shot from the near end."""
    target_hidden: bool
    """The far end is a hidden figure (hard cover, and reachable within 2" only, D-12)."""
    sharpshooter: bool
    """The near end is a figure with Sharpshooter: its bands are the longer ones (B1)."""
    bands: tuple[WeaponBand, ...]
    """Every weapon of the ruleset, in the ruleset's order."""


def _end(game: Game, end: End, which: str) -> tuple[Point, bool, bool]:
    """The point of ``end``, whether it is a hidden figure, whether it has Sharpshooter."""
    table = game.state.geo.table
    if isinstance(end, str):
        figure = game.state.by_name.get(end)
        if figure is None:
            names = ", ".join(game.state.by_name)
            raise TapeError(
                f"no figure named {end!r} at the {which} end: expected one of {names}",
                message=Message(
                    "no figure named {name}: expected one of {names}",
                    name=repr(end[:40]),
                    names=names,
                ),
            )
        sharp = Ability.SHARPSHOOTER in figure.abilities
        return figure.pos, figure.hidden, sharp
    x, y = end
    if not (math.isfinite(x) and math.isfinite(y)) or not (
        0 <= x <= table.width and 0 <= y <= table.height
    ):
        raise TapeError(
            f"the {which} end ({x!r}, {y!r}) is not on the table",
            message=Message(
                "the point ({x}, {y}) is not on the table: x from 0 to {width}, y from 0 to "
                "{height} inches",
                x=round(x, 2) if math.isfinite(x) else x,
                y=round(y, 2) if math.isfinite(y) else y,
                width=table.width,
                height=table.height,
            ),
        )
    return (float(x), float(y)), False, False


def tape(game: Game, start: End, end: End) -> Tape:
    """The tape from ``start`` to ``end`` (points or figures' names), public facts only.

    Raises :class:`TapeError` for a point off the table or an unknown figure.

    >>> from totenblatt.wanted.engine import new_game
    >>> t = tape(new_game("duel", seed=1), (1.0, 1.0), (1.0, 8.0))
    >>> t.distance, t.line_of_fire, [b.band for b in t.bands][:1]
    (6.0, True, [1])
    """
    a, _, sharp = _end(game, start, "near")
    b, hidden, _ = _end(game, end, "far")
    state = game.state
    rules = game.ruleset
    distance, line = state.geo.sight(a, b)
    cover = CoverLevel.HARD if hidden else state.geo.cover(a, b)
    limits = rules.attack.sharpshooter_bands if sharp else rules.attack.bands
    band = rules.band_index(distance, sharpshooter=sharp)
    bands = tuple(
        WeaponBand(
            weapon=key,
            band=band,
            limit=None if band is None else limits[band],
            floor=None if band is None else (0.0 if band == 0 else limits[band - 1]),
            modifier=rules.range_modifier(key, distance, sharpshooter=sharp),
        )
        for key in rules.weapons
    )
    return Tape(a, b, distance, inches_up(distance), line, cover, hidden, sharp, bands)
