"""A small neural policy over the fast environment's slots, numpy only: ``learned:PATH``.

:class:`MLPPolicy` reads a seat's observation vector (normalised by a stored mean and
scale), one hidden layer of rectified units, and gives a logit per action slot. Given
the slot the heuristic would play (:class:`~totenblatt.wanted.bots.fast_policy.FastPolicy`
on the same seat's knowledge: its *proposal*), the outputs are read as each slot's
advantage over it and the proposal's own logit is the margin ``hint``: another slot is
played only when its advantage is above the margin. The policy is a softmax over the
legal slots; the bot plays the most likely one.

So the learner is a learned correction of the heuristic's proposal; without a proposal
it is a plain network over the observation. ``python -m totenblatt.env.learn_duel`` trains
one; it is saved as ``.npz`` (``kind = "mlp"``), float32, a few hundred kB.

>>> policy = MLPPolicy.fresh(observations=4, slots=3, hidden=2, hint=1.0)
>>> policy.act(np.ones(4, np.float32), np.array([0, 1, 1], np.int8), proposal=2)
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["MLP_KEYS", "MLPPolicy", "pick"]

Floats = npt.NDArray[np.float32]

MLP_KEYS = ("mean", "scale", "W1", "b1", "W2", "b2", "hint")
"""The arrays an ``.npz`` of an :class:`MLPPolicy` holds (with ``kind`` and ``scenario``)."""


@dataclass
class MLPPolicy:
    """``logits = W2 @ relu(W1 @ ((x - mean) / scale) + b1) + b2``, the proposal's
    logit ``hint``."""

    mean: Floats
    scale: Floats
    W1: Floats
    b1: Floats
    W2: Floats
    b2: Floats
    hint: float = 0.0
    scenario: str = "duel"

    @classmethod
    def fresh(
        cls,
        observations: int,
        slots: int,
        hidden: int = 64,
        hint: float = 0.0,
        scenario: str = "duel",
        rng: np.random.Generator | None = None,
    ) -> MLPPolicy:
        """Random first layer (He's scale), zero output: uniform over the legal slots
        but for the proposal's bonus."""
        rng = np.random.default_rng(0) if rng is None else rng
        w1 = rng.normal(0.0, np.sqrt(2.0 / observations), (hidden, observations))
        return cls(
            np.zeros(observations, np.float32),
            np.ones(observations, np.float32),
            w1.astype(np.float32),
            np.zeros(hidden, np.float32),
            np.zeros((slots, hidden), np.float32),
            np.zeros(slots, np.float32),
            float(hint),
            scenario,
        )

    @property
    def shape(self) -> tuple[int, int]:
        """(slots, observations)."""
        return int(self.W2.shape[0]), int(self.W1.shape[1])

    def arrays(self) -> dict[str, Any]:
        """Everything saved, by name."""
        return {
            "mean": self.mean,
            "scale": self.scale,
            "W1": self.W1,
            "b1": self.b1,
            "W2": self.W2,
            "b2": self.b2,
            "hint": np.array(self.hint, np.float32),
        }

    @classmethod
    def from_arrays(cls, data: Any, scenario: str) -> MLPPolicy:
        """The policy of :meth:`arrays`' names (``ValueError`` for wrong shapes)."""
        a = {k: np.asarray(data[k], np.float32) for k in MLP_KEYS[:-1]}
        p = cls(
            a["mean"],
            a["scale"],
            a["W1"],
            a["b1"],
            a["W2"],
            a["b2"],
            hint=float(data["hint"]),
            scenario=scenario,
        )
        hidden, obs = p.W1.shape if p.W1.ndim == 2 else (-1, -1)
        ok = (
            p.W2.ndim == 2
            and p.mean.shape == p.scale.shape == (obs,)
            and p.b1.shape == (hidden,)
            and p.W2.shape[1] == hidden
            and p.b2.shape == (p.W2.shape[0],)
            and all(np.isfinite(a).all() for a in p.arrays().values())
            and bool((p.scale > 0).all())
        )
        if not ok:
            raise ValueError("the arrays of an MLP policy do not fit together")
        return p

    def hidden(self, x: npt.NDArray[Any]) -> Floats:
        """The hidden units of one observation or a batch (rows)."""
        z = ((x - self.mean) / self.scale) @ self.W1.T + self.b1
        out: Floats = np.maximum(z, 0.0)
        return out

    def probabilities(
        self, x: npt.NDArray[Any], mask: npt.NDArray[Any], proposal: int = -1
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
        """The legal slots and their probabilities (``proposal``: the heuristic's slot,
        -1 for none)."""
        legal = np.flatnonzero(mask)
        logits = (self.W2[legal] @ self.hidden(x) + self.b2[legal]).astype(np.float64)
        if proposal >= 0:  # the outputs are advantages over the proposal: its own is hint
            logits[legal == proposal] = self.hint
        logits -= logits.max()
        p = np.exp(logits)
        return legal, p / p.sum()

    def act(
        self,
        x: npt.NDArray[Any],
        mask: npt.NDArray[Any],
        rng: np.random.Generator | None = None,
        greedy: bool = True,
        proposal: int = -1,
    ) -> int:
        """A slot: the most likely (``greedy`` or no ``rng``) or drawn from the policy."""
        legal, p = self.probabilities(x, mask, proposal)
        return pick(legal, p, rng, greedy)


def pick(
    legal: npt.NDArray[Any], p: npt.NDArray[Any], rng: np.random.Generator | None, greedy: bool
) -> int:
    """Of the ``legal`` slots the most likely by ``p`` (``greedy`` or no ``rng``), or one
    drawn by ``p`` from ``rng``: how either policy turns its probabilities into a slot."""
    if greedy or rng is None:
        return int(legal[int(np.argmax(p))])
    return int(legal[int(rng.choice(len(p), p=p))])
