"""What the fast game's actions do: the kinds' effects (A3-A13, B1, D-5, D-27).

:class:`Effects` is :class:`~totenblatt.wanted.fast.flow.Flow` with the effect of every
kind of action: a pass, a swap (whole, partial, a figure's hand), a bid, an attack and its
resolution (wounds, Nine Lives, the killer's reward), a defence (Cover, Queen of Hearts),
a move, a redraw, a reveal, Tempt Fate, a concession, and the 2s played as jokers (Wild 2).
"""

from __future__ import annotations

from totenblatt.wanted.engine.events import (
    AttackDeclared,
    AttackResolved,
    BidPassed,
    BidPlaced,
    CardRedrawn,
    Conceded,
    DefensePlayed,
    FateDrawn,
    FateKept,
    FateTempted,
    FigureMove,
    FigureRevealed,
    FiguresMoved,
    HandSwapped,
    HpGained,
    NineLivesDrawn,
    NothingPlayed,
    RedrawPaid,
    SwapDeclined,
    SwapReceived,
    Wounded,
)
from totenblatt.wanted.fast.actions import COVER_CODES, cover_abilities
from totenblatt.wanted.fast.board import COVERS
from totenblatt.wanted.fast.cards import CARDS, JOKER
from totenblatt.wanted.fast.flow import (
    _HEART,
    ACTION,
    BID,
    DEFEND,
    FATE,
    JOKER_BID,
    SWAP_PHASE,
    Flow,
    _card,
)
from totenblatt.wanted.vocab import Ability

__all__ = ["Effects"]


class Effects(Flow):
    """The fast game's state with the effects of its actions (see the module docstring)."""

    # -- the extended rules' effects (B1, B2, D-27) --------------------------------------

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
            gave = tuple([CARDS[c] for c in given])
            self.log.append(SwapReceived(seat, gave, tuple([CARDS[c] for c in received])))
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
            used = tuple([a.value for a in cover_abilities(covers)])
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
