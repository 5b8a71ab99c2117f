"""Campaigns in the browser: campaigns, their gangs, fights and aftermaths (issue 23).

Revision ID: 0006
Revises: 0005

A campaign groups stored gangs (each in one campaign at most) and plays their fights as
web games; tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    """Create campaigns, campaign_gangs, campaign_fights and campaign_fight_gangs."""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("lang", sa.String(length=5), nullable=False),
        sa.Column("admin_hash", sa.String(length=64), nullable=False),
        helpers.moment(),
        helpers.primary_key("campaigns"),
    )
    op.create_table(
        "campaign_gangs",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("campaign_id", sa.String(length=24), nullable=False),
        sa.Column("gang_id", sa.Integer(), nullable=False),
        sa.Column("owner_hash", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        helpers.moment(),
        helpers.references("campaign_gangs", "campaign_id", "campaigns"),
        helpers.references("campaign_gangs", "gang_id", "gangs"),
        helpers.primary_key("campaign_gangs"),
        helpers.unique("campaign_gangs", "gang_id"),
    )
    helpers.create_index("campaign_gangs", "campaign_id")
    op.create_table(
        "campaign_fights",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("campaign_id", sa.String(length=24), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("scenario", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=500), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        helpers.moment(),
        helpers.moment("recorded_at", nullable=True),
        helpers.references("campaign_fights", "campaign_id", "campaigns"),
        helpers.primary_key("campaign_fights"),
        helpers.unique("campaign_fights", "game_id"),
    )
    helpers.create_index("campaign_fights", "campaign_id")
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
        helpers.moment("confirmed_at", nullable=True),
        helpers.references("campaign_fight_gangs", "fight_id", "campaign_fights"),
        helpers.references("campaign_fight_gangs", "gang_id", "campaign_gangs"),
        helpers.primary_key("campaign_fight_gangs", "fight_id", "gang_id"),
    )


def downgrade() -> None:
    """Drop the campaign tables."""
    op.drop_table("campaign_fight_gangs")
    helpers.drop_index("campaign_fights", "campaign_id")
    op.drop_table("campaign_fights")
    helpers.drop_index("campaign_gangs", "campaign_id")
    op.drop_table("campaign_gangs")
    op.drop_table("campaigns")
