"""The sentences of the balance lab (CLI summaries and reports), in English and German.

TODO(text): move these into the gettext catalogs of ``totenblatt.text`` once that
layer exists; ``say`` is the one place the lab and its commands read text from.

>>> say("draws", "en", n=3), say("draws", "de", n=3)
('draws: 3', 'Unentschieden: 3')
"""

from __future__ import annotations

from typing import Any

__all__ = ["TEXT", "say"]

TEXT: dict[str, tuple[str, str]] = {
    # -- totenblatt sim ---------------------------------------------------------------
    "progress": ("games", "Spiele"),
    "resumed": (
        "{done} games already in {path}; playing the other {todo}",
        "{done} Spiele schon in {path}; die übrigen {todo} werden gespielt",
    ),
    "nothing_to_do": (
        "all {total} games are already in {path}",
        "alle {total} Spiele sind schon in {path}",
    ),
    "interrupted": (
        "interrupted: {done} of {total} games saved in {path}; continue with --resume",
        "abgebrochen: {done} von {total} Spielen in {path} gesichert; weiter mit --resume",
    ),
    "saved": (
        "{done} games in {path} ({seconds:.1f} s, {rate:.1f} games/s)",
        "{done} Spiele in {path} ({seconds:.1f} s, {rate:.1f} Spiele/s)",
    ),
    "col_seat": ("seat", "Platz"),
    "col_bot": ("bot", "Bot"),
    "col_wins": ("wins", "Siege"),
    "col_rate": ("win rate", "Siegquote"),
    "col_interval": ("95 % interval", "95-%-Intervall"),
    "draws": ("draws: {n}", "Unentschieden: {n}"),
    "end_reasons": ("end reasons: {reasons}", "Spielende: {reasons}"),
    "rounds": (
        "rounds: mean {mean:.1f}, longest {longest}",
        "Runden: im Mittel {mean:.1f}, längstes Spiel {longest}",
    ),
    "exists": (
        "{path!r} exists: pass --resume to continue it or --overwrite to start again",
        "{path!r} gibt es schon: --resume setzt es fort, --overwrite beginnt neu",
    ),
    "other_run": (
        "{path!r} holds another run ({keys} differ): use another --out or --overwrite",
        "{path!r} gehört zu einem anderen Lauf ({keys} verschieden): anderes --out "
        "oder --overwrite",
    ),
    "balance_interrupted": (
        "interrupted after {done} of {total} games: no report written",
        "abgebrochen nach {done} von {total} Spielen: kein Bericht geschrieben",
    ),
    "balance_done": (
        "{games} games in {seconds:.0f} s; report in {folder}:",
        "{games} Spiele in {seconds:.0f} s; Bericht in {folder}:",
    ),
    # -- balance heroes -----------------------------------------------------------------
    "heroes_title": (
        "## One {hero} against N standard cowboys (claim: about {claim})",
        "## Ein {hero} gegen N Standardcowboys (Behauptung: etwa {claim})",
    ),
    "heroes_setup": (
        "One {hero} (seat 0, with the abilities a new hero draws, B2) "
        "against N standard cowboys (seat 1) on the `{table}` table, everyone with a "
        "{weapon}, round limit {limit}; bots: {bots}; {games} games per point, run seed "
        "{seed} (game i of every point starts from the same seed). Win rate = the hero's "
        "wins / games, with a 95 % Wilson interval. Reproduce with:",
        "Ein {hero} (Platz 0, mit den Fähigkeiten, die ein neuer Held nach den Regeln "
        "zieht) gegen N Standardcowboys (Platz 1) auf dem Tisch `{table}`, alle mit "
        "{weapon}, Rundenlimit {limit}; Bots: {bots}; {games} Spiele je Punkt, Lauf-Seed "
        "{seed} (Spiel i jedes Punktes beginnt mit demselben Seed). Siegquote = Siege des "
        "Helden / Spiele, mit 95-%-Wilson-Intervall. Nachrechnen mit:",
    ),
    "heroes_table_head": (
        "| cowboys N | games | hero wins | win rate | 95 % interval | ended by round limit |",
        "| Cowboys N | Spiele | Siege des Helden | Siegquote | 95-%-Intervall "
        "| Ende durch Rundenlimit |",
    ),
    "heroes_even": (
        "The hero is even (50 %) against **{even:.1f}** cowboys (95 % range {low:.1f}–{high:.1f}).",
        "Der Held ist ebenbürtig (50 %) gegen **{even:.1f}** Cowboys "
        "(95-%-Bereich {low:.1f}–{high:.1f}).",
    ),
    "heroes_even_above": (
        "The hero wins more than half of the games even against {most} cowboys: "
        "the even point lies beyond the range played.",
        "Der Held gewinnt selbst gegen {most} Cowboys mehr als die Hälfte der Spiele: "
        "der Gleichstand liegt jenseits des gespielten Bereichs.",
    ),
    "heroes_even_below": (
        "The hero loses more than half of the games already against {least} cowboy(s).",
        "Der Held verliert schon gegen {least} Cowboy(s) mehr als die Hälfte der Spiele.",
    ),
    "heroes_holds": (
        'The claim "about {claim}" **holds** in this mode.',
        "Die Behauptung „etwa {claim}“ **trifft** in diesem Modus **zu**.",
    ),
    "heroes_fails": (
        'The claim "about {claim}" does **not** hold in this mode.',
        "Die Behauptung „etwa {claim}“ trifft in diesem Modus **nicht** zu.",
    ),
    "heroes_d5_head": ("### D-5: which hand mode?", "### D-5: welcher Kartenmodus?"),
    "heroes_d5": (
        'Recommendation: default D-5 to `hand_mode = "{mode}"` — in that reading the '
        'designer\'s "about {claim}" holds.',
        'Empfehlung: D-5 auf `hand_mode = "{mode}"` setzen — in dieser Lesart trifft das '
        "„etwa {claim}“ des Autors zu.",
    ),
    "heroes_d5_closer": (
        'The claim holds in neither mode; `hand_mode = "{mode}"` comes closer to "about {claim}".',
        'Die Behauptung trifft in keinem Modus zu; `hand_mode = "{mode}"` kommt dem '
        "„etwa {claim}“ näher.",
    ),
    "heroes_d5_none": (
        "No mode has an even point in the range played; widen --cowboys.",
        "Kein Modus hat einen Gleichstand im gespielten Bereich; --cowboys erweitern.",
    ),
    # -- balance abilities ----------------------------------------------------------------
    "abilities_title": (
        "## What one ability is worth (`{scenario}`)",
        "## Was eine Fähigkeit wert ist (`{scenario}`)",
    ),
    "abilities_setup": (
        "{figure} (seat 0) gets one ability (B1) and plays the `{scenario}` scenario with "
        "the extended rules; bots: {bots}; {games} games per ability on the same seeds as "
        "the baseline without an ability (win rate {rate:.0%}, 95 % {low:.0%}–{high:.0%}), "
        "run seed {seed}. The change is in percentage points, paired seed by seed. "
        "Reproduce with:",
        "{figure} (Platz 0) erhält eine Fähigkeit (B1) und spielt das Szenario `{scenario}` "
        "mit den erweiterten Regeln; Bots: {bots}; {games} Spiele je Fähigkeit mit denselben "
        "Seeds wie ohne Fähigkeit (Siegquote {rate:.0%}, 95 % {low:.0%}–{high:.0%}), "
        "Lauf-Seed {seed}. Die Änderung ist in Prozentpunkten, Seed für Seed gepaart. "
        "Nachrechnen mit:",
    ),
    "abilities_table_head": (
        "| ability | win rate | 95 % interval | change (points) | 95 % interval of the change |",
        "| Fähigkeit | Siegquote | 95-%-Intervall | Änderung (Punkte) "
        "| 95-%-Intervall der Änderung |",
    ),
    "abilities_note": (
        "\\* the change's 95 % interval excludes 0.",
        "\\* das 95-%-Intervall der Änderung schließt 0 aus.",
    ),
    # -- balance seats --------------------------------------------------------------------
    "seats_title": (
        "## Seat and first-dealer advantage",
        "## Vorteil durch Sitzplatz und ersten Geber",
    ),
    "seats_setup": (
        "The same bot ({bot}) at every seat; {games} games per scenario, run seed {seed}. "
        "Shares are of the games with a winner, with 95 % Wilson intervals; the first "
        "dealer is drawn at random every game (A3.1); the first to act is the player "
        "after the dealer (D-35). Reproduce with:",
        "Derselbe Bot ({bot}) auf jedem Platz; {games} Spiele je Szenario, Lauf-Seed {seed}. "
        "Anteile an den Spielen mit Sieger, mit 95-%-Wilson-Intervallen; der erste Geber "
        "wird in jedem Spiel zufällig bestimmt (A3.1); zuerst handelt der Spieler nach dem "
        "Geber (D-35). Nachrechnen mit:",
    ),
    "seats_table_head": (
        "| scenario | decisive games | fair share | wins per seat | first dealer | first to act |",
        "| Szenario | entschiedene Spiele | fairer Anteil | Siege je Platz | erster Geber "
        "| handelt zuerst |",
    ),
    "seats_first_dealer": ("the first dealer", "der erste Geber"),
    "seats_first_to_act": ("the first to act", "wer zuerst handelt"),
    "seats_seat": ("seat {seat}", "Platz {seat}"),
    "seats_more": (
        "In `{scenario}` {who} wins {rate:.0%} of the decisive games, more than the fair "
        "{fair:.0%} (beyond the 95 % interval).",
        "In `{scenario}` gewinnt {who} {rate:.0%} der entschiedenen Spiele, mehr als die "
        "fairen {fair:.0%} (außerhalb des 95-%-Intervalls).",
    ),
    "seats_less": (
        "In `{scenario}` {who} wins only {rate:.0%} of the decisive games, less than the fair "
        "{fair:.0%} (beyond the 95 % interval).",
        "In `{scenario}` gewinnt {who} nur {rate:.0%} der entschiedenen Spiele, weniger als "
        "die fairen {fair:.0%} (außerhalb des 95-%-Intervalls).",
    ),
    "seats_none": (
        "No seat and neither the first dealer nor the first to act wins more or less than "
        "its fair share beyond the 95 % intervals.",
        "Weder ein Platz noch der erste Geber noch wer zuerst handelt gewinnt außerhalb der "
        "95-%-Intervalle mehr oder weniger als seinen fairen Anteil.",
    ),
    # -- balance rounds -------------------------------------------------------------------
    "rounds_title": ("## How long games last (D-22)", "## Wie lange Spiele dauern (D-22)"),
    "rounds_setup": (
        "The same bot ({bot}) at every seat; {games} games per scenario with the round "
        "limit raised to {cap}, run seed {seed}. A game is decided when a side is left "
        "standing; the recommended limit is the smallest round by which {target:.0%} of "
        "the games are decided. Reproduce with:",
        "Derselbe Bot ({bot}) auf jedem Platz; {games} Spiele je Szenario, das Rundenlimit "
        "auf {cap} angehoben, Lauf-Seed {seed}. Entschieden ist ein Spiel, wenn eine Seite "
        "allein übrig ist; empfohlen wird die kleinste Runde, bis zu der {target:.0%} der "
        "Spiele entschieden sind. Nachrechnen mit:",
    ),
    "rounds_table_head": (
        "| scenario | limit now | decided by it (95 %) | decided within the cap "
        "| recommended limit |",
        "| Szenario | Limit bisher | damit entschieden (95 %) | bis zur Obergrenze entschieden "
        "| empfohlenes Limit |",
    ),
    "rounds_limit": (
        "`{scenario}`: round_limit = {limit}.",
        "`{scenario}`: round_limit = {limit}.",
    ),
    "rounds_never": (
        "`{scenario}`: no limit up to {cap} rounds decides enough games — the bots stall.",
        "`{scenario}`: kein Limit bis {cap} Runden entscheidet genug Spiele — die Bots "
        "zögern das Spiel hinaus.",
    ),
}
"""Message id -> (English, German) format strings."""


def say(key: str, lang: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (``de`` or ``en``), formatted with ``values``."""
    en, de = TEXT[key]
    return (de if lang == "de" else en).format(**values)
