"""Campaign gangs in the database: each change one transaction with its audit row, and undo.

Every method loads the gang, applies a pure step of :mod:`totenblatt.campaign`, writes the
result and an audit row (what, when, seed, arguments, the gang before and after) together.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from totenblatt.campaign import (
    Event,
    FightOutcome,
    Gang,
    HistoryEntry,
    Member,
    MemberStatus,
    Step,
    Wanted,
    arm,
    create_gang,
    dismiss,
    event_from_dict,
    event_to_dict,
    fill,
    hire,
    name_key,
    name_matches,
    rename_gang,
    rename_member,
    resolve,
    settle,
    step_args,
)
from totenblatt.campaign.events import Renamed
from totenblatt.campaign.outcomes import outcome_args
from totenblatt.messages import Message
from totenblatt.names import listing
from totenblatt.store.battle_log import FIGHT_COMMANDS, FightEntry, fight_entries
from totenblatt.store.database import StoreError
from totenblatt.store.models import AuditRow, GangRow, MemberRow
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
    "new_seed",
]

RENAMES = ("gang rename", "member rename")
"""Audit ``what`` values that ``fight undo`` keeps: a name is not part of a fight."""

STEP_COMMANDS = {"fight": "fight play", "recruit": "gang recruit", "fill": "gang fill"}
"""The audit ``what`` of each post-fight step of :func:`totenblatt.campaign.plan`."""


class GangNotFoundError(StoreError):
    """No gang of that name in the database."""


class GangNameTakenError(StoreError):
    """Another gang has that name already (names are unique, ignoring case)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What a command did to one gang: the gang now, the events, the seed, what was undone."""

    gang: Gang
    events: tuple[Event, ...] = ()
    seed: int | None = None
    undone: tuple[str, ...] = ()


def _to_gang(row: GangRow) -> Gang:
    members = [_to_member(m) for m in row.members]
    return Gang(
        name=row.name,
        size=row.size,
        ruleset=row.ruleset,
        fights=row.fights,
        lost_heroes=tuple(HeroType(k) for k in row.lost_heroes),
        members=tuple(m for m in members if m.status is MemberStatus.ACTIVE),
        fallen=tuple(m for m in members if m.status is not MemberStatus.ACTIVE),
    )


def _to_member(row: MemberRow) -> Member:
    return Member(
        name=row.name,
        kind=HeroType(row.kind),
        hp=row.hp,
        hp_max=row.hp_max,
        abilities=tuple(Ability(a) for a in row.abilities),
        fights_survived=row.fights_survived,
        kind_fights=row.kind_fights,
        status=MemberStatus(row.status),
        weapon=row.weapon,
    )


def _write(session: Session, row: GangRow, gang: Gang) -> None:
    """Make ``row`` and its member rows say exactly what ``gang`` says."""
    row.name = gang.name
    row.name_key = name_key(gang.name)
    row.size = gang.size
    row.fights = gang.fights
    row.lost_heroes = [k.value for k in gang.lost_heroes]
    existing = {m.name_key: m for m in row.members}
    wanted = [*gang.members, *gang.fallen]
    keys = {name_key(m.name) for m in wanted}
    for stale in [m for k, m in existing.items() if k not in keys]:
        row.members.remove(stale)
    for position, member in enumerate(wanted):
        key = name_key(member.name)
        target = existing.get(key)
        if target is None:
            target = MemberRow(name_key=key)
            row.members.append(target)
        target.position = position
        target.name = member.name
        target.kind = member.kind.value
        target.hp = member.hp
        target.hp_max = member.hp_max
        target.abilities = [a.value for a in member.abilities]
        target.fights_survived = member.fights_survived
        target.kind_fights = member.kind_fights
        target.status = member.status.value
        target.weapon = member.weapon
    session.flush()


def _after(gang: Gang, events: Sequence[Event]) -> dict[str, Any]:
    return {"gang": gang.to_record(), "events": [event_to_dict(e) for e in events]}


GangStep = Callable[[Gang, Ruleset, random.Random], tuple[Gang, tuple[Event, ...]]]


class Gangs:
    """The gangs of one :class:`~totenblatt.store.core.Database`."""

    def __init__(self, store: Database) -> None:
        self.store = store

    # -- reading ---------------------------------------------------------------------

    def _row(self, session: Session, name: str, *, lock: bool = False) -> GangRow:
        """The gang by exact name (case-insensitive), else the one whose name starts so."""
        key = name_key(name)
        gang_id = session.scalars(select(GangRow.id).where(GangRow.name_key == key)).first()
        if gang_id is None:
            known = session.execute(select(GangRow.id, GangRow.name).order_by(GangRow.name_key))
            rows = list(known)
            found = [r for r in rows if name_matches(name, r.name)]
            if len(found) == 1:
                gang_id = found[0].id
            elif found:
                which = listing(r.name for r in found)
                raise GangNotFoundError(
                    Message(
                        "gang {name} is ambiguous: {which}; give the full name",
                        name=format(repr(name), ".60"),
                        which=which,
                    )
                )
            else:
                listed = listing(r.name for r in rows)
                hint = f"known gangs: {listed}" if rows else "no gangs yet (see 'gang create')"
                raise GangNotFoundError(
                    f"no gang {name!r:.60}; {hint}",
                    message=Message(
                        "no gang {name}; known gangs: {known}",
                        name=format(repr(name), ".60"),
                        known=listed,
                    )
                    if rows
                    else Message(
                        "no gang {name}; no gangs yet (see 'gang create')",
                        name=format(repr(name), ".60"),
                    ),
                )
        stmt = select(GangRow).where(GangRow.id == gang_id)
        if lock:
            stmt = stmt.with_for_update()
        return session.scalars(stmt).one()

    def row(self, session: Session, name: str, *, lock: bool = False) -> GangRow:
        """The gang's row in ``session`` (a transaction of the caller), found as :meth:`get`."""
        return self._row(session, name, lock=lock)

    def get(self, name: str) -> Gang:
        """The gang called ``name`` (case-insensitive)."""
        with self.store.transaction(write=False) as session:
            return _to_gang(self._row(session, name))

    def all(self) -> list[Gang]:
        """Every gang, by name."""
        with self.store.transaction(write=False) as session:
            rows = session.scalars(select(GangRow).order_by(GangRow.name_key)).all()
            return [_to_gang(r) for r in rows]

    def history(self, name: str) -> list[HistoryEntry]:
        """The gang's audit log, oldest first, with the events each command reported."""
        with self.store.transaction(write=False) as session:
            row = self._row(session, name)
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
            return fight_entries(session, [self._row(session, name).id])

    # -- changing --------------------------------------------------------------------

    def create(
        self,
        name: str,
        leader: HeroType,
        *,
        size: int | None = None,
        abilities: Sequence[Ability] = (),
        leader_name: str | None = None,
        member_names: Sequence[str] = (),
        ruleset: str = "extended",
        seed: int | None = None,
        weapons: Sequence[str] = (),
    ) -> Change:
        """Create a gang (B3) and store it; ``weapons`` arm the members in roster order."""
        seed = _seed(seed)
        gang, events, args = created_gang(
            name,
            leader,
            size=size,
            abilities=abilities,
            leader_name=leader_name,
            member_names=member_names,
            ruleset=ruleset,
            seed=seed,
            weapons=weapons,
        )
        with self.store.transaction() as session:
            self.add(session, gang, events, what="gang create", seed=seed, args=args)
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
        _check_free(session, gang.name)
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
        self._record(session, row, what, None, gang, events, seed=seed, args=args)
        return row

    def _record(
        self,
        session: Session,
        row: GangRow,
        what: str,
        before: Gang | None,
        after: Gang,
        events: Sequence[Event],
        *,
        args: dict[str, Any],
        seed: int | None = None,
    ) -> AuditRow:
        """Write ``after`` into ``row`` and add the change's audit row (``before`` and
        ``after`` the gang, ``events``) to ``session``."""
        _write(session, row, after)
        return self.store.audit(
            session,
            what=what,
            subject=row.name,
            subject_kind="gang",
            gang_id=row.id,
            seed=seed,
            args=args,
            before=None if before is None else before.to_record(),
            after=_after(after, events),
        )

    def row_by_id(self, session: Session, gang_id: int, *, lock: bool = False) -> GangRow:
        """The gang row ``gang_id`` (GangNotFoundError when it was deleted)."""
        stmt = select(GangRow).where(GangRow.id == gang_id)
        if lock:
            stmt = stmt.with_for_update()
        row = session.scalars(stmt).first()
        if row is None:
            raise GangNotFoundError(Message("gang #{id} no longer exists", id=gang_id))
        return row

    @staticmethod
    def gang_of(row: GangRow) -> Gang:
        """The gang a row holds."""
        return _to_gang(row)

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
        before = _to_gang(row)
        for step, args in steps:
            what = fight if step.what == "fight" else STEP_COMMANDS[step.what]
            audits.append(
                self._record(
                    session, row, what, before, step.gang, step.events, seed=step.seed, args=args
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
        seed = _seed(seed) if draws else None
        rng = random.Random(seed)
        changes: list[Change] = []
        with self.store.transaction() as session:
            for name, step, args in steps:
                row = self._row(session, name, lock=True)
                if guard is not None:
                    guard(session, row)
                before = _to_gang(row)
                after, events = step(before, Ruleset.load(before.ruleset), rng)
                self._record(session, row, what, before, after, events, seed=seed, args=args)
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
        """The post-fight sequence (B4, B5) for one gang, stored; ``absent`` members sat it
        out (:func:`totenblatt.campaign.settle`). ``log`` (opponents, result, scenario, kills,
        a note) goes into the audit row for the battle log."""
        return self.record_fights(
            [(name, outcome)], seed=seed, what=what, absent={name: absent}, log=log
        )[0]

    def record_aftermath(
        self,
        name: str,
        outcome: FightOutcome,
        wanted: Wanted,
        *,
        seed: int | None = None,
        absent: Sequence[str] = (),
        log: dict[str, Any] | None = None,
    ) -> Change:
        """A fight played on a real table and its aftermath, by the one road of the web
        wizard (:func:`totenblatt.campaign.resolve`): the fight step (B4, B5), the owner's
        hire and filling up (B6), each step with its audit row, in one transaction."""
        seed = _seed(seed)
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            before = _to_gang(row)
            resolved = resolve(before, outcome, Ruleset.load(before.ruleset), seed, wanted,
                               absent=absent)  # fmt: skip
            steps = [
                (
                    step,
                    step_args(step, outcome, resolved.choices, absent)
                    | ((log or {}) if step.what == "fight" else {}),
                )
                for step in resolved.steps
            ]
            self.write_steps(session, row, steps, fight="fight record")
        events = tuple(e for step in resolved.steps for e in step.events)
        return Change(resolved.steps[-1].gang, events, seed)

    def record_fights(
        self,
        outcomes: Sequence[tuple[str, FightOutcome]],
        *,
        seed: int | None = None,
        what: str = "fight record",
        absent: dict[str, Sequence[str]] | None = None,
        log: dict[str, Any] | None = None,
    ) -> list[Change]:
        """The post-fight sequence for each gang of one fight, all in one transaction."""
        away = absent or {}

        def step_for(outcome: FightOutcome, names: Sequence[str]) -> GangStep:
            return lambda gang, rules, rng: settle(gang, outcome, rules, rng, absent=names)

        return self.change_many(
            [
                (
                    name,
                    step_for(o, away.get(name, ())),
                    outcome_args(o) | {"absent": list(away.get(name, ()))} | (log or {}),
                )
                for name, o in outcomes
            ],
            what,
            seed=seed,
        )

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
            guard=_in_aftermath,
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
            row = self._row(session, name, lock=True)
            before = _to_gang(row)
            after, events = rename_member(before, member, new)
            (renamed,) = events
            assert isinstance(renamed, Renamed)
            target = next(m for m in row.members if m.name_key == name_key(renamed.old))
            target.name_key = name_key(renamed.new)  # the same row, under its new name
            args = {"old": renamed.old, "new": renamed.new}
            self._record(session, row, "member rename", before, after, events, args=args)
        return Change(after, events)

    def rename(self, name: str, new: str) -> Change:
        """The gang takes a new name, unique among gangs; ``fight undo`` keeps it."""
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            before = _to_gang(row)
            after, events = rename_gang(before, new)
            if name_key(after.name) != row.name_key:
                _check_free(session, after.name)
            args = {"old": before.name, "new": after.name}
            self._record(session, row, "gang rename", before, after, events, args=args)
        return Change(after, events)

    def delete(self, name: str) -> Gang:
        """Delete the gang and its members; its audit rows stay (detached), plus one for this.

        The delete's audit row holds the whole gang in ``before``: nothing is lost for good.
        """
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            gang = _to_gang(row)
            session.execute(update(AuditRow).where(AuditRow.gang_id == row.id).values(gang_id=None))
            session.delete(row)
            self.store.audit(
                session,
                what="gang delete",
                subject=gang.name,
                subject_kind="gang",
                gang_id=None,
                args={"name": gang.name},
                before=gang.to_record(),
                after=None,
            )
        return gang

    def undo_fight(self, name: str) -> Change:
        """Reverse the gang's last recorded fight and every change made to it since.

        A campaign fight between several gangs is one record for all (D-43): it is undone
        for every gang that recorded it, in one transaction, or refused when another of
        them recorded a later fight (that one is undone first).
        """
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            audits, fight_at = self._last_fight(session, row)
            shared = (audits[fight_at].args or {}).get("campaign_fight")
            others = []
            if shared is not None:
                rows = session.scalars(
                    select(AuditRow).where(
                        AuditRow.what.in_(list(FIGHT_COMMANDS)),
                        AuditRow.undone_at.is_(None),
                        AuditRow.gang_id.is_not(None),
                        AuditRow.gang_id != row.id,
                    )
                ).all()
                for audit in rows:
                    if (audit.args or {}).get("campaign_fight") != shared:
                        continue
                    assert audit.gang_id is not None
                    other = self.row_by_id(session, audit.gang_id, lock=True)
                    theirs, at = self._last_fight(session, other)
                    if theirs[at].id != audit.id:
                        raise StoreError(
                            Message(
                                "gang {other} recorded a later fight after this campaign "
                                "fight: undo that one first (D-43)",
                                other=repr(other.name),
                            )
                        )
                    others.append((other, theirs, at))
            change = self._undo(session, row, audits, fight_at)
            for other, theirs, at in others:
                self._undo(session, other, theirs, at)
        return change

    def _last_fight(self, session: Session, row: GangRow) -> tuple[Sequence[AuditRow], int]:
        audits = session.scalars(
            select(AuditRow)
            .where(AuditRow.gang_id == row.id, AuditRow.undone_at.is_(None))
            .order_by(AuditRow.id.desc())
        ).all()
        fight_at = next((i for i, a in enumerate(audits) if a.what in FIGHT_COMMANDS), None)
        if fight_at is None:
            raise StoreError(f"gang {row.name!r} has no recorded fight to undo")
        return audits, fight_at

    def _undo(
        self, session: Session, row: GangRow, audits: Sequence[AuditRow], fight_at: int
    ) -> Change:
        """Undo the fight ``audits[fight_at]`` of the gang of ``row`` and what followed it."""
        fight = audits[fight_at]
        assert fight.before is not None
        now = _to_gang(row)
        since = list(reversed(audits[: fight_at + 1]))
        restored = _keep_names(Gang.from_record(fight.before), fight.before, since, now)
        undone = [a for a in since if a.what not in RENAMES]
        stamp = self.store.clock()
        for audit in undone:
            audit.undone_at = stamp
        args = {"undone": [a.id for a in undone]}
        self._record(session, row, "fight undo", now, restored, (), args=args)
        return Change(restored, (), None, tuple(a.what for a in undone))


def _in_aftermath(session: Session, row: GangRow) -> None:
    """Refuse filling up outside a fight's aftermath (D-42): the gang's last change must be
    a recorded fight or the hire right after one."""
    last = session.scalars(
        select(AuditRow)
        .where(AuditRow.gang_id == row.id, AuditRow.undone_at.is_(None))
        .where(AuditRow.what.not_in(list(RENAMES)))
        .order_by(AuditRow.id.desc())
        .limit(2)
    ).all()
    whats = [a.what for a in last]
    if whats and (
        whats[0] in FIGHT_COMMANDS
        or (whats[0] == "gang recruit" and len(whats) > 1 and whats[1] in FIGHT_COMMANDS)
    ):
        return
    raise StoreError(
        Message(
            "gang {gang} fills up only in a fight's aftermath, right after the fight is "
            "recorded or its hire (B6, D-42); a member dismissed between fights is not "
            "replaced",
            gang=repr(row.name),
        )
    )


def _check_free(session: Session, name: str) -> None:
    """Refuse a gang name another gang has (ignoring case)."""
    taken = session.scalars(select(GangRow.name).where(GangRow.name_key == name_key(name))).first()
    if taken is not None:
        raise GangNameTakenError(Message("a gang called {name} already exists", name=repr(taken)))


def _keep_names(
    restored: Gang, record: dict[str, Any], since: Sequence[AuditRow], now: Gang
) -> Gang:
    """The gang restored by ``fight undo``, under the names given since the fight.

    Renames are not part of a fight: those logged after it (``since``, oldest first) are
    applied to the restored gang. A member whose record predates weapons (migration 0004)
    keeps the weapon it carries now.
    """
    everyone = (*restored.members, *restored.fallen)
    final = {name_key(m.name): m.name for m in everyone}  # name at the fight -> name now
    gang_name = restored.name
    for audit in since:
        old, new = str(audit.args.get("old", "")), str(audit.args.get("new", ""))
        if audit.what == "gang rename":
            gang_name = new
        elif audit.what == "member rename":
            key = next((k for k, n in final.items() if name_key(n) == name_key(old)), None)
            if key is not None:  # else: a member who joined after the fight
                final[key] = new
    current = {name_key(m.name): m for m in (*now.members, *now.fallen)}
    unarmed = {
        name_key(str(m["name"]))
        for m in (*record.get("members", ()), *record.get("fallen", ()))
        if "weapon" not in m
    }

    def fix(member: Member) -> Member:
        key = name_key(member.name)
        name = final[key]
        weapon = member.weapon
        if key in unarmed and name_key(name) in current:
            weapon = current[name_key(name)].weapon
        return replace(member, name=name, weapon=weapon)

    return replace(
        restored,
        name=gang_name,
        members=tuple(fix(m) for m in restored.members),
        fallen=tuple(fix(m) for m in restored.fallen),
    )


def created_gang(
    name: str,
    leader: HeroType,
    *,
    size: int | None,
    abilities: Sequence[Ability],
    leader_name: str | None,
    member_names: Sequence[str],
    ruleset: str,
    seed: int,
    weapons: Sequence[str],
) -> tuple[Gang, tuple[Event, ...], dict[str, Any]]:
    """A new gang (B3) drawn with ``seed``, its events and the audit's arguments of
    ``gang create`` (one place for the gang commands and the campaigns)."""
    gang, events = create_gang(
        name,
        leader,
        Ruleset.load(ruleset),
        random.Random(seed),
        size=size,
        abilities=abilities,
        leader_name=leader_name,
        member_names=member_names,
        ruleset_name=ruleset,
        weapons=weapons,
    )
    args = {
        "name": name,
        "leader": leader.value,
        "size": size,
        "abilities": [a.value for a in abilities],
        "leader_name": leader_name,
        "member_names": list(member_names),
        "ruleset": ruleset,
        "weapons": list(weapons),
    }
    return gang, events, args


def new_seed() -> int:
    """A fresh seed for a command run without ``--seed`` (recorded in the audit log)."""
    return secrets.randbelow(2**32)


def _seed(seed: int | None) -> int:
    if seed is None:
        return new_seed()
    if not 0 <= seed < 2**63:
        raise StoreError(f"a seed is a whole number from 0 to 2**63-1, got {seed!r}")
    return seed
