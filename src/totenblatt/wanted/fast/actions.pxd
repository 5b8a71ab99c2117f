# The compiled build's types for actions.py (Cython reads this file beside the source,
# Python never does): the table's numbers in a C struct.

cdef class ActionTable:
    cdef public tuple own
    cdef public list slot
    cdef public Py_ssize_t own_max, figures, destinations, bid, defend, attack, move
    cdef public Py_ssize_t nobody, redraw, reveal, partial, cover, tempt, keep, queen, size
    cdef public Py_ssize_t wbid, wdefend, wattack, wmove, wnobody, queen_codes, wild_max
    cdef public Py_ssize_t hands, whands, pswap
    cdef public bint per_character
    cdef public tuple wild_own
    cdef public list wild_slot

    cpdef Py_ssize_t move_base(self, Py_ssize_t card_way, Py_ssize_t slot)
    cpdef Py_ssize_t wmove_base(self, Py_ssize_t suit, Py_ssize_t slot)
    cpdef Py_ssize_t wattack_id(self, Py_ssize_t slot, Py_ssize_t target, Py_ssize_t suit)
    cpdef Py_ssize_t attack_id(self, Py_ssize_t slot, Py_ssize_t target, Py_ssize_t card_way)
    cpdef Py_ssize_t bid_id(self, Py_ssize_t card_way, Py_ssize_t hand=*)
    cpdef Py_ssize_t nobody_id(self, Py_ssize_t card_way, Py_ssize_t hand=*)
    cpdef Py_ssize_t redraw_id(self, Py_ssize_t card, Py_ssize_t hand, Py_ssize_t payer)
    cpdef Py_ssize_t partial_id(self, Py_ssize_t kept, Py_ssize_t hand=*)
