"""The fast policy's cache: the stances and destinations it keeps in the setup's ``Know``
across decisions and games change no choice (the policy's decisions are part of seeded
results), only its speed."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

from totenblatt.wanted.bots.fast_moves import enemies_of, part, stance
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.fast_reading import Know, know
from totenblatt.wanted.fast import FastGame, new_fast_game
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
    for game, known, chosen in _decisions(scenario, rules, (3, 4), 300, cached):
        if game.phase == _ACTION:
            kept = [len(known.stances), len(known.candidates), len(known.each)]
            kept.append(len(known.shots))
            moves, candidates = fresh.ranked_moves(game, known), fresh.candidates(game)
            assert fresh.choose(game) == chosen
            now = [len(known.stances), len(known.candidates), len(known.each)]
            assert kept == [*now, len(known.shots)]
            assert moves == cached.ranked_moves(game, known)
            assert candidates == cached.candidates(game)
            compared += 1
        else:
            assert fresh.choose(game) == chosen
    assert known.stances and any(known.stances.values())
    assert known.each and known.shots
    assert compared >= 20


def _decisions(
    scenario: str, rules: Ruleset, seeds: tuple[int, ...], most: int, policy: FastPolicy
) -> Iterator[tuple[FastGame, Know, int]]:
    """Each decision of ``policy`` in every seat of seeded games, played once looked at."""
    for seed in seeds:
        game = new_fast_game(scenario, rules, seed=seed)
        known = know(game.spec)
        for _ in range(most):
            if game.is_over:
                break
            chosen = policy.choose(game)
            yield game, known, chosen
            game.play(chosen)


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
    enemies = enemies_of(game, game.spec.teams[seat])
    stances = known.stances[tuple(enemies)]
    size = len(stances)
    assert size > 0
    assert policy.ranked_moves(game, known) == first
    assert len(stances) == size
    fig = game.living(seat)[0]
    hp = game.hp[fig]
    game.hp[fig] = 1
    low = part(game, known, fig, game.pos[fig], game.hidden[fig], enemies, stances, known.each)
    game.hp[fig] = 3
    high = part(game, known, fig, game.pos[fig], game.hidden[fig], enemies, stances, known.each)
    game.hp[fig] = hp
    assert low[0] == high[0] and low[2] == high[2]
    assert low[1] == pytest.approx(high[1] * 1.6)


_DIGESTS = {
    "duel": "3a5fc275e8357d0f",
    "gangs": "1f9a04d87f01b8d6",
    "heroes": "a7534163a9be0146",
}
"""The digests of the policy's choices, ranked moves and candidates in two seeded games of
each scenario as the policy made them before its moves were kept per enemy and compiled
with C types (e101bbb): those changes were to change no choice."""


@pytest.mark.parametrize(
    ("scenario", "ruleset", "hands"),
    [
        ("duel", "base", "per_player"),
        ("gangs", "base", "per_player"),
        ("heroes", "extended", "per_character"),
    ],
)
def test_the_policy_chooses_as_it_did(scenario: str, ruleset: str, hands: str) -> None:
    """Decision for decision the same choices, ranked moves (their scores to the last bit)
    and candidates as the policy of e101bbb (recorded digests)."""
    rules = Ruleset.load(ruleset).with_options(hand_mode=hands)
    digest = hashlib.sha256()
    policy = FastPolicy(0)
    for game, known, chosen in _decisions(scenario, rules, (5, 6), 200, policy):
        if game.phase == _ACTION:
            found = (policy.ranked_moves(game, known), policy.candidates(game))
            digest.update(repr(found).encode())
        digest.update(repr(chosen).encode())
    assert digest.hexdigest()[:16] == _DIGESTS[scenario]


def test_each_enemys_part_of_a_stance_is_kept_and_gives_the_whole_stance() -> None:
    """A stance put together from each enemy's kept part equals the stance worked out anew
    (an empty memo), for every figure and destination of a gang war's first action; the
    parts of enemies that did not move are found again after one moved."""
    game = new_fast_game("gangs", seed=7)
    while game.phase != _ACTION:
        game.play(FastPolicy(0).choose(game))
    known = know(game.spec)
    spec = game.spec
    seat = game.to_act
    enemies = enemies_of(game, spec.teams[seat])
    each: dict[int, tuple[float, float, float]] = {}
    nodes = range(0, spec.board.destinations, 7)
    for fig in game.living(seat):
        for node in nodes:
            for hidden in (False, True):
                kept = stance(spec, known, fig, node, hidden, enemies, each)
                assert kept == stance(spec, known, fig, node, hidden, enemies, {})
    size = len(each)
    assert size == len(game.living(seat)) * len(nodes) * 2 * len(enemies)
    e, there, hidden, weak = enemies[0]
    moved = [(e, (there + 1) % spec.board.destinations, hidden, weak), *enemies[1:]]
    fig = game.living(seat)[0]
    for node in nodes:
        found = stance(spec, known, fig, node, False, moved, each)
        assert found == stance(spec, known, fig, node, False, moved, {})
    assert len(each) == size + len(nodes)  # only the moved enemy's parts are new


@pytest.mark.parametrize(("scenario", "ruleset"), [("gangs", "base"), ("heroes", "extended")])
def test_no_move_is_weighed_only_when_none_beats_the_attack(scenario: str, ruleset: str) -> None:
    """Given the best attack's score, the ranking is left out only when the whole ranking's
    best move would not beat it by a quarter either (the policy's rule), and it is left
    out for some attacks: the ceiling bounds every move."""
    policy = FastPolicy(0)
    game = new_fast_game(scenario, ruleset, seed=11)
    known = know(game.spec)
    skipped = 0
    for _ in range(300):
        if game.is_over:
            break
        if game.phase == _ACTION:
            moves = policy.ranked_moves(game, known)
            for attack in (0.0, 0.3, 1.0, 2.5):
                found = policy.ranked_moves(game, known, attack)
                assert found in ([], moves)
                if not found and moves:
                    assert moves[0][0] * 0.8 <= attack
                    skipped += 1
        game.play(policy.choose(game))
    assert skipped > 0
