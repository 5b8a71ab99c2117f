"""One game the server holds in memory (:class:`Room`): the engine's game, its seats and bots,
who is watching (:class:`Subscriber`) and the payloads built for them.

A room changes only on the hub's worker thread (:class:`~totenblatt.web.table.hub.Hub`); what a
game night adds (names, chat, takebacks, the rematch) is kept here too.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Protocol, TypeVar

from totenblatt.store.night_records import ChatRecord, TakebackRecord
from totenblatt.store.table_records import WebGameSummary
from totenblatt.wanted.bots import Bot
from totenblatt.wanted.engine import Action, Game, action_from_dict, public_event_dict
from totenblatt.wanted.engine.views import View
from totenblatt.web.shell.errors import ConflictError, ForbiddenError, UnauthorizedError
from totenblatt.web.shell.links import game_link
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.shell.words import refusal, seat_labels, text
from totenblatt.web.table.clock import Clock, with_clock
from totenblatt.web.table.payloads import Encoder, seat_payload, shared_prefix
from totenblatt.web.table.rematch import rematch_link
from totenblatt.web.table.rematch import with_rematch as _with_rematch
from totenblatt.web.table.spec import room_bot_seed, seat_bots

__all__ = [
    "Entry",
    "Room",
    "Runner",
    "Seen",
    "Subscriber",
    "Viewer",
    "bot_key",
    "lobby_entry",
    "question",
    "replay_stored",
    "seat_events",
    "typed_view",
]


_P = ParamSpec("_P")
_T = TypeVar("_T")


class Runner(Protocol):
    """Work on a thread, awaited: ``await run(fn, *args)`` (the hub's worker thread, or the
    database's); the hub hands it to the parts it owns."""

    def __call__(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> Awaitable[_T]:
        """``fn(*args, **kwargs)`` on the thread; its result."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: a seat, or a spectator (``seat`` None), and with which token (the seat's
    own rematch link is made from it; never stored, never sent)."""

    seat: int | None
    token: str | None = field(default=None, compare=False, repr=False)


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: whose payloads it gets, in which language, and how to send."""

    viewer: Viewer
    lang: str
    send: Callable[[str], Awaitable[None]]
    sent: int = -1
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    tail: bool = False
    """Views carry only the events and log lines after those already sent (``?tail=1``)."""
    seen: Seen | None = None
    """The events and log lines it was last sent (a tail follows them)."""


Seen = tuple[Sequence[Any], Sequence[Any]]
"""The events and log lines of a payload a socket was sent."""


@dataclass(slots=True)
class _Built:
    """A payload built for a seat and language at a change; its full text once asked for."""

    changes: int
    version: int
    data: dict[str, Any]
    head: str
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One stored position of a game: the seat that decided (-1: not known), how many events
    the game had before it, and how many engine actions it holds (its decision and the
    passes the server made after it for seats that pass their bids automatically)."""

    seat: int
    events: int
    actions: int = 1


class Room:
    """One game held in memory: the engine's game, its seats and who is watching; what a
    game night adds (names, chat, takebacks, the rematch) is kept here too."""

    def __init__(
        self,
        game_id: str,
        game: Game,
        kinds: tuple[str, ...],
        token_hashes: tuple[str | None, ...],
        spectator_token: str,
        lang: str,
        joined: tuple[bool, ...] = (),
        abandoned: bool = False,
        *,
        name: str | None = None,
        players: tuple[str | None, ...] = (),
        auto_pass: tuple[bool, ...] = (),
        entries: list[Entry] | None = None,
        chat: tuple[ChatRecord, ...] = (),
        takebacks: tuple[TakebackRecord, ...] = (),
        takeback: dict[str, Any] | None = None,
        rematch: tuple[str, str] | None = None,
        learned: str | None = None,
    ) -> None:
        self.id = game_id
        self.game = game
        self.kinds = kinds
        self.lang = lang
        self._hashes = token_hashes
        self.spectator_token = spectator_token
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.joined = {seat for seat, done in enumerate(joined) if done}
        """Human seats whose invite link has connected once (the lobby's "open" games)."""
        self.abandoned = abandoned
        """Nobody acted or joined for the server's idle time: the game takes no more actions."""
        self.name = name
        """The game's name (None: none)."""
        self.bots: dict[int, Bot] = seat_bots(game, kinds, learned)
        self._payloads: dict[tuple[int | None, str], _Built] = {}
        self.encoder = Encoder()
        self.narrations: dict[tuple[int | None, str], Any] = {}
        self.players = players or (None,) * len(kinds)
        """Each seat's player's name (None: none)."""
        self.auto_pass = {s for s, on in enumerate(auto_pass) if on}
        """Seats that pass their bids automatically (their own option, never shown to others)."""
        self.entries = entries if entries is not None else [Entry(-1, 0) for _ in game.actions]
        """One per stored position: who decided and where its events begin."""
        self.chat = list(chat)
        self.takebacks = list(takebacks)
        """The takebacks done and refused, in order (the log tells them)."""
        self.takeback = takeback
        """The takeback being asked: ``{"by", "accepted", "position"}``, or None."""
        self.rematch = rematch
        """The rematch's game id and spectator token, once there is one."""
        self.changes = 0
        """Counts every change a payload shows (actions, takebacks, chat): pushes compare it."""
        self.announced = 0
        """The :attr:`changes` last told the other processes (several processes)."""
        self.lease: int | None = None
        """The position whose bot's turn this process holds (several processes)."""
        self.following: asyncio.Task[None] | None = None
        """Loading another process's change (several processes)."""
        self.clock: Clock | None = None
        """A game that lasts days: its clock (:mod:`~totenblatt.web.table.days`)."""

    @property
    def token_hashes(self) -> tuple[str | None, ...]:
        """The SHA-256 of each seat's token (None for bots)."""
        return self._hashes

    @property
    def waiting_seats(self) -> list[int]:
        """The human seats whose invite link has not connected yet."""
        return [s for s, k in enumerate(self.kinds) if k == "human" and s not in self.joined]

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None: over or abandoned)."""
        return None if self.game.is_over or self.abandoned else self.game.to_act

    @property
    def version(self) -> int:
        """How many positions the game has stored (every decision adds one, a takeback takes
        one away)."""
        return len(self.entries)

    @property
    def serial(self) -> int:
        """Grows with every decision and every takeback: the version plus two per action
        taken back (the page keeps the newest payload by it)."""
        undone = sum(1 for t in self.takebacks if t.outcome == "undone")
        return self.version + 2 * undone

    def changed(self) -> None:
        """Something the payloads show changed: build them anew."""
        self.changes += 1

    def viewer(self, token: str | None) -> Viewer:
        """The seat (or spectator) ``token`` belongs to; :class:`ForbiddenError` if none.

        Every stored hash is compared in constant time, whatever matches first.
        """
        if not token:
            raise UnauthorizedError("this needs the token of a seat or the spectator link's token")
        given = hash_token(token)
        found: int | None = None
        for seat, stored in enumerate(self._hashes):
            if stored is not None and hmac.compare_digest(given, stored) and found is None:
                found = seat
        spectator = hmac.compare_digest(token.encode(), self.spectator_token.encode())
        if found is not None:
            return Viewer(found, token)
        if spectator:
            return Viewer(None, token)
        raise ForbiddenError("that token does not belong to this game")

    def labels(self, lang: str) -> list[str]:
        """The seats' names in ``lang``: the players' names where given."""
        return [
            player or label
            for player, label in zip(self.players, seat_labels(self.kinds, lang), strict=True)
        ]

    def summary(self) -> dict[str, Any]:
        """What the lobby shows of this game (public)."""
        game = self.game
        scenario = game.scenario
        return {
            "title": {"en": scenario.title, "de": scenario.title_de},
            "round": game.round,
            "to_act": game.to_act,
            "winners": list(game.winners),
            "end_reason": game.end_reason,
        }

    def payload_text(self, viewer: Viewer, lang: str) -> tuple[int, str]:
        """The viewer's payload as JSON text and the :attr:`changes` it shows (built once per
        change, seat and language; the seat's own rematch link is added for its token)."""
        built = self._built(viewer.seat, lang)
        if built.text is None:
            built.text = self.encoder.payload(built.data, head=built.head)
        text = _with_rematch(built.text, rematch_link(self, viewer))
        return built.changes, with_clock(text, self.clock)

    def push(self, sub: Subscriber) -> tuple[int, str, Seen] | None:
        """What to push to ``sub`` (None: it has seen this change): the :attr:`changes`, the
        text (a socket message) and what it then has; a socket that asked for tails is sent
        only the events and log lines after those it has (:mod:`~totenblatt.web.table.payloads`)."""
        built = self._built(sub.viewer.seat, sub.lang)
        if built.changes <= sub.sent:
            return None
        events, log = built.data["events"], built.data["log"]
        if not sub.tail:
            text = self.payload_text(sub.viewer, sub.lang)[1]
        else:
            since = (0, 0)
            if sub.seen is not None:
                since = (shared_prefix(sub.seen[0], events), shared_prefix(sub.seen[1], log))
            text = self.encoder.payload(built.data, since, built.head)
            text = with_clock(_with_rematch(text, rematch_link(self, sub.viewer)), self.clock)
        return built.changes, typed_view(text), (events, log)

    def _built(self, seat: int | None, lang: str) -> _Built:
        key = (seat, lang)
        built = self._payloads.get(key)
        if built is None or built.changes != self.changes or built.version != self.version:
            data = seat_payload(self, seat, lang)
            built = _Built(self.changes, self.version, data, self.encoder.head(data))
            self._payloads[key] = built
        return built

    def check_turn(self, seat: int, version: int | None, lang: str) -> None:
        """Refuse (:class:`ConflictError`) an action of ``seat`` that is not its to take now:
        the game ended or was abandoned, moved past ``version``, or waits for another seat."""
        game = self.game
        if self.abandoned:
            raise ConflictError(refusal("abandoned", lang))
        if game.is_over:
            raise ConflictError(refusal("over", lang))
        if version is not None and version != self.version:
            raise ConflictError(refusal("moved_on", lang, seen=version, now=self.version))
        if game.to_act != seat:
            who = self.labels(lang)[game.to_act] if game.to_act is not None else "?"
            raise ConflictError(refusal("not_yours", lang, name=who))

    def forget_payloads(self) -> None:
        """The game went back (a takeback): every payload and narration is built anew."""
        self._payloads.clear()
        self.narrations.clear()
        self.changed()


def typed_view(payload: str) -> str:
    """A payload as a socket message: ``{"type": "view", ...}`` (the API's view is untyped)."""
    return '{"type":"view",' + payload[1:] if payload != "{}" else '{"type":"view"}'


def replay_stored(
    game: Game, stored: Sequence[dict[str, Any] | list[dict[str, Any]]]
) -> list[Entry]:
    """Apply a game's stored positions (one action, or a decision and the automatic passes
    after it); their entries."""
    entries = []
    for raw in stored:
        actions = raw if isinstance(raw, list) else [raw]
        seat = game.to_act
        before = len(game.state.events)
        for one in actions:
            game.apply(action_from_dict(one))
        entries.append(Entry(-1 if seat is None else seat, before, len(actions)))
    return entries


def question(room: Room, seat: int) -> tuple[int, View, list[Action], int]:
    """What a bot at ``seat`` decides from: the game's version, the seat's view, its
    legal actions (taken on the worker thread; the bot thinks on its own), and the seed of
    this decision (from the game's secret, the seat and the position)."""
    game = room.game
    seed = room_bot_seed(game.setup.seed, seat, room.version)
    return room.version, game.view(seat), game.legal_actions(), seed


def seat_events(game: Game, events: list[Any], seat: int) -> list[dict[str, Any]]:
    """What ``seat`` may see of ``events``, the game's last ones: their JSON forms (the
    engine's cached ones) without the fields the engine declares secret."""
    dicts = game.event_dicts()
    dicts = dicts[len(dicts) - len(events) :] if events else []
    shown = (public_event_dict(e, seat, d) for d, e in zip(dicts, events, strict=True))
    return [d for d in shown if d is not None]


def bot_key(room: Room, seat: int) -> str:
    """The name a far lane keeps the bot of ``seat`` under (a rebuilt room has new bots)."""
    return f"{room.id}/{seat}/{id(room.bots[seat]):x}"


def lobby_entry(row: WebGameSummary, lang: str) -> dict[str, Any]:
    """What the lobby shows of a stored game ``row`` in ``lang`` (public information only)."""
    title = row.summary.get("title", {})
    joined = row.joined or (False,) * len(row.kinds)
    waiting = sum(1 for k, j in zip(row.kinds, joined, strict=False) if k == "human" and not j)
    status = "open" if row.status == "playing" and waiting else row.status
    return {
        "game_id": row.id,
        "name": row.name,
        "players": list(row.players) or [None] * len(row.kinds),
        "scenario": row.scenario,
        "title": title.get(lang) or title.get("en") or row.scenario,
        "ruleset": row.ruleset,
        "seats": list(row.kinds),
        "status": status,
        "status_text": text(f"status_{status}", lang),
        "waiting": waiting,
        "round": row.summary.get("round"),
        "winners": row.summary.get("winners", []),
        "spectator_url": game_link(row.id, row.spectator_token),
    }
