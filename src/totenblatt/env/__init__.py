"""Standard environments for learning agents: Wanted as a PettingZoo AEC environment.

``from totenblatt.env import wanted_v0; env = wanted_v0.env(scenario="gangs")`` —
needs the ``env`` extra (``pip install 'totenblatt[env]'``: pettingzoo, gymnasium).
Without it, importing this package raises :class:`~totenblatt.extras.MissingExtraError`
(an ``ImportError``) that says so.
"""

from totenblatt.extras import require

require("env")
