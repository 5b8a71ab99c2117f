"""Campaign gangs in the database: each change one transaction with its audit row, and undo.

Every method loads the gang, applies a pure step of :mod:`totenblatt.campaign`, writes the
result and an audit row (what, when, seed, arguments, the gang before and after) together.
A fight and its aftermath take the one road of :func:`totenblatt.campaign.resolve`
(:meth:`Gangs.record_aftermath`), as the web wizard does. Rows and lookups are in
:mod:`.gang_rows`, ``fight undo`` in :mod:`.gang_undo`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, Unpack

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from totenblatt.campaign import (
    Event,
    FightOutcome,
    Gang,
    HistoryEntry,
    Resolved,
    Step,
    Wanted,
    arm,
    dismiss,
    event_from_dict,
    fill,
    hire,
    name_key,
    rename_gang,
    rename_member,
    resolve,
    step_args,
    step_seed,
)
from totenblatt.campaign.events import Renamed
from totenblatt.store.battle_log import FIGHT_COMMANDS, FightEntry, fight_entries
from totenblatt.store.gang_rows import (
    Change,
    GangNameTakenError,
    GangNotFoundError,
    GangOptions,
    check_free,
    checked_seed,
    created_gang,
    find_row,
    new_seed,
    row_by_id,
    to_gang,
    write_change,
)
from totenblatt.store.gang_undo import LEADER, RENAMES, in_aftermath, undo_fight
from totenblatt.store.models import AuditRow, GangRow
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.store.core import Database

__all__ = [
    "FIGHT_COMMANDS",
    "RENAMES",
    "STEP_COMMANDS",
    "Change",
    "GangNameTakenError",
    "GangNotFoundError",
    "Gangs",
    "aftermath_steps",
    "created_gang",
    "new_seed",
]

STEP_COMMANDS = {
    "fight": "fight play",
    "recruit": "gang recruit",
    "fill": "gang fill",
    "leader": LEADER,
}
"""The audit ``what`` of each post-fight step of :func:`totenblatt.campaign.plan`."""

GangStep = Callable[[Gang, Ruleset, random.Random], tuple[Gang, tuple[Event, ...]]]


def aftermath_steps(
    before: Gang,
    outcome: FightOutcome,
    wanted: Wanted,
    seed: int,
    *,
    absent: Collection[str] = (),
    log: dict[str, Any] | None = None,
) -> tuple[Resolved, list[tuple[Step, dict[str, Any]]]]:
    """A gang's aftermath by the one road (:func:`totenblatt.campaign.resolve`) and each
    step with its audit arguments (``log`` joins the fight step's: opponents, result, …)."""
    resolved = resolve(before, outcome, Ruleset.load(before.ruleset), seed, wanted, absent=absent)
    steps = [
        (
            step,
            step_args(step, outcome, resolved.choices, absent)
            | ((log or {}) if step.what == "fight" else {}),
        )
        for step in resolved.steps
    ]
    return resolved, steps


class Gangs:
    """The gangs of one :class:`~totenblatt.store.core.Database`."""

    def __init__(self, store: Database) -> None:
        self.store = store

    # -- reading ---------------------------------------------------------------------

    def row(self, session: Session, name: str, *, lock: bool = False) -> GangRow:
        """The gang's row in ``session`` (a transaction of the caller), found as :meth:`get`."""
        return find_row(session, name, lock=lock)

    def get(self, name: str) -> Gang:
        """The gang called ``name`` (case-insensitive)."""
        with self.store.transaction(write=False) as session:
            return to_gang(find_row(session, name))

    def all(self) -> list[Gang]:
        """Every gang, by name."""
        with self.store.transaction(write=False) as session:
            rows = session.scalars(select(GangRow).order_by(GangRow.name_key)).all()
            return [to_gang(r) for r in rows]

    def history(self, name: str) -> list[HistoryEntry]:
        """The gang's audit log, oldest first, with the events each command reported."""
        with self.store.transaction(write=False) as session:
            row = find_row(session, name)
            audits = session.scalars(
                select(AuditRow).where(AuditRow.gang_id == row.id).order_by(AuditRow.id)
            ).all()
            return [
                HistoryEntry(
                    what=a.what,
                    when=a.created_at,
                    seed=a.seed,
                    events=tuple(event_from_dict(e) for e in (a.after or {}).get("events", [])),
                    undone=a.undone_at is not None,
                )
                for a in audits
            ]

    def fights(self, name: str) -> list[FightEntry]:
        """The gang's battle log: its recorded fights, oldest first (undone ones marked)."""
        with self.store.transaction(write=False) as session:
            return fight_entries(session, [find_row(session, name).id])

    # -- changing --------------------------------------------------------------------

    def create(
        self,
        name: str,
        leader: HeroType,
        *,
        seed: int | None = None,
        also: dict[str, Any] | None = None,
        then: Callable[[Session, GangRow], None] | None = None,
        **options: Unpack[GangOptions],
    ) -> Change:
        """Create a gang (B3) and store it; ``weapons`` arm the members in roster order.

        ``also`` joins the audit's arguments; ``then`` runs in the same transaction with the
        new row (a campaign takes the gang in)."""
        seed = checked_seed(seed)
        gang, events, args = created_gang(name, leader, seed=seed, **options)
        with self.store.transaction() as session:
            row = self.add(session, gang, events, what="gang create", seed=seed,
                           args=args | (also or {}))  # fmt: skip
            if then is not None:
                then(session, row)
        return Change(gang, events, seed)

    def add(
        self,
        session: Session,
        gang: Gang,
        events: Sequence[Event] = (),
        *,
        what: str,
        seed: int | None,
        args: dict[str, Any],
    ) -> GangRow:
        """Store a new ``gang`` in ``session`` (a transaction of the caller), with its audit
        row; a name another gang has is refused."""
        check_free(session, gang.name)
        row = GangRow(
            name=gang.name,
            name_key=name_key(gang.name),
            ruleset=gang.ruleset,
            size=gang.size,
            fights=gang.fights,
            lost_heroes=[k.value for k in gang.lost_heroes],
            created_at=self.store.clock(),
        )
        session.add(row)
        write_change(self.store, session, row, what, None, gang, events, seed=seed, args=args)
        return row

    def row_by_id(self, session: Session, gang_id: int, *, lock: bool = False) -> GangRow:
        """The gang row ``gang_id`` (GangNotFoundError when it was deleted)."""
        return row_by_id(session, gang_id, lock=lock)

    @staticmethod
    def gang_of(row: GangRow) -> Gang:
        """The gang a row holds."""
        return to_gang(row)

    def write_steps(
        self,
        session: Session,
        row: GangRow,
        steps: Sequence[tuple[Step, dict[str, Any]]],
        *,
        fight: str = STEP_COMMANDS["fight"],
    ) -> list[AuditRow]:
        """Store the post-fight steps of :func:`totenblatt.campaign.plan` for the gang of
        ``row``, each with its audit row (``what`` from :data:`STEP_COMMANDS`, the fight step
        as ``fight``, its seed, its arguments), in ``session`` (a transaction of the caller)."""
        audits = []
        before = to_gang(row)
        for step, args in steps:
            what = fight if step.what == "fight" else STEP_COMMANDS[step.what]
            audits.append(
                write_change(
                    self.store,
                    session,
                    row,
                    what,
                    before,
                    step.gang,
                    step.events,
                    seed=step.seed,
                    args=args,
                )
            )
            before = step.gang
        session.flush()
        return audits

    def change(
        self,
        name: str,
        what: str,
        step: GangStep,
        *,
        seed: int | None,
        args: dict[str, Any],
        draws: bool = True,
    ) -> Change:
        """Apply a pure campaign ``step`` to one gang in one transaction, with its audit row.

        ``draws=False``: the step draws nothing, so no seed is made or logged.
        """
        return self.change_many([(name, step, args)], what, seed=seed, draws=draws)[0]

    def change_many(
        self,
        steps: Sequence[tuple[str, GangStep, dict[str, Any]]],
        what: str,
        *,
        seed: int | None,
        draws: bool = True,
        guard: Callable[[Session, GangRow], None] | None = None,
    ) -> list[Change]:
        """Apply steps to several gangs in ONE transaction (``fight play`` records both sides).

        One ``random.Random(seed)`` serves the steps in order (with ``draws=False`` there is
        no seed: the steps must not draw). ``guard`` may refuse a gang's step (it raises).
        """
        seed = checked_seed(seed) if draws else None
        rng = random.Random(seed)
        changes: list[Change] = []
        with self.store.transaction() as session:
            for name, step, args in steps:
                row = find_row(session, name, lock=True)
                if guard is not None:
                    guard(session, row)
                before = to_gang(row)
                after, events = step(before, Ruleset.load(before.ruleset), rng)
                write_change(
                    self.store, session, row, what, before, after, events, seed=seed, args=args
                )
                changes.append(Change(after, events, seed))
        return changes

    def record_fight(
        self,
        name: str,
        outcome: FightOutcome,
        *,
        seed: int | None = None,
        what: str = "fight record",
        absent: Sequence[str] = (),
        log: dict[str, Any] | None = None,
    ) -> Change:
        """The post-fight sequence (B4, B5) for one gang, stored: :meth:`record_aftermath`
        with no hire and no filling up."""
        wanted = Wanted(hire_given=True, fill=False)
        return self.record_aftermath(
            name, outcome, wanted, seed=seed, absent=absent, log=log, what=what
        )

    def record_fights(
        self,
        outcomes: Sequence[tuple[str, FightOutcome]],
        *,
        seed: int | None = None,
        what: str = "fight record",
        absent: dict[str, Sequence[str]] | None = None,
        log: dict[str, Any] | None = None,
    ) -> list[Change]:
        """The post-fight sequence of each gang of one fight (the one road, no hire, no
        filling up), all in one transaction; the ``i``-th gang draws from
        ``step_seed(seed, i)``."""
        seed = checked_seed(seed)
        away = absent or {}
        wanted = Wanted(hire_given=True, fill=False)
        changes = []
        with self.store.transaction() as session:
            for i, (name, outcome) in enumerate(outcomes):
                row = find_row(session, name, lock=True)
                resolved, steps = aftermath_steps(
                    to_gang(row), outcome, wanted, step_seed(seed, i),
                    absent=away.get(name, ()), log=log,
                )  # fmt: skip
                self.write_steps(session, row, steps, fight=what)
                events = tuple(e for step in resolved.steps for e in step.events)
                changes.append(Change(resolved.steps[-1].gang, events, seed))
        return changes

    def record_aftermath(
        self,
        name: str,
        outcome: FightOutcome,
        wanted: Wanted,
        *,
        seed: int | None = None,
        absent: Sequence[str] = (),
        log: dict[str, Any] | None = None,
        what: str = "fight record",
    ) -> Change:
        """A fight played on a real table and its aftermath, by the one road of the web
        wizard (:func:`aftermath_steps`): the fight step (B4, B5), the owner's hire, filling
        up (B6) and a new leader, each step with its audit row, in one transaction."""
        seed = checked_seed(seed)
        with self.store.transaction() as session:
            row = find_row(session, name, lock=True)
            resolved, steps = aftermath_steps(
                to_gang(row), outcome, wanted, seed, absent=absent, log=log
            )
            self.write_steps(session, row, steps, fight=what)
        events = tuple(e for step in resolved.steps for e in step.events)
        return Change(resolved.steps[-1].gang, events, seed)

    def hire(
        self,
        name: str,
        kind: HeroType,
        payments: dict[str, int],
        *,
        hero_name: str | None = None,
        abilities: Sequence[Ability] = (),
        seed: int | None = None,
        weapon: str | None = None,
    ) -> Change:
        """Hire a replacement hero (B6), paid by the survivors; ``weapon`` arms it."""
        args = {
            "hero": kind.value,
            "pay": dict(payments),
            "name": hero_name,
            "abilities": [a.value for a in abilities],
            "weapon": weapon,
        }
        return self.change(
            name,
            "gang recruit",
            lambda g, r, rng: hire(
                g, kind, payments, r, rng, name=hero_name, abilities=abilities, weapon=weapon
            ),
            seed=seed,
            args=args,
        )

    def fill(
        self,
        name: str,
        *,
        names: Sequence[str] = (),
        seed: int | None = None,
        weapons: Sequence[str] = (),
    ) -> Change:
        """Fill the gang up with standard cowboys (B6); ``weapons`` arm them in order.

        Only in a fight's aftermath (D-42): right after the fight is recorded or after the
        hire that followed it; StoreError says why otherwise.
        """
        return self.change_many(
            [
                (
                    name,
                    lambda g, r, rng: fill(g, r, rng, names=names, weapons=weapons),
                    {"names": list(names), "weapons": list(weapons)},
                )
            ],
            "gang fill",
            seed=seed,
            guard=in_aftermath,
        )[0]

    # -- the roster between fights ---------------------------------------------------

    def arm(self, name: str, member: str, weapon: str) -> Change:
        """A living member takes another weapon of the gang's ruleset."""
        return self.change(
            name,
            "member arm",
            lambda g, r, rng: arm(g, member, weapon, r),
            seed=None,
            draws=False,
            args={"member": member, "weapon": weapon},
        )

    def dismiss(self, name: str, member: str) -> Change:
        """A living member leaves the gang for good; ``gang fill`` may take its place."""
        return self.change(
            name,
            "member dismiss",
            lambda g, r, rng: dismiss(g, member),
            seed=None,
            draws=False,
            args={"member": member},
        )

    def rename_member(self, name: str, member: str, new: str) -> Change:
        """A living member takes a new name; ``fight undo`` keeps it (see :data:`RENAMES`)."""
        with self.store.transaction() as session:
            row = find_row(session, name, lock=True)
            before = to_gang(row)
            after, events = rename_member(before, member, new)
            (renamed,) = events
            assert isinstance(renamed, Renamed)
            target = next(m for m in row.members if m.name_key == name_key(renamed.old))
            target.name_key = name_key(renamed.new)  # the same row, under its new name
            args = {"old": renamed.old, "new": renamed.new}
            write_change(
                self.store, session, row, "member rename", before, after, events, args=args
            )
        return Change(after, events)

    def rename(self, name: str, new: str) -> Change:
        """The gang takes a new name, unique among gangs; ``fight undo`` keeps it."""
        with self.store.transaction() as session:
            row = find_row(session, name, lock=True)
            before = to_gang(row)
            after, events = rename_gang(before, new)
            if name_key(after.name) != row.name_key:
                check_free(session, after.name)
            args = {"old": before.name, "new": after.name}
            write_change(self.store, session, row, "gang rename", before, after, events, args=args)
        return Change(after, events)

    def delete(self, name: str) -> Gang:
        """Delete the gang and its members; its audit rows stay (detached), plus one for this.

        The delete's audit row holds the whole gang in ``before``: nothing is lost for good.
        """
        with self.store.transaction() as session:
            row = find_row(session, name, lock=True)
            gang = to_gang(row)
            session.execute(update(AuditRow).where(AuditRow.gang_id == row.id).values(gang_id=None))
            self.store.audit_delete(
                session, row, kind="gang", name=gang.name, before=gang.to_record()
            )
        return gang

    def undo_fight(self, name: str) -> Change:
        """Reverse the gang's last recorded fight and every change made to it since.

        A campaign fight between several gangs is one record for all (D-43): it is undone
        for every gang that recorded it, in one transaction, or refused when another of
        them recorded a later fight (that one is undone first) — see :mod:`.gang_undo`.
        """
        return undo_fight(self, name)
