"""The optional parts of an install (``pip install 'totenblatt[sim]'``) and what each brings.

The extras are those of ``pyproject.toml`` (``[project.optional-dependencies]``); a test
keeps the two in step. Code that needs an extra says so in one line, naming what to
install, instead of a ``ModuleNotFoundError`` from deep inside.

>>> extra_for("pyarrow.parquet"), extra_for("numpy")
('sim', None)
>>> str(MissingExtraError("env", "pettingzoo"))
"this needs the 'env' extra (pettingzoo is not installed): pip install 'totenblatt[env]'"
"""

from __future__ import annotations

import importlib

from totenblatt.messages import Message

__all__ = ["EXTRAS", "MissingExtraError", "extra_for", "missing_extra", "require"]

EXTRAS: dict[str, tuple[str, ...]] = {
    "sim": ("pyarrow", "dask", "distributed", "scipy"),
    "env": ("pettingzoo", "gymnasium"),
    "web": ("fastapi", "uvicorn", "starlette", "segno", "httpx", "minify", "tdewolff_minify"),
    "pg": ("psycopg",),
    "research": ("open_spiel", "pyspiel"),
}
"""Extra -> the top-level modules it installs (import names; a package whose import name
differs also by its own: tdewolff-minify installs ``minify``)."""


class MissingExtraError(ImportError):
    """A part of Totenblatt needs an extra that is not installed: what to ``pip install``."""

    message: Message

    def __init__(self, extra: str, module: str) -> None:
        self.message = Message(
            "this needs the {extra} extra ({module} is not installed): "
            "pip install 'totenblatt[{name}]'",
            extra=repr(extra),
            module=module,
            name=extra,
        )
        super().__init__(self.message.english(), name=module)
        self.extra = extra


def extra_for(module: str | None) -> str | None:
    """The extra that installs ``module`` (a dotted import name or a package name), or None."""
    root = (module or "").partition(".")[0].replace("-", "_")  # a package name too
    return next((extra for extra, mods in EXTRAS.items() if root in mods), None)


def missing_extra(exc: ImportError) -> MissingExtraError | None:
    """``exc`` as a :class:`MissingExtraError` when it is an extra's module that is missing."""
    if isinstance(exc, MissingExtraError):
        return exc
    if not isinstance(exc, ModuleNotFoundError):
        return None
    extra = extra_for(exc.name)
    return None if extra is None or exc.name is None else MissingExtraError(extra, exc.name)


def require(extra: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` unless ``modules`` (default: every module of
    ``extra``) import: a command checks before it starts any work."""
    for module in modules or EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError as exc:  # name what is missing (pettingzoo needs gymnasium)
            found = exc.name if isinstance(exc, ModuleNotFoundError) and exc.name else module
            raise MissingExtraError(extra, found.partition(".")[0]) from None
