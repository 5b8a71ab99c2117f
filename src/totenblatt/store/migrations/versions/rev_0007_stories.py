"""The card-test RPG at the table: stories, sheets in a story, tests and their draws (issue 25).

Revision ID: 0007
Revises: 0006

The rows are :mod:`totenblatt.store.story_rows`. A story's ``seed`` shuffles its piles
and is never sent; its game master's and players' tokens are stored as SHA-256 only.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


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
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stories")),
    )
    op.create_table(
        "story_sheets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("sheet_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["story_id"],
            ["stories.id"],
            name=op.f("fk_story_sheets_story_id_stories"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["sheet_id"],
            ["characters.id"],
            name=op.f("fk_story_sheets_sheet_id_characters"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_story_sheets")),
        sa.UniqueConstraint("story_id", "position", name=op.f("uq_story_sheets_story_id")),
    )
    op.create_index(op.f("ix_story_sheets_story_id"), "story_sheets", ["story_id"])
    op.create_index(op.f("ix_story_sheets_sheet_id"), "story_sheets", ["sheet_id"])
    op.create_table(
        "story_tests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["story_id"],
            ["stories.id"],
            name=op.f("fk_story_tests_story_id_stories"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_story_tests")),
        sa.UniqueConstraint("story_id", "number", name=op.f("uq_story_tests_story_id")),
    )
    op.create_index(op.f("ix_story_tests_story_id"), "story_tests", ["story_id"])
    op.create_table(
        "story_log",
        sa.Column("story_id", sa.String(length=40), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["story_id"],
            ["stories.id"],
            name=op.f("fk_story_log_story_id_stories"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("story_id", "position", name=op.f("pk_story_log")),
    )


def downgrade() -> None:
    """Drop the story tables."""
    op.drop_table("story_log")
    op.drop_index(op.f("ix_story_tests_story_id"), table_name="story_tests")
    op.drop_table("story_tests")
    op.drop_index(op.f("ix_story_sheets_sheet_id"), table_name="story_sheets")
    op.drop_index(op.f("ix_story_sheets_story_id"), table_name="story_sheets")
    op.drop_table("story_sheets")
    op.drop_table("stories")
