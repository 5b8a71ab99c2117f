"""Why a question of an interface has no action for an answer, where no engine check says it."""

from __future__ import annotations

import enum

__all__ = ["Refusal"]


class Refusal(enum.Enum):
    """The answer is no, for a reason of the question itself (not a refused action).

    A refused action answers with the engine's own error (its ``message`` says why);
    these are the cases where there is no action to refuse. The value is a key an
    interface may word.
    """

    NOT_YOUR_DECISION = "not_your_decision"
    """The seat that asks is not the one to act, or the decision is not an action."""
    NO_CLUB = "no_club"
    """No club (or joker) the engine offers pays for the move."""
    NO_SPADE = "no_spade"
    """The seat holds no spade (or joker) to shoot with."""
