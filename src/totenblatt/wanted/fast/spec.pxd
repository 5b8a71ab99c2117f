# The compiled build's types for spec.py (Cython reads this file beside the source,
# Python never does): a Spec's fields in a C struct, reached by the game without a look-up.
from totenblatt.wanted.fast.actions cimport ActionTable as CActionTable
from totenblatt.wanted.fast.board cimport Board as CBoard


cdef class Spec:
    cdef public object rules, teams, names, by_name, fig_seat, fig_team, weapon, hp_max
    cdef public CBoard board
    cdef public object own, value, inches, points, hand_size, dead_size
    cdef public object redraw_cost, redraws, every_round, dealer_first, reach
    cdef public object out_of_range, reward, cap, bands, modifiers, round_limit
    cdef public object deck_orders, _resolved, start, menus
    cdef public object has_abilities, has_heroes, diamond, club, fig_bands, att_abilities
    cdef public object def_abilities, nine, extra, swap_right, uses, queen, wild, pairs_memo, crowd_memo
    cdef public object holders, near, shapes
    cdef public bint per_character
    cdef public CActionTable actions
    cdef public Py_ssize_t seats, n
