"""Scenarios the experiments build in memory from a built-in table (no file is changed).

>>> scen = hero_against_cowboys("veteran", 3)
>>> [(f.name, f.seat, f.kind.value) for f in scen.figures][:2]
[('Hero', 0, 'veteran'), ('Cowboy 1', 1, 'cowboy')]
>>> scen.round_limit, scen.name
(30, 'duel-veteran-vs-3')
>>> with_ability(load_scenario("duel"), "light_footed_2").figures[0].abilities
(<Ability.LIGHT_FOOTED_2: 'light_footed_2'>,)
"""

from __future__ import annotations

import dataclasses

from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import Scenario, ScenarioError, load_scenario
from totenblatt.wanted.table.scenario import FigureSpec
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = ["hero_against_cowboys", "with_ability", "with_round_limit"]

Point = tuple[float, float]

SPACING = 1.5
"""Inches between the centres of neighbouring cowboys at the start."""
ROWS = 3
"""At most this many lines of cowboys."""


def with_round_limit(scenario: Scenario, limit: int | None) -> Scenario:
    """The scenario with another round limit (None: none, D-22)."""
    if limit is not None and limit < 1:
        raise ValueError(f"round limit {limit} must be 1 or more (or none)")
    return dataclasses.replace(scenario, round_limit=limit)


def with_ability(scenario: Scenario, ability: Ability | str, *, seat: int = 0) -> Scenario:
    """The scenario with ``ability`` added to the first figure of ``seat`` (B1)."""
    chosen = Ability(ability)
    figures = list(scenario.figures)
    for i, spec in enumerate(figures):
        if spec.seat == seat:
            figures[i] = dataclasses.replace(spec, abilities=(*spec.abilities, chosen))
            break
    else:
        raise ValueError(f"scenario {scenario.name!r} has no figure at seat {seat}")
    return dataclasses.replace(
        scenario, figures=tuple(figures), name=f"{scenario.name}+{chosen.value}"
    )


def hero_against_cowboys(
    hero: HeroType | str,
    cowboys: int,
    *,
    table: str = "duel",
    weapon: str = "colt",
    round_limit: int | None = 30,
) -> Scenario:
    """One hero (seat 0) against ``cowboys`` standard cowboys (seat 1) on a built-in table.

    The hero stands where the table's first seat-0 figure stands, the cowboys in
    lines centred on that spot turned about the table's middle (the built-in tables
    are point-symmetric), parallel to the nearest table edge,
    ``SPACING`` apart (a further line further in when one is full). Everyone
    carries ``weapon``; the hero draws its abilities as the rules make a new hero
    (B2). The table must have two seats.
    """
    kind = HeroType(hero)
    if cowboys < 1:
        raise ValueError(f"{cowboys} cowboys: expected 1 or more")
    base = load_scenario(table)
    if base.seats != 2:
        raise ScenarioError(f"table {table!r} has {base.seats} seats: expected a two-seat table")
    measured = base.table(Ruleset.load("base"))
    hero_at = base.figures_of(0)[0].position
    centre = (base.width - hero_at[0], base.height - hero_at[1])  # turned about the middle
    along, inward = _directions(centre, base.width, base.height)
    taken: list[Point] = [hero_at]
    spots: list[Point] = []
    for row in range(ROWS):
        for step in range(int(max(base.width, base.height) / SPACING) * 2 + 1):
            offset = SPACING * ((step + 1) // 2) * (1 if step % 2 else -1)
            spot = (
                round(centre[0] + along[0] * offset + inward[0] * SPACING * row, 3),
                round(centre[1] + along[1] * offset + inward[1] * SPACING * row, 3),
            )
            if len(spots) < cowboys and measured.position_error(spot, taken) is None:
                spots.append(spot)
                taken.append(spot)
    if len(spots) < cowboys:
        raise ScenarioError(f"table {table!r} has no room for {cowboys} cowboys in {ROWS} rows")
    figures = [FigureSpec("Hero", 0, weapon, hero_at, kind=kind)]
    figures += [FigureSpec(f"Cowboy {i + 1}", 1, weapon, p) for i, p in enumerate(spots)]
    return dataclasses.replace(
        base,
        name=f"{base.name}-{kind.value}-vs-{cowboys}",
        title=f"{kind.value} against {cowboys} cowboys ({base.title})",
        figures=tuple(figures),
        round_limit=round_limit,
    )


def _directions(p: Point, width: float, height: float) -> tuple[Point, Point]:
    """Unit directions along the table edge nearest to ``p`` and from it into the table."""
    x, y = p
    edges = [(x, (1.0, 0.0)), (width - x, (-1.0, 0.0)), (y, (0.0, 1.0)), (height - y, (0.0, -1.0))]
    inward = min(edges)[1]
    return (abs(inward[1]), abs(inward[0])), inward
