"""Roster export: Markdown that reads well in both languages, and the JSON dict."""

from __future__ import annotations

from datetime import UTC, datetime

from totenblatt.campaign import Gang, HistoryEntry, Member, MemberStatus, roster_dict
from totenblatt.campaign.events import AbilityGained, FightCounted
from totenblatt.cards import Card
from totenblatt.text.campaign import roster_markdown as md
from totenblatt.wanted.vocab import Ability, HeroType

GANG = Gang(
    "Daltons",
    3,
    (Member("Bob", HeroType.VETERAN, 7, 8, (Ability.COVER_1,), 2, 2),),
    fallen=(Member("Cy", HeroType.COWBOY, 0, 6, status=MemberStatus.SACRIFICED),),
    lost_heroes=(HeroType.GUNSLINGER,),
    fights=2,
)
WHEN = datetime(2025, 5, 1, 20, 30, tzinfo=UTC)
HISTORY = [
    HistoryEntry(
        "fight record",
        WHEN,
        7,
        (FightCounted("Bob", 2), AbilityGained("Bob", Ability.COVER_1, Card.parse("5♦"))),
    ),
    HistoryEntry("fight record", WHEN, 8, (), undone=True),
]


def test_markdown_roster_in_english() -> None:
    text = md(GANG, lang="en", history=HISTORY)
    assert text.startswith("# Gang Daltons\n")
    assert "| Bob | veteran | Colt .45 | 7/8 | Cover 1 | 2 |" in text
    assert "## Fallen and sacrificed" in text and "| Cy | cowboy | sacrificed | 0 |" in text
    assert "May hire" not in text  # Bob, a hero, is still there: one per side (D-37)
    assert "1. **fight record** (2025-05-01 20:30, Seed 7)\n   - Bob draws 5♦: Cover 1" in text
    assert "fights survived 2" not in text  # routine counts are left out
    assert "Seed 8" not in text  # undone entries are left out


def test_markdown_roster_in_german() -> None:
    text = md(GANG, lang="de", history=HISTORY)
    assert "| Bob | Haudegen | Colt .45 | 7/8 | Deckung 1 | 2 |" in text
    assert "| Cy | Standardcowboy | geopfert | 0 |" in text
    assert "Bob zieht Karo-5: Deckung 1" in text


def test_json_export_extends_the_public_shape() -> None:
    data = roster_dict(GANG, history=HISTORY)
    assert {k: data[k] for k in ("name", "size", "members")} == GANG.to_dict()
    assert data["fallen"][0]["fate"] == "sacrificed"
    assert len(data["history"]) == 1 and data["history"][0]["seed"] == 7
