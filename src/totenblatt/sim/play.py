"""One game of a run, played by bots from its derived seed, as one result row.

A game plays on the fast path (:class:`~totenblatt.wanted.fast.FastGame`, its seats
:func:`~totenblatt.wanted.bots.fast_seats.fast_seat`) wherever its rules and every one of
its bots allow, else on the reference engine: the fast path refuses a game it does not
play (:class:`~totenblatt.wanted.fast.FastUnsupportedError`), so which games are fast is
the fast path's answer, not a list here. Both deal game *i* alike from its seed and
describe it in the same row.

:func:`play_chunk` is the single function every executor maps over game indices
(in-process, a process pool or a Dask cluster). A worker keeps the scenario and
ruleset objects of a run (by the spec's digest), so the table's path graph and
geometry caches are built once per worker, not once per game.

>>> from totenblatt.sim.spec import RunSpec
>>> spec = RunSpec.make("duel", bots=["heuristic", "random"], seed=3)
>>> row = play_one(spec, 0)
>>> row["game"], row["bots"], row["end_reason"] in ("last_side_standing", "round_limit")
(0, ['heuristic', 'random'], True)
>>> play_one(spec, 0) == row
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from totenblatt.sim.spec import PREVIOUS_HEURISTIC, RunSpec, derive_seed, make_bot
from totenblatt.wanted import Game, new_game
from totenblatt.wanted.bots.fast_seats import FastSeat, fast_seat
from totenblatt.wanted.engine.events import AttackResolved, FigureOut, RoundStarted, Wounded
from totenblatt.wanted.fast import FastGame, FastUnsupportedError, new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import Scenario

__all__ = [
    "GC_THRESHOLD",
    "MAX_DECISIONS",
    "Row",
    "fewer_collections",
    "on_fast_path",
    "play_chunk",
    "play_one",
]

Row = dict[str, Any]
"""One game's result (the Parquet columns, see :mod:`totenblatt.sim.rows`)."""

MAX_DECISIONS = 200_000
"""A game still running after this many decisions is recorded as ``unfinished``."""

_PREPARED: dict[str, tuple[Scenario, Ruleset]] = {}
_KINDS: dict[str, tuple[str, ...] | None] = {}
"""Per spec digest: the kinds of the figures when the fast path plays its games, else None
(it refused them)."""
_DEFEND = 3
"""The fast path's phase of a defence (``totenblatt.wanted.fast.game.DEFEND``)."""

GC_THRESHOLD = 10_000
"""Allocations between young-generation collections while a chunk plays (Python's default:
700). A game makes many short-lived objects and few cycles; see docs/performance.md."""


def _objects(spec: RunSpec) -> tuple[Scenario, Ruleset]:
    """The first scenario and ruleset objects this worker saw for the spec's digest."""
    found = _PREPARED.get(spec.key)
    if found is None:
        if len(_PREPARED) > 256:
            _PREPARED.clear()
        found = _PREPARED[spec.key] = (spec.scenario, spec.ruleset)
    return found


def on_fast_path(spec: RunSpec) -> bool:
    """Whether the fast path plays the rules of ``spec`` (its bots aside)."""
    return _fast_kinds(spec) is not None


def _fast_kinds(spec: RunSpec) -> tuple[str, ...] | None:
    if spec.key not in _KINDS:
        scenario, ruleset = _objects(spec)
        found: tuple[str, ...] | None
        try:
            new_fast_game(scenario, ruleset, 0)
        except FastUnsupportedError:
            found = None
        else:
            game = new_game(scenario, ruleset, 0)
            found = tuple(f.kind.value for f in game.state.figures)
        if len(_KINDS) > 256:
            _KINDS.clear()
        _KINDS[spec.key] = found
    return _KINDS[spec.key]


def _fast_seats(spec: RunSpec, index: int, names: Sequence[str]) -> list[FastSeat] | None:
    """The fast form of every bot of game ``index``, or None when one has none."""
    scenario, ruleset = _objects(spec)
    seats: list[FastSeat] = []
    for seat, name in enumerate(names):
        if name == PREVIOUS_HEURISTIC:
            return None
        seed = derive_seed(spec.seed, index, seat)
        found = fast_seat(name, seed, scenario, ruleset)
        if found is None:
            return None
        seats.append(found)
    return seats


def play_one(spec: RunSpec, index: int) -> Row:
    """Play game ``index`` of ``spec`` to its end and describe it (on the fast path
    wherever its rules and bots allow)."""
    scenario, ruleset = _objects(spec)
    seed = spec.game_seed(index)
    names = spec.bots_for(index)
    kinds = _fast_kinds(spec)
    if kinds is not None:
        seats = _fast_seats(spec, index, names)
        if seats is not None:
            fast = new_fast_game(scenario, ruleset, seed)
            return _play_fast(fast, seats, kinds, index, seed, names)
    game = new_game(scenario, ruleset, seed=seed)
    bots = [
        make_bot(name, derive_seed(spec.seed, index, seat), scenario, ruleset)
        for seat, name in enumerate(names)
    ]
    decisions = 0
    while decisions < MAX_DECISIONS:
        seat = game.to_act
        if seat is None:
            break
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        decisions += 1
    return _row(game, index, seed, names, decisions)


def play_chunk(spec: RunSpec, indices: Sequence[int]) -> list[Row]:
    """Play the games ``indices`` of ``spec`` one after another (one task of a worker)."""
    with fewer_collections():
        return [play_one(spec, index) for index in indices]


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect garbage less often while games play, then as before.

    What exists when it starts (tables, path graphs, caches) is frozen out of the
    collector's passes (``gc.freeze``, unless the caller froze objects of its own), and
    the young generation is collected every :data:`GC_THRESHOLD` allocations. Cycles are
    still collected: results are the same, only fewer passes run (about 6–10 % less CPU
    time a game, docs/performance.md).
    """
    old = gc.get_threshold()
    thaw = not gc.get_freeze_count()  # a caller's own frozen objects stay frozen
    if thaw:
        gc.freeze()
    gc.set_threshold(GC_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        if thaw:
            gc.unfreeze()


def _play_fast(
    game: FastGame,
    seats: Sequence[FastSeat],
    kinds: Sequence[str],
    index: int,
    seed: int,
    names: Sequence[str],
) -> Row:
    """Play a fast game to its end and describe it as :func:`_row` does a reference one."""
    first_dealer = game.dealer
    n = game.spec.n
    kills = [0] * n
    wounds = [0] * n
    by_name = game.spec.by_name
    attacks = game.spec.actions
    decisions = 0
    while decisions < MAX_DECISIONS and not game.is_over:
        action = seats[game.to_act].decide(game)
        pending = game.pending if game.phase == _DEFEND else None
        if pending is not None:
            attacker, target = pending[2], pending[3]
        elif attacks.attack <= action < attacks.move:  # may resolve at once (no defence)
            shot = game.shadow(action)
            attacker, target = by_name[shot.attacker], by_name[shot.target]
        else:
            game.play(action)
            decisions += 1
            continue
        # the wounds that land and a kill are the attacker's
        before, was_out = game.hp[target], game.out[target]
        game.play(action)
        taken_out = game.out[target] and not was_out
        wounds[attacker] += before - game.hp[target] + (1 if taken_out else 0)
        if taken_out:
            kills[attacker] += 1
        decisions += 1
    over = game.is_over
    spec = game.spec
    hp, out = game.hp, game.out
    seat_range = range(spec.seats)
    return {
        "game": index,
        "seed": seed,
        "bots": list(names),
        "winner": (game.winners[0] if game.winners else None) if over else None,
        "winners": list(game.winners) if over else [],
        "end_reason": game.end_reason if over else "unfinished",
        "rounds": game.round,
        "decisions": decisions,
        "first_dealer": first_dealer,
        "hp_left": [
            sum(hp[f] for f in range(n) if not out[f] and spec.fig_seat[f] == s) for s in seat_range
        ],
        "figures_left": [
            sum(1 for f in range(n) if not out[f] and spec.fig_seat[f] == s) for s in seat_range
        ],
        "figures": [
            {
                "name": spec.names[f],
                "seat": spec.fig_seat[f],
                "kind": kinds[f],
                "hp": 0 if out[f] else hp[f],
                "out": out[f],
                "kills": kills[f],
                "wounds_dealt": wounds[f],
            }
            for f in range(n)
        ],
    }


def _row(game: Game, index: int, seed: int, names: Sequence[str], decisions: int) -> Row:
    state = game.state
    kills: dict[str, int] = {}
    wounds: dict[str, int] = {}
    first_dealer = -1
    attacker: str | None = None
    for event in state.events:
        if isinstance(event, AttackResolved):
            attacker = event.attacker
        elif isinstance(event, Wounded):
            if attacker is not None:
                wounds[attacker] = wounds.get(attacker, 0) + 1
        elif isinstance(event, FigureOut):
            if event.killer is not None:
                kills[event.killer] = kills.get(event.killer, 0) + 1
                wounds[event.killer] = wounds.get(event.killer, 0) + 1
        elif isinstance(event, RoundStarted) and first_dealer < 0:
            first_dealer = event.dealer
        if not isinstance(event, (AttackResolved, Wounded)):
            attacker = None
    seats = range(game.seats)
    living = [f for f in state.figures if not f.out]
    over = game.is_over
    return {
        "game": index,
        "seed": seed,
        "bots": list(names),
        "winner": game.winner if over else None,
        "winners": list(game.winners) if over else [],
        "end_reason": game.end_reason if over else "unfinished",
        "rounds": game.round,
        "decisions": decisions,
        "first_dealer": first_dealer,
        "hp_left": [sum(f.hp for f in living if f.seat == s) for s in seats],
        "figures_left": [sum(1 for f in living if f.seat == s) for s in seats],
        "figures": [
            {
                "name": f.name,
                "seat": f.seat,
                "kind": f.kind.value,
                "hp": 0 if f.out else f.hp,
                "out": f.out,
                "kills": kills.get(f.name, 0),
                "wounds_dealt": wounds.get(f.name, 0),
            }
            for f in state.figures
        ],
    }
