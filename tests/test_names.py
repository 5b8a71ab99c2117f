"""Names people give: one normal form, no control or format characters, escaped where printed."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.names import (
    NameTextError,
    bad_character,
    clean_name,
    clean_text,
    listing,
    markdown_cell,
    printable,
    same_name,
)

HOSTILE = {
    "escape": "\x1b[2J\x1b[31mX",
    "osc": "\x1b]0;title\x07X",
    "del": "X\x7f",
    "newline": "Two\nLines",
    "carriage-return": "X\rY",
    "tab": "X\tY",
    "nul": "X\x00Y",
    "c1": "X\x9bY",
    "rlo": "Billy\u202eKid",
    "lri": "X\u2066Y",
    "zero-width": "X\u200bY",
    "bom": "\ufeffX",
    "line-separator": "X\u2028Y",
    "private-use": "X\ue000",
    "unassigned": "X\U000e0fff",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_control_and_format_characters_are_refused(kind: str) -> None:
    with pytest.raises(
        NameTextError, match=r"^gang name .* holds the (control|format) character U\+"
    ) as info:
        clean_name(HOSTILE[kind], what="gang name")
    message = str(info.value)
    assert message.startswith("gang name ") and "U+" in message
    assert message.isprintable()  # the message itself shows the character escaped


def test_names_are_nfc_and_stripped() -> None:
    decomposed = "Jose\u0301 Carver"
    assert decomposed != "José Carver"
    assert clean_name(f"  {decomposed}\u00a0") == "José Carver"
    assert same_name(decomposed, "JOSÉ   carver")


@pytest.mark.parametrize("text", ["", "   ", "\u00a0"])
def test_an_empty_name_is_refused(text: str) -> None:
    with pytest.raises(NameTextError, match="empty"):
        clean_name(text)


def test_length_is_counted_after_normalising() -> None:
    assert clean_name("e\u0301" * 80) == "é" * 80
    with pytest.raises(NameTextError, match="81 characters long; expected at most 80"):
        clean_name("x" * 81)


def test_text_may_be_empty_and_descriptions_may_break_lines() -> None:
    assert clean_text("") == ""
    assert clean_text("one\ntwo", multiline=True) == "one\ntwo"
    with pytest.raises(NameTextError, match="U\\+000A"):
        clean_text("one\ntwo")
    with pytest.raises(NameTextError, match="U\\+001B"):
        clean_text("a\x1bb", multiline=True)


@given(st.text())
def test_a_cleaned_name_is_printable_normal_and_stripped(text: str) -> None:
    try:
        name = clean_name(text)
    except NameTextError:
        return
    assert bad_character(name) is None
    assert name == name.strip() and unicodedata.is_normalized("NFC", name)
    assert 0 < len(name) <= 80


def test_lists_of_candidates_are_capped_and_escaped() -> None:
    assert listing([f"Gang {i}" for i in range(1000)]).endswith("and 990 more")
    assert len(listing(["x" * 500] * 3)) < 200
    assert "\x1b" not in listing(["\x1b[2J"]) and "\\x1b" in listing(["\x1b[2J"])


def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("a\x1b[31mb\u202ec") == "a\\x1b[31mb\\u202ec"


def test_markdown_cells_escape_markup_and_keep_the_table_whole() -> None:
    cell = markdown_cell("Pipe | Gang *bold* [link](x) <b>")
    assert "|" not in cell.replace("\\|", "")
    row = f"| {cell} | 3 |"
    assert row.count("|") - row.count("\\|") == 3
    assert markdown_cell("two\nlines") == "two lines"
    assert markdown_cell("\x1b") == "\\u001b"
