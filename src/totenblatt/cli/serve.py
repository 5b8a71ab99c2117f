"""``totenblatt serve``: run the browser table (FastAPI + uvicorn) and print its address."""

from __future__ import annotations

import logging
import math
import re
import socket
from typing import Annotated

import typer

from totenblatt.cli.app import LangOption, app, console, fail, resolve_lang
from totenblatt.messages import Message
from totenblatt.text.catalog import N_, words

__all__ = ["RedactTokens", "serve"]


class RedactTokens(logging.Filter):
    """Hides ``token=…`` in the access log, so seat tokens never land in a log file."""

    _TOKEN = re.compile(r"(token=)[^&\s\"]+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                self._TOKEN.sub(r"\1[hidden]", a) if isinstance(a, str) else a for a in record.args
            )
        return True


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the server starts so a taken port is one line."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        fail(
            Message(
                "cannot use --host {host}: {reason}", host=repr(host), reason=exc.strerror or exc
            )
        )
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        fail(
            Message(
                "cannot listen on {host}:{port}: {reason}",
                host=host,
                port=port,
                reason=exc.strerror or exc,
            )
        )
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help=N_(
                "Address to listen on; 127.0.0.1 is this computer only, 0.0.0.0 every "
                "network (see docs/web.md before you open it to others)."
            ),
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help=N_("TCP port (1-65535)."))
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help=N_(
                "Database URL (sqlite:///PATH, postgresql+psycopg://USER@HOST/DB) or a "
                "SQLite file. Default: $TOTENBLATT_DATABASE_URL, else totenblatt.db in the user "
                "data directory."
            ),
        ),
    ] = None,
    lang: LangOption = None,
    bot_delay: Annotated[
        float,
        typer.Option(
            "--bot-delay", min=0.0, max=10.0, help=N_("Seconds a bot waits before it acts (0-10).")
        ),
    ] = 0.8,
) -> None:
    """Run the browser table: a lobby to create games, tables to play them, for friends too."""
    if not math.isfinite(bot_delay):
        fail(Message("--bot-delay {value}: expected seconds from 0 to 10", value=repr(bot_delay)))
    try:
        import uvicorn

        from totenblatt.web import ServerSettings, create_app
    except ImportError as exc:
        fail(
            Message(
                "the browser table needs the web extra ({name} is missing): "
                "pip install 'totenblatt[web]'",
                name=str(exc.name),
            )
        )
    from totenblatt.store.core import Database
    from totenblatt.store.database import display_url

    language = resolve_lang(lang).value
    database = Database(db)
    sock = _bind(host, port)
    settings = ServerSettings(db_url=database.url, bot_delay=bot_delay, lang=language)
    application = create_app(settings, database=database)
    config = uvicorn.Config(
        application,
        log_level="warning",
        ws_max_size=64 * 1024,
        proxy_headers=True,
        lifespan="on",
    )
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    url = f"http://{shown}:{port}/"
    w = words(language)
    console.print(w.phrase("Totenblatt table: {url}", url=url), markup=False, soft_wrap=True)
    console.print(
        w.phrase("database: {url} — stop with Ctrl+C", url=display_url(database.url)),
        markup=False,
        soft_wrap=True,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        database.close()
