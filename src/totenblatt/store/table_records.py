"""The web table's stored games as values: seats, records, summaries, stamps, turn marks.

What :class:`~totenblatt.store.tables.WebGames` reads and writes, and its errors.

>>> read_seat(SeatRecord("human", "ab", player="Kit").stored()).player
'Kit'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from totenblatt.store.database import StoreError
from totenblatt.store.night_records import ChatRecord, TakebackRecord

__all__ = [
    "ABANDONED",
    "OVER",
    "PLAYING",
    "ActionConflictError",
    "RematchExistsError",
    "SeatRecord",
    "TurnMark",
    "WebGameNotFoundError",
    "WebGameRecord",
    "WebGameStamp",
    "WebGameSummary",
    "WebGameTally",
    "read_seat",
]

PLAYING = "playing"
OVER = "over"
ABANDONED = "abandoned"


class WebGameNotFoundError(StoreError):
    """No web game has that id."""


class ActionConflictError(StoreError):
    """Another action took that position first: the game moved on."""


class RematchExistsError(StoreError):
    """The game already has its rematch (another seat asked first)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat: ``kind`` (human, bot, random) and the SHA-256 of its token (None for bots);
    the ``player``'s name, whether the seat passes its bids automatically, the URL its
    "your turn" goes to (its webhook, if any) and the seat's page that call names."""

    kind: str
    token_hash: str | None
    player: str | None = None
    auto_pass: bool = False
    webhook: str | None = None
    hook_page: str | None = None

    def stored(self) -> dict[str, Any]:
        """The seat as ``web_games.seats`` holds it (keys left out at their defaults)."""
        data: dict[str, Any] = {"kind": self.kind, "token_hash": self.token_hash}
        if self.player is not None:
            data["player"] = self.player
        if self.auto_pass:
            data["auto_pass"] = True
        if self.webhook is not None:
            data["webhook"] = self.webhook
            data["hook_page"] = self.hook_page
        return data


def read_seat(data: dict[str, Any]) -> SeatRecord:
    """A seat as ``web_games.seats`` holds it (:meth:`SeatRecord.stored`) read back."""
    return SeatRecord(
        data["kind"],
        data.get("token_hash"),
        data.get("player"),
        bool(data.get("auto_pass")),
        data.get("webhook"),
        data.get("hook_page"),
    )


@dataclass(frozen=True, slots=True)
class WebGameRecord:
    """A stored game: everything to rebuild it (the setup holds the secret seed)."""

    id: str
    scenario: str
    ruleset: str
    lang: str
    seats: tuple[SeatRecord, ...]
    spectator_token: str
    setup: str
    actions: tuple[dict[str, Any], ...]
    status: str
    created_at: datetime
    joined: tuple[bool, ...] = ()
    """Per seat: a human seat whose invite link has connected once (bots: False)."""
    name: str | None = None
    rematch_id: str | None = None
    """The game this one's rematch became."""
    rematch_spectator: str | None = None
    """The spectator token of the rematch (public, as every spectator token)."""
    takeback: dict[str, Any] | None = None
    """The takeback being asked (``{"by", "accepted", "position"}``), if any."""
    chat: tuple[ChatRecord, ...] = ()
    takebacks: tuple[TakebackRecord, ...] = ()
    clock: dict[str, Any] | None = None
    """A game that lasts days: its clock's stored form (none: no clock)."""


@dataclass(frozen=True, slots=True)
class WebGameSummary:
    """What the lobby lists (nothing secret): id, scenario, seats, status, the public link."""

    id: str
    scenario: str
    ruleset: str
    lang: str
    kinds: tuple[str, ...]
    status: str
    actions: int
    summary: dict[str, Any]
    spectator_token: str
    created_at: datetime
    updated_at: datetime
    joined: tuple[bool, ...] = ()
    """Per seat: a human seat whose invite link has connected once (bots: False)."""
    name: str | None = None
    players: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class WebGameStamp:
    """How far a stored game is, read cheaply (no actions): a server process compares it with
    the game it holds and loads only what it lacks (:meth:`WebGames.stamp`)."""

    actions: int
    """Stored positions (the game's version)."""
    undone: int
    """Takebacks done: a game whose count grew went back, and is loaded whole."""
    status: str
    takeback: dict[str, Any] | None
    seats: tuple[SeatRecord, ...]
    joined: tuple[bool, ...]
    rematch_id: str | None

    @property
    def serial(self) -> int:
        """Grows with every action and every takeback (the version plus two per takeback)."""
        return self.actions + 2 * self.undone


@dataclass(frozen=True, slots=True)
class TurnMark:
    """Whose turn a stored position leaves: a bot's ``seat`` (None: no bot is to act), and
    the server process that will play it (``holder``, its lease until ``expires``; None:
    whoever claims it). Stored in ``web_bot_turns`` with the action (several processes)."""

    seat: int | None
    holder: str | None = None
    expires: datetime | None = None


@dataclass(frozen=True, slots=True)
class WebGameTally:
    """The unfinished games a new one is admitted against (see :meth:`WebGames.create`)."""

    playing: int
    """Games with a human seat whose invite link has connected."""
    bot_games: int
    """Games without a human seat."""
    bot_games_of_owner: int
    """Games without a human seat created by the same client."""
    games_of_owner: int = 0
    """Games with a human seat (joined or not) created by the same client."""
