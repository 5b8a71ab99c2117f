"""What a feature may ask of the table's hub of games, as protocols.

The hub (:class:`~totenblatt.web.table.hub.Hub`) belongs to the table; the
application starts it and keeps it as ``app.state.hub``
(:func:`~totenblatt.web.app.create_app` checks that it is a :class:`GameHost`).
Features other than the table read it through these protocols (and ask for new games
with a :class:`GameSpec`), so they need not import the table: the analysis finds a game's
:class:`GameRoom`, the stories share the hub's store, bus and tasks, the tutorial creates
a stacked game, the campaign creates a fight it dealt itself (:data:`Dealt`, stored
:data:`Beside` its fight) and concedes for a seat (:meth:`GameHost.play`).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol, TypeVar

from totenblatt.store.tables import WebGames
from totenblatt.wanted.engine import Game
from totenblatt.wanted.rules import Ruleset, RulesetError, builtin_rulesets
from totenblatt.wanted.table.scenario import ScenarioError, load_scenario, scenario_names
from totenblatt.web.shell.bus import Bus
from totenblatt.web.shell.errors import InvalidError
from totenblatt.web.shell.limits import Limits
from totenblatt.web.shell.names import MAX_NAME, clean_text
from totenblatt.web.shell.words import LANGS

__all__ = [
    "SEAT_ALIASES",
    "SEAT_KINDS",
    "SETUP_READERS",
    "Beside",
    "Dealt",
    "GameHost",
    "GameRoom",
    "GameSpec",
    "SeatViewer",
    "read_setup",
]


SEAT_KINDS = ("human", "bot", "random", "ismcts", "learned")
"""Who plays a seat: a person at a browser, the heuristic bot, the random bot, the search bot,
the server's learned policy (``totenblatt serve --learned PATH``)."""

SEAT_ALIASES = {"hard": "ismcts"}
"""Other names a game's ``seats`` may use: the lobby's "hard" opponent is the search bot."""


Dealt = tuple[Game, str]
"""A game a feature dealt itself and its stored setup (a format of :data:`SETUP_READERS`)."""

Beside = Callable[[str], AbstractContextManager[object]]
"""What a feature stores beside a new game, given the game's id: entered before the game is
stored, it takes back what it stored when the game's storing fails (a campaign's fight)."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


SETUP_READERS: dict[str, Callable[[str], Game]] = {}
"""Readers of stored setups that are not an engine save, by how their text begins: a feature
whose games the engine cannot save registers one (a campaign fight's scenario is made of
its gangs, not loaded from a file). The reader deals the game; the hub replays its actions."""


def read_setup(setup: str) -> Game:
    """The dealt game of a stored setup: an engine save, or a format a feature registered."""
    for prefix, reader in SETUP_READERS.items():
        if setup.startswith(prefix):
            return reader(setup)
    return Game.from_json(setup)


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


class SeatViewer(Protocol):
    """Who is asking: a seat, or a spectator (``seat`` None)."""

    @property
    def seat(self) -> int | None:
        """The seat, None for a spectator."""


class GameRoom(Protocol):
    """One game of the hub: its id, the game, its language and who its tokens belong to."""

    @property
    def id(self) -> str:
        """The game's id."""

    @property
    def game(self) -> Game:
        """The game itself (the core's)."""

    @property
    def lang(self) -> str:
        """The game's language."""

    @property
    def spectator_token(self) -> str:
        """The spectators' token (its link is shown to the game's creator)."""

    def viewer(self, token: str | None) -> SeatViewer:
        """The seat (or spectator) ``token`` belongs to; a 403 if none."""

    def labels(self, lang: str) -> list[str]:
        """The seats' names in ``lang``."""


class GameHost(Protocol):
    """The hub of games as the features see it: its games, its store, its bus, its tasks."""

    @property
    def games(self) -> WebGames:
        """The stored games (and through them the server's database)."""

    @property
    def limits(self) -> Limits:
        """The server's limits (new games, actions, idle time)."""

    @property
    def seeds(self) -> Callable[[], int]:
        """Where new games' secret seeds come from."""

    async def run(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run engine or database work on the hub's worker thread."""

    @property
    def shared(self) -> bool:
        """Whether several server processes share the database (PostgreSQL)."""

    @property
    def bus(self) -> Bus | None:
        """The notices between the processes (None: one process)."""

    @property
    def others(self) -> dict[str, Callable[[str, int], None]]:
        """Listeners for the bus's notices of other kinds than games, by kind."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the hub's (cancelled when the hub stops)."""

    async def room(self, game_id: str) -> GameRoom:
        """The game ``game_id`` (a 404 if there is none)."""

    async def create(
        self,
        spec: GameSpec,
        client: str | None = None,
        *,
        dealt: Dealt | None = None,
        beside: Beside | None = None,
    ) -> tuple[GameRoom, list[str | None]]:
        """A new game of ``spec`` asked for by ``client`` (its address key); the seats'
        tokens (None for bots), shown only now. ``dealt``: the game and its setup as a
        feature dealt it (None: the hub deals ``spec``); ``beside``: what the feature stores
        with it (see :data:`Beside`)."""

    async def play(
        self, game_id: str, token: str | None, raw: Any, lang: str | None = None
    ) -> list[dict[str, Any]]:
        """Apply one action of the seat ``token`` holds in the game ``game_id`` (refused as
        at the table); the new events that seat may see."""
