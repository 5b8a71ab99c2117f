"""``totenblatt fight play GANG_A GANG_B``: two campaign gangs fight on the engine, then B4-B5.

The gangs' living members, kinds, HP and abilities become the figures of a template
scenario (:func:`totenblatt.campaign.battle.build_battle`); bots or people play the fight;
the result is recorded for both gangs in one transaction with the seed, and both rosters
are printed with what changed. Exit status: 0 recorded, 1 a person quit (nothing
recorded), 2 refused (one line: unknown or equal gangs, a gang nobody is left in, a human
seat without a terminal, a bad option).
"""

from __future__ import annotations

import random
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
    describe,
    sacrifice_candidates,
)
from totenblatt.campaign.battle import (
    Battle,
    BattleError,
    build_battle,
    conceded_seats,
    fight_outcomes,
)
from totenblatt.campaign.events import event_to_dict as campaign_event
from totenblatt.campaign.events import kind_name, notable
from totenblatt.cli._play_replay import Ask
from totenblatt.cli.app import (
    JsonOption,
    Lang,
    LangOption,
    console,
    fail,
    pick,
    print_json,
    resolve_lang,
)
from totenblatt.cli.campaign import BadOptionError, DbOption, fight_app, roster_table
from totenblatt.cli.play import SeatKind, Session, parse_seats, stdin_is_terminal
from totenblatt.cli.story import Narrator
from totenblatt.wanted.bots import Bot, HeuristicBot, RandomBot, play_game
from totenblatt.wanted.engine.events import (
    Conceded,
    FigureOut,
    GameEnded,
    RoundStarted,
    event_to_dict,
)
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset

if TYPE_CHECKING:
    from totenblatt.store import Change

Step = Callable[[Gang, Ruleset, random.Random], tuple[Gang, tuple[Event, ...]]]
"""A post-fight step for ``Gangs.change_many``."""

__all__ = ["FightResult", "fight_play", "run_fight_play"]

_err = Console(stderr=True, highlight=False)


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


def _ruleset_ref(ruleset: str | None, a: Gang, b: Gang) -> str:
    if ruleset is not None:
        if "/" in ruleset or ruleset.endswith(".toml"):
            return str(Path(ruleset).expanduser().absolute())
        return ruleset
    if a.ruleset != b.ruleset:
        raise BattleError(
            f"gangs {a.name!r} and {b.name!r} play different rulesets ({a.ruleset!r}, "
            f"{b.ruleset!r}): choose the fight's with --ruleset"
        )
    return a.ruleset


def _check_seed(seed: int | None) -> int:
    from totenblatt.store import new_seed

    if seed is None:
        return new_seed()
    if not 0 <= seed < 2**63:
        raise BadOptionError(f"--seed {seed!r}: expected a whole number from 0 to 2**63-1")
    return seed


def _bots(kinds: Sequence[SeatKind], battle: Battle, rules: Ruleset, seed: int) -> list[Bot]:
    """The same bots, seeded the same way, as ``totenblatt play`` (seed * 10 + seat)."""
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        if kind is SeatKind.RANDOM:
            bots.append(RandomBot(seed * 10 + seat))
        else:
            bots.append(HeuristicBot(seed * 10 + seat, ruleset=rules, scenario=battle.scenario))
    return bots


def _narrate(game: Game, battle: Battle, lang: Lang, out: Console, *, quiet: bool) -> None:
    """The fight in brief: who was shot by whom and when, concessions, the result."""
    labels = [side.gang.name for side in battle.sides]
    narrator = Narrator(lang, labels, ruleset=game.ruleset)
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
            line = pick(
                lang, f"{winner} wins — {loser} concedes.", f"{winner} gewinnt — {loser} gibt auf."
            )
        else:
            line = narrator.event(event_to_dict(event))
        if line is None:  # pragma: no cover - every told event has a line
            continue
        if isinstance(event, GameEnded):
            n = game.round
            after = pick(
                lang,
                f"After {n} round{'s' if n != 1 else ''}: ",
                f"Nach {n} Runde{'n' if n != 1 else ''}: ",
            )
            out.print(Text(after + line, style="bold"))
        else:
            out.print(Text(pick(lang, f"Round {current}: ", f"Runde {current}: ") + line))


def _ask_sacrifice(
    gang: Gang, outcome: FightOutcome, ask: Ask, lang: Lang, out: Console
) -> str | None:
    """Ask the conceding person whom to sacrifice (B4); None keeps the default choice."""
    final = {n: o.hp for n, o in outcome.members.items() if not o.died and o.hp is not None}
    candidates = sacrifice_candidates(gang, final)
    if len(candidates) < 2:
        return None
    out.print(
        Text(
            pick(
                lang,
                f"{gang.name} concedes: who sacrifices themself (B4)?",
                f"{gang.name} gibt auf: wer opfert sich (B4)?",
            ),
            style="bold",
        )
    )
    for i, m in enumerate(candidates, start=1):
        mark = " ★" if m.name == outcome.sacrifice else ""
        out.print(Text(f"{i:>3} {m.name} ({kind_name(m.kind, lang)}, {final[m.name]} HP){mark}"))
    while True:
        try:
            answer = ask(pick(lang, "Number (Enter: ★) > ", "Nummer (Enter: ★) > ")).strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(candidates):
            return candidates[int(answer) - 1].name
        out.print(
            Text(pick(lang, "? a number from the list", "? eine Nummer der Liste"), style="yellow")
        )


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
        "seat": seat,
        "scenario": scenario,
        "ruleset": ruleset,
        "seats": [k.value for k in kinds],
        "winner": None if winner is None else battle.sides[winner].gang.name,
        "end_reason": game.end_reason,
        "rounds": game.round,
        "died": [n for n, o in outcome.members.items() if o.died],
        "hp": {n: o.hp for n, o in outcome.members.items() if o.hp is not None},
        "conceded": outcome.conceded,
        "sacrifice": outcome.sacrifice,
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
    """
    from totenblatt.store import Store

    kinds = parse_seats(seats, 2)
    humans = [s for s, k in enumerate(kinds) if k is SeatKind.HUMAN]
    if humans and ask is None and not is_terminal():
        fail(
            pick(
                lang,
                "a human seat needs a terminal to type into, but standard input is not one; "
                f"to let bots fight: totenblatt fight play {gang_a!r} {gang_b!r} --seats bot,bot",
                "ein menschlicher Platz braucht ein Terminal zum Tippen, aber die "
                "Standardeingabe ist keines; Bots kämpfen lassen: "
                f"totenblatt fight play {gang_a!r} {gang_b!r} --seats bot,bot",
            )
        )
    text_out = out or (_err if as_json else console)
    with Store(db) as store:
        a = store.gangs.get(gang_a)
        b = store.gangs.get(gang_b)
    ruleset_ref = _ruleset_ref(ruleset, a, b)
    rules = Ruleset.load(ruleset_ref)
    battle = build_battle(a, b, scenario, rules)
    the_seed = _check_seed(seed)
    game = new_game(battle.scenario, rules, the_seed)

    if humans:
        labels = pick(lang, "Player 1 = {} · Player 2 = {}", "Spieler 1 = {} · Spieler 2 = {}")
        text_out.print(Text(labels.format(a.name, b.name), style="bold"))
        session = Session(game, kinds, lang=lang, out=text_out, ask=ask, seed=the_seed)
        if not session.run():
            text_out.print(
                pick(lang, "The fight was not finished: nothing recorded.",
                     "Der Kampf wurde nicht beendet: nichts eingetragen.")
            )  # fmt: skip
            return 1
    else:
        if not as_json:
            title = pick(lang, battle.scenario.title, battle.scenario.title_de)
            who = " vs ".join(k.value for k in kinds)
            text_out.print(Text(f"{title} — {who}, seed {the_seed}", style="bold underline"))
        play_game(game, _bots(kinds, battle, rules, the_seed))
    if not as_json:
        if humans:
            _narrate(game, battle, lang, text_out, quiet=True)
        else:
            _narrate(game, battle, lang, text_out, quiet=quiet)

    outcomes = list(fight_outcomes(battle, game))
    chosen: dict[int, str] = {}
    for seat in sorted(conceded_seats(game)):
        if seat in humans:
            reader: Ask = ask if ask is not None else (lambda prompt: text_out.input(prompt))
            name = _ask_sacrifice(battle.sides[seat].gang, outcomes[seat], reader, lang, text_out)
            if name is not None:
                chosen[seat] = name
    if chosen:
        outcomes = list(fight_outcomes(battle, game, chosen))

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
                ruleset=ruleset_ref,
                kinds=kinds,
            ),
        )
        for side in battle.sides
    ]
    with Store(db) as store:
        changes = store.gangs.change_many(steps, "fight play", seed=the_seed)
    result = FightResult(battle, game, tuple(changes))
    if as_json:
        print_json(_json(result, scenario, ruleset_ref, kinds, the_seed))
    else:
        _report(result, lang, text_out, the_seed)
    return 0


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
    for change in result.changes:
        out.print()
        head = pick(
            lang, f"{change.gang.name} after the fight", f"{change.gang.name} nach dem Kampf"
        )
        out.print(Text(head, style="bold"))
        for event in notable(change.events):
            out.print(Text("• " + describe(event, lang)))
        out.print(roster_table(change.gang, lang))
    undo = " · ".join(f"totenblatt fight undo {shlex.quote(c.gang.name)}" for c in result.changes)
    out.print(
        Text(
            pick(
                lang,
                f"seed {seed} · recorded for both gangs; to take it back: {undo}",
                f"Seed {seed} · für beide Gangs eingetragen; zurücknehmen: {undo}",
            ),
            style="dim",
        )
    )


@fight_app.command("play")
def fight_play(
    gang_a: Annotated[str, typer.Argument(metavar="GANG_A", help="The gang on seat 0 (Player 1).")],
    gang_b: Annotated[str, typer.Argument(metavar="GANG_B", help="The gang on seat 1 (Player 2).")],
    scenario: Annotated[
        str,
        typer.Option(
            "--scenario",
            "-s",
            help="Template scenario (built-in name or TOML file): its table, terrain, starting "
            "spots and weapons; the gangs are the figures. / Vorlage für Tisch und Aufstellung.",
        ),
    ] = "gangs",
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="Who plays each gang, comma-separated: bot (heuristic), random or human "
            "(needs a terminal). / Wer spielt: bot, random, human.",
        ),
    ] = "bot,bot",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="Seed of the fight and the draws after it (default: fresh, logged)."
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", help="Ruleset name or TOML file (default: the gangs' own)."),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Tell only the result, not every kill.")
    ] = False,
    db: DbOption = None,
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Play a campaign fight between two gangs on the engine and record it for both (B4, B5).

    Die Mitglieder beider Gangs kämpfen als Figuren des Szenarios; das Ergebnis wird für
    beide Gangs eingetragen.
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
