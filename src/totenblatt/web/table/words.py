"""The table page's words of its start (a link without a token, or one the server refuses)
and of the replay bar's buttons.

Keys of the table page's strings, marked for the catalogs and registered into the shell's
registry on import (:func:`totenblatt.web.shell.words.register`).
"""

from __future__ import annotations

from totenblatt.text.terms import N_
from totenblatt.web.shell.words import register

__all__ = ["BOOT_STRINGS", "REPLAY_STRINGS"]

BOOT_STRINGS: dict[str, str] = {
    "boot_no_token": N_("This link holds no token"),
    "boot_no_token_hint": N_(
        "Open the game with the whole link you were given: its end (#token=…) says which seat "
        "you play, or that you watch."
    ),
    "boot_refused": N_("This link does not open the game"),
}

REPLAY_STRINGS: dict[str, str] = {
    "replay_first": N_("First step"),
    "replay_prev": N_("Step back"),
    "replay_next": N_("Step forward"),
    "replay_last": N_("Last step"),
}
"""The names of the replay bar's icon buttons (their aria-label and tooltip)."""

register(BOOT_STRINGS)
register(REPLAY_STRINGS)
