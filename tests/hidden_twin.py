"""A fast game's twin that differs only in what one seat cannot see (for the no-peek tests)."""

from __future__ import annotations

import random

from totenblatt.wanted.fast import FastGame


def fast_twin(game: FastGame, seat: int, rng: random.Random) -> FastGame:
    """``game`` with the cards hidden from ``seat`` dealt anew: the other seats' hands, the
    draw pile and the dead man's hand (sizes kept), and another random stream."""
    twin = game.clone()
    places = [twin.hands[s] for s in range(twin.seats) if s != seat] + [twin.draw, twin.dead]
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    at = 0
    for place in places:
        n = len(place)
        place[:] = pool[at : at + n]
        at += n
    twin.rng = random.Random(rng.random())
    twin._legal = None
    return twin
