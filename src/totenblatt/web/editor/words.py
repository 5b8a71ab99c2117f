"""The words of the scenario editor: the page's strings and the warnings, de and en.

The page's furniture is ``_STRINGS`` (a key the script uses and its message id, marked
with ``N_`` for the catalogs); a warning of the door (:class:`TableWarning`) is worded
by :func:`warning_text` in the reader's language.

>>> strings("de")["save"], strings("en")["undo"]
('Speichern', 'Undo')
"""

from __future__ import annotations

from functools import lru_cache

from totenblatt.text import words
from totenblatt.text.terms import N_
from totenblatt.text.vocab import cover_word, terrain_kind_name
from totenblatt.wanted.ask import TableWarning, WarningKind
from totenblatt.wanted.table import TerrainKind
from totenblatt.wanted.vocab import CoverLevel
from totenblatt.web.shell.words import translated

__all__ = ["strings", "warning_text"]

_STRINGS: dict[str, str] = {
    "title": N_("Totenblatt — the table editor"),
    "editor": N_("Table editor"),
    "lobby": N_("Lobby"),
    "table": N_("Table"),
    "scenario_title": N_("Title (English)"),
    "scenario_title_de": N_("Title (German)"),
    "description": N_("Description (English)"),
    "description_de": N_("Description (German)"),
    "width": N_("Width (inches)"),
    "height": N_("Height (inches)"),
    "sides": N_("Sides"),
    "round_limit": N_("Round limit (0: none)"),
    "add": N_("Add"),
    "add_piece": N_("Terrain"),
    "add_figure": N_("Starting spots"),
    "figure_of_side": N_("Figure of side {side}"),
    "side": N_("Side {side}"),
    "select": N_("Select and move"),
    "sight_tool": N_("Sight from a spot"),
    "selected": N_("Selected"),
    "nothing_selected": N_("Nothing selected: point at a piece or a figure."),
    "name": N_("Name"),
    "name_de": N_("German name"),
    "weapon": N_("Weapon"),
    "kind": N_("Kind"),
    "rotate": N_("Rotate 15°"),
    "wider": N_("Wider"),
    "narrower": N_("Narrower"),
    "taller": N_("Taller"),
    "shorter": N_("Shorter"),
    "delete": N_("Delete"),
    "door": N_("Door"),
    "window": N_("Window"),
    "add_door": N_("Add a door"),
    "add_window": N_("Add a window"),
    "opening_side": N_("Side of the wall"),
    "opening_at": N_("From the corner (inches)"),
    "opening_width": N_("Width (inches)"),
    "south": N_("south"),
    "north": N_("north"),
    "west": N_("west"),
    "east": N_("east"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "rules": N_("What the rules say"),
    "checking": N_("Checking…"),
    "valid": N_("The loader accepts this table."),
    "invalid": N_("Not a playable scenario yet:"),
    "no_warnings": N_("No warnings."),
    "warnings": N_("Warnings"),
    "sight_hint": N_(
        "Point at a spot with “Sight from a spot”: the heat map shows the cover of every "
        "spot against a shot from there; grey spots are out of its line of fire."
    ),
    "sight_from": N_("Sight from ({x}, {y})"),
    "can_hide": N_("A figure here is in hard cover and may hide."),
    "cannot_hide": N_("A figure here cannot hide."),
    "visible_count": N_("{visible} of {spots} spots in its line of fire, {range} in range"),
    "out_of_sight": N_("out of its line of fire"),
    "hide_here": N_("may hide"),
    "legend": N_("Cover against a shot from the chosen spot"),
    "clear_sight": N_("Clear the heat map"),
    "balance": N_("Balance hint"),
    "balance_run": N_("Run bots on it"),
    "balance_running": N_("The bots are playing…"),
    "balance_result": N_(
        "{games} games of the heuristic bot at every seat (seats rotated): "
        "share of wins with its interval (95 %)"
    ),
    "balance_side": N_("Side {side}: {rate} % ({low}–{high} %)"),
    "balance_draws": N_("{draws} games without a winner"),
    "save_title": N_("Save and play"),
    "scenario_name": N_("File name (a-z, 0-9, - and _)"),
    "operator_token": N_("Operator token"),
    "save": N_("Save"),
    "saved": N_("Saved as {name}: the lobby offers it."),
    "download": N_("Download the TOML file"),
    "open": N_("Open a scenario"),
    "open_button": N_("Open"),
    "new": N_("New table"),
    "play": N_("Play it against the bot"),
    "toml": N_("The scenario file"),
    "error": N_("Refused: {error}"),
    "snap": N_("Positions snap to half inches."),
}

_KINDS = tuple(kind.value for kind in TerrainKind)


def _opening_words(lang: str) -> dict[str, str]:
    return {f"kind_{kind}": terrain_kind_name(kind, lang) for kind in _KINDS}


@lru_cache(maxsize=4)
def strings(lang: str) -> dict[str, str]:
    """Every string of the editor's page in ``lang`` (the kinds' and cover levels' names
    too: ``kind_<kind>``, ``cover_<level>``)."""
    found = translated(_STRINGS, lang)
    found.update(_opening_words(lang))
    found.update({f"cover_{level.value}": cover_word(level, lang) for level in CoverLevel})
    return found


def warning_text(warning: TableWarning, lang: str) -> str:
    """A warning of the door in ``lang``."""
    w = words(lang)
    side = warning.seat + 1
    if warning.kind is WarningKind.IN_SIGHT:
        return w.phrase(
            "{figure} (side {side}) starts where {enemy} can shoot at it: in its line of fire, "
            '{inches}" away',
            figure=warning.figure,
            side=side,
            enemy=warning.enemy or "?",
            inches=w.number(round(warning.distance or 0.0, 1)),
        )
    if warning.kind is WarningKind.NOT_SEARCHED:
        return w.phrase(
            "The table is too large to search every figure's moves quickly: whether a figure "
            "has cover within a move was not checked."
        )
    return w.phrase(
        '{figure} (side {side}) starts in the open with no cover within {inches}" (a move)',
        figure=warning.figure,
        side=side,
        inches=w.number(warning.inches or 0.0),
    )
