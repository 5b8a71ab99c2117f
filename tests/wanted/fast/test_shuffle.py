"""The fast game's shuffle draws what ``random.Random.shuffle`` draws (the decks must come
out as the reference engine's)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.wanted.fast.flow import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 31, 32, 33, 54, 55, 108, 300])
@pytest.mark.parametrize("seed", range(12))
def test_the_same_order_and_the_same_generator_after(size: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    pile, expected = list(range(size)), list(range(size))
    shuffle(ours, pile)
    theirs.shuffle(expected)
    assert pile == expected
    assert ours.getstate() == theirs.getstate()


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(0, 53), max_size=120))
def test_any_seed_and_pile(seed: int, pile: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    expected = pile.copy()
    shuffle(ours, pile)
    theirs.shuffle(expected)
    assert pile == expected
    assert ours.random() == theirs.random()
