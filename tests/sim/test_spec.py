"""Run specs: seeds derived from (K, i) alone, options, bots per seat."""

from __future__ import annotations

import pytest

from totenblatt.sim.spec import RunSpec, derive_seed, parse_option


def test_seeds_depend_on_run_seed_and_index_only() -> None:
    seeds = {derive_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)
    assert derive_seed(7, 5) == derive_seed(7, 5) != derive_seed(8, 5)
    assert derive_seed(7, 5, 0) != derive_seed(7, 5, 1)


def test_game_seed_is_the_derived_seed() -> None:
    spec = RunSpec.make("duel", bots=["random"], seed=11)
    assert spec.game_seed(4) == derive_seed(11, 4)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hand_mode=per_character", ("hand_mode", "per_character")),
        ("cards.jokers=0", ("cards.jokers", 0)),
        ("cover_without_heart=false", ("cover_without_heart", False)),
        ("window_cost = 2.5", ("window_cost", 2.5)),
        ('measure="centre"', ("measure", "centre")),
    ],
)
def test_options_are_read_as_toml_values(text: str, expected: tuple[str, object]) -> None:
    assert parse_option(text) == expected


@pytest.mark.parametrize("text", ["hand_mode", "=3", "jokers=", "x={a=1}"])
def test_bad_options_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"key=value|single value"):
        parse_option(text)


def test_options_change_the_ruleset() -> None:
    spec = RunSpec.make(
        "heroes", "extended", bots=["random"], seed=1, options=[("hand_mode", "per_character")]
    )
    assert spec.ruleset.round.hand_mode == "per_character"
    assert spec.describe()["options"] == {"hand_mode": "per_character"}
    plain = RunSpec.make("heroes", "extended", bots=["random"], seed=1)
    assert plain.key != spec.key


def test_one_bot_sits_at_every_seat_and_rotation_turns_them() -> None:
    spec = RunSpec.make("three-way", bots=["random"], seed=1)
    assert spec.bots == ("random",) * 3
    mixed = RunSpec.make("three-way", bots=["heuristic", "random", "random"], seed=1, rotate=True)
    assert mixed.bots_for(0) == ("heuristic", "random", "random")
    assert mixed.bots_for(1) == ("random", "heuristic", "random")
    assert mixed.bots_for(3) == mixed.bots_for(0)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["heuristic", "random", "random"], "3 bots for scenario 'duel' with 2 seats"),
        (["heuristic", "cheater"], "unknown bot 'cheater': expected one of random, heuristic"),
        (["ismcts:300ms"], "depend on the machine"),
    ],
)
def test_bad_bots_are_refused(bots: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RunSpec.make("duel", bots=bots, seed=1)


def test_abilities_need_the_extended_rules_and_seeds_are_not_negative() -> None:
    with pytest.raises(ValueError, match="extended"):
        RunSpec.make("heroes", "base", bots=["random"], seed=1)
    with pytest.raises(ValueError, match="seed -1 is negative"):
        RunSpec.make("duel", bots=["random"], seed=-1)
