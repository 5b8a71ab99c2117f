"""A game night: names, chat, rematch and takeback of web games (issue 24).

Revision ID: 0008
Revises: 0007

``web_games`` gains the game's ``name``, the game its rematch became (``rematch_id``) and
the takeback being asked (``takeback``, JSON); the players' names and their options live
in the seats' JSON. ``web_chat`` holds the chat (bounded per game), ``web_takebacks`` the
takebacks done or refused, for the log and the replay.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0008"
down_revision: str | None = "0007"


def _chat(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *helpers.belongs_to(table, "game_id", "web_games", sa.String(length=40)),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("emote", sa.String(length=20), nullable=True),
        helpers.moment(),
        helpers.primary_key(table),
    ]


def _takebacks(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *helpers.belongs_to(table, "game_id", "web_games", sa.String(length=40)),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.Column("answered_by", sa.JSON(), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("undone", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.primary_key(table),
    ]


TABLES = (
    helpers.NewTable("web_chat", _chat, indexes=("game_id",)),
    helpers.NewTable("web_takebacks", _takebacks, indexes=("game_id",)),
)


def upgrade() -> None:
    """Add the game's name, rematch and takeback; create web_chat and web_takebacks."""
    with op.batch_alter_table("web_games") as batch:
        batch.add_column(sa.Column("name", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("takeback", sa.JSON(), nullable=True))
    helpers.create_tables(*TABLES)


def downgrade() -> None:
    """Drop web_takebacks and web_chat, and the new columns of web_games."""
    helpers.drop_tables(*TABLES)
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("takeback")
        batch.drop_column("rematch_id")
        batch.drop_column("name")
