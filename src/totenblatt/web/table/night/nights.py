"""A game night at the web table: chat, takeback by consent, rematch, the tape, options.

The hub (:mod:`~totenblatt.web.table.hub`) runs the games; this adds what a group at the
table needs around them. Every change of a room happens on the hub's engine thread
(as the payloads are built there), is stored in one transaction
(:class:`~totenblatt.store.nights.GameNights`) and pushed to every socket.

- **Chat** (seats and spectators): a line of 1 to 500 characters or a quick emote,
  rate-limited per seat (spectators per address); the newest 200 lines stay with the game.
- **Takeback by consent**: a seat asks to take back its own last action while no other
  seat has decided since, if the engine says it drew or showed no hidden card
  (:func:`~totenblatt.wanted.ask.retractable`); every other human seat must accept (bots
  do). The last stored position is removed and the game replayed without it, so it is
  exactly as before; the log and the replay tell it. Any new action lets the request
  lapse, and so does :data:`TAKEBACK_WAIT` without an answer (the bots wait meanwhile).
- **Rematch**: once the game is over, the same table, seats and names with a new secret
  seed; every human seat keeps its token, its old view links it to the new game
  (:mod:`~totenblatt.web.table.rematch`).
- **Options**: a seat may pass its bids automatically (the hub passes for it at once,
  as the engine passes a seat without a choice, so nobody learns whether it held a
  diamond); only the seat itself sees the option.
- **The tape**: distance, line of fire, cover and bands between two points or figures,
  from public facts (:func:`~totenblatt.wanted.ask.tape`).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from totenblatt.store.database import StoreError
from totenblatt.store.night_records import CHAT_KEEP
from totenblatt.store.nights import GameNights
from totenblatt.store.table_records import ActionConflictError, RematchExistsError
from totenblatt.text.night import EMOTES, night_refusal
from totenblatt.text.vocab import weapon_name
from totenblatt.wanted.ask import End, Tape, TapeError, tape
from totenblatt.wanted.engine import Phase, public_event_dict
from totenblatt.wanted.rules import builtin_rulesets
from totenblatt.wanted.table.scenario import load_scenario, scenario_names
from totenblatt.web.shell.errors import BusyError, ConflictError, ForbiddenError, InvalidError
from totenblatt.web.shell.limits import Budget
from totenblatt.web.shell.links import game_link
from totenblatt.web.shell.names import MAX_CHAT, clean_text
from totenblatt.web.shell.words import describe, refusal
from totenblatt.web.table.hub import GameSpec, Hub, Room, Viewer
from totenblatt.web.table.rematch import rematch_link
from totenblatt.web.table.takeback import hindrance

__all__ = ["CHAT_PER_MINUTE", "TAKEBACK_WAIT", "GameNight"]

log = logging.getLogger("totenblatt.web")

_P = ParamSpec("_P")
_T = TypeVar("_T")

TAKEBACK_WAIT = 120.0
"""Seconds a takeback waits for its answers before it lapses (the bots wait meanwhile)."""
CHAT_PER_MINUTE = 20
"""Chat lines one address may send per minute (all at once, then one every 3 s)."""


def _only(raw: Any, keys: frozenset[str], shape: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping) or not set(raw) <= keys or not raw:
        raise InvalidError(f"expected {shape}")
    return raw


def _seat(viewer: Viewer, lang: str) -> int:
    if viewer.seat is None:
        raise ForbiddenError(night_refusal("spectator", lang))
    return viewer.seat


def _end(raw: Any, which: str) -> End:
    """One end of the tape: ``[x, y]`` or ``{"figure": name}``."""
    shape = f'{which} must be [x, y] (inches) or {{"figure": name}}'
    if isinstance(raw, list):
        if len(raw) != 2 or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in raw
        ):
            raise InvalidError(shape)
        x, y = float(raw[0]), float(raw[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvalidError(f"{which}: the coordinates must be finite numbers")
        return (x, y)
    if isinstance(raw, Mapping) and set(raw) == {"figure"} and isinstance(raw["figure"], str):
        return str(raw["figure"])[:100]
    raise InvalidError(shape)


def tape_answer(found: Tape) -> dict[str, Any]:
    """The tape as the API answers it."""
    return {
        "from": list(found.start),
        "to": list(found.end),
        "distance": found.distance,
        "shown": found.shown,
        "line_of_fire": found.line_of_fire,
        "cover": found.cover.value,
        "target_hidden": found.target_hidden,
        "sharpshooter": found.sharpshooter,
        "bands": {b.weapon: b.band for b in found.bands},
        "band_limits": {b.weapon: b.limit for b in found.bands},
        "band_floors": {b.weapon: b.floor for b in found.bands},
        "modifiers": {b.weapon: b.modifier for b in found.bands},
    }


def speaker(room: Room, viewer: Viewer, client: str) -> str:
    """Whose chat budget a line spends: its seat's (two friends behind one router each have
    their own); a spectator's, who share one link, is the game's spectators' at its address."""
    if viewer.seat is not None:
        return f"seat:{room.id}:{viewer.seat}"
    return f"spectator:{room.id}:{client}"


class GameNight:
    """The game-night work of one hub (see the module docstring)."""

    def __init__(self, hub: Hub, *, chat_budget: Budget | None = None) -> None:
        self.hub = hub
        self.store = GameNights(hub.games.db)
        self.chat_budget = chat_budget or Budget(
            "chat lines", CHAT_PER_MINUTE, 60.0, whose="your seat"
        )
        self.takeback_wait = TAKEBACK_WAIT

    # -- chat ------------------------------------------------------------------------

    async def say(self, room: Room, viewer: Viewer, raw: Any, client: str) -> dict[str, Any]:
        """Add a chat line (``{"text": ...}``) or a quick emote (``{"emote": key}``)."""
        body = _only(raw, frozenset({"text", "emote"}), '{"text": "..."} or {"emote": key}')
        text, emote = "", None
        if "emote" in body:
            emote = body["emote"]
            if len(body) != 1 or emote not in EMOTES:
                raise InvalidError(f"emote must be one of {', '.join(EMOTES)}")
        else:
            text = clean_text(body["text"], "text", MAX_CHAT)
        self.chat_budget.check(speaker(room, viewer, client))

        def store() -> str:
            record = self.store.say(room.id, viewer.seat, text, emote)
            room.chat.append(record)
            del room.chat[:-CHAT_KEEP]
            room.changed()
            return record.at.isoformat().replace("+00:00", "Z")

        at = await self._call(store)
        self.hub._spawn(self.hub.broadcast(room))
        return {"status": "said", "at": at}

    # -- takeback --------------------------------------------------------------------

    async def ask_takeback(self, room: Room, viewer: Viewer, lang: str) -> dict[str, Any]:
        """The seat asks to take back its last action (see the module docstring)."""
        seat = _seat(viewer, lang)
        result = await self._locked(room, lang, self._ask, room, seat, lang)
        self._after(room)
        return result

    async def answer_takeback(
        self, room: Room, viewer: Viewer, raw: Any, lang: str
    ) -> dict[str, Any]:
        """Another seat accepts or refuses (``{"accept": bool}``); the asker may withdraw."""
        body = _only(raw, frozenset({"accept"}), '{"accept": true} or {"accept": false}')
        accept = body["accept"]
        if not isinstance(accept, bool):
            raise InvalidError('expected {"accept": true} or {"accept": false}')
        seat = _seat(viewer, lang)
        result = await self._locked(room, lang, self._answer, room, seat, accept, lang)
        self._after(room)
        return result

    def _ask(self, room: Room, seat: int, lang: str) -> dict[str, Any]:
        hindered = hindrance(room, seat)
        if hindered is not None:
            raise ConflictError(hindered.text(room.labels(lang), lang))
        bots = [s for s, kind in enumerate(room.kinds) if kind != "human" and s != seat]
        request = {"by": seat, "accepted": bots, "position": room.version - 1}
        if not self._waiting(room, request):
            self._undo(room, request)
            return {"status": "asked", "taken_back": True, "version": room.version}
        self.store.ask_takeback(room.id, request)
        room.takeback = request
        room.changed()
        return {"status": "asked", "taken_back": False, "version": room.version}

    @staticmethod
    def _waiting(room: Room, request: Mapping[str, Any]) -> list[int]:
        """The human seats whose answer the takeback still needs."""
        return [
            s
            for s, kind in enumerate(room.kinds)
            if kind == "human" and s != request["by"] and s not in request["accepted"]
        ]

    def _answer(self, room: Room, seat: int, accept: bool, lang: str) -> dict[str, Any]:
        asked = room.takeback
        if asked is None:
            raise ConflictError(night_refusal("none_asked", lang))
        by = int(asked["by"])
        if seat == by:
            if accept:
                raise ConflictError(night_refusal("own", lang))
            self.store.ask_takeback(room.id, None)
            room.takeback = None
            room.changed()
            return {"status": "withdrawn", "taken_back": False, "version": room.version}
        if not accept:
            record = self.store.refuse(
                room.id,
                int(asked["position"]),
                seat=by,
                refused_by=seat,
                events=len(room.game.events),
            )
            room.takebacks.append(record)
            room.takeback = None
            room.changed()
            return {"status": "refused", "taken_back": False, "version": room.version}
        request = {**asked, "accepted": sorted({*asked["accepted"], seat})}
        if self._waiting(room, request):
            self.store.ask_takeback(room.id, request)
            room.takeback = request
            room.changed()
            return {"status": "accepted", "taken_back": False, "version": room.version}
        self._undo(room, request)
        return {"status": "accepted", "taken_back": True, "version": room.version}

    def _undo(self, room: Room, request: Mapping[str, Any]) -> None:
        """Take the last stored position back: store it, then replay the game without it."""
        last = room.entries[-1]
        game = room.game
        events = game.events[last.events :]
        dicts = game.event_dicts()[last.events :]
        shown = (public_event_dict(e, None, d) for e, d in zip(events, dicts, strict=True))
        undone = [d for d in shown if d is not None]
        try:
            self.store.take_back(
                room.id,
                int(request["position"]),
                seat=int(request["by"]),
                accepted=list(request["accepted"]),
                events=last.events,
                undone=undone,
            )
        except ActionConflictError as exc:
            self.hub.keeper.reload(room)
            raise ConflictError(str(exc)) from None
        self.hub.keeper.reload(room)  # the database is the truth: the game replayed without it

    async def lapse(self, room: Room, request: Mapping[str, Any]) -> None:
        """After :attr:`takeback_wait`, a takeback still unanswered lapses."""
        await asyncio.sleep(self.takeback_wait)
        key = (request["by"], request["position"])
        async with room.lock:

            def drop() -> bool:
                asked = room.takeback
                if asked is None or (asked["by"], asked["position"]) != key:
                    return False
                self.store.ask_takeback(room.id, None)
                room.takeback = None
                room.changed()
                return True

            dropped = await self._call(drop)
        if dropped:
            await self.hub.after_change(room)

    def _after(self, room: Room) -> None:
        """Push the change; start the bots again, or wait for the answers."""
        self.hub._spawn(self.hub.after_change(room))
        if room.takeback is not None:
            self.hub._spawn(self.lapse(room, dict(room.takeback)))

    # -- rematch -----------------------------------------------------------------------

    async def rematch(
        self, room: Room, viewer: Viewer, client: str, creations: Budget, base: str, lang: str
    ) -> tuple[int, dict[str, Any]]:
        """The rematch of a finished game: 201 and the new game the first time, 200 after."""
        _seat(viewer, lang)
        if not room.game.is_over:
            raise ConflictError(night_refusal("not_over", lang))
        status = 200
        if room.rematch is None:
            spec = _rematch_spec(room, lang)
            creations.check(client)
            try:
                new, _ = await self.hub.run(
                    self.hub._create, spec, client, room.token_hashes, room.id
                )
            except RematchExistsError:  # another seat asked at the same moment
                await self.hub.run(self.hub.keeper.reload, room)
            else:

                def link() -> None:
                    room.rematch = (new.id, new.spectator_token)
                    room.changed()

                await self.hub.run(link)
                self.hub.kick_bots(new)
                status = 201
            self.hub._spawn(self.hub.broadcast(room))
        assert room.rematch is not None
        game_id, spectator = room.rematch
        new_room = await self.hub.room(game_id)
        seats = []
        for seat, kind in enumerate(new_room.kinds):
            entry: dict[str, Any] = {"seat": seat, "kind": kind, "player": new_room.players[seat]}
            if seat == viewer.seat and viewer.token is not None:
                entry["token"] = viewer.token
                entry["url"] = f"{base}{rematch_link(room, viewer)['url']}"  # type: ignore[index]
            seats.append(entry)
        return status, {
            "game_id": game_id,
            "name": new_room.name,
            "seats": seats,
            "spectator_url": game_link(game_id, spectator, base=base),
        }

    # -- options -----------------------------------------------------------------------

    async def options(self, room: Room, viewer: Viewer, raw: Any, lang: str) -> dict[str, Any]:
        """The seat's options: ``{"auto_pass_bids": bool}``; a bid of its at hand is passed."""
        body = _only(raw, frozenset({"auto_pass_bids"}), '{"auto_pass_bids": true or false}')
        on = body["auto_pass_bids"]
        if not isinstance(on, bool):
            raise InvalidError('expected {"auto_pass_bids": true or false}')
        seat = _seat(viewer, lang)

        def work() -> dict[str, Any]:
            self.store.set_auto_pass(room.id, seat, on)
            if on:
                room.auto_pass.add(seat)
            else:
                room.auto_pass.discard(seat)
            room.changed()
            game = room.game
            passing = on and not room.abandoned and not game.is_over
            if passing and game.phase is Phase.BID and game.to_act == seat:
                self.hub._apply(room, seat, {"type": "pass"}, None, lang)
            return {"auto_pass_bids": on}

        result = await self._locked(room, lang, work)
        self.hub._spawn(self.hub.after_change(room))
        return result

    # -- the tape ----------------------------------------------------------------------

    async def measure(self, room: Room, raw: Any, lang: str) -> dict[str, Any]:
        """The tape between ``{"from": end, "to": end}`` (public facts only)."""
        body = _only(raw, frozenset({"from", "to"}), '{"from": end, "to": end}')
        if set(body) != {"from", "to"}:
            raise InvalidError('expected {"from": [x, y] or {"figure": name}, "to": ...}')
        start, end = _end(body["from"], "from"), _end(body["to"], "to")

        def work() -> dict[str, Any]:
            try:
                answer = tape_answer(tape(room.game, start, end))
                rules = room.game.ruleset
                answer["weapons"] = {key: weapon_name(rules, key, lang) for key in answer["bands"]}
                return answer
            except TapeError as exc:
                raise InvalidError(describe(exc, lang)[:300]) from None

        return await self.hub.run(work)

    # -- helpers -----------------------------------------------------------------------

    async def _call(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """``fn`` on the engine thread; a failing database is a 503."""
        try:
            return await self.hub.run(fn, *args, **kwargs)
        except StoreError as exc:
            log.warning("a game night's change was not stored: %s", exc)
            raise BusyError("not stored, try again in a moment", retry_after=5) from None

    async def _locked(
        self,
        room: Room,
        lang: str,
        fn: Callable[_P, _T],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> _T:
        """``fn`` on the engine thread while no action of the game is being applied."""
        if room.lock.locked():
            raise ConflictError(refusal("busy", lang))
        async with room.lock:
            return await self._call(fn, *args, **kwargs)


def _rematch_spec(room: Room, lang: str) -> GameSpec:
    """The rematch's game: the same table, rules, seats, names and language."""
    game = room.game
    scenario = game.setup.scenario_ref
    rules = game.ruleset
    if (
        scenario not in scenario_names()  # a built-in or the scenario folder's (never replaced)
        or load_scenario(scenario) != game.scenario  # a campaign fight: made of its gangs
        or rules.name not in builtin_rulesets()
    ):
        raise ConflictError(night_refusal("no_rematch", lang))
    return GameSpec(
        scenario,
        rules.name,
        room.kinds,
        room.lang,
        rules.round.hand_mode,
        name=room.name,
        players=room.players,
    )
