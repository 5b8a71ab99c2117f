"""Compile the fast path's hot modules with Cython (a hatchling build hook, or a script).

The modules are listed in ``src/totenblatt/compiled.py`` (``MODULES``); they stay plain
Python, and the compiled extension is the same code. As the build hook of ``pip install``
(``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml) it compiles them
into a wheel, or, for an editable install (``make``), beside their source; run as
``python build_compiled.py [--force]`` it compiles beside the source unless that build is
there already (what ``make`` does when a source changed, and what ``make run`` starts in
the background after an install without this hook, ``HATCH_BUILD_NO_HOOKS=1``: the table
does not wait for a compile it does not need). Each build writes
``src/totenblatt/compiled.json`` (module → size and CRC-32 of the source it compiled)
only after every module compiled, and only when no source changed while it compiled; the
package loads a compiled module only while its source is unchanged. Without Cython or a
C compiler the build says so and the package runs from source: the script exits 1 (``make``
shows the log), an install goes on with a pure-Python package.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"


@functools.cache
def _compiled_list() -> Any:
    """``totenblatt.compiled`` loaded from its file (the package need not be installed)."""
    path = SRC / "totenblatt" / "compiled.py"
    spec = importlib.util.spec_from_file_location("_totenblatt_compiled", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compile_modules(work: Path) -> dict[str, Path]:
    """Compile every listed module in ``work``; module name → its extension file."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    listed = _compiled_list()
    extensions = [
        Extension(name, [str(listed.source_of(name, SRC))], extra_compile_args=["-O2", "-g0"])
        for name in listed.MODULES
    ]
    modules = cythonize(
        extensions,
        build_dir=str(work / "c"),
        include_path=[str(SRC)],  # a .pxd may cimport another module's types
        compiler_directives={"language_level": 3, "annotation_typing": False},
        nthreads=2,
        quiet=True,
    )
    command = build_ext(Distribution({"ext_modules": modules}))
    command.build_lib = str(work / "lib")
    command.build_temp = str(work / "temp")
    command.parallel = 2
    command.ensure_finalized()
    command.run()
    return {name: Path(command.get_ext_fullpath(name)) for name in listed.MODULES}


def stamps() -> dict[str, str]:
    """Module → size and CRC-32 of its source now (what ``compiled.json`` records)."""
    listed = _compiled_list()
    return {name: listed.source_digest(listed.source_of(name, SRC)) for name in listed.MODULES}


def write_stamps(path: Path, found: dict[str, str] | None = None) -> None:
    """Record ``found`` (default: the sources now) as the build's (``compiled.json``; whole
    or not at all: a process starting meanwhile reads the old record or the new one)."""
    text = json.dumps(stamps() if found is None else found, indent=1, sort_keys=True) + "\n"
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


@contextlib.contextmanager
def _one_build_at_a_time() -> Iterator[None]:
    """Hold ``build/compile.lock`` (a build in the background and ``make compiled`` do not
    write the same files at once); without ``fcntl`` no lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    folder = HERE / "build"
    folder.mkdir(exist_ok=True)
    with open(folder / "compile.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def builds_beside(name: str) -> Iterator[Path]:
    """The extension files of module ``name`` beside its source."""
    source = _compiled_list().source_of(name, SRC)
    return source.parent.glob(source.stem + ".*.so")


def built_in_place() -> bool:
    """Every listed module has a build beside its source, stamped with its source now."""
    listed = _compiled_list()
    return listed.read_stamps() == stamps() and all(
        any(builds_beside(name)) for name in listed.MODULES
    )


def compile_stamped(work: Path) -> tuple[dict[str, Path], dict[str, str]]:
    """:func:`compile_modules` in ``work`` and the stamps of the sources it compiled (read
    before the compile); raises :class:`RuntimeError` when a source changed meanwhile (its
    build may be of either version: stamping it would mark a build of the old source as
    the new one's) and whatever the compile raised when a module failed."""
    before = stamps()
    built = compile_modules(work)
    listed = _compiled_list()
    missing = [name for name in listed.MODULES if not built.get(name, work).is_file()]
    if missing:
        raise RuntimeError(f"no build of {', '.join(missing)}")
    changed = sorted(name for name, digest in stamps().items() if before.get(name) != digest)
    if changed:
        raise RuntimeError(f"{', '.join(changed)} changed while compiling; run it again")
    return built, before


def build_in_place(force: bool = False) -> bool:
    """Compile beside the sources and stamp them (unless that build is there already and
    not ``force``); False (and why, on stderr) if it cannot. The stamp is written only
    after every module compiled and was put in place, and it records the sources as they
    were compiled; while the builds are replaced there is none (a process starting then
    runs from source)."""
    with _one_build_at_a_time():
        if not force and built_in_place():  # (another build may have made it meanwhile)
            return True
        listed = _compiled_list()
        with tempfile.TemporaryDirectory(prefix="totenblatt-cython-") as tmp:
            try:
                built, compiled = compile_stamped(Path(tmp))
            except Exception as exc:  # no Cython, no compiler: the sources run as they are
                print(f"build_compiled: not compiled ({exc}); running from source", file=sys.stderr)
                return False
            listed.STAMPS.unlink(missing_ok=True)  # no build is stamped while they change
            for name, extension in built.items():
                target = listed.source_of(name, SRC).with_name(extension.name)
                for old in builds_beside(name):
                    if old != target:
                        old.unlink()
                part = target.with_name(target.name + ".part")
                shutil.copy2(extension, part)
                os.replace(part, target)  # a running process keeps the build it loaded
        write_stamps(listed.STAMPS, compiled)
        return True


class CompiledHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling: compile the listed modules into the wheel (or beside the sources)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            build_in_place()
            return
        work = Path(tempfile.mkdtemp(prefix="totenblatt-cython-"))
        try:
            built, compiled = compile_stamped(work)
        except Exception as exc:
            print(f"build_compiled: not compiled ({exc}); a pure-Python wheel", file=sys.stderr)
            return
        for name, extension in built.items():
            folder = "/".join(name.split(".")[:-1])
            build_data["force_include"][str(extension)] = f"{folder}/{extension.name}"
        stamp = work / "compiled.json"
        write_stamps(stamp, compiled)
        build_data["force_include"][str(stamp)] = "totenblatt/compiled.json"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def build_in_background(log: Path) -> bool:
    """Start :func:`build_in_place` in a process of its own (its own session, niced: a
    ``make run`` that ends, or its Ctrl-C, leaves it compiling), after installing Cython
    and setuptools into this environment when they are missing; its output goes to ``log``.
    False when the build is there already (nothing started)."""
    if built_in_place():
        return False
    import subprocess

    log.parent.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    script = (
        "import importlib.util, subprocess, sys\n"
        "if not all(importlib.util.find_spec(m) for m in ('Cython', 'setuptools')):\n"
        "    subprocess.run([sys.executable, '-m', 'pip', 'install', '--quiet',\n"
        "                    'cython>=3.0', 'setuptools>=68'], check=False)\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "import build_compiled\n"
        "build_compiled.build_in_place()\n"
    )
    command = [python, "-c", script]
    if shutil.which("nice"):
        command = ["nice", "-n", "10", *command]
    with open(log, "w") as out:
        subprocess.Popen(
            command,
            cwd=HERE,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return True


def main(argv: list[str]) -> int:
    """The script: ``--background`` starts :func:`build_in_background`; else
    :func:`build_in_place` (``--force``: even when the build is fresh). 1 when the build
    asked for failed (the package runs from source meanwhile), else 0."""
    if "--background" in argv:
        if build_in_background(HERE / "build" / "compiled.log"):
            print("compiling the fast path in the background (log: build/compiled.log)")
        return 0
    return 0 if build_in_place(force="--force" in argv) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
