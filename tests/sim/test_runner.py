"""The runner: the same rows on one worker, a process pool and a Dask LocalCluster; Ctrl-C."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from totenblatt.sim.rows import read_rows, write_rows
from totenblatt.sim.runner import Runner
from totenblatt.sim.spec import RunSpec

GAMES = 16


def _rows(**executor: object) -> list[dict[str, object]]:
    spec = RunSpec.make("duel", bots=["heuristic", "random"], seed=3)
    with Runner(**executor) as runner:  # type: ignore[arg-type]
        outcome = runner.run([(spec, range(GAMES))])
    assert not outcome.interrupted and outcome.games == GAMES
    return sorted(outcome.rows[0], key=lambda r: int(r["game"]))  # type: ignore[call-overload]


def test_one_worker_two_workers_and_dask_give_identical_rows(tmp_path: Path) -> None:
    one = _rows(workers=1)
    two = _rows(workers=2)
    dask = _rows(workers=2, dask="local")
    assert one == two == dask
    assert [r["game"] for r in one] == list(range(GAMES))
    assert len({r["seed"] for r in one}) == GAMES
    files = []
    for name, rows in (("one", one), ("two", two), ("dask", dask)):
        path = tmp_path / f"{name}.parquet"
        write_rows(path, rows, {"seed": 3})
        files.append(pq.read_table(path))
    assert files[0].equals(files[1]) and files[0].equals(files[2])


def test_ctrl_c_keeps_the_finished_games() -> None:
    spec = RunSpec.make("duel", bots=["random"], seed=2)
    seen: list[int] = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with Runner(workers=1) as runner:
        outcome = runner.run([(spec, range(50))], progress=progress)
    assert outcome.interrupted
    assert [r["game"] for r in outcome.rows[0]] == [0, 1, 2, 3, 4]


def test_jobs_keep_their_rows_apart() -> None:
    duel = RunSpec.make("duel", bots=["random"], seed=2)
    three = RunSpec.make("three-way", bots=["random"], seed=2)
    with Runner(workers=2) as runner:
        outcome = runner.run([(duel, [5, 6]), (three, [0])], chunk=1)
    assert sorted(r["game"] for r in outcome.rows[0]) == [5, 6]
    assert [len(r["bots"]) for r in outcome.rows[1]] == [3]


def test_bad_worker_counts_and_unreachable_schedulers_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--workers 0"):
        Runner(workers=0)
    path = tmp_path / "bad.parquet"
    path.write_bytes(b"not parquet")
    with pytest.raises(ValueError, match="cannot read results file"):
        read_rows(path)
