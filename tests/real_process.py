"""The installed ``totenblatt`` command run as a real process, with a database of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent / "totenblatt"
"""The console script the virtualenv installed."""


def run_totenblatt(args: list[str], database: Path) -> subprocess.CompletedProcess[str]:
    """``totenblatt ARGS`` with the SQLite file ``database``, no standard input, text out.

    The timeout turns a regression (a blocked read, a game that never ends) into a failure.
    """
    env = {**os.environ, "TOTENBLATT_DATABASE_URL": f"sqlite:///{database}"}
    return subprocess.run(
        [str(BIN), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
        check=False,
    )
