"""``totenblatt fight record`` and ``fight undo``: a fight played on a real table (B4-B6).

``fight record`` takes the web wizard's road (:func:`totenblatt.campaign.resolve`, through
the store). Against gangs of its own campaign the fight is one record for all (D-43): the
first owner records it and the others' sides await them — each owner's ``fight record``
then confirms its side (:mod:`totenblatt.store.campaign_table`).
Every help text is a catalog id (``N_``): ``--lang de`` shows it in German.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from totenblatt.campaign import CampaignError, FightOutcome, MemberOutcome, Wanted
from totenblatt.campaign.battle import Result
from totenblatt.cli._option_groups import StoreOut, store_options
from totenblatt.cli._store import change, open_store
from totenblatt.cli.app import console
from totenblatt.cli.campaign import (
    BadOptionError,
    GangArg,
    SeedOption,
    abilities_of,
    fight_app,
    hero_of,
    parse_pairs,
    report,
)
from totenblatt.cli.options import Many, many, scenario_option
from totenblatt.messages import Message
from totenblatt.names import NAME_MAX, clean_name, clean_text
from totenblatt.text import words
from totenblatt.text.catalog import N_

if TYPE_CHECKING:
    from totenblatt.store import Change, Store

__all__ = ["battle_log", "fight_outcome", "fight_record", "fight_undo"]

DiedOption = Annotated[Many, many("--died", N_("A member killed in the fight (repeat)."), "MEMBER")]
HpOption = Annotated[
    Many,
    many(
        "--hp",
        N_("A survivor's HP at the end of the fight (repeat; others: unchanged)."),
        "MEMBER=N",
    ),
]
ConcededOption = Annotated[
    bool, typer.Option("--conceded", help=N_("The gang conceded (B4); needs --sacrifice."))
]


def _member_option(name: str, help: str) -> Any:
    """One member of the gang, by ``MEMBER`` (full name or a unique start)."""
    return typer.Option(name, metavar="MEMBER", help=help)


SacrificeOption = Annotated[
    str | None,
    _member_option(
        "--sacrifice", N_("Who is sacrificed: a hero or a cowboy with the most HP (B4).")
    ),
]
AgainstOption = Annotated[
    Many,
    many(
        "--against",
        N_("The opposing gang, for the battle log (repeat for more than one)."),
        "GANG",
    ),
]
ResultOption = Annotated[
    Result | None,
    typer.Option(
        "--result",
        help=N_(
            "How the gang fared, for the battle log and the league table: won, lost, "
            "conceded (as --conceded) or limit (the round limit, undecided)."
        ),
    ),
]
ScenarioText = Annotated[
    str | None, scenario_option(N_("The scenario played, for the battle log."))
]
NoteOption = Annotated[
    str | None,
    typer.Option("--note", help=N_("A note for the battle log (at most 500 characters).")),
]
AbsentOption = Annotated[
    Many,
    many(
        "--absent",
        N_("A member who sat the fight out (repeat): unchanged, no fight counted, no recovery."),
        "MEMBER",
    ),
]
KillsOption = Annotated[
    int | None,
    typer.Option(
        "--kills",
        min=0,
        max=99,
        help=N_("Enemies the gang took out, for the league table (default: 0)."),
    ),
]
HireOption = Annotated[
    str | None,
    typer.Option(
        "--hire",
        metavar="HERO",
        help=N_("Hire a replacement for a lost hero: veteran or gunslinger (B6)."),
    ),
]
PayOption = Annotated[
    Many,
    many(
        "--pay",
        N_("HP a survivor pays for the hire (repeat; default: the even split)."),
        "MEMBER=N",
    ),
]
HireNameOption = Annotated[
    str | None,
    typer.Option("--hire-name", help=N_("The hired hero's name (default: generated).")),
]
AbilityOption = Annotated[
    Many,
    many("--ability", N_("A hired hero's ability among 2-10 (repeat, distinct; the rest drawn).")),
]
FillOption = Annotated[
    bool,
    typer.Option(
        "--fill", help=N_("Fill the gang up with new standard cowboys after the fight (B6).")
    ),
]
FillNameOption = Annotated[Many, many("--fill-name", N_("A newcomer's name, in order (repeat)."))]
NewLeaderOption = Annotated[
    str | None,
    _member_option(
        "--new-leader",
        N_(
            "When the leader died or was sacrificed: the living member who leads the gang now "
            "(a survivor, the hired hero or a newcomer; default: the first in the roster)."
        ),
    ),
]


def fight_outcome(
    died: Sequence[str], hp: Sequence[str], conceded: bool, sacrifice: str | None
) -> FightOutcome:
    """The outcome ``--died``, ``--hp``, ``--conceded`` and ``--sacrifice`` give."""
    repeated = sorted({who for who in died if list(died).count(who) > 1})
    if repeated:
        raise CampaignError(
            Message("--died names {names} more than once", names=", ".join(map(repr, repeated)))
        )
    outcomes: dict[str, MemberOutcome] = {who: MemberOutcome(died=True) for who in died}
    for who, value in parse_pairs(hp, "--hp").items():
        if who in outcomes:
            raise CampaignError(
                Message(
                    "{name} is given with --died and --hp; a dead member has no HP", name=repr(who)
                )
            )
        outcomes[who] = MemberOutcome(hp=value)
    return FightOutcome(outcomes, conceded=conceded, sacrifice=sacrifice)


def _conceded(conceded: bool, result: Result | None) -> bool:
    """Whether the gang conceded: ``--conceded`` or ``--result conceded`` (not both apart)."""
    if result is Result.CONCEDED:
        return True
    if result is not None and conceded:
        raise CampaignError(
            Message(
                "--conceded and --result {result} contradict each other: a conceded fight's "
                "result is conceded",
                result=result.value,
            )
        )
    return conceded


@fight_app.command(
    "record",
    help=N_("Record a fight played on a real table; runs the post-fight sequence (B4, B5)."),
)
@store_options
def fight_record(
    name: GangArg,
    died: DiedOption = None,
    hp: HpOption = None,
    conceded: ConcededOption = False,
    sacrifice: SacrificeOption = None,
    against: AgainstOption = None,
    result: ResultOption = None,
    scenario: ScenarioText = None,
    note: NoteOption = None,
    absent: AbsentOption = None,
    kills: KillsOption = None,
    hire: HireOption = None,
    pay: PayOption = None,
    hire_name: HireNameOption = None,
    ability: AbilityOption = None,
    fill_up: FillOption = False,
    fill_name: FillNameOption = None,
    new_leader: NewLeaderOption = None,
    seed: SeedOption = None,
    *,
    out: StoreOut,
) -> None:
    """Record a fight played on a real table; runs the post-fight sequence (B4, B5)."""
    conceded = _conceded(conceded, result)
    outcome = fight_outcome(died or [], hp or [], conceded, sacrifice)
    kind = None if hire is None else hero_of(hire, "--hire")
    if kind is None and (pay or hire_name or ability):
        raise BadOptionError(Message("--pay, --hire-name and --ability go with --hire"))
    if fill_name and not fill_up:
        raise BadOptionError(Message("--fill-name goes with --fill"))
    payments = parse_pairs(pay or [], "--pay")
    language = out.language()
    with open_store(out.db) as store:
        found = store.gangs.get(name)
        log = battle_log(store, found.name, against or [], result, conceded, scenario, note, kills)
        wanted = Wanted(  # the owner's choices, as the web wizard takes them (one road)
            hire=kind,
            hire_given=True,
            pay=payments or None,
            hire_name=hire_name,
            abilities=tuple(abilities_of(ability or [], found.ruleset)),
            fill=fill_up,
            fill_names=tuple(fill_name or ()),
            leader=new_leader,
        )
        change, waiting = _record(store, found.name, outcome, wanted, seed, absent or [], log)
    report(change, language, out.json)
    if waiting and not out.json:
        told = words(language).phrase(
            "One record for both gangs (D-43): the side of {gangs} awaits its owner "
            "(fight record with its outcome).",
            gangs=", ".join(waiting),
        )
        console.print(Text(told, style="dim"))


def _record(
    store: Store,
    name: str,
    outcome: FightOutcome,
    wanted: Wanted,
    seed: int | None,
    absent: Sequence[str],
    log: dict[str, Any],
) -> tuple[Change, list[str]]:
    """Record the fight by the road that fits: a waiting side of a campaign fight is
    confirmed, a fight against the gang's own campaign is one record for all (D-43), any
    other is the gang's alone. The change and the gangs whose sides now await their owners."""
    from totenblatt.store.campaign_records import TABLE
    from totenblatt.store.campaign_table import CampaignTable
    from totenblatt.store.campaigns import Campaigns

    table = CampaignTable(Campaigns(store))
    pending = table.pending(name)
    against = list(log["against"])
    if pending is not None:
        fight, side = pending
        if not fight.game_id.startswith(TABLE):
            raise CampaignError(
                Message(
                    "gang {gang} is in a campaign fight of the web table that is not recorded "
                    "yet: its owner records it on the fight's page",
                    gang=repr(name),
                )
            )
        others = [s.before.name for s in fight.sides if s.gang_id != side.gang_id]
        if against and sorted(against) != sorted(others):
            raise CampaignError(
                Message(
                    "gang {gang}'s side of its fight against {others} awaits it: record that "
                    "one first (--against {others} or none)",
                    gang=repr(name),
                    others=", ".join(others),
                )
            )
        done = table.confirm(pending, outcome, wanted, seed=seed, absent=absent,
                             log=log | {"against": others})  # fmt: skip
        return done, []
    if table.shared(name, against):
        change, _ = table.record(name, against, outcome, wanted, seed=seed, absent=absent, log=log)
        return change, against
    return store.gangs.record_aftermath(
        name, outcome, wanted, seed=seed, absent=absent, log=log
    ), []


def battle_log(
    store: Store,
    own: str,
    against: Sequence[str],
    result: Result | None,
    conceded: bool,
    scenario: str | None,
    note: str | None,
    kills: int | None,
) -> dict[str, object]:
    """What ``fight record`` logs for the battle log: opponents (a stored gang by its own
    name), result, scenario, note, kills."""
    from totenblatt.store import GangNotFoundError

    names = []
    for text in against:
        try:
            names.append(store.gangs.get(text).name)
        except GangNotFoundError:  # a gang kept elsewhere: its name as given
            names.append(clean_name(text, what="gang name", limit=NAME_MAX))
    if own in names:
        message = Message("--against {gang}: a gang does not fight itself", gang=repr(own))
        raise CampaignError(message)
    fared = Result.CONCEDED if conceded else result
    return {
        "against": names,
        "result": None if fared is None else fared.value,
        "scenario": None if scenario is None else clean_name(scenario, what="text"),
        "note": None if note is None else clean_text(note.strip(), limit=500) or None,
        "kills": kills or 0,
    }


@fight_app.command(
    "undo",
    help=N_(
        "Undo the gang's last recorded fight (and any recruiting or filling after it); "
        "new names stay."
    ),
)
@store_options
def fight_undo(name: GangArg, *, out: StoreOut) -> None:
    """Undo the gang's last recorded fight (and any recruiting or filling after it)."""
    change(out, lambda store: store.gangs.undo_fight(name), report)
