"""The fast path: the round of Wanted on flat state with integer actions.

:class:`FastGame` plays the same rules as the reference engine
(:mod:`totenblatt.wanted.engine`) on plain lists of numbers: cards are numbers
(:mod:`~totenblatt.wanted.fast.cards`), figures stand on the board's nodes
(:mod:`~totenblatt.wanted.fast.board`), actions are ids of the scenario's action table
(:mod:`~totenblatt.wanted.fast.actions`). It is made from a reference game
(:meth:`FastGame.from_game`, at any decision) and then goes its own way:
:meth:`legal_actions` lists ids, :meth:`apply` plays one, :meth:`clone` copies cheaply.
With ``record=True`` it also logs the reference engine's events, which is how the
agreement tests compare the two (``tests/wanted/fast``).

What differs from the reference engine is the menu of moves: a club moves one of the
seat's figures to any destination of the board it can pay for (hidden or not where the
destination is in hard cover), and moves nobody only when no figure can go anywhere;
the reference engine offers its own menu (towards the enemy, away, cover spots, group
moves). Every fast move's shadow is a legal reference move of the same cost.

Supported: every scenario under the base and the extended rules, with one hand per player
or one per character (D-5: :attr:`hands` holds one hand per *holder*, the seat's or, per
character, each figure's; :meth:`seat_cards` is all a seat holds): hero types (B2, D-27)
and the fourteen abilities of B1. A ruleset that differs from the base ruleset in a field
not in :data:`HONOURED`, or a figure the fast path cannot hold, is refused by name
(:class:`FastUnsupportedError`; :func:`fast_refusal` asks beforehand).

>>> from totenblatt.wanted.engine.game import new_game
>>> fast = FastGame.from_game(new_game("duel", seed=3))
>>> import random
>>> rng = random.Random(1)
>>> while not fast.is_over:
...     fast.apply(rng.choice(fast.legal_actions()))
>>> fast.winners in ((0,), (1,), ())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.engine.events import (
    AbilityDrawn,
    AttackDeclared,
    AttackResolved,
    BidPassed,
    BidPlaced,
    CardRedrawn,
    CardsDealt,
    Conceded,
    DeckShuffled,
    DefensePlayed,
    DiscardsReshuffled,
    Event,
    FateDrawn,
    FateKept,
    FateTempted,
    FigureHandDealt,
    FigureMove,
    FigureOut,
    FigureRevealed,
    FiguresMoved,
    GameEnded,
    HandDealt,
    HandDiscarded,
    HandSwapped,
    HpGained,
    InitiativeWon,
    NineLivesDrawn,
    NothingPlayed,
    RedrawPaid,
    RoundEnded,
    RoundStarted,
    SeatOut,
    SwapDeclined,
    SwapReceived,
    Wounded,
)
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.fast.actions import (
    CONCEDE,
    COVER_CODES,
    PASS,
    SWAP,
    WAYS,
    ActionTable,
    cover_abilities,
)
from totenblatt.wanted.fast.board import COVERS, Board, board_for
from totenblatt.wanted.fast.cards import CARDS, JOKER, SUITS, number
from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.wanted.engine.game import Game
    from totenblatt.wanted.engine.state import GameState
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "FAST_ABILITIES",
    "FAST_HEROES",
    "HONOURED",
    "FastGame",
    "FastUnsupportedError",
    "Spec",
    "fast_refusal",
    "honoured",
    "new_fast_game",
    "ruleset_fields",
    "state_refusal",
    "unhonoured_field",
]

SWAP_PHASE, BID, ACTION, DEFEND, FATE, OVER = range(6)
"""Phases by number, in the order of :class:`~totenblatt.wanted.engine.state.Phase`."""
PHASES = tuple(Phase)
_NONE = -1
JOKER_BID = 1_000
"""A joker's bid (A12), as ``checks.JOKER_BID``."""
_CLUB, _SPADE, _HEART, _DIAMOND, _JOKER_SUIT = 0, 1, 2, 3, 4


Resolved = tuple[int | None, int | None, int | None, int, int, int, bool, str]
"""An attack's result: attack, defence values, difference, base, extra and all wounds, hit,
reason (the fields of ``AttackResolved``)."""


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


class Spec:
    """What never changes in a game: the rules' numbers, the figures' names, the board."""

    def __init__(self, state: GameState) -> None:
        from totenblatt.wanted.engine.heroes import profile

        rules = state.ruleset
        refusal = state_refusal(state)
        if refusal is not None:
            raise FastUnsupportedError(refusal + " (use the reference engine)")
        self.rules: Ruleset = rules
        self.seats = state.seats
        self.teams = state.teams
        figs = state.figures
        self.names = tuple(f.name for f in figs)
        self.by_name = {f.name: i for i, f in enumerate(figs)}
        self.fig_seat = tuple(f.seat for f in figs)
        self.fig_team = tuple(f.team for f in figs)
        self.weapon = tuple(f.weapon for f in figs)
        self.hp_max = tuple(f.hp_max for f in figs)
        self.n = len(figs)
        own = tuple(tuple(i for i, f in enumerate(figs) if f.seat == s) for s in range(self.seats))
        table = state.geo.table
        self.board: Board = board_for(table, rules, [f.pos for f in figs])
        heroes = tuple(profile(rules, f.kind) for f in figs)
        extra = sum(h.extra_cards for h in heroes if h is not None)
        self.actions = ActionTable(
            own,
            self.n,
            self.board.destinations,
            partial=any(
                h is not None and 0 < h.swap_cards < rules.round.hand_size + extra for h in heroes
            ),
            cover=any(a in _COVERS for f in figs for a in f.abilities),
            tempt=any(Ability.TEMPT_FATE in f.abilities for f in figs),
            queen=_queen_codes(figs),
            wild=tuple(
                tuple(i for i in members if Ability.WILD_2 in figs[i].abilities) for members in own
            ),
            per_character=state.per_character,
        )
        self.own = own
        self.per_character = state.per_character
        """D-5 ``per_character``: every figure holds its own hand (holder = figure index)."""
        self.holders = own if state.per_character else tuple((s,) for s in range(self.seats))
        """Per seat: the indices of its hands in ``FastGame.hands``."""
        self.value = tuple(0 if c == JOKER else rules.card_value(CARDS[c]) for c in range(53))
        self.inches = tuple(
            rules.jokers.club_inches if c == JOKER else self.value[c] for c in range(53)
        )
        self.points = tuple(
            rules.round.joker_hand_points if c == JOKER else self.value[c] for c in range(53)
        )
        self.hand_size = rules.round.hand_size
        self.dead_size = rules.round.dead_hand_size
        self.redraw_cost = rules.round.redraw_cost
        self.redraws = rules.round.redraws_per_round
        self.every_round = rules.cards.reshuffle == "every_round"
        self.dealer_first = rules.initiative.dealer_acts_first_without_bids
        self.reach = rules.hidden.attack_reach
        self.out_of_range = rules.attack.out_of_range_attack_allowed
        self.reward = rules.hp.killer_reward
        self.cap = rules.hp.cap_hp_at_max
        self.bands = tuple(rules.attack.bands)
        self.modifiers = tuple(tuple(rules.weapons[w].modifiers) for w in self.weapon)
        # B1, B2: what the figures' abilities and hero types change (all 0 or () without)
        from totenblatt.wanted.engine.abilities import attacker_abilities

        able = rules.abilities
        self.has_abilities = state.has_abilities
        self.has_heroes = state.has_heroes
        self.diamond = tuple(able.diamond_bonus(f.abilities) for f in figs)
        """Quick Fingers on a diamond, per figure (the seat's best living one counts, D-23)."""
        self.club = tuple(able.club_bonus(f.abilities) for f in figs)
        """Light-Footed inches on a club moving the figure (never a joker's, D-36)."""
        sharp = tuple(rules.attack.sharpshooter_bands)
        self.fig_bands = tuple(
            sharp if Ability.SHARPSHOOTER in f.abilities else self.bands for f in figs
        )
        self.att_abilities = tuple(attacker_abilities(f, wild=False) for f in figs)
        self.def_abilities = tuple(
            (Ability.PICTURE_BOOK_10.value,) if Ability.PICTURE_BOOK_10 in f.abilities else ()
            for f in figs
        )
        self.queen = tuple(Ability.QUEEN_OF_HEARTS in f.abilities for f in figs)
        self.wild = tuple(Ability.WILD_2 in f.abilities for f in figs)
        """B1 Wild 2 per figure: a 2 played for it may be a joker."""
        per_copy = able.uses_per_fight(Ability.NINE_LIVES)
        self.nine = tuple(
            0
            if Ability.NINE_LIVES not in f.abilities
            else (-1 if per_copy is None else f.abilities.count(Ability.NINE_LIVES) * per_copy)
            for f in figs
        )
        """Nine Lives draws per fight (-1: unlimited, D-24)."""
        self.uses: tuple[tuple[int, int, int, int], ...] = tuple(
            (
                f.abilities.count(Ability.COVER_1) * able.cover_uses,
                f.abilities.count(Ability.COVER_2) * able.cover_uses,
                f.abilities.count(Ability.COVER_3) * able.cover_uses,
                f.abilities.count(Ability.TEMPT_FATE) * able.tempt_fate_uses,
            )
            for f in figs
        )
        """Uses per fight of Cover 1, 2, 3 and Tempt Fate, per figure (B1)."""
        self.extra = tuple(0 if h is None else h.extra_cards for h in heroes)
        self.swap_right = tuple(-1 if h is None else h.swap_cards for h in heroes)
        """D-27 per figure: -1 a cowboy (no right of its own), 0 may not swap, else k."""
        self.round_limit = state.round_limit
        self.deck_orders = tuple(tuple(number(c) for c in order) for order in state.deck_orders)
        self._resolved: dict[tuple[Any, ...], Resolved] = {}
        self.start: tuple[Any, ...] | None = None
        """Figures and deck at the start (positions, HP, hidden, out, alive, the deck), set
        by :func:`new_fast_game` for :meth:`FastGame.fresh`."""
        self.pairs_memo: tuple[Any, list[tuple[int, int]]] | None = None
        self.crowd_memo: tuple[Any, list[set[int]]] | None = None
        """The last crowded destinations per mover of ``FastGame._move_offers``, and the state
        they were for."""
        """The last answer of ``FastGame._attack_pairs`` and the state it was for."""
        self.menus: dict[
            tuple[int, int, int], tuple[list[int], frozenset[int], dict[int, int]]
        ] = {}
        """Move ids by (id of destination 0, node, inches): see ``_menu``."""

    def band(self, distance: float) -> int:
        """The range band of ``distance`` (D-14), -1 beyond the last."""
        for index, limit in enumerate(self.bands):
            if distance <= limit:
                return index
        return -1

    def defender(
        self, target: int, heart: int, covers: int, extra: int, wild: int
    ) -> tuple[str, ...]:
        """What ``resolve_attack`` gets for the defender (``abilities.defender_abilities``):
        Picture-Book 10, Queen of Hearts with an ``extra`` card, Wild 2, the Covers used."""
        if heart < 0 or target < 0:
            return ()
        out: tuple[str, ...] = self.def_abilities[target]
        if extra >= 0:
            out += (Ability.QUEEN_OF_HEARTS.value,)
        if wild:
            out += (Ability.WILD_2.value,)
        if covers:
            out += tuple(a.value for a in cover_abilities(covers))
        return out

    def fig_band(self, fig: int, distance: float) -> int:
        """The range band of ``distance`` for ``fig`` (Sharpshooter's bands, B1), -1 beyond."""
        for index, limit in enumerate(self.fig_bands[fig]):
            if distance <= limit:
                return index
        return -1

    def misses(self, fig: int, distance: float) -> bool:
        """A8, D-14: ``fig``'s weapon cannot hit at ``distance`` (Sharpshooter's bands, B1)."""
        band = self.fig_band(fig, distance)
        return band < 0 or self.modifiers[fig][band] == "miss"

    def resolve(
        self,
        card: int,
        fig: int,
        distance: float,
        heart: int,
        cover: str,
        target: int = -1,
        covers: int = 0,
        extra: int = -1,
        wild: int = 0,
    ) -> Resolved:
        """``combat.resolve_attack`` for these inputs (remembered: the same inputs recur; the
        result reads the distance only as its band and, for a hidden target, whether it is
        within reach, D-12, D-14, so those are the key). The attacker's abilities and, with
        a heart, the ``target``'s (-1: none) are given as the reference engine gives them;
        ``wild``: 1 the attack card, 2 the heart, 3 both are 2s played as jokers (B1)."""
        near = cover == "hidden" and distance <= self.reach
        defender = self.defender(target, heart, covers, extra, wild & 2)
        attacker = self.att_abilities[fig]
        if wild & 1:
            attacker += (Ability.WILD_2.value,)
        band = self.fig_band(fig, distance)
        key = (card, self.weapon[fig], band, near, heart, cover, attacker, defender, extra, wild)
        cached = self._resolved.get(key)
        if cached is None:
            from totenblatt.wanted.combat import resolve_attack

            r = resolve_attack(
                CARDS[card],
                weapon=self.weapon[fig],
                distance=distance,
                defense=None if heart < 0 else CARDS[heart],
                cover=cover,
                attacker_abilities=attacker,
                defender_abilities=defender,
                extra_defense=None if extra < 0 else CARDS[extra],
                ruleset=self.rules,
            )
            found: Resolved = (
                r.attack_value,
                r.defense_value,
                r.difference,
                r.base_wounds,
                r.extra_wounds,
                r.wounds,
                r.hit,
                str(r.reason),
            )
            if len(self._resolved) > 100_000:
                self._resolved.clear()
            self._resolved[key] = cached = found
        return cached


class FastGame:
    """One game on the fast path (see the module docstring)."""

    __slots__ = (
        "_legal",
        "active",
        "alive",
        "bid_order",
        "bids",
        "conceded",
        "cycle_played",
        "dead",
        "dead_taken",
        "dealer",
        "discard",
        "draw",
        "empty_cycles",
        "end_reason",
        "fate",
        "first_cycle",
        "hands",
        "hidden",
        "hp",
        "lives",
        "log",
        "out",
        "pending",
        "pending_wild",
        "phase",
        "pos",
        "redraws_used",
        "rng",
        "round",
        "seen_private",
        "seen_public",
        "shuffles",
        "spec",
        "swap_order",
        "to_act",
        "uses",
        "winners",
    )

    spec: Spec
    pos: list[int]
    hp: list[int]
    lives: list[int]
    """Nine Lives draws left per figure (-1: unlimited, D-24)."""
    uses: list[tuple[int, int, int, int]]
    """Uses left this fight per figure: Cover 1, 2, 3, Tempt Fate (B1)."""
    fate: tuple[int, int, int, int, int] | None
    """A Tempt Fate between its steps: seat, figure, the two cards drawn, the phase to resume."""
    hidden: list[bool]
    out: list[bool]
    alive: list[int]
    conceded: list[bool]
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    dead: list[int]
    dead_taken: bool
    round: int
    dealer: int
    phase: int
    to_act: int
    active: int
    swap_order: list[int]
    bid_order: list[int]
    bids: list[tuple[int, int, int]]
    cycle_played: bool
    empty_cycles: int
    first_cycle: bool
    redraws_used: list[int]
    pending: tuple[int, int, int, int, float, str, bool] | None
    """seat, card, attacker, target, distance, cover, target hidden."""
    pending_wild: bool
    """The pending attack's card is a 2 played as a joker (B1 Wild 2)."""
    winners: tuple[int, ...]
    end_reason: str | None
    seen_public: list[int]
    seen_private: list[list[int]]
    shuffles: int
    rng: random.Random
    log: list[Event] | None
    _legal: list[int] | None

    # -- making one --------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game, *, record: bool = False) -> FastGame:
        """The fast copy of ``game`` at its current decision (its random generator copied).

        ``record``: log the reference engine's events from now on (:attr:`log`).
        Raises :class:`FastUnsupportedError` for rules the fast path does not play.
        """
        return cls.from_state(game.state, record=record)

    @classmethod
    def from_state(cls, st: GameState, *, record: bool = False) -> FastGame:
        """The fast copy of a reference :class:`GameState` (see :meth:`from_game`)."""
        spec = _spec(st)
        g = cls.__new__(cls)
        g.spec = spec
        board = spec.board
        g.pos = [board.node(f.pos) for f in st.figures]
        g.hp = [f.hp for f in st.figures]
        g.lives = [
            n if n <= 0 else max(0, n - f.spent.count(Ability.NINE_LIVES))
            for n, f in zip(spec.nine, st.figures, strict=True)
        ]
        g.uses = [
            (
                max(0, u[0] - f.spent.count(Ability.COVER_1)),
                max(0, u[1] - f.spent.count(Ability.COVER_2)),
                max(0, u[2] - f.spent.count(Ability.COVER_3)),
                max(0, u[3] - f.spent.count(Ability.TEMPT_FATE)),
            )
            for u, f in zip(spec.uses, st.figures, strict=True)
        ]
        fate = st.fate
        g.fate = (
            None
            if fate is None
            else (
                fate.seat,
                spec.by_name[fate.figure],
                number(fate.drawn[0]),
                number(fate.drawn[1]),
                PHASES.index(fate.resume),
            )
        )
        g.hidden = [f.hidden for f in st.figures]
        g.out = [f.out for f in st.figures]
        g.alive = list(st.alive)
        g.conceded = list(st.conceded)
        g.hands = [[number(c) for c in h] for h in st.hands]
        g.draw = [number(c) for c in st.draw_pile]
        g.discard = [number(c) for c in st.discard_pile]
        g.dead = [number(c) for c in st.dead_hand]
        g.dead_taken = st.dead_taken
        g.round = st.round
        g.dealer = st.dealer
        g.phase = PHASES.index(st.phase)
        g.to_act = _NONE if st.to_act is None else st.to_act
        g.active = st.active
        g.swap_order = list(st.swap_order)
        g.bid_order = list(st.bid_order)
        g.bids = [(s, number(c), v) for s, c, v in st.bids]
        g.cycle_played = st.cycle_played
        g.empty_cycles = st.empty_cycles
        g.first_cycle = st.first_cycle
        g.redraws_used = list(st.redraws_used)
        p = st.pending
        g.pending_wild = p is not None and p.wild
        g.pending = (
            None
            if p is None
            else (
                p.seat,
                number(p.card),
                spec.by_name[p.attacker],
                spec.by_name[p.target],
                p.distance,
                p.cover,
                p.target_hidden,
            )
        )
        g.winners = st.winners
        g.end_reason = st.end_reason
        g.seen_public = [number(c) for c in st.seen_public]
        g.seen_private = [[number(c) for c in s] for s in st.seen_private]
        g.shuffles = st.shuffles
        g.rng = random.Random()
        g.rng.setstate(st.rng.getstate())
        g.log = [] if record else None
        g._legal = None
        return g

    def fresh(self, seed: int, *, record: bool = False) -> FastGame:
        """A new game of this one's setup, dealt from ``seed`` exactly as the reference
        ``new_game(scenario, ruleset, seed)`` deals it (``self`` must be a game made at its
        start, e.g. by :func:`new_fast_game`; stacked decks are not dealt)."""
        spec = self.spec
        start = spec.start
        if start is None:
            raise ValueError("fresh() needs a game made at its start (new_fast_game)")
        g = FastGame.__new__(FastGame)
        g.spec = spec
        g.pos, g.hp, g.hidden, g.out, g.alive, deck = (
            start[0].copy(),
            start[1].copy(),
            start[2].copy(),
            start[3].copy(),
            start[4].copy(),
            start[5],
        )
        g.lives = list(spec.nine)
        g.uses = list(spec.uses)
        g.fate = None
        seats = spec.seats
        g.conceded = [False] * seats
        g.hands = [[] for _ in range(spec.n if spec.per_character else seats)]
        g.draw = list(deck)
        g.discard, g.dead = [], []
        g.dead_taken = False
        g.round = 0
        g.phase, g.to_act, g.active = SWAP_PHASE, _NONE, 0
        g.swap_order, g.bid_order, g.bids = [], [], []
        g.cycle_played, g.empty_cycles, g.first_cycle = False, 0, True
        g.redraws_used = [0] * seats
        g.pending = None
        g.pending_wild = False
        g.winners, g.end_reason = (), None
        g.seen_public = []
        g.seen_private = [[] for _ in range(seats)]
        g.shuffles = 0
        g.rng = random.Random(seed)
        g.log = [] if record else None
        g._legal = None
        g.dealer = g.rng.randrange(seats)
        g._start_round()
        g._settle()
        return g

    def clone(self, *, rng: bool = True) -> FastGame:
        """An independent copy (``rng=False``: share the random generator, for a copy that
        will be given a new one; cheaper)."""
        g = FastGame.__new__(FastGame)
        g.spec = self.spec
        g.pos = self.pos.copy()
        g.hp = self.hp.copy()
        g.lives = self.lives.copy()
        g.uses = self.uses.copy()
        g.fate = self.fate
        g.hidden = self.hidden.copy()
        g.out = self.out.copy()
        g.alive = self.alive.copy()
        g.conceded = self.conceded.copy()
        g.hands = [h.copy() for h in self.hands]
        g.draw = self.draw.copy()
        g.discard = self.discard.copy()
        g.dead = self.dead.copy()
        g.dead_taken = self.dead_taken
        g.round = self.round
        g.dealer = self.dealer
        g.phase = self.phase
        g.to_act = self.to_act
        g.active = self.active
        g.swap_order = self.swap_order.copy()
        g.bid_order = self.bid_order.copy()
        g.bids = self.bids.copy()
        g.cycle_played = self.cycle_played
        g.empty_cycles = self.empty_cycles
        g.first_cycle = self.first_cycle
        g.redraws_used = self.redraws_used.copy()
        g.pending = self.pending
        g.pending_wild = self.pending_wild
        g.winners = self.winners
        g.end_reason = self.end_reason
        g.seen_public = self.seen_public.copy()
        g.seen_private = [s.copy() for s in self.seen_private]
        g.shuffles = self.shuffles
        if rng:
            g.rng = random.Random()
            g.rng.setstate(self.rng.getstate())
        else:
            g.rng = self.rng
        g.log = None if self.log is None else self.log.copy()
        g._legal = self._legal
        return g

    # -- what is going on --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.spec.seats

    @property
    def actions(self) -> ActionTable:
        """The scenario's action table."""
        return self.spec.actions

    def in_game(self, seat: int) -> bool:
        """The seat still has a figure in the game and has not conceded."""
        return self.alive[seat] > 0 and not self.conceded[seat]

    def seats_in_game(self) -> list[int]:
        """Seats still playing, in seat order."""
        alive, conceded = self.alive, self.conceded
        return [s for s in range(self.spec.seats) if alive[s] > 0 and not conceded[s]]

    def round_from(self, start: int) -> list[int]:
        """Seats in the game round the table from ``start``."""
        n = self.spec.seats
        alive, conceded = self.alive, self.conceded
        out = []
        for i in range(n):
            s = (start + i) % n
            if alive[s] > 0 and not conceded[s]:
                out.append(s)
        return out

    def living(self, seat: int) -> list[int]:
        """The seat's figures in the game, in scenario order."""
        out = self.out
        return [f for f in self.spec.own[seat] if not out[f]]

    # -- deciding ----------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The legal action ids of the seat to act (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._offers() if self.phase != OVER else []
        return legal

    def apply(self, action: int) -> None:
        """Play ``action`` (an id of :meth:`legal_actions`) for the seat to act;
        ``ValueError`` for any other id."""
        if action not in self.legal_actions():
            raise ValueError(
                f"action {action} is not legal now: expected one of legal_actions() "
                f"({len(self.legal_actions())} ids)"
            )
        self.play(action)

    def play(self, action: int) -> None:
        """:meth:`apply` without the check (the id must come from :meth:`legal_actions`)."""
        seat = self.to_act
        t = self.spec.actions
        if action >= t.move:
            if action >= t.redraw:
                if action >= t.partial:
                    self._extended(seat, action)
                elif action >= t.reveal:
                    self._reveal(seat, t.own[seat][action - t.reveal])
                else:
                    rest, slot = divmod(action - t.redraw, t.own_max)
                    card, hand = divmod(rest, t.hands)
                    self._redraw(seat, card, t.own[seat][slot], self._holder(seat, hand))
            elif action >= t.nobody:
                card_way, hand = divmod(action - t.nobody, t.hands)
                holder = self._holder(seat, hand)
                self._move(seat, _card(card_way, _CLUB), -1, -1, False, False, holder)
            else:
                rest, hide = divmod(action - t.move, 2)
                rest, dest = divmod(rest, t.destinations)
                card_way, slot = divmod(rest, t.own_max)
                fig = t.own[seat][slot]
                self._move(seat, _card(card_way, _CLUB), fig, dest, hide == 1)
        elif action >= t.attack:
            rest, card_way = divmod(action - t.attack, WAYS)
            slot, target = divmod(rest, t.figures)
            self._attack(seat, _card(card_way, _SPADE), t.own[seat][slot], target)
        elif action >= t.defend:
            self._defend(seat, _card(action - t.defend, _HEART))
        elif action >= t.bid:
            card_way, hand = divmod(action - t.bid, t.hands)
            self._bid(seat, _card(card_way, _DIAMOND), False, self._holder(seat, hand))
        elif action == PASS:
            self._pass(seat)
        elif action == SWAP:
            self._swap(seat)
        elif action == CONCEDE:
            self._concede(seat)
        else:
            raise ValueError(f"action {action} is no action")
        self._settle()
        self._legal = None

    def play_reference(self, action: Any) -> None:
        """Play a reference engine's action (any legal one: a move may end anywhere, off the
        board's destinations); for a search that weighs the reference engine's offers.
        Nothing is logged for a move (its cost is not worked out)."""
        from totenblatt.wanted.engine import actions as ref

        seat = self.to_act
        spec = self.spec
        t = spec.actions
        by_name = spec.by_name
        if isinstance(action, ref.Move):
            if action.wild:
                raise FastUnsupportedError("the fast path plays no wild 2 of the reference's menu")
            card = number(action.card)
            mover = action.figure or (action.steps[0].figure if action.steps else None)
            self._play_card(by_name[mover] if spec.per_character and mover else seat, card)
            for step in action.steps:
                fig = by_name[step.figure]
                self.pos[fig] = spec.board.node(step.path[-1])
                self.hidden[fig] = step.hide
            self.cycle_played = True
            self._end_cycle()
            self._settle()
            self._legal = None
            return
        hand = t.slot[by_name[action.figure]] if getattr(action, "figure", None) else 0
        if isinstance(action, ref.Pass):
            code = PASS
        elif isinstance(action, ref.Concede):
            code = CONCEDE
        elif isinstance(action, ref.Swap):
            if action.cards:
                raise FastUnsupportedError("the fast path plays partial swaps by its own ids")
            code = t.pswap + hand if spec.per_character else SWAP
        elif isinstance(action, ref.Bid):
            if action.wild:
                raise FastUnsupportedError("the fast path plays no wild 2 of the reference's menu")
            code = t.bid_id(_way(number(action.card)), hand)
        elif isinstance(action, ref.Defend):
            code = t.defend + _way(number(action.card))
        elif isinstance(action, ref.Attack):
            attacker = by_name[action.attacker]
            code = t.attack_id(t.slot[attacker], by_name[action.target], _way(number(action.card)))
        elif isinstance(action, ref.Redraw):
            payer = t.slot[by_name[action.payer]]
            if spec.per_character and action.figure is None:
                hand = payer
            code = t.redraw_id(number(action.card), hand, payer)
        elif isinstance(action, ref.Reveal):
            code = t.reveal + t.slot[by_name[action.figure]]
        else:
            raise FastUnsupportedError(f"the fast path does not play {action!r}")
        self.play(code)

    def shadow(self, action: int) -> Any:
        """The reference engine's action that ``action`` stands for now."""
        return self.spec.actions.shadow(self, action)

    # -- offers ------------------------------------------------------------------------

    def _offers(self) -> list[int]:
        seat = self.to_act
        phase = self.phase
        spec = self.spec
        t = spec.actions
        if phase == FATE:  # B1 Tempt Fate: keep one of the two drawn
            assert self.fate is not None
            first, second = self.fate[2], self.fate[3]
            keeps = [t.keep + first] if first == second else [t.keep + first, t.keep + second]
            return [*keeps, CONCEDE]
        out = [PASS]
        pc = spec.per_character
        living = self.living(seat)
        if phase == SWAP_PHASE:
            if self.swap_order and self.swap_order[0] == seat and self._may_swap(seat):
                self._swap_offers(seat, living, out)
        elif phase == BID:
            wild = t.wdefend > t.wbid and self._seat_wild(seat)
            for h in living if pc else [seat]:
                k = t.slot[h] if pc else 0
                hand = self.hands[h]
                _offer_ways(out, hand, _DIAMOND, t.bid + k, t.hands)
                if wild:
                    _offer_twos(out, hand, t.wbid + k, t.hands)
        elif phase == DEFEND:
            assert self.pending is not None
            hand = self.hands[self.pending[3] if pc else seat]
            _offer_ways(out, hand, _HEART, t.defend, 1)
            if t.wdefend > t.wbid and spec.wild[self.pending[3]]:
                _offer_twos(out, hand, t.wdefend, 1)
            if t.tempt > t.cover:
                self._cover_offers(hand, out)
            if t.size > t.queen and t.wbid > t.queen:
                self._queen_offers(hand, out)
        elif phase == ACTION:
            if pc:
                for f in living:
                    self._action_offers(seat, self.hands[f], out, f)
            else:
                self._action_offers(seat, self.hands[seat], out, -1)
        if phase <= DEFEND:
            hidden = self.hidden
            for f in living:
                if hidden[f]:
                    out.append(t.reveal + t.slot[f])
            if self._may_redraw(seat, living):
                cost = spec.redraw_cost
                hp = self.hp
                payers = [t.slot[f] for f in living if hp[f] >= cost]
                for h in living if pc else [seat]:
                    k = t.slot[h] if pc else 0
                    done: set[int] = set()
                    for c in self.hands[h]:
                        if c not in done:
                            done.add(c)
                            base = t.redraw + (c * t.hands + k) * t.own_max
                            for p in payers:
                                out.append(base + p)
            if t.keep > t.tempt:
                for f in self._tempters(living):
                    done = set()
                    for c in self.hands[f if pc else seat]:
                        if c not in done:
                            done.add(c)
                            out.append(t.tempt + c * t.own_max + t.slot[f])
        out.append(CONCEDE)
        return out

    def _action_offers(self, seat: int, hand: list[int], out: list[int], mover: int) -> None:
        """The attacks and moves of ``hand`` (``mover``: per character the figure whose hand it
        is, the only one its cards are played for; -1 per player)."""
        t = self.spec.actions
        spades: list[int] = []
        clubs: list[int] = []
        seen = seen_c = 0
        for c in hand:
            s = SUITS[c]
            if s == _JOKER_SUIT:
                if not seen & (1 << 13):
                    seen |= 1 << 13
                    spades.append(13)
                if not seen_c & (1 << 13):
                    seen_c |= 1 << 13
                    clubs.append(c)
            elif s == _SPADE:
                way = c % 13
                if not seen & (1 << way):
                    seen |= 1 << way
                    spades.append(way)
            elif s == _CLUB and not seen_c & (1 << c):
                seen_c |= 1 << c
                clubs.append(c)
        twos: list[int] = []
        if t.wdefend > t.wbid and (self.spec.wild[mover] if mover >= 0 else self._seat_wild(seat)):
            _offer_twos(twos, hand, 0, 1)
        pairs = self._attack_pairs(seat) if spades or twos else []
        if pairs:
            for way in spades:
                for a, target in pairs:
                    if mover < 0 or a == mover:
                        out.append(t.attack_id(t.slot[a], target, way))
        if clubs:
            self._move_offers(seat, clubs, out, False, mover)
        if twos:  # B1 Wild 2: a 2 as a joker, for a figure with Wild 2
            wild = self.spec.wild
            for suit in twos:
                for a, target in pairs:
                    if wild[a] and (mover < 0 or a == mover):
                        out.append(t.wattack_id(t.wild_slot[a], target, suit))
            self._move_offers(seat, [13 * s for s in twos], out, True, mover)

    # -- the extended rules' offers and effects (B1, B2, D-27) ---------------------------

    def _seat_wild(self, seat: int) -> bool:
        """B1 Wild 2, per player: a living figure of the seat has Wild 2."""
        wild = self.spec.wild
        return any(wild[f] for f in self.living(seat))

    def _swap_right(self, seat: int) -> int:
        """D-27: the best swap right of the seat's living heroes (-1: no hero, whole hand)."""
        right = -1
        spec = self.spec
        if spec.has_heroes:
            rights = spec.swap_right
            for f in self.living(seat):
                if rights[f] > right:
                    right = rights[f]
        return right

    def _right(self, fig: int) -> int:
        """D-27 per character: ``fig``'s own swap right (-1: no hero, the whole hand)."""
        return self.spec.swap_right[fig] if self.spec.has_heroes else -1

    def _holder(self, seat: int, hand: int) -> int:
        """The index in :attr:`hands` of ``seat``'s hand slot ``hand`` (an id's hand)."""
        return self.spec.actions.own[seat][hand] if self.spec.per_character else seat

    def seat_cards(self, seat: int) -> list[int]:
        """Every card ``seat`` holds: its hand, or per character (D-5) its figures' hands in
        figure order (a new list then; per player the hand itself: do not change it)."""
        holders = self.spec.holders[seat]
        if len(holders) == 1:
            return self.hands[holders[0]]
        return [c for h in holders for c in self.hands[h]]

    def _swap_offers(self, seat: int, living: list[int], out: list[int]) -> None:
        """A3.3, D-27: the whole hand, or the partial swaps; per character each figure's."""
        t = self.spec.actions
        if not self.spec.per_character:
            right = self._swap_right(seat)
            if right < 0 or right >= len(self.hands[seat]):
                out.append(SWAP)
            else:
                self._partial_offers(seat, out)
            return
        for f in living:
            hand = self.hands[f]
            right = self._right(f)
            if right == 0 or not hand:
                continue
            if right < 0 or right >= len(hand):
                out.append(t.pswap + t.slot[f])
            else:
                self._partial_offers(seat, out, f)

    def partial_cards(self, seat: int, kept: int, holder: int = -1) -> list[int]:
        """The cards a partial swap gives (``heroes.partial_offers``): the k weakest (``kept``
        0, jokers last) or the k weakest keeping suit ``kept - 1`` (cards in hand order);
        ``holder``: per character the figure whose hand it is (-1: the seat's hand)."""
        hand = self.hands[seat if holder < 0 else holder]
        right = self._swap_right(seat) if holder < 0 else self._right(holder)
        value = self.spec.value
        suit = 4 if kept == 0 else kept - 1
        order = sorted(
            range(len(hand)),
            key=lambda i: (
                SUITS[hand[i]] == suit,
                JOKER_BID if hand[i] == JOKER else value[hand[i]],
                i,
            ),
        )
        return [hand[i] for i in sorted(order[:right])]

    def _partial_offers(self, seat: int, out: list[int], holder: int = -1) -> None:
        t = self.spec.actions
        hand = self.hands[seat if holder < 0 else holder]
        slot = 0 if holder < 0 else t.slot[holder]
        seen: list[list[int]] = []
        for kept in range(5):
            if kept and not any(SUITS[c] == kept - 1 for c in hand):
                continue
            given = self.partial_cards(seat, kept, holder)
            if given not in seen:
                seen.append(given)
                out.append(t.partial_id(kept, slot))

    def _cover_offers(self, hand: list[int], out: list[int]) -> None:
        """B1 Cover: each heart (not a joker) with each choice of the target's unused Cover."""
        assert self.pending is not None
        u1, u2, u3, _ = self.uses[self.pending[3]]
        if not (u1 or u2 or u3):
            return
        t = self.spec.actions
        seen = 0
        for c in hand:
            if SUITS[c] == _HEART and not seen & (1 << c):
                seen |= 1 << c
                base = t.cover + (c % 13) * COVER_CODES
                for n3 in range(u3 + 1):
                    for n2 in range(u2 + 1):
                        for n1 in range(u1 + 1):
                            if n1 or n2 or n3:
                                out.append(base + n1 + 4 * n2 + 16 * n3)

    def _queen_offers(self, hand: list[int], out: list[int]) -> None:
        """B1 Queen of Hearts (D-26): each heart (not a joker) with a second card of the
        hand (not a joker), with each choice of the target's unused Cover."""
        assert self.pending is not None
        target = self.pending[3]
        if not self.spec.queen[target]:
            return
        u1, u2, u3, _ = self.uses[target]
        t = self.spec.actions
        seen = 0
        for c in hand:
            if SUITS[c] != _HEART or seen & (1 << c):
                continue
            seen |= 1 << c
            extras = []
            done = 0
            twice = hand.count(c) > 1
            for e in hand:
                if e != JOKER and not done & (1 << e) and (e != c or twice):
                    done |= 1 << e
                    extras.append(e)
            for n3 in range(u3 + 1):
                for n2 in range(u2 + 1):
                    for n1 in range(u1 + 1):
                        code = n1 + 4 * n2 + 16 * n3
                        base = t.queen + ((c % 13) * t.queen_codes + code) * 52
                        for e in extras:
                            out.append(base + e)

    def _tempters(self, living: list[int]) -> list[int]:
        """B1: the living figures with a Tempt Fate left, when two cards can be drawn."""
        if self.fate is not None or len(self.draw) + len(self.discard) < 2:
            return []
        uses = self.uses
        return [f for f in living if uses[f][3]]

    def _extended(self, seat: int, action: int) -> None:
        t = self.spec.actions
        if action >= t.pswap:  # per character: a figure's whole hand (D-5)
            self._swap(seat, None, t.own[seat][action - t.pswap])
        elif action >= t.wbid:
            self._wild(seat, action)
        elif action >= t.queen:
            rest, extra = divmod(action - t.queen, 52)
            card_way, code = divmod(rest, t.queen_codes)
            self._defend(seat, _card(card_way, _HEART), code, extra)
        elif action >= t.keep:
            self._keep(seat, action - t.keep)
        elif action >= t.tempt:
            card, slot = divmod(action - t.tempt, t.own_max)
            self._tempt(seat, card, t.own[seat][slot])
        elif action >= t.cover:
            card_way, code = divmod(action - t.cover, COVER_CODES)
            self._defend(seat, _card(card_way, _HEART), code)
        else:
            kept, hand = divmod(action - t.partial, t.hands)
            holder = t.own[seat][hand] if t.per_character else -1
            self._swap(seat, self.partial_cards(seat, kept, holder), holder)

    def _wild(self, seat: int, action: int) -> None:
        """B1 Wild 2: a 2 played as a joker (bid, heart, attack, club)."""
        t = self.spec.actions
        if action >= t.wnobody:
            suit, slot = divmod(action - t.wnobody, t.whands)
            holder = t.wild_own[seat][slot] if t.per_character else seat
            self._move(seat, 13 * suit, -1, -1, False, True, holder)
        elif action >= t.wmove:
            rest, hide = divmod(action - t.wmove, 2)
            rest, dest = divmod(rest, t.destinations)
            suit, slot = divmod(rest, t.wild_max)
            self._move(seat, 13 * suit, t.wild_own[seat][slot], dest, hide == 1, True)
        elif action >= t.wattack:
            rest, suit = divmod(action - t.wattack, 4)
            slot, target = divmod(rest, t.figures)
            self._attack(seat, 13 * suit, t.wild_own[seat][slot], target, True)
        elif action >= t.wdefend:
            self._defend(seat, 13 * (action - t.wdefend), 0, -1, True)
        else:
            suit, hand = divmod(action - t.wbid, t.hands)
            self._bid(seat, 13 * suit, True, self._holder(seat, hand))

    def _tempt(self, seat: int, card: int, fig: int) -> None:
        """B1 Tempt Fate: give ``card``, draw two into the hand; then keep one (phase FATE)."""
        u = self.uses[fig]
        self.uses[fig] = (u[0], u[1], u[2], u[3] - 1)
        drawn = self._draw(2)
        hand = self.hands[fig if self.spec.per_character else seat]
        hand.remove(card)
        self._discard((card,), False, seat)
        hand.extend(drawn)
        if self.log is not None:
            name = self.spec.names[fig]
            self.log.append(FateTempted(seat, name))
            self.log.append(FateDrawn(seat, name, CARDS[card], tuple(CARDS[c] for c in drawn)))
        self.fate = (seat, fig, drawn[0], drawn[1], self.phase)
        if drawn[0] == drawn[1]:  # nothing to choose
            self._keep(seat, drawn[0])
            return
        self.phase = FATE

    def _keep(self, seat: int, card: int) -> None:
        fate = self.fate
        assert fate is not None
        self.fate = None
        other = fate[3] if card == fate[2] else fate[2]
        self.hands[fate[1] if self.spec.per_character else seat].remove(other)
        self._discard((other,), False, seat)
        if self.log is not None:
            self.log.append(FateKept(seat, self.spec.names[fate[1]], CARDS[card], CARDS[other]))
        self.phase = fate[4]

    def _move_offers(
        self, seat: int, clubs: list[int], out: list[int], wild: bool, mover: int = -1
    ) -> None:
        """The move ids of ``clubs`` (``wild``: 2s played as jokers, B1 Wild 2, moving only
        figures with Wild 2), or a club moving nobody where no figure can go anywhere;
        ``mover``: per character (D-5) the one figure the hand's clubs move (-1: any)."""
        spec = self.spec
        board = spec.board
        t = spec.actions
        pos, fig_out = self.pos, self.out
        movers = self.living(seat) if mover < 0 else [mover]
        if wild:
            movers = [f for f in movers if spec.wild[f]]
        # per mover: the destinations another figure's base is on (its own base aside), kept
        # on the spec for the places and outs they were found for (they change by a move)
        here_now = (seat, wild, mover, tuple(pos), tuple(fig_out))
        memo = spec.crowd_memo
        if memo is not None and memo[0] == here_now:
            blocked: list[set[int]] = memo[1]
        else:
            taken: dict[int, int] = {}
            for g in range(spec.n):
                if not fig_out[g]:
                    for j in board.conflicts(pos[g]):
                        taken[j] = taken.get(j, 0) + 1
            blocked = []
            for f in movers:
                mine = board.conflicts(pos[f])
                crowd: set[int] = set()
                for j, n in taken.items():
                    if n > (j in mine):
                        crowd.add(j)
                blocked.append(crowd)
            spec.crowd_memo = (here_now, blocked)
        menus = spec.menus
        club = spec.club
        for c in clubs:
            inches = spec.inches[JOKER if wild else c]
            card_way = 13 if c == JOKER else c % 13
            offered = False
            for k in range(len(movers)):
                f = movers[k]
                here = pos[f]
                budget = inches
                if c != JOKER and not wild:
                    budget += club[f]  # B1 Light-Footed (never a joker's, D-36)
                if wild:
                    base = t.wmove_base(c // 13, t.wild_slot[f])
                else:
                    base = t.move_base(card_way, t.slot[f])
                key = (base, here, budget)
                menu = menus.get(key)
                if menu is None:
                    menu = menus[key] = _menu(board, base, here, budget)
                ids, dests, where = menu
                if not ids:
                    continue
                crowd = blocked[k]
                if crowd and not dests.isdisjoint(crowd):
                    # the menu but the crowded destinations' ids (one, or two when hard)
                    cuts: list[int] = []
                    for j in crowd:
                        i = where.get(j, -1)
                        if i >= 0:
                            cuts.append(i)
                    cuts.sort()
                    before = len(out)
                    start = 0
                    for i in cuts:
                        if i > start:
                            out.extend(ids[start:i])
                        start = i + 1
                        if start < len(ids) and ids[start] == ids[i] + 1:
                            start += 1
                    if start < len(ids):
                        out.extend(ids[start:])
                    if len(out) > before:
                        offered = True
                else:
                    out.extend(ids)
                    offered = True
            if not offered:
                if wild:
                    k = t.wild_slot[mover] if mover >= 0 else 0
                    out.append(t.wnobody + c // 13 * t.whands + k)
                else:
                    out.append(t.nobody + card_way * t.hands + (t.slot[mover] if mover >= 0 else 0))

    def blocked(self, fig: int) -> set[int]:
        """Destinations ``fig`` may not end a move on now (another figure's base is there)."""
        board = self.spec.board
        pos, fig_out = self.pos, self.out
        out: set[int] = set()
        for g in range(self.spec.n):
            if g != fig and not fig_out[g]:
                out.update(board.conflicts(pos[g]))
        return out

    # -- rules' predicates -------------------------------------------------------------

    def _may_swap(self, seat: int) -> bool:
        if self.dead_taken:
            return False
        spec = self.spec
        if spec.per_character:  # D-5, D-27: a figure with a hand and the right to swap it
            return any(self.hands[f] and self._right(f) != 0 for f in self.living(seat))
        if not self.hands[seat]:
            return False
        if spec.has_heroes:  # D-27: the best right of the seat's living heroes; 0 = none
            right = -1
            rights = spec.swap_right
            for f in self.living(seat):
                if rights[f] > right:
                    right = rights[f]
            if right == 0:
                return False
        return True

    def _can_redraw(self, seat: int) -> bool:
        return self._may_redraw(seat, None)

    def _may_redraw(self, seat: int, living: list[int] | None) -> bool:
        """Whether ``seat`` may redraw; ``living``: its living figures, when known."""
        spec = self.spec
        if self.redraws_used[seat] >= spec.redraws:
            return False
        if not (self.draw or self.discard):
            return False
        if living is None:
            living = self.living(seat)
        if spec.per_character:  # D-7: any figure with the HP pays, whichever holds cards
            if not any(self.hands[f] for f in living):
                return False
        elif not self.hands[seat]:
            return False
        cost = spec.redraw_cost
        hp = self.hp
        return any(hp[f] >= cost for f in living)

    def _attack_pairs(self, seat: int, revealed: bool = False) -> list[tuple[int, int]]:
        """Every (attacker, target) pair ``seat`` may shoot now (``revealed``: also its hidden
        figures', as if they were revealed first). The last answer is kept on the spec for
        the figures' places, hidings and outs it was for (a decision asks twice: may the seat
        attack, and which attacks); the list is shared: read it, do not change it."""
        spec = self.spec
        out, hidden, pos = self.out, self.hidden, self.pos
        key = (seat, revealed, tuple(pos), tuple(hidden), tuple(out))
        memo = spec.pairs_memo
        if memo is not None and memo[0] == key:
            kept: list[tuple[int, int]] = memo[1]
            return kept
        own = [f for f in spec.own[seat] if not out[f] and (revealed or not hidden[f])]
        if not own:
            spec.pairs_memo = (key, [])
            return []
        team = spec.teams[seat]
        fig_team = spec.fig_team
        board = spec.board
        pairs = []
        for a in own:
            for t in range(spec.n):
                if out[t] or fig_team[t] == team:
                    continue
                distance, line = board.sight(pos[a], pos[t])
                if not line:
                    continue
                if hidden[t] and distance > spec.reach:
                    continue
                if not spec.out_of_range and spec.misses(a, distance):
                    continue
                pairs.append((a, t))
        spec.pairs_memo = (key, pairs)
        return pairs

    def _has_choice(self, seat: int) -> bool:
        phase = self.phase
        if phase in (SWAP_PHASE, FATE):
            return True
        if self.spec.per_character:
            if self._hand_choice(seat):
                return True
        elif self._card_choice(seat, self.hands[seat]):
            return True
        hidden = self.hidden
        living = self.living(seat)
        for f in living:
            if hidden[f]:
                return True
        if self.spec.actions.keep > self.spec.actions.tempt and self._tempters(living):
            return True
        return self._may_redraw(seat, living)

    def _card_choice(self, seat: int, hand: list[int]) -> bool:
        """Per player: a card of ``hand`` is a choice in this bid, defence or action."""
        phase = self.phase
        t = self.spec.actions
        if phase == BID:
            for c in hand:
                s = SUITS[c]
                if s in (_DIAMOND, _JOKER_SUIT):
                    return True
            if t.wdefend > t.wbid and _has_two(hand) and self._seat_wild(seat):
                return True
        elif phase == DEFEND:
            for c in hand:
                s = SUITS[c]
                if s in (_HEART, _JOKER_SUIT):
                    return True
            if t.wdefend > t.wbid and _has_two(hand):
                assert self.pending is not None
                if self.spec.wild[self.pending[3]]:
                    return True
        elif phase == ACTION:
            spade = False
            for c in hand:
                s = SUITS[c]
                if s in (_CLUB, _JOKER_SUIT):
                    return True
                if s == _SPADE:
                    spade = True
            if t.wdefend > t.wbid and _has_two(hand) and self._seat_wild(seat):
                return True  # a 2 moves as a joker's club (the seat decides, as with a club)
            if spade and self._attack_pairs(seat):
                return True
        return False

    def _hand_choice(self, seat: int) -> bool:
        """Per character (D-5): a card of one of the seat's figures' hands is a choice now
        (a bid, the target's heart, a club or spade its own figure may play)."""
        phase = self.phase
        spec = self.spec
        t = spec.actions
        wilds = t.wdefend > t.wbid
        hands = self.hands
        if phase == DEFEND:
            assert self.pending is not None
            target = self.pending[3]
            hand = hands[target]
            for c in hand:
                if SUITS[c] in (_HEART, _JOKER_SUIT):
                    return True
            return wilds and spec.wild[target] and _has_two(hand)
        living = self.living(seat)
        if phase == BID:
            seat_wild = wilds and self._seat_wild(seat)
            for f in living:
                for c in hands[f]:
                    if SUITS[c] in (_DIAMOND, _JOKER_SUIT):
                        return True
                if seat_wild and _has_two(hands[f]):
                    return True
            return False
        for f in living:  # the action
            hand = hands[f]
            spade = False
            for c in hand:
                s = SUITS[c]
                if s in (_CLUB, _JOKER_SUIT):
                    return True
                if s == _SPADE:
                    spade = True
            if wilds and spec.wild[f] and _has_two(hand):
                return True
            if spade:
                for a, _ in self._attack_pairs(seat):
                    if a == f:
                        return True
        return False

    def _settle(self) -> None:
        while self.phase != OVER and self.to_act >= 0 and not self._has_choice(self.to_act):
            self._pass(self.to_act)

    # -- cards -------------------------------------------------------------------------

    def _draw(self, n: int) -> list[int]:
        out = []
        for _ in range(n):
            if not self.draw:
                if not self.discard:
                    raise RuntimeError("no cards left in the draw or discard pile")
                self._reshuffle_discards()
            out.append(self.draw.pop())
        return out

    def _reshuffle_discards(self) -> None:
        pile = self.discard
        self.discard = []
        self.rng.shuffle(pile)
        self.draw[:0] = pile
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        if self.log is not None:
            self.log.append(DiscardsReshuffled(len(pile)))

    def _discard(self, cards: Sequence[int], face_up: bool, seat: int = -1) -> None:
        self.discard.extend(cards)
        if face_up:
            self.seen_public.extend(cards)
        elif seat >= 0:
            self.seen_private[seat].extend(cards)

    def _gather_and_shuffle(self) -> None:
        pile = self.draw
        pile.extend(self.discard)
        pile.extend(self.dead)
        for hand in self.hands:
            pile.extend(hand)
            hand.clear()
        self.discard = []
        self.dead = []
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        self.rng.shuffle(pile)
        orders = self.spec.deck_orders
        if self.shuffles < len(orders):
            for c in orders[self.shuffles]:
                pile.remove(c)
            pile.extend(reversed(orders[self.shuffles]))
        self.shuffles += 1

    def _play_card(self, holder: int, card: int) -> None:
        """Play ``card`` from hand ``holder`` (the seat's, or per character a figure's)."""
        self.hands[holder].remove(card)
        self.discard.append(card)
        self.seen_public.append(card)

    # -- the round ---------------------------------------------------------------------

    def _start_round(self) -> None:
        spec = self.spec
        log = self.log
        self.round += 1
        if log is not None:
            log.append(RoundStarted(self.round, self.dealer))
        if self.round == 1 or spec.every_round:
            self._gather_and_shuffle()
            if log is not None:
                log.append(DeckShuffled(len(self.draw)))
        sizes = [0] * spec.seats
        order = self.round_from(self.dealer + 1)
        if spec.per_character:
            self._deal_figures(order, sizes)
        else:
            for seat in order:
                size = spec.hand_size
                if spec.has_heroes:  # B2, D-5: the extra cards of the seat's living heroes
                    for f in self.living(seat):
                        size += spec.extra[f]
                self.hands[seat] = self._draw(size)
                sizes[seat] = len(self.hands[seat])
        self.dead = self._draw(spec.dead_size)
        self.dead_taken = False
        if log is not None:
            log.append(CardsDealt(tuple(sizes), len(self.dead)))
            for seat in order:
                if not spec.per_character:
                    log.append(HandDealt(seat, tuple(CARDS[c] for c in self.hands[seat])))
                    continue
                for f in spec.holders[seat]:
                    if not self.out[f]:
                        cards = tuple(CARDS[c] for c in self.hands[f])
                        log.append(FigureHandDealt(seat, spec.names[f], cards))
        self.redraws_used = [0] * spec.seats
        self.active = self.dealer
        self.first_cycle = True
        self.empty_cycles = 0
        self.phase = SWAP_PHASE
        swap_order = self.round_from(self.dealer) if self.dead else []
        self.swap_order = [s for s in swap_order if self._may_swap(s)]
        self._next_swapper()

    def _deal_figures(self, order: list[int], sizes: list[int]) -> None:
        """D-5 per character: each figure of the seats in ``order`` its own hand (5, a hero's
        extra cards on top, none for a figure out of the game)."""
        spec = self.spec
        out = self.out
        for seat in order:
            for f in spec.holders[seat]:
                size = 0 if out[f] else spec.hand_size + (spec.extra[f] if spec.has_heroes else 0)
                self.hands[f] = self._draw(size)
                sizes[seat] += size

    def _next_swapper(self) -> None:
        if self.swap_order and not self.dead_taken:
            self.phase = SWAP_PHASE
            self.to_act = self.swap_order[0]
        else:
            self.swap_order = []
            self._begin_cycle()

    def _anyone_can_play(self) -> bool:
        hands = self.hands
        spec = self.spec
        t = spec.actions
        wilds = t.wdefend > t.wbid
        if spec.per_character:
            wild = spec.wild
            for seat in self.seats_in_game():
                for f in self.living(seat):
                    for c in hands[f]:
                        if SUITS[c] != _HEART:
                            return True
                    if wilds and wild[f] and _has_two(hands[f]):
                        return True
            return False
        for seat in self.seats_in_game():
            for c in hands[seat]:
                if SUITS[c] != _HEART:
                    return True
            if wilds and _has_two(hands[seat]) and self._seat_wild(seat):
                return True  # D-8: a 2♥ played as a joker (B1 Wild 2)
        return False

    def _begin_cycle(self) -> None:
        if not self._anyone_can_play():
            self._end_round("no_playable_cards")
            return
        self.bid_order = self.round_from(self.active)
        self.bids = []
        self.cycle_played = False
        self.phase = BID
        self.to_act = self.bid_order[0]

    def _next_bidder(self) -> None:
        if self.bid_order:
            self.to_act = self.bid_order[0]
            return
        won_with = -1
        if self.bids:
            best_seat, best_card, best = self.bids[0]
            for seat, card, value in self.bids[1:]:
                if value > best:
                    best_seat, best_card, best = seat, card, value
            seat, won_with = best_seat, best_card
        elif self.first_cycle and self.spec.dealer_first and self.in_game(self.dealer):
            seat = self.dealer
        else:
            seat = self.round_from(self.active + 1)[0]
        self.first_cycle = False
        self.active = seat
        if self.log is not None:
            self.log.append(InitiativeWon(seat, None if won_with < 0 else CARDS[won_with]))
        self.phase = ACTION
        self.to_act = seat

    def _end_cycle(self) -> None:
        if self.phase == OVER:
            return
        self.empty_cycles = 0 if self.cycle_played else self.empty_cycles + 1
        if self.empty_cycles >= len(self.seats_in_game()):
            self._end_round("no_card_played")
        else:
            self._begin_cycle()

    def _end_round(self, reason: str) -> None:
        spec = self.spec
        order = self.round_from(self.dealer + 1)
        points: list[int | None] = [None] * spec.seats
        next_dealer = order[0] if order else self.dealer
        best = -1
        worth = spec.points
        for seat in order:
            value = sum(worth[c] for c in self.seat_cards(seat))
            points[seat] = value
            if value > best:
                best, next_dealer = value, seat
        for seat in range(spec.seats):
            for h in spec.holders[seat]:
                self._discard(self.hands[h], False, seat)
                self.hands[h] = []
        self._discard(self.dead, False)
        self.dead = []
        if self.log is not None:
            self.log.append(RoundEnded(self.round, reason, tuple(points), next_dealer))
        limit = spec.round_limit
        if limit and self.round >= limit:
            self._end_by_hp()
            return
        self.dealer = next_dealer
        self._start_round()

    # -- the end -----------------------------------------------------------------------

    def _seat_hp(self) -> tuple[int, ...]:
        hp = [0] * self.spec.seats
        seat_of, out = self.spec.fig_seat, self.out
        for f, h in enumerate(self.hp):
            if not out[f]:
                hp[seat_of[f]] += h
        return tuple(hp)

    def _end_game(self, team: int | None, reason: str) -> None:
        self.phase = OVER
        self.to_act = _NONE
        self.pending = None
        teams = self.spec.teams
        self.winners = (
            () if team is None else tuple(s for s in range(len(teams)) if teams[s] == team)
        )
        self.end_reason = reason
        if self.log is not None:
            self.log.append(GameEnded(self.winners, reason, self._seat_hp()))

    def _check_victory(self, reason: str = "last_side_standing") -> bool:
        teams = {self.spec.teams[s] for s in self.seats_in_game()}
        if len(teams) > 1:
            return False
        self._end_game(teams.pop() if teams else None, reason)
        return True

    def _end_by_hp(self) -> None:
        seat_hp = self._seat_hp()
        team_hp: dict[int, int] = {}
        teams = self.spec.teams
        for seat in self.seats_in_game():
            team_hp[teams[seat]] = team_hp.get(teams[seat], 0) + seat_hp[seat]
        best = max(team_hp.values(), default=0)
        leaders = [t for t, hp in team_hp.items() if hp == best]
        self._end_game(leaders[0] if len(leaders) == 1 else None, "round_limit")

    def _leave(self, seat: int, reason: str) -> None:
        cards = self.seat_cards(seat)
        self._discard(cards, False, seat)
        if self.log is not None:
            self.log.append(HandDiscarded(seat, len(cards)))
        for h in self.spec.holders[seat]:
            self.hands[h] = []
        if self.log is not None:
            self.log.append(SeatOut(seat, reason))

    def _take_out(self, fig: int, killer: int) -> None:
        spec = self.spec
        seat = spec.fig_seat[fig]
        if not self.out[fig]:
            self.out[fig] = True
            self.hidden[fig] = False
            self.alive[seat] -= 1
        if self.log is not None:
            killed_by = None if killer < 0 else spec.names[killer]
            self.log.append(FigureOut(spec.names[fig], seat, killed_by))
        if spec.per_character:  # D-5: the figure's hand goes with it, face down
            hand = self.hands[fig]
            self._discard(hand, False, seat)
            if self.log is not None:
                self.log.append(HandDiscarded(seat, len(hand), spec.names[fig]))
            self.hands[fig] = []
        if not self.conceded[seat] and not self.alive[seat]:
            self._leave(seat, "eliminated")

    # -- attacks -----------------------------------------------------------------------

    def _resolve(self, heart: int, covers: int = 0, extra: int = -1, wild: bool = False) -> None:
        assert self.pending is not None
        _, card, attacker, target, distance, cover, _ = self.pending
        self.pending = None
        spec = self.spec
        both = (2 if wild else 0) + (1 if self.pending_wild else 0)
        self.pending_wild = False
        r = spec.resolve(card, attacker, distance, heart, cover, target, covers, extra, both)
        log = self.log
        names = spec.names
        if log is not None:
            defender = spec.defender(target, heart, covers, extra, both & 2)
            shooter = spec.att_abilities[attacker]
            if both & 1:
                shooter += (Ability.WILD_2.value,)
            log.append(
                AttackResolved(
                    names[attacker],
                    names[target],
                    CARDS[card],
                    spec.weapon[attacker],
                    distance,
                    None if heart < 0 else CARDS[heart],
                    cover,
                    shooter,
                    defender,
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    r[4],
                    r[5],
                    r[6],
                    r[7],
                    None if extra < 0 else CARDS[extra],
                )
            )
        hp = self.hp
        for _ in range(r[5]):
            if hp[target] > 0:
                hp[target] -= 1
                if log is not None:
                    log.append(Wounded(names[target], hp[target]))
                continue
            if self.lives[target] and self._nine_lives(target, attacker):
                break
            self._take_out(target, attacker)
            reward = spec.reward
            if reward:
                gain = reward
                if spec.cap:
                    gain = max(0, min(reward, spec.hp_max[attacker] - hp[attacker]))
                hp[attacker] += gain
                if log is not None:
                    log.append(HpGained(names[attacker], gain, hp[attacker]))
            break
        if not self._check_victory():
            self._end_cycle()

    def _nine_lives(self, fig: int, killer: int) -> bool:
        """B1 Nine Lives (D-24): ``fig`` and its killer draw a card each, face up; True when
        ``fig``'s is higher (jokers highest), and it stays in. No draw without two cards."""
        if len(self.draw) + len(self.discard) < 2:
            return False
        if self.lives[fig] > 0:
            self.lives[fig] -= 1
        own, theirs = self._draw(2)
        self._discard((own, theirs), True)
        value = self.spec.value
        mine = JOKER_BID if own == JOKER else value[own]
        survived = mine > (JOKER_BID if theirs == JOKER else value[theirs])
        if self.log is not None:
            names = self.spec.names
            self.log.append(
                NineLivesDrawn(names[fig], names[killer], CARDS[own], CARDS[theirs], survived)
            )
        return survived

    def _attack(self, seat: int, card: int, attacker: int, target: int, wild: bool = False) -> None:
        self._play_card(attacker if self.spec.per_character else seat, card)
        self.cycle_played = True
        spec = self.spec
        distance, _ = spec.board.sight(self.pos[attacker], self.pos[target])
        hidden = self.hidden[target]
        level = 3 if hidden else spec.board.cover(self.pos[attacker], self.pos[target])
        cover = COVERS[level].value
        self.pending = (seat, card, attacker, target, distance, cover, hidden)
        self.pending_wild = wild
        if self.log is not None:
            self.log.append(
                AttackDeclared(
                    seat,
                    CARDS[card],
                    spec.names[attacker],
                    spec.names[target],
                    spec.weapon[attacker],
                    distance,
                    cover,
                    hidden,
                    wild,
                )
            )
        if spec.misses(attacker, distance):
            self._resolve(-1)
            return
        self.phase = DEFEND
        self.to_act = spec.fig_seat[target]

    # -- the kinds' effects ------------------------------------------------------------

    def _pass(self, seat: int) -> None:
        phase = self.phase
        log = self.log
        if phase == SWAP_PHASE:
            if log is not None:
                log.append(SwapDeclined(seat))
            self.swap_order.pop(0)
            self._next_swapper()
        elif phase == BID:
            if log is not None:
                log.append(BidPassed(seat))
            self.bid_order.pop(0)
            self._next_bidder()
        elif phase == ACTION:
            if log is not None:
                log.append(NothingPlayed(seat))
            self._end_cycle()
        elif phase == DEFEND:
            if log is not None:
                log.append(DefensePlayed(seat, None))
            self._resolve(-1)

    def _swap(self, seat: int, cards: list[int] | None = None, holder: int = -1) -> None:
        """A3.3: the whole hand for the dead man's hand, or (D-27) ``cards`` of it; ``holder``:
        per character the figure whose hand it is (-1: the seat's)."""
        received = self.dead
        h = seat if holder < 0 else holder
        if cards is None:
            given = self.hands[h]
            self.hands[h] = received
        else:
            given = cards
            hand = self.hands[h]
            for c in cards:
                hand.remove(c)
            hand.extend(received)
        self.dead = []
        self.dead_taken = True
        self._discard(given, False, seat)
        if self.log is not None:
            figure = None if holder < 0 else self.spec.names[holder]
            self.log.append(HandSwapped(seat, 0 if cards is None else len(cards), figure))
            gave = tuple(CARDS[c] for c in given)
            self.log.append(SwapReceived(seat, gave, tuple(CARDS[c] for c in received)))
        self.swap_order = []
        self._begin_cycle()

    def _bid(self, seat: int, card: int, wild: bool = False, holder: int = -1) -> None:
        self._play_card(seat if holder < 0 else holder, card)
        spec = self.spec
        bonus = 0
        if (
            card != JOKER and not wild and spec.has_abilities
        ):  # B1 Quick Fingers: the best living (D-23)
            diamond = spec.diamond
            for f in self.living(seat):
                if diamond[f] > bonus:
                    bonus = diamond[f]
        value = JOKER_BID if card == JOKER or wild else spec.value[card] + bonus
        self.bids.append((seat, card, value))
        self.cycle_played = True
        if self.log is not None:
            self.log.append(BidPlaced(seat, CARDS[card], wild, bonus))
        self.bid_order.pop(0)
        self._next_bidder()

    def _defend(
        self, seat: int, card: int, covers: int = 0, extra: int = -1, wild: bool = False
    ) -> None:
        assert self.pending is not None
        holder = self.pending[3] if self.spec.per_character else seat
        self._play_card(holder, card)
        if extra >= 0:  # B1 Queen of Hearts: a second card, face up after the heart
            self._play_card(holder, extra)
        used: tuple[str, ...] = ()
        if covers:  # B1 Cover: the target's uses spent on this heart
            assert self.pending is not None
            target = self.pending[3]
            u = self.uses[target]
            n1, n2, n3 = covers % 4, covers // 4 % 4, covers // 16
            self.uses[target] = (u[0] - n1, u[1] - n2, u[2] - n3, u[3])
            used = tuple(a.value for a in cover_abilities(covers))
        if self.log is not None:
            shown = None if extra < 0 else CARDS[extra]
            self.log.append(DefensePlayed(seat, CARDS[card], used, shown, wild))
        self._resolve(card, covers, extra, wild)

    def _move(
        self,
        seat: int,
        card: int,
        fig: int,
        dest: int,
        hide: bool,
        wild: bool = False,
        holder: int = -1,
    ) -> None:
        if holder < 0:
            holder = fig if self.spec.per_character and fig >= 0 else seat
        self._play_card(holder, card)
        spec = self.spec
        moves: tuple[FigureMove, ...] = ()
        bonus = 0
        if fig >= 0:
            if card != JOKER and not wild:
                bonus = spec.club[fig]
            here = self.pos[fig]
            if self.log is not None:
                board = spec.board
                path = board.path(here, dest)
                moves = (FigureMove(spec.names[fig], path, board.cost(here, dest), hide),)
            self.pos[fig] = dest
            self.hidden[fig] = hide
        self.cycle_played = True
        if self.log is not None:
            inches = spec.inches[JOKER if wild else card]
            self.log.append(FiguresMoved(seat, CARDS[card], inches, moves, wild, bonus))
        self._end_cycle()

    def _redraw(self, seat: int, card: int, payer: int, holder: int) -> None:
        spec = self.spec
        cost = spec.redraw_cost
        self.hp[payer] -= cost
        self.redraws_used[seat] += 1
        if self.log is not None:
            self.log.append(RedrawPaid(seat, spec.names[payer], cost, self.hp[payer]))
        drawn = self._draw(1)[0]
        hand = self.hands[holder]
        hand.remove(card)
        self._discard((card,), False, seat)
        hand.append(drawn)
        if self.log is not None:
            self.log.append(CardRedrawn(seat, CARDS[card], CARDS[drawn]))

    def _reveal(self, seat: int, fig: int) -> None:
        self.hidden[fig] = False
        if self.log is not None:
            self.log.append(FigureRevealed(seat, self.spec.names[fig]))

    def _concede(self, seat: int) -> None:
        if self.fate is not None:  # the two cards drawn go with the rest of the hand
            self.phase, self.fate = self.fate[4], None
        phase = self.phase
        if self.log is not None:
            self.log.append(Conceded(seat))
        self.conceded[seat] = True
        for f in self.living(seat):
            self._take_out(f, -1)
        self._leave(seat, "conceded")
        if self._check_victory("concession") or self.to_act != seat:
            return
        if phase == SWAP_PHASE:
            self.swap_order.pop(0)
            self._next_swapper()
        elif phase == BID:
            self.bid_order.pop(0)
            self._next_bidder()
        else:
            self.pending = None
            self._end_cycle()


def _card(card_way: int, suit: int) -> int:
    return JOKER if card_way == 13 else suit * 13 + card_way


def _queen_codes(figs: Sequence[Any]) -> int:
    """Cover codes the ``queen`` block needs per heart: 0 without Queen of Hearts, 64 where a
    figure with it also has Cover, else 1."""
    queens = [f for f in figs if Ability.QUEEN_OF_HEARTS in f.abilities]
    if not queens:
        return 0
    return COVER_CODES if any(a in _COVERS for f in queens for a in f.abilities) else 1


def _has_two(hand: list[int]) -> bool:
    """A 2 of any suit in ``hand`` (B1 Wild 2)."""
    return any(c != JOKER and c % 13 == 0 for c in hand)


def _offer_twos(out: list[int], hand: list[int], base: int, step: int) -> None:
    """Append ``base`` + suit × ``step`` for each suit of a 2 in ``hand``, once per suit, in
    the hand's order (B1 Wild 2)."""
    seen = 0
    for c in hand:
        if c != JOKER and c % 13 == 0 and not seen & (1 << (c // 13)):
            seen |= 1 << (c // 13)
            out.append(base + c // 13 * step)


def _way(card: int) -> int:
    return 13 if card == JOKER else card % 13


def _offer_ways(out: list[int], hand: list[int], suit: int, base: int, step: int) -> None:
    """Append ``base`` + way × ``step`` for each way a card of ``suit`` (or a joker) in ``hand``
    is played, once per way, in the hand's order."""
    seen = 0
    for c in hand:
        s = SUITS[c]
        if s in (suit, _JOKER_SUIT):
            way = 13 if c == JOKER else c % 13
            if not seen & (1 << way):
                seen |= 1 << way
                out.append(base + way * step)


_TEMPLATES: dict[tuple[Any, Any], tuple[Any, Any, FastGame]] = {}


def new_fast_game(
    scenario: str | Scenario = "duel",
    ruleset: str | Ruleset = "base",
    seed: int = 0,
    *,
    record: bool = False,
) -> FastGame:
    """The fast game that ``new_game(scenario, ruleset, seed)`` deals (the reference engine
    sets the first game of a scenario and ruleset up; later ones are dealt here)."""
    key = (
        scenario if isinstance(scenario, str) else id(scenario),
        ruleset if isinstance(ruleset, str) else id(ruleset),
    )
    found = _TEMPLATES.get(key)
    if (
        found is None
        or (not isinstance(scenario, str) and found[0] is not scenario)
        or (not isinstance(ruleset, str) and found[1] is not ruleset)
    ):
        from totenblatt.wanted.engine.game import new_game

        game = new_game(scenario, ruleset, 0)
        if any(isinstance(e, AbilityDrawn) for e in game.events):
            # B2: a hero given no abilities draws them with the game's generator, so each
            # seed sets up other figures: every game is the reference engine's own set-up
            return FastGame.from_game(new_game(scenario, ruleset, seed), record=record)
        template = FastGame.from_game(game)
        st = game.state
        deck = tuple(number(c) for c in _start_deck(st))
        template.spec.start = (
            [template.spec.board.node(f.pos) for f in st.figures],
            [f.hp for f in st.figures],
            [False] * len(st.figures),
            [False] * len(st.figures),
            [sum(1 for f in st.figures if f.seat == s) for s in range(st.seats)],
            deck,
        )
        if len(_TEMPLATES) > 32:
            _TEMPLATES.clear()
        found = _TEMPLATES[key] = (scenario, ruleset, template)
    return found[2].fresh(seed, record=record)


def _start_deck(st: GameState) -> list[Any]:
    """The draw pile before the first shuffle: every deck in order (``game._initial_state``)."""
    from totenblatt.cards import full_deck

    return full_deck(st.ruleset.cards.jokers) * st.decks


def _menu(
    board: Board, base: int, here: int, budget: int
) -> tuple[list[int], frozenset[int], dict[int, int]]:
    """The move ids from node ``here`` for ``budget`` inches (``base``: the id of destination 0
    for this club and mover), their destinations, and where each destination's first id is."""
    dests = board.within(here, budget)
    hard = board.hard
    ids: list[int] = []
    where: dict[int, int] = {}
    for j in dests:
        where[j] = len(ids)
        ids.append(base + 2 * j)
        if hard[j]:
            ids.append(base + 2 * j + 1)
    return ids, frozenset(dests), where


_SPECS: dict[tuple[Any, ...], tuple[Any, Any, Spec]] = {}


def _spec(st: GameState) -> Spec:
    """One :class:`Spec` per reference setup (its figures, rules and table), kept."""
    table = st.geo.table
    key = (
        id(st.ruleset),
        id(table),
        st.teams,
        st.round_limit,
        tuple(
            (f.name, f.seat, f.team, f.weapon, f.hp_max, f.kind, f.abilities) for f in st.figures
        ),
        st.deck_orders,
    )
    found = _SPECS.get(key)
    if found is None or found[0] is not st.ruleset or found[1] is not table:
        if len(_SPECS) > 64:
            _SPECS.clear()
        found = _SPECS[key] = (st.ruleset, table, Spec(st))
    return found[2]
