"""Games of the web table and their actions.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


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
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_games")),
    )
    op.create_index(op.f("ix_web_games_status"), "web_games", ["status"], unique=False)
    op.create_table(
        "web_actions",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["web_games.id"],
            name=op.f("fk_web_actions_game_id_web_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "position", name=op.f("pk_web_actions")),
    )


def downgrade() -> None:
    """Drop the web tables."""
    op.drop_table("web_actions")
    op.drop_index(op.f("ix_web_games_status"), table_name="web_games")
    op.drop_table("web_games")
