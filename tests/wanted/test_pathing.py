"""Path finding (pathing) and the vectorised table queries (batch) agree with the exact table."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totenblatt.wanted.batch import Batch
from totenblatt.wanted.scenario import builtin_scenarios, load_scenario
from totenblatt.wanted.table import MoveError, Opening, OpeningKind, Table, Terrain

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
TERRAIN = (
    SALOON,
    Terrain.rect("Store", "building", 8, 18, 4, 4, openings=(Opening(DOOR, (8, 19), (8, 20.5)),)),
    Terrain.rect("Scrub", "rough", 14, 14, 4, 4),
    Terrain.rect("Fence", "fence", 2, 16, 4, 0.25),
    Terrain.rect("Wall", "wall", 16, 2, 0.5, 4),
    Terrain.rect("Rocks", "rocks", 18, 8, 2, 2),
    Terrain.rect("Wagon", "wagon", 2, 20, 3, 2),
    Terrain.rect("Bar", "counter", 5, 8.5, 3, 0.5),
    Terrain.make("rough", outline=((1, 1), (3, 1), (3, 3), (2, 2), (1, 3)), name="Notch"),
)


def make(**numbers: float | str) -> Table:
    return Table(24, 24, TERRAIN, **numbers)  # type: ignore[arg-type]


EDGE = make()

coord = st.floats(0.5, 23.5, allow_nan=False)
point = st.tuples(coord, coord)


# -- advance ---------------------------------------------------------------------------


def test_advance_straight_and_cut_at_budget():
    path = EDGE.advance((13, 2), (13, 12), 6)
    assert path == ((13.0, 2.0), (13.0, 8.0))


def test_advance_reaches_goal_within_budget():
    assert EDGE.advance((13, 2), (13, 5), 6) == ((13.0, 2.0), (13.0, 5.0))


def test_advance_stops_short_of_a_base():
    path = EDGE.advance((13, 2), (13, 8), 12, blockers=[(13, 8)])
    assert path is not None
    assert math.dist(path[-1], (13, 8)) == pytest.approx(1.0, abs=1e-3)
    EDGE.move_cost(path, blockers=[(13, 8)])


def test_advance_into_a_building_uses_the_door():
    path = EDGE.advance((2, 2), (8, 8), 30)
    assert path is not None
    assert path[-1] == pytest.approx((8, 8))
    assert EDGE.building_at(path[-1]) is SALOON
    cost = EDGE.move_cost(path)
    assert cost <= 30
    # the door is cheaper than the window: no 5" surcharge
    assert cost < math.dist((2, 2), (8, 8)) + 5


def test_advance_prefers_the_way_round_difficult_ground():
    table = make(difficult_factor=3)  # straight across: 2 + 4 x 3 = 14"
    path = table.advance((13, 16), (19, 16), 30)
    assert path is not None
    assert len(path) > 2
    assert table.move_cost(path) < 11.0


def test_advance_without_budget_or_progress():
    assert EDGE.advance((13, 2), (13, 12), 0) is None
    assert EDGE.advance((13, 2), (13, 2), 5) is None
    assert EDGE.advance((13, 2), (13, 3.5), 5, blockers=[(13, 3)]) is None
    assert EDGE.advance((13, 2), (13, 12), 5, blockers=[(13, 3)]) == ((13.0, 2.0), (13.0, 7.0))


def test_advance_towards_an_unreachable_goal_gets_near_it():
    path = EDGE.advance((7, 23), (3, 21), 12)  # goal inside the wagon
    assert path is not None
    assert math.dist(path[-1], (3, 21)) < math.dist((7, 23), (3, 21))


def test_cover_spots_are_legal_and_better():
    threats = ((13, 13),)
    start = (22, 13)
    spots = EDGE.cover_spots(start, 8, threats)
    assert spots
    router = EDGE.router
    here = router.score(start, threats)
    for path in spots:
        assert path[0] == start
        assert EDGE.move_cost(path) <= 8
        assert router.score(path[-1], threats) > here
    scores = [router.score(p[-1], threats) for p in spots]
    assert scores == sorted(scores, reverse=True)


def test_cover_spots_respect_blockers_and_limit():
    threats = ((13, 13),)
    spots = EDGE.cover_spots((22, 13), 8, threats, limit=1)
    assert len(spots) == 1
    taken = spots[0][-1]
    others = EDGE.cover_spots((22, 13), 8, threats, blockers=[taken], limit=5)
    assert all(math.dist(p[-1], taken) >= 1 - 1e-9 for p in others)
    assert EDGE.cover_spots((22, 13), 0, threats) == []


@settings(max_examples=150, deadline=None)
@given(point, point, st.floats(0, 14), st.lists(point, max_size=3))
def test_advance_is_legal_within_budget(start, goal, budget, blockers):
    if EDGE.position_error(start) is not None:
        return
    blockers = [b for b in blockers if math.dist(b, start) >= 1]
    path = EDGE.advance(start, goal, budget, blockers=blockers)
    if path is None:
        return
    assert path[0] == start
    assert EDGE.move_cost(path, blockers=blockers) <= budget + 1e-9


@settings(max_examples=40, deadline=None)
@given(point, st.floats(1, 12), st.lists(point, min_size=1, max_size=3))
def test_cover_spots_are_legal_within_budget(start, budget, threats):
    if EDGE.position_error(start) is not None:
        return
    for path in EDGE.cover_spots(start, budget, threats):
        assert path[0] == start
        assert EDGE.move_cost(path) <= budget + 1e-9


@pytest.mark.parametrize("name", builtin_scenarios())
def test_builtin_tables_advance_and_cover(name):
    scenario = load_scenario(name)
    table = scenario.table()
    positions = [f.position for f in scenario.figures]
    for figure in scenario.figures:
        others = [p for p in positions if p != figure.position]
        enemies = [f.position for f in scenario.figures if f.seat != figure.seat]
        for goal in enemies:
            path = table.advance(figure.position, goal, 12, blockers=others)
            assert path is not None
            assert table.move_cost(path, blockers=others) <= 12 + 1e-9
        for path in table.cover_spots(figure.position, 12, enemies, blockers=others):
            assert table.move_cost(path, blockers=others) <= 12 + 1e-9


# -- batch: the vectorised queries agree with the exact ones ---------------------------

RANK = {"none": 0, "light": 1, "medium": 2, "hard": 3}


def _tables() -> list[Table]:
    overlap = Table(
        12,
        12,
        (
            Terrain.rect("a", "rough", 2, 2, 4, 3),
            Terrain.rect("b", "river", 4, 1, 4, 3),
            Terrain.rect("c", "rocks", 7, 7, 2, 2),
        ),
    )
    return [EDGE, make(measure="centre"), overlap] + [
        load_scenario(name).table() for name in builtin_scenarios()
    ]


def _points(table: Table, n: int, rng: random.Random) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    while len(out) < n:
        p = (rng.uniform(0.5, table.width - 0.5), rng.uniform(0.5, table.height - 0.5))
        if table.position_error(p) is None:
            out.append(p)
    return out


def _exact(table: Table, p: tuple[float, float], q: tuple[float, float]) -> float:
    try:
        return table.segment_cost(p, q)
    except MoveError:
        return math.inf


@pytest.mark.parametrize("table", _tables(), ids=repr)
def test_batch_costs_match_exact_costs(table):
    rng = random.Random(11)
    batch = Batch(table)
    for p in _points(table, 25, rng):
        targets = _points(table, 40, rng)
        got = batch.costs(p, np.array(targets))
        want = [_exact(table, p, q) for q in targets]
        assert got == pytest.approx(want, abs=1e-6)


@pytest.mark.parametrize("table", _tables(), ids=repr)
def test_batch_exposure_matches_exact_cover(table):
    rng = random.Random(5)
    batch = Batch(table)
    spots = _points(table, 60, rng)
    facts = batch.spots(spots)
    for shooter in _points(table, 15, rng):
        got = batch.exposure(shooter, facts)
        want = [
            RANK[table.cover(shooter, s).value] if table.line_of_fire(shooter, s) else 4
            for s in spots
        ]
        assert list(got) == want


def test_router_graph_is_exact():
    """Every edge of the static graph costs what the exact method says."""
    router = EDGE.router
    for i, p in enumerate(router.nodes):
        for j, q in enumerate(router.nodes):
            if i != j:
                assert router.weights[i, j] == pytest.approx(_exact(EDGE, p, q), abs=1e-6)
