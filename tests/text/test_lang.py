"""Which language: --lang, else TOTENBLATT_LANG, else the locale (LC_ALL, …, LANG), else en."""

from __future__ import annotations

import pytest

from totenblatt.text import LanguageError, describe_error, resolve_lang

LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")


pytestmark = pytest.mark.usefixtures("no_language")


def test_english_when_nothing_is_set() -> None:
    assert resolve_lang(None) == "en"


@pytest.mark.parametrize("var", LOCALE)
@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("de_DE.UTF-8", "de"),
        ("de_AT", "de"),
        ("en_GB.UTF-8", "en"),
        ("fr_FR.UTF-8", "en"),
        ("C", "en"),
        ("POSIX", "en"),
        ("C.UTF-8", "en"),
    ],
)
def test_the_locale_decides_and_other_languages_fall_back_to_english(
    monkeypatch: pytest.MonkeyPatch, var: str, value: str, lang: str
) -> None:
    monkeypatch.setenv(var, value)
    assert resolve_lang(None) == lang


def test_lc_all_wins_over_lc_messages_over_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("LC_MESSAGES", "de_DE.UTF-8")
    assert resolve_lang(None) == "de"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert resolve_lang(None) == "en"


def test_totenblatt_lang_wins_over_the_locale_and_lang_wins_over_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    monkeypatch.setenv("TOTENBLATT_LANG", "de")
    assert resolve_lang(None) == "de"
    assert resolve_lang("en") == "en"
    assert resolve_lang("DE") == "de"


def test_an_explicit_language_without_a_catalog_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(LanguageError, match="unknown language 'fr' in --lang") as info:
        resolve_lang("fr")
    assert describe_error(info.value, "de") == (
        "unbekannte Sprache 'fr' in --lang: erwartet wird eine von en, de"
    )
    monkeypatch.setenv("TOTENBLATT_LANG", "klingon")
    with pytest.raises(LanguageError, match="TOTENBLATT_LANG"):
        resolve_lang(None)
