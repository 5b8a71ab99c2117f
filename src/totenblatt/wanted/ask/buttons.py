"""What a button would do: the outcome of a defence, the effect of a bid, the room for defences.

:func:`defence_outcome` lets the engine resolve a defence (or playing no heart)
on a copy of the game, so a button can say the wounds it leads to;
:func:`bid_effect` says what a bid counts and whether it leads, or whether the
seat takes the initiative anyway; :func:`bid_values` reads the bids of a view.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.cards import Card
from totenblatt.wanted.engine.actions import Bid, Defend, IllegalActionError, Pass
from totenblatt.wanted.engine.checks import JOKER_BID, bid_value
from totenblatt.wanted.engine.events import AttackResolved
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.heroes import profile
from totenblatt.wanted.engine.queries import initiative_if_nobody_bids
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario
from totenblatt.wanted.vocab import Ability

__all__ = [
    "JOKER_BID",
    "BidEffect",
    "DefenceOutcome",
    "DefenceRoom",
    "bid_effect",
    "bid_values",
    "defence_outcome",
    "defence_room",
]

_COVERS = (Ability.COVER_1, Ability.COVER_2, Ability.COVER_3)


@dataclass(frozen=True, slots=True)
class DefenceOutcome:
    """What answering the attack at hand leads to, as the engine resolves it."""

    wounds: int
    attack_value: int | None
    """None when the engine resolves no attack (the answer is not legal now)."""
    defense_value: int | None


def defence_outcome(game: Game, action: Defend | Pass) -> DefenceOutcome:
    """The engine resolves ``action`` (a heart, or none) on a copy; only the result is read."""
    twin = game.clone()
    try:
        events = twin.apply(action)
    except IllegalActionError:
        return DefenceOutcome(0, None, None)
    found = next((e for e in events if isinstance(e, AttackResolved)), None)
    if found is None:
        return DefenceOutcome(0, None, None)
    return DefenceOutcome(found.wounds, found.attack_value, found.defense_value)


@dataclass(frozen=True, slots=True)
class BidEffect:
    """What a bid of the seat to act would do (A4, D-10, D-23, D-35, D-36)."""

    value: int
    """What it counts: the card's value plus Quick Fingers; a joker or wild 2 beats all."""
    best: int
    """The best bid of this cycle so far (0: none yet)."""
    anyway: bool
    """The seat takes the initiative even when it and every seat after it passes."""

    @property
    def leads(self) -> bool:
        """The bid beats the best bid so far."""
        return self.value > self.best


def bid_effect(game: Game, bid: Bid) -> BidEffect:
    """What ``bid`` would do for the seat to act (seat 0 when nobody acts)."""
    st = game.state
    seat = game.to_act if game.to_act is not None else 0
    value = bid_value(st, seat, bid.card, bid.wild)
    best = max((v for _, _, v in st.bids), default=0)
    return BidEffect(value, best, initiative_if_nobody_bids(game) == seat)


def bid_values(view: Mapping[str, Any], ruleset: Ruleset) -> tuple[int, ...]:
    """The value of each bid in a view's decision, in order (``JOKER_BID``: a joker's).

    With abilities the view gives them (Quick Fingers, wild 2s, D-23); else a card
    counts its value (A4) and a joker beats every card (D-36).
    """
    decision = view["decision"]
    values = decision.get("values")
    if values is not None:
        return tuple(int(v) for v in values)
    out = []
    for _, text in decision.get("bids", ()):
        card = Card.parse(text)
        out.append(JOKER_BID if card.is_joker else ruleset.card_value(card))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class DefenceRoom:
    """The most a defence of a scenario's figures may choose among (B1, B2)."""

    cover_choices: int
    """Choices of Cover abilities with one heart (the empty choice among them), at most."""
    queen_of_hearts: bool
    """Some figure may play a Queen of Hearts as an extra card."""


def defence_room(scenario: Scenario, ruleset: Ruleset) -> DefenceRoom:
    """The room the defences of ``scenario`` under ``ruleset`` need (abilities given or drawn).

    A hero without given abilities draws some (B2): any of them may be a Cover or
    the Queen of Hearts, so each drawn one may double the choices.
    """
    if not ruleset.abilities.enabled:
        return DefenceRoom(1, False)
    most, queen = 1, False
    for spec in scenario.figures:
        given = spec.abilities
        hero = profile(ruleset, spec.kind) if ruleset.heroes.enabled else None
        draws = hero.abilities if hero is not None and not given else 0
        covers = [a for a in given if a in _COVERS]
        choices = len(
            {c for n in range(len(covers) + 1) for c in itertools.combinations(covers, n)}
        )
        most = max(most, choices, 2**draws)
        queen = queen or Ability.QUEEN_OF_HEARTS in given or draws > 0
    return DefenceRoom(most, queen)
