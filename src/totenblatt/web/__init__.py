"""The browser table: a server-authoritative web game of Wanted (FastAPI + uvicorn).

:func:`create_app` builds the application; ``totenblatt serve`` runs it
(:func:`uvicorn_config`: read timeouts, no implicit proxy trust). The
server holds every game (setup and actions in the database, the seed never sent),
each seat gets its own view over HTTP and a WebSocket, and the page (ES modules,
SVG, CSS: package data, no build step) lets people play by pointing. Each client
has budgets and the server its limits (:class:`Limits`). See ``docs/web.md``.
"""

from totenblatt.web.app import MAX_BODY, ServerSettings, create_app
from totenblatt.web.shell.limits import Limits
from totenblatt.web.shell.operator import new_operator_token, operator_link
from totenblatt.web.shell.proxies import OriginError, Proxies, normalise_origin
from totenblatt.web.shell.server import uvicorn_config
from totenblatt.web.table.webhooks import allowed_host

__all__ = [
    "MAX_BODY",
    "Limits",
    "OriginError",
    "Proxies",
    "ServerSettings",
    "allowed_host",
    "create_app",
    "new_operator_token",
    "normalise_origin",
    "operator_link",
    "uvicorn_config",
]
