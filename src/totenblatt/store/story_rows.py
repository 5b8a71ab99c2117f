"""SQLAlchemy rows of the card-test RPG at the table (issue 25, migration 0007).

A story (session) holds its game master's token hash and the secret seed its piles
are shuffled from; its sheets, tests and log hang off it. They are declared on the
one :class:`~totenblatt.store.models.Base`, so the migrated schema is compared with
them like every other table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from totenblatt.store.models import Base

__all__ = ["StoryLogRow", "StoryRow", "StorySheetRow", "StoryTestRow"]


class StoryRow(Base):
    """A story: its name, language, RPG ruleset, the secret ``seed`` of its piles (never
    sent), the SHA-256 of the game master's token and a ``version`` counting its changes.

    The id is random (96 bits): whoever knows it may read the public part."""

    __tablename__ = "stories"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(5))
    ruleset: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int] = mapped_column(BigInteger)
    gm_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StorySheetRow(Base):
    """A character sheet in a story: ``data`` is ``Character.to_dict()``; a sheet brought
    in from the store keeps its row's id in ``sheet_id`` (the CLI's ``character`` shows the
    same sheet) and ``data`` mirrors it; ``token_hash`` is its player's (None: an NPC)."""

    __tablename__ = "story_sheets"
    __table_args__ = (UniqueConstraint("story_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    story_id: Mapped[str] = mapped_column(ForeignKey("stories.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    sheet_id: Mapped[int | None] = mapped_column(
        ForeignKey("characters.id", ondelete="SET NULL"), index=True
    )
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    token_hash: Mapped[str | None] = mapped_column(String(64))


class StoryTestRow(Base):
    """A test of a story: what the game master called (``spec``: sides, levels, shifts),
    how far the drawing is (``state``), ``status`` (drawing, done, cancelled) and the
    core's ``result`` once done. ``number`` counts from 1 per story and seeds its piles."""

    __tablename__ = "story_tests"
    __table_args__ = (UniqueConstraint("story_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    story_id: Mapped[str] = mapped_column(ForeignKey("stories.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(20))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StoryLogRow(Base):
    """One entry of a story's log (what happened, as data the text layer words)."""

    __tablename__ = "story_log"

    story_id: Mapped[str] = mapped_column(
        ForeignKey("stories.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
