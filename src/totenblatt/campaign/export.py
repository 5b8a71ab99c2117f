"""A gang's logged history and its roster as a JSON-ready dict (for ``gang export``).

The Markdown roster, in the reader's language, is ``totenblatt.text.campaign.roster_markdown``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from totenblatt.campaign.events import Event, event_to_dict
from totenblatt.campaign.gang import Gang

__all__ = ["HistoryEntry", "roster_dict"]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One logged command of a gang: what, when, the seed, what happened, whether undone."""

    what: str
    when: datetime
    seed: int | None
    events: tuple[Event, ...]
    undone: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "what": self.what,
            "when": self.when.isoformat(),
            "seed": self.seed,
            "undone": self.undone,
            "events": [event_to_dict(e) for e in self.events],
        }


def roster_dict(gang: Gang, *, history: Sequence[HistoryEntry] = ()) -> dict[str, Any]:
    """The public gang shape plus the fallen and the history, for ``gang export --format json``."""
    fallen = [m.to_dict() | {"fate": m.status.value} for m in gang.fallen]
    return gang.to_dict() | {
        "ruleset": gang.ruleset,
        "fights": gang.fights,
        "lost_heroes": [k.value for k in gang.lost_heroes],
        "fallen": fallen,
        "history": [h.to_dict() for h in history if not h.undone],
    }
