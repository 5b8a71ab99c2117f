"""One attack explained the way the rules walk through it: values, band, cover, wounds, tiers.

Every number comes from the resolver's :class:`~totenblatt.wanted.combat.AttackResult`
(which carries its inputs and the cover that counted, D-12) or from the ruleset (card
values, range bands, damage thresholds), never from a rule re-coded here, so a house
ruleset is explained with its own numbers.

>>> from totenblatt.wanted.combat import resolve_attack
>>> rules = Ruleset.load("base")
>>> result = resolve_attack("Q♠", weapon="winchester", distance=7, defense="4♥", cover="medium")
>>> explain_attack(result, rules, "en")[-2]
'Difference 11 − 6 = 5 (5 or more: 2 wounds).'
>>> verdict(result, "de")
'TREFFER — 3 Wunden'

What the wounds then do (A11, Nine Lives) is :func:`explain_aftermath`:

>>> from totenblatt.wanted.combat import take_wounds
>>> after = take_wounds(result, target_hp=2, killer_hp=5)
>>> explain_aftermath(after, "en")[0]
'Target: 2 HP, 3 wounds — down to 0 HP, and a wound at 0 HP takes it out of the game (A11).'
>>> fate_verdict(after, "de")
'AUS DEM SPIEL — der Angreifer erhält 1 HP'
"""

from __future__ import annotations

from totenblatt.text.catalog import Words, words
from totenblatt.text.vocab import band_label, card_text, cover_name, tier_name, weapon_name
from totenblatt.wanted.combat import Aftermath, AttackResult
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "booklet_note",
    "damage_band",
    "explain_aftermath",
    "explain_attack",
    "fate_verdict",
    "verdict",
]


def damage_band(base_wounds: int, rules: Ruleset, lang: str) -> str:
    """The damage table's row (A10) for ``base_wounds``, with the ruleset's thresholds.

    >>> house = Ruleset.load("base").with_options(two_wounds_from=4, one_wound_from=2)
    >>> damage_band(2, house, "en"), damage_band(1, house, "en"), damage_band(0, house, "en")
    ('4 or more: 2 wounds', '2–3: 1 wound', 'less than 2: miss')
    """
    w = words(lang)
    one, two = rules.damage.one_wound_from, rules.damage.two_wounds_from
    if base_wounds == 0:
        return w.phrase("less than {low}: miss", low=one)
    if base_wounds == 1:
        span = str(one) if two - 1 <= one else f"{one}–{two - 1}"
        return w.phrase_n("{span}: {n} wound", "{span}: {n} wounds", 1, span=span)
    return w.phrase_n("{low} or more: {n} wound", "{low} or more: {n} wounds", base_wounds, low=two)


def _wounds(w: Words, n: int) -> str:
    return w.phrase_n("{n} wound", "{n} wounds", n)


def _range_text(result: AttackResult, rules: Ruleset, w: Words) -> str:
    """``Winchester at 7" (>6–12")``, with the band of the ruleset (Sharpshooter's bands)."""
    bands = rules.attack.sharpshooter_bands if result.sharpshooter else rules.attack.bands
    if result.band is None:
        band = w.phrase('beyond {last}"', last=bands[-1])
    else:
        band = band_label(bands, result.band)
    if result.sharpshooter:
        band = w.phrase("{band}, sharpshooter bands", band=band)
    return w.phrase(
        "{weapon} at {distance} ({band})",
        weapon=weapon_name(rules, result.weapon, w.lang),
        distance=w.number(result.distance, 2, exact=False) + '"',
        band=band,
    )


def _attack_line(result: AttackResult, rules: Ruleset, w: Words) -> str:
    where = _range_text(result, rules, w)
    if result.range_modifier is None:
        return w.phrase(
            "{range}: out of range — the attack misses automatically, the spade is spent.",
            range=where,
        )
    card = card_text(result.attack, w.lang)
    if result.attack_is_joker:
        return w.phrase(
            "Attack: {card} played as a joker — {range} is in range.", card=card, range=where
        )
    return w.phrase(
        "Attack: {card} = {value}, {range} {modifier} → attack value {total}.",
        card=card,
        value=rules.card_value(result.attack),
        range=where,
        modifier=format(result.range_modifier, "+d"),
        total=result.attack_value,
    )


def _defence_line(result: AttackResult, rules: Ruleset, w: Words) -> str:
    level = result.effective_cover
    if level is CoverLevel.HIDDEN:
        reach = format(rules.hidden.attack_reach, "g")
        return w.phrase(
            'The target is hidden and more than {reach}" away: it may not be targeted, '
            "the spade stays in hand (D-12).",
            reach=reach,
        )
    cover = cover_name(level, w.lang)
    if result.defense is None:
        return w.phrase(
            "Defence: no heart; {cover} {modifier} → defence value {total}.",
            cover=cover,
            modifier=format(result.cover_modifier, "+d"),
            total=result.defense_value,
        )
    card = card_text(result.defense, w.lang)
    if result.defense_is_joker:
        return w.phrase("Defence: {card} played as a joker — it blocks any attack.", card=card)
    extra = ""
    if result.ability_bonus:
        added = f" ({result.extra_defense})" if result.extra_defense is not None else ""
        extra = w.phrase(
            ", abilities{card} {bonus}", card=added, bonus=format(result.ability_bonus, "+d")
        )
    return w.phrase(
        "Defence: {card} = {value}, {cover} {modifier}{extra} → defence value {total}.",
        card=card,
        value=rules.card_value(result.defense),
        cover=cover,
        modifier=format(result.cover_modifier, "+d"),
        extra=extra,
        total=result.defense_value,
    )


def _outcome_lines(result: AttackResult, rules: Ruleset, w: Words) -> list[str]:
    """Joker outcomes, or the difference with its row of the damage table, and extra tiers."""
    if result.reason == "blocked_by_joker":
        return [w.phrase("Blocked by the joker: no wounds.")]
    if result.reason == "joker":
        return [
            w.phrase(
                "A joker spade cannot be blocked by a normal heart: {wounds}, no extra damage.",
                wounds=_wounds(w, result.wounds),
            )
        ]
    lines = [
        w.phrase(
            "Difference {attack} − {defence} = {difference} ({band}).",
            attack=result.attack_value,
            defence=result.defense_value,
            difference=result.difference,
            band=damage_band(result.base_wounds, rules, w.lang),
        )
    ]
    extra = _extra_line(result, w)
    return lines if extra is None else [*lines, extra]


def _extra_line(result: AttackResult, w: Words) -> str | None:
    """Extra damage for the better card (A10), or why a miss has none (D-18)."""
    if result.attack_tier is None or result.defense_tier is None:
        return None
    a = tier_name(result.attack_tier, w.lang)
    d = tier_name(result.defense_tier, w.lang)
    steps = max(0, result.attack_tier - result.defense_tier)
    if result.extra_wounds:
        return w.phrase_n(
            "Extra damage: {attack} against {defence} — {n} tier higher: +{wounds}.",
            "Extra damage: {attack} against {defence} — {n} tiers higher: +{wounds}.",
            steps,
            attack=a,
            defence=d,
            wounds=_wounds(w, result.extra_wounds),
        )
    if steps and result.base_wounds == 0:
        return w.phrase(
            "No extra damage on a miss ({attack} against {defence}, D-18).", attack=a, defence=d
        )
    return None


def explain_attack(result: AttackResult, ruleset: Ruleset, lang: str) -> list[str]:
    """Lines that walk through the attack the way the rules do (values, band, tiers, wounds)."""
    w = words(lang)
    lines = [_attack_line(result, ruleset, w)]
    if result.range_modifier is None:
        return lines
    lines.append(_defence_line(result, ruleset, w))
    if result.effective_cover is CoverLevel.HIDDEN:
        return lines
    return lines + _outcome_lines(result, ruleset, w)


def booklet_note(result: AttackResult, lang: str) -> str | None:
    """D-19: where the inputs are the booklet's worked example and the rules' total differs
    from the one it prints (it leaves out the extra wound, A10), why; else None.

    >>> from totenblatt.wanted.combat import resolve_attack
    >>> billy = resolve_attack("Q♠", weapon="winchester", distance=7, defense="4♥", cover="medium")
    >>> print(booklet_note(billy, "en"))
    Erratum D-19: the booklet's worked example says “2 wounds in total”, but the rules give 3 wounds: 2 for the difference of 5, plus 1 extra wound for the picture card against the number card (A10).
    """  # noqa: E501
    booklet = result.booklet_wounds
    if booklet in (None, result.wounds) or not result.extra_wounds or result.difference is None:
        return None
    return words(lang).phrase_n(
        "Erratum D-19: the booklet's worked example says “{booklet} wounds in total”, but the "
        "rules give {n} wound: {base} for the difference of {difference}, plus {extra} extra "
        "wound for the picture card against the number card (A10).",
        "Erratum D-19: the booklet's worked example says “{booklet} wounds in total”, but the "
        "rules give {n} wounds: {base} for the difference of {difference}, plus {extra} extra "
        "wound for the picture card against the number card (A10).",
        result.wounds,
        booklet=booklet,
        base=result.base_wounds,
        difference=result.difference,
        extra=result.extra_wounds,
    )


def verdict(result: AttackResult, lang: str) -> str:
    """The one-line outcome: ``HIT — 3 wounds``, ``MISS — out of range`` …"""
    w = words(lang)
    if result.wounds:
        return w.phrase("HIT — {wounds}", wounds=_wounds(w, result.wounds))
    if result.reason == "out_of_range":
        return w.phrase("MISS — out of range")
    if result.reason == "hidden":
        return w.phrase("NOT A TARGET — hidden: the spade stays in hand")
    if result.reason == "blocked_by_joker":
        return w.phrase("BLOCKED by a joker")
    return w.phrase("MISS")


# -- after the hit (A11, B1 9) -----------------------------------------------------------


def _target_line(after: Aftermath, w: Words) -> str:
    if not after.killed:
        return w.phrase_n(
            "Target: {before} HP, {n} wound → {hp} HP.",
            "Target: {before} HP, {n} wounds → {hp} HP.",
            after.wounds,
            before=after.hp_before,
            hp=after.hp,
        )
    if after.hp_before == 0:
        return w.phrase_n(
            "Target: 0 HP, {n} wound — a wound at 0 HP takes it out of the game (A11).",
            "Target: 0 HP, {n} wounds — a wound at 0 HP takes it out of the game (A11).",
            after.wounds,
        )
    return w.phrase_n(
        "Target: {before} HP, {n} wound — down to 0 HP, and a wound at 0 HP takes it out of "
        "the game (A11).",
        "Target: {before} HP, {n} wounds — down to 0 HP, and a wound at 0 HP takes it out of "
        "the game (A11).",
        after.wounds,
        before=after.hp_before,
    )


def _nine_lives_line(after: Aftermath, w: Words) -> str | None:
    draw = after.nine_lives
    if draw is None:
        return None
    own, killer = card_text(draw.own, w.lang), card_text(draw.killer, w.lang)
    if draw.survived:
        return w.phrase(
            "Nine Lives: the target draws {own}, the attacker {killer} — higher: it stays in "
            "the game with 0 HP, the other wounds are spent.",
            own=own,
            killer=killer,
        )
    return w.phrase(
        "Nine Lives: the target draws {own}, the attacker {killer} — not higher: it is out "
        "after all (D-24).",
        own=own,
        killer=killer,
    )


def _killer_line(after: Aftermath, w: Words) -> str | None:
    if not after.out:
        return None
    if after.killer_hp_before is None:
        return w.phrase("The attacker gains {gain} HP (A11).", gain=after.killer_gain)
    if after.killer_gain == 0:
        return w.phrase(
            "The attacker is at its maximum of {most} HP: it gains nothing (D-4).",
            most=after.killer_max,
        )
    return w.phrase(
        "The attacker gains {gain} HP: {before} → {hp} HP (A11).",
        gain=after.killer_gain,
        before=after.killer_hp_before,
        hp=after.killer_hp,
    )


def explain_aftermath(after: Aftermath, lang: str) -> list[str]:
    """What the wounds did: the target's HP, Nine Lives' draw, the killer's reward."""
    w = words(lang)
    lines = [_target_line(after, w)]
    for line in (_nine_lives_line(after, w), _killer_line(after, w)):
        if line is not None:
            lines.append(line)
    return lines


def fate_verdict(after: Aftermath, lang: str) -> str:
    """The target's fate in one line: ``OUT OF THE GAME …``, ``STILL IN — 1 HP`` …"""
    w = words(lang)
    if after.out:
        if after.killer_gain:
            return w.phrase(
                "OUT OF THE GAME — the attacker gains {gain} HP", gain=after.killer_gain
            )
        return w.phrase("OUT OF THE GAME")
    if after.nine_lives is not None:
        return w.phrase("STAYS IN — 0 HP (Nine Lives)")
    return w.phrase("STILL IN — {hp} HP", hp=after.hp)
