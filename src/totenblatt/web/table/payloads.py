"""What a seat (or a spectator) receives: the engine's view plus its legal actions, and words.

A seat's payload is exactly :meth:`Game.view` for that seat (the engine's keys)
with ``legal_actions`` (the engine's JSON forms, non-empty exactly at the
seat's decision), ``choices`` (labelled buttons), the narrated ``log`` and a
few public facts for the page. A spectator's payload is the same around
``Game.view(None)``, the engine's public view (no hand, only public events and
publicly seen cards): what an observer may see is decided in the engine, never
here. The seed of an old save's ``game_started`` event is removed from every payload.

A game night adds public facts only: the game's and players' names, the chat, the
takeback being asked, the takebacks in the log (told from the public events they took
back), a ``serial`` that grows with every decision and takeback; and to a seat alone its
own options and whether it may ask for a takeback now (``takeback_possible``, else the
``takeback_refusal`` its request would get: :mod:`~totenblatt.web.table.takeback`). The
rematch link is each viewer's own (:mod:`~totenblatt.web.table.rematch`).

A WebSocket may ask for *tails* (``?tail=1``, as the table's page does): each view it is
pushed then carries only the events and log lines after those it was last sent, with
``events_from`` and ``log_from`` saying where they go (0 and everything after a
takeback); the page keeps the rest. A view's size no longer grows with the game's length
(a duel's push was ~300 bytes longer with every action: 27 KB after 80).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from totenblatt.store.night_records import UNDONE, ChatRecord, TakebackRecord
from totenblatt.text.choices import decision_text
from totenblatt.text.night import emote_text, spectator_name, takeback_line
from totenblatt.wanted.engine import Game, action_to_dict, visible_to
from totenblatt.web.shell.words import Narration, winner_line
from totenblatt.web.table.previews import choices
from totenblatt.web.table.takeback import Position, hindrance

__all__ = [
    "Encoder",
    "HeldGame",
    "public_events",
    "seat_payload",
    "shared_prefix",
    "taken_back",
]

_dumps = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


class Encoder:
    """JSON text of payloads, each event and log line encoded once (they repeat in every one)."""

    _LIMIT = 100_000

    def __init__(self) -> None:
        self._texts: dict[int, tuple[object, str]] = {}

    def item(self, value: object) -> str:
        """The JSON text of ``value``, remembered while that very object lives."""
        found = self._texts.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        if len(self._texts) > self._LIMIT:
            self._texts.clear()
        text = _dumps(value)
        self._texts[id(value)] = (value, text)
        return text

    def payload(
        self, data: Mapping[str, Any], since: tuple[int, int] | None = None, head: str = ""
    ) -> str:
        """The payload as JSON (as ``json.dumps`` writes it), ``events`` and ``log`` last.

        ``since``: how many events and log lines the receiver has (the first of this
        payload's): only those after them, with ``events_from`` and ``log_from`` saying
        where they go (a WebSocket that asked for tails). ``head``: :meth:`head` of ``data``
        if already written."""
        head = head or self.head(data)
        first_event, first_line = since or (0, 0)
        events = ",".join(self.item(e) for e in data["events"][first_event:])
        log = ",".join(self.item(line) for line in data["log"][first_line:])
        if since is None:
            return f'{head},"events":[{events}],"log":[{log}]}}'
        return (
            f'{head},"events_from":{first_event},"events":[{events}],'
            f'"log_from":{first_line},"log":[{log}]}}'
        )

    @staticmethod
    def head(data: Mapping[str, Any]) -> str:
        """The payload's JSON without ``events`` and ``log`` and without its closing brace."""
        return _dumps({k: v for k, v in data.items() if k not in ("events", "log")})[:-1]


def shared_prefix(old: Sequence[Any], new: Sequence[Any]) -> int:
    """How many of ``new``'s first items ``old`` has: all of ``old`` when ``new`` begins
    with it (a game moved on: the usual case, compared in C), else none (a takeback)."""
    return len(old) if len(old) <= len(new) and new[: len(old)] == old else 0


class HeldGame(Protocol):
    """What a payload needs of a game the server holds (a :class:`totenblatt.web.table.hub.Room`).

    A protocol, so that this module does not import the rooms that import it.
    """

    @property
    def id(self) -> str:
        """The game's id."""

    @property
    def game(self) -> Game:
        """The engine's game."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """Each seat's kind: ``human``, ``bot`` or ``random``."""

    @property
    def bots(self) -> Mapping[int, object]:
        """The seats the server plays."""

    @property
    def narrations(self) -> dict[tuple[int | None, str], Any]:
        """The running narration of each (seat, language), kept between payloads."""

    @property
    def version(self) -> int:
        """How many actions the game has had."""

    @property
    def serial(self) -> int:
        """Grows with every decision and every takeback."""

    @property
    def name(self) -> str | None:
        """The game's name."""

    @property
    def players(self) -> tuple[str | None, ...]:
        """Each seat's player's name."""

    @property
    def auto_pass(self) -> set[int]:
        """The seats that pass their bids automatically."""

    @property
    def chat(self) -> list[ChatRecord]:
        """The chat, oldest first."""

    @property
    def takebacks(self) -> list[TakebackRecord]:
        """The takebacks done and refused."""

    @property
    def takeback(self) -> dict[str, Any] | None:
        """The takeback being asked."""

    @property
    def abandoned(self) -> bool:
        """The game takes no more actions."""

    @property
    def entries(self) -> Sequence[Position]:
        """The stored positions, in order."""

    def labels(self, lang: str) -> list[str]:
        """The seats' names in ``lang``."""


def public_events(game: Game) -> list[dict[str, Any]]:
    """The JSON forms of the events everybody may see (no private event)."""
    return game.visible_event_dicts(None)


def _log(
    room: HeldGame, seat: int | None, lang: str, events: Sequence[Mapping[str, Any]]
) -> list[Any]:
    key = (seat, lang)
    entry = room.narrations.get(key)
    game = room.game
    if entry is None:
        scenario = game.scenario
        narration = Narration(
            lang,
            labels=room.labels(lang),
            you=seat,
            ruleset=game.ruleset,
            title=scenario.title_de if lang == "de" else scenario.title,
        )
        entry = room.narrations[key] = [narration, [], 0, []]
    narration, lines, done, marks = entry
    for event in events[done:]:
        line = narration.event(event)
        if line:
            lines.append([event.get("type"), line])
        marks.append(len(lines))  # lines told up to this event
    entry[2] = len(events)
    if not room.takebacks:
        return list(lines)
    return _with_takebacks(room, seat, lang, lines, marks)


def _with_takebacks(
    room: HeldGame, seat: int | None, lang: str, lines: list[Any], marks: list[int]
) -> list[Any]:
    """The log with each takeback told where it happened (after the events before it)."""
    every = room.game.state.events
    labels = room.labels(lang)
    out: list[Any] = []
    told = 0
    for record in room.takebacks:
        seen = sum(
            1
            for event in every[: record.events]
            if (not event.PRIVATE if seat is None else visible_to(event, seat))
        )
        upto = marks[seen - 1] if 0 < seen <= len(marks) else (0 if seen <= 0 else len(lines))
        out.extend(lines[told:upto])
        told = max(told, upto)
        data = {
            "seat": record.seat,
            "outcome": record.outcome,
            "answered_by": record.answered_by,
            "undone": record.undone,
        }
        out.append(["takeback", takeback_line(data, labels, lang, room.game.ruleset)])
    out.extend(lines[told:])
    return out


def _chat(room: HeldGame, lang: str) -> list[dict[str, Any]]:
    """The chat as the page shows it: who (a spectator marked), what, when (UTC)."""
    labels = room.labels(lang)
    out = []
    for line in room.chat:
        spectator = line.seat is None or not 0 <= line.seat < len(labels)
        out.append(
            {
                "from": spectator_name(lang) if spectator else labels[line.seat or 0],
                "seat": None if spectator else line.seat,
                "spectator": spectator,
                "text": emote_text(line.emote, lang) if line.emote else line.text,
                "emote": line.emote,
                "at": line.at.isoformat().replace("+00:00", "Z"),
            }
        )
    return out


def _takeback(room: HeldGame) -> dict[str, Any] | None:
    """The takeback being asked: who asked, who accepted, whose answer is awaited."""
    asked = room.takeback
    if asked is None:
        return None
    by = int(asked["by"])
    accepted = sorted(int(s) for s in asked.get("accepted", ()))
    waiting = [
        s for s, kind in enumerate(room.kinds) if kind == "human" and s != by and s not in accepted
    ]
    return {"by": by, "accepted": accepted, "waiting": waiting}


def _may_take_back(
    room: HeldGame, seat: int | None, labels: Sequence[str], lang: str
) -> dict[str, Any]:
    """Whether the seat may ask for a takeback now, and why not (the request's own answer)."""
    if seat is None:
        return {"takeback_possible": None, "takeback_refusal": None}
    hindered = hindrance(room, seat)
    why = hindered.text(labels, lang) if hindered is not None else None
    return {"takeback_possible": hindered is None, "takeback_refusal": why}


def taken_back(room: HeldGame) -> int:
    """How many actions were taken back in ``room``'s game."""
    return sum(1 for t in room.takebacks if t.outcome == UNDONE)


def seat_payload(room: HeldGame, seat: int | None, lang: str) -> dict[str, Any]:
    """The payload of ``seat`` (None: a spectator) in ``lang`` (see the module docstring)."""
    game = room.game
    own = game.view(seat) if seat is not None else None  # the seat's typed View
    view: dict[str, Any] = dict(own) if own is not None else dict(game.view(None))
    events = list(view["events"])  # the engine's view: without secret fields already
    view["events"] = events
    legal = game.legal_actions() if seat is not None and game.to_act == seat else []
    view["legal_actions"] = [action_to_dict(a) for a in legal]
    view["choices"] = choices(game, own, legal, lang) if own is not None else []
    labels = room.labels(lang)
    view.update(
        game_id=room.id,
        name=room.name,
        players=list(room.players),
        serial=room.serial,
        chat=_chat(room, lang),
        takeback=_takeback(room),
        options={"auto_pass_bids": seat in room.auto_pass} if seat is not None else None,
        **_may_take_back(room, seat, labels, lang),
        version=room.version,
        kinds=list(room.kinds),
        labels=labels,
        lang=lang,
        bot_to_act=game.to_act is not None and game.to_act in room.bots,
        log=_log(room, seat, lang, events),
        prompt=decision_text(own, labels, lang) if legal and own is not None else None,
        result=winner_line(game.winners, game.end_reason, labels, lang) if game.is_over else None,
    )
    return view
