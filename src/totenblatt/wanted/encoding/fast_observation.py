"""The observation vector of :mod:`.observation`, made from a fast game directly.

:class:`FastObserver` fills exactly the vector that
:meth:`ObservationLayout.encode` makes of ``Game.view(seat)`` — same segments, same
numbers (tests compare them entry by entry on the reference engine's game) — but from
a :class:`~totenblatt.wanted.fast.FastGame`'s lists, without building a view: what
never changes (who is whose ally, weapons, hero types) is laid down once per seat, the
rest is counted and written with numpy in a few vector operations.

:meth:`FastObserver.update` keeps one vector per seat up to date instead: it compares the
game's lists and numbers with what it wrote last and rewrites only the parts that
changed (a hand, the figures' places, the seats' and table's numbers, the phase, the
pending attack), in place. :meth:`FastObserver.encode` stays the from-scratch
reference; tests compare the two at every step of seeded games, bit for bit.

The fast path plays the base rules (no abilities, hero types or per-character hands),
so the ``figure_hands`` and ``fate`` segments stay zero and the figures' abilities too.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from totenblatt.wanted.encoding.observation import ObservationLayout
from totenblatt.wanted.encoding.slots import CARDS
from totenblatt.wanted.engine import Phase
from totenblatt.wanted.fast import FastGame
from totenblatt.wanted.vocab import CoverLevel, HeroType

__all__ = ["FastObserver"]

_HP = 20.0
_KINDS = {k.value: i for i, k in enumerate(HeroType)}
_COVERS = {c.value: i for i, c in enumerate(CoverLevel)}
_N_PHASES = len(Phase)
_OVER = list(Phase).index(Phase.OVER)


class FastObserver:
    """Observation vectors of one scenario's fast games (the layout of ``layout``)."""

    def __init__(self, layout: ObservationLayout, game: FastGame) -> None:
        spec = game.spec
        self.layout = layout
        self.size = layout.size
        start = {name: at for name, at, _ in layout.segments}
        self.hand = start["hand"]
        self.seen = start["seen"]
        self.figures = start["figures"]
        self.seats_at = start["seats"]
        self.table = start["table"]
        self.phase = start["phase"]
        self.attack = start["attack"]
        self.per = layout.per_figure
        self.n = spec.n
        self.seats = spec.seats
        order = [layout.figure_index[name] for name in spec.names]
        self.order = np.array(order, dtype=np.intp)
        """Each fast figure's row in the vector (scenario order: the same)."""
        per, base = self.per, self.figures
        rows = base + self.order * per
        self.x_at, self.y_at = rows, rows + 1
        self.hp_at, self.hp_max_at = rows + 2, rows + 3
        self.hidden_at, self.out_at = rows + 4, rows + 5
        self.rows = [int(r) for r in rows]
        board = spec.board
        self.board = board
        self._points = 0
        self.node_x = np.zeros(0, dtype=np.float32)
        self.node_y = np.zeros(0, dtype=np.float32)
        self._xs, self._ys = self.node_x, self.node_y
        self.width, self.height = layout.width, layout.height
        weapons = {w: i for i, w in enumerate(layout.weapons)}
        self.static: list[npt.NDArray[np.float32]] = []
        for seat in range(spec.seats):
            vec = np.zeros(self.size, dtype=np.float32)
            team = spec.teams[seat]
            for f in range(spec.n):
                row = base + order[f] * per
                mine = spec.fig_seat[f] == seat
                ally = not mine and spec.fig_team[f] == team
                vec[row + 3] = spec.hp_max[f] / _HP
                vec[row + 6] = float(mine)
                vec[row + 7] = float(ally)
                vec[row + 8] = float(not mine and not ally)
                w = weapons.get(spec.weapon[f])
                if w is not None:
                    vec[row + 9 + w] = 1
                vec[row + 9 + len(weapons) + _KINDS[HeroType.COWBOY.value]] = 1
            self.static.append(vec)
        self.values = np.array(
            [1.0 if c == 52 else min(spec.value[c] / 13, 1.0) for c in range(53)],
            dtype=np.float32,
        )
        self.cover_at = {name: i for name, i in _COVERS.items()}
        self.attack_end = self.attack + 2 * spec.n + CARDS + 1 + len(_COVERS) + 2
        self._kept: list[_Kept | None] = [None] * spec.seats

    def _nodes(self) -> None:
        """Keep the nodes' coordinates (as fractions of the table) up to date."""
        points = self.board.points
        if len(points) != self._points:
            xy = np.array(points, dtype=np.float64)
            self.node_x = np.clip(xy[:, 0] / self.width, 0.0, 1.0).astype(np.float32)
            self.node_y = np.clip(xy[:, 1] / self.height, 0.0, 1.0).astype(np.float32)
            self._xs, self._ys = self.node_x, self.node_y  # typed views when compiled
            self._points = len(points)

    def _move_mark(self, out: npt.NDArray[np.float32], at: int, old: int, new: int) -> None:
        """Move a seat's flag (the seats' blocks are 8 wide from ``at``) from ``old`` to
        ``new``; a seat outside 0 … seats-1 (nobody) has no flag."""
        if 0 <= old < self.seats:
            out[at + old * 8] = 0
        if 0 <= new < self.seats:
            out[at + new * 8] = 1

    def update(self, game: FastGame, seat: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat`` now, bit for bit :meth:`encode`'s: the seat's
        kept vector with the parts that changed since its last update rewritten in place.

        The vector is the observer's own, overwritten by the seat's next update: copy it to
        keep it. Another game of the same setup (its spec: a new deal of the same fast
        game, :meth:`FastGame.fresh`) is written over the last one's as if it were that
        game changed — every part of the vector that is not the setup's is kept and
        compared; a game of another setup is encoded afresh.
        """
        kept = self._kept[seat]
        if kept is None or kept.game.spec is not game.spec:
            kept = self._kept[seat] = self._keep(game, seat)
            return kept.out
        kept.game = game
        out = kept.view  # the vector (a typed view of it when compiled)
        hand = game.hands[seat]
        if hand != kept.hand:
            if not _recount(out, self.hand, kept.hand, hand):
                _count(out, self.hand, hand, _NO_CARDS)
            kept.hand = hand.copy()
        public, private = game.seen_public, game.seen_private[seat]
        if public != kept.public or private != kept.private:
            old_public, old_private = kept.public, kept.private
            n, m = len(old_public), len(old_private)
            at = self.seen
            if public[:n] == old_public and private[:m] == old_private:
                for c in public[n:]:
                    out[at + c] += 1
                for c in private[m:]:
                    out[at + c] += 1
            else:
                _count(out, at, public, private)
            kept.public, kept.private = public.copy(), private.copy()
        rows = self.rows  # each figure's row: x, y, hp, hp max, hidden, out at +0 … +5
        pos = game.pos
        if pos != kept.pos:
            self._nodes()
            old, node_x, node_y = kept.pos, self._xs, self._ys
            for f, node in enumerate(pos):
                if node != old[f]:
                    row = rows[f]
                    out[row] = node_x[node]
                    out[row + 1] = node_y[node]
            kept.pos = pos.copy()
        figures = False
        hp = game.hp
        if hp != kept.hp:
            old = kept.hp
            for f, points in enumerate(hp):
                if points != old[f]:
                    # a float64 quotient rounded to float32: the bits of encode()'s float32 one
                    row = rows[f]
                    out[row + 2] = points / _HP
            kept.hp = hp.copy()
            figures = True
        hidden = game.hidden
        if hidden != kept.hidden:
            _flags(out, rows, 4, hidden)
            kept.hidden = hidden.copy()
        gone = game.out
        if gone != kept.gone:
            _flags(out, rows, 5, gone)
            kept.gone = gone.copy()
            figures = True
        phase = game.phase
        if phase != kept.phase:
            out[self.phase + kept.phase] = 0
            out[self.phase + phase] = 1
            if phase == _OVER or kept.phase == _OVER:
                figures = True
            kept.phase = phase
        self._numbers(game, seat, kept, figures)
        pending = game.pending if phase == 3 else None
        if pending != kept.pending:
            kept.out[self.attack : self.attack_end] = 0
            if pending is not None:
                self._write_attack(kept.out, pending)
            kept.pending = pending
        return kept.out

    def kept_row(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s vector as :meth:`update` last returned it (compiled: its typed view,
        for a compiled caller that copies it into a row of its own)."""
        kept = self._kept[seat]
        if kept is None:
            raise ValueError(f"seat {seat} has no vector yet: update() it first")
        return kept.view

    def _numbers(self, game: FastGame, seat: int, kept: _Kept, figures: bool) -> None:
        """Rewrite the seats' and the table's numbers that changed (``figures``: a figure's
        hp or a figure out changed since the last update, or the game ended: may the seat
        redraw?)."""
        out = kept.view
        at = self.seats_at
        phase = game.phase
        over = phase == _OVER
        to_act = -1 if over else game.to_act
        if to_act != kept.to_act:
            self._move_mark(out, at + 4, kept.to_act, to_act)
            kept.to_act = to_act
        active = game.active
        if active != kept.active:
            self._move_mark(out, at + 3, kept.active, active)
            kept.active = active
        dealer = game.dealer
        if dealer != kept.dealer:
            self._move_mark(out, at + 2, kept.dealer, dealer)
            kept.dealer = dealer
        hands, lengths = game.hands, kept.lengths
        for s in range(self.seats):
            n = len(hands[s])
            if n != lengths[s]:
                out[at + s * 8] = n / _HP
                lengths[s] = n
        used = game.redraws_used
        if used != kept.used:
            for s, n in enumerate(used):
                out[at + s * 8 + 1] = n
            kept.used = used.copy()
            figures = True
        bids = game.bids if phase == 1 else _NO_BIDS
        if bids != kept.bids:
            for s in range(self.seats):
                out[at + s * 8 + 6] = 0
                out[at + s * 8 + 7] = 0
            values = self.values
            for s, card, _ in bids:
                out[at + s * 8 + 6] = 1.0
                out[at + s * 8 + 7] = float(values[card])
            kept.bids = bids.copy()
        at = self.table
        if game.round != kept.round:
            r = game.round
            limit = game.spec.round_limit or max(r, 1)
            out[at] = min(r / limit, 1.0)
            out[at + 1] = max(limit - r, 0) / limit
            kept.round = r
        n = len(game.dead)
        if n != kept.dead:
            out[at + 2] = n / 10
            kept.dead = n
        if game.dead_taken != kept.dead_taken:
            out[at + 3] = game.dead_taken
            kept.dead_taken = game.dead_taken
        n = len(game.draw)
        if n != kept.draw:
            figures = _pile(out, at + 4, n, kept.draw) or figures
            kept.draw = n
        n = len(game.discard)
        if n != kept.discard:
            figures = _pile(out, at + 5, n, kept.discard) or figures
            kept.discard = n
        if game.empty_cycles != kept.empty_cycles:
            out[at + 6] = game.empty_cycles / self.seats
            kept.empty_cycles = game.empty_cycles
        empty = not hands[seat]
        if figures or empty != kept.empty_hand:
            out[at + 7] = not over and game._can_redraw(seat)
            kept.empty_hand = empty

    def _keep(self, game: FastGame, seat: int) -> _Kept:
        """A fresh vector of ``seat`` and the game's values it was made of."""
        kept = _Kept()
        kept.game = game
        kept.out = kept.view = self.encode(game, seat)
        kept.hand = game.hands[seat].copy()
        kept.public = game.seen_public.copy()
        kept.private = game.seen_private[seat].copy()
        kept.pos = game.pos.copy()
        kept.hp = game.hp.copy()
        kept.hidden = game.hidden.copy()
        kept.gone = game.out.copy()
        kept.phase = game.phase
        kept.pending = game.pending if game.phase == 3 else None
        kept.to_act = -1 if game.phase == _OVER else game.to_act
        kept.active = game.active
        kept.dealer = game.dealer
        kept.lengths = list(map(len, game.hands))
        kept.empty_hand = not kept.lengths[seat]
        kept.used = game.redraws_used.copy()
        kept.bids = game.bids.copy() if game.phase == 1 else _NO_BIDS
        kept.round = game.round
        kept.dead = len(game.dead)
        kept.dead_taken = game.dead_taken
        kept.draw = len(game.draw)
        kept.discard = len(game.discard)
        kept.empty_cycles = game.empty_cycles
        return kept

    def _write_attack(
        self, out: npt.NDArray[np.float32], pending: tuple[int, int, int, int, float, str, bool]
    ) -> None:
        _, card, attacker, target, distance, cover, hidden = pending
        at = self.attack
        n = self.n
        out[at + int(self.order[attacker])] = 1
        out[at + n + int(self.order[target])] = 1
        k = at + 2 * n
        out[k + card] = 1
        k += CARDS
        out[k] = min(float(distance) / 36, 2.0)
        out[k + 1 + self.cover_at[cover]] = 1
        k += 1 + len(self.cover_at)
        out[k] = hidden

    def encode(self, game: FastGame, seat: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat`` (as ``ObservationLayout.encode(view(seat))``)."""
        out = self.static[seat].copy()
        hand = game.hands[seat]
        if hand:
            out[self.hand : self.hand + CARDS] = np.bincount(hand, minlength=CARDS)
        seen = game.seen_public + game.seen_private[seat]
        if seen:
            out[self.seen : self.seen + CARDS] = np.bincount(seen, minlength=CARDS)
        self._nodes()
        pos = game.pos
        out[self.x_at] = self.node_x[pos]
        out[self.y_at] = self.node_y[pos]
        out[self.hp_at] = np.array(game.hp, dtype=np.float32) / _HP
        out[self.hidden_at] = game.hidden
        out[self.out_at] = game.out
        seats = self.seats
        at = self.seats_at
        spec = game.spec
        over = game.phase == _OVER
        to_act = -1 if over else game.to_act
        bids = {}
        if game.phase == 1:
            for s, card, _ in game.bids:
                bids[s] = float(self.values[card])
        redraw = not over and game._can_redraw(seat)
        for s in range(seats):
            base = at + s * 8
            bid = bids.get(s)
            out[base] = len(game.hands[s]) / _HP
            out[base + 1] = game.redraws_used[s]
            out[base + 2] = game.dealer == s
            out[base + 3] = game.active == s
            out[base + 4] = to_act == s
            out[base + 5] = s == seat
            if bid is not None:
                out[base + 6] = 1.0
                out[base + 7] = bid
        at = self.table
        limit = spec.round_limit or max(game.round, 1)
        out[at] = min(game.round / limit, 1.0)
        out[at + 1] = max(limit - game.round, 0) / limit
        out[at + 2] = len(game.dead) / 10
        out[at + 3] = game.dead_taken
        out[at + 4] = len(game.draw) / 100
        out[at + 5] = len(game.discard) / 100
        out[at + 6] = game.empty_cycles / seats
        out[at + 7] = redraw
        out[self.phase + game.phase] = 1
        pending = game.pending
        if pending is not None and game.phase == 3:
            self._write_attack(out, pending)
        return out


class _Kept:
    """One seat's kept vector and the game's values it shows (:meth:`FastObserver.update`)."""

    __slots__ = (
        "active",
        "bids",
        "dead",
        "dead_taken",
        "dealer",
        "discard",
        "draw",
        "empty_cycles",
        "empty_hand",
        "game",
        "gone",
        "hand",
        "hidden",
        "hp",
        "lengths",
        "out",
        "pending",
        "phase",
        "pos",
        "private",
        "public",
        "round",
        "to_act",
        "used",
        "view",
    )

    game: FastGame
    out: npt.NDArray[np.float32]
    hand: list[int]
    public: list[int]
    private: list[int]
    pos: list[int]
    hp: list[int]
    hidden: list[bool]
    gone: list[bool]
    phase: int
    pending: tuple[int, int, int, int, float, str, bool] | None
    to_act: int
    active: int
    dealer: int
    lengths: list[int]
    empty_hand: bool
    used: list[int]
    view: npt.NDArray[np.float32]
    """``out`` again (compiled: a typed view of it, kept so that it is made once)."""
    bids: list[tuple[int, int, int]]
    round: int
    dead: int
    dead_taken: bool
    draw: int
    discard: int
    empty_cycles: int


_NO_BIDS: list[tuple[int, int, int]] = []
_NO_CARDS: list[int] = []


def _count(out: npt.NDArray[np.float32], at: int, first: list[int], second: list[int]) -> None:
    """Write the counts of the cards of ``first`` and ``second`` to ``out[at:at + CARDS]``."""
    for i in range(CARDS):
        out[at + i] = 0
    for c in first:
        out[at + c] += 1
    for c in second:
        out[at + c] += 1


def _flags(out: npt.NDArray[np.float32], rows: list[int], at: int, flags: list[bool]) -> None:
    """Write each figure's flag of ``flags`` (hidden, out) at ``at`` in its row."""
    for f, flag in enumerate(flags):
        row = rows[f]
        out[row + at] = flag


def _pile(out: npt.NDArray[np.float32], at: int, n: int, old: int) -> bool:
    """Write a pile's size ``n`` (it was ``old``) at ``at``; True when the pile ran empty or
    was refilled (whether the seat may redraw may have changed)."""
    out[at] = n / 100
    return not n or not old


def _recount(out: npt.NDArray[np.float32], at: int, old: list[int], new: list[int]) -> bool:
    """Turn the counts of the cards ``old`` at ``out[at:]`` into those of ``new`` if one
    card was taken out or cards were added at the end; False (nothing written) else."""
    n = len(new)
    if n == len(old) - 1:
        i = 0
        while i < n and new[i] == old[i]:
            i += 1
        if new[i:] == old[i + 1 :]:
            out[at + old[i]] -= 1
            return True
    elif n > len(old) and new[: len(old)] == old:
        for c in new[len(old) :]:
            out[at + c] += 1
        return True
    return False
