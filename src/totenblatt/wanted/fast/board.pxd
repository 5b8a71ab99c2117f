# The compiled build's types for board.py (Cython reads this file beside the source,
# Python never does): a board's tables in a C struct, the node keys as C integers.
cimport cython


cdef class Board:
    cdef public object table, reach_limit, _router, destinations, _xy, _reach_base
    cdef public object _dest_xy, _graph, _to_graph
    cdef public list points, hard, _reach, _conflicts, _rows, _asked
    cdef public object _lines
    cdef public dict index, _sight, _cover, _paths, _within, _shapes

    cpdef tuple conflicts(self, Py_ssize_t i)

    @cython.locals(key=Py_ssize_t)
    cpdef object sight(self, Py_ssize_t i, Py_ssize_t j)

    cpdef object _measure_sight(self, Py_ssize_t i, Py_ssize_t j)

    @cython.locals(key=Py_ssize_t)
    cpdef object cover(self, Py_ssize_t attacker, Py_ssize_t target)
