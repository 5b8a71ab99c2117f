"""The command line, fuzzed: every command, malformed option values, hostile files.

Each case starts from a valid call of a command and spoils exactly one value: a
number that is no number, not finite, beyond the digit limit or outside the option's
documented range; a file that is a FIFO, a device, a folder, nested too deep, too
large, or holds numbers beyond a rule's bounds; a database URL with a missing or
unsupported driver; a name with escape sequences, bidi overrides or newlines. Each
must exit with status 2 and exactly one line on stderr, never a traceback, and leave
the special files as they were. A hang guard (an alarm) fails a case that blocks;
a sample runs as real processes.
"""

from __future__ import annotations

import io
import os
import signal
import stat
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from real_process import run_totenblatt
from totenblatt.cli import app, load_commands, main
from totenblatt.wanted.engine.game import new_game

HANG_SECONDS = 60
"""A case still running after this long is a hang (a guard, not a timing assertion)."""

# A valid call of every command (the parts it requires); ``{save}``, ``{out}`` and
# ``{dir}`` are filled in per test. A command missing here fails the test below.
BASES: dict[str, list[str]] = {
    "abilities": [],
    "draw-ability": [],
    "attack": ["-a", "QS", "-w", "colt", "-d", "3"],
    "demo": [],
    "play": ["--seats", "random,random"],
    "replay": ["{save}"],
    "analyse": ["{save}", "--budget", "1", "--workers", "1", "--quiet"],
    "probe": ["-s", "2", "-d", "3"],
    "odds": ["-s", "2", "-d", "3"],
    "odds attack": ["-a", "QS", "-w", "colt", "-d", "7"],
    "rules": [],
    "scenarios": [],
    "scenarios show": ["duel"],
    "serve": [],
    "sim": ["--out", "{out}", "--games", "1"],
    "ladder": ["--games", "2"],
    "balance heroes": ["--games", "1", "--out", "{dir}"],
    "balance abilities": ["--games", "1", "--out", "{dir}"],
    "balance seats": ["--games", "1", "--out", "{dir}"],
    "balance rounds": ["--games", "1", "--out", "{dir}"],
    "gang create": ["Wild Bunch", "--leader", "veteran"],
    "gang list": [],
    "gang show": ["Daltons"],
    "gang history": ["Daltons"],
    "gang export": ["Daltons"],
    "gang recruit": ["Daltons", "--hero", "veteran"],
    "gang fill": ["Daltons"],
    "gang rename": ["Daltons", "Dalton Gang"],
    "gang delete": ["Daltons", "--yes"],
    "gang member arm": ["Daltons", "Cal", "shotgun"],
    "gang member rename": ["Daltons", "Cal", "Cal Junior"],
    "gang member dismiss": ["Daltons", "Wyatt", "--yes"],
    "fight record": ["Daltons"],
    "fight undo": ["Daltons"],
    "fight play": ["Daltons", "Clantons"],
    "character create": ["Diana"],
    "character show": ["Trevor"],
    "character list": [],
    "character wound": ["Trevor", "light"],
    "character heal": ["Trevor"],
    "character joker add": ["Trevor"],
    "character joker spend": ["Trevor"],
    "character rename": ["Trevor", "Trevor Two"],
    "character delete": ["Trevor", "--yes"],
    "story new": [],
}

INPUT_PATHS = {
    ("replay", "file"),
    ("play", "--load"),
    ("serve", "--learned"),
    ("analyse", "file"),
}
OUTPUT_PATHS = {
    ("play", "--save"),
    ("gang export", "--output"),
    ("odds", "--plot"),
    ("odds attack", "--plot"),
    ("sim", "--out"),
    ("ladder", "--plot"),
    ("analyse", "--report"),
}
FOLDER_PATHS = {(f"balance {kind}", "--out") for kind in ("heroes", "abilities", "seats", "rounds")}
FOLDER_PATHS |= {("scenarios", "--dir"), ("serve", "--scenario-dir")}  # scenario folders
WANTED_RULESETS = {"--ruleset"}
RPG_COMMANDS = {"probe", "odds", "character create"}
SCENARIO_OPTIONS = {"--scenario"}
NEW_NAMES = {
    ("gang create", "name"),
    ("gang create", "--leader-name"),
    ("gang create", "--member"),
    ("gang recruit", "--name"),
    ("gang fill", "--name"),
    ("character create", "name"),
    ("gang rename", "new"),
    ("gang member rename", "new"),
    ("character rename", "new"),
    ("fight record", "--scenario"),  # a name for the battle log (a real table's scenario)
}
LOOKUP_NAMES = {
    (command, "name")
    for command in (
        "gang show",
        "gang history",
        "gang export",
        "gang recruit",
        "gang fill",
        "fight record",
        "fight undo",
        "character show",
        "character wound",
        "character heal",
        "character joker add",
        "character joker spend",
        "character rename",
        "character delete",
        "gang rename",
        "gang delete",
        "gang member arm",
        "gang member rename",
        "gang member dismiss",
    )
} | {("fight play", "gang_a"), ("fight play", "gang_b"), ("story new", "names")}

NOT_NUMBERS = ["abc", "", "1e", "nan", "NaN", "inf", "-inf", "1e400", "9" * 5000, "0x10", "½"]
HOSTILE_NAMES = [
    "\x1b[2J\x1b[31mX",  # clears the terminal, turns it red
    "\x1b]0;pwned\x07",  # OSC: sets the window title
    "Billy\u202eKid",  # right-to-left override
    "Two\nLines",
    "Tab\tbed",
    "Del\x7f",
    "Zero\u200bWidth",
    "x" * 81,
    "   ",
]
BAD_URLS = [
    "postgresql+asyncpg://u@localhost/x",
    "postgresql+pg8000://u@localhost/x",
    "postgresql+psycopg2://u@localhost/x",
    "sqlite+pysqlcipher:///x.db",
    "sqlite+aiosqlite:///x.db",
    "mysql://u@localhost/x",
    "postgresql+nonsense://u@h/x",
    "://",
]


@dataclass(frozen=True)
class Case:
    """One spoiled call: the command, the parameter spoiled and its malformed values."""

    command: str
    param: str
    values: tuple[str, ...]
    special: bool = False
    """The values are special files that must be left untouched."""

    def __str__(self) -> str:
        return f"{self.command} {self.param}"


_BUILD = typer.main.get_command
load_commands()  # the whole command tree (main alone loads only what a line runs)
_TREE = _BUILD(app)
"""The click command tree of the app, built once (building it costs a tenth of a second)."""


def _commands() -> list[tuple[str, Any]]:
    def walk(node: Any, path: list[str]) -> Iterator[tuple[str, Any]]:
        if hasattr(node, "commands"):
            if path and getattr(node, "invoke_without_command", False):
                yield " ".join(path), node  # a group that is a command of its own (odds)
            for name, sub in node.commands.items():
                yield from walk(sub, [*path, name])
        else:
            yield " ".join(path), node

    return list(walk(_TREE, []))


@pytest.fixture(autouse=True, scope="module")
def _built_once() -> Iterator[None]:
    """``main()`` reuses the command tree (click commands keep no state between calls)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            typer.main,
            "get_command",
            lambda typer_app: _TREE if typer_app is app else _BUILD(typer_app),
        )
        yield


def _numeric(param: Any) -> list[str]:
    values = list(NOT_NUMBERS)
    annotation = param.type_descriptor.annotation
    if annotation in (int, int | None):
        values.append("1.5")
    if param.max is not None:
        values += [str(param.max + 1), str(param.max * 10**30)]
    if param.min is not None:
        values.append(str(param.min - 1))
    return values


class Files:
    """The hostile files of one test, made in its temp dir."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.fifo = root / "pipe"
        os.mkfifo(self.fifo)
        self.device: Path | None = root / "device"
        try:
            os.mknod(self.device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            self.device = None
        self.folder = root / "folder"
        self.folder.mkdir()
        self.huge = root / "huge.bin"
        with self.huge.open("wb") as handle:
            handle.truncate(50_000_000)  # sparse
        self.binary = self._write("binary.bin", b"\xff\xfe\x00\x01" * 64)
        self.deep_json = self._write("deep.json", b"[" * 100_000 + b"]" * 100_000)
        self.deep_toml = self._write("deep.toml", b"a = " + b"[" * 5000 + b"]" * 5000)
        self.digits_toml = self._write("digits.toml", b"name = 1" + b"9" * 5000)
        self.digits_json = self._write("digits.json", b'{"format": ' + b"9" * 5000 + b"}")
        self.hand = self._write(
            "hand.toml", b'extends = "base"\nname = "x"\n[round]\nhand_size = 100000000\n'
        )
        self.pile = self._write(
            "pile.toml",
            b'extends = "rpg"\nname = "x"\n[pile]\ncards = [' + b'"A", ' * 1000 + b'"A"]\n',
        )
        self.types = self._write("types.toml", b'extends = "base"\nname = 5\n')
        self.missing = root / "none.toml"
        self.specials = [p for p in (self.fifo, self.device) if p is not None]
        self.modes = {p: os.lstat(p) for p in self.specials}

    def _write(self, name: str, data: bytes) -> Path:
        path = self.root / name
        path.write_bytes(data)
        return path

    def common(self) -> list[Path]:
        """Files no command may read as input."""
        return [*self.specials, self.folder, self.huge, self.binary, self.missing]

    def untouched(self) -> bool:
        """The special files are still what they were (type, device number, inode)."""
        for path, before in self.modes.items():
            after = os.lstat(path)
            if (stat.S_IFMT(after.st_mode), after.st_rdev, after.st_ino) != (
                stat.S_IFMT(before.st_mode),
                before.st_rdev,
                before.st_ino,
            ):
                return False
        return True


def cases_for(files: Files) -> list[Case]:
    """Every spoiled call of every command."""
    out: list[Case] = []
    for command, node in _commands():
        if command not in BASES:  # test_every_command_has_a_valid_base_call says so
            continue
        for param in node.params:
            name = param.opts[0]
            key = (command, name)
            annotation = param.type_descriptor.annotation
            texts: list[str] = []
            special = False
            if annotation in (int, float, int | None, float | None):
                texts = _numeric(param)
            elif isinstance(annotation, type) and issubclass(annotation, Enum):
                texts = ["xx", "", "EN\x1b[2J"]
            elif key in INPUT_PATHS:
                paths = [*files.common(), files.deep_json, files.digits_json, Path("/dev/zero")]
                texts, special = [str(p) for p in paths], True
            elif key in OUTPUT_PATHS:
                paths = [*files.specials, files.folder, files.root / "no" / "such" / "x.out"]
                texts, special = [str(p) for p in paths], True
            elif key in FOLDER_PATHS:
                texts, special = [str(p) for p in [*files.specials, files.binary]], True
            elif name in WANTED_RULESETS and command not in RPG_COMMANDS:
                paths = [*files.common(), files.deep_toml, files.digits_toml, files.hand]
                texts, special = [str(p) for p in [*paths, files.types]], True
            elif name in WANTED_RULESETS:
                paths = [*files.common(), files.deep_toml, files.digits_toml, files.pile]
                texts, special = [str(p) for p in paths], True
            elif name in SCENARIO_OPTIONS and key not in NEW_NAMES:
                paths = [*files.common(), files.deep_toml, files.digits_toml]
                texts, special = [str(p) for p in paths], True
            elif name == "--db":
                texts, special = [*BAD_URLS, *(str(p) for p in files.specials)], True
            elif key in NEW_NAMES:
                texts = HOSTILE_NAMES
            elif key in LOOKUP_NAMES:
                texts = [n for n in HOSTILE_NAMES if n.strip()]
            if texts:
                out.append(Case(command, name, tuple(texts), special))
    return out


class Hung(BaseException):
    """Raised by the alarm: the case did not finish (a BaseException: main() lets it through)."""


@contextmanager
def hang_guard(seconds: int = HANG_SECONDS) -> Iterator[None]:
    def ring(signum: int, frame: object) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with hang_guard(), redirect_stdout(out), redirect_stderr(err):
        try:
            main(args)
        except SystemExit as done:
            code = done.code
        else:  # pragma: no cover - main always exits
            code = 0
    return (code if isinstance(code, int) else 1), out.getvalue(), err.getvalue()


def call(case: Case, value: str, files: Files) -> list[str]:
    """The base call of the case's command with ``value`` in place of its parameter."""
    base = [
        a.format(save=files.root / "good.json", out=files.root / "r.parquet", dir=files.folder)
        for a in BASES[case.command]
    ]
    node = dict(_commands())[case.command]
    positional = [p.opts[0] for p in node.params if not p.opts[0].startswith("-")]
    if case.param in positional:  # replace the positional argument at its place
        index = positional.index(case.param)
        if index < len(base) and not base[index].startswith("-"):
            base[index] = value
        else:
            base.insert(index, value)
        return [*case.command.split(), *base]
    if case.param in base:  # replace the option's value in the base call
        index = base.index(case.param)
        base[index + 1] = value
        return [*case.command.split(), *base]
    return [*case.command.split(), *base, case.param, value]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Files, bytes]:
    """The hostile files, a good save and a database with two gangs and a character."""
    root = tmp_path_factory.mktemp("fuzz")
    made = Files(root)
    (root / "good.json").write_text(new_game("duel", seed=1).to_json(), encoding="utf-8")
    template = root / "template.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{template}")
        for args in (
            ["gang", "create", "Daltons", "--leader", "veteran", "--size", "4", "--seed", "1"],
            ["gang", "create", "Clantons", "--leader", "gunslinger", "--size", "4", "--seed", "2"],
            ["character", "create", "Trevor", "--skill", "Konstitution=1"],
        ):
            code, _, err = run_cli(args)
            assert code == 0, err
    return made, template.read_bytes()


@pytest.fixture
def files(shared: tuple[Files, bytes], own_database: Path) -> Files:
    """The shared hostile files; this test's database is a copy of the template."""
    made, template = shared
    own_database.write_bytes(template)
    return made


def test_every_command_has_a_valid_base_call() -> None:
    names = {name for name, _ in _commands()}
    assert names == set(BASES), (
        f"commands without a base call: {sorted(names - set(BASES))}; "
        f"stale: {sorted(set(BASES) - names)}"
    )


def test_every_numeric_option_has_a_documented_range() -> None:
    missing = [
        f"{command} {param.opts[0]}"
        for command, node in _commands()
        for param in node.params
        if param.type_descriptor.annotation in (int, float, int | None, float | None)
        and (command, param.opts[0]) not in SELF_CHECKED
        and (
            param.max is None
            or (param.min is None and (command, param.opts[0]) not in CORE_MINIMUM)
        )
    ]
    assert not missing, f"numeric options without a range: {missing}"


CORE_MINIMUM = {
    ("probe", "--skill"),
    ("probe", "--difficulty"),
    ("probe", "--jokers"),
    ("odds", "--skill"),
    ("odds", "--difficulty"),
    ("odds", "--jokers"),
    ("attack", "--distance"),
    ("fight play", "--seed"),
}
"""Options whose lower bound the core checks with its own message (``skill must be >= 0``)."""

SELF_CHECKED = {
    ("serve", "--idle-hours"),
    ("serve", "--header-timeout"),
    ("serve", "--body-timeout"),
}
"""Options whose whole range the command checks with its own message (NaN included, which
Typer's bounds would call "above the maximum"); their help names the range."""


def test_every_path_and_name_parameter_is_fuzzed(tmp_path: Path) -> None:
    files = Files(tmp_path)
    fuzzed = {(case.command, case.param) for case in cases_for(files)}
    for command, node in _commands():
        for param in node.params:
            if "Path" in str(param.type_descriptor.annotation):
                assert (command, param.opts[0]) in fuzzed, f"{command} {param.opts[0]}"
    assert fuzzed >= NEW_NAMES | LOOKUP_NAMES


def all_cases() -> list[Case]:
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        return cases_for(Files(Path(root)))


CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_spoiled_value_exits_2_in_one_line(case: Case, files: Files, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(case.values) - 1), label="value")
    value = cases_for(files)[CASES.index(case)].values[index]  # the same files, this test's dir
    args = call(case, value, files)
    code, out, err = run_cli(args)
    assert code == 2, (args, code, out[-400:], err[-400:])
    assert err.count("\n") == 1 and err.endswith("\n"), (args, err[-600:])
    assert "Traceback" not in err and "\x1b" not in err and "\u202e" not in err, (args, err)
    assert files.untouched(), args


SAMPLE = [
    ["replay", "{fifo}"],
    ["play", "--load", "{fifo}"],
    ["play", "--seats", "bot,bot", "--save", "{fifo}"],
    ["play", "--delay", "inf"],
    ["rules", "--ruleset", "{deep}"],
    ["gang", "create", "\x1b[2J\x1b[31mX", "--leader", "veteran"],
    ["gang", "list", "--db", "postgresql+asyncpg://u@localhost/x"],
    ["odds", "-s", "2", "-d", "3", "--ruleset", "{pile}"],
]


@pytest.mark.parametrize("args", SAMPLE, ids=lambda a: " ".join(a[:2]))
def test_real_processes_exit_2_with_one_line(tmp_path: Path, args: list[str]) -> None:
    files = Files(tmp_path)
    filled = [
        a.format(fifo=files.fifo, deep=files.deep_toml, pile=files.pile) if "{" in a else a
        for a in args
    ]
    done = run_totenblatt(filled, tmp_path / "p.db")
    assert done.returncode == 2, (filled, done.stdout[-300:], done.stderr[-600:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr[-600:]
    assert files.untouched()
