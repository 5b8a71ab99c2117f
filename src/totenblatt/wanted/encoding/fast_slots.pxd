# The compiled build's types for fast_slots.py (Cython reads this file beside the source,
# Python never does): the id arrays as typed views, the folding loop over C integers.
cimport cython

cdef class MoveSlots:
    cdef public object table, inches, slot_of, rank_of
    cdef public Py_ssize_t move, fold, nobody, shift, size
    cdef dict _marks
    cdef list _slots
    cdef long long[::1] _slot_view, _rank_view, _best
    cdef int[::1] _taken, _chosen

    @cython.locals(memo=dict)
    cpdef tuple marks(self, object ids, bint concede=*)

    @cython.locals(i=Py_ssize_t, a=Py_ssize_t, k=Py_ssize_t, b=Py_ssize_t, j=Py_ssize_t,
                   n=Py_ssize_t, slot_of="long long[::1]", rank_of="long long[::1]",
                   best="long long[::1]")
    cpdef Py_ssize_t fold_ids(self, list ids, Py_ssize_t skip, int[::1] taken, int[::1] chosen)

    @cython.locals(n=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, slots_of=list, ids_of=list,
                   marks=bytearray, slots=list, taken="int[::1]", chosen="int[::1]")
    cdef tuple _mark(self, list ids, Py_ssize_t skip)
