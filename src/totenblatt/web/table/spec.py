"""A new game as the lobby asks for it (:class:`GameSpec`), and who plays its seats.

A seat is a person's or a bot's (:data:`SEAT_KINDS`); a bot's seat gets the registry's bot
of its kind (:func:`seat_bots`), the lobby's hard one by rollouts (:func:`hard_bot
<totenblatt.wanted.bots.hard_bot>`, its budget chosen per scenario, wall time only as a
cap), each seeded from the game's secret alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.store.tables import WebGameTally
from totenblatt.wanted.bots import Bot, bot_seed, hard_bot, make_bot
from totenblatt.wanted.engine import Game
from totenblatt.wanted.rules import Ruleset, RulesetError, builtin_rulesets
from totenblatt.wanted.table.scenario import ScenarioError, load_scenario, scenario_names
from totenblatt.web.shell.errors import BusyError, InvalidError, TooManyRequestsError
from totenblatt.web.shell.limits import Limits
from totenblatt.web.shell.names import MAX_NAME, clean_text
from totenblatt.web.shell.words import LANGS

__all__ = [
    "HARD_BOT",
    "SEAT_ALIASES",
    "SEAT_KINDS",
    "GameSpec",
    "admission",
    "room_bot_seed",
    "seat_bots",
]

SEAT_KINDS = ("human", "bot", "random", "ismcts", "learned")
"""Who plays a seat: a person at a browser, the heuristic bot, the random bot, the search bot,
the server's learned policy (``totenblatt serve --learned PATH``)."""

HARD_BOT = "hard"
"""The registry's kind of the lobby's hard bot: the search on the fast path with its budget
in rollouts, chosen per scenario (:func:`~totenblatt.wanted.bots.hard_bot`; wall time only as
a cap, the hub's think time); rules the fast path does not play are searched by ISMCTSBot
itself."""

SEAT_ALIASES = {"hard": "ismcts"}
"""Other names a game's ``seats`` may use: the lobby's "hard" opponent is the search bot."""

_BOT_NAMES = {"bot": "heuristic", "random": "random"}
"""The bot registry's name (:func:`~totenblatt.wanted.bots.registry.make_bot`) of a seat kind
(the search's seat, ``ismcts``, is :data:`HARD_BOT`, made by ``hard_bot``)."""


def _bot_name(kind: str, learned: str | None) -> str | None:
    """The registry's name of a seat kind's bot (None: a person); a learned seat plays the
    server's policy (``totenblatt serve --learned PATH``), on a server without one the
    heuristic (a game stored by a server that had one)."""
    if kind == "learned":
        return f"learned:{learned}" if learned else _BOT_NAMES["bot"]
    return _BOT_NAMES.get(kind)


def room_bot_seed(secret: int, seat: int, actions: int) -> int:
    """The seed of a seat's bot, from the game's secret seed (:func:`bot_seed`, one-way).

    Hashed once more with the number of actions when the room is (re)built, so a bot
    rebuilt after a restart goes on with fresh choices instead of repeating its first.
    """
    return bot_seed(bot_seed(secret, seat), actions)


def seat_bots(game: Game, kinds: tuple[str, ...], learned: str | None) -> dict[int, Bot]:
    """The bots of ``game``'s seats of ``kinds`` (a learned seat plays ``learned``), by seat."""
    bots: dict[int, Bot] = {}
    secret = game.setup.seed
    for seat, kind in enumerate(kinds):
        seed = room_bot_seed(secret, seat, len(game.actions))
        if kind == "ismcts":
            bots[seat] = hard_bot(game.scenario, seed, ruleset=game.ruleset)
            continue
        name = _bot_name(kind, learned)
        if name is not None:
            bots[seat] = make_bot(name, seed, game.scenario, game.ruleset)
    return bots


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


def admission(spec: GameSpec, owner: str | None, limits: Limits) -> Callable[[WebGameTally], None]:
    """The check of :meth:`WebGames.create` for a game of ``spec`` by ``owner`` under
    ``limits`` (the table's and a campaign fight's alike)."""

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
