"""Writing a command's picture: a file that cannot be written is one line, not a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from totenblatt.cli.app import fail
from totenblatt.messages import Message

__all__ = ["writing"]


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Run the block that writes ``path``; an ``OSError`` in it stops the command (exit 2)."""
    try:
        yield
    except OSError as exc:
        fail(
            Message(
                "cannot write {file}: {reason}", file=repr(str(path)), reason=exc.strerror or exc
            )
        )
