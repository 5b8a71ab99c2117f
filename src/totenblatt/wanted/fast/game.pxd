# The compiled build's types for game.py (Cython reads this file beside the source,
# Python never does): a FastGame's and a Spec's fields in C structs, so that the game's
# own methods reach them without a look-up by name, and C integers in the hot loops.
cimport cython

from totenblatt.wanted.fast.actions cimport ActionTable as CActionTable
from totenblatt.wanted.fast.board cimport Board as CBoard


cdef class Spec:
    cdef public object rules, teams, names, by_name, fig_seat, fig_team, weapon, hp_max
    cdef public CBoard board
    cdef public object own, value, inches, points, hand_size, dead_size
    cdef public object redraw_cost, redraws, every_round, dealer_first, reach
    cdef public object out_of_range, reward, cap, bands, modifiers, round_limit
    cdef public object deck_orders, _resolved, start, menus
    cdef public object has_abilities, has_heroes, diamond, club, fig_bands, att_abilities
    cdef public object def_abilities, nine, extra, swap_right, uses, queen, wild, pairs_memo, crowd_memo
    cdef public object holders
    cdef public bint per_character
    cdef public CActionTable actions
    cdef public Py_ssize_t seats, n


cdef class FastGame:
    cdef public Spec spec
    cdef public object pending, winners, end_reason, rng, log, _legal, fate, pending_wild
    cdef public list uses
    cdef public object active, dealer, dead_taken, cycle_played, first_cycle
    cdef public list pos, hp, lives, hidden, out, alive, conceded, hands, draw, discard, dead
    cdef public list swap_order, bid_order, bids, redraws_used, seen_public, seen_private
    cdef public Py_ssize_t round, phase, to_act, empty_cycles, shuffles

    @cython.locals(s=Py_ssize_t)
    cpdef list seats_in_game(self)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, s=Py_ssize_t, out=list)
    cpdef list round_from(self, Py_ssize_t start)

    @cython.locals(f=Py_ssize_t)
    cpdef list living(self, Py_ssize_t seat)

    cpdef list legal_actions(self)

    @cython.locals(
        seat=Py_ssize_t, t=CActionTable, rest=Py_ssize_t, hide=Py_ssize_t, dest=Py_ssize_t,
        card_way=Py_ssize_t, slot=Py_ssize_t, fig=Py_ssize_t, target=Py_ssize_t,
        card=Py_ssize_t,
    )
    cpdef play(self, Py_ssize_t action)

    @cython.locals(
        seat=Py_ssize_t, phase=Py_ssize_t, spec=Spec, t=CActionTable, hand=list, out=list,
        c=Py_ssize_t, pc=bint, h=Py_ssize_t, p=Py_ssize_t,
        hidden=list, living=list, f=Py_ssize_t, hp=list, payers=list, base=Py_ssize_t,
        k=Py_ssize_t,
    )
    cpdef list _offers(self)

    @cython.locals(
        t=CActionTable, spades=list, clubs=list, seen=Py_ssize_t, seen_c=Py_ssize_t,
        c=Py_ssize_t, s=Py_ssize_t, way=Py_ssize_t, pairs=list, a=Py_ssize_t,
        target=Py_ssize_t, twos=list, suit=Py_ssize_t,
    )
    cpdef _action_offers(self, Py_ssize_t seat, list hand, list out, Py_ssize_t mover)

    @cython.locals(
        spec=Spec, board=CBoard, t=CActionTable, pos=list, fig_out=list, movers=list, taken=dict,
        g=Py_ssize_t, j=Py_ssize_t, menus=dict, c=Py_ssize_t, card_way=Py_ssize_t,
        offered=bint, f=Py_ssize_t, here=Py_ssize_t, base=Py_ssize_t, a=Py_ssize_t,
        n=Py_ssize_t, ids=list, club=tuple, inches=Py_ssize_t, budget=Py_ssize_t,
        k=Py_ssize_t, blocked=list, crowd=set, cuts=list, where=dict, i=Py_ssize_t,
        before=Py_ssize_t, start=Py_ssize_t, here_now=tuple,
    )
    cpdef _move_offers(self, Py_ssize_t seat, list clubs, list out, bint wild, Py_ssize_t mover=*)

    @cython.locals(
        spec=Spec, board=CBoard, out=list, hidden=list, pos=list, own=list, fig_team=tuple,
        pairs=list, a=Py_ssize_t, t=Py_ssize_t, key=tuple, kept=list,
    )
    cpdef list _attack_pairs(self, Py_ssize_t seat, bint revealed=*)

    @cython.locals(phase=Py_ssize_t, hidden=list, living=list, f=Py_ssize_t)
    cpdef bint _has_choice(self, Py_ssize_t seat)

    @cython.locals(
        phase=Py_ssize_t, t=CActionTable, c=Py_ssize_t, s=Py_ssize_t, spade=bint,
    )
    cpdef bint _card_choice(self, Py_ssize_t seat, list hand)

    cpdef _settle(self)
