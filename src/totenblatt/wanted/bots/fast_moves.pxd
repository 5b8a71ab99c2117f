# The compiled build's types for fast_moves.py (Cython reads this file beside the source,
# Python never does): C numbers in the stances' and the ranking's loops, the game's fields
# reached through its C struct (flow.pxd).
cimport cython

from totenblatt.wanted.fast.actions cimport ActionTable as CActionTable
from totenblatt.wanted.fast.board cimport Board as CBoard
from totenblatt.wanted.fast.game cimport FastGame as CFastGame
from totenblatt.wanted.fast.spec cimport Spec as CSpec


@cython.locals(
    offence=double, threat=double, nearest=double, base="long long", key="long long",
    e=Py_ssize_t, there=Py_ssize_t, e_hidden=bint, weak=bint, one=tuple, gain=double,
    theirs=double, distance=double, way=double,
)
cpdef tuple stance(
    CSpec spec, object know, Py_ssize_t fig, Py_ssize_t node, bint hidden, list enemies,
    dict each,
)


@cython.locals(
    proxy=dict, reach=double, pair=tuple, distance=double, band=Py_ssize_t,
    at_them=Py_ssize_t, at_me=Py_ssize_t, gain=double, threat=double, sharp=tuple,
    mb=Py_ssize_t, eb=Py_ssize_t,
)
cdef tuple _against(
    CSpec spec, object know, Py_ssize_t fig, Py_ssize_t node, bint hidden, Py_ssize_t e,
    Py_ssize_t there, bint e_hidden, bint weak,
)


@cython.locals(
    spec=CSpec, t=CActionTable, board=CBoard, own=list, hp=list, pos=list, stances=dict,
    places=dict, each=dict, per_character=bint, out=list, taken=dict, gains=dict, hard=list,
    c=Py_ssize_t, way=Py_ssize_t, cost=double, best_score=double, best=Py_ssize_t,
    f=Py_ssize_t, base=Py_ssize_t, here_f=Py_ssize_t, mine=tuple, found=tuple, spots=tuple,
    weak=bint, side=tuple, j=Py_ssize_t, hide=Py_ssize_t, key=Py_ssize_t, found_part=tuple,
    score=double, top=double,
)
cdef list _rank(
    CFastGame game, object know, list clubs, list enemies, tuple threats, tuple memos,
    tuple weighing, double now, dict holds, dict others, dict tops,
)


@cython.locals(attack=double, defence=double, urge=double, total=double, k=Py_ssize_t,
               w=double, ours=list, theirs=list, way=double, o=double, th=double)
cpdef double position(list parts, tuple weights)


@cython.locals(ours5=list, theirs5=list, way=double, parts=list, attack=double,
               defence=double, urge=double, ours=list, theirs=list, total=double,
               k=Py_ssize_t, w=double)
cpdef double position_with(tuple side, tuple part, tuple weights)
