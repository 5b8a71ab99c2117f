"""The round (A3-A13) as transitions of a :class:`GameState`: deal, swap, bid, act, defend, end.

``perform`` applies a checked action for the seat to act; ``settle`` then passes
for every seat that has no choice, so the seat left to act always has one.
"""

from __future__ import annotations

from totenblatt.cards import Card
from totenblatt.wanted.engine.abilities import (
    attacker_abilities,
    bid_bonus,
    defender_abilities,
    keep,
    nine_lives,
    tempt_fate,
)
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Keep,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
)
from totenblatt.wanted.engine.checks import (
    bid_value,
    can_swap,
    has_choice,
    holds_playable,
    range_modifier,
    target_cover,
)
from totenblatt.wanted.engine.clubs import club_inches, move_bonus
from totenblatt.wanted.engine.events import (
    AttackDeclared,
    AttackResolved,
    BidPassed,
    BidPlaced,
    CardRedrawn,
    CardsDealt,
    Conceded,
    DeckShuffled,
    DefencePlayed,
    FigureHandDealt,
    FigureMove,
    FigureOut,
    FigureRevealed,
    FiguresMoved,
    GameEnded,
    HandDealt,
    HandDiscarded,
    HpGained,
    InitiativeWon,
    NothingPlayed,
    RedrawPaid,
    RoundEnded,
    RoundStarted,
    SeatOut,
    SwapDeclined,
    Wounded,
)
from totenblatt.wanted.engine.heroes import holder_size, perform_swap
from totenblatt.wanted.engine.state import Figure, GameState, PendingAttack, Phase
from totenblatt.wanted.rules import MISS

__all__ = ["perform", "settle", "start_round"]


# -- the round -----------------------------------------------------------------------


def start_round(st: GameState) -> None:
    """A3.1-3: shuffle (D-3), deal the hands and the dead man's hand, open the swap."""
    st.round += 1
    st.events.append(RoundStarted(st.round, st.dealer))
    if st.round == 1 or st.ruleset.cards.reshuffle == "every_round":
        st.gather_and_shuffle()
        st.events.append(DeckShuffled(len(st.draw_pile)))
    sizes = [0] * st.seats
    for seat in st.round_from(st.dealer + 1):
        for holder in st.holders[seat]:  # D-5: one hand per seat, or per figure
            st.hands[holder] = st.draw(holder_size(st, holder))
            sizes[seat] += len(st.hands[holder])
    st.dead_hand = st.draw(st.ruleset.round.dead_hand_size)
    st.dead_taken = False
    st.events.append(CardsDealt(tuple(sizes), len(st.dead_hand)))
    for seat in st.round_from(st.dealer + 1):
        if not st.per_character:
            st.events.append(HandDealt(seat, tuple(st.hands[seat])))
            continue
        for holder in st.holders[seat]:
            fig = st.figures[holder]
            if not fig.out:
                st.events.append(FigureHandDealt(seat, fig.name, tuple(st.hands[holder])))
    st.redraws_used = [0] * st.seats
    st.active = st.dealer
    st.first_cycle = True
    st.empty_cycles = 0
    st.phase = Phase.SWAP
    st.swap_order = st.round_from(st.dealer) if st.dead_hand else []
    st.swap_order = [s for s in st.swap_order if _swappable(st, s)]
    _next_swapper(st)


def _swappable(st: GameState, seat: int) -> bool:
    st.swap_order.insert(0, seat)
    ok = can_swap(st, seat)
    st.swap_order.pop(0)
    return ok


def _next_swapper(st: GameState) -> None:
    if st.swap_order and not st.dead_taken:
        st.phase = Phase.SWAP
        st.to_act = st.swap_order[0]
    else:
        st.swap_order = []
        _begin_cycle(st)


def _anyone_can_play(st: GameState) -> bool:
    """D-8: does any seat still hold a club, spade or diamond (or a joker, or a wild 2)?"""
    return any(holds_playable(st, seat) for seat in st.seats_in_game())


def _begin_cycle(st: GameState) -> None:
    """A4: bidding starts with the current active player and goes round the table."""
    if not _anyone_can_play(st):
        _end_round(st, "no_playable_cards")
        return
    st.bid_order = st.round_from(st.active)
    st.bids = []
    st.cycle_played = False
    st.phase = Phase.BID
    st.to_act = st.bid_order[0]


def _next_bidder(st: GameState) -> None:
    if st.bid_order:
        st.to_act = st.bid_order[0]
        return
    if st.bids:
        best_seat, best_card, best = st.bids[0]
        for seat, card, value in st.bids[1:]:  # D-10: the first of equal bids wins
            if value > best:
                best_seat, best_card, best = seat, card, value
        seat, won_with = best_seat, best_card
    elif (
        st.first_cycle
        and st.ruleset.initiative.dealer_acts_first_without_bids
        and st.in_game(st.dealer)
    ):
        seat, won_with = st.dealer, None  # D-35 option
    else:
        seat, won_with = st.round_from(st.active + 1)[0], None  # A4, D-35
    st.first_cycle = False
    st.active = seat
    st.events.append(InitiativeWon(seat, won_with))
    st.phase = Phase.ACTION
    st.to_act = seat


def _end_cycle(st: GameState) -> None:
    """D-8: count cycles in which no card was played; enough of them end the round."""
    if st.phase is Phase.OVER:
        return
    st.empty_cycles = 0 if st.cycle_played else st.empty_cycles + 1
    if st.empty_cycles >= len(st.seats_in_game()):
        _end_round(st, "no_card_played")
    else:
        _begin_cycle(st)


def _hand_points(st: GameState, seat: int) -> int:
    joker = st.ruleset.round.joker_hand_points
    return sum(joker if c.is_joker else st.ruleset.card_value(c) for c in st.seat_cards(seat))


def _end_round(st: GameState, reason: str) -> None:
    """A3.6, D-9: most points in hand deals next; every hand card is discarded."""
    order = st.round_from(st.dealer + 1)
    points: list[int | None] = [None] * st.seats
    next_dealer = order[0] if order else st.dealer
    best = -1
    for seat in order:
        value = points[seat] = _hand_points(st, seat)
        if value > best:
            best, next_dealer = value, seat
    for seat in range(st.seats):
        for holder in st.holders[seat]:
            st.discard(st.hands[holder], face_up=False, seat=seat)
            st.hands[holder] = []
    st.discard(st.dead_hand, face_up=False)
    st.dead_hand = []
    st.events.append(RoundEnded(st.round, reason, tuple(points), next_dealer))
    limit = st.round_limit
    if limit and st.round >= limit:
        _end_by_hp(st)
        return
    st.dealer = next_dealer
    start_round(st)


# -- end of the game -------------------------------------------------------------------


def _seat_hp(st: GameState) -> tuple[int, ...]:
    hp = [0] * st.seats
    for f in st.figures:
        if not f.out:
            hp[f.seat] += f.hp
    return tuple(hp)


def _end_game(st: GameState, winning_team: int | None, reason: str) -> None:
    st.phase = Phase.OVER
    st.to_act = None
    st.pending = None
    st.winners = (
        ()
        if winning_team is None
        else tuple(s for s in range(st.seats) if st.teams[s] == winning_team)
    )
    st.end_reason = reason
    st.events.append(GameEnded(st.winners, reason, _seat_hp(st)))


def _check_victory(st: GameState, reason: str = "last_side_standing") -> bool:
    """D-22: last side standing (``reason`` says how the others left)."""
    teams = {st.teams[s] for s in st.seats_in_game()}
    if len(teams) > 1:
        return False
    _end_game(st, teams.pop() if teams else None, reason)
    return True


def _end_by_hp(st: GameState) -> None:
    """D-22: after the round limit the team with more total HP wins; equal is a draw."""
    seat_hp = _seat_hp(st)
    team_hp: dict[int, int] = {}
    for seat in st.seats_in_game():
        team_hp[st.teams[seat]] = team_hp.get(st.teams[seat], 0) + seat_hp[seat]
    best = max(team_hp.values(), default=0)
    leaders = [t for t, hp in team_hp.items() if hp == best]
    _end_game(st, leaders[0] if len(leaders) == 1 else None, "round_limit")


def _leave(st: GameState, seat: int, reason: str) -> None:
    cards = st.seat_cards(seat)
    st.discard(cards, face_up=False, seat=seat)
    st.events.append(HandDiscarded(seat, len(cards)))
    for holder in st.holders[seat]:
        st.hands[holder] = []
    st.events.append(SeatOut(seat, reason))


def _take_out(st: GameState, fig: Figure, killer: Figure | None) -> None:
    """A11: the figure is out (per character its hand goes too); a seat without figures leaves."""
    st.take_out(fig)
    st.events.append(FigureOut(fig.name, fig.seat, killer.name if killer else None))
    if st.per_character:
        holder = st.index[fig.name]
        st.discard(st.hands[holder], face_up=False, seat=fig.seat)
        st.events.append(HandDiscarded(fig.seat, len(st.hands[holder]), fig.name))
        st.hands[holder] = []
    if not st.conceded[fig.seat] and not st.living(fig.seat):
        _leave(st, fig.seat, "eliminated")


# -- attacks ---------------------------------------------------------------------------


def _resolve(st: GameState, pending: PendingAttack, defence: Defend | None) -> None:
    """A8-A11: resolve with ``resolve_attack``, apply wounds one at a time, reward the killer.

    A figure with Nine Lives that would be taken out draws against its killer
    (D-24); when it stays in, the attack's remaining wounds are spent.
    """
    from totenblatt.wanted.combat import resolve_attack

    st.pending = None
    attacker = st.by_name[pending.attacker]
    target = st.by_name[pending.target]
    att_abilities = attacker_abilities(attacker, wild=pending.wild)
    heart = extra = None
    def_abilities: tuple[str, ...] = ()
    if defence is not None:
        heart, extra = defence.card, defence.extra
        def_abilities = defender_abilities(
            target, covers=defence.covers, extra=extra is not None, wild=defence.wild
        )
    result = resolve_attack(
        pending.card,
        weapon=attacker.weapon,
        distance=pending.distance,
        defense=heart,
        cover=pending.cover,
        attacker_abilities=att_abilities,
        defender_abilities=def_abilities,
        extra_defense=extra,
        ruleset=st.ruleset,
    )
    st.events.append(
        AttackResolved(
            pending.attacker,
            pending.target,
            pending.card,
            attacker.weapon,
            pending.distance,
            heart,
            pending.cover,
            att_abilities,
            def_abilities,
            result.attack_value,
            result.defense_value,
            result.difference,
            result.base_wounds,
            result.extra_wounds,
            result.wounds,
            result.hit,
            str(result.reason),
            extra,
        )
    )
    for _ in range(result.wounds):
        if target.hp > 0:
            target.hp -= 1
            st.events.append(Wounded(target.name, target.hp))
            continue
        if nine_lives(st, target, attacker):
            break
        _take_out(st, target, attacker)
        reward = st.ruleset.hp.killer_reward
        if reward:
            gain = reward
            if st.ruleset.hp.cap_hp_at_max:  # D-4
                gain = max(0, min(reward, attacker.hp_max - attacker.hp))
            attacker.hp += gain
            st.events.append(HpGained(attacker.name, gain, attacker.hp))
        break
    if not _check_victory(st):
        _end_cycle(st)


def _attack(st: GameState, seat: int, action: Attack) -> None:
    attacker = st.by_name[action.attacker]
    target = st.by_name[action.target]
    distance, _ = st.geo.sight(attacker.pos, target.pos)
    cover = target_cover(st, attacker, target)
    pending = PendingAttack(
        seat,
        action.card,
        action.attacker,
        action.target,
        distance,
        cover.value,
        target.hidden,
        action.wild,
    )
    st.events.append(
        AttackDeclared(
            seat,
            action.card,
            action.attacker,
            action.target,
            attacker.weapon,
            distance,
            cover.value,
            target.hidden,
            action.wild,
        )
    )
    if range_modifier(st, attacker, distance) == MISS:
        _resolve(st, pending, None)  # D-14 option: a sure miss needs no heart
        return
    st.pending = pending
    st.phase = Phase.DEFEND
    st.to_act = target.seat


# -- applying an action ----------------------------------------------------------------


def _play(st: GameState, holder: int, *cards: Card) -> None:
    for card in cards:
        st.hands[holder].remove(card)
    st.discard(cards, face_up=True)  # D-34


def perform(st: GameState, seat: int, action: Action, costs: tuple[float, ...] = ()) -> None:
    """Apply a checked ``action`` of the seat to act (``costs``: the move's step costs)."""
    phase = st.phase
    if isinstance(action, Redraw):
        _redraw(st, seat, action)
    elif isinstance(action, Reveal):
        st.by_name[action.figure].hidden = False
        st.events.append(FigureRevealed(seat, action.figure))
    elif isinstance(action, Concede):
        _concede(st, seat)
    elif isinstance(action, TemptFate):
        tempt_fate(st, seat, action.card, action.figure)
    elif isinstance(action, Keep):
        keep(st, seat, action.card)
    elif isinstance(action, Swap):
        perform_swap(st, seat, action)
        st.swap_order = []
        _begin_cycle(st)
    elif isinstance(action, Bid):
        _play(st, st.holder(seat, action.figure), action.card)
        value = bid_value(st, seat, action.card, action.wild)
        st.bids.append((seat, action.card, value))
        st.cycle_played = True
        bonus = 0 if action.wild or action.card.is_joker else bid_bonus(st, seat)
        st.events.append(BidPlaced(seat, action.card, action.wild, bonus))
        st.bid_order.pop(0)
        _next_bidder(st)
    elif isinstance(action, Move):
        mover = action.figure or (action.steps[0].figure if action.steps else None)
        _play(st, st.holder(seat, mover), action.card)
        moves = []
        for step, cost in zip(action.steps, costs, strict=True):
            fig = st.by_name[step.figure]
            path = tuple((float(x), float(y)) for x, y in step.path)
            fig.pos = path[-1]
            fig.hidden = step.hide  # D-13: moving ends hiding unless declared again
            moves.append(FigureMove(step.figure, path, cost, step.hide))
        st.cycle_played = True
        inches = club_inches(st, action.card, action.wild)
        bonus = move_bonus(st, action)
        st.events.append(FiguresMoved(seat, action.card, inches, tuple(moves), action.wild, bonus))
        _end_cycle(st)
    elif isinstance(action, Attack):
        _play(st, st.holder(seat, action.attacker), action.card)
        st.cycle_played = True
        _attack(st, seat, action)
    elif isinstance(action, Defend):
        assert st.pending is not None
        target = st.by_name[st.pending.target]
        extra = () if action.extra is None else (action.extra,)
        _play(st, st.holder(seat, target.name), action.card, *extra)
        target.spent += action.covers
        covers = tuple(a.value for a in action.covers)
        st.events.append(DefencePlayed(seat, action.card, covers, action.extra, action.wild))
        _resolve(st, st.pending, action)
    elif isinstance(action, Pass):
        _pass(st, seat, phase)


def _pass(st: GameState, seat: int, phase: Phase) -> None:
    if phase is Phase.SWAP:
        st.events.append(SwapDeclined(seat))
        st.swap_order.pop(0)
        _next_swapper(st)
    elif phase is Phase.BID:
        st.events.append(BidPassed(seat))
        st.bid_order.pop(0)
        _next_bidder(st)
    elif phase is Phase.ACTION:
        st.events.append(NothingPlayed(seat))
        _end_cycle(st)
    elif phase is Phase.DEFEND:
        st.events.append(DefencePlayed(seat, None))
        assert st.pending is not None
        _resolve(st, st.pending, None)


def _redraw(st: GameState, seat: int, action: Redraw) -> None:
    """A3.4, D-7; per character the card comes from (and goes to) the payer's hand."""
    payer = st.by_name[action.payer]
    cost = st.ruleset.round.redraw_cost
    payer.hp -= cost
    st.redraws_used[seat] += 1
    st.events.append(RedrawPaid(seat, payer.name, cost, payer.hp))
    drawn = st.draw(1)[0]
    hand = st.hands[st.holder(seat, payer.name)]
    hand.remove(action.card)
    st.discard((action.card,), face_up=False, seat=seat)
    hand.append(drawn)
    st.events.append(CardRedrawn(seat, action.card, drawn))


def _concede(st: GameState, seat: int) -> None:
    """A13: the seat's figures leave (no killer); the decision at hand passes on."""
    if st.fate is not None:  # the two cards drawn go with the rest of the hand
        st.phase, st.fate = st.fate.resume, None
    phase = st.phase
    st.events.append(Conceded(seat))
    st.conceded[seat] = True
    for fig in st.living(seat):
        _take_out(st, fig, None)
    _leave(st, seat, "conceded")
    if _check_victory(st, "concession") or st.to_act != seat:
        return
    if phase is Phase.SWAP:
        st.swap_order.pop(0)
        _next_swapper(st)
    elif phase is Phase.BID:
        st.bid_order.pop(0)
        _next_bidder(st)
    else:
        st.pending = None
        _end_cycle(st)


def settle(st: GameState) -> None:
    """Pass for every seat to act that has nothing else to do (no choice but pass or concede)."""
    while st.phase is not Phase.OVER and st.to_act is not None and not has_choice(st, st.to_act):
        perform(st, st.to_act, Pass())
