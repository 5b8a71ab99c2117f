"""The ``totenblatt`` command line (Typer + Rich).

Every module of this package that does not start with ``_`` registers its
commands on :data:`totenblatt.cli.app.app`. :func:`main` imports only the
modules the command line needs (:mod:`totenblatt.cli._commands`), so a command
starts fast; :func:`load_commands` registers them all (the full command tree).
"""

from __future__ import annotations

from totenblatt.cli._commands import load_all as load_commands
from totenblatt.cli.app import app, main

__all__ = ["app", "load_commands", "main"]
