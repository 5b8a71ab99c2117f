"""Fixtures shared by every test area: the command line run in-process, and a sandbox.

The sandbox (below) keeps every test's files inside temporary folders.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from totenblatt.wanted.engine.actions import Pass
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

sys.path.insert(0, str(Path(__file__).parent))  # the helper modules beside this file


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[[Sequence[str]], tuple[int, str, str]]:
    """``cli(args)`` runs ``totenblatt args`` in-process: exit code, stdout, stderr."""

    from totenblatt.cli import main  # here: the engine's tests do not import the interface

    def run(args: Sequence[str]) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as info:  # main always exits
            main(list(args))
        out, err = capsys.readouterr()
        code = info.value.code  # as the interpreter reads it: None is 0, a message is 1
        return (code if isinstance(code, int) else 0 if code is None else 1), out, err

    return run


PG_HINT = (
    "PostgreSQL tests need TOTENBLATT_TEST_DATABASE_URL "
    '(eval "$(.ci/postgres.sh)" starts a local server and prints it)'
)


@pytest.fixture
def postgres_url() -> str:
    """``TOTENBLATT_TEST_DATABASE_URL``; without it a test is skipped, or fails under ``CI``."""
    url = os.environ.get("TOTENBLATT_TEST_DATABASE_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{PG_HINT}; CI must run them", pytrace=False)
        pytest.skip(PG_HINT)
    return url


DEAD_DIAMONDS = ("2♦", "3♦", "4♦", "5♦", "6♦")
"""The dead man's hand of stacked test games unless a test says otherwise."""


@pytest.fixture
def stacked_game(tmp_path: Path) -> Callable[..., Game]:
    """``stacked_game(scenario, hands, *, dealer, dead, seed, ruleset, **options)``: exactly
    these hands.

    ``scenario`` is TOML text (written to a temporary file) or a path; ``hands`` every
    seat's whole hand (per character: its figures' hands in turn). The ``ruleset`` (base
    unless given) without redraws plus ``options``; the dealer is the last seat unless
    given, the dead man's hand 2♦-6♦ unless given; ``seed`` shuffles the rest of the deck.
    """

    def make(
        scenario: str | Path,
        hands: dict[int, list[str]],
        *,
        dealer: int | None = None,
        dead: Sequence[str] = DEAD_DIAMONDS,
        seed: int = 1,
        ruleset: str = "base",
        **options: Any,
    ) -> Game:
        path = scenario
        if isinstance(scenario, str):
            path = tmp_path / "yard.toml"
            path.write_text(scenario, encoding="utf-8")
        rules = Ruleset.load(ruleset).with_options(**{"redraws_per_round": 0, **options})
        first = len(hands) - 1 if dealer is None else dealer
        order = stacked_deal(first, hands, dead)
        return new_game(path, rules, seed=seed, dealer=first, deck_order=order)

    return make


@pytest.fixture
def action_game(stacked_game: Callable[..., Game]) -> Callable[..., Game]:
    """``action_game(scenario, hands, **as stacked_game)``: seat 0's first action decision.

    Every earlier decision (swap, bid) is passed; with the last seat dealing and no
    bid, seat 0 acts first (D-35).
    """

    def make(scenario: str | Path, hands: dict[int, list[str]], **kwargs: Any) -> Game:
        game = stacked_game(scenario, hands, **kwargs)
        for _ in range(4 * len(hands)):  # a swap and a bid per seat, with room to spare
            if game.phase is Phase.ACTION:
                break
            game.apply(Pass())
        assert (game.phase, game.to_act) == (Phase.ACTION, 0)
        return game

    return make


# -- nothing outside a test's temp dir --------------------------------------------------
#
# Every test process runs in a sandbox: HOME, the XDG folders (where platformdirs puts
# the default database), matplotlib's cache and the default database URL point into a
# fresh temporary folder, and hypothesis keeps no example database. An audit hook
# (sys.addaudithook) sees every file this process opens for writing, creates, renames,
# removes or connects to with SQLite; a test that touches anything outside the temporary
# folders fails (see tests/hardening/test_sandbox.py).

_SANDBOX_VARS = ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_PATH_EVENTS = {
    "os.mkdir": (0,),
    "os.rename": (0, 1),
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.symlink": (1,),
    "os.link": (1,),
    "os.truncate": (0,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.utime": (0,),
    "shutil.rmtree": (0,),
    "sqlite3.connect": (0,),
}


class WriteGuard:
    """Records writes outside the allowed folders (the temporary ones) while active."""

    def __init__(self) -> None:
        self.allowed: list[str] = []
        self.seen: list[str] = []
        self.active = False

    def allow(self, folder: str | Path) -> None:
        """Let writes under ``folder`` pass."""
        self.allowed.append(os.path.realpath(folder))

    def outside(self, path: object) -> str | None:
        """The absolute path when writing it is not allowed, else None."""
        if isinstance(path, int) or path is None:
            return None
        try:
            text = os.fsdecode(os.fspath(path))  # type: ignore[arg-type]
        except TypeError:
            return None
        if text in ("", ":memory:") or text.startswith("file::memory:"):
            return None
        full = os.path.realpath(text)
        if "__pycache__" in full or full.endswith(".pyc") or "/.pytest_cache" in full:
            return None  # the interpreter's and pytest's own caches
        if full == os.devnull or full.startswith("/dev/shm/") or full.startswith("/proc/"):
            return None
        if any(full == root or full.startswith(root + os.sep) for root in self.allowed):
            return None
        return full

    def hook(self, event: str, args: tuple[object, ...]) -> None:
        """The audit hook."""
        if not self.active:
            return
        if event == "open":
            path, mode, flags = args
            writing = (
                any(c in mode for c in "wax+")
                if isinstance(mode, str)
                else isinstance(flags, int) and bool(flags & _WRITE_FLAGS)
            )
            targets: tuple[object, ...] = (path,) if writing else ()
        elif event in _PATH_EVENTS:
            targets = tuple(args[i] for i in _PATH_EVENTS[event] if i < len(args))
        else:
            return
        for target in targets:
            found = self.outside(target)
            if found is not None:
                self.seen.append(f"{event} {found}")


GUARD = WriteGuard()


def pytest_configure(config: pytest.Config) -> None:
    """Point HOME, XDG, matplotlib and the default database into a temporary sandbox."""
    sandbox = tempfile.mkdtemp(prefix="totenblatt-tests-")
    for var in _SANDBOX_VARS:
        os.environ[var] = os.path.join(sandbox, var.lower())
    os.environ["MPLCONFIGDIR"] = os.path.join(sandbox, "matplotlib")
    os.environ.pop("TOTENBLATT_DATABASE_URL", None)  # the default: inside XDG_DATA_HOME
    set_hypothesis_home_dir(os.path.join(sandbox, "hypothesis"))  # its caches, not ./.hypothesis
    # no deadline anywhere: a busy machine's load is not the code's fault (a developer's
    # `make test` on a loaded 2-core laptop must not go red where CI is green)
    settings.register_profile("sandbox", database=None, deadline=None)
    settings.register_profile(  # CI: the same examples every run
        "ci", parent=settings.get_profile("sandbox"), derandomize=True
    )
    settings.load_profile("ci" if os.environ.get("CI") else "sandbox")
    GUARD.allow(tempfile.gettempdir())
    GUARD.allow(sandbox)
    if not GUARD.active:
        sys.addaudithook(GUARD.hook)
        GUARD.active = True


@pytest.fixture(autouse=True)
def _writes_stay_in_temp_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Fail the test that writes outside the temporary folders (see :class:`WriteGuard`)."""
    GUARD.allow(tmp_path_factory.getbasetemp())
    before = len(GUARD.seen)
    yield
    stray = GUARD.seen[before:]
    if stray:
        pytest.fail("wrote outside its temporary folder: " + "; ".join(stray[:5]))


@pytest.fixture
def write_guard() -> WriteGuard:
    """The audit hook's record (tests/hardening/test_sandbox.py checks the guard itself)."""
    return GUARD
