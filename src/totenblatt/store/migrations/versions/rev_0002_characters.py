"""RPG characters.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    """Create the characters table."""
    op.create_table(
        "characters",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=200), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.moment("updated_at"),
        helpers.primary_key("characters"),
        helpers.unique("characters", "name_key"),
    )


def downgrade() -> None:
    """Drop the characters table."""
    op.drop_table("characters")
