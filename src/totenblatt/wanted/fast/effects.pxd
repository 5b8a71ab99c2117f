# The compiled build's types for effects.py (Cython reads this file beside the source,
# Python never does): the layer of the actions' effects on the game's C struct.
from totenblatt.wanted.fast.flow cimport Flow


cdef class Effects(Flow):
    pass
