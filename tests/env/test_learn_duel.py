"""The duel's learned bot: the network's gradient, its file, its play, a short seeded run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from totenblatt.env import learn_duel
from totenblatt.env.duel_teacher import Labels, Teacher, outcome
from totenblatt.env.learn_duel import fit_gradients
from totenblatt.wanted.bots import (
    DUEL_POLICY,
    LearnedBot,
    LinearPolicy,
    MLPPolicy,
    PolicyError,
    fast_seat,
    make_bot,
    read_policy,
    save_policy,
    shipped_policy,
)
from totenblatt.wanted.fast import new_fast_game


def _tiny(rng: np.random.Generator) -> tuple[MLPPolicy, Labels]:
    policy = MLPPolicy.fresh(5, 6, hidden=4, rng=rng)
    policy.W2[:] = rng.normal(size=policy.W2.shape)
    policy.b2[:] = rng.normal(size=6)
    policy.mean[:] = rng.normal(size=5)
    policy.scale[:] = 1.0 + rng.random(5)
    tried = np.array([[2, 0, 5], [1, 3, -1], [4, -1, -1], [0, 2, 1]])
    advantage = rng.choice([-2.0, 0.0, 1.0, 2.0], tried.shape).astype(np.float32)
    advantage[:, 0] = 0.0
    obs = rng.normal(size=(4, 5)).astype(np.float32)
    return policy, Labels(obs, tried[:, 0].copy(), tried, advantage)


def test_the_gradient_is_the_error_s_slope() -> None:
    policy, labels = _tiny(np.random.default_rng(1))
    grads = fit_gradients(policy, labels, decay=0.01)[1]
    eps = 1e-3
    for name, index in (("W1", (1, 2)), ("b1", (3,)), ("W2", (2, 1)), ("b2", (5,)), ("W2", (3, 0))):
        array = getattr(policy, name)
        keep = float(array[index])
        array[index] = keep + eps
        up = fit_gradients(policy, labels, decay=0.01)[0] + 0.01 * _squares(
            policy, eps, name, index
        )
        array[index] = keep - eps
        down = fit_gradients(policy, labels, decay=0.01)[0] + 0.01 * _squares(
            policy, -eps, name, index
        )
        array[index] = keep
        assert grads[name][index] == pytest.approx((up - down) / (2 * eps), rel=2e-2, abs=2e-4)
    # a slot never tried gets no gradient: its row stays zero (the proposal keeps winning)
    fresh = MLPPolicy.fresh(5, 7, hidden=4)
    assert not fit_gradients(fresh, _tiny(np.random.default_rng(2))[1])[1]["W2"][6].any()


def _squares(policy: MLPPolicy, _eps: float, name: str, _index: tuple[int, ...]) -> float:
    """The weight decay's part of the loss (only weights decay)."""
    return float((policy.W1**2).sum() + (policy.W2**2).sum()) if name in ("W1", "W2") else 0.0


def test_an_mlp_policy_is_saved_read_and_refused_as_a_linear_one(tmp_path: Path) -> None:
    policy = MLPPolicy.fresh(342, 814, hidden=8, hint=2.5, rng=np.random.default_rng(3))
    path = save_policy(policy, tmp_path / "mlp.npz")
    again = read_policy(path)
    assert isinstance(again, MLPPolicy) and again.hint == pytest.approx(2.5)
    assert all(
        np.array_equal(a, b)
        for a, b in zip(again.arrays().values(), policy.arrays().values(), strict=True)
    )
    with pytest.raises(PolicyError, match="MLP policy, not a linear one"):
        LinearPolicy.load(path)
    linear = save_policy(LinearPolicy.fresh(342, 814), tmp_path / "lin.npz")
    assert isinstance(read_policy(linear), LinearPolicy)
    broken = tmp_path / "broken.npz"
    np.savez(broken, kind=np.array("mlp"), scenario=np.array("duel"), W1=np.zeros((2, 3)))
    with pytest.raises(PolicyError, match="not a policy saved by"):
        read_policy(broken)


def test_with_a_blank_network_the_bot_plays_the_heuristic_s_own_choices() -> None:
    """Zero output weights: the proposal's bonus decides, and the proposal itself (the
    heuristic's card too) is played — the same game as the heuristic against itself."""
    bot = LearnedBot(MLPPolicy.fresh(342, 814, hidden=8, hint=1.0))
    heuristic = fast_seat("heuristic", 0)
    assert heuristic is not None
    for seed in (2, 5):
        mine, theirs = new_fast_game("duel", seed=seed), new_fast_game("duel", seed=seed)
        while not theirs.is_over:
            expected = heuristic.decide(theirs)
            assert (bot.decide(mine, 0) if mine.to_act == 0 else heuristic.decide(mine)) == expected
            mine.play(expected)
            theirs.play(expected)
    # without the bonus the blank network is uniform: its greedy choice is the first slot
    plain = LearnedBot(MLPPolicy.fresh(342, 814, hidden=8, hint=0.0))
    game = new_fast_game("duel", seed=2)
    marks = plain.slots.marks(game.legal_actions(), concede=False)
    assert plain.decide(game, game.to_act) == marks[2][0]


def test_a_saved_network_is_a_bot_of_the_registry(tmp_path: Path) -> None:
    path = save_policy(MLPPolicy.fresh(342, 814, hidden=8, hint=3.0), tmp_path / "m.npz")
    bot = make_bot(f"learned:{path}", 1)
    assert isinstance(bot, LearnedBot) and isinstance(bot.policy, MLPPolicy)
    from totenblatt.wanted.bots import play_game
    from totenblatt.wanted.engine.game import new_game

    game = play_game(new_game("duel", seed=4), [bot, make_bot("random", 2)])
    assert game.is_over


def test_the_teacher_s_labels_are_seeded_and_measured_against_the_proposal() -> None:
    first, second = Teacher(8, seed=3, tries=4).label(20), Teacher(8, seed=3, tries=4).label(20)
    assert len(first) >= 20
    assert np.array_equal(first.tried, second.tried)
    assert np.array_equal(first.advantage, second.advantage)
    assert (first.tried[:, 0] == first.proposal).all() and (first.advantage[:, 0] == 0).all()
    assert ((first.tried >= 0).sum(axis=1) >= 2).all()
    assert (np.abs(first.advantage) < 2).all() and (first.advantage != 0).any()
    # a try scores the same whichever copy plays it (the cards to come copied)
    heuristic = fast_seat("heuristic", 0)
    assert heuristic is not None
    game = new_fast_game("duel", seed=11)
    for _ in range(9):
        game.play(heuristic.decide(game))
    scores = {outcome(game.clone(), 0, heuristic) for _ in range(3)}
    assert len(scores) == 1 and -1 <= scores.pop() <= 1
    # to the end of the round: the copy's round is over (or the game)
    copy = game.clone()
    outcome(copy, 0, heuristic, horizon=1000)
    assert copy.is_over or copy.round == game.round + 1


def test_a_short_run_is_seeded_and_fits_the_advantages() -> None:
    def run() -> MLPPolicy:
        return learn_duel.distil(
            labels=40, num_envs=8, tries=3, hidden=8, epochs=2, margins=(0.3,), eval_deals=1, seed=5
        )[0]

    first, second = run(), run()
    assert all(
        np.array_equal(a, b)
        for a, b in zip(first.arrays().values(), second.arrays().values(), strict=True)
    )
    assert first.hint == 0.3 and first.shape == (814, 342)
    # fitting brings the error on the teacher's labels well below "no slot beats the proposal"
    labels = Teacher(8, seed=2, tries=3).label(80)
    policy = MLPPolicy.fresh(342, 814, hidden=16)
    policy.mean, policy.scale = labels.obs.mean(axis=0), labels.obs.std(axis=0) + 0.1
    blank = fit_gradients(policy, labels)[0]
    rng = np.random.default_rng(0)
    error = learn_duel.fit(policy, labels, labels, epochs=20, lr=3e-3, minibatch=40, rng=rng)
    assert blank > 0 and error < 0.5 * blank


def test_the_command_line_writes_the_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "d.npz"
    args = "--labels 24 --workers 1 --envs 8 --tries 3 --hidden 8 --epochs 1 --eval-deals 1"
    code = learn_duel.main([*args.split(), "--out", str(out)])
    assert code == 0 and isinstance(read_policy(out), MLPPolicy)
    assert f"learned:{out}" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        learn_duel.main(["--labels", "0"])
    assert stop.value.code == 2


def test_another_slot_is_played_only_when_its_advantage_beats_the_margin() -> None:
    policy = MLPPolicy.fresh(4, 4, hidden=2, hint=0.5)
    policy.b2[:] = [0.3, learn_duel.NEVER, -5.0, 0.0]  # the proposal's own output is ignored
    x, mask = np.zeros(4, np.float32), np.array([1, 1, 1, 1], np.int8)
    assert policy.act(x, mask, proposal=2) == 2
    policy.hint = 0.2
    assert policy.act(x, mask, proposal=2) == 0
    assert policy.act(x, np.array([0, 1, 1, 0], np.int8), proposal=2) == 2  # never the unlearned


def test_the_shipped_duel_policy_is_small_and_corrects_the_heuristic_somewhere() -> None:
    path = shipped_policy()
    assert path is not None and Path(path) == DUEL_POLICY
    assert DUEL_POLICY.stat().st_size < 300_000
    policy = read_policy(path)
    assert isinstance(policy, MLPPolicy) and policy.scenario == "duel" and policy.hint > 0
    bot = make_bot(f"learned:{path}", 1)
    assert isinstance(bot, LearnedBot)
    heuristic = fast_seat("heuristic", 0)
    assert heuristic is not None
    differ = agree = 0
    for seed in range(4):
        game = new_fast_game("duel", seed=seed)
        while not game.is_over:
            if game.to_act == 0:
                mine, theirs = bot.decide(game, 0), heuristic.decide(game)
                differ += mine != theirs
                agree += mine == theirs
                game.play(mine)
            else:
                game.play(heuristic.decide(game))
    assert differ > 0 and agree > differ  # mostly the heuristic's choice, not always


def test_the_shipped_bot_decides_alike_when_only_hidden_cards_differ() -> None:
    """On the true fast game (as sim and ladder seat it) the shipped bot reads its seat's
    observation and the heuristic's proposal only: games that differ in cards hidden from
    the seat get the same decision."""
    import random

    from totenblatt.wanted.bots import HeuristicBot
    from totenblatt.wanted.engine.determinize import shuffle_hidden
    from totenblatt.wanted.engine.game import new_game
    from totenblatt.wanted.fast import FastGame

    path = shipped_policy()
    assert path is not None
    bot = make_bot(f"learned:{path}", 1)
    assert isinstance(bot, LearnedBot)
    rng = random.Random(3)
    game = new_game("duel", seed=21)
    players = [HeuristicBot(1), HeuristicBot(2)]
    checked = moved = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        twin = shuffle_hidden(game, seat, rng)
        moved += twin.state.hands[1 - seat] != game.state.hands[1 - seat]
        mine = bot.decide(FastGame.from_game(game), seat)
        assert bot.decide(FastGame.from_game(twin), seat) == mine
        checked += 1
        game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
    assert checked > 20 and moved > 10
