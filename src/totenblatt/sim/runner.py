"""Map :func:`~totenblatt.sim.play.play_chunk` over game indices: in-process, a process pool
or Dask distributed — one code path (``concurrent.futures``), whatever executes it.

A run is a list of jobs (a :class:`~totenblatt.sim.spec.RunSpec` and the game
indices to play). Games are cut into chunks; each chunk is one task. Results come
back as tasks finish; Ctrl-C (``KeyboardInterrupt``) stops the run and keeps every
finished chunk (:attr:`Outcome.interrupted` says so).

>>> from totenblatt.sim.spec import RunSpec
>>> spec = RunSpec.make("duel", bots=["random"], seed=1)
>>> with Runner(workers=1) as runner:
...     outcome = runner.run([(spec, range(3))])
>>> [r["game"] for r in outcome.rows[0]], outcome.interrupted
([0, 1, 2], False)
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from totenblatt.sim.play import Row, play_chunk
from totenblatt.sim.spec import RunSpec

__all__ = ["Job", "Outcome", "RunError", "Runner", "default_workers"]

Job = tuple[RunSpec, Sequence[int]]
"""A spec and the game indices to play of it."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass
class Outcome:
    """What a run brought back: rows per job (in finishing order), and how it ended."""

    rows: list[list[Row]]
    interrupted: bool = False
    seconds: float = 0.0
    games: int = 0
    errors: list[str] = field(default_factory=list)


class RunError(RuntimeError):
    """Some games raised an error; ``outcome`` holds the rows of every finished game."""

    def __init__(self, outcome: Outcome) -> None:
        errors = outcome.errors
        super().__init__(f"{len(errors)} task(s) of the run failed; the first: {errors[0]}")
        self.outcome = outcome


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and keeps finished games."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Processes started in this block inherit an ignored SIGINT (the parent handles Ctrl-C)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _InProcess(Executor):
    """Runs each task at ``submit`` (one worker, no pickling; same results)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # KeyboardInterrupt goes on to the run loop
            if not isinstance(exc, Exception):
                raise
            future.set_exception(exc)
        return future


class Runner:
    """The executor of a run: ``workers`` processes (default: every core), or ``dask``.

    ``dask`` is a scheduler address (``tcp://host:8786``) or ``"local"`` for a
    LocalCluster of ``workers`` single-threaded processes on this machine. One
    worker without Dask plays in this process.
    """

    def __init__(self, workers: int | None = None, dask: str | None = None) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"--workers {workers}: expected 1 or more")
        self.workers = workers or default_workers()
        self.dask = dask
        self._stack = ExitStack()
        self._executor: Executor | None = None

    def __enter__(self) -> Runner:
        try:
            self._executor = self._open()
        except BaseException:
            self._stack.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._executor = None
        self._stack.close()

    @property
    def parallel(self) -> bool:
        """True when tasks run outside this process."""
        return not isinstance(self._executor, _InProcess)

    def _open(self) -> Executor:
        if self.dask is not None:
            return self._open_dask(self.dask)
        if self.workers == 1:
            return _InProcess()
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["totenblatt.sim.play"])
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_quiet_worker)
        self._stack.callback(pool.shutdown, wait=True, cancel_futures=True)
        return pool

    def _open_dask(self, address: str) -> Executor:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ValueError(
                "--dask needs the 'sim' extra: pip install 'totenblatt[sim]'"
            ) from None
        if address == "local":
            with _workers_ignore_ctrl_c():
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: never clashes
                    silence_logs=logging.ERROR,
                )
            self._stack.callback(cluster.close)
            client = Client(cluster)  # type: ignore[no-untyped-call]
        else:
            try:
                client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError, ValueError) as exc:
                raise ValueError(f"cannot reach the Dask scheduler {address!r}: {exc}") from None
        self._stack.callback(client.close)
        executor: Executor = client.get_executor(pure=False)  # type: ignore[no-untyped-call]
        return executor

    def run(
        self,
        jobs: Sequence[Job],
        *,
        chunk: int | None = None,
        progress: Callable[[int], None] | None = None,
        on_rows: Callable[[int, list[Row]], None] | None = None,
    ) -> Outcome:
        """Play every job's games; ``progress(n)`` after each ``n`` games finished.

        ``on_rows(job, rows)`` sees each finished chunk (e.g. to save a checkpoint).
        """
        if self._executor is None:
            raise RuntimeError("use the Runner in a with block")
        executor = self._executor
        outcome = Outcome(rows=[[] for _ in jobs])
        total = sum(len(indices) for _, indices in jobs)
        size = chunk or self._chunk_size(total)
        start = time.perf_counter()
        pending: dict[Future[list[Row]], int] = {}
        try:
            tasks = self._tasks(jobs, size)
            if not self.parallel:
                for job, spec, part in tasks:
                    future = executor.submit(play_chunk, spec, part)
                    self._finish(outcome, job, future, progress, on_rows)
            else:
                pending = {executor.submit(play_chunk, s, part): job for job, s, part in tasks}
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        job = pending.pop(future)
                        self._finish(outcome, job, future, progress, on_rows)
        except KeyboardInterrupt:
            outcome.interrupted = True
            for future in pending:
                future.cancel()
        outcome.seconds = time.perf_counter() - start
        if outcome.errors:
            raise RunError(outcome)
        return outcome

    @staticmethod
    def _finish(
        outcome: Outcome,
        job: int,
        future: Future[list[Row]],
        progress: Callable[[int], None] | None,
        on_rows: Callable[[int, list[Row]], None] | None,
    ) -> None:
        try:
            rows = future.result()
        except Exception as exc:  # a worker's error: reported after the run, rows kept
            outcome.errors.append(f"{type(exc).__name__}: {exc}")
            return
        outcome.rows[job].extend(rows)
        outcome.games += len(rows)
        if on_rows is not None:
            on_rows(job, rows)
        if progress is not None:
            progress(len(rows))

    def _chunk_size(self, total: int) -> int:
        if not self.parallel:
            return 1
        return max(1, min(16, total // (self.workers * 24) or 1))

    @staticmethod
    def _tasks(jobs: Sequence[Job], size: int) -> Iterator[tuple[int, RunSpec, list[int]]]:
        for job, (spec, indices) in enumerate(jobs):
            order = list(indices)
            for at in range(0, len(order), size):
                yield job, spec, order[at : at + size]
