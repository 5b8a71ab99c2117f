"""What the fast path plays: the allow-list of ruleset fields, and its refusals by name.

:data:`HONOURED` names the ruleset fields the fast path plays as the reference engine does;
a game whose ruleset differs from the base ruleset in any other field, or that has a figure
the fast path cannot hold, is refused with the rule named (:class:`FastUnsupportedError`;
:func:`fast_refusal` asks beforehand, cheaply). The agreement walk
(:mod:`~totenblatt.wanted.fast.agreement`) changes every field alone and checks both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.wanted.engine.state import GameState
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "FAST_ABILITIES",
    "FAST_HEROES",
    "HONOURED",
    "FastUnsupportedError",
    "fast_refusal",
    "honoured",
    "ruleset_fields",
    "state_refusal",
    "unhonoured_field",
]

_NONE = -1


class FastUnsupportedError(ValueError):
    """The game uses a rule the fast path does not play; the message names it (a ruleset
    field, an ability, a hero type, a pending Tempt Fate)."""


_HONOURED = """
    cards.picture_value cards.ace_value cards.jokers cards.deck_count cards.reshuffle
    hp.start hp.maximum hp.cap_hp_at_max hp.killer_reward
    round.hand_size round.dead_hand_size round.redraw_cost round.redraws_per_round
    round.joker_hand_points round.hand_mode
    initiative.dealer_acts_first_without_bids
    movement.measure movement.base_diameter movement.difficult_factor movement.window_cost
    hidden.attack_reach hidden.hard_cover_reach
    attack.bands attack.sharpshooter_bands attack.out_of_range_attack_allowed
    weapons.*.label weapons.*.label_de weapons.*.aliases weapons.*.modifiers
    cover.light cover.medium cover.hard cover.cover_without_heart cover.reach
    damage.one_wound_from damage.two_wounds_from damage.extra_damage_on_miss
    jokers.club_inches jokers.spade_wounds jokers.heart_blocks_joker

    abilities.enabled abilities.quick_fingers_1 abilities.quick_fingers_2
    abilities.light_footed_1 abilities.light_footed_2 abilities.cover_1 abilities.cover_2
    abilities.cover_3 abilities.cover_uses abilities.tempt_fate_uses abilities.nine_lives_uses
    abilities.pay_the_piper abilities.table

    heroes.enabled heroes.max_heroes_per_side
    heroes.gunslinger.hp heroes.gunslinger.hp_max heroes.gunslinger.abilities
    heroes.gunslinger.extra_cards heroes.gunslinger.swap_cards
    heroes.veteran.hp heroes.veteran.hp_max heroes.veteran.abilities
    heroes.veteran.extra_cards heroes.veteran.swap_cards

    campaign.gang_max_size campaign.recovery_hp campaign.cowboy_ability_every
    campaign.gunslinger_promotion_after campaign.veteran_ability_every
    campaign.veteran_hp_max_bonus campaign.recruit_cost_veteran
    campaign.recruit_cost_gunslinger campaign.recruit_min_hp campaign.ability_draw_jokers
    campaign.hero_abilities_distinct

    game.round_limit
"""


HONOURED: frozenset[str] = frozenset(_HONOURED.split())
"""The ruleset's fields the fast path plays as the reference engine does, dotted (a weapon's
as ``weapons.*.<field>``). A game whose ruleset differs from the base ruleset in any other
field is refused with the field named (:func:`unhonoured_field`); the agreement walk
(:mod:`~totenblatt.wanted.fast.agreement`) changes every field alone and checks both.

Not listed: ``cards.number_values``. The ``abilities`` and ``heroes`` numbers are read only for a
figure that has an ability or is a hero, and such a figure is refused by the name of what
the fast path does not play (:data:`FAST_ABILITIES`, :data:`FAST_HEROES`); ``campaign``
is read between fights, never in one; set-up numbers (HP, Pay the Piper, the drawn
abilities) reach the fast game through the reference engine's figures."""


FAST_ABILITIES: frozenset[Ability] = frozenset(
    {
        Ability.PAY_THE_PIPER,
        Ability.QUICK_FINGERS_1,
        Ability.QUICK_FINGERS_2,
        Ability.LIGHT_FOOTED_1,
        Ability.LIGHT_FOOTED_2,
        Ability.SHARPSHOOTER,
        Ability.PICTURE_BOOK_10,
        Ability.NINE_LIVES,
        Ability.COVER_1,
        Ability.COVER_2,
        Ability.COVER_3,
        Ability.TEMPT_FATE,
        Ability.QUEEN_OF_HEARTS,
        Ability.WILD_2,
    }
)
"""The abilities (B1) the fast path plays: all fourteen (a figure with another, should one
be added, is refused by its name)."""


FAST_HEROES: frozenset[HeroType] = frozenset(HeroType)
"""The hero types (B2) the fast path plays: all, with their extra cards and swap rights
(D-27, a partial swap as the reference engine offers it)."""


_COVERS = (Ability.COVER_1, Ability.COVER_2, Ability.COVER_3)


def ruleset_fields(rules: Ruleset) -> dict[str, Any]:
    """Every field of ``rules`` by its dotted name (a weapon's ``weapons.<key>.<field>``); the
    ruleset's own name and description are no rules and not listed."""
    out: dict[str, Any] = {}

    def walk(model: Any, prefix: str) -> None:
        for name in type(model).model_fields:
            value = getattr(model, name)
            key = prefix + name
            if hasattr(type(value), "model_fields"):
                walk(value, key + ".")
            elif key == "weapons":
                for weapon, fields in value.items():
                    walk(fields, f"weapons.{weapon}.")
            elif key not in ("name", "description"):
                out[key] = value

    walk(rules, "")
    return out


def honoured(field: str) -> bool:
    """The dotted ruleset field ``field`` is one the fast path plays (:data:`HONOURED`)."""
    if field.startswith("weapons."):
        field = "weapons.*." + field.rsplit(".", 1)[-1]
    return field in HONOURED


_UNHONOURED: dict[int, tuple[Any, str | None]] = {}


def unhonoured_field(rules: Ruleset) -> str | None:
    """Why the fast path does not play ``rules``: the first field that differs from the base
    ruleset and is not :data:`HONOURED` (named, with both values); None when it plays them."""
    kept = _UNHONOURED.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    from totenblatt.wanted.rules import Ruleset

    base = ruleset_fields(Ruleset.load("base"))
    found = None
    for field, value in ruleset_fields(rules).items():
        if honoured(field):
            continue
        default = base.get(field, _NONE)
        if value != default:
            said = "" if default is _NONE else f" (the fast path plays it at {default!r} only)"
            found = f"the fast path does not play ruleset field {field} = {value!r}{said}"
            break
    if len(_UNHONOURED) > 64:
        _UNHONOURED.clear()
    _UNHONOURED[id(rules)] = (rules, found)
    return found


def _figure_refusal(name: str, kind: HeroType, abilities: Sequence[Ability]) -> str | None:
    if kind not in FAST_HEROES:
        return f"the fast path does not play the hero type {kind.value} (B2) of {name!r}"
    for ability in abilities:
        if ability not in FAST_ABILITIES:
            return f"the fast path does not play the ability {ability.value} (B1) of {name!r}"
    return None


def _cover_refusal(rules: Ruleset, figures: Sequence[tuple[str, Sequence[Ability]]]) -> str | None:
    """B1 Cover: the fast path's ids hold at most 3 uses of each Cover ability per figure."""
    per_copy = rules.abilities.cover_uses
    for name, abilities in figures:
        for ability in _COVERS:
            uses = abilities.count(ability) * per_copy
            if uses > 3:
                return (
                    f"the fast path does not play more than 3 uses of {ability.value} (B1) a "
                    f"fight, as {name!r} may hold {uses} (abilities.cover_uses = {per_copy})"
                )
    return None


def state_refusal(st: GameState) -> str | None:
    """Why the fast path does not play the reference game state ``st`` (a ruleset field, a
    figure's hero type or ability, a pending Tempt Fate, by name); None when it does."""
    found = unhonoured_field(st.ruleset)
    if found is not None:
        return found
    for f in st.figures:
        found = _figure_refusal(f.name, f.kind, f.abilities)
        if found is not None:
            return found
    return _cover_refusal(st.ruleset, [(f.name, f.abilities) for f in st.figures])


def fast_refusal(scenario: str | Scenario = "duel", ruleset: str | Ruleset = "base") -> str | None:
    """Why the fast path does not play ``scenario`` under ``ruleset`` (the rule named, as
    :class:`FastUnsupportedError` would say it), or None when it plays it: cheap, no game
    is set up. A hero without abilities given draws them at set-up (B2): each ability it
    might draw must be played."""
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import load_scenario

    rules = Ruleset.load(ruleset)
    found = unhonoured_field(rules)
    if found is not None:
        return found
    scen = load_scenario(scenario)
    drawn = tuple(
        dict.fromkeys(
            ability for label, ability in rules.abilities.table.items() if label.isdigit()
        )
    )
    from totenblatt.wanted.engine.heroes import profile

    held: list[tuple[str, Sequence[Ability]]] = []
    for spec in scen.figures:
        hero = profile(rules, spec.kind)
        found = _figure_refusal(spec.name, spec.kind, spec.abilities or (drawn if hero else ()))
        if found is not None:
            return found
        if spec.abilities or hero is None:
            held.append((spec.name, spec.abilities))
        else:  # it draws ``hero.abilities`` with repeats: any one of them that often
            held.extend((spec.name, (a,) * hero.abilities) for a in drawn)
    return _cover_refusal(rules, held)
