"""What never changes in a fast game: :class:`Spec`, the rules' numbers, the figures, the board.

One :class:`Spec` is kept per reference set-up (:func:`spec_of`): its action table
(:mod:`~totenblatt.wanted.fast.actions`), its board (:mod:`~totenblatt.wanted.fast.board`),
the figures' numbers under the extended rules (B1 abilities, B2 hero types, D-5 hands), and
the attacks' results remembered by their inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.fast.actions import COVER_CODES, ActionTable, cover_abilities
from totenblatt.wanted.fast.allow import _COVERS, FastUnsupportedError, state_refusal
from totenblatt.wanted.fast.board import Board, board_for
from totenblatt.wanted.fast.cards import CARDS, JOKER, number
from totenblatt.wanted.vocab import Ability

if TYPE_CHECKING:
    from totenblatt.wanted.engine.state import GameState
    from totenblatt.wanted.rules import Ruleset

__all__ = ["Memos", "Resolved", "Spec", "rules_key", "shared_memos", "spec_of"]


Resolved = tuple[int | None, int | None, int | None, int, int, int, bool, str]
"""An attack's result: attack, defence values, difference, base, extra and all wounds, hit,
reason (the fields of ``AttackResolved``)."""


class Spec:
    """What never changes in a game: the rules' numbers, the figures' names, the board."""

    def __init__(self, state: GameState) -> None:
        refusal = state_refusal(state)
        if refusal is not None:
            raise FastUnsupportedError(refusal + " (use the reference engine)")
        self.rules: Ruleset = state.ruleset
        self._figures(state)
        self._cards(state.ruleset)
        self._abilities(state)
        self._memos(state)

    def _figures(self, state: GameState) -> None:
        """The seats, the figures' names and numbers, the board and the action table."""
        from totenblatt.wanted.engine.heroes import profile

        rules = state.ruleset
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
        self.board: Board = board_for(state.geo.table, rules, [f.pos for f in figs])
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
        self.extra = tuple(0 if h is None else h.extra_cards for h in heroes)
        self.swap_right = tuple(-1 if h is None else h.swap_cards for h in heroes)
        """D-27 per figure: -1 a cowboy (no right of its own), 0 may not swap, else k."""

    def _cards(self, rules: Ruleset) -> None:
        """The cards' values and the rules' numbers of a round and an attack."""
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

    def _abilities(self, state: GameState) -> None:
        """B1, B2: what the figures' abilities and hero types change (all 0 or () without)."""
        from totenblatt.wanted.engine.abilities import attacker_abilities

        rules = state.ruleset
        figs = state.figures
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

    def _memos(self, state: GameState) -> None:
        """The deck orders, the start, and the memos: the attacks' results and the move menus
        are kept per board and ruleset (:func:`shared_memos`), so every set-up on them — each
        game of heroes who draw their abilities (B2), each cell of an experiment — finds
        what the ones before worked out; the last answers of a state are this set-up's own."""
        self.round_limit = state.round_limit
        self.deck_orders = tuple(tuple(number(c) for c in order) for order in state.deck_orders)
        self.start: tuple[Any, ...] | None = None
        """Figures and deck at the start (positions, HP, hidden, out, alive, the deck), set
        by :func:`new_fast_game` for :meth:`FastGame.fresh`."""
        self.pairs_memo: tuple[Any, list[tuple[int, int]]] | None = None
        """The last answer of ``FastGame._attack_pairs`` and the state it was for."""
        self.crowd_memo: tuple[Any, list[list[int]]] | None = None
        """The last crowded destinations per mover of ``FastGame._move_offers``, and the state
        they were for."""
        memos = shared_memos(self.board, self.rules)
        self._resolved: dict[tuple[Any, ...], Resolved] = memos[0]
        """The attacks' results by their inputs (:meth:`resolve`)."""
        self.menus: dict[int, tuple[list[int], dict[int, int]]] = memos[1]
        """Move ids by (id of destination 0 × destinations + node) × 1024 + inches: see
        ``offers._menu``."""
        self.shapes: dict[int, tuple[list[int], dict[int, int]]] = memos[2]
        """A menu's shape by node × 1024 + inches: its ids less their base (``offers._menu``)."""
        self.near: dict[int, frozenset[int]] = memos[3]
        """Per node: the destinations a move from it may reach at all (the board's reach)."""

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


def _queen_codes(figs: Sequence[Any]) -> int:
    """Cover codes the ``queen`` block needs per heart: 0 without Queen of Hearts, 64 where a
    figure with it also has Cover, else 1."""
    queens = [f for f in figs if Ability.QUEEN_OF_HEARTS in f.abilities]
    if not queens:
        return 0
    return COVER_CODES if any(a in _COVERS for f in queens for a in f.abilities) else 1


Memos = tuple[
    dict[tuple[Any, ...], Resolved],
    dict[int, tuple[list[int], dict[int, int]]],
    dict[int, tuple[list[int], dict[int, int]]],
    dict[int, frozenset[int]],
]
"""The memos of one board and ruleset: attack results, move menus, menu shapes, reaches."""

_RULES: dict[int, tuple[Any, str]] = {}
_MEMOS: dict[tuple[int, str], tuple[Board, Memos]] = {}


def rules_key(rules: Ruleset) -> str:
    """What ``rules`` say, as text (kept per ruleset object): equal rules, equal keys."""
    found = _RULES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_RULES) > 256:
            _RULES.clear()
        found = _RULES[id(rules)] = (rules, rules.model_dump_json())
    return found[1]


def shared_memos(board: Board, rules: Ruleset) -> Memos:
    """The memos every :class:`Spec` on ``board`` under rules equal to ``rules`` shares: what
    they keep depends on nothing else (an attack's result on its inputs and the rules, a
    menu on its base id, node and inches and the board)."""
    key = (id(board), rules_key(rules))
    found = _MEMOS.get(key)
    if found is None or found[0] is not board:
        if len(_MEMOS) > 32:
            _MEMOS.clear()
        found = _MEMOS[key] = (board, ({}, {}, {}, {}))
    return found[1]


_SPECS: dict[tuple[Any, ...], tuple[Any, Any, Spec]] = {}


def spec_of(st: GameState) -> Spec:
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
