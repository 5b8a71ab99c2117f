"""An example trainer: a linear softmax policy by REINFORCE, numpy only.

``python -m totenblatt.env.train --minutes 10 --out policy.npz``

The learner plays one seat of the duel against the random bot (seats alternating), on
:class:`~totenblatt.env.single.SingleAgentEnv` with the fast core (concede off). Its
policy is linear: logits ``W @ observation + b`` over the action slots, softmax over
the legal ones (the mask). After each batch of games every decision's log-probability
gradient is weighted by the game's result minus a running baseline and Adam steps.
The policy is saved as ``.npz`` (``W``, ``b``, the scenario, the sizes) and
:class:`LinearPolicy` plays it.

``--evaluate PATH`` tests a saved policy of either kind: a linear one against the random
bot on the fast core as the trainer does (:func:`evaluate`); a network (such as the
shipped ``duel_policy.npz``), or either kind against another bot than ``random``, as the
``learned:PATH`` opponent of :class:`~totenblatt.env.single.SingleAgentEnv` on the
reference engine (:func:`match`): the learned bot's one road. The trainer itself trains
and :func:`evaluate` plays linear policies only.

>>> policy, report = train(games=32, eval_games=2, minutes=1)
>>> report.games, policy.W.shape
(32, (814, 342))
"""

from __future__ import annotations

import argparse
import math
import os
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from totenblatt.datafiles import file_kind
from totenblatt.env.single import SingleAgentEnv
from totenblatt.wanted.bots import LinearPolicy, PolicyError, check_bot_name, read_policy

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
    alternating, games of seeds ``seed``, ``seed + 1``, … The trainer's linear policy only
    (it is played as the learner, ``W @ observation + b`` of the env's vector): a network
    is refused with a :class:`PolicyError` (test it with :func:`match`)."""
    if not isinstance(policy, LinearPolicy):
        raise PolicyError(
            f"evaluate() plays the trainer's linear policy as the learner, not a "
            f"{type(policy).__name__}: test a network with match(path, 'random') (it sits "
            "as learned:PATH)"
        )
    envs = _envs(policy.scenario)
    aec = envs[0].aec
    if policy.W.shape != (aec.slots.size, aec.layout.size):
        raise PolicyError(
            f"the policy has {policy.W.shape[0]} slots × {policy.W.shape[1]} observations; "
            f"the {policy.scenario} game has {aec.slots.size} × {aec.layout.size}"
        )
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
    reference engine (seats alternating; the policy greedy, as ``learned:PATH``: either
    kind, linear or a network)."""
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


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (``prog: error: …``) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _number(kind: type[int] | type[float], low: float, *, above: bool = False) -> Any:
    """An argparse type: a finite ``kind`` of at least ``low`` (more than it: ``above``)."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a {'whole number' if kind is int else 'number'}"
            ) from None
        if not math.isfinite(value) or value < low or (above and value == low):
            raise argparse.ArgumentTypeError(
                f"{text!r}: expected a number {'above' if above else 'of at least'} {low:g}"
            )
        return value

    return parse


def _rate(text: str) -> float:
    value = _number(float, 0.0)(text)
    if value > 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a win rate from 0 to 1")
    return float(value)


def _check_out(parser: argparse.ArgumentParser, path: Path) -> None:
    """Stop with the parser's usage error (status 2) when ``path`` cannot be written."""
    problem = _writable(path)
    if problem is not None:
        parser.error(problem)


def _writable(path: Path) -> str | None:
    """Why ``path`` cannot be the policy file written (None: it can): it must be a new
    name in an existing folder, or a regular file."""
    if str(path) == "" or path.name in ("", ".", ".."):
        return f"--out {str(path)!r}: name a file, not a folder"
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        return f"--out {str(path)!r}: {exc.strerror or exc}"
    if mode is not None and not stat.S_ISREG(mode):
        return f"--out {str(path)!r} is {file_kind(mode)}: name a regular file or a new one"
    folder = path.parent
    if not folder.is_dir():
        return f"--out {str(path)!r}: there is no folder {str(folder)!r}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"--out {str(path)!r}: the folder {str(folder)!r} is not writable"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Train a linear policy against the random bot and save it (bad arguments: one line
    on stderr and exit 2, never a traceback)."""
    parser = _Parser(
        prog="python -m totenblatt.env.train",
        description=(
            "Train a linear softmax policy by REINFORCE (numpy only) for one seat of the "
            "duel against the random bot, on the fast core; save it as .npz."
        ),
    )
    positive = _number(float, 0.0, above=True)
    count = _number(int, 1)
    parser.add_argument("--minutes", type=positive, default=10.0, help="wall-time budget")
    parser.add_argument("--games", type=count, default=None, help="stop after this many games")
    parser.add_argument("--target", type=_rate, default=None, help="stop at this win rate")
    parser.add_argument("--batch", type=count, default=32, help="games per update")
    parser.add_argument("--lr", type=positive, default=0.01, help="Adam's step size")
    parser.add_argument("--eval-every", type=count, default=2000, help="games between tests")
    parser.add_argument("--eval-games", type=count, default=200, help="games per test")
    parser.add_argument("--seed", type=_number(int, 0), default=0)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("wanted_duel_policy.npz"),
        help="the file written, exactly this name (no .npz is added)",
    )
    parser.add_argument(
        "--evaluate", type=Path, default=None, help="no training: test this saved policy"
    )
    parser.add_argument(
        "--against", default="random", help="with --evaluate: a bot of the registry"
    )
    args = parser.parse_args(argv)
    try:
        if args.evaluate is not None:
            return _evaluate(args.evaluate, check_bot_name(args.against), args.eval_games)
    except (PolicyError, ValueError) as exc:
        parser.error(str(exc))
    _check_out(parser, args.out)
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
    try:
        written = policy.save(args.out)
    except OSError as exc:
        parser.exit(1, f"{parser.prog}: error: cannot write {str(args.out)!r}: {exc.strerror}\n")
    final = report.curve[-1][2] if report.curve else float("nan")
    print(
        f"{report.games} games in {report.seconds:.0f} s; greedy win rate vs random "
        f"{final:.1%}; saved {written} (learned:{written})"
    )
    return 0


def _evaluate(path: Path, against: str, games: int) -> int:
    """``--evaluate``: the saved policy's score against ``against`` (either kind: a linear
    one against random on the fast core, else as ``learned:PATH`` on the reference engine)."""
    policy = read_policy(path)  # a FIFO or a device is refused, never opened
    start = time.perf_counter()
    if against == "random" and isinstance(policy, LinearPolicy):
        rate = evaluate(policy, games)
        where = "fast core"
    else:
        rate = match(path, against, games)
        where = "reference engine"
    print(
        f"{path}: {rate:.1%} of {games} games against {against} "
        f"({where}, seats alternating, greedy) in {time.perf_counter() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
