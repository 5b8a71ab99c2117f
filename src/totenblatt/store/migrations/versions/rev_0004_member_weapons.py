"""Members carry a weapon.

Revision ID: 0004
Revises: 0003

Existing members are armed by roster place as new gangs are (``DEFAULT_WEAPONS`` of
:mod:`totenblatt.campaign.creation`, copied here so the migration never changes):
winchester, colt, shotgun, colt, winchester, round-robin from the leader.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"

_BY_PLACE = ("winchester", "colt", "shotgun", "colt", "winchester")


def upgrade() -> None:
    """Add ``members.weapon`` (default colt) and arm the existing members by roster place."""
    op.add_column(
        "members",
        sa.Column("weapon", sa.String(length=40), server_default="colt", nullable=False),
    )
    members = sa.table("members", sa.column("position", sa.Integer), sa.column("weapon"))
    place = members.c.position % len(_BY_PLACE)
    op.execute(
        members.update().values(
            weapon=sa.case({i: w for i, w in enumerate(_BY_PLACE)}, value=place, else_="colt")
        )
    )


def downgrade() -> None:
    """Drop ``members.weapon``."""
    with op.batch_alter_table("members") as batch:
        batch.drop_column("weapon")
