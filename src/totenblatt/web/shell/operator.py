"""The server's operator: whoever ran ``totenblatt serve`` and owns the command line's store.

The operator's token is given (``--operator-token``, ``$TOTENBLATT_OPERATOR_TOKEN``) or made
when the application is created; only its SHA-256 is kept (``app.state.operator_hash``) and
a token is compared in constant time. A request shows it as ``Authorization: Bearer TOKEN``
or ``X-Operator-Token: TOKEN`` (the latter beside another token, say a campaign's).
"""

from __future__ import annotations

import hmac
import secrets

from fastapi import Request

from totenblatt.web.shell.errors import ForbiddenError, UnauthorizedError
from totenblatt.web.shell.tokens import hash_token

__all__ = [
    "ENV_VAR",
    "HEADER",
    "is_operator",
    "new_operator_token",
    "operator_hash",
    "operator_link",
    "require_creator",
    "require_operator",
]

ENV_VAR = "TOTENBLATT_OPERATOR_TOKEN"
"""The environment variable that keeps the operator's token across restarts."""

HEADER = "x-operator-token"
"""The header that carries the operator's token beside another one (``Authorization``)."""


def new_operator_token() -> str:
    """A new operator token: 256 random bits from :mod:`secrets`."""
    return secrets.token_urlsafe(32)


def operator_hash(token: str) -> str:
    """What the application keeps of the token (its SHA-256)."""
    return hash_token(token)


def operator_link(base: str, token: str) -> str:
    """The operator's page with its token in the fragment (never sent in a request line)."""
    return f"{base.rstrip('/')}/operator#token={token}"


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def _matches(request: Request, token: str | None) -> bool:
    kept: str | None = getattr(request.app.state, "operator_hash", None)
    if not token or kept is None:
        return False
    return hmac.compare_digest(hash_token(token), kept)


def is_operator(request: Request) -> bool:
    """True when the request shows the operator's token (bearer or ``X-Operator-Token``)."""
    return _matches(request, _bearer(request)) or _matches(request, request.headers.get(HEADER))


def require_operator(request: Request) -> None:
    """Refuse anyone but the operator: 401 without a bearer token, 403 with another one."""
    token = _bearer(request)
    if token is None:
        raise UnauthorizedError("this needs the operator's token (Authorization: Bearer …)")
    if not _matches(request, token):
        raise ForbiddenError("that is not the operator's token")


def require_creator(request: Request) -> None:
    """Creating a story or a campaign: anybody, unless the server is ``--private`` (then
    the operator only: 401 without the token, 403 with another)."""
    if not getattr(request.app.state, "private", False) or is_operator(request):
        return
    if _bearer(request) is None and request.headers.get(HEADER) is None:
        raise UnauthorizedError("this server is private: creating needs the operator's token")
    raise ForbiddenError("this server is private: that is not the operator's token")
