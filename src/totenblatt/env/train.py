"""An example trainer: a linear softmax policy by REINFORCE, numpy only.

``python -m totenblatt.env.train --minutes 10 --out policy.npz``

The learner plays one seat of the duel against the random bot (seats alternating), on
:class:`~totenblatt.env.single.SingleAgentEnv` with the fast core (concede off). Its
policy is linear: logits ``W @ observation + b`` over the action slots, softmax over
the legal ones (the mask). After each batch of games every decision's log-probability
gradient is weighted by the game's result minus a running baseline and Adam steps.
The policy is saved as ``.npz`` (``W``, ``b``, the scenario, the sizes) and
:class:`LinearPolicy` plays it.

>>> policy, report = train(games=32, eval_games=2, minutes=1)
>>> report.games, policy.W.shape
(32, (814, 342))
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.env.single import SingleAgentEnv
from totenblatt.wanted.bots import LinearPolicy

__all__ = ["LinearPolicy", "TrainReport", "evaluate", "main", "match", "train"]

Floats = npt.NDArray[np.float64]


@dataclass
class TrainReport:
    """What a run did: games, seconds, and the greedy win rate at each evaluation."""

    games: int = 0
    seconds: float = 0.0
    curve: list[tuple[int, float, float]] = field(default_factory=list)
    """(games trained, seconds, greedy win rate against random)."""


def _envs(scenario: str) -> list[SingleAgentEnv]:
    return [
        SingleAgentEnv(scenario, "random", seat=s, core="fast", info_state=False) for s in (0, 1)
    ]


def evaluate(
    policy: LinearPolicy, games: int = 200, seed: int = 10**9, greedy: bool = True
) -> float:
    """The policy's share of wins (draws count half) against the random bot, seats
    alternating, games of seeds ``seed``, ``seed + 1``, …"""
    envs = _envs(policy.scenario)
    rng = np.random.default_rng(seed)
    score = 0.0
    for g in range(games):
        env = envs[g % 2]
        obs, _ = env.reset(seed=seed + g)
        while True:
            slot = policy.act(obs["observation"], obs["action_mask"], rng, greedy)
            obs, reward, terminated, truncated, _ = env.step(slot)
            if terminated or truncated:
                score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                break
    return score / games


def match(
    path: str | Path, against: str = "heuristic", games: int = 200, seed: int = 10**9
) -> float:
    """The saved policy's share of wins (draws half) against a bot of the registry on the
    reference engine (seats alternating; the policy greedy, as ``learned:PATH``)."""
    from totenblatt.wanted.bots import bot_seed, make_bot

    score = 0.0
    for g in range(games):
        env = SingleAgentEnv(
            "duel", opponents=f"learned:{path}", seat=g % 2, core="reference", info_state=False
        )
        obs, _ = env.reset(seed=seed + g)
        aec = env.aec
        bot = make_bot(against, bot_seed(seed + g, g % 2), aec.scenario, aec.ruleset)
        while True:
            slots = np.flatnonzero(obs["action_mask"])
            by_action = {aec.action(int(i)): int(i) for i in slots}
            game = aec._game()
            choice = bot.choose(game.view(g % 2), list(by_action))
            obs, reward, terminated, truncated, _ = env.step(by_action[choice])
            if terminated or truncated:
                score += 0.0 if reward > 0 else 0.5 if reward == 0 else 1.0
                break
    return score / games


def train(
    *,
    scenario: str = "duel",
    minutes: float = 10.0,
    games: int | None = None,
    batch: int = 32,
    lr: float = 0.01,
    eval_every: int = 2000,
    eval_games: int = 200,
    seed: int = 0,
    target: float | None = None,
    log: Any = None,
) -> tuple[LinearPolicy, TrainReport]:
    """Train until ``minutes`` pass (or ``games`` are played, or an evaluation reaches
    ``target``); the policy and the report."""
    envs = _envs(scenario)
    aec = envs[0].aec
    policy = LinearPolicy.fresh(aec.layout.size, aec.slots.size, scenario)
    rng = np.random.default_rng(seed)
    m = [np.zeros_like(policy.W), np.zeros_like(policy.b)]
    v = [np.zeros_like(policy.W), np.zeros_like(policy.b)]
    beta1, beta2, eps, t = 0.9, 0.999, 1e-8, 0
    baseline = 0.0
    report = TrainReport()
    start = time.perf_counter()
    played = 0
    while True:
        grads_w = np.zeros_like(policy.W)
        grads_b = np.zeros_like(policy.b)
        steps = 0
        for _ in range(batch):
            env = envs[played % 2]
            obs, _ = env.reset(seed=int(rng.integers(2**62)))
            xs: list[npt.NDArray[Any]] = []
            gs: list[tuple[Floats, Floats, int]] = []
            while True:
                x = obs["observation"].astype(np.float64)
                legal, p = policy.probabilities(x, obs["action_mask"])
                k = int(rng.choice(len(p), p=p))
                g = -p
                g[k] += 1.0
                xs.append(x)
                gs.append((legal, g, k))
                obs, reward, terminated, truncated, _ = env.step(int(legal[k]))
                if terminated or truncated:
                    break
            advantage = float(reward) - baseline
            baseline += 0.02 * (float(reward) - baseline)
            for x, (legal, g, _) in zip(xs, gs, strict=True):
                idx = legal.astype(np.intp)
                grads_w[idx] += advantage * np.outer(g, x)
                grads_b[idx] += advantage * g
            steps += len(xs)
            played += 1
        t += 1
        for i, (param, grad) in enumerate(((policy.W, grads_w), (policy.b, grads_b))):
            grad = grad / batch
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad
            mhat = m[i] / (1 - beta1**t)
            vhat = v[i] / (1 - beta2**t)
            param += lr * mhat / (np.sqrt(vhat) + eps)
        elapsed = time.perf_counter() - start
        over = elapsed >= minutes * 60 or (games is not None and played >= games)
        if played % eval_every < batch or over:
            rate = evaluate(policy, eval_games)
            elapsed = time.perf_counter() - start
            report.curve.append((played, elapsed, rate))
            if log is not None:
                log(f"{played:7d} games {elapsed:7.1f} s  greedy win rate vs random {rate:.1%}")
            if target is not None and rate >= target:
                over = True
        if over:
            report.games, report.seconds = played, time.perf_counter() - start
            return policy, report


def main(argv: Sequence[str] | None = None) -> int:
    """Train a linear policy against the random bot and save it."""
    parser = argparse.ArgumentParser(
        prog="python -m totenblatt.env.train",
        description=(
            "Train a linear softmax policy by REINFORCE (numpy only) for one seat of the "
            "duel against the random bot, on the fast core; save it as .npz."
        ),
    )
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-time budget")
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--target", type=float, default=None, help="stop at this win rate")
    parser.add_argument("--batch", type=int, default=32, help="games per update")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--eval-every", type=int, default=2000, help="games between tests")
    parser.add_argument("--eval-games", type=int, default=200, help="games per test")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("wanted_duel_policy.npz"))
    parser.add_argument(
        "--evaluate", type=Path, default=None, help="no training: test this saved policy"
    )
    parser.add_argument(
        "--against", default="random", help="with --evaluate: a bot of the registry"
    )
    args = parser.parse_args(argv)
    if args.evaluate is not None:
        start = time.perf_counter()
        if args.against == "random":
            rate = evaluate(LinearPolicy.load(args.evaluate), args.eval_games)
            where = "fast core"
        else:
            rate = match(args.evaluate, args.against, args.eval_games)
            where = "reference engine"
        print(
            f"{args.evaluate}: {rate:.1%} of {args.eval_games} games against {args.against} "
            f"({where}, seats alternating, greedy) in {time.perf_counter() - start:.0f} s"
        )
        return 0
    policy, report = train(
        minutes=args.minutes,
        games=args.games,
        batch=args.batch,
        lr=args.lr,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        seed=args.seed,
        target=args.target,
        log=print,
    )
    policy.save(args.out)
    final = report.curve[-1][2] if report.curve else float("nan")
    print(
        f"{report.games} games in {report.seconds:.0f} s; greedy win rate vs random "
        f"{final:.1%}; saved {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
