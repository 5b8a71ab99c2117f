"""The page's words of a game night (issue 24): chat, takeback, rematch, tape, export, options.

Keys of the table page's strings, marked for the catalogs and registered into the shell's
registry on import (:func:`totenblatt.web.shell.words.register`); the quick emotes' words
come from :data:`totenblatt.text.night.EMOTES` (``emote_<key>``).
"""

from __future__ import annotations

from totenblatt.text.night import EMOTES
from totenblatt.text.terms import N_
from totenblatt.web.shell.words import register

__all__ = ["NIGHT_STRINGS"]

NIGHT_STRINGS: dict[str, str] = {
    "night": N_("Game night"),
    "chat": N_("Chat"),
    "chat_placeholder": N_("Say something (up to 500 characters)"),
    "chat_send": N_("Send"),
    "chat_empty": N_("No messages yet."),
    "chat_spectator": N_("spectator"),
    "emotes": N_("Quick emotes"),
    "takeback": N_("Take back my last action"),
    "takeback_asked": N_("Waiting for {names} to accept your takeback…"),
    "takeback_withdraw": N_("Withdraw"),
    "takeback_question": N_("{name} asks to take back their last action."),
    "takeback_accept": N_("Accept"),
    "takeback_refuse": N_("Refuse"),
    "takeback_done": N_("The last action was taken back."),
    "takeback_refused": N_("The takeback was refused."),
    "auto_pass": N_("Pass bids automatically"),
    "auto_pass_hint": N_(
        "The server passes every bid of yours at once, as it passes a player without a "
        "diamond: nobody can tell whether you held one."
    ),
    "tape": N_("Tape"),
    "tape_hint": N_(
        "Measuring: click a figure or a point, then another (Esc or Tape again to stop)."
    ),
    "tape_from": N_("From {what}"),
    "tape_point": N_("({x}, {y})"),
    "tape_result": N_("{from} → {to}: {distance}"),
    "tape_band": N_("{floor}–{limit}"),
    "tape_out": N_("out of range"),
    "tape_hidden": N_('hidden: reachable within 2" only'),
    "rematch": N_("Rematch"),
    "rematch_ready": N_("A rematch is ready: same table, same seats, a new deal."),
    "rematch_join": N_("Play the rematch"),
    "rematch_watch": N_("Watch the rematch"),
    "export_replay": N_("Download the replay"),
    "export_report": N_("Download the report (Markdown)"),
    "analysis_open": N_("Analysis"),
    "yes_short": N_("yes"),
    "no_short": N_("no"),
}
"""The game night's page strings (added to :data:`totenblatt.web.shell.words._STRINGS`)."""

NIGHT_STRINGS.update({f"emote_{key}": words for key, words in EMOTES.items()})

register(NIGHT_STRINGS)  # the table page sends them with its own
