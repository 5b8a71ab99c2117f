"""The companion for a real table: one shot, its odds, "which spade?", ability draws.

Groups who play with miniatures hold phones, not terminals: ``/companion`` asks the same
core the command line asks (``totenblatt attack``, ``odds attack``, ``draw-ability``), so
a shot entered on the page gives the command's result, words and exact fractions.

- ``GET /companion?lang=de|en`` — the page (:mod:`~totenblatt.web.companion.page`).
- ``POST /api/companion/attack`` ``{"card", "weapon", "distance", "cover", "defense",
  "extra_defense", "attacker_abilities", "defender_abilities", "wild", "wild_defense",
  "target_hp", "nine_lives", "attacker_hp", "attacker_max_hp", "seed", "ruleset", "lang"}``
  → ``{"result"`` (``attack --json``), ``"lines", "verdict", "note"`` (its explanation),
  ``"aftermath"`` (with ``target_hp``: A11 and Nine Lives, the draw ``seed``),
  ``"aftermath_lines", "fate"}``. Nine Lives draws from a full deck less the shot's cards
  (D-24: never a card on the table) with the given seed,
  else one from :mod:`secrets` (the table's own cards: nothing hidden is at stake).
- ``POST /api/companion/odds`` ``{"card" | "cards", "weapon", "distance", "cover", "hand",
  "seen", "attacker_abilities", "defender_abilities", "wild", "wild_defense", "target_hp",
  "nine_lives", "ruleset", "lang"}`` → the figures of ``odds attack --json`` (fractions as
  text) for one card, or every attack of a hand best first (``--cards``).
- ``POST /api/companion/abilities`` ``{"count", "seed", "ruleset", "lang"}`` → the cards
  drawn (each from a full deck, B5) with the ability and what it does.

Every answer is the core's (:mod:`totenblatt.wanted.combat`, :mod:`totenblatt.wanted.odds`,
:mod:`totenblatt.campaign.abilities`) worded by the text layer; a refusal is 422
``{"error"}`` in the asked language. Each request counts against the client's budget of
actions (:mod:`~totenblatt.web.shell.limits`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from totenblatt.campaign.abilities import draw_ability
from totenblatt.cards import Card, to_card
from totenblatt.messages import Message
from totenblatt.text import describe_error, render
from totenblatt.text.attack import (
    booklet_note,
    explain_aftermath,
    explain_attack,
    fate_verdict,
    verdict,
)
from totenblatt.text.odds import hand_head, ranked_attacks
from totenblatt.text.vocab import ability_effect, ability_name
from totenblatt.wanted.combat import resolve_attack, take_wounds
from totenblatt.wanted.odds import ASSUMPTION_MESSAGE, hand_odds, odds_report, shot_odds
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.vocab import Ability
from totenblatt.web.companion.page import companion_link, companion_page
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import InvalidError
from totenblatt.web.shell.limits import Limits, client_key
from totenblatt.web.shell.words import LANGS, page_lang

__all__ = ["MAX_DRAWS", "MAX_HAND", "SEED_LIMIT", "companion_link", "companion_router"]

MAX_HAND = 30
"""The largest defender's hand the page asks about."""
MAX_CARDS = 60
"""The most cards of a list (a hand to rank, the cards seen)."""
MAX_DRAWS = 20
"""The most abilities drawn at once (as ``draw-ability --count``)."""
SEED_LIMIT = 1_000_000_000
"""Seeds the server draws are below this (a JSON body's numbers stay below 1e9)."""

_T = TypeVar("_T")

_SHOT_KEYS = frozenset(
    {
        "card",
        "weapon",
        "distance",
        "cover",
        "attacker_abilities",
        "defender_abilities",
        "wild",
        "wild_defense",
        "target_hp",
        "nine_lives",
        "ruleset",
        "lang",
    }
)
"""What a shot and an odds question both take: the shot at the table, and the target's HP."""
_ATTACK_KEYS = _SHOT_KEYS | {"defense", "extra_defense", "attacker_hp", "attacker_max_hp", "seed"}
_ODDS_KEYS = _SHOT_KEYS | {"cards", "hand", "seen"}
_DRAW_KEYS = frozenset({"count", "seed", "ruleset", "lang"})


class _Body:
    """A request body read field by field: each refusal names the field and what it takes."""

    def __init__(self, data: Any, keys: frozenset[str], what: str) -> None:
        if not isinstance(data, dict):
            raise InvalidError(f"{what} is a JSON object")
        unknown = sorted(set(data) - keys)
        if unknown:
            raise InvalidError(
                f"unknown field {unknown[0][:40]!r}: {what} takes {', '.join(sorted(keys))}"
            )
        self.data: dict[str, Any] = data

    def text(self, key: str, default: str | None = None, *, most: int = 60) -> str | None:
        value = self.data.get(key)
        if value is None:  # left out or null: not given
            return default
        if not isinstance(value, str) or not 0 < len(value) <= most:
            raise InvalidError(f"{key} must be a text of 1 to {most} characters")
        return value

    def number(self, key: str, *, least: float = 0, most: float = 1000) -> float:
        value = self.data.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidError(f"{key} must be a number from {least:g} to {most:g}")
        if not least <= value <= most:
            raise InvalidError(f"{key} must be a number from {least:g} to {most:g}, got {value}")
        return float(value)

    def whole(
        self, key: str, *, least: int = 0, most: int, default: int | None = None
    ) -> int | None:
        value = self.data.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise InvalidError(f"{key} must be a whole number from {least} to {most}")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise InvalidError(f"{key} must be true or false")
        return value

    def texts(self, key: str, *, most: int = MAX_CARDS) -> list[str]:
        value = self.data.get(key)
        if value is None:
            return []
        if (
            not isinstance(value, list)
            or len(value) > most
            or not all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)
        ):
            raise InvalidError(f"{key} must be a list of at most {most} texts")
        return list(value)

    def cards(self, key: str, *, most: int = MAX_CARDS) -> list[Card]:
        return [to_card(c) for c in self.texts(key, most=most)]

    def ruleset(self) -> Ruleset:
        name = self.text("ruleset", "base")
        if name not in builtin_rulesets():
            raise InvalidError(
                f"unknown ruleset {name!r}: expected one of {', '.join(builtin_rulesets())}"
            )
        return Ruleset.load(name)

    def seed(self) -> int:
        given = self.whole("seed", most=SEED_LIMIT - 1)
        return secrets.randbelow(SEED_LIMIT) if given is None else given


def _abilities(body: _Body, key: str, wild: str) -> list[str]:
    names = body.texts(key, most=12)
    return [*names, Ability.WILD_2.value] if body.flag(wild) else names


def attack_answer(data: Any, lang: str) -> dict[str, Any]:
    """``POST /api/companion/attack``: the shot resolved as ``totenblatt attack`` does."""
    body = _Body(data, _ATTACK_KEYS, "a shot")
    rules = body.ruleset()
    card, defense, extra = body.text("card"), body.text("defense"), body.text("extra_defense")
    if card is None:
        raise InvalidError("card (the attack card) is needed")
    result = resolve_attack(
        card,
        weapon=body.text("weapon") or "",
        distance=body.number("distance"),
        defense=defense,
        cover=body.text("cover", "none") or "none",
        attacker_abilities=_abilities(body, "attacker_abilities", "wild"),
        defender_abilities=_abilities(body, "defender_abilities", "wild_defense"),
        extra_defense=extra,
        ruleset=rules,
    )
    answer: dict[str, Any] = {
        "result": result.to_dict(),
        "lines": explain_attack(result, rules, lang),
        "verdict": verdict(result, lang),
        "note": booklet_note(result, lang),
        "aftermath": None,
        "aftermath_lines": [],
        "fate": None,
    }
    target_hp = body.whole("target_hp", most=99)
    lives = body.flag("nine_lives")
    attacker_hp = body.whole("attacker_hp", most=99)
    attacker_max = body.whole("attacker_max_hp", least=1, most=99)
    if target_hp is None:
        if lives or attacker_hp is not None or attacker_max is not None:
            raise InvalidError("nine_lives and the attacker's HP need target_hp")
        return answer
    seed = body.seed() if lives else None
    after = take_wounds(
        result,
        target_hp=target_hp,
        nine_lives=random.Random(seed) if lives else None,
        killer_hp=attacker_hp,
        killer_max=attacker_max,
        ruleset=rules,
    )
    drawn = after.nine_lives is not None
    answer["aftermath"] = after.to_dict() | {"seed": seed if drawn else None}
    answer["aftermath_lines"] = explain_aftermath(after, lang)
    answer["fate"] = fate_verdict(after, lang)
    return answer


def odds_answer(data: Any, lang: str) -> dict[str, Any]:
    """``POST /api/companion/odds``: ``odds attack --json`` for a card or a whole hand."""
    body = _Body(data, _ODDS_KEYS, "an odds question")
    rules = body.ruleset()
    card = body.text("card")
    hand = None if body.data.get("cards") is None else body.cards("cards", most=20)
    if (card is None) == (hand is None):
        raise InvalidError("give card (one attack card) or cards (a hand), not both")
    target_hp = body.whole("target_hp", most=99)
    lives = body.flag("nine_lives")
    if lives and target_hp is None:
        raise InvalidError("nine_lives needs target_hp")
    attacker = _abilities(body, "attacker_abilities", "wild")
    shot: dict[str, Any] = {
        "weapon": body.text("weapon") or "",
        "distance": body.number("distance"),
        "cover": body.text("cover", "none") or "none",
        "hand_size": body.whole("hand", most=MAX_HAND, default=5),
        "seen": body.cards("seen"),
        "attacker_abilities": attacker,
        "defender_abilities": _abilities(body, "defender_abilities", "wild_defense"),
        "ruleset": rules,
    }
    common = {
        "ruleset": rules.name,
        "assumption": ASSUMPTION_MESSAGE.english(),
        "assumption_text": render(ASSUMPTION_MESSAGE, lang),
    }

    def report(odds: Any) -> dict[str, Any]:
        return odds_report(
            odds,
            attacker_abilities=attacker,
            target_hp=target_hp,
            nine_lives=lives,
            ruleset=rules,
        )

    if card is not None:
        return report(shot_odds(card, **shot)) | common
    assert hand is not None
    options = hand_odds(hand, **shot, target_hp=target_hp)
    if not options:
        raise InvalidError(render(Message("no spade or joker in the hand to attack with"), lang))
    return (
        hand_head(hand, options)
        | {"attacks": ranked_attacks(options, report), "best": str(options[0].card)}
        | common
    )


def draw_answer(data: Any, lang: str) -> dict[str, Any]:
    """``POST /api/companion/abilities``: ``draw-ability --count N --seed S`` as cards."""
    body = _Body(data, _DRAW_KEYS, "an ability draw")
    rules = body.ruleset()
    count = body.whole("count", least=1, most=MAX_DRAWS, default=1)
    assert count is not None
    seed = body.seed()
    rng = random.Random(seed)
    draws = []
    for _ in range(count):
        drawn = draw_ability(rng, rules)
        draws.append(
            {
                "drawn": str(drawn.card),
                "card": "Joker" if drawn.card.rank is None else drawn.card.rank.label,
                "ability": drawn.ability.value,
                "name": ability_name(drawn.ability, lang),
                "effect": ability_effect(drawn.ability, rules, lang),
            }
        )
    deck = 52 + rules.campaign.ability_draw_jokers
    return {"seed": seed, "deck": deck, "count": count, "draws": draws, "ruleset": rules.name}


def companion_router(limits: Limits, default_lang: str) -> APIRouter:
    """The page and its three questions, each request on the client's budget of actions."""
    router = APIRouter()
    _, actions = limits.budgets()

    def lang_of(value: Any) -> str:
        return value if isinstance(value, str) and value in LANGS else default_lang

    async def answer(request: Request, work: Callable[[Any, str], _T]) -> _T:
        actions.check(client_key(request.client.host if request.client else ""))
        data = await read_json(request)
        lang = lang_of(data.get("lang") if isinstance(data, dict) else None)

        def run() -> _T:
            try:
                return work(data, lang)
            except ValueError as exc:  # the core's refusal (a card, a weapon, an ability …)
                raise InvalidError(describe_error(exc, lang)[:300]) from None

        return await run_in_threadpool(run)

    @router.get("/companion", response_class=HTMLResponse)
    async def page(request: Request, lang: str | None = None) -> HTMLResponse:
        guess = page_lang(None, request.headers.get("accept-language", ""), default_lang)
        return HTMLResponse(companion_page(lang_of(lang) if lang else guess))

    @router.post("/api/companion/attack")
    async def attack(request: Request) -> dict[str, Any]:
        return await answer(request, attack_answer)

    @router.post("/api/companion/odds")
    async def odds(request: Request) -> dict[str, Any]:
        return await answer(request, odds_answer)

    @router.post("/api/companion/abilities")
    async def abilities(request: Request) -> dict[str, Any]:
        return await answer(request, draw_answer)

    return router
