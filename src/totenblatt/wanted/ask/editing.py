"""The scenario editor's questions: is this text a scenario, what a spot sees, what to fix.

The editor (``docs/editor.md``) draws a table and lets its maker place terrain and
starting spots; every rule it shows is answered here, by the table's own measures:

- :func:`check_table` reads a scenario's TOML text with the loader's own checks
  (:func:`~totenblatt.wanted.table.scenario.parse_scenario`; a bad text raises its
  :class:`~totenblatt.wanted.table.scenario.ScenarioError`) and gives the table's
  :func:`table_warnings`: a figure that starts where an enemy can shoot it, a figure
  without cover within a move;
- :func:`spot_sight`: for a spot, over a grid of the table's spots where a figure may
  stand, the cover each has against a shot from the spot (D-17), which of them the spot
  has a line of fire to (D-15) and within shooting range (A8), and where a figure could
  hide (in hard cover, D-12).

Answers are values, never text (the interfaces word them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from totenblatt.messages import Message, MessageError
from totenblatt.wanted.engine.geometry import Geometry
from totenblatt.wanted.rules import MISS, Ruleset
from totenblatt.wanted.table.batch import candidate_points
from totenblatt.wanted.table.pathing import cover_spots
from totenblatt.wanted.table.scenario import Scenario, parse_scenario, ruleset_for
from totenblatt.wanted.table.terrain import Point
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "GRID_SPOTS",
    "SEARCH_NODES",
    "SpotError",
    "SpotSight",
    "TableCheck",
    "TableWarning",
    "WarningKind",
    "check_table",
    "grid_spots",
    "searchable",
    "spot_sight",
    "table_warnings",
]

SEARCH_NODES = 160
"""The most path-graph nodes (:func:`~totenblatt.wanted.table.pathing.candidate_points`) of a
table whose moves :func:`table_warnings` searches (about a second to build the graph; the
built-in tables have 55 to 90). Beyond it the no-cover warnings are left out, and say so."""

GRID_SPOTS = 2500
"""The most spots :func:`spot_sight` answers for: the grid's step is the smallest whole
number of inches that keeps a table within it (1" up to 50" x 50")."""


class WarningKind(StrEnum):
    """What a table's maker may want to change."""

    IN_SIGHT = "in_sight"
    """A figure starts in an enemy's line of fire within the range of the enemy's weapon:
    it can be shot at before it moves."""
    NO_COVER = "no_cover"
    """A figure starts without cover against an enemy in sight and has no safer spot within
    a move (a joker's ``jokers.club_inches``)."""
    NOT_SEARCHED = "not_searched"
    """The table is too large to search its moves quickly (:data:`SEARCH_NODES`): the
    no-cover warnings were not looked for (``figure`` is empty)."""


@dataclass(frozen=True, slots=True)
class TableWarning:
    """One warning about a figure's starting spot."""

    kind: WarningKind
    figure: str
    seat: int
    enemy: str | None = None
    """IN_SIGHT: the nearest enemy that can shoot at the figure."""
    distance: float | None = None
    """IN_SIGHT: inches to that enemy, as a shot is measured (D-11)."""
    inches: float | None = None
    """NO_COVER: the move searched (inches)."""


@dataclass(frozen=True, slots=True)
class TableCheck:
    """A scenario text that the loader accepts, with the ruleset it plays and its warnings."""

    scenario: Scenario
    ruleset: str
    """The built-in ruleset it plays when none is named (``ruleset_for``)."""
    warnings: tuple[TableWarning, ...]


class SpotError(MessageError):
    """A spot where no figure can stand (off the table, in impassable terrain, on a wall)."""


@dataclass(frozen=True, slots=True)
class SpotSight:
    """What a figure standing at ``spot`` sees of the table (the grid's spots)."""

    spot: Point
    step: float
    """Inches between two grid spots."""
    cover: tuple[tuple[Point, CoverLevel], ...]
    """Every grid spot where a figure may stand, with its cover against a shot from ``spot``."""
    visible: tuple[Point, ...]
    """The grid spots ``spot`` has a line of fire to."""
    in_range: tuple[Point, ...]
    """Of those, the ones within the last range band (a weapon may reach them)."""
    hiding: tuple[Point, ...]
    """The grid spots in hard cover: a figure there may hide."""
    can_hide: bool
    """A figure at ``spot`` is in hard cover (may hide)."""


def check_table(text: str, name: str) -> TableCheck:
    """The scenario written in ``text`` with its warnings; ScenarioError (the loader's
    message, labelled ``name``) when it is no scenario."""
    scenario = parse_scenario(text, name)
    ruleset = ruleset_for(scenario)
    return TableCheck(scenario, ruleset, table_warnings(scenario, ruleset))


def table_warnings(scenario: Scenario, ruleset: Ruleset | str = "base") -> tuple[TableWarning, ...]:
    """Per figure (in file order): whether an enemy can shoot it where it starts, and whether
    it starts exposed with no cover within a joker's move (:class:`WarningKind`)."""
    rules = Ruleset.load(ruleset)
    table = scenario.table(rules)
    found: list[TableWarning] = []
    positions = [f.position for f in scenario.figures]
    search = searchable(scenario, rules)
    for figure in scenario.figures:
        team = scenario.teams[figure.seat]
        enemies = [f for f in scenario.figures if scenario.teams[f.seat] != team]
        shooters = []
        for enemy in enemies:
            if not table.line_of_fire(enemy.position, figure.position):
                continue
            distance = table.distance(enemy.position, figure.position)
            if rules.range_modifier(rules.weapon_key(enemy.weapon), distance) != MISS:
                shooters.append((distance, enemy.name))
        if shooters:
            distance, name = min(shooters)
            found.append(
                TableWarning(WarningKind.IN_SIGHT, figure.name, figure.seat, name, distance)
            )
        exposed = any(
            table.line_of_fire(e.position, figure.position)
            and table.cover(e.position, figure.position) is CoverLevel.NONE
            for e in enemies
        )
        if exposed and search:
            budget = float(rules.jokers.club_inches)
            others = [p for p in positions if p != figure.position]
            threats = [e.position for e in enemies]
            if not cover_spots(table, figure.position, budget, threats, blockers=others):
                found.append(
                    TableWarning(WarningKind.NO_COVER, figure.name, figure.seat, inches=budget)
                )
    if not search:
        found.append(TableWarning(WarningKind.NOT_SEARCHED, "", 0))
    return tuple(found)


def searchable(scenario: Scenario, ruleset: Ruleset | str = "base") -> bool:
    """Whether the table's moves can be searched quickly: its path graph has at most
    :data:`SEARCH_NODES` nodes (counted without building it)."""
    nodes, _ = candidate_points(scenario.table(Ruleset.load(ruleset)))
    return len(nodes) <= SEARCH_NODES


def grid_spots(scenario: Scenario) -> tuple[float, tuple[Point, ...]]:
    """The step and the spots of the editor's grid: the centres of ``step``-inch squares
    (at most :data:`GRID_SPOTS`), bottom row first, left to right."""
    step = 1
    while math.ceil(scenario.width / step) * math.ceil(scenario.height / step) > GRID_SPOTS:
        step += 1
    xs = _centres(scenario.width, step)
    ys = _centres(scenario.height, step)
    return float(step), tuple((x, y) for y in ys for x in xs)


def _centres(length: float, step: int) -> list[float]:
    count = max(1, math.ceil(length / step - 1e-9))
    return [min(length, step * i + step / 2) for i in range(count)]


def spot_sight(scenario: Scenario, spot: Point, ruleset: Ruleset | str | None = None) -> SpotSight:
    """What a figure at ``spot`` sees (:class:`SpotSight`) with ``ruleset``'s numbers (default:
    the one the scenario plays). Raises :class:`SpotError` when no figure can stand there."""
    rules = Ruleset.load(ruleset if ruleset is not None else ruleset_for(scenario))
    table = scenario.table(rules)
    x, y = float(spot[0]), float(spot[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise SpotError(
            f"the spot ({x!r}, {y!r}) is not a point",
            message=Message("the spot ({x}, {y}) is not a point", x=repr(x), y=repr(y)),
        )
    problem = table.position_error((x, y))
    if problem is not None:
        raise SpotError(f"no figure can stand there: {problem}", message=problem.message)
    step, grid = grid_spots(scenario)
    geo = Geometry(table)  # the engine's own questions, asked as a game asks them
    here = (x, y)
    cover: list[tuple[Point, CoverLevel]] = []
    visible: list[Point] = []
    in_range: list[Point] = []
    hiding: list[Point] = []
    for point in grid:
        if table.position_error(point) is not None:
            continue
        cover.append((point, geo.cover(here, point)))
        distance, line = geo.sight(here, point)
        if line:
            visible.append(point)
            if rules.band_index(distance) is not None:
                in_range.append(point)
        if geo.in_hard_cover(point):
            hiding.append(point)
    return SpotSight(
        spot=(x, y),
        step=step,
        cover=tuple(cover),
        visible=tuple(visible),
        in_range=tuple(in_range),
        hiding=tuple(hiding),
        can_hide=geo.in_hard_cover(here),
    )
