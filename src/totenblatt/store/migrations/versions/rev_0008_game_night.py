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


def upgrade() -> None:
    """Add the game's name, rematch and takeback; create web_chat and web_takebacks."""
    with op.batch_alter_table("web_games") as batch:
        batch.add_column(sa.Column("name", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("takeback", sa.JSON(), nullable=True))
    op.create_table(
        "web_chat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("emote", sa.String(length=20), nullable=True),
        helpers.moment(),
        helpers.references("web_chat", "game_id", "web_games"),
        helpers.primary_key("web_chat"),
    )
    helpers.create_index("web_chat", "game_id")
    op.create_table(
        "web_takebacks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.Column("answered_by", sa.JSON(), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("undone", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.references("web_takebacks", "game_id", "web_games"),
        helpers.primary_key("web_takebacks"),
    )
    helpers.create_index("web_takebacks", "game_id")


def downgrade() -> None:
    """Drop web_takebacks and web_chat, and the new columns of web_games."""
    helpers.drop_index("web_takebacks", "game_id")
    op.drop_table("web_takebacks")
    helpers.drop_index("web_chat", "game_id")
    op.drop_table("web_chat")
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("takeback")
        batch.drop_column("rematch_id")
        batch.drop_column("name")
