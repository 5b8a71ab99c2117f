# The compiled build's types for offers.py (Cython reads this file beside the source,
# Python never does): C integers in the offers' hot loops.
cimport cython

from totenblatt.wanted.fast.actions cimport ActionTable as CActionTable
from totenblatt.wanted.fast.board cimport Board as CBoard
from totenblatt.wanted.fast.effects cimport Effects
from totenblatt.wanted.fast.spec cimport Spec


cdef class Offers(Effects):
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
        spec=Spec, t=CActionTable, pos=list, fig_out=list, movers=list,
        j=Py_ssize_t, menus=dict, c=Py_ssize_t, card_way=Py_ssize_t,
        offered=bint, f=Py_ssize_t, here=Py_ssize_t, base=Py_ssize_t, a=Py_ssize_t,
        ids=list, club=tuple, inches=Py_ssize_t, budget=Py_ssize_t,
        k=Py_ssize_t, blocked=list, crowd=list, cuts=list, where=dict, i=Py_ssize_t,
        before=Py_ssize_t, start=Py_ssize_t, here_now=tuple, nodes=Py_ssize_t, key=Py_ssize_t,
        size=Py_ssize_t,
    )
    cpdef _move_offers(self, Py_ssize_t seat, list clubs, list out, bint wild, Py_ssize_t mover=*)

    @cython.locals(
        spec=Spec, board=CBoard, out=list, hidden=list, pos=list, own=list, fig_team=tuple,
        pairs=list, a=Py_ssize_t, t=Py_ssize_t, key=tuple, kept=list,
    )
    cpdef list _attack_pairs(self, Py_ssize_t seat, bint revealed=*)

    @cython.locals(phase=Py_ssize_t, hidden=list, living=list, f=Py_ssize_t)
    cpdef bint _has_choice(self, Py_ssize_t seat)

    @cython.locals(phase=Py_ssize_t, t=CActionTable, found=Py_ssize_t)
    cpdef bint _card_choice(self, Py_ssize_t seat, list hand)

    @cython.locals(phase=Py_ssize_t)
    cpdef _settle(self)
    @cython.locals(
        spec=Spec, board=CBoard, pos=list, fig_out=list, taken=dict, g=Py_ssize_t,
        f=Py_ssize_t, here=Py_ssize_t, near=dict, out=list, mine=tuple,
    )
    cpdef list _crowds(self, list movers)
    cpdef _swap_offers(self, Py_ssize_t seat, list living, list out)
    cpdef _partial_offers(self, Py_ssize_t seat, list out, Py_ssize_t holder=*)
    cpdef _cover_offers(self, list hand, list out)
    cpdef _queen_offers(self, list hand, list out)
    cpdef bint _hand_choice(self, Py_ssize_t seat)


@cython.locals(
    board=CBoard, offsets=list, where=dict, ends=list, n=Py_ssize_t, k=Py_ssize_t, ids=list,
)
cpdef tuple _menu(Spec spec, Py_ssize_t base, Py_ssize_t here, Py_ssize_t budget)
