"""Campaign tables: gangs, members, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


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
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_gangs")),
        sa.UniqueConstraint("name_key", name=op.f("uq_gangs_name_key")),
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
        sa.ForeignKeyConstraint(
            ["gang_id"], ["gangs.id"], name=op.f("fk_members_gang_id_gangs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_members")),
        sa.UniqueConstraint("gang_id", "name_key", name=op.f("uq_members_gang_id")),
    )
    op.create_index(op.f("ix_members_gang_id"), "members", ["gang_id"], unique=False)
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subject_kind", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=True),
        sa.Column("what", sa.String(length=50), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("args", sa.JSON(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["gang_id"], ["gangs.id"], name=op.f("fk_audit_gang_id_gangs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit")),
    )
    op.create_index(op.f("ix_audit_gang_id"), "audit", ["gang_id"], unique=False)
    op.create_index(op.f("ix_audit_subject"), "audit", ["subject"], unique=False)


def downgrade() -> None:
    """Drop the campaign tables."""
    op.drop_index(op.f("ix_audit_subject"), table_name="audit")
    op.drop_index(op.f("ix_audit_gang_id"), table_name="audit")
    op.drop_table("audit")
    op.drop_index(op.f("ix_members_gang_id"), table_name="members")
    op.drop_table("members")
    op.drop_table("gangs")
