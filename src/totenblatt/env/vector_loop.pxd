# The compiled build's types for vector_loop.py (Cython reads this file beside the source,
# Python never does): the games, slots and observers as the fast path's C classes (their
# methods called without a look-up by name), the env's arrays as typed views.
cimport cython

from totenblatt.wanted.encoding.fast_observation cimport FastObserver as CFastObserver
from totenblatt.wanted.encoding.fast_slots cimport MoveSlots as CMoveSlots
from totenblatt.wanted.fast.game cimport FastGame as CFastGame


cdef class _Rows:
    cdef public CMoveSlots slots
    cdef public list observers, games
    cdef public Py_ssize_t n, size
    cdef public object obs, mask, rewards, ended, taken, chosen, count
    cdef float[:, ::1] _obs
    cdef signed char[:, ::1] _mask
    cdef double[::1] _rewards
    cdef unsigned char[::1] _ended
    cdef int[::1] _taken, _chosen, _count

    @cython.locals(ids=list, skip=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t)
    cdef Py_ssize_t _fold(self, Py_ssize_t i, CFastGame game) except -1

    @cython.locals(taken="int[::1]", at=Py_ssize_t, lo=Py_ssize_t, hi=Py_ssize_t,
                   end=Py_ssize_t, mid=Py_ssize_t)
    cdef Py_ssize_t _plays(self, Py_ssize_t i, Py_ssize_t slot) except? -2

    @cython.locals(observer=CFastObserver)
    cdef _write(self, Py_ssize_t i, CFastGame game, Py_ssize_t seat)

    @cython.locals(mask="signed char[:, ::1]", taken="int[::1]", at=Py_ssize_t,
                   n=Py_ssize_t, j=Py_ssize_t)
    cdef _mark(self, Py_ssize_t i, CFastGame game)


cdef class LearnerLoop(_Rows):
    cdef public list seats, bots
    cdef public Py_ssize_t seat_count
    cdef public object raw, at
    cdef unsigned int[::1] _raw
    cdef int[::1] _at

    @cython.locals(s=Py_ssize_t)
    cpdef start(self, Py_ssize_t i, CFastGame game, list bots)

    @cython.locals(
        rewards="double[::1]", ended="unsigned char[::1]", redeal=list,
        i=Py_ssize_t, game=CFastGame, seat=Py_ssize_t, action=Py_ssize_t,
    )
    cpdef list step(self, list actions)

    @cython.locals(k=Py_ssize_t)
    cdef _others(self, Py_ssize_t i, CFastGame game, list bots, Py_ssize_t seat)

    @cython.locals(span="unsigned long long", m="unsigned long long",
                   left="unsigned long long", threshold="unsigned long long")
    cdef Py_ssize_t _draw(self, Py_ssize_t i, Py_ssize_t seat, Py_ssize_t n) except -1

    @cython.locals(place=Py_ssize_t, at=Py_ssize_t, start=Py_ssize_t)
    cdef unsigned long long _next32(self, Py_ssize_t i, Py_ssize_t seat) except? 0

    cdef _show(self, Py_ssize_t i, CFastGame game, Py_ssize_t seat)


cdef class SelfPlayLoop(_Rows):
    cdef public Py_ssize_t seat_count
    cdef public object to_act, _to_act

    cpdef start(self, Py_ssize_t i, CFastGame game)

    @cython.locals(seat=Py_ssize_t)
    cdef _show(self, Py_ssize_t i, CFastGame game)

    @cython.locals(
        rewards="double[::1]", ended="unsigned char[::1]", seats=Py_ssize_t,
        redeal=list, i=Py_ssize_t, s=Py_ssize_t, game=CFastGame,
    )
    cpdef list step(self, list actions)
