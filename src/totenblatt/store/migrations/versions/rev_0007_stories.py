"""The card-test RPG at the table: stories, sheets in a story, tests and their draws (issue 25).

Revision ID: 0007
Revises: 0006

Reserved in the chain so that work on several features can land in any order;
its tables are added with the feature.
"""

from __future__ import annotations

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Nothing yet."""


def downgrade() -> None:
    """Nothing yet."""
