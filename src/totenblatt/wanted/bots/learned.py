"""A learned policy and the bot that plays it: ``learned:PATH`` wherever a bot plays.

:class:`LinearPolicy` is a linear softmax over the fast environment's action slots
(:class:`~totenblatt.wanted.encoding.MoveSlots`) of the observation vector
(:class:`~totenblatt.wanted.encoding.FastObserver`); ``python -m totenblatt.env.train``
trains one and saves it as ``.npz``.

:class:`LearnedBot` plays a saved policy from a seat's view, as every bot: the view is
dealt into one world (:class:`~totenblatt.wanted.engine.determinize.Determinizer`: the
unseen cards anywhere they may be), copied onto the fast path, and encoded for the seat
— a vector made only of what the seat may know, so any world gives the same one. The
policy's most likely legal slot is played as the engine's action it stands for
(:meth:`~totenblatt.wanted.fast.FastGame.shadow`). It never concedes while it has
another choice (the trainer's environment does not offer it).

>>> policy = LinearPolicy.fresh(observations=4, slots=3)
>>> policy.act(np.ones(4, np.float32), np.array([0, 1, 1], np.int8), greedy=True) in (1, 2)
True
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.datafiles import file_kind
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.mlp_policy import MLPPolicy, pick
from totenblatt.wanted.encoding import (
    FastObserver,
    MoveSlots,
    ObservationLayout,
    plays,
)
from totenblatt.wanted.engine.actions import Action, Move
from totenblatt.wanted.engine.determinize import Determinizer
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastGame, FastUnsupportedError, new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario, ruleset_for

__all__ = [
    "DUEL_POLICY",
    "LearnedBot",
    "LinearPolicy",
    "Policy",
    "PolicyError",
    "policy_shape",
    "read_policy",
    "save_policy",
    "shipped_policy",
]


class PolicyError(ValueError):
    """A policy file that cannot be read, or was trained for another game."""


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
        """A policy saved by :meth:`save`; :class:`PolicyError` says what is wrong else
        (a file of another kind of policy too: :func:`read_policy` reads every kind)."""
        policy = read_policy(path)
        if not isinstance(policy, LinearPolicy):
            raise PolicyError(f"{path} holds an MLP policy, not a linear one")
        return policy

    def save(self, path: str | Path) -> Path:
        """Write ``W``, ``b`` and the scenario to the file ``path`` — that very name (no
        ``.npz`` added), written whole or not at all (a temporary file renamed); the path."""
        return save_policy(self, path)

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
        return pick(legal, p, rng, greedy)


DUEL_POLICY = Path(__file__).with_name("duel_policy.npz")
"""The duel's learned bot as shipped: an :class:`~totenblatt.wanted.bots.mlp_policy.MLPPolicy`
made by ``python -m totenblatt.env.learn_duel`` (seed 0, its defaults; ~100 kB). The web
lobby seats it unless ``totenblatt serve --learned PATH`` names another."""


def shipped_policy() -> str | None:
    """The path of the shipped duel policy (:data:`DUEL_POLICY`), or None if a build left
    it out."""
    return str(DUEL_POLICY) if DUEL_POLICY.is_file() else None


Policy = LinearPolicy | MLPPolicy
"""A learned policy of either kind: linear (:class:`LinearPolicy`) or a small network
(:class:`~totenblatt.wanted.bots.mlp_policy.MLPPolicy`)."""


def read_policy(path: str | Path) -> Policy:
    """The policy saved at ``path`` (either kind: an MLP's file says ``kind = "mlp"``);
    :class:`PolicyError` says what is wrong else.

    Only a regular file is opened (a FIFO, a device or a directory is refused without
    opening it, so nothing blocks)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise PolicyError(f"no policy file at {path}") from None
    except (OSError, ValueError) as exc:
        raise PolicyError(f"cannot read {path}: {_reason(exc)}") from None
    if not stat.S_ISREG(mode):
        raise PolicyError(f"{path} is {file_kind(mode)}, not a policy file")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped meanwhile
                raise PolicyError(f"{path} is not a regular file, not a policy file")
            with np.load(handle, allow_pickle=False) as data:
                scenario = str(data["scenario"])
                if "kind" in data.files and str(data["kind"]) == "mlp":
                    return MLPPolicy.from_arrays(data, scenario)
                policy = LinearPolicy(data["W"], data["b"], scenario)
    except PolicyError:
        raise
    except FileNotFoundError:
        raise PolicyError(f"no policy file at {path}") from None
    except (OSError, ValueError, KeyError, EOFError) as exc:
        missing = f": it has no {exc}" if isinstance(exc, KeyError) else ""
        raise PolicyError(
            f"{path} is not a policy saved by python -m totenblatt.env.train or "
            f"totenblatt.env.learn_duel (an .npz with the weights and the scenario){missing}"
        ) from None
    w, b = policy.W, policy.b
    if (
        w.ndim != 2
        or b.shape != (w.shape[0],)
        or not np.isfinite(w).all()
        or not np.isfinite(b).all()
    ):
        raise PolicyError(f"{path}: W must be slots × observations and b one per slot")
    return policy


def save_policy(policy: Policy, path: str | Path) -> Path:
    """Write ``policy`` to the file ``path`` — that very name (no ``.npz`` added), written
    whole or not at all (a temporary file renamed); the path."""
    if isinstance(policy, MLPPolicy):
        arrays: dict[str, Any] = {"kind": np.array("mlp"), **policy.arrays()}
    else:
        arrays = {"W": policy.W, "b": policy.b}
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # as open() would make it, not mkstemp's 0600
        with os.fdopen(fd, "wb") as handle:
            np.savez_compressed(handle, scenario=np.array(policy.scenario), **arrays)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return target


def policy_shape(policy: Policy) -> tuple[int, int]:
    """(slots, observations) of either kind."""
    if isinstance(policy, MLPPolicy):
        return policy.shape
    return int(policy.W.shape[0]), int(policy.W.shape[1])


class LearnedBot:
    """A learned policy (:data:`Policy`) at a seat, greedy (see the module docstring).

    An :class:`~totenblatt.wanted.bots.mlp_policy.MLPPolicy` with a ``hint`` is shown
    the heuristic's proposal (:class:`~totenblatt.wanted.bots.fast_policy.FastPolicy` on
    the same world, which reads only the seat's knowledge); when it plays the proposal's
    slot it plays the proposal itself (the heuristic's card for a move).

    ``scenario`` and ``ruleset``: the game's (built-in ones are found from the view);
    :class:`PolicyError` when the policy was trained for another scenario or its sizes
    differ, :class:`~totenblatt.wanted.fast.FastUnsupportedError` for rules the fast
    path does not play (the policy reads the fast path's encodings).
    """

    def __init__(
        self,
        policy: Policy,
        *,
        scenario: str | Path | Scenario | None = None,
        ruleset: str | Path | Ruleset | None = None,
    ) -> None:
        self.policy = policy
        self.scenario = _scenario(scenario or policy.scenario)
        self.ruleset = _ruleset(self.scenario, ruleset)
        if self.scenario.name != policy.scenario:
            raise PolicyError(
                f"the policy was trained for the scenario {policy.scenario!r}, "
                f"not {self.scenario.name!r}"
            )
        template = new_fast_game(self.scenario, self.ruleset, 0)
        if template.spec.has_abilities or template.spec.has_heroes:
            # the fast path plays them, but the observation encodes no ability or hero type
            raise FastUnsupportedError(
                "the learned bot reads no abilities or hero types (its observation holds "
                "neither): use a game without them"
            )
        self.slots = MoveSlots(template)
        self.observer = FastObserver(ObservationLayout(self.scenario, self.ruleset), template)
        self.proposer = FastPolicy(0) if isinstance(policy, MLPPolicy) and policy.hint else None
        shape = policy_shape(policy)
        if shape != (self.slots.size, self.observer.layout.size):
            raise PolicyError(
                f"the policy has {shape[0]} slots × {shape[1]} observations; "
                f"this game has {self.slots.size} × {self.observer.layout.size}: it was "
                "trained for other rules"
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its policy, scenario and rules (a worker process builds the rest)."""
        return (_rebuilt, (self.policy, self.scenario, self.ruleset))

    def world(self, view: View, rng: random.Random | None = None) -> FastGame:
        """One world of ``view`` on the fast path: the unseen cards dealt from ``rng``
        (default: a generator of seed 0, so the bot decides alike every time), by the
        engine's :class:`~totenblatt.wanted.engine.determinize.Determinizer`."""
        sampler = Determinizer(view, ruleset=self.ruleset, scenario=self.scenario)
        return FastGame.from_game(sampler.sample(random.Random(0) if rng is None else rng))

    def observe(self, view: View) -> npt.NDArray[np.float32]:
        """The seat's observation vector, as the environments make it."""
        return self.observer.encode(self.world(view), int(view["seat"]))

    def decide(self, world: FastGame, seat: int) -> int:
        """The fast id of the policy's most likely legal slot for ``seat`` in ``world``."""
        marks = self.slots.marks(world.legal_actions(), concede=False)
        x = self.observer.encode(world, seat)
        if self.proposer is None or not isinstance(self.policy, MLPPolicy):
            return plays(marks, self.policy.act(x, marks[0], greedy=True))
        proposed = self.proposer.choose(world)
        hint = int(self.slots.slot_of[proposed])
        slot = self.policy.act(x, marks[0], greedy=True, proposal=hint)
        return proposed if slot == hint else plays(marks, slot)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The policy's most likely slot, played as the engine's action it stands for."""
        world = self.world(view)
        action: Action = world.shadow(self.decide(world, int(view["seat"])))
        return offered(action, legal_actions)


def offered(action: Action, legal_actions: Sequence[Action]) -> Action:
    """``action`` as one of ``legal_actions``: itself, or for a move the engine's menu does
    not list (the fast path moves to points of its own), the listed move nearest to it —
    the same figures first, then the same card, then the same hiding, then the nearest
    ends (a bot chooses from the menu)."""
    if action in legal_actions:
        return action
    if not isinstance(action, Move):
        raise RuntimeError(f"the learned bot chose {action}, which the engine does not offer")
    mine = [(step.figure, step.hide, step.path[-1]) for step in action.steps]
    best: tuple[tuple[int, int, int, float, int], Action] | None = None
    for i, other in enumerate(legal_actions):
        if not isinstance(other, Move):
            continue
        theirs = [(step.figure, step.hide, step.path[-1]) for step in other.steps]
        same = [f for f, _, _ in theirs] == [f for f, _, _ in mine]
        score = (
            0 if same else 1,
            0 if (other.card, other.wild) == (action.card, action.wild) else 1,
            sum(a[1] != b[1] for a, b in zip(mine, theirs, strict=False)) if same else 0,
            sum(math.dist(a[2], b[2]) for a, b in zip(mine, theirs, strict=True)) if same else 0.0,
            i,
        )
        if best is None or score < best[0]:
            best = (score, other)
    if best is None:
        raise RuntimeError(f"the learned bot chose {action}, and the engine offers no move")
    return best[1]


def _rebuilt(policy: Policy, scenario: Scenario, ruleset: Ruleset) -> LearnedBot:
    return LearnedBot(policy, scenario=scenario, ruleset=ruleset)


def _scenario(scenario: str | Path | Scenario) -> Scenario:
    return scenario if isinstance(scenario, Scenario) else load_scenario(scenario)


def _ruleset(scenario: Scenario, ruleset: str | Path | Ruleset | None) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    return Ruleset.load(ruleset if ruleset is not None else ruleset_for(scenario))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
