# The compiled build's types for game.py (Cython reads this file beside the source,
# Python never does): the game's fields are Flow's C struct (flow.pxd), its offers'
# types offers.pxd's; here C integers in ``play``.
cimport cython

from totenblatt.wanted.fast.actions cimport ActionTable as CActionTable
from totenblatt.wanted.fast.offers cimport Offers


cdef class FastGame(Offers):
    cpdef list legal_actions(self)

    @cython.locals(
        seat=Py_ssize_t, t=CActionTable, rest=Py_ssize_t, hide=Py_ssize_t, dest=Py_ssize_t,
        card_way=Py_ssize_t, slot=Py_ssize_t, fig=Py_ssize_t, target=Py_ssize_t,
        card=Py_ssize_t,
    )
    cpdef play(self, Py_ssize_t action)
