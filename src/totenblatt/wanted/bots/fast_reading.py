"""What the fast heuristic knows of a setup, and its choices where the menu is HeuristicBot's.

:class:`Know` keeps one game setup's numbers (kept per :class:`~totenblatt.wanted.fast.game.Spec`):
the rough wounds by net modifier, each weapon's ideal range, the cards' worth, the board's
measurements between nodes. The functions below decide the phases whose menu is the
reference engine's own — the swap (whole hand or D-27's partial swaps), the defence (a
heart, a Cover, a Queen of Hearts' second card, a 2 as a joker), Tempt Fate and its keep,
a paid redraw — by HeuristicBot's rules on the same numbers (its constants, its
``resolve_attack`` through ``Spec.resolve``), so they choose alike
(``tests/wanted/test_fast_seats.py`` compares them choice for choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from totenblatt.wanted.bots.heuristic import COVER_COST, FATE_MARGIN, REDRAW_MARGIN
from totenblatt.wanted.bots.reading import JOKER_COST, KILL_BONUS, proxy_table
from totenblatt.wanted.fast.actions import COVER_CODES, PASS, SWAP, cover_abilities
from totenblatt.wanted.fast.cards import JOKER, SUITS
from totenblatt.wanted.fast.spec import rules_key
from totenblatt.wanted.rules import MISS

if TYPE_CHECKING:
    from collections.abc import Callable

    from totenblatt.wanted.fast import FastGame
    from totenblatt.wanted.fast.game import Spec

__all__ = [
    "Know",
    "bases_on",
    "card_worth",
    "defence_of",
    "defend_choice",
    "hearts_of",
    "keep_choice",
    "know",
    "redraw_choice",
    "shots_of",
    "swap_choice",
    "tempt_choice",
    "tempt_options",
    "unseen",
]


class Know:
    """What one setup's numbers give the policy: per game setup its figures' (ideal ranges,
    Sharpshooters, the deck, the cards' worth); per board and ruleset the measurements,
    shared by every setup on them (``shared``: a :class:`Know` of the same board and
    ruleset whose tables and memos this one uses)."""

    def __init__(self, spec: Spec, shared: Know | None = None) -> None:
        rules = spec.rules
        self.ideal = []
        for f, w in enumerate(spec.weapon):
            mods = rules.weapon(w).modifiers
            best = max(int(m) for m in mods if m != MISS)
            bands = spec.fig_bands[f]
            self.ideal.append(
                max(b for b, m in zip(bands, mods, strict=False) if m != MISS and m == best)
            )
        self.sharp = tuple(b != spec.bands for b in spec.fig_bands)
        """Per figure: its range bands are not the table's (Sharpshooter, B1)."""
        deck = spec.start[5] if spec.start is not None else None
        self.deck: list[int] | None = None if deck is None else counts(deck)
        self.worth = [card_worth(spec, c) for c in range(53)]
        self.stances: dict[tuple[tuple[int, int, bool, bool], ...], dict[int, Any]] = {}
        """The policy's stances of this setup's figures (``fast_moves.part``), by the
        enemies (index, node, hidden, nearly dead), then by figure, node and hiding: they
        repeat while no enemy moves (within a rollout and across rollouts)."""
        self.each: dict[int, tuple[float, float, float]] = {}
        """Each enemy's part of a stance (``fast_moves.stance``), by the figure, node,
        hiding and the enemy (index, node, hidden, nearly dead): kept while that enemy stays."""
        self.ceilings: list[float] | None = None
        """Per figure: the most its shot may count in a stance (``fast_moves.tops_of``)."""
        self.shots: dict[tuple[Any, ...], dict[int, float]] = {}
        """The policy's shot scores (``FastPolicy._shot_score``), by attacker, distance,
        cover, average defence and target's HP, then by card: the same inputs, the same
        score (the figures' weapons and abilities are the setup's)."""
        if shared is not None:
            self.__dict__.update({k: shared.__dict__[k] for k in _SHARED})
            return
        self.stance_sets: dict[tuple[Any, ...], tuple[dict[Any, dict[int, Any]], Any]] = {}
        """The :attr:`stances` and :attr:`each` of the setups on this board and ruleset, by
        what they read of a setup: its figures' weapons and range bands and the reach."""
        board = spec.board
        self.proxy = proxy_table(rules)
        self.cover_mod = (0, rules.cover.light, rules.cover.medium, rules.cover.hard)
        self.xy = np.array(board.points[: board.destinations])
        self.hard = self.cover_mod[3]
        self.pairs: dict[int, tuple[float, int, int, int]] = {}
        """By ``a * 1_000_003 + b``: the distance, the table's range band (-1: beyond it,
        -2: no line of fire), the cover modifier of a target at ``b`` against ``a`` and of
        ``a`` against ``b``."""
        self.nearest: dict[tuple[int, float, int], int] = {}
        """The destination nearest to a node, by the node and inches of the destinations
        (``board.within``) and the node."""
        self.candidates: dict[tuple[int, ...], dict[tuple[int, float], Any]] = {}
        """The policy's destinations worth weighing (:meth:`FastPolicy._candidates`), by the
        enemies' nodes, then by the figure's node and its club's inches."""
        self.covers: dict[
            tuple[int, float], tuple[Any, tuple[int, ...], list[int], list[int], Any]
        ] = {}
        """The destinations within some inches of a node, by node and inches: see
        :meth:`around`."""
        self._levels: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
        router = board._router
        spot_index = {p: i for i, p in enumerate(router.spots)}
        self.spot_of = [spot_index.get(p, -1) for p in board.points[: board.destinations]]
        """Per destination: its index among the router's cover spots, -1 for none."""
        self.safest: dict[tuple[int, float, tuple[int, ...]], tuple[int, ...]] = {}
        self._spot_distances: dict[tuple[int, float], list[float]] = {}
        self._exposures: dict[int, Any] = {}
        self._safety: dict[tuple[int, tuple[int, ...]], tuple[int, int, int]] = {}
        self.spot_hard = router.spot_hard
        """Per router cover spot: 1 in hard cover."""
        self._router = router
        self._points = board.points

    def point(self, node: int) -> tuple[float, float]:
        """The table point of a board node."""
        x, y = self._points[node]
        return float(x), float(y)

    def safety(self, node: int, threats: tuple[int, ...]) -> tuple[int, int, int]:
        """How safe a figure at ``node`` is against shooters at ``threats`` (nodes), as the
        router scores a spot: worst exposure, in hard cover, summed exposure (kept)."""
        key = (node, threats)
        found = self._safety.get(key)
        if found is None:
            points = tuple(self.point(t) for t in threats)
            found = self._router.score(self.point(node), points)
            if len(self._safety) > 200_000:
                self._safety.clear()
            self._safety[key] = found
        return found

    def around(
        self, here: int, budget: float, dests: tuple[int, ...]
    ) -> tuple[Any, tuple[int, ...], list[int], list[int], Any]:
        """What the policy weighs of ``dests``, the destinations within ``budget`` inches of
        node ``here``: their points, the cover spots among them, those spots' indices among
        the router's spots, whether each is in hard cover (1, else 0), and their points
        (kept)."""
        key = (here, budget)
        found = self.covers.get(key)
        if found is None:
            spots = tuple(j for j in dests if self.spot_of[j] >= 0)
            index = [self.spot_of[j] for j in spots]
            found = (
                self.xy[list(dests)],
                spots,
                index,
                self.spot_hard[index].tolist(),
                self.xy[list(spots)],
            )
            if len(self.covers) > 100_000:
                self.covers.clear()
            self.covers[key] = found
        return found

    def spot_distances(self, place: tuple[int, float], where: tuple[Any, ...]) -> list[float]:
        """The distances from ``place``'s node to the cover spots within its inches
        (``where``: :meth:`around` of that place; kept)."""
        found = self._spot_distances.get(place)
        if found is None:
            here = place[0]
            xy = where[4]
            ex, ey = self.xy[here] if here < len(self.xy) else self.point(here)
            found = np.hypot(xy[:, 0] - ex, xy[:, 1] - ey).tolist()
            if len(self._spot_distances) > 100_000:
                self._spot_distances.clear()
            self._spot_distances[place] = found
        return found

    def levels(self, threats: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """Per router cover spot: its worst and its summed :meth:`exposure` to shooters at
        ``threats`` (nodes; kept)."""
        found = self._levels.get(threats)
        if found is None:
            levels = np.vstack([self.exposure(t) for t in threats])
            found = (levels.min(axis=0).tolist(), levels.sum(axis=0).tolist())
            if len(self._levels) > 20_000:
                self._levels.clear()
            self._levels[threats] = found
        return found

    def exposure(self, node: int) -> Any:
        """Per router cover spot: 4 out of the line of fire of a shooter at ``node``, else its
        cover rank (the router's own answer, kept)."""
        found = self._exposures.get(node)
        if found is None:
            found = self._router._exposure(self._points[node])
            if len(self._exposures) > 20_000:
                self._exposures.clear()
            self._exposures[node] = found
        return found

    def pair(self, spec: Spec, a: int, b: int) -> tuple[float, int, int, int]:
        """See :attr:`pairs` (worked out and kept)."""
        board = spec.board
        distance, line = board.sight(a, b)
        band = spec.band(distance) if line else -2
        found = (
            distance,
            band,
            self.cover_mod[board.cover(a, b)] if line else 0,
            self.cover_mod[board.cover(b, a)] if line else 0,
        )
        if len(self.pairs) > 500_000:
            self.pairs.clear()
        self.pairs[a * 1_000_003 + b] = found
        return found


def counts(cards: tuple[int, ...] | list[int]) -> list[int]:
    """Card numbers counted: 53 entries."""
    out = [0] * 53
    for c in cards:
        out[c] += 1
    return out


def card_worth(spec: Spec, card: int) -> float:
    """HeuristicBot's ``_card_worth``: spades count most, then hearts, clubs and diamonds."""
    if card == JOKER:
        return 3.0
    v = spec.value[card]
    return (v / 9, v / 4, v / 6, v / 9)[SUITS[card]]


_SHARED = [
    "stance_sets",
    "proxy",
    "cover_mod",
    "xy",
    "hard",
    "pairs",
    "nearest",
    "candidates",
    "covers",
    "spot_of",
    "safest",
    "_spot_distances",
    "_levels",
    "_exposures",
    "_safety",
    "spot_hard",
    "_router",
    "_points",
]
"""The attributes of a :class:`Know` shared by every setup of one board and ruleset."""
_KNOWN: dict[int, tuple[object, Know]] = {}
_BY_BOARD: dict[tuple[int, str], tuple[object, Know]] = {}


def know(spec: Spec) -> Know:
    """The :class:`Know` of ``spec`` (made once per spec). Setups of one board and equal
    rules share its measurements (as they share the fast path's memos,
    :func:`~totenblatt.wanted.fast.spec.shared_memos`): the reference engine's set-up of
    every game (heroes that draw their abilities, B2) and every cell of an experiment (a
    ruleset object of its own) would otherwise start them empty."""
    found = _KNOWN.get(id(spec))
    if found is None or found[0] is not spec:
        board = spec.board
        key = (id(board), rules_key(spec.rules))
        first = _BY_BOARD.get(key)
        if first is None or first[0] is not board:
            if len(_BY_BOARD) > 32:
                _BY_BOARD.clear()
            first = _BY_BOARD[key] = (board, Know(spec))
        if len(_KNOWN) > 64:
            _KNOWN.clear()
        known = Know(spec, first[1])
        # the stances read the figures' weapons, range bands and the reach alone of the
        # setup: setups alike in those share them (heroes drawing their abilities, B2)
        sets = known.stance_sets
        if len(sets) > 256:
            sets.clear()
        known.stances, known.each = sets.setdefault(
            (spec.weapon, spec.fig_bands, spec.reach), (known.stances, known.each)
        )
        found = _KNOWN[id(spec)] = (spec, known)
    return found[1]


def unseen(game: FastGame, known: Know) -> list[int]:
    """Card counts the seat to act has not seen (its hand and the face-up or own discards out)."""
    seat = game.to_act
    if known.deck is None:
        every = [*game.draw, *game.discard, *game.dead, *(c for h in game.hands for c in h)]
        known.deck = counts(every)
    out = known.deck.copy()
    for pile in (game.seat_cards(seat), game.seen_public, game.seen_private[seat]):
        for c in pile:
            out[c] -= 1
    return out


def _mean_worth(game: FastGame, known: Know) -> float | None:
    """The average worth of an unseen card (None: none unseen)."""
    found = unseen(game, known)
    total = sum(n for n in found if n > 0)
    if not total:
        return None
    return sum(known.worth[c] * n for c, n in enumerate(found) if n > 0) / total


def hearts_of(counts: list[int]) -> tuple[int, list[int]]:
    """The unseen cards' number and the unseen hearts and jokers, lowest first (``counts``:
    :func:`unseen`)."""
    total = sum([n for n in counts if n > 0])
    hearts: list[int] = []
    for c in _HEARTS:
        n = counts[c]
        if n > 0:
            hearts += [c] * n
    return total, hearts


_HEARTS = (*range(26, 39), JOKER)
"""The cards a defence may be played with, lowest first."""


def defence_of(game: FastGame, unseen: tuple[int, list[int]], target: int) -> tuple[float, int]:
    """The fast heuristic's average defence of ``target`` (``unseen``: :func:`hearts_of`):
    the chance it holds no heart or joker, the middle unseen heart."""
    total, hearts = unseen
    spec = game.spec
    size = len(game.hands[target if spec.per_character else spec.fig_seat[target]])
    if not total or not hearts:
        return 1.0, -1
    p_none = 1.0
    others = total - len(hearts)
    for k in range(size):
        p_none *= max(0.0, (others - k) / (total - k)) if total - k > 0 else 0.0
    return p_none, hearts[len(hearts) // 2]


# -- the swap, Tempt Fate and its keep ------------------------------------------------------


def swap_choice(game: FastGame, known: Know, legal: list[int]) -> int:
    """HeuristicBot's ``_swap``: the swap (whole hand or a partial one, D-27; per character
    a figure's) that gains most against the dead man's hand's expected worth, when it
    gains more than 0.5."""
    mean = _mean_worth(game, known)
    if mean is None:
        return PASS
    expected = mean * len(game.dead)
    t = game.actions
    seat = game.to_act
    best = (0.5, PASS)
    for a in legal:
        if a == SWAP:
            given = game.hands[seat]
        elif t.partial <= a < t.cover:
            kept, hand = divmod(a - t.partial, t.hands)
            holder = t.own[seat][hand] if t.per_character else -1
            given = game.partial_cards(seat, kept, holder)
        elif t.pswap <= a < t.size:  # per character: a figure's whole hand
            given = game.hands[t.own[seat][a - t.pswap]]
        else:
            continue
        gain = expected - sum(known.worth[c] for c in given)
        if gain > best[0]:
            best = (gain, a)
    return best[1]


def keep_choice(game: FastGame, known: Know, legal: list[int]) -> int:
    """Tempt Fate's keep: the card worth more (the first drawn on a tie, as HeuristicBot)."""
    t = game.actions
    keeps = [a for a in legal if t.keep <= a < t.queen]
    return max(keeps, key=lambda a: known.worth[a - t.keep], default=legal[0])


def tempt_options(game: FastGame) -> list[int]:
    """The Tempt Fate ids of the seat to act (B1; none without the block), as offered."""
    t = game.actions
    if t.keep == t.tempt:
        return []
    seat = game.to_act
    per_character = t.per_character
    return [
        t.tempt + c * t.own_max + t.slot[f]
        for f in game._tempters(game.living(seat))
        for c in set(game.hands[f if per_character else seat])
    ]


def tempt_choice(game: FastGame, known: Know, options: list[int]) -> int | None:
    """HeuristicBot's ``_tempt``: Tempt Fate on the card least worth keeping (the figure
    first by name on a tie) of ``options`` (Tempt Fate ids), when an average draw beats it
    by ``FATE_MARGIN``."""
    t = game.actions
    if not options:
        return None
    mean = _mean_worth(game, known)
    if mean is None:
        return None
    names, own = game.spec.names, t.own[game.to_act]

    def rank(a: int) -> tuple[float, str]:
        card, slot = divmod(a - t.tempt, t.own_max)
        return known.worth[card], names[own[slot]]

    worst = min(options, key=rank)
    return worst if rank(worst)[0] < mean - FATE_MARGIN else None


# -- a paid redraw ----------------------------------------------------------------------


def redraw_choice(
    game: FastGame, known: Know, best_with: Callable[[list[int] | None], float]
) -> int | None:
    """HeuristicBot's ``_redraw``: the weakest card that is no spade, paid by the living
    figure with the most HP (at least 3 left after), when the seat may redraw and the
    expected gain of the best attack (``best_with(cards)``: the seat's best attack score
    with those of its cards, at least 0; None its hand) beats the HP it costs by
    ``REDRAW_MARGIN`` (a card the seat does not hold gains nothing and is not asked)."""
    t = game.actions
    spec = game.spec
    seat = game.to_act
    if not game._can_redraw(seat):
        return None
    cost = spec.redraw_cost
    living = game.living(seat)
    payer = max(living, key=lambda f: game.hp[f], default=-1)
    if payer < 0 or game.hp[payer] - cost < 3:
        return None
    hand = game.seat_cards(seat)
    if not hand:
        return None
    worst = min(hand, key=lambda c: (SUITS[c] in (1, 4), spec.value[c]))
    if SUITS[worst] in (1, 4):
        return None
    if t.per_character and worst not in game.hands[payer]:
        return None  # HeuristicBot names the payer's own hand (D-7), which does not hold it
    found = unseen(game, known)
    total = sum(n for n in found if n > 0)
    shooters = [c for c in range(53) if SUITS[c] in (1, 4) and found[c] > 0]
    chance = sum(found[c] for c in shooters) / total if total else 0.0
    if chance * (2 + KILL_BONUS) <= cost + REDRAW_MARGIN:
        return None
    current = best_with(None)
    gain = 0.0
    for card in shooters:
        if card in hand:  # (another card's best attack is none: 0, never above current)
            gain += found[card] / total * max(0.0, best_with([card]) - current)
    if gain <= cost + REDRAW_MARGIN:
        return None
    hand_slot = t.slot[payer] if t.per_character else 0
    return t.redraw + (worst * t.hands + hand_slot) * t.own_max + t.slot[payer]


# -- the defence ------------------------------------------------------------------------


def defend_choice(game: FastGame, legal: list[int]) -> int:
    """HeuristicBot's ``_defend``: the option of the least loss — the wounds that count, a
    death, and what the cards and abilities spent are worth (a joker or a 2 played as one
    dear, a Cover's points, a Queen of Hearts' second card) — the lower heart on a tie."""
    pending = game.pending
    assert pending is not None
    _, card, attacker, target, distance, cover, _ = pending
    spec = game.spec
    hp = game.hp[target]
    t = game.actions
    both = 1 if game.pending_wild else 0
    able = spec.rules.abilities

    def cost(heart: int, covers: int = 0, extra: int = -1, wild: bool = False) -> float:
        """What the cards and abilities spent are worth."""
        paid = 0.0
        if heart >= 0:
            paid = JOKER_COST if heart == JOKER or wild else 0.04 * spec.value[heart]
            if covers:
                paid += COVER_COST * sum(able.cover_bonus(c) for c in cover_abilities(covers))
            if extra >= 0:
                paid += 0.3 + 0.04 * spec.value[extra]
        return paid

    def loss(heart: int, covers: int = 0, extra: int = -1, wild: bool = False) -> float:
        code = both | (2 if wild else 0)
        w = spec.resolve(card, attacker, distance, heart, cover, target, covers, extra, code)[5]
        return min(w, hp + 1) + (3.0 if w > hp else 0.0) + cost(heart, covers, extra, wild)

    best = (loss(-1), 0, PASS)
    for a in legal:
        if a < t.defend or (t.attack <= a < t.cover) or a >= t.wattack:
            continue
        covers, extra, wild = 0, -1, False
        if a < t.attack:
            way = a - t.defend
            heart = JOKER if way == 13 else 26 + way
        elif a < t.tempt:
            way, covers = divmod(a - t.cover, COVER_CODES)
            heart = JOKER if way == 13 else 26 + way
        elif t.queen <= a < t.wbid:
            rest, extra = divmod(a - t.queen, 52)
            way, covers = divmod(rest, t.queen_codes)
            heart = 26 + way
        elif t.wdefend <= a < t.wattack:
            heart, wild = 13 * (a - t.wdefend), True
        else:
            continue
        if cost(heart, covers, extra, wild) > best[0]:
            continue  # its loss is no less than its cost: it cannot be the least (bounded)
        option = (loss(heart, covers, extra, wild), heart)
        value = 99 if option[1] == JOKER else spec.value[option[1]]
        if (option[0], value) < best[:2]:
            best = (option[0], value, a)
    return best[2]


def bases_on(game: FastGame) -> dict[int, int]:
    """Per destination: how many figures in the game have their bases on it
    (``board.conflicts``); ``game.blocked(f)`` holds what has more than ``f``'s own."""
    board = game.spec.board
    pos, out = game.pos, game.out
    taken: dict[int, int] = {}
    for g in range(game.spec.n):
        if not out[g]:
            for j in board.conflicts(pos[g]):
                taken[j] = taken.get(j, 0) + 1
    return taken


def shots_of(cards: list[int], wild: bool) -> tuple[list[int], list[int]]:
    """The spades and jokers among ``cards`` (each value once, lowest first) and, for a figure
    with Wild 2 (``wild``), the suits of its 2s (B1)."""
    shooting = sorted({c for c in cards if SUITS[c] in (1, 4)})
    twos = sorted({c // 13 for c in cards if c != JOKER and c % 13 == 0}) if wild else []
    return shooting, twos
