"""The numbered choices of a human seat: readable labels (with exact odds) in a useful order.

Every number of a label is the engine's answer, asked through its door
(:mod:`totenblatt.wanted.ask`): exact odds, step costs, the nearest enemy of a spot,
the wounds a defence leads to, what a bid counts. Here they are put in words and order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from totenblatt.cards import Card, Suit
from totenblatt.cli.app import Lang
from totenblatt.text import words
from totenblatt.text.choices import (
    attack_label,
    bid_label,
    defend_label,
    move_label,
    plain_label,
)
from totenblatt.text.vocab import weapon_name
from totenblatt.wanted.ask import (
    attack_odds,
    bid_effect,
    bid_matters,
    defence_outcome,
    inches_up,
    move_costs,
    nearest_enemy,
)
from totenblatt.wanted.engine import Action, Game, IllegalActionError, MoveStep
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.odds import AttackOdds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import Table

__all__ = ["Choice", "Judge", "PlayContext", "build_choices", "label", "useful_advice"]

Judge = Callable[[Action], IllegalActionError | None]
"""Asks the engine about an action: the error applying it would raise, or None when legal."""


@dataclass
class PlayContext:
    """What labels and parsing need besides the view: rules, table, language, map letters,
    and the game whose engine answers every rule question (:mod:`totenblatt.wanted.ask`).

    ``judge`` asks the engine whether an action is legal (typed moves are checked by it,
    never by rules re-coded here); without one, the game's own :meth:`Game.refusal`.
    """

    rules: Ruleset
    table: Table
    lang: Lang
    letters: dict[str, str] = field(default_factory=dict)
    judge: Judge | None = None
    _: KW_ONLY
    game: Game
    """The game, to ask the engine's door (costs, sights, odds, defences, bids)."""

    def weapon(self, key: str) -> str:
        """A weapon's name in the context's language."""
        return weapon_name(self.rules, key, self.lang)

    def refusal(self, action: Action) -> IllegalActionError | None:
        """Why the engine refuses ``action`` (None: legal)."""
        if self.judge is not None:
            return self.judge(action)
        return self.game.refusal(action)

    def step_costs(self, steps: tuple[MoveStep, ...]) -> tuple[float, ...] | None:
        """Each step's cost as the engine's move check counts it; None when it refuses one."""
        try:
            return move_costs(self.game, steps)
        except ValueError:
            return None


@dataclass(frozen=True)
class Choice:
    """One numbered line: the action, its label, its group, and whether the bot advises it."""

    action: Action
    label: str
    group: str
    advised: bool = False
    odds: AttackOdds | None = None
    short: str = ""
    """A shorter label (the important part first) for narrow screens; empty: same as label."""


def _figures(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {f["name"]: f for f in view["figures"]}


def _attack_label(
    action: act.Attack,
    odds: AttackOdds,
    view: View,
    ctx: PlayContext,
    *,
    short: bool = False,
) -> str:
    own = [f for f in view["figures"] if f["seat"] == view["seat"] and not f["out"]]
    return attack_label(
        action,
        weapon=ctx.weapon(odds.weapon),
        distance=odds.distance,
        cover=odds.cover,
        hidden=bool(_figures(view)[action.target]["hidden"]),
        hit=float(odds.hit),
        expected=float(odds.expected),
        name_shooter=len(own) > 1,
        lang=ctx.lang,
        short=short,
    )


def _move_label(action: act.Move, view: Mapping[str, Any], ctx: PlayContext) -> str:
    """The label with the costs the engine's check counts, rounded up as it compares them."""
    found = ctx.step_costs(action.steps) if action.steps else ()
    costs = tuple(inches_up(c) for c in found) if found is not None else None
    if len(action.steps) != 1:
        return move_label(action, ctx.lang, costs=costs)
    threat = nearest_enemy(ctx.game, view["seat"], action.steps[0].path[-1])
    near = None if threat is None else (threat.figure, inches_up(threat.distance), threat.cover)
    return move_label(action, ctx.lang, costs=costs, near=near)


def _defend_label(action: act.Defend | None, view: Mapping[str, Any], ctx: PlayContext) -> str:
    """The defence with what the engine resolves it to: wounds, both values."""
    if not view["decision"].get("attack"):
        return words(ctx.lang).phrase("Play no heart")
    outcome = defence_outcome(ctx.game, act.Pass() if action is None else action)
    return defend_label(
        action,
        wounds=outcome.wounds,
        attack_value=outcome.attack_value,
        defense_value=outcome.defense_value,
        lang=ctx.lang,
    )


def _bid_label(action: act.Bid, ctx: PlayContext) -> str:
    effect = bid_effect(ctx.game, action)
    return bid_label(action, effect.value, effect.best, ctx.lang, anyway=effect.anyway)


def label(action: Action, view: View, ctx: PlayContext) -> str:
    """A readable label for any action (attacks with exact odds)."""
    if isinstance(action, act.Attack):
        return _attack_label(action, attack_odds(ctx.game, view, [action])[0], view, ctx)
    if isinstance(action, act.Move):
        return _move_label(action, view, ctx)
    if isinstance(action, act.Defend):
        return _defend_label(action, view, ctx)
    if isinstance(action, act.Bid):
        return _bid_label(action, ctx)
    if isinstance(action, act.Pass) and view["phase"] == "defend":
        return _defend_label(None, view, ctx)
    return plain_label(action, view, ctx.rules.round.redraw_cost, ctx.lang)


_GROUP_ORDER = {
    "attack": 0,
    "defend": 0,
    "bid": 0,
    "swap": 0,
    "move": 1,
    "pass": 2,
    "keep": 0,
    "reveal": 3,
    "redraw": 4,
    "temptfate": 4,
    "concede": 5,
}


def _group(action: Action) -> str:
    return type(action).__name__.lower()


def useful_advice(
    advice: Action | None, legal: Sequence[Action], ctx: PlayContext
) -> Action | None:
    """The hint, unless it spends a card that changes nothing: then passing is advised.

    The engine says whether a bid can change who takes the initiative
    (:func:`~totenblatt.wanted.engine.queries.bid_matters`); nothing is judged here.
    """
    if isinstance(advice, act.Bid) and not bid_matters(ctx.game, advice):
        return act.Pass() if act.Pass() in legal else None
    return advice


def build_choices(
    view: View,
    legal: Sequence[Action],
    ctx: PlayContext,
    *,
    advice: Action | None = None,
) -> list[Choice]:
    """The choices in display order: attacks (best odds first), moves, pass, reveal, redraw.

    Redraw and concede are commands, not choices (``redraw CARD [PAYER]``, ``concede``,
    any time the seat decides): they would turn every forced "pass" into a question.
    A redraw or concession the hint advises is listed; every other legal action is one
    choice, and equal ones (two menu entries that found the same move, or none) once.
    """
    attacks = [a for a in legal if isinstance(a, act.Attack)]
    odds_of = dict(zip(attacks, attack_odds(ctx.game, view, attacks), strict=True))
    advice = useful_advice(advice, legal, ctx)
    out: list[Choice] = []
    listed: set[Action] = set()
    for action in legal:
        if (isinstance(action, act.Concede | act.Redraw) and action != advice) or action in listed:
            continue
        listed.add(action)
        odds = None
        short = ""
        if isinstance(action, act.Attack):
            odds = odds_of[action]
            text = _attack_label(action, odds, view, ctx)
            short = _attack_label(action, odds, view, ctx, short=True)
        else:
            text = label(action, view, ctx)
        out.append(Choice(action, text, _group(action), action == advice, odds, short))

    def key(item: tuple[int, Choice]) -> tuple[float, ...]:
        """Sort key: group, then the better expected result, then card value, then order."""
        index, choice = item
        rank = _GROUP_ORDER.get(choice.group, 6)
        if choice.odds is not None:
            return (rank, -float(choice.odds.expected), _card_value(choice.action, ctx), index)
        if isinstance(choice.action, act.Defend | act.Bid):
            return (rank, _card_value(choice.action, ctx), 0.0, index)
        return (rank, 0.0, 0.0, index)

    return [c for _, c in sorted(enumerate(out), key=key)]


def _card_value(action: Action, ctx: PlayContext) -> float:
    card = getattr(action, "card", None)
    if not isinstance(card, Card):
        return 0.0
    return 99.0 if card.is_joker else float(ctx.rules.card_value(card))


def hand_text(hand: Sequence[str]) -> list[tuple[str, str]]:
    """The hand as (card, style) pairs, coloured by suit (jokers bold)."""
    styles = {Suit.SPADES: "bold", Suit.CLUBS: "green", Suit.HEARTS: "red", Suit.DIAMONDS: "yellow"}
    out = []
    for text in hand:
        card = Card.parse(text)
        out.append((text, "bold magenta" if card.suit is None else styles[card.suit]))
    return out
