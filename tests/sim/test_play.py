"""One game as one row: what it records agrees with the game and is the same every time."""

from __future__ import annotations

import pytest

from totenblatt.sim.play import on_fast_path, play_chunk, play_one
from totenblatt.sim.spec import RunSpec
from totenblatt.wanted import new_game
from totenblatt.wanted.bots import HeuristicBot, RandomBot, play_game


@pytest.mark.parametrize("scenario", ["duel", "three-way"])
def test_rows_agree_with_their_games(scenario: str) -> None:
    spec = RunSpec.make(scenario, bots=["random"], seed=5)
    for row in play_chunk(spec, range(4)):
        seats = len(row["bots"])
        assert len(row["hp_left"]) == len(row["figures_left"]) == seats
        figures = row["figures"]
        for seat in range(seats):
            standing = [f for f in figures if f["seat"] == seat and not f["out"]]
            assert row["figures_left"][seat] == len(standing)
            assert row["hp_left"][seat] == sum(f["hp"] for f in standing)
        assert sum(f["kills"] for f in figures) <= sum(f["out"] for f in figures)
        assert row["winner"] == (row["winners"][0] if row["winners"] else None)
        if row["end_reason"] == "last_side_standing":
            assert all(row["figures_left"][s] > 0 for s in row["winners"])
            losers = [s for s in range(seats) if s not in row["winners"]]
            assert all(row["figures_left"][s] == 0 for s in losers)
        assert 0 <= row["first_dealer"] < seats
        assert row["rounds"] >= 1 and row["decisions"] > 0


def test_a_row_is_the_fast_game_its_seeds_make() -> None:
    """The fast path plays the duel: the row is the fast game its seed deals, played by the
    fast forms of the bots seeded as the reference bots would be."""
    from totenblatt.sim.spec import derive_seed
    from totenblatt.wanted.bots.fast_seats import FastHeuristic, FastRandom
    from totenblatt.wanted.fast import new_fast_game

    spec = RunSpec.make("duel", bots=["heuristic", "random"], seed=9)
    assert on_fast_path(spec)
    row = play_one(spec, 3)
    game = new_fast_game("duel", seed=spec.game_seed(3))
    seats = [FastHeuristic(derive_seed(9, 3, 0)), FastRandom(derive_seed(9, 3, 1))]
    decisions = 0
    while not game.is_over:
        game.play(seats[game.to_act].decide(game))
        decisions += 1
    assert row["winners"] == list(game.winners)
    assert row["rounds"] == game.round
    assert row["decisions"] == decisions
    assert row["hp_left"] == [0 if game.out[f] else game.hp[f] for f in range(2)]
    assert row == play_one(spec, 3)


def _refused(*args: object, **kwargs: object) -> None:
    from totenblatt.wanted.fast import FastUnsupportedError

    raise FastUnsupportedError("refused for the test")


def test_a_game_the_fast_path_refuses_is_played_on_the_reference_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Which games are fast is the fast path's answer: when it refuses, the reference
    engine and the reference bots play the game its seeds make."""
    from totenblatt.sim import play
    from totenblatt.sim.spec import derive_seed

    monkeypatch.setattr(play, "new_fast_game", _refused)
    monkeypatch.setattr(play, "_KINDS", {})
    spec = RunSpec.make("duel", bots=["heuristic", "random"], seed=9)
    assert not on_fast_path(spec)
    row = play_one(spec, 3)
    game = new_game("duel", seed=spec.game_seed(3))
    play_game(game, [HeuristicBot(derive_seed(9, 3, 0)), RandomBot(derive_seed(9, 3, 1))])
    assert row["winners"] == list(game.winners)
    assert row["rounds"] == game.round
    assert row["decisions"] == len(game.actions)
    assert row == play_one(spec, 3)


def test_a_bot_without_a_fast_form_plays_on_the_reference_engine() -> None:
    from totenblatt.sim.spec import derive_seed

    spec = RunSpec.make("duel", bots=["heuristic-v1", "random"], seed=2)
    row = play_one(spec, 0)
    game = new_game("duel", seed=spec.game_seed(0))
    bots = [HeuristicBot(derive_seed(2, 0, 0), aggressive=False), RandomBot(derive_seed(2, 0, 1))]
    play_game(game, bots)
    assert row["decisions"] == len(game.actions)


@pytest.mark.parametrize("fast", [True, False])
def test_wounds_dealt_are_the_wounds_that_landed(
    monkeypatch: pytest.MonkeyPatch, fast: bool
) -> None:
    """Both paths count a wound that took HP and the one that took a figure out (not an
    attack's overkill): in the duel without redraws (paid in HP) a figure that killed nobody
    gained no HP, so its enemy
    dealt it its lost HP, and one more when it is out."""
    from totenblatt.sim import play

    if not fast:
        monkeypatch.setattr(play, "new_fast_game", _refused)
        monkeypatch.setattr(play, "_KINDS", {})
    spec = RunSpec.make("duel", bots=["random"], seed=11, options=[("round.redraws_per_round", 0)])
    checked = 0
    for row in play_chunk(spec, range(12)):
        a, b = row["figures"]
        for victim, enemy in ((a, b), (b, a)):
            if victim["kills"] == 0:
                assert enemy["wounds_dealt"] == 6 - victim["hp"] + int(victim["out"])
                checked += 1
    assert checked >= 12


def test_a_game_does_not_depend_on_the_games_played_before_it() -> None:
    """Routes come from exact costs, never from what earlier queries taught the router:
    a game gives the same row first thing and after other games in the same process."""
    from totenblatt.sim.scenarios import hero_against_cowboys

    spec = RunSpec.make(
        hero_against_cowboys("veteran", 3),
        "extended",
        bots=["heuristic"],
        seed=0,
        options=[("hand_mode", "per_player")],
    )
    first = play_one(spec, 105)
    play_chunk(spec, range(150, 170))
    assert play_one(spec, 105) == first


def test_a_chunk_collects_less_often_and_leaves_the_collector_as_it_was() -> None:
    import gc

    from totenblatt.sim.play import GC_THRESHOLD, fewer_collections

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with fewer_collections():
        assert gc.get_threshold()[0] == GC_THRESHOLD
        assert gc.get_freeze_count() > frozen
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before


def test_a_chunk_plays_the_same_games_as_one_game_at_a_time() -> None:
    spec = RunSpec.make("gangs", bots=["heuristic", "random"], seed=4)
    assert play_chunk(spec, range(3)) == [play_one(spec, i) for i in range(3)]


def test_a_chunk_leaves_the_callers_frozen_objects_frozen() -> None:
    import gc

    from totenblatt.sim.play import fewer_collections

    gc.freeze()
    try:
        with fewer_collections():
            pass
        assert gc.get_freeze_count() > 0  # not thawed (frozen objects may die meanwhile)
    finally:
        gc.unfreeze()


def test_the_heuristic_plays_abilities_and_heroes_on_the_fast_path() -> None:
    """The fast heuristic reads abilities, hero types and both hand modes: a game with an
    ability in play, or the heroes scenario per character, is the fast heuristic's on the
    fast path (the lab's one road: only the fast path's refusal sends a game to the
    engine)."""
    from totenblatt.sim.scenarios import with_ability
    from totenblatt.sim.spec import derive_seed
    from totenblatt.wanted.bots.fast_seats import FastHeuristic
    from totenblatt.wanted.fast import new_fast_game
    from totenblatt.wanted.table import load_scenario
    from totenblatt.wanted.vocab import Ability

    scenario = with_ability(load_scenario("duel"), Ability.LIGHT_FOOTED_2)
    for spec in (
        RunSpec.make(scenario, "extended", bots=["heuristic"], seed=6),
        RunSpec.make(
            "heroes",
            "extended",
            bots=["heuristic"],
            seed=6,
            options=[("hand_mode", "per_character")],
        ),
    ):
        assert on_fast_path(spec)
        row = play_one(spec, 1)
        fast = new_fast_game(spec.scenario, spec.ruleset, spec.game_seed(1))
        seats = [FastHeuristic(derive_seed(6, 1, s)) for s in range(fast.seats)]
        decisions = 0
        while not fast.is_over:
            fast.play(seats[fast.to_act].decide(fast))
            decisions += 1
        assert row["decisions"] == decisions and row["winners"] == list(fast.winners)
