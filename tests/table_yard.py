"""The 24 × 24 yard of the table's tests (measuring, paths): a saloon with a door and a
window, a store with a door, scrub, a fence, a wall, rocks, a wagon and a bar."""

from __future__ import annotations

from totenblatt.wanted.table.measure import Opening, OpeningKind, Table, Terrain

DOOR, WINDOW = OpeningKind.DOOR, OpeningKind.WINDOW

SALOON = Terrain.rect(
    "Saloon",
    "building",
    4,
    4,
    8,
    6,
    openings=(Opening(DOOR, (7, 4), (8.5, 4)), Opening(WINDOW, (12, 6), (12, 7.5))),
)
STORE = Terrain.rect(
    "Store", "building", 8, 18, 4, 4, openings=(Opening(DOOR, (8, 19), (8, 20.5)),)
)
TERRAIN = (
    SALOON,
    STORE,
    Terrain.rect("Scrub", "rough", 14, 14, 4, 4),
    Terrain.rect("Fence", "fence", 2, 16, 4, 0.25),
    Terrain.rect("Wall", "wall", 16, 2, 0.5, 4),
    Terrain.rect("Rocks", "rocks", 18, 8, 2, 2),
    Terrain.rect("Wagon", "wagon", 2, 20, 3, 2),
    Terrain.rect("Bar", "counter", 5, 8.5, 3, 0.5),
)


def yard(*extra: Terrain, **numbers: float | str) -> Table:
    """The yard of :data:`TERRAIN` and ``extra``, with these numbers of the table."""
    return Table(24, 24, (*TERRAIN, *extra), **numbers)  # type: ignore[arg-type]
