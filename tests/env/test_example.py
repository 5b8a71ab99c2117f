"""The example of docs/bots.md runs: a random agent over the environment."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "env_random_agent.py"


def test_the_random_agent_example_plays_whole_games() -> None:
    spec = importlib.util.spec_from_file_location("env_random_agent", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    totals = module.run("duel", "base", games=2, seed=4)
    assert set(totals) == {"seat_0", "seat_1"}
    assert sum(totals.values()) == 0  # a win (+1) and a loss (-1), or a draw (0 each)
    assert all(abs(v) <= 2 for v in totals.values())
