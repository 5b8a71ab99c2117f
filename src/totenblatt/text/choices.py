"""Decisions and choices in words: what the seat is asked, and a label for every action.

The interface measures and asks the core (odds, costs, the resolver); these
functions only word what it found.

>>> from totenblatt.cards import Card
>>> from totenblatt.wanted.engine.actions import Bid
>>> pass_label("bid", "de"), bid_label(Bid(Card.parse("K♦")), 10, 12, "en")
('Nichts bieten', 'Bid K♦ (10) — does not beat the best bid')
"""

from __future__ import annotations

from collections.abc import Sequence

from totenblatt.text.catalog import N_, words
from totenblatt.text.vocab import ability_name, cover_name
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "assumption",
    "attack_label",
    "bid_label",
    "decision_text",
    "defend_label",
    "move_label",
    "pass_label",
    "plain_label",
    "point_text",
]

_PASS = {
    "swap": N_("Keep your hand"),
    "bid": N_("Bid nothing"),
    "action": N_("Play no card"),
    "defend": N_("Play no heart"),
}


def assumption(lang: str, *, short: bool = False) -> str:
    """The stated assumption behind the odds (``short``: one line for small screens)."""
    w = words(lang)
    if short:
        return w.phrase(
            "Odds: enemy hand = random unseen cards; it plays joker, else highest heart."
        )
    return w.phrase(
        "Odds assume the defender's hand is a random draw of its size from the cards you have "
        "not seen (full deck minus your hand minus every card seen), and that it plays a joker "
        "if it has one, else its highest heart."
    )


def _card(action: act.Attack | act.Move | act.Bid | act.Defend, lang: str) -> str:
    if action.wild:
        return words(lang).phrase("{card} as a joker", card=action.card)
    return str(action.card)


def attack_label(
    action: act.Attack,
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str,
    hidden: bool,
    hit: float,
    expected: float,
    name_shooter: bool,
    lang: str,
    short: bool = False,
) -> str:
    """``Shoot Paco with Q♠ (Winchester, 7.0", medium cover) — 68% hit, E=1.4 wounds``.

    ``name_shooter`` leads with the attacker (a seat with several figures);
    ``short`` puts the odds first for a narrow screen.
    """
    w = words(lang)
    where = w.phrase("hidden: hard cover") if hidden else cover_name(cover, lang)
    card = _card(action, lang)
    tail = w.phrase(
        "{hit} hit, E={expected} wounds", hit=w.percent(hit), expected=w.number(expected)
    )
    if short:
        return w.phrase(
            "{attacker}→{target} {card}: {odds} ({weapon}, {distance}, {cover})",
            attacker=action.attacker,
            target=action.target,
            card=card,
            odds=tail,
            weapon=weapon.split()[0] if weapon.split() else weapon,
            distance=w.inches(distance),
            cover=where,
        )
    detail = f"{weapon}, {w.inches(distance)}, {where}"
    if name_shooter:
        head = w.phrase(
            "{attacker}: shoot {target} with {card}",
            attacker=action.attacker,
            target=action.target,
            card=card,
        )
    else:
        head = w.phrase("Shoot {target} with {card}", target=action.target, card=card)
    return f"{head} ({detail}) — {tail}"


def point_text(x: float, y: float, lang: str) -> str:
    """A spot on the table as typed moves read it back: ``(12.0, 8.3)`` / ``(12,0; 8,3)``.

    German numbers have a decimal comma, so German coordinates are parted by a
    semicolon (docs/play.md, "What you type").
    """
    w = words(lang)
    return w.phrase("({x}, {y})", x=w.number(x), y=w.number(y))


def move_label(
    action: act.Move,
    lang: str,
    *,
    costs: Sequence[float] | None = None,
    near: tuple[str, float, CoverLevel] | None = None,
) -> str:
    """``9♣: Billy 7.5" to (12.0, 8.0) — medium cover from Paco (10.2")``.

    ``costs`` are the steps' costs as shown (None: the table refuses a step), ``near``
    the nearest enemy at the end of a one-figure move (name, distance, cover there).
    """
    w = words(lang)
    card = _card(action, lang)
    if not action.steps:
        text = w.phrase("Play {card} without moving", card=card)
        return f"{action.figure}: {text}" if action.figure else text
    shown = list(costs) if costs is not None else [None] * len(action.steps)
    if len(action.steps) > 1:
        parts = ", ".join(
            f"{s.figure}→{point_text(*s.path[-1], lang)}"
            + ("" if cost is None else f" {w.inches(cost)}")
            + (w.phrase(", hide") if s.hide else "")
            for s, cost in zip(action.steps, shown, strict=True)
        )
        return w.phrase_n(
            "{card}: move {n} figure: {moves}",
            "{card}: move {n} figures: {moves}",
            len(action.steps),
            card=card,
            moves=parts,
        )
    step = action.steps[0]
    cost = shown[0]
    text = w.phrase(
        "{card}: {figure} {inches} to {where}",
        card=card,
        figure=step.figure,
        inches="?" if cost is None else w.inches(cost),
        where=point_text(*step.path[-1], lang),
    )
    if near is not None:
        name, distance, level = near
        text += w.phrase(
            " — {cover} from {name} ({distance})",
            cover=cover_name(level, lang),
            name=name,
            distance=w.inches(distance),
        )
    if step.hide:
        text += w.phrase(", hide")
    return text


def defend_label(
    action: act.Defend | None,
    *,
    wounds: int,
    attack_value: int | None,
    defense_value: int | None,
    lang: str,
) -> str:
    """``Defend with 7♥ (Cover 2) — defence 9 vs attack 11: 1 wound`` (None: no heart)."""
    w = words(lang)
    if action is None:
        head = w.phrase("Play no heart")
    else:
        used = [ability_name(a, lang) for a in action.covers]
        if action.extra is not None:
            used.append(f"+ {action.extra}")
        if action.wild:
            used.append(w.phrase("as a joker"))
        more = f" ({', '.join(used)})" if used else ""
        head = w.phrase("Defend with {card}{more}", card=action.card, more=more)
    result = w.phrase("no wound") if wounds == 0 else w.phrase_n("{n} wound", "{n} wounds", wounds)
    if attack_value is not None and defense_value is not None:
        versus = w.phrase(
            "defence {defence} vs attack {attack}", defence=defense_value, attack=attack_value
        )
        return f"{head} — {versus}: {result}"
    return f"{head} — {result}"


def bid_label(action: act.Bid, value: int, best: int, lang: str, *, anyway: bool = False) -> str:
    """``Bid K♦ (10) — leads``; a joker (or a wild 2) wins the initiative at once.

    ``anyway``: the seat takes the initiative without bidding (the engine says so).
    """
    w = words(lang)
    if anyway:
        return w.phrase(
            "Bid {card} — changes nothing: you take the initiative anyway",
            card=w.phrase("{card} as a joker", card=action.card) if action.wild else action.card,
        )
    if action.card.is_joker or action.wild:
        what = w.phrase("{card} as a joker", card=action.card) if action.wild else "Joker"
        return w.phrase("Bid {card} (wins the initiative at once)", card=what)
    if not best:
        return w.phrase("Bid {card} ({value})", card=action.card, value=value)
    if value > best:
        return w.phrase("Bid {card} ({value}) — leads", card=action.card, value=value)
    return w.phrase(
        "Bid {card} ({value}) — does not beat the best bid", card=action.card, value=value
    )


def pass_label(phase: str, lang: str) -> str:
    """What passing means in ``phase``: keep the hand, bid nothing, play no card …"""
    msgid = _PASS.get(phase)
    return words(lang).gettext(msgid) if msgid else words(lang).phrase("Pass")


def plain_label(action: Action, view: View, redraw_cost: int, lang: str) -> str:
    """The label of an action that needs no measuring (swap, keep, redraw, reveal …)."""
    w = words(lang)
    if isinstance(action, act.TemptFate):
        return w.phrase(
            "Tempt Fate ({figure}): give {card}, draw two, keep one",
            figure=action.figure,
            card=action.card,
        )
    if isinstance(action, act.Keep):
        other = [c for c in view["decision"].get("cards", []) if c != str(action.card)]
        if other:
            return w.phrase("Keep {card} (discard {other})", card=action.card, other=other[0])
        return w.phrase("Keep {card}", card=action.card)
    if isinstance(action, act.Pass):
        return pass_label(view["phase"], lang)
    if isinstance(action, act.Swap):
        n = view["dead_hand"]
        if action.cards:
            return w.phrase_n(
                "Swap {given} for the dead man's hand ({n} card, unseen)",
                "Swap {given} for the dead man's hand ({n} cards, unseen)",
                n,
                given=" ".join(map(str, action.cards)),
            )
        if action.figure:
            return w.phrase_n(
                "Swap {figure}'s hand for the dead man's hand ({n} card, unseen)",
                "Swap {figure}'s hand for the dead man's hand ({n} cards, unseen)",
                n,
                figure=action.figure,
            )
        return w.phrase_n(
            "Swap your hand for the dead man's hand ({n} card, unseen)",
            "Swap your hand for the dead man's hand ({n} cards, unseen)",
            n,
        )
    if isinstance(action, act.Redraw):
        return w.phrase(
            "Redraw {card} (pay {cost} HP from {payer})",
            card=action.card,
            cost=redraw_cost,
            payer=action.payer,
        )
    if isinstance(action, act.Reveal):
        return w.phrase("Reveal {figure} (then it may shoot)", figure=action.figure)
    if isinstance(action, act.Concede):
        return w.phrase("Concede the fight")
    raise ValueError(f"{type(action).__name__} needs measuring: use its own label function")


def decision_text(view: View, labels: Sequence[str], lang: str) -> str:
    """What the seat of ``view`` is asked now (``labels``: the seats' names, for bids)."""
    w = words(lang)
    phase = view["phase"]
    decision = view["decision"]
    if phase == "swap":
        return w.phrase("Keep your hand or swap it for the dead man's hand?")
    if phase == "bid":
        bids = ", ".join(f"{labels[s]} {c}" for s, c in decision.get("bids", []))
        if bids:
            return w.phrase("Bid a diamond for the initiative? (bids so far: {bids})", bids=bids)
        return w.phrase("Bid a diamond for the initiative?")
    if phase == "fate":
        return w.phrase(
            "Tempt Fate: which card do you keep? ({cards})",
            cards=" / ".join(decision.get("cards", [])),
        )
    if phase == "defend" and "attack" in decision:
        a = decision["attack"]
        return w.phrase(
            "{attacker} shoots at {target} with {card} — play a heart?",
            attacker=a["attacker"],
            target=a["target"],
            card=a["card"],
        )
    return w.phrase("Your turn: play a club (move), a spade (shoot) or nothing.")
