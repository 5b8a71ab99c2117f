"""Campaigns in the browser: campaigns, their gangs, fights and aftermaths (issue 23).

Revision ID: 0006
Revises: 0005

Reserved in the chain so that work on several features can land in any order;
its tables are added with the feature.
"""

from __future__ import annotations

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Nothing yet."""


def downgrade() -> None:
    """Nothing yet."""
