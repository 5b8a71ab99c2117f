"""One cache for the table's answers (issue 22): the engine's Geometry asks the Table.

The table caches distance-free answers (line of fire, cover, hard cover) per query;
the engine's :class:`Geometry` keeps no copy of them, only its memo of move
candidates, and answers exactly what the table answers.
"""

from __future__ import annotations

import itertools
import random

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.engine.geometry import Geometry
from totenblatt.wanted.table.scenario import load_scenario


def points(seed: int, width: float, height: float, n: int) -> list[tuple[float, float]]:
    rng = random.Random(seed)
    return [(round(rng.uniform(1, width - 1), 2), round(rng.uniform(1, height - 1), 2))
            for _ in range(n)]  # fmt: skip


def test_geometry_keeps_no_copy_of_the_tables_answers() -> None:
    geo = Geometry(load_scenario("gangs").table("base"))
    spots = points(1, geo.table.width, geo.table.height, 6)
    for a, b in itertools.permutations(spots, 2):
        geo.sight(a, b), geo.cover(a, b), geo.in_hard_cover(a)
    assert set(vars(geo)) == {"table", "moves"}  # the move memo only


def test_geometry_answers_what_the_table_answers() -> None:
    table = load_scenario("gangs").table("base")
    geo = Geometry(table)
    spots = points(2, table.width, table.height, 12)
    for a, b in itertools.permutations(spots, 2):
        first, second = (a, b) if a <= b else (b, a)  # sight is the same both ways
        assert geo.sight(a, b) == (table.distance(first, second), table.line_of_fire(first, second))
        assert geo.sight(a, b) == geo.sight(b, a)
        assert geo.cover(a, b) is table.cover(a, b)
    assert [geo.in_hard_cover(p) for p in spots] == [table.in_hard_cover(p) for p in spots]


def test_games_on_one_table_share_the_tables_cache() -> None:
    one, two = new_game("gangs", seed=1), new_game("gangs", seed=2)
    assert one.state.geo.table is two.state.geo.table
