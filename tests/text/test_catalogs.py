"""The gettext catalogs: up to date with the code, complete in German, compiled as committed."""

from __future__ import annotations

import gettext
import io
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from totenblatt.cards import Rank
from totenblatt.text import LANGS, translator
from totenblatt.text.vocab import ABILITY_NAMES, KIND_NAMES, cover_word
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "totenblatt" / "text" / "locale"
PYBABEL = Path(sys.executable).with_name("pybabel")

MessageKey = tuple[str | tuple[str, ...], str | None]
"""A catalog entry's identity: its id (singular, or singular and plural) and context."""


def keywords() -> list[str]:
    """The ``-k`` options of ``make catalogs-extract`` (the Makefile is the one source)."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = re.search(r"^BABEL_KEYWORDS\s*:=\s*(.+)$", text, flags=re.MULTILINE)
    assert line is not None, "the Makefile defines BABEL_KEYWORDS"
    return line.group(1).split()


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def ids(catalog: Catalog) -> set[MessageKey]:
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages of the code now, extracted as ``make catalogs-extract`` does."""
    out = tmp_path_factory.mktemp("pot") / "totenblatt.pot"
    done = subprocess.run(
        [str(PYBABEL), "extract", "-F", str(ROOT / "babel.cfg"), *keywords(), "--sort-output",
         "-o", str(out), str(ROOT / "src" / "totenblatt")],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr
    return read(out)


def test_the_template_holds_exactly_the_messages_of_the_code(extracted: Catalog) -> None:
    committed = ids(read(LOCALE / "totenblatt.pot"))
    now = ids(extracted)
    assert not now - committed, (
        f"not extracted yet (make catalogs): {sorted(map(str, now - committed))}"
    )
    assert not committed - now, f"no longer in the code: {sorted(map(str, committed - now))}"
    assert len(now) > 400


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_has_every_message_and_no_orphan(extracted: Catalog, lang: str) -> None:
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "totenblatt.po")
    assert not catalog.obsolete, f"obsolete entries in {lang}: {list(catalog.obsolete)}"
    missing = ids(extracted) - ids(catalog)
    orphans = ids(catalog) - ids(extracted)
    assert not missing, f"missing in {lang} (make catalogs): {sorted(map(str, missing))}"
    assert not orphans, f"unused in {lang}: {sorted(map(str, orphans))}"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_german_is_complete_and_keeps_every_placeholder() -> None:
    catalog = read(LOCALE / "de" / "LC_MESSAGES" / "totenblatt.po")
    assert catalog.num_plurals == 2
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        targets = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(targets), f"untranslated: {message.id!r}"
        wanted = set().union(*(fields(s) for s in sources))
        for target in targets:
            assert fields(target) <= wanted, f"{message.id!r}: unknown placeholder in {target!r}"
            assert fields(target) >= wanted - {"n"}, f"{message.id!r}: {target!r} drops one"


def test_english_is_the_source_language() -> None:
    """English catalogs keep msgstr empty: the id is the English text (gettext falls back)."""
    catalog = read(LOCALE / "en" / "LC_MESSAGES" / "totenblatt.po")
    for message in catalog:
        if message.id:
            texts = [message.string] if isinstance(message.string, str) else message.string
            assert not any(texts), f"en.po translates {message.id!r}: edit the source instead"
    assert translator("en").gettext("Bid nothing") == "Bid nothing"
    assert translator("en").ngettext("{n} wound", "{n} wounds", 2) == "{n} wounds"


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogs_match_their_sources(lang: str) -> None:
    """The committed .mo files are what ``pybabel compile`` makes of the .po files."""
    folder = LOCALE / lang / "LC_MESSAGES"
    buffer = io.BytesIO()
    write_mo(buffer, read(folder / "totenblatt.po"))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)._catalog  # type: ignore[attr-defined]
    with (folder / "totenblatt.mo").open("rb") as handle:
        committed = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    assert committed == fresh, f"{lang}: run make catalogs-compile"


def test_the_package_loads_its_catalogs() -> None:
    de = translator("de")
    assert de.gettext("Bid nothing") == "Nichts bieten"
    assert de.ngettext("{n} wound", "{n} wounds", 1) == "{n} Wunde"
    assert de.ngettext("{n} wound", "{n} wounds", 2) == "{n} Wunden"


def test_german_names_agree_with_the_words_the_parsers_read() -> None:
    """The catalog's German names are the seed's, which ``parse_word`` also accepts."""
    de = translator("de")
    for ability, msgid in ABILITY_NAMES.items():
        assert de.gettext(msgid) == Ability(ability).german
    for kind, msgid in KIND_NAMES.items():
        assert de.gettext(msgid) == HeroType(kind).german
    for level in (CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD):
        assert cover_word(level, "de") == level.german
    assert de.gettext("jack") == Rank.JACK.german and de.gettext("king") == Rank.KING.german
