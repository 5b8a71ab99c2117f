"""Campaigns in the browser: campaigns, their gangs, fights and aftermaths (issue 23).

Revision ID: 0006
Revises: 0005

A campaign groups stored gangs (each in one campaign at most) and plays their fights as
web games; tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create campaigns, campaign_gangs, campaign_fights and campaign_fight_gangs."""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("lang", sa.String(length=5), nullable=False),
        sa.Column("admin_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
    )
    op.create_table(
        "campaign_gangs",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("campaign_id", sa.String(length=24), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("owner_hash", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_gangs_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["gangs.id"],
            name=op.f("fk_campaign_gangs_gang_id_gangs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaign_gangs")),
        sa.UniqueConstraint("gang_id", name=op.f("uq_campaign_gangs_gang_id")),
    )
    op.create_index(
        op.f("ix_campaign_gangs_campaign_id"), "campaign_gangs", ["campaign_id"], unique=False
    )
    op.create_table(
        "campaign_fights",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("campaign_id", sa.String(length=24), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("scenario", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=500), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_fights_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaign_fights")),
        sa.UniqueConstraint("game_id", name=op.f("uq_campaign_fights_game_id")),
    )
    op.create_index(
        op.f("ix_campaign_fights_campaign_id"), "campaign_fights", ["campaign_id"], unique=False
    )
    op.create_table(
        "campaign_fight_gangs",
        sa.Column("fight_id", sa.String(length=24), nullable=False),
        sa.Column("gang_id", sa.String(length=24), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.Column("absent", sa.JSON(), nullable=False),
        sa.Column("figures", sa.JSON(), nullable=False),
        sa.Column("sacrifice", sa.String(length=200), nullable=True),
        sa.Column("result", sa.String(length=20), nullable=True),
        sa.Column("kills", sa.Integer(), nullable=True),
        sa.Column("choices", sa.JSON(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["fight_id"],
            ["campaign_fights.id"],
            name=op.f("fk_campaign_fight_gangs_fight_id_campaign_fights"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["gang_id"],
            ["campaign_gangs.id"],
            name=op.f("fk_campaign_fight_gangs_gang_id_campaign_gangs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("fight_id", "gang_id", name=op.f("pk_campaign_fight_gangs")),
    )


def downgrade() -> None:
    """Drop the campaign tables."""
    op.drop_table("campaign_fight_gangs")
    op.drop_index(op.f("ix_campaign_fights_campaign_id"), table_name="campaign_fights")
    op.drop_table("campaign_fights")
    op.drop_index(op.f("ix_campaign_gangs_campaign_id"), table_name="campaign_gangs")
    op.drop_table("campaign_gangs")
    op.drop_table("campaigns")
