"""Files a test writes, and the command lines that name them (``{}`` stands for the path)."""

from __future__ import annotations

from pathlib import Path


def write(tmp_path: Path, name: str, text: str) -> Path:
    """``text`` written (UTF-8) to ``tmp_path / name``, its folders made; the path."""
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def fill(args: list[str], path: Path) -> list[str]:
    """The command line ``args`` with every ``{}`` replaced by ``path``."""
    return [str(path) if a == "{}" else a for a in args]
