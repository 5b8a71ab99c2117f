"""The rules as the engine plays them, in words: the table's tooltips and the rules page.

Every number comes from the :class:`~totenblatt.wanted.rules.Ruleset` the game uses (weapon
modifiers per band, cover, hand sizes, ability bonuses, hero types …) and every sentence from
the text layer's catalogs (de, en): nothing is retyped here, so a house ruleset's numbers are
the ones explained.

>>> terms = rule_terms(Ruleset.load("extended"), "en")
>>> terms["cover:medium"].split(";")[0]
'Medium cover: +2 to the defence (the heart’s value plus the cover)'
>>> terms["ability:light_footed_2"]
'+2" on every club its own figure moves by (never on a joker).'
>>> rule_terms(Ruleset.load("base"), "de")["kind:cowboy"]
'Standardcowboy: 6 HP (höchstens 6), 5 Handkarten.'
"""

from __future__ import annotations

from html import escape
from typing import Any

from totenblatt.text import words
from totenblatt.text.terms import N_
from totenblatt.text.vocab import ability_name, band_label, cover_name, kind_name, weapon_name
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

__all__ = ["ability_text", "band_text", "cover_text", "kind_text", "rule_terms", "rules_sections"]

_ABILITY_TEXT: dict[Ability, str] = {
    Ability.QUICK_FINGERS_1: N_(
        "+{n} on every diamond its player bids (the best living figure's bonus counts; "
        "never on a joker)."
    ),
    Ability.QUICK_FINGERS_2: N_(
        "+{n} on every diamond its player bids (the best living figure's bonus counts; "
        "never on a joker)."
    ),
    Ability.LIGHT_FOOTED_1: N_('+{n}" on every club its own figure moves by (never on a joker).'),
    Ability.LIGHT_FOOTED_2: N_('+{n}" on every club its own figure moves by (never on a joker).'),
    Ability.COVER_1: N_("+{n} on one heart played for this figure, {uses}× per fight."),
    Ability.COVER_2: N_("+{n} on one heart played for this figure, {uses}× per fight."),
    Ability.COVER_3: N_("+{n} on one heart played for this figure, {uses}× per fight."),
    Ability.TEMPT_FATE: N_("{uses}× per fight: exchange one hand card — draw 2, keep 1."),
    Ability.NINE_LIVES: N_(
        "When it would be taken out, it and its attacker each draw a card; if its card is "
        "higher it stays in the game with 0 HP ({uses})."
    ),
    Ability.PICTURE_BOOK_10: N_("Every 10 counts as a picture card for extra wounds."),
    Ability.QUEEN_OF_HEARTS: N_(
        "With every heart it may add one more hand card whose value also counts for the "
        "defence (both are discarded)."
    ),
    Ability.SHARPSHOOTER: N_("Its range bands become {bands}."),
    Ability.PAY_THE_PIPER: N_("HP maximum +{n} and HP +{n}."),
    Ability.WILD_2: N_("Every 2 may be played as a joker."),
}
"""What each ability does; ``{n}`` its bonus, ``{uses}`` its uses per fight (the ruleset's)."""

_COVER_TEXT = N_("{name}: +{n} to the defence (the heart’s value plus the cover)")
_COVER_WITHOUT_HEART = N_("; it counts even without a heart.")
_COVER_ONLY_WITH_HEART = N_("; it counts only with a heart.")
_COVER_NONE = N_("No cover: the defence is the heart’s value alone.")
_HIDDEN = N_(
    'Hidden in hard cover: only a figure within {reach}" may attack it, and then it has hard '
    "cover (+{hard})."
)
_BAND = N_("Range {band} (base edge to base edge): {mods}.")
_MISS = N_("miss")
_UNLIMITED = N_("no limit")
_KIND_COWBOY = N_("{kind}: {hp} HP (at most {max}), {cards} hand cards.")
_KIND_HERO = N_(
    "{kind}: {hp} HP (at most {max}), {abilities} abilities, {extra} more hand cards a round; "
    "{swap}."
)
_SWAP_NONE = N_("may not swap its hand for the dead man's hand")
_SWAP_SOME = N_("may swap {n} cards of its choice for the dead man's hand")

_SECTIONS: list[tuple[str, list[str], str | None]] = [
    (
        N_("The round"),
        [
            N_(
                "The dealer deals every player {hand} cards and {dead} more face down: the dead "
                "man's hand. {mode}"
            ),
            N_(
                "Swap: starting with the dealer, each player may swap their whole hand, unseen, "
                "for the dead man's hand; once one has swapped, nobody else may."
            ),
            N_(
                "Redraw: {per_round}× a round a player may pay {cost} HP (from one of their "
                "figures) to discard a hand card and draw a new one, at any of their decisions."
            ),
            N_(
                "Then, again and again: the initiative is bid (diamonds), and the active player "
                "plays one club (move) or one spade (attack), or nothing. The round ends when "
                "nobody plays a card for a whole turn of the table."
            ),
        ],
        None,
    ),
    (
        N_("Initiative (diamonds)"),
        [
            N_(
                "Starting with the active player, every player may bid one diamond face up; the "
                "highest becomes the active player (a tie: the first played). A joker wins. "
                "Without a bid the next player to the left acts."
            ),
            N_("Cards count as printed; J, Q and K {picture}, an ace {ace}."),
        ],
        None,
    ),
    (
        N_("Moving (clubs)"),
        [
            N_(
                "A club moves figures as many inches as its value, shared among the player's "
                'figures; a joker gives {joker}". Difficult ground costs {factor}×, a window '
                '{window}". Bases are {base}" round and may not overlap.'
            ),
            N_(
                "Hiding: after a move into hard cover (inside a building, or within "
                '{hide_reach}" of hard cover) a figure may hide. A hidden figure may not '
                "attack."
            ),
        ],
        None,
    ),
    (
        N_("Shooting (spades)"),
        [
            N_(
                "Attack value = the spade's value + the weapon's modifier for the range. "
                "Building walls block the line of fire unless a figure is inside that building."
            ),
        ],
        "weapons",
    ),
    (
        N_("Defending (hearts) and cover"),
        [
            N_(
                "The target's player may play one heart: defence value = the heart's value + the "
                'cover of the terrain the line of fire crosses within {cover_reach}" of the target.'
            ),
        ],
        "cover",
    ),
    (
        N_("Wounds"),
        [
            N_(
                "Difference = attack − defence: below {one} a miss, from {one} one wound, from "
                "{two} two wounds. Each tier the spade stands above the heart (no card < number "
                "< picture < ace) adds a wound when it hits."
            ),
            N_(
                "A figure at 0 HP is still in the game; the next wound takes it out. Its killer "
                "gains {reward} HP (at most its maximum)."
            ),
            N_(
                "A joker spade deals {wounds} wounds that only a joker heart blocks; a joker "
                "heart blocks any attack."
            ),
        ],
        None,
    ),
]
"""The rules page's sections: a title and paragraphs filled from the ruleset (``_values``)."""

_MODE_PER_PLAYER = N_("One hand per player (heroes add cards to it).")
_MODE_PER_FIGURE = N_("Every figure has its own hand; its cards are played for it alone.")


def _phrase(lang: str, msgid: str, **values: Any) -> str:
    return words(lang).phrase(msgid, **values)


def _mod(value: int | str, lang: str) -> str:
    if value == "miss":
        return words(lang).gettext(_MISS)
    number = int(value)
    return f"+{number}" if number > 0 else str(number)


def _bands(rules: Ruleset, sharpshooter: bool = False) -> tuple[float, ...]:
    return tuple(rules.attack.sharpshooter_bands if sharpshooter else rules.attack.bands)


def ability_text(ability: Ability, rules: Ruleset, lang: str) -> str:
    """What ``ability`` does, with the ruleset's numbers."""
    abilities = rules.abilities
    uses = abilities.uses_per_fight(ability.value)
    bands = _bands(rules, sharpshooter=True)
    return _phrase(
        lang,
        _ABILITY_TEXT[ability],
        n=abilities.bonus(ability.value) or abilities.pay_the_piper,
        uses=uses if uses is not None else words(lang).gettext(_UNLIMITED),
        bands=", ".join(band_label(bands, i) for i in range(len(bands))),
    )


def cover_text(level: CoverLevel, rules: Ruleset, lang: str) -> str:
    """What a cover level adds to the defence."""
    if level is CoverLevel.NONE:
        return words(lang).gettext(_COVER_NONE)
    if level is CoverLevel.HIDDEN:
        return _phrase(
            lang,
            _HIDDEN,
            reach=f"{rules.hidden.attack_reach:g}",
            hard=rules.cover_modifier(CoverLevel.HARD),
        )
    name = cover_name(level, lang)
    head = _phrase(
        lang, _COVER_TEXT, name=name[:1].upper() + name[1:], n=rules.cover_modifier(level)
    )
    tail = _COVER_WITHOUT_HEART if rules.cover.cover_without_heart else _COVER_ONLY_WITH_HEART
    return head + words(lang).gettext(tail)


def band_text(index: int, rules: Ruleset, lang: str) -> str:
    """A range band and every weapon's modifier in it."""
    bands = _bands(rules)
    mods = " · ".join(
        f"{weapon_name(rules, key, lang)} {_mod(w.modifiers[index], lang)}"
        for key, w in rules.weapons.items()
    )
    return _phrase(lang, _BAND, band=band_label(bands, index), mods=mods)


def kind_text(kind: HeroType, rules: Ruleset, lang: str) -> str:
    """What a kind of character is: HP, abilities, cards, swapping."""
    name = kind_name(kind, lang)
    name = name[:1].upper() + name[1:]
    if kind is HeroType.COWBOY:
        hp = rules.hp
        return _phrase(
            lang, _KIND_COWBOY, kind=name, hp=hp.start, max=hp.maximum, cards=rules.round.hand_size
        )
    hero = rules.heroes.veteran if kind is HeroType.VETERAN else rules.heroes.gunslinger
    swap = (
        words(lang).gettext(_SWAP_NONE)
        if hero.swap_cards == 0
        else _phrase(lang, _SWAP_SOME, n=hero.swap_cards)
    )
    return _phrase(
        lang,
        _KIND_HERO,
        kind=name,
        hp=hero.hp,
        max=hero.hp_max,
        abilities=hero.abilities,
        extra=hero.extra_cards,
        swap=swap,
    )


def rule_terms(rules: Ruleset, lang: str) -> dict[str, str]:
    """Every term the table explains on hover or tap: ``ability:VALUE``, ``cover:LEVEL``,
    ``band:INDEX``, ``kind:KIND`` and ``hidden``, in ``lang``."""
    out: dict[str, str] = {}
    for ability in Ability:
        out[f"ability:{ability.value}"] = ability_text(ability, rules, lang)
    for level in CoverLevel:
        out[f"cover:{level.value}"] = cover_text(level, rules, lang)
    for index in range(len(rules.attack.bands)):
        out[f"band:{index}"] = band_text(index, rules, lang)
    for kind in HeroType:
        out[f"kind:{kind.value}"] = kind_text(kind, rules, lang)
    out["hidden"] = cover_text(CoverLevel.HIDDEN, rules, lang)
    return out


def _values(rules: Ruleset, lang: str) -> dict[str, Any]:
    mode = _MODE_PER_FIGURE if rules.round.hand_mode == "per_character" else _MODE_PER_PLAYER
    return {
        "hand": rules.round.hand_size,
        "dead": rules.round.dead_hand_size,
        "mode": words(lang).gettext(mode),
        "per_round": rules.round.redraws_per_round,
        "cost": rules.round.redraw_cost,
        "picture": rules.cards.picture_value,
        "ace": rules.cards.ace_value,
        "joker": rules.jokers.club_inches,
        "factor": rules.movement.difficult_factor,
        "window": f"{rules.movement.window_cost:g}",
        "base": f"{rules.movement.base_diameter:g}",
        "hide_reach": f"{rules.hidden.hard_cover_reach:g}",
        "cover_reach": f"{rules.cover.reach:g}",
        "one": rules.damage.one_wound_from,
        "two": rules.damage.two_wounds_from,
        "reward": rules.hp.killer_reward,
        "wounds": rules.jokers.spade_wounds,
    }


def _table(head: list[str], rows: list[list[str]], cls: str) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


_WEAPON = N_("Weapon")
_RANGE = N_("Range")
_COVER = N_("Cover")
_EFFECT = N_("Effect")
_CARD = N_("Card")
_ABILITY = N_("Ability")
_KIND = N_("Kind")
_ABILITIES_TITLE = N_("Abilities (extended rules)")
_KINDS_TITLE = N_("Kinds of character")


def rules_sections(rules: Ruleset, lang: str) -> list[tuple[str, str]]:
    """The rules page's sections as (title, HTML) in ``lang``, every number from ``rules``."""
    tr = words(lang).gettext
    values = _values(rules, lang)
    out: list[tuple[str, str]] = []
    for title, paragraphs, extra in _SECTIONS:
        html = "".join(f"<p>{escape(words(lang).phrase(p, **values))}</p>" for p in paragraphs)
        if extra == "weapons":
            bands = _bands(rules)
            head = [tr(_WEAPON)] + [band_label(bands, i) for i in range(len(bands))]
            rows = [
                [weapon_name(rules, key, lang)] + [_mod(m, lang) for m in w.modifiers]
                for key, w in rules.weapons.items()
            ]
            html += _table(head, rows, "rules-table weapons")
        if extra == "cover":
            rows = [
                [cover_name(level, lang), cover_text(level, rules, lang)]
                for level in CoverLevel
                if level is not CoverLevel.HIDDEN
            ]
            rows.append([tr(N_("hidden")), cover_text(CoverLevel.HIDDEN, rules, lang)])
            html += _table([tr(_COVER), tr(_EFFECT)], rows, "rules-table cover")
        out.append((tr(title), html))
    kinds = [HeroType.COWBOY]
    if rules.heroes.enabled:
        kinds += [HeroType.GUNSLINGER, HeroType.VETERAN]
    html = "".join(f"<p>{escape(kind_text(k, rules, lang))}</p>" for k in kinds)
    out.append((tr(_KINDS_TITLE), html))
    if rules.abilities.enabled:
        rows = [
            [card, ability_name(ability, lang), ability_text(ability, rules, lang)]
            for card, ability in rules.abilities.table.items()
        ]
        html = _table([tr(_CARD), tr(_ABILITY), tr(_EFFECT)], rows, "rules-table abilities")
        out.append((tr(_ABILITIES_TITLE), html))
    return out
