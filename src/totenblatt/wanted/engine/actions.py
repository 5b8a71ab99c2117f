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

One mechanism for every kind: ``@_kind("name")`` registers the class under its JSON
``type``, and its JSON form follows from its fields (in order; a field with a default
is left out while it has it), each read and written by the codec of its type. What a
kind *does* (its rule check, its effect, what the engine offers) is its entry in
:mod:`~totenblatt.wanted.engine.kinds`; a new kind is a class here and an entry there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, TypeVar

from totenblatt.cards import Card
from totenblatt.messages import MessageError
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


class IllegalActionError(MessageError):
    """An action that is not legal now; the text quotes it and says why.

    ``message`` (a :class:`~totenblatt.messages.Message`) says why in words for a person.
    """


_T = TypeVar("_T")
_Codec = tuple[Callable[[Any], Any], Callable[[str, Any], Any]]
"""How one field is written to JSON, and read back from (key, JSON value)."""


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    codec: _Codec
    default: Any
    """The default, or MISSING for a field every action of the kind names."""


_FIELDS: dict[type, tuple[str, tuple[_Field, ...]]] = {}
"""Per action class: its JSON ``type`` and the codecs of its fields."""


def _kind(name: str) -> Callable[[type[_T]], type[_T]]:
    """Register an action class under the JSON ``type`` ``name``, with its fields' codecs."""

    def register(cls: type[_T]) -> type[_T]:
        """Note ``cls``'s fields and their codecs under ``name``."""
        specs = []
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name.startswith("_"):
                continue  # not part of the action (a lazy move's plan)
            codec = _CODECS.get(f.type) if isinstance(f.type, str) else None
            if codec is None:
                raise TypeError(f"{cls.__name__}.{f.name}: no JSON codec for type {f.type!r}")
            specs.append(_Field(f.name, codec, f.default))
        _FIELDS[cls] = (name, tuple(specs))
        return cls

    return register


# -- the JSON codecs of the field types ---------------------------------------------------


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {value!r}")
    return value


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{key!r} must be text, got {value!r}")
    return value


def _optional(key: str, value: Any) -> str | None:
    return None if value is None else _str(value)


def _flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{key!r} must be true or false, got {value!r}")
    return value


def _list(key: str, value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"{key!r} must be a list, got {value!r}")
    return list(value)


MAX_COORDINATE = 1e6
"""The largest coordinate (inches) a saved path may hold; a table is at most 240" wide."""


def _short(value: Any, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters for a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"a coordinate must be a number, got {_short(value)}")
    if isinstance(value, int) and abs(value) > MAX_COORDINATE:
        raise ValueError(f"a coordinate must be a number within ±{MAX_COORDINATE:g}")
    number = float(value)
    if not math.isfinite(number) or abs(number) > MAX_COORDINATE:
        raise ValueError(f"a coordinate must be a finite number within ±{MAX_COORDINATE:g}")
    return number


def _step(data: Any) -> MoveStep:
    if not isinstance(data, Mapping):
        raise TypeError(f"a move step must be an object, got {_short(data)}")
    unknown = sorted(str(k) for k in data if k not in ("figure", "path", "hide"))
    if unknown:
        raise ValueError(
            f"unknown key {unknown[0]!r:.40} in a move step: expected figure, path, hide"
        )
    path = []
    for point in _list("path", data["path"]):
        if not isinstance(point, list | tuple) or len(point) != 2:
            raise TypeError(f"a path point must be [x, y], got {point!r}")
        path.append((_number(point[0]), _number(point[1])))
    hide = data.get("hide", False)
    if not isinstance(hide, bool):
        raise TypeError(f"'hide' must be true or false, got {hide!r}")
    return MoveStep(_text("figure", data["figure"]), tuple(path), hide)


def _step_json(step: MoveStep) -> dict[str, Any]:
    return {"figure": step.figure, "path": [[x, y] for x, y in step.path], "hide": step.hide}


def _same(value: Any) -> Any:
    return value


_CODECS: dict[str, _Codec] = {
    "str": (_same, _text),
    "str | None": (_same, _optional),
    "bool": (_same, _flag),
    "Card": (str, lambda key, value: Card.parse(_text(key, value))),
    "Card | None": (
        lambda card: None if card is None else str(card),
        lambda key, value: None if value is None else Card.parse(_str(value)),
    ),
    "tuple[Card, ...]": (
        lambda cards: [str(c) for c in cards],
        lambda key, value: tuple(Card.parse(_str(c)) for c in _list(key, value)),
    ),
    "tuple[Ability, ...]": (
        lambda abilities: [a.value for a in abilities],
        lambda key, value: tuple(Ability(_str(a)) for a in _list(key, value)),
    ),
    "tuple[MoveStep, ...]": (
        lambda steps: [_step_json(s) for s in steps],
        lambda key, value: tuple(_step(s) for s in _list(key, value)),
    ),
}
"""The codec of every field type an action uses (a new type needs its codec here)."""


@_kind("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the decision at hand: keep the hand, bid no diamond, play no card, play no heart."""


@_kind("swap")
@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the whole hand, unseen, for the dead man's hand (Totenblatt, A3.3).

    ``cards``: a veteran's partial swap gives just these cards (D-27); ``figure``:
    whose hand (per-character mode, D-5).
    """

    cards: tuple[Card, ...] = ()
    figure: str | None = None


@_kind("bid")
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


Plan = Callable[[], tuple[MoveStep, ...]]
"""How an offered move finds its steps (a pure function of the positions it was offered in)."""


@_kind("move")
@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """Play a club (Kreuz) or joker and move figures; the inches may be split (A6).

    ``wild``: a 2 played as a joker (B1); ``figure``: whose hand, per character (D-5),
    needed only when nobody moves (else it is the moving figure).

    The moves the engine offers are made by :meth:`offered`: their ``steps`` are
    found the first time they are read (``legal_actions()`` lists a fixed menu and
    only the move chosen needs its path). A lazy move equals, hashes, prints and
    saves exactly as the same move with its steps given.
    """

    card: Card
    steps: tuple[MoveStep, ...]
    wild: bool = False
    figure: str | None = None
    _plan: Plan | None = field(default=None, init=False, repr=False, compare=False)

    @staticmethod
    def offered(card: Card, plan: Plan, wild: bool = False, figure: str | None = None) -> Move:
        """A move whose steps ``plan()`` finds when they are first read."""
        move: Move = _new(Move)  # the engine offers dozens a decision: no __init__
        _set_card(move, card)
        _set_steps(move, None)
        _set_wild(move, wild)
        _set_figure(move, figure)
        _set_plan(move, plan)
        return move

    def _key(self) -> tuple[Card, tuple[MoveStep, ...], bool, str | None]:
        return (self.card, self.steps, self.wild, self.figure)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        assert isinstance(other, Move)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __getstate__(self) -> tuple[Any, ...]:
        return self._key()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(("card", "steps", "wild", "figure"), state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_plan", None)


_STEPS: Any = Move.__dict__["steps"]
"""The slot that holds a move's steps (None until a lazy move's plan has run)."""
_new = object.__new__
_set_card, _set_steps, _set_wild, _set_figure, _set_plan = (
    Move.__dict__[name].__set__ for name in ("card", "steps", "wild", "figure", "_plan")
)


def _steps_of(move: Move) -> tuple[MoveStep, ...]:
    steps: tuple[MoveStep, ...] | None = _STEPS.__get__(move, Move)
    if steps is None:
        plan = move._plan
        if plan is None:
            raise TypeError("a move needs its steps (a tuple of MoveStep)")
        steps = plan()
        _STEPS.__set__(move, steps)
        object.__setattr__(move, "_plan", None)
    return steps


setattr(Move, "steps", property(_steps_of, _STEPS.__set__, doc="Every moving figure's path."))  # noqa: B010


@_kind("attack")
@dataclass(frozen=True, slots=True)
class Attack:
    """Play a spade (Pik) or joker: ``attacker`` shoots at the enemy ``target`` (A8).

    ``wild``: a 2 played as a joker (B1 Wild 2).
    """

    card: Card
    attacker: str
    target: str
    wild: bool = False


@_kind("defend")
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


@_kind("redraw")
@dataclass(frozen=True, slots=True)
class Redraw:
    """Pay the redraw cost from ``payer`` to discard ``card`` and draw a replacement (A3.4, D-7).

    ``figure``: per character, whose hand holds ``card`` (default: the payer's); any
    figure of the seat in the game with enough HP may pay for any of the seat's hands.
    """

    card: Card
    payer: str
    figure: str | None = None


@_kind("reveal")
@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal a hidden figure, free, at any decision of its player (D-13)."""

    figure: str


@_kind("tempt_fate")
@dataclass(frozen=True, slots=True)
class TemptFate:
    """B1 Tempt Fate, once per fight: give ``card`` and draw two, then :class:`Keep` one."""

    card: Card
    figure: str


@_kind("keep")
@dataclass(frozen=True, slots=True)
class Keep:
    """B1 Tempt Fate, second step: keep ``card``, one of the two drawn (the other is discarded)."""

    card: Card


@_kind("concede")
@dataclass(frozen=True, slots=True)
class Concede:
    """Give up the fight: the seat's figures leave the game (A13)."""


Action = Pass | Swap | Bid | Move | Attack | Defend | Redraw | Reveal | TemptFate | Keep | Concede
"""Every kind of action."""

ACTION_TYPES: dict[str, type[Action]] = {name: cls for cls, (name, _) in _FIELDS.items()}
"""Every kind of action by its JSON ``type``."""


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action: ``{"type": "attack", "card": "Q♠", ...}``."""
    found = _FIELDS.get(type(action))
    if found is None:
        raise TypeError(f"{action!r} is not an action: expected one of {', '.join(ACTION_TYPES)}")
    name, specs = found
    out: dict[str, Any] = {"type": name}
    for spec in specs:
        value = getattr(action, spec.name)
        if spec.default is MISSING or value != spec.default:
            out[spec.name] = spec.codec[0](value)
    return out


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; ``ValueError`` says what is wrong with it."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be a JSON object, got {_short(data)}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(
            f"unknown action type {_short(kind)}: expected one of {', '.join(ACTION_TYPES)}"
        )
    names = ["type", *(spec.name for spec in _FIELDS[cls][1])]
    unknown = sorted(str(k) for k in data if k not in names)
    if unknown:
        raise ValueError(
            f"unknown key {unknown[0]!r:.40} in a {kind} action: expected {', '.join(names)}"
        )
    values: dict[str, Any] = {}
    try:
        for spec in _FIELDS[cls][1]:
            if spec.default is MISSING or spec.name in data:  # a missing field: KeyError
                values[spec.name] = spec.codec[1](spec.name, data[spec.name])
        return cls(**values)
    except KeyError as exc:
        raise ValueError(f"bad {kind} action {_short(dict(data))}: key {exc} is missing") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad {kind} action {_short(dict(data))}: {exc}") from None
