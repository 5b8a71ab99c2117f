"""The odds from one seat's view: the cards it has not seen, an attack measured as the engine does.

:func:`view_attack_odds` measures distance and cover on the scenario's table
(:func:`view_table`) and draws the defender's hand from :func:`unseen_cards`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from totenblatt.cards import Card, CardLike, full_deck, to_card
from totenblatt.wanted.combat import ATTACKER_ABILITIES
from totenblatt.wanted.odds.attack import attack_odds
from totenblatt.wanted.odds.defense import AttackOdds, defense_odds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel

if TYPE_CHECKING:  # the odds of one shot need neither the engine nor the table geometry
    from totenblatt.wanted.engine.actions import Attack
    from totenblatt.wanted.engine.views import View
    from totenblatt.wanted.table.measure import Table

__all__ = ["unseen_cards", "view_attack_odds", "view_table"]


def unseen_cards(view: View, ruleset: str | Path | Ruleset | None = None) -> Counter[Card]:
    """The cards the view's seat has not seen: full deck(s) minus own hand minus seen cards.

    The number of decks is read from the card counts of the view (D-2 may add decks).
    """
    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    per_deck = 52 + rules.cards.jokers
    total = sum(view["hand_sizes"]) + view["dead_hand"] + view["draw_pile"] + view["discard_pile"]
    decks = max(rules.cards.deck_count, -(-total // per_deck))
    counts = dict(_deck_counts(rules.cards.jokers, decks))
    for text in (*view["hand"], *view["seen_cards"]):
        card = Card.parse(text)
        counts[card] = counts.get(card, 0) - 1
    return Counter({card: n for card, n in counts.items() if n > 0})


@cache
def _deck_counts(jokers: int, decks: int) -> dict[Card, int]:
    """How often each card is in ``decks`` full decks with ``jokers`` jokers (kept, not copied:
    callers copy)."""
    return dict(Counter(full_deck(jokers) * decks))


def view_table(view: View, ruleset: str | Path | Ruleset | None = None) -> Table:
    """The table of the view's scenario (a built-in name or a scenario file's name)."""
    from totenblatt.wanted.table.scenario import load_scenario

    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    return load_scenario(view["scenario"]).table(rules)


def view_attack_odds(
    view: View,
    attack: Attack | tuple[CardLike, str, str],
    *,
    table: Table | None = None,
    ruleset: str | Path | Ruleset | None = None,
    unseen: Mapping[Card, int] | None = None,
) -> AttackOdds:
    """The odds of ``attack`` (an :class:`Attack` or card, attacker, target) seen from ``view``.

    Distance and cover are measured on the scenario's table as the engine does
    (a hidden target within reach has hard cover); the defender's hand size is public.
    """
    from totenblatt.wanted.engine.actions import Attack

    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    if isinstance(attack, Attack):
        card, attacker, target = attack.card, attack.attacker, attack.target
    else:
        card, attacker, target = to_card(attack[0]), attack[1], attack[2]
    figures = {f["name"]: f for f in view["figures"]}
    for name in (attacker, target):
        if name not in figures:
            raise ValueError(f"no figure named {name!r}: expected one of {', '.join(figures)}")
    a, t = figures[attacker], figures[target]
    board = table if table is not None else view_table(view, rules)
    pa, pt = (a["position"][0], a["position"][1]), (t["position"][0], t["position"][1])
    distance = board.distance(pa, pt)
    cover = CoverLevel.HARD if t["hidden"] else CoverLevel(board.cover(pa, pt))
    pool = unseen if unseen is not None else unseen_cards(view, rules)
    sizes = view.get("figure_hand_sizes")  # per character the target's own hand defends (D-5)
    defense = defense_odds(pool, sizes[target] if sizes else view["hand_sizes"][t["seat"]], rules)
    abilities: tuple[str, ...] = ()
    if rules.abilities.enabled:
        wild = isinstance(attack, Attack) and attack.wild  # Wild 2 only for a 2 played wild
        abilities = tuple(
            x for x in a["abilities"] if x in ATTACKER_ABILITIES and (wild or x != Ability.WILD_2)
        )
    return attack_odds(
        card,
        weapon=a["weapon"],
        distance=distance,
        cover=cover,
        defense=defense,
        attacker_abilities=abilities,
        ruleset=rules,
    )
