"""What the server refuses, as exceptions: each carries its HTTP status and a message."""

from __future__ import annotations

__all__ = [
    "BusyError",
    "ClientGoneError",
    "ConflictError",
    "ForbiddenError",
    "InvalidError",
    "NotFoundError",
    "TooLargeError",
    "TooManyRequestsError",
    "UnauthorizedError",
    "WebError",
]


class WebError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, ``message`` says why."""

    status = 400

    retry_after: int | None = None
    """Seconds after which the same request may succeed (the ``Retry-After`` header)."""

    def __init__(self, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if retry_after is not None:
            self.retry_after = retry_after


class NotFoundError(WebError):
    """No such game."""

    status = 404


class UnauthorizedError(WebError):
    """No token given."""

    status = 401


class ForbiddenError(WebError):
    """A token that is not one of this game's, or a spectator trying to act."""

    status = 403


class ConflictError(WebError):
    """The action cannot be applied now: illegal, not this seat's decision, or raced."""

    status = 409


class InvalidError(WebError):
    """The request is not what the API expects (unknown scenario, malformed action…)."""

    status = 422


class BusyError(WebError):
    """The server cannot take this now: as many running games as it may, or no database."""

    status = 503


class TooManyRequestsError(WebError):
    """A client over its budget (:mod:`~totenblatt.web.shell.limits`): ``retry_after`` says when."""

    status = 429
    retry_after = 60


class ClientGoneError(WebError):
    """The client left before its request body was complete (nobody reads the answer)."""

    status = 400


class TooLargeError(WebError):
    """A body or message over the size limit."""

    status = 413
