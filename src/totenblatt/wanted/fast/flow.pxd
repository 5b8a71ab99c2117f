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
