"""RPG characters.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0002"
down_revision: str | None = "0001"


def _characters(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *helpers.named(),
        sa.Column("data", sa.JSON(), nullable=False),
        *helpers.stamps(),
        helpers.primary_key(table),
        helpers.unique(table, "name_key"),
    ]


upgrade, downgrade = helpers.creating(helpers.NewTable("characters", _characters))
