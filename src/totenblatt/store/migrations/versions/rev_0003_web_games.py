"""Games of the web table and their actions.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    """Create the web_games and web_actions tables."""
    op.create_table(
        "web_games",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("scenario", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=200), nullable=False),
        sa.Column("lang", sa.String(length=5), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("spectator_token", sa.String(length=64), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("actions", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.moment("updated_at"),
        helpers.primary_key("web_games"),
    )
    helpers.create_index("web_games", "status")
    op.create_table(
        "web_actions",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.references("web_actions", "game_id", "web_games"),
        helpers.primary_key("web_actions", "game_id", "position"),
    )


def downgrade() -> None:
    """Drop the web tables."""
    op.drop_table("web_actions")
    helpers.drop_index("web_games", "status")
    op.drop_table("web_games")
