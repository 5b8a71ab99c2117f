"""The card-test RPG at the table: stories, sheets in a story, tests and their draws (issue 25).

Revision ID: 0007
Revises: 0006

The rows are :mod:`totenblatt.store.story_rows`. A story's ``seed`` shuffles its piles
and is never sent; its game master's and players' tokens are stored as SHA-256 only.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from totenblatt.store.migrations import helpers

revision = "0007"
down_revision: str | None = "0006"


def _stories(table: str) -> helpers.Items:
    return [
        helpers.text_id(40),
        sa.Column("name", sa.String(length=200), nullable=False),
        helpers.lang(),
        sa.Column("ruleset", sa.String(length=200), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        helpers.digest("gm_hash"),
        sa.Column("version", sa.Integer(), nullable=False),
        *helpers.stamps(),
        helpers.primary_key(table),
    ]


def _story(table: str) -> tuple[sa.Column[Any], sa.ForeignKeyConstraint]:
    """The story a row of ``table`` belongs to (``story_id``)."""
    return helpers.belongs_to(table, "story_id", "stories", sa.String(length=40))


def _sheets(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *_story(table),
        sa.Column("position", sa.Integer(), nullable=False),
        *helpers.belongs_to(
            table, "sheet_id", "characters", sa.Integer(), nullable=True, ondelete="SET NULL"
        ),
        sa.Column("data", sa.JSON(), nullable=False),
        helpers.digest("token_hash", nullable=True),
        helpers.primary_key(table),
        helpers.unique(table, "story_id", "position"),
    ]


def _tests(table: str) -> helpers.Items:
    return [
        helpers.row_id(),
        *_story(table),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        *helpers.stamps(),
        helpers.primary_key(table),
        helpers.unique(table, "story_id", "number"),
    ]


def _log(table: str) -> helpers.Items:
    return helpers.entries(table, "story_id", "stories", sa.String(length=40), "entry")


upgrade, downgrade = helpers.creating(
    helpers.NewTable("stories", _stories),
    helpers.NewTable("story_sheets", _sheets, indexes=("story_id", "sheet_id")),
    helpers.NewTable("story_tests", _tests, indexes=("story_id",)),
    helpers.NewTable("story_log", _log),
)
