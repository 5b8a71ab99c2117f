# The compiled build's types for game.py (Cython reads this file beside the source,
# Python never does): a FastGame's fields in a C struct, so that the game's own methods
# reach them without a look-up by name.

cdef class FastGame:
    cdef public object spec, pending, winners, end_reason, rng, log, _legal
    cdef public object active, dealer, dead_taken, cycle_played, first_cycle
    cdef public list pos, hp, hidden, out, alive, conceded, hands, draw, discard, dead
    cdef public list swap_order, bid_order, bids, redraws_used, seen_public, seen_private
    cdef public Py_ssize_t round, phase, to_act, empty_cycles, shuffles
