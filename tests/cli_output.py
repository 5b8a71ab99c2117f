"""What a test reads of the command line (run by the ``cli`` fixture, tests/conftest.py):
its ``--json`` answer parsed, its boxed text flattened."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

Cli = Callable[[Sequence[str]], tuple[int, str, str]]
"""The ``cli`` fixture: ``cli(args)`` is the exit code, stdout and stderr."""


def cli_json(cli: Cli, *args: str) -> Any:
    """``totenblatt args --json``: it exits 0, and its stdout parsed."""
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    return json.loads(out)


def flat(text: str) -> str:
    """Text with the panel's frame removed and runs of white space made one space."""
    for frame in "│╭╮╰╯─":
        text = text.replace(frame, " ")
    return " ".join(text.split())
