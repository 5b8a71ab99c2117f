"""What a simulation run plays: scenario, ruleset, options, bots and the run's seed.

A :class:`RunSpec` is plain, picklable data. Game *i* of a run is played from
``derive_seed(spec.seed, i)`` alone (bots from ``derive_seed(spec.seed, i, seat)``),
so its result does not depend on the worker, the order or the cluster.

>>> derive_seed(3, 0) == derive_seed(3, 0), derive_seed(3, 0) != derive_seed(3, 1)
(True, True)
>>> spec = RunSpec.make("duel", "base", bots=["heuristic", "random"], seed=3)
>>> spec.bots, spec.bots_for(1)
(('heuristic', 'random'), ('heuristic', 'random'))
>>> parse_option("hand_mode=per_character")
('hand_mode', 'per_character')
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from totenblatt.wanted import new_game
from totenblatt.wanted.bots import Bot, HeuristicBot, PolicyError, registry
from totenblatt.wanted.bots.fast_search import HardBot
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import Scenario, load_scenario

__all__ = [
    "PREVIOUS_HEURISTIC",
    "RunSpec",
    "bot_names",
    "check_bot",
    "derive_seed",
    "make_bot",
    "parse_option",
]

_MASK = (1 << 63) - 1

PREVIOUS_HEURISTIC = "heuristic-v1"
"""The heuristic bot as it played before it sought fights (``aggressive=False``): the
ladder's yardstick."""


def bot_names() -> tuple[str, ...]:
    """The kinds of bot ``--bots`` accepts (``ismcts`` with a rollout budget: ``ismcts:200``)."""
    return (*registry.bot_names(), PREVIOUS_HEURISTIC)


def check_bot(name: str) -> str:
    """``name`` normalised; refused when the bot's play would depend on the machine's speed."""
    if name.strip().lower() == PREVIOUS_HEURISTIC:
        return PREVIOUS_HEURISTIC
    found = registry.check_bot_name(name)
    if found.endswith("ms"):
        raise ValueError(
            f"bot {name!r} thinks for a time, so its games depend on the machine: "
            "give a rollout budget for simulations (e.g. ismcts:200)"
        )
    return found


def make_bot(name: str, seed: int, scenario: Scenario, ruleset: Ruleset) -> Bot:
    """A bot by name (see :mod:`totenblatt.wanted.bots.registry`) for the game's rules; the
    hard bot without its wall-clock cap (its games then depend on the seed alone)."""
    if name == PREVIOUS_HEURISTIC:
        return HeuristicBot(seed, ruleset=ruleset, scenario=scenario, aggressive=False)
    bot = registry.make_bot(name, seed, scenario, ruleset)
    if isinstance(bot, HardBot):
        bot.time_ms = None
    return bot


def derive_seed(*parts: int) -> int:
    """A 63-bit seed made from ``parts`` alone (BLAKE2b), e.g. (run seed, game index).

    >>> derive_seed(3, 0)
    6409513195279240911
    """
    text = ":".join(str(int(p)) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & _MASK


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` of ``--option``: the value read as TOML (``3``, ``true``, ``"x"``), else text.

    >>> parse_option("cards.jokers=0"), parse_option("cover_without_heart=false")
    (('cards.jokers', 0), ('cover_without_heart', False))
    """
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise ValueError(f"option {text!r} is not key=value (e.g. hand_mode=per_character)")
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    if isinstance(value, dict):
        raise ValueError(f"option {text!r}: expected a single value, not a table")
    return key, value


@dataclass(frozen=True, slots=True)
class RunSpec:
    """A run: what every game plays. ``rotate`` turns the bots one seat on per game index."""

    scenario: Scenario
    ruleset: Ruleset
    bots: tuple[str, ...]
    seed: int
    rotate: bool = False
    options: tuple[tuple[str, Any], ...] = ()
    """The ``--option`` pairs already applied to ``ruleset`` (kept to describe the run)."""
    scenario_ref: str = ""
    """How the user named the scenario (a built-in name or a file); for the record."""
    ruleset_ref: str = ""
    """How the user named the ruleset (a built-in name or a file); for the record."""
    key: str = field(default="", compare=False)
    """A digest of scenario and ruleset: workers keep one built table per key."""

    @classmethod
    def make(
        cls,
        scenario: str | Path | Scenario,
        ruleset: str | Path | Ruleset = "base",
        *,
        bots: Sequence[str],
        seed: int,
        options: Iterable[tuple[str, Any]] = (),
        rotate: bool = False,
    ) -> RunSpec:
        """Load scenario and ruleset, apply ``options``, check the bots against the seats."""
        scen = load_scenario(scenario)
        rules = Ruleset.load(ruleset)
        opts = tuple(options)
        if opts:
            rules = rules.with_options(**dict(opts))
        new_game(scen, rules, seed=0)  # every check the engine makes, before any worker starts
        names = tuple(b.strip() for b in bots)
        if len(names) == 1:
            names = names * scen.seats
        if len(names) != scen.seats:
            raise ValueError(
                f"--bots names {len(names)} bots for scenario {scen.name!r} with {scen.seats} "
                f"seats: expected one bot, or one per seat (e.g. {','.join(['heuristic'] * 2)})"
            )
        names = tuple(check_bot(name) for name in names)
        for name in dict.fromkeys(names):  # a bot that cannot play these rules says so now
            try:
                make_bot(name, 0, scen, rules)
            except (PolicyError, FastUnsupportedError) as exc:
                raise ValueError(f"bot {name!r} cannot play this game: {exc}") from None
        if seed < 0:
            raise ValueError(f"seed {seed} is negative: expected 0 or more")
        scen_ref = str(scenario.name if isinstance(scenario, Scenario) else scenario)
        rules_ref = ruleset.name if isinstance(ruleset, Ruleset) else str(ruleset)
        digest = hashlib.blake2b(
            (repr(scen) + rules.model_dump_json()).encode(), digest_size=12
        ).hexdigest()
        return cls(scen, rules, names, int(seed), rotate, opts, scen_ref, rules_ref, digest)

    def bots_for(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game ``index`` (turned by ``index`` seats when rotating)."""
        if not self.rotate:
            return self.bots
        n = len(self.bots)
        shift = index % n
        return tuple(self.bots[(seat - shift) % n] for seat in range(n))

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``."""
        return derive_seed(self.seed, index)

    def describe(self) -> dict[str, Any]:
        """The run as JSON data (stored with the results; compared on ``--resume``)."""
        return {
            "scenario": self.scenario_ref or self.scenario.name,
            "ruleset": self.ruleset_ref or self.ruleset.name,
            "options": dict(self.options),
            "round_limit": self.scenario.round_limit,
            "digest": self.key,
            "bots": list(self.bots),
            "rotate": self.rotate,
            "seed": self.seed,
        }
