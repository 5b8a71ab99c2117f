"""The campaign table: campaigns, their gangs and fights, between the hub, the store and
the campaign rules.

Database and engine work runs on the hub's worker thread (:meth:`GameHost.run`), like the
game table's. A campaign fight is an ordinary game of the hub — same seats, tokens,
payloads, previews, replay and secrecy — whose setup is dealt from the gangs
(:mod:`.fights`). Store errors become the API's: an unknown id 404, a busy or changed gang
and a second confirmation 409, a rule the core refuses 422 (in the reader's language).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from totenblatt.campaign import (
    CampaignError,
    Gang,
    Wanted,
    gang_from_roster,
    parse_ability,
    roster_dict,
    step_args,
)
from totenblatt.campaign.battle import BattleError, side_results, start_fight
from totenblatt.store.campaign_records import (
    TABLE,
    CampaignFight,
    CampaignNotFoundError,
    CampaignRecord,
    FightSide,
    NewSide,
    before_fighters,
)
from totenblatt.store.campaigns import Campaigns
from totenblatt.store.database import StoreError
from totenblatt.wanted.engine import Game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.campaign.access import Who, new_id, new_token, who_is
from totenblatt.web.campaign.fights import (
    aftermath,
    battle_of,
    choices_json,
    parse_choices,
    setup_text,
    steps_view,
)
from totenblatt.web.campaign.requests import (
    fight_answer,
    fight_of,
    fight_request,
    gang_of,
    int_in,
    keys_in,
    names_in,
    sacrifice_options,
    text_in,
    web_error,
)
from totenblatt.web.campaign.shapes import campaign_json, fight_status
from totenblatt.web.campaign.words import result_text, status_text
from totenblatt.web.shell.errors import (
    ConflictError,
    ForbiddenError,
    InvalidError,
    NotFoundError,
    WebError,
)
from totenblatt.web.shell.games import GameHost, GameRoom, GameSpec
from totenblatt.web.shell.links import game_link
from totenblatt.web.shell.words import LANGS
from totenblatt.web.shell.words import describe as describe_error

__all__ = ["CampaignTable", "fight_of", "gang_of"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


class CampaignTable:
    """The campaigns of one server (see the module docstring); ``hub`` runs their games."""

    def __init__(self, hub: GameHost) -> None:
        self.hub = hub
        self.store = Campaigns(hub.games.db)
        self.creations, self.actions = hub.limits.budgets()

    async def run(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Store or engine work on the hub's worker thread."""
        return await self.hub.run(fn, *args, **kwargs)

    async def _call(self, lang: str, fn: Callable[_P, _T], *args: _P.args, **kw: _P.kwargs) -> _T:
        try:
            return await self.run(fn, *args, **kw)
        except WebError:
            raise
        except (StoreError, ValueError) as exc:
            raise web_error(exc, lang) from None

    # -- campaigns ---------------------------------------------------------------------------

    async def create(self, body: Any) -> tuple[CampaignRecord, str]:
        """A new campaign and its arbitrator's token (shown once)."""
        data = keys_in(body, ("name", "lang"), "a campaign")
        name = text_in(data, "name")
        lang = data.get("lang", "en")
        if lang not in LANGS:
            raise InvalidError(f"lang must be {' or '.join(LANGS)}")
        token, hashed = new_token()
        record = await self._call(lang, self.store.create, new_id(12), str(name), lang, hashed)
        return record, token

    async def open(self, campaign_id: str, token: str | None) -> tuple[CampaignRecord, Who]:
        """The campaign and who asks (404 for no such campaign, 403 for a foreign token)."""
        record = await self._call("en", self.store.get, campaign_id)
        return record, who_is(record, token)

    async def view(self, record: CampaignRecord, who: Who, lang: str) -> dict[str, Any]:
        """``GET /api/campaigns/{cid}``."""
        games = await self.run(self.store.games, [f.game_id for f in record.fights])
        results: dict[str, dict[str, str]] = {}
        for fight in record.fights:
            played = not fight.game_id.startswith(TABLE)  # a table fight has no web game
            if played and fight_status(fight, games.get(fight.game_id)) == "aftermath":
                game = await self.game(fight)
                battle = battle_of(fight, game)
                results[fight.id] = {
                    s.gang_id: r.value
                    for s, r in zip(fight.sides, side_results(battle, game), strict=True)
                }
        return campaign_json(record, who, games, results, lang)

    # -- gangs ---------------------------------------------------------------------------------

    async def add_gang(
        self, record: CampaignRecord, body: Any, lang: str, *, operator: bool = False
    ) -> tuple[str, str]:
        """A gang created in the campaign, brought in from the store (the operator only:
        ``operator`` says the request showed the token; the campaign then holds it) or
        uploaded as its JSON export (a copy the web owns); its campaign id and its owner's
        token (shown once)."""
        if isinstance(body, Mapping) and "import" in body:
            data = keys_in(body, ("import",), "a stored gang to bring in")
            if not operator:
                raise ForbiddenError(
                    "bringing in a stored gang by name needs the operator's token "
                    "(X-Operator-Token); upload its export instead"
                )
            token, hashed = new_token()
            link = await self._call(
                lang,
                self.store.import_gang,
                record.id,
                new_id(6),
                hashed,
                str(text_in(data, "import")),
            )
            return link.id, token
        if isinstance(body, Mapping) and ("roster" in body or "upload" in body):
            what = "upload" if "upload" in body else "roster"
            data = keys_in(body, (what, "name"), "a gang's export to upload")
            try:
                gang = gang_from_roster(data[what])
                if data.get("name") is not None:
                    gang = Gang(str(text_in(data, "name")), gang.size, gang.members, gang.fallen,
                                gang.lost_heroes, gang.fights, gang.ruleset)  # fmt: skip
            except CampaignError as exc:
                raise InvalidError(describe_error(exc, lang)[:500]) from None
            token, hashed = new_token()
            link = await self._call(
                lang, self.store.import_roster, record.id, new_id(6), hashed, gang
            )
            return link.id, token
        keys = ("name", "leader", "size", "seed", "leader_name", "members", "abilities", "weapons")
        data = keys_in(body, keys, "a new gang")
        leader = data.get("leader")
        if leader not in ("veteran", "gunslinger"):
            raise InvalidError("leader must be veteran or gunslinger (B3)")
        rules = Ruleset.load("extended")
        size = int_in(data, "size", 1, rules.campaign.gang_max_size, rules.campaign.gang_max_size)
        seed = int_in(data, "seed", 0, 2**53, secrets.randbelow(2**32))
        try:
            abilities = [parse_ability(a, rules) for a in names_in(data, "abilities", 4)]
        except CampaignError as exc:
            raise InvalidError(describe_error(exc, lang)[:500]) from None
        token, hashed = new_token()
        link, _ = await self._call(
            lang,
            self.store.new_gang,
            record.id,
            new_id(6),
            hashed,
            name=str(text_in(data, "name")),
            leader=HeroType(leader),
            size=size,
            seed=seed,
            leader_name=text_in(data, "leader_name", need=False) or None,
            member_names=names_in(data, "members"),
            abilities=abilities,
            weapons=names_in(data, "weapons"),
        )
        return link.id, token

    async def change_gang(
        self, record: CampaignRecord, gang_id: str, who: Who, body: Any, lang: str
    ) -> dict[str, Any]:
        """The owner's changes between fights: rename the gang or a member, re-arm, dismiss,
        undo the last fight (refused while the gang is in a fight not recorded yet)."""
        link = gang_of(record, gang_id)
        who.need_gang(gang_id)
        data = keys_in(body, ("action", "name", "member", "weapon"), "a roster change")
        if record.pending(gang_id) is not None:
            raise ConflictError(
                "the gang is in a fight that is not recorded yet: its roster changes after "
                "the aftermath"
            )
        name = link.gang.name
        gangs = self.store.gangs
        action = data.get("action")
        if action == "rename":
            change = await self._call(lang, gangs.rename, name, str(text_in(data, "name")))
        elif action == "rename_member":
            member, new = str(text_in(data, "member")), str(text_in(data, "name"))
            change = await self._call(lang, gangs.rename_member, name, member, new)
        elif action == "arm":
            member, weapon = str(text_in(data, "member")), str(text_in(data, "weapon"))
            change = await self._call(lang, gangs.arm, name, member, weapon)
        elif action == "dismiss":
            change = await self._call(lang, gangs.dismiss, name, str(text_in(data, "member")))
        elif action == "undo":
            change = await self._call(lang, gangs.undo_fight, name)
        else:
            raise InvalidError("action must be rename, rename_member, arm, dismiss or undo")
        return change.gang.to_dict()

    async def export(self, record: CampaignRecord, gang_id: str) -> dict[str, Any]:
        """The gang's roster with its fallen and history, as ``gang export --format json``."""
        name = gang_of(record, gang_id).gang.name

        def work() -> dict[str, Any]:
            return roster_dict(self.store.gangs.get(name), history=self.store.gangs.history(name))

        return await self._call(record.lang, work)

    async def history(self, record: CampaignRecord, gang_id: str) -> list[Any]:
        """The gang's history entries, oldest first (undone ones marked)."""
        name = gang_of(record, gang_id).gang.name
        return await self._call(record.lang, self.store.gangs.history, name)

    # -- fights --------------------------------------------------------------------------------

    async def game(self, fight: CampaignFight) -> Game:
        """The game of ``fight`` (from the hub: in memory, or dealt again and replayed)."""
        room = await self.hub.room(fight.game_id)
        return room.game

    async def start_fight(
        self, record: CampaignRecord, body: Any, base: str, client: str
    ) -> dict[str, Any]:
        """``POST /api/campaigns/{cid}/fights``: a fight of two or three gangs as a web game."""
        lang, links, template, kinds, sitting = fight_request(record, body)
        fighters = [before_fighters(link.gang, sitting[link.id]) for link in links]
        game_seed = self.hub.seeds()
        try:
            fight = start_fight(fighters, template, None, game_seed)
        except (BattleError, ValueError) as exc:
            raise InvalidError(describe_error(exc, lang)[:500]) from None
        fight_id = new_id(6)
        sides = [
            NewSide(
                gang_id=link.id,
                seat=side.seat,
                kind=kinds[side.seat],
                before=link.gang,
                absent=sitting[link.id],
                figures=side.figures,
            )
            for link, side in zip(links, fight.battle.sides, strict=True)
        ]
        ruleset = fighters[0].ruleset

        @contextmanager
        def stored_fight(game_id: str) -> Iterator[None]:
            """The fight stored beside its web game (dropped if the game is not stored)."""
            self.store.start_fight(
                record.id,
                fight_id,
                game_id,
                scenario=template,
                ruleset=ruleset,
                seed=secrets.randbits(63),
                sides=sides,
            )
            try:
                yield
            except BaseException:
                self.store.drop_fight(fight_id)
                raise

        players = tuple(link.gang.name for link in links)  # the seats are the gangs
        spec = GameSpec(template, ruleset, tuple(kinds), lang, name=record.name, players=players)
        dealt = (fight.game, setup_text(template, ruleset, game_seed, fighters))
        try:  # the game table's limits, tokens and storing, shared
            room, tokens = await self.hub.create(spec, client, dealt=dealt, beside=stored_fight)
        except WebError:
            raise
        except (StoreError, ValueError) as exc:
            raise web_error(exc, lang) from None
        game_id, spectator = room.id, room.spectator_token
        return fight_answer(record.id, fight_id, game_id, spectator, base, links, kinds, tokens)

    async def cancel_fight(self, record: CampaignRecord, fight_id: str, who: Who) -> None:
        """The arbitrator calls off a fight that has not ended (its gangs are free again)."""
        who.need_admin()
        fight = fight_of(record, fight_id)
        games = await self.run(self.store.games, [fight.game_id])
        status = fight_status(fight, games.get(fight.game_id))
        if status not in ("playing", "abandoned"):
            raise ConflictError("a fight that has ended is recorded through its aftermath")
        await self._call(record.lang, self.store.drop_fight, fight_id)

    async def fight_view(
        self, record: CampaignRecord, fight_id: str, who: Who, lang: str
    ) -> dict[str, Any]:
        """``GET /api/campaigns/{cid}/fights/{fid}``: status, sides and each gang's aftermath
        (its steps for its owner and the arbitrator; for everyone once recorded)."""
        fight = fight_of(record, fight_id)
        games = await self.run(self.store.games, [fight.game_id])
        info = games.get(fight.game_id)
        status = fight_status(fight, info)
        played = status in ("aftermath", "recorded") and not fight.game_id.startswith(TABLE)
        game = await self.game(fight) if played else None
        rules = Ruleset.load(fight.ruleset)
        per_gang: dict[str, Any] = {}
        results: dict[str, str] = {}
        for side in fight.sides:
            shown = side.confirmed or who.may_change(side.gang_id)
            steps: list[dict[str, Any]] = []
            choices: dict[str, Any] | None = None
            if game is not None:
                wanted = Wanted.from_stored(side.choices) if side.confirmed else Wanted()
                after = await self._call(lang, aftermath, fight, game, side, wanted, rules, lang)
                results[side.gang_id] = after.result.value
                if shown:
                    steps = await self.run(steps_view, fight, game, after, rules, lang)
                    choices = choices_json(after)
            per_gang[side.gang_id] = {
                "steps": steps,
                "confirmed": side.confirmed,
                "choices": choices,
            }
        names = {g.id: g.gang.name for g in record.gangs}
        return {
            "fight_id": fight.id,
            "game_id": fight.game_id,
            "status": status,
            "status_text": status_text(status, lang),
            "scenario": fight.scenario,
            "gangs": [s.gang_id for s in fight.sides],
            "seats": [
                {
                    "seat": s.seat,
                    "gang_id": s.gang_id,
                    "name": names.get(s.gang_id, s.before.name),
                    "kind": s.kind,
                    "absent": list(s.absent),
                    "sacrifice": s.sacrifice,
                }
                for s in fight.sides
            ],
            "result": results or None,
            "result_text": {g: result_text(r, lang) for g, r in results.items()},
            "spectator_url": (
                None if info is None else game_link(fight.game_id, info.spectator_token)
            ),
            "aftermath": per_gang,
            "role": who.role,
            "my_gang": who.gang_id,
        }

    async def preview(
        self, record: CampaignRecord, fight_id: str, who: Who, body: Any, lang: str
    ) -> dict[str, Any]:
        """The aftermath steps of the owner's choices, nothing written."""
        fight, side, wanted = self._asked(record, fight_id, who, body)
        game = await self.game(fight)
        rules = Ruleset.load(fight.ruleset)
        after = await self._call(lang, aftermath, fight, game, side, wanted, rules, lang)
        steps = await self.run(steps_view, fight, game, after, rules, lang)
        return {"gang_id": side.gang_id, "steps": steps, "choices": choices_json(after)}

    def _asked(
        self, record: CampaignRecord, fight_id: str, who: Who, body: Any
    ) -> tuple[CampaignFight, FightSide, Wanted]:
        data = keys_in(body, ("gang_id", "choices", "accept_defaults"), "an aftermath")
        gang_id = str(text_in(data, "gang_id", limit=24))
        fight = fight_of(record, fight_id)
        if fight.game_id.startswith(TABLE):
            raise ConflictError(
                "a fight on a real table is recorded with fight record: each gang's owner "
                "records its side (D-43)"
            )
        try:
            side = fight.side(gang_id)
        except CampaignNotFoundError:
            raise NotFoundError(f"gang {gang_id!r} does not fight in this fight") from None
        who.need_gang(gang_id)
        if data.get("accept_defaults") is not None and data.get("accept_defaults") is not True:
            raise InvalidError("accept_defaults must be true (or left out)")
        if data.get("accept_defaults") and data.get("choices") is not None:
            raise InvalidError("give choices or accept_defaults, not both")
        return fight, side, parse_choices(data.get("choices"))

    async def confirm(
        self, record: CampaignRecord, fight_id: str, who: Who, body: Any, lang: str
    ) -> dict[str, Any]:
        """Record one gang's aftermath, once (a second confirmation is 409 and changes nothing)."""
        fight, side, wanted = self._asked(record, fight_id, who, body)
        if side.confirmed:
            raise ConflictError("this gang's aftermath is recorded already: nothing was changed")
        game = await self.game(fight)
        rules = Ruleset.load(fight.ruleset)
        after = await self._call(lang, aftermath, fight, game, side, wanted, rules, lang)
        names = {s.gang_id: s.before.name for s in fight.sides}
        outcome = after.outcome
        winner = game.winner
        fight_args = {
            "campaign": record.id,
            "campaign_fight": fight.id,
            "game_id": fight.game_id,
            "seat": side.seat,
            "seats": [s.kind for s in fight.sides],
            "against": [names[s.gang_id] for s in fight.sides if s.gang_id != side.gang_id],
            "result": after.result.value,
            "kills": after.kills,
            "scenario": fight.scenario,
            "ruleset": fight.ruleset,
            "winner": None if winner is None else names[fight.sides[winner].gang_id],
            "end_reason": game.end_reason,
            "rounds": game.round,
        }
        steps = []
        for step in after.steps:  # the rules' arguments as every road writes them
            args = step_args(step, outcome, after.choices, side.absent)
            extra = fight_args if step.what == "fight" else {"campaign_fight": fight.id}
            steps.append((step, {**extra, **args}))
        await self._call(
            lang,
            self.store.confirm,
            fight.id,
            side.gang_id,
            steps,
            result=after.result.value,
            kills=after.kills,
            choices=after.wanted.to_dict(),
        )
        fresh = await self._call(lang, self.store.get, record.id)
        return await self.fight_view(fresh, fight_id, who, lang)

    # -- conceding with a sacrifice (B4) ----------------------------------------------------

    async def _seat(
        self, game_id: str, token: str | None
    ) -> tuple[GameRoom, CampaignFight, FightSide]:
        room = await self.hub.room(game_id)
        viewer = room.viewer(token)
        fight = await self.run(self.store.fight_of_game, game_id)
        if fight is None:
            raise NotFoundError("this game is not a campaign fight")
        if viewer.seat is None:
            raise ForbiddenError("a spectator does not concede")
        side = next(s for s in fight.sides if s.seat == viewer.seat)
        return room, fight, side

    async def sacrifice_options(self, game_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """Whom the seat's gang may sacrifice if it concedes now (B4), the default first."""
        room, fight, side = await self._seat(game_id, token)
        candidates, default = await self.run(sacrifice_options, room, side)
        from totenblatt.text.vocab import kind_name
        from totenblatt.web.campaign.words import strings

        for c in candidates:
            c["kind_name"] = kind_name(c["kind"], lang)
        words = strings(lang)
        return {
            "campaign_id": fight.campaign_id,
            "fight_id": fight.id,
            "gang_id": side.gang_id,
            "gang": side.before.name,
            "candidates": candidates,
            "default": default,
            "texts": {
                "title": words["step_sacrifice"],
                "prompt": words["who_sacrifice"],
                "cancel": words["cancel"],
                "default": words["default_choice"],
            },
        }

    async def fight_link(self, game_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """Where a campaign fight's table leads back to: its fight page (any seat's or the
        spectator's token reads it; the owner's own link opens the wizard there); ``url``
        None for a game that is no campaign fight."""
        room = await self.hub.room(game_id)
        room.viewer(token)  # a token of this game, or refused as at the table
        fight = await self.run(self.store.fight_of_game, game_id)
        if fight is None:  # no campaign fight: nowhere to lead (not an error for the table)
            return {"url": None}
        from totenblatt.web.campaign.words import strings

        return {
            "campaign_id": fight.campaign_id,
            "fight_id": fight.id,
            "url": f"/campaigns/{fight.campaign_id}/fights/{fight.id}?lang={lang}",
            "text": strings(lang)["to_fight_page"],
        }

    async def concede(
        self, game_id: str, token: str | None, body: Any, lang: str
    ) -> list[dict[str, Any]]:
        """Concede for the seat with the chosen sacrifice (one the rules allow, B4)."""
        data = keys_in(body, ("sacrifice",), "a concession")
        member = str(text_in(data, "sacrifice"))
        room, fight, side = await self._seat(game_id, token)
        candidates, _ = await self.run(sacrifice_options, room, side)
        allowed = [c["member"] for c in candidates]
        if member not in allowed:
            raise InvalidError(
                f"{member[:80]!r} may not be sacrificed: B4 allows {', '.join(allowed)}"
            )
        events = await self.hub.play(game_id, token, {"type": "concede"}, lang)
        await self._call(lang, self.store.choose_sacrifice, fight.id, side.gang_id, member)
        return events
