"""The operator (issue 38): the link ``totenblatt serve`` prints, its token kept hashed, the
store's listing for the operator only (401 without a token, 403 with another)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from web_helpers import auth

from totenblatt.rpg.character import Character
from totenblatt.store import Store
from totenblatt.wanted.vocab import HeroType
from totenblatt.web import ServerSettings, create_app

OPERATOR = "operator-token-for-the-tests-0123456789"


@pytest.fixture
def stocked(sqlite_url: str) -> str:
    """The command line's store with a gang and a sheet."""
    with Store(sqlite_url) as store:
        store.gangs.create("Dalton Boys", HeroType.VETERAN, size=4, seed=3)
        store.characters.create(Character.create("Trevor", {"Sportlichkeit": 2}))
    return sqlite_url


@pytest.fixture
def operated(stocked: str) -> Iterator[TestClient]:
    app = create_app(ServerSettings(db_url=stocked, bot_delay=0.0, operator_token=OPERATOR))
    with TestClient(app) as client:
        yield client


def test_the_store_is_listed_to_the_operator_only(operated: TestClient) -> None:
    missing = operated.get("/api/store")
    assert missing.status_code == 401 and "operator" in missing.json()["error"]
    assert operated.get("/api/store", headers=auth("not-the-operator")).status_code == 403
    header = {"X-Operator-Token": OPERATOR}  # the bearer header only, on this route
    assert operated.get("/api/store", headers=header).status_code == 401
    answer = operated.get("/api/store", headers=auth(OPERATOR))
    assert answer.status_code == 200
    assert answer.json() == {
        "gangs": [{"name": "Dalton Boys", "held_by": None}],
        "sheets": [{"name": "Trevor", "held_by": None}],
    }


def test_only_a_hash_of_the_token_is_kept(operated: TestClient) -> None:
    kept = vars(operated.app.state)["_state"]  # type: ignore[attr-defined]
    assert OPERATOR not in repr(kept)
    assert re.fullmatch(r"[0-9a-f]{64}", kept["operator_hash"])


def test_without_a_token_a_random_one_is_made(stocked: str) -> None:
    apps = [create_app(ServerSettings(db_url=stocked)) for _ in range(2)]
    hashes = {app.state.operator_hash for app in apps}
    assert len(hashes) == 2
    with TestClient(apps[0]) as client:
        assert client.get("/api/store", headers=auth(OPERATOR)).status_code == 403


def test_the_operator_page_reads_its_token_from_the_fragment(operated: TestClient) -> None:
    page = operated.get("/operator?lang=de")
    assert page.status_code == 200 and "/js/operator.js" in page.text
    assert "Dalton" not in page.text and "Trevor" not in page.text  # the page holds no names
    assert operated.get("/static/js/operator.js").status_code == 200


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _serve(db: str, log: Path, *extra: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    """Run ``totenblatt serve`` until it answers; its operator link and the log's text."""
    port = _free_port()
    args = [sys.executable, "-m", "totenblatt", "serve", "--lang", "en", "--port", str(port)]
    environment = {k: v for k, v in os.environ.items() if k != "TOTENBLATT_OPERATOR_TOKEN"}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*args, "--db", db, "--bot-processes", "0", *extra],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=environment | (env or {}),
        )
    try:
        deadline = time.monotonic() + 30
        while "operator: " not in log.read_text():
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "no operator line in 30 s"
            time.sleep(0.05)
        link = re.search(r"operator: (\S+)", log.read_text())
        assert link is not None
        token = link.group(1).partition("#token=")[2]
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", trust_env=False) as http:
            while True:
                try:
                    answer = http.get("/api/store", headers=auth(token))
                    break
                except httpx.TransportError:
                    assert process.poll() is None and time.monotonic() < deadline
                    time.sleep(0.05)
            assert answer.status_code == 200 and answer.json()["gangs"][0]["name"] == "Dalton Boys"
            assert http.get("/api/store", headers=auth(token + "x")).status_code == 403
        return link.group(1), log.read_text()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def test_serve_prints_the_operator_link_once(stocked: str, tmp_path: Path) -> None:
    link, text = _serve(stocked, tmp_path / "a.log")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/operator#token=[A-Za-z0-9_-]{40,}", link)
    assert text.count("operator: ") == 1
    assert "creating stories and campaigns: open to anybody" in text
    given, text = _serve(stocked, tmp_path / "b.log", "--operator-token", OPERATOR, "--private")
    assert given.endswith(f"/operator#token={OPERATOR}")
    assert "creating stories and campaigns: the operator only (--private)" in text
    kept, _ = _serve(stocked, tmp_path / "c.log", env={"TOTENBLATT_OPERATOR_TOKEN": OPERATOR})
    assert kept.endswith(f"#token={OPERATOR}")


def test_a_bad_operator_token_is_one_line(
    cli: Callable[[Sequence[str]], tuple[int, str, str]],
) -> None:
    code, out, err = cli(["serve", "--lang", "en", "--operator-token", "short"])
    assert code == 2 and not out
    assert "--operator-token: expected 16 to 200" in err and len(err.strip().splitlines()) == 1
