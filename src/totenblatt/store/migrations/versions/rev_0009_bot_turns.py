"""Several server processes on one PostgreSQL: the bots' turns and their leases (issue 28).

Revision ID: 0009
Revises: 0008

``web_bot_turns`` holds one row per web game whose bot is to act: the position at which it
decides, its seat, and which server process plays it until when (a lease; none: free).
A row is current only while its game has exactly ``position`` actions.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0009"
down_revision: str | None = "0008"


def upgrade() -> None:
    """Create web_bot_turns."""
    op.create_table(
        "web_bot_turns",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=True),
        helpers.moment("expires_at", nullable=True),
        helpers.references("web_bot_turns", "game_id", "web_games"),
        helpers.primary_key("web_bot_turns", "game_id"),
    )


def downgrade() -> None:
    """Drop web_bot_turns."""
    op.drop_table("web_bot_turns")
