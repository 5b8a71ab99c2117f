"""What the table shows before a seat commits: the move ruler, attack odds, defence outcomes.

Every answer is the engine's, asked through its door (:mod:`totenblatt.wanted.ask`):
the path and its costs, the club that pays and its allowance, distance, band,
line of fire, cover and the exact odds of each card (from the seat's own view),
and what a defence or a bid would do. This module reads the request, renders the
answers as the page's JSON and words them; nothing here decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from totenblatt.cards import Card
from totenblatt.messages import MessageError
from totenblatt.text.choices import bid_label, defend_label, plain_label
from totenblatt.wanted.ask import (
    Refusal,
    aim,
    bid_effect,
    defence_outcome,
    ruler,
)
from totenblatt.wanted.engine import Action, Game, MoveStep, action_from_dict, action_to_dict
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.views import View
from totenblatt.web.shell.words import describe, text

__all__ = ["PreviewError", "attack_preview", "choices", "move_preview"]

Point = tuple[float, float]


class PreviewError(ValueError):
    """A preview request that names no figure, no point or no card the way it should."""


def _point(value: Any, what: str) -> Point:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        or not all(math.isfinite(v) for v in value)
    ):
        raise PreviewError(f"{what} must be [x, y] in inches, got {value!r}")
    return (float(value[0]), float(value[1]))


def _steps(raw: Any) -> list[MoveStep]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 20:
        raise PreviewError(f"steps must be a list of at most 20 move steps, got {raw!r}")
    try:
        move = action_from_dict({"type": "move", "card": "2♣", "steps": raw})
    except ValueError as exc:
        raise PreviewError(str(exc)) from None
    assert isinstance(move, act.Move)
    return list(move.steps)


def _card(text: str) -> tuple[Card | None, str | None]:
    """The card named, or None and why it is no card."""
    try:
        return Card.parse(text), None
    except ValueError as exc:
        return None, str(exc)


def _why(problem: MessageError | Refusal | None, lang: str) -> str | None:
    """An answer's reason in words: the engine's refusal, or the door's :class:`Refusal`."""
    if problem is None:
        return None
    if isinstance(problem, Refusal):
        return text(problem.value, lang)
    return describe(problem, lang)


def move_preview(game: Game, seat: int, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The ruler of a move being planned: path, cost of each step, the club and its allowance.

    ``request``: ``figure`` and ``goal`` (the step being dragged), ``steps`` (the
    steps planned before, other figures), ``card`` (a club chosen, or None: the
    smallest that pays) with ``wild``, and ``hide``.
    """
    figure = request.get("figure")
    if not isinstance(figure, str):
        raise PreviewError(f"figure must be a figure's name, got {figure!r}")
    goal = _point(request.get("goal"), "goal")
    hide = request.get("hide", False) is True
    before = _steps(request.get("steps"))
    try:
        mover = game.figure(figure)
    except ValueError:
        mover = None
    if mover is None or mover.seat != seat or mover.out:
        raise PreviewError(f"{figure!r} is not a figure of yours in the game")
    wanted = request.get("card")
    card, bad = _card(wanted) if isinstance(wanted, str) else (None, None)
    plan = ruler(
        game,
        seat,
        figure,
        goal,
        before=before,
        hide=hide,
        card=card,
        wild=request.get("wild", False) is True,
    )
    if bad is not None and plan.costs is not None and plan.problem is not Refusal.NOT_YOUR_DECISION:
        raise PreviewError(bad)  # the card matters only once the path is measured at a decision
    step = plan.steps[-1]
    return {
        "figure": figure,
        "path": [list(p) for p in step.path],
        "steps": [_step_dict(s) for s in plan.steps],
        "costs": None if plan.costs is None else [round(c, 3) for c in plan.costs],
        "total": None if plan.costs is None else round(sum(plan.costs), 3),
        "card": None if plan.card is None else str(plan.card),
        "wild": plan.wild,
        "allowance": plan.allowance,
        "legal": plan.move is not None,
        "reason": _why(plan.problem, lang),
        "can_hide": plan.can_hide,
        "action": None if plan.move is None else action_to_dict(plan.move),
    }


def _step_dict(step: MoveStep) -> dict[str, Any]:
    return {"figure": step.figure, "path": [list(p) for p in step.path], "hide": step.hide}


def _fraction(value: Fraction) -> float:
    return round(float(value), 6)


def attack_preview(
    game: Game, seat: int, view: View, request: Mapping[str, Any], lang: str
) -> dict[str, Any]:
    """Distance, range band, line of fire, cover and the exact odds of each legal card.

    The odds are computed from ``view`` (the seat's own view) only.
    """
    st = game.state
    names = (request.get("attacker"), request.get("target"))
    if not all(isinstance(n, str) and n in st.by_name for n in names):
        raise PreviewError(f"attacker and target must be figures' names, got {names!r}")
    attacker, target = str(names[0]), str(names[1])
    if st.by_name[attacker].seat != seat:
        raise PreviewError(f"{attacker!r} is not a figure of yours")
    shot = aim(game, seat, view, attacker, target)
    seen = shot.sight
    options: list[dict[str, Any]] = [
        {
            "card": str(o.action.card),
            "wild": o.action.wild,
            "hit": _fraction(o.odds.hit),
            "expected": _fraction(o.odds.expected),
            "kill": _fraction(o.kill),
            "wounds": [[w, _fraction(p)] for w, p in o.odds.wounds],
            "action": action_to_dict(o.action),
        }
        for o in shot.options
    ]
    options.sort(key=lambda o: (-o["expected"], o["card"]))
    return {
        "attacker": attacker,
        "target": target,
        "distance": round(seen.distance, 3),
        "band": seen.band,
        "band_limit": seen.band_limit,
        "modifier": seen.modifier,
        "line_of_fire": seen.line_of_fire,
        "cover": seen.cover.value,
        "target_hidden": shot.target_hidden,
        "options": options,
        "reason": _why(shot.refusal, lang),
    }


# -- buttons -------------------------------------------------------------------------------


_GROUPS: dict[type, str] = {
    act.Pass: "pass",
    act.Swap: "swap",
    act.Bid: "bid",
    act.Defend: "defend",
    act.Keep: "keep",
    act.Redraw: "redraw",
    act.Reveal: "reveal",
    act.TemptFate: "tempt_fate",
    act.Concede: "concede",
}


def _label(game: Game, view: View, action: Action, lang: str) -> str:
    """The words of a button (the text layer's labels; numbers from the engine's door)."""
    if view["phase"] == "defend" and isinstance(action, act.Defend | act.Pass):
        outcome = defence_outcome(game, action)
        return defend_label(
            action if isinstance(action, act.Defend) else None,
            wounds=outcome.wounds,
            attack_value=outcome.attack_value,
            defense_value=outcome.defense_value,
            lang=lang,
        )
    if isinstance(action, act.Bid):
        effect = bid_effect(game, action)
        return bid_label(action, effect.value, effect.best, lang)
    return plain_label(action, view, game.ruleset.round.redraw_cost, lang)


def choices(game: Game, view: View, legal: Sequence[Action], lang: str) -> list[dict[str, Any]]:
    """One button per legal action that is not a move or an attack, with its label.

    ``index`` points into the legal actions; a defence's label (or playing no heart's)
    says the wounds it leads to, as the engine resolves it.
    """
    out: list[dict[str, Any]] = []
    for index, action in enumerate(legal):
        if isinstance(action, act.Move | act.Attack):
            continue
        label = _label(game, view, action, lang)
        item: dict[str, Any] = {"index": index, "group": _GROUPS[type(action)], "label": label}
        if isinstance(action, act.Bid | act.Defend | act.Redraw | act.Keep | act.TemptFate):
            item["card"] = str(action.card)
        if isinstance(action, act.Redraw):
            item["payer"] = action.payer
        out.append(item)
    return out
