"""The gang store on SQLite and PostgreSQL: transactions, audit rows, undo, rollback."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import event, func, select

from totenblatt.campaign import (
    CampaignError,
    FightOutcome,
    IllegalSacrificeError,
    MemberOutcome,
    RecruitmentError,
    step_seed,
)
from totenblatt.store import GangNotFoundError, Store, StoreError
from totenblatt.store.models import AuditRow, MemberRow
from totenblatt.wanted.vocab import HeroType


def make(store: Store, name: str = "Daltons", size: int = 4, seed: int = 1) -> list[str]:
    gang = store.gangs.create(name, HeroType.VETERAN, size=size, seed=seed).gang
    return [m.name for m in gang.members]


def audit_rows(store: Store) -> list[AuditRow]:
    with store.transaction(write=False) as session:
        return list(session.scalars(select(AuditRow).order_by(AuditRow.id)))


def test_a_created_gang_reads_back_the_same(store: Store) -> None:
    created = store.gangs.create("Daltons", HeroType.GUNSLINGER, size=5, seed=3)
    assert store.gangs.get("DALTONS") == created.gang
    assert [g.name for g in store.gangs.all()] == ["Daltons"]
    assert created.seed == 3


def test_gangs_are_found_by_a_unique_word_prefix(store: Store) -> None:
    make(store, "Die Daltons")
    make(store, "Clantons", seed=2)
    assert store.gangs.get("dalt").name == "Die Daltons"
    with pytest.raises(GangNotFoundError, match="no gang 'James'; known gangs: Clantons, Die"):
        store.gangs.get("James")


def test_gang_names_are_unique_ignoring_case(store: Store) -> None:
    make(store)
    with pytest.raises(StoreError, match="already exists"):
        make(store, "DALTONS")


def test_every_change_leaves_one_audit_row_with_seed_and_undo_data(store: Store) -> None:
    names = make(store)
    store.gangs.record_fight("Daltons", FightOutcome({names[1]: MemberOutcome(died=True)}), seed=77)
    rows = audit_rows(store)
    # the one road (campaign.resolve): the fight step draws from its own seed of 77
    assert [(r.what, r.seed) for r in rows] == [
        ("gang create", 1),
        ("fight record", step_seed(77, "fight")),
    ]
    fight = rows[1]
    assert fight.before is not None and len(fight.before["members"]) == 4
    assert fight.args == {
        "died": [names[1]],
        "hp": {},
        "conceded": False,
        "sacrifice": None,
        "absent": [],
    }
    assert fight.after is not None and fight.after["events"][0]["event"] == "died"
    assert isinstance(fight.created_at, datetime)


def test_the_clock_is_the_store_s(db_url: str) -> None:
    fixed = datetime(2030, 1, 2, 3, 4, tzinfo=UTC)
    with Store(db_url, clock=lambda: fixed) as store:
        make(store)
        assert store.gangs.history("Daltons")[0].when.replace(tzinfo=UTC) == fixed


def test_a_fight_without_seed_gets_one_and_logs_it(store: Store) -> None:
    make(store)
    change = store.gangs.record_fight("Daltons", FightOutcome())
    assert change.seed is not None
    assert audit_rows(store)[-1].seed == step_seed(change.seed, "fight")


def test_the_same_seed_gives_the_same_campaign(db_url: str, tmp_path: Any) -> None:
    def play(store: Store) -> object:
        make(store)
        for i in range(4):
            store.gangs.record_fight("Daltons", FightOutcome(), seed=i)
        return store.gangs.get("Daltons")

    with Store(db_url) as a:
        first = play(a)
    with Store(f"sqlite:///{tmp_path / 'other.db'}") as b:
        assert play(b) == first


def test_fight_undo_restores_the_gang_before_the_fight(store: Store) -> None:
    names = make(store)
    before = store.gangs.get("Daltons")
    store.gangs.record_fight(
        "Daltons", FightOutcome({names[0]: MemberOutcome(died=True), names[1]: MemberOutcome(hp=2)})
    )
    undone = store.gangs.undo_fight("Daltons")
    assert undone.gang == before == store.gangs.get("Daltons")
    assert undone.undone == ("fight record",)
    history = store.gangs.history("Daltons")
    assert [(h.what, h.undone) for h in history] == [
        ("gang create", False),
        ("fight record", True),
        ("fight undo", False),
    ]


def test_fight_undo_reverses_only_the_last_fight_and_what_followed_it(store: Store) -> None:
    names = make(store)
    store.gangs.record_fight("Daltons", FightOutcome({names[1]: MemberOutcome(hp=3)}), seed=1)
    after_first = store.gangs.get("Daltons")
    store.gangs.record_fight("Daltons", FightOutcome({names[0]: MemberOutcome(died=True)}), seed=2)
    store.gangs.hire("Daltons", HeroType.GUNSLINGER, {names[2]: 5}, seed=3)
    change = store.gangs.undo_fight("Daltons")
    assert change.undone == ("fight record", "gang recruit")
    assert store.gangs.get("Daltons") == after_first
    assert store.gangs.undo_fight("Daltons").gang.members[1].hp == 6
    with pytest.raises(StoreError, match="no recorded fight to undo"):
        store.gangs.undo_fight("Daltons")


def test_undo_removes_members_who_joined_after_the_fight(store: Store) -> None:
    names = make(store)
    store.gangs.record_fight("Daltons", FightOutcome({names[3]: MemberOutcome(died=True)}))
    filled = store.gangs.fill("Daltons", names=["Newt"]).gang
    assert filled.members[-1].name == "Newt"
    store.gangs.undo_fight("Daltons")
    gang = store.gangs.get("Daltons")
    assert [m.name for m in gang.members] == names and gang.fallen == ()
    with store.transaction(write=False) as session:
        assert session.scalar(select(func.count()).select_from(MemberRow)) == 4


Refusal = Callable[[Store, list[str]], object]


@pytest.mark.parametrize(
    ("bad", "error", "reason"),
    [
        (lambda s, n: s.gangs.get("Nobody"), GangNotFoundError, "no gang 'Nobody'"),
        (
            lambda s, n: s.gangs.record_fight(
                "Daltons", FightOutcome({"Zed": MemberOutcome(hp=1)})
            ),
            CampaignError,
            "no living member 'Zed'",
        ),
        (
            lambda s, n: s.gangs.record_fight("Daltons", FightOutcome({n[1]: MemberOutcome(hp=9)})),
            CampaignError,
            "cannot end the fight with 9 HP: expected 0 to its maximum 6",
        ),
        (
            lambda s, n: s.gangs.record_fight(
                "Daltons", FightOutcome(conceded=True, sacrifice="Zed")
            ),
            CampaignError,
            "no living member 'Zed'",
        ),
        (
            lambda s, n: s.gangs.hire("Daltons", HeroType.VETERAN, {n[1]: 10}),
            RecruitmentError,
            "lost no veteran or gunslinger in its last fight",
        ),
        (lambda s, n: s.gangs.fill("Daltons"), StoreError, "only in a fight's aftermath"),
        (lambda s, n: s.gangs.undo_fight("Daltons"), StoreError, "no recorded fight to undo"),
        (
            lambda s, n: s.gangs.create("daltons", HeroType.VETERAN),
            StoreError,
            "a gang called 'Daltons' already exists",
        ),
        (
            lambda s, n: s.gangs.create("Big", HeroType.VETERAN, size=11),
            CampaignError,
            r"1 to 10 members \(B3\); got size 11",
        ),
    ],
    ids=[
        "unknown-gang", "unknown-member", "hp-above-max", "unknown-sacrifice", "no-hire",
        "full", "no-fight", "duplicate-gang", "above-ten",
    ],
)  # fmt: skip
def test_refused_changes_leave_the_database_unchanged(
    db_url: str,
    fingerprint: Callable[[str], str],
    bad: Refusal,
    error: type[ValueError],
    reason: str,
) -> None:
    with Store(db_url) as store:
        names = make(store)
    before = fingerprint(db_url)
    with Store(db_url) as store, pytest.raises(error, match=reason):
        bad(store, names)
    assert fingerprint(db_url) == before


class ForcedError(RuntimeError):
    """The failure forced into the middle of a post-fight sequence."""


def test_an_error_half_way_through_the_post_fight_sequence_rolls_everything_back(
    db_url: str, fingerprint: Callable[[str], str]
) -> None:
    with Store(db_url) as store:
        names = make(store)
        store.gangs.record_fight("Daltons", FightOutcome({names[1]: MemberOutcome(hp=2)}))
        gang_before = store.gangs.get("Daltons")
        rows_before = len(audit_rows(store))
    before = fingerprint(db_url)
    seen: list[str] = []

    with Store(db_url) as store:

        def fail_at_audit(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            seen.append(statement.split()[0] + " " + statement.split()[1])
            if statement.startswith("INSERT INTO audit"):
                raise ForcedError("disk on fire")

        event.listen(store.engine, "before_cursor_execute", fail_at_audit)
        outcome = FightOutcome({names[0]: MemberOutcome(died=True), names[2]: MemberOutcome(hp=1)})
        with pytest.raises(ForcedError, match="disk on fire"):
            store.gangs.record_fight("Daltons", outcome)
        event.remove(store.engine, "before_cursor_execute", fail_at_audit)
        assert "UPDATE members" in seen  # the members were already written when it failed
        assert store.gangs.get("Daltons") == gang_before
        assert len(audit_rows(store)) == rows_before
    assert fingerprint(db_url) == before


def test_a_fight_recorded_for_two_gangs_is_one_transaction(store: Store) -> None:
    a = make(store, "Daltons", seed=1)
    make(store, "Clantons", seed=2)
    before = store.gangs.all()
    with pytest.raises(CampaignError, match="gang 'Clantons' has no living member 'Nobody'"):
        store.gangs.record_fights(
            [
                ("Daltons", FightOutcome({a[1]: MemberOutcome(died=True)})),
                ("Clantons", FightOutcome({"Nobody": MemberOutcome(died=True)})),
            ]
        )
    assert store.gangs.all() == before
    changes = store.gangs.record_fights(
        [("Daltons", FightOutcome()), ("Clantons", FightOutcome())], seed=5, what="fight play"
    )
    assert [c.gang.fights for c in changes] == [1, 1]
    assert [r.what for r in audit_rows(store)][-2:] == ["fight play", "fight play"]
    store.gangs.undo_fight("Clantons")
    assert store.gangs.get("Clantons").fights == 0 and store.gangs.get("Daltons").fights == 1


def test_a_campaign_through_the_store_follows_the_rules(store: Store) -> None:
    names = make(store, size=5)
    leader = names[0]
    for i in range(2):
        store.gangs.record_fight("Daltons", FightOutcome({names[1]: MemberOutcome(hp=1)}), seed=i)
    gang = store.gangs.get("Daltons")
    assert all(len(m.abilities) == 1 for m in gang.members[1:])  # 2nd fight: cowboys draw
    assert gang.members[1].hp == 2  # ended at 1, recovered 1
    conceded = store.gangs.record_fight(
        "Daltons", FightOutcome(conceded=True, sacrifice=leader), seed=9
    ).gang
    assert conceded.size == 4 and all(m.fights_survived == 2 for m in conceded.members)
    with pytest.raises(RecruitmentError, match="lost no veteran or gunslinger"):  # B6
        store.gangs.hire("Daltons", HeroType.VETERAN, {names[1]: 3, names[2]: 6, names[3]: 1})
    with pytest.raises(IllegalSacrificeError, match=r"may not be sacrificed: B4 allows a hero"):
        store.gangs.record_fight("Daltons", FightOutcome(conceded=True, sacrifice=names[1]))


def test_history_reports_the_cards_drawn(store: Store) -> None:
    make(store)
    store.gangs.record_fight("Daltons", FightOutcome(), seed=1)
    store.gangs.record_fight("Daltons", FightOutcome(), seed=2)
    last = store.gangs.history("Daltons")[-1]
    drawn = [e for e in last.events if e.tag == "ability_gained"]
    assert len(drawn) == 3 and all(e.card is not None for e in drawn)  # type: ignore[union-attr]


def test_seeds_out_of_range_are_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="seed"):
        store.gangs.create("D", HeroType.VETERAN, seed=-1)


def test_random_module_is_untouched(store: Store) -> None:
    random.seed(123)
    expected = random.random()
    random.seed(123)
    make(store)
    store.gangs.record_fight("Daltons", FightOutcome(), seed=4)
    assert random.random() == expected


def test_a_deleted_gang_s_audit_row_keeps_the_whole_gang_and_its_rows_stay(store: Store) -> None:
    make(store)
    gang = store.gangs.get("Daltons")
    store.gangs.delete("daltons")
    rows = audit_rows(store)
    assert [(r.what, r.subject, r.gang_id) for r in rows] == [
        ("gang create", "Daltons", None),
        ("gang delete", "Daltons", None),
    ]
    assert rows[-1].subject_kind == "gang" and rows[-1].args == {"name": "Daltons"}
    assert rows[-1].before == gang.to_record() and rows[-1].after is None
