"""The bot registry bounds a search's budget: a budget that would never end a game is refused."""

from __future__ import annotations

import pytest

from totenblatt.wanted.bots.registry import MAX_MS, MAX_ROLLOUTS, check_bot_name, make_bot


def test_the_largest_budgets_are_accepted() -> None:
    assert (MAX_ROLLOUTS, MAX_MS) == (100_000, 60_000)
    assert check_bot_name(f"ismcts:{MAX_ROLLOUTS}") == "ismcts:100000"
    assert check_bot_name(f"ismcts:{MAX_MS}ms") == "ismcts:60000ms"
    assert make_bot(f"ismcts:{MAX_ROLLOUTS}", 1).iterations == MAX_ROLLOUTS  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "name", ["ismcts:100001", "ismcts:99999999999", "ismcts:60001ms", "ismcts:0", "ismcts:²"]
)
def test_a_budget_out_of_bounds_is_refused_with_the_bounds(name: str) -> None:
    with pytest.raises(ValueError) as info:
        check_bot_name(name)
    assert str(info.value) == (
        f"bot {name!r}: the budget must be 1 to 100000 rollouts ('ismcts:200') "
        "or 1 to 60000 milliseconds ('ismcts:500ms')"
    )
    with pytest.raises(ValueError, match="the budget must be"):
        make_bot(name, 1)
