"""The table: inches, terrain, movement cost, line of fire, cover, paths and scenarios.

Pure geometry (shapely and numpy) below the engine: :class:`Table` measures,
:mod:`~totenblatt.wanted.table.pathing` finds routes and cover spots,
:mod:`~totenblatt.wanted.table.scenario` loads the scenario files that set a table.
"""

from totenblatt.wanted.table.measure import (
    KIND_DEFAULTS,
    MoveError,
    Opening,
    OpeningKind,
    Point,
    Table,
    TableError,
    Terrain,
    TerrainKind,
)
from totenblatt.wanted.table.pathing import Router, advance, cover_spots, router_for
from totenblatt.wanted.table.raster import rasterize
from totenblatt.wanted.table.scenario import Scenario, ScenarioError, load_scenario

__all__ = [
    "KIND_DEFAULTS",
    "MoveError",
    "Opening",
    "OpeningKind",
    "Point",
    "Router",
    "Scenario",
    "ScenarioError",
    "Table",
    "TableError",
    "Terrain",
    "TerrainKind",
    "advance",
    "cover_spots",
    "load_scenario",
    "rasterize",
    "router_for",
]
