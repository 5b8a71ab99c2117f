"""A gang's logged history and its roster as a JSON-ready dict (for ``gang export``), and back.

:func:`roster_dict` is the export; :func:`gang_from_roster` reads it back (the web
table's import), so a gang round-trips through its JSON. The Markdown roster, in the
reader's language, is ``totenblatt.text.campaign.roster_markdown``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from totenblatt.campaign.events import Event, event_to_dict
from totenblatt.campaign.gang import CampaignError, Gang, Member, MemberStatus
from totenblatt.messages import Message

__all__ = ["HistoryEntry", "gang_from_roster", "roster_dict"]


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
    """The public gang shape plus the fallen and the history, for ``gang export --format json``.

    ``kind_fights`` counts, by name, the survived fights in each one's current kind (D-28:
    a promoted gunslinger counts again from 0), so that :func:`gang_from_roster` gives the
    same gang back.
    """
    fallen = [m.to_dict() | {"fate": m.status.value} for m in gang.fallen]
    return gang.to_dict() | {
        "ruleset": gang.ruleset,
        "fights": gang.fights,
        "lost_heroes": [k.value for k in gang.lost_heroes],
        "fallen": fallen,
        "kind_fights": {m.name: m.kind_fights for m in (*gang.members, *gang.fallen)},
        "history": [h.to_dict() for h in history if not h.undone],
    }


def gang_from_roster(data: Any) -> Gang:
    """The gang of a :func:`roster_dict` export (its history stays behind: it is a log).

    CampaignError (naming what is wrong) for anything that is not such an export.

    >>> from totenblatt.wanted.vocab import HeroType
    >>> gang = Gang("D", 2, (Member("Kit", HeroType.VETERAN, 9, 10, fights_survived=7,
    ...                             kind_fights=1),))
    >>> gang_from_roster(roster_dict(gang)) == gang
    True
    """
    if not isinstance(data, Mapping):
        raise _not_a_roster("expected a JSON object (the output of gang export --format json)")
    counts = data.get("kind_fights", {})
    if not isinstance(counts, Mapping):
        raise _not_a_roster("'kind_fights' must be an object of member names and numbers")

    def member(raw: Any, status: MemberStatus | None, where: str) -> Member:
        if not isinstance(raw, Mapping):
            raise _not_a_roster(f"{where} must be an object")
        record = dict(raw)
        record["status"] = (status or MemberStatus(raw.get("fate", ""))).value
        record.setdefault("kind_fights", counts.get(raw.get("name"), raw.get("fights_survived")))
        return Member.from_record(record)

    try:
        members = [
            member(m, MemberStatus.ACTIVE, f"members[{i}]") for i, m in _items(data, "members")
        ]
        fallen = [member(m, None, f"fallen[{i}]") for i, m in _items(data, "fallen")]
        return Gang.from_record(
            {
                "name": data["name"],
                "size": data["size"],
                "ruleset": data.get("ruleset", "extended"),
                "fights": data.get("fights", 0),
                "lost_heroes": data.get("lost_heroes", []),
                "members": [m.to_record() for m in members],
                "fallen": [m.to_record() for m in fallen],
            }
        )
    except CampaignError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        what = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
        raise _not_a_roster(what[:200]) from None


def _items(data: Mapping[str, Any], key: str) -> list[tuple[int, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _not_a_roster(f"{key!r} must be a list")
    return list(enumerate(value))


def _not_a_roster(problem: str) -> CampaignError:
    return CampaignError(Message("not a gang roster: {problem}", problem=problem))
