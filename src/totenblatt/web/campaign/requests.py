"""The campaign API's requests and answers: reading a body (422 saying what is wrong), the
answer to a refusal of the store or the rules, and the shapes :mod:`.service` answers with
(a new fight's links, an aftermath's choices, whom a conceding gang may sacrifice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.campaign import CampaignError, sacrifice_candidates
from totenblatt.store.campaigns import (
    CampaignConflictError,
    CampaignFight,
    CampaignGang,
    CampaignNotFoundError,
    CampaignRecord,
    FightSide,
)
from totenblatt.store.database import StoreError, StoreUnavailableError
from totenblatt.store.gangs import GangNameTakenError, GangNotFoundError
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.shell.errors import (
    ConflictError,
    InvalidError,
    NotFoundError,
    WebError,
)
from totenblatt.web.shell.games import GameRoom
from totenblatt.web.shell.store_errors import busy
from totenblatt.web.shell.words import describe as describe_error

__all__ = [
    "fight_answer",
    "fight_of",
    "gang_of",
    "int_in",
    "keys_in",
    "name_text",
    "names_in",
    "sacrifice_options",
    "text_in",
    "web_error",
]


def web_error(exc: Exception, lang: str) -> WebError:
    """The API's answer to a refusal of the store or the rules (a store that is away: 503)."""
    if isinstance(exc, StoreUnavailableError):
        return busy(exc, "a campaign")
    if isinstance(exc, CampaignNotFoundError):
        return NotFoundError(describe_error(exc, lang)[:300])
    if isinstance(exc, CampaignConflictError | GangNameTakenError):
        return ConflictError(describe_error(exc, lang)[:500])
    if isinstance(exc, GangNotFoundError | CampaignError):
        return InvalidError(describe_error(exc, lang)[:500])
    if isinstance(exc, StoreError):
        return ConflictError(describe_error(exc, lang)[:500])
    if isinstance(exc, ValueError):
        return InvalidError(describe_error(exc, lang)[:500])
    raise exc


def gang_of(record: CampaignRecord, gang_id: str) -> CampaignGang:
    """The campaign's gang ``gang_id``, or 404."""
    try:
        return record.gang(gang_id)
    except CampaignNotFoundError:
        raise NotFoundError(f"this campaign has no gang {gang_id[:40]!r}") from None


def fight_of(record: CampaignRecord, fight_id: str) -> CampaignFight:
    """The campaign's fight ``fight_id``, or 404."""
    try:
        return record.fight(fight_id)
    except CampaignNotFoundError:
        raise NotFoundError(f"this campaign has no fight {fight_id[:40]!r}") from None


def keys_in(body: Any, allowed: tuple[str, ...], what: str) -> Mapping[str, Any]:
    """``body`` as a JSON object with only the ``allowed`` keys (else 422 saying which)."""
    if not isinstance(body, Mapping):
        raise InvalidError(f"expected a JSON object ({what}) with {', '.join(allowed)}")
    unknown = sorted(str(k) for k in body if k not in allowed)
    if unknown:
        raise InvalidError(f"unknown key {unknown[0][:40]!r}: expected {', '.join(allowed)}")
    return body


def text_in(body: Mapping[str, Any], key: str, *, limit: int = 80, need: bool = True) -> str | None:
    """``body[key]``: text of 1 to ``limit`` characters (None when absent and not needed)."""
    value = body.get(key)
    if value is None and not need:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise InvalidError(f"{key} must be text of 1 to {limit} characters")
    return value


def int_in(body: Mapping[str, Any], key: str, low: int, high: int, default: int | None) -> int:
    """``body[key]`` (or ``default``): a whole number from ``low`` to ``high``."""
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidError(f"{key} must be a whole number from {low} to {high}")
    return value


def names_in(body: Mapping[str, Any], key: str, most: int = 30) -> list[str]:
    """``body[key]``: a list of at most ``most`` names (:func:`name_text`)."""
    value = body.get(key, [])
    if not isinstance(value, list) or len(value) > most:
        raise InvalidError(f"{key} must be a list of at most {most} names")
    return [name_text(v, key) for v in value]


def name_text(value: Any, where: str, limit: int = 80) -> str:
    """``value``: text of at most ``limit`` characters (else 422 naming ``where``)."""
    if not isinstance(value, str) or len(value) > limit:
        raise InvalidError(f"{where} must be text of at most {limit} characters")
    return value


def fight_answer(
    campaign_id: str,
    fight_id: str,
    game_id: str,
    spectator: str,
    base: str,
    links: Sequence[CampaignGang],
    kinds: Sequence[str],
    tokens: Sequence[str | None],
) -> dict[str, Any]:
    """The answer to a new fight: each seat's link (the humans'), the spectator's, the page."""
    seats = []
    for seat, (link, kind, token) in enumerate(zip(links, kinds, tokens, strict=True)):
        entry: dict[str, Any] = {"seat": seat, "gang_id": link.id, "kind": kind}
        entry["token"] = token
        entry["url"] = None if token is None else f"{base}/games/{game_id}?token={token}"
        seats.append(entry)
    return {
        "fight_id": fight_id,
        "game_id": game_id,
        "seats": seats,
        "spectator_url": f"{base}/games/{game_id}?token={spectator}",
        "url": f"{base}/campaigns/{campaign_id}/fights/{fight_id}",
    }


def sacrifice_options(room: GameRoom, side: FightSide) -> tuple[list[dict[str, Any]], str | None]:
    """Whom the seat's gang may sacrifice if it concedes now (B4), as the game stands, and
    the default: the standard cowboy with the most HP (the first among equals)."""
    game = room.game
    fighters = side.fighters
    final = {}
    for figure, member in side.figures:
        fig = game.figure(figure)
        if not fig.out:
            final[member] = min(fig.hp, fighters.member(member).hp_max)
    chosen = sacrifice_candidates(fighters, final)
    cowboys = [m for m in chosen if m.kind is HeroType.COWBOY]
    first = (cowboys or list(chosen))[:1]
    default = first[0] if first else None
    figure_of = {m: f for f, m in side.figures}
    return (
        [
            {"member": m.name, "figure": figure_of[m.name], "kind": m.kind.value,
             "hp": final[m.name]}
            for m in chosen
        ],
        None if default is None else default.name,
    )  # fmt: skip
