"""A decision whose weighed actions the fast path takes only by its own ids (a veteran's
partial swap, a wild 2's move) is weighed on the fast path, not sent to the reference
engine as a whole."""

from __future__ import annotations

import random

import pytest

from totenblatt.sim.analysis import decision_seed, evaluate, moments
from totenblatt.sim.analysis.evaluate import Moment, _Worlds, fast_id, weighed
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.actions import Action, Move, Swap
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.fast import FastUnsupportedError


@pytest.fixture(scope="module")
def heroes() -> Game:
    game = new_game("heroes", "extended", seed=20)
    return play_game(game, [HeuristicBot(s) for s in range(game.seats)])


def _special(action: Action) -> bool:
    return (isinstance(action, Swap) and bool(action.cards)) or (
        isinstance(action, Move) and action.wild
    )


def _found(game: Game, kind: type) -> tuple[Moment, list[Action]]:
    """The first decision of seat 0 with a weighed action of ``kind`` the fast path does
    not take by its form."""
    for m in moments(game, 0):
        options = weighed(m, decision_seed(1, m.index), ruleset=game.ruleset)
        if any(isinstance(a, kind) and _special(a) for a in options):
            return m, options
    raise AssertionError(f"no decision with a special {kind.__name__}")


@pytest.mark.parametrize("kind", [Swap, Move])
def test_the_fast_path_plays_them_by_its_own_ids(heroes: Game, kind: type) -> None:
    moment, options = _found(heroes, kind)
    worlds = _Worlds(moment.view, heroes.ruleset, heroes.scenario)
    world = worlds._fast.sample(random.Random(0))
    special = next(a for a in options if isinstance(a, kind) and _special(a))
    twin = world.clone(rng=False)
    with pytest.raises((FastUnsupportedError, ValueError)):
        twin.play_reference(special)  # not by its form …
    code = fast_id(world, special)
    assert code is not None and code in world.legal_actions()  # … by an id of its own
    shadow = world.shadow(code)
    assert type(shadow) is kind
    if isinstance(special, Swap):
        assert sorted(map(str, shadow.cards)) == sorted(map(str, special.cards))
    else:
        assert shadow.card == special.card and shadow.wild
        assert [s.figure for s in shadow.steps] == [s.figure for s in special.steps]
    found = evaluate(moment, 2, 5, ruleset=heroes.ruleset, scenario=heroes.scenario)
    assert found is not None and found.path == "fast"
    assert special in [e.action for e in found.estimates]
