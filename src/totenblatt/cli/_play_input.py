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

from totenblatt.cards import Card, CardParseError, Suit
from totenblatt.cli._play_choices import Choice, PlayContext
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Keep,
    Move,
    MoveStep,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
)
from totenblatt.wanted.odds import unseen_cards, view_attack_odds
from totenblatt.wanted.table.measure import MoveError
from totenblatt.wanted.table.pathing import router_for

__all__ = ["COMMANDS", "Command", "InputError", "parse_input", "plan_move"]


class InputError(ValueError):
    """Input that is not a choice, an action or a command; the message says what to type."""


@dataclass(frozen=True)
class Command:
    """A request that is not a game action: more, map, log, odds, help, quit."""

    name: str


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
_POINT = re.compile(rf"\(?\s*({_NUMBER})\s*[,;\s]\s*({_NUMBER})\s*\)?")


def _t(ctx: PlayContext, en: str, de: str) -> str:
    return ctx.t(en, de)


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


def _card(text: str, ctx: PlayContext) -> Card:
    try:
        return Card.parse(text.strip())
    except CardParseError:
        raise InputError(
            _t(
                ctx,
                f"{text.strip()!r} is not a card (try Q♠, QS or Pik-Dame)",
                f"{text.strip()!r} ist keine Karte (z. B. Q♠, QS oder Pik-Dame)",
            )
        ) from None


def _split_with(rest: str) -> tuple[str, str | None]:
    match = re.search(r"\s+(?:with|mit)\s+(.+)$", rest, flags=re.IGNORECASE)
    if match is None:
        return rest, None
    return rest[: match.start()], match.group(1)


def plan_move(
    view: Mapping[str, Any],
    ctx: PlayContext,
    figure: str,
    goal: tuple[float, float],
    *,
    card: Card | None = None,
    hide: bool = False,
) -> Move:
    """A move of ``figure`` to ``goal``: the cheapest route on the table, paid with ``card``.

    Without a card it takes the smallest club (a joker last) that pays for the route.
    """
    figs = {f["name"]: f for f in _figures(view)}
    fig = figs[figure]
    start = (float(fig["position"][0]), float(fig["position"][1]))
    if math.dist(start, goal) < 0.01:
        raise InputError(
            _t(ctx, f"{figure} already stands at {goal}", f"{figure} steht schon bei {goal}")
        )
    blockers = [
        (float(f["position"][0]), float(f["position"][1]))
        for f in figs.values()
        if f["name"] != figure
    ]
    table = ctx.table
    paths: list[tuple[tuple[float, float], ...]] = [(start, goal)]
    route = router_for(table).route(start, goal)
    if len(route) >= 2 and math.dist(route[-1], goal) < 0.01 and route != (start, goal):
        paths.append(tuple((float(x), float(y)) for x, y in route))
    best: tuple[float, tuple[tuple[float, float], ...]] | None = None
    problem = ""
    for path in paths:
        try:
            cost = table.move_cost(path, blockers=blockers)
        except MoveError as exc:
            problem = str(exc)
            continue
        if best is None or cost < best[0]:
            best = (cost, path)
    if best is None:
        raise InputError(
            _t(
                ctx,
                f"{figure} cannot move to ({goal[0]:g}, {goal[1]:g}): {problem}",
                f"{figure} kann nicht nach ({goal[0]:g}, {goal[1]:g}): {problem}",
            )
        )
    cost, path = best
    clubs = [Card.parse(c) for c in dict.fromkeys(view["hand"])]
    clubs = [c for c in clubs if c.suit is Suit.CLUBS or c.is_joker]

    def budget(c: Card) -> int:
        return ctx.rules.jokers.club_inches if c.is_joker else ctx.rules.card_value(c)

    if card is not None:
        if card not in clubs:
            raise InputError(
                _t(
                    ctx,
                    f"{card} is not a club in your hand (clubs: "
                    f"{' '.join(map(str, clubs)) or '—'})",
                    f"{card} ist kein Kreuz auf deiner Hand (Kreuz: "
                    f"{' '.join(map(str, clubs)) or '—'})",
                )
            )
        if budget(card) + 1e-9 < cost:
            raise InputError(
                _t(
                    ctx,
                    f'the route costs {cost:.1f}" but {card} gives only {budget(card)}"',
                    f'der Weg kostet {cost:.1f}", {card} gibt nur {budget(card)}"',
                )
            )
        chosen = card
    else:
        enough = sorted(
            (c for c in clubs if budget(c) + 1e-9 >= cost), key=lambda c: (c.is_joker, budget(c))
        )
        if not clubs:
            raise InputError(
                _t(
                    ctx,
                    "you hold no club (or joker) to move with",
                    "du hast kein Kreuz (und keinen Joker) zum Gehen",
                )
            )
        if not enough:
            most = max(budget(c) for c in clubs)
            raise InputError(
                _t(
                    ctx,
                    f'{figure} needs {cost:.1f}" to get there, your best club gives {most}"',
                    f'{figure} braucht {cost:.1f}" bis dorthin, dein bestes Kreuz gibt {most}"',
                )
            )
        chosen = enough[0]
    return Move(chosen, (MoveStep(figure, path, hide),))


def _parse_move(rest: str, view: Mapping[str, Any], ctx: PlayContext) -> Action:
    usage = _t(
        ctx,
        "type: move NAME X,Y [with CARD] [hide]",
        "tippe: bewege NAME X,Y [mit KARTE] [verstecken]",
    )
    fig, rest = match_figure(rest, view, ctx)
    if fig is None or fig["seat"] != view["seat"]:
        raise InputError(
            _t(
                ctx,
                f"which figure? yours: {_names(view, True)} — {usage}",
                f"welche Figur? deine: {_names(view, True)} — {usage}",
            )
        )
    hide = False
    words = rest.split()
    if words and words[-1].lower() in ("hide", "verstecken", "versteckt", "hidden"):
        hide = True
        rest = " ".join(words[:-1])
    rest, card_text = _split_with(rest)
    match = _POINT.fullmatch(rest.strip())
    if match is None:
        raise InputError(_t(ctx, f"where to? {usage}", f"wohin? {usage}"))
    goal = (_float(match.group(1)), _float(match.group(2)))
    card = None if card_text is None else _card(card_text, ctx)
    return plan_move(view, ctx, fig["name"], goal, card=card, hide=hide)


def _parse_shoot(
    rest: str, view: Mapping[str, Any], ctx: PlayContext, legal: Sequence[Action]
) -> Action:
    usage = _t(
        ctx, "type: shoot SHOOTER TARGET [with CARD]", "tippe: schieß SCHÜTZE ZIEL [mit KARTE]"
    )
    rest, card_text = _split_with(rest)
    own = [f for f in _figures(view) if f["seat"] == view["seat"]]
    first, after = match_figure(rest, view, ctx)
    if first is not None and first["seat"] == view["seat"]:
        attacker, (target, left) = first, match_figure(after, view, ctx)
    elif len(own) == 1:
        attacker, target, left = own[0], first, after
    else:
        raise InputError(
            _t(
                ctx,
                f"who shoots? yours: {_names(view, True)} — {usage}",
                f"wer schießt? deine: {_names(view, True)} — {usage}",
            )
        )
    if target is None or left:
        raise InputError(
            _t(
                ctx,
                f"at whom? enemies: {_names(view, False)} — {usage}",
                f"auf wen? Gegner: {_names(view, False)} — {usage}",
            )
        )
    if card_text is not None:
        return Attack(_card(card_text, ctx), attacker["name"], target["name"])
    options = [
        a
        for a in legal
        if isinstance(a, Attack) and a.attacker == attacker["name"] and a.target == target["name"]
    ]
    if not options:
        spades = [Card.parse(c) for c in view["hand"]]
        spades = [c for c in spades if c.suit is Suit.SPADES or c.is_joker]
        if not spades:
            raise InputError(
                _t(
                    ctx,
                    "you hold no spade (or joker) to shoot with",
                    "du hast kein Pik (und keinen Joker) zum Schießen",
                )
            )
        return Attack(spades[0], attacker["name"], target["name"])
    unseen = unseen_cards(view, ctx.rules)
    return max(
        options,
        key=lambda a: (
            view_attack_odds(view, a, table=ctx.table, ruleset=ctx.rules, unseen=unseen).expected,
            -(99 if a.card.is_joker else ctx.rules.card_value(a.card)),
        ),
    )


def _parse_fate(
    rest: str, view: Mapping[str, Any], ctx: PlayContext, legal: Sequence[Action]
) -> Action:
    """``fate CARD [NAME]``: Tempt Fate with the (only, or named) figure that has it left."""
    card_text, _, name = rest.strip().partition(" ")
    if not card_text:
        raise InputError(
            _t(ctx, "which card? type: fate CARD [NAME]", "welche Karte? tippe: schicksal KARTE")
        )
    card = _card(card_text, ctx)
    figures = sorted({a.figure for a in legal if isinstance(a, TemptFate)})
    if name.strip():
        fig, left = match_figure(name, view, ctx)
        if fig is None or left:
            raise InputError(_t(ctx, f"who? {', '.join(figures)}", f"wer? {', '.join(figures)}"))
        return TemptFate(card, fig["name"])
    if not figures:
        raise InputError(
            _t(ctx, "nobody of yours can tempt fate now", "niemand von dir kann das jetzt")
        )
    return TemptFate(card, figures[0])


def parse_input(
    text: str,
    choices: Sequence[Choice],
    view: Mapping[str, Any],
    ctx: PlayContext,
    legal: Sequence[Action] = (),
) -> Action | Command:
    """Read what the human typed: a choice number, a typed action or a command.

    Raises :class:`InputError` with a message in the context's language.
    """
    raw = text.strip()
    if not raw:
        raise InputError(
            _t(
                ctx,
                "type a number, a command or 'help'",
                "tippe eine Nummer, einen Befehl oder 'hilfe'",
            )
        )
    if raw.isdigit():
        n = int(raw)
        if not 1 <= n <= len(choices):
            raise InputError(
                _t(
                    ctx,
                    f"there is no choice {n}: pick 1 to {len(choices)}",
                    f"es gibt keine Wahl {n}: wähle 1 bis {len(choices)}",
                )
            )
        return choices[n - 1].action
    verb, _, rest = raw.partition(" ")
    word = verb.lower()
    if word in COMMANDS and not rest.strip():
        return Command(COMMANDS[word])
    kind = _VERBS.get(word)
    if kind is None:
        raise InputError(
            _t(
                ctx,
                f"unknown input {raw!r}: type a number, or 'help' for commands",
                f"unbekannte Eingabe {raw!r}: tippe eine Nummer oder 'hilfe'",
            )
        )
    if kind == "move":
        return _parse_move(rest, view, ctx)
    if kind == "shoot":
        return _parse_shoot(rest, view, ctx, legal)
    if kind in ("bid", "defend"):
        if not rest.strip():
            raise InputError(
                _t(ctx, f"which card? type: {word} CARD", f"welche Karte? tippe: {word} KARTE")
            )
        card = _card(rest, ctx)
        return Bid(card) if kind == "bid" else Defend(card)
    if kind == "redraw":
        words = rest.split()
        if not words:
            raise InputError(
                _t(
                    ctx,
                    "which card? type: redraw CARD [PAYER]",
                    "welche Karte? tippe: nachziehen KARTE [ZAHLER]",
                )
            )
        card = _card(words[0], ctx)
        payer_text = " ".join(words[1:])
        if payer_text:
            payer, left = match_figure(payer_text, view, ctx)
            if payer is None or left:
                raise InputError(
                    _t(
                        ctx,
                        f"who pays? yours: {_names(view, True)}",
                        f"wer zahlt? deine: {_names(view, True)}",
                    )
                )
            return Redraw(card, payer["name"])
        own = sorted(
            (f for f in _figures(view) if f["seat"] == view["seat"]), key=lambda f: -f["hp"]
        )
        if not own:
            raise InputError(_t(ctx, "nobody of yours can pay", "niemand von dir kann zahlen"))
        return Redraw(card, own[0]["name"])
    if kind == "fate":
        return _parse_fate(rest, view, ctx, legal)
    if kind == "pass" and rest.strip():  # keep CARD: the card Tempt Fate keeps
        return Keep(_card(rest, ctx))
    if kind == "reveal":
        fig, left = match_figure(rest, view, ctx)
        if fig is None or left:
            raise InputError(_t(ctx, "whom? type: reveal NAME", "wen? tippe: aufdecken NAME"))
        return Reveal(fig["name"])
    if rest.strip():
        raise InputError(
            _t(ctx, f"{word!r} takes nothing after it", f"{word!r} braucht nichts dahinter")
        )
    if kind == "swap":
        return Swap()
    if kind == "concede":
        return Concede()
    return Pass()
