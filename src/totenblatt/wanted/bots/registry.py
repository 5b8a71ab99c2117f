"""Bots by name, for every place that seats one: ``play --seats``, ``sim --bots``, the web lobby.

Names: ``random``, ``heuristic``, ``ismcts`` (the default budget), ``ismcts:N`` (N
rollouts per decision, at most :data:`MAX_ROLLOUTS`) and ``ismcts:Nms`` (N milliseconds
per decision, at most :data:`MAX_MS`): a budget beyond them would never end a game.
``fast-ismcts`` takes the same budgets: the search with its rollouts on the fast path
(:class:`~totenblatt.wanted.bots.fast_search.FastISMCTSBot`). ``hard`` is the hard bot: the
fast search with its budget in rollouts, chosen per scenario from measured strength curves
(:func:`~totenblatt.wanted.bots.fast_search.hard_rollouts`; ``hard:N`` gives N), wall time
only as a cap (:class:`~totenblatt.wanted.bots.fast_search.HardBot`). ``learned:PATH`` plays the
policy saved at PATH by ``python -m totenblatt.env.train``
(:class:`~totenblatt.wanted.bots.learned.LearnedBot`; the path is kept as written).

>>> make_bot("ismcts:50", 7).iterations, make_bot("ismcts:300ms", 7).time_ms
(50, 300.0)
>>> make_bot("heuristic", 1).__class__.__name__, make_bot("fast-ismcts:40", 1).__class__.__name__
('HeuristicBot', 'FastISMCTSBot')
>>> make_bot("hard", 1).rollouts, make_bot("hard:60", 1).rollouts, check_bot_name("HARD:60")
(None, 60, 'hard:60')
>>> check_bot_name("ismcts:0")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: bot 'ismcts:0': the budget must be 1 to 100000 rollouts ('ismcts:200') or ...
>>> check_bot_name("ismcts:99999999999")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: bot 'ismcts:99999999999': the budget must be 1 to 100000 rollouts ...
"""

from __future__ import annotations

import functools
import stat
from pathlib import Path

from totenblatt.wanted.bots.base import Bot
from totenblatt.wanted.bots.fast_search import FastISMCTSBot, HardBot
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
from totenblatt.wanted.bots.learned import LearnedBot, Policy, PolicyError, read_policy
from totenblatt.wanted.bots.random_bot import RandomBot
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "BOT_NAMES",
    "MAX_MS",
    "MAX_ROLLOUTS",
    "bot_names",
    "check_bot_name",
    "load_policy",
    "make_bot",
]

BOT_NAMES = ("random", "heuristic", "ismcts", "fast-ismcts", "hard", "learned")
"""The kinds of bot; ``ismcts`` and ``fast-ismcts`` take a budget after a colon, ``hard`` a
number of rollouts, ``learned`` the path of a saved policy."""
HARD = "hard"
LEARNED = "learned"

MAX_ROLLOUTS = 100_000
"""The most rollouts per decision a search bot may be given (``ismcts:100000``)."""
MAX_MS = 60_000
"""The most milliseconds per decision a search bot may be given (``ismcts:60000ms``)."""

_EXAMPLES = (
    "random, heuristic, ismcts, ismcts:200 (rollouts) or ismcts:500ms (time), fast-ismcts "
    "(the same budgets), hard or hard:N (N rollouts), learned:PATH (a policy saved by "
    "python -m totenblatt.env.train)"
)
_SEARCHES = ("ismcts", "fast-ismcts", HARD)


def bot_names() -> tuple[str, ...]:
    """The kinds of bot (without budgets)."""
    return BOT_NAMES


def _parse(name: str) -> tuple[str, int | None, float | None]:
    if not isinstance(name, str):
        raise ValueError(f"a bot name must be text, got {name!r}: expected one of {_EXAMPLES}")
    kind, sep, budget = name.strip().partition(":")
    kind = kind.lower()
    if kind == LEARNED:
        if not budget.strip():
            raise ValueError(f"bot {name!r}: learned takes the path of a policy (learned:PATH)")
        return kind, None, None
    if kind not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r}: expected one of {_EXAMPLES}")
    if not sep:
        return kind, None, None
    if kind not in _SEARCHES:
        raise ValueError(f"bot {name!r}: only ismcts takes a budget (e.g. ismcts:200)")
    text = budget.strip().lower()
    timed = text.endswith("ms")
    if timed and kind == HARD:
        raise ValueError(f"bot {name!r}: the hard bot's budget is in rollouts (e.g. hard:100)")
    number = text[:-2].strip() if timed else text
    most = MAX_MS if timed else MAX_ROLLOUTS
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= most:
        raise ValueError(
            f"bot {name!r}: the budget must be 1 to {MAX_ROLLOUTS} rollouts ('ismcts:200') "
            f"or 1 to {MAX_MS} milliseconds ('ismcts:500ms')"
        )
    return (kind, None, float(number)) if timed else (kind, int(number), None)


def check_bot_name(name: str) -> str:
    """``name`` normalised (lower case, no spaces); ``ValueError`` says what is accepted."""
    kind, iterations, time_ms = _parse(name)
    if kind == LEARNED:
        path = name.strip().partition(":")[2].strip()
        try:
            load_policy(path)
        except PolicyError as exc:
            raise ValueError(f"bot {name!r}: {exc}") from None
        return f"{kind}:{path}"
    if iterations is not None:
        return f"{kind}:{iterations}"
    if time_ms is not None:
        return f"{kind}:{int(time_ms)}ms"
    return kind


def make_bot(
    name: str,
    seed: int = 0,
    scenario: str | Path | Scenario | None = None,
    ruleset: str | Path | Ruleset | None = None,
) -> Bot:
    """A bot by name, seeded; ``scenario`` and ``ruleset`` are the game's (public) ones.

    Pass them for a scenario or ruleset that is not built in (a bot reads the
    table and rules of its game; built-in ones it finds from the view's names).
    """
    kind, iterations, time_ms = _parse(name)
    if kind == LEARNED:
        policy = load_policy(name.strip().partition(":")[2].strip())
        return LearnedBot(policy, scenario=scenario, ruleset=ruleset)
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed, ruleset=ruleset, scenario=scenario)
    if kind == HARD:
        return HardBot(seed, rollouts=iterations, ruleset=ruleset, scenario=scenario)
    if iterations is None and time_ms is None:
        iterations = DEFAULT_ITERATIONS
    search = FastISMCTSBot if kind == "fast-ismcts" else ISMCTSBot
    return search(seed, iterations=iterations, time_ms=time_ms, ruleset=ruleset, scenario=scenario)


def load_policy(path: str | Path) -> Policy:
    """The policy saved at ``path``, read once per file and change (a sim seats it in
    every game); :class:`~totenblatt.wanted.bots.learned.PolicyError` says what is wrong."""
    where = Path(path)
    try:
        found = where.stat()
    except OSError:
        raise PolicyError(f"no policy file at {path}") from None
    if not stat.S_ISREG(found.st_mode):  # a folder, a device, a pipe that would never end
        raise PolicyError(f"{path} is not a policy file (.npz) but a folder or a device")
    stamp = found.st_mtime_ns
    return _load_policy(str(where.resolve()), stamp)


@functools.lru_cache(maxsize=8)
def _load_policy(path: str, stamp: int) -> Policy:
    return read_policy(path)
