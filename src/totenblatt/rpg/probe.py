"""A skill test (Probe): who draws how many cards, who wins ties, jokers, the wound band.

The player draws against the game master (or an opponent): both draw one card
from their own pile, the side with the higher level draws the difference more
(C3; a level-0 side, D-39, still draws its one card). Higher sum wins; equal
sums go to the higher level, and at equal levels to the player — except player
against player, where nothing happens. Jokers (C6, D-33) each draw one more
card for the player, after the base cards, only while the test is not a
success.

>>> r = resolve_probe(2, 3, player_cards=[8], opponent_cards=[5, 7])
>>> r.outcome, r.margin, r.wound
(<Outcome.FAILURE: 'failure'>, 4, <WoundBand.LIGHT: 'light'>)
>>> resolve_probe(2, 3, jokers=1, player_cards=[8, 9], opponent_cards=[5, 7]).outcome
<Outcome.SUCCESS: 'success'>
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totenblatt.codec import Codec
from totenblatt.messages import Message, MessageError, message_of
from totenblatt.rpg.rules import Outcome, RpgRuleset, WoundBand

__all__ = [
    "ProbeError",
    "ProbeResult",
    "card_counts",
    "check_level",
    "plan_draw",
    "resolve_probe",
    "tie_outcome",
]


class ProbeError(MessageError):
    """A test that cannot be resolved: bad level, bad joker count, bad or missing cards."""


_LEVELS = {"skill": Message("the skill"), "difficulty": Message("the difficulty")}


def check_level(value: object, what: str) -> int:
    """``value`` as a level (an int >= 0; above 6 is allowed, D-30), else :class:`ProbeError`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProbeError(
            Message(
                "{what} must be a whole number >= 0 (0 = unaware, D-39), got {value}",
                what=_LEVELS.get(what, Message("the level")),
                value=repr(value),
            )
        )
    return value


def card_counts(skill: int, difficulty: int) -> tuple[int, int]:
    """Cards drawn by player and opponent (C3, D-39): one each, the higher level its lead more.

    >>> card_counts(2, 3), card_counts(2, 4), card_counts(2, 1), card_counts(3, 0)
    ((1, 2), (1, 3), (2, 1), (4, 1))
    """
    check_level(skill, "skill")
    check_level(difficulty, "difficulty")
    return 1 + max(0, skill - difficulty), 1 + max(0, difficulty - skill)


def plan_draw(skill: int, difficulty: int, jokers: int, rules: RpgRuleset) -> tuple[int, int]:
    """:func:`card_counts` after checking levels, jokers and that each draw fits in a pile."""
    player, opponent = card_counts(skill, difficulty)
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise ProbeError(
            Message("jokers must be a whole number >= 0, got {value}", value=repr(jokers))
        )
    for side, count in (("player", player), ("opponent", opponent)):
        if count > rules.pile_size:
            raise ProbeError(
                Message(
                    "skill {skill} against difficulty {difficulty}: the {side} would draw "
                    "{count} cards but a pile holds {size}",
                    skill=skill,
                    difficulty=difficulty,
                    side=Message("player") if side == "player" else Message("opponent"),
                    count=count,
                    size=rules.pile_size,
                )
            )
    return player, opponent


def tie_outcome(skill: int, difficulty: int, *, pvp: bool = False) -> Outcome:
    """Who wins equal sums (C3): the higher level; equal levels: the player, or nothing in PvP.

    >>> tie_outcome(3, 3), tie_outcome(3, 3, pvp=True), tie_outcome(2, 3)
    (<Outcome.SUCCESS: 'success'>, <Outcome.NOTHING: 'nothing'>, <Outcome.FAILURE: 'failure'>)
    """
    if skill > difficulty:
        return Outcome.SUCCESS
    if skill < difficulty:
        return Outcome.FAILURE
    return Outcome.NOTHING if pvp else Outcome.SUCCESS


@dataclass(frozen=True, slots=True)
class ProbeResult:
    """A resolved test: the cards in draw order, totals, outcome, margin and the loser's wound.

    ``player_cards`` holds the base cards and then the joker cards; ``margin`` is the
    absolute difference of the totals; ``wound`` is the D-31 band for the side that
    lost (``None`` when nothing happened).
    """

    skill: int
    difficulty: int
    pvp: bool
    player_cards: tuple[int, ...]
    opponent_cards: tuple[int, ...]
    player_total: int
    opponent_total: int
    outcome: Outcome
    margin: int
    wound: WoundBand | None
    jokers_spent: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict of every field."""
        return _CODEC.to_dict(self)


_CODEC = Codec(key=None, family="probe result")


def _given(
    cards: Sequence[int | str] | None, side: str, rules: RpgRuleset
) -> tuple[int, ...] | None:
    """Given card values checked against the pile (values, and no card more often than held)."""
    if cards is None:
        return None
    if isinstance(cards, str | bytes):
        raise ProbeError(
            Message(
                "{side} must be a sequence of card values, got {value}",
                side=side,
                value=repr(cards)[:40],
            )
        )
    try:
        values = tuple(rules.card_value(c) for c in cards)
    except ValueError as exc:
        raise ProbeError(
            Message("{side}: {problem}", side=side, problem=message_of(exc) or str(exc))
        ) from None
    held = Counter(rules.pile_values)
    for value, count in Counter(values).items():
        if count > held[value]:
            raise ProbeError(
                Message(
                    "{side} {values} has {count} cards of value {value} but the pile holds "
                    "{held} (each side draws from its own {size}-card pile)",
                    side=side,
                    values=repr(list(values)),
                    count=count,
                    value=value,
                    held=held[value],
                    size=rules.pile_size,
                )
            )
    return values


def _decided(player: int, opponent: int, tie: Outcome) -> Outcome:
    if player > opponent:
        return Outcome.SUCCESS
    if player < opponent:
        return Outcome.FAILURE
    return tie


def resolve_probe(
    skill: int,
    difficulty: int,
    *,
    pvp: bool = False,
    jokers: int = 0,
    player_cards: Sequence[int | str] | None = None,
    opponent_cards: Sequence[int | str] | None = None,
    seed: int | random.Random | None = None,
    ruleset: str | Path | RpgRuleset = "rpg",
) -> ProbeResult:
    """Resolve one test of ``skill`` against ``difficulty`` (or an opponent's skill).

    Cards not given are drawn from a fresh shuffled pile per side with
    ``random.Random(seed)``. Given ``player_cards`` hold the base cards, then one
    card per joker actually spent; ``opponent_cards`` exactly the opponent's draw.
    Raises :class:`ProbeError` for bad levels or cards.

    >>> r = resolve_probe(3, 3, player_cards=[13], opponent_cards=[13])
    >>> r.outcome, r.wound
    (<Outcome.SUCCESS: 'success'>, <WoundBand.LIGHT: 'light'>)
    >>> resolve_probe(3, 3, pvp=True, player_cards=[13], opponent_cards=[13]).outcome
    <Outcome.NOTHING: 'nothing'>
    """
    rules = RpgRuleset.load(ruleset)
    n_player, n_opponent = plan_draw(skill, difficulty, jokers, rules)
    size = rules.pile_size
    given_player = _given(player_cards, "player_cards", rules)
    given_opponent = _given(opponent_cards, "opponent_cards", rules)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    tie = tie_outcome(skill, difficulty, pvp=pvp)

    opponent = _opponent_draw(given_opponent, n_opponent, rng, rules, skill, difficulty)
    if given_player is None:
        order = tuple(rng.sample(rules.pile_values, size))
    elif len(given_player) < n_player:
        raise ProbeError(
            f"player_cards {list(given_player)!r}: level {skill} against {difficulty} draws "
            f"{n_player} card(s) before any joker, got only {len(given_player)}"
        )
    else:
        order = given_player
    total, drawn, spent = _with_jokers(order, n_player, sum(opponent), tie, jokers, size)
    if given_player is not None and len(given_player) > drawn:
        raise ProbeError(
            f"player_cards {list(given_player)!r}: only {drawn} card(s) are drawn "
            f"({n_player} base + {spent} joker(s), D-33: jokers only while not yet succeeding), "
            f"got {len(given_player)}"
        )
    target = sum(opponent)
    outcome = _decided(total, target, tie)
    margin = abs(total - target)
    return ProbeResult(
        skill=skill,
        difficulty=difficulty,
        pvp=pvp,
        player_cards=tuple(order[:drawn]),
        opponent_cards=opponent,
        player_total=total,
        opponent_total=target,
        outcome=outcome,
        margin=margin,
        wound=None if outcome is Outcome.NOTHING else rules.wound_band(margin),
        jokers_spent=spent,
    )


def _opponent_draw(
    given: tuple[int, ...] | None,
    count: int,
    rng: random.Random,
    rules: RpgRuleset,
    skill: int,
    difficulty: int,
) -> tuple[int, ...]:
    """The opponent's cards: ``given`` (exactly ``count`` of them) or drawn."""
    if given is None:
        return tuple(rng.sample(rules.pile_values, count))
    if len(given) != count:
        raise ProbeError(
            Message(
                "opponent_cards {values}: level {difficulty} against {skill} "
                "draws exactly {n} card(s), got {given}",
                values=repr(list(given)),
                difficulty=difficulty,
                skill=skill,
                n=count,
                given=len(given),
            )
        )
    return given


def _with_jokers(
    order: tuple[int, ...], drawn: int, target: int, tie: Outcome, jokers: int, size: int
) -> tuple[int, int, int]:
    """D-33: the player's total, cards drawn and jokers spent, a joker drawing one more card
    only while the test is not a success."""
    total = sum(order[:drawn])
    spent = 0
    while spent < jokers and drawn < size and _decided(total, target, tie) is not Outcome.SUCCESS:
        if drawn >= len(order):
            raise ProbeError(
                f"player_cards {list(order)!r}: behind {total} to {target} with "
                f"{jokers - spent} joker(s) left, so a joker draws card {drawn + 1}; give it, "
                "or pass fewer jokers"
            )
        total += order[drawn]
        drawn += 1
        spent += 1
    return total, drawn, spent
