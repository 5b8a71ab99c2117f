"""Several server processes on one PostgreSQL: the bots' turns and their leases (issue 28).

Revision ID: 0009
Revises: 0008

``web_bot_turns`` holds one row per web game whose bot is to act: the position at which it
decides, its seat, and which server process plays it until when (a lease; none: free).
A row is current only while its game has exactly ``position`` actions.
"""

from __future__ import annotations

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0009"
down_revision: str | None = "0008"


def _turns(table: str) -> helpers.Items:
    return [
        *helpers.belongs_to(table, "game_id", "web_games", sa.String(length=40)),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=True),
        helpers.moment("expires_at", nullable=True),
        helpers.primary_key(table, "game_id"),
    ]


upgrade, downgrade = helpers.creating(helpers.NewTable("web_bot_turns", _turns))
