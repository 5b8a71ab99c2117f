"""Decisions as values: the frozen actions a seat takes, and their JSON form.

The seat is implicit: an action is always taken by the seat to act (``Game.to_act``).

>>> from totenblatt.cards import Card
>>> a = Attack(Card.parse("Q♠"), attacker="Billy", target="Paco")
>>> action_from_dict(action_to_dict(a)) == a
True
>>> action_to_dict(Pass())
{'type': 'pass'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.cards import Card, CardParseError

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Attack",
    "Bid",
    "Concede",
    "Defend",
    "IllegalActionError",
    "Move",
    "MoveStep",
    "Pass",
    "Point",
    "Redraw",
    "Reveal",
    "Swap",
    "action_from_dict",
    "action_to_dict",
]

Point = tuple[float, float]
"""A point on the table in inches (x right, y up, origin bottom-left)."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the message quotes it and says why."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the decision at hand: keep the hand, bid no diamond, play no card, play no heart."""


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the whole hand, unseen, for the dead man's hand (Totenblatt, A3.3)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Play a diamond (Karo) or a joker face up to bid for the initiative (A4)."""

    card: Card


@dataclass(frozen=True, slots=True)
class MoveStep:
    """One figure's path (start first, its current position); ``hide`` declares it hidden (A7)."""

    figure: str
    path: tuple[Point, ...]
    hide: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """Play a club (Kreuz) or joker and move figures; the inches may be split (A6)."""

    card: Card
    steps: tuple[MoveStep, ...]


@dataclass(frozen=True, slots=True)
class Attack:
    """Play a spade (Pik) or joker: ``attacker`` shoots at the enemy ``target`` (A8)."""

    card: Card
    attacker: str
    target: str


@dataclass(frozen=True, slots=True)
class Defend:
    """Play a heart (Herz) or joker against the pending attack (A9)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Redraw:
    """Pay the redraw cost from ``payer`` to discard ``card`` and draw a replacement (A3.4, D-7)."""

    card: Card
    payer: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal a hidden figure, free, at any decision of its player (D-13)."""

    figure: str


@dataclass(frozen=True, slots=True)
class Concede:
    """Give up the fight: the seat's figures leave the game (A13)."""


Action = Pass | Swap | Bid | Move | Attack | Defend | Redraw | Reveal | Concede
"""Every kind of action."""

ACTION_TYPES: dict[str, type[Action]] = {
    "pass": Pass,
    "swap": Swap,
    "bid": Bid,
    "move": Move,
    "attack": Attack,
    "defend": Defend,
    "redraw": Redraw,
    "reveal": Reveal,
    "concede": Concede,
}
_TYPE_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action: ``{"type": "attack", "card": "Q♠", ...}``."""
    out: dict[str, Any] = {"type": _TYPE_NAMES[type(action)]}
    if isinstance(action, Bid | Defend | Redraw | Move | Attack):
        out["card"] = str(action.card)
    if isinstance(action, Attack):
        out["attacker"] = action.attacker
        out["target"] = action.target
    elif isinstance(action, Redraw):
        out["payer"] = action.payer
    elif isinstance(action, Reveal):
        out["figure"] = action.figure
    elif isinstance(action, Move):
        out["steps"] = [
            {"figure": s.figure, "path": [[x, y] for x, y in s.path], "hide": s.hide}
            for s in action.steps
        ]
    return out


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; ``ValueError`` says what is wrong with it."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}: expected one of {', '.join(ACTION_TYPES)}")
    try:
        if cls is Pass or cls is Swap or cls is Concede:
            return cls()
        if cls is Reveal:
            return Reveal(_text(data, "figure"))
        card = _card(data)
        if cls is Bid:
            return Bid(card)
        if cls is Defend:
            return Defend(card)
        if cls is Redraw:
            return Redraw(card, _text(data, "payer"))
        if cls is Attack:
            return Attack(card, _text(data, "attacker"), _text(data, "target"))
        return Move(card, tuple(_step(s) for s in _list(data, "steps")))
    except (KeyError, TypeError, CardParseError) as exc:
        raise ValueError(f"bad {kind} action {dict(data)!r}: {exc}") from None


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise TypeError(f"{key!r} must be text, got {value!r}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list | tuple):
        raise TypeError(f"{key!r} must be a list, got {value!r}")
    return list(value)


def _card(data: Mapping[str, Any]) -> Card:
    return Card.parse(_text(data, "card"))


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"a coordinate must be a number, got {value!r}")
    return float(value)


def _step(data: Any) -> MoveStep:
    if not isinstance(data, Mapping):
        raise TypeError(f"a move step must be an object, got {data!r}")
    path = []
    for point in _list(data, "path"):
        if not isinstance(point, list | tuple) or len(point) != 2:
            raise TypeError(f"a path point must be [x, y], got {point!r}")
        path.append((_number(point[0]), _number(point[1])))
    hide = data.get("hide", False)
    if not isinstance(hide, bool):
        raise TypeError(f"'hide' must be true or false, got {hide!r}")
    return MoveStep(_text(data, "figure"), tuple(path), hide)
