# The compiled build's types for flow.py (Cython reads this file beside the source,
# Python never does): a fast game's fields in a C struct, so that its own methods (and those
# of the layers built on it: effects, offers, game) reach them without a look-up by name.
cimport cython

from totenblatt.wanted.fast.spec cimport Spec


cdef class Flow:
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

    cpdef bint in_game(self, Py_ssize_t seat)
    cpdef list seat_cards(self, Py_ssize_t seat)
    @cython.locals(f=Py_ssize_t)
    cpdef bint _seat_wild(self, Py_ssize_t seat)
    @cython.locals(right=Py_ssize_t, f=Py_ssize_t)
    cpdef Py_ssize_t _swap_right(self, Py_ssize_t seat) except? -2
    cpdef Py_ssize_t _right(self, Py_ssize_t fig) except? -2
    cpdef Py_ssize_t _holder(self, Py_ssize_t seat, Py_ssize_t hand) except? -2
    @cython.locals(right=Py_ssize_t, f=Py_ssize_t)
    cpdef bint _may_swap(self, Py_ssize_t seat)
    @cython.locals(cost=Py_ssize_t, f=Py_ssize_t)
    cpdef bint _may_redraw(self, Py_ssize_t seat, object living)
    cpdef list _tempters(self, list living)
    @cython.locals(out=list)
    cpdef list _draw(self, Py_ssize_t n)
    cpdef _reshuffle_discards(self)
    cpdef _discard(self, object cards, bint face_up, Py_ssize_t seat=*)
    @cython.locals(pile=list, hand=list)
    cpdef _gather_and_shuffle(self)
    cpdef _play_card(self, Py_ssize_t holder, Py_ssize_t card)
    @cython.locals(spec=Spec, sizes=list, order=list, seat=Py_ssize_t, size=Py_ssize_t, f=Py_ssize_t)
    cpdef _start_round(self)
    cpdef _next_swapper(self)
    @cython.locals(hands=list, spec=Spec, wilds=bint, seat=Py_ssize_t, f=Py_ssize_t, c=Py_ssize_t)
    cpdef bint _anyone_can_play(self)
    cpdef _begin_cycle(self)
    cpdef _next_bidder(self)
    cpdef _end_cycle(self)
    @cython.locals(spec=Spec, order=list, seat=Py_ssize_t, best=Py_ssize_t, value=Py_ssize_t)
    cpdef _end_round(self, object reason)
    cpdef _end_game(self, object team, object reason)
    cpdef bint _check_victory(self, object reason=*)
    cpdef _take_out(self, Py_ssize_t fig, Py_ssize_t killer)


@cython.locals(i=Py_ssize_t, n=Py_ssize_t, k=Py_ssize_t, m=Py_ssize_t, r=Py_ssize_t)
cpdef shuffle(object rng, list pile)
