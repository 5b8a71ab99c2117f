"""The game as it began, and the public replay file: what anybody may read of a game.

:func:`dealt_view` is the public view of a game as it was dealt (what a replay starts
from). :func:`public_record` writes a finished game as a *public* replay file — the
scenario and ruleset, the figures as dealt, the public events (no hand, no private
event, no seed, no deck order) and the takebacks — and :func:`read_public_record` reads
one back for ``totenblatt replay``. A referee save (:meth:`Game.to_json`) holds the seed
and so every hidden card; this file holds nothing a spectator did not see.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.datafiles import validate
from totenblatt.messages import Message
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.save import SaveError
from totenblatt.wanted.engine.views import FigureView, PublicView
from totenblatt.wanted.rules import Ruleset, RulesetError
from totenblatt.wanted.table.scenario import Scenario, ScenarioError, builtin_scenarios
from totenblatt.wanted.table.scenario import load_scenario as _load_scenario

__all__ = ["PUBLIC_FORMAT", "PublicRecord", "dealt_view", "public_record", "read_public_record"]

PUBLIC_FORMAT = "totenblatt-public-replay"
"""The ``format`` key of a public replay file (version 1)."""
TAKEBACK = "takeback"
"""The ``type`` of a takeback's entry among a public record's events (not an engine event)."""
_SECRET_KEYS = frozenset({"seed", "deck_order", "actions"})
"""Keys a public record never holds at its top."""
_SECRET_EVENT_KEYS = frozenset({"seed"})
"""Keys no event of a public record holds (an old save's ``game_started`` had the seed)."""


def dealt_view(game: Game) -> PublicView:
    """The public view of ``game`` as it was dealt, before any action (dealt again)."""
    return game.dealt_again().view(None)


def public_record(
    game: Game,
    *,
    labels: Sequence[str],
    name: str | None = None,
    players: Sequence[str | None] = (),
    takebacks: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The public replay file of ``game`` as JSON-ready data.

    ``takebacks``: ``{"events": n, ...}`` each, ``n`` counting *all* of the game's events
    when it was decided; it is stored at its place among the public events. Only a game on
    a built-in scenario as it is built in can be written (the file names its scenario; a
    campaign fight's table is made of its gangs): else :class:`SaveError`.
    """
    setup = game.setup
    ref = setup.scenario_ref
    if ref not in builtin_scenarios() or _load_scenario(ref) != setup.scenario:
        raise SaveError(
            f"game on scenario {setup.scenario.name!r} cannot be written as a public replay",
            message=Message(
                "a game on scenario {name} cannot be written as a public replay: it is not a "
                "built-in scenario",
                name=repr(setup.scenario.name),
            ),
        )
    public: list[dict[str, Any]] = []
    places: list[int] = []  # per event of the game: public events before it
    for event, data in zip(game.events, game.event_dicts(), strict=True):
        places.append(len(public))
        if not event.PRIVATE:
            public.append({k: v for k, v in data.items() if k not in _SECRET_EVENT_KEYS})
    places.append(len(public))
    marks = [
        {**dict(t), "events": places[min(max(int(t["events"]), 0), len(places) - 1)]}
        for t in takebacks
    ]
    return {
        "format": PUBLIC_FORMAT,
        "version": 1,
        "note": "A public replay: the public events only, nothing hidden.",
        "name": name,
        "labels": list(labels),
        "players": list(players) or [None] * game.seats,
        "scenario": setup.scenario_ref,
        "ruleset": setup.ruleset_ref,
        "seats": game.seats,
        "figures": dealt_view(game)["figures"],
        "events": public,
        "takebacks": marks,
        "winners": list(game.winners),
        "end_reason": game.end_reason,
        "round": game.round,
        "over": game.is_over,
    }


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """A public replay file, read: what ``totenblatt replay`` tells of it."""

    name: str | None
    labels: tuple[str, ...]
    """The seats' names as the game was exported (in its language)."""
    players: tuple[str | None, ...]
    """The players' own names (None: a seat without one)."""
    scenario: Scenario
    ruleset: Ruleset
    figures: tuple[FigureView, ...]
    """The figures as dealt (public view)."""
    events: tuple[dict[str, Any], ...]
    takebacks: tuple[dict[str, Any], ...]
    winners: tuple[int, ...]
    end_reason: str | None
    round: int
    is_over: bool

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.labels)

    def event_dicts(self) -> list[dict[str, Any]]:
        """The public events, each takeback at its place as ``{"type": "takeback", ...}``."""
        out: list[dict[str, Any]] = []
        marks = sorted(self.takebacks, key=lambda t: int(t["events"]))
        at = 0
        for index, event in enumerate(self.events):
            while at < len(marks) and int(marks[at]["events"]) <= index:
                out.append({**marks[at], "type": TAKEBACK})
                at += 1
            out.append(event)
        out.extend({**m, "type": TAKEBACK} for m in marks[at:])
        return out


def _bad(problem: str, message: Message) -> SaveError:
    return SaveError(
        f"not a public replay: {problem}",
        message=Message("not a public replay: {problem}", problem=message),
    )


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise _bad(f"{key!r} must be a list", Message("{key} must be a list", key=repr(key)))
    return value


def read_public_record(text: str) -> PublicRecord:
    """Read a public replay file; ``SaveError`` says what is wrong with a bad one."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise _bad(str(exc), Message("not JSON ({problem})", problem=str(exc)[:80])) from None
    if not isinstance(data, dict) or data.get("format") != PUBLIC_FORMAT:
        raise _bad(
            "expected format 'totenblatt-public-replay'",
            Message("expected format {format}", format=repr(PUBLIC_FORMAT)),
        )
    if data.get("version") != 1:
        raise _bad(
            f"version {data.get('version')!r} is not read",
            Message("version {version} is not read (1 is)", version=repr(data.get("version"))),
        )
    secret = sorted(_SECRET_KEYS & set(data))
    if secret:
        raise _bad(
            f"it holds {secret[0]!r}",
            Message("it holds {key}, which a public replay never does", key=repr(secret[0])),
        )
    try:
        scenario_name = data.get("scenario")
        if not isinstance(scenario_name, str) or scenario_name not in builtin_scenarios():
            raise ScenarioError(f"unknown built-in scenario {scenario_name!r}")
        scenario = _load_scenario(scenario_name)
        raw_rules = data.get("ruleset")
        if isinstance(raw_rules, str):
            rules = Ruleset.load(raw_rules)
        elif isinstance(raw_rules, dict):
            rules = validate(Ruleset, raw_rules, "public replay ruleset", RulesetError)
        else:
            raise RulesetError(f"the ruleset must be a name or a table, got {raw_rules!r:.40}")
    except (ValueError, TypeError) as exc:
        raise _bad(str(exc), Message("{problem}", problem=str(exc)[:200])) from None
    events = _list(data, "events")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
        raise _bad("every event is an object with a type", Message("every event needs a type"))
    if any(_SECRET_EVENT_KEYS & set(e) for e in events):
        raise _bad("an event holds a secret key", Message("an event holds a seed or a hand"))
    labels = _list(data, "labels")
    figures = _list(data, "figures")
    takebacks = _list(data, "takebacks")
    if not all(isinstance(x, str) for x in labels) or len(labels) != scenario.seats:
        raise _bad(
            "labels must name every seat",
            Message("labels must name each of the {n} seats", n=scenario.seats),
        )
    if not all(isinstance(t, dict) and isinstance(t.get("events"), int) for t in takebacks):
        raise _bad("a takeback needs its place", Message("a takeback needs its place (events)"))
    name = data.get("name")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != len(labels):
        players = [None] * len(labels)
    return PublicRecord(
        name=name if isinstance(name, str) else None,
        labels=tuple(labels),
        players=tuple(p if isinstance(p, str) else None for p in players),
        scenario=scenario,
        ruleset=rules,
        figures=tuple(figures),
        events=tuple(events),
        takebacks=tuple(takebacks),
        winners=tuple(int(w) for w in data.get("winners") or ()),
        end_reason=data.get("end_reason"),
        round=int(data.get("round") or 1),
        is_over=bool(data.get("over")),
    )
