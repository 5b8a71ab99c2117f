"""The command line at a real table (issue 26): the target's fate, the defender's abilities
in the odds, "which spade?", several ability draws, abilities and hero types in ``rules``,
symmetric Wild 2 options, shell completion and "did you mean"."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from brute_defense import brute_defense
from cli_output import cli_json, flat
from totenblatt.campaign.abilities import draw_ability
from totenblatt.cards import Card, full_deck
from totenblatt.wanted.combat import draw_nine_lives
from totenblatt.wanted.rules import Ruleset

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

BILLY = ["attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "--defense", "4♥", "-c", "medium"]


# -- attack --target-hp: A11 and Nine Lives -------------------------------------------------


def test_billy_takes_paco_out_from_two_hp_and_gains_one(cli: Cli) -> None:
    data = cli_json(cli, *BILLY, "--target-hp", "2", "--attacker-hp", "4")
    assert data["wounds"] == 3
    after = data["aftermath"]
    assert (after["hp_before"], after["hp"], after["killed"], after["out"]) == (2, 0, True, True)
    assert (after["killer_gain"], after["killer_hp"], after["nine_lives"]) == (1, 5, None)
    code, out, _ = cli([*BILLY, "--target-hp", "2", "--attacker-hp", "4", "--lang", "de"])
    text = flat(out)
    assert code == 0 and "Ziel: 2 HP, 3 Wunden" in text and "AUS DEM SPIEL" in text
    assert "4 → 5 HP" in text


@pytest.mark.parametrize(
    ("hp", "out", "left"),
    [(3, False, 0), (4, False, 1), (2, True, 0), (0, True, 0)],
)
def test_three_wounds_against_each_hp(cli: Cli, hp: int, out: bool, left: int) -> None:
    after = cli_json(cli, *BILLY, "--target-hp", str(hp))["aftermath"]
    assert (after["out"], after["hp"]) == (out, left)
    assert after["killer_gain"] == (1 if out else 0)
    code, text, _ = cli([*BILLY, "--target-hp", str(hp), "--lang", "en"])
    assert code == 0
    assert ("OUT OF THE GAME" in text) is out and (f"STILL IN — {left} HP" in text) is not out


def test_a_killer_at_its_maximum_gains_nothing_d4(cli: Cli) -> None:
    after = cli_json(cli, *BILLY, "--target-hp", "1", "--attacker-hp", "6")["aftermath"]
    assert (after["out"], after["killer_gain"], after["killer_hp"]) == (True, 0, 6)
    hero = cli_json(
        cli, *BILLY, "--target-hp", "1", "--attacker-hp", "9", "--attacker-max-hp", "10"
    )
    assert hero["aftermath"]["killer_hp"] == 10
    text = flat(cli([*BILLY, "--target-hp", "1", "--attacker-hp", "6", "--lang", "en"])[1])
    assert "at its maximum of 6 HP: it gains nothing (D-4)" in text


@pytest.mark.parametrize(
    ("cards", "survived"), [("K♣,5♥", True), ("Q♣,K♥", False), ("8♣,Joker", False)]
)
def test_nine_lives_with_the_cards_drawn_at_the_table(cli: Cli, cards: str, survived: bool) -> None:
    args = [*BILLY, "--target-hp", "1", "--target-ability", "nine_lives", "--attacker-hp", "3"]
    after = cli_json(cli, *args, "--nine-lives-draw", cards)["aftermath"]
    own, killer = cards.split(",")
    assert after["nine_lives"] == {"own": own, "killer": killer, "survived": survived}
    assert (after["out"], after["hp"]) == (not survived, 0)
    assert after["killer_hp"] == (3 if survived else 4)  # D-24: the kill must stand
    assert after["seed"] is None
    text = flat(cli([*args, "--nine-lives-draw", cards, "--lang", "en"])[1])
    assert ("STAYS IN — 0 HP (Nine Lives)" in text) is survived
    assert ("it is out after all (D-24)" in text) is not survived


def test_nine_lives_drawn_here_is_seeded_both_ways(cli: Cli) -> None:
    rules = Ruleset.load("base")

    def worth(card: Card) -> int:  # D-24: by game value, jokers highest
        return 99 if card.is_joker else rules.card_value(card)

    table = ["Q♠", "4♥"]  # BILLY's cards lie on the table: the draw is from the rest (D-24)
    outcomes: dict[bool, int] = {}
    for seed in range(40):
        own, killer = draw_nine_lives(random.Random(seed), on_table=table)
        outcomes.setdefault(worth(own) > worth(killer), seed)
    assert set(outcomes) == {True, False}
    for survived, seed in outcomes.items():
        args = [*BILLY, "--target-hp", "0", "--target-abilities", "nine_lives", "--seed", str(seed)]
        after = cli_json(cli, *args)["aftermath"]
        own, killer = draw_nine_lives(random.Random(seed), on_table=table)
        assert after["nine_lives"] == {"own": str(own), "killer": str(killer), "survived": survived}
        assert after["out"] is not survived and after["seed"] == seed
        assert cli_json(cli, *args)["aftermath"] == after  # the same seed, the same draw
        assert f"(seed {seed})" in cli([*args, "--lang", "en"])[1]


def test_nine_lives_never_draws_a_card_on_the_table(cli: Cli) -> None:
    """D-24: Nine Lives draws from the draw pile, so never the shot's attack or defence
    card (issue 42: a full deck's draw could give the Q♠ lying on the table)."""
    args = [*BILLY, "--target-hp", "0", "--target-abilities", "nine_lives"]
    for seed in range(60):
        drawn = cli_json(cli, *args, "--seed", str(seed))["aftermath"]["nine_lives"]
        assert {drawn["own"], drawn["killer"]}.isdisjoint({"Q♠", "4♥"})


def test_with_the_targets_hp_the_spade_that_takes_it_out_ranks_first(cli: Cli) -> None:
    """Wounds past the kill are worth nothing: at 1 HP the joker (90.4 % out, 1.81 wounds
    expected) comes before A♠ (81.5 % out, 2.92 wounds); without HP, A♠ first."""
    shot = ["odds", "attack", "--cards", "A♠,JK", "-w", "colt", "-d", "4"]
    assert cli_json(cli, *shot)["best"] == "A♠"
    ranked = cli_json(cli, *shot, "--target-hp", "1")
    assert ranked["best"] == "Joker"
    outs = [a["out_float"] for a in ranked["attacks"]]
    assert outs == sorted(outs, reverse=True)


def test_no_draw_when_the_target_is_not_killed(cli: Cli) -> None:
    after = cli_json(cli, *BILLY, "--target-hp", "3", "--target-ability", "nine_lives")["aftermath"]
    assert after["nine_lives"] is None and after["seed"] is None and not after["killed"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--target-ability", "nine_lives"], "--target-hp"),
        (["--attacker-hp", "3"], "--target-hp"),
        (["--target-hp", "2", "--target-ability", "cover_1"], "nine_lives"),
        (["--target-hp", "2", "--target-ability", "flying"], "flying"),
        (["--target-hp", "2", "--nine-lives-draw", "K♣,5♥"], "nine_lives"),
        (["--target-hp", "2", "--target-ability", "nine_lives", "--nine-lives-draw", "K♣"], "two"),
        (["--target-hp", "2", "--attacker-hp", "8"], "maximum"),
        (["--target-hp", "-1"], "--target-hp"),
    ],
)
def test_bad_fate_options_are_one_line_exit_2(cli: Cli, args: list[str], fragment: str) -> None:
    code, out, err = cli([*BILLY, *args, "--lang", "en"])
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


# -- symmetric Wild 2 -----------------------------------------------------------------------


def test_wild_defense_is_the_defenders_wild_2(cli: Cli) -> None:
    plain = cli_json(cli, "attack", "-a", "K♠", "-w", "colt", "-d", "3", "--defense", "2♥")
    wild = cli_json(cli, "attack", "-a", "K♠", "-w", "colt", "-d", "3", "--defense", "2♥",
                 "--wild-defense")  # fmt: skip
    same = cli_json(cli, "attack", "-a", "K♠", "-w", "colt", "-d", "3", "--defense", "2♥",
                 "--defender-ability", "wild_2")  # fmt: skip
    assert plain["wounds"] > 0 and wild["reason"] == "blocked_by_joker" and wild == same
    code, _, err = cli(["attack", "-a", "K♠", "-w", "colt", "-d", "3", "--defense", "2♣"])
    assert code == 2 and "2♣" in err  # a 2 of clubs defends only played wild
    clubs = cli_json(cli, "attack", "-a", "K♠", "-w", "colt", "-d", "3", "--defense", "2♣",
                  "--wild-defense")  # fmt: skip
    assert clubs["defense_is_joker"] is True


# -- odds attack with the defender's abilities -------------------------------------------------


def _brute_odds(
    card: str, hand: int, defender: tuple[str, ...], seen: Sequence[str] = ()
) -> dict[int, Fraction]:
    """Every hand of ``hand`` cards of the deck minus the attack and seen cards, defended best."""
    rules = Ruleset.load("base")
    pool = Counter(full_deck(2))
    pool.subtract([Card.parse(card), *(Card.parse(c) for c in seen)])
    cards = list((+pool).elements())
    return brute_defense(
        card, cards, hand, weapon="winchester", distance=7, cover="medium", defender=defender,
        ruleset=rules,
    )  # fmt: skip


@pytest.mark.parametrize(
    "defender",
    [("cover_3",), ("queen_of_hearts",), ("queen_of_hearts", "cover_1", "picture_book_10"),
     ("wild_2",)],
    ids="+".join,
)  # fmt: skip
def test_odds_attack_counts_the_defenders_abilities_like_brute_force(
    cli: Cli, defender: tuple[str, ...]
) -> None:
    flags = [x for a in defender for x in ("--defender-ability", a)]
    data = cli_json(cli, "odds", "attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "-c",
                 "medium", "--hand", "3", *flags)  # fmt: skip
    want = _brute_odds("Q♠", 3, defender)
    assert {int(w): Fraction(p) for w, p in data["wounds"].items()} == want
    assert data["defender_abilities"] == list(defender)
    plain = cli_json(cli, "odds", "attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "-c",
                  "medium", "--hand", "3")  # fmt: skip
    assert Fraction(data["expected"]) < Fraction(plain["expected"])  # each of them helps


def test_wild_defense_in_the_odds_is_the_defenders_wild_2(cli: Cli) -> None:
    base = ["odds", "attack", "-a", "K♠", "-w", "winchester", "-d", "7", "-c", "medium",
            "--hand", "2"]  # fmt: skip
    wild = cli_json(cli, *base, "--wild-defense")
    assert wild == cli_json(cli, *base, "--defender-ability", "wild_2")
    want = _brute_odds("K♠", 2, ("wild_2",))
    assert {int(w): Fraction(p) for w, p in wild["wounds"].items()} == want
    assert wild["defender_abilities"] == ["wild_2"]


def test_odds_attack_tells_the_chance_the_target_is_out(cli: Cli) -> None:
    base = ["odds", "attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "-c", "medium"]
    data = cli_json(cli, *base, "--target-hp", "2")
    at_least_3 = sum(Fraction(p) for w, p in data["wounds"].items() if int(w) >= 3)
    assert Fraction(data["out"]) == at_least_3 and data["nine_lives"] is False
    lives = cli_json(cli, *base, "--target-hp", "2", "--target-ability", "nine_lives")
    assert Fraction(lives["out"]) == at_least_3 * (1 - Fraction(628, 1431))
    text = cli([*base, "--target-hp", "2", "--lang", "de"])[1]
    assert "Aus dem Spiel (mindestens 3 Wunden)" in text


# -- odds attack --cards: which spade? ---------------------------------------------------------


def test_cards_rank_each_spade_with_the_rest_of_the_hand_unseen_by_the_defender(
    cli: Cli,
) -> None:
    hand = ["Q♠", "3♠", "7♣", "Joker"]
    data = cli_json(cli, "odds", "attack", "--cards", ",".join(hand), "-w", "winchester",
                 "-d", "7", "-c", "medium", "--hand", "4")  # fmt: skip
    attacks = data["attacks"]
    assert [a["card"] for a in attacks] == ["Joker", "Q♠", "3♠"] and data["best"] == "Joker"
    assert data["unseen"] == 50 and data["hand"] == 4
    for attack in attacks:
        others = [c for c in hand if c != attack["card"]]
        alone = cli_json(cli, "odds", "attack", "-a", attack["card"], "-w", "winchester", "-d",
                      "7", "-c", "medium", "--hand", "4", "--seen", ",".join(others))  # fmt: skip
        assert attack["wounds"] == alone["wounds"] and attack["expected"] == alone["expected"]
    expected = [Fraction(a["expected"]) for a in attacks]
    assert expected == sorted(expected, reverse=True)


def test_cards_with_wild_2_and_the_defenders_abilities(cli: Cli) -> None:
    data = cli_json(cli, "odds", "attack", "--cards", "2♦,9♠", "-w", "colt", "-d", "3", "--wild",
                 "--defender-ability", "queen_of_hearts", "--target-hp", "1")  # fmt: skip
    shown = {(a["card"], a["wild"]) for a in data["attacks"]}
    assert shown == {("2♦", True), ("9♠", False)}
    assert all("out" in a and a["defender_abilities"] == ["queen_of_hearts"] for a in
               data["attacks"])  # fmt: skip


def test_cards_text_names_the_card_to_play(cli: Cli) -> None:
    code, out, _ = cli(["odds", "attack", "--cards", "Q♠,3♠,7♣", "-w", "colt", "-d", "4",
                        "--lang", "de"])  # fmt: skip
    assert code == 0 and "Spiel Q♠ (Pik-Dame)." in out and "3♠" in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--cards", "7♣,8♦"], "no spade"),
        (["-a", "Q♠", "--cards", "Q♠"], "not both"),
        ([], "--cards"),
        (["--cards", "Q♠,Q♠"], "Q♠"),
        (["--cards", "Q♠", "--plot", "x.png"], "--plot"),
        (["-a", "Q♠", "--defender-ability", "sharpshooter"], "sharpshooter"),
        (["-a", "Q♠", "--target-ability", "nine_lives"], "--target-hp"),
    ],
)
def test_bad_odds_options_are_one_line_exit_2(cli: Cli, args: list[str], fragment: str) -> None:
    code, out, err = cli(["odds", "attack", "-w", "colt", "-d", "4", *args, "--lang", "en"])
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


# -- draw-ability --count, rules -----------------------------------------------------------------


def test_draw_ability_count_draws_each_from_a_full_deck(cli: Cli) -> None:
    rules = Ruleset.load("extended")
    data = cli_json(cli, "draw-ability", "--count", "6", "--seed", "11")
    rng = random.Random(11)
    want = [draw_ability(rng, rules) for _ in range(6)]
    assert data["count"] == 6 and data["seed"] == 11 and data["deck"] == 54
    assert [d["drawn"] for d in data["draws"]] == [str(d.card) for d in want]
    assert [d["ability"] for d in data["draws"]] == [d.ability.value for d in want]
    one = cli_json(cli, "draw-ability", "--seed", "11")
    assert one["drawn"] == data["draws"][0]["drawn"] and one["draws"] == data["draws"][:1]
    twice = next(s for s in range(500) if _repeats(rules, s))
    assert len({d["drawn"] for d in cli_json(cli, "draw-ability", "-n", "3", "--seed",
                                          str(twice))["draws"]}) < 3  # fmt: skip
    code, out, _ = cli(["draw-ability", "-n", "3", "--seed", "11", "--lang", "de"])
    assert code == 0 and "3 Ziehungen, jede aus 54 Karten" in out and " 3. " in out
    code, _, err = cli(["draw-ability", "--count", "21"])
    assert code == 2 and "--count" in err


def _repeats(rules: Ruleset, seed: int) -> bool:
    rng = random.Random(seed)
    cards = [draw_ability(rng, rules).card for _ in range(3)]
    return len(set(cards)) < 3


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ["Abilities (B1)", "Queen of Hearts", "Hero types (B2)", "gunslinger",
                "10 (10)", "5 + 5", "no swap", "hero per side"]),
        ("de", ["Fähigkeiten (B1)", "Königin der Herzen", "Heldentypen (B2)", "Revolverheld",
                "Haudegen", "kein Tausch", "│ D "]),
    ],
)  # fmt: skip
def test_rules_of_the_extended_ruleset_show_abilities_and_hero_types(
    cli: Cli, lang: str, fragments: list[str]
) -> None:
    code, out, _ = cli(["rules", "--ruleset", "extended", "--lang", lang])
    assert code == 0
    for fragment in fragments:
        assert fragment in out, fragment
    code, base, _ = cli(["rules", "--lang", "en"])
    assert "Hero types (B2)" not in base and "totenblatt rules --ruleset extended" in base


# -- completion and "did you mean" ---------------------------------------------------------------


def test_a_mistyped_command_gets_the_close_ones(cli: Cli) -> None:
    code, _, err = cli(["atack", "--lang", "en"])
    assert code == 2 and "Did you mean 'attack'?" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli(["odds", "atack", "--lang", "de"])
    assert code == 2 and "Meintest du 'attack'?" in err
    code, _, err = cli(["zzzz", "--lang", "en"])
    assert code == 2 and "Did you mean" not in err


def _complete(words: str, index: int) -> str:
    env = {
        **os.environ,
        "COMP_WORDS": words,
        "COMP_CWORD": str(index),
        "_TOTENBLATT_COMPLETE": "complete_bash",
    }
    exe = Path(sys.executable).with_name("totenblatt")
    done = subprocess.run([str(exe)], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_shell_completion_completes_commands_and_options() -> None:
    assert _complete("totenblatt dra", 1).split() == ["draw-ability"]
    assert "--target-hp" in _complete("totenblatt attack --tar", 2).split()
    assert _complete("totenblatt odds attack --def", 3).split() == ["--defender-ability"]


def test_the_completion_script_is_typers(cli: Cli) -> None:
    code, out, _ = cli(["--show-completion", "bash"])
    assert code == 0 and "_TOTENBLATT_COMPLETE=complete_bash" in out
