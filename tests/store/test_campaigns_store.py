"""Campaigns in the store: migration 0006 both ways, fights that lock their gangs, an
aftermath confirmed once even when several processes confirm at the same moment."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect

from totenblatt.campaign import FightOutcome, MemberOutcome, plan
from totenblatt.store import Store
from totenblatt.store.campaign_records import CampaignConflictError, CampaignNotFoundError, NewSide
from totenblatt.store.campaigns import Campaigns
from totenblatt.store.database import WRITE, alembic_config
from totenblatt.wanted.vocab import HeroType

TABLES = {"campaigns", "campaign_gangs", "campaign_fights", "campaign_fight_gangs"}


def test_migration_0006_goes_down_and_up_again(store: Store) -> None:
    config = alembic_config()
    with store.engine.execution_options(**{WRITE: True}).begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0005")
        assert not TABLES & set(inspect(conn).get_table_names())
        command.upgrade(config, "head")
        assert set(inspect(conn).get_table_names()) >= TABLES


def campaign_with_fight(store: Store) -> tuple[Campaigns, str, list[str]]:
    campaigns = Campaigns(store)
    campaigns.create("c1", "Tombstone", "en", "0" * 64)
    ids = []
    for i, name in enumerate(("Daltons", "Clantons")):
        link, _ = campaigns.new_gang(
            "c1", f"g{i}", f"{i}" * 64, name=name, leader=HeroType.VETERAN, size=3, seed=i
        )
        ids.append(link.id)
    record = campaigns.get("c1")
    sides = [
        NewSide(g.id, seat, "bot", g.gang, (), tuple((m.name, m.name) for m in g.gang.members))
        for seat, g in enumerate(record.gangs)
    ]
    campaigns.start_fight("c1", "f1", "game1", scenario="duel", ruleset="extended", seed=9,
                          sides=sides)  # fmt: skip
    return campaigns, "f1", ids


def steps_for(campaigns: Campaigns, gang_id: str) -> list[tuple[Any, dict[str, Any]]]:
    fight = campaigns.get("c1").fight("f1")
    side = fight.side(gang_id)
    first = side.before.members[1].name
    outcome = FightOutcome({first: MemberOutcome(died=True)})
    from totenblatt.wanted.rules import Ruleset

    return [(s, {"campaign_fight": "f1", "result": "won"})
            for s in plan(side.before, outcome, Ruleset.load("extended"), 5)]  # fmt: skip


def test_a_gang_in_a_fight_cannot_start_another(store: Store) -> None:
    campaigns, _, ids = campaign_with_fight(store)
    record = campaigns.get("c1")
    assert record.pending(ids[0]) is not None
    sides = [NewSide(g.id, s, "bot", g.gang, (), ()) for s, g in enumerate(record.gangs)]
    with pytest.raises(CampaignConflictError, match="still in a fight"):
        campaigns.start_fight("c1", "f2", "game2", scenario="duel", ruleset="extended", seed=1,
                              sides=sides)  # fmt: skip
    with pytest.raises(CampaignNotFoundError):
        campaigns.get("nope")


def test_an_aftermath_is_written_once_with_its_audit_rows(store: Store) -> None:
    campaigns, fight_id, ids = campaign_with_fight(store)
    steps = steps_for(campaigns, ids[0])
    done = campaigns.confirm(fight_id, ids[0], steps, result="won", kills=1, choices={})
    assert done.status == "playing" and done.side(ids[0]).confirmed
    assert store.gangs.get("Daltons") == steps[-1][0].gang
    whats = [h.what for h in store.gangs.history("Daltons")]
    assert whats == ["gang create", "fight play", *(["gang fill"] if len(steps) > 1 else [])]
    with pytest.raises(CampaignConflictError, match="recorded already"):
        campaigns.confirm(fight_id, ids[0], steps, result="won", kills=1, choices={})
    assert len(store.gangs.history("Daltons")) == len(whats)
    (entry,) = store.gangs.fights("Daltons")
    assert entry.result == "won" and entry.campaign_fight == "f1"
    last = campaigns.confirm(fight_id, ids[1], steps_for(campaigns, ids[1]), result="lost",
                             kills=0, choices={})  # fmt: skip
    assert last.status == "recorded" and last.recorded_at is not None


def test_a_gang_changed_since_its_fight_began_records_nothing(store: Store) -> None:
    campaigns, fight_id, ids = campaign_with_fight(store)
    steps = steps_for(campaigns, ids[0])
    store.gangs.rename_member("Daltons", store.gangs.get("Daltons").members[2].name, "Zed")
    before = store.gangs.get("Daltons")
    with pytest.raises(CampaignConflictError, match="changed since its fight began"):
        campaigns.confirm(fight_id, ids[0], steps, result="won", kills=1, choices={})
    assert store.gangs.get("Daltons") == before
    assert not campaigns.get("c1").fight(fight_id).side(ids[0]).confirmed


def test_a_sacrifice_is_chosen_once(store: Store) -> None:
    campaigns, fight_id, ids = campaign_with_fight(store)
    assert campaigns.choose_sacrifice(fight_id, ids[0], "Someone")
    assert not campaigns.choose_sacrifice(fight_id, ids[0], "Another")
    assert campaigns.get("c1").fight(fight_id).side(ids[0]).sacrifice == "Someone"


def test_confirmations_from_several_processes_apply_once(store: Store, db_url: str) -> None:
    campaigns, fight_id, ids = campaign_with_fight(store)
    steps = steps_for(campaigns, ids[0])
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def confirm() -> None:
        with Store(db_url) as own:  # its own engine and connections, as another process has
            barrier.wait()
            try:
                Campaigns(own).confirm(fight_id, ids[0], steps, result="won", kills=0, choices={})
                outcomes.append("done")
            except CampaignConflictError:
                outcomes.append("refused")

    threads = [threading.Thread(target=confirm) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["done", "refused", "refused", "refused"]
    assert [h.what for h in store.gangs.history("Daltons")].count("fight play") == 1


def test_a_deleted_gang_leaves_its_campaign(store: Store) -> None:
    campaigns = Campaigns(store)
    campaigns.create("c2", "Deadwood", "de", "0" * 64)
    campaigns.new_gang("c2", "g9", "9" * 64, name="Short", leader=HeroType.GUNSLINGER,
                       size=2, seed=random.Random(1).randrange(9))  # fmt: skip
    store.gangs.delete("Short")
    assert campaigns.get("c2").gangs == ()
