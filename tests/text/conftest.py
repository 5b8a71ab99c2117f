"""Fixtures of the text-layer tests: a strict German catalog that refuses unknown message ids."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from totenblatt.text import translator


@pytest.fixture
def strict_de(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Every German lookup must hit the catalog; yields the ids looked up."""
    tr = translator("de")
    known = tr._catalog  # type: ignore[attr-defined]  # the compiled catalog, keyed by id
    seen: set[str] = set()
    gettext, ngettext = tr.gettext, tr.ngettext

    def strict_gettext(msgid: str) -> str:
        assert msgid in known, f"message id not in the German catalog: {msgid!r}"
        seen.add(msgid)
        return gettext(msgid)

    def strict_ngettext(singular: str, plural: str, n: int) -> str:
        assert (singular, 0) in known, f"plural id not in the German catalog: {singular!r}"
        seen.add(singular)
        return ngettext(singular, plural, n)

    monkeypatch.setattr(tr, "gettext", strict_gettext)
    monkeypatch.setattr(tr, "ngettext", strict_ngettext)
    yield seen


@pytest.fixture
def no_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """No language in the environment: neither TOTENBLATT_LANG nor a locale variable."""
    for var in ("TOTENBLATT_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
