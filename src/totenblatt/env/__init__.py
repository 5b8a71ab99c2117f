"""Standard environments for learning agents: Wanted as a PettingZoo AEC environment.

``from totenblatt.env import wanted_v0; env = wanted_v0.env(scenario="gangs")`` —
needs the ``env`` extra (``pip install 'totenblatt[env]'``: pettingzoo, gymnasium).
Without it, importing this package raises :class:`~totenblatt.extras.MissingExtraError`
(an ``ImportError``) that says so; ``python -m totenblatt.env.train`` (a command) says
it in one line on stderr and exits 2, without a traceback.
"""

import sys

from totenblatt.extras import MissingExtraError, require

try:
    require("env")
except MissingExtraError as exc:
    # ``python -m totenblatt.env.<command>``: Python imports this package while it finds
    # the command, with sys.argv[0] set to "-m" meanwhile — a command's line, not a traceback
    if sys.argv[:1] == ["-m"]:
        print(f"python -m totenblatt.env: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    raise
