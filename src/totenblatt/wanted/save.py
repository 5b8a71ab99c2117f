"""Saved games: ruleset + scenario + seed (+ fixed dealer and stacked deck) + actions.

Loading replays the actions and verifies the number of events and their SHA-256
digest, so a save that was edited or made by an incompatible version is refused.

>>> from totenblatt.wanted.engine import new_game
>>> game = new_game("duel", seed=3)
>>> load_game(dump_game(game)).events == game.events
True
>>> load_game('[1, 2]')
Traceback (most recent call last):
...
totenblatt.wanted.save.SaveError: not a saved Wanted game: expected a JSON object, got [1, 2]
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.actions import IllegalActionError, action_from_dict, action_to_dict

if TYPE_CHECKING:
    from totenblatt.wanted.engine import Game

__all__ = ["FORMAT", "VERSION", "SaveError", "dump_game", "events_digest", "load_game"]

FORMAT = "totenblatt-wanted-game"
VERSION = 1


class SaveError(ValueError):
    """A saved game that cannot be loaded: not JSON, wrong format, or it does not replay."""


def events_digest(game: Game) -> str:
    """SHA-256 over the JSON form of every event (public and private)."""
    sha = hashlib.sha256()
    for data in game.event_dicts():
        sha.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def dump_game(game: Game) -> str:
    """The saved game as JSON text, one action per line."""
    from totenblatt.wanted.engine import _scenario

    setup = game.setup
    try:
        same = _scenario(setup.scenario_ref)[0] == setup.scenario
    except ValueError:
        same = False
    if not same:
        raise SaveError(
            f"cannot save a game on scenario {setup.scenario.name!r}: it was not loaded "
            "from a built-in name or a file; start the game with new_game(scenario=name or path)"
        )
    header: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": setup.ruleset_ref,
        "scenario": setup.scenario_ref,
        "seed": setup.seed,
        "dealer": setup.dealer,
        "deck_order": [[str(c) for c in order] for order in setup.deck_orders],
        "events": len(game.state.events),
        "digest": events_digest(game),
    }
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in header.items()]
    actions = [json.dumps(action_to_dict(a), ensure_ascii=False) for a in game.actions]
    lines.append('  "actions": [')
    lines += [f"    {text}," for text in actions[:-1]] + [f"    {text}" for text in actions[-1:]]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def _field(data: dict[str, Any], key: str, kinds: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise SaveError(f"not a saved Wanted game: key {key!r} is missing ({what})")
    value = data[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is int):
        raise SaveError(f"not a saved Wanted game: {key!r} is {value!r}, expected {what}")
    return value


def load_game(text: str) -> Game:
    """Replay a saved game; :class:`SaveError` says what is wrong with a corrupt one."""
    from totenblatt.datafiles import validate
    from totenblatt.wanted.engine import new_game
    from totenblatt.wanted.rules import Ruleset, RulesetError

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveError(f"not a saved Wanted game: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveError(f"not a saved Wanted game: expected a JSON object, got {data!r:.60}")
    if data.get("format") != FORMAT:
        raise SaveError(
            f'not a saved Wanted game: "format" is {data.get("format")!r}, expected {FORMAT!r}'
        )
    if data.get("version") != VERSION:
        raise SaveError(
            f"saved game version {data.get('version')!r} is not supported (expected {VERSION})"
        )
    ref = _field(data, "ruleset", (str, dict), "a ruleset name or table")
    scenario = _field(data, "scenario", str, "a scenario name or path")
    seed = _field(data, "seed", int, "an integer")
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise SaveError(f"not a saved Wanted game: 'dealer' is {dealer!r}, expected a seat or null")
    orders = data.get("deck_order", [])
    if not isinstance(orders, list) or not all(
        isinstance(o, list) and all(isinstance(c, str) for c in o) for o in orders
    ):
        raise SaveError(
            f"not a saved Wanted game: 'deck_order' is {orders!r:.60}, expected lists of card texts"
        )
    actions = _field(data, "actions", list, "a list of actions")
    try:
        rules = (
            Ruleset.load(ref)
            if isinstance(ref, str)
            else validate(Ruleset, ref, "saved ruleset", RulesetError)
        )
        game = new_game(scenario, rules, seed, dealer=dealer, deck_order=orders or None)
    except ValueError as exc:
        raise SaveError(f"cannot set up the saved game: {exc}") from None
    for number, raw in enumerate(actions, 1):
        try:
            action = action_from_dict(raw)
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveError(f"action #{number} does not replay: {exc}") from None
        except ValueError as exc:
            raise SaveError(f"action #{number} is not an action: {exc}") from None
    count, digest = data.get("events"), data.get("digest")
    if count is not None and count != len(game.state.events):
        raise SaveError(
            f"the replay gives {len(game.state.events)} events, the save says "
            f"{count!r}: the save was changed or made by another version"
        )
    if digest is not None and digest != events_digest(game):
        raise SaveError(
            "the replay does not reproduce the saved events (digest differs): "
            "the save was changed or made by another version"
        )
    return game
