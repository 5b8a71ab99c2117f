"""Attacks being considered: what a shot would face, the exact odds of each card, why not.

:func:`aim` answers the browser's attack preview and the terminal's ``shoot``:
distance, range band, line of fire and cover (the engine's own measures,
:func:`~totenblatt.wanted.engine.queries.sight`), each attack the engine offers
with its exact odds (:mod:`totenblatt.wanted.odds`, from the seat's own view
only), and why no attack is offered. :func:`attack_odds` gives the odds of any
attacks of the seat's legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from totenblatt.cards import Suit
from totenblatt.wanted.ask.refusal import Refusal
from totenblatt.wanted.engine.actions import Attack, IllegalActionError
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.queries import EnemySight, sight
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.odds import AttackOdds, unseen_cards, view_attack_odds

__all__ = ["Aim", "AttackOption", "aim", "attack_odds"]


@dataclass(frozen=True, slots=True)
class AttackOption:
    """One attack the engine offers, with its exact odds from the attacking seat's view."""

    action: Attack
    odds: AttackOdds
    kill: Fraction
    """The chance the target is out after it: at least its hit points in wounds (one at least)."""


@dataclass(frozen=True, slots=True)
class Aim:
    """What shooting from one figure at another would be now."""

    attacker: str
    target: str
    sight: EnemySight
    """Distance, band and its limit, modifier, cover, line of fire, the attack's problem."""
    target_hidden: bool
    options: tuple[AttackOption, ...]
    """Every attack of this pair the engine offers the seat now, in the engine's order."""
    refusal: Refusal | IllegalActionError | None
    """Why none is offered (None when some is)."""
    trial: Attack | None
    """The attack with the seat's first spade (or joker), which the engine judged for
    ``refusal``; None when the seat holds none."""


def attack_odds(game: Game, view: View, attacks: Sequence[Attack]) -> list[AttackOdds]:
    """The exact odds of each of ``attacks`` from ``view`` (the attacking seat's own view)."""
    if not attacks:
        return []
    rules = game.ruleset
    table = game.state.geo.table
    unseen = unseen_cards(view, rules)
    return [view_attack_odds(view, a, table=table, ruleset=rules, unseen=unseen) for a in attacks]


def aim(game: Game, seat: int, view: View, attacker: str, target: str) -> Aim:
    """``attacker`` (a figure of ``seat``) shooting at ``target``; odds from ``view`` only.

    Raises ``ValueError`` when either is not a figure of the game.
    """
    st = game.state
    shooter, aimed = game.figure(attacker), game.figure(target)
    seen = sight(st, shooter, aimed)
    offered = [
        a
        for a in (game.legal_actions() if game.to_act == seat else [])
        if isinstance(a, Attack) and a.attacker == attacker and a.target == target
    ]
    spades = [c for c in st.seat_cards(seat) if c.suit is Suit.SPADES or c.is_joker]
    trial = Attack(spades[0], attacker, target) if spades else None
    refusal: Refusal | IllegalActionError | None = None
    options: tuple[AttackOption, ...] = ()
    if offered:
        out = aimed.hp + 1  # A11: a target at 0 HP is out with the next wound
        options = tuple(
            AttackOption(a, odds, odds.at_least(out))
            for a, odds in zip(offered, attack_odds(game, view, offered), strict=True)
        )
    elif game.to_act != seat or game.phase is not Phase.ACTION:
        refusal = Refusal.NOT_YOUR_DECISION
    elif trial is None:
        refusal = Refusal.NO_SPADE
    else:
        refusal = game.refusal(trial)
    return Aim(attacker, target, seen, aimed.hidden, options, refusal, trial)
