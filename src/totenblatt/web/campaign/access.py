"""Who asks: the campaign's arbitrator, a gang's owner, or the public (no token).

Tokens come from :mod:`secrets`; only their SHA-256 is stored (the table's
:func:`~totenblatt.web.shell.tokens.hash_token`), and a token is compared with every stored
hash in constant time, whichever matches.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from totenblatt.store.campaign_records import CampaignRecord
from totenblatt.web.shell.errors import ForbiddenError, UnauthorizedError
from totenblatt.web.shell.tokens import hash_token

__all__ = ["Who", "new_id", "new_token", "who_is"]


def new_token() -> tuple[str, str]:
    """A new secret token and its hash (the hash is stored, the token shown once)."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def new_id(size: int = 9) -> str:
    """A random id for a campaign (its public link), a gang in it or a fight."""
    return secrets.token_urlsafe(size)


@dataclass(frozen=True, slots=True)
class Who:
    """The arbitrator (``admin``), the owner of the campaign gang ``gang_id``, or the public."""

    admin: bool = False
    gang_id: str | None = None

    @property
    def role(self) -> str:
        """``admin``, ``owner`` or ``public``."""
        return "admin" if self.admin else "owner" if self.gang_id else "public"

    def may_change(self, gang_id: str) -> bool:
        """True for the arbitrator and the gang's own owner."""
        return self.admin or self.gang_id == gang_id

    def need_admin(self) -> None:
        """Refuse anyone but the arbitrator (401 without a token, 403 with another)."""
        if not self.admin:
            if self.role == "public":
                raise UnauthorizedError("this needs the campaign's arbitrator token")
            raise ForbiddenError("only the campaign's arbitrator may do this")

    def need_gang(self, gang_id: str) -> None:
        """Refuse anyone but the gang's owner and the arbitrator."""
        if not self.may_change(gang_id):
            if self.role == "public":
                raise UnauthorizedError("this needs the gang owner's token")
            raise ForbiddenError("an owner changes only its own gang")


def who_is(record: CampaignRecord, token: str | None) -> Who:
    """Who ``token`` is in the campaign ``record``; no token is the public.

    A token of nobody in this campaign is refused (403), as at the game table.
    """
    if not token:
        return Who()
    given = hash_token(token)
    admin = hmac.compare_digest(given, record.admin_hash)
    owner: str | None = None
    for gang in record.gangs:
        if hmac.compare_digest(given, gang.owner_hash) and owner is None:
            owner = gang.id
    if not admin and owner is None:
        raise ForbiddenError("that token does not belong to this campaign")
    return Who(admin=admin, gang_id=owner)
