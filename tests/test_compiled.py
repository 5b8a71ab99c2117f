"""The compiled fast path (build_compiled.py): the same results as its source, and never stale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
