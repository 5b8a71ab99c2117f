"""The companion page's HTML and words: a frame that ``static/js/companion.js`` fills.

The page's data (weapons, cover levels, abilities of each built-in ruleset, in the
reader's language) and its strings are JSON script elements (never executed; ``<``
escaped), so the strict Content-Security-Policy holds: no inline script, no inline
style, nothing from elsewhere.

>>> strings("de")["tab_spade"]
'Welches Pik?'
>>> 'href="/companion?lang=de"' in companion_link("de")
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from totenblatt.text.terms import N_
from totenblatt.text.vocab import ability_effect, ability_name, cover_name, weapon_name
from totenblatt.wanted.combat import ATTACKER_ABILITIES, DEFENDER_ABILITIES
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.vocab import Ability, CoverLevel
from totenblatt.web.shell.page import add_link, document
from totenblatt.web.shell.words import translator

__all__ = ["companion_link", "companion_page", "strings"]

_STRINGS: dict[str, str] = {
    "title": N_("Totenblatt — companion at the table"),
    "lead": N_(
        "For a game with real miniatures: enter a shot and get the rules' arithmetic, the "
        "target's fate and the exact odds."
    ),
    "link": N_("Companion"),
    "lobby": N_("Lobby"),
    "rules": N_("Rules tables"),
    "ruleset": N_("Ruleset"),
    "ruleset_base": N_("base"),
    "ruleset_extended": N_("extended"),
    "tab_shot": N_("Shot"),
    "tab_spade": N_("Which spade?"),
    "tab_draw": N_("Ability draws"),
    "setup": N_("The situation"),
    "weapon": N_("Weapon"),
    "distance": N_("Distance in inches"),
    "cover": N_("Cover of the target"),
    "hand": N_("Cards in the defender's hand"),
    "attacker": N_("Attacker"),
    "defender": N_("Defender"),
    "target": N_("Target"),
    "abilities": N_("Abilities"),
    "wild_attack": N_("plays its 2 as a joker"),
    "wild_defense": N_("plays its 2 as a joker"),
    "target_hp": N_("Target's HP"),
    "attacker_hp": N_("Attacker's HP"),
    "attacker_max": N_("Attacker's maximum"),
    "not_given": N_("not given"),
    "attack_card": N_("Attack card"),
    "defense_card": N_("The defender's heart"),
    "extra_card": N_("Queen of Hearts: the extra card"),
    "no_card": N_("no card"),
    "seen": N_("Cards seen (not in the defender's hand)"),
    "odds_title": N_("Odds before the defender answers"),
    "hit": N_("Hit"),
    "expected": N_("Expected wounds"),
    "out": N_("Out of the game"),
    "wounds": N_("wounds"),
    "exact": N_("Exact fractions"),
    "resolve": N_("Resolve the shot"),
    "result": N_("Result"),
    "nine_lives": N_("Nine Lives draw"),
    "nine_target": N_("Target"),
    "nine_attacker": N_("Attacker"),
    "seed": N_("Seed"),
    "seed_hint": N_("empty: a random one"),
    "seed_used": N_("seed {seed}"),
    "your_hand": N_("Your hand: tap the cards you hold"),
    "rank_hand": N_("Rank my spades"),
    "best": N_("Play {card}"),
    "as_joker": N_("{card} as a joker"),
    "draw_count": N_("How many abilities"),
    "draw": N_("Draw"),
    "drawn_from": N_("Each from a full deck of {deck} cards ({seed})."),
    "pick_suit": N_("Suit"),
    "working": N_("Asking the rules…"),
    "clear": N_("Clear"),
}
"""A key the page's script uses -> its message id (``N_``: extracted into the catalogs)."""


strings = translator(_STRINGS)
"""Every string of the page in a language (templates with ``{placeholders}``)."""


def _ruleset_data(rules: Ruleset, lang: str) -> dict[str, Any]:
    """What the page offers for one ruleset: its weapons, cover levels and abilities."""

    def ability(a: Ability) -> dict[str, str]:
        return {
            "key": a.value,
            "name": ability_name(a, lang),
            "effect": ability_effect(a, rules, lang),
        }

    order = list(Ability)
    return {
        "name": rules.name,
        "weapons": [{"key": k, "name": weapon_name(rules, k, lang)} for k in rules.weapons],
        "covers": [{"key": c.value, "name": cover_name(c, lang)} for c in CoverLevel],
        "attacker": [ability(a) for a in order if a in ATTACKER_ABILITIES],
        "defender": [ability(a) for a in order if a in DEFENDER_ABILITIES],
        "target": [ability(Ability.NINE_LIVES)],
        "max_distance": rules.attack.bands[-1] + 4,
        "hp_max": rules.hp.maximum,
    }


def companion_link(lang: str) -> str:
    """The lobby's link to the companion page, in ``lang``."""
    label = escape(strings(lang)["link"])
    return f'<a href="/companion?lang={escape(lang)}" id="companion-link">{label}</a>'


def companion_page(lang: str) -> str:
    """``/companion``: the frame, the rulesets' data and the strings, in ``lang``."""
    say = strings(lang)
    other = "en" if lang == "de" else "de"
    names = {"en": "English", "de": "Deutsch"}
    boot = {
        "lang": lang,
        "rulesets": {n: _ruleset_data(Ruleset.load(n), lang) for n in builtin_rulesets()},
        "ruleset": "base",
    }
    tab = (
        '<button type="button" class="tab" role="tab" id="tab-{key}" data-tab="{key}" '
        'aria-controls="panel-{key}">{label}</button>'
    )
    tabs = "".join(
        tab.format(key=key, label=escape(say[f"tab_{key}"])) for key in ("shot", "spade", "draw")
    )
    body = (
        f'<header id="bar"><h1>{escape(say["title"])}</h1><nav>'
        f'<a href="/?lang={lang}">{escape(say["lobby"])}</a>'
        f'<a href="/rules?lang={lang}&amp;ruleset=extended" id="rules-link">'
        f"{escape(say['rules'])}</a>"
        f'<a href="/companion?lang={other}" hreflang="{other}" lang="{other}">{names[other]}</a>'
        "</nav></header>"
        f'<main id="companion"><p class="lead">{escape(say["lead"])}</p>'
        '<section id="setup" class="panel"></section>'
        f'<nav class="tabs" role="tablist">{tabs}</nav>'
        '<section id="panel-shot" class="panel" role="tabpanel"></section>'
        '<section id="panel-spade" class="panel" role="tabpanel" hidden></section>'
        '<section id="panel-draw" class="panel" role="tabpanel" hidden></section>'
        '<p id="error" role="alert" hidden></p></main>'
    )
    return document(
        title=say["title"],
        lang=lang,
        body=body,
        styles=("/static/companion.css",),
        script="/static/js/companion.js",
        data={"boot": boot, "strings": say},
        body_class="companion-page",
    )


add_link("companion", 10, companion_link)  # the lobby links here through the shell
