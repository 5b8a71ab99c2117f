"""What a human types at the prompt, read into an action or a command (pure functions).

Numbers pick a listed choice; words give typed moves and commands, in English
or German: ``move Billy 12,8 [with 9♣] [hide]``, ``shoot Billy Paco [with Q♠]``,
``bid K♦``, ``defend 7♥``, ``redraw 3♦ [Billy]``, ``reveal Billy``, ``swap``,
``pass``, ``concede``, ``fate 3♥ [Wyatt]`` (Tempt Fate), ``keep Q♠`` (the card to
keep; ``keep`` alone keeps the hand); ``more``, ``map``, ``log``, ``odds``, ``help``, ``quit``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.cards import Card, CardParseError
from totenblatt.cli._play_choices import Choice, PlayContext
from totenblatt.messages import Message, MessageError
from totenblatt.wanted.ask import aim, inches_up, pay, route
from totenblatt.wanted.engine import Action, IllegalActionError, MoveStep
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.views import View

__all__ = [
    "COMMANDS",
    "Command",
    "InputError",
    "parse_input",
    "plan_move",
    "plan_split",
    "take_point",
]


class InputError(MessageError):
    """Input that is not a choice, an action or a command; the message says what to type."""


def _error(message: Message) -> InputError:
    """An :class:`InputError` whose English text is its message's."""
    return InputError(message)


@dataclass(frozen=True)
class Command:
    """A request that is not a game action: more, map, log, odds, help, quit, look NAME."""

    name: str
    arg: str = ""
    """``look``: the figure the panel measures from."""


COMMANDS: dict[str, str] = {
    "more": "more",
    "mehr": "more",
    "all": "more",
    "alle": "more",
    "m": "more",
    "map": "map",
    "karte": "map",
    "board": "map",
    "log": "log",
    "protokoll": "log",
    "odds": "odds",
    "chancen": "odds",
    "help": "help",
    "hilfe": "help",
    "?": "help",
    "h": "help",
    "quit": "quit",
    "exit": "quit",
    "q": "quit",
    "ende": "quit",
    "beenden": "quit",
}
"""Command words (English and German) and the command they name."""

_LOOK = ("look", "select", "from", "schau", "wähle", "waehle", "von")
"""``look NAME``: the panel shows distance, band, cover and line of fire from NAME."""

_VERBS: dict[str, str] = {
    "move": "move",
    "go": "move",
    "bewege": "move",
    "bewegen": "move",
    "gehe": "move",
    "geh": "move",
    "ziehe": "move",
    "shoot": "shoot",
    "attack": "shoot",
    "fire": "shoot",
    "schieß": "shoot",
    "schiess": "shoot",
    "schieße": "shoot",
    "schiesse": "shoot",
    "angriff": "shoot",
    "bid": "bid",
    "biete": "bid",
    "bieten": "bid",
    "defend": "defend",
    "verteidige": "defend",
    "verteidigen": "defend",
    "heart": "defend",
    "redraw": "redraw",
    "nachziehen": "redraw",
    "ziehe-nach": "redraw",
    "reveal": "reveal",
    "aufdecken": "reveal",
    "decke": "reveal",
    "swap": "swap",
    "tausche": "swap",
    "tauschen": "swap",
    "pass": "pass",
    "passe": "pass",
    "passen": "pass",
    "keep": "pass",
    "behalte": "pass",
    "behalten": "pass",
    "nichts": "pass",
    "none": "pass",
    "nothing": "pass",
    "concede": "concede",
    "aufgeben": "concede",
    "gib-auf": "concede",
    "fate": "fate",
    "tempt": "fate",
    "schicksal": "fate",
}

_NUMBER = r"-?\d+(?:[.,]\d+)?"
_COORD = re.compile(rf"({_NUMBER})[,;]?")
"""One coordinate of the two-word form, a decimal point or comma, maybe a separator after it."""
_SEMI = re.compile(rf"({_NUMBER});({_NUMBER})[,;]?")
"""``4,5;10,5``: x;y in one word, decimal point or comma."""
_COMMA = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)[;]?")
"""``4.5,10.5``: x,y in one word, decimal points only."""
_HIDE = ("hide", "hidden", "verstecken", "versteckt", "verstecke")
_AND = (",", ";", "+", "&", "and", "und")
_SNAP = 0.05 + 1e-6
"""A typed spot this close (in x and in y) to an offered move's end is that move's spot:
labels show tenths, so a listed move typed back is the listed move."""

_MOVE_USAGE = Message("type: move NAME X,Y [hide] [NAME X,Y [hide] …] [with CARD]")
_POINT_USAGE = Message(
    "a spot is two numbers: 4.5,10.5 or 4,5;10,5 or 4,5 10,5 (x right, y up, in inches)"
)
_SHOOT_USAGE = Message("type: shoot SHOOTER TARGET [with CARD]")


def _float(text: str) -> float:
    return float(text.replace(",", "."))


def _figures(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [f for f in view["figures"] if not f["out"]]


def match_figure(
    text: str, view: Mapping[str, Any], ctx: PlayContext
) -> tuple[Mapping[str, Any] | None, str]:
    """The living figure named at the start of ``text`` (name or map letter) and the rest."""
    stripped = text.strip()
    low = stripped.lower()
    figures = sorted(_figures(view), key=lambda f: -len(f["name"]))
    for fig in figures:
        name = fig["name"].lower()
        if low == name or low.startswith(name + " "):
            return fig, stripped[len(name) :].strip()
    head, _, rest = stripped.partition(" ")
    for fig in figures:
        letter = ctx.letters.get(fig["name"], "")
        if letter and head.upper() == letter and len(head) == 1:
            return fig, rest.strip()
    for fig in figures:  # a unique prefix of the name
        if len(head) >= 2 and fig["name"].lower().startswith(head.lower()):
            others = [f for f in figures if f["name"].lower().startswith(head.lower())]
            if len(others) == 1:
                return fig, rest.strip()
    return None, stripped


def _names(view: Mapping[str, Any], own: bool | None) -> str:
    seat = view["seat"]
    team = view["teams"][seat]
    names = [
        f["name"]
        for f in _figures(view)
        if own is None or ((f["seat"] == seat) == own and (own or f["team"] != team))
    ]
    return ", ".join(names) or "—"


def _card(text: str) -> Card:
    try:
        return Card.parse(text.strip())
    except CardParseError:
        raise _error(
            Message("{text} is not a card (try Q♠, QS or Pik-Dame)", text=repr(text.strip()))
        ) from None


def _split_with(rest: str) -> tuple[str, str | None]:
    match = re.search(r"\s+(?:with|mit)\s+(.+)$", rest, flags=re.IGNORECASE)
    if match is None:
        return rest, None
    return rest[: match.start()], match.group(1)


# -- typed moves: a route on the table, the club the engine accepts ----------------------

Goal = tuple[str, tuple[float, float], bool]
"""One figure's part of a typed move: its name, the spot, and whether it hides there."""


def take_point(text: str) -> tuple[tuple[float, float], str]:
    """The spot at the start of ``text`` and the rest (see docs/play.md, "What you type").

    Two words are x and y, each with a decimal point or comma (``4,5 10,5``,
    ``4.5 10.5``, ``12, 8``); one word is ``x;y`` (either decimal mark, ``4,5;10,5``)
    or ``x,y`` (decimal points only, ``4.5,10.5``, ``12,8``). Brackets are ignored.

    >>> take_point("4,5 10,5 hide")
    ((4.5, 10.5), 'hide')
    >>> take_point("(4.5, 10.5)"), take_point("12,8 Bob 3 4"), take_point("4,5;10,5")
    (((4.5, 10.5), ''), ((12.0, 8.0), 'Bob 3 4'), ((4.5, 10.5), ''))
    """
    tokens = text.replace("(", " ").replace(")", " ").split()
    if len(tokens) >= 2:
        first, second = _COORD.fullmatch(tokens[0]), _COORD.fullmatch(tokens[1])
        if first and second:
            x, y = _float(first.group(1)), _float(second.group(1))
            return (x, y), " ".join(tokens[2:])
    if tokens:
        semi, comma = _SEMI.fullmatch(tokens[0]), _COMMA.fullmatch(tokens[0])
        if semi:
            return (_float(semi.group(1)), _float(semi.group(2))), " ".join(tokens[1:])
        if comma:
            return (float(comma.group(1)), float(comma.group(2))), " ".join(tokens[1:])
    raise _error(Message("where to? {how} — {usage}", how=_POINT_USAGE, usage=_MOVE_USAGE))


def _positions(view: Mapping[str, Any]) -> dict[str, tuple[float, float]]:
    return {f["name"]: (float(f["position"][0]), float(f["position"][1])) for f in _figures(view)}


def _offered_path(
    figure: str, goal: tuple[float, float], legal: Sequence[Action], card: Card | None
) -> tuple[tuple[float, float], ...] | None:
    """The path of an offered move of ``figure`` (with ``card``, if named) that ends at
    ``goal`` as labels show it; of several, the one ending nearest."""
    found: list[tuple[float, tuple[tuple[float, float], ...]]] = []
    for action in legal:
        if not isinstance(action, act.Move) or (card is not None and action.card != card):
            continue
        for step in action.steps:
            end = step.path[-1]
            if step.figure == figure and max(abs(end[0] - goal[0]), abs(end[1] - goal[1])) <= _SNAP:
                path = tuple((float(x), float(y)) for x, y in step.path)
                found.append((math.dist(end, goal), path))
    return min(found)[1] if found else None


def _route(
    view: Mapping[str, Any],
    ctx: PlayContext,
    figure: str,
    goal: tuple[float, float],
    moved: Mapping[str, tuple[float, float]] | None = None,
    legal: Sequence[Action] = (),
    card: Card | None = None,
) -> tuple[tuple[float, float], ...]:
    """The path to ``goal``: an offered move's, else the engine's route (straight or round
    walls, the cheaper with the other bases where they stand after ``moved``)."""
    start = _positions(view)[figure]
    if math.dist(start, goal) < 0.01:
        raise _error(
            Message(
                "{figure} already stands at ({x}, {y})",
                figure=figure,
                x=goal[0],
                y=goal[1],
            )
        )
    offered = _offered_path(figure, goal, legal, card)
    if offered is not None:
        return offered
    return route(ctx.game, figure, goal, moved).path


def plan_move(
    view: Mapping[str, Any],
    ctx: PlayContext,
    figure: str,
    goal: tuple[float, float],
    *,
    card: Card | None = None,
    hide: bool = False,
    legal: Sequence[Action] = (),
) -> act.Move:
    """A move of ``figure`` to ``goal`` along the cheapest route, with a club the engine accepts.

    Without ``card`` it takes the smallest card the engine accepts (jokers and wild 2s
    last, :func:`~totenblatt.wanted.ask.pay`), so Light-Footed inches, wild 2s and
    per-character hands count exactly as the engine counts them. When none is
    accepted, the engine's reason is the error.
    """
    return plan_split(view, ctx, [(figure, goal, hide)], card=card, legal=legal)


def plan_split(
    view: Mapping[str, Any],
    ctx: PlayContext,
    goals: Sequence[Goal],
    *,
    card: Card | None = None,
    legal: Sequence[Action] = (),
) -> act.Move:
    """One club split over several figures (A6): a step for each goal, in the order typed.

    Each figure goes to its spot along its cheapest route (the bases of the figures
    moved before it where they end); the club is chosen as :func:`plan_move` does.
    """
    moved: dict[str, tuple[float, float]] = {}
    steps = []
    for figure, goal, hide in goals:
        path = _route(view, ctx, figure, goal, moved, legal, card)
        steps.append(MoveStep(figure, path, hide))
        moved[figure] = path[-1]
    paid = pay(ctx.game, steps, card=card)
    if paid.move is not None:
        return paid.move
    if paid.refusal is None:
        raise _error(Message("you hold no club (or joker) to move with"))
    raise _shown_refusal(paid.refusal, ctx, tuple(steps))


def _shown_refusal(
    refusal: IllegalActionError, ctx: PlayContext, steps: tuple[MoveStep, ...]
) -> InputError:
    """The engine's refusal, its cost given as every label shows costs (rounded up).

    The engine compares the exact cost with the club's inches; its message rounds the
    cost to hundredths (4.004" would read "costs 4"" against a 4" club). Shown rounded
    up to tenths — the same rounding as the choices' labels — it reads 4.1".
    """
    message = refusal.message
    if message is None:
        return InputError(str(refusal))
    costs = ctx.step_costs(steps)
    if "cost" in message.params and costs is not None:
        params = {**message.params, "cost": inches_up(sum(costs))}
        message = Message(message.id, **params)
    return InputError(message)


def _parse_goals(
    rest: str, view: Mapping[str, Any], ctx: PlayContext
) -> tuple[list[Goal], str | None]:
    """``NAME X,Y [hide] [[and] NAME X,Y [hide] …] [with CARD]``: the goals and the card."""
    rest, card_text = _split_with(rest)
    goals: list[Goal] = []
    text = rest.strip()
    while True:
        fig, text = match_figure(text, view, ctx)
        if fig is None or fig["seat"] != view["seat"]:
            raise _error(
                Message(
                    "which figure? yours: {names} — {usage}",
                    names=_names(view, True),
                    usage=_MOVE_USAGE,
                )
            )
        goal, text = take_point(text)
        words = text.split()
        hide = bool(words) and words[0].lower().strip(",;") in _HIDE
        if hide:
            words = words[1:]
        goals.append((fig["name"], goal, hide))
        if words and words[0].lower() in _AND:
            words = words[1:]
        text = " ".join(words)
        if not text:
            return goals, card_text


def _parse_move(
    rest: str, view: Mapping[str, Any], ctx: PlayContext, legal: Sequence[Action]
) -> Action:
    """``move NAME X,Y [hide] [NAME X,Y [hide] …] [with CARD]``: one club, one or more figures."""
    goals, card_text = _parse_goals(rest, view, ctx)
    card = None if card_text is None else _card(card_text)
    return plan_split(view, ctx, goals, card=card, legal=legal)


def _shooter_and_target(
    rest: str, view: Mapping[str, Any], ctx: PlayContext
) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The figures of ``shoot SHOOTER TARGET`` (the shooter may be left out when only one)."""
    own = [f for f in _figures(view) if f["seat"] == view["seat"]]
    first, after = match_figure(rest, view, ctx)
    if first is not None and first["seat"] == view["seat"]:
        attacker, (target, left) = first, match_figure(after, view, ctx)
    elif len(own) == 1:
        attacker, target, left = own[0], first, after
    else:
        raise _error(
            Message(
                "who shoots? yours: {names} — {usage}",
                names=_names(view, True),
                usage=_SHOOT_USAGE,
            )
        )
    if target is None or left:
        raise _error(
            Message(
                "at whom? enemies: {names} — {usage}",
                names=_names(view, False),
                usage=_SHOOT_USAGE,
            )
        )
    return attacker, target


def _parse_shoot(rest: str, view: View, ctx: PlayContext) -> Action:
    """``shoot SHOOTER TARGET [with CARD]``: without a card, the offered attack with best odds."""
    rest, card_text = _split_with(rest)
    attacker, target = _shooter_and_target(rest, view, ctx)
    if card_text is not None:
        return act.Attack(_card(card_text), attacker["name"], target["name"])
    shot = aim(ctx.game, view["seat"], view, attacker["name"], target["name"])
    if not shot.options:  # nothing offered: let the engine say why, with the first spade (or joker)
        if shot.trial is None:
            raise _error(Message("you hold no spade (or joker) to shoot with"))
        return shot.trial
    best = max(
        shot.options,
        key=lambda o: (
            o.odds.expected,
            -(99 if o.action.card.is_joker else ctx.rules.card_value(o.action.card)),
        ),
    )
    return best.action


def _parse_fate(
    rest: str, view: Mapping[str, Any], ctx: PlayContext, legal: Sequence[Action]
) -> Action:
    """``fate CARD [NAME]``: Tempt Fate with the (only, or named) figure that has it left."""
    card_text, _, name = rest.strip().partition(" ")
    if not card_text:
        raise _error(Message("which card? type: fate CARD [NAME]"))
    card = _card(card_text)
    figures = sorted({a.figure for a in legal if isinstance(a, act.TemptFate)})
    if name.strip():
        fig, left = match_figure(name, view, ctx)
        if fig is None or left:
            raise _error(Message("who? {names}", names=", ".join(figures) or "—"))
        return act.TemptFate(card, fig["name"])
    if not figures:
        raise _error(Message("nobody of yours can tempt fate now"))
    return act.TemptFate(card, figures[0])


def _parse_redraw(rest: str, view: Mapping[str, Any], ctx: PlayContext) -> Action:
    """``redraw CARD [PAYER]``: the payer defaults to the healthiest own figure."""
    words = rest.split()
    if not words:
        raise _error(Message("which card? type: redraw CARD [PAYER]"))
    card = _card(words[0])
    payer_text = " ".join(words[1:])
    if payer_text:
        payer, left = match_figure(payer_text, view, ctx)
        if payer is None or left:
            raise _error(Message("who pays? yours: {names}", names=_names(view, True)))
        return _redraw_of(card, payer["name"], view)
    own = sorted((f for f in _figures(view) if f["seat"] == view["seat"]), key=lambda f: -f["hp"])
    if not own:
        raise _error(Message("nobody of yours can pay"))
    return _redraw_of(card, own[0]["name"], view)


def _redraw_of(card: Card, payer: str, view: Mapping[str, Any]) -> act.Redraw:
    """Per character the card may sit in another figure's hand than the payer's (D-7)."""
    hands = view.get("figure_hands")
    if not hands or str(card) in hands.get(payer, []):
        return act.Redraw(card, payer)
    holder = next((name for name, cards in hands.items() if str(card) in cards), None)
    return act.Redraw(card, payer, holder)


def _choice(raw: str, choices: Sequence[Choice]) -> Action:
    """A listed choice by its number."""
    n = int(raw)
    if not 1 <= n <= len(choices):
        raise _error(Message("there is no choice {n}: pick 1 to {count}", n=n, count=len(choices)))
    return choices[n - 1].action


def _parse_card_verb(kind: str, word: str, rest: str) -> Action:
    """``bid CARD`` / ``defend CARD``."""
    if not rest.strip():
        raise _error(Message("which card? type: {verb} CARD", verb=word))
    card = _card(rest)
    return act.Bid(card) if kind == "bid" else act.Defend(card)


def _parse_bare(
    kind: str, word: str, rest: str, view: Mapping[str, Any], ctx: PlayContext
) -> Action:
    """The verbs that name a figure or nothing: reveal, keep CARD, swap, concede, pass."""
    if kind == "pass" and rest.strip():  # keep CARD: the card Tempt Fate keeps
        return act.Keep(_card(rest))
    if kind == "reveal":
        fig, left = match_figure(rest, view, ctx)
        if fig is None or left:
            raise _error(Message("whom? type: reveal NAME"))
        return act.Reveal(fig["name"])
    if rest.strip():
        raise _error(Message("{word} takes nothing after it", word=repr(word)))
    if kind == "swap":
        return act.Swap()
    if kind == "concede":
        return act.Concede()
    return act.Pass()


def parse_input(
    text: str,
    choices: Sequence[Choice],
    view: View,
    ctx: PlayContext,
    legal: Sequence[Action] = (),
) -> Action | Command:
    """Read what the human typed: a choice number, a typed action or a command.

    Raises :class:`InputError` whose message the text layer puts in the reader's language.
    """
    raw = text.strip()
    if not raw:
        raise _error(Message("type a number, a command or 'help'"))
    if raw.isdigit():
        return _choice(raw, choices)
    verb, _, rest = raw.partition(" ")
    word = verb.lower()
    if word in COMMANDS and not rest.strip():
        return Command(COMMANDS[word])
    if word in _LOOK:
        fig, left = match_figure(rest, view, ctx)
        if fig is None or left:
            raise _error(Message("whom? type: look NAME"))
        return Command("look", fig["name"])
    kind = _VERBS.get(word)
    if kind is None:
        raise _error(
            Message("unknown input {text}: type a number, or 'help' for commands", text=repr(raw))
        )
    if kind == "move":
        return _parse_move(rest, view, ctx, legal)
    if kind == "shoot":
        return _parse_shoot(rest, view, ctx)
    if kind in ("bid", "defend"):
        return _parse_card_verb(kind, word, rest)
    if kind == "redraw":
        return _parse_redraw(rest, view, ctx)
    if kind == "fate":
        return _parse_fate(rest, view, ctx, legal)
    return _parse_bare(kind, word, rest, view, ctx)
