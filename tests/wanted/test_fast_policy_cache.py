"""The fast policy's cache: the stances and destinations it keeps in the setup's ``Know``
across decisions and games change no choice (the policy's decisions are part of seeded
results), only its speed."""

from __future__ import annotations

import pytest

from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.fast_reading import know
from totenblatt.wanted.fast import new_fast_game
from totenblatt.wanted.rules import Ruleset

_ACTION = 2


@pytest.mark.parametrize(
    ("scenario", "ruleset", "hands"),
    [
        ("duel", "base", "per_player"),
        ("gangs", "base", "per_player"),
        ("heroes", "extended", "per_character"),
    ],
)
def test_the_cached_policy_chooses_as_the_uncached_one(
    scenario: str, ruleset: str, hands: str
) -> None:
    """Decision for decision in seeded games (two in a row, so the second starts on the
    first one's kept entries): the same choice, the same ranked moves and the same
    candidates with the cache as without it; without it nothing is kept."""
    rules = Ruleset.load(ruleset).with_options(hand_mode=hands)
    cached, fresh = FastPolicy(0), FastPolicy(0, cache=False)
    compared = 0
    for seed in (3, 4):
        game = new_fast_game(scenario, rules, seed=seed)
        known = know(game.spec)
        for _ in range(300):
            if game.is_over:
                break
            chosen = cached.choose(game)
            if game.phase == _ACTION:
                kept = len(known.stances), len(known.candidates)
                moves, candidates = fresh.ranked_moves(game, known), fresh.candidates(game)
                assert fresh.choose(game) == chosen
                assert kept == (len(known.stances), len(known.candidates))
                assert moves == cached.ranked_moves(game, known)
                assert candidates == cached.candidates(game)
                compared += 1
            else:
                assert fresh.choose(game) == chosen
            game.play(chosen)
        assert known.stances and any(known.stances.values())
    assert compared >= 20


def test_the_cache_keeps_stances_by_the_enemies_and_reuses_them() -> None:
    """A second look at the same position finds every stance kept under its enemies; a
    figure's HP of 2 or less still counts at every look (it is not part of the key)."""
    game = new_fast_game("gangs", seed=7)
    while game.phase != _ACTION:
        game.play(FastPolicy(0).choose(game))
    known = know(game.spec)
    policy = FastPolicy(0)
    first = policy.ranked_moves(game, known)
    seat = game.to_act
    enemies = policy._enemies(game, game.spec.teams[seat])
    stances = known.stances[tuple(enemies)]
    size = len(stances)
    assert size > 0
    assert policy.ranked_moves(game, known) == first
    assert len(stances) == size
    fig = game.living(seat)[0]
    hp = game.hp[fig]
    game.hp[fig] = 1
    low = policy._part(game, known, fig, game.pos[fig], game.hidden[fig], enemies, stances)
    game.hp[fig] = 3
    high = policy._part(game, known, fig, game.pos[fig], game.hidden[fig], enemies, stances)
    game.hp[fig] = hp
    assert low[0] == high[0] and low[2] == high[2]
    assert low[1] == pytest.approx(high[1] * 1.6)
