"""The table: measuring (D-11), movement costs (A6), line of fire (D-15), cover (D-17), D-12."""

from __future__ import annotations

import copy
import itertools
import math
import pickle
from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from table_yard import DOOR, SALOON, STORE, TERRAIN, WINDOW
from table_yard import yard as make
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import (
    MoveError,
    Opening,
    Point,
    Table,
    TableError,
    Terrain,
    TerrainKind,
)
from totenblatt.wanted.table.planar import Poly, segment_params
from totenblatt.wanted.table.raster import rasterize
from totenblatt.wanted.vocab import CoverLevel

EDGE = make()
CENTRE = make(measure="centre")


# -- measuring (D-11) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "edge", "centre"),
    [
        ((0.5, 0.5), (0.5, 3.5), 2.0, 3.0),
        ((5, 5), (6, 5), 0.0, 1.0),  # bases touching
        ((5, 5), (5.5, 5), 0.0, 0.5),  # never below 0
        ((1, 1), (4, 5), 4.0, 5.0),
        ((3, 3), (3, 3), 0.0, 0.0),
    ],
)
def test_distance_edge_and_centre(a: Point, b: Point, edge: float, centre: float) -> None:
    assert EDGE.distance(a, b) == pytest.approx(edge)
    assert CENTRE.distance(a, b) == pytest.approx(centre)


def test_build_takes_numbers_from_ruleset() -> None:
    rules = Ruleset.load("base").with_options(measure="centre", window_cost=3.0)
    table = Table.build(24, 24, TERRAIN, rules)
    assert table.distance((1, 1), (1, 4)) == 3.0
    assert table.move_cost([(14, 6.75), (10, 6.75)]) == pytest.approx(7.0)
    assert Table.build(24, 24, TERRAIN, rules) is table  # cached
    assert Table.build(24, 24, TERRAIN, "base").distance((1, 1), (1, 4)) == 2.0


# -- movement (A6, D-11) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "path", "cost"),
    [
        ("open ground", [(13, 2), (13, 10)], 8.0),
        ("difficult x2", [(13, 16), (19, 16)], 2 + 4 * 2),
        ("fence climbed", [(3, 15), (3, 17)], 2.25),
        ("window +5", [(14, 6.75), (10, 6.75)], 4 + 5),
        ("window both ways", [(10, 6.75), (14, 6.75)], 4 + 5),
        ("door free", [(7.75, 2), (7.75, 6)], 4.0),
        ("in at the door, out at the window", [(7.75, 2), (7.75, 7), (14, 7)], 5 + 6.25 + 5),
        ("pausing in a window pays once", [(14, 6.75), (12, 6.75), (10, 6.75)], 9.0),
        ("split path", [(13, 2), (13, 12), (22, 12)], 19.0),
        ("along the rocks' edge", [(18, 11), (18, 12.5)], 1.5),
        ("standing still", [(13, 2)], 0.0),
        ("inside the building", [(5, 5), (11, 5)], 6.0),
    ],
)
def test_move_cost(name: str, path: list[Point], cost: float) -> None:
    assert EDGE.move_cost(path) == pytest.approx(cost), name


def test_difficult_factor_from_numbers() -> None:
    assert make(difficult_factor=3).move_cost([(13, 16), (19, 16)]) == pytest.approx(2 + 4 * 3)


def test_overlapping_difficult_pieces_are_charged_once() -> None:
    scrub = Terrain.rect("a", "rough", 2, 2, 4, 2)
    mud = Terrain.rect("b", "river", 4, 2, 4, 2)
    table = Table(12, 12, (scrub, mud))
    assert table.move_cost([(1, 3), (9, 3)]) == pytest.approx(2 + 6 * 2)


@pytest.mark.parametrize(
    ("name", "path", "blockers", "reason"),
    [
        ("wall", [(2, 5), (6, 5)], (), "wall of 'Saloon'"),
        ("wall from inside", [(11, 9), (13, 9)], (), "wall of 'Saloon'"),
        ("wall beside the door", [(6.5, 2), (6.5, 6)], (), "wall"),
        ("impassable wagon", [(1, 21), (6, 21)], (), "impassable terrain 'Wagon'"),
        ("off the table", [(1, 1), (0.2, 1)], (), "leaves the table"),
        ("base over the edge", [(22, 5), (23.6, 5)], (), "leaves the table"),
        ("ends on a base", [(13, 2), (13, 10)], ((13, 10.5),), "overlapping the base"),
        ("ends on a base (2 legs)", [(13, 2), (13, 6), (15, 6)], ((15.2, 6.6),), "overlapping"),
        ("stops inside the wagon", [(3, 21)], (), "impassable"),
        ("empty", [], (), "at least its start"),
    ],
)
def test_move_refused(
    name: str, path: list[Point], blockers: tuple[Point, ...], reason: str
) -> None:
    with pytest.raises(MoveError, match=reason):
        EDGE.move_cost(path, blockers=blockers)


def test_move_may_pass_a_base_and_end_touching_it() -> None:
    assert EDGE.move_cost([(13, 2), (13, 10)], blockers=[(13, 6), (13, 11)]) == 8.0


# -- line of fire (D-15) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "clear"),
    [
        ((2, 7), (14, 7), False),  # through the saloon, both outside
        ((2, 7), (8, 7), True),  # the target is inside
        ((8, 7), (2, 7), True),  # the attacker is inside
        ((2, 2), (22, 2), True),  # past the saloon, through the wall piece: not blocking
        ((13, 9), (21, 9), True),  # through the rocks: cover, not a wall
        ((8, 7), (10, 20), True),  # saloon to store: each wall has someone inside
        ((8, 7), (10, 23.5), False),  # from the saloon through the store
        ((7.75, 4), (7.75, 1), True),  # standing in the doorway counts as inside
    ],
)
def test_line_of_fire(a: Point, b: Point, clear: bool) -> None:
    assert EDGE.line_of_fire(a, b) is clear
    assert EDGE.line_of_fire(b, a) is clear


# -- cover (D-17) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "target", "edge", "centre"),
    [
        ((14, 7), (8, 7), CoverLevel.HARD, CoverLevel.HARD),  # inside a building
        ((5, 5), (11, 5), CoverLevel.NONE, CoverLevel.NONE),  # both in the same building
        ((6.5, 5), (6.5, 9.4), CoverLevel.MEDIUM, CoverLevel.MEDIUM),  # behind the bar
        ((8, 7), (14, 7), CoverLevel.NONE, CoverLevel.NONE),  # shooting out of a window
        ((4, 12), (4, 16.9), CoverLevel.LIGHT, CoverLevel.LIGHT),  # behind the fence
        ((4, 12), (4, 17.4), CoverLevel.LIGHT, CoverLevel.NONE),  # 1.15" from the fence
        ((4, 12), (4, 18.5), CoverLevel.NONE, CoverLevel.NONE),  # too far behind it
        ((4, 19.5), (4, 16.9), CoverLevel.NONE, CoverLevel.NONE),  # fence behind the target
        ((13.5, 4), (17, 4), CoverLevel.MEDIUM, CoverLevel.MEDIUM),  # behind the wall
        ((13, 13), (19, 9), CoverLevel.HARD, CoverLevel.HARD),  # standing in the rocks
        ((22, 2), (17, 4), CoverLevel.NONE, CoverLevel.NONE),  # wall on the far side
        ((13, 19), (15, 16), CoverLevel.NONE, CoverLevel.NONE),  # rough ground: no cover
        ((10, 15), (10, 15), CoverLevel.NONE, CoverLevel.NONE),
    ],
)
def test_cover(attacker: Point, target: Point, edge: CoverLevel, centre: CoverLevel) -> None:
    assert EDGE.cover(attacker, target) is edge
    assert CENTRE.cover(attacker, target) is centre


def test_cover_takes_the_best_piece() -> None:
    fence = Terrain.rect("fence", "fence", 5, 2, 0.25, 4)
    rocks = Terrain.rect("rocks", "rocks", 5.5, 2, 0.5, 4)
    table = Table(12, 12, (fence, rocks))
    assert table.cover((1, 4), (6.8, 4)) is CoverLevel.HARD
    assert table.cover((1, 4), (6.8, 4)) is not CoverLevel.HIDDEN


def test_seed_example_paco_behind_a_small_stone_wall() -> None:
    """A8 example: Paco behind a small stone wall has medium cover against Billy at 7"."""
    wall = Terrain.rect("stone wall", TerrainKind.WALL, 10, 4, 0.5, 3)
    table = Table(24, 12, (wall,))
    billy, paco = (2.5, 5.5), (11.0, 5.5)
    assert table.distance(billy, paco) == pytest.approx(7.5)
    assert table.cover(billy, paco) is CoverLevel.MEDIUM


# -- in hard cover (D-12) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("point", "edge", "centre"),
    [
        ((8, 7), True, True),  # inside the saloon
        ((7.75, 4), True, True),  # in its doorway
        ((19, 9), True, True),  # in the rocks
        ((21.4, 9), True, False),  # 1.4" from the rocks: base edge within 1"
        ((20.9, 9), True, True),
        ((21.6, 9), False, False),
        ((17, 4), False, False),  # medium wall only
        ((13, 2), False, False),  # open ground, near a building outside
        ((12.5, 7), False, False),  # just outside the saloon's wall
    ],
)
def test_in_hard_cover(point: Point, edge: bool, centre: bool) -> None:
    assert EDGE.in_hard_cover(point) is edge
    assert CENTRE.in_hard_cover(point) is centre


def test_building_at() -> None:
    assert EDGE.building_at((8, 7)) is SALOON
    assert EDGE.building_at((10, 20)) is STORE
    assert EDGE.building_at((13, 7)) is None


def test_position_error() -> None:
    assert EDGE.position_error((13, 2)) is None
    assert "off the table" in (EDGE.position_error((0.4, 5)) or "")
    assert "impassable" in (EDGE.position_error((3, 21)) or "")
    assert "wall" in (EDGE.position_error((4, 6)) or "")
    assert "overlaps" in (EDGE.position_error((13, 2), [(13.5, 2)]) or "")


# -- bad tables ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "reason"),
    [
        ((Terrain.make("rocks", outline=((0, 0), (1, 1))),), "at least 3"),
        ((Terrain.make("rocks", outline=((0, 0), (2, 2), (2, 0), (0, 2))),), "simple polygon"),
        ((Terrain.rect("r", "rocks", 20, 20, 6, 2),), "off the 24 x 24 table"),
        (
            (Terrain.rect("b", "building", 2, 2, 4, 4, openings=(Opening(DOOR, (3, 3), (4, 3)),)),),
            "does not lie on one side",
        ),
        (
            (Terrain.rect("r", "rocks", 2, 2, 4, 4, openings=(Opening(DOOR, (3, 2), (4, 2)),)),),
            "only a building",
        ),
        (
            (
                Terrain.rect("a", "building", 2, 2, 4, 4),
                Terrain.rect("b", "building", 4, 4, 4, 4),
            ),
            "overlap",
        ),
        (
            (
                Terrain.rect(
                    "b",
                    "building",
                    2,
                    2,
                    4,
                    4,
                    openings=(Opening(DOOR, (3, 2), (4, 2)), Opening(WINDOW, (3.5, 2), (5, 2))),
                ),
            ),
            "openings overlap",
        ),
    ],
)
def test_bad_table(terrain: tuple[Terrain, ...], reason: str) -> None:
    with pytest.raises(TableError, match=reason):
        Table(24, 24, terrain)


def test_a_table_is_immutable_and_copies_by_its_numbers() -> None:
    table = make(window_cost=3.0)
    with pytest.raises(AttributeError, match="immutable: cannot set 'width'"):
        table.width = 30  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable: cannot delete 'terrain'"):
        del table.terrain
    with pytest.raises(AttributeError, match="immutable: cannot set 'colour'"):
        table.colour = "red"
    path = [(14.0, 6.75), (10.0, 6.75)]
    for twin in (copy.copy(table), pickle.loads(pickle.dumps(table))):
        assert (twin.width, twin.terrain, twin.window_cost) == (24.0, TERRAIN, 3.0)
        assert twin.move_cost(path) == table.move_cost(path) == pytest.approx(4 + 3)


def test_the_query_caches_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from totenblatt.wanted.table import measure

    monkeypatch.setattr(measure, "_CACHE_LIMIT", 10)
    table = make()
    costs = [table.segment_cost_or_inf((13.0, 2.0 + i / 10), (13.0, 12.0)) for i in range(40)]
    assert costs == pytest.approx([10.0 - i / 10 for i in range(40)])
    assert 0 < len(table._segment_cache) <= 11 and 0 < len(table._profile_cache) <= 11
    assert table.segment_cost_or_inf((13.0, 2.0), (13.0, 12.0)) == 10.0  # forgotten, recomputed


def test_bad_size() -> None:
    with pytest.raises(TableError, match=r"table size 0 x 10: expected positive inches"):
        Table(0, 10)


# -- properties ------------------------------------------------------------------------

coord = st.floats(0.5, 23.5, allow_nan=False)
point = st.tuples(coord, coord)


@given(point, point)
def test_distance_symmetric_and_edge_below_centre(a: Point, b: Point) -> None:
    assert EDGE.distance(a, b) == EDGE.distance(b, a)
    assert CENTRE.distance(a, b) == pytest.approx(math.dist(a, b))
    assert EDGE.distance(a, b) == pytest.approx(max(0.0, math.dist(a, b) - 1))


def test_move_cost_at_least_the_straight_distance() -> None:
    seen: Counter[str] = Counter()

    @given(st.lists(point, min_size=2, max_size=5))
    @example([(13.0, 2.0), (13.0, 10.0)])  # open ground
    @example([(2.0, 5.0), (6.0, 5.0)])  # through the saloon's wall
    def check(path: list[Point]) -> None:
        try:
            cost = EDGE.move_cost(path)
        except MoveError:
            seen["refused"] += 1
            return
        seen["costed"] += 1
        assert cost >= math.dist(path[0], path[-1]) - 1e-9
        assert cost >= sum(math.dist(p, q) for p, q in itertools.pairwise(path)) - 1e-9

    check()
    assert seen["costed"] > 0 and seen["refused"] > 0  # both ways were exercised


@given(point, point)
def test_line_of_fire_symmetric(a: Point, b: Point) -> None:
    assert EDGE.line_of_fire(a, b) == EDGE.line_of_fire(b, a)


def test_rasterize_shows_walls_openings_and_terrain() -> None:
    rows = rasterize(EDGE, 48, 24)
    assert len(rows) == 24 and all(len(r) == 48 for r in rows)
    text = "".join(rows)
    for char in "#/=.X^+-~":
        assert char in text, char
    # the saloon's door is on its south wall (y = 4), drawn in the row for y 4-5
    assert "/" in rows[24 - 5]
    with pytest.raises(ValueError, match="at least 1 x 1"):
        rasterize(EDGE, 0, 4)


# -- the fast paths give exactly what the plain algorithms give -------------------------
#
# The table prunes work (bounding boxes, a line-versus-box test, quick misses in
# segment_params) and caches every answer; these references are the plain versions.


def _reference_params(p: Point, q: Point, a: Point, b: Point) -> list[float]:
    """segment_params without the quick miss: every case through the square roots."""
    return segment_params(p, q, a, b, quick=False)


def _reference_intervals(poly: Poly, p: Point, q: Point) -> list[tuple[float, float]]:
    """Poly.intervals trying every edge."""
    return poly.intervals(p, q, quick=False)


def _reference_cost(table: Table, p: Point, q: Point) -> float | str:
    """Table.segment_cost by brute force over every wall, window and piece: cost or the piece."""
    from totenblatt.wanted.table.planar import EPS

    length = math.dist(p, q)
    if length <= EPS:
        return 0.0
    for a, b, index in table._walls:
        if _reference_params(p, q, a, b):
            return table.terrain[index].name
    for poly, index in table._impassable:
        if _reference_intervals(poly, p, q):
            return table.terrain[index].name
    windows = 0
    for a, b, _ in table._windows:
        windows += any(t > EPS / length for t in _reference_params(p, q, a, b))
    spans = sorted(s for poly in table._difficult for s in _reference_intervals(poly, p, q))
    merged: list[list[float]] = []
    for t0, t1 in spans:
        if merged and t0 <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], t1)
        else:
            merged.append([t0, t1])
    slow = sum(t1 - t0 for t0, t1 in merged) * length
    return length + (table.difficult_factor - 1) * slow + table.window_cost * windows


def _reference_lof(table: Table, a: Point, b: Point) -> bool:
    for index in table._buildings:
        poly = table._polys[index]
        if poly.contains(*a) or poly.contains(*b):
            continue
        if poly.touches_segment(a, b):
            return False
    return True


# points on a quarter-inch grid meet corners, walls and edges exactly (the hard cases)
grid = st.integers(2, 94).map(lambda n: n / 4)
grid_point = st.tuples(grid, grid)
any_point = st.one_of(point, grid_point)


@given(any_point, any_point, any_point, any_point)
def test_segment_params_quick_miss_changes_nothing(p: Point, q: Point, a: Point, b: Point) -> None:

    assert segment_params(p, q, a, b) == _reference_params(p, q, a, b)


@given(any_point, any_point)
def test_segment_cost_matches_the_plain_algorithm(p: Point, q: Point) -> None:
    table = make()  # a fresh table: nothing cached
    want = _reference_cost(table, p, q)
    got = table.segment_cost_or_inf(p, q)
    if isinstance(want, str):
        assert got == math.inf
        with pytest.raises(MoveError, match=want):
            table.segment_cost(p, q)
    else:
        assert got == table.segment_cost(p, q) == pytest.approx(want, abs=1e-9)
    assert table.segment_cost_or_inf(p, q) == got  # cached: the same answer


@given(any_point, any_point)
def test_line_of_fire_matches_the_plain_algorithm(a: Point, b: Point) -> None:
    assert make().line_of_fire(a, b) == _reference_lof(EDGE, a, b)


def test_profile_and_cost_agree() -> None:
    seen: Counter[str] = Counter()

    @given(any_point, any_point)
    @example((14.0, 6.75), (10.0, 6.75))  # through the window
    @example((13.0, 16.0), (19.0, 16.0))  # across difficult ground
    @example((2.0, 5.0), (6.0, 5.0))  # through the saloon's wall
    def check(p: Point, q: Point) -> None:
        try:
            length, difficult, windows = EDGE.profile(p, q)
        except MoveError:
            seen["blocked"] += 1
            assert EDGE.segment_cost_or_inf(p, q) == math.inf
            return
        seen["difficult"] += bool(difficult)
        seen["windows"] += bool(windows)
        seen["costed"] += 1
        slow = sum(t1 - t0 for t0, t1 in difficult) * length
        assert EDGE.segment_cost(p, q) == pytest.approx(length + slow + 5 * len(windows))

    check()
    assert all(seen[k] > 0 for k in ("blocked", "difficult", "windows", "costed")), seen
