"""Which rulesets play a scenario (the lobby's choice), and the one it plays when none is named."""

from __future__ import annotations

import dataclasses

import pytest

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.table.scenario import (
    ScenarioError,
    builtin_scenarios,
    load_scenario,
    ruleset_for,
    rulesets_for,
)
from totenblatt.wanted.vocab import HeroType


@pytest.mark.parametrize("scenario", builtin_scenarios())
def test_the_rulesets_that_fit_are_the_ones_the_engine_plays(scenario: str) -> None:
    fits = rulesets_for(scenario)
    for name in builtin_rulesets():
        if name in fits:
            new_game(scenario, name, seed=1)
        else:
            with pytest.raises(ScenarioError):
                new_game(scenario, name, seed=1)
    assert ruleset_for(scenario) in fits
    new_game(scenario, ruleset_for(scenario), seed=1)


def test_heroes_need_the_extended_rules_and_the_rest_keeps_base() -> None:
    assert rulesets_for("heroes") == ("extended",) and ruleset_for("heroes") == "extended"
    assert {s: ruleset_for(s) for s in ("duel", "gangs", "three-way")} == dict.fromkeys(
        ("duel", "gangs", "three-way"), "base"
    )


def test_more_heroes_on_a_side_than_the_ruleset_allows_do_not_fit() -> None:
    heroes = load_scenario("heroes")
    rules = Ruleset.load("extended")
    limit = rules.heroes.max_heroes_per_side
    figure = next(f for f in heroes.figures if f.kind is not HeroType.COWBOY)
    crowd = tuple(
        dataclasses.replace(figure, name=f"{figure.name} {i}", position=(2.0 + 2 * i, 2.0))
        for i in range(limit + 1)
    )
    crowded = dataclasses.replace(heroes, figures=heroes.figures + crowd)
    assert not crowded.plays_on(rules)
    with pytest.raises(ScenarioError, match="at most"):
        new_game(crowded, rules, seed=1)
    assert rulesets_for(crowded) == () and ruleset_for(crowded) == "base"
