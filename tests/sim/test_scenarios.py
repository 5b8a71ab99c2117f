"""Scenarios built in memory for the experiments: heroes against cowboys, abilities, limits."""

from __future__ import annotations

import pytest

from totenblatt.sim.scenarios import hero_against_cowboys, with_ability, with_round_limit
from totenblatt.wanted import new_game
from totenblatt.wanted.table import ScenarioError, load_scenario
from totenblatt.wanted.vocab import Ability, HeroType


@pytest.mark.parametrize("table", ["duel", "gangs"])
@pytest.mark.parametrize("count", [1, 5, 12, 20])
def test_cowboys_stand_on_free_spots_facing_the_hero(table: str, count: int) -> None:
    scen = hero_against_cowboys("veteran", count, table=table)
    hero, *cowboys = scen.figures
    assert hero.kind is HeroType.VETERAN and hero.seat == 0
    assert len(cowboys) == count
    assert all(c.kind is HeroType.COWBOY and c.seat == 1 and not c.abilities for c in cowboys)
    measured = scen.table("extended")
    spots = [f.position for f in scen.figures]
    for i, spot in enumerate(spots):
        assert measured.position_error(spot, spots[:i]) is None
    # the cowboys' line is centred on the hero's spot turned about the middle of the table
    assert cowboys[0].position == (scen.width - hero.position[0], scen.height - hero.position[1])
    assert new_game(scen, "extended", seed=1).seats == 2


def test_the_hero_needs_the_extended_rules_and_draws_its_abilities() -> None:
    scen = hero_against_cowboys("gunslinger", 2)
    game = new_game(scen, "extended", seed=3)
    assert len(game.figure("Hero").abilities) == 2
    with pytest.raises(ValueError, match="extended"):
        new_game(scen, "base", seed=3)


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="0 cowboys"):
        hero_against_cowboys("veteran", 0)
    with pytest.raises(ScenarioError, match="three-way' has 3 seats"):
        hero_against_cowboys("veteran", 2, table="three-way")
    with pytest.raises(ScenarioError, match="no room for 60 cowboys"):
        hero_against_cowboys("veteran", 60)
    with pytest.raises(ValueError, match="round limit 0"):
        with_round_limit(load_scenario("duel"), 0)


def test_abilities_and_limits_change_only_what_they_say() -> None:
    duel = load_scenario("duel")
    given = with_ability(duel, Ability.SHARPSHOOTER, seat=1)
    assert given.figures[0] == duel.figures[0]
    assert given.figures[1].abilities == (Ability.SHARPSHOOTER,)
    assert given.terrain == duel.terrain
    assert with_round_limit(duel, 25).round_limit == 25
    assert with_round_limit(duel, None).round_limit is None
    assert load_scenario("duel").round_limit == duel.round_limit  # the built-in is untouched
