"""Every number of a ruleset has bounds, and the messages say what is allowed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import annotated_types
import pydantic
import pytest

from totenblatt.rpg.rules import RpgRuleset, RpgRulesetError
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.rules import MAX_DECKS, Ruleset, RulesetError

BASE = Ruleset.load("base")


def numeric_fields(model: type[pydantic.BaseModel], prefix: str = "") -> list[tuple[str, Any]]:
    """(dotted name, field info) of every int or float field, nested models included."""
    out: list[tuple[str, Any]] = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
            out += numeric_fields(annotation, f"{prefix}{name}.")
        elif annotation in (int, float) or str(annotation).startswith(("int |", "float |")):
            out.append((prefix + name, field))
    return out


def upper_bound(field: Any) -> float | None:
    for item in field.metadata:
        if isinstance(item, annotated_types.Le | annotated_types.Lt):
            return float(getattr(item, "le", getattr(item, "lt", 0)))
    return None


@pytest.mark.parametrize("model", [Ruleset, RpgRuleset])
def test_every_number_of_a_ruleset_has_an_upper_bound(model: type[pydantic.BaseModel]) -> None:
    unbounded = [name for name, field in numeric_fields(model) if upper_bound(field) is None]
    assert not unbounded, unbounded


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"hand_size": 60}, "round.hand_size 60 is more than the deck can deal: at most 54"),
        ({"hand_size": 60, "deck_count": 2}, None),
        ({"dead_hand_size": 55}, "round.dead_hand_size 55 is more than the deck can deal"),
        ({"deck_count": MAX_DECKS + 1}, "less than or equal to 8"),
        ({"jokers": 5}, "less than or equal to 4"),
        ({"hp.start": 100}, "less than or equal to 99"),
        ({"gang_max_size": 31}, "less than or equal to 30"),
        ({"bands": (2.0, 6.0, 12.0, 24.0, 1e9)}, "less than or equal to 240"),
        ({"base_diameter": float("nan")}, "finite number"),
        ({"round_limit": 1001}, "less than or equal to 1000"),
    ],
)
def test_bounds_are_refused_with_what_is_allowed(
    options: dict[str, Any], fragment: str | None
) -> None:
    if fragment is None:
        assert BASE.with_options(**options)
        return
    with pytest.raises(RulesetError, match=re.escape(fragment)) as info:
        BASE.with_options(**options)
    assert "\n" not in str(info.value)


def test_hero_cards_count_towards_what_the_deck_must_deal() -> None:
    extended = Ruleset.load("extended")  # a veteran holds 5 + 5 cards
    with pytest.raises(RulesetError, match=r"hand_size 50 \+ 5 hero cards"):
        extended.with_options(hand_size=50)
    assert BASE.with_options(hand_size=50).round.hand_size == 50  # no heroes: fine


def test_a_deal_beyond_eight_decks_is_refused_when_the_game_starts(tmp_path: Path) -> None:
    figures = "".join(
        f'[[figures]]\nname = "F{s}"\nseat = {s}\nweapon = "colt"\nposition = [{2 + 2 * s}, 2]\n'
        for s in range(8)
    )
    path = tmp_path / "eight.toml"
    path.write_text(f'title = "Eight"\nwidth = 24\nheight = 24\nseats = 8\n{figures}')
    rules = BASE.with_options(hand_size=54, dead_hand_size=54)
    with pytest.raises(RulesetError, match="more than 8 decks"):
        new_game(path, rules, seed=1)
    assert new_game(path, BASE.with_options(hand_size=40), seed=1).state.decks == 7


def test_rpg_piles_and_points_are_bounded() -> None:
    rules = RpgRuleset.load("rpg")
    data = rules.model_dump(mode="python")
    data["pile"]["cards"] = ("A",) * 53
    with pytest.raises(pydantic.ValidationError, match="at most 52"):
        RpgRuleset.model_validate(data)
    assert issubclass(RpgRulesetError, ValueError)
