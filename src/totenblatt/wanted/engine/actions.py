"""Decisions as values: the frozen actions a seat takes, and their JSON form.

The seat is implicit: an action is always taken by the seat to act (``Game.to_act``).

>>> from totenblatt.cards import Card
>>> a = Attack(Card.parse("Q♠"), attacker="Billy", target="Paco")
>>> action_from_dict(action_to_dict(a)) == a
True
>>> action_to_dict(Pass())
{'type': 'pass'}
>>> action_to_dict(Defend(Card.parse("5♥"), covers=(Ability.COVER_2,)))
{'type': 'defend', 'card': '5♥', 'covers': ['cover_2']}

Fields of the extended rules (B1 abilities, D-5 per-character hands, D-27 partial
swaps) default to "not used" and are left out of the JSON form then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.cards import Card
from totenblatt.wanted.vocab import Ability

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Attack",
    "Bid",
    "Concede",
    "Defend",
    "IllegalActionError",
    "Keep",
    "Move",
    "MoveStep",
    "Pass",
    "Point",
    "Redraw",
    "Reveal",
    "Swap",
    "TemptFate",
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
    """Swap the whole hand, unseen, for the dead man's hand (Totenblatt, A3.3).

    ``cards``: a veteran's partial swap gives just these cards (D-27); ``figure``:
    whose hand (per-character mode, D-5).
    """

    cards: tuple[Card, ...] = ()
    figure: str | None = None


@dataclass(frozen=True, slots=True)
class Bid:
    """Play a diamond (Karo) or a joker face up to bid for the initiative (A4).

    ``wild``: a 2 played as a joker (B1 Wild 2); ``figure``: whose hand (per character).
    """

    card: Card
    wild: bool = False
    figure: str | None = None


@dataclass(frozen=True, slots=True)
class MoveStep:
    """One figure's path (start first, its current position); ``hide`` declares it hidden (A7)."""

    figure: str
    path: tuple[Point, ...]
    hide: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """Play a club (Kreuz) or joker and move figures; the inches may be split (A6).

    ``wild``: a 2 played as a joker (B1); ``figure``: whose hand, per character (D-5),
    needed only when nobody moves (else it is the moving figure).
    """

    card: Card
    steps: tuple[MoveStep, ...]
    wild: bool = False
    figure: str | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """Play a spade (Pik) or joker: ``attacker`` shoots at the enemy ``target`` (A8).

    ``wild``: a 2 played as a joker (B1 Wild 2).
    """

    card: Card
    attacker: str
    target: str
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Defend:
    """Play a heart (Herz) or joker against the pending attack (A9).

    B1: ``covers`` are the target's unused Cover abilities spent on this heart,
    ``extra`` the hand card Queen of Hearts adds, ``wild`` a 2 played as a joker.
    """

    card: Card
    covers: tuple[Ability, ...] = ()
    extra: Card | None = None
    wild: bool = False


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
class TemptFate:
    """B1 Tempt Fate, once per fight: give ``card`` and draw two, then :class:`Keep` one."""

    card: Card
    figure: str


@dataclass(frozen=True, slots=True)
class Keep:
    """B1 Tempt Fate, second step: keep ``card``, one of the two drawn (the other is discarded)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Concede:
    """Give up the fight: the seat's figures leave the game (A13)."""


Action = Pass | Swap | Bid | Move | Attack | Defend | Redraw | Reveal | TemptFate | Keep | Concede
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
    "tempt_fate": TemptFate,
    "keep": Keep,
    "concede": Concede,
}
_TYPE_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action: ``{"type": "attack", "card": "Q♠", ...}``."""
    out: dict[str, Any] = {"type": _TYPE_NAMES[type(action)]}
    if isinstance(action, Bid | Defend | Redraw | Move | Attack | TemptFate | Keep):
        out["card"] = str(action.card)
    if isinstance(action, Attack):
        out["attacker"] = action.attacker
        out["target"] = action.target
    elif isinstance(action, Redraw):
        out["payer"] = action.payer
    elif isinstance(action, Reveal | TemptFate):
        out["figure"] = action.figure
    elif isinstance(action, Move):
        out["steps"] = [
            {"figure": s.figure, "path": [[x, y] for x, y in s.path], "hide": s.hide}
            for s in action.steps
        ]
    elif isinstance(action, Swap) and action.cards:
        out["cards"] = [str(c) for c in action.cards]
    elif isinstance(action, Defend):
        if action.covers:
            out["covers"] = [a.value for a in action.covers]
        if action.extra is not None:
            out["extra"] = str(action.extra)
    if isinstance(action, Bid | Move | Attack | Defend) and action.wild:
        out["wild"] = True
    if isinstance(action, Bid | Move | Swap) and action.figure is not None:
        out["figure"] = action.figure
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
        if cls is Pass or cls is Concede:
            return cls()
        if cls is Swap:
            cards = (
                tuple(Card.parse(_str(c)) for c in _list(data, "cards")) if "cards" in data else ()
            )
            return Swap(cards, _optional(data, "figure"))
        if cls is Reveal:
            return Reveal(_text(data, "figure"))
        card = _card(data)
        wild = _flag(data, "wild")
        if cls is Bid:
            return Bid(card, wild, _optional(data, "figure"))
        if cls is Defend:
            covers = (
                tuple(Ability(_str(a)) for a in _list(data, "covers")) if "covers" in data else ()
            )
            extra = _optional(data, "extra")
            return Defend(card, covers, None if extra is None else Card.parse(extra), wild)
        if cls is Redraw:
            return Redraw(card, _text(data, "payer"))
        if cls is Attack:
            return Attack(card, _text(data, "attacker"), _text(data, "target"), wild)
        if cls is TemptFate:
            return TemptFate(card, _text(data, "figure"))
        if cls is Keep:
            return Keep(card)
        steps = tuple(_step(s) for s in _list(data, "steps"))
        return Move(card, steps, wild, _optional(data, "figure"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"bad {kind} action {dict(data)!r}: {exc}") from None


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise TypeError(f"{key!r} must be text, got {value!r}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {value!r}")
    return value


def _optional(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    return None if value is None else _str(value)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise TypeError(f"{key!r} must be true or false, got {value!r}")
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
