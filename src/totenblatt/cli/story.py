"""The narration of a game moved to :mod:`totenblatt.text.narrate`; re-exported for old imports.

TODO(text): ``totenblatt.web.words`` still imports ``Narrator`` and ``winner_line`` from
here; once it uses :mod:`totenblatt.text` this module can go.
"""

from __future__ import annotations

from totenblatt.text.narrate import Narrator, seat_labels, winner_line

__all__ = ["Narrator", "seat_labels", "winner_line"]
