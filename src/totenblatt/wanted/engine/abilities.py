"""The abilities of the extended rules (B1) in play: bonuses, limited uses, Tempt Fate, Nine Lives.

An ability applies to the cards played for the figure that has it (D-23); the
diamond bonus belongs to the player (the best among its living figures). Copies
add up: Quick Fingers and Light-Footed add their bonuses, every copy of Cover or
Tempt Fate brings its uses per fight (B1, "once per game" = once per fight). The
numbers come from the ruleset's ``[abilities]`` section.

>>> from totenblatt.wanted.engine.state import Figure
>>> fig = Figure("Ann", 0, 0, "colt", (0.0, 0.0), 6, 6,
...              abilities=(Ability.COVER_1, Ability.COVER_2, Ability.COVER_1))
>>> choices = cover_options(fig, Ruleset.load("extended"))
>>> [" + ".join(a.value for a in choice) for choice in choices]
['', 'cover_1', 'cover_2', 'cover_1 + cover_1', 'cover_1 + cover_2', 'cover_1 + cover_1 + cover_2']
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from totenblatt.cards import Card, Rank, full_deck
from totenblatt.wanted.engine.events import FateDrawn, FateKept, FateTempted, NineLivesDrawn
from totenblatt.wanted.engine.state import FatePending, Figure, GameState, Phase
from totenblatt.wanted.rules import COVER_ABILITIES, Ruleset
from totenblatt.wanted.vocab import Ability

__all__ = [
    "JOKER_HIGH",
    "attacker_abilities",
    "bid_bonus",
    "club_bonus",
    "cover_options",
    "defender_abilities",
    "draw_number_ability",
    "has",
    "keep",
    "nine_lives",
    "tempt_fate",
    "tempters",
    "unused_covers",
    "uses_left",
]

JOKER_HIGH = 1_000
"""What a joker counts where cards are compared by worth and a joker is highest (D-24)."""


def has(fig: Figure, ability: Ability) -> bool:
    """True when ``fig`` has ``ability`` at least once."""
    return ability in fig.abilities


def _left(fig: Figure, ability: Ability, ruleset: Ruleset) -> int | None:
    copies = fig.abilities.count(ability)
    if not copies:
        return 0
    per_copy = ruleset.abilities.uses_per_fight(ability)
    if per_copy is None:
        return None
    return max(0, copies * per_copy - fig.spent.count(ability))


def uses_left(state: GameState, fig: Figure, ability: Ability) -> int | None:
    """Uses of a limited ability left this fight; None = unlimited (Nine Lives by default, D-24)."""
    return _left(fig, ability, state.ruleset)


def bid_bonus(state: GameState, seat: int) -> int:
    """D-23: Quick Fingers of the player's best living figure (never on a joker, D-36)."""
    if not state.has_abilities:
        return 0
    rules = state.ruleset.abilities
    return max((rules.diamond_bonus(f.abilities) for f in state.living(seat)), default=0)


def club_bonus(state: GameState, fig: Figure) -> int:
    """Light-Footed inches ``fig`` adds to a club it moves by (not to a joker, D-36)."""
    return state.ruleset.abilities.club_bonus(fig.abilities)


def unused_covers(fig: Figure, ruleset: Ruleset) -> Counter[Ability]:
    """The Cover abilities ``fig`` may still use this fight, with their uses left (B1 5-7)."""
    out: Counter[Ability] = Counter()
    for ability in COVER_ABILITIES:
        left = _left(fig, ability, ruleset)
        if left:
            out[ability] = left
    return out


def cover_options(fig: Figure, ruleset: Ruleset) -> list[tuple[Ability, ...]]:
    """Every choice of unused Cover abilities for one heart, the empty choice first."""
    unused = list(unused_covers(fig, ruleset).elements())
    if not unused:
        return [()]
    bonus = ruleset.abilities.cover_bonus
    choices = {combo for n in range(len(unused) + 1) for combo in itertools.combinations(unused, n)}
    return sorted(choices, key=lambda c: (sum(bonus(a) for a in c), len(c), c))


def attacker_abilities(fig: Figure, *, wild: bool) -> tuple[str, ...]:
    """What ``resolve_attack`` gets for the attacker: Sharpshooter, Picture-Book 10, Wild 2."""
    out = [a.value for a in (Ability.SHARPSHOOTER, Ability.PICTURE_BOOK_10) if a in fig.abilities]
    if wild:
        out.append(Ability.WILD_2.value)
    return tuple(out)


def defender_abilities(
    fig: Figure, *, covers: Sequence[Ability] = (), extra: bool = False, wild: bool = False
) -> tuple[str, ...]:
    """What ``resolve_attack`` gets for the defender: Picture-Book 10 and what this heart uses."""
    out = [Ability.PICTURE_BOOK_10.value] if Ability.PICTURE_BOOK_10 in fig.abilities else []
    if extra:
        out.append(Ability.QUEEN_OF_HEARTS.value)
    if wild:
        out.append(Ability.WILD_2.value)
    out += [a.value for a in covers]
    return tuple(out)


def draw_number_ability(rng: random.Random, ruleset: Ruleset) -> tuple[Card, Ability]:
    """A card of the 36 number cards 2-10 and the ability it gives: a hero's missing start (B2)."""
    card = rng.choice(_NUMBER_CARDS)
    return card, ruleset.ability_for(card)


_NUMBER_CARDS = tuple(c for c in full_deck(0) if c.rank is not None and c.rank <= Rank.TEN)
"""The 36 number cards 2-10 in deck order, that a hero's missing abilities are drawn from."""


# -- Tempt Fate (B1 8, D-38) ----------------------------------------------------------------


def tempters(state: GameState, seat: int) -> list[Figure]:
    """The seat's living figures with a Tempt Fate left, when two cards can be drawn."""
    if not state.has_abilities or state.fate is not None or not state.can_draw(2):
        return []
    return [f for f in state.living(seat) if uses_left(state, f, Ability.TEMPT_FATE)]


def tempt_fate(state: GameState, seat: int, card: Card, figure: str) -> None:
    """Give ``card``, draw two into the same hand; the seat then keeps one (phase FATE)."""
    fig = state.by_name[figure]
    holder = state.holder(seat, figure)
    hand = state.hands[holder]
    fig.spent += (Ability.TEMPT_FATE,)
    drawn = state.draw(2)
    hand.remove(card)
    state.discard((card,), face_up=False, seat=seat)
    hand.extend(drawn)
    state.events.append(FateTempted(seat, figure))
    state.events.append(FateDrawn(seat, figure, card, tuple(drawn)))
    pending = FatePending(seat, figure, holder, (drawn[0], drawn[1]), state.phase)
    if drawn[0] == drawn[1]:  # two jokers or twins of several decks: nothing to choose
        state.fate = pending
        keep(state, seat, drawn[0])
        return
    state.fate = pending
    state.phase = Phase.FATE


def keep(state: GameState, seat: int, card: Card) -> None:
    """Keep ``card`` of the two drawn; the other is discarded face down (D-38)."""
    fate = state.fate
    assert fate is not None
    state.fate = None
    first, second = fate.drawn
    other = second if card == first else first
    state.hands[fate.holder].remove(other)
    state.discard((other,), face_up=False, seat=seat)
    state.events.append(FateKept(seat, fate.figure, card, other))
    state.phase = fate.resume


# -- Nine Lives (B1 9, D-24) ---------------------------------------------------------------


def _high(card: Card, ruleset: Ruleset) -> int:
    return JOKER_HIGH if card.is_joker else ruleset.card_value(card)


def nine_lives(state: GameState, fig: Figure, killer: Figure) -> bool:
    """``fig`` is killed: it and its killer draw a card each; True when its card is higher.

    Compared by game value, jokers highest; equal cards: it dies. Both cards are
    discarded face up. Without a use left, or with fewer than two cards to draw,
    there is no draw and it dies.
    """
    if uses_left(state, fig, Ability.NINE_LIVES) == 0 or not state.can_draw(2):
        return False
    fig.spent += (Ability.NINE_LIVES,)
    own, theirs = state.draw(2)
    state.discard((own, theirs), face_up=True)
    survived = _high(own, state.ruleset) > _high(theirs, state.ruleset)
    state.events.append(NineLivesDrawn(fig.name, killer.name, own, theirs, survived))
    return survived
