"""Train the duel's learned bot: a small network distilled from rollouts of the heuristic.

``python -m totenblatt.env.learn_duel --out duel_mlp.npz`` (about 25 minutes of CPU)

The learner (:class:`~totenblatt.wanted.bots.MLPPolicy`: one hidden layer over the
seat's observation, a number per action slot) learns the *advantage* of each slot over
the one the heuristic proposes, as the teacher measures it
(:class:`~totenblatt.env.duel_teacher.Teacher`: on the vector env's duels, the proposal
and a few other slots each played out by the heuristic to the end of the same deal).
Fitting is least squares (Adam, a tenth of the decisions held out: the weights of the
epoch with the least held-out error are kept). The bot plays the proposal unless a
slot's learned advantage beats it by a margin (the policy's ``hint``); the margin is
the one of a few whose greedy bot scores best against the fast heuristic on paired
validation deals (each seed once in each seat; seeds apart from any test's).

So the bot is the heuristic with learned corrections: the search bot's idea (rollouts
of the heuristic) distilled into a forward pass, no search at play time. Seeded: the
same arguments give the same policy (the labels are made by ``workers`` processes, each
its own seeded duels). ``labels`` is the budget; ``minutes`` only caps the labelling.

>>> policy, report = distil(labels=8, num_envs=4, epochs=1, margins=(0.5,), eval_deals=1)
>>> report.games >= 8, policy.shape
(True, (814, 342))
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.env.duel_teacher import Labels, Teacher
from totenblatt.wanted.bots import LearnedBot, MLPPolicy, fast_seat, save_policy
from totenblatt.wanted.encoding import MoveSlots
from totenblatt.wanted.fast import new_fast_game

__all__ = ["TrainReport", "distil", "duel_score", "fit", "fit_gradients", "main", "one_blas_thread"]

F32 = npt.NDArray[np.float32]


MARGINS = (0.06, 0.08, 0.1, 0.12, 0.15, 0.2)
"""The margins the trainer chooses from (the learned advantage a slot needs over the
proposal; the teacher's scores are in (−1, 1))."""
NEVER = -10.0
"""The output of a slot the teacher seldom tried: below any margin."""


@dataclass
class TrainReport:
    """What a run did: games, CPU seconds, and the greedy score at each evaluation."""

    games: int = 0
    seconds: float = 0.0
    curve: list[tuple[int, float, float]] = field(default_factory=list)
    """(games trained, CPU seconds, greedy score against the heuristic)."""


def one_blas_thread() -> bool:
    """Ask numpy's OpenBLAS for one thread (whether it was found): this trainer's
    matrices are small, and on a busy machine BLAS threads waiting for each other cost
    ~20× the work (measured; ``OPENBLAS_NUM_THREADS=1`` does the same before start)."""
    import ctypes

    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            libs = {line.split()[-1] for line in maps if "openblas" in line.lower()}
    except OSError:
        return False
    for lib in sorted(libs):
        try:
            handle = ctypes.CDLL(lib)
        except OSError:
            continue
        for name in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads"):
            setter = getattr(handle, name, None)
            if setter is not None:
                setter(1)
                return True
    return False


class _Adam:
    """Adam over the network's weights (the mean, scale and margin stay)."""

    names = ("W1", "b1", "W2", "b2")

    def __init__(self, p: MLPPolicy, lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(getattr(p, k)) for k in self.names}
        self.s = {k: np.zeros_like(getattr(p, k)) for k in self.names}

    def step(self, p: MLPPolicy, grads: dict[str, Any]) -> None:
        """One step down ``grads``."""
        self.t += 1
        for k in self.names:
            g = grads[k]
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.s[k] = 0.999 * self.s[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9**self.t)
            shat = self.s[k] / (1 - 0.999**self.t)
            getattr(p, k)[...] -= (self.lr * mhat / (np.sqrt(shat) + 1e-8)).astype(np.float32)


def duel_score(policy: MLPPolicy, deals: int, seed: int = 10**9) -> tuple[float, int, int]:
    """The policy's greedy score (draws half) against the fast heuristic over ``deals``
    paired deals (seeds ``seed``…, each once in each seat), and its wins and losses."""
    bot = LearnedBot(policy)
    heuristic = fast_seat("heuristic", 0)
    assert heuristic is not None
    wins = losses = 0
    for d in range(deals):
        for seat in (0, 1):
            game = new_fast_game("duel", seed=seed + d)
            while not game.is_over:
                if game.to_act == seat:
                    game.play(bot.decide(game, seat))
                else:
                    game.play(heuristic.decide(game))
            wins += seat in game.winners
            losses += bool(game.winners) and seat not in game.winners
    games = 2 * deals
    return (wins + (games - wins - losses) / 2) / games, wins, losses


def fit_gradients(
    p: MLPPolicy, labels: Labels, decay: float = 1e-5
) -> tuple[float, dict[str, Any]]:
    """The mean squared error of the network's output (no proposal bonus) at the tried
    slots against their advantages, and its gradient (plus ``decay`` times the weights'
    squares)."""
    xn = ((labels.obs - p.mean) / p.scale).astype(np.float32)
    z = xn @ p.W1.T + p.b1
    h = np.maximum(z, 0.0)
    valid = labels.tried >= 0
    at = np.where(valid, labels.tried, 0)
    rows = p.W2[at]
    pred = np.einsum("rkh,rh->rk", rows, h) + p.b2[at]
    count = max(int(valid.sum()), 1)
    err = np.where(valid, pred - labels.advantage, 0.0).astype(np.float32)
    loss = float((err**2).sum() / count)
    err *= 2.0 / count
    dh = np.einsum("rk,rkh->rh", err, rows)
    dw2 = np.zeros_like(p.W2)
    np.add.at(dw2, at.ravel(), (err[..., None] * h[:, None, :]).reshape(-1, h.shape[1]))
    db2 = np.bincount(at.ravel(), weights=err.ravel(), minlength=len(p.b2)).astype(np.float32)
    dz = dh * (z > 0)
    grads = {
        "W1": dz.T @ xn + 2 * decay * p.W1,
        "b1": dz.sum(axis=0),
        "W2": dw2 + 2 * decay * p.W2,
        "b2": db2,
        "hint": np.float32(0.0),
    }
    return loss, grads


def fit(
    policy: MLPPolicy,
    labels: Labels,
    held: Labels,
    *,
    epochs: int,
    lr: float,
    minibatch: int,
    rng: np.random.Generator,
    decay: float = 1e-5,
    log: Callable[[str], None] | None = None,
) -> float:
    """Fit the network to ``labels`` by Adam for ``epochs``, keeping the weights of the
    epoch with the least error on ``held`` (returned)."""
    adam = _Adam(policy, lr)
    best, kept = fit_gradients(policy, held)[0], dict(policy.arrays())
    kept = {k: np.copy(v) for k, v in kept.items()}
    for epoch in range(epochs):
        order = rng.permutation(len(labels))
        for start in range(0, len(order), minibatch):
            part = order[start : start + minibatch]
            chunk = Labels(
                labels.obs[part], labels.proposal[part], labels.tried[part], labels.advantage[part]
            )
            adam.step(policy, fit_gradients(policy, chunk, decay)[1])
        error = fit_gradients(policy, held)[0]
        if log is not None:
            log(f"epoch {epoch + 1}: held-out error {error:.4f}")
        if error < best:
            best = error
            kept = {k: np.copy(v) for k, v in policy.arrays().items()}
    for k in ("W1", "b1", "W2", "b2"):
        getattr(policy, k)[...] = kept[k]
    return best


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    import resource

    me, children = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _label(
    num_envs: int,
    seed: int,
    tries: int,
    wanted: int,
    seconds: float,
    log: Callable[[str], None] | None = None,
) -> Labels:
    """``wanted`` decisions labelled by a teacher of ``seed`` (fewer if ``seconds`` of CPU
    time pass first), in chunks."""
    one_blas_thread()
    start = time.process_time()
    teacher = Teacher(num_envs, seed, tries)
    parts: list[Labels] = []
    have = 0
    while have < wanted and time.process_time() - start < seconds:
        parts.append(teacher.label(min(2000, wanted - have)))
        have += len(parts[-1])
        if log is not None:
            log(f"{have:7d} decisions labelled, {time.process_time() - start:7.1f} s CPU")
    return Labels.join(parts)


def distil(
    *,
    labels: int = 100_000,
    minutes: float = 30.0,
    num_envs: int = 64,
    tries: int = 8,
    hidden: int = 64,
    epochs: int = 12,
    lr: float = 1e-3,
    margins: Sequence[float] = MARGINS,
    eval_deals: int = 300,
    seed: int = 0,
    workers: int = 1,
    min_support: int = 200,
    decay: float = 1e-4,
    log: Callable[[str], None] | None = None,
) -> tuple[MLPPolicy, TrainReport]:
    """The teacher labels ``labels`` decisions (or as many as ``minutes`` of CPU time give,
    half the budget), the network is fitted to nine tenths of them, and the proposal's
    bonus is the margin of ``margins`` whose greedy bot scores best against the heuristic
    on ``eval_deals`` paired deals (seeds apart from the usual test's). A slot tried fewer
    than ``min_support`` times as another choice gets the output :data:`NEVER` (it is never
    preferred to the proposal: the network has not learned it)."""
    one_blas_thread()
    rng = np.random.default_rng(seed)
    start = _cpu()
    budget = minutes * 30  # each worker labels for at most half the budget's CPU time
    jobs = [(num_envs, seed + 7919 * w, tries, labels // workers, budget) for w in range(workers)]
    if workers == 1:
        parts = [_label(*jobs[0], log=log)]
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.starmap(_label, jobs)
    if log is not None:
        log(f"{sum(map(len, parts))} decisions labelled, {workers} workers")
    data = Labels.join(parts)
    obs = data.obs
    slots = MoveSlots(new_fast_game("duel", seed=0)).size
    policy = MLPPolicy.fresh(obs.shape[1], slots, hidden, 0.0, "duel", rng)
    policy.mean = obs.mean(axis=0)
    policy.scale = np.sqrt(obs.var(axis=0) + 0.01).astype(np.float32)
    order = rng.permutation(len(data))
    cut = len(order) // 10
    held, kept = (
        Labels(data.obs[p], data.proposal[p], data.tried[p], data.advantage[p])
        for p in (order[:cut], order[cut:])
    )
    error = fit(
        policy, kept, held, epochs=epochs, lr=lr, minibatch=256, rng=rng, decay=decay, log=log
    )
    tried = data.tried[:, 1:]
    support = np.bincount(tried[tried >= 0], minlength=slots)
    rare = support < min_support  # too few tries to tell: never preferred to the proposal
    policy.W2[rare] = 0.0
    policy.b2[rare] = NEVER
    report = TrainReport(games=len(data))
    best = (-1.0, 0.0)
    for margin in margins:
        policy.hint = margin
        score, wins, losses = duel_score(policy, eval_deals, seed=2 * 10**9)
        report.curve.append((len(data), _cpu() - start, score))
        if log is not None:
            log(
                f"margin {margin}: greedy vs heuristic {wins}-{losses} ({score:.1%}); "
                f"held-out error {error:.4f}"
            )
        if score > best[0]:
            best = (score, margin)
    policy.hint = best[1]
    report.seconds = _cpu() - start
    return policy, report


def main(argv: Sequence[str] | None = None) -> int:
    """Train the duel's learned bot and save it (bad arguments: one line, exit 2)."""
    from totenblatt.env.train import _check_out, _number, _Parser

    parser = _Parser(
        prog="python -m totenblatt.env.learn_duel",
        description=(
            "Train the duel's learned bot (numpy only): a small network fitted to the "
            "advantages of slots over the heuristic's proposal, measured by rollouts of "
            "the heuristic on the vector env; save it as .npz for learned:PATH."
        ),
    )
    positive = _number(float, 0.0, above=True)
    count = _number(int, 1)
    parser.add_argument("--labels", type=count, default=100_000, help="decisions labelled")
    parser.add_argument("--minutes", type=positive, default=30.0, help="CPU-time cap per worker")
    parser.add_argument("--workers", type=count, default=2, help="processes labelling")
    parser.add_argument("--envs", type=count, default=64, help="duels stepped together")
    parser.add_argument("--tries", type=_number(int, 2), default=8, help="slots tried a decision")
    parser.add_argument("--hidden", type=count, default=64, help="hidden units")
    parser.add_argument("--epochs", type=count, default=12, help="passes over the labels")
    parser.add_argument("--eval-deals", type=count, default=300, help="paired deals per margin")
    parser.add_argument("--seed", type=_number(int, 0), default=0)
    parser.add_argument("--out", type=Path, default=Path("duel_mlp.npz"), help="the file written")
    args = parser.parse_args(argv)
    _check_out(parser, args.out)
    policy, report = distil(
        labels=args.labels,
        minutes=args.minutes,
        num_envs=args.envs,
        tries=args.tries,
        hidden=args.hidden,
        epochs=args.epochs,
        eval_deals=args.eval_deals,
        seed=args.seed,
        workers=args.workers,
        log=print,
    )
    written = save_policy(policy, args.out)
    print(
        f"{report.games} decisions in {report.seconds:.0f} s of CPU; margin {policy.hint:g}; "
        f"saved {written} (learned:{written})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
