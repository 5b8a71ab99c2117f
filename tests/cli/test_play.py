"""``totenblatt play`` and ``replay``: bots narrated, the no-terminal message, typed input,
a human game fed from a script, save/load/replay, the map and the story."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from play_context import ctx_for
from scenario_text import figure, scenario_toml
from totenblatt.cards import Card
from totenblatt.cli import _play_session
from totenblatt.cli._play_choices import build_choices
from totenblatt.cli._play_input import Command, InputError, parse_input, plan_move
from totenblatt.cli._play_screen import compact_choices
from totenblatt.cli.app import Lang
from totenblatt.cli.board import board_scale, figure_labels, render_board
from totenblatt.cli.play import SeatKind, no_terminal_message, parse_seats, run_play, run_replay
from totenblatt.text import Narrator, describe_error, seat_labels
from totenblatt.wanted.bots import RandomBot, play_game
from totenblatt.wanted.engine import events as events_module
from totenblatt.wanted.engine.actions import (
    Attack,
    Bid,
    Concede,
    Defend,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
)
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.odds import view_attack_odds

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py

VENV_BIN = Path(sys.executable).parent


def screen(width: int = 100, height: int = 40) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, height=height, highlight=False), buffer


def script(
    *lines: str, then: str | None = "1", prompts: list[str] | None = None
) -> Callable[[str], str]:
    """An ``ask`` that answers ``lines`` in turn, then ``then`` forever (None: end of input)."""
    feed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        for line in feed:
            return line
        if then is None:
            raise EOFError
        return then

    return ask


def to_own_action(game: Game) -> None:
    """Pass every decision before the first action, which is seat 0's (dealer 1, no bids)."""
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    assert game.to_act == 0


def at_action(scenario: str = "duel", seed: int = 5) -> Game:
    """A game at seat 0's first action decision (random play until then)."""
    game = new_game(scenario, seed=seed)
    bot = RandomBot(1)
    for _ in range(500):
        if game.phase is Phase.ACTION and game.to_act == 0:
            return game
        legal = [a for a in game.legal_actions() if not isinstance(a, Redraw | Concede)]
        game.apply(bot.choose(game.view(game.to_act or 0), legal))
    raise AssertionError("no action decision reached")


# -- watching bots --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"), [("en", ("wins", "Draw")), ("de", ("gewinnt", "Unentschieden"))]
)
def test_bots_play_to_a_winner_line(lang: str, words: tuple[str, str], cli: Cli) -> None:
    code, out, err = cli(["play", "--seats", "bot,bot", "--seed", "3", "--lang", lang])
    assert code == 0, err
    last = [line for line in out.splitlines() if line.strip()][-1]
    assert any(word in last for word in words), last
    assert ("Round 1" if lang == "en" else "Runde 1") in out


def test_bot_against_random_bot_in_three_way() -> None:
    out, buffer = screen()
    assert run_play(scenario="three-way", seats="bot,random,bot", seed=2, out=out) == 0
    assert "HP:" in buffer.getvalue().splitlines()[-1]


@pytest.mark.parametrize(("lang", "words"), [("en", "needs a terminal"), ("de", "braucht ein")])
def test_no_terminal_message_and_exit_0_as_a_real_subprocess(lang: str, words: str) -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="120", TOTENBLATT_LANG=lang)
    done = subprocess.run(
        [str(VENV_BIN / "totenblatt"), "play"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert words in done.stdout
    assert "--seats bot,bot" in done.stdout


def test_no_terminal_message_in_process() -> None:
    out, buffer = screen()
    assert run_play(seats="human,bot", seed=1, out=out, is_terminal=lambda: False) == 0
    assert buffer.getvalue().strip() == no_terminal_message()


def test_seats_parse_and_fill_with_bots() -> None:
    assert parse_seats("human", 2) == [SeatKind.HUMAN, SeatKind.BOT]
    assert parse_seats("Random,bot", 2) == [SeatKind.RANDOM, SeatKind.BOT]
    with pytest.raises(ValueError, match="unknown seat kind 'robot'"):
        parse_seats("robot", 2)
    with pytest.raises(ValueError, match="names 3 seats"):
        parse_seats("bot,bot,bot", 2)


def test_bad_seats_and_bad_save_are_one_line_errors(tmp_path: Path, cli: Cli) -> None:
    code, _, err = cli(["play", "--seats", "alien,bot"])
    assert code == 2 and "unknown seat kind 'alien'" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chess"}', encoding="utf-8")
    code, _, err = cli(["play", "--load", str(bad), "--seats", "bot,bot"])
    assert code == 2 and "not a saved Wanted game" in err
    code, _, err = cli(["replay", str(tmp_path / "missing.json")])
    assert code == 2 and "no saved game" in err


# -- a human at the keyboard, scripted --------------------------------------------------------


def test_human_game_from_a_script_finishes() -> None:
    out, buffer = screen()
    prompts: list[str] = []
    ask = script(
        "help",
        "more",
        "map",
        "log",
        "odds",
        "hilfe",
        "nonsense",
        "999",
        "concede",
        "n",
        prompts=prompts,
    )
    assert run_play(seats="human,bot", seed=4, out=out, ask=ask) == 0
    text = buffer.getvalue()
    assert text.count("Type the number of a choice") == 2  # help, hilfe
    assert "unknown input 'nonsense'" in text and "there is no choice 999" in text
    assert "Really concede? (y/N) " in prompts and "concedes" not in text
    last = text.splitlines()[-1]  # the game the human declined to concede is played out
    assert re.fullmatch(r"Player [12] wins — last side standing\. \(HP: .*\)", last), last


def test_human_game_in_german_shows_odds_and_assumption() -> None:
    out, buffer = screen()
    run_play(
        scenario="duel", seats="human,bot", seed=6, lang=Lang.DE, out=out, ask=script(then="1")
    )
    text = buffer.getvalue()  # seed 6: a bid, then an attack offered with its odds
    assert "Du bist dran" in text and "Einen Karo" in text and "Schieß mit" in text
    assert "Treffer, E=" in text and "höchstes Herz" in text


def test_quit_saves_and_load_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out, buffer = screen()
    run_play(seats="human,bot", seed=9, out=out, save=save, ask=script("2", "q"))
    assert "Game stopped. Saved to" in buffer.getvalue()
    saved = Game.from_json(save.read_text(encoding="utf-8"))
    assert not saved.is_over and saved.actions
    out, buffer = screen()
    assert run_play(seats="bot,bot", load=save, save=save, out=out) == 0
    assert "Loaded: round" in buffer.getvalue()
    done = Game.from_json(save.read_text(encoding="utf-8"))
    assert done.is_over and done.actions[: len(saved.actions)] == saved.actions


def test_end_of_input_stops_the_game_cleanly() -> None:
    out, buffer = screen()
    assert run_play(seats="human,bot", seed=2, out=out, ask=script(then=None)) == 0
    assert "Game stopped." in buffer.getvalue()


def test_save_load_replay_round_trip(tmp_path: Path, cli: Cli) -> None:
    save = tmp_path / "duel.json"
    code, out, _ = cli(
        ["play", "--seats", "bot,random", "--seed", "11", "--save", str(save), "--lang", "en"]
    )
    assert code == 0
    game = Game.from_json(save.read_text(encoding="utf-8"))
    assert game.is_over
    winner = [line for line in out.splitlines() if line.strip()][-1]
    code, replayed, _ = cli(["replay", str(save), "--lang", "en"])
    assert code == 0
    assert winner.strip() in replayed
    assert "hand:" in replayed  # a replay shows every hand


def test_replay_step_waits_between_events(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    game = play_game(new_game("duel", seed=1), [RandomBot(1), RandomBot(2)])
    save.write_text(game.to_json(), encoding="utf-8")
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 5:
            raise EOFError
        return ""

    out, buffer = screen()
    assert run_replay(save, step=True, out=out, ask=ask, lang=Lang.DE) == 0
    assert len(prompts) == 6  # stopped waiting at the end of input, went on to the end
    assert "Runde 1" in buffer.getvalue()


@pytest.mark.parametrize("scenario", ["duel", "gangs"])
def test_equal_legal_actions_are_one_choice(scenario: str) -> None:
    """Two menu entries that found the same move (or none: "play the club without moving")
    are one choice, not two lines saying the same."""
    repeats = 0
    for seed in range(4):
        game = new_game(scenario, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        ctx = ctx_for(game)
        while (seat := game.to_act) is not None and game.round <= 3:
            view, legal = game.view(seat), game.legal_actions()
            choices = build_choices(view, legal, ctx)
            shown = [c.action for c in choices]
            assert len(set(shown)) == len(shown)
            assert set(shown) == {a for a in legal if not isinstance(a, Concede | Redraw)}
            repeats += len(legal) - len(set(legal))
            game.apply(bots[seat].choose(view, legal))
    assert repeats, "no game offered equal actions: the test shows nothing"


# -- typed input (pure) -------------------------------------------------------------------


def test_numbers_pick_choices_and_words_give_commands() -> None:
    game = at_action()
    view, legal = game.view(0), game.legal_actions()
    ctx = ctx_for(game)
    choices = build_choices(view, legal, ctx)
    assert parse_input("1", choices, view, ctx, legal) == choices[0].action
    assert parse_input(f" {len(choices)} ", choices, view, ctx, legal) == choices[-1].action
    for word, name in [
        ("more", "more"),
        ("MEHR", "more"),
        ("karte", "map"),
        ("?", "help"),
        ("q", "quit"),
        ("chancen", "odds"),
        ("log", "log"),
    ]:
        assert parse_input(word, choices, view, ctx, legal) == Command(name)
    for bad, message in [("0", "no choice 0"), ("", "type a number"), ("fly me", "unknown input")]:
        with pytest.raises(InputError, match=message):
            parse_input(bad, choices, view, ctx, legal)


@pytest.mark.parametrize(
    "text",
    [
        "move Billy 12,8",
        "move billy (12, 8)",
        "bewege B 12 8",
        "move Bil 12;8",
        "gehe Billy 12,8 mit 10♣",
    ],
)
def test_typed_moves_parse(text: str) -> None:
    game = new_game(
        "duel",
        seed=1,
        deck_order=["10♣", "9♣", "8♣", "7♣", "6♣", "Q♠", "2♥", "3♥", "4♥", "5♥"],
        dealer=1,
    )
    to_own_action(game)
    view = game.view(0)
    assert view["hand"] == ["10♣", "9♣", "8♣", "7♣", "6♣"]
    ctx = ctx_for(game)
    move = parse_input(text, [], view, ctx)
    assert isinstance(move, Move) and len(move.steps) == 1
    step = move.steps[0]
    assert step.figure == "Billy" and step.path[0] == (12.0, 1.5) and step.path[-1] == (12.0, 8.0)
    assert move.card == Card.parse("10♣") if "10♣" in text else Card.parse("7♣")  # smallest fit


def test_typed_move_errors_say_what_to_do() -> None:
    game = new_game("duel", seed=1, deck_order=["10♣", "9♣", "8♣", "7♣", "6♣"], dealer=1)
    to_own_action(game)
    view, ctx = game.view(0), ctx_for(game)
    cases = [
        ("move Paco 12,8", "which figure"),
        ("move Billy", "where to"),
        ("move Billy 12,30", r'the move costs [0-9.]+" but 10♣ gives only 10"'),
        ("move Billy 12,8 with Q♠", "Q♠ is not in your hand"),
        ("move Billy 12,8 with 6♣", "gives only 6"),
        ("move Billy 12,1.5", "already stands"),
        ("move Billy 50,8", r"Billy cannot move so: the path leaves the table at \(50, 8\)"),
    ]
    for text, message in cases:  # the engine's own refusals, for people (no repr of an action)
        with pytest.raises(InputError, match=message) as info:
            parse_input(text, [], view, ctx, game.legal_actions())
        assert "Move(" not in str(info.value)
    de = ctx_for(game, Lang.DE)
    with pytest.raises(InputError) as refused:
        parse_input("bewege Niemand 1,1", [], view, de)
    assert describe_error(refused.value, "de").startswith("welche Figur? deine: Billy")
    with pytest.raises(InputError) as refused:
        parse_input("bewege Billy 12,30", [], view, de, game.legal_actions())
    assert re.fullmatch(
        r'der Zug kostet [0-9,]+", aber 10♣ gibt nur 10"', describe_error(refused.value, "de")
    )


def test_typed_move_goes_round_walls_through_the_door() -> None:
    game = new_game("duel", seed=1, deck_order=["10♣", "9♣", "8♣", "7♣", "Joker"], dealer=1)
    to_own_action(game)
    view, ctx = game.view(0), ctx_for(game)
    move = plan_move(view, ctx, "Billy", (6.0, 7.5), hide=True)  # just inside the bank's door
    step = move.steps[0]
    assert len(step.path) > 2 and step.hide and step.path[-1] == (6.0, 7.5)
    cost = ctx.table.move_cost(step.path)
    assert cost <= ctx.rules.card_value(move.card) and not move.card.is_joker


def test_typed_actions_of_every_kind() -> None:
    game = at_action("gangs", seed=3)
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    assert parse_input("bid K♦", [], view, ctx) == Bid(Card.parse("K♦"))
    assert parse_input("verteidige Herz-4", [], view, ctx) == Defend(Card.parse("4♥"))
    assert parse_input("redraw 3♦ Bob", [], view, ctx) == Redraw(Card.parse("3♦"), "Bob")
    assert isinstance(parse_input("redraw 3♦", [], view, ctx), Redraw)
    assert parse_input("reveal Frank McLaury", [], view, ctx) == Reveal("Frank McLaury")
    assert parse_input("aufdecken M", [], view, ctx) == Reveal("Frank McLaury")
    assert parse_input("swap", [], view, ctx) == Swap()
    assert parse_input("passe", [], view, ctx) == Pass()
    assert parse_input("concede", [], view, ctx) == Concede()
    assert parse_input("shoot Bob Ike with Q♠", [], view, ctx) == Attack(
        Card.parse("Q♠"), "Bob", "Ike"
    )
    with pytest.raises(InputError, match="not a card"):
        parse_input("bid Kaiser", [], view, ctx)
    with pytest.raises(InputError, match="at whom"):
        parse_input("shoot Bob", [], view, ctx, legal)
    with pytest.raises(InputError, match="takes nothing"):
        parse_input("swap now", [], view, ctx)


YARD = scenario_toml(
    "Yard", figure("Billy", 0, (4, 4)), figure("Paco", 1, (4, 8)), width=24, height=24
)
"""Billy and Paco 3" apart (edge to edge) on an open 24" x 24" yard, Colts both."""


def test_shoot_without_a_card_takes_the_best_odds(action_game: Callable[..., Game]) -> None:
    game = action_game(YARD, {0: ["2♠", "K♠", "7♠", "2♣", "3♣"], 1: ["2♥", "9♥", "7♣", "8♣", "9♣"]})
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    attacks = [a for a in legal if isinstance(a, Attack)]
    odds = {a.card: view_attack_odds(view, a, table=ctx.table, ruleset=ctx.rules) for a in attacks}
    assert [str(a.card) for a in attacks] == ["2♠", "K♠", "7♠"]  # the first is not the best
    assert odds[Card.parse("K♠")].expected > odds[Card.parse("7♠")].expected
    assert odds[Card.parse("7♠")].expected > odds[Card.parse("2♠")].expected
    chosen = parse_input("shoot Paco", [], view, ctx, legal)
    assert chosen == Attack(Card.parse("K♠"), "Billy", "Paco")
    assert parse_input("shoot Paco with 7♠", [], view, ctx, legal) == attacks[2]


def test_labels_show_odds_and_compact_view_shows_every_kind(
    action_game: Callable[..., Game],
) -> None:
    game = action_game(
        YARD, {0: ["5♠", "K♠", "10♣", "3♣", "7♠"], 1: ["2♥", "9♥", "7♣", "8♣", "9♣"]}
    )
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    choices = build_choices(view, legal, ctx, advice=legal[-1])  # the advice: concede
    assert len(choices) <= len(legal)
    attack = [c for c in choices if isinstance(c.action, Attack)]
    assert len(attack) == 3
    for c in attack:
        assert "% hit, E=" in c.label and "wounds" in c.label
    assert {c.group for c in choices} == {"attack", "move", "pass", "concede"}
    shown = compact_choices(choices, 6)  # the advice, then one of every kind, then more
    assert Counter(choices[i].group for i in shown) == {
        "concede": 1,
        "attack": 2,
        "move": 2,
        "pass": 1,
    }


def test_defend_labels_are_exact(action_game: Callable[..., Game]) -> None:
    game = action_game(YARD, {0: ["5♠", "2♣", "3♣", "4♣", "6♣"], 1: ["2♥", "9♥", "7♣", "8♣", "9♣"]})
    game.apply(Attack(Card.parse("5♠"), "Billy", "Paco"))
    view, legal, ctx = game.view(1), game.legal_actions(), ctx_for(game)
    labels = {c.action: c.label for c in build_choices(view, legal, ctx)}
    assert labels[Defend(Card.parse("9♥"))] == "Defend with 9♥ — defence 9 vs attack 6: no wound"
    assert labels[Defend(Card.parse("2♥"))] == "Defend with 2♥ — defence 2 vs attack 6: 1 wound"
    assert labels[Pass()] == "Play no heart — defence 0 vs attack 6: 3 wounds"


# -- the map and the story --------------------------------------------------------------------


def test_figure_letters_are_distinct() -> None:
    game = new_game("gangs", seed=1)
    letters = figure_labels(f.name for f in game.scenario.figures)
    assert len(set(letters.values())) == len(letters) == 10
    assert letters["Bob"] == "B" and letters["Frank McLaury"] == "M"


@pytest.mark.parametrize(("width", "height"), [(80, 24), (80, 40), (120, 40), (60, 20)])
def test_map_fits_the_terminal(width: int, height: int) -> None:
    for name in ("duel", "gangs", "three-way"):
        game = new_game(name, seed=1)
        table = game.scenario.table(game.ruleset)
        scale = board_scale(table, width, height)
        text = render_board(
            table,
            game.view(0)["figures"],
            labels=figure_labels(f.name for f in game.scenario.figures),
            scale=scale,
            show_scale=False,
        )
        lines = text.plain.splitlines()
        assert len(lines) <= height and max(map(len, lines)) <= width


def test_map_draws_figures_where_they_stand() -> None:
    game = new_game("duel", seed=1)
    table = game.scenario.table(game.ruleset)
    text = render_board(
        table, game.view(0)["figures"], labels={"Billy": "B", "Paco": "P"}, scale=(1, 2)
    )
    rows = text.plain.splitlines()[2:-2]
    assert rows[-1][4 + 12] == "B"  # Billy at (12, 1.5): last line, column 12
    assert rows[0][4 + 12] == "P"


def test_every_event_kind_is_told_in_both_languages() -> None:
    silent = {"deck_shuffled", "hand_discarded"}
    names = {
        getattr(cls, "TYPE", None) or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        for cls in vars(events_module).values()
        if isinstance(cls, type)
        and issubclass(cls, events_module.Event)
        and cls is not events_module.Event
    }
    narrator = Narrator(Lang.EN, seat_labels(2, Lang.EN))
    handled = set(narrator._handlers)
    assert names - handled <= silent, names - handled - silent
    told: set[str] = set()
    for seed in range(6):
        game = play_game(new_game("duel", seed=seed), [RandomBot(seed), RandomBot(seed + 1)])
        for lang in (Lang.EN, Lang.DE):
            n = Narrator(lang, seat_labels(2, lang), you=0)
            for data in game.event_dicts():
                line = n.event(data)
                if line is not None:
                    told.add(data["type"])
                    assert line.strip() and "{" not in line
    assert {"attack_resolved", "figures_moved", "round_ended", "game_ended"} <= told


def test_no_question_without_a_real_choice(tmp_path: Path) -> None:
    """A decision whose only choice is to pass (no diamond to bid, no heart) is not asked;
    redraw and concede are typed commands, not choices that make every such pass a prompt."""
    save = tmp_path / "game.json"
    out, buffer = screen()
    prompts: list[str] = []
    ask = script(prompts=prompts)  # always the first choice
    assert run_play(seats="human,human", seed=4, out=out, save=save, ask=ask) == 0
    game = Game.from_json(save.read_text(encoding="utf-8"))
    forced = buffer.getvalue().count("nothing else to do")
    assert forced > 0 and prompts
    assert len(prompts) + forced == len(game.actions)  # every decision: asked, or forced


def test_load_keeps_saving_to_its_file_and_retells_the_last_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    out, _ = screen()
    run_play(seats="human,bot", seed=9, out=out, save=save, ask=script("2", "q"))
    for name in ("a.json", "b.json"):
        shutil.copy(save, tmp_path / name)
    before = len(Game.from_json(save.read_text(encoding="utf-8")).actions)
    out, _ = screen()
    run_play(seats="human,bot", load=save, out=out, ask=script("1", "q"))  # no --save
    after = Game.from_json(save.read_text(encoding="utf-8"))
    assert len(after.actions) > before  # the decision was written back to the loaded file

    def shown(name: str) -> list[str]:
        out, buffer = screen()
        run_play(seats="human,bot", load=tmp_path / name, out=out, ask=script("q"))
        return buffer.getvalue().splitlines()

    retold = shown("a.json")
    monkeypatch.setattr(_play_session, "_LAST_EVENTS", 0)
    assert any("Loaded: round" in line for line in retold)
    assert len(retold) > len(shown("b.json"))  # the last events were told again


def test_quit_on_an_unsaved_game_asks_first() -> None:
    out, buffer = screen()
    prompts: list[str] = []
    ask = script("q", "n", "q", "y", prompts=prompts)
    run_play(seats="human,bot", seed=9, out=out, ask=ask)
    asked = [p for p in prompts if "not saved" in p]
    assert len(asked) == 2 and "Game stopped." in buffer.getvalue()
