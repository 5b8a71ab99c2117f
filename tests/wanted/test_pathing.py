"""Path finding (pathing) and the vectorised table queries (batch) agree with the exact table."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from table_yard import SALOON, yard
from totenblatt.wanted.table.batch import Batch
from totenblatt.wanted.table.measure import MoveError, Point, Table, Terrain
from totenblatt.wanted.table.pathing import advance, cover_spots, router_for
from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario

NOTCH = Terrain.make("rough", outline=((1, 1), (3, 1), (3, 3), (2, 2), (1, 3)), name="Notch")


def make(**numbers: float | str) -> Table:
    return yard(NOTCH, **numbers)


EDGE = make()

coord = st.floats(0.5, 23.5, allow_nan=False)
point = st.tuples(coord, coord)


# -- advance ---------------------------------------------------------------------------


def test_advance_straight_and_cut_at_budget() -> None:
    path = advance(EDGE, (13, 2), (13, 12), 6)
    assert path == ((13.0, 2.0), (13.0, 8.0))


def test_advance_reaches_goal_within_budget() -> None:
    assert advance(EDGE, (13, 2), (13, 5), 6) == ((13.0, 2.0), (13.0, 5.0))


def test_advance_stops_short_of_a_base() -> None:
    path = advance(EDGE, (13, 2), (13, 8), 12, blockers=[(13, 8)])
    assert path is not None
    assert math.dist(path[-1], (13, 8)) == pytest.approx(1.0, abs=1e-3)
    EDGE.move_cost(path, blockers=[(13, 8)])


def test_advance_into_a_building_uses_the_door() -> None:
    path = advance(EDGE, (2, 2), (8, 8), 30)
    assert path is not None
    assert path[-1] == pytest.approx((8, 8))
    assert EDGE.building_at(path[-1]) is SALOON
    cost = EDGE.move_cost(path)
    assert cost <= 30
    # the door is cheaper than the window: no 5" surcharge
    assert cost < math.dist((2, 2), (8, 8)) + 5


def test_advance_prefers_the_way_round_difficult_ground() -> None:
    table = make(difficult_factor=3)  # straight across: 2 + 4 x 3 = 14"
    path = advance(table, (13, 16), (19, 16), 30)
    assert path is not None
    assert len(path) > 2
    assert table.move_cost(path) < 11.0


def test_advance_without_budget_or_progress() -> None:
    assert advance(EDGE, (13, 2), (13, 12), 0) is None
    assert advance(EDGE, (13, 2), (13, 2), 5) is None
    assert advance(EDGE, (13, 2), (13, 3.5), 5, blockers=[(13, 3)]) is None
    assert advance(EDGE, (13, 2), (13, 12), 5, blockers=[(13, 3)]) == ((13.0, 2.0), (13.0, 7.0))


def test_advance_towards_an_unreachable_goal_gets_near_it() -> None:
    path = advance(EDGE, (7, 23), (3, 21), 12)  # goal inside the wagon
    assert path is not None
    assert math.dist(path[-1], (3, 21)) < math.dist((7, 23), (3, 21))


def test_cover_spots_are_legal_and_better() -> None:
    threats = ((13, 13),)
    start = (22, 13)
    spots = cover_spots(EDGE, start, 8, threats)
    assert spots
    router = router_for(EDGE)
    here = router.score(start, threats)
    for path in spots:
        assert path[0] == start
        assert EDGE.move_cost(path) <= 8
        assert router.score(path[-1], threats) > here
    scores = [router.score(p[-1], threats) for p in spots]
    assert scores == sorted(scores, reverse=True)


def test_cover_spots_respect_blockers_and_limit() -> None:
    threats = ((13, 13),)
    spots = cover_spots(EDGE, (22, 13), 8, threats, limit=1)
    assert len(spots) == 1
    taken = spots[0][-1]
    others = cover_spots(EDGE, (22, 13), 8, threats, blockers=[taken], limit=5)
    assert all(math.dist(p[-1], taken) >= 1 - 1e-9 for p in others)
    assert cover_spots(EDGE, (22, 13), 0, threats) == []


@settings(max_examples=150, deadline=None)
@given(point, point, st.floats(0, 14), st.lists(point, max_size=3))
def test_advance_is_legal_within_budget(
    start: Point, goal: Point, budget: float, blockers: list[Point]
) -> None:
    assume(EDGE.position_error(start) is None)
    blockers = [b for b in blockers if math.dist(b, start) >= 1]
    path = advance(EDGE, start, goal, budget, blockers=blockers)
    if path is None:
        return
    assert path[0] == start
    assert EDGE.move_cost(path, blockers=blockers) <= budget + 1e-9


@settings(max_examples=40, deadline=None)
@given(point, st.floats(1, 12), st.lists(point, min_size=1, max_size=3))
def test_cover_spots_are_legal_within_budget(
    start: Point, budget: float, threats: list[Point]
) -> None:
    assume(EDGE.position_error(start) is None)
    for path in cover_spots(EDGE, start, budget, threats):
        assert path[0] == start
        assert EDGE.move_cost(path) <= budget + 1e-9


@pytest.mark.parametrize("name", builtin_scenarios())
def test_builtin_tables_advance_and_cover(name: str) -> None:
    scenario = load_scenario(name)
    table = scenario.table()
    positions = [f.position for f in scenario.figures]
    for figure in scenario.figures:
        others = [p for p in positions if p != figure.position]
        enemies = [f.position for f in scenario.figures if f.seat != figure.seat]
        for goal in enemies:
            path = advance(table, figure.position, goal, 12, blockers=others)
            assert path is not None
            assert table.move_cost(path, blockers=others) <= 12 + 1e-9
        for path in cover_spots(table, figure.position, 12, enemies, blockers=others):
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
def test_batch_costs_match_exact_costs(table: Table) -> None:
    rng = random.Random(11)
    batch = Batch(table)
    for p in _points(table, 25, rng):
        targets = _points(table, 40, rng)
        got = batch.costs(p, np.array(targets))
        want = [_exact(table, p, q) for q in targets]
        assert got == pytest.approx(want, abs=1e-6)


@pytest.mark.parametrize("table", _tables(), ids=repr)
def test_batch_exposure_matches_exact_cover(table: Table) -> None:
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


@pytest.mark.parametrize("table", [EDGE] + [load_scenario(n).table() for n in builtin_scenarios()])
def test_router_graph_is_exact(table: Table) -> None:
    """Every edge of the static graph (and every node-to-spot leg) costs what the exact
    method says: the vectorised segment test agrees even for the aligned node pairs."""
    router = router_for(table)
    for i, p in enumerate(router.nodes):
        for j, q in enumerate(router.nodes):
            if i != j:
                assert router.weights[i, j] == pytest.approx(_exact(table, p, q), abs=1e-6)
        for j, q in enumerate(router.spots):
            assert router.to_spot[i, j] == pytest.approx(_exact(table, p, q), abs=1e-6)


# -- routes are the cheapest the graph allows ------------------------------------------


def _cheapest(table: Table, start: Point, goal: Point) -> float:
    """Brute force: straight, or any first node, the graph, any last node (all exact)."""
    router = router_for(table)
    first = np.array([_exact(table, start, n) for n in router.nodes])
    last = np.array([_exact(table, n, goal) for n in router.nodes])
    via = first[:, None] + router.dist + last[None, :]
    return min(_exact(table, start, goal), float(via.min()))


@settings(max_examples=120, deadline=None)
@given(point, point)
def test_route_is_the_cheapest(start: Point, goal: Point) -> None:
    """The lazy search (lower bounds, first legs costed on demand) finds the optimum.

    Not for an end exactly on a piece's outline: the vectorised costs of the goal's
    legs count touching impassable terrain as blocked, so a route there may go round.
    """
    assume(EDGE.position_error(start) is None and EDGE.position_error(goal) is None)
    assume(not any(poly.distance(*p) <= 1e-6 for poly in EDGE._polys for p in (start, goal)))
    best = _cheapest(EDGE, start, goal)
    route = router_for(EDGE).route(start, goal)
    if best == math.inf:
        assert route[-1] != goal
        return
    assert route[0] == start and route[-1] == goal
    assert EDGE.move_cost(route) == pytest.approx(best, abs=1e-6)


@settings(max_examples=60, deadline=None)
@given(point, point, st.floats(0.5, 12))
def test_straight_moves_go_straight_or_nowhere(start: Point, goal: Point, budget: float) -> None:
    assume(EDGE.position_error(start) is None)
    router = router_for(EDGE)
    path = router.straight(start, goal, budget, ())
    if _exact(EDGE, start, goal) == math.inf:
        assert path is None
        return
    if path is None:
        return  # no progress within the budget
    assert len(path) == 2 and path[0] == start
    assert EDGE.move_cost(path) <= budget + 1e-9
    # on the line start-goal, no farther than the goal
    (x0, y0), (x1, y1), (x, y) = start, goal, path[1]
    assert abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) <= 1e-5 * (1 + math.dist(start, goal))
    assert math.dist(start, path[1]) <= math.dist(start, goal) + 1e-6
    assert router.straight(start, goal, budget, (path[1],)) is None  # would end on that base


def test_away_moves_away_and_turns_at_walls() -> None:
    from totenblatt.wanted.engine.geometry import Geometry

    geo = Geometry(EDGE)
    threat, start = (13.0, 2.0), (13.0, 12.0)
    path = geo.away(start, threat, 6, ())
    assert path is not None and path[-1] == pytest.approx((13.0, 18.0))
    # the wagon straight behind: turned (60 degrees here), still away and legal
    start, threat = (3.5, 23.0), (3.5, 23.5)
    path = geo.away(start, threat, 4, ())
    assert path is not None and EDGE.move_cost(path) <= 4 + 1e-9
    assert math.dist(path[-1], threat) > math.dist(start, threat) and path[-1][0] > 6
    # walled in on three sides (the saloon's west corner): no straight way away
    assert geo.away((4.7, 7.0), (10.0, 7.0), 4, ()) is None
    # at the table's edge: no room straight away, so turned and sliding along the edge
    path = geo.away((10.0, 0.5), (10.0, 5.0), 4, ())
    assert path is not None and path[-1][1] == 0.5 and EDGE.move_cost(path) <= 4 + 1e-9
    assert geo.away((0.5, 0.5), (5.0, 5.0), 4, ()) is None  # cornered


# -- the offered moves (moves.move_candidates) are legal in real games ------------------


@pytest.mark.parametrize("name", ["duel", "three-way", "gangs"])
def test_every_offered_move_is_legal(name: str) -> None:
    from totenblatt.wanted.bots import RandomBot
    from totenblatt.wanted.engine.actions import Move
    from totenblatt.wanted.engine.game import new_game

    for seed in (3, 4):
        game = new_game(name, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        checked = 0
        while not game.is_over and checked < 400:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            for action in legal:
                if isinstance(action, Move) and action.steps:
                    assert game.why_illegal(action) is None, action
                    checked += 1
            game.apply(bots[seat].choose(game.view(seat), legal))
        assert checked > 0, f"{name} seed {seed}: no move offered to check"
