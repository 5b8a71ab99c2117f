"""The scenario editor's door (issue 46): the loader's checks on a text, the spot's sight,
the warnings, and scenarios found by name in the scenario folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenario_text import builtin_text, figure, terrain
from totenblatt.wanted.ask import (
    SpotError,
    WarningKind,
    check_table,
    grid_spots,
    searchable,
    spot_sight,
    table_warnings,
)
from totenblatt.wanted.engine import Game, new_game
from totenblatt.wanted.table.scenario import (
    ScenarioError,
    builtin_scenarios,
    find_scenario,
    load_scenario,
    parse_scenario,
    scenario_folder,
    scenario_names,
    use_scenario_folder,
)

DOOR_SOUTH = {"kind": "door", "side": "south", "at": 1, "width": 1.5}

SMALL = """title = "Shack"
title_de = "Hütte"
width = 24
height = 24
seats = 2

"""
SMALL += terrain("Shack", "building", (8, 8, 6, 4), openings=[DOOR_SOUTH])
SMALL += """
[[terrain]]
kind = "rocks"
rect = [3, 16, 3, 2]
"""
SMALL += "\n" + figure("Billy", 0, (2, 2)) + "\n" + figure("Paco", 1, (22, 22))


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A scenario folder in use for the test (none before and after)."""
    before = scenario_folder()
    use_scenario_folder(tmp_path)
    yield tmp_path
    use_scenario_folder(before)


@pytest.mark.parametrize("name", sorted(builtin_scenarios()))
def test_a_builtin_text_reads_as_the_builtin(name: str) -> None:
    checked = check_table(builtin_text(name), name)
    assert checked.scenario == load_scenario(name)
    assert checked.ruleset == ("extended" if name == "heroes" else "base")


HOSTILE = [
    ("width = 24", "width = 100000", "key 'width'"),
    ("position = [2, 2]", "position = [30, 2]", "is off the table"),
    ("rect = [3, 16, 3, 2]", "rect = [30, 16, 3, 2]", "reaches off the 24 x 24 table"),
    ('title = "Shack"', 'title = "Shack\\u0007"', "key 'title'"),
    (
        'title = "Shack"',
        "title = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
        "nested",
    ),
    ("seats = 2", "seats = 2\nseats = 3", "not valid TOML"),
    ('weapon = "colt"\nposition = [22', 'weapon = "bazooka"\nposition = [22', "unknown weapon"),
]


@pytest.mark.parametrize(("old", "new", "said"), HOSTILE)
def test_a_hostile_text_is_refused_with_the_loaders_message(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    text = SMALL.replace(old, new, 1)
    assert text != SMALL
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as from_file:
        load_scenario(path)
    with pytest.raises(ScenarioError) as from_text:
        check_table(text, "mine")
    assert said in str(from_text.value)
    # the same words after the label (the file's path, the text's name)
    assert str(from_text.value).removeprefix("mine") == str(from_file.value).removeprefix(str(path))


def test_overlapping_buildings_and_extends_are_refused() -> None:
    overlapping = SMALL + '\n[[terrain]]\nname = "Barn"\nkind = "building"\nrect = [9, 9, 4, 4]\n'
    with pytest.raises(ScenarioError, match="buildings 'Shack' and 'Barn' overlap"):
        check_table(overlapping, "mine")
    with pytest.raises(ScenarioError, match="key 'extends': a scenario given as text stands"):
        check_table('extends = "/etc/passwd"\n' + SMALL, "mine")
    with pytest.raises(ScenarioError, match="at most 1,000,000"):
        parse_scenario(SMALL + "#" * 1_000_001, "mine")


def test_warnings_name_a_figure_in_an_enemys_sights_and_one_without_cover() -> None:
    assert table_warnings(load_scenario("duel")) == ()
    near = SMALL.replace("position = [22, 22]", "position = [2, 12]")  # 9" in the open
    warnings = check_table(near, "near").warnings
    kinds = {(w.kind, w.figure) for w in warnings}
    assert (WarningKind.IN_SIGHT, "Billy") in kinds and (WarningKind.IN_SIGHT, "Paco") in kinds
    sight = next(w for w in warnings if w.figure == "Billy" and w.kind is WarningKind.IN_SIGHT)
    assert sight.enemy == "Paco" and sight.distance == pytest.approx(9.0)
    bare = "\n".join(line for line in near.split("\n[[terrain]]")[0].splitlines())
    bare += near[near.index("[[figures]]") - 1 :]
    kinds = {(w.kind, w.figure) for w in check_table(bare, "bare").warnings}
    assert (WarningKind.NO_COVER, "Billy") in kinds
    assert not any(w.kind is WarningKind.NO_COVER for w in warnings)  # the shack is near


def test_grid_is_bounded() -> None:
    duel = load_scenario("duel")
    step, spots = grid_spots(duel)
    assert step == 1 and len(spots) == 24 * 36 and spots[0] == (0.5, 0.5)
    huge = parse_scenario(
        SMALL.replace("width = 24\nheight = 24", "width = 240\nheight = 240"), "h"
    )
    step, spots = grid_spots(huge)
    assert len(spots) <= 2500 and step == 5


def test_a_spot_where_no_figure_stands_is_refused() -> None:
    duel = load_scenario("duel")
    with pytest.raises(SpotError, match="off the table"):
        spot_sight(duel, (0.2, 5))
    with pytest.raises(SpotError, match="impassable"):
        spot_sight(duel, (12, 18))  # in the wagon


SPOTS = st.tuples(st.floats(0.5, 23.5), st.floats(0.5, 35.5)).map(
    lambda p: (round(p[0] * 2) / 2, round(p[1] * 2) / 2)
)
_GAMES: dict[str, Game] = {}


def _engine(name: str) -> Game:
    if name not in _GAMES:
        _GAMES[name] = new_game(name, seed=1)
    return _GAMES[name]


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(["duel", "gangs"]), spot=SPOTS)
def test_spot_sight_is_the_engines_own_answer(name: str, spot: tuple[float, float]) -> None:
    """Cover, line of fire, range and hiding from a random spot equal what a game's own
    geometry answers for a shot from there (the editor's page only draws these)."""
    scenario = load_scenario(name)
    geo = _engine(name).state.geo
    table = geo.table
    if table.position_error(spot) is not None:
        with pytest.raises(SpotError):
            spot_sight(scenario, spot)
        return
    seen = spot_sight(scenario, spot)
    _, grid = grid_spots(scenario)
    standing = [p for p in grid if table.position_error(p) is None]
    assert [p for p, _ in seen.cover] == standing
    rules = _engine(name).ruleset
    for point, level in seen.cover:
        assert level is geo.cover(spot, point)
        distance, line = geo.sight(spot, point)
        assert (point in seen.visible) is line
        assert (point in seen.in_range) is (line and rules.band_index(distance) is not None)
        assert (point in seen.hiding) is geo.in_hard_cover(point)
    assert seen.can_hide is geo.in_hard_cover(spot)


def test_the_folder_is_found_by_name_listed_and_played(folder: Path) -> None:
    (folder / "shack.toml").write_text(SMALL, encoding="utf-8")
    (folder / "duel.toml").write_text(SMALL, encoding="utf-8")  # a built-in's name: not used
    (folder / "Bad Name.toml").write_text(SMALL, encoding="utf-8")
    assert find_scenario("shack") == folder / "shack.toml"
    assert find_scenario("duel") == "duel"
    assert find_scenario("../shack") is None and find_scenario("Bad Name") is None
    assert scenario_names() == (*builtin_scenarios(), "shack")
    scenario = load_scenario("shack")
    assert scenario.name == "shack" and scenario.title_de == "Hütte"
    game = new_game("shack", seed=5)
    while not game.is_over and len(game.actions) < 40:
        game.apply(game.legal_actions()[0])
    again = Game.from_json(game.to_json())
    assert again.scenario == scenario and again.state.events == game.state.events
    use_scenario_folder(None)
    assert find_scenario("shack") is None and scenario_names() == builtin_scenarios()


def wagons(count: int) -> str:
    """A 240" table with ``count`` wagons in rows and a figure of each side in the open."""
    pieces = "".join(
        f'[[terrain]]\nkind = "wagon"\nrect = [{5 + (i % 20) * 11.5}, {5 + (i // 20) * 22}, 3, 4]\n'
        for i in range(count)
    )
    figures = SMALL[SMALL.index("[[figures]]") :].replace("[22, 22]", "[22, 230]")
    head = SMALL[: SMALL.index("[[terrain]]")].replace(
        "width = 24\nheight = 24", "width = 240\nheight = 240"
    )
    return head + pieces + figures


def test_a_table_too_large_to_search_says_so_instead_of_searching() -> None:
    """The no-cover warnings need the table's path graph; beyond SEARCH_NODES its building
    would take seconds to minutes, so they are left out and a warning says so."""
    small = check_table(wagons(10), "small")
    assert searchable(small.scenario)
    assert WarningKind.NOT_SEARCHED not in {w.kind for w in small.warnings}
    large = check_table(wagons(45), "large")
    assert not searchable(large.scenario)
    assert [w.kind for w in large.warnings if w.kind is WarningKind.NOT_SEARCHED] == [
        WarningKind.NOT_SEARCHED
    ]
    assert WarningKind.NO_COVER not in {w.kind for w in large.warnings}
