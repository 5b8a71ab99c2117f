"""The shared test set-up (tests/conftest.py): the Hypothesis profiles and the PostgreSQL rule."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings


def test_the_ci_profile_has_no_deadline_and_fixed_examples() -> None:
    ci = settings.get_profile("ci")
    assert ci.deadline is None and ci.derandomize and ci.database is None
    assert settings.get_profile("sandbox").database is None


def test_no_profile_has_a_deadline() -> None:
    """A loaded developer machine must not fail a test CI passes (issue 38)."""
    assert settings.get_profile("sandbox").deadline is None
    assert settings().deadline is None  # whichever profile is loaded


def test_ci_selects_the_ci_profile() -> None:
    expected = "ci" if os.environ.get("CI") else "sandbox"
    assert settings.get_current_profile_name() == expected


def test_postgres_variants_fail_under_ci(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TOTENBLATT_TEST_DATABASE_URL", raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"TOTENBLATT_TEST_DATABASE_URL.*CI must run"):
        request.getfixturevalue("postgres_url")


def test_postgres_variants_skip_without_ci(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TOTENBLATT_TEST_DATABASE_URL", raising=False)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="need TOTENBLATT_TEST_DATABASE_URL"):
        request.getfixturevalue("postgres_url")


def test_postgres_url_comes_from_the_environment(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "postgresql+psycopg://tester@127.0.0.1:5999/totenblatt_test"
    monkeypatch.setenv("TOTENBLATT_TEST_DATABASE_URL", url)
    monkeypatch.setenv("CI", "true")
    assert request.getfixturevalue("postgres_url") == url
