"""A new game as the lobby asks for it (:class:`GameSpec`), and who plays its seats.

A seat is a person's or a bot's (:data:`SEAT_KINDS`); a bot's seat gets the registry's bot
of its kind (:func:`seat_bots`), the lobby's hard one by rollouts (:func:`hard_bot
<totenblatt.wanted.bots.hard_bot>`, its budget chosen per scenario, wall time only as a
cap), each seeded from the game's secret alone.
"""

from __future__ import annotations

from collections.abc import Callable

from totenblatt.store.table_records import WebGameTally
from totenblatt.wanted.bots import Bot, bot_seed, hard_bot, make_bot
from totenblatt.wanted.engine import Game
from totenblatt.web.shell.errors import BusyError, TooManyRequestsError, WebError
from totenblatt.web.shell.games import SEAT_ALIASES, SEAT_KINDS, GameSpec
from totenblatt.web.shell.limits import Limits

__all__ = [
    "HARD_BOT",
    "SEAT_ALIASES",
    "SEAT_KINDS",
    "GameSpec",
    "admission",
    "room_bot_seed",
    "seat_bots",
]

HARD_BOT = "hard"
"""The registry's kind of the lobby's hard bot: the search on the fast path with its budget
in rollouts, chosen per scenario (:func:`~totenblatt.wanted.bots.hard_bot`; wall time only as
a cap, the hub's think time); rules the fast path does not play are searched by ISMCTSBot
itself."""

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


def admission(spec: GameSpec, owner: str | None, limits: Limits) -> Callable[[WebGameTally], None]:
    """The check of :meth:`WebGames.create` for a game of ``spec`` by ``owner`` under
    ``limits`` (the table's and a campaign fight's alike)."""

    def admit(tally: WebGameTally) -> None:
        mine = owner is not None
        refusals: list[tuple[bool, type[WebError], str]]
        if "human" in spec.kinds:
            refusals = [
                (
                    mine and tally.games_of_owner >= limits.share,
                    TooManyRequestsError,
                    f"your address already holds {tally.games_of_owner} unfinished games "
                    f"(at most {limits.share} per address, so that others find a place): "
                    "finish or leave some first",
                ),
                (
                    tally.playing >= limits.max_playing,
                    BusyError,
                    f"the server already runs {limits.max_playing} games: finish some first",
                ),
            ]
        else:
            refusals = [
                (
                    tally.bot_games >= limits.bot_games,
                    BusyError,
                    f"the server already runs {limits.bot_games} games of bots only "
                    "(the most it runs): watch one, or try again when one has ended",
                ),
                (
                    mine and tally.bot_games_of_owner >= limits.bot_games_per_client,
                    TooManyRequestsError,
                    f"your address already runs {tally.bot_games_of_owner} games of bots only "
                    f"(at most {limits.bot_games_per_client} at a time): try again when one "
                    "has ended",
                ),
            ]
        for refused, error, message in refusals:
            if refused:
                raise error(message, retry_after=60)

    return admit
