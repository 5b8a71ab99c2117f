"""The campaign API's requests and answers: reading a body (422 saying what is wrong), the
answer to a refusal of the store or the rules, and the shapes :mod:`.service` answers with
(a new fight's links, an aftermath's choices, whom a conceding gang may sacrifice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.campaign import CampaignError, sacrifice_candidates
from totenblatt.store.campaign_records import (
    CampaignConflictError,
    CampaignFight,
    CampaignGang,
    CampaignNotFoundError,
    CampaignRecord,
    FightSide,
)
from totenblatt.store.database import StoreError, StoreUnavailableError
from totenblatt.store.gangs import GangNameTakenError, GangNotFoundError
from totenblatt.wanted.table.scenario import builtin_scenarios
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.shell.errors import (
    ConflictError,
    InvalidError,
    NotFoundError,
    WebError,
)
from totenblatt.web.shell.games import SEAT_ALIASES, SEAT_KINDS, GameRoom
from totenblatt.web.shell.links import game_link
from totenblatt.web.shell.store_errors import busy
from totenblatt.web.shell.words import LANGS
from totenblatt.web.shell.words import describe as describe_error

__all__ = [
    "fight_answer",
    "fight_of",
    "fight_request",
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
        entry["url"] = None if token is None else game_link(game_id, token, base=base)
        seats.append(entry)
    return {
        "fight_id": fight_id,
        "game_id": game_id,
        "seats": seats,
        "spectator_url": game_link(game_id, spectator, base=base),
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


def fight_request(
    record: CampaignRecord, body: Any
) -> tuple[str, list[CampaignGang], str, list[str], dict[str, tuple[str, ...]]]:
    """A new fight's request read (422 saying what is wrong): its language, the gangs, the
    template, who plays each gang and who sits out."""
    data = keys_in(body, ("gangs", "scenario", "seats", "absent", "lang"), "a new fight")
    lang = data.get("lang", record.lang)
    if lang not in LANGS:
        raise InvalidError(f"lang must be {' or '.join(LANGS)}")
    ids = data.get("gangs")
    if not isinstance(ids, list) or not 2 <= len(ids) <= 3 or len(set(map(str, ids))) != len(ids):
        raise InvalidError("gangs must list two or three different gangs of the campaign")
    links = [gang_of(record, str(i)) for i in ids]
    template = data.get("scenario", "gangs" if len(ids) == 2 else "three-way")
    if template not in builtin_scenarios():
        raise InvalidError(
            f"unknown scenario {str(template)[:40]!r}: expected one of "
            f"{', '.join(builtin_scenarios())}"
        )
    kinds = data.get("seats", ["human"] * len(ids))
    if not isinstance(kinds, list) or len(kinds) != len(ids):
        raise InvalidError("seats must name who plays each gang: human, bot or hard")
    kinds = [SEAT_ALIASES.get(k, k) if isinstance(k, str) else k for k in kinds]
    if any(k not in SEAT_KINDS for k in kinds):
        raise InvalidError("a seat is human, bot or hard (or random, ismcts)")
    absent = data.get("absent", {})
    if not isinstance(absent, Mapping) or any(str(k) not in ids for k in absent):
        raise InvalidError("absent maps gangs of this fight to the members who sit it out")
    sitting: dict[str, tuple[str, ...]] = {}
    for link in links:
        names = absent.get(link.id, [])
        if not isinstance(names, list) or len(names) > 30:
            raise InvalidError("absent lists members' names")
        try:
            sitting[link.id] = tuple(link.gang.member(name_text(n, "absent")).name for n in names)
        except CampaignError as exc:
            raise InvalidError(describe_error(exc, lang)[:500]) from None
    return lang, links, template, kinds, sitting
