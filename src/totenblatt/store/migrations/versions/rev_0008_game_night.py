"""A game night: names, chat, rematch and takeback of web games (issue 24).

Revision ID: 0008
Revises: 0007

Reserved in the chain so that work on several features can land in any order;
its tables are added with the feature.
"""

from __future__ import annotations

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Nothing yet."""


def downgrade() -> None:
    """Nothing yet."""
