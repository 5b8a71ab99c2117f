"""The round (A3-A13) as transitions of a :class:`GameState`: deal, swap, bid, act, defend, end.

The effect of each kind of action (:mod:`~totenblatt.wanted.engine.kinds`) moves
the round on through these transitions: the next swapper, bidder or cycle, an
attack declared and resolved, a figure or seat out, the end of a round or game.
"""

from __future__ import annotations

from totenblatt.cards import Card
from totenblatt.wanted.engine.abilities import attacker_abilities, defender_abilities, nine_lives
from totenblatt.wanted.engine.actions import Attack, Defend
from totenblatt.wanted.engine.checks import holds_playable, may_swap, range_modifier, target_cover
from totenblatt.wanted.engine.events import (
    AttackDeclared,
    AttackResolved,
    CardsDealt,
    DeckShuffled,
    FigureHandDealt,
    FigureOut,
    GameEnded,
    HandDealt,
    HandDiscarded,
    HpGained,
    InitiativeWon,
    RoundEnded,
    RoundStarted,
    SeatOut,
    Wounded,
)
from totenblatt.wanted.engine.heroes import holder_size
from totenblatt.wanted.engine.state import Figure, GameState, PendingAttack, Phase
from totenblatt.wanted.rules import MISS

__all__ = [
    "begin_cycle",
    "check_victory",
    "declare_attack",
    "end_cycle",
    "leave",
    "next_bidder",
    "next_swapper",
    "play_cards",
    "resolve",
    "start_round",
    "take_out",
]


# -- the round -----------------------------------------------------------------------


def start_round(state: GameState) -> None:
    """A3.1-3: shuffle (D-3), deal the hands and the dead man's hand, open the swap."""
    state.round += 1
    state.events.append(RoundStarted(state.round, state.dealer))
    if state.round == 1 or state.ruleset.cards.reshuffle == "every_round":
        state.gather_and_shuffle()
        state.events.append(DeckShuffled(len(state.draw_pile)))
    sizes = [0] * state.seats
    for seat in state.round_from(state.dealer + 1):
        for holder in state.holders[seat]:  # D-5: one hand per seat, or per figure
            state.hands[holder] = state.draw(holder_size(state, holder))
            sizes[seat] += len(state.hands[holder])
    state.dead_hand = state.draw(state.ruleset.round.dead_hand_size)
    state.dead_taken = False
    state.events.append(CardsDealt(tuple(sizes), len(state.dead_hand)))
    for seat in state.round_from(state.dealer + 1):
        if not state.per_character:
            state.events.append(HandDealt(seat, tuple(state.hands[seat])))
            continue
        for holder in state.holders[seat]:
            fig = state.figures[holder]
            if not fig.out:
                state.events.append(FigureHandDealt(seat, fig.name, tuple(state.hands[holder])))
    state.redraws_used = [0] * state.seats
    state.active = state.dealer
    state.first_cycle = True
    state.empty_cycles = 0
    state.phase = Phase.SWAP
    state.swap_order = state.round_from(state.dealer) if state.dead_hand else []
    state.swap_order = [s for s in state.swap_order if may_swap(state, s)]
    next_swapper(state)


def next_swapper(state: GameState) -> None:
    """A3.3: ask the next seat in ``swap_order``, or, with nobody left to ask, start bidding."""
    if state.swap_order and not state.dead_taken:
        state.phase = Phase.SWAP
        state.to_act = state.swap_order[0]
    else:
        state.swap_order = []
        begin_cycle(state)


def _anyone_can_play(state: GameState) -> bool:
    """D-8: does any seat still hold a club, spade or diamond (or a joker, or a wild 2)?"""
    return any(holds_playable(state, seat) for seat in state.seats_in_game())


def begin_cycle(state: GameState) -> None:
    """A4: bidding starts with the current active player and goes round the table."""
    if not _anyone_can_play(state):
        _end_round(state, "no_playable_cards")
        return
    state.bid_order = state.round_from(state.active)
    state.bids = []
    state.cycle_played = False
    state.phase = Phase.BID
    state.to_act = state.bid_order[0]


def next_bidder(state: GameState) -> None:
    """A4: the next seat to bid, or the initiative decided when all have bid."""
    if state.bid_order:
        state.to_act = state.bid_order[0]
        return
    if state.bids:
        best_seat, best_card, best = state.bids[0]
        for seat, card, value in state.bids[1:]:  # D-10: the first of equal bids wins
            if value > best:
                best_seat, best_card, best = seat, card, value
        seat, won_with = best_seat, best_card
    elif (
        state.first_cycle
        and state.ruleset.initiative.dealer_acts_first_without_bids
        and state.in_game(state.dealer)
    ):
        seat, won_with = state.dealer, None  # D-35 option
    else:
        seat, won_with = state.round_from(state.active + 1)[0], None  # A4, D-35
    state.first_cycle = False
    state.active = seat
    state.events.append(InitiativeWon(seat, won_with))
    state.phase = Phase.ACTION
    state.to_act = seat


def end_cycle(state: GameState) -> None:
    """D-8: count cycles in which no card was played; enough of them end the round."""
    if state.phase is Phase.OVER:
        return
    state.empty_cycles = 0 if state.cycle_played else state.empty_cycles + 1
    if state.empty_cycles >= len(state.seats_in_game()):
        _end_round(state, "no_card_played")
    else:
        begin_cycle(state)


def _hand_points(state: GameState, seat: int) -> int:
    joker = state.ruleset.round.joker_hand_points
    return sum(joker if c.is_joker else state.ruleset.card_value(c) for c in state.seat_cards(seat))


def _end_round(state: GameState, reason: str) -> None:
    """A3.6, D-9: most points in hand deals next; every hand card is discarded."""
    order = state.round_from(state.dealer + 1)
    points: list[int | None] = [None] * state.seats
    next_dealer = order[0] if order else state.dealer
    best = -1
    for seat in order:
        value = points[seat] = _hand_points(state, seat)
        if value > best:
            best, next_dealer = value, seat
    for seat in range(state.seats):
        for holder in state.holders[seat]:
            state.discard(state.hands[holder], face_up=False, seat=seat)
            state.hands[holder] = []
    state.discard(state.dead_hand, face_up=False)
    state.dead_hand = []
    state.events.append(RoundEnded(state.round, reason, tuple(points), next_dealer))
    limit = state.round_limit
    if limit and state.round >= limit:
        _end_by_hp(state)
        return
    state.dealer = next_dealer
    start_round(state)


# -- end of the game -------------------------------------------------------------------


def _seat_hp(state: GameState) -> tuple[int, ...]:
    hp = [0] * state.seats
    for f in state.figures:
        if not f.out:
            hp[f.seat] += f.hp
    return tuple(hp)


def _end_game(state: GameState, winning_team: int | None, reason: str) -> None:
    state.phase = Phase.OVER
    state.to_act = None
    state.pending = None
    state.winners = (
        ()
        if winning_team is None
        else tuple(s for s in range(state.seats) if state.teams[s] == winning_team)
    )
    state.end_reason = reason
    state.events.append(GameEnded(state.winners, reason, _seat_hp(state)))


def check_victory(state: GameState, reason: str = "last_side_standing") -> bool:
    """D-22: last side standing (``reason`` says how the others left)."""
    teams = {state.teams[s] for s in state.seats_in_game()}
    if len(teams) > 1:
        return False
    _end_game(state, teams.pop() if teams else None, reason)
    return True


def _end_by_hp(state: GameState) -> None:
    """D-22: after the round limit the team with more total HP wins; equal is a draw."""
    seat_hp = _seat_hp(state)
    team_hp: dict[int, int] = {}
    for seat in state.seats_in_game():
        team_hp[state.teams[seat]] = team_hp.get(state.teams[seat], 0) + seat_hp[seat]
    best = max(team_hp.values(), default=0)
    leaders = [t for t, hp in team_hp.items() if hp == best]
    _end_game(state, leaders[0] if len(leaders) == 1 else None, "round_limit")


def leave(state: GameState, seat: int, reason: str) -> None:
    """The seat leaves the game (``reason``: eliminated or conceded); its cards go face down."""
    cards = state.seat_cards(seat)
    state.discard(cards, face_up=False, seat=seat)
    state.events.append(HandDiscarded(seat, len(cards)))
    for holder in state.holders[seat]:
        state.hands[holder] = []
    state.events.append(SeatOut(seat, reason))


def take_out(state: GameState, fig: Figure, killer: Figure | None) -> None:
    """A11: the figure is out (per character its hand goes too); a seat without figures leaves."""
    state.take_out(fig)
    state.events.append(FigureOut(fig.name, fig.seat, killer.name if killer else None))
    if state.per_character:
        holder = state.index[fig.name]
        state.discard(state.hands[holder], face_up=False, seat=fig.seat)
        state.events.append(HandDiscarded(fig.seat, len(state.hands[holder]), fig.name))
        state.hands[holder] = []
    if not state.conceded[fig.seat] and not state.living(fig.seat):
        leave(state, fig.seat, "eliminated")


# -- attacks ---------------------------------------------------------------------------


def resolve(state: GameState, pending: PendingAttack, defense: Defend | None) -> None:
    """A8-A11: resolve with ``resolve_attack``, apply wounds one at a time, reward the killer.

    A figure with Nine Lives that would be taken out draws against its killer
    (D-24); when it stays in, the attack's remaining wounds are spent.
    """
    from totenblatt.wanted.combat import resolve_attack

    state.pending = None
    attacker = state.by_name[pending.attacker]
    target = state.by_name[pending.target]
    att_abilities = attacker_abilities(attacker, wild=pending.wild)
    heart = extra = None
    def_abilities: tuple[str, ...] = ()
    if defense is not None:
        heart, extra = defense.card, defense.extra
        def_abilities = defender_abilities(
            target, covers=defense.covers, extra=extra is not None, wild=defense.wild
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
        ruleset=state.ruleset,
    )
    state.events.append(
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
            state.events.append(Wounded(target.name, target.hp))
            continue
        if nine_lives(state, target, attacker):
            break
        take_out(state, target, attacker)
        reward = state.ruleset.hp.killer_reward
        if reward:
            gain = reward
            if state.ruleset.hp.cap_hp_at_max:  # D-4
                gain = max(0, min(reward, attacker.hp_max - attacker.hp))
            attacker.hp += gain
            state.events.append(HpGained(attacker.name, gain, attacker.hp))
        break
    if not check_victory(state):
        end_cycle(state)


def declare_attack(state: GameState, seat: int, action: Attack) -> None:
    """A8: measure the attack and ask the target's seat for a heart (a sure miss resolves now)."""
    attacker = state.by_name[action.attacker]
    target = state.by_name[action.target]
    distance, _ = state.geo.sight(attacker.pos, target.pos)
    cover = target_cover(state, attacker, target)
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
    state.events.append(
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
    if range_modifier(state, attacker, distance) == MISS:
        resolve(state, pending, None)  # D-14 option: a sure miss needs no heart
        return
    state.pending = pending
    state.phase = Phase.DEFEND
    state.to_act = target.seat


def play_cards(state: GameState, holder: int, *cards: Card) -> None:
    """Play ``cards`` from hand ``holder``: they go face up on the discard pile (D-34)."""
    for card in cards:
        state.hands[holder].remove(card)
    state.discard(cards, face_up=True)
