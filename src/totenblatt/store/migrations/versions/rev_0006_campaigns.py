"""Campaigns in the browser: campaigns, their gangs, fights and aftermaths (issue 23).

Revision ID: 0006
Revises: 0005

A campaign groups stored gangs (each in one campaign at most) and plays their fights as
web games; tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0006"
down_revision: str | None = "0005"


def _campaigns(table: str) -> helpers.Items:
    return [
        helpers.text_id(24),
        sa.Column("name", sa.String(length=200), nullable=False),
        helpers.lang(),
        helpers.digest("admin_hash"),
        helpers.moment(),
        helpers.primary_key(table),
    ]


def _gangs(table: str) -> helpers.Items:
    return [
        helpers.text_id(24),
        *helpers.belongs_to(table, "campaign_id", "campaigns", sa.String(length=24)),
        *helpers.belongs_to(table, "gang_id", "gangs", sa.Integer()),
        helpers.digest("owner_hash"),
        sa.Column("position", sa.Integer(), nullable=False),
        helpers.moment(),
        helpers.primary_key(table),
        helpers.unique(table, "gang_id"),
    ]


def _fights(table: str) -> helpers.Items:
    return [
        helpers.text_id(24),
        *helpers.belongs_to(table, "campaign_id", "campaigns", sa.String(length=24)),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("scenario", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=500), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        helpers.moment(),
        helpers.moment("recorded_at", nullable=True),
        helpers.primary_key(table),
        helpers.unique(table, "game_id"),
    ]


def _fight_gangs(table: str) -> helpers.Items:
    return [
        *helpers.belongs_to(table, "fight_id", "campaign_fights", sa.String(length=24)),
        *helpers.belongs_to(table, "gang_id", "campaign_gangs", sa.String(length=24)),
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
        helpers.primary_key(table, "fight_id", "gang_id"),
    ]


upgrade, downgrade = helpers.creating(
    helpers.NewTable("campaigns", _campaigns),
    helpers.NewTable("campaign_gangs", _gangs, indexes=("campaign_id",)),
    helpers.NewTable("campaign_fights", _fights, indexes=("campaign_id",)),
    helpers.NewTable("campaign_fight_gangs", _fight_gangs),
)
