"""SQLAlchemy 2 ORM models: gangs, their members, RPG characters, the audit log of every change.

The schema itself is created by the Alembic migrations in ``totenblatt.store.migrations``;
a test checks that these models and the migrated schema agree.
"""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "AuditRow",
    "Base",
    "CampaignFightGangRow",
    "CampaignFightRow",
    "CampaignGangRow",
    "CampaignRow",
    "CharacterRow",
    "GangRow",
    "MemberRow",
    "WebActionRow",
    "WebBotTurnRow",
    "WebChatRow",
    "WebGameRow",
    "WebTakebackRow",
    "from_row",
]

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with constraint names that are the same on every database."""

    metadata = MetaData(naming_convention=NAMING)


R = TypeVar("R", bound="DataclassInstance")


def from_row(record: type[R], row: Base, **given: Any) -> R:
    """The ``record`` (a dataclass) a row holds: each field the row's value of the same name,
    but those ``given`` (the values a row keeps in another form, or does not keep)."""
    taken = {f.name: getattr(row, f.name) for f in fields(record) if f.name not in given}
    return record(**taken, **given)


class GangRow(Base):
    """A gang: ``name_key`` (case-folded name) is unique; ``size`` is what it refills to."""

    __tablename__ = "gangs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), unique=True)
    ruleset: Mapped[str] = mapped_column(String(500))
    size: Mapped[int] = mapped_column(Integer)
    fights: Mapped[int] = mapped_column(Integer, default=0)
    lost_heroes: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    members: Mapped[list[MemberRow]] = relationship(
        back_populates="gang",
        cascade="all, delete-orphan",
        order_by="MemberRow.position",
        passive_deletes=True,
    )


class MemberRow(Base):
    """A member, living or former (``status``); names are unique within a gang.

    ``weapon`` is a weapon key of the gang's ruleset (migration 0004; older rows were armed
    by roster place as new gangs are).
    """

    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("gang_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    hp: Mapped[int] = mapped_column(Integer)
    hp_max: Mapped[int] = mapped_column(Integer)
    abilities: Mapped[list[str]] = mapped_column(JSON, default=list)
    fights_survived: Mapped[int] = mapped_column(Integer, default=0)
    kind_fights: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(20))
    weapon: Mapped[str] = mapped_column(String(40), server_default="colt")
    gang: Mapped[GangRow] = relationship(back_populates="members")


class AuditRow(Base):
    """One change made by one command: what, when, the seed, the state before and after.

    ``before`` holds everything needed to undo it; ``undone_at`` marks an undone change.
    """

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subject_kind: Mapped[str] = mapped_column(String(20))
    subject: Mapped[str] = mapped_column(String(200), index=True)
    gang_id: Mapped[int | None] = mapped_column(
        ForeignKey("gangs.id", ondelete="CASCADE"), index=True
    )
    what: Mapped[str] = mapped_column(String(50))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seed: Mapped[int | None] = mapped_column(BigInteger)
    args: Mapped[dict[str, Any]] = mapped_column(JSON)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CharacterRow(Base):
    """An RPG character (seed 004): ``data`` is ``Character.to_dict()``; names unique."""

    __tablename__ = "characters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200), unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class WebGameRow(Base):
    """A game of the web table: its setup as a referee save (with the secret seed), never sent.

    ``seats`` holds per seat its kind and the SHA-256 of its token (none for bots); the
    spectator token is public (the lobby lists it); ``summary`` is what the lobby shows;
    ``status`` is playing, over or abandoned (nobody acted for the server's idle time);
    ``owner`` a hash of the creating client's address (migration 0005; none before).
    """

    __tablename__ = "web_games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    scenario: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(5))
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    spectator_token: Mapped[str] = mapped_column(String(64))
    setup: Mapped[str] = mapped_column(Text)
    actions: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(20), index=True)
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    owner: Mapped[str | None] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(40))
    """The game's name (migration 0008; the players' names are in ``seats``)."""
    rematch_id: Mapped[str | None] = mapped_column(String(40))
    """The game this one's rematch became (migration 0008)."""
    takeback: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The takeback being asked: ``{"by", "accepted", "position"}`` (migration 0008)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """A game that lasts days: its clock's stored form (migration 0010; none: no clock)."""


class WebActionRow(Base):
    """One action of a web game in the engine's JSON form; ``position`` counts from 0 per game."""

    __tablename__ = "web_actions"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CampaignRow(Base):
    """A campaign of the web table (issue 23): its name, language and the arbitrator's token
    (its SHA-256 only; migration 0006). The id is random: it is the public link."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(5))
    admin_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CampaignGangRow(Base):
    """A stored gang in a campaign (at most one campaign per gang), with its owner's token hash."""

    __tablename__ = "campaign_gangs"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    gang_id: Mapped[int] = mapped_column(ForeignKey("gangs.id", ondelete="CASCADE"), unique=True)
    owner_hash: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CampaignFightRow(Base):
    """A fight of a campaign, played as the web game ``game_id``; ``seed`` (secret, never sent)
    draws its aftermath; ``status`` is playing until every gang confirmed, then recorded."""

    __tablename__ = "campaign_fights"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    game_id: Mapped[str] = mapped_column(String(40), unique=True)
    scenario: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(500))
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    recorded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CampaignFightGangRow(Base):
    """One gang's side of a campaign fight: its seat, who plays it, the gang as it went in
    (``before``), who sat out, its figures, the sacrifice chosen at a concession, and its
    aftermath once confirmed (``confirmed_at`` is set once: a second confirmation finds it)."""

    __tablename__ = "campaign_fight_gangs"

    fight_id: Mapped[str] = mapped_column(
        ForeignKey("campaign_fights.id", ondelete="CASCADE"), primary_key=True
    )
    gang_id: Mapped[str] = mapped_column(
        ForeignKey("campaign_gangs.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    before: Mapped[dict[str, Any]] = mapped_column(JSON)
    absent: Mapped[list[str]] = mapped_column(JSON)
    figures: Mapped[list[list[str]]] = mapped_column(JSON)
    sacrifice: Mapped[str | None] = mapped_column(String(200))
    result: Mapped[str | None] = mapped_column(String(20))
    kills: Mapped[int | None] = mapped_column(Integer)
    choices: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WebBotTurnRow(Base):
    """A bot is to act in a web game (migration 0009): the game's ``position`` at which it
    decides and its ``seat``, with the lease of the server process that plays it (``holder``
    until ``expires_at``; none: nobody). Current only while the game has ``position`` actions."""

    __tablename__ = "web_bot_turns"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    holder: Mapped[str | None] = mapped_column(String(64))
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WebChatRow(Base):
    """One chat line of a web game (migration 0008): ``seat`` None for a spectator; an
    ``emote`` is one of the quick emotes (its words are the reader's language's)."""

    __tablename__ = "web_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(500))
    emote: Mapped[str | None] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class WebTakebackRow(Base):
    """A takeback of a web game (migration 0008): ``seat`` asked to take back action number
    ``position``; ``outcome`` undone (``answered_by``: who accepted) or refused (who refused);
    ``events`` is where it stands in the log, ``undone`` the public events taken back."""

    __tablename__ = "web_takebacks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(20))
    answered_by: Mapped[list[int]] = mapped_column(JSON)
    events: Mapped[int] = mapped_column(Integer)
    undone: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
