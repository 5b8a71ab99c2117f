"""What the table shows before a seat commits: the move ruler, attack odds, defence outcomes.

Every number comes from the core: path costs from the engine's step check, the
club that pays from :meth:`Game.refusal` over the clubs the engine offers,
distance, line of fire and cover from the engine's geometry, odds from
:mod:`totenblatt.wanted.odds` over the seat's own view, and the outcome of a
defence from the engine resolving it on a copy of the game. Nothing here
decides a rule; nothing reads another seat's cards (odds use the view only).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.cards import Card
from totenblatt.text.choices import bid_label, defend_label, plain_label
from totenblatt.wanted.engine import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Game,
    IllegalActionError,
    Keep,
    Move,
    MoveStep,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
    action_from_dict,
    action_to_dict,
)
from totenblatt.wanted.engine.checks import bid_value, range_modifier, target_cover
from totenblatt.wanted.engine.clubs import club_inches, move_bonus
from totenblatt.wanted.engine.events import AttackResolved
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.odds import unseen_cards, view_attack_odds
from totenblatt.wanted.table import MoveError
from totenblatt.wanted.table.pathing import router_for
from totenblatt.web.words import describe, text

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
    assert isinstance(move, Move)
    return list(move.steps)


def _club_options(game: Game, seat: int) -> list[tuple[Card, bool]]:
    """The clubs (card, played wild) the engine offers to this seat now, smallest first."""
    if game.to_act != seat:
        return []
    st = game.state
    found = dict.fromkeys((a.card, a.wild) for a in game.legal_actions() if isinstance(a, Move))
    return sorted(found, key=lambda o: (club_inches(st, o[0], o[1]), o[0].is_joker, o[1]))


def _plan(
    game: Game, seat: int, steps: list[MoveStep], figure: str, goal: Point
) -> tuple[tuple[Point, ...], MoveError | None]:
    """The cheapest legal path of ``figure`` to ``goal`` after ``steps`` (straight or routed),
    else the straight one and why the table refuses it."""
    st = game.state
    fig = st.by_name.get(figure)
    if fig is None or fig.seat != seat or fig.out:
        raise PreviewError(f"{figure!r} is not a figure of yours in the game")
    table = st.geo.table
    moved = {s.figure: s.path[-1] for s in steps}
    blockers = [moved.get(f.name, f.pos) for f in st.figures if not f.out and f.name != figure]
    start = fig.pos
    paths: list[tuple[Point, ...]] = [(start, goal)]
    route = router_for(table).route(start, goal)
    if len(route) >= 2 and math.dist(route[-1], goal) < 0.01 and tuple(route) != (start, goal):
        paths.append(tuple((float(x), float(y)) for x, y in route))
    best: tuple[float, tuple[Point, ...]] | None = None
    problem: MoveError | None = None
    for path in paths:
        try:
            cost = table.move_cost(path, blockers=blockers)
        except MoveError as exc:
            problem = problem or exc
            continue
        if best is None or cost < best[0]:
            best = (cost, path)
    return (best[1], None) if best else (paths[0], problem)


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
    steps = [s for s in _steps(request.get("steps")) if s.figure != figure]
    path, problem = _plan(game, seat, steps, figure, goal)
    step = MoveStep(figure, path, hide)
    steps.append(step)
    out: dict[str, Any] = {
        "figure": figure,
        "path": [list(p) for p in step.path],
        "steps": [_step_dict(s) for s in steps],
        "costs": None,
        "total": None,
        "card": None,
        "wild": False,
        "allowance": None,
        "legal": False,
        "reason": None,
        "can_hide": False,
        "action": None,
    }
    st = game.state
    try:
        costs = step_costs(st, seat, tuple(steps))
    except IllegalActionError as exc:
        out["reason"] = describe(problem or exc, lang)
        return out
    out["costs"] = [round(c, 3) for c in costs]
    out["total"] = round(sum(costs), 3)
    if game.to_act != seat or game.phase.value != "action":
        out["reason"] = text("not_your_decision", lang)
        return out
    wanted = request.get("card")
    wild = request.get("wild", False) is True
    options = _club_options(game, seat)
    if isinstance(wanted, str):
        try:
            card = Card.parse(wanted)
        except ValueError as exc:
            raise PreviewError(str(exc)) from None
        options = [(card, wild)]
    elif not options:
        out["reason"] = text("no_club", lang)
        return out
    first_refusal: IllegalActionError | None = None
    for card, as_wild in options:
        move = Move(card, tuple(steps), as_wild)
        refusal = game.refusal(move)
        if refusal is None:
            out.update(
                card=str(card),
                wild=as_wild,
                allowance=club_inches(st, card, as_wild) + move_bonus(st, move),
                legal=True,
                action=action_to_dict(move),
            )
            hidden = Move(card, (*steps[:-1], MoveStep(step.figure, step.path, True)), as_wild)
            out["can_hide"] = game.refusal(hidden) is None
            return out
        first_refusal = first_refusal or refusal
    if isinstance(wanted, str):
        card, as_wild = options[0]
        out.update(card=str(card), wild=as_wild, allowance=club_inches(st, card, as_wild))
        out["reason"] = None if first_refusal is None else describe(first_refusal, lang)
    else:
        out["reason"] = text("no_club", lang)
    return out


def _step_dict(step: MoveStep) -> dict[str, Any]:
    return {"figure": step.figure, "path": [list(p) for p in step.path], "hide": step.hide}


def _fraction(value: Any) -> float:
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
    shooter, target = st.by_name[str(names[0])], st.by_name[str(names[1])]
    if shooter.seat != seat:
        raise PreviewError(f"{shooter.name!r} is not a figure of yours")
    distance, line = st.geo.sight(shooter.pos, target.pos)
    sharp = "sharpshooter" in {a.value for a in shooter.abilities}
    rules = game.ruleset
    band = rules.band_index(distance, sharpshooter=sharp)
    bands = rules.attack.sharpshooter_bands if sharp else rules.attack.bands
    modifier = range_modifier(st, shooter, distance)
    cover = target_cover(st, shooter, target)
    out: dict[str, Any] = {
        "attacker": shooter.name,
        "target": target.name,
        "distance": round(distance, 3),
        "band": band,
        "band_limit": None if band is None else bands[band],
        "modifier": modifier,
        "line_of_fire": line,
        "cover": cover.value,
        "target_hidden": target.hidden,
        "options": [],
        "reason": None,
    }
    legal = [
        a
        for a in (game.legal_actions() if game.to_act == seat else [])
        if isinstance(a, Attack) and a.attacker == shooter.name and a.target == target.name
    ]
    if not legal:
        out["reason"] = _attack_reason(game, seat, view, shooter.name, target.name, lang)
        return out
    table = st.geo.table
    unseen = unseen_cards(view, rules)
    for action in legal:
        odds = view_attack_odds(view, action, table=table, ruleset=rules, unseen=unseen)
        out["options"].append(
            {
                "card": str(action.card),
                "wild": action.wild,
                "hit": _fraction(odds.hit),
                "expected": _fraction(odds.expected),
                "kill": _fraction(odds.at_least(max(1, target.hp))),
                "wounds": [[w, _fraction(p)] for w, p in odds.wounds],
                "action": action_to_dict(action),
            }
        )
    out["options"].sort(key=lambda o: (-o["expected"], o["card"]))
    return out


def _attack_reason(
    game: Game, seat: int, view: View, attacker: str, target: str, lang: str
) -> str | None:
    if game.to_act != seat or game.phase.value != "action":
        return text("not_your_decision", lang)
    hand = [Card.parse(c) for c in view["hand"]]
    spades = [c for c in hand if (c.suit is not None and c.suit.value == "spades") or c.is_joker]
    if not spades:
        return text("no_spade", lang)
    refusal = game.refusal(Attack(spades[0], attacker, target))
    return None if refusal is None else describe(refusal, lang)


# -- buttons -------------------------------------------------------------------------------


def _defence_outcome(game: Game, action: Action) -> AttackResolved | None:
    """The engine resolves the defence on a copy; only the attack's result is read."""
    twin = game.clone()
    try:
        events = twin.apply(action)
    except IllegalActionError:
        return None
    return next((e for e in events if isinstance(e, AttackResolved)), None)


_GROUPS: dict[type, str] = {
    Pass: "pass",
    Swap: "swap",
    Bid: "bid",
    Defend: "defend",
    Keep: "keep",
    Redraw: "redraw",
    Reveal: "reveal",
    TemptFate: "tempt_fate",
    Concede: "concede",
}


def _label(game: Game, view: View, action: Action, lang: str) -> str:
    """The words of a button (the text layer's labels; numbers from the engine)."""
    st = game.state
    if view["phase"] == "defend" and isinstance(action, Defend | Pass):
        result = _defence_outcome(game, action)
        return defend_label(
            action if isinstance(action, Defend) else None,
            wounds=0 if result is None else result.wounds,
            attack_value=None if result is None else result.attack_value,
            defense_value=None if result is None else result.defense_value,
            lang=lang,
        )
    if isinstance(action, Bid):
        seat = game.to_act if game.to_act is not None else 0
        value = bid_value(st, seat, action.card, action.wild)
        best = max((v for _, _, v in st.bids), default=0)
        return bid_label(action, value, best, lang)
    return plain_label(action, view, game.ruleset.round.redraw_cost, lang)


def choices(game: Game, view: View, legal: Sequence[Action], lang: str) -> list[dict[str, Any]]:
    """One button per legal action that is not a move or an attack, with its label.

    ``index`` points into the legal actions; a defence's label (or playing no heart's)
    says the wounds it leads to, as the engine resolves it.
    """
    out: list[dict[str, Any]] = []
    for index, action in enumerate(legal):
        if isinstance(action, Move | Attack):
            continue
        label = _label(game, view, action, lang)
        item: dict[str, Any] = {"index": index, "group": _GROUPS[type(action)], "label": label}
        if isinstance(action, Bid | Defend | Redraw | Keep | TemptFate):
            item["card"] = str(action.card)
        if isinstance(action, Redraw):
            item["payer"] = action.payer
        out.append(item)
    return out
