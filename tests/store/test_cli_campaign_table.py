"""``fight record X --against Y`` between two gangs of one campaign: one record for both (D-43).

X's side is recorded at once; Y's awaits its owner (Y is busy in the campaign, as in the web
wizard) until ``fight record Y`` confirms it; undo undoes it for both, or is refused with
why; the log marks it undone. A lost leader is replaced by the owner's choice
(``--new-leader``). SQLite and, when configured, PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest

from totenblatt.store import Store
from totenblatt.store.campaigns import Campaigns
from totenblatt.wanted.vocab import HeroType

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


@pytest.fixture
def campaign(db_url: str) -> str:
    """A campaign with the Daltons (veteran Bob, Emmett, Grat) and the Clantons (gunslinger
    Ike, Billy, Frank)."""
    with Store(db_url) as store:
        campaigns = Campaigns(store)
        campaigns.create("c1", "Tombstone", "en", "0" * 64)
        for link, name, leader, names in (
            ("g1", "Daltons", HeroType.VETERAN, ["Bob", "Emmett", "Grat"]),
            ("g2", "Clantons", HeroType.GUNSLINGER, ["Ike", "Billy", "Frank"]),
        ):
            campaigns.new_gang("c1", link, "1" * 64, name=name, leader=leader, size=3, seed=4,
                               leader_name=names[0], member_names=names[1:])  # fmt: skip
    return db_url


def run(cli: Cli, db: str, *args: str) -> tuple[int, str, str]:
    return cli([*args, "--db", db])


def test_one_record_for_both_gangs_the_other_side_awaits_its_owner(cli: Cli, campaign: str) -> None:
    code, out, err = run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
                         "--result", "won", "--kills", "1", "--hp", "Emmett=3",
                         "--seed", "5")  # fmt: skip
    assert code == 0, err
    assert "the side of Clantons awaits its owner" in out
    with Store(campaign) as store:
        record = Campaigns(store).get("c1")
        (fight,) = record.fights
        clantons = store.gangs.get("Clantons")
        daltons_log = store.gangs.fights("Daltons")
    assert [(s.gang_id, s.confirmed, s.result) for s in fight.sides] == [
        ("g1", True, "won"),
        ("g2", False, "lost"),  # implied; Ike's owner confirms it
    ]
    assert record.pending("g2") is fight and record.pending("g1") is None
    assert clantons.fights == 0  # nothing written for the Clantons yet
    assert daltons_log[-1].campaign_fight == fight.id and daltons_log[-1].against == ("Clantons",)
    # the Clantons' owner records their side: the result follows from the Daltons' record
    code, out, err = run(cli, campaign, "fight", "record", "Clantons", "--died", "Billy",
                         "--kills", "1", "--seed", "6", "--json")  # fmt: skip
    assert code == 0, err
    assert [m["name"] for m in json.loads(out)["members"]] == ["Ike", "Frank"]
    with Store(campaign) as store:
        (fight,) = Campaigns(store).get("c1").fights
        (entry,) = store.gangs.fights("Clantons")
    assert fight.status == "recorded" and all(s.confirmed for s in fight.sides)
    assert (entry.result, entry.against, entry.campaign_fight) == ("lost", ("Daltons",), fight.id)


def test_the_other_side_cannot_contradict_the_record(cli: Cli, campaign: str) -> None:
    assert run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
               "--result", "won")[0] == 0  # fmt: skip
    code, _, err = run(cli, campaign, "fight", "record", "Clantons", "--result", "won")
    assert code == 2 and "contradicts the other side's record" in err and "D-43" in err
    code, _, err = run(cli, campaign, "fight", "record", "Clantons", "--against", "Strangers")
    assert code == 2 and "awaits it: record that one first" in err
    code, _, err = run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons")
    assert code == 2 and "still in a fight that is not recorded yet" in err


def test_undo_undoes_it_for_both_and_the_log_marks_it(cli: Cli, campaign: str) -> None:
    assert run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
               "--result", "lost", "--died", "Grat")[0] == 0  # fmt: skip
    assert run(cli, campaign, "fight", "record", "Clantons", "--hp", "Billy=2")[0] == 0
    code, _, err = run(cli, campaign, "fight", "undo", "Clantons")
    assert code == 0, err
    with Store(campaign) as store:
        daltons, clantons = store.gangs.get("Daltons"), store.gangs.get("Clantons")
        entries = [*store.gangs.fights("Daltons"), *store.gangs.fights("Clantons")]
    assert daltons.fights == clantons.fights == 0 and len(daltons.members) == 3
    assert [e.undone for e in entries] == [True, True]


def test_undo_before_the_other_side_confirmed_closes_it(cli: Cli, campaign: str) -> None:
    assert run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
               "--result", "won")[0] == 0  # fmt: skip
    assert run(cli, campaign, "fight", "undo", "Daltons")[0] == 0
    with Store(campaign) as store:
        record = Campaigns(store).get("c1")
        (entry,) = store.gangs.fights("Daltons")
    assert record.pending("g2") is None and record.fights[0].status == "undone"
    assert entry.undone
    code, _, err = run(cli, campaign, "fight", "record", "Clantons", "--result", "won")
    assert code == 0, err  # a fight of its own now: the undone one awaits nobody


def test_a_waiting_side_is_recorded_before_anything_is_undone(cli: Cli, campaign: str) -> None:
    assert run(cli, campaign, "fight", "record", "Clantons", "--hp", "Billy=3")[0] == 0
    assert run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
               "--result", "won")[0] == 0  # fmt: skip
    code, _, err = run(cli, campaign, "fight", "undo", "Clantons")
    assert code == 2 and "record its side first" in err
    with Store(campaign) as store:
        assert not store.gangs.fights("Clantons")[-1].undone


def test_undo_is_refused_under_a_later_fight_of_the_other_gang(cli: Cli, campaign: str) -> None:
    assert run(cli, campaign, "fight", "record", "Daltons", "--against", "Clantons",
               "--result", "won")[0] == 0  # fmt: skip
    assert run(cli, campaign, "fight", "record", "Clantons")[0] == 0
    assert run(cli, campaign, "fight", "record", "Clantons", "--against", "Strangers")[0] == 0
    code, _, err = run(cli, campaign, "fight", "undo", "Daltons")
    assert code == 2 and "gang 'Clantons' recorded a later fight" in err and "D-43" in err
    with Store(campaign) as store:
        assert not store.gangs.fights("Daltons")[-1].undone


def test_the_owner_chooses_the_new_leader(cli: Cli, campaign: str) -> None:
    code, _, err = run(cli, campaign, "fight", "record", "Daltons", "--new-leader", "Grat")
    assert code == 2 and "'Bob' still leads gang 'Daltons'" in err
    code, _, err = run(cli, campaign, "fight", "record", "Daltons", "--died", "Bob",
                       "--new-leader", "Bob")  # fmt: skip
    assert code == 2 and "cannot lead gang 'Daltons'" in err and "Emmett, Grat" in err
    code, out, err = run(cli, campaign, "fight", "record", "Daltons", "--died", "Bob",
                         "--new-leader", "grat", "--json")  # fmt: skip
    assert code == 0, err
    assert [m["name"] for m in json.loads(out)["members"]] == ["Grat", "Emmett"]
    with Store(campaign) as store:
        history = store.gangs.history("Daltons")
    assert [h.what for h in history][-2:] == ["fight record", "gang leader"]
    assert run(cli, campaign, "gang", "fill", "Daltons")[0] == 0  # still the aftermath (D-42)


def test_a_wiped_out_gang_keeps_today_s_order_without_a_choice(cli: Cli, campaign: str) -> None:
    code, out, err = run(cli, campaign, "fight", "record", "Clantons", "--died", "Ike",
                         "--died", "Billy", "--died", "Frank", "--fill", "--fill-name", "Doc",
                         "--fill-name", "Ned", "--new-leader", "Ned", "--json")  # fmt: skip
    assert code == 0, err
    assert [m["name"] for m in json.loads(out)["members"]][:2] == ["Ned", "Doc"]
    code, out, err = run(cli, campaign, "fight", "record", "Daltons", "--died", "Bob",
                         "--died", "Emmett", "--died", "Grat", "--fill", "--json")  # fmt: skip
    assert code == 0, err
    assert len(json.loads(out)["members"]) == 3  # the newcomers in their order, as before
