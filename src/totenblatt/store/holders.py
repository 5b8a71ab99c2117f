"""Who holds a stored gang or sheet: the campaign or story of the web table that brought it
in by reference. A held item is brought into no other campaign or story (issue 38); the
command line shows its holder (``gang show``, ``character show``), the operator's
``GET /api/store`` lists every stored item with it.

>>> from totenblatt.store import Store
>>> from totenblatt.rpg.character import Character
>>> with Store("sqlite:///:memory:") as store:
...     _ = store.characters.create(Character.create("Trevor"))
...     Holders(store).of_sheet("trevor") is None, [s.name for s in Holders(store).sheets()]
(True, ['Trevor'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign.gang import name_key
from totenblatt.messages import Message
from totenblatt.store.database import StoreError
from totenblatt.store.models import CampaignGangRow, CampaignRow, CharacterRow, GangRow
from totenblatt.store.story_rows import StoryRow, StorySheetRow

if TYPE_CHECKING:
    from totenblatt.store.core import Database

__all__ = ["HeldError", "Holder", "Holders", "StoredItem", "refuse_held", "sheet_holder"]


class HeldError(StoreError):
    """The item is held by another story or campaign (its holder is not named)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """A campaign or story of the web table (``kind``: ``campaign`` or ``story``)."""

    kind: str
    id: str
    name: str

    def to_dict(self) -> dict[str, str]:
        """As JSON."""
        return {"kind": self.kind, "id": self.id, "name": self.name}


@dataclass(frozen=True, slots=True)
class StoredItem:
    """A stored gang or sheet by name, and who holds it (None: nobody)."""

    name: str
    held_by: Holder | None

    def to_dict(self) -> dict[str, Any]:
        """As JSON."""
        return {
            "name": self.name,
            "held_by": None if self.held_by is None else self.held_by.to_dict(),
        }


def sheet_holder(session: Session, sheet_id: int, *, but: str | None = None) -> Holder | None:
    """The story (other than ``but``) that holds the stored sheet ``sheet_id``, or None."""
    stmt = (
        select(StoryRow.id, StoryRow.name)
        .join(StorySheetRow, StorySheetRow.story_id == StoryRow.id)
        .where(StorySheetRow.sheet_id == sheet_id)
        .order_by(StoryRow.created_at)
    )
    if but is not None:
        stmt = stmt.where(StoryRow.id != but)
    row = session.execute(stmt).first()
    return None if row is None else Holder("story", row.id, row.name)


def refuse_held(holder: Holder | None, what: str) -> None:
    """Refuse to bring in an item another story or campaign holds (without naming it)."""
    if holder is not None:
        raise HeldError(
            Message("{what} is held by another story or campaign", what=repr(what[:60]))
        )


class Holders:
    """Who holds the stored gangs and sheets of one :class:`~totenblatt.store.core.Database`."""

    def __init__(self, store: Database) -> None:
        self.store = store

    def gangs(self) -> list[StoredItem]:
        """Every stored gang by name, with the campaign that holds it."""
        with self.store.transaction(write=False) as session:
            rows = session.execute(
                select(GangRow.name, CampaignRow.id, CampaignRow.name.label("campaign"))
                .outerjoin(CampaignGangRow, CampaignGangRow.gang_id == GangRow.id)
                .outerjoin(CampaignRow, CampaignRow.id == CampaignGangRow.campaign_id)
                .order_by(GangRow.name_key)
            ).all()
            return [
                StoredItem(r.name, None if r.id is None else Holder("campaign", r.id, r.campaign))
                for r in rows
            ]

    def sheets(self) -> list[StoredItem]:
        """Every stored sheet by name, with the story that holds it."""
        with self.store.transaction(write=False) as session:
            rows = session.execute(
                select(CharacterRow.id, CharacterRow.name).order_by(CharacterRow.name_key)
            ).all()
            return [StoredItem(r.name, sheet_holder(session, r.id)) for r in rows]

    def of_gang(self, name: str) -> Holder | None:
        """The campaign that holds the stored gang ``name`` (exact name), or None."""
        with self.store.transaction(write=False) as session:
            row = session.execute(
                select(CampaignRow.id, CampaignRow.name)
                .join(CampaignGangRow, CampaignGangRow.campaign_id == CampaignRow.id)
                .join(GangRow, GangRow.id == CampaignGangRow.gang_id)
                .where(GangRow.name_key == name_key(name))
            ).first()
            return None if row is None else Holder("campaign", row.id, row.name)

    def of_sheet(self, name: str) -> Holder | None:
        """The story that holds the stored sheet ``name`` (exact name), or None."""
        with self.store.transaction(write=False) as session:
            found = session.scalars(
                select(CharacterRow.id).where(CharacterRow.name_key == name_key(name))
            ).first()
            return None if found is None else sheet_holder(session, found)
