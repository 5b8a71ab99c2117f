"""The fixed action table of one scenario: every action of the fast path is one integer.

Blocks, in order (``W`` = 14 card ways: a card's rank 2 … ace as 0-12, the joker 13;
``K`` = the most figures one seat has; ``F`` = figures; ``D`` = the board's destinations):

========== ===================== ================================================
block       size                  one id per
========== ===================== ================================================
pass        1
concede     1
swap        1                     the whole hand for the dead man's hand
bid         W                     diamond (or joker) way
defend      W                     heart (or joker) way
attack      K × F × W             own attacker × target × spade way
move        W × K × D × 2         club way × own mover × destination × hidden
nobody      W                     the club played, nobody moved
redraw      53 × K                card × own paying figure
reveal      K                     own figure
partial     5 (or 0)              D-27 partial swap: the k weakest cards, or keeping a suit
cover       W × 64 (or 0)         B1 Cover: heart way × the Cover uses spent on it
tempt       53 × K (or 0)         B1 Tempt Fate: card given × own figure
keep        53 (or 0)             B1 Tempt Fate: the card kept
queen       W × Q × 52 (or 0)     B1 Queen of Hearts: heart way × Cover code × extra card
wbid        4 (or 0)              B1 Wild 2: a 2 (by its suit) bid as a joker
wdefend     4 (or 0)              … played as a joker in defence
wattack     V × F × 4 (or 0)      … own attacker with Wild 2 × target × the 2's suit
wmove       4 × V × D × 2 (or 0)  … the 2's suit × own mover with Wild 2 × destination × hidden
wnobody     4 (or 0)              … the 2 played as a joker's club, nobody moved
========== ===================== ================================================

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

    def partial_cards(self, seat: int, kept: int) -> list[int]: ...

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
        self.bid = 3
        self.defend = self.bid + WAYS
        self.attack = self.defend + WAYS
        self.move = self.attack + k_max * figures * WAYS
        self.nobody = self.move + WAYS * k_max * destinations * 2
        self.redraw = self.nobody + WAYS
        self.reveal = self.redraw + 53 * k_max
        self.partial = self.reveal + k_max
        self.cover = self.partial + (KEPT if partial else 0)
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
        self.wdefend = self.wbid + w
        self.wattack = self.wdefend + w
        self.wmove = self.wattack + v_max * figures * w
        self.wnobody = self.wmove + w * v_max * destinations * 2
        self.size = self.wnobody + w
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

    def attack_id(self, slot: int, target: int, card_way: int) -> int:
        """The id of own figure ``slot`` shooting figure ``target`` with ``card_way``."""
        return self.attack + (slot * self.figures + target) * WAYS + card_way

    def kind(self, action: int) -> str:
        """The block's name of ``action`` (``pass``, ``move`` …)."""
        for name, start in (
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
        if kind == "pass":
            return act.Pass()
        if kind == "concede":
            return act.Concede()
        if kind == "swap":
            return act.Swap()
        if kind == "bid":
            return act.Bid(CARDS[_card(action - self.bid, DIAMONDS)])
        if kind == "defend":
            return act.Defend(CARDS[_card(action - self.defend, HEARTS)])
        if kind == "attack":
            slot, target, card_way = self.decode_attack(action)
            attacker = self.own[seat][slot]
            return act.Attack(CARDS[_card(card_way, SPADES)], names[attacker], names[target])
        if kind == "move":
            card_way, slot, dest, hide = self.decode_move(action)
            fig = self.own[seat][slot]
            path = game.spec.board.path(game.pos[fig], dest)
            step = MoveStep(names[fig], path, bool(hide))
            return act.Move(CARDS[_card(card_way, CLUBS)], (step,))
        if kind == "nobody":
            return act.Move(CARDS[_card(action - self.nobody, CLUBS)], ())
        if kind == "redraw":
            card, slot = divmod(action - self.redraw, self.own_max)
            return act.Redraw(CARDS[card], names[self.own[seat][slot]])
        if kind == "reveal":
            return act.Reveal(names[self.own[seat][action - self.reveal]])
        if kind == "partial":
            given = game.partial_cards(seat, action - self.partial)
            return act.Swap(tuple(CARDS[c] for c in given))
        if kind == "cover":
            card_way, code = divmod(action - self.cover, COVER_CODES)
            return act.Defend(CARDS[_card(card_way, HEARTS)], cover_abilities(code))
        if kind == "tempt":
            card, slot = divmod(action - self.tempt, self.own_max)
            return act.TemptFate(CARDS[card], names[self.own[seat][slot]])
        if kind == "keep":
            return act.Keep(CARDS[action - self.keep])
        if kind == "wbid":
            return act.Bid(CARDS[13 * (action - self.wbid)], True)
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
            fig = self.wild_own[seat][slot]
            path = game.spec.board.path(game.pos[fig], dest)
            return act.Move(CARDS[13 * suit], (MoveStep(names[fig], path, bool(hide)),), True)
        if kind == "wnobody":
            return act.Move(CARDS[13 * (action - self.wnobody)], (), True)
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
