"""Result rows as a Parquet file (pyarrow): one row per game, the run described in the metadata.

Columns: ``game`` (index), ``seed``, ``bots`` (per seat), ``winner`` (null on a
draw), ``winners`` (the whole winning team), ``end_reason``, ``rounds``,
``decisions``, ``first_dealer``, ``hp_left`` and ``figures_left`` (per seat) and
``figures`` (per figure: name, seat, kind, hp, out, kills, wounds_dealt). Lists are
indexed by seat, so one schema serves every scenario. The file's key-value
metadata ``totenblatt.sim`` holds the run (:meth:`RunSpec.describe`) as JSON.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "r.parquet"
>>> row = {"game": 0, "seed": 1, "bots": ["random"] * 2, "winner": None, "winners": [],
...        "end_reason": "round_limit", "rounds": 8, "decisions": 40, "first_dealer": 1,
...        "hp_left": [6, 6], "figures_left": [1, 1], "figures": []}
>>> write_rows(path, [row], {"seed": 3})
>>> rows, meta = read_rows(path)
>>> rows == [row], meta
(True, {'seed': 3})
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from totenblatt.sim.play import Row

__all__ = ["META_KEY", "SCHEMA", "atomic_write", "read_rows", "rows_table", "write_rows"]

META_KEY = b"totenblatt.sim"

_FIGURE = pa.struct(
    [
        ("name", pa.string()),
        ("seat", pa.int16()),
        ("kind", pa.string()),
        ("hp", pa.int16()),
        ("out", pa.bool_()),
        ("kills", pa.int16()),
        ("wounds_dealt", pa.int16()),
    ]
)

SCHEMA = pa.schema(
    [
        ("game", pa.int64()),
        ("seed", pa.int64()),
        ("bots", pa.list_(pa.string())),
        ("winner", pa.int16()),
        ("winners", pa.list_(pa.int16())),
        ("end_reason", pa.string()),
        ("rounds", pa.int32()),
        ("decisions", pa.int32()),
        ("first_dealer", pa.int16()),
        ("hp_left", pa.list_(pa.int16())),
        ("figures_left", pa.list_(pa.int16())),
        ("figures", pa.list_(_FIGURE)),
    ]
)
"""The columns of a results file."""


def rows_table(rows: Sequence[Row], run: dict[str, Any] | None = None) -> pa.Table:
    """The rows sorted by game index as an Arrow table (with the run in its metadata)."""
    ordered = sorted(rows, key=lambda r: int(r["game"]))
    meta = {META_KEY: json.dumps(run, sort_keys=True).encode()} if run is not None else None
    return pa.Table.from_pylist(ordered, schema=SCHEMA.with_metadata(meta))


def write_rows(path: Path, rows: Sequence[Row], run: dict[str, Any]) -> None:
    """Write ``rows`` (sorted by game) to ``path`` whole or not at all."""
    table = rows_table(rows, run)
    atomic_write(path, lambda tmp: pq.write_table(table, tmp, compression="zstd"))


def atomic_write(path: Path, write: Callable[[str], object]) -> Path:
    """``write(temporary name)`` in ``path``'s folder, then rename it to ``path`` (whole or
    not at all; a file that exists keeps its permissions). ``ValueError`` on an OS error."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist")
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ValueError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ValueError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    return path


def read_rows(path: Path) -> tuple[list[Row], dict[str, Any]]:
    """The rows of a results file and the run that wrote it; ``ValueError`` when unreadable."""
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise ValueError(f"cannot read results file {str(path)!r}: {exc}") from None
    raw = (table.schema.metadata or {}).get(META_KEY)
    if raw is None:
        raise ValueError(f"{str(path)!r} is not a results file of 'totenblatt sim' (no metadata)")
    if table.schema.remove_metadata() != SCHEMA:
        raise ValueError(f"{str(path)!r} has other columns than a results file of this version")
    run: dict[str, Any] = json.loads(raw)
    return table.to_pylist(), run
