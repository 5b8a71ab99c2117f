"""Web games remember who created them, for the limit of bot-only games per client.

Revision ID: 0005
Revises: 0004

``owner`` is a hash of the creating client's address (never the address itself);
games created before have none and count against the server's total only.
"""

from __future__ import annotations

from alembic import op

from totenblatt.store.migrations import helpers

revision = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    """Add ``web_games.owner`` (nullable)."""
    op.add_column("web_games", helpers.digest("owner", nullable=True))


def downgrade() -> None:
    """Drop ``web_games.owner``."""
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("owner")
