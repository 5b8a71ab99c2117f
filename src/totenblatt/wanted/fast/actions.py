"""The fixed action table of one scenario: every action of the fast path is one integer.

Blocks, in order (``W`` = 14 card ways: a card's rank 2 … ace as 0-12, the joker 13;
``K`` = the most figures one seat has; ``F`` = figures; ``D`` = the board's destinations):

========== ===================== ================================================
block       size                  one id per
========== ===================== ================================================
pass        1
concede     1
swap        1                     the whole hand for the dead man's hand
bid         W × H                 diamond (or joker) way × own hand
defend      W                     heart (or joker) way
attack      K × F × W             own attacker × target × spade way
move        W × K × D × 2         club way × own mover × destination × hidden
nobody      W × H                 the club played, nobody moved × own hand
redraw      53 × H × K            card × own hand × own paying figure
reveal      K                     own figure
partial     5 × H (or 0)          D-27 partial swap: the k weakest cards, or keeping a suit
cover       W × 64 (or 0)         B1 Cover: heart way × the Cover uses spent on it
tempt       53 × K (or 0)         B1 Tempt Fate: card given × own figure
keep        53 (or 0)             B1 Tempt Fate: the card kept
queen       W × Q × 52 (or 0)     B1 Queen of Hearts: heart way × Cover code × extra card
wbid        4 × H (or 0)          B1 Wild 2: a 2 (by its suit) bid as a joker × own hand
wdefend     4 (or 0)              … played as a joker in defence
wattack     V × F × 4 (or 0)      … own attacker with Wild 2 × target × the 2's suit
wmove       4 × V × D × 2 (or 0)  … the 2's suit × own mover with Wild 2 × destination × hidden
wnobody     4 × G (or 0)          … the 2 played as a joker's club, nobody moved
pswap       K (or 0)              per character (D-5): own figure's whole hand swapped
========== ===================== ================================================

``H`` is 1 with one hand per player (D-5 ``per_player``: the seat's hand, slot 0) and ``K``
per character (the hand of own figure slot k); ``G`` likewise 1 or ``V`` (the wild slot of
the figure whose 2 it is). A per-character redraw names the hand the card leaves and the
figure paying for it; a swap the figure whose hand it is (``pswap``, or ``partial``).

The blocks from ``partial`` on are there only when a figure of the scenario needs them (a hero with
a partial swap, a Cover ability, Tempt Fate), so a game without them has the table it had.
A Cover id's 64 codes are ``n1 + 4 n2 + 16 n3``: how many uses of Cover 1, 2 and 3 the
heart takes (at most 3 of each; code 0 is the plain ``defend`` id); ``Q`` is 64 where a figure
with Queen of Hearts also has Cover, else 1. ``V`` = the most figures with Wild 2 one seat
has (a wild slot: the figure's place among its seat's figures with Wild 2).

"Own" figures are the seat's figures in scenario order (slot 0, 1, …). A move's
shadow in the reference engine is ``Move(card, (MoveStep(figure, path, hide),))``
with the board's path: :meth:`ActionTable.shadow` builds every shadow.
"""

from __future__ import annotations

from typing import Any, Protocol

from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.actions import Action, MoveStep
from totenblatt.wanted.fast.cards import CARDS, CLUBS, DIAMONDS, HEARTS, JOKER, SPADES
from totenblatt.wanted.vocab import Ability


class FastGame(Protocol):
    """What a shadow reads of a fast game (:class:`~totenblatt.wanted.fast.game.FastGame`)."""

    to_act: int
    pos: list[int]

    def partial_cards(self, seat: int, kept: int, holder: int = -1) -> list[int]: ...

    @property
    def spec(self) -> Any: ...


__all__ = ["COVER_CODES", "KEPT", "WAYS", "ActionTable"]

WAYS = 14
"""Card ways: ranks 2 … ace (0-12) of the role's suit, and the joker (13)."""

PASS, CONCEDE, SWAP = 0, 1, 2
KEPT = 5
"""Partial swaps: the k weakest cards (0), or the k weakest keeping clubs … diamonds (1-4)."""
COVER_CODES = 64
"""Cover choices per heart way: ``n1 + 4 n2 + 16 n3`` uses of Cover 1, 2, 3 (0-3 each)."""


class ActionTable:
    """The integer ids of one scenario's actions (see the module docstring)."""

    def __init__(
        self,
        seat_figures: tuple[tuple[int, ...], ...],
        figures: int,
        destinations: int,
        *,
        partial: bool = False,
        cover: bool = False,
        tempt: bool = False,
        queen: int = 0,
        wild: tuple[tuple[int, ...], ...] = (),
        per_character: bool = False,
    ):
        self.own = seat_figures
        """Per seat: its figures' indices in scenario order (slot k is ``own[seat][k]``)."""
        self.slot = [0] * figures
        for members in seat_figures:
            for k, f in enumerate(members):
                self.slot[f] = k
        self.own_max = k_max = max((len(m) for m in seat_figures), default=1) or 1
        self.figures = figures
        self.destinations = destinations
        self.per_character = per_character
        """D-5: every figure holds its own hand (the ids name the hand, slot ``h``)."""
        self.hands = hk = k_max if per_character else 1
        """Hands per seat in the ids (``H``): 1 per player, ``K`` per character."""
        self.bid = 3
        self.defend = self.bid + WAYS * hk
        self.attack = self.defend + WAYS
        self.move = self.attack + k_max * figures * WAYS
        self.nobody = self.move + WAYS * k_max * destinations * 2
        self.redraw = self.nobody + WAYS * hk
        self.reveal = self.redraw + 53 * hk * k_max
        self.partial = self.reveal + k_max
        self.cover = self.partial + (KEPT * hk if partial else 0)
        self.tempt = self.cover + (WAYS * COVER_CODES if cover else 0)
        self.keep = self.tempt + (53 * k_max if tempt else 0)
        self.queen = self.keep + (53 if tempt else 0)
        self.queen_codes = queen or 1
        """Cover codes per heart way in the ``queen`` block (``queen``: 0 no block)."""
        self.wbid = self.queen + (WAYS * queen * 52)
        self.wild_own = wild
        """Per seat: its figures with Wild 2 (wild slot k is ``wild_own[seat][k]``)."""
        self.wild_slot = [0] * figures
        for members in wild:
            for k, f in enumerate(members):
                self.wild_slot[f] = k
        v_max = max((len(m) for m in wild), default=0)
        w = 4 if v_max else 0
        self.wild_max = v_max
        self.whands = hv = v_max if per_character and v_max else 1
        """Wild slots in the ``wnobody`` ids (``G``): 1 per player, ``V`` per character."""
        self.wdefend = self.wbid + w * hk
        self.wattack = self.wdefend + w
        self.wmove = self.wattack + v_max * figures * w
        self.wnobody = self.wmove + w * v_max * destinations * 2
        self.pswap = self.wnobody + w * hv
        self.size = self.pswap + (k_max if per_character else 0)
        """Number of ids: the ``n`` of a ``Discrete(n)`` action space."""

    # -- ids ---------------------------------------------------------------------------

    def move_base(self, card_way: int, slot: int) -> int:
        """The id of a move of own figure ``slot`` with ``card_way`` to destination 0, not hidden
        (destination ``j`` hidden or not: ``+ 2 * j + hide``)."""
        return self.move + (card_way * self.own_max + slot) * self.destinations * 2

    def wmove_base(self, suit: int, slot: int) -> int:
        """The id of a move of the seat's figure of wild slot ``slot`` by a 2 of ``suit``
        played as a joker (B1 Wild 2) to destination 0, not hidden (as :meth:`move_base`)."""
        return self.wmove + (suit * self.wild_max + slot) * self.destinations * 2

    def wattack_id(self, slot: int, target: int, suit: int) -> int:
        """The id of the seat's figure of wild slot ``slot`` shooting ``target`` with a 2 of
        ``suit`` played as a joker (B1 Wild 2)."""
        return self.wattack + (slot * self.figures + target) * 4 + suit

    def bid_id(self, card_way: int, hand: int = 0) -> int:
        """The id of a bid with ``card_way`` from own hand ``hand`` (slot; 0 per player)."""
        return self.bid + card_way * self.hands + hand

    def nobody_id(self, card_way: int, hand: int = 0) -> int:
        """The id of a club of ``card_way`` from own hand ``hand`` moving nobody."""
        return self.nobody + card_way * self.hands + hand

    def redraw_id(self, card: int, hand: int, payer: int) -> int:
        """The id of a redraw of ``card`` from own hand ``hand`` paid by own figure ``payer``."""
        return self.redraw + (card * self.hands + hand) * self.own_max + payer

    def partial_id(self, kept: int, hand: int = 0) -> int:
        """The id of a partial swap (``kept``: see :data:`KEPT`) of own hand ``hand``."""
        return self.partial + kept * self.hands + hand

    def attack_id(self, slot: int, target: int, card_way: int) -> int:
        """The id of own figure ``slot`` shooting figure ``target`` with ``card_way``."""
        return self.attack + (slot * self.figures + target) * WAYS + card_way

    def kind(self, action: int) -> str:
        """The block's name of ``action`` (``pass``, ``move`` …)."""
        for name, start in (
            ("pswap", self.pswap),
            ("wnobody", self.wnobody),
            ("wmove", self.wmove),
            ("wattack", self.wattack),
            ("wdefend", self.wdefend),
            ("wbid", self.wbid),
            ("queen", self.queen),
            ("keep", self.keep),
            ("tempt", self.tempt),
            ("cover", self.cover),
            ("partial", self.partial),
            ("reveal", self.reveal),
            ("redraw", self.redraw),
            ("nobody", self.nobody),
            ("move", self.move),
            ("attack", self.attack),
            ("defend", self.defend),
            ("bid", self.bid),
        ):
            if action >= start:
                if action >= self.size:
                    raise ValueError(f"action {action} is outside 0 to {self.size - 1}")
                return name
        if action < 0:
            raise ValueError(f"action {action} is outside 0 to {self.size - 1}")
        return ("pass", "concede", "swap")[action]

    def decode_move(self, action: int) -> tuple[int, int, int, int]:
        """(card way, own slot, destination, hide) of a move id."""
        rest, hide = divmod(action - self.move, 2)
        rest, dest = divmod(rest, self.destinations)
        card_way, slot = divmod(rest, self.own_max)
        return card_way, slot, dest, hide

    def decode_attack(self, action: int) -> tuple[int, int, int]:
        """(own slot, target figure, card way) of an attack id."""
        rest, card_way = divmod(action - self.attack, WAYS)
        slot, target = divmod(rest, self.figures)
        return slot, target, card_way

    # -- shadows -----------------------------------------------------------------------

    def shadow(self, game: FastGame, action: int) -> Action:
        """The reference engine's action that ``action`` stands for now in ``game``."""
        seat = game.to_act
        names = game.spec.names
        kind = self.kind(action)
        pc = self.per_character
        if kind in ("pass", "concede", "swap"):
            return (act.Pass(), act.Concede(), act.Swap())[action]
        if kind == "bid":
            card_way, hand = divmod(action - self.bid, self.hands)
            return act.Bid(CARDS[_card(card_way, DIAMONDS)], False, self._owner(seat, hand, names))
        if kind == "defend":
            return act.Defend(CARDS[_card(action - self.defend, HEARTS)])
        if kind == "attack":
            slot, target, card_way = self.decode_attack(action)
            attacker = self.own[seat][slot]
            return act.Attack(CARDS[_card(card_way, SPADES)], names[attacker], names[target])
        if kind == "move":
            card_way, slot, dest, hide = self.decode_move(action)
            return self._move(game, CARDS[_card(card_way, CLUBS)], self.own[seat][slot], dest, hide)
        if kind == "nobody":
            card_way, hand = divmod(action - self.nobody, self.hands)
            club = CARDS[_card(card_way, CLUBS)]
            return act.Move(club, (), False, self._owner(seat, hand, names))
        if kind == "redraw":
            rest, slot = divmod(action - self.redraw, self.own_max)
            card, hand = divmod(rest, self.hands)
            payer = names[self.own[seat][slot]]
            owner = self._owner(seat, hand, names)
            return act.Redraw(CARDS[card], payer, None if owner == payer else owner)
        if kind == "reveal":
            return act.Reveal(names[self.own[seat][action - self.reveal]])
        if kind == "partial":
            kept, hand = divmod(action - self.partial, self.hands)
            fig = self.own[seat][hand] if pc else -1
            given = game.partial_cards(seat, kept, fig)
            return act.Swap(tuple(CARDS[c] for c in given), self._owner(seat, hand, names))
        if kind == "pswap":
            return act.Swap((), names[self.own[seat][action - self.pswap]])
        if kind == "cover":
            card_way, code = divmod(action - self.cover, COVER_CODES)
            return act.Defend(CARDS[_card(card_way, HEARTS)], cover_abilities(code))
        if kind == "tempt":
            card, slot = divmod(action - self.tempt, self.own_max)
            return act.TemptFate(CARDS[card], names[self.own[seat][slot]])
        if kind == "keep":
            return act.Keep(CARDS[action - self.keep])
        return self._wild_shadow(game, kind, action)

    def _owner(self, seat: int, hand: int, names: tuple[str, ...]) -> str | None:
        """The figure whose hand slot ``hand`` of ``seat`` is, per character (else None)."""
        return names[self.own[seat][hand]] if self.per_character else None

    def _move(
        self, game: FastGame, card: Any, fig: int, dest: int, hide: int, wild: bool = False
    ) -> Action:
        names = game.spec.names
        path = game.spec.board.path(game.pos[fig], dest)
        step = MoveStep(names[fig], path, bool(hide))
        return act.Move(card, (step,), wild, names[fig] if self.per_character else None)

    def _wild_shadow(self, game: FastGame, kind: str, action: int) -> Action:
        """The shadows of the B1 Wild 2 and Queen of Hearts blocks."""
        seat = game.to_act
        names = game.spec.names
        if kind == "wbid":
            suit, hand = divmod(action - self.wbid, self.hands)
            return act.Bid(CARDS[13 * suit], True, self._owner(seat, hand, names))
        if kind == "wdefend":
            return act.Defend(CARDS[13 * (action - self.wdefend)], wild=True)
        if kind == "wattack":
            rest, suit = divmod(action - self.wattack, 4)
            slot, target = divmod(rest, self.figures)
            attacker = self.wild_own[seat][slot]
            return act.Attack(CARDS[13 * suit], names[attacker], names[target], True)
        if kind == "wmove":
            rest, hide = divmod(action - self.wmove, 2)
            rest, dest = divmod(rest, self.destinations)
            suit, slot = divmod(rest, self.wild_max)
            return self._move(game, CARDS[13 * suit], self.wild_own[seat][slot], dest, hide, True)
        if kind == "wnobody":
            suit, slot = divmod(action - self.wnobody, self.whands)
            owner = names[self.wild_own[seat][slot]] if self.per_character else None
            return act.Move(CARDS[13 * suit], (), True, owner)
        rest, extra = divmod(action - self.queen, 52)
        card_way, code = divmod(rest, self.queen_codes)
        heart = CARDS[_card(card_way, HEARTS)]
        return act.Defend(heart, cover_abilities(code), CARDS[extra])

    def describe(self, game: FastGame, action: int) -> str:
        """``action`` in words, e.g. ``move Billy with 7♣ to (12, 9.5)`` (for logs and tests)."""
        return repr(self.shadow(game, action))


def cover_abilities(code: int) -> tuple[Ability, ...]:
    """The Cover uses of a cover code, weakest first (as the reference engine lists them)."""
    n1, rest = code % 4, code // 4
    return (
        (Ability.COVER_1,) * n1 + (Ability.COVER_2,) * (rest % 4) + (Ability.COVER_3,) * (rest // 4)
    )


def _card(card_way: int, suit: int) -> int:
    return JOKER if card_way == 13 else suit * 13 + card_way
