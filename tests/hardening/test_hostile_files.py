"""Hostile data files (rulesets, scenarios, RPG rulesets, saves) are refused in one line.

Deep nesting, numbers beyond the digit limit or beyond a rule's bounds, wrong types,
files that are too large: every command that reads the file exits 2 with one line on
stderr that names the file and says what is allowed; ``Game.from_json`` raises only
``SaveError``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from file_args import fill, write
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.save import SaveError

Cli = Callable[[Sequence[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py

RULESET_COMMANDS = [
    ["rules", "--ruleset", "{}"],
    ["attack", "-a", "QS", "-w", "colt", "-d", "3", "--ruleset", "{}"],
    ["play", "--seats", "bot,bot", "--ruleset", "{}"],
    ["abilities", "--ruleset", "{}"],
    ["draw-ability", "--ruleset", "{}"],
    ["gang", "create", "Daltons", "--leader", "veteran", "--ruleset", "{}"],
]
RPG_COMMANDS = [
    ["probe", "-s", "2", "-d", "3", "--ruleset", "{}"],
    ["odds", "-s", "2", "-d", "3", "--ruleset", "{}"],
    ["odds", "--table", "--ruleset", "{}"],
    ["character", "create", "Trevor", "--ruleset", "{}"],
]
SCENARIO_COMMANDS = [
    ["play", "--seats", "bot,bot", "--scenario", "{}"],
    ["scenarios", "show", "{}"],
]
SAVE_COMMANDS = [["replay", "{}"], ["play", "--load", "{}"]]


def refused(cli: Cli, args: list[str], path: Path, *fragments: str) -> str:
    code, out, err = cli(fill(args, path))
    assert code == 2, (args, code, out[-300:], err[-300:])
    assert err.count("\n") == 1 and "Traceback" not in err, err[-500:]
    assert str(path) in err or path.name in err, err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    return err


# -- rulesets ---------------------------------------------------------------------------

HOSTILE_RULESETS = {
    "deep-array": ("a = " + "[" * 5000 + "]" * 5000, "nested more than 32 deep"),
    "deep-table": ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "nested more than 32 deep"),
    "dotted-key": ("a" + ".a" * 20_000 + " = 1", "more than 32 parts"),
    "digits": ('extends = "base"\nname = "x"\n[cards]\njokers = ' + "9" * 5000, "4300 digits"),
    "hand-size": (
        'extends = "base"\nname = "x"\n[round]\nhand_size = 100000000',
        "round.hand_size",
    ),
    "hand-beyond-deck": (
        'extends = "base"\nname = "x"\n[round]\nhand_size = 60',
        "more than the deck can deal: at most 54",
    ),
    "deck-count": ('extends = "base"\nname = "x"\n[cards]\ndeck_count = 10000000', "<= 8"),
    "dead-hand": (
        'extends = "base"\nname = "x"\n[round]\ndead_hand_size = 1000000000',
        "round.dead_hand_size",
    ),
    "infinite-band": (
        'extends = "base"\nname = "x"\n[attack]\nbands = [2.0, 6.0, 12.0, 24.0, inf]',
        "finite",
    ),
    "gang-size": ('extends = "base"\nname = "x"\n[campaign]\ngang_max_size = 100000', "30"),
    "wrong-type": ('extends = "base"\nname = "x"\n[hp]\nstart = "six"', "hp.start"),
    "escape-name": ('extends = "base"\nname = "x\\u001b[2J"', "control character"),
}


def test_a_missing_ruleset_file_is_not_found(cli: Cli, tmp_path: Path) -> None:
    for args in (*RULESET_COMMANDS, *RPG_COMMANDS):
        err = refused(cli, args, tmp_path / "none.toml", "file not found")
        assert "no ruleset named" not in err


def test_a_ruleset_larger_than_the_limit_is_not_read(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(5_000_000)  # sparse: nothing written, 5 MB long
    refused(cli, ["rules", "--ruleset", "{}"], path, "at most 1,000,000")


HOSTILE_RPG = {
    "pile": (
        'extends = "rpg"\nname = "x"\n[pile]\ncards = [' + '"A", ' * 100_000 + '"A"]',
        "pile.cards",
    ),
    "deep": ("x = " + "[" * 5000 + "]" * 5000, "nested more than 32 deep"),
    "points": ('extends = "rpg"\nname = "x"\n[wounds]\nfat_points = 10000000000', "fat_points"),
}


# -- scenarios --------------------------------------------------------------------------

DUEL = (Path(__file__).parents[2] / "src/totenblatt/wanted/table/scenarios/duel.toml").read_text(
    encoding="utf-8"
)
HOSTILE_SCENARIOS = {
    "deep": ("x = " + "[" * 5000 + "]" * 5000, "nested more than 32 deep"),
    "figure-name": (DUEL.replace('name = "Billy"', 'name = "Bil\\u202ely"', 1), "U+202E"),
    "round-limit": (DUEL.replace("round_limit = 10", "round_limit = 100000000000"), "round_limit"),
    "infinite": (DUEL.replace("width = ", "width = inf #", 1), "finite"),
    "figures": (
        DUEL
        + "".join(
            f'\n[[figures]]\nname = "F{i}"\nseat = 0\nweapon = "colt"\nposition = [1, 1]\n'
            for i in range(100)
        ),
        "figures",
    ),
}


HOSTILE_TOML = [
    pytest.param(args, kind, text, fragment, id=f"{'-'.join(args[:2])}-{kind}")
    for commands, files in (
        (RULESET_COMMANDS, HOSTILE_RULESETS),
        (RPG_COMMANDS, HOSTILE_RPG),
        (SCENARIO_COMMANDS, HOSTILE_SCENARIOS),
    )
    for kind, (text, fragment) in sorted(files.items())
    for args in commands
]
"""Every command that reads a ruleset, RPG ruleset or scenario, with every hostile file."""


@pytest.mark.parametrize(("args", "kind", "text", "fragment"), HOSTILE_TOML)
def test_a_hostile_ruleset_or_scenario_is_one_line(
    cli: Cli, tmp_path: Path, args: list[str], kind: str, text: str, fragment: str
) -> None:
    assert text != DUEL  # a hostile scenario changes the duel
    refused(cli, args, write(tmp_path, f"{kind}.toml", text), fragment)


# -- saves ------------------------------------------------------------------------------


def a_save(seed: int = 5, moves: int = 6) -> dict[str, object]:
    game = new_game("duel", "base", seed)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    data: dict[str, object] = json.loads(game.to_json())
    return data


def hostile_saves() -> dict[str, tuple[str, str]]:
    good = a_save()
    embedded = json.loads(new_game("duel", new_game("duel").ruleset.with_options(
        redraws_per_round=0), 1).to_json())  # fmt: skip
    assert isinstance(embedded["ruleset"], dict)
    embedded["ruleset"]["round"]["hand_size"] = 100_000_000
    actions = list(good["actions"])  # type: ignore[call-overload]
    return {
        "deep": ("[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),
        "digits": (
            json.dumps({**good, "seed": 1}).replace('"seed": 1', '"seed": ' + "9" * 5000),
            "4300 digits",
        ),
        "huge-seed": (json.dumps({**good, "seed": 10**30}), "2**64"),
        "nan": (json.dumps(good).replace('"dealer": null', '"dealer": NaN'), "NaN"),
        "bool-version": (json.dumps({**good, "version": True}), "version True"),
        "float-version": (json.dumps({**good, "version": 2.0}), "version 2.0"),
        "no-digest": (json.dumps({k: v for k, v in good.items() if k != "digest"}), "digest"),
        "no-events": (json.dumps({k: v for k, v in good.items() if k != "events"}), "events"),
        "unknown-key": (json.dumps({**good, "cheat": 1}), "unknown key 'cheat'"),
        "action-key": (
            json.dumps({**good, "actions": [{**actions[0], "peek": True}, *actions[1:]]}),
            "unknown key 'peek'",
        ),
        "coordinate": (
            json.dumps({**good, "actions": ["MOVE", *actions[1:]]}).replace(
                '"MOVE"',
                '{"type": "move", "card": "5♣", "steps": '
                '[{"figure": "Billy", "path": [[1e999, 1]]}]}',
            ),
            "not finite",
        ),
        "embedded-hand-size": (json.dumps(embedded), "hand_size"),
    }


@pytest.mark.parametrize("kind", sorted(hostile_saves()))
def test_a_hostile_save_raises_only_save_error(kind: str) -> None:
    text, fragment = hostile_saves()[kind]
    with pytest.raises(SaveError, match=re.escape(fragment)) as info:
        Game.from_json(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("kind", ["deep", "digits", "nan", "no-digest", "embedded-hand-size"])
@pytest.mark.parametrize("args", SAVE_COMMANDS, ids=lambda a: a[0] + a[1][:6])
def test_a_hostile_save_is_one_line(cli: Cli, tmp_path: Path, args: list[str], kind: str) -> None:
    text, _ = hostile_saves()[kind]
    refused(cli, args, write(tmp_path, f"{kind}.json", text))


def test_a_save_larger_than_the_limit_is_not_read(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(50_000_000)
    refused(cli, ["replay", "{}"], path, "at most 4,000,000")


def test_the_coordinate_of_a_move_in_a_save_must_be_finite() -> None:
    game = new_game("duel", "base", 8)
    while not any(a.__class__.__name__ == "Move" for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    moves = [a for a in game.legal_actions() if a.__class__.__name__ == "Move"]
    game.apply(moves[0])
    data = json.loads(game.to_json())
    step = data["actions"][-1]["steps"][0]
    step["path"][-1] = [10**400, 1]
    with pytest.raises(SaveError, match="coordinate"):
        Game.from_json(json.dumps(data))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["ruleset", "scenario", "seed", "dealer", "deck_order", "actions",
                            "events", "digest", "version", "format"]),
       value=JSON_VALUES)  # fmt: skip
def test_any_value_in_any_key_of_a_save_is_a_save_error_or_a_game(key: str, value: object) -> None:
    data = dict(SAVE)
    data[key] = value
    try:
        game = Game.from_json(json.dumps(data))
    except SaveError as exc:
        assert "\n" not in str(exc)
    else:
        assert game.events  # a value that still replays (an equal one)


SAVE = a_save(seed=9, moves=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 3), value=JSON_VALUES)
def test_any_action_json_is_a_save_error(index: int, value: object) -> None:
    data = dict(SAVE)
    actions = list(data["actions"])  # type: ignore[call-overload]
    assume(value != actions[index])
    actions[index] = value
    data["actions"] = actions
    with pytest.raises(
        SaveError, match=r"^(action #\d+ |the replay |not a saved Wanted game: not valid JSON)"
    ):
        Game.from_json(json.dumps(data))


def test_an_old_save_of_version_1_still_loads() -> None:
    """Made by the version before the seed left ``game_started`` (kept as a fixture file)."""
    text = (Path(__file__).parent / "data" / "duel-v1.json").read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1
    game = Game.from_json(text)
    assert game.setup.seed == 7 and game.actions
    digest = json.loads(text)["digest"]
    tampered = text.replace(digest, digest[::-1])
    with pytest.raises(SaveError, match="digest differs"):
        Game.from_json(tampered)
