"""The server's games: one :class:`Room` per game, and the :class:`Hub` that runs them all.

The hub is the only place that knows a game's seed. It creates games (a new
64-bit seed from :mod:`secrets`, a secret token per human seat), stores the
setup and every action (:class:`~totenblatt.store.tables.WebGames`), rebuilds
games from the database after a restart, lets bots play server-side after a
short delay, and pushes each subscriber its own payload after every change.

Engine and database work runs on one worker thread, so a game is never changed
by two threads at once and the event loop stays free for the network. A bot
thinks on a thread of its own, from what its seat may know (its view and legal
actions, taken on the worker thread), so a long search holds up no other table;
its action is then applied on the worker thread like a person's, unless the game
has moved on meanwhile. The bots' thread shares with the worker thread only the
table's caches (routes, cover, geometry memos), whose values depend on their keys
alone, so two threads can at worst compute one twice. One action of a game is
applied at a time: a second one arriving meanwhile is refused
(:class:`ConflictError`), never queued behind the first.

A game night (:mod:`~totenblatt.web.table.night.nights`) adds names, chat, takebacks and rematches;
a stored position may hold one decision and the passes the server made after it for
seats that pass their bids automatically, so that such a pass looks exactly like the
engine's own pass of a seat without a choice (same version, same moment).

New games are admitted against the :class:`~totenblatt.web.shell.limits.Limits` in the
transaction that stores them (games with a person who connected; bot-only games in
total and per client), and games nobody touched for the idle time end as abandoned:
swept at start and then periodically (:meth:`Hub.sweep`).

**Several processes** (issue 28): on PostgreSQL any number of server processes serve the
same games (a hub is *shared*). The database is the truth and the bus: before it applies
an action a hub compares the stored version with the game it holds and loads only the
positions it lacks (:meth:`Hub.refresh`); the store takes one action per position, so of
two processes acting at once one is refused. After each change a hub announces the game's
id and version (``NOTIFY``, :mod:`~totenblatt.web.shell.bus`); the hubs that hold the game's
WebSockets load what is new and push it. A bot's turn is played by the process holding
its lease (:mod:`~totenblatt.store.turns`): the process that stored the action leading to
it, else whoever claims it once the lease has expired — every hub looks for such turns
each :data:`TICK` seconds, so a killed process's bots go on within seconds elsewhere.
A bot's decision depends only on the game's secret, its seat and the position (its
generator is seeded for each decision), so whichever process plays a turn chooses alike.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from totenblatt.store.database import StoreError
from totenblatt.store.night_records import ChatRecord, TakebackRecord
from totenblatt.store.tables import (
    ABANDONED,
    ActionConflictError,
    RematchExistsError,
    SeatRecord,
    TurnMark,
    WebGameNotFoundError,
    WebGames,
    WebGameTally,
)
from totenblatt.store.turns import BotTurns
from totenblatt.wanted.bots import Bot, PolicyError, bot_seed, make_bot
from totenblatt.wanted.engine import (
    Action,
    Game,
    IllegalActionError,
    Pass,
    Phase,
    action_from_dict,
    action_to_dict,
    new_game,
    visible_to,
)
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.wanted.rules import Ruleset, RulesetError, builtin_rulesets
from totenblatt.wanted.table.scenario import ScenarioError, load_scenario, scenario_names
from totenblatt.web.shell.errors import (
    BusyError,
    ConflictError,
    ForbiddenError,
    InvalidError,
    NotFoundError,
    TooManyRequestsError,
    UnauthorizedError,
    WebError,
)
from totenblatt.web.shell.limits import Limits
from totenblatt.web.shell.names import MAX_NAME, clean_text
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.shell.words import LANGS, describe, refusal, seat_labels, text
from totenblatt.web.table.lanes import PRIORITY_BOTS_ONLY, PRIORITY_PERSON, Lanes, LateError, reseed
from totenblatt.web.table.payloads import Encoder, scrub_event, seat_payload, shared_prefix
from totenblatt.web.table.rematch import rematch_link
from totenblatt.web.table.rematch import with_rematch as _with_rematch

if TYPE_CHECKING:
    from totenblatt.web.shell.bus import Bus

__all__ = [
    "HARD_BOT",
    "HARD_THINK",
    "SEAT_KINDS",
    "SETUP_READERS",
    "BusyError",
    "ConflictError",
    "ForbiddenError",
    "GameSpec",
    "Hub",
    "InvalidError",
    "NotFoundError",
    "Room",
    "Subscriber",
    "UnauthorizedError",
    "Viewer",
    "WebError",
    "hash_token",
    "read_setup",
]

log = logging.getLogger("totenblatt.web")

SEAT_KINDS = ("human", "bot", "random", "ismcts", "learned")
"""Who plays a seat: a person at a browser, the heuristic bot, the random bot, the search bot,
the server's learned policy (``totenblatt serve --learned PATH``)."""

HARD_THINK = 1.5
"""Seconds the lobby's hard bot may take for a decision at most, however busy the server
(``totenblatt serve --bot-think``): it searches until shortly before, and if no answer has
come by then (the workers were busy) the heuristic bot decides in its place (docs/bots.md)."""
SEARCH_SHARE = 0.8
"""The part of the think time the search itself may use; the rest covers the worker's last
rollouts after its deadline and the heuristic's answer in its place."""
STAND_IN_SHARE = 0.1
"""The part of the think time kept for the heuristic's answer when the search is late."""
LEASE = 5.0
"""Seconds a process holds a bot's turn (several processes); renewed while the bot thinks,
so a killed process's turns are free again at most this long after it died."""
SEND_TIME = 10.0
"""Seconds a socket may take to take one push: one that does not (a phone's tab gone dark,
a connection dead without a word) is dropped, so it never holds up a game (its page loads
the game anew when it comes back)."""
BOT_RETRY = 2.0
"""Seconds before a bot loop that failed starts again: a game never waits for ever on a
bot that raised."""
TICK = 1.0
"""Seconds between a shared hub's looks for bots' turns nobody plays and for games whose
WebSockets it holds that moved on without a notice reaching it."""

HARD_BOT = "fast-ismcts"
"""The registry's kind of the lobby's hard bot: the search with its rollouts on the fast path
(FastISMCTSBot; at equal wall time stronger than ISMCTSBot in gangs and as strong in the
duel, docs/bots.md); rules the fast path does not play are searched by ISMCTSBot itself."""

SEAT_ALIASES = {"hard": "ismcts"}
"""Other names a game's ``seats`` may use: the lobby's "hard" opponent is the search bot."""

_BOT_NAMES = {
    "bot": "heuristic",
    "random": "random",
    "ismcts": f"{HARD_BOT}:{int(HARD_THINK * SEARCH_SHARE * 1000)}ms",
}
"""The bot registry's name (:func:`~totenblatt.wanted.bots.registry.make_bot`) of a seat kind
(the search's time is set again for each decision: what is left of the hub's think time)."""


def _bot_name(kind: str, learned: str | None) -> str | None:
    """The registry's name of a seat kind's bot (None: a person); a learned seat plays the
    server's policy (``totenblatt serve --learned PATH``), on a server without one the
    heuristic (a game stored by a server that had one)."""
    if kind == "learned":
        return f"learned:{learned}" if learned else _BOT_NAMES["bot"]
    return _BOT_NAMES.get(kind)


_P = ParamSpec("_P")
_T = TypeVar("_T")


SETUP_READERS: dict[str, Callable[[str], Game]] = {}
"""Readers of stored setups that are not an engine save, by how their text begins: a table
whose games the engine cannot save registers one (a campaign fight's scenario is made of
its gangs, not loaded from a file). The reader deals the game; the hub replays its actions."""


def read_setup(setup: str) -> Game:
    """The dealt game of a stored setup: an engine save, or a format a table registered."""
    for prefix, reader in SETUP_READERS.items():
        if setup.startswith(prefix):
            return reader(setup)
    return Game.from_json(setup)


def _bot_seed(secret: int, seat: int, actions: int) -> int:
    """The seed of a seat's bot, from the game's secret seed (:func:`bot_seed`, one-way).

    Hashed once more with the number of actions when the room is (re)built, so a bot
    rebuilt after a restart goes on with fresh choices instead of repeating its first.
    """
    return bot_seed(bot_seed(secret, seat), actions)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: a seat, or a spectator (``seat`` None), and with which token (the seat's
    own rematch link is made from it; never stored, never sent)."""

    seat: int | None
    token: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A new game as the lobby asks for it (validated by :meth:`parse`)."""

    scenario: str
    ruleset: str
    kinds: tuple[str, ...]
    lang: str
    hand_mode: str | None = None
    dealer: int | None = None
    """The first dealer (None: drawn); set by the server (the tutorial), never by a request."""
    deck_order: tuple[str, ...] | None = None
    """A stacked deal (the tutorial's first cards); set by the server, never by a request."""
    name: str | None = None
    """The game's name (the lobby shows it)."""
    players: tuple[str | None, ...] = ()
    """A name per seat (None: none; a bot's is always None)."""

    _KEYS = frozenset({"scenario", "ruleset", "seats", "lang", "hand_mode", "name", "players"})

    @classmethod
    def parse(cls, data: Any) -> GameSpec:
        """Read the body of ``POST /api/games``; :class:`InvalidError` says what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidError(f"expected a JSON object with {', '.join(sorted(cls._KEYS))}")
        unknown = sorted(str(k) for k in data if k not in cls._KEYS)
        if unknown:
            raise InvalidError(
                f"unknown key {unknown[0]!r}: expected {', '.join(sorted(cls._KEYS))}"[:300]
            )
        scenario = data.get("scenario", "duel")
        if scenario not in scenario_names():  # the built-ins and the scenario folder's
            raise InvalidError(
                f"unknown scenario {str(scenario)[:80]!r}: expected one of "
                f"{', '.join(scenario_names())}"[:500]
            )
        ruleset = data.get("ruleset", "base")
        if ruleset not in builtin_rulesets():
            raise InvalidError(
                f"unknown ruleset {str(ruleset)[:80]!r}: expected one of "
                f"{', '.join(builtin_rulesets())}"
            )
        try:
            seats = load_scenario(scenario).seats
        except ScenarioError as exc:  # a file of the scenario folder that does not load
            raise InvalidError(str(exc)[:500]) from None
        kinds = data.get("seats", ["human"] + ["bot"] * (seats - 1))
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise InvalidError(f"seats must be a list of seat kinds ({', '.join(SEAT_KINDS)})")
        kinds = [SEAT_ALIASES.get(k, k) for k in kinds]
        for kind in kinds:
            if kind not in SEAT_KINDS:
                expected = ", ".join(SEAT_KINDS) + " (or hard = ismcts)"
                raise InvalidError(f"unknown seat kind {kind[:40]!r}: expected {expected}")
        if len(kinds) != seats:
            raise InvalidError(
                f"scenario {scenario!r} has {seats} seats, but seats lists {len(kinds)}"
            )
        lang = data.get("lang", "en")
        if lang not in LANGS:
            raise InvalidError(f"unknown lang {str(lang)[:20]!r}: expected {' or '.join(LANGS)}")
        hand_mode = data.get("hand_mode")
        if hand_mode is not None and hand_mode not in ("per_player", "per_character"):
            raise InvalidError(
                f"unknown hand_mode {str(hand_mode)[:40]!r}: expected per_player or per_character"
            )
        name = data.get("name")
        if name is not None:
            name = clean_text(name, "name", MAX_NAME)
        players = _players(data, kinds)
        return cls(scenario, ruleset, tuple(kinds), lang, hand_mode, name=name, players=players)

    def rules(self) -> Ruleset:
        """The ruleset with the chosen hand mode."""
        rules = Ruleset.load(self.ruleset)
        if self.hand_mode is not None and self.hand_mode != rules.round.hand_mode:
            try:
                rules = rules.with_options(hand_mode=self.hand_mode)
            except RulesetError as exc:
                raise InvalidError(str(exc)) from None
        return rules


def _players(data: Mapping[str, Any], kinds: list[str]) -> tuple[str | None, ...]:
    """The ``players`` of a new game: a name or null per seat, null for a bot's seat."""
    raw = data.get("players")
    if raw is None:
        return (None,) * len(kinds)
    if not isinstance(raw, list) or len(raw) != len(kinds):
        raise InvalidError(f"players must be a list of {len(kinds)} names or nulls (one per seat)")
    out: list[str | None] = []
    for seat, (value, kind) in enumerate(zip(raw, kinds, strict=True)):
        if value is None:
            out.append(None)
        elif kind != "human":
            raise InvalidError(f"players[{seat}]: seat {seat + 1} is a bot: its name is null")
        else:
            out.append(clean_text(value, f"players[{seat}]", MAX_NAME))
    return tuple(out)


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
        self.bots: dict[int, Bot] = {}
        secret = game.setup.seed
        for seat, kind in enumerate(kinds):
            name = _bot_name(kind, learned)
            if name is not None:
                seed = _bot_seed(secret, seat, len(game.actions))
                self.bots[seat] = make_bot(name, seed, game.scenario, game.ruleset)
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

    @property
    def token_hashes(self) -> tuple[str | None, ...]:
        """The SHA-256 of each seat's token (None for bots)."""
        return self._hashes

    @property
    def waiting_seats(self) -> list[int]:
        """The human seats whose invite link has not connected yet."""
        return [s for s, k in enumerate(self.kinds) if k == "human" and s not in self.joined]

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
        return built.changes, _with_rematch(built.text, rematch_link(self, viewer))

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
            text = _with_rematch(text, rematch_link(self, sub.viewer))
        return built.changes, _typed_view(text), (events, log)

    def _built(self, seat: int | None, lang: str) -> _Built:
        key = (seat, lang)
        built = self._payloads.get(key)
        if built is None or built.changes != self.changes or built.version != self.version:
            data = seat_payload(self, seat, lang)
            built = _Built(self.changes, self.version, data, self.encoder.head(data))
            self._payloads[key] = built
        return built

    def forget_payloads(self) -> None:
        """The game went back (a takeback): every payload and narration is built anew."""
        self._payloads.clear()
        self.narrations.clear()
        self.changed()


class Hub:
    """Every game of the server (see the module docstring).

    ``bot_delay``: seconds at least between a bot's turn and its action (its thinking
    counts; 0 in tests); ``bot_think``: seconds at most a bot of a worker process may take
    for a decision (:data:`HARD_THINK`); ``limits``: which new games are admitted and when
    an untouched game ends (:class:`~totenblatt.web.shell.limits.Limits`); ``seeds``: where new
    games' seeds come from (64 bits from :mod:`secrets`; tests may fix them); ``shared``:
    other processes serve the same games (default: on PostgreSQL).
    """

    def __init__(
        self,
        games: WebGames,
        *,
        bot_delay: float = 0.8,
        limits: Limits | None = None,
        max_rooms: int = 2000,
        bot_processes: int | None = None,
        seeds: Callable[[], int] | None = None,
        bot_think: float = HARD_THINK,
        shared: bool | None = None,
        learned: str | None = None,
    ) -> None:
        self.games = games
        self.learned = learned
        """The path of the policy the lobby's learned bot plays (None: no learned bot)."""
        self.shared = games.db.engine.dialect.name == "postgresql" if shared is None else shared
        """Other processes may serve the same games (PostgreSQL; see the module docstring)."""
        self.process = secrets.token_hex(8)
        """This process's name in the bots' leases."""
        self.turns = BotTurns(games.db)
        self.lease_time = timedelta(seconds=LEASE)
        self.bus: Bus | None = None
        self.others: dict[str, Callable[[str, int], None]] = {}
        """Who follows the bus's notices of other things than games, by their prefix
        (``story``: ``story:ID``, the RPG table's :mod:`~totenblatt.web.stories.follow`)."""
        self.bot_think = bot_think
        self.stand_ins: dict[tuple[str, int], Bot] = {}
        """Per (game, seat): the heuristic bot that decides when a far decision is late."""
        self.seeds = seeds or (lambda: secrets.randbits(64))
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="totenblatt-engine")
        self.lanes = Lanes(bot_processes)
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    # -- the worker thread -------------------------------------------------------------

    async def run(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run engine or database work on the worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def think(
        self,
        room: Room,
        seat: int,
        view: View,
        legal: list[Action],
        began: float | None = None,
        seed: int | None = None,
    ) -> Action:
        """The decision of the bot at ``seat``, on the lane it belongs to
        (:mod:`~totenblatt.web.table.lanes`): searches and bot-only games in a worker process,
        a cheap bot that a person plays against on the near thread.

        A far decision takes :attr:`bot_think` seconds at most from ``began`` (the event
        loop's time; default now): the search ends at :data:`SEARCH_SHARE` of it, and when
        no answer has come shortly before the end (the workers were busy), the heuristic
        bot decides in its place on the engine thread."""
        bot = room.bots[seat]
        person = "human" in room.kinds
        if person and room.kinds[seat] != "ismcts":
            try:
                return await self.lanes.near(bot, view, legal, seed=seed)
            except Exception:  # a cheap bot that failed: the heuristic decides in its place
                log.exception("a bot of game %s failed: the heuristic decided instead", room.id)
                return await self._stand_in_choice(room, seat, view, legal, seed)
        priority = PRIORITY_PERSON if person else PRIORITY_BOTS_ONLY
        loop = asyncio.get_running_loop()
        start = loop.time() if began is None else began
        search = start + self.bot_think * SEARCH_SHARE
        wait = start + self.bot_think * (1.0 - STAND_IN_SHARE) - loop.time()
        key = _bot_key(room, seat)
        try:
            async with asyncio.timeout(max(0.0, wait)):
                return await self.lanes.far(key, bot, view, legal, priority, search, seed)
        except (TimeoutError, LateError):
            log.info("a bot of game %s was late: the heuristic decided instead", room.id)
        except Exception:  # the search failed: the game goes on with the heuristic's choice
            log.exception("a bot of game %s failed: the heuristic decided instead", room.id)
        return await self._stand_in_choice(room, seat, view, legal, seed)

    async def _stand_in_choice(
        self, room: Room, seat: int, view: View, legal: list[Action], seed: int | None
    ) -> Action:
        """The heuristic's decision in the place of the bot at ``seat`` (engine thread)."""
        stand_in = self._stand_in(room, seat)

        def choose() -> Action:
            reseed(stand_in, seed)
            return stand_in.choose(view, legal)

        return await self.run(choose)

    def _stand_in(self, room: Room, seat: int) -> Bot:
        """The heuristic bot that decides for ``seat`` when its own is late."""
        key = (room.id, seat)
        found = self.stand_ins.get(key)
        if found is None:
            if len(self.stand_ins) > 1000:
                self.stand_ins.clear()
            seed = _bot_seed(room.game.setup.seed, seat, -1 - room.version)
            found = make_bot("heuristic", seed, room.game.scenario, room.game.ruleset)
            self.stand_ins[key] = found
        return found

    async def start(self) -> None:
        """End the games idle too long, load every other unfinished game and let its bots
        go on (after a restart); then sweep idle games periodically.

        Shared (several processes): listen for the others' changes, and look each
        :data:`TICK` for bots' turns nobody plays instead of loading every game."""
        await self.sweep()
        self._spawn(self._sweeping())
        if self.shared:
            from totenblatt.web.shell.bus import Bus

            self.bus = Bus(self.games.db.url, self._heard, self._bus_back, self.process)
            await self.bus.start()
            await self._resume(await self.run(self.games.untracked))
            self._spawn(self._tending())
            return
        await self._resume(await self.run(self.games.ids, playing_only=True))

    async def stop(self) -> None:
        """Stop the bots and the worker thread (games are already stored); shared, let go
        of the bots' turns this process holds, so that another plays them at once."""
        self._closed = True
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        tasks += [r.following for r in self.rooms.values() if r.following is not None]
        tasks += list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.bus is not None:
            await self.bus.stop()
        if self.shared:
            try:
                await self._db(self.turns.release, self.process)
            except StoreError as exc:
                log.warning("cannot let go of the bots' turns: %s", exc)
        await self.lanes.stop()
        self._pool.shutdown(wait=True)

    async def _db(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Database work that touches no game in memory (leases, looks), off the engine
        thread: a busy engine must not delay a lease's renewal."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, lambda: fn(*args, **kwargs))

    # -- games ---------------------------------------------------------------------------

    async def create(
        self, spec: GameSpec, client: str | None = None
    ) -> tuple[Room, list[str | None]]:
        """A new game with a secret seed; the seat tokens (None for bots), shown only now.

        ``client`` (its address key) is who asks: its bot-only games count against
        :attr:`Limits.bot_games_per_client`. Refused with :class:`BusyError` (503) when
        the server has as many games as it may or the database fails, with
        :class:`TooManyRequestsError` (429) when the client has its bot-only games.
        """
        room, tokens = await self.run(self._create, spec, client)
        self.kick_bots(room)
        return room, tokens

    def _admit(self, spec: GameSpec, owner: str | None) -> Callable[[WebGameTally], None]:
        """The check of :meth:`WebGames.create` for a game of ``spec`` by ``owner``."""
        limits = self.limits

        def admit(tally: WebGameTally) -> None:
            if "human" in spec.kinds:
                if owner is not None and tally.games_of_owner >= limits.share:
                    raise TooManyRequestsError(
                        f"your address already holds {tally.games_of_owner} unfinished games "
                        f"(at most {limits.share} per address, so that others find a place): "
                        "finish or leave some first",
                        retry_after=60,
                    )
                if tally.playing >= limits.max_playing:
                    raise BusyError(
                        f"the server already runs {limits.max_playing} games: finish some first",
                        retry_after=60,
                    )
                return
            if tally.bot_games >= limits.bot_games:
                raise BusyError(
                    f"the server already runs {limits.bot_games} games of bots only "
                    "(the most it runs): watch one, or try again when one has ended",
                    retry_after=60,
                )
            if owner is not None and tally.bot_games_of_owner >= limits.bot_games_per_client:
                raise TooManyRequestsError(
                    f"your address already runs {tally.bot_games_of_owner} games of bots only "
                    f"(at most {limits.bot_games_per_client} at a time): try again when one "
                    "has ended",
                    retry_after=60,
                )

        return admit

    def _create(
        self,
        spec: GameSpec,
        client: str | None,
        hashes: tuple[str | None, ...] | None = None,
        rematch_of: str | None = None,
    ) -> tuple[Room, list[str | None]]:
        """Deal and store a new game of ``spec``; the seats' tokens (None for bots, and for
        every seat when ``hashes`` are given: a rematch's seats keep their tokens);
        ``rematch_of`` the game it is the rematch of."""
        try:
            game = new_game(
                spec.scenario,
                spec.rules(),
                seed=self.seeds(),
                dealer=spec.dealer,
                deck_order=spec.deck_order,
            )
        except ScenarioError as exc:  # e.g. heroes with abilities on the base ruleset
            raise InvalidError(str(exc)[:500]) from None
        game_id = secrets.token_urlsafe(12)
        seat_tokens: list[str | None] = [None] * len(spec.kinds)
        if hashes is None:
            seat_tokens = [secrets.token_urlsafe(32) if k == "human" else None for k in spec.kinds]
            hashes = tuple(None if t is None else hash_token(t) for t in seat_tokens)
        spectator = secrets.token_urlsafe(24)
        players = spec.players or (None,) * len(spec.kinds)
        if "learned" in spec.kinds and self.learned is None:
            raise InvalidError(
                "this server has no learned bot: its operator starts it with "
                "totenblatt serve --learned PATH"
            )
        try:
            room = Room(
                game_id,
                game,
                spec.kinds,
                hashes,
                spectator,
                spec.lang,
                name=spec.name,
                players=players,
                learned=self.learned,
            )
        except (PolicyError, FastUnsupportedError) as exc:
            raise InvalidError(f"the learned bot cannot play this game: {exc}"[:500]) from None
        owner = None if client is None else hash_token(f"client:{client}")[:32]
        seats = [SeatRecord(k, h, p) for k, h, p in zip(spec.kinds, hashes, players, strict=True)]
        try:
            self.games.create(
                game_id,
                scenario=spec.scenario,
                ruleset=spec.ruleset,
                lang=spec.lang,
                seats=seats,
                spectator_token=spectator,
                setup=game.to_json(),
                summary=room.summary(),
                owner=owner,
                admit=self._admit(spec, owner),
                name=spec.name,
                rematch_of=rematch_of,
                turn=self._turn(room),
            )
        except RematchExistsError:
            raise
        except StoreError as exc:
            log.error("cannot store a new game: %s", exc)
            raise BusyError(  # the reason is in the log: it names the database
                "the game was not stored, try again in a moment", retry_after=10
            ) from None
        room.lease = 0 if room.game.to_act in room.bots else None
        self._keep(room)
        return room, seat_tokens

    def _followed(self, room: Room) -> bool:
        """Shared: the room follows every change of its game as it is announced (its
        WebSockets are here and the bus listens), so it is behind only by a notice on its
        way — an action on the old version is then refused by the store, as it should be."""
        bus = self.bus
        return bus is not None and bus.listening and bool(room.subscribers) and not room.following

    def _turn(self, room: Room) -> TurnMark | None:
        """Whose turn the room's position is, as the store keeps it for several processes
        (a bot's: held by this process, which plays it next); None when not shared or the
        game has no bot."""
        if not self.shared or not room.bots:
            return None
        game = room.game
        seat = None if game.is_over or room.abandoned else game.to_act
        if seat is None or seat not in room.bots:
            return TurnMark(None)
        return TurnMark(seat, self.process, self.games.db.clock() + self.lease_time)

    def _keep(self, room: Room) -> None:
        if len(self.rooms) >= self.max_rooms:  # forget idle rooms; they reload from the store
            for key, old in list(self.rooms.items()):
                if not old.subscribers and old.bot_task is None and not old.lock.locked():
                    del self.rooms[key]
                if len(self.rooms) < self.max_rooms // 2:
                    break
        self.rooms[room.id] = room

    async def room(self, game_id: str) -> Room:
        """The game ``game_id``, rebuilt from the database if it is not in memory (shared:
        brought up to the stored version if it is, unless it follows every notice)."""
        room = self.rooms.get(game_id)
        if room is not None:
            if self.shared and not self._followed(room):
                try:
                    await self.run(self.refresh, room)
                except StoreError as exc:  # the database is away: what is held, for now
                    log.warning("cannot bring game %s up to date: %s", game_id, exc)
            return room
        if len(game_id) > 40:
            raise NotFoundError("no such game")
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[game_id] = pending
            try:
                room = await self.run(self._load, game_id)
                pending.set_result(room)
            except BaseException as exc:
                pending.set_exception(exc)
                pending.exception()  # retrieved: whoever waits gets it, nobody else logs it
                raise
            finally:
                del self._loading[game_id]
            return room
        return await asyncio.shield(pending)

    def _load(self, game_id: str) -> Room:
        try:
            record = self.games.load(game_id)
        except WebGameNotFoundError:
            raise NotFoundError("no such game") from None
        game = read_setup(record.setup)
        entries = replay_stored(game, record.actions)
        rematch = None
        if record.rematch_id is not None and record.rematch_spectator is not None:
            rematch = (record.rematch_id, record.rematch_spectator)

        def room_of(learned: str | None) -> Room:
            return Room(
                record.id,
                game,
                tuple(s.kind for s in record.seats),
                tuple(s.token_hash for s in record.seats),
                record.spectator_token,
                record.lang,
                record.joined,
                abandoned=record.status == ABANDONED,
                name=record.name,
                players=tuple(s.player for s in record.seats),
                auto_pass=tuple(s.auto_pass for s in record.seats),
                entries=entries,
                chat=record.chat,
                takebacks=record.takebacks,
                takeback=record.takeback,
                rematch=rematch,
                learned=learned,
            )

        try:
            room = room_of(self.learned)
        except (PolicyError, FastUnsupportedError):  # the server's policy changed since
            room = room_of(None)
        self._keep(room)
        return room

    async def join(self, room: Room, seats: list[int | None]) -> None:
        """Note that the invite links of ``seats`` connected (stored once per seat)."""
        new = sorted({s for s in seats if s is not None and s in room.waiting_seats})
        if new:
            await self.run(self.games.join, room.id, new)
            room.joined.update(new)

    # -- idle games ----------------------------------------------------------------------

    async def sweep(self) -> list[str]:
        """End as abandoned the unfinished games nobody touched for the idle time (no
        action, no join), except those whose bot is thinking or acting; their ids."""
        busy = [r.id for r in self.rooms.values() if r.bot_task is not None or r.lock.locked()]
        idle = timedelta(hours=self.limits.idle_hours)
        ended = await self.run(self.games.abandon_idle, idle, busy)
        for game_id in ended:
            room = self.rooms.get(game_id)
            if room is not None:
                room.abandoned = True
        if ended:
            log.info("%d untouched game(s) ended as abandoned", len(ended))
        return ended

    async def _sweeping(self) -> None:
        """Sweep every quarter of the idle time (at least every 10 minutes)."""
        every = min(max(self.limits.idle_hours * 3600 / 4, 0.05), 600.0)
        await self._periodically(every, self.sweep, "cannot end idle games")

    async def _periodically(
        self, every: float, work: Callable[[], Awaitable[object]], failed: str
    ) -> None:
        """``work`` every ``every`` seconds until the hub closes; a failure is logged as
        ``failed`` and the next round tries again (the database away, or a bug)."""
        while not self._closed:
            await asyncio.sleep(every)
            try:
                await work()
            except StoreError as exc:  # the database is away: try again next time
                log.warning("%s: %s", failed, exc)
            except Exception:  # a bug must not stop the rounds
                log.exception(failed)

    # -- acting --------------------------------------------------------------------------

    async def act(
        self,
        room: Room,
        viewer: Viewer,
        raw: Any,
        version: int | None = None,
        lang: str | None = None,
    ) -> list[dict[str, Any]]:
        """Apply one action of ``viewer``'s seat; the new events that seat may see.

        Refused (:class:`ConflictError`) when it is not the seat's decision, when the game
        moved past ``version``, when another action of the game is being applied,
        or when the engine finds it illegal; :class:`InvalidError` when it is malformed.
        """
        seat = viewer.seat
        if seat is None:
            raise ForbiddenError("a spectator cannot act")
        lang = lang or room.lang
        if not self.shared:  # shared, the room may be behind: checked once it is brought up
            self._check_turn(room, seat, version, lang)
        if room.lock.locked():
            raise ConflictError(refusal("busy", lang))
        async with room.lock:
            events = await self.run(self._apply, room, seat, raw, version, lang)
        self._spawn(self.after_change(room))  # the answer need not wait for the pushes
        return events

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the hub's (cancelled when the hub stops)."""
        self._spawn(work)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _check_turn(self, room: Room, seat: int, version: int | None, lang: str) -> None:
        game = room.game
        if room.abandoned:
            raise ConflictError(refusal("abandoned", lang))
        if game.is_over:
            raise ConflictError(refusal("over", lang))
        if version is not None and version != room.version:
            raise ConflictError(refusal("moved_on", lang, seen=version, now=room.version))
        if game.to_act != seat:
            who = room.labels(lang)[game.to_act] if game.to_act is not None else "?"
            raise ConflictError(refusal("not_yours", lang, name=who))

    def _apply(
        self, room: Room, seat: int, raw: Any, version: int | None, lang: str
    ) -> list[dict[str, Any]]:
        if self.shared and not self._followed(room):
            self.refresh(room)  # another process may have stored actions meanwhile
        self._check_turn(room, seat, version, lang)
        game = room.game
        try:
            action = action_from_dict(raw)
        except ValueError as exc:
            raise InvalidError(describe(exc, lang)[:500]) from None
        position = room.version
        before = len(game.state.events)
        try:
            events = game.apply(action)  # the game is unchanged when it refuses
        except IllegalActionError as exc:
            raise ConflictError(describe(exc, lang)[:500]) from None
        done = [action_to_dict(action)]
        while not game.is_over and game.phase is Phase.BID and game.to_act in room.auto_pass:
            events += game.apply(Pass())  # as the engine passes a seat without a choice
            done.append({"type": "pass"})
        turn = self._turn(room)
        bus = self.bus  # shared: the notice goes with the statement that stores the action
        notice = None if bus is None else (bus.channel, bus.notice(room.id, room.serial + 1))
        try:
            self.games.append(
                room.id,
                position,
                done[0] if len(done) == 1 else done,
                summary=room.summary(),
                over=game.is_over,
                turn=turn,
                notice=notice,
            )
        except ActionConflictError as exc:
            self._reload(room)
            raise ConflictError(str(exc)) from None
        except StoreError as exc:
            self._reload(room)
            log.warning("an action of game %s was not stored: %s", room.id, exc)
            raise BusyError(
                "the action was not stored, try again in a moment", retry_after=2
            ) from None
        except Exception:
            self._reload(room)
            raise
        room.entries.append(Entry(seat, before, len(done)))
        room.lease = room.version if turn is not None and turn.holder is not None else None
        room.takeback = None  # the game moved on: a takeback asked lapses
        room.changed()
        if notice is not None:
            room.announced = room.changes
        dicts = _dicts(game, events)
        return [scrub_event(d) for d, e in zip(dicts, events, strict=True) if visible_to(e, seat)]

    def _reload(self, room: Room) -> None:
        """The database is the truth: rebuild the room's game from it (its bots go on)."""
        try:
            fresh = self._load(room.id)
        except Exception:  # the game stays as it was in memory; log it
            log.exception("cannot reload game %s", room.id)
            return
        room.game = fresh.game
        room.abandoned = fresh.abandoned
        room.entries = fresh.entries
        room.takebacks = fresh.takebacks
        room.takeback = fresh.takeback
        room.chat = fresh.chat
        room.joined = fresh.joined
        room.auto_pass = fresh.auto_pass
        room.rematch = fresh.rematch
        room.lease = None
        room.forget_payloads()
        self.rooms[room.id] = room

    def refresh(self, room: Room, chat: bool = False) -> bool:
        """Bring ``room`` up to the stored game (shared; on the engine thread): a cheap look
        at its version first, then only the positions it lacks (the whole game again after
        a takeback elsewhere); ``chat``: its chat too. True when something changed."""
        try:
            stamp = self.games.stamp(room.id)
        except WebGameNotFoundError:
            return False
        undone = sum(1 for t in room.takebacks if t.outcome == "undone")
        rematch = room.rematch[0] if room.rematch is not None else None
        if stamp.undone != undone or stamp.actions < room.version or stamp.rematch_id != rematch:
            self._reload(room)
            return True
        changed = False
        if stamp.actions > room.version:
            stored = self.games.actions_since(room.id, room.version)
            try:
                room.entries.extend(replay_stored(room.game, stored))
            except Exception:  # the stored actions do not follow: rebuild the whole game
                log.exception("cannot follow game %s: loading it anew", room.id)
                self._reload(room)
                return True
            room.lease = None
            changed = True
        abandoned = stamp.status == ABANDONED
        joined = {s for s, done in enumerate(stamp.joined) if done}
        auto_pass = {s for s, seat in enumerate(stamp.seats) if seat.auto_pass}
        players = tuple(seat.player for seat in stamp.seats)
        if (stamp.takeback, abandoned, joined, auto_pass, players) != (
            room.takeback,
            room.abandoned,
            room.joined,
            room.auto_pass,
            room.players,
        ):
            room.takeback, room.abandoned, room.joined = stamp.takeback, abandoned, joined
            room.auto_pass, room.players = auto_pass, players
            changed = True
        if chat:
            lines = self.games.chat(room.id)
            if lines != tuple(room.chat):
                room.chat = list(lines)
                changed = True
        if changed:
            room.changed()
        return changed

    async def after_change(self, room: Room) -> None:
        """Let a bot act if it is its turn, and push every subscriber its new payload (the
        bots do not wait for the pushes: a socket slow to take one must not stall a game)."""
        self.kick_bots(room)
        await self.broadcast(room)

    def kick_bots(self, room: Room) -> None:
        """Start the bot loop of ``room`` when a bot is to act and none is running."""
        if self._closed or room.bot_task is not None or room.abandoned:
            return
        seat = room.game.to_act
        if seat is not None and seat in room.bots:
            room.bot_task = asyncio.create_task(self._bot_loop(room))

    async def _bot_loop(self, room: Room) -> None:
        try:
            while not self._closed:
                seat = room.game.to_act
                if seat is None or seat not in room.bots:
                    return
                if room.takeback is not None or room.abandoned:
                    return  # a takeback is asked: the answer starts the bots again
                if self.shared and room.lease != room.version:
                    claimed = await self._db(
                        self.turns.claim,
                        room.id,
                        room.version,
                        seat,
                        self.process,
                        self.lease_time,
                    )
                    if not claimed:
                        return  # another process plays it (or the game moved on there)
                    room.lease = room.version
                renewing = self._renewing(room) if self.shared else None
                before = room.serial
                try:
                    if not await self._bot_turn(room, seat):
                        return
                except ConflictError:
                    if not self.shared or room.serial == before:
                        raise  # refused where it stands: not another process's doing
                    continue  # another process moved the game on: look again
                finally:
                    if renewing is not None:
                        renewing.cancel()
                # the pushes go on beside the bots: a socket slow to take one (a phone's
                # tab gone dark) must not hold up the game's next decision
                self._spawn(self.broadcast(room))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot of game %s failed; it tries again", room.id)
            failed = True
        else:
            failed = False
        finally:
            room.bot_task = None
            if room.game.is_over:
                self.lanes.forget([_bot_key(room, seat) for seat in room.bots])
        if failed:
            self._spawn(self._kick_later(room))

    async def _kick_later(self, room: Room) -> None:
        """Start the bot loop of ``room`` again after :data:`BOT_RETRY` (it failed)."""
        await asyncio.sleep(BOT_RETRY)
        if self.rooms.get(room.id) is room:
            self.kick_bots(room)

    async def _bot_turn(self, room: Room, seat: int) -> bool:
        """Let the bot at ``seat`` decide and apply its action (unless the game moved on
        while it thought: it is asked again); False when a takeback stops the bots."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        stamp = (room.version, room.serial)
        version, view, legal, seed = await self.run(_question, room, seat)
        action = await self.think(room, seat, view, legal, began, seed)
        rest = self.bot_delay - (loop.time() - began)
        if rest > 0:
            await asyncio.sleep(rest)
        async with room.lock:
            if room.takeback is not None:
                return False
            if (room.version, room.serial) != stamp or room.game.to_act != seat:
                return True  # the game moved on while the bot thought: ask it again
            raw = action_to_dict(action)
            await self.run(self._apply, room, seat, raw, version, room.lang)
        return True

    def _renewing(self, room: Room) -> asyncio.Task[None]:
        """Renew the lease on the room's bot turn while its bot thinks and acts."""
        position = room.lease

        async def renew() -> None:
            while position is not None:
                await asyncio.sleep(LEASE / 3)
                try:
                    held = await self._db(
                        self.turns.renew, room.id, position, self.process, self.lease_time
                    )
                except StoreError as exc:
                    log.warning("cannot renew the bot's turn of game %s: %s", room.id, exc)
                    continue
                if not held:  # another process took it (ours expired): the store decides
                    log.info("the bot's turn of game %s went to another process", room.id)
                    return

        return asyncio.create_task(renew())

    # -- several processes ---------------------------------------------------------------

    def _heard(self, game_id: str, version: int) -> None:
        """Another process changed ``game_id`` (now at ``version``): follow it if held."""
        kind, colon, rest = game_id.partition(":")  # a game's id has no colon
        if colon and kind in self.others:
            self.others[kind](rest, version)
            return
        room = self.rooms.get(game_id)
        if room is None or self._closed or not room.subscribers:
            return  # a game held without sockets is brought up to date when next asked for
        if room.following is None:
            room.following = asyncio.create_task(self._follow(room, version))

    def _bus_back(self) -> None:
        """The bus listens (again): look at every held game, notices may have been missed."""
        for follow in list(self.others.values()):
            follow("", -1)
        for room in list(self.rooms.values()):
            if room.subscribers and room.following is None and not self._closed:
                room.following = asyncio.create_task(self._follow(room, -1))

    async def _follow(self, room: Room, version: int) -> None:
        """Load another process's change of ``room`` and push it to its WebSockets (a change
        that is no action, as a chat line, reads the chat too)."""
        try:
            while True:
                local = room.announced != room.changes
                chat = version <= room.serial
                try:
                    await self.run(self.refresh, room, chat)
                except StoreError as exc:  # the next look (each TICK) tries again
                    log.warning("cannot follow game %s: %s", room.id, exc)
                    return
                except Exception:
                    log.exception("cannot follow game %s", room.id)
                    return
                if not local:
                    room.announced = room.changes
                await self._push(room)
                if room.serial >= version:
                    return
                version = -1  # a newer notice came meanwhile: once more, chat included
        finally:
            room.following = None

    async def _resume(self, game_ids: list[str]) -> None:
        """Load the games ``game_ids`` and let their bots go on if it is their turn (after a
        restart: every unfinished game; shared: those with bots but no stored turn, stored
        before migration 0009)."""
        for game_id in game_ids:
            try:
                room = await self.room(game_id)
            except Exception as exc:  # one broken game must not keep the others down
                log.error("cannot resume game %s: %s", game_id, exc)
                continue
            self.kick_bots(room)

    async def _tending(self) -> None:
        """Each :data:`TICK`: claim the bots' turns nobody plays, follow the held games that
        moved on unnoticed."""
        await self._periodically(TICK, self.tend, "cannot look for bots' turns")

    async def tend(self) -> None:
        """Claim and play the bots' turns whose lease expired (a process died) or that nobody
        holds; follow the games whose WebSockets this process holds that moved on."""
        for game_id, position in await self._db(self.turns.due, self.process, self.lease_time):
            try:
                room = await self.room(game_id)
            except NotFoundError:
                continue
            if room.version != position:
                await self._db(self.turns.release, self.process, game_id)
                continue
            room.lease = position
            self.kick_bots(room)
        held = [r for r in self.rooms.values() if r.subscribers and r.following is None]
        if held:
            serials = await self._db(self.games.serials, [r.id for r in held])
            for room in held:
                if serials.get(room.id, room.serial) != room.serial and room.following is None:
                    room.following = asyncio.create_task(self._follow(room, -1))

    # -- telling -------------------------------------------------------------------------

    async def payload(self, room: Room, viewer: Viewer, lang: str) -> str:
        """The viewer's payload as JSON text."""
        return (await self.run(room.payload_text, viewer, lang))[1]

    async def subscribe(self, room: Room, subscriber: Subscriber) -> None:
        """Add a WebSocket and send it the current payload."""
        room.subscribers.add(subscriber)
        await self._send(room, subscriber)

    def unsubscribe(self, room: Room, subscriber: Subscriber) -> None:
        """Forget a closed WebSocket."""
        room.subscribers.discard(subscriber)

    async def broadcast(self, room: Room) -> None:
        """Send every subscriber of ``room`` its payload if it has not seen this change;
        shared, tell the other processes first (only the game's id and version)."""
        if self.bus is not None and room.announced != room.changes:
            room.announced = room.changes
            self._spawn(self.bus.announce(room.id, room.serial))
        await self._push(room)

    async def _push(self, room: Room) -> None:
        await asyncio.gather(*(self._send(room, s) for s in list(room.subscribers)))

    async def _send(self, room: Room, sub: Subscriber) -> None:
        async with sub.lock:
            push = await self.run(room.push, sub)
            if push is None:
                return
            changes, text, seen = push
            try:
                async with asyncio.timeout(SEND_TIME):
                    await sub.send(text)
            except Exception:  # a closed socket, or one that does not take it: forget it
                room.subscribers.discard(sub)
                return
            sub.sent, sub.seen = changes, seen

    async def lobby(self, lang: str) -> list[dict[str, Any]]:
        """The games the lobby lists, newest change first (public information only)."""
        rows = await self.run(self.games.summaries, 50)
        out = []
        for row in rows:
            title = row.summary.get("title", {})
            joined = row.joined or (False,) * len(row.kinds)
            waiting = sum(
                1 for k, j in zip(row.kinds, joined, strict=False) if k == "human" and not j
            )
            status = "open" if row.status == "playing" and waiting else row.status
            out.append(
                {
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
                    "spectator_url": f"/games/{row.id}?token={row.spectator_token}",
                }
            )
        return out


def _typed_view(payload: str) -> str:
    """A payload as a socket message: ``{"type": "view", ...}`` (the API's view is untyped)."""
    return '{"type":"view",' + payload[1:] if payload != "{}" else '{"type":"view"}'


def _bot_key(room: Room, seat: int) -> str:
    """The name a far lane keeps the bot of ``seat`` under (a rebuilt room has new bots)."""
    return f"{room.id}/{seat}/{id(room.bots[seat]):x}"


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


def _question(room: Room, seat: int) -> tuple[int, View, list[Action], int]:
    """What a bot at ``seat`` decides from: the game's version, the seat's view, its
    legal actions (taken on the worker thread; the bot thinks on its own), and the seed of
    this decision (from the game's secret, the seat and the position)."""
    game = room.game
    seed = _bot_seed(game.setup.seed, seat, room.version)
    return room.version, game.view(seat), game.legal_actions(), seed


def _dicts(game: Game, events: list[Any]) -> list[dict[str, Any]]:
    """The JSON forms of the last ``len(events)`` events (the engine's cached ones)."""
    dicts = game.event_dicts()
    return dicts[len(dicts) - len(events) :] if events else []
