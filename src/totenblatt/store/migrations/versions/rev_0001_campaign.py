"""Campaign tables: gangs, members, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0001"
down_revision: str | None = None


def upgrade() -> None:
    """Create the gangs, members and audit tables."""
    op.create_table(
        "gangs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=500), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("fights", sa.Integer(), nullable=False),
        sa.Column("lost_heroes", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.primary_key("gangs"),
        helpers.unique("gangs", "name_key"),
    )
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("hp", sa.Integer(), nullable=False),
        sa.Column("hp_max", sa.Integer(), nullable=False),
        sa.Column("abilities", sa.JSON(), nullable=False),
        sa.Column("fights_survived", sa.Integer(), nullable=False),
        sa.Column("kind_fights", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        helpers.references("members", "gang_id", "gangs"),
        helpers.primary_key("members"),
        helpers.unique("members", "gang_id", "name_key"),
    )
    helpers.create_index("members", "gang_id")
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subject_kind", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=True),
        sa.Column("what", sa.String(length=50), nullable=False),
        helpers.moment(),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("args", sa.JSON(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        helpers.moment("undone_at", nullable=True),
        helpers.references("audit", "gang_id", "gangs"),
        helpers.primary_key("audit"),
    )
    helpers.create_index("audit", "gang_id")
    helpers.create_index("audit", "subject")


def downgrade() -> None:
    """Drop the campaign tables."""
    helpers.drop_index("audit", "subject")
    helpers.drop_index("audit", "gang_id")
    op.drop_table("audit")
    helpers.drop_index("members", "gang_id")
    op.drop_table("members")
    op.drop_table("gangs")
