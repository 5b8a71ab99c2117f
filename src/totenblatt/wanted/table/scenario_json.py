"""A scenario's pieces as JSON values: what the CLI's ``scenarios --json`` and the editor's
table both write of a terrain piece and of a figure (one writer for both)."""

from __future__ import annotations

from typing import Any

from totenblatt.wanted.table.scenario import FigureSpec
from totenblatt.wanted.table.terrain import Terrain

__all__ = ["figure_json", "piece_json"]


def piece_json(piece: Terrain) -> dict[str, Any]:
    """A terrain piece's name, kind, cover, outline and openings (door or window, two ends)."""
    return {
        "name": piece.name,
        "kind": piece.kind.value,
        "cover": piece.cover.value,
        "outline": [list(p) for p in piece.outline],
        "openings": [
            {"kind": o.kind.value, "a": list(o.a), "b": list(o.b)} for o in piece.openings
        ],
    }


def figure_json(figure: FigureSpec) -> dict[str, Any]:
    """A figure as the scenario places it: name, seat, weapon, position, hit points (``None``:
    the ruleset's), hero kind and abilities."""
    return {
        "name": figure.name,
        "seat": figure.seat,
        "weapon": figure.weapon,
        "position": list(figure.position),
        "hp": figure.hp,
        "hp_max": figure.hp_max,
        "kind": figure.kind.value,
        "abilities": [a.value for a in figure.abilities],
    }
