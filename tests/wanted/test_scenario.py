"""Scenario files (D-22): the built-ins load and play; bad files name file, key and fix."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from scenario_text import figure as figure_toml
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import OpeningKind, Point, TerrainKind
from totenblatt.wanted.table.pathing import cover_spots
from totenblatt.wanted.table.scenario import (
    FigureSpec,
    Scenario,
    ScenarioError,
    builtin_scenarios,
    load_scenario,
)
from totenblatt.wanted.vocab import CoverLevel, HeroType

EXPECTED = {"duel": (2, 1), "gangs": (2, 5), "heroes": (2, 5), "three-way": (3, 3)}


def test_builtin_names() -> None:
    assert set(builtin_scenarios()) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_builtin_scenario_is_playable(name: str) -> None:
    scenario = load_scenario(name)
    seats, per_seat = EXPECTED[name]
    assert scenario.name == name
    assert scenario.seats == seats
    assert scenario.teams == tuple(range(seats))
    assert scenario.victory == "last_side_standing"
    assert scenario.title and scenario.title_de and scenario.description_de
    for seat in range(seats):
        assert len(scenario.figures_of(seat)) == per_seat
    for ruleset in ("base", "extended"):
        scenario.check_ruleset(ruleset)
    table = scenario.table(Ruleset.load("base"))
    assert load_scenario(name) is scenario
    positions = [f.position for f in scenario.figures]
    for figure in scenario.figures:
        others = [p for p in positions if p != figure.position]
        assert table.position_error(figure.position, others) is None
    # everybody starts at long range: at least 24" from every enemy (beyond Colt range)
    for a, b in itertools.combinations(scenario.figures, 2):
        if a.seat != b.seat:
            assert table.distance(a.position, b.position) > 24
    # there is cover within a joker's move of every figure
    for figure in scenario.figures:
        enemies = [f.position for f in scenario.figures if f.seat != figure.seat]
        others = [p for p in positions if p != figure.position]
        assert cover_spots(table, figure.position, 12, enemies, blockers=others)


@pytest.mark.parametrize("name", ["duel", "gangs"])
def test_two_seat_builtins_are_point_symmetric(name: str) -> None:
    """Turned half a circle about the centre, the table and the figures are the same."""
    scenario = load_scenario(name)
    w, h = scenario.width, scenario.height

    def turn(p: Point) -> Point:
        return (w - p[0], h - p[1])

    pieces = {frozenset(t.outline): t for t in scenario.terrain}
    for piece in scenario.terrain:
        twin = pieces[frozenset(map(turn, piece.outline))]
        assert (twin.kind, twin.cover) == (piece.kind, piece.cover)
        assert {(o.kind, frozenset((turn(o.a), turn(o.b)))) for o in piece.openings} == {
            (o.kind, frozenset((o.a, o.b))) for o in twin.openings
        }
    figures = {f.position: f for f in scenario.figures}
    for figure in scenario.figures:
        other = figures[turn(figure.position)]
        assert (other.seat, other.weapon) == (1 - figure.seat, figure.weapon)


def test_duel_has_a_main_street() -> None:
    duel = load_scenario("duel")
    assert len(duel.figures) == 2
    assert [t.kind for t in duel.terrain].count(TerrainKind.BUILDING) == 4


@pytest.mark.parametrize("name", sorted(builtin_scenarios()))
def test_builtin_terrain_has_german_names_where_they_differ(name: str) -> None:
    """Every named piece reads German on a German table (``name_de``, or the same word)."""
    from totenblatt.text.vocab import terrain_name

    same = {"Bank", "Hotel", "Saloon"}  # the same word in German
    for piece in load_scenario(name).terrain:
        assert piece.name_de or piece.name in same, piece.name
        assert terrain_name(piece, "de") == (piece.name_de or piece.name)
        assert terrain_name(piece, "en") == piece.name


def test_gangs_has_a_small_town() -> None:
    gangs = load_scenario("gangs")
    kinds = {t.kind for t in gangs.terrain}
    assert {TerrainKind.BUILDING, TerrainKind.FENCE, TerrainKind.ROCKS, TerrainKind.TROUGH} <= kinds
    openings = {o.kind for t in gangs.terrain for o in t.openings}
    assert openings == {OpeningKind.DOOR, OpeningKind.WINDOW}
    weapons = {f.weapon for f in gangs.figures}
    assert weapons == {"colt", "winchester", "shotgun"}


GOOD = """
title = "Test"
width = 24
height = 24
seats = 2

[[terrain]]
name = "Shack"
kind = "building"
rect = [8, 8, 6, 4]
openings = [{ kind = "door", side = "south", at = 1, width = 1.5 },
            { kind = "window", a = [14, 9], b = [14, 10.5] }]

[[terrain]]
kind = "rocks"
circle = [4, 20, 1.5]
cover = "medium"
"""
GOOD += "\n".join(
    [
        figure_toml("A", 0, (2, 2), weapon="Revolver"),
        figure_toml("B", 1, (22, 22), weapon="gewehr", hp=4, hp_max=8, kind="veteran")
        + 'abilities = ["sharpshooter"]\n',
    ]
)


def write(tmp_path: Path, text: str, name: str = "test.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_user_file_loads(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, GOOD))
    assert isinstance(scenario, Scenario)
    assert scenario.name == "test"
    assert scenario.title_de == "Test"
    assert scenario.round_limit is None
    shack, rocks = scenario.terrain
    assert shack.openings[0].a == (9.0, 8.0) and shack.openings[0].b == (10.5, 8.0)
    assert shack.openings[1].kind is OpeningKind.WINDOW
    assert rocks.name == "rocks 2" and rocks.cover is CoverLevel.MEDIUM and rocks.difficult
    a, b = scenario.figures
    assert a == FigureSpec("A", 0, "colt", (2.0, 2.0))
    assert (b.weapon, b.hp, b.hp_max, b.kind) == ("winchester", 4, 8, HeroType.VETERAN)
    table = scenario.table()
    assert table.move_cost([(9.75, 6), (9.75, 10)]) == 4.0


def test_extends_a_builtin(tmp_path: Path) -> None:
    path = write(tmp_path, 'extends = "duel"\nname = "long duel"\nround_limit = 20\n')
    scenario = load_scenario(path)
    assert scenario.name == "long duel" and scenario.round_limit == 20
    assert scenario.terrain == load_scenario("duel").terrain


def swap(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        (swap("position = [2, 2]", "position = [30, 2]"), "figures.0.position", "off the table"),
        (swap("position = [2, 2]", "position = [0.2, 2]"), "figures.0.position", "off the table"),
        (swap('kind = "rocks"', 'kind = "rockz"'), "terrain.1.kind", "'building', 'wall'"),
        (
            swap('cover = "medium"', "impassable = true").replace("[2, 2]", "[4, 20]"),
            "figures.0.position",
            "inside impassable terrain",
        ),
        (swap("position = [22, 22]", "position = [2.5, 2]"), "figures.1.position", "overlaps"),
        (swap('weapon = "gewehr"', 'weapon = "bazooka"'), "figures.1.weapon", "unknown weapon"),
        (swap("seats = 2", "seats = 2\nteams = [0, 1, 2]"), "teams", "one team per seat"),
        (swap("seats = 2", "seats = 2\nteams = [1, 1]"), "teams", "at least two teams"),
        (swap("seats = 2", "seats = 3"), "figures", "have no figure"),
        (swap("seat = 1", "seat = 5"), "figures.1.seat", "does not exist"),
        (swap('name = "B"', 'name = "A"'), "figures.1.name", "unique"),
        (swap("hp = 4", "hp = 9"), "figures.1.hp", "above hp_max"),
        (swap("rect = [8, 8, 6, 4]", "rect = [20, 8, 6, 4]"), "terrain.0", "off the"),
        (swap("at = 1, width", "at = 5, width"), "terrain.0.openings.0.at", "must fit"),
        (swap("b = [14, 10.5]", "b = [15, 10.5]"), "terrain.0", "does not lie on one side"),
        (
            swap("circle = [4, 20, 1.5]", "circle = [4, 20, 1.5]\nrect = [1, 1, 1, 1]"),
            "terrain.1",
            "exactly one of",
        ),
        (swap("width = 24", "width = 0"), "width", "greater than 0"),
        (swap('title = "Test"', 'title = "Test"\nvictory = "most_gold"'), "victory", "last_side"),
        (swap("seats = 2", "seats = 2\ncolour = 1"), "colour", "unknown key"),
        (swap('kind = "veteran"', 'kind = "wizard"'), "figures.1.kind", "cowboy"),
    ],
)
def test_bad_file_names_file_key_and_expectation(
    tmp_path: Path, text: str, key: str, expected: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError, match=re.escape(key)) as info:
        load_scenario(path)
    message = str(info.value)
    assert str(path) in message
    assert key in message
    assert expected in message


def test_bad_toml_and_unknown_name(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario(write(tmp_path, "title = ["))
    with pytest.raises(ScenarioError, match=r"no scenario named 'nowhere'.*duel"):
        load_scenario("nowhere")


def test_weapon_unknown_in_another_ruleset() -> None:
    ruleset = Ruleset.load("base")
    only_colt = ruleset.model_copy(update={"weapons": {"colt": ruleset.weapons["colt"]}})
    load_scenario("duel").check_ruleset(only_colt)
    with pytest.raises(ScenarioError, match=r"'figures.0.weapon'.*unknown weapon 'winchester'"):
        load_scenario("gangs").check_ruleset(only_colt)


# -- the command line --------------------------------------------------------------------


Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def test_cli_lists_builtins(cli: Cli) -> None:
    code, out, _ = cli(["scenarios", "--lang", "en"])
    assert code == 0
    for name in EXPECTED:
        assert name in out
    assert "Duel" in out and "Gang" in out


def test_cli_lists_in_german(cli: Cli) -> None:
    code, out, _ = cli(["scenarios", "--lang", "de"])
    assert code == 0
    assert "Duell" in out and "Bandenkrieg" in out


def test_cli_show(cli: Cli) -> None:
    code, out, _ = cli(["scenarios", "show", "gangs", "--lang", "en"])
    assert code == 0
    assert "Saloon" in out and "Emmett" in out and "shotgun" in out.lower()


def test_cli_json(cli: Cli) -> None:
    code, out, _ = cli(["scenarios", "--json"])
    assert code == 0
    data = json.loads(out)
    assert {d["name"] for d in data} == set(EXPECTED)
    code, out, _ = cli(["scenarios", "show", "duel", "--json"])
    assert code == 0
    shown = json.loads(out)
    assert shown["figures"][0]["name"] == "Billy"


def test_cli_show_unknown(cli: Cli) -> None:
    code, _, err = cli(["scenarios", "show", "nowhere"])
    assert code == 2
    assert "no scenario named 'nowhere'" in err


def test_cli_subprocess() -> None:
    exe = Path(sys.executable).with_name("totenblatt")
    result = subprocess.run(
        [str(exe), "scenarios", "--lang", "en"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "three-way" in result.stdout
