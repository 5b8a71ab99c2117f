"""What the table's queries cost: µs per move_cost, advance, cover_spots, cover, line of fire.

``python -m benchmarks table`` — on the ``gangs`` table (22+ pieces), seeded random
positions, CPU time per call (garbage collection paused, as ``timeit`` does). "cold"
uses a fresh pair of points every call (no cache hit); "warm" repeats calls the way
an engine does between moves (cache hits).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import MoveError, Point, Table
from totenblatt.wanted.table.pathing import advance, cover_spots, router_for
from totenblatt.wanted.table.scenario import load_scenario

CALLS = 2000


def _points(table: Table, n: int, rng: random.Random) -> list[Point]:
    out: list[Point] = []
    r = table.radius
    while len(out) < n:
        p = (round(rng.uniform(r, table.width - r), 3), round(rng.uniform(r, table.height - r), 3))
        if table.position_error(p) is None:
            out.append(p)
    return out


def _time(label: str, calls: int, fn: Callable[[int], object]) -> float:
    gc.collect()
    gc.disable()  # as timeit does: a collection pass would land on one unlucky query
    try:
        start = time.process_time()
        for i in range(calls):
            fn(i)
        micro = (time.process_time() - start) / calls * 1e6
    finally:
        gc.enable()
    print(f"{label:<44} {micro:9.1f} µs")
    return micro


def _safe_cost(table: Table, path: list[Point]) -> float:
    try:
        return table.move_cost(path)
    except MoveError:
        return -1.0


def _both(table: Table, a: Point, b: Point) -> tuple[object, bool]:
    return table.cover(a, b), table.line_of_fire(a, b)


def main() -> None:
    """Print µs per call for each table query, cold and warm."""
    rng = random.Random(7)
    scenario = load_scenario("gangs")
    rules = Ruleset.load("base")
    start = time.perf_counter()
    table = Table(
        scenario.width,
        scenario.height,
        scenario.terrain,
        measure=rules.movement.measure,
        base_diameter=rules.movement.base_diameter,
    )
    built = time.perf_counter() - start
    start = time.perf_counter()
    router = router_for(table)
    graph = time.perf_counter() - start
    print(f"table built in {built * 1e3:.1f} ms; path graph ({len(router.nodes)} nodes) "
          f"in {graph * 1e3:.0f} ms")  # fmt: skip
    a = _points(table, CALLS, rng)
    b = _points(table, CALLS, rng)
    c = _points(table, CALLS, rng)
    _time("distance", CALLS, lambda i: table.distance(a[i], b[i]))
    _time("move_cost, 1 leg, cold", CALLS, lambda i: _safe_cost(table, [a[i], b[i]]))
    _time("move_cost, 2 legs, cold", CALLS, lambda i: _safe_cost(table, [b[i], c[i], a[i]]))
    _time("move_cost, 1 leg, warm", CALLS, lambda i: _safe_cost(table, [a[i], b[i]]))
    _time("line_of_fire, cold", CALLS, lambda i: table.line_of_fire(a[i], c[i]))
    _time("cover, cold", CALLS, lambda i: table.cover(c[i], b[i]))
    _time("cover + line_of_fire, warm", CALLS, lambda i: _both(table, c[i], b[i]))
    _time("in_hard_cover, cold", CALLS, lambda i: table.in_hard_cover(c[(i * 7) % CALLS]))
    n = CALLS // 4
    blockers = [tuple(_points(table, 4, rng)) for _ in range(n)]
    _time('advance 8", cold start and goal', n, lambda i: advance(table, a[i], b[i], 8))
    _time('advance 8", warm (same start and goal)', n, lambda i: advance(table, a[i], b[i], 8))
    _time(
        'advance 8", known start and goal, new blockers',
        n,
        lambda i: advance(table, a[i], b[i], 8, blockers=blockers[i]),
    )
    _time('advance 8", known start, new goal', n, lambda i: advance(table, a[i], c[i], 8))
    _time(
        'advance, known start and goal, new budget 5"', n, lambda i: advance(table, a[i], c[i], 5)
    )
    d = _points(table, n, rng)
    _time("route, new start and goal", n, lambda i: router.route(d[i], b[i]))
    _time("straight line, new", n, lambda i: router.straight(d[i], a[i], 8, ()))
    threats = [tuple(_points(table, 3, rng)) for _ in range(n)]
    _time('cover_spots 8" vs 3 threats, cold', n, lambda i: cover_spots(table, b[i], 8, threats[i]))
    _time('cover_spots 8" vs 3 threats, warm', n, lambda i: cover_spots(table, b[i], 8, threats[i]))
    _time(
        "cover_spots, known threats, new start",
        n,
        lambda i: cover_spots(table, c[i], 8, threats[i]),
    )
    moved = [(a[i], *threats[i][1:]) for i in range(n)]
    _time(
        "cover_spots, known start, one threat moved",
        n,
        lambda i: cover_spots(table, c[i], 8, moved[i]),
    )
    _time(
        "cover_spots, known start and threats, new bases",
        n,
        lambda i: cover_spots(table, c[i], 8, moved[i], blockers=blockers[i]),
    )
    _time(
        'cover_spots, known start and threats, new budget 5"',
        n,
        lambda i: cover_spots(table, c[i], 5, moved[i], blockers=blockers[i]),
    )
