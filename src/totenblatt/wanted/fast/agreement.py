"""The fast path played beside the reference engine: the proof that the two agree.

:func:`play_both` plays a reference game and its fast copy side by side with random fast
ids (never Concede, but with a chance ``concede`` a decision): the reference game
applies each id's shadow, after every decision both must have logged the same events,
and before it both must offer the same actions of every kind but moves (the fast menu of
moves is the board's destinations) and agree on whether a move is offered; at every
``every_move``-th decision every offered fast move's shadow must be legal in the
reference engine at the same cost. The tests play a few dozen games so,
``python -m benchmarks.fast_agreement`` thousands (docs/performance.md).

:func:`cells` is the agreement walk (issue 41): every scenario, both built-in rulesets,
both hand modes (D-5), each with the ruleset as it is and with every field of the ruleset
changed from its value alone (:func:`field_changes`); :func:`walk_cell` plays a cell's
games on both or checks that the fast path refuses it, by the name of the rule (a field it
does not honour, an ability, a hero type) and exactly where :func:`fast_refusal` says so.
A new ruleset field is thus either honoured (and played here) or refused by its name.

>>> from totenblatt.wanted.engine.game import new_game
>>> played = play_both(new_game("duel", seed=3), 3, every_move=5)
>>> played.fast.is_over, played.decisions > 0, played.shadows > 0
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.engine.actions import Move
from totenblatt.wanted.engine.events import AbilityDrawn
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.fast.actions import CONCEDE
from totenblatt.wanted.fast.game import (
    FAST_ABILITIES,
    FastGame,
    FastUnsupportedError,
    fast_refusal,
    honoured,
    new_fast_game,
    ruleset_fields,
)

if TYPE_CHECKING:
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import FigureSpec, Scenario

__all__ = [
    "SCENARIOS",
    "Cell",
    "CellResult",
    "DisagreementError",
    "Played",
    "cells",
    "extended_scenarios",
    "field_changes",
    "play_both",
    "walk_cell",
]

SCENARIOS = ("duel", "gangs", "heroes", "three-way")
"""The built-in scenarios the walk covers (campaign fights: ``benchmarks/fast_agreement.py``
and the tests build them from their templates, a layer above this one)."""


class DisagreementError(AssertionError):
    """The fast path and the reference engine differ (what differs is the message)."""


@dataclass(frozen=True)
class Played:
    """A game played on both: the fast copy at its end, its decisions, move shadows checked."""

    fast: FastGame
    decisions: int
    shadows: int


def _agree(holds: bool, what: str) -> None:
    if not holds:
        raise DisagreementError(what)


def play_both(
    game: Game, seed: int, *, every_move: int = 0, concede: float = 0.0, limit: int = 5_000
) -> Played:
    """Play ``game`` and its fast copy side by side (at most ``limit`` decisions);
    :class:`DisagreementError` at the first difference."""
    fast = FastGame.from_game(game, record=True)
    rng = random.Random(seed)
    start = len(game.events)
    decisions = shadows = 0
    while not game.is_over and decisions < limit:
        _agree(fast.to_act == game.to_act, "a different seat to act")
        _agree(fast.phase == list(type(game.phase)).index(game.phase), "a different phase")
        ids = fast.legal_actions()
        _agree(len(set(ids)) == len(ids), "an id is offered twice")
        offered = [fast.shadow(a) for a in ids]
        reference = game.legal_actions()
        _agree(
            {a for a in offered if not isinstance(a, Move)}
            == {a for a in reference if not isinstance(a, Move)},
            "different actions offered",
        )
        _agree(
            any(isinstance(a, Move) for a in offered)
            == any(isinstance(a, Move) for a in reference),
            "a move offered by one only",
        )
        if every_move and decisions % every_move == 0:
            shadows += _check_moves(game, fast, offered)
        options = [a for a in ids if a != CONCEDE] or ids
        if concede and rng.random() < concede:
            options = [CONCEDE]
        action = rng.choice(options)
        game.apply(fast.shadow(action))
        fast.apply(action)
        _agree(list(game.events[start:]) == fast.log, "different events")
        decisions += 1
    if game.is_over:
        _agree(fast.is_over, "the fast game goes on")
        _agree(fast.winners == game.winners, "different winners")
        _agree(fast.end_reason == game.end_reason, "a different end")
    return Played(fast, decisions, shadows)


def _check_moves(game: Game, fast: FastGame, offered: list[object]) -> int:
    """Every offered fast move's shadow is legal in ``game`` at the board's cost; how many."""
    seat = game.to_act
    _agree(seat is not None, "nobody to act")
    assert seat is not None
    board = fast.spec.board
    checked = 0
    for shadow in offered:
        if isinstance(shadow, Move) and shadow.steps:
            _agree(game.why_illegal(shadow) is None, f"illegal shadow {shadow!r}")
            step = shadow.steps[0]
            here = fast.pos[fast.spec.by_name[step.figure]]
            cost = board.cost(here, board.index[step.path[-1]])
            _agree(step_costs(game.state, seat, shadow.steps) == (cost,), "another cost")
            checked += 1
    return checked


# -- the walk over every field, scenario, ruleset and hand mode (issue 41) ---------------


def extended_scenarios() -> list[Scenario]:
    """Built-in tables with the extended rules' figures: the duel with both figures given
    one ability (each of B1's fourteen); the duel with a hero on each side (each type, B2),
    given abilities the fast path plays or drawing its own; the gangs, each led by a
    gunslinger, every figure two abilities of those the fast path plays."""
    from dataclasses import replace

    from totenblatt.wanted.table.scenario import load_scenario
    from totenblatt.wanted.vocab import Ability, HeroType

    duel = load_scenario("duel")
    out = []
    for ability in Ability:
        figures = tuple(replace(f, abilities=(ability,)) for f in duel.figures)
        out.append(replace(duel, name=f"duel+{ability.value}", figures=figures))
    played = sorted(FAST_ABILITIES)
    for kind in (HeroType.GUNSLINGER, HeroType.VETERAN):
        given = tuple(played[:2])
        figures = tuple(replace(f, kind=kind, abilities=given) for f in duel.figures)
        out.append(replace(duel, name=f"duel+{kind.value}", figures=figures))
        figures = tuple(replace(f, kind=kind) for f in duel.figures)
        out.append(replace(duel, name=f"duel+{kind.value}+drawn", figures=figures))
    gangs = load_scenario("gangs")
    members: list[FigureSpec] = []
    for i, f in enumerate(gangs.figures):
        leader = all(g.seat != f.seat for g in gangs.figures[:i])
        kind = HeroType.GUNSLINGER if leader else HeroType.COWBOY
        given = (played[i % len(played)], played[(3 * i + 1) % len(played)])
        members.append(replace(f, kind=kind, abilities=given))
    out.append(replace(gangs, name="gangs+abilities", figures=tuple(members)))
    return out


_OTHER_WORD = {
    "cards.reshuffle": "when_empty",
    "round.hand_mode": "per_character",
    "movement.measure": "centre",
}


def _candidates(field: str, value: Any) -> list[Any]:
    """Values to try for ``field`` other than ``value``, the first valid one is taken."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 2]
    if isinstance(value, float):
        return [value + 1.0, value - 0.5]
    if isinstance(value, str):
        other = _OTHER_WORD.get(field)
        if other is not None:
            return [other]
        return [value + " II"] if field.endswith(("label", "label_de")) else []
    if isinstance(value, dict):  # the ability table: two cards' abilities swapped
        swapped = dict(value)
        swapped["2"], swapped["8"] = value["8"], value["2"]
        return [swapped]
    if isinstance(value, tuple):
        if field.endswith("aliases"):
            return [(*value, "shooter")]
        if value and all(isinstance(v, float) for v in value):
            return [tuple(v + 1.0 for v in value)]
        out = []
        for i, v in enumerate(value):  # a modifier: one band changed
            changed = 0 if v == "miss" else v + 1
            out.append((*value[:i], changed, *value[i + 1 :]))
        return out
    return []


def _set(data: dict[str, Any], field: str, value: Any) -> None:
    *path, leaf = field.split(".")
    for key in path:
        data = data[key]
    data[leaf] = value


def field_changes(rules: Ruleset) -> list[tuple[str, Ruleset | None]]:
    """Every field of ``rules`` (:func:`ruleset_fields`) with ``rules`` changed in that field
    alone to another valid value; None for a field that has no other (``number_values``)."""
    from totenblatt.wanted.rules import Ruleset

    out: list[tuple[str, Ruleset | None]] = []
    for field, value in ruleset_fields(rules).items():
        found = None
        for candidate in _candidates(field, value):
            data = rules.model_dump(mode="python")
            _set(data, field, candidate)
            try:
                found = Ruleset.model_validate(data)
            except ValueError:  # pydantic's ValidationError, a MessageError
                continue
            break
        out.append((field, found))
    return out


@dataclass(frozen=True)
class Cell:
    """One cell of the walk: a scenario under a ruleset (``field`` changed alone, or None)."""

    scenario: str | Scenario
    ruleset: str
    hand_mode: str
    field: str | None
    rules: Ruleset

    @property
    def label(self) -> str:
        """``scenario/ruleset/hand mode/field``."""
        name = self.scenario if isinstance(self.scenario, str) else self.scenario.name
        return f"{name}/{self.ruleset}/{self.hand_mode}/{self.field or '-'}"


def cells(
    scenarios: Sequence[str | Scenario] | None = None,
    rulesets: Sequence[str] = ("base", "extended"),
    hand_modes: Sequence[str] = ("per_player", "per_character"),
) -> Iterator[Cell]:
    """Every cell of the walk, the ruleset as it is first and then each field changed
    (``round.hand_mode`` is its own axis); ``scenarios`` by default :data:`SCENARIOS` and
    :func:`extended_scenarios`."""
    from totenblatt.wanted.rules import Ruleset

    if scenarios is None:
        scenarios = [*SCENARIOS, *extended_scenarios()]

    for ruleset in rulesets:
        for mode in hand_modes:
            rules = Ruleset.load(ruleset).with_options(hand_mode=mode)
            changes: list[tuple[str | None, Ruleset | None]] = [(None, rules)]
            changes += [(f, r) for f, r in field_changes(rules) if f != "round.hand_mode"]
            for scenario in scenarios:
                for field, changed in changes:
                    if changed is not None:
                        yield Cell(scenario, ruleset, mode, field, changed)


@dataclass(frozen=True)
class CellResult:
    """What a cell gave: games played on both (and their decisions), or why none were."""

    cell: Cell
    games: int
    decisions: int
    refused: str | None
    """The fast path's refusal (a rule it does not play, named), or None."""
    no_game: str | None
    """Why the reference engine sets no game up (heroes without the extended rules)."""


def walk_cell(cell: Cell, seeds: Sequence[int], *, every_move: int = 0) -> CellResult:
    """Play ``cell``'s games on both (:func:`play_both`), or check that the fast path refuses
    it by name: :class:`DisagreementError` at the first difference or a refusal that is not
    where it belongs. A field the fast path does not honour must be refused by its name;
    :func:`fast_refusal` must say what ``FastGame.from_game`` raises; the first game is also
    dealt by :func:`new_fast_game` and must be the reference engine's deal."""
    try:
        first = new_game(cell.scenario, cell.rules, seed=seeds[0])
    except ValueError as exc:  # ScenarioError, RulesetError: the reference sets no game up
        return CellResult(cell, 0, 0, None, str(exc).splitlines()[0])
    said = fast_refusal(cell.scenario, cell.rules)
    if cell.field is not None and not honoured(cell.field):
        _agree(
            said is not None and cell.field in said,
            f"{cell.label}: field {cell.field} is not honoured and not refused ({said})",
        )
    # a hero given no abilities draws them (B2): fast_refusal refuses what it might draw
    drawn = any(isinstance(e, AbilityDrawn) for e in first.events)
    try:
        FastGame.from_game(first)
    except FastUnsupportedError as exc:
        _agree(
            said is not None and (drawn or str(exc).startswith(said)),
            f"{cell.label}: refused as {exc} where fast_refusal says {said}",
        )
        return CellResult(cell, 0, 0, str(exc), None)
    _agree(said is None or drawn, f"{cell.label}: played where fast_refusal says {said}")
    dealt = new_fast_game(cell.scenario, cell.rules, seeds[0])
    copied = FastGame.from_game(first)
    for name in ("pos", "hp", "hands", "draw", "dead", "dealer", "phase", "to_act"):
        _agree(getattr(dealt, name) == getattr(copied, name), f"{cell.label}: another {name}")
    decisions = games = 0
    for i, seed in enumerate(seeds):
        game = first if i == 0 else new_game(cell.scenario, cell.rules, seed=seed)
        concede = 0.01 if seed % 7 == 0 else 0.0
        try:
            played = play_both(game, seed, every_move=every_move, concede=concede)
        except DisagreementError as exc:
            raise DisagreementError(f"{cell.label} seed {seed}: {exc}") from None
        except FastUnsupportedError as exc:  # another seed's hero drew another ability
            _agree(drawn and said is not None, f"{cell.label} seed {seed}: refused as {exc}")
            continue
        decisions += played.decisions
        games += 1
    return CellResult(cell, games, decisions, None, None)
