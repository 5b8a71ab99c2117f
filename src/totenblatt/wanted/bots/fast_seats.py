"""Bots that decide on a :class:`~totenblatt.wanted.fast.FastGame` itself: the lab's seats.

A fast seat answers ``decide(game)`` with a legal id of ``game.legal_actions()`` for the
seat to act, from what that seat may know (its hand, the public table, the cards it has
seen). :func:`fast_seat` makes the one of a bot's name, or ``None`` when the bot has no
form on the fast path (then a game is played on the reference engine):

* ``random``: uniformly random legal ids, never conceding (as
  :class:`~totenblatt.wanted.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~totenblatt.wanted.bots.fast_policy.FastPolicy`, the heuristic's
  rules of thumb on the fast path, under every rule the fast path plays (abilities B1,
  hero types B2, D-27, hands per player or per character D-5). Where both bots see the
  same menu — the swap (whole or partial, a figure's hand), the defence (a heart, Cover,
  Queen of Hearts, a wild 2), Tempt Fate and its keep — it makes the heuristic's choice
  (tested choice for choice on seeded positions); its bids follow a rougher defence
  estimate, and its moves go to the board's destinations, not the reference engine's
  menu, so there it is another bot of the same kind (docs/bots.md measures its strength
  against the heuristic);
* ``learned:PATH``: the policy on the true game (its observation is the seat's own).

The search bots decide from a reference view (their worlds are dealt from it) and the
heuristic of before (``heuristic-v1``) has no fast form: games with them stay on the
reference engine (their rollouts are on the fast path all the same with ``fast-ismcts``).

>>> from totenblatt.wanted.fast import new_fast_game
>>> game = new_fast_game("duel", seed=3)
>>> seats = [fast_seat("random", 1), fast_seat("heuristic", 2)]
>>> while not game.is_over:
...     game.play(seats[game.to_act].decide(game))
>>> game.winners in ((0,), (1,), ())
True
>>> fast_seat("ismcts:50", 1) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.fast.actions import CONCEDE

if TYPE_CHECKING:
    from totenblatt.wanted.bots.learned import LearnedBot
    from totenblatt.wanted.engine.game import Game
    from totenblatt.wanted.fast import FastGame
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "FastHeuristic",
    "FastLearned",
    "FastRandom",
    "FastSeat",
    "fast_bots",
    "fast_seat",
    "play_on_fast_path",
]


class FastSeat(Protocol):
    """A bot on the fast path."""

    def decide(self, game: FastGame) -> int:
        """A legal id for the seat to act in ``game``."""
        ...


class FastRandom:
    """Uniformly random legal ids from its own seeded generator, never conceding while
    another choice is left."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, game: FastGame) -> int:
        """A random legal id."""
        legal = game.legal_actions()
        if CONCEDE in legal and len(legal) > 1:
            legal = [a for a in legal if a != CONCEDE]
        return legal[self.rng.randrange(len(legal))]


class FastHeuristic:
    """:class:`FastPolicy` as a seat (deterministic; the seed is kept for the signature)."""

    def __init__(self, seed: int = 0) -> None:
        self.policy = FastPolicy(seed)

    def decide(self, game: FastGame) -> int:
        """The policy's choice for the seat to act."""
        return self.policy.choose(game)


class FastLearned:
    """A learned policy deciding on the true fast game (it encodes only the seat's view)."""

    def __init__(self, bot: LearnedBot) -> None:
        self.bot = bot

    def decide(self, game: FastGame) -> int:
        """The policy's most likely legal slot as an id."""
        return self.bot.decide(game, game.to_act)


def fast_seat(
    name: str,
    seed: int,
    scenario: str | Path | Scenario | None = None,
    ruleset: str | Path | Ruleset | None = None,
) -> FastSeat | None:
    """The fast form of the bot ``name`` (a registry name), or ``None`` when it has none.

    A ``learned`` bot is made by the registry (its checks and errors:
    :class:`~totenblatt.wanted.bots.learned.PolicyError`,
    :class:`~totenblatt.wanted.fast.FastUnsupportedError`).
    """
    kind = name.strip().partition(":")[0].lower()
    if kind == "random":
        return FastRandom(seed)
    if kind == "heuristic" and ":" not in name:
        return FastHeuristic(seed)
    if kind == "learned":
        from totenblatt.wanted.bots.learned import LearnedBot
        from totenblatt.wanted.bots.registry import make_bot

        bot = make_bot(name, seed, scenario, ruleset)
        assert isinstance(bot, LearnedBot)
        return FastLearned(bot)
    return None


def fast_bots(
    names: Sequence[str],
    seeds: Sequence[int],
    scenario: str | Path | Scenario | None = None,
    ruleset: str | Path | Ruleset | None = None,
) -> list[FastSeat] | None:
    """The fast form of every seat's bot (``names[i]`` seeded ``seeds[i]``), or None when
    one has none."""
    out: list[FastSeat] = []
    for name, seed in zip(names, seeds, strict=True):
        found = fast_seat(name, seed, scenario, ruleset)
        if found is None:
            return None
        out.append(found)
    return out


def play_on_fast_path(
    game: Game, seats: Sequence[FastSeat], *, max_decisions: int = 100_000
) -> Game:
    """Let fast seats play ``game`` to its end: they decide on a fast copy, and every id's
    shadow (the reference engine's action it stands for, legal there at the same cost) is
    applied to ``game`` as well, so ``game`` ends with every event of the reference engine
    (for a narration, a record). Raises
    :class:`~totenblatt.wanted.fast.FastUnsupportedError` before any decision when the fast
    path does not play the game's rules (then ``game`` is untouched).

    >>> from totenblatt.wanted.engine.game import new_game
    >>> game = play_on_fast_path(new_game("duel", seed=2), fast_bots(["heuristic"] * 2, [1, 2]))
    >>> game.is_over
    True
    """
    from totenblatt.wanted.fast import FastGame

    fast = FastGame.from_game(game)
    if len(seats) != fast.seats:
        raise ValueError(f"{len(seats)} bots for {fast.seats} seats")
    for _ in range(max_decisions):
        if fast.is_over:
            return game
        action = seats[fast.to_act].decide(fast)
        game.apply(fast.shadow(action))
        fast.play(action)
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")
