"""Terminal play, issue 12 part 3: typed moves the engine accepts as shown, a split club,
German coordinates, honest bid hints, results in view, the panel's sights, 80×24, help."""

from __future__ import annotations

import io
import itertools
import re
from collections import Counter
from collections.abc import Callable

import pytest
from rich.console import Console

from play_context import ctx_for
from scenario_text import figure, scenario_toml
from totenblatt.cards import Card
from totenblatt.cli._play_choices import build_choices
from totenblatt.cli._play_input import Command, InputError, parse_input, take_point
from totenblatt.cli._play_screen import recent_entries, recent_lines
from totenblatt.cli.app import Lang
from totenblatt.cli.play import SeatKind, Session, default_ruleset, parse_seats
from totenblatt.text import describe_error
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.actions import Action, Bid, Concede, Move, Pass, Redraw
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.queries import inches_up, sights
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

Cli = Callable[[list[str]], tuple[int, str, str]]

HEARTS = ["2♥", "3♥", "4♥", "5♥", "6♥"]
"""Seat 1's hand: nothing to bid, nothing to shoot."""
SPADES = ("3♠", "4♠", "5♠", "6♠", "7♠")
"""The dead man's hand: no diamond for anyone."""

OPEN = scenario_toml(
    "Open",
    figure("Billy", 0, (4, 4)),
    figure("Bob", 0, (4, 10)),
    figure("Paco", 1, (40, 20)),
)


def open_game(action_game: Callable[..., Game], hand: list[str]) -> Game:
    """Billy and Bob (seat 0) on an open table, seat 0 to act with ``hand``; nobody bids."""
    return action_game(OPEN, {0: hand, 1: HEARTS}, dead=SPADES, seed=3)


def at_action(scenario: str, seed: int) -> Game:
    game = new_game(scenario, "extended" if scenario == "heroes" else "base", seed=seed)
    bot = RandomBot(1)
    for _ in range(500):
        mine = game.phase is Phase.ACTION and game.to_act == 0
        if mine and any(isinstance(a, Move) and a.steps for a in game.legal_actions()):
            return game
        legal = [a for a in game.legal_actions() if not isinstance(a, Redraw | Concede)]
        game.apply(bot.choose(game.view(game.to_act or 0), legal))
    raise AssertionError("no action decision with a move reached")


# -- coordinates: one grammar, unambiguous in both languages -------------------------------


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("12,8", (12.0, 8.0)),  # one word, comma between: decimal points only
        ("4,5", (4.0, 5.0)),  # so this is x=4, y=5 (the label of (4,5; …) would differ)
        ("4.5,10.5", (4.5, 10.5)),
        ("4,5;10,5", (4.5, 10.5)),  # one word, semicolon between: either decimal mark
        ("4.5;10", (4.5, 10.0)),
        ("4,5 10,5", (4.5, 10.5)),  # two words: either decimal mark
        ("4,5; 10,5", (4.5, 10.5)),
        ("(12, 8)", (12.0, 8.0)),
        ("12 8", (12.0, 8.0)),
    ],
)
def test_a_spot_has_one_reading(text: str, point: tuple[float, float]) -> None:
    assert take_point(text) == (point, "")


@pytest.mark.parametrize("text", ["4,5,10,5", "12", "x,y", "4.5.1,2"])
def test_an_unreadable_spot_is_refused_with_the_grammar(text: str) -> None:
    with pytest.raises(InputError) as info:
        take_point(text)
    assert "4,5;10,5" in str(info.value)
    assert "4,5;10,5" in describe_error(info.value, "de")


# -- typed moves: the cost shown is the cost checked ---------------------------------------


@pytest.mark.parametrize("lang", [Lang.EN, Lang.DE])
def test_every_listed_move_typed_back_as_shown_is_that_move(lang: Lang) -> None:
    for scenario, seed in (("duel", 3), ("gangs", 2)):
        game = at_action(scenario, seed)
        view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game, lang)
        shown = 0
        for choice in build_choices(view, legal, ctx):
            action = choice.action
            if not isinstance(action, Move) or len(action.steps) != 1:
                continue
            step = action.steps[0]
            where = re.search(r"\(([-\d.,]+)[,;] ([-\d.,]+)\)", choice.label)
            assert where, choice.label
            cost = re.search(r'([\d.,]+)" (?:to|nach)', choice.label)
            assert cost, choice.label
            inches = float(cost.group(1).replace(",", "."))
            assert inches <= game.ruleset.jokers.club_inches  # never more than a club gives
            typed = f"move {step.figure} {where.group(1)} {where.group(2)} with {action.card}"
            typed += " hide" if step.hide else ""
            move = parse_input(typed, [], view, ctx, legal)
            assert isinstance(move, Move) and move.card == action.card
            end = move.steps[0].path[-1]
            assert max(abs(a - b) for a, b in zip(end, step.path[-1], strict=True)) <= 0.05
            assert game.refusal(move) is None  # the engine takes it as listed
            shown += 1
        assert shown


def test_a_refused_cost_is_shown_rounded_up_like_the_labels(
    action_game: Callable[..., Game],
) -> None:
    game = open_game(action_game, ["4♣", "8♥", "9♥", "10♥", "J♥"])
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    ok = parse_input("move Billy 8,4", [], view, ctx, legal)  # 4.0": the 4♣ pays it
    assert isinstance(ok, Move) and game.refusal(ok) is None
    with pytest.raises(InputError) as info:  # 4.004": the engine refuses it …
        parse_input("move Billy 8.004,4", [], view, ctx, legal)
    assert str(info.value) == 'the move costs 4.1" but 4♣ gives only 4"'  # … and says so
    assert describe_error(info.value, "de") == 'der Zug kostet 4,1", aber 4♣ gibt nur 4"'
    assert inches_up(4.004) > 4 >= inches_up(4.0)


def test_one_club_is_split_over_several_figures(action_game: Callable[..., Game]) -> None:
    game = open_game(action_game, ["9♣", "8♥", "9♥", "10♥", "J♥"])
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    move = parse_input("move Billy 8,4 Bob 4,15 with 9♣", [], view, ctx, legal)
    assert isinstance(move, Move) and move.card == Card.parse("9♣")
    assert [(s.figure, s.path[-1]) for s in move.steps] == [
        ("Billy", (8.0, 4.0)),
        ("Bob", (4.0, 15.0)),
    ]
    de = ctx_for(game, Lang.DE)
    same = parse_input("bewege Billy 8;4 und Bob 4,0 15,0", [], view, de, legal)
    assert isinstance(same, Move) and same.steps == move.steps and same.card == move.card
    with pytest.raises(InputError) as info:  # 4" + 5" = 9": one more inch is too much
        parse_input("move Billy 8,4 Bob 4,16 with 9♣", [], view, ctx, legal)
    assert str(info.value) == 'the move costs 10" but 9♣ gives only 9"'
    game.apply(move)
    assert (game.figure("Billy").pos, game.figure("Bob").pos) == ((8.0, 4.0), (4.0, 15.0))


# -- the hint never spends a card for nothing ----------------------------------------------


def test_the_hint_does_not_advise_a_bid_that_changes_nothing() -> None:
    rules = Ruleset.load("base").with_options(redraws_per_round=0)
    hands = {0: ["Q♦", "3♦", "2♥", "3♥", "2♣"], 1: ["Q♥", "K♥", "A♥", "3♣", "4♥"]}
    order = stacked_deal(1, hands, ["7♥", "8♥", "9♥", "10♥", "J♥"])
    game = new_game("duel", rules, seed=2, dealer=1, deck_order=order)
    while not (game.phase is Phase.BID and game.to_act == 0):
        game.apply(Pass())  # seat 1 bids first and passes: seat 0 acts first anyway
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    choices = build_choices(view, legal, ctx, advice=Bid(Card.parse("Q♦")))
    advised = [c.action for c in choices if c.advised]
    assert advised == [Pass()]
    bids = [c.label for c in choices if isinstance(c.action, Bid)]
    assert bids and all("changes nothing" in label for label in bids)


# -- the screen ----------------------------------------------------------------------------


def test_an_attack_s_outcome_is_not_pushed_off_by_its_wounds() -> None:
    entries = [
        ("attack_declared", "", "Paco shoots at Billy with K♠."),
        ("defense_played", "", "Player 1 plays no heart."),
        ("attack_resolved", "", "Attack 12 against defence 0: 3 wounds."),
        ("wounded", "Billy", "Billy is hit: 5 HP left."),
        ("wounded", "Billy", "Billy is hit: 4 HP left."),
        ("wounded", "Billy", "Billy is hit: 3 HP left."),
        ("hp_gained", "Paco", "Paco gains 1 HP (6)."),
    ]
    assert recent_lines(entries, 2) == [
        "Attack 12 against defence 0: 3 wounds.",
        "Paco gains 1 HP (6).",
    ]
    assert recent_lines(entries, 3)[1] == "Billy is hit: 3 HP left."
    later = [*entries, *[("bid_passed", "", f"Player {n} does not bid.") for n in range(6)]]
    assert "Attack 12" not in " ".join(recent_lines(later, 2))  # not rounds later


def render(session: Session, width: int, height: int) -> list[str]:
    buffer = io.StringIO()
    session.out = Console(file=buffer, width=width, height=height, highlight=False)
    game = session.game
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    session._show(view, build_choices(view, legal, session.ctx))
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize(
    ("scenario", "seats", "seed", "height"),
    [
        ("duel", "bot,human", 5, 40),  # the bot swaps and bids before the human's first screen
        ("gangs", "human,bot", 2, 24),  # two recent lines: the rest above the map
        ("duel", "human,human", 4, 40),  # people sharing the screen, forced passes
    ],
)
def test_every_event_told_is_on_the_next_screen_once(
    scenario: str, seats: str, seed: int, height: int
) -> None:
    """What was told since the last prompt (a bot's swap and bid, the human's own card …)
    is on the next screen once: above the map, or in the recent lines below it, not both,
    and none is left out (nor at the end of the game)."""
    buffer = io.StringIO()
    out = Console(file=buffer, width=200, height=height, highlight=False)  # no line wraps
    game = new_game(scenario, default_ruleset(scenario), seed)
    prompts: list[tuple[int, int]] = []
    """(lines told, characters printed) at every prompt."""

    def ask(prompt: str) -> str:
        prompts.append((len(session.log), buffer.tell()))
        return "1"

    kinds = parse_seats(seats, game.seats)
    session = Session(game, kinds, lang=Lang.EN, out=out, ask=ask, seed=seed)
    assert session.run()
    prompts.append((len(session.log), buffer.tell()))
    text = buffer.getvalue()
    told = start = 0
    for n, end in prompts:
        shown = Counter(line.strip() for line in text[start:end].splitlines())
        for line, count in Counter(session.log[told:n]).items():
            assert shown[line] == count, (line, text[start:end])
        told, start = n, end
    assert len(prompts) > 5 and told == len(session.log)


def test_delay_paces_the_bot_lines_that_wait_for_the_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``--delay`` and a human seat, the bot's lines wait for the human's screen and
    it pauses between the bot's decisions as it prints them (the screen is not blank while
    the bot plays)."""
    import totenblatt.cli.play as play

    buffer = io.StringIO()
    out = Console(file=buffer, width=200, height=24, highlight=False)
    printed_at_pause: list[int] = []
    monkeypatch.setattr(play.time, "sleep", lambda s: printed_at_pause.append(buffer.tell()))
    game = new_game("duel", default_ruleset("duel"), 5)
    session = Session(
        game,
        parse_seats("bot,human", game.seats),
        lang=Lang.EN,
        out=out,
        ask=lambda prompt: "1",
        seed=5,
        delay=0.5,
    )
    assert session.run()
    assert printed_at_pause, "no pause between the bot's decisions"
    assert all(b > a for a, b in itertools.pairwise([0, *printed_at_pause])), (
        "every pause comes after more lines were printed"
    )


@pytest.mark.parametrize(
    ("scenario", "seats", "seed"),
    [("duel", "bot,human", 5), ("duel", "heuristic,human", 3), ("gangs", "human,bot", 2)],
)
def test_delay_paces_the_bot_decisions_in_the_recent_lines_below_the_map(
    monkeypatch: pytest.MonkeyPatch, scenario: str, seats: str, seed: int
) -> None:
    """The lines of a bot's decisions that end up in the recent lines below the map unfold
    with the pause of ``--delay`` between the decisions too, not all at once with the
    screen: a pause between two of them that belong to different bot decisions (told since
    the last screen), none between two of one decision."""
    import totenblatt.cli.play as play

    buffer = io.StringIO()
    out = Console(file=buffer, width=200, height=40, highlight=False)  # 4 recent lines
    monkeypatch.setattr(play.time, "sleep", lambda s: buffer.write("<pause>\n"))
    game = new_game(scenario, default_ruleset(scenario), seed)
    screens: list[tuple[int, int]] = []
    """(lines told, characters printed) at every prompt."""

    def ask(prompt: str) -> str:
        screens.append((len(session.log), buffer.tell()))
        return "1"

    session = Session(
        game, parse_seats(seats, game.seats), lang=Lang.EN, out=out, ask=ask, seed=seed, delay=0.4
    )
    decision: list[int | None] = []
    """The bot decision (a number) that told each line of the log; None: not a bot's."""
    numbers = itertools.count()
    bot_acted: list[bool] = []

    def noted(choose: Callable[..., Action]) -> Callable[..., Action]:
        def choose_and_note(*args: object) -> Action:
            bot_acted.append(True)
            return choose(*args)

        return choose_and_note

    for bot in session.bots.values():
        monkeypatch.setattr(bot, "choose", noted(bot.choose))
    narrate = session.narrate

    def narrate_and_note() -> None:
        told = len(session.log)
        narrate()
        who = next(numbers) if bot_acted else None
        bot_acted.clear()
        decision.extend([who] * (len(session.log) - told))

    monkeypatch.setattr(session, "narrate", narrate_and_note)
    assert session.run()
    paced = 0
    told = start = 0
    for n, end in screens:
        lines = buffer.getvalue()[start:end].splitlines()
        below = recent_entries(session.recent[:n], 4)
        rule = max(i for i, line in enumerate(lines) if line and set(line) == {"─"})
        at = next(i for i in range(rule, len(lines)) if lines[i] == session.log[below[0]])
        for a, b in itertools.pairwise(below):
            pause = lines[at + 1] == "<pause>"
            at += 2 if pause else 1
            assert lines[at] == session.log[b], lines[rule:]
            above = [decision[i] for i in range(told, n) if i not in below]
            if a < told or decision[b] is None or decision[b] in above:
                continue  # not new, not a bot's, or its decision paced above the map
            assert pause == (decision[a] != decision[b]), (a, b, lines[rule:])
            paced += pause
        told, start = n, end
    assert paced > 2, "no bot decisions below the map to pace"


@pytest.mark.parametrize("lang", [Lang.EN, Lang.DE])
@pytest.mark.parametrize(("scenario", "seed"), [("duel", 3), ("heroes", 1), ("gangs", 2)])
def test_the_screen_fits_80_by_24(scenario: str, seed: int, lang: Lang) -> None:
    game = at_action(scenario, seed)
    session = Session(game, [SeatKind.HUMAN, SeatKind.BOT], lang=lang, out=Console(), seed=1)
    lines = render(session, 80, 24)
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert len(lines) + 1 <= 24, len(lines)  # and the prompt below it


def test_the_panel_shows_dealer_initiative_and_the_engine_s_sights() -> None:
    game = at_action("gangs", 2)
    session = Session(game, [SeatKind.HUMAN, SeatKind.BOT], lang=Lang.EN, out=Console(), seed=1)
    text = "\n".join(render(session, 120, 50))
    view = game.view(0)
    assert f"Dealer P{view['dealer'] + 1}" in text and f"initiative P{view['active'] + 1}" in text
    own = next(f["name"] for f in view["figures"] if f["seat"] == 0 and not f["out"])
    assert f"from {session.ctx.letters[own]}" in text
    for sight in sights(game.state, own):
        shown = f'{inches_up(sight.distance):.1f}"'
        row = next(line for line in text.splitlines() if f" {sight.target[:7]} " in line)
        assert shown in row, (shown, row)
        if not sight.line_of_fire:
            assert "no line" in row
    assert "# wall" in text  # the legend of the map's characters, on a tall screen


def test_look_selects_the_figure_the_panel_measures_from() -> None:
    game = at_action("gangs", 2)
    session = Session(game, [SeatKind.HUMAN, SeatKind.BOT], lang=Lang.EN, out=Console(), seed=1)
    view, legal = game.view(0), game.legal_actions()
    enemy = next(f["name"] for f in view["figures"] if f["seat"] == 1)
    command = parse_input(f"look {enemy}", [], view, session.ctx, legal)
    assert command == Command("look", enemy)
    session.selected = enemy
    text = "\n".join(render(session, 120, 50))
    assert f"from {session.ctx.letters[enemy]}" in text


def test_help_lists_the_grammar_and_the_legend_in_80_columns() -> None:
    game = at_action("heroes", 1)
    for lang, words in ((Lang.EN, ("4,5;10,5", "look NAME")), (Lang.DE, ("4,5;10,5", "schau"))):
        buffer = io.StringIO()
        out = Console(file=buffer, width=80, height=24, highlight=False)
        session = Session(game, [SeatKind.HUMAN, SeatKind.BOT], lang=lang, out=out, seed=1)
        view = game.view(0)
        session._command("help", view, [])
        text = buffer.getvalue()
        assert all(w in text for w in words)
        assert all(len(line) <= 80 for line in text.splitlines())
        abilities = [a for f in view["figures"] for a in f["abilities"]]
        assert abilities and ":" in text.splitlines()[-1]  # every ability by name and effect


@pytest.mark.parametrize(
    ("command", "german"),
    [
        (["play", "--help"], ("Startwert des Mischens", "Eine Art je Platz")),
        (["replay", "--help"], ("Nach jedem Ereignis", "gespeichertes Spiel")),
    ],
)
def test_play_and_replay_options_are_explained_in_german(
    command: list[str], german: tuple[str, ...], cli: Cli
) -> None:
    code, out, err = cli([*command, "--lang", "de"])
    assert code == 0, err
    flat = " ".join(out.split())
    assert all(word in flat for word in german), flat
    code, out, _ = cli([*command, "--lang", "en"])
    assert "Startwert" not in out and "Ereignis" not in out
