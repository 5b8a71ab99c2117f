"""``totenblatt fight play``: a 20-fight bot campaign end to end (B5 per fight, undo, the
Markdown export), human seats fed from a script, refusals that leave the database alone."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from totenblatt.campaign import FightOutcome
from totenblatt.campaign.battle import BattleError
from totenblatt.cli.app import Lang, console
from totenblatt.cli.fight_play import run_fight_play
from totenblatt.store import Store
from totenblatt.wanted.vocab import Ability

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py
CliJson = Callable[[list[str]], Any]  # the fixture in tests/store/conftest.py
Refuses = Callable[[list[str], str], None]  # the fixture in tests/store/conftest.py

BIN = Path(sys.executable).parent / "totenblatt"
WEAPON_LABELS = {"colt": "Colt .45", "winchester": "Winchester", "shotgun": "Shotgun"}
MEMBER_KEYS = ["name", "kind", "weapon", "hp", "hp_max", "abilities", "fights_survived"]
FIGHTS = 20
ABILITY_LABELS = {a.value: a.english for a in Ability}


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "width", 160)


def create_gangs(cli_json: CliJson, db: str, size: int = 5) -> None:
    cli_json(["gang", "create", "Die Daltons", "--leader", "veteran", "--size", str(size),
              "--leader-name", "Bob Dalton", "--seed", "1", "--db", db])  # fmt: skip
    cli_json(["gang", "create", "Clantons", "--leader", "gunslinger", "--size", str(size),
              "--leader-name", "Ike Clanton", "--seed", "2", "--db", db])  # fmt: skip


def show(cli_json: CliJson, db: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = cli_json(["gang", "show", name, "--db", db])
    return data


# -- B5, checked for every fight of the campaign ------------------------------------------


class Tracker:
    """What a member's kind count (D-28) must be: fights survived since its last promotion."""

    def __init__(self) -> None:
        self.promoted_at: dict[str, int] = {}
        self.seen: dict[str, int] = {"ability_gained": 0, "died": 0, "promoted": 0}

    def check(self, before: dict[str, Any], after: dict[str, Any], events: list[Any]) -> None:
        died = {e["member"] for e in events if e["event"] == "died"}
        drew = [e["member"] for e in events if e["event"] == "ability_gained"]
        promoted = {e["member"] for e in events if e["event"] == "promoted"}
        for e in events:
            if e["event"] in self.seen:
                self.seen[e["event"]] += 1
        assert not any(e["event"] in ("not_counted", "sacrificed") for e in events)  # bots
        old = {m["name"]: m for m in before["members"]}
        new = {m["name"]: m for m in after["members"]}
        assert died <= set(old) and not died & set(new), "the dead leave the gang"
        assert set(new) == set(old) - died, "everyone else survives and stays"
        assert after["size"] == before["size"]
        for name, m in new.items():
            was = old[name]
            assert m["fights_survived"] == was["fights_survived"] + 1, name
            assert 0 <= m["hp"] <= m["hp_max"]
            gained = len(m["abilities"]) - len(was["abilities"])
            count = m["fights_survived"]
            if was["kind"] == "cowboy":
                assert m["kind"] == "cowboy"
                assert gained == (1 if count % 2 == 0 else 0), (name, count)  # 2nd, 4th, ...
                assert (
                    m["hp_max"]
                    == was["hp_max"] + (m["abilities"][-1:] == ["pay_the_piper"]) * gained
                )
            elif was["kind"] == "gunslinger":
                assert (m["kind"] == "veteran") == (count == 6) == (name in promoted)
                assert gained == 0 and m["hp_max"] == was["hp_max"]  # keeps its maximum of 10
                if name in promoted:
                    self.promoted_at[name] = count
            else:
                as_veteran = count - self.promoted_at.get(name, 0)
                step = as_veteran % 6 == 0
                assert gained == (1 if step else 0), (name, count)
                piper = 1 if step and m["abilities"][-1] == "pay_the_piper" else 0
                assert m["hp_max"] == was["hp_max"] + (1 if step else 0) + piper
        assert sorted(drew) == sorted(
            n for n, m in new.items() if len(m["abilities"]) > len(old[n]["abilities"])
        )


def restock(cli_json: CliJson, db: str, gang: dict[str, Any], fight: int,
            events: list[Any]) -> dict[str, Any]:  # fmt: skip
    """Between fights, as players would: hire a gunslinger for a lost hero if the survivors
    can pay 5 HP (the richest pay first), then fill up with cowboys."""
    name = gang["name"]
    lost = any(e["event"] == "died" and e["kind"] != "cowboy" for e in events)
    if lost and sum(m["hp"] for m in gang["members"]) >= 5:
        due, pay = 5, []
        for m in sorted(gang["members"], key=lambda m: -m["hp"]):
            part = min(due, m["hp"])
            if part:
                pay += ["--pay", f"{m['name']}={part}"]
                due -= part
        gang = cli_json(["gang", "recruit", name, "--hero", "gunslinger", *pay,
                         "--seed", str(100 + fight), "--db", db])  # fmt: skip
    if len(gang["members"]) < gang["size"]:
        gang = cli_json(["gang", "fill", name, "--seed", str(200 + fight), "--db", db])
    return gang


def test_a_20_fight_bot_campaign_runs_end_to_end_and_its_export_reads_well(
    cli: Cli, cli_json: CliJson, db_url: str, tmp_path: Path
) -> None:
    create_gangs(cli_json, db_url)
    gangs = [show(cli_json, db_url, "Daltons"), show(cli_json, db_url, "Clantons")]
    trackers = [Tracker(), Tracker()]
    winners: list[str | None] = []
    for fight in range(1, FIGHTS + 1):
        if fight == FIGHTS:
            before_last = [dict(g) for g in gangs]
        result = cli_json(["fight", "play", "Daltons", "Clantons", "--seats", "bot,bot",
                           "--seed", str(fight), "--db", db_url])  # fmt: skip
        assert list(result) == ["fight", "gangs", "changes"]
        info = result["fight"]
        assert (info["seed"], info["scenario"], info["ruleset"]) == (fight, "gangs", "extended")
        assert info["seats"] == ["bot", "bot"] and info["conceded"] == []
        assert info["winner"] in ("Die Daltons", "Clantons", None)
        winners.append(info["winner"])
        for i, (after, change) in enumerate(zip(result["gangs"], result["changes"], strict=True)):
            assert list(after) == ["name", "size", "members"]
            assert all(list(m) == MEMBER_KEYS for m in after["members"])
            assert change["gang"] == after["name"] == gangs[i]["name"]
            trackers[i].check(gangs[i], after, change["events"])
            gangs[i] = restock(cli_json, db_url, after, fight, change["events"])
        if fight == FIGHTS:
            last = [dict(g) for g in gangs]
    seen = {k: trackers[0].seen[k] + trackers[1].seen[k] for k in trackers[0].seen}
    assert seen["died"] > 0 and seen["ability_gained"] > 0, seen
    assert len(winners) == FIGHTS

    for name in ("Daltons", "Clantons"):
        history = cli_json(["gang", "history", name, "--db", db_url])["history"]
        plays = [h for h in history if h["what"] == "fight play"]
        assert [h["seed"] for h in plays] == list(range(1, FIGHTS + 1))

    check_export(cli, cli_json, db_url, tmp_path)

    # fight undo takes the last fight back for each gang (and the restocking after it)
    for i, name in enumerate(("Daltons", "Clantons")):
        assert show(cli_json, db_url, name) == last[i]
        undone = cli_json(["fight", "undo", name, "--db", db_url])
        assert undone == before_last[i]
        assert show(cli_json, db_url, name) == before_last[i]
    code, out, _ = cli(["gang", "export", "Daltons", "--format", "md", "--db", db_url])
    assert code == 0 and out.count("**fight play**") == FIGHTS - 1


def check_export(cli: Cli, cli_json: CliJson, db: str, tmp_path: Path) -> None:
    """The Markdown export: a heading, a roster table, the summary, the fallen, the history.

    Of a gang that lost members (the bots decide which one)."""
    name = next(
        n for n in ("Die Daltons", "Clantons")
        if cli_json(["gang", "export", n, "--db", db])["fallen"]
    )  # fmt: skip
    gang = show(cli_json, db, name)
    path = tmp_path / "gang.md"
    code, _, _ = cli(["gang", "export", name, "--format", "md", "-o", str(path),
                      "--lang", "en", "--db", db])  # fmt: skip
    assert code == 0
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == f"# Gang {name}" and lines[1] == ""
    assert lines[2] == "| Name | Kind | Weapon | HP | Abilities | Fights survived |"
    assert lines[3] == "|---|---|---|---|---|---|"
    rows = lines[4 : 4 + len(gang["members"])]
    for row, member in zip(rows, gang["members"], strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == member["name"]
        assert cells[1] in ("cowboy", "gunslinger", "veteran")
        assert cells[2] == WEAPON_LABELS[member["weapon"]]
        assert cells[3] == f"{member['hp']}/{member['hp_max']}"
        labels = [ABILITY_LABELS[a] for a in member["abilities"]]
        assert cells[4] == (", ".join(labels) or "—")
        assert cells[5] == str(member["fights_survived"])
    summary = lines[4 + len(gang["members"]) + 1]
    assert re.fullmatch(rf"Ruleset extended · size 5 · {len(gang['members'])} members · "
                        rf"{FIGHTS} fights", summary), summary  # fmt: skip
    sections = [line for line in lines if line.startswith("## ")]
    assert sections == ["## Fallen and sacrificed", "## History"]
    fallen = text.split("## Fallen and sacrificed")[1].split("## History")[0].strip().splitlines()
    assert fallen[0] == "| Name | Kind | Fate | Fights survived |"
    assert all(row.count("|") == 5 and "| died |" in row for row in fallen[2:])
    history = text.split("## History")[1].strip().splitlines()
    entries = [line for line in history if re.match(r"\d+\. \*\*", line)]
    assert entries[0].startswith("1. **gang create**")
    plays = [e for e in entries if "**fight play**" in e]
    assert len(plays) == FIGHTS
    assert all(re.search(r"\(\d{4}-\d\d-\d\d \d\d:\d\d, Seed \d+\)$", e) for e in plays)
    details = [line for line in history if line.startswith("   - ")]
    assert details and not any("fights survived" in d for d in details)  # routine counts left out
    assert any(" draws " in d and ": " in d for d in details)  # the cards drawn are told
    assert any(" is dead" in d for d in details)
    for bad in ("None", "cover_", "HeroType", "Ability.", "{", "[]"):
        assert bad not in text, bad
    code, de, _ = cli(["gang", "export", name, "--lang", "de", "--db", db])
    assert code == 0
    assert "| Name | Typ | Waffe | HP | Fähigkeiten | Überlebte Kämpfe |" in de
    assert "## Gefallen und geopfert" in de and "## Chronik" in de and " zieht " in de


# -- the command --------------------------------------------------------------------------


def test_text_output_narrates_the_fight_and_shows_both_rosters_in_de_and_en(
    cli: Cli, cli_json: CliJson, tmp_path: Path
) -> None:
    db = str(tmp_path / "c.db")
    create_gangs(cli_json, db)
    code, out, err = cli(["fight", "play", "Daltons", "Clantons", "--seed", "3",
                          "--lang", "en", "--db", db])  # fmt: skip
    assert code == 0, err
    assert out.startswith("Gang War: Die Daltons vs Clantons — bot vs bot, seed 3")
    assert re.search(r"^Round \d+: .+ is out of the game — shot by .+\.$", out, re.M)
    assert re.search(r"^After \d+ rounds?: (Die Daltons|Clantons) wins|^After .*Draw", out, re.M)
    assert "Die Daltons after the fight" in out and "Clantons after the fight" in out
    assert " is dead" in out and "Fights" in out and "1 fight ·" in out
    assert "totenblatt fight undo 'Die Daltons' · totenblatt fight undo Clantons" in out
    for name in ("Daltons", "Clantons"):
        cli(["gang", "fill", name, "--db", db])
    code, out, _ = cli(["fight", "play", "Clantons", "Daltons", "--seed", "4", "--quiet",
                        "--lang", "de", "--db", db])  # fmt: skip
    assert code == 0
    assert out.startswith("Bandenkrieg: Clantons gegen Die Daltons")
    assert not re.search(r"^Runde \d+:", out, re.M)  # --quiet: no kills told
    assert re.search(r"^Nach \d+ Runden?: ", out, re.M)
    assert "Clantons nach dem Kampf" in out and "Überlebte" not in out and "Kämpfe" in out
    assert " zieht " in out  # the 2nd survived fight: cowboys draw abilities


def test_the_same_seed_plays_the_same_fight(cli: Cli, cli_json: CliJson, tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    create_gangs(cli_json, db)
    first = cli_json(["fight", "play", "Daltons", "Clantons", "--seed", "9", "--db", db])
    cli_json(["fight", "undo", "Daltons", "--db", db])
    cli_json(["fight", "undo", "Clantons", "--db", db])
    again = cli_json(["fight", "play", "Daltons", "Clantons", "--seed", "9", "--db", db])
    assert again == first
    for name in ("Daltons", "Clantons"):
        cli(["gang", "fill", name, "--db", db])
    other = cli_json(["fight", "play", "Daltons", "Clantons", "--seed", "9",
                      "--seats", "random,bot", "--scenario", "duel", "--db", db])  # fmt: skip
    assert other["fight"]["seats"] == ["random", "bot"] and other["fight"]["scenario"] == "duel"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Daltons", "Nobody"], "no gang 'Nobody'; known gangs: Clantons, Die Daltons, Lone"),
        (["Daltons", "die daltons"], "gang 'Die Daltons' cannot fight itself"),
        (["Lone", "Clantons"], "gang 'Lone' has no living member to fight: fill it up first"),
        (["Daltons", "Clantons", "--seats", "bot,alien"], "unknown seat kind 'alien'"),
        (["Daltons", "Clantons", "--seats", "bot,bot,bot"], "names 3 seats"),
        (["Daltons", "Clantons", "--seats", "human,bot"], "a human seat needs a terminal"),
        (
            ["Daltons", "Clantons", "--seed", "-1"],
            "--seed': Input should be greater than or equal to 0",
        ),
        (["Daltons", "Clantons", "--scenario", "nowhere"], "nowhere"),
        (["Daltons", "Clantons", "--ruleset", "base"], "ruleset 'base' does not play them"),
    ],
)
def test_refusals_exit_2_with_one_line_and_leave_the_database_unchanged(
    cli_json: CliJson, db_url: str, refuses: Refuses, args: list[str], message: str
) -> None:
    create_gangs(cli_json, db_url, size=2)
    cli_json(["gang", "create", "Lone", "--leader", "gunslinger", "--size", "1",
              "--leader-name", "Kit", "--db", db_url])  # fmt: skip
    cli_json(["fight", "record", "Lone", "--died", "Kit", "--db", db_url])
    refuses(["fight", "play", *args], message)


# -- human seats ---------------------------------------------------------------------------


def script(*lines: str) -> Callable[[str], str]:
    feed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ask


def screen() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=120, height=40, highlight=False), buffer


def played(
    db: str, seats: str, seed: int, ask: Callable[[str], str], **options: Any
) -> tuple[int, str]:
    """``fight play Daltons Clantons`` in-process, a human answering ``ask``: the exit code
    and what it printed."""
    out, buffer = screen()
    code = run_fight_play("Daltons", "Clantons", seats=seats, seed=seed, db=db, out=out,
                          ask=ask, **options)  # fmt: skip
    return code, buffer.getvalue()


def conceded(
    cli_json: CliJson, tmp_path: Path, seats: str, seed: int, sacrifice: str, lang: Lang
) -> tuple[str, str]:
    """Gangs of three in a new database, then a fight whose human seat concedes and answers
    ``sacrifice`` to who is sacrificed (B4): the database and what the fight printed (it
    exits 0)."""
    db = str(tmp_path / "conceded.db")
    create_gangs(cli_json, db, size=3)
    code, text = played(db, seats, seed, script("concede", "y", sacrifice), lang=lang)
    assert code == 0
    return db, text


def test_a_human_who_concedes_chooses_the_sacrifice_and_the_fight_does_not_count(
    cli_json: CliJson, tmp_path: Path
) -> None:
    db, text = conceded(cli_json, tmp_path, "human,bot", 5, "1", Lang.EN)
    assert "Player 1 = Die Daltons · Player 2 = Clantons" in text
    assert re.search(r"^After \d+ rounds?: Clantons wins — Die Daltons concedes\.$", text, re.M)
    assert "Die Daltons concedes: who sacrifices themself (B4)?" in text
    assert "Bob Dalton (veteran, 8 HP)" in text
    assert "Bob Dalton (veteran) is sacrificed; the gang shrinks to 2" in text
    assert "Conceded fight: it does not count for advancement" in text
    daltons = show(cli_json, db, "Daltons")
    assert daltons["size"] == 2 and [m["kind"] for m in daltons["members"]] == ["cowboy"] * 2
    assert all(m["fights_survived"] == 0 for m in daltons["members"])
    clantons = show(cli_json, db, "Clantons")
    assert all(m["fights_survived"] == 1 for m in clantons["members"])  # the winners count it


def test_a_human_who_concedes_without_choosing_sacrifices_the_top_cowboy(
    cli_json: CliJson, tmp_path: Path
) -> None:
    db, text = conceded(cli_json, tmp_path, "bot,human", 6, "", Lang.DE)
    assert "Die Daltons gewinnt — Clantons gibt auf." in text
    clantons = show(cli_json, db, "Clantons")
    assert clantons["size"] == 2
    assert clantons["members"][0]["name"] == "Ike Clanton"  # the hero is kept
    assert [m["kind"] for m in clantons["members"]] == ["gunslinger", "cowboy"]


def test_a_human_who_quits_records_nothing(
    cli_json: CliJson, db_url: str, fingerprint: Callable[[str], str]
) -> None:
    create_gangs(cli_json, db_url, size=2)
    before = fingerprint(db_url)
    code, text = played(db_url, "human,bot", 1, script("quit"))
    assert code == 1
    assert "The fight was not finished: nothing recorded." in text
    assert fingerprint(db_url) == before


def test_a_gang_changed_during_the_fight_is_not_recorded(cli_json: CliJson, tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    create_gangs(cli_json, db, size=2)
    answers = iter(["concede", "y"])

    def meddling(prompt: str) -> str:
        if prompt == "> ":  # while the fight is on, another command records a fight
            with Store(db) as store:
                if len(store.gangs.history("Clantons")) == 1:
                    store.gangs.record_fight("Clantons", FightOutcome(), seed=1)
        return next(answers, "")

    with pytest.raises(BattleError, match="'Clantons' changed while the fight was played"):
        played(db, "human,bot", 2, meddling)
    with Store(db) as store:
        assert [h.what for h in store.gangs.history("Daltons")] == ["gang create"]
        assert [h.what for h in store.gangs.history("Clantons")] == ["gang create", "fight record"]


def test_the_real_command_plays_and_records(cli_json: CliJson, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'real.db'}"
    create_gangs(cli_json, db, size=3)
    done = subprocess.run(
        [str(BIN), "fight", "play", "Daltons", "Clantons", "--seed", "2", "--lang", "de",
         "--quiet", "--db", db],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Daltons nach dem Kampf" in done.stdout and "Clantons nach dem Kampf" in done.stdout
    daltons = show(cli_json, db, "Daltons")
    assert all(m["fights_survived"] == 1 for m in daltons["members"])
