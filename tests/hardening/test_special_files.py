"""FIFOs, devices and folders are refused as input and as output, and left untouched.

Reading a FIFO would block forever and ``/dev/zero`` never ends; renaming a finished
file over ``--save /dev/null`` (as root) would replace the device. Every file a
command reads must be a regular file, every file it writes a regular file or a new
name, checked before any work starts; the one line on stderr names the path given.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from file_args import fill
from real_process import run_totenblatt

Cli = Callable[[Sequence[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py

READERS = [
    ["replay", "{}"],
    ["play", "--load", "{}"],
    ["play", "--seats", "bot,bot", "--ruleset", "{}"],
    ["play", "--seats", "bot,bot", "--scenario", "{}"],
    ["rules", "--ruleset", "{}"],
    ["attack", "-a", "QS", "-w", "colt", "-d", "3", "--ruleset", "{}"],
    ["probe", "-s", "2", "-d", "3", "--ruleset", "{}"],
    ["odds", "-s", "2", "-d", "3", "--ruleset", "{}"],
    ["scenarios", "show", "{}"],
    ["abilities", "--ruleset", "{}"],
    ["gang", "create", "Daltons", "--leader", "veteran", "--ruleset", "{}"],
    ["character", "create", "Trevor", "--ruleset", "{}"],
]
WRITERS = [
    ["play", "--seats", "bot,bot", "--seed", "3", "--save", "{}"],
    ["odds", "--table", "--plot", "{}"],
    ["gang", "export", "Daltons", "-o", "{}"],
]


def one_line_refusal(code: int, out: str, err: str, path: Path) -> None:
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert str(path) in err, err


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.fixture
def device(tmp_path: Path) -> Path:
    """A character device like /dev/null (1, 3), made with mknod in the temp dir."""
    path = tmp_path / "null-device"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("mknod needs root (CAP_MKNOD)")
    return path


@pytest.fixture
def gang(cli: Cli) -> None:
    assert cli(["gang", "create", "Daltons", "--leader", "veteran", "--seed", "1"])[0] == 0


def unchanged(path: Path, before: os.stat_result) -> bool:
    after = os.lstat(path)
    return (stat.S_IFMT(after.st_mode), after.st_rdev, after.st_ino) == (
        stat.S_IFMT(before.st_mode),
        before.st_rdev,
        before.st_ino,
    )


def left_alone(cli: Cli, args: list[str], path: Path, named: str) -> None:
    """``args`` with ``path`` for ``{}``: refused in one line that says ``named``, and
    ``path`` left as it was."""
    before = os.lstat(path)
    code, out, err = cli(fill(args, path))
    one_line_refusal(code, out, err, path)
    assert named in err and unchanged(path, before)


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a[:2]))
def test_a_fifo_is_never_read(cli: Cli, fifo: Path, args: list[str]) -> None:
    left_alone(cli, args, fifo, "FIFO")


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a[:2]))
def test_a_device_is_never_read(cli: Cli, device: Path, args: list[str]) -> None:
    left_alone(cli, args, device, "device")


@pytest.mark.parametrize("args", [["replay", "/dev/zero"], ["play", "--load", "/dev/zero"]])
def test_dev_zero_is_no_saved_game(cli: Cli, args: list[str]) -> None:
    code, out, err = cli(args)
    one_line_refusal(code, out, err, Path("/dev/zero"))


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: " ".join(a[:2]))
@pytest.mark.usefixtures("gang")
def test_a_fifo_is_never_written(cli: Cli, fifo: Path, args: list[str]) -> None:
    left_alone(cli, args, fifo, "FIFO")


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: " ".join(a[:2]))
@pytest.mark.usefixtures("gang")
def test_a_device_is_never_replaced(cli: Cli, device: Path, args: list[str]) -> None:
    left_alone(cli, args, device, "device")


@pytest.mark.usefixtures("gang")
def test_a_symlink_to_a_device_is_refused_too(cli: Cli, device: Path, tmp_path: Path) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(device)
    code, out, err = cli(["play", "--seats", "bot,bot", "--seed", "3", "--save", str(link)])
    one_line_refusal(code, out, err, link)
    assert link.is_symlink() and stat.S_ISCHR(os.stat(link).st_mode)


def test_a_regular_file_and_a_new_name_are_written(cli: Cli, tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text("x", encoding="utf-8")
    for target in (old, tmp_path / "new.json"):
        code, _, err = cli(["play", "--seats", "bot,bot", "--seed", "3", "--save", str(target)])
        assert code == 0, err
        assert target.read_text(encoding="utf-8").startswith("{")
    left = sorted(p.name for p in tmp_path.iterdir() if "json" in p.name)
    assert left == ["new.json", "old.json"]  # no temporary file left behind


def test_an_unwritable_folder_is_named_not_the_temporary_file(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.json"
    code, out, err = cli(["play", "--seats", "bot,bot", "--seed", "3", "--save", str(target)])
    one_line_refusal(code, out, err, target)
    assert "does not exist" in err and ".game.json." not in err


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "{}"],
        ["play", "--load", "{}"],
        ["play", "--seats", "bot,bot", "--save", "{}"],
        ["rules", "--ruleset", "{}"],
    ],
    ids=["replay", "load", "save", "rules"],
)
def test_real_processes_refuse_a_fifo(fifo: Path, tmp_path: Path, args: list[str]) -> None:
    before = os.lstat(fifo)
    done = run_totenblatt(fill(args, fifo), tmp_path / "sub.db")
    one_line_refusal(done.returncode, done.stdout, done.stderr, fifo)
    assert unchanged(fifo, before)


def test_a_real_process_never_replaces_a_device(device: Path, tmp_path: Path) -> None:
    before = os.lstat(device)
    done = run_totenblatt(
        ["play", "--seats", "bot,bot", "--save", str(device)], tmp_path / "sub.db"
    )
    one_line_refusal(done.returncode, done.stdout, done.stderr, device)
    assert unchanged(device, before)
