"""Core errors: an English str() for programmers, a message a person reads in their language."""

from __future__ import annotations

import errno
import pickle
from pathlib import Path

import pytest

from totenblatt.cards import Card, CardParseError
from totenblatt.messages import Message, MessageError, Plural, Reason
from totenblatt.text import describe_error, error_line
from totenblatt.wanted.combat import AttackInputError, resolve_attack
from totenblatt.wanted.engine.actions import Attack, IllegalActionError, Move, MoveStep, Pass
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset, RulesetError
from totenblatt.wanted.table.measure import MoveError
from totenblatt.wanted.vocab import CoverLevel, UnknownWordError, parse_word


def duel_at_action(hand: list[str]) -> Game:
    """The duel, seat 0 (Billy) to act with ``hand``; nobody bid."""
    order = stacked_deal(1, {0: hand, 1: ["2♥", "3♥", "5♥", "6♥", "7♥"]}, ["2♦", "3♦", "4♦"])
    game = new_game("duel", Ruleset.load("base").with_options(redraws_per_round=0), seed=1,
                    dealer=1, deck_order=order)  # fmt: skip
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    return game


def test_an_illegal_attack_reads_like_the_rules() -> None:
    game = duel_at_action(["4♥", "9♣", "8♣", "Q♠", "K♦"])
    refusal = game.refusal(Attack(Card.parse("4♥"), "Billy", "Paco"))
    assert isinstance(refusal, IllegalActionError)
    assert "is illegal for seat 0" in str(refusal)  # the programmer's text keeps the action
    assert describe_error(refusal, "en") == (
        "Billy cannot shoot with 4♥: only a spade (or a joker) attacks (A8)"
    )
    assert describe_error(refusal, "de") == (
        "Billy kann mit 4♥ nicht schießen: nur Pik (oder ein Joker) greift an (A8)"
    )
    with pytest.raises(
        IllegalActionError, match="cannot be played to attack: needs a spade or a joker"
    ) as info:
        game.apply(Attack(Card.parse("4♥"), "Billy", "Paco"))
    assert info.value.message == refusal.message


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        (Attack(Card.parse("Q♠"), "Paco", "Billy"), "Paco is not one of your figures",
         "Paco ist keine deiner Figuren"),
        (Attack(Card.parse("A♠"), "Billy", "Paco"), "A♠ is not in your hand",
         "A♠ ist nicht auf deiner Hand"),
        (Attack(Card.parse("Q♠"), "Billy", "Nobody"), "no figure named 'Nobody'",
         "keine Figur heißt 'Nobody'"),
        (Move(Card.parse("Q♠"), ()), "Q♠ cannot move anyone: only a club",
         "Q♠ bewegt niemanden: nur Kreuz"),
        (Move(Card.parse("8♣"), (MoveStep("Billy", ((12, 1.5), (22, 1.5))),)),
         'the move costs 10" but 8♣ gives only 8"', 'der Zug kostet 10", aber 8♣ gibt nur 8"'),
        (Move(Card.parse("9♣"), (MoveStep("Billy", ((12, 1.5), (70, 1.5))),)),
         "Billy cannot move so: the path leaves the table at (70, 1.5)",
         "Billy kann so nicht gehen: der Weg verlässt den Tisch bei (70, 1,5)"),
    ],
)  # fmt: skip
def test_engine_refusals_in_both_languages(action: Attack | Move, en: str, de: str) -> None:
    game = duel_at_action(["4♥", "9♣", "8♣", "Q♠", "K♦"])
    refusal = game.refusal(action)
    assert refusal is not None and refusal.message is not None
    assert describe_error(refusal, "en").startswith(en)
    assert describe_error(refusal, "de").startswith(de)
    for lang in ("en", "de"):
        text = describe_error(refusal, lang)
        assert "Card(" not in text and "Attack(" not in text and "Move(" not in text


def test_resolver_cards_rulesets_words_and_tables() -> None:
    cases: list[tuple[ValueError, str]] = []
    for make, reason in (
        (
            lambda: resolve_attack("4♥", weapon="colt", distance=3),
            "is not a spade: an attack needs a spade",
        ),
        (lambda: Card.parse("Z9"), "'Z9' is not a card"),
        (lambda: Ruleset.load("nope"), "no ruleset named 'nope'"),
        (lambda: parse_word(CoverLevel, "thick", "cover"), "unknown cover 'thick'"),
        (lambda: Ruleset.load("base").weapon_key("bazooka"), "unknown weapon 'bazooka'"),
        (lambda: Ruleset.load("base").weapon("bazooka"), "unknown weapon 'bazooka'"),
    ):
        with pytest.raises(ValueError, match=reason) as info:
            make()
        cases.append((info.value, describe_error(info.value, "de")))
    kinds = [type(e) for e, _ in cases[:4]]
    assert kinds == [AttackInputError, CardParseError, RulesetError, UnknownWordError]
    assert [de for _, de in cases] == [
        "4♥ kann nicht angreifen: nur Pik (oder ein Joker) greift an (A8)",
        "'Z9' ist keine Karte: erwartet z. B. Q♠, QS, Pik-Dame oder Joker",
        "kein Regelwerk heißt 'nope': erwartet wird eines von base, extended oder ein Pfad "
        "zu einer Datei",
        "unbekannte Deckung 'thick': erwartet wird eine von none, light, medium, hard, hidden",
        cases[4][1],
        cases[5][1],
    ]
    assert cases[4][1].startswith("unbekannte Waffe 'bazooka'")
    table = new_game("duel", seed=1).scenario.table()
    with pytest.raises(MoveError, match=r"leaves the table") as moved:
        table.move_cost([(12, 1.5), (12, 40)])
    assert describe_error(moved.value, "de").startswith("der Weg verlässt den Tisch bei (12, 40)")


def test_os_errors_and_errors_without_a_message(tmp_path: Path) -> None:
    missing = FileNotFoundError(errno.ENOENT, "No such file or directory", str(tmp_path / "x"))
    assert describe_error(missing, "de").startswith("die Datei '")
    assert describe_error(ValueError("plain English\nsecond line"), "de") == "plain English"
    assert error_line(ValueError("bad"), "de") == "Fehler: bad"


def test_messages_survive_pickling_and_reasons_are_strings() -> None:
    message = Plural("{n} wound", "{n} wounds", n=2)
    err = IllegalActionError("two wounds", message=message)
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is IllegalActionError and str(back) == "two wounds"
    assert back.message == message and describe_error(back, "de") == "2 Wunden"
    message = Message("{figure} is out of the game", figure="B")
    reason = Reason("'Billy' is out of the game", message)
    assert isinstance(reason, str) and pickle.loads(pickle.dumps(reason)).message == reason.message
    adopted = MessageError(reason)
    assert adopted.message == reason.message
