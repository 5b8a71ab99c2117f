"""A seat's view and its actions as numbers of a fixed size: what a learner sees and does.

* :class:`ObservationLayout` (:mod:`.observation`): a seat's ``View`` as a vector;
  :class:`FastObserver` (:mod:`.fast_observation`) makes the same vector from a fast game.
* :class:`ActionSlots` (:mod:`.slots`): the engine's actions as stable slots;
  :class:`MoveSlots` (:mod:`.fast_slots`): the fast path's ids with the moves folded.

The research environments (:mod:`totenblatt.env`) speak in them, and so does the learned
bot (:class:`~totenblatt.wanted.bots.learned.LearnedBot`), which plays a policy trained
there wherever a bot plays: built only from what the seat may know.
"""

from totenblatt.wanted.encoding.fast_observation import FastObserver
from totenblatt.wanted.encoding.fast_slots import Marks, MoveSlots, left_out, plays
from totenblatt.wanted.encoding.observation import HIGH, ObservationLayout
from totenblatt.wanted.encoding.slots import CARDS, ActionSlots, SlotError, card_index

__all__ = [
    "CARDS",
    "HIGH",
    "ActionSlots",
    "FastObserver",
    "Marks",
    "MoveSlots",
    "ObservationLayout",
    "SlotError",
    "card_index",
    "left_out",
    "plays",
]
