"""The words of the Analysis view (marked for the catalogs, translated for the page)."""

from __future__ import annotations

from totenblatt.text.terms import N_

__all__ = ["ANALYSIS_STRINGS"]

ANALYSIS_STRINGS: dict[str, str] = {
    "title": N_("Analysis"),
    "title_seat": N_("Analysis of {seat}"),
    "title_public": N_("Analysis (public view)"),
    "back": N_("Back to the table"),
    "computing": N_("Weighing the decisions… {percent}"),
    "failed": N_("The analysis failed: {error}"),
    "graph": N_("Chance to win over the game"),
    "graph_help": N_("Tap the graph to step to the decision nearest to it."),
    "decisions": N_("Decisions"),
    "marked_only": N_("Marked only"),
    "all": N_("All"),
    "previous": N_("Previous"),
    "next": N_("Next"),
    "previous_mark": N_("Previous mark"),
    "next_mark": N_("Next mark"),
    "decision": N_("Decision {index} · round {round}"),
    "played": N_("Played"),
    "best": N_("Best weighed"),
    "same": N_("The best weighed action was the one played."),
    "win": N_("{win} to win ({lo}–{hi}, {n} rollouts)"),
    "hit": N_("{chance} to hit at {distance} in"),
    "turning_points": N_("Turning points"),
    "none_marked": N_("No decision marked."),
    "public_note": N_(
        "A spectator sees each side's chance from the public view; a seat's decisions are "
        "weighed for that seat's own link only."
    ),
    "download_json": N_("Download (JSON)"),
    "download_report": N_("Report (Markdown)"),
    "download_png": N_("Graph (PNG)"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
    "thresholds": N_(
        "Marks by the drop in the estimated chance to win: inaccuracy {i}, mistake {m}, "
        "blunder {b}; none where the intervals overlap."
    ),
}
"""Key -> catalog id of every string of the view."""
