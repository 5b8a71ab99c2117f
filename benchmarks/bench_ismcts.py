"""What a decision of the search bot costs, and what the fast path's rollouts buy.

``python -m benchmarks ismcts`` — one process, one core, **CPU time**. Positions: every
third decision of seeded HeuristicBot self-play games (seeds 900+); at each, a fresh
``ISMCTSBot(k, iterations=N)`` and a fresh ``FastISMCTSBot(k, iterations=N)`` (its
rollouts on the fast path, :mod:`totenblatt.wanted.bots.fast_search`) decide in turn.
Decisions a bot does not search (one weighed action, or the Tempt Fate keep step) are
left out. *Rollouts/s*: the rollouts a bot used of its budget (clearly worse actions are
dropped early) per CPU second of its decisions.

``python -m benchmarks ismcts`` then plays each search bot against HeuristicBot at the
same wall time per decision (``time_ms``), seats swapped on every seed, and prints the
search bot's score (a win 1, a draw ½). ``BENCH_ISMCTS_GAMES=N`` sets the seeds per
scenario (default 12; 0 skips the matches).

``python -m benchmarks ismcts --paired 7000:7200`` plays instead the strength comparison of
docs/bots.md: both search bots (their default options, 100 ms of wall time a decision)
against HeuristicBot in the duel on game seeds 7000–7199, the search bot in either seat,
the two bots in turn game by game in one process (so the machine's load falls on both
alike), and prints each score ± its standard error, the rollouts a searched decision and
the paired difference by game. ``--scenario gangs`` plays that comparison in gangs, and
``--rows FILE`` appends every game's result to ``FILE`` as it ends (one JSON object a
line: scenario, seed, seat, bot, points, searched decisions, rollouts), so runs split over
several processes can be added up (``--rows`` files of one scenario, read by
:func:`summary`).
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from totenblatt.wanted.bots import Bot, HeuristicBot, ISMCTSBot
from totenblatt.wanted.bots.fast_search import FastISMCTSBot
from totenblatt.wanted.engine.game import new_game

CASES = (("duel", 100, 3), ("gangs", 100, 1))
"""Scenario, rollout budget, games of positions."""
MATCH_MS = 100.0
"""Wall time per decision of both search bots in the matches."""
MATCH_SCENARIOS = (("duel", 1.0), ("gangs", 0.25))
"""Scenario and the share of the seeds it plays (gangs games are long)."""


def _positions(scenario: str, games: int) -> list[tuple[int, object, object]]:
    out: list[tuple[int, object, object]] = []
    for index in range(games):
        game = new_game(scenario, seed=900 + index)
        players = [HeuristicBot(s) for s in range(game.seats)]
        count = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            if count % 3 == 0:
                out.append((count, view, legal))
            game.apply(players[seat].choose(view, legal))
            count += 1
    return out


def rollout_rates(scenario: str, budget: int, games: int) -> dict[str, tuple[float, float, int]]:
    """Per bot: rollouts per CPU second, ms per searched decision, decisions searched."""
    makers: dict[str, Callable[[int], ISMCTSBot]] = {
        "ISMCTSBot": lambda k: ISMCTSBot(k, iterations=budget),
        "FastISMCTSBot": lambda k: FastISMCTSBot(k, iterations=budget),
    }
    spent = dict.fromkeys(makers, 0.0)
    rollouts = dict.fromkeys(makers, 0)
    searched = dict.fromkeys(makers, 0)
    for count, view, legal in _positions(scenario, games):
        for name, make in makers.items():
            bot = make(count)
            start = time.process_time()
            bot.choose(view, legal)  # type: ignore[arg-type]
            elapsed = time.process_time() - start
            if bot.last_iterations:
                spent[name] += elapsed
                rollouts[name] += bot.last_iterations
                searched[name] += 1
    return {
        name: (
            rollouts[name] / spent[name] if spent[name] else 0.0,
            1000 * spent[name] / searched[name] if searched[name] else 0.0,
            searched[name],
        )
        for name in makers
    }


def match(scenario: str, make: Callable[[int], Bot], seeds: int) -> tuple[float, int]:
    """The search bot's score against HeuristicBot (win 1, draw ½) and the games played."""
    points = 0.0
    played = 0
    for seed in range(seeds):
        for seat in (0, 1):
            game = new_game(scenario, seed=5000 + seed)
            bots: list[Bot] = [HeuristicBot(seed * 7 + s) for s in range(game.seats)]
            bots[seat] = make(seed)
            while (to_act := game.to_act) is not None:
                game.apply(bots[to_act].choose(game.view(to_act), game.legal_actions()))
            if not game.winners:
                points += 0.5
            elif seat in game.winners:
                points += 1.0
            played += 1
    return points / played if played else 0.0, played


def _game(scenario: str, bot: ISMCTSBot, seed: int, seat: int) -> tuple[float, int, int]:
    """One game of ``bot`` in ``seat`` against HeuristicBot: its points, the decisions it
    searched and the rollouts they ran."""
    game = new_game(scenario, seed=seed)
    bots: list[Bot] = [HeuristicBot(seed * 7 + s) for s in range(game.seats)]
    bots[seat] = bot
    searched = rollouts = 0
    while (to_act := game.to_act) is not None:
        game.apply(bots[to_act].choose(game.view(to_act), game.legal_actions()))
        if to_act == seat and bot.last_iterations:
            searched += 1
            rollouts += bot.last_iterations
    if not game.winners:
        return 0.5, searched, rollouts
    return (1.0 if seat in game.winners else 0.0), searched, rollouts


def paired(
    scenario: str,
    makers: Mapping[str, Callable[[int], ISMCTSBot]],
    seeds: range,
    rows: Path | None = None,
) -> dict[str, list[tuple[float, int, int]]]:
    """Per bot, game by game: its points, searched decisions and rollouts against
    HeuristicBot on ``seeds``, in either seat; the bots take turns game by game (in an order
    that alternates), so load on the machine falls on them alike. Each game is appended to
    ``rows`` (JSON lines) as it ends."""
    names = list(makers)
    out: dict[str, list[tuple[float, int, int]]] = {name: [] for name in names}
    for seed in seeds:
        for seat in (0, 1):
            for name in names if (seed + seat) % 2 == 0 else names[::-1]:
                found = _game(scenario, makers[name](seed), seed, seat)
                out[name].append(found)
                if rows is not None:
                    line = {"scenario": scenario, "seed": seed, "seat": seat, "bot": name}
                    line.update(zip(("points", "searched", "rollouts"), found, strict=True))
                    with rows.open("a", encoding="utf-8") as handle:
                        handle.write(json.dumps(line) + "\n")
    return out


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def main_paired(first: int, last: int, scenario: str = "duel", rows: Path | None = None) -> None:
    """Both search bots (default options, :data:`MATCH_MS` a decision) against HeuristicBot
    in ``scenario`` on seeds ``first`` to ``last - 1``, in turn; scores and the paired
    difference."""
    found = paired(
        scenario,
        {
            "ISMCTSBot": lambda k: ISMCTSBot(k, time_ms=MATCH_MS),
            "FastISMCTSBot": lambda k: FastISMCTSBot(k, time_ms=MATCH_MS),
        },
        range(first, last),
        rows,
    )
    print(
        f"{scenario}, seeds {first}–{last - 1}, both seats, "
        f"{MATCH_MS:.0f} ms a decision (wall time):"
    )
    print(summary(found))


def summary(found: dict[str, list[tuple[float, int, int]]]) -> str:
    """Each bot's score ± its standard error, its rollouts a searched decision and the
    paired difference FastISMCTSBot − ISMCTSBot, from the games of :func:`paired`."""
    lines = []
    for name, games in found.items():
        mean, err = _mean_error([g[0] for g in games])
        searched = sum(g[1] for g in games)
        rate = sum(g[2] for g in games) / searched if searched else 0.0
        lines.append(
            f"{name:<14} score {mean:.3f} ± {err:.3f} over {len(games)} games, "
            f"{rate:.0f} rollouts a searched decision"
        )
    diffs = [f[0] - r[0] for f, r in zip(found["FastISMCTSBot"], found["ISMCTSBot"], strict=True)]
    mean, err = _mean_error(diffs)
    lines.append(f"paired by game, FastISMCTSBot − ISMCTSBot: {mean:+.3f} ± {err:.3f}")
    return "\n".join(lines)


def read_rows(paths: Iterable[Path]) -> dict[str, list[tuple[float, int, int]]]:
    """The games of ``--rows`` files, per bot in the order of (seed, seat); games whose
    twin (the other bot, same seed and seat) is missing are left out."""
    games: dict[tuple[int, int], dict[str, tuple[float, int, int]]] = {}
    for path in paths:
        for text in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(text)
            found = (float(row["points"]), int(row["searched"]), int(row["rollouts"]))
            games.setdefault((row["seed"], row["seat"]), {})[row["bot"]] = found
    names = ("ISMCTSBot", "FastISMCTSBot")
    both = sorted(key for key, bots in games.items() if all(n in bots for n in names))
    return {name: [games[key][name] for key in both] for name in names}


def main(options: Sequence[str] = ()) -> None:
    """Print rollouts per second of both search bots, then their matches (or, with
    ``--paired FIRST:LAST``, the paired strength comparison alone)."""
    if options:
        main_options(options)
        return
    new_game("gangs", seed=0)  # tables and path graphs, untimed
    print(
        f"{'scenario':<8} {'budget':>6} {'bot':<14} {'decisions':>9} {'ms':>7} {'rollouts/s':>10}"
    )
    for scenario, budget, games in CASES:
        rates = rollout_rates(scenario, budget, games)
        for name, (rate, ms, n) in rates.items():
            print(f"{scenario:<8} {budget:>6} {name:<14} {n:>9} {ms:7.1f} {rate:10.0f}")
        ratio = rates["FastISMCTSBot"][0] / rates["ISMCTSBot"][0]
        print(f"{scenario:<8} {'':>6} {'fast / ref':<14} {'':>9} {'':>7} {ratio:9.2f}×")
    seeds = int(os.environ.get("BENCH_ISMCTS_GAMES", "12"))
    if not seeds:
        return
    print(f"\nAgainst HeuristicBot at {MATCH_MS:.0f} ms a decision (wall time), seats swapped:")
    for scenario, share in MATCH_SCENARIOS:
        n = max(1, round(seeds * share))
        for name, make in (
            ("ISMCTSBot", lambda k: ISMCTSBot(k, time_ms=MATCH_MS)),
            ("FastISMCTSBot", lambda k: FastISMCTSBot(k, time_ms=MATCH_MS)),
        ):
            score, played = match(scenario, make, n)
            print(f"{scenario:<8} {name:<14} score {score:.3f} over {played} games")


USAGE = (
    "options: --paired FIRST:LAST [--scenario duel|gangs] [--rows FILE] (game seeds), "
    "or --summary FILE... (rows files of one scenario)"
)


def main_options(options: Sequence[str]) -> None:
    """``--paired FIRST:LAST [--scenario S] [--rows FILE]`` or ``--summary FILE...``."""
    if options[0] == "--summary" and len(options) > 1:
        print(summary(read_rows(Path(o) for o in options[1:])))
        return
    if options[0] != "--paired" or len(options) % 2:
        raise SystemExit(USAGE)
    given = dict(zip(options[::2], options[1::2], strict=True))
    unknown = set(given) - {"--paired", "--scenario", "--rows"}
    scenario = given.get("--scenario", "duel")
    if unknown or scenario not in ("duel", "gangs"):
        raise SystemExit(USAGE)
    try:
        first, last = (int(x) for x in given["--paired"].split(":"))
    except ValueError:
        raise SystemExit(USAGE) from None
    rows = Path(given["--rows"]) if "--rows" in given else None
    main_paired(first, last, scenario, rows)
