"""The card-test RPG at the table: stories, sheets in a story, tests and their draws (issue 25).

Revision ID: 0007
Revises: 0006

The rows are :mod:`totenblatt.store.story_rows`. A story's ``seed`` shuffles its piles
and is never sent; its game master's and players' tokens are stored as SHA-256 only.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from totenblatt.store.migrations import helpers

revision = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    """Create the stories, story_sheets, story_tests and story_log tables."""
    op.create_table(
        "stories",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("lang", sa.String(length=5), nullable=False),
        sa.Column("ruleset", sa.String(length=200), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("gm_hash", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        helpers.moment(),
        helpers.moment("updated_at"),
        helpers.primary_key("stories"),
    )
    op.create_table(
        "story_sheets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("sheet_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        helpers.references("story_sheets", "story_id", "stories"),
        helpers.references("story_sheets", "sheet_id", "characters", ondelete="SET NULL"),
        helpers.primary_key("story_sheets"),
        helpers.unique("story_sheets", "story_id", "position"),
    )
    helpers.create_index("story_sheets", "story_id")
    helpers.create_index("story_sheets", "sheet_id")
    op.create_table(
        "story_tests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        helpers.moment(),
        helpers.moment("updated_at"),
        helpers.references("story_tests", "story_id", "stories"),
        helpers.primary_key("story_tests"),
        helpers.unique("story_tests", "story_id", "number"),
    )
    helpers.create_index("story_tests", "story_id")
    op.create_table(
        "story_log",
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        helpers.moment(),
        helpers.references("story_log", "story_id", "stories"),
        helpers.primary_key("story_log", "story_id", "position"),
    )


def downgrade() -> None:
    """Drop the story tables."""
    op.drop_table("story_log")
    helpers.drop_index("story_tests", "story_id")
    op.drop_table("story_tests")
    helpers.drop_index("story_sheets", "sheet_id")
    helpers.drop_index("story_sheets", "story_id")
    op.drop_table("story_sheets")
    op.drop_table("stories")
