"""The league table of a campaign: fights, wins, losses, concessions, kills and survivors.

A gang's line counts its recorded fights (an undone one does not count); gangs rank by
wins, then kills, then living members, then fewer fights, then the order they joined.

>>> table = league_table({"a": 4, "b": 5}, [("a", "won", 2), ("b", "lost", 1), ("b", "won", 0)])
>>> [(s.gang, s.fights, s.wins, s.kills) for s in table]
[('a', 1, 1, 2), ('b', 2, 1, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from totenblatt.campaign.gang import CampaignError
from totenblatt.codec import Codec
from totenblatt.messages import Message

__all__ = ["Standing", "answer", "league_table"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One gang's line of the league table (``gang`` is the key it was given under)."""

    gang: str
    fights: int = 0
    wins: int = 0
    losses: int = 0
    conceded: int = 0
    limit: int = 0
    kills: int = 0
    survivors: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, the gang under ``gang_id``."""
        counts = _CODEC.to_dict(self)
        return {"gang_id": counts.pop("gang"), **counts}


_CODEC = Codec(key=None, family="league standing")

_COUNTED = {"won": "wins", "lost": "losses", "conceded": "conceded", "limit": "limit"}


def league_table(
    survivors: Mapping[str, int], fights: Iterable[tuple[str, str | None, int]]
) -> list[Standing]:
    """The ranked table of the gangs of ``survivors`` (key -> living members, in joining
    order) from their ``fights`` (key, result or None, kills); other keys are ignored."""
    lines = {key: Standing(key, survivors=alive) for key, alive in survivors.items()}
    for key, result, kills in fights:
        line = lines.get(key)
        if line is None:
            continue
        line = replace(line, fights=line.fights + 1, kills=line.kills + kills)
        field = _COUNTED.get(result or "")
        if field is not None:
            line = replace(line, **{field: getattr(line, field) + 1})
        lines[key] = line
    order = {key: i for i, key in enumerate(survivors)}
    return sorted(
        lines.values(), key=lambda s: (-s.wins, -s.kills, -s.survivors, s.fights, order[s.gang])
    )


def _allowed(result: str, others: int) -> set[str]:
    """The results a gang may have had when one of the ``others`` other gangs had ``result``."""
    if result == "won":
        return {"lost", "conceded"}
    if result == "limit":
        return {"limit"}
    return {"won"} if others == 1 else {"won", "lost", "conceded"}


def answer(results: Sequence[str | None], claimed: str | None) -> str | None:
    """A gang's result of a fight whose other gangs recorded ``results`` (one each; None:
    not yet), D-43: one record for all.

    ``claimed`` when it agrees with theirs, else CampaignError naming both; None claimed
    takes the result theirs imply (``lost`` against a winner, ``won`` against the one loser
    or the one who conceded, ``limit`` at the round limit), None when they imply none.

    >>> answer(["won"], None), answer(["won"], "conceded"), answer(["conceded"], None)
    ('lost', 'conceded', 'won')
    """
    allowed: set[str] | None = None
    for result in results:
        if result is not None:
            options = _allowed(result, len(results))
            allowed = options if allowed is None else allowed & options
    if claimed is None:
        return next((r for r in ("lost", "won", "limit") if allowed and r in allowed), None)
    if allowed is not None and claimed not in allowed:
        raise CampaignError(
            Message(
                "the result {claimed} contradicts the other side's record of the fight "
                "({theirs}); expected {allowed} (D-43)",
                claimed=claimed,
                theirs=", ".join(r for r in results if r is not None),
                allowed=" or ".join(sorted(allowed)),
            )
        )
    return claimed
