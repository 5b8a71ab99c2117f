"""What the migrations write alike: the tables a revision creates and drops, the columns
many tables share, and the keys and indexes named by convention.

The names follow the naming convention of :mod:`totenblatt.store.models`:
``pk_<table>``, ``fk_<table>_<column>_<target>``, ``uq_<table>_<first column>`` and
``ix_<table>_<column>``. Migrations are history: each helper builds exactly what the
migrations wrote out before it existed, so never change what one returns (add another).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

__all__ = [
    "Items",
    "NewTable",
    "belongs_to",
    "create_index",
    "create_tables",
    "creating",
    "digest",
    "drop_index",
    "drop_tables",
    "entries",
    "lang",
    "moment",
    "named",
    "primary_key",
    "references",
    "row_id",
    "stamps",
    "text_id",
    "unique",
]

Items: TypeAlias = list[SchemaItem]
"""The columns and constraints of a table, in the order a revision lists them."""


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table a revision creates: its ``name``, its columns and constraints (``items(name)``,
    built afresh for every use) and the columns indexed after it, in that order."""

    name: str
    items: Callable[[str], Items]
    indexes: tuple[str, ...] = ()


def create_tables(*tables: NewTable) -> None:
    """Create ``tables`` in order, each followed by its indexes."""
    for table in tables:
        op.create_table(table.name, *table.items(table.name))
        for column in table.indexes:
            create_index(table.name, column)


def drop_tables(*tables: NewTable) -> None:
    """Drop what :func:`create_tables` created from ``tables``, in the reverse order."""
    for table in reversed(tables):
        for column in reversed(table.indexes):
            drop_index(table.name, column)
        op.drop_table(table.name)


def creating(*tables: NewTable) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``upgrade`` and ``downgrade`` of a revision that creates ``tables`` and nothing else."""

    def upgrade() -> None:
        create_tables(*tables)

    def downgrade() -> None:
        drop_tables(*tables)

    return upgrade, downgrade


def row_id() -> sa.Column[Any]:
    """The integer ``id`` of a row (the database numbers the rows)."""
    return sa.Column("id", sa.Integer(), nullable=False)


def text_id(length: int) -> sa.Column[Any]:
    """An ``id`` of up to ``length`` characters the application chooses."""
    return sa.Column("id", sa.String(length=length), nullable=False)


def named() -> tuple[sa.Column[Any], sa.Column[Any]]:
    """A ``name`` (up to 200 characters) and the ``name_key`` it is found by."""
    return (
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
    )


def lang() -> sa.Column[Any]:
    """The language of the texts (``lang``: de, en)."""
    return sa.Column("lang", sa.String(length=5), nullable=False)


def digest(name: str, *, nullable: bool = False) -> sa.Column[Any]:
    """The SHA-256 (64 hexadecimal digits) of a token or an address, never the thing itself."""
    return sa.Column(name, sa.String(length=64), nullable=nullable)


def stamps() -> tuple[sa.Column[Any], sa.Column[Any]]:
    """When the row was created (``created_at``) and last changed (``updated_at``)."""
    return moment(), moment("updated_at")


def belongs_to(
    table: str,
    column: str,
    target: str,
    type_: sa.types.TypeEngine[Any],
    *,
    nullable: bool = False,
    ondelete: str = "CASCADE",
) -> tuple[sa.Column[Any], sa.ForeignKeyConstraint]:
    """``table.column`` (of ``type_``) refers to ``target.id``: the column and its key
    (:func:`references`). A table's keys are written in the order they are made, so the
    key stands among the others where its column stands among the columns."""
    return (
        sa.Column(column, type_, nullable=nullable),
        references(table, column, target, ondelete=ondelete),
    )


def entries(
    table: str, column: str, target: str, type_: sa.types.TypeEngine[Any], entry: str
) -> Items:
    """An ordered log of a ``target`` row: ``column`` refers to it, ``position`` counts its
    entries, each a JSON ``entry`` with its ``created_at``; the two columns are the key."""
    return [
        *belongs_to(table, column, target, type_),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column(entry, sa.JSON(), nullable=False),
        moment(),
        primary_key(table, column, "position"),
    ]


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
