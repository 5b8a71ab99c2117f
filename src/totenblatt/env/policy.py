"""A learned policy for the environments' slots: linear softmax over the legal ones.

Saved by ``python -m totenblatt.env.train`` as ``.npz``; a
:class:`~totenblatt.env.single.SingleAgentEnv` on the fast core seats it as an opponent
by the name ``learned:PATH``.

>>> policy = LinearPolicy.fresh(observations=4, slots=3)
>>> policy.act(np.ones(4, np.float32), np.array([0, 1, 1], np.int8), greedy=True) in (1, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["LinearPolicy"]

Floats = npt.NDArray[np.float64]


@dataclass
class LinearPolicy:
    """Logits ``W @ x + b`` over the slots; softmax over the legal ones."""

    W: Floats
    b: Floats
    scenario: str = "duel"

    @classmethod
    def fresh(cls, observations: int, slots: int, scenario: str = "duel") -> LinearPolicy:
        """All zeros: uniform over the legal slots."""
        return cls(np.zeros((slots, observations)), np.zeros(slots), scenario)

    @classmethod
    def load(cls, path: str | Path) -> LinearPolicy:
        """A policy saved by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            return cls(data["W"], data["b"], str(data["scenario"]))

    def save(self, path: str | Path) -> None:
        """Write ``W``, ``b`` and the scenario to ``path`` (``.npz``)."""
        np.savez_compressed(path, W=self.W, b=self.b, scenario=np.array(self.scenario))

    def probabilities(self, x: npt.NDArray[Any], mask: npt.NDArray[Any]) -> tuple[Floats, Floats]:
        """The legal slots and their probabilities."""
        legal = np.flatnonzero(mask)
        logits = self.W[legal] @ x + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return legal.astype(np.float64), p / p.sum()

    def act(
        self,
        x: npt.NDArray[Any],
        mask: npt.NDArray[Any],
        rng: np.random.Generator | None = None,
        greedy: bool = False,
    ) -> int:
        """A slot: the most likely (``greedy``) or drawn from the policy."""
        legal, p = self.probabilities(x, mask)
        if greedy or rng is None:
            return int(legal[int(np.argmax(p))])
        return int(legal[int(rng.choice(len(p), p=p))])
