"""A seat's observation and information state as text (``info["info_state"]``, OpenSpiel).

Both are made from the seat's observation vector
(:mod:`totenblatt.wanted.encoding.observation`), which
holds the seat's own view only, and from the seat's own past actions: never another
seat's cards, the dead man's hand, the deck's order or the seed.

The observation string names each segment of the vector and lists its non-zero entries
as ``index:value`` (values to four significant digits)::

    hand[4:1 17:1 30:1] seen[] figures[0:0.25 1:0.5 …] … phase[0:1] …

>>> import numpy as np
>>> class Layout:
...     segments = [("hand", 0, 3), ("phase", 3, 2)]
>>> observation_string(Layout(), np.array([0, 1, 0, 0.5, 0], dtype=np.float32))
'hand[1:1] phase[0:0.5]'
>>> info_state_string(1, [4, 7], "hand[1:1]")
'seat 1 mine[4 7] hand[1:1]'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

__all__ = ["info_state_string", "observation_string"]


class _Segments(Protocol):
    @property
    def segments(self) -> Sequence[tuple[str, int, int]]: ...


def observation_string(layout: _Segments, vector: npt.NDArray[Any]) -> str:
    """The vector as text: each segment's non-zero entries (``name[i:v …]``)."""
    hits = np.flatnonzero(vector)
    values = vector[hits].tolist()
    at = hits.tolist()
    parts = []
    k, n = 0, len(at)
    for name, start, length in layout.segments:
        end = start + length
        items = []
        while k < n and at[k] < end:
            items.append("%d:%.4g" % (at[k] - start, values[k]))  # noqa: UP031 (fast)
            k += 1
        parts.append(f"{name}[{' '.join(items)}]")
    return " ".join(parts)


def info_state_string(seat: int, mine: Sequence[int], observation: str) -> str:
    """The seat's information state: who it is, its own actions so far, what it sees now."""
    return f"seat {seat} mine[{' '.join(str(a) for a in mine)}] {observation}"
