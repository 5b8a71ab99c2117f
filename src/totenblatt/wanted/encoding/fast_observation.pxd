# The compiled build's types for fast_observation.py (Cython reads this file beside the
# source, Python never does): the kept numbers in C fields, the vector written through a
# typed view in update(), the rest as the source says.
cimport cython

from totenblatt.wanted.fast.game cimport FastGame as CFastGame

cdef class FastObserver:
    cdef public object layout, order, x_at, y_at, hp_at, hp_max_at, hidden_at, out_at
    cdef public object board, node_x, node_y, width, height, static, values, cover_at
    cdef public list rows, _kept
    cdef public Py_ssize_t size, hand, seen, figures, seats_at, table, phase, attack
    cdef public Py_ssize_t attack_end, per, n, seats, _points
    cdef float[::1] _xs, _ys

    cpdef _nodes(self)

    cdef _move_mark(self, float[::1] out, Py_ssize_t at, Py_ssize_t old, Py_ssize_t new)

    @cython.locals(
        kept=_Kept, out="float[::1]", node_x="float[::1]", node_y="float[::1]",
        rows=list, pos=list, hp=list, hidden=list, gone=list, old=list, public=list,
        private=list, f=Py_ssize_t, node=Py_ssize_t, row=Py_ssize_t, at=Py_ssize_t,
        n=Py_ssize_t, m=Py_ssize_t, c=Py_ssize_t, phase=Py_ssize_t, figures=bint,
    )
    cpdef update(self, CFastGame game, Py_ssize_t seat)
    @cython.locals(kept=_Kept)
    cdef float[::1] kept_row(self, Py_ssize_t seat)

    @cython.locals(
        out="float[::1]", values="float[::1]", at=Py_ssize_t, phase=Py_ssize_t,
        to_act=Py_ssize_t, active=Py_ssize_t, dealer=Py_ssize_t, s=Py_ssize_t,
        n=Py_ssize_t, r=Py_ssize_t, lengths=list, hands=list, used=list, bids=list,
        over=bint, empty=bint, card=Py_ssize_t,
    )
    cdef _numbers(self, CFastGame game, Py_ssize_t seat, _Kept kept, bint figures)


cdef class _Kept:
    cdef public object game, out, pending
    cdef public list hand, public, private, pos, hp, hidden, gone, lengths, used, bids
    cdef public Py_ssize_t phase, to_act, active, dealer, round, dead, draw, discard
    cdef public Py_ssize_t empty_cycles
    cdef public bint empty_hand, dead_taken
    cdef float[::1] view


@cython.locals(f=Py_ssize_t, row=Py_ssize_t)
cdef _flags(float[::1] out, list rows, Py_ssize_t at, list flags)


cdef bint _pile(float[::1] out, Py_ssize_t at, Py_ssize_t n, Py_ssize_t old)


@cython.locals(n=Py_ssize_t, i=Py_ssize_t, c=Py_ssize_t)
cdef bint _recount(float[::1] out, Py_ssize_t at, list old, list new)


@cython.locals(i=Py_ssize_t, c=Py_ssize_t)
cdef _count(float[::1] out, Py_ssize_t at, list first, list second)
