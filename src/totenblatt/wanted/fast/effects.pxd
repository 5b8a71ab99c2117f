# The compiled build's types for effects.py (Cython reads this file beside the source,
# Python never does): the layer of the actions' effects on the game's C struct.
from totenblatt.wanted.fast.flow cimport Flow


cdef class Effects(Flow):
    cpdef _resolve(
        self, Py_ssize_t heart, Py_ssize_t covers=*, Py_ssize_t extra=*, bint wild=*
    )
    cpdef bint _nine_lives(self, Py_ssize_t fig, Py_ssize_t killer)
    cpdef _attack(
        self, Py_ssize_t seat, Py_ssize_t card, Py_ssize_t attacker, Py_ssize_t target,
        bint wild=*,
    )
    cpdef _pass(self, Py_ssize_t seat)
    cpdef _swap(self, Py_ssize_t seat, object cards=*, Py_ssize_t holder=*)
    cpdef _bid(self, Py_ssize_t seat, Py_ssize_t card, bint wild=*, Py_ssize_t holder=*)
    cpdef _defend(
        self, Py_ssize_t seat, Py_ssize_t card, Py_ssize_t covers=*, Py_ssize_t extra=*,
        bint wild=*,
    )
    cpdef _move(
        self, Py_ssize_t seat, Py_ssize_t card, Py_ssize_t fig, Py_ssize_t dest, bint hide,
        bint wild=*, Py_ssize_t holder=*,
    )
    cpdef _redraw(self, Py_ssize_t seat, Py_ssize_t card, Py_ssize_t payer, Py_ssize_t holder)
    cpdef _reveal(self, Py_ssize_t seat, Py_ssize_t fig)
    cpdef _concede(self, Py_ssize_t seat)
