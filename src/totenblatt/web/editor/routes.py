"""The scenario editor's routes: its page, the door's answers for a table being made, saving.

=================================  ==========================================================
``GET /editor``                    the page (``?open=NAME`` opens a scenario)
``GET /api/scenarios``             every scenario found by name (built-ins, the folder's)
``GET /api/scenarios/{name}``      its TOML text (``builtin``: whether it is a built-in)
``POST /api/scenarios/check``      ``{"toml"}``: the loader's verdict, the warnings, the table
``POST /api/scenarios/sight``      ``{"toml", "spot": [x, y]}``: cover, line of fire, range,
                                   hiding over the table's grid from the spot
``POST /api/scenarios/balance``    ``{"toml"}``: a short run of the lab's bots on the table
``PUT /api/scenarios/{name}``      ``{"toml"}`` (the operator's token): saved, 201
=================================  ==========================================================

Every rule comes from the door (:mod:`totenblatt.wanted.ask`): the page draws its answers.
A text the loader refuses is 422 with the loader's own message.
"""

from __future__ import annotations

import math
import time
from importlib.resources import files
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from totenblatt.sim import Row, RunSpec, play_one
from totenblatt.sim.stats import summarize
from totenblatt.text.vocab import weapon_name
from totenblatt.wanted.ask import SpotError, TableCheck, check_table, searchable, spot_sight
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import KIND_DEFAULTS, Scenario
from totenblatt.wanted.table.scenario import (
    ScenarioError,
    builtin_scenarios,
    load_scenario,
    scenario_folder,
    scenario_names,
    use_scenario_folder,
)
from totenblatt.wanted.table.scenario_json import figure_json, piece_json
from totenblatt.web.editor.folder import check_name, save_text, scenario_text
from totenblatt.web.editor.page import editor_page
from totenblatt.web.editor.words import warning_text
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import InvalidError, NotFoundError
from totenblatt.web.shell.limits import Budget, Limits, client_key
from totenblatt.web.shell.operator import require_operator
from totenblatt.web.shell.words import LANGS, page_lang

__all__ = [
    "BALANCE_GAMES",
    "BALANCE_SECONDS",
    "QUESTIONS_PER_MINUTE",
    "editor_router",
    "table_json",
]

BALANCE_GAMES = 40
"""The most games of a balance hint."""
BALANCE_SECONDS = 3.0
"""A balance hint starts no game after this many seconds of play."""
BALANCE_SEED = 46
"""The seed of a balance hint's run: the same table gets the same hint."""
QUESTIONS_PER_MINUTE = 120
"""Checks and sights one client may ask per minute (each costs the server up to a few tenths
of a second): two a second, beyond the page's one per change."""

_STATIC = {
    "editor.js": "text/javascript",
    "editor_model.js": "text/javascript",
    "editor.css": "text/css",
}


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client else "")


def _body(data: Any, keys: set[str], needed: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) - keys or needed - set(data):
        shown = ", ".join(f'"{k}"' for k in sorted(keys))
        raise InvalidError(f"expected a JSON object with {shown}")
    if not isinstance(data.get("toml"), str):
        raise InvalidError("toml: expected the scenario file's text")
    return data


def _checked(text: str, name: str = "scenario") -> TableCheck:
    try:
        return check_table(text, name)
    except ScenarioError as exc:
        raise InvalidError(str(exc)[:1000]) from None


def table_json(scenario: Scenario) -> dict[str, Any]:
    """What the page draws of a checked scenario: its keys, the terrain's outlines with what a
    piece changes of its kind's defaults, the figures."""
    terrain = []
    for piece in scenario.terrain:
        cover, difficult, impassable = KIND_DEFAULTS[piece.kind]
        changed: dict[str, Any] = {}
        if piece.cover is not cover:
            changed["cover"] = piece.cover.value
        if piece.difficult is not difficult:
            changed["difficult"] = piece.difficult
        if piece.impassable is not impassable:
            changed["impassable"] = piece.impassable
        terrain.append(
            {"name": piece.name, "name_de": piece.name_de, **piece_json(piece), "changed": changed}
        )
    return {
        "title": scenario.title,
        "title_de": scenario.title_de,
        "description": scenario.description,
        "description_de": scenario.description_de,
        "width": scenario.width,
        "height": scenario.height,
        "seats": scenario.seats,
        "teams": list(scenario.teams),
        "round_limit": scenario.round_limit or 0,
        "terrain": terrain,
        "figures": [figure_json(f) for f in scenario.figures],
    }


def _spot(value: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidError("spot: expected [x, y] in inches")
    return float(value[0]), float(value[1])


def _key(point: tuple[float, float]) -> str:
    return f"{point[0]:g},{point[1]:g}"


def _listing(lang: str) -> dict[str, Any]:
    """Every scenario found by name, its title in ``lang``, and whether there is a folder."""
    found = []
    for name in scenario_names():
        try:
            scenario = load_scenario(name)
        except ScenarioError:
            continue  # a file put into the folder by hand that does not load
        title = scenario.title_de if lang == "de" else scenario.title
        found.append({"name": name, "title": title, "builtin": name in builtin_scenarios()})
    return {"scenarios": found, "folder": scenario_folder() is not None}


def _check_json(checked: TableCheck, lang: str) -> dict[str, Any]:
    """The loader's verdict on a scenario: its keys, the warnings (in ``lang``), the table."""
    scenario = checked.scenario
    return {
        "name": scenario.name,
        "title": scenario.title,
        "title_de": scenario.title_de,
        "ruleset": checked.ruleset,
        "warnings": [warning_text(w, lang) for w in checked.warnings],
        "warning_list": [
            {
                "kind": w.kind.value,
                "figure": w.figure,
                "seat": w.seat,
                "enemy": w.enemy,
                "distance": w.distance,
            }
            for w in checked.warnings
        ],
        "table": table_json(scenario),
    }


def _sight(toml: str, spot: tuple[float, float]) -> dict[str, Any]:
    """Cover, line of fire, range and hiding over the table of ``toml`` from ``spot``."""
    scenario = _checked(toml).scenario
    try:
        seen = spot_sight(scenario, spot)
    except SpotError as exc:
        raise InvalidError(str(exc)[:300]) from None
    return {
        "spot": list(seen.spot),
        "step": seen.step,
        "cover": {_key(p): level.value for p, level in seen.cover},
        "visible": [list(p) for p in seen.visible],
        "in_range": [list(p) for p in seen.in_range],
        "hiding": [list(p) for p in seen.hiding],
        "can_hide": seen.can_hide,
    }


def _balance_hint(toml: str, games: int) -> dict[str, Any]:
    """The balance hint of the table of ``toml`` (at most :data:`BALANCE_GAMES` games)."""
    checked = _checked(toml)
    if not searchable(checked.scenario, checked.ruleset):
        raise InvalidError(
            "the table is too large for a quick balance hint (its moves cannot be "
            "searched quickly): run the lab on the file, totenblatt balance seats"
        )
    try:
        return _balance(checked.scenario, checked.ruleset, min(games, BALANCE_GAMES))
    except ValueError as exc:  # a table the bots cannot play
        raise InvalidError(str(exc)[:500]) from None


def _balance(scenario: Scenario, ruleset: str, games: int) -> dict[str, Any]:
    """A short run of the lab: the heuristic bot at every seat, seats rotated."""
    spec = RunSpec.make(scenario, ruleset, bots=["heuristic"], seed=BALANCE_SEED, rotate=True)
    rows: list[Row] = []
    started = time.monotonic()
    for index in range(games):
        if rows and time.monotonic() - started > BALANCE_SECONDS:
            break
        rows.append(play_one(spec, index))
    summary = summarize(rows)
    return {
        "games": summary["games"],
        "bot": "heuristic",
        "draws": summary["draws"],
        "rounds_mean": summary["rounds_mean"],
        "seats": [
            {
                "seat": s["seat"],
                "wins": s["successes"],
                "rate": 0.0 if math.isnan(s["rate"]) else s["rate"],
                "low": s["low"],
                "high": s["high"],
            }
            for s in summary["seats"]
        ],
    }


def editor_router(limits: Limits, default_lang: str, scenario_dir: str | None) -> APIRouter:
    """The editor's routes; scenarios are found by name in ``scenario_dir`` too (and saved
    there) from now on in this process (:func:`use_scenario_folder`)."""
    use_scenario_folder(scenario_dir)
    router = APIRouter()
    creations, _ = limits.budgets()
    questions = Budget("table checks", QUESTIONS_PER_MINUTE, 60.0)
    static = files("totenblatt.web.editor") / "static"

    @router.get("/editor", response_class=HTMLResponse)
    async def page(request: Request, lang: str | None = None) -> HTMLResponse:
        language = page_lang(lang, request.headers.get("accept-language", ""), default_lang)
        rules = Ruleset.load("base")
        weapons = [[key, weapon_name(rules, key, language)] for key in rules.weapons]
        return HTMLResponse(editor_page(language, weapons))

    @router.get("/editor/static/{name}")
    async def asset(name: str) -> Response:
        if name not in _STATIC:
            raise NotFoundError(f"no file {name[:40]!r}")
        body = (static / name).read_bytes()
        return Response(body, media_type=_STATIC[name], headers={"Cache-Control": "no-cache"})

    @router.get("/api/scenarios")
    async def listing(lang: str | None = None) -> dict[str, Any]:
        return _listing(_lang(lang, default_lang))

    @router.get("/api/scenarios/{name}")
    async def text(name: str) -> dict[str, Any]:
        toml, builtin = scenario_text(name)
        return {"name": name, "toml": toml, "builtin": builtin}

    @router.post("/api/scenarios/check")
    async def check(request: Request, lang: str | None = None) -> dict[str, Any]:
        questions.check(_client(request))
        data = _body(await read_json(request), {"toml", "name"}, {"toml"})
        name = data.get("name") or "scenario"
        if not isinstance(name, str):
            raise InvalidError("name: expected text")
        checked = await run_in_threadpool(_checked, data["toml"], check_name(name))
        return _check_json(checked, _lang(lang, default_lang))

    @router.post("/api/scenarios/sight")
    async def sight(request: Request) -> dict[str, Any]:
        questions.check(_client(request))
        data = _body(await read_json(request), {"toml", "spot"}, {"toml", "spot"})
        return await run_in_threadpool(_sight, data["toml"], _spot(data["spot"]))

    @router.post("/api/scenarios/balance")
    async def balance(request: Request) -> dict[str, Any]:
        creations.check(_client(request))  # a run of games costs what a game's creation does
        data = _body(await read_json(request), {"toml", "games"}, {"toml"})
        games = data.get("games", BALANCE_GAMES)
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 200:
            raise InvalidError("games: expected a whole number from 1 to 200")
        return await run_in_threadpool(_balance_hint, data["toml"], games)

    @router.put("/api/scenarios/{name}", status_code=201)
    async def save(request: Request, name: str) -> dict[str, Any]:
        require_operator(request)
        data = _body(await read_json(request), {"toml"}, {"toml"})
        check_name(name)
        scenario = (await run_in_threadpool(_checked, data["toml"], name)).scenario
        if scenario.name != name:
            raise InvalidError(
                f"{name}: key 'name': the file says {scenario.name!r}, but is saved as {name!r}"
            )
        folder = scenario_folder()
        await run_in_threadpool(save_text, folder, name, data["toml"])
        return {"name": name, "title": scenario.title, "title_de": scenario.title_de}

    return router
