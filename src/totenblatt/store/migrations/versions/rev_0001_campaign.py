"""Campaign tables: gangs, members, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0001"
down_revision: str | None = None


def _gangs(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *helpers.named(),
        sa.Column("ruleset", sa.String(length=500), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("fights", sa.Integer(), nullable=False),
        sa.Column("lost_heroes", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.primary_key(table),
        helpers.unique(table, "name_key"),
    ]


def _members(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *helpers.belongs_to(table, "gang_id", "gangs", sa.Integer()),
        sa.Column("position", sa.Integer(), nullable=False),
        *helpers.named(),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("hp", sa.Integer(), nullable=False),
        sa.Column("hp_max", sa.Integer(), nullable=False),
        sa.Column("abilities", sa.JSON(), nullable=False),
        sa.Column("fights_survived", sa.Integer(), nullable=False),
        sa.Column("kind_fights", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        helpers.primary_key(table),
        helpers.unique(table, "gang_id", "name_key"),
    ]


def _audit(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        sa.Column("subject_kind", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        *helpers.belongs_to(table, "gang_id", "gangs", sa.Integer(), nullable=True),
        sa.Column("what", sa.String(length=50), nullable=False),
        helpers.moment(),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("args", sa.JSON(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        helpers.moment("undone_at", nullable=True),
        helpers.primary_key(table),
    ]


upgrade, downgrade = helpers.creating(
    helpers.NewTable("gangs", _gangs),
    helpers.NewTable("members", _members, indexes=("gang_id",)),
    helpers.NewTable("audit", _audit, indexes=("gang_id", "subject")),
)
