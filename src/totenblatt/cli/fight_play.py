"""``totenblatt fight play GANG_A GANG_B``: two campaign gangs fight on the engine, then B4-B5.

The gangs' living members, kinds, weapons, HP and abilities become the figures of a template
scenario (:func:`totenblatt.campaign.battle.start_fight`); bots or people play the fight;
the result is recorded for both gangs in one transaction with the seed, and both rosters
are printed with what changed. Exit status: 0 recorded, 1 a person quit (nothing
recorded), 2 refused (one line: unknown or equal gangs, a gang nobody is left in, a human
seat without a terminal, a bad option).
"""

from __future__ import annotations

import random
import secrets
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from totenblatt.campaign import (
    Event,
    FightOutcome,
    Gang,
    after_fight,
    sacrifice_candidates,
)
from totenblatt.campaign.battle import (
    Battle,
    BattleError,
    Fight,
    conceded_seats,
    fight_outcomes,
    side_kills,
    side_results,
    start_fight,
)
from totenblatt.campaign.events import event_to_dict as campaign_event
from totenblatt.campaign.events import notable
from totenblatt.campaign.outcomes import outcome_args, survivors_hp
from totenblatt.cli._play_replay import Ask
from totenblatt.cli.app import console, fail, print_json
from totenblatt.cli.campaign import BadOptionError, fight_app, roster_table
from totenblatt.cli.options import (
    STORED_SEED_MAX,
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    quiet_option,
    resolve_lang,
    ruleset_option,
    scenario_option,
    seats_option,
    seed_option,
)
from totenblatt.cli.play import (
    SeatKind,
    Session,
    kind_label,
    parse_seats,
    seat_bot,
    stdin_is_terminal,
)
from totenblatt.messages import Message
from totenblatt.text import Narrator, words
from totenblatt.text.campaign import describe
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import kind_name, scenario_title
from totenblatt.wanted.bots import (
    Bot,
    bot_seed,
    fast_bots,
    play_game,
    play_on_fast_path,
)
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine.events import (
    Conceded,
    FigureOut,
    GameEnded,
    RoundStarted,
    event_to_dict,
)
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.wanted.rules import Ruleset

if TYPE_CHECKING:
    from totenblatt.store import Change

Step = Callable[[Gang, Ruleset, random.Random], tuple[Gang, tuple[Event, ...]]]
"""A post-fight step for ``Gangs.change_many``."""

__all__ = ["FightResult", "fight_play", "run_fight_play"]

_err = Console(stderr=True, highlight=False, markup=False)


@dataclass(frozen=True, slots=True)
class FightResult:
    """What ``fight play`` did: the battle, the finished game and both gangs' changes."""

    battle: Battle
    game: Game
    changes: tuple[Change, ...]

    @property
    def winner(self) -> str | None:
        """The winning gang's name, None on a draw."""
        seat = self.game.winner
        return None if seat is None else self.battle.sides[seat].gang.name


def _ruleset_path(ruleset: str | None) -> str | None:
    """A ruleset file given on the command line, as an absolute path (logged with the fight)."""
    if ruleset is not None and ("/" in ruleset or ruleset.endswith(".toml")):
        return str(Path(ruleset).expanduser().absolute())
    return ruleset


def _check_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbits(63)  # secret while the fight is played; the log keeps it
    if not 0 <= seed < 2**63:
        raise BadOptionError(f"--seed {seed!r}: expected a whole number from 0 to 2**63-1")
    return seed


def _bots(kinds: Sequence[SeatKind], battle: Battle, rules: Ruleset, seed: int) -> list[Bot]:
    """The same bots, seeded the same way, as ``totenblatt play`` (the bot registry's,
    ``bot_seed(seed, seat)``): an ``ismcts`` seat is the search bot."""
    return [seat_bot(kind, seed, seat, battle.scenario, rules) for seat, kind in enumerate(kinds)]


def _play_bots(
    game: Game, kinds: Sequence[SeatKind], battle: Battle, rules: Ruleset, seed: int
) -> None:
    """Bots play the fight: on the fast path wherever its rules and every seat's bot allow
    (the fast bots decide, the engine's game follows every decision and keeps every event),
    else the registry's bots on the engine."""
    names = [_FAST_NAMES.get(kind) for kind in kinds]
    seeds = [bot_seed(seed, seat) for seat in range(len(kinds))]
    seats = None
    if None not in names:
        seats = fast_bots([n for n in names if n], seeds, battle.scenario, rules)
    if seats is not None:
        try:
            play_on_fast_path(game, seats)
            return
        except FastUnsupportedError:
            pass  # the fast path refused the rules before any decision: the engine's bots
    play_game(game, _bots(kinds, battle, rules, seed))


_FAST_NAMES = {SeatKind.BOT: "heuristic", SeatKind.RANDOM: "random"}
"""The bot seat kinds with a fast form (the search decides from a view: the engine's)."""


def _narrate(game: Game, battle: Battle, lang: Lang, out: Console, *, quiet: bool) -> None:
    """The fight in brief: who was shot by whom and when, concessions, the result."""
    labels = [side.gang.name for side in battle.sides]
    narrator = Narrator(lang, labels, ruleset=game.ruleset)
    w = words(lang)
    current = 0
    for event in game.events:
        if isinstance(event, RoundStarted):
            current = event.round
        told = isinstance(event, GameEnded) or (
            not quiet
            and (
                isinstance(event, Conceded)
                or (isinstance(event, FigureOut) and event.killer is not None)
            )
        )
        if not told:
            continue
        line: str | None
        if isinstance(event, GameEnded) and event.reason == "concession" and event.winners:
            winner, loser = labels[event.winners[0]], labels[1 - event.winners[0]]
            line = w.phrase("{winner} wins — {loser} concedes.", winner=winner, loser=loser)
        else:
            line = narrator.event(event_to_dict(event))
        if line is None:  # pragma: no cover - every told event has a line
            continue
        if isinstance(event, GameEnded):
            after = w.phrase_n(
                "After {n} round: {line}", "After {n} rounds: {line}", game.round, line=line
            )
            out.print(Text(after, style="bold"))
        else:
            out.print(Text(w.phrase("Round {round}: {line}", round=current, line=line)))


def _ask_sacrifice(
    gang: Gang, outcome: FightOutcome, ask: Ask, lang: Lang, out: Console
) -> str | None:
    """Ask the conceding person whom to sacrifice (B4); None keeps the default choice."""
    final = survivors_hp(outcome)
    candidates = sacrifice_candidates(gang, final)
    if len(candidates) < 2:
        return None
    w = words(lang)
    out.print(
        Text(
            w.phrase("{gang} concedes: who sacrifices themself (B4)?", gang=gang.name), style="bold"
        )
    )
    for i, m in enumerate(candidates, start=1):
        mark = " ★" if m.name == outcome.sacrifice else ""
        out.print(Text(f"{i:>3} {m.name} ({kind_name(m.kind, lang)}, {final[m.name]} HP){mark}"))
    while True:
        try:
            answer = ask(w.phrase("Number (Enter: ★) > ")).strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(candidates):
            return candidates[int(answer) - 1].name
        out.print(Text(w.phrase("? a number from the list"), style="yellow"))


def _guarded(played: Gang, outcome: FightOutcome) -> Step:
    """The post-fight step, refused when the gang changed while the fight was played."""

    def step(gang: Gang, rules: Ruleset, rng: random.Random) -> tuple[Gang, tuple[Event, ...]]:
        if gang != played:
            raise BattleError(
                f"gang {gang.name!r} changed while the fight was played (another command?): "
                "nothing recorded"
            )
        return after_fight(gang, outcome, rules, rng)

    return step


def _args(
    battle: Battle,
    game: Game,
    seat: int,
    outcome: FightOutcome,
    *,
    scenario: str,
    ruleset: str,
    kinds: Sequence[SeatKind],
) -> dict[str, Any]:
    winner = game.winner
    return {
        "opponent": battle.sides[1 - seat].gang.name,
        "result": side_results(battle, game)[seat].value,
        "kills": side_kills(battle, game)[seat],
        "seat": seat,
        "scenario": scenario,
        "ruleset": ruleset,
        "seats": [k.value for k in kinds],
        "winner": None if winner is None else battle.sides[winner].gang.name,
        "end_reason": game.end_reason,
        "rounds": game.round,
        **outcome_args(outcome),
    }


def run_fight_play(
    gang_a: str,
    gang_b: str,
    *,
    scenario: str = "gangs",
    seats: str = "bot,bot",
    seed: int | None = None,
    ruleset: str | None = None,
    lang: Lang = Lang.EN,
    as_json: bool = False,
    quiet: bool = False,
    db: str | None = None,
    out: Console | None = None,
    ask: Ask | None = None,
    is_terminal: Callable[[], bool] = stdin_is_terminal,
) -> int:
    """Play and record one fight; the exit status (0 recorded, 1 quit). ValueError: refused.

    ``ask`` feeds human seats (and the sacrifice question) without a terminal, for tests.
    The steps: refuse a human seat without a terminal, set the fight up from both gangs,
    play it, settle the sacrifices of a concession, record both gangs, report.
    """
    kinds = parse_seats(seats, 2)
    humans = [s for s, k in enumerate(kinds) if k is SeatKind.HUMAN]
    if humans and ask is None and not is_terminal():
        _refuse_without_terminal(gang_a, gang_b)
    text_out = out or (_err if as_json else console)
    the_seed = _check_seed(seed)
    fight = _set_up(gang_a, gang_b, scenario, ruleset, db, the_seed)
    battle, rules, game = fight.battle, fight.ruleset, fight.game
    ruleset_ref = _ruleset_path(ruleset) or battle.sides[0].gang.ruleset
    played = _fight(
        game, battle, kinds, rules, the_seed, lang, text_out, ask=ask, as_json=as_json, quiet=quiet
    )
    if not played:
        return 1
    outcomes = _outcomes(battle, game, humans, ask, lang, text_out)
    result = _record(battle, game, outcomes, kinds, scenario, ruleset_ref, the_seed, db)
    if as_json:
        print_json(_json(result, scenario, ruleset_ref, kinds, the_seed))
    else:
        _report(result, lang, text_out, the_seed)
    return 0


def _refuse_without_terminal(gang_a: str, gang_b: str) -> None:
    """A human seat needs a terminal to type into (exit 2 with one line)."""
    fail(
        Message(
            "a human seat needs a terminal to type into, but standard input is not one; "
            "to let bots fight: totenblatt fight play {a} {b} --seats bot,bot",
            a=repr(gang_a),
            b=repr(gang_b),
        )
    )


def _set_up(
    gang_a: str, gang_b: str, scenario: str, ruleset: str | None, db: str | None, seed: int
) -> Fight:
    """Both gangs from the store and their fight, dealt (:func:`start_fight`, as on the web)."""
    from totenblatt.store import Store

    with Store(db) as store:
        a = store.gangs.get(gang_a)
        b = store.gangs.get(gang_b)
    return start_fight([a, b], scenario, _ruleset_path(ruleset), seed)


def _fight(
    game: Game,
    battle: Battle,
    kinds: Sequence[SeatKind],
    rules: Ruleset,
    seed: int,
    lang: Lang,
    out: Console,
    *,
    ask: Ask | None,
    as_json: bool,
    quiet: bool,
) -> bool:
    """Play the game to its end (people at a session, or bots) and tell it; False: quit."""
    sides = [side.gang for side in battle.sides]
    if SeatKind.HUMAN in kinds:
        w = words(lang)
        heading = w.phrase("Player 1 = {a} · Player 2 = {b}", a=sides[0].name, b=sides[1].name)
        out.print(Text(heading, style="bold"))
        session = Session(game, kinds, lang=lang, out=out, ask=ask, seed=seed)
        if not session.run():
            out.print(w.phrase("The fight was not finished: nothing recorded."))
            return False
    else:
        if not as_json:
            title = scenario_title(battle.scenario, lang)
            who = words(lang).phrase(" vs ").join(kind_label(k, lang) for k in kinds)
            heading = words(lang).phrase(
                "{title} — {seats}, seed {seed}", title=title, seats=who, seed=seed
            )
            out.print(Text(heading, style="bold underline"))
        _play_bots(game, kinds, battle, rules, seed)
    if not as_json:
        _narrate(game, battle, lang, out, quiet=quiet or SeatKind.HUMAN in kinds)
    return True


def _outcomes(
    battle: Battle,
    game: Game,
    humans: Sequence[int],
    ask: Ask | None,
    lang: Lang,
    out: Console,
) -> list[FightOutcome]:
    """Each gang's outcome; a person whose side conceded chooses who is sacrificed (B4)."""
    outcomes = list(fight_outcomes(battle, game))
    chosen: dict[int, str] = {}
    for seat in sorted(conceded_seats(game)):
        if seat in humans:
            reader: Ask = ask if ask is not None else (lambda prompt: out.input(prompt))
            name = _ask_sacrifice(battle.sides[seat].gang, outcomes[seat], reader, lang, out)
            if name is not None:
                chosen[seat] = name
    if chosen:
        outcomes = list(fight_outcomes(battle, game, chosen))
    return outcomes


def _record(
    battle: Battle,
    game: Game,
    outcomes: Sequence[FightOutcome],
    kinds: Sequence[SeatKind],
    scenario: str,
    ruleset: str,
    seed: int,
    db: str | None,
) -> FightResult:
    """Record the fight for both gangs in one transaction, with the seed (B4, B5)."""
    from totenblatt.store import Store

    steps = [
        (
            side.gang.name,
            _guarded(side.gang, outcomes[side.seat]),
            _args(
                battle,
                game,
                side.seat,
                outcomes[side.seat],
                scenario=scenario,
                ruleset=ruleset,
                kinds=kinds,
            ),
        )
        for side in battle.sides
    ]
    with Store(db) as store:
        changes = store.gangs.change_many(steps, "fight play", seed=seed)
    return FightResult(battle, game, tuple(changes))


def _json(
    result: FightResult, scenario: str, ruleset: str, kinds: Sequence[SeatKind], seed: int
) -> dict[str, Any]:
    game = result.game
    conceded = [result.battle.sides[s].gang.name for s in sorted(conceded_seats(game))]
    return {
        "fight": {
            "scenario": scenario,
            "ruleset": ruleset,
            "seed": seed,
            "seats": [k.value for k in kinds],
            "rounds": game.round,
            "end_reason": game.end_reason,
            "winner": result.winner,
            "conceded": conceded,
        },
        "gangs": [c.gang.to_dict() for c in result.changes],
        "changes": [
            {"gang": c.gang.name, "events": [campaign_event(e) for e in c.events]}
            for c in result.changes
        ],
    }


def _report(result: FightResult, lang: Lang, out: Console, seed: int) -> None:
    """Both gangs: what changed (deaths, recovery, abilities drawn, promotions), the roster."""
    w = words(lang)
    for change in result.changes:
        out.print()
        out.print(Text(w.phrase("{gang} after the fight", gang=change.gang.name), style="bold"))
        for event in notable(change.events):
            out.print(Text("• " + describe(event, lang)))
        out.print(roster_table(change.gang, lang))
    undo = " · ".join(f"totenblatt fight undo {shlex.quote(c.gang.name)}" for c in result.changes)
    out.print(
        Text(
            w.phrase(
                "seed {seed} · recorded for both gangs; to take it back: {undo}",
                seed=seed,
                undo=undo,
            ),
            style="dim",
        )
    )


_PLAY_HELP = N_(
    "Play a campaign fight between two gangs on the engine and record it for both (B4, B5).\n\n"
    "The living members of both gangs are the scenario's figures, each with the weapon of "
    "its roster; the result is recorded for both gangs."
)


@fight_app.command("play", help=_PLAY_HELP)
def fight_play(
    gang_a: Annotated[
        str, typer.Argument(metavar="GANG_A", help=N_("The gang of player 1 (seat 1)."))
    ],
    gang_b: Annotated[
        str, typer.Argument(metavar="GANG_B", help=N_("The gang of player 2 (seat 2)."))
    ],
    scenario: Annotated[
        str,
        scenario_option(
            N_(
                "Template scenario (built-in name or TOML file): its table, terrain and "
                "starting spots; the gangs are the figures, with their own weapons."
            )
        ),
    ] = "gangs",
    seats: Annotated[
        str,
        seats_option(
            N_(
                "Who plays each gang, comma-separated: bot (heuristic), random or human "
                "(needs a terminal)."
            )
        ),
    ] = "bot,bot",
    seed: Annotated[
        int | None,
        seed_option(
            N_(
                "Seed of the fight and the draws after it, 0 to 2**63-1 (default: a secret "
                "one, logged with the result)."
            ),
            most=STORED_SEED_MAX,
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        ruleset_option(N_("Ruleset name or TOML file (default: the gangs' own).")),
    ] = None,
    quiet: Annotated[bool, quiet_option(N_("Tell only the result, not every kill."))] = False,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Play a campaign fight between two gangs on the engine and record it for both (B4, B5).

    The living members of both gangs are the scenario's figures, each with the weapon of
    its roster; the result is recorded for both gangs.
    """
    code = run_fight_play(
        gang_a,
        gang_b,
        scenario=scenario,
        seats=seats,
        seed=seed,
        ruleset=ruleset,
        lang=resolve_lang(lang),
        as_json=json,
        quiet=quiet,
        db=db,
    )
    if code:
        raise typer.Exit(code)
