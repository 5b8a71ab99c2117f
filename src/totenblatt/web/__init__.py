"""The browser table: a server-authoritative web game of Wanted (FastAPI + uvicorn).

:func:`create_app` builds the application; ``totenblatt serve`` runs it. The
server holds every game (setup and actions in the database, the seed never sent),
each seat gets its own view over HTTP and a WebSocket, and the page (ES modules,
SVG, CSS: package data, no build step) lets people play by pointing. See
``docs/web.md``.
"""

from totenblatt.web.app import MAX_BODY, ServerSettings, create_app

__all__ = ["MAX_BODY", "ServerSettings", "create_app"]
