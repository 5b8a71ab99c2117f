"""``totenblatt serve``: run the browser table (FastAPI + uvicorn) and print its address.

Its flags set the limits a server open to the internet needs (docs/web.md): budgets
per client, games at most, idle games' end, read timeouts, the trusted proxy and the
pages allowed to open the WebSocket. ``--workers N`` runs N server processes on the one
port (PostgreSQL only: they share the games through it); a worker that dies is replaced.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import re
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from totenblatt.cli._serve_webhooks import WebhookAllow, webhook_hosts
from totenblatt.cli.app import (
    DbOption,
    LangOption,
    app,
    check_scenario_folder,
    console,
    fail,
    resolve_lang,
)
from totenblatt.cli.options import Many, many
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


_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,200}")
"""What an operator token given by hand may be: long enough, and safe in a link."""


def _finite(name: str, value: float, low: float, high: float) -> None:
    """Refuse a number of seconds or hours that is not finite or out of its range."""
    if not (math.isfinite(value) and low <= value <= high):
        fail(
            Message(
                "{name} {value}: expected a number from {low} to {high}",
                name=name,
                value=repr(value),
                low=low,
                high=high,
            )
        )


def _addresses(proxies: Sequence[str], origins: Sequence[str]) -> None:
    """Refuse a --trusted-proxy that is no address or network, an --allow-origin no origin."""
    from totenblatt.web import OriginError, Proxies, normalise_origin

    for value in proxies:
        try:
            Proxies.parse([value])
        except OriginError:
            fail(
                Message(
                    "--trusted-proxy {value}: expected an IP address or network "
                    "(127.0.0.1, ::1, 10.0.0.0/8)",
                    value=repr(value),
                )
            )
    for value in origins:
        try:
            normalise_origin(value)
        except OriginError:
            fail(
                Message(
                    "--allow-origin {value}: expected a page's origin such as "
                    "https://table.example or http://192.168.1.5:8000",
                    value=repr(value),
                )
            )


def _workers(count: int, sock: socket.socket, start: Callable[[], None]) -> None:
    """Run ``start`` (one server on ``sock``) in ``count`` forked processes until a signal
    stops them; a worker that ends otherwise is replaced after a second."""
    children: set[int] = set()
    stopping = False

    def spawn() -> int:
        pid = os.fork()
        if pid == 0:  # the worker: its server installs its own signal handlers
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                start()
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        return pid

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for _ in range(count):
        children.add(spawn())
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        children.discard(pid)
        if not stopping:
            logging.getLogger("totenblatt.web").error(
                "server process %d ended (status %d); starting another", pid, status
            )
            time.sleep(1.0)
            if not stopping:
                children.add(spawn())


_Host = Annotated[
    str,
    typer.Option(
        "--host",
        help=N_(
            "Address to listen on; 127.0.0.1 is this computer only, 0.0.0.0 every "
            "network (see docs/web.md before you open it to others)."
        ),
    ),
]
_Port = Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("TCP port (1-65535)."))]
_BotDelay = Annotated[
    float,
    typer.Option(
        "--bot-delay", min=0.0, max=10.0, help=N_("Seconds a bot waits before it acts (0-10).")
    ),
]
_BotProcesses = Annotated[
    int | None,
    typer.Option(
        "--bot-processes",
        min=0,
        max=64,
        help=N_(
            "Worker processes in which search bots and bot-only games think (0-64; "
            "0: all bots on one thread of the server). Default: one per core but one."
        ),
    ),
]
_BotThink = Annotated[
    float,
    typer.Option(
        "--bot-think",
        min=0.2,
        max=60.0,
        help=N_(
            "Seconds the hard bot may think for a decision at most, however busy the "
            "server (0.2-60)."
        ),
    ),
]
_TrustedProxy = Annotated[
    Many,
    many(
        "--trusted-proxy",
        N_(
            "A reverse proxy (address or network) whose X-Forwarded-For, -Proto and "
            "-Host are believed; repeat for several. Default: none, every peer is a client."
        ),
        "ADDR",
    ),
]
_AllowOrigin = Annotated[
    Many,
    many(
        "--allow-origin",
        N_(
            "Another page's origin (https://host[:port]) that may open the WebSocket; "
            "repeat for several. Default: the table's own pages only."
        ),
        "ORIGIN",
    ),
]
_GamesPerHour = Annotated[
    int,
    typer.Option(
        "--games-per-hour",
        min=1,
        max=100_000,
        help=N_("Games one address may create per hour (all at once, then evenly)."),
    ),
]
_ActionsPerMinute = Annotated[
    int,
    typer.Option(
        "--actions-per-minute",
        min=1,
        max=1_000_000,
        help=N_(
            "Actions and previews one address may send per minute (all at once, then "
            "evenly); beyond it the server answers 429."
        ),
    ),
]
_MaxGames = Annotated[
    int,
    typer.Option(
        "--max-games",
        min=1,
        max=1_000_000,
        help=N_("Unfinished games with a person who has connected, at most."),
    ),
]
_GamesPerAddress = Annotated[
    int | None,
    typer.Option(
        "--games-per-address",
        min=1,
        max=1_000_000,
        help=N_(
            "Unfinished games with a person one address may hold, so that no address "
            "fills --max-games for everyone. Default: 5 percent of --max-games, at least 20."
        ),
    ),
]
_BotGames = Annotated[
    int,
    typer.Option(
        "--bot-games",
        min=0,
        max=10_000,
        help=N_("Unfinished games of bots only (no human seat) on the server, at most."),
    ),
]
_BotGamesPerAddress = Annotated[
    int,
    typer.Option(
        "--bot-games-per-address",
        min=0,
        max=10_000,
        help=N_("Unfinished games of bots only one address may have, at most."),
    ),
]
_IdleHours = Annotated[
    float,
    typer.Option(
        "--idle-hours",
        help=N_(
            "Hours without an action or a player joining after which an unfinished game "
            "ends as abandoned (more than 0, up to 8760)."
        ),
    ),
]
_HeaderTimeout = Annotated[
    float,
    typer.Option(
        "--header-timeout",
        help=N_("Seconds a request's headers may take to arrive (0.1-600)."),
    ),
]
_BodyTimeout = Annotated[
    float,
    typer.Option(
        "--body-timeout",
        help=N_("Seconds a request's body may take to arrive after its headers (0.1-600)."),
    ),
]
_Workers = Annotated[
    int,
    typer.Option(
        "--workers",
        min=1,
        max=64,
        help=N_(
            "Server processes sharing the port (1-64); more than one needs PostgreSQL, "
            "through which they share the games."
        ),
    ),
]
_Learned = Annotated[
    Path | None,
    typer.Option(
        "--learned",
        metavar="PATH",
        help=N_(
            "A policy saved by python -m totenblatt.env.train or totenblatt.env.learn_duel: "
            "the lobby offers it as the learned bot, in the scenario it was trained for "
            "(default: the shipped duel policy)."
        ),
    ),
]
_OperatorToken = Annotated[
    str | None,
    typer.Option(
        "--operator-token",
        metavar="TOKEN",
        envvar="TOTENBLATT_OPERATOR_TOKEN",
        show_envvar=False,
        help=N_(
            "The operator's token (16-200 letters, digits, - or _), kept across restarts; "
            "also $TOTENBLATT_OPERATOR_TOKEN. Default: a new one, printed at start."
        ),
    ),
]
_Private = Annotated[
    bool,
    typer.Option(
        "--private",
        help=N_(
            "Only the operator may create stories and campaigns (default: anybody who "
            "reaches the lobby)."
        ),
    ),
]
_ScenarioDir = Annotated[
    Path | None,
    typer.Option(
        "--scenario-dir",
        metavar="DIR",
        envvar="TOTENBLATT_SCENARIO_DIR",
        show_envvar=False,
        help=N_(
            "The server's scenario folder: its NAME.toml files are played by name like the "
            "built-in ones, and the table editor (/editor) saves there; also "
            "$TOTENBLATT_SCENARIO_DIR."
        ),
    ),
]


@app.command()
def serve(
    host: _Host = "127.0.0.1",
    port: _Port = 8000,
    db: DbOption = None,
    lang: LangOption = None,
    bot_delay: _BotDelay = 0.8,
    bot_processes: _BotProcesses = None,
    bot_think: _BotThink = 1.5,
    trusted_proxy: _TrustedProxy = None,
    allow_origin: _AllowOrigin = None,
    webhook_allow: WebhookAllow = None,
    games_per_hour: _GamesPerHour = 20,
    actions_per_minute: _ActionsPerMinute = 600,
    max_games: _MaxGames = 1000,
    games_per_address: _GamesPerAddress = None,
    bot_games: _BotGames = 24,
    bot_games_per_address: _BotGamesPerAddress = 3,
    idle_hours: _IdleHours = 24.0,
    header_timeout: _HeaderTimeout = 10.0,
    body_timeout: _BodyTimeout = 30.0,
    workers: _Workers = 1,
    learned: _Learned = None,
    operator_token: _OperatorToken = None,
    private: _Private = False,
    scenario_dir: _ScenarioDir = None,
) -> None:
    """Run the browser table: a lobby to create games, tables to play them, for friends too."""
    _check_numbers(bot_delay, idle_hours, bot_think, header_timeout, body_timeout)
    _check_values(scenario_dir, operator_token, learned)
    web = _web()
    proxies, origins = tuple(trusted_proxy or ()), tuple(allow_origin or ())
    _addresses(proxies, origins)
    hooks = webhook_hosts(webhook_allow or (), web.allowed_host)
    _check_workers(workers, db)
    from totenblatt.store.core import Database

    database = Database(db)
    sock = _bind(host, port)
    limits = web.Limits(
        games_per_hour=games_per_hour,
        actions_per_minute=actions_per_minute,
        max_playing=max_games,
        games_per_client=games_per_address,
        bot_games_per_client=bot_games_per_address,
        bot_games=bot_games,
        idle_hours=idle_hours,
    )
    from totenblatt.wanted.bots import shipped_policy

    settings = web.ServerSettings(
        db_url=database.url,
        bot_delay=bot_delay,
        bot_processes=bot_processes,
        bot_think=bot_think,
        lang=resolve_lang(lang).value,
        limits=limits,
        trusted_proxies=proxies,
        allow_origins=origins,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        learned=shipped_policy() if learned is None else str(learned),
        operator_token=operator_token or web.new_operator_token(),
        private=private,
        scenario_dir=None if scenario_dir is None else str(scenario_dir),
        webhook_allow=hooks,
    )
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())
    _announce(settings, host, port, workers)
    _run(settings, database, sock, workers)


def _check_numbers(
    bot_delay: float, idle_hours: float, bot_think: float, header: float, body: float
) -> None:
    """Refuse a number of seconds or hours that is not finite or out of its range."""
    if not math.isfinite(bot_delay):
        fail(Message("--bot-delay {value}: expected seconds from 0 to 10", value=repr(bot_delay)))
    if not (math.isfinite(idle_hours) and 0.0 < idle_hours <= 8760.0):
        fail(
            Message(
                "--idle-hours {value}: expected hours above 0, at most 8760",
                value=repr(idle_hours),
            )
        )
    _finite("--bot-think", bot_think, 0.2, 60.0)
    _finite("--header-timeout", header, 0.1, 600.0)
    _finite("--body-timeout", body, 0.1, 600.0)


def _check_values(scenario_dir: Path | None, token: str | None, learned: Path | None) -> None:
    """Refuse a scenario folder that is a file, a malformed operator token, a learned
    policy that does not load."""
    check_scenario_folder(scenario_dir, "--scenario-dir")
    if token is not None and not _TOKEN.fullmatch(token):
        fail(
            Message(
                "--operator-token: expected 16 to 200 letters, digits, - or _ "
                "(or leave it out for a new one)"
            )
        )
    if learned is not None:
        from totenblatt.wanted.bots import PolicyError, load_policy

        try:
            load_policy(learned)
        except PolicyError as exc:
            fail(Message("--learned {path}: {reason}", path=str(learned), reason=str(exc)))


def _check_workers(workers: int, db: str | None) -> None:
    """Refuse several server processes on SQLite (they share the games through PostgreSQL)."""
    from totenblatt.store.database import resolve_url

    if workers > 1 and not resolve_url(db).startswith("postgresql"):
        fail(
            Message(
                "--workers {count}: several server processes need PostgreSQL, through which "
                "they share the games (--db postgresql+psycopg://USER@HOST/DB); a SQLite "
                "database serves one process",
                count=workers,
            )
        )


def _web() -> Any:
    """The web package (imported now: the other commands start without it), or one line
    that says the web extra is missing."""
    try:
        import uvicorn  # noqa: F401 (the web extra's server: there or not)

        import totenblatt.web as web
    except ImportError as exc:
        fail(
            Message(
                "the browser table needs the web extra ({name} is missing): "
                "pip install 'totenblatt[web]'",
                name=str(exc.name),
            )
        )
    return web


def _say(text: str) -> None:
    """One line of the server's start on the console (no markup, never cut)."""
    console.print(text, markup=False, soft_wrap=True)


def _announce(settings: Any, host: str, port: int, workers: int) -> None:
    """Where the table is, its database, the operator's link, who may create stories."""
    from totenblatt.store.database import display_url
    from totenblatt.web import operator_link

    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    url = f"http://{shown}:{port}/"
    w = words(settings.lang)
    _say(w.phrase("Totenblatt table: {url}", url=url))
    _say(w.phrase("database: {url} — stop with Ctrl+C", url=display_url(settings.db_url)))
    _say(w.phrase("operator: {url}", url=operator_link(url, str(settings.operator_token))))
    _say(
        w.phrase("creating stories and campaigns: the operator only (--private)")
        if settings.private
        else w.phrase("creating stories and campaigns: open to anybody who reaches the lobby")
    )
    sys.stdout.flush()  # the operator link reaches a pipe (a service's log) at once
    if workers > 1:
        _say(w.phrase("{count} server processes share the port", count=workers))


def _run(settings: Any, database: Any, sock: socket.socket, workers: int) -> None:
    """Serve on ``sock``: one server on ``database``, or ``workers`` processes each on its
    own connections to the same database."""
    import uvicorn

    from totenblatt.store.core import Database
    from totenblatt.web import create_app, uvicorn_config

    def one(db: Database) -> None:
        try:
            uvicorn.Server(uvicorn_config(create_app(settings, database=db), settings)).run(
                sockets=[sock]
            )
        finally:
            db.close()

    try:
        if workers > 1:
            database.close()  # each worker opens its own connections
            _workers(workers, sock, lambda: one(Database(settings.db_url)))
        else:
            one(database)
    finally:
        sock.close()
