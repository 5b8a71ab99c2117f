"""The one percentage formatter of the CLI and the web (issue 43): a chance strictly
between 0 and 1 never prints as 0 % or 100 %; exact 0 and 1 do."""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from totenblatt.cli.rpg_plots import cell
from totenblatt.rpg.odds import probe_odds
from totenblatt.text.catalog import chance_digits, words

_ZERO_OR_HUNDRED = re.compile(r"^[<>]?(0+([.,]0+)?|100([.,]0+)?)\s?%$")

inner = st.fractions(min_value=0, max_value=1, max_denominator=10**12).filter(lambda p: 0 < p < 1)


def _bare(text: str) -> str:
    """The number alone (no <, >, % or space)."""
    return text.strip("<>% \u00a0").replace(",", ".")


@given(inner, st.integers(0, 3), st.sampled_from(["de", "en"]))
def test_a_chance_between_never_prints_as_0_or_100(p: Fraction, digits: int, lang: str) -> None:
    for text in (words(lang).percent(p, digits), words(lang).percent(float(p), digits)):
        number = float(_bare(text))
        assert 0 < number < 100, (p, text)
        assert text.startswith(("<", ">")) or abs(number - float(p) * 100) <= 10**-digits
    assert 0 < float(_bare(chance_digits(p, digits))) < 100
    assert 0 < float(_bare(cell(p))) < 100


@given(st.floats(min_value=0, max_value=1, exclude_min=True, exclude_max=True))
def test_floats_near_the_ends_too(p: float) -> None:
    assert not _ZERO_OR_HUNDRED.match(words("en").percent(p).replace("<", "x"))
    assert _bare(chance_digits(p, 1)) not in ("0.0", "100.0", "0", "100")


def test_exact_ends_and_the_seed_value() -> None:
    assert words("en").percent(0) == "0%" and words("de").percent(Fraction(1), 1) == "100 %"
    assert words("de").percent(Fraction(9288, 9295), 1) == "99,9 %"
    assert words("en").percent(Fraction(9288, 9295)) == ">99%"
    assert cell(Fraction(1, 10**9)) == "<0.1" and cell(Fraction(10**9 - 1, 10**9)) == ">99.9"


def test_the_odds_of_every_level_pair_print_truthfully() -> None:
    for skill in range(13):
        for difficulty in range(13):
            p = probe_odds(skill, difficulty).success
            text = words("de").percent(p, 1)
            if 0 < p < 1:
                assert _bare(text) not in ("0.0", "100.0"), (skill, difficulty, text)
