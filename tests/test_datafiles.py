"""Data files: strict models, ``extends`` merging, and errors that name file and key."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pydantic
import pytest

from file_args import write
from totenblatt.datafiles import (
    MAX_NESTING,
    DataFileError,
    StrictModel,
    builtin_names,
    load_data,
    merge,
    nesting_problem,
    parse_json,
    parse_toml,
    read_text,
    validate,
)


class ThingError(DataFileError):
    """The error class a caller passes in."""


class Inner(StrictModel):
    size: int = 1
    tags: tuple[str, ...] = ()


class Thing(StrictModel):
    name: str
    count: int
    ratio: float = 0.5
    inner: Inner = Inner()


def load(path: str | Path) -> Thing:
    # The package/folder hold the built-in rulesets; none of them is a valid Thing.
    return load_data(
        Thing, path, package="totenblatt.wanted", folder="rulesets", error=ThingError, kind="thing"
    )


@pytest.mark.parametrize(
    ("base", "override", "expected"),
    [
        ({"a": 1}, {}, {"a": 1}),
        ({"a": 1}, {"a": 2, "b": 3}, {"a": 2, "b": 3}),
        ({"t": {"x": 1, "y": 2}}, {"t": {"y": 3}}, {"t": {"x": 1, "y": 3}}),
        ({"t": {"u": {"x": 1, "y": 1}}}, {"t": {"u": {"y": 2}}}, {"t": {"u": {"x": 1, "y": 2}}}),
        ({"t": {"x": 1}}, {"t": 5}, {"t": 5}),
        ({"t": 5}, {"t": {"x": 1}}, {"t": {"x": 1}}),
        ({"l": [1, 2, 3]}, {"l": [9]}, {"l": [9]}),
    ],
    ids=["empty", "replace-and-add", "table-merge", "nested", "table-by-value", "value-by-table",
         "arrays-replace"],
)  # fmt: skip
def test_merge(base: dict[str, object], override: dict[str, object], expected: object) -> None:
    before = repr(base)
    assert merge(base, override) == expected
    assert repr(base) == before  # the base is not changed


def test_builtin_names() -> None:
    assert builtin_names("totenblatt.wanted", "rulesets") == ["base", "extended"]


def test_strict_model_is_frozen_strict_and_forbids_unknown_keys() -> None:
    thing = Thing(name="a", count=1)
    with pytest.raises(pydantic.ValidationError, match="Instance is frozen"):
        thing.count = 2  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError, match="Input should be a valid integer"):
        Thing.model_validate({"name": "a", "count": "5"})
    with pytest.raises(pydantic.ValidationError, match=r"colour\n  Extra inputs are not permitted"):
        Thing.model_validate({"name": "a", "count": 5, "colour": "red"})


def test_load_a_user_file_arrays_become_tuples(tmp_path: Path) -> None:
    path = write(tmp_path, "t.toml", 'name = "t"\ncount = 3\n[inner]\ntags = ["a", "b"]\n')
    thing = load(path)
    assert thing == Thing(name="t", count=3, inner=Inner(tags=("a", "b")))
    assert load(str(path)) == thing


def test_extends_a_file_next_to_it_and_overrides_keys(tmp_path: Path) -> None:
    write(tmp_path, "parent.toml", 'name = "parent"\ncount = 1\nratio = 2.0\n[inner]\nsize = 7\n')
    child = write(tmp_path, "sub/child.toml", 'extends = "../parent.toml"\ncount = 5\n')
    grandchild = write(
        tmp_path, "sub/grandchild.toml", 'extends = "child.toml"\nname = "g"\n[inner]\ntags = ["x"]'
    )
    assert load(child) == Thing(name="parent", count=5, ratio=2.0, inner=Inner(size=7))
    assert load(grandchild) == Thing(name="g", count=5, ratio=2.0, inner=Inner(size=7, tags=("x",)))


def test_extends_loop_is_an_error(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\nname = "a"\ncount = 1\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(ThingError, match="loops"):
        load(a)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ('name = "t"\ncount = 1\ncolour = "red"\n', ["unknown key 'colour'"]),
        ('name = "t"\ncount = 1\n[inner]\nsise = 2\n', ["unknown key 'inner.sise'"]),
        ('name = "t"\n', ["key 'count' is missing"]),
        ('name = "t"\ncount = "5"\n', ["key 'count'", "'5'"]),
        ('name = "t"\ncount = 1\n[inner]\ntags = [1]\n', ["key 'inner.tags.0'"]),
        ('name = "t"\ncount = 1\nratio = "x"\n', ["key 'ratio'", "'x'"]),
        ('name = "t"\ncount = [\n', ["not valid TOML"]),
        ("extends = 5\n", ["'extends'", "5"]),
        ('extends = "missing.toml"\n', ["'extends'", "missing.toml: file not found"]),
    ],
    ids=["unknown-key", "unknown-nested-key", "missing-key", "string-for-int", "nested-type",
         "string-for-float", "bad-toml", "extends-not-text", "extends-missing"],
)  # fmt: skip
def test_errors_name_the_file_and_the_key(tmp_path: Path, text: str, fragments: list[str]) -> None:
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(ThingError, match=r"bad\.toml") as info:
        load(path)
    message = str(info.value)
    assert "bad.toml" in message
    for fragment in fragments:
        assert fragment in message
    assert "\n" not in message


def test_many_problems_are_summarised(tmp_path: Path) -> None:
    keys = "\n".join(f"k{i} = {i}" for i in range(8))
    path = write(tmp_path, "bad.toml", keys)
    with pytest.raises(ThingError, match=r"\(\+\d+ more\)"):
        load(path)


def test_a_missing_file_lists_the_builtins() -> None:
    with pytest.raises(ThingError, match="expected one of base, extended") as info:
        load("no-such-thing")
    assert "'no-such-thing'" in str(info.value)


def test_a_file_that_is_not_utf8_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "Müller"\ncount = 1\n'.encode("latin-1"))
    with pytest.raises(ThingError, match="cannot read"):
        load(path)


def test_validate_uses_the_given_label_and_error() -> None:
    with pytest.raises(ThingError, match=r"^my label: key 'count' is missing$"):
        validate(Thing, {"name": "x"}, "my label", ThingError)
    assert validate(Thing, {"name": "x", "count": 2}, "l", ThingError).count == 2


# -- hostile files: special files, size, nesting, numbers -------------------------------


def test_read_text_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, fragment in [
        (fifo, "it is a FIFO (named pipe)"),
        (Path("/dev/zero"), "it is a device"),
        (tmp_path, "it is a directory"),
        (tmp_path / "none.toml", "file not found"),
    ]:
        with pytest.raises(ThingError, match=re.escape(f"{path}: {fragment}")):
            read_text(path, limit=100, error=ThingError)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_read_text_stops_at_the_limit_and_wants_utf8(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("x" * 101, encoding="utf-8")
    with pytest.raises(ThingError, match="101 bytes; at most 100 are read"):
        read_text(big, limit=100, error=ThingError)
    assert read_text(big, limit=101, error=ThingError, label="L") == "x" * 101
    latin = tmp_path / "latin.toml"
    latin.write_bytes("Müller".encode("latin-1"))
    with pytest.raises(ThingError, match=r"^L: cannot read the file: it is not UTF-8 text$"):
        read_text(latin, limit=100, error=ThingError, label="L")


@pytest.mark.parametrize(
    ("text", "syntax", "problem"),
    [
        ("[" * 33 + "]" * 33, "json", "nested more than 32 deep"),
        ("[" * 32 + "]" * 32, "json", None),
        ('["' + "[" * 100 + '"]', "json", None),  # brackets inside a string do not nest
        ('["\\"' + "[" * 100 + '"]', "json", None),  # nor after an escaped quote
        ("a = " + "[" * 33 + "]" * 33, "toml", "nested more than 32 deep"),
        ("a = '" + "[" * 100 + "'", "toml", None),
        ('a = """\n' + "{" * 100 + '\n"""', "toml", None),
        ("# " + "[" * 100 + "\na = 1", "toml", None),
        ("a" + ".a" * 33 + " = 1", "toml", "more than 32 parts"),
        ("[" + ".".join(["t"] * 40) + "]\nx = 1", "toml", "more than 32 parts"),
        ("a = [" + "1.5, " * 100 + "2.5]", "toml", None),  # floats are no dotted keys
    ],
)
def test_the_nesting_scanner(text: str, syntax: str, problem: str | None) -> None:
    found = nesting_problem(text, syntax)  # type: ignore[arg-type]
    assert (found is None) if problem is None else (problem in (found or ""))


def test_parsers_never_recurse_deeply_whatever_the_scanner_misses() -> None:
    # The scanner takes '""""' for a string running on; the parser does not: the guard
    # (RecursionError) and the depth check after parsing still refuse it.
    tricky = 'x = ["""a"""", ' + "[" * 3000 + "]" * 3000 + ', "b"]'
    assert nesting_problem(tricky, "toml") is None  # fooled
    with pytest.raises(ThingError, match="nested more than"):
        parse_toml(tricky, "L", ThingError)
    # Tables by dotted headers nest too: 31 levels of tables plus 4 of arrays.
    deep = "[" + ".".join(["t"] * 31) + "]\nx = [[[[1]]]]\n"
    assert nesting_problem(deep, "toml") is None
    with pytest.raises(ThingError, match=f"more than {MAX_NESTING} deep"):
        parse_toml(deep, "L", ThingError)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[NaN]", "NaN is not a number"),
        ('{"a": Infinity}', "Infinity is not a number"),
        ("[1e999]", "not finite"),
        ("9" * 5000, "4300 digits"),
        ("{", "not valid JSON"),
    ],
)
def test_parse_json_wants_finite_numbers_of_sane_size(text: str, fragment: str) -> None:
    with pytest.raises(ThingError, match=re.escape(fragment)):
        parse_json(text, "L", ThingError)


def test_parse_toml_names_a_huge_integer() -> None:
    with pytest.raises(ThingError, match="an integer has more than 4300 digits"):
        parse_toml("a = " + "9" * 5000, "L", ThingError)
    assert parse_toml("a = 1e999", "L", ThingError)["a"] == float("inf")  # models refuse it


def test_models_refuse_numbers_that_are_not_finite(tmp_path: Path) -> None:
    path = write(tmp_path, "inf.toml", 'name = "t"\ncount = 1\nratio = inf\n')
    with pytest.raises(ThingError, match="finite number"):
        load(path)


def test_a_missing_file_given_as_a_path_is_not_found(tmp_path: Path) -> None:
    for given in (tmp_path / "none.toml", str(tmp_path / "none.toml"), "none.toml", "./none"):
        with pytest.raises(ThingError, match="file not found"):
            load(given)


def test_extends_may_not_chain_without_end(tmp_path: Path) -> None:
    for i in range(12):
        write(tmp_path, f"f{i}.toml", f'extends = "f{i + 1}.toml"\n')
    write(tmp_path, "f12.toml", 'name = "t"\ncount = 1\n')
    with pytest.raises(ThingError, match="more than 8 files deep"):
        load(tmp_path / "f0.toml")
