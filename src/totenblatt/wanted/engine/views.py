"""What one observer may know: the game as a JSON-serialisable dict of a typed shape.

An observer is a seat, or nobody's seat (``None``: a spectator, the public view).
Every key of a view is listed in :data:`KEYS` with its :class:`Audience`: a key
*everyone* sees has one value for every observer (the public state of every
figure, the sizes of the hands, the public decision …); a seat's *own* key is
about that seat alone (its hand, the cards it has seen, its private events, the
cards Tempt Fate drew for it) and nobody's seat gets only its public part. The
view is built from these allow-lists: a fact not listed reaches nobody, a seat's
own fact is built from that seat alone, and the public view is built without any
seat at all, so a private fact cannot reach a spectator or another seat.

A view never holds another seat's hand or the dead man's hand (only their sizes).
Keys of the extended rules appear only in games that play them: ``spent`` per
figure, bid ``values`` and the attack's ``wild`` (abilities), ``figure_hands``
(a seat's own) and ``figure_hand_sizes`` (per-character hands, D-5).

The shapes are :class:`~typing.TypedDict`: a view *is* its JSON form (cards as
their text, ``Q♠``), and the type checker knows every key. (No postponed annotations
here, so ``View.__required_keys__`` and ``__optional_keys__`` are right at run time.)
"""

import enum
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast

from totenblatt.wanted.engine.checks import can_redraw
from totenblatt.wanted.engine.setup import Setup
from totenblatt.wanted.engine.state import Figure, GameState, Phase

__all__ = [
    "KEYS",
    "AttackView",
    "Audience",
    "DecisionView",
    "FigureView",
    "Observer",
    "PublicView",
    "View",
    "build_view",
    "decision_of",
    "figure_view",
]

Observer = int | None
"""Who looks: a seat, or None for nobody's seat (a spectator: the public view)."""


class FigureView(TypedDict):
    """The public state of one figure."""

    name: str
    seat: int
    team: int
    weapon: str
    position: list[float]
    """``[x, y]`` in inches."""
    hp: int
    hp_max: int
    kind: str
    """A :class:`~totenblatt.wanted.vocab.HeroType` value."""
    abilities: list[str]
    """:class:`~totenblatt.wanted.vocab.Ability` values."""
    hidden: bool
    out: bool
    spent: NotRequired[list[str]]
    """B1: the uses of limited abilities this fight (games with abilities only)."""


class AttackView(TypedDict):
    """The attack a DEFEND decision answers, measured when it was declared."""

    seat: int
    card: str
    attacker: str
    target: str
    weapon: str
    distance: float
    cover: str
    target_hidden: bool
    wild: NotRequired[bool]
    """B1 Wild 2: the attack card is a 2 played as a joker (games with abilities only)."""


class DecisionView(TypedDict):
    """What is asked of whom; the other keys belong to the decision's ``kind`` (the phase)."""

    kind: str
    """A :class:`~totenblatt.wanted.engine.state.Phase` value."""
    seat: int | None
    order: NotRequired[list[int]]
    """SWAP and BID: the seats still to ask, the one to act first."""
    bids: NotRequired[list[tuple[int, str]]]
    """BID: ``[seat, card]`` of each bid this cycle (JSON pairs: lists at run time)."""
    values: NotRequired[list[int]]
    """BID with abilities: each bid's value (D-23)."""
    figure: NotRequired[str]
    """FATE: the figure that tempted fate."""
    cards: NotRequired[list[str]]
    """FATE, to the seat that tempted it only: the two cards drawn."""
    attack: NotRequired[AttackView]
    """DEFEND: the attack to answer."""


class _Shown(TypedDict):
    """The keys of every view but ``seat`` (see :data:`KEYS` for who sees what)."""

    seats: int
    teams: list[int]
    scenario: str
    ruleset: str
    scenario_ref: str
    ruleset_ref: str | dict[str, Any]
    """The built-in name, or the whole ruleset when it is not a built-in one."""
    hand_mode: str
    round: int
    round_limit: int | None
    dealer: int
    active: int
    to_act: int | None
    phase: str
    decision: DecisionView
    hand: list[str]
    """The seat's cards (per character: its figures' hands in figure order); nobody's: none."""
    hand_sizes: list[int]
    dead_hand: int
    dead_hand_taken: bool
    draw_pile: int
    discard_pile: int
    seen_cards: list[str]
    """Cards seen face up, and the seat's own discards since the last shuffle."""
    redraws_used: list[int]
    can_redraw: bool
    empty_cycles: int
    figures: list[FigureView]
    events: list[dict[str, Any]]
    """The JSON form of every event the observer may see (``event_to_dict``)."""
    is_over: bool
    winners: list[int]
    end_reason: str | None
    figure_hands: NotRequired[dict[str, list[str]]]
    """Per character (D-5): the seat's figures' own hands (a seat's own key only)."""
    figure_hand_sizes: NotRequired[dict[str, int]]
    """Per character (D-5): every figure's hand size."""


class View(_Shown):
    """Everything one seat may know (see the module docstring); JSON-serialisable."""

    seat: int


class PublicView(_Shown):
    """Everything everybody may know: nobody's seat, no hand, public events only."""

    seat: None


class Audience(enum.Enum):
    """Who may see a key of a view."""

    EVERYONE = "everyone"
    """One value for every observer, spectators included."""
    OWN = "own"
    """A seat's own value, about that seat alone; nobody's seat gets its public part (or
    not the key at all)."""


KEYS: Mapping[str, Audience] = {
    "seat": Audience.OWN,
    "seats": Audience.EVERYONE,
    "teams": Audience.EVERYONE,
    "scenario": Audience.EVERYONE,
    "ruleset": Audience.EVERYONE,
    "scenario_ref": Audience.EVERYONE,
    "ruleset_ref": Audience.EVERYONE,
    "hand_mode": Audience.EVERYONE,
    "round": Audience.EVERYONE,
    "round_limit": Audience.EVERYONE,
    "dealer": Audience.EVERYONE,
    "active": Audience.EVERYONE,
    "to_act": Audience.EVERYONE,
    "phase": Audience.EVERYONE,
    "decision": Audience.OWN,
    "hand": Audience.OWN,
    "hand_sizes": Audience.EVERYONE,
    "dead_hand": Audience.EVERYONE,
    "dead_hand_taken": Audience.EVERYONE,
    "draw_pile": Audience.EVERYONE,
    "discard_pile": Audience.EVERYONE,
    "seen_cards": Audience.OWN,
    "redraws_used": Audience.EVERYONE,
    "can_redraw": Audience.OWN,
    "empty_cycles": Audience.EVERYONE,
    "figures": Audience.EVERYONE,
    "events": Audience.OWN,
    "is_over": Audience.EVERYONE,
    "winners": Audience.EVERYONE,
    "end_reason": Audience.EVERYONE,
    "figure_hands": Audience.OWN,
    "figure_hand_sizes": Audience.EVERYONE,
}
"""Every key of a view, in the view's order, with who may see it: the allow-lists."""


def figure_view(fig: Figure, abilities: bool = False) -> FigureView:
    """The public state of a figure (``abilities``: with the uses ``spent`` this fight)."""
    out: FigureView = {
        "name": fig.name,
        "seat": fig.seat,
        "team": fig.team,
        "weapon": fig.weapon,
        "position": [fig.pos[0], fig.pos[1]],
        "hp": fig.hp,
        "hp_max": fig.hp_max,
        "kind": fig.kind.value,
        "abilities": [a.value for a in fig.abilities],
        "hidden": fig.hidden,
        "out": fig.out,
    }
    if abilities:
        out["spent"] = [a.value for a in fig.spent]
    return out


def decision_of(state: GameState) -> DecisionView:
    """What is asked of whom: ``kind`` (the phase), ``seat`` and the details of the decision."""
    out: DecisionView = {"kind": state.phase.value, "seat": state.to_act}
    abilities = state.ruleset.abilities.enabled
    if state.phase is Phase.SWAP:
        out["order"] = list(state.swap_order)
    elif state.phase is Phase.BID:
        bids = [[seat, str(card)] for seat, card, _ in state.bids]  # JSON pairs, typed as such
        out["bids"] = cast(list[tuple[int, str]], bids)
        out["order"] = list(state.bid_order)
        if abilities:
            out["values"] = [value for _, _, value in state.bids]
    elif state.phase is Phase.FATE and state.fate is not None:
        out["figure"] = state.fate.figure
    elif state.phase is Phase.DEFEND and state.pending is not None:
        p = state.pending
        attack: AttackView = {
            "seat": p.seat,
            "card": str(p.card),
            "attacker": p.attacker,
            "target": p.target,
            "weapon": state.by_name[p.attacker].weapon,
            "distance": p.distance,
            "cover": p.cover,
            "target_hidden": p.target_hidden,
        }
        if abilities:
            attack["wild"] = p.wild
        out["attack"] = attack
    return out


def _everyone(state: GameState, setup: Setup) -> dict[str, Any]:
    """The facts every observer may see (the keys of :data:`KEYS` for everyone)."""
    facts: dict[str, Any] = {
        "seats": state.seats,
        "teams": list(state.teams),
        "scenario": setup.scenario.name,
        "ruleset": setup.ruleset.name,
        "scenario_ref": setup.scenario_ref,
        "ruleset_ref": setup.ruleset_ref,
        "hand_mode": setup.ruleset.round.hand_mode,
        "round": state.round,
        "round_limit": state.round_limit,
        "dealer": state.dealer,
        "active": state.active,
        "to_act": state.to_act,
        "phase": state.phase.value,
        "hand_sizes": [len(state.seat_cards(s)) for s in range(state.seats)]
        if state.per_character
        else [len(h) for h in state.hands],
        "dead_hand": len(state.dead_hand),
        "dead_hand_taken": state.dead_taken,
        "draw_pile": len(state.draw_pile),
        "discard_pile": len(state.discard_pile),
        "redraws_used": list(state.redraws_used),
        "empty_cycles": state.empty_cycles,
        "figures": [figure_view(f, state.ruleset.abilities.enabled) for f in state.figures],
        "is_over": state.phase is Phase.OVER,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }
    if state.per_character:
        facts["figure_hand_sizes"] = {
            f.name: len(state.hands[i]) for i, f in enumerate(state.figures)
        }
    return facts


def _own(state: GameState, seat: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    """A seat's own facts, each about ``seat`` alone (its own keys of :data:`KEYS`)."""
    decision = decision_of(state)
    if state.fate is not None and state.fate.seat == seat:
        decision["cards"] = [str(c) for c in state.fate.drawn]
    facts: dict[str, Any] = {
        "seat": seat,
        "decision": decision,
        "hand": [str(c) for c in state.seat_cards(seat)],
        "seen_cards": [str(c) for c in state.seen_public]
        + [str(c) for c in state.seen_private[seat]],
        "can_redraw": state.phase is not Phase.OVER and can_redraw(state, seat),
        "events": events,
    }
    if state.per_character:
        facts["figure_hands"] = {
            state.figures[h].name: [str(c) for c in state.hands[h]] for h in state.holders[seat]
        }
    return facts


def _nobody(state: GameState, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The public part of the own keys, for nobody's seat (built without any seat)."""
    return {
        "seat": None,
        "decision": decision_of(state),
        "hand": [],
        "seen_cards": [str(c) for c in state.seen_public],
        "can_redraw": False,
        "events": events,
    }


def build_view(
    state: GameState, setup: Setup, events: list[dict[str, Any]], seat: Observer
) -> View | PublicView:
    """The view of ``seat`` (None: nobody's seat) given the events it may see.

    Built from the allow-lists of :data:`KEYS`: the facts everyone may see, then the
    seat's own facts (nobody's seat: their public part); a fact not listed for its
    audience is left out.
    """
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats
    ):
        raise ValueError(
            f"seat {seat!r} is not a seat: expected 0 to {state.seats - 1} "
            "(or None: the public view)"
        )
    shared = _everyone(state, setup)
    own = _nobody(state, events) if seat is None else _own(state, seat, events)
    view: dict[str, Any] = {}
    for key, audience in KEYS.items():
        facts = shared if audience is Audience.EVERYONE else own
        if key in facts:
            view[key] = facts[key]
    return cast(View | PublicView, view)
