"""The sentences of the balance lab (CLI summaries and Markdown reports), from the catalogs.

Each sentence is a message id of the gettext catalogs of :mod:`totenblatt.text` (the
English text, marked with ``N_`` so Babel extracts it); ``say`` translates it into the
reader's language and fills in the values (format specs such as ``{rate:.0%}`` kept).
The reports are Markdown written per language through these messages.

>>> say("draws", "en", n=3), say("draws", "de", n=3)
('draws: 3', 'Unentschieden: 3')
>>> say("rounds", "de", mean=2.5, longest=7), numeral(0.25, ".0%", "de")
('Runden: im Mittel 2,5, längstes Spiel 7', '25 %')
"""

from __future__ import annotations

from typing import Any

from totenblatt.text.catalog import N_, translator, words

__all__ = ["TEXT", "end_reason", "numeral", "say", "share"]

TEXT: dict[str, str] = {
    # -- totenblatt sim ---------------------------------------------------------------
    "progress": N_("games"),
    "resumed": N_("{done} games already in {path}; playing the other {todo}"),
    "nothing_to_do": N_("all {total} games are already in {path}"),
    "interrupted": N_(
        "interrupted: {done} of {total} games saved in {path}; continue with --resume"
    ),
    "saved": N_("{done} games in {path} ({seconds:.1f} s, {rate:.1f} games/s)"),
    "col_seat": N_("seat"),
    "col_bot": N_("bot"),
    "col_wins": N_("wins"),
    "col_rate": N_("win rate"),
    "col_interval": N_("95 % Wilson interval"),
    "draws": N_("draws: {n}"),
    "end_reasons": N_("end reasons: {reasons}"),
    "end_last_side_standing": N_("a side left standing"),
    "end_round_limit": N_("round limit"),
    "end_unfinished": N_("unfinished"),
    "rounds": N_("rounds: mean {mean:.1f}, longest {longest}"),
    "exists": N_("{path!r} exists: pass --resume to continue it or --overwrite to start again"),
    "other_run": N_("{path!r} holds another run (other {keys}): use another --out or --overwrite"),
    "balance_interrupted": N_("interrupted after {done} of {total} games: no report written"),
    "balance_done": N_("{games} games in {seconds:.0f} s; report in {folder}:"),
    "reproduce": N_("Reproduce with:"),
    # -- balance heroes -----------------------------------------------------------------
    "heroes_title": N_("## One {hero} against N standard cowboys (claim: about {claim})"),
    "heroes_setup": N_(
        "One {hero} (seat 0, with the abilities a new hero draws, B2) against N "
        "standard cowboys (seat 1) on the `{table}` table, everyone with a {weapon}, "
        "round limit {limit}; bots: {bots}; {games} games per point, run seed {seed} "
        "(game i of every point starts from the same seed). Win rate = the hero's wins "
        "/ games, with a 95 % Wilson interval."
    ),
    "heroes_table_head": N_(
        "| cowboys N | games | hero wins | win rate | 95 % Wilson interval | ended by round limit |"
    ),
    "heroes_even": N_(
        "The hero is even (50 %) against **{even:.1f}** cowboys (95 %: {low:.1f}–{high:.1f})."
    ),
    "heroes_even_open_high": N_(
        "The hero is even (50 %) against **{even:.1f}** cowboys (95 %: from {low:.1f} to "
        "more than {most} — open above the range played)."
    ),
    "heroes_even_open_low": N_(
        "The hero is even (50 %) against **{even:.1f}** cowboys (95 %: from fewer than "
        "{least} to {high:.1f} — open below the range played)."
    ),
    "heroes_even_open": N_(
        "The hero is even (50 %) against **{even:.1f}** cowboys (95 %: from fewer than "
        "{least} to more than {most} — open on both sides of the range played)."
    ),
    "heroes_even_above": N_(
        "The hero wins more than half of the games even against {most} cowboys: the "
        "even point lies beyond the range played."
    ),
    "heroes_even_below": N_(
        "The hero loses more than half of the games already against {least} cowboy(s)."
    ),
    "heroes_holds": N_('The claim "about {claim}" **holds** in this mode.'),
    "heroes_fails": N_('The claim "about {claim}" does **not** hold in this mode.'),
    "heroes_d5_head": N_("### D-5: which hand mode?"),
    "heroes_d5": N_(
        'Recommendation: default D-5 to `hand_mode = "{mode}"` — in that reading the '
        'designer\'s "about {claim}" holds.'
    ),
    "heroes_d5_open": N_(
        'No default for D-5 stands on these games: "about {claim}" does not hold in exactly '
        "one mode while the other mode's whole range of the even point (95 %) lies outside it."
    ),
    "heroes_d5_none": N_("No mode has an even point in the range played; widen --cowboys."),
    # -- balance abilities ----------------------------------------------------------------
    "abilities_title": N_("## What one ability is worth (`{scenario}`)"),
    "abilities_setup": N_(
        "{figure} (seat 0) gets one ability (B1) and plays the `{scenario}` scenario "
        "with the extended rules; bots: {bots}; {games} games per ability on the same "
        "seeds as the baseline without an ability (win rate {rate:.0%}, 95 % "
        "{low:.0%}–{high:.0%}), run seed {seed}. The change is in percentage points, "
        "paired seed by seed."
    ),
    "abilities_table_head": N_(
        "| ability | win rate | 95 % Wilson interval | change (points) "
        "| 95 % bounds of the change | seeds won only with–only without, p (Holm) |"
    ),
    "abilities_note": N_(
        "\\* the change stands after Holm's correction across the {n} abilities (p ≤ 0.05; "
        "exact sign test on the seeds won with the ability only or without it only)."
    ),
    # -- balance seats --------------------------------------------------------------------
    "seats_title": N_("## Seat and first-dealer advantage"),
    "seats_setup": N_(
        "The same bot ({bot}) at every seat; {games} games per scenario, run seed "
        "{seed}. Shares are of the games with a winner, with 95 % Wilson intervals; the "
        "first dealer is drawn at random every game (A3.1); the first to act is the "
        "player after the dealer (D-35)."
    ),
    "seats_table_head": N_(
        "| scenario | decisive games | fair share | wins per seat | first dealer | first to act |"
    ),
    "seats_first_dealer": N_("the first dealer"),
    "seats_first_to_act": N_("the first to act"),
    "seats_seat": N_("seat {seat}"),
    "seats_more": N_(
        "In `{scenario}` {who} wins {rate:.0%} of the decisive games, more than the "
        "fair {fair:.0%} (beyond the 95 % Wilson interval)."
    ),
    "seats_less": N_(
        "In `{scenario}` {who} wins only {rate:.0%} of the decisive games, less than "
        "the fair {fair:.0%} (beyond the 95 % Wilson interval)."
    ),
    "seats_none": N_(
        "No seat and neither the first dealer nor the first to act wins more or less "
        "than its fair share beyond the 95 % Wilson intervals."
    ),
    # -- balance rounds -------------------------------------------------------------------
    "rounds_title": N_("## How long games last (D-22)"),
    "rounds_setup": N_(
        "The same bot ({bot}) at every seat; {games} games per scenario with the round "
        "limit raised to {cap}, run seed {seed}. A game is decided when a side is left "
        "standing; the estimate is the smallest round by which {target:.0%} of the games "
        "are decided. A change of the limit is recommended only where an exact binomial "
        "test against {target:.0%} stands after Holm's correction across the scenarios "
        "(p ≤ 0.05)."
    ),
    "rounds_table_head": N_(
        "| scenario | limit now | decided by it (95 %) | decided within the cap | estimated limit |"
    ),
    "rounds_limit": N_(
        "`{scenario}`: recommended round_limit = {limit} (p = {p} after Holm's correction)."
    ),
    "rounds_keep": N_(
        "`{scenario}`: keep round_limit = {limit} — no change stands on these games "
        "(p = {p} after Holm's correction)."
    ),
    "rounds_never": N_(
        "`{scenario}`: no limit up to {cap} rounds decides enough games — the bots stall."
    ),
}
"""Message key -> its English message id in the catalogs (translated by ``say``)."""


def say(key: str, lang: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (``de`` or ``en``), formatted with ``values``
    (numbers the reader's way: ``{even:.1f}`` is 3.5 in English, 3,5 in German)."""
    shown = {
        name: _Figure(value, lang) if _is_number(value) else value for name, value in values.items()
    }
    return translator(lang).gettext(TEXT[key]).format(**shown)


def end_reason(reason: str, lang: str) -> str:
    """How a game ended (``round_limit``, …) in ``lang``; an unknown reason as it is."""
    key = f"end_{reason}"
    return say(key, lang) if key in TEXT else reason


def numeral(value: float, spec: str, lang: str) -> str:
    """``value`` by the format ``spec`` (``.0%``, ``+.1f``) as ``lang`` writes numbers."""
    return words(lang).numeral(value, spec)


def share(found: Any, lang: str) -> str:
    """A share with its interval, ``68 % (63 %–73 %)``: ``found`` has rate, low and high."""
    rate, low, high = (numeral(found[k], ".0%", lang) for k in ("rate", "low", "high"))
    return f"{rate} ({low}–{high})"


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class _Figure:
    """A number that formats itself (``str.format`` specs) the way its language writes it."""

    __slots__ = ("lang", "value")

    def __init__(self, value: float, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return numeral(self.value, spec, self.lang)
