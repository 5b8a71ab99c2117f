"""Fixtures shared by every test area: the command line, run in-process."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from totenblatt.cli import main


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[[Sequence[str]], tuple[int, str, str]]:
    """``cli(args)`` runs ``totenblatt args`` in-process: exit code, stdout, stderr."""

    def run(args: Sequence[str]) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as info:  # main always exits
            main(list(args))
        out, err = capsys.readouterr()
        code = info.value.code  # as the interpreter reads it: None is 0, a message is 1
        return (code if isinstance(code, int) else 0 if code is None else 1), out, err

    return run
