"""The observation vector of :mod:`~totenblatt.env.observe`, made from a fast game directly.

:class:`FastObserver` fills exactly the vector that
:meth:`ObservationLayout.encode` makes of ``Game.view(seat)`` — same segments, same
numbers (tests compare them entry by entry on the reference engine's game) — but from
a :class:`~totenblatt.wanted.fast.FastGame`'s lists, without building a view: what
never changes (who is whose ally, weapons, hero types) is laid down once per seat, the
rest is counted and written with numpy in a few vector operations.

The fast path plays the base rules (no abilities, hero types or per-character hands),
so the ``figure_hands`` and ``fate`` segments stay zero and the figures' abilities too.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from totenblatt.env.observe import ObservationLayout
from totenblatt.env.slots import CARDS
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
        board = spec.board
        self.board = board
        self._points = 0
        self.node_x = np.zeros(0, dtype=np.float32)
        self.node_y = np.zeros(0, dtype=np.float32)
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

    def _nodes(self) -> None:
        """Keep the nodes' coordinates (as fractions of the table) up to date."""
        points = self.board.points
        if len(points) != self._points:
            xy = np.array(points, dtype=np.float64)
            self.node_x = np.clip(xy[:, 0] / self.width, 0.0, 1.0).astype(np.float32)
            self.node_y = np.clip(xy[:, 1] / self.height, 0.0, 1.0).astype(np.float32)
            self._points = len(points)

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
        return out
