"""What the migrations write alike: timestamps, and the keys and indexes named by convention.

The names follow the naming convention of :mod:`totenblatt.store.models`:
``pk_<table>``, ``fk_<table>_<column>_<target>``, ``uq_<table>_<first column>`` and
``ix_<table>_<column>``. Migrations are history: each helper builds exactly what the
migrations wrote out before it existed, so never change what one returns (add another).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

__all__ = ["create_index", "drop_index", "moment", "primary_key", "references", "unique"]


def moment(name: str = "created_at", *, nullable: bool = False) -> sa.Column[Any]:
    """A point in time, with its time zone (``created_at`` unless named)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def primary_key(table: str, *columns: str) -> sa.PrimaryKeyConstraint:
    """The primary key of ``table``: ``columns``, or ``id`` when none are named."""
    return sa.PrimaryKeyConstraint(*(columns or ("id",)), name=op.f(f"pk_{table}"))


def references(
    table: str, column: str, target: str, *, ondelete: str = "CASCADE"
) -> sa.ForeignKeyConstraint:
    """``table.column`` refers to ``target.id``; deleting the target deletes the row
    (``ondelete`` says otherwise)."""
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete=ondelete
    )


def unique(table: str, *columns: str) -> sa.UniqueConstraint:
    """``columns`` together are unique in ``table`` (named after the first)."""
    return sa.UniqueConstraint(*columns, name=op.f(f"uq_{table}_{columns[0]}"))


def create_index(table: str, column: str) -> None:
    """Create the (not unique) index of ``table.column``."""
    op.create_index(op.f(f"ix_{table}_{column}"), table, [column], unique=False)


def drop_index(table: str, column: str) -> None:
    """Drop the index :func:`create_index` created."""
    op.drop_index(op.f(f"ix_{table}_{column}"), table_name=table)
