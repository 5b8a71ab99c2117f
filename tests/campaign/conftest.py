"""Shared fixture of the campaign tests: the extended ruleset."""

from __future__ import annotations

import pytest

from totenblatt.wanted.rules import Ruleset


@pytest.fixture
def rules() -> Ruleset:
    return Ruleset.load("extended")
