"""A campaign fight at the web table: its stored setup, its outcome, each gang's aftermath.

The game of a campaign fight is dealt by :func:`totenblatt.campaign.battle.start_fight`
from the gangs as they went in; the engine cannot save a scenario made of gangs, so the
stored setup names them (format :data:`FORMAT`, secret like every setup: it holds the
seed) and the hub deals the game again from it (:data:`~totenblatt.web.shell.games.SETUP_READERS`).

A gang's aftermath is :func:`totenblatt.campaign.plan` for its outcome of the finished
game, its owner's choices and its seed: shown step by step as JSON (:func:`steps_view`),
and written exactly so when the owner confirms.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.campaign import (
    Choices,
    Event,
    FightOutcome,
    Gang,
    SacrificeFixedError,
    Step,
    Wanted,
    chosen_sacrifice,
    event_to_dict,
    hire_cost,
    leader_candidates,
    parse_ability,
    resolve,
    sacrifice_candidates,
    spare_hp,
    step_seed,
)
from totenblatt.campaign import events as ev
from totenblatt.campaign.battle import (
    Battle,
    Result,
    Side,
    default_sacrifice,
    fight_outcomes,
    side_kills,
    side_results,
    start_fight,
)
from totenblatt.campaign.outcomes import survivors_hp
from totenblatt.campaign.recruitment import affordable, hirable
from totenblatt.store.campaign_records import CampaignFight, FightSide
from totenblatt.text import Narrator
from totenblatt.text.campaign import describe
from totenblatt.text.vocab import ability_effect, ability_name, kind_name
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine import event_to_dict as game_event_to_dict
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.campaign.requests import name_text
from totenblatt.web.campaign.shapes import ability_options, hero_abilities, member_rows
from totenblatt.web.campaign.words import free_text, result_text, text
from totenblatt.web.shell.errors import ConflictError, InvalidError
from totenblatt.web.shell.games import SETUP_READERS
from totenblatt.web.shell.words import describe as describe_error

__all__ = [
    "FORMAT",
    "Aftermath",
    "aftermath",
    "battle_of",
    "choices_json",
    "parse_choices",
    "read_setup",
    "setup_text",
    "steps_view",
]

FORMAT = "totenblatt-campaign-fight"
"""The ``format`` of a campaign fight's stored setup."""
_PREFIX = '{"format": "totenblatt-campaign-fight"'


def setup_text(template: str, ruleset: str, seed: int, gangs: Sequence[Gang]) -> str:
    """The stored setup of a fight: template, ruleset, the game's seed, the gangs (fighters)."""
    data = {
        "format": FORMAT,
        "version": 1,
        "template": template,
        "ruleset": ruleset,
        "seed": seed,
        "gangs": [g.to_record() for g in gangs],
    }
    text_ = json.dumps(data, ensure_ascii=False)
    assert text_.startswith(_PREFIX)
    return text_


def read_setup(setup: str) -> Game:
    """The dealt game of a stored campaign fight (the hub replays its actions)."""
    data = json.loads(setup)
    gangs = [Gang.from_record(g) for g in data["gangs"]]
    return start_fight(gangs, data["template"], data["ruleset"], int(data["seed"])).game


SETUP_READERS[_PREFIX] = read_setup


def battle_of(fight: CampaignFight, game: Game) -> Battle:
    """The battle of ``fight`` (which figure is which member), on the game's scenario."""
    return Battle(
        game.scenario, tuple(Side(side.fighters, side.seat, side.figures) for side in fight.sides)
    )


# -- the owner's choices ------------------------------------------------------------------

_CHOICE_KEYS = (
    "sacrifice", "hire", "pay", "hire_name", "abilities", "fill", "fill_names", "leader",
)  # fmt: skip


def parse_choices(raw: Any, rules: Ruleset | None = None) -> Wanted:
    """The ``choices`` of an aftermath request; InvalidError (422) says what is wrong."""
    if raw is None:
        return Wanted()
    if not isinstance(raw, Mapping):
        raise InvalidError(f"choices must be an object with {', '.join(_CHOICE_KEYS)}")
    unknown = sorted(str(k) for k in raw if k not in _CHOICE_KEYS)
    if unknown:
        raise InvalidError(
            f"unknown choice {unknown[0][:40]!r}: expected {', '.join(_CHOICE_KEYS)}"
        )
    sacrifice = raw.get("sacrifice")
    hire: HeroType | None = None
    if raw.get("hire") is not None:
        if raw["hire"] not in ("veteran", "gunslinger"):
            raise InvalidError("choices.hire must be veteran, gunslinger or null")
        hire = HeroType(raw["hire"])
    pay = raw.get("pay")
    if pay is not None:
        if not isinstance(pay, Mapping) or len(pay) > 30:
            raise InvalidError("choices.pay must be an object of member names and HP")
        for name, amount in pay.items():
            name_text(name, "a payer's name")
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise InvalidError(f"choices.pay[{name[:40]!r}] must be a whole number of HP")
    fill = raw.get("fill")
    if fill is not None and not isinstance(fill, bool):
        raise InvalidError("choices.fill must be true or false")
    names = raw.get("fill_names") or []
    if not isinstance(names, list) or len(names) > 30:
        raise InvalidError("choices.fill_names must be a list of names")
    chosen = raw.get("abilities") or []
    if not isinstance(chosen, list) or len(chosen) > 4:
        raise InvalidError("choices.abilities must be a list of at most 4 abilities")
    try:
        abilities = tuple(
            parse_ability(name_text(a, "an ability"), rules or Ruleset.load("extended"))
            for a in chosen
        )
    except ValueError as exc:
        raise InvalidError(describe_error(exc, "en")[:300]) from None
    return Wanted(
        sacrifice=None if sacrifice is None else name_text(sacrifice, "choices.sacrifice"),
        hire=hire,
        hire_given="hire" in raw,
        pay=None if pay is None else dict(pay),
        hire_name=(
            None if raw.get("hire_name") in (None, "") else name_text(raw["hire_name"], "hire_name")
        ),
        abilities=abilities,
        fill=fill,
        fill_names=tuple(name_text(n, "a newcomer's name") for n in names if n != ""),
        leader=None if raw.get("leader") in (None, "") else name_text(raw["leader"], "leader"),
    )


# -- the aftermath of one gang ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Aftermath:
    """One gang's aftermath: its outcome, the sacrifice, the choices taken and the steps."""

    side: FightSide
    result: Result
    kills: int
    outcome: FightOutcome
    final_hp: dict[str, int]
    choices: Choices
    wanted: Wanted
    steps: tuple[Step, ...]


def aftermath(
    fight: CampaignFight,
    game: Game,
    side: FightSide,
    wanted: Wanted,
    rules: Ruleset,
    lang: str = "en",
) -> Aftermath:
    """The aftermath of ``side`` for the finished ``game`` with the owner's ``wanted`` choices.

    Refused (409/422) with what is wrong: the game not over, a sacrifice B4 does not allow
    or one fixed at the concession, a hire that cannot be paid.
    """
    if not game.is_over:
        raise ConflictError("the fight is not over yet: its aftermath comes when it ends")
    battle = battle_of(fight, game)
    results = side_results(battle, game)
    conceded = results[side.seat] is Result.CONCEDED
    try:  # B4's checks, the defaults and the plan: the one road (campaign.resolve)
        chosen = chosen_sacrifice(conceded, side.sacrifice, wanted.sacrifice)
    except SacrificeFixedError as exc:
        raise ConflictError(describe_error(exc, lang)[:500]) from exc
    except ValueError as exc:
        raise InvalidError(describe_error(exc, lang)[:500]) from exc
    sacrifices = {} if chosen is None else {side.seat: chosen}
    outcome = fight_outcomes(battle, game, sacrifices)[side.seat]
    final = survivors_hp(outcome)
    seed = step_seed(fight.seed, side.gang_id)
    try:  # an illegal sacrifice, an unaffordable or wrong hire, a bad name: 422
        resolved = resolve(side.before, outcome, rules, seed, wanted, absent=side.absent)
    except ValueError as exc:
        raise InvalidError(describe_error(exc, lang)[:500]) from exc
    choices, steps = resolved.choices, resolved.steps
    return Aftermath(
        side=side,
        result=results[side.seat],
        kills=side_kills(battle, game)[side.seat],
        outcome=outcome,
        final_hp=final,
        choices=choices,
        wanted=wanted,
        steps=steps,
    )


def _event(event: Event, rules: Ruleset, lang: str) -> dict[str, Any]:
    out = {"event": event.tag, "text": describe(event, lang), **event_to_dict(event)}
    if isinstance(event, ev.AbilityGained):
        out["card"] = None if event.card is None else str(event.card)
        out["ability_name"] = ability_name(event.ability, lang)
        out["effect"] = ability_effect(event.ability, rules, lang)
    return out


def _happened(fight: CampaignFight, game: Game, side: FightSide, lang: str) -> list[str]:
    """The fight's story for one gang: its kills and losses, killers' HP, Nine Lives."""
    mine = {figure for figure, _ in side.figures}
    labels = [s.before.name for s in fight.sides]
    narrator = Narrator(lang, labels, ruleset=game.ruleset)
    lines = []
    for event in game.events:
        data = game_event_to_dict(event)
        kind = data.get("type") or data.get("event")
        if kind == "conceded":
            told = data.get("seat") == side.seat
        elif kind in ("figure_out", "nine_lives_drawn"):
            told = data.get("figure") in mine or data.get("killer") in mine
        elif kind == "hp_gained":
            told = data.get("figure") in mine
        else:
            continue
        if told:
            line = narrator.event(data)
            if line:
                lines.append(line)
    return lines


def _zero_text(hired: Step | None, lang: str) -> str | None:
    """Says who a hire leaves at 0 HP (legal by D-29, but one more wound ends them)."""
    names = [
        e.member
        for e in (hired.events if hired else ())
        if isinstance(e, ev.Paid) and not e.hp_left
    ]
    return text("zero_hp_warning", lang, names=", ".join(names)) if names else None


def _cheaper(settled: Gang, after: Aftermath, rules: Ruleset) -> str | None:
    """A cheaper hero type the survivors can pay, when the chosen hire leaves someone at 0 HP."""
    chosen = after.choices.hire
    if chosen is None:
        return None
    cost = hire_cost(chosen, rules)
    for kind in affordable(settled, rules):
        if hire_cost(kind, rules) < cost:
            return kind.value
    return None


def _fight_steps(
    fight: CampaignFight, game: Game, after: Aftermath, rules: Ruleset, lang: str
) -> list[dict[str, Any]]:
    """The steps of the fight itself: what happened, the sacrifice, healing, advancement,
    promotion."""
    side = after.side
    by: dict[str, list[dict[str, Any]]] = {
        "fight": [],
        "healing": [],
        "advancement": [],
        "promotion": [],
    }
    for event in after.steps[0].events:
        if isinstance(event, ev.Died | ev.Sacrificed | ev.NotCounted):
            by["fight"].append(_event(event, rules, lang))
        elif isinstance(event, ev.Recovered):
            by["healing"].append(_event(event, rules, lang))
        elif isinstance(event, ev.Promoted):
            by["promotion"].append(_event(event, rules, lang))
        elif isinstance(event, ev.AbilityGained | ev.MaxHpRaised | ev.FightCounted):
            by["advancement"].append(_event(event, rules, lang))
    steps: list[dict[str, Any]] = [
        {
            "step": "fight",
            "title": text("step_fight", lang),
            "result": after.result.value,
            "result_text": result_text(after.result.value, lang),
            "kills": after.kills,
            "lines": _happened(fight, game, side, lang),
            "events": by["fight"],
        }
    ]
    if after.outcome.conceded:
        steps.append(_sacrifice_step(after, lang))
    for key in ("healing", "advancement", "promotion"):
        steps.append({"step": key, "title": text(f"step_{key}", lang), "events": by[key]})
    return steps


def _sacrifice_step(after: Aftermath, lang: str) -> dict[str, Any]:
    """Whom the conceding gang sacrifices (B4): the one chosen, the default, the candidates."""
    side, fighters = after.side, after.side.fighters
    return {
        "step": "sacrifice",
        "title": text("step_sacrifice", lang),
        "fixed": side.sacrifice is not None,
        "chosen": after.outcome.sacrifice,
        "default": default_sacrifice(fighters, after.final_hp),
        "candidates": [
            {
                "name": m.name,
                "kind": m.kind.value,
                "kind_name": kind_name(m.kind, lang),
                "hp": after.final_hp[m.name],
            }
            for m in sacrifice_candidates(fighters, after.final_hp)
        ],
    }


def _recruitment_step(after: Aftermath, rules: Ruleset, lang: str) -> dict[str, Any]:
    """The hire of a lost hero (B6, D-29, D-41): the offers, who pays, the abilities."""
    settled = after.steps[0].gang
    hired = next((s for s in after.steps if s.what == "recruit"), None)
    paid = [e for e in (hired.events if hired else ()) if isinstance(e, ev.Paid)]
    return {
        "step": "recruitment",
        "title": text("step_recruitment", lang),
        "lost": [k.value for k in settled.lost_heroes],
        "offers": [
            {
                "kind": k.value,
                "kind_name": kind_name(k, lang),
                "cost": hire_cost(k, rules),
                "affordable": k in affordable(settled, rules),
            }
            for k in hirable(settled, rules)
        ],
        "spare": spare_hp(settled, rules),
        "payers": [
            {"name": m.name, "hp": m.hp, "most": max(0, m.hp - rules.campaign.recruit_min_hp)}
            for m in settled.members
        ],
        "hire": None if after.choices.hire is None else after.choices.hire.value,
        "pay": {e.member: e.hp for e in paid},
        "hire_name": after.choices.hire_name,
        "abilities": [a.value for a in after.choices.abilities],
        "zero_hp": [e.member for e in paid if e.hp_left == 0],
        "zero_hp_text": _zero_text(hired, lang),
        "cheaper": _cheaper(settled, after, rules),
        "ability_count": hero_abilities(rules),
        "ability_options": ability_options(rules, lang),
        "events": [
            _event(e, rules, lang)
            for e in (hired.events if hired else ())
            if isinstance(e, ev.Paid | ev.Hired | ev.AbilityGained)
        ],
    }


def _refill_step(after: Aftermath, rules: Ruleset, lang: str) -> dict[str, Any] | None:
    """Filling up with new standard cowboys (B6), when there is room after the hire."""
    hired = next((s for s in after.steps if s.what == "recruit"), None)
    before_fill = hired.gang if hired else after.steps[0].gang
    free = before_fill.size - len(before_fill.members)
    if free <= 0:
        return None
    filled = next((s for s in after.steps if s.what == "fill"), None)
    return {
        "step": "refill",
        "title": text("step_refill", lang),
        "free": free,
        "free_text": free_text(free, lang),
        "fill": filled is not None,
        "forfeit": bool(before_fill.lost_heroes),
        "events": [
            _event(e, rules, lang)
            for e in (filled.events if filled else ())
            if isinstance(e, ev.Joined | ev.HireForfeited)
        ],
    }


def _leader_step(after: Aftermath, rules: Ruleset, lang: str) -> dict[str, Any] | None:
    """The new leader when the leader was lost (:mod:`totenblatt.campaign.leader`): whom the
    owner may choose (the living after the aftermath), the one chosen, the default."""
    chosen = next((s for s in after.steps if s.what == "leader"), None)
    ahead = [s for s in after.steps if s.what != "leader"][-1].gang
    candidates = leader_candidates(after.side.before, ahead)
    if not candidates:
        return None
    return {
        "step": "leader",
        "title": text("step_leader", lang),
        "candidates": [
            {"name": m.name, "kind": m.kind.value, "kind_name": kind_name(m.kind, lang)}
            for m in ahead.members
        ],
        "chosen": after.steps[-1].gang.members[0].name,
        "default": candidates[0],
        "events": [_event(e, rules, lang) for e in (chosen.events if chosen else ())],
    }


def steps_view(
    fight: CampaignFight, game: Game, after: Aftermath, rules: Ruleset, lang: str
) -> list[dict[str, Any]]:
    """The wizard's steps as JSON: what happened, the sacrifice, healing, advancement,
    promotion, recruitment, new cowboys, the new leader, the roster after (each with its
    events in words)."""
    steps = _fight_steps(fight, game, after, rules, lang)
    if after.steps[0].gang.lost_heroes:
        steps.append(_recruitment_step(after, rules, lang))
    steps += [s for s in (_refill_step(after, rules, lang), _leader_step(after, rules, lang)) if s]
    last = after.steps[-1].gang
    steps.append(
        {
            "step": "roster",
            "title": text("step_roster", lang),
            "gang": last.to_dict(),
            "members": member_rows(last, lang),
        }
    )
    return steps


def choices_json(after: Aftermath) -> dict[str, Any]:
    """The choices an aftermath was computed with (the defaults filled in)."""
    return {
        "sacrifice": after.outcome.sacrifice,
        "hire": None if after.choices.hire is None else after.choices.hire.value,
        "pay": None if after.choices.pay is None else dict(after.choices.pay),
        "hire_name": after.choices.hire_name,
        "abilities": [a.value for a in after.choices.abilities],
        "fill": after.choices.fill,
        "fill_names": list(after.choices.fill_names),
        "leader": after.choices.leader,
    }
