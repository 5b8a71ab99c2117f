"""The ``totenblatt`` command line (Typer + Rich).

Every module of this package that does not start with ``_`` registers its
commands on :data:`totenblatt.cli.app.app`; they are imported here once.
"""

from __future__ import annotations

import importlib
import pkgutil

from totenblatt.cli.app import app, main

for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("_") and _module.name != "app":
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["app", "main"]
