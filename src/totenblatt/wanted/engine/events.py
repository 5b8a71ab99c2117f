"""What happened: frozen events, public or private to one seat, and their JSON form.

Private events (``PRIVATE = True``) carry a ``seat`` and are shown only to it;
referee events (``REFEREE = True``: the seed) are shown to no seat at all.
Fields added for the extended rules (metadata :data:`EXTENDED`) are left out of the JSON
form while they hold their default, so base games log exactly what they did.

>>> from totenblatt.cards import Card
>>> event_to_dict(BidPlaced(seat=1, card=Card.parse("K♦")))
{'type': 'bid_placed', 'seat': 1, 'card': 'K♦'}
>>> visible_to(HandDealt(seat=0, cards=()), 1)
False
>>> any(visible_to(GameSeeded(seed=7), seat) for seat in range(8))
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from totenblatt.cards import Card
from totenblatt.codec import EXTENDED, SECRET, Codec
from totenblatt.wanted.engine.actions import Point

__all__ = [
    "CODEC",
    "EXTENDED",
    "AbilityDrawn",
    "AttackDeclared",
    "AttackResolved",
    "BidPassed",
    "BidPlaced",
    "CardRedrawn",
    "CardsDealt",
    "Conceded",
    "DeckShuffled",
    "DecksAdded",
    "DefencePlayed",
    "DefensePlayed",
    "DiscardsReshuffled",
    "Event",
    "FateDrawn",
    "FateKept",
    "FateTempted",
    "FigureHandDealt",
    "FigureMove",
    "FigureOut",
    "FigureRevealed",
    "FiguresMoved",
    "GameEnded",
    "GameSeeded",
    "GameStarted",
    "HandDealt",
    "HandDiscarded",
    "HandSwapped",
    "HpGained",
    "InitiativeWon",
    "NineLivesDrawn",
    "NothingPlayed",
    "PiperPaid",
    "RedrawPaid",
    "RoundEnded",
    "RoundStarted",
    "SeatOut",
    "SwapDeclined",
    "SwapReceived",
    "Wounded",
    "event_from_dict",
    "event_to_dict",
    "public_event_dict",
    "visible_to",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; public unless the class says ``PRIVATE`` (or ``REFEREE``)."""

    PRIVATE: ClassVar[bool] = False
    REFEREE: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A new game: scenario, ruleset, seats and their teams, number of decks (never the seed)."""

    scenario: str
    ruleset: str
    seats: int
    teams: tuple[int, ...]
    decks: int


@dataclass(frozen=True, slots=True)
class GameSeeded(Event):
    """The game's secret seed, which decides every shuffle: in the referee's log, seen by no seat.

    Whoever knows it can deal every hand of the game, so no view holds it.
    """

    PRIVATE: ClassVar[bool] = True
    REFEREE: ClassVar[bool] = True
    seed: int = field(metadata=SECRET)


@dataclass(frozen=True, slots=True)
class DecksAdded(Event):
    """D-2: the deal needs more cards than the deck holds, so whole decks were added."""

    decks: int
    needed: int


@dataclass(frozen=True, slots=True)
class AbilityDrawn(Event):
    """B2: a hero's missing starting ability, drawn from the number cards 2-10 at set-up."""

    figure: str
    card: Card
    ability: str


@dataclass(frozen=True, slots=True)
class PiperPaid(Event):
    """B1 Pay the Piper, D-38: at set-up the figure's HP maximum and HP rose by ``amount``."""

    figure: str
    amount: int
    hp: int
    hp_max: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A3: a round begins with this dealer (Kartengeber)."""

    round: int
    dealer: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """D-3: all cards gathered and shuffled into the draw pile."""

    cards: int


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled(Event):
    """The draw pile ran out: the discard pile was shuffled in (D-3)."""

    cards: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """A3.2: how many cards each seat got (0 for seats out) and the dead man's hand."""

    hands: tuple[int, ...]
    dead_hand: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """The seat's own new hand."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FigureHandDealt(Event):
    """D-5 per character: the new hand of one of the seat's figures (the seat's view)."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    figure: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandSwapped(Event):
    """A3.3: the seat swapped its hand for the dead man's hand; nobody else may this round.

    ``given`` is the number of cards of a partial swap (D-27), 0 for the whole hand;
    ``figure`` the figure whose hand it was (per-character mode).
    """

    seat: int
    given: int = field(default=0, metadata=EXTENDED)
    figure: str | None = field(default=None, metadata=EXTENDED)


@dataclass(frozen=True, slots=True)
class SwapReceived(Event):
    """The swapper's view: the cards discarded face down (D-6) and the hand received."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    discarded: tuple[Card, ...]
    received: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SwapDeclined(Event):
    """The seat kept its hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class RedrawPaid(Event):
    """A3.4, D-7: the seat paid HP from ``payer`` (now at ``hp``) to redraw one card."""

    seat: int
    payer: str
    cost: int
    hp: int


@dataclass(frozen=True, slots=True)
class CardRedrawn(Event):
    """The redrawing seat's view: the card discarded face down and the card drawn."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    discarded: Card
    drawn: Card


@dataclass(frozen=True, slots=True)
class FateTempted(Event):
    """B1 Tempt Fate: the figure's player exchanges a hand card and draws two."""

    seat: int
    figure: str


@dataclass(frozen=True, slots=True)
class FateDrawn(Event):
    """The tempter's view: the card given (discarded face down, D-38) and the two drawn."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    figure: str
    exchanged: Card
    drawn: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FateKept(Event):
    """The tempter's view: the card kept and the one discarded face down (D-38)."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    figure: str
    kept: Card
    discarded: Card


@dataclass(frozen=True, slots=True)
class FigureRevealed(Event):
    """D-13: a hidden figure was revealed by its player."""

    seat: int
    figure: str


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A4: a diamond or joker played face up for the initiative.

    ``wild``: a 2 played as a joker (B1 Wild 2); ``bonus``: Quick Fingers (D-23).
    """

    seat: int
    card: Card
    wild: bool = field(default=False, metadata=EXTENDED)
    bonus: int = field(default=0, metadata=EXTENDED)


@dataclass(frozen=True, slots=True)
class BidPassed(Event):
    """A4: the seat played no diamond."""

    seat: int


@dataclass(frozen=True, slots=True)
class InitiativeWon(Event):
    """A4: the active player; ``card`` is the winning bid, None when nobody bid (D-35)."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class FigureMove:
    """One figure's part of a move: path, cost in inches, and whether it is now hidden."""

    figure: str
    path: tuple[Point, ...]
    cost: float
    hidden: bool


@dataclass(frozen=True, slots=True)
class FiguresMoved(Event):
    """A6: a club (or joker) played for movement, split over ``moves``.

    ``wild``: a 2 played as a joker (B1); ``bonus``: the Light-Footed inches of the
    moved figures, each usable only by its own figure (D-23).
    """

    seat: int
    card: Card
    inches: int
    moves: tuple[FigureMove, ...]
    wild: bool = field(default=False, metadata=EXTENDED)
    bonus: int = field(default=0, metadata=EXTENDED)


@dataclass(frozen=True, slots=True)
class NothingPlayed(Event):
    """A5: the active player played no action card."""

    seat: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """A8: a spade (or joker) played; distance (D-11) and cover (D-17) measured on the table."""

    seat: int
    card: Card
    attacker: str
    target: str
    weapon: str
    distance: float
    cover: str
    target_hidden: bool
    wild: bool = field(default=False, metadata=EXTENDED)


@dataclass(frozen=True, slots=True)
class DefensePlayed(Event):
    """A9: the target's player played this heart (or joker), or none.

    The extended rules add the Cover abilities used on it, the Queen of Hearts
    card added to it, and whether it is a 2 played as a joker (B1). Its JSON
    ``type`` keeps the name saved games have always logged: ``defence_played``.
    """

    TYPE: ClassVar[str] = "defence_played"

    seat: int
    card: Card | None
    covers: tuple[str, ...] = field(default=(), metadata=EXTENDED)
    extra: Card | None = field(default=None, metadata=EXTENDED)
    wild: bool = field(default=False, metadata=EXTENDED)


DefencePlayed = DefensePlayed
"""Deprecated alias of :class:`DefensePlayed` (the API spells it "defense")."""


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """A8-A10: every input of ``resolve_attack`` and its result, so it can be recomputed."""

    attacker: str
    target: str
    attack: Card
    weapon: str
    distance: float
    defense: Card | None
    cover: str
    attacker_abilities: tuple[str, ...]
    defender_abilities: tuple[str, ...]
    attack_value: int | None
    defense_value: int | None
    difference: int | None
    base_wounds: int
    extra_wounds: int
    wounds: int
    hit: bool
    reason: str
    extra_defense: Card | None = field(default=None, metadata=EXTENDED)
    """B1 Queen of Hearts: the card added to the heart (``resolve_attack``'s ``extra_defense``)."""


@dataclass(frozen=True, slots=True)
class NineLivesDrawn(Event):
    """B1 Nine Lives, D-24: the killed figure and its killer each drew a card; higher survives."""

    figure: str
    killer: str
    card: Card
    killer_card: Card
    survived: bool


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """A11: one wound; the figure now has ``hp``."""

    figure: str
    hp: int


@dataclass(frozen=True, slots=True)
class FigureOut(Event):
    """A11: the figure is out of the game (erledigt); ``killer`` None when it left by concession."""

    figure: str
    seat: int
    killer: str | None


@dataclass(frozen=True, slots=True)
class HpGained(Event):
    """A11, D-4: the killer's reward (``amount`` after the cap); it now has ``hp``."""

    figure: str
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class Conceded(Event):
    """A13: the seat gave up."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandDiscarded(Event):
    """A seat left the game (or, per character, ``figure`` did); its hand went face down."""

    seat: int
    cards: int
    figure: str | None = field(default=None, metadata=EXTENDED)


@dataclass(frozen=True, slots=True)
class SeatOut(Event):
    """A seat has no figure left in the game (``reason``: eliminated or conceded)."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A3.6, D-8, D-9: points left in each hand (None: seat out) and the next dealer."""

    round: int
    reason: str
    points: tuple[int | None, ...]
    next_dealer: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """A13, D-22: the winning seats (empty on a draw) and why the game ended."""

    winners: tuple[int, ...]
    reason: str
    team_hp: tuple[int, ...]


def visible_to(event: Event, seat: int) -> bool:
    """True when ``seat`` may see ``event`` (public, or private to that seat; never a referee's)."""
    if event.REFEREE:
        return False
    return not event.PRIVATE or getattr(event, "seat", None) == seat


CODEC = Codec(key="type", tag_attr="TYPE", family="event")
"""The JSON form of the events (:mod:`totenblatt.codec`): ``{"type": "snake_case_name", ...}``."""
CODEC.register_all(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)


def event_to_dict(event: Any) -> dict[str, Any]:
    """The JSON form of an event: ``{"type": "snake_case_name", field: value, ...}``."""
    return CODEC.to_dict(event)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Read :func:`event_to_dict`'s form back; ``ValueError`` says what is wrong with it.

    >>> event_from_dict(event_to_dict(GameSeeded(seed=7)))
    GameSeeded(seed=7)
    """
    event: Event = CODEC.from_dict(data)
    return event


def public_event_dict(
    event: Event, seat: int | None = None, data: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """What ``seat`` (None: a spectator) may see of ``event``: its JSON form without the
    fields declared :data:`~totenblatt.codec.SECRET`, or None when it may not see the event.

    ``data``, the event's JSON form when already made (``Game.event_dicts``), is returned
    as it is when nothing in the event is secret.

    >>> public_event_dict(GameSeeded(seed=7)) is None
    True
    >>> public_event_dict(HandDealt(seat=0, cards=()), seat=0)
    {'type': 'hand_dealt', 'seat': 0, 'cards': []}
    """
    if event.PRIVATE if seat is None else not visible_to(event, seat):
        return None
    if not CODEC.secret_fields(type(event)):
        return data if data is not None else CODEC.to_dict(event)
    return CODEC.to_dict(event, secret=False)
