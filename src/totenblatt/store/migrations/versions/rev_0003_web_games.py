"""Games of the web table and their actions.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0003"
down_revision: str | None = "0002"


def _games(table: str) -> helpers.Items:
    return [
        helpers.text_id(40),
        sa.Column("scenario", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=200), nullable=False),
        helpers.lang(),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("spectator_token", sa.String(length=64), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("actions", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
        *helpers.stamps(),
        helpers.primary_key(table),
    ]


def _actions(table: str) -> helpers.Items:
    return helpers.entries(table, "game_id", "web_games", sa.String(length=40), "action")


upgrade, downgrade = helpers.creating(
    helpers.NewTable("web_games", _games, indexes=("status",)),
    helpers.NewTable("web_actions", _actions),
)
