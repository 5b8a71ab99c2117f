"""A game that lasts days: its clock (issue 42).

Revision ID: 0010
Revises: 0009

``web_games`` gains ``clock`` (JSON; none for a game without one): the rule, every seat's
time left and whose clock runs since when (web/table/clock.py's stored form). A seat's
webhook lives in the seats' JSON beside its other options.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"


def upgrade() -> None:
    """Add web_games.clock."""
    with op.batch_alter_table("web_games") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop web_games.clock."""
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("clock")
