"""The compiled fast path (build_compiled.py): the same results as its source, and never stale."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from totenblatt.compiled import MODULES, from_source, source_digest, source_of

PLAY = """
import hashlib, json, random
import numpy as np
from totenblatt.compiled import compiled_now
from totenblatt.env import wanted_fast_v0
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.fast import new_fast_game

digest = hashlib.sha256()
for scenario, games in (("duel", 12), ("gangs", 2)):
    env = wanted_fast_v0.env(scenario)
    rng = random.Random(5)
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, done, cut, info = env.last()
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            digest.update(repr((agent, reward, done, cut, info)).encode())
            legal = np.flatnonzero(obs["action_mask"])
            env.step(None if done or cut else int(legal[rng.randrange(len(legal))]))
    game = new_fast_game(scenario, "base", 0)
    policy = FastPolicy()
    for seed in range(games):
        fast = game.fresh(seed, record=True)
        while not fast.is_over:
            fast.apply(policy.choose(fast))
        digest.update(repr(fast.log).encode())
print(json.dumps({"digest": digest.hexdigest(), "compiled": compiled_now()}))
"""


def _play(pure: bool) -> dict[str, object]:
    env = {**os.environ, "TOTENBLATT_PURE": "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_the_compiled_modules_play_bit_for_bit_as_their_source() -> None:
    """Seeded env games (observations, masks, rewards, infos) and FastPolicy games (every
    event) give one digest from source and from the build (when there is one)."""
    source, built = _play(pure=True), _play(pure=False)
    assert source["compiled"] == []
    assert built["digest"] == source["digest"]


def test_every_listed_module_is_a_module_with_its_source() -> None:
    assert len(set(MODULES)) == len(MODULES)
    for module in MODULES:
        assert source_of(module).is_file(), module


def test_a_changed_source_or_a_missing_build_runs_all_from_source(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    for name in ("a", "b", "c"):
        (package / f"{name}.py").write_text(f"X = {name!r}\n")
    stamps = tmp_path / "compiled.json"
    stamps.write_text(
        json.dumps(
            {
                "pkg.a": source_digest(package / "a.py"),  # built from this source
                "pkg.b": "0" * 64,  # built from another
            }
        )
    )
    modules = ("pkg.a", "pkg.b", "pkg.c", "pkg.gone")
    sources = from_source(modules, tmp_path, stamps)
    # pkg.b's build is stale, pkg.c never built: all from source (pkg.gone has none)
    assert sorted(sources) == ["pkg.a", "pkg.b", "pkg.c"]
    assert sources["pkg.b"] == package / "b.py"
    assert from_source(("pkg.a", "pkg.gone"), tmp_path, stamps) == {}  # all built: none
    assert sorted(from_source(("pkg.a",), tmp_path, stamps, pure=True)) == ["pkg.a"]
    stamps.write_text("not json")
    assert sorted(from_source(modules, tmp_path, stamps)) == ["pkg.a", "pkg.b", "pkg.c"]


def test_a_changed_pxd_makes_its_build_stale(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("X = 1\n")
    (package / "a.pxd").write_text("cdef int X\n")
    stamps = tmp_path / "compiled.json"
    stamps.write_text(json.dumps({"pkg.a": source_digest(package / "a.py")}))
    assert from_source(("pkg.a",), tmp_path, stamps) == {}
    (package / "a.pxd").write_text("cdef long X\n")
    assert from_source(("pkg.a",), tmp_path, stamps) == {"pkg.a": package / "a.py"}


def _build_script() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_compiled_under_test", Path(__file__).resolve().parent.parent / "build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_background_build_runs_in_a_session_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make run`` starts the compile detached (its Ctrl-C or end leaves it compiling) and
    only when the build is not fresh; the table never waits for it."""
    build = _build_script()
    started: list[tuple[list[str], dict[str, object]]] = []

    class Spawned:
        def __init__(self, command: list[str], **options: object) -> None:
            started.append((command, options))

    monkeypatch.setattr(subprocess, "Popen", Spawned)
    monkeypatch.setattr(build, "built_in_place", lambda: True)
    assert not build.build_in_background(tmp_path / "compiled.log")
    assert started == []
    monkeypatch.setattr(build, "built_in_place", lambda: False)
    assert build.build_in_background(tmp_path / "compiled.log")
    ((command, options),) = started
    assert options["start_new_session"] is True and options["stdin"] == subprocess.DEVNULL
    assert "build_compiled.build_in_place()" in command[-1] and "cython>=3.0" in command[-1]
    assert (tmp_path / "compiled.log").exists()


def test_the_tables_install_skips_the_compile_hook() -> None:
    """The Makefile installs the table's extra with hatchling's hooks off and starts the
    compile in the background before serving; make test's install keeps the hook."""
    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert "HATCH_BUILD_NO_HOOKS=1 $(BIN)/python -m pip install --quiet -e '.[web]'" in makefile
    assert "$(BIN)/python -m pip install --quiet -e '.[dev]'\n" in makefile
    run = makefile[makefile.index("\nrun:") :].split("\n\n")[0]
    assert run.index("compiled-background") < run.index("totenblatt serve")


class _Listed:
    """A stand-in for ``totenblatt.compiled`` over a package in a temporary folder."""

    def __init__(self, root: Path) -> None:
        from totenblatt import compiled

        self.MODULES = ("pkg.a", "pkg.b")
        self.STAMPS = root / "pkg" / "compiled.json"
        self.source_of = compiled.source_of
        self.source_digest = compiled.source_digest
        self.read_stamps = lambda path=self.STAMPS: compiled.read_stamps(path)


def _fake_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, _Listed]:
    """The build script over ``tmp_path/src/pkg`` (two modules), compiling nothing real."""
    build = _build_script()
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    for name in ("a", "b"):
        (src / "pkg" / f"{name}.py").write_text(f"X = {name!r}\n")
    listed = _Listed(src)
    monkeypatch.setattr(build, "SRC", src)
    monkeypatch.setattr(build, "HERE", tmp_path)
    monkeypatch.setattr(build, "_compiled_list", lambda: listed)

    made = iter(range(100))

    @contextlib.contextmanager
    def work_folder(prefix: str) -> Iterator[str]:  # a new folder each time, kept (rmtree's
        folder = tmp_path / f"work{next(made)}"  # unlinks by dir_fd look to the write guard
        folder.mkdir()  # like the working directory's)
        yield str(folder)

    monkeypatch.setattr(build.tempfile, "TemporaryDirectory", work_folder)
    return build, listed


def test_the_script_exits_1_when_the_compile_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No Cython, no compiler: ``python build_compiled.py`` fails (make shows the log), no
    stamp is written, and the package runs from source."""
    build, listed = _fake_tree(tmp_path, monkeypatch)

    def failing(work: Path) -> dict[str, Path]:
        raise ImportError("No module named 'Cython'")

    monkeypatch.setattr(build, "compile_modules", failing)
    assert build.main([]) == 1
    assert "not compiled (No module named 'Cython')" in capsys.readouterr().err
    assert not listed.STAMPS.exists()
    assert from_source(listed.MODULES, tmp_path / "src", listed.STAMPS)


def test_the_stamp_is_written_after_every_module_and_of_the_sources_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stamp appears only once every build is in place, records the sources as they
    were compiled, and a source changed during the compile leaves no stamp (exit 1)."""
    build, listed = _fake_tree(tmp_path, monkeypatch)
    src = tmp_path / "src"
    seen: list[bool] = []

    def compiling(work: Path, edit: bool = False) -> dict[str, Path]:
        out = {}
        for name in listed.MODULES:
            seen.append(listed.STAMPS.exists())
            extension = work / f"{name.split('.')[-1]}.cpython-311-x86_64-linux-gnu.so"
            extension.write_bytes(b"built")
            out[name] = extension
        if edit:
            (src / "pkg" / "b.py").write_text("X = 'edited while compiling'\n")
        return out

    monkeypatch.setattr(build, "compile_modules", compiling)
    assert build.main(["--force"]) == 0
    assert seen == [False, False]
    assert listed.read_stamps() == {
        name: source_digest(source_of(name, src)) for name in listed.MODULES
    }
    assert from_source(listed.MODULES, src, listed.STAMPS) == {}
    assert sorted(p.name for p in (src / "pkg").glob("*.so")) == [
        "a.cpython-311-x86_64-linux-gnu.so",
        "b.cpython-311-x86_64-linux-gnu.so",
    ]
    monkeypatch.setattr(build, "compile_modules", lambda work: compiling(work, edit=True))
    assert build.main(["--force"]) == 1
    assert from_source(listed.MODULES, src, listed.STAMPS)  # the old stamp: b is stale now

    def one_missing(work: Path) -> dict[str, Path]:
        return {"pkg.a": compiling(work)["pkg.a"]}

    monkeypatch.setattr(build, "compile_modules", one_missing)
    assert build.main(["--force"]) == 1
