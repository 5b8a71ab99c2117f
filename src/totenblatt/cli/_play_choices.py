"""The numbered choices of a human seat: readable labels (with exact odds) in a useful order."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from totenblatt.cards import Card, Suit
from totenblatt.cli.abilities import ability_name
from totenblatt.cli.app import Lang, pick
from totenblatt.cli.story import inches, number
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Defend,
    Keep,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
)
from totenblatt.wanted.odds import (
    ASSUMPTION,
    ASSUMPTION_DE,
    AttackOdds,
    unseen_cards,
    view_attack_odds,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import Table
from totenblatt.wanted.vocab import CoverLevel

__all__ = ["Choice", "PlayContext", "assumption", "build_choices", "percent"]


@dataclass
class PlayContext:
    """What labels and parsing need besides the view: rules, table, language, map letters."""

    rules: Ruleset
    table: Table
    lang: Lang
    letters: dict[str, str] = field(default_factory=dict)

    def t(self, en: str, de: str) -> str:
        """The text in the context's language."""
        return pick(self.lang, en, de)

    def cover(self, level: CoverLevel | str) -> str:
        """``medium cover`` / ``mittlere Deckung``."""
        level = CoverLevel(level)
        de = {
            CoverLevel.NONE: "keine Deckung",
            CoverLevel.LIGHT: "leichte Deckung",
            CoverLevel.MEDIUM: "mittlere Deckung",
            CoverLevel.HARD: "harte Deckung",
            CoverLevel.HIDDEN: "versteckt",
        }
        en = "no cover" if level is CoverLevel.NONE else f"{level.value} cover"
        return self.t(en, de[level])

    def weapon(self, key: str) -> str:
        """A weapon's name in the context's language."""
        return self.rules.weapon(key).name(self.lang.value)


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


def percent(p: float, lang: Lang) -> str:
    """``68%`` (``68 %`` in German)."""
    value = f"{p * 100:.0f}"
    return f"{value} %" if lang is Lang.DE else f"{value}%"


def assumption(lang: Lang, *, short: bool = False) -> str:
    """The stated assumption behind the odds (``short``: one line for small screens)."""
    if short:
        return pick(
            lang,
            "Odds: enemy hand = random unseen cards; it plays joker, else highest heart.",
            "Chancen: Gegnerhand zufällig aus Ungesehenem; Joker, sonst höchstes Herz.",
        )
    return pick(lang, ASSUMPTION, ASSUMPTION_DE)


def _figures(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {f["name"]: f for f in view["figures"]}


def _pos(fig: Mapping[str, Any]) -> tuple[float, float]:
    return (float(fig["position"][0]), float(fig["position"][1]))


def _attack_label(
    action: Attack,
    odds: AttackOdds,
    view: Mapping[str, Any],
    ctx: PlayContext,
    *,
    short: bool = False,
) -> str:
    lang = ctx.lang
    own = [f for f in view["figures"] if f["seat"] == view["seat"] and not f["out"]]
    cover = (
        ctx.t("hidden: hard cover", "versteckt: harte Deckung")
        if (_figures(view)[action.target]["hidden"])
        else ctx.cover(odds.cover)
    )
    detail = f"{ctx.weapon(odds.weapon)}, {inches(odds.distance, lang)}, {cover}"
    hit = percent(float(odds.hit), lang)
    expected = number(float(odds.expected), lang)
    card = str(action.card) + (ctx.t(" as a joker", " als Joker") if action.wild else "")
    if len(own) > 1:
        head = ctx.t(
            f"{action.attacker}: shoot {action.target} with {card}",
            f"{action.attacker}: schieß mit {card} auf {action.target}",
        )
    else:
        head = ctx.t(f"Shoot {action.target} with {card}", f"Schieß mit {card} auf {action.target}")
    tail = ctx.t(f"{hit} hit, E={expected} wounds", f"{hit} Treffer, E={expected} Wunden")
    if short:
        weapon = ctx.weapon(odds.weapon).split()[0]
        return f"{action.attacker}→{action.target} {card}: {tail} ({weapon}, " + (
            f"{inches(odds.distance, lang)}, {cover})"
        )
    return f"{head} ({detail}) — {tail}"


def _nearest_enemy(
    view: Mapping[str, Any], point: tuple[float, float], ctx: PlayContext
) -> tuple[str, float, CoverLevel] | None:
    team = view["teams"][view["seat"]]
    best: tuple[str, float, CoverLevel] | None = None
    for f in view["figures"]:
        if f["out"] or f["team"] == team:
            continue
        d = ctx.table.distance(_pos(f), point)
        if best is None or d < best[1]:
            best = (f["name"], d, CoverLevel(ctx.table.cover(_pos(f), point)))
    return best


def _move_label(action: Move, view: Mapping[str, Any], ctx: PlayContext) -> str:
    lang = ctx.lang
    card = str(action.card) + (ctx.t(" as a joker", " als Joker") if action.wild else "")
    if not action.steps:
        who = f"{action.figure}: " if action.figure else ""
        return who + ctx.t(f"Play {card} without moving", f"{card} spielen, ohne zu gehen")
    if len(action.steps) > 1:
        parts = []
        for step in action.steps:
            x, y = step.path[-1]
            parts.append(f"{step.figure}→({x:.0f},{y:.0f})")
        return ctx.t(
            f"{card}: move {len(action.steps)} figures: ",
            f"{card}: {len(action.steps)} Figuren gehen: ",
        ) + ", ".join(parts)
    step = action.steps[0]
    x, y = step.path[-1]
    try:
        cost = ctx.table.move_cost(step.path)
    except ValueError:
        cost = sum(math.dist(p, q) for p, q in zip(step.path, step.path[1:], strict=False))
    where = f"({number(x, lang)}, {number(y, lang)})"
    text = ctx.t(
        f"{card}: {step.figure} {inches(cost, lang)} to {where}",
        f"{card}: {step.figure} {inches(cost, lang)} nach {where}",
    )
    near = _nearest_enemy(view, step.path[-1], ctx)
    if near is not None:
        name, d, cover = near
        text += ctx.t(
            f" — {ctx.cover(cover)} from {name} ({inches(d, lang)})",
            f" — {ctx.cover(cover)} vor {name} ({inches(d, lang)})",
        )
    if step.hide:
        text += ctx.t(", hide", ", verstecken")
    return text


def _abilities(view: Mapping[str, Any], name: str, keep: set[str]) -> tuple[str, ...]:
    fig = _figures(view).get(name)
    return () if fig is None else tuple(a for a in fig["abilities"] if a in keep)


def _defend_label(action: Defend | None, view: Mapping[str, Any], ctx: PlayContext) -> str:
    attack = view["decision"].get("attack") or {}
    if not attack:
        return ctx.t("Play no heart", "Kein Herz spielen")
    card = None if action is None else action.card
    shooter = _abilities(view, attack["attacker"], {"sharpshooter", "picture_book_10"})
    defender = _abilities(view, attack["target"], {"picture_book_10"})
    used: list[str] = []
    if action is not None:
        defender += tuple(a.value for a in action.covers)
        used = [ability_name(a, ctx.lang) for a in action.covers]
        if action.extra is not None:
            defender += ("queen_of_hearts",)
            used.append(f"+ {action.extra}")
        if action.wild:
            defender += ("wild_2",)
            used.append(ctx.t("as a joker", "als Joker"))
    result = resolve_attack(
        attack["card"],
        weapon=attack["weapon"],
        distance=attack["distance"],
        defense=card,
        cover=attack["cover"],
        attacker_abilities=(*shooter, "wild_2") if attack.get("wild") else shooter,
        defender_abilities=defender,
        extra_defense=None if action is None else action.extra,
        ruleset=ctx.rules,
    )
    w = result.wounds
    wounds = ctx.t(
        "no wound" if w == 0 else "1 wound" if w == 1 else f"{w} wounds",
        "keine Wunde" if w == 0 else "1 Wunde" if w == 1 else f"{w} Wunden",
    )
    more = f" ({', '.join(used)})" if used else ""
    head = (
        ctx.t("Play no heart", "Kein Herz spielen")
        if card is None
        else ctx.t(f"Defend with {card}{more}", f"Mit {card}{more} verteidigen")
    )
    if result.attack_value is not None and result.defense_value is not None:
        versus = ctx.t(
            f"defence {result.defense_value} vs attack {result.attack_value}",
            f"Verteidigung {result.defense_value} gegen Angriff {result.attack_value}",
        )
        return f"{head} — {versus}: {wounds}"
    return f"{head} — {wounds}"


_QUICK = {"quick_fingers_1": 1, "quick_fingers_2": 2}


def _bid_label(action: Bid, view: Mapping[str, Any], ctx: PlayContext) -> str:
    card = action.card
    if card.is_joker or action.wild:
        what = ctx.t(f"{card} as a joker", f"{card} als Joker") if action.wild else "Joker"
        return ctx.t(
            f"Bid {what} (wins the initiative at once)",
            f"{what} bieten (gewinnt sofort die Initiative)",
        )
    decision = view["decision"]
    values = decision.get("values")
    best = 0
    for i, (_seat, text) in enumerate(decision.get("bids", [])):
        bid = Card.parse(text)
        best = max(
            best, values[i] if values else 1000 if bid.is_joker else ctx.rules.card_value(bid)
        )
    own = [f for f in view["figures"] if f["seat"] == view["seat"] and not f["out"]]
    bonus = max((sum(_QUICK.get(a, 0) for a in f["abilities"]) for f in own), default=0)
    value = ctx.rules.card_value(card) + bonus
    note = ""
    if best:
        note = ctx.t(
            " — leads" if value > best else " — does not beat the best bid",
            " — führt" if value > best else " — schlägt das beste Gebot nicht",
        )
    return ctx.t(f"Bid {card} ({value}){note}", f"{card} bieten ({value}){note}")


def _pass_label(phase: str, ctx: PlayContext) -> str:
    return {
        "swap": ctx.t("Keep your hand", "Hand behalten"),
        "bid": ctx.t("Bid nothing", "Nichts bieten"),
        "action": ctx.t("Play no card", "Keine Karte spielen"),
        "defend": ctx.t("Play no heart", "Kein Herz spielen"),
    }.get(phase, ctx.t("Pass", "Passen"))


def label(action: Action, view: Mapping[str, Any], ctx: PlayContext) -> str:
    """A readable label for any action (attacks with exact odds)."""
    if isinstance(action, Attack):
        return _attack_label(
            action, view_attack_odds(view, action, table=ctx.table, ruleset=ctx.rules), view, ctx
        )
    if isinstance(action, Move):
        return _move_label(action, view, ctx)
    if isinstance(action, Defend):
        return _defend_label(action, view, ctx)
    if isinstance(action, Bid):
        return _bid_label(action, view, ctx)
    if isinstance(action, TemptFate):
        return ctx.t(
            f"Tempt Fate ({action.figure}): give {action.card}, draw two, keep one",
            f"Spiel mit dem Schicksal ({action.figure}): {action.card} weg, zwei ziehen, "
            "eine behalten",
        )
    if isinstance(action, Keep):
        other = [c for c in view["decision"].get("cards", []) if c != str(action.card)]
        rest = ctx.t(f" (discard {other[0]})", f" ({other[0]} ablegen)") if other else ""
        return ctx.t(f"Keep {action.card}{rest}", f"{action.card} behalten{rest}")
    if isinstance(action, Pass):
        if view["phase"] == "defend":
            return _defend_label(None, view, ctx)
        return _pass_label(view["phase"], ctx)
    if isinstance(action, Swap):
        n = view["dead_hand"]
        if action.cards:
            given = " ".join(map(str, action.cards))
            return ctx.t(
                f"Swap {given} for the dead man's hand ({n} cards, unseen)",
                f"{given} gegen das Totenblatt tauschen ({n} Karten, ungesehen)",
            )
        if action.figure:
            return ctx.t(
                f"Swap {action.figure}'s hand for the dead man's hand ({n} cards, unseen)",
                f"Hand von {action.figure} gegen das Totenblatt tauschen ({n} Karten, ungesehen)",
            )
        return ctx.t(
            f"Swap your hand for the dead man's hand ({n} cards, unseen)",
            f"Hand gegen das Totenblatt tauschen ({n} Karten, ungesehen)",
        )
    if isinstance(action, Redraw):
        cost = ctx.rules.round.redraw_cost
        return ctx.t(
            f"Redraw {action.card} (pay {cost} HP from {action.payer})",
            f"{action.card} nachziehen ({cost} HP von {action.payer})",
        )
    if isinstance(action, Reveal):
        return ctx.t(
            f"Reveal {action.figure} (then it may shoot)",
            f"{action.figure} aufdecken (dann darf er schießen)",
        )
    return ctx.t("Concede the fight", "Den Kampf aufgeben")


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


def build_choices(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    ctx: PlayContext,
    *,
    advice: Action | None = None,
) -> list[Choice]:
    """The choices in display order: attacks (best odds first), moves, pass, reveal, redraw.

    Redraws are shown once per card, paid by the healthiest figure (type ``redraw`` to
    choose the payer); every other legal action is one choice.
    """
    hp = {f["name"]: f["hp"] for f in view["figures"]}
    redraws: dict[Card, Redraw] = {}
    for action in legal:
        if isinstance(action, Redraw):
            known = redraws.get(action.card)
            if known is None or hp.get(action.payer, 0) > hp.get(known.payer, 0):
                redraws[action.card] = action
    unseen = unseen_cards(view, ctx.rules) if any(isinstance(a, Attack) for a in legal) else None
    out: list[Choice] = []
    for action in legal:
        if isinstance(action, Redraw) and action not in (redraws.get(action.card), advice):
            continue
        odds = None
        short = ""
        if isinstance(action, Attack):
            odds = view_attack_odds(view, action, table=ctx.table, ruleset=ctx.rules, unseen=unseen)
            text = _attack_label(action, odds, view, ctx)
            short = _attack_label(action, odds, view, ctx, short=True)
        else:
            text = label(action, view, ctx)
        out.append(Choice(action, text, _group(action), action == advice, odds, short))

    def key(item: tuple[int, Choice]) -> tuple[float, ...]:
        index, choice = item
        rank = _GROUP_ORDER.get(choice.group, 6)
        if choice.odds is not None:
            return (rank, -float(choice.odds.expected), _card_value(choice.action, ctx), index)
        if isinstance(choice.action, Defend | Bid):
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
