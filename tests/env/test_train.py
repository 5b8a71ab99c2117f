"""The example trainer: a bounded run learns, saves and loads its policy; the CLI works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from totenblatt.env import train
from totenblatt.env.single import SingleAgentEnv
from totenblatt.wanted.bots import DUEL_POLICY, PolicyError, load_policy
from totenblatt.wanted.bots.learned import LinearPolicy


def test_a_short_run_saves_a_policy_that_plays(tmp_path: Path) -> None:
    policy, report = train.train(games=64, batch=32, eval_every=64, eval_games=10, minutes=1)
    assert report.games == 64 and report.curve and 0.0 <= report.curve[-1][2] <= 1.0
    assert np.abs(policy.W).sum() > 0  # it learned something
    path = tmp_path / "policy.npz"
    policy.save(path)
    again = LinearPolicy.load(path)
    assert again.scenario == "duel"
    assert np.array_equal(again.W, policy.W) and np.array_equal(again.b, policy.b)
    assert 0.0 <= train.evaluate(again, games=4) <= 1.0


def test_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    assert train.main(["--games", "32", "--eval-games", "4", "--out", str(out)]) == 0
    assert out.exists()


def test_the_greedy_choice_is_legal() -> None:
    policy = LinearPolicy.fresh(observations=5, slots=6)
    policy.b[:] = [9, 0, 0, 0, 5, 0]
    mask = np.array([0, 1, 0, 0, 1, 1], np.int8)
    assert policy.act(np.zeros(5), mask, greedy=True) == 4
    rng = np.random.default_rng(0)
    assert {policy.act(np.zeros(5), mask, rng) for _ in range(50)} <= {1, 4, 5}


def test_a_learned_policy_sits_as_an_opponent(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    LinearPolicy.fresh(342, 814).save(path)
    three = tmp_path / "three.npz"
    fast = SingleAgentEnv("three-way", core="fast").aec
    policy = LinearPolicy.fresh(fast.layout.size, fast.slots.size, "three-way")
    policy.W[:] = np.random.default_rng(0).normal(size=policy.W.shape)  # some choices
    policy.save(three)
    env = SingleAgentEnv("duel", opponents=f"learned:{path}", seat=1, core="fast")
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        obs, reward, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert reward in (-1.0, 0.0, 1.0)
    # on the reference engine, against the learner (here: the first legal slot each turn)
    ref = SingleAgentEnv("three-way", opponents=["heuristic", f"learned:{three}"], seat=0)
    for seed in range(2):
        obs, _ = ref.reset(seed=seed)
        done = False
        while not done:
            obs, reward, done, _, _ = ref.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert ref.aec.game is not None and ref.aec.game.is_over
    with pytest.raises(ValueError, match=r"small\.npz: the policy has 4 slots.*other rules"):
        LinearPolicy.fresh(3, 4).save(tmp_path / "small.npz")
        SingleAgentEnv("duel", opponents=f"learned:{tmp_path / 'small.npz'}", core="fast")
    with pytest.raises(ValueError, match="learned:PATH"):
        SingleAgentEnv("duel", opponents="learned:", core="fast")


def test_a_saved_policy_is_tested_against_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.npz"
    LinearPolicy.fresh(342, 814).save(path)
    assert 0.0 <= train.match(path, "heuristic", games=2) <= 1.0
    assert train.main(["--evaluate", str(path), "--against", "random", "--eval-games", "2"]) == 0
    assert "of 2 games against random (fast core" in capsys.readouterr().out


def test_a_network_is_tested_as_the_learned_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    """``--evaluate`` takes either kind: the shipped network sits as ``learned:PATH`` (the
    learned bot's one road); ``evaluate()`` plays the trainer's linear policy only."""
    shipped = str(DUEL_POLICY)
    assert train.main(["--evaluate", shipped, "--against", "random", "--eval-games", "2"]) == 0
    assert "of 2 games against random (reference engine" in capsys.readouterr().out
    with pytest.raises(PolicyError, match=r"evaluate\(\) plays the trainer's linear policy"):
        train.evaluate(load_policy(shipped), games=1)  # type: ignore[arg-type]


def test_out_names_the_file_written_with_or_without_npz(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("pol", "pol.npz"):
        assert train.main(["--games", "32", "--eval-games", "2", "--out", name]) == 0
        assert f"saved {name} (learned:{name})" in capsys.readouterr().out
        assert (tmp_path / name).is_file() and LinearPolicy.load(name).W.shape == (814, 342)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pol", "pol.npz"]  # nothing else
    env = SingleAgentEnv("duel", opponents="learned:pol", core="fast")  # the next step works
    assert env.reset(seed=1)[0]["action_mask"].any()


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        train.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m totenblatt.env.train: error: ")
    return err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--minutes", "nan"], "--minutes"),
        (["--minutes", "0"], "above 0"),
        (["--minutes", "ten"], "not a number"),
        (["--games", "0"], "--games"),
        (["--games", "1.5"], "not a whole number"),
        (["--target", "1.5"], "from 0 to 1"),
        (["--batch", "-3"], "--batch"),
        (["--lr", "inf"], "--lr"),
        (["--eval-every", "0"], "--eval-every"),
        (["--eval-games", "x"], "--eval-games"),
        (["--seed", "-1"], "--seed"),
        (["--out", "/"], "name a file, not a folder"),
        (["--out", "."], "name a file, not a folder"),
        (["--out", "/dev/null"], "is a device"),
        (["--out", "/no/such/folder/p.npz"], "there is no folder"),
        (["--evaluate", "/no/such/policy.npz"], "no policy file"),
        (["--evaluate", "/etc/hostname"], "not a policy saved by"),
        (["--evaluate", "/"], "is a directory"),
        (["--nonsense"], "unrecognized arguments"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert says in _refused(argv, capsys)


def test_a_directory_named_out_and_a_fifo_to_evaluate_are_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "is a directory" in _refused(["--out", str(tmp_path)], capsys)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "is a FIFO" in _refused(["--evaluate", str(fifo)], capsys)  # no hang: never opened
    assert "is a FIFO" in _refused(["--out", str(fifo)], capsys)
    path = tmp_path / "p.npz"
    LinearPolicy.fresh(342, 814).save(path)
    assert "unknown bot" in _refused(["--evaluate", str(path), "--against", "nobody"], capsys)
    other = tmp_path / "three.npz"
    LinearPolicy.fresh(3, 4, "three-way").save(other)
    assert "error" in _refused(["--evaluate", str(other), "--against", "random"], capsys)


def test_without_the_env_extra_the_trainer_says_so_in_one_line(tmp_path: Path) -> None:
    fake = tmp_path / "pettingzoo"
    fake.mkdir()
    (fake / "__init__.py").write_text(
        "raise ModuleNotFoundError('No module named pettingzoo', name='pettingzoo')\n"
    )
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "totenblatt.env.train", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "python -m totenblatt.env: error: this needs the 'env' extra (pettingzoo is not "
        "installed): pip install 'totenblatt[env]'\n"
    )
