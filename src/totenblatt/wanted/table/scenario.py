"""Scenarios: a table with terrain, the seats and teams, the figures and how to win (D-22).

A scenario is a TOML file (format in ``docs/table.md``), validated into a
frozen :class:`Scenario`. Built-ins: ``duel``, ``gangs``, ``three-way``. A server's
own tables (made in the editor, ``docs/editor.md``) are the files of the scenario
folder (:func:`use_scenario_folder`); :func:`find_scenario` is the one place a
name is looked up, :func:`scenario_names` lists every name, :func:`parse_scenario`
reads a scenario given as text with the same checks.

>>> duel = load_scenario("duel")
>>> duel.seats, len(duel.figures), duel.teams, duel.victory
(2, 2, (0, 1), 'last_side_standing')
>>> from totenblatt.wanted.rules import Ruleset
>>> table = duel.table(Ruleset.load("base"))
>>> round(table.distance(duel.figures[0].position, duel.figures[1].position), 1)
32.0
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Literal, Never

import pydantic

from totenblatt.datafiles import (
    MAX_TOML_BYTES,
    DataFileError,
    Line,
    Name,
    Paragraph,
    StrictModel,
    builtin_names,
    load_data,
    parse_toml,
    validate,
)
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.table.measure import Table, TableError
from totenblatt.wanted.table.terrain import Opening, OpeningKind, Point, Terrain, TerrainKind
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

__all__ = [
    "SCENARIO_NAME",
    "FigureSpec",
    "Scenario",
    "ScenarioError",
    "builtin_scenarios",
    "find_scenario",
    "load_scenario",
    "parse_scenario",
    "ruleset_for",
    "rulesets_for",
    "scenario_folder",
    "scenario_names",
    "use_scenario_folder",
]

_PACKAGE = "totenblatt.wanted.table"
_FOLDER = "scenarios"

Victory = Literal["last_side_standing"]


class ScenarioError(DataFileError):
    """A scenario file that cannot be played; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class FigureSpec:
    """A figure as the scenario places it; ``hp=None`` means the ruleset's (or hero's) default."""

    name: str
    seat: int
    weapon: str
    position: Point
    hp: int | None = None
    hp_max: int | None = None
    kind: HeroType = HeroType.COWBOY
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario (frozen): table size, terrain, seats, teams, figures, victory."""

    name: str
    title: str
    title_de: str
    description: str
    description_de: str
    width: float
    height: float
    terrain: tuple[Terrain, ...]
    seats: int
    teams: tuple[int, ...]
    figures: tuple[FigureSpec, ...]
    victory: Victory = "last_side_standing"
    round_limit: int | None = None

    def table(self, ruleset: Ruleset | str = "base") -> Table:
        """The measured table for this scenario with the ruleset's numbers (cached)."""
        return Table.build(self.width, self.height, self.terrain, ruleset)

    def figures_of(self, seat: int) -> tuple[FigureSpec, ...]:
        """The figures a seat commands, in file order."""
        return tuple(f for f in self.figures if f.seat == seat)

    def plays_on(self, ruleset: Ruleset | str) -> bool:
        """Whether ``ruleset`` plays every figure: abilities need ``abilities.enabled``,
        hero types ``heroes.enabled`` and at most ``heroes.max_heroes_per_side`` (D-37)."""
        rules = Ruleset.load(ruleset)
        heroes: dict[int, int] = {}
        for spec in self.figures:
            if spec.abilities and not rules.abilities.enabled:
                return False
            if spec.kind is not HeroType.COWBOY:
                if not rules.heroes.enabled:
                    return False
                side = self.teams[spec.seat]
                heroes[side] = heroes.get(side, 0) + 1
        return all(n <= rules.heroes.max_heroes_per_side for n in heroes.values())

    def check_ruleset(self, ruleset: Ruleset | str) -> None:
        """Raise ScenarioError unless every figure's weapon exists in ``ruleset``."""
        rules = Ruleset.load(ruleset)
        for index, figure in enumerate(self.figures):
            try:
                rules.weapon_key(figure.weapon)
            except ValueError as exc:
                raise ScenarioError(
                    f"scenario {self.name!r}: key 'figures.{index}.weapon': {exc} "
                    f"(ruleset {rules.name!r})"
                ) from None


# -- the file format ----------------------------------------------------------------

Loose = Annotated[CoverLevel, pydantic.Field(strict=False)]


Coordinate = Annotated[float, pydantic.Field(ge=-1000, le=1000)]
"""A coordinate in inches; pieces and figures must lie on the table (at most 240")."""
XY = tuple[Coordinate, Coordinate]


class _OpeningFile(StrictModel):
    kind: Annotated[OpeningKind, pydantic.Field(strict=False)]
    a: XY | None = None
    b: XY | None = None
    side: Literal["south", "east", "north", "west"] | None = None
    at: Coordinate | None = None
    width: float = pydantic.Field(1.5, gt=0, le=240)


class _TerrainFile(StrictModel):
    name: Line = ""
    name_de: Line = ""
    kind: Annotated[TerrainKind, pydantic.Field(strict=False)]
    outline: tuple[XY, ...] | None = pydantic.Field(None, max_length=200)
    rect: tuple[Coordinate, Coordinate, Coordinate, Coordinate] | None = None
    circle: tuple[Coordinate, Coordinate, Coordinate] | None = None
    cover: Loose | None = None
    difficult: bool | None = None
    impassable: bool | None = None
    openings: tuple[_OpeningFile, ...] = pydantic.Field((), max_length=20)


class _FigureFile(StrictModel):
    name: Name
    seat: int = pydantic.Field(ge=0, le=7)
    weapon: Line
    position: XY
    hp: int | None = pydantic.Field(None, ge=1, le=99)
    hp_max: int | None = pydantic.Field(None, ge=1, le=99)
    kind: Annotated[HeroType, pydantic.Field(strict=False)] = HeroType.COWBOY
    abilities: tuple[Annotated[Ability, pydantic.Field(strict=False)], ...] = pydantic.Field(
        (), max_length=14
    )


class _ScenarioFile(StrictModel):
    name: Line = ""
    title: Line
    title_de: Line = ""
    description: Paragraph = ""
    description_de: Paragraph = ""
    width: float = pydantic.Field(gt=0, le=240)
    height: float = pydantic.Field(gt=0, le=240)
    seats: int = pydantic.Field(ge=2, le=8)
    teams: tuple[Annotated[int, pydantic.Field(ge=0, le=7)], ...] | None = None
    victory: Victory = "last_side_standing"
    round_limit: int = pydantic.Field(0, ge=0, le=1000)
    terrain: tuple[_TerrainFile, ...] = pydantic.Field((), max_length=200)
    figures: tuple[_FigureFile, ...] = pydantic.Field(max_length=64)


def _outline(piece: _TerrainFile, fail: _Fail) -> tuple[Point, ...]:
    given = [k for k in ("outline", "rect", "circle") if getattr(piece, k) is not None]
    if len(given) != 1:
        fail("", f"give exactly one of 'outline', 'rect', 'circle' (got {given or 'none'})")
    if piece.rect is not None:
        x, y, w, h = piece.rect
        if w <= 0 or h <= 0:
            fail("rect", f"expected [x, y, width, height] with positive size, got {piece.rect!r}")
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    if piece.circle is not None:
        cx, cy, r = piece.circle
        if r <= 0:
            fail("circle", f"expected [x, y, radius] with a positive radius, got {piece.circle!r}")
        n = 12
        return tuple(
            (round(cx + r * math.cos(2 * math.pi * i / n), 6),
             round(cy + r * math.sin(2 * math.pi * i / n), 6))
            for i in range(n)
        )  # fmt: skip
    assert piece.outline is not None
    return piece.outline


def _opening(spec: _OpeningFile, piece: _TerrainFile, fail: _Fail) -> Opening:
    if spec.a is not None and spec.b is not None:
        if spec.side is not None or spec.at is not None:
            fail("", "give either 'a' and 'b', or 'side' and 'at' (with 'width'), not both")
        return Opening(spec.kind, spec.a, spec.b)
    if spec.side is None or spec.at is None:
        fail("", "expected 'a' and 'b' (ends of the gap), or 'side' and 'at' on a 'rect' building")
    if piece.rect is None:
        fail("side", "'side' and 'at' work only on a building given by 'rect'")
    x, y, w, h = piece.rect
    along = w if spec.side in ("south", "north") else h
    if spec.at < 0 or spec.at + spec.width > along + 1e-9:
        fail("at", f"the {spec.side} side is {along:g}\" long; 'at' + 'width' must fit in it")
    start, end = spec.at, spec.at + spec.width
    ends: dict[str, tuple[Point, Point]] = {
        "south": ((x + start, y), (x + end, y)),
        "north": ((x + start, y + h), (x + end, y + h)),
        "west": ((x, y + start), (x, y + end)),
        "east": ((x + w, y + start), (x + w, y + end)),
    }
    a, b = ends[spec.side]
    return Opening(spec.kind, a, b)


class _Fail:
    """Raises ScenarioError for one key of one file."""

    def __init__(self, label: str, key: str) -> None:
        self.label, self.key = label, key

    def __call__(self, sub: str, message: str) -> Never:
        key = f"{self.key}.{sub}" if sub else self.key
        raise ScenarioError(f"{self.label}: key {key!r}: {message}")


def _build(raw: _ScenarioFile, label: str, default_name: str) -> Scenario:
    terrain = _terrain(raw, label)
    try:
        table = Table(raw.width, raw.height, terrain)
    except TableError as exc:
        _Fail(label, "terrain")("", str(exc))
    teams = raw.teams if raw.teams is not None else tuple(range(raw.seats))
    if len(teams) != raw.seats:
        _Fail(label, "teams")("", f"expected one team per seat ({raw.seats}), got {list(teams)}")
    if len(set(teams)) < 2:
        _Fail(label, "teams")("", f"expected at least two teams, got {list(teams)}")
    figures = _figures(raw, label, table)
    empty = [s for s in range(raw.seats) if not any(f.seat == s for f in figures)]
    if empty:
        _Fail(label, "figures")("", f"seat(s) {empty} have no figure: every seat needs one")
    return Scenario(
        name=raw.name or default_name,
        title=raw.title,
        title_de=raw.title_de or raw.title,
        description=raw.description,
        description_de=raw.description_de or raw.description,
        width=raw.width,
        height=raw.height,
        terrain=tuple(terrain),
        seats=raw.seats,
        teams=teams,
        figures=tuple(figures),
        victory=raw.victory,
        round_limit=raw.round_limit or None,
    )


def _terrain(raw: _ScenarioFile, label: str) -> list[Terrain]:
    """The file's terrain pieces, each checked on the table alone."""
    terrain: list[Terrain] = []
    for i, piece in enumerate(raw.terrain):
        fail = _Fail(label, f"terrain.{i}")
        outline = _outline(piece, fail)
        openings = tuple(
            _opening(o, piece, _Fail(label, f"terrain.{i}.openings.{j}"))
            for j, o in enumerate(piece.openings)
        )
        if openings and piece.kind is not TerrainKind.BUILDING:
            fail("openings", f"only a building has doors and windows, not a {piece.kind}")
        made = Terrain.make(
            piece.kind,
            outline=outline,
            name=piece.name or f"{piece.kind} {i + 1}",
            cover=piece.cover,
            difficult=piece.difficult,
            impassable=piece.impassable,
            openings=openings,
            name_de=piece.name_de,
        )
        try:
            Table(raw.width, raw.height, (made,))
        except TableError as exc:
            fail("", str(exc))
        terrain.append(made)
    return terrain


def _figures(raw: _ScenarioFile, label: str, table: Table) -> list[FigureSpec]:
    """The file's figures: unique names, seats that exist, known weapons, free places."""
    base = Ruleset.load("base")
    figures: list[FigureSpec] = []
    names: set[str] = set()
    for i, spec in enumerate(raw.figures):
        fail = _Fail(label, f"figures.{i}")
        if spec.name in names:
            fail("name", f"two figures are called {spec.name!r}: expected unique names")
        names.add(spec.name)
        if spec.seat >= raw.seats:
            fail("seat", f"seat {spec.seat} does not exist: expected 0 to {raw.seats - 1}")
        try:
            weapon = base.weapon_key(spec.weapon)
        except ValueError as exc:
            fail("weapon", f"{exc} (base ruleset)")
        if spec.hp is not None and spec.hp_max is not None and spec.hp > spec.hp_max:
            fail("hp", f"hp {spec.hp} is above hp_max {spec.hp_max}")
        problem = table.position_error(spec.position, [f.position for f in figures])
        if problem:
            fail("position", f"figure {spec.name!r}: {problem}")
        figures.append(
            FigureSpec(
                name=spec.name,
                seat=spec.seat,
                weapon=weapon,
                position=spec.position,
                hp=spec.hp,
                hp_max=spec.hp_max,
                kind=spec.kind,
                abilities=spec.abilities,
            )
        )
    return figures


def load_scenario(name_or_path: str | Path | Scenario) -> Scenario:
    """A scenario by name (built-in, or a file of the scenario folder) or a TOML file's path;
    ScenarioError names file, key and the fix."""
    if isinstance(name_or_path, Scenario):
        return name_or_path
    if isinstance(name_or_path, str):
        found = find_scenario(name_or_path)
        if isinstance(found, str):
            return _load_builtin(found)
        if found is not None:
            return _build(_read_folder_file(found), f"scenario {name_or_path!r}", name_or_path)
    return _load(name_or_path)


def _read_folder_file(path: Path) -> _ScenarioFile:
    return load_data(
        _ScenarioFile, path, package=_PACKAGE, folder=_FOLDER, error=ScenarioError, kind="scenario"
    )


def parse_scenario(text: str, name: str) -> Scenario:
    """The scenario written in ``text`` (a whole file's TOML), called ``name`` unless it says
    otherwise: the checks of :func:`load_scenario`, the errors labelled with ``name``.

    Such a text stands alone: ``extends`` (which would read another file) is refused.

    >>> try:
    ...     parse_scenario("title = 'x'", "mine")
    ... except ScenarioError as exc:
    ...     print(str(exc).split(";")[0])
    mine: key 'width' is missing
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TOML_BYTES:
        raise ScenarioError(f"{name}: the text has {size:,} bytes; at most {MAX_TOML_BYTES:,}")
    data = parse_toml(text, name, ScenarioError)
    if "extends" in data:
        raise ScenarioError(
            f"{name}: key 'extends': a scenario given as text stands alone; "
            "write out the keys of the scenario it extends"
        )
    return _build(validate(_ScenarioFile, data, name, ScenarioError), name, name)


# -- the scenario folder: a server's own tables ---------------------------------------------

SCENARIO_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""A name of the scenario folder (its file is ``NAME.toml``): lower-case letters, digits,
``-`` and ``_``, at most 40 characters, so that it is a file name everywhere."""

_folder: list[Path] = []


def use_scenario_folder(folder: str | Path | None) -> None:
    """Find scenarios by name in ``folder`` too (after the built-ins); None: in no folder.

    One folder for the process: the server's ``--scenario-dir``, the command line's
    ``--dir``. A folder that does not exist holds no scenario.
    """
    _folder[:] = [] if folder is None else [Path(folder)]


def scenario_folder() -> Path | None:
    """The scenario folder in use (None: none)."""
    return _folder[0] if _folder else None


def find_scenario(name: str) -> str | Path | None:
    """Where the scenario called ``name`` is: a built-in's name, a file of the scenario
    folder, or None (no such name). The one lookup by name: built-ins come first, and a
    folder name is only ever :data:`SCENARIO_NAME` (no path, no dot)."""
    if name in builtin_scenarios():
        return name
    folder = scenario_folder()
    if folder is None or SCENARIO_NAME.fullmatch(name) is None:
        return None
    path = folder / f"{name}.toml"
    return path if path.is_file() else None


def scenario_names() -> tuple[str, ...]:
    """Every scenario found by name: the built-ins, then the scenario folder's (sorted)."""
    builtins = builtin_scenarios()
    folder = scenario_folder()
    if folder is None or not folder.is_dir():
        return builtins
    own = sorted(
        p.stem
        for p in folder.glob("*.toml")
        if SCENARIO_NAME.fullmatch(p.stem) and p.stem not in builtins and p.is_file()
    )
    return builtins + tuple(own)


def _load(name_or_path: str | Path) -> Scenario:
    raw = load_data(
        _ScenarioFile,
        name_or_path,
        package=_PACKAGE,
        folder=_FOLDER,
        error=ScenarioError,
        kind="scenario",
    )
    text = str(name_or_path)
    builtin = resources.files(_PACKAGE).joinpath(_FOLDER).joinpath(f"{text}.toml")
    if isinstance(name_or_path, str) and "/" not in text and builtin.is_file():
        label, stem = f"built-in scenario {text!r}", text
    else:
        label, stem = str(name_or_path), Path(name_or_path).stem
    return _build(raw, label, stem)


@cache
def _load_builtin(name: str) -> Scenario:
    return _load(name)


DEFAULT_RULESET = "base"
"""The ruleset of a scenario that any ruleset plays."""


def rulesets_for(scenario: str | Path | Scenario) -> tuple[str, ...]:
    """The built-in rulesets that play every figure of ``scenario`` (the lobby offers these).

    >>> rulesets_for("duel"), rulesets_for("heroes")
    (('base', 'extended'), ('extended',))
    """
    scen = load_scenario(scenario)
    return tuple(name for name in builtin_rulesets() if scen.plays_on(name))


def ruleset_for(scenario: str | Path | Scenario) -> str:
    """The ruleset ``scenario`` plays when none is named: ``base`` when it plays every
    figure, else the first built-in one that does (heroes and abilities: ``extended``).

    With none that fits it is ``base``: starting the game then says why.

    >>> ruleset_for("duel"), ruleset_for("heroes")
    ('base', 'extended')
    """
    fits = rulesets_for(scenario)
    return DEFAULT_RULESET if DEFAULT_RULESET in fits or not fits else fits[0]


@cache
def builtin_scenarios() -> tuple[str, ...]:
    """Names of the built-in scenarios."""
    return tuple(builtin_names(_PACKAGE, _FOLDER))
