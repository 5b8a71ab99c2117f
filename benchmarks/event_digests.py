"""Seeded bot games hashed: the same digests before and after a change that must not change play.

``python -m benchmarks.event_digests [--games N] [--out FILE] [--interfaces M]``

Plays ``N`` seeded games (default 250) of each configuration below with random and
heuristic bots, and prints one SHA-256 per configuration and one over all of them. A
game's line hashes its whole event log (``events_digest``, public and private events),
every view the bots decided from (without the events, which the log hashes) and, at
the end, every seat's whole view and the public view (``Game.view(None)``; before it
existed, the web's spectator view). ``--out`` writes one line per game, to diff two
runs game by game.

``--interfaces M`` also hashes what the interfaces show at every 9th decision of the
first ``M`` games of each configuration: the web's buttons, move rulers and attack
previews, the terminal's labelled choices and typed moves, and the environment's
observations and action slots. The digests do not depend on the code's layout, so a
run on an older checkout (``PYTHONPATH=/tmp/base/src``) is compared with a run on the
new one: equal digests, equal behaviour.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from totenblatt.wanted import Game, new_game
from totenblatt.wanted.bots import Bot, HeuristicBot, RandomBot
from totenblatt.wanted.engine.save import events_digest

CONFIGS = (
    ("duel", "base"),
    ("duel", "extended"),
    ("gangs", "base"),
    ("heroes", "extended"),
    ("three-way", "base"),
)
"""(scenario, ruleset) pairs: every built-in scenario, the extended rules with heroes."""


class Sink:
    """A hash that can also write what it hashes, one line each (``--dump``)."""

    def __init__(self, dump: TextIO | None = None) -> None:
        self._sha = hashlib.sha256()
        self._dump = dump

    def update(self, data: bytes) -> None:
        """Hash ``data`` (and write it)."""
        self._sha.update(data)
        if self._dump is not None:
            self._dump.write(data.decode("utf-8", "backslashreplace") + "\n")

    def hexdigest(self) -> str:
        """The digest so far."""
        return self._sha.hexdigest()


Probe = Callable[[Game, Sink], None]


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()


def _bots(game: Game, seed: int) -> list[Bot]:
    return [
        HeuristicBot(seed * 16 + s) if (seed + s) % 2 == 0 else RandomBot(seed * 16 + s)
        for s in range(game.seats)
    ]


def public_view(game: Game) -> dict[str, Any]:
    """The view of nobody's seat: ``Game.view(None)``, or the web's spectator view before it."""
    try:
        return dict(game.view(None))  # older engines: seats only (ValueError)
    except ValueError:
        from totenblatt.web.table.payloads import public_view as web_public_view  # type: ignore

        return dict(web_public_view(game))


def play(
    scenario: str, ruleset: str, seed: int, probe: Probe | None = None, dump: TextIO | None = None
) -> tuple[str, str]:
    """One game's digest (events, the views decided from, the final views of all) and the
    digest of what ``probe`` saw (empty without one)."""
    game = new_game(scenario, ruleset, seed)
    bots = _bots(game, seed)
    views = hashlib.sha256()
    shown = Sink(dump)
    decisions = 0
    while (seat := game.to_act) is not None:
        view = game.view(seat)
        views.update(_dump({k: v for k, v in view.items() if k != "events"}))
        views.update(str(len(view["events"])).encode())
        if probe is not None and decisions % 9 == 0:
            probe(game, shown)
        game.apply(bots[seat].choose(view, game.legal_actions()))
        decisions += 1
        if decisions > 100_000:
            raise RuntimeError(f"{scenario}/{ruleset}/{seed} did not end")
    for s in range(game.seats):
        views.update(_dump(game.view(s)))
    views.update(_dump(public_view(game)))
    digest = f"{events_digest(game.event_dicts())} {views.hexdigest()}"
    return hashlib.sha256(digest.encode()).hexdigest(), shown.hexdigest() if probe else ""


def interface_probe() -> Probe:
    """What the web table, the terminal and the environment show at a decision, hashed."""
    from totenblatt.cli._play_choices import PlayContext, build_choices
    from totenblatt.cli._play_input import Command, InputError, parse_input
    from totenblatt.cli.app import Lang
    from totenblatt.cli.board import figure_labels
    from totenblatt.wanted.encoding.observation import ObservationLayout
    from totenblatt.wanted.encoding.slots import ActionSlots
    from totenblatt.wanted.engine import Move, action_to_dict
    from totenblatt.web.table.previews import PreviewError, attack_preview, choices, move_preview

    def guarded(h: Sink, fn: Callable[..., Any], *args: Any) -> None:
        try:
            h.update(_dump(fn(*args)))
        except (PreviewError, InputError) as exc:
            h.update(_dump([type(exc).__name__, str(exc)]))

    def probe(game: Game, h: Sink) -> None:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions()
        lang = "de" if game.round % 2 else "en"
        h.update(_dump(choices(game, view, legal, lang)))
        st = game.state
        own = [f for f in st.figures if f.seat == seat and not f.out]
        enemies = [f for f in st.figures if f.seat != seat and not f.out]
        offered = [m for m in legal if isinstance(m, Move)][:3]
        for fig in own:
            x, y = fig.pos
            goals = [(x + 5.0, y + 3.0), (x - 7.5, y + 9.25), (x + 0.5, y - 20.0)]
            goals += [s.path[-1] for m in offered for s in m.steps if s.figure == fig.name][:2]
            for goal in goals:
                req: dict[str, Any] = {"figure": fig.name, "goal": list(goal)}
                guarded(h, move_preview, game, seat, req, lang)
                hand = view["hand"]
                if hand:
                    card = dict(req, card=hand[0], hide=True)
                    guarded(h, move_preview, game, seat, card, lang)
                other = [f for f in own if f is not fig]
                if other:
                    o = other[0]
                    split = dict(
                        req,
                        steps=[{"figure": o.name, "path": [list(o.pos), [o.pos[0] + 1, o.pos[1]]]}],
                    )
                    guarded(h, move_preview, game, seat, split, lang)
            for enemy in enemies:
                req = {"attacker": fig.name, "target": enemy.name}
                guarded(h, attack_preview, game, seat, view, req, lang)
        for other_seat in range(game.seats):
            if other_seat != seat:
                theirs = [f for f in st.figures if f.seat == other_seat and not f.out]
                if theirs:
                    f = theirs[0]
                    req = {"figure": f.name, "goal": [f.pos[0] + 2, f.pos[1] + 2]}
                    guarded(h, move_preview, game, other_seat, req, lang)
        # the terminal
        letters = figure_labels(f.name for f in game.scenario.figures)
        table = game.scenario.table(game.ruleset)
        ctx = PlayContext(game.ruleset, table, Lang(lang), letters, judge=game.refusal, game=game)
        for advice in (None, legal[0]):
            listed = build_choices(view, legal, ctx, advice=advice)
            h.update(
                _dump(
                    [
                        [action_to_dict(c.action), c.label, c.short, c.group, c.advised]
                        for c in listed
                    ]
                )
            )
        typed = []
        for fig in own:
            x, y = fig.pos
            typed += [
                f"move {fig.name} {x + 4.5:.1f},{y + 2:.1f}",
                f"move {fig.name} {x - 6:.1f},{y + 11:.1f} hide",
            ]
            if view["hand"]:
                typed.append(f"move {fig.name} {x + 3:.1f},{y:.1f} with {view['hand'][-1]}")
            typed += [f"shoot {fig.name} {e.name}" for e in enemies]

        def read(text: str) -> Any:
            action = parse_input(text, listed, view, ctx, legal)
            return repr(action) if isinstance(action, Command) else action_to_dict(action)

        for text in typed:
            guarded(h, read, text)
        # the environment
        layout = ObservationLayout(game.scenario, game.ruleset)
        h.update(layout.encode(view).tobytes())
        slots = ActionSlots(game.scenario, game.ruleset)
        table_of = slots.encode(legal, seat)
        h.update(_dump(sorted((i, action_to_dict(a)) for i, a in table_of.items())))

    return probe


def main(argv: list[str] | None = None) -> int:
    """Play, hash, print; ``--out`` the per-game digests."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.event_digests")
    parser.add_argument("--games", type=int, default=250, help="games per configuration")
    parser.add_argument("--out", help="write one line per game here")
    parser.add_argument("--interfaces", type=int, default=0, help="games per configuration probed")
    parser.add_argument("--dump", help="write what the interface probe hashes here, to diff")
    args = parser.parse_args(argv)
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    probe = interface_probe() if args.interfaces else None
    lines = []
    total, shown = hashlib.sha256(), hashlib.sha256()
    for scenario, ruleset in CONFIGS:
        config = hashlib.sha256()
        for seed in range(args.games):
            probed = probe if seed < args.interfaces else None
            digest, seen = play(scenario, ruleset, seed, probed, dump)
            config.update(digest.encode())
            shown.update(seen.encode())
            lines.append(f"{scenario} {ruleset} {seed} {digest} {seen}".rstrip())
        total.update(config.hexdigest().encode())
        print(f"{scenario:10} {ruleset:9} {args.games} games  {config.hexdigest()}", flush=True)
    print(f"all {len(lines)} games  {total.hexdigest()}")
    if probe is not None:
        print(
            f"interfaces at every 9th decision of {args.interfaces} games each  {shown.hexdigest()}"
        )
    if dump is not None:
        dump.close()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
