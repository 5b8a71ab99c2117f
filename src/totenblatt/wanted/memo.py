"""The query caches' one rule: a cache that grows over its limit starts afresh.

>>> cache: dict[str, int] = {"a": 1, "b": 2}
>>> remember(cache, "c", 3, limit=1), cache
(3, {'c': 3})
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["remember"]

_K = TypeVar("_K")
_V = TypeVar("_V")


def remember(cache: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Store ``value`` under ``key`` and return it; a cache over ``limit`` entries is
    emptied first.

    For caches of pure query results only: forgetting them never changes an answer.
    """
    if len(cache) > limit:
        cache.clear()
    cache[key] = value
    return value
