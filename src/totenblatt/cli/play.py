"""``totenblatt play`` and ``totenblatt replay``: a game of Wanted in the terminal, narrated.

Seats are ``human`` (you type), ``bot`` (:class:`HeuristicBot`) or ``random``
(:class:`RandomBot`). A human seat needs a terminal; ``--seats bot,bot``
watches two bots. :func:`run_play` takes an ``ask`` function so a whole
human game can be played by a test without a terminal.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from totenblatt.cli._play_choices import Choice, PlayContext, assumption, build_choices
from totenblatt.cli._play_input import Command, InputError, parse_input
from totenblatt.cli._play_replay import Ask, run_replay
from totenblatt.cli._play_screen import (
    choice_lines,
    colour_names,
    compact_choices,
    lines_of,
    screen,
)
from totenblatt.cli.app import (
    Lang,
    LangOption,
    app,
    check_writable,
    console,
    fail,
    pick,
    resolve_lang,
    write_text_atomic,
)
from totenblatt.cli.board import board_scale, figure_labels, render_board
from totenblatt.cli.story import Narrator, seat_labels, winner_line
from totenblatt.wanted.bots.base import Bot
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.random_bot import RandomBot
from totenblatt.wanted.engine.actions import Action, Attack, Concede
from totenblatt.wanted.engine.events import event_to_dict, visible_to
from totenblatt.wanted.engine.game import Game, new_game

__all__ = ["SeatKind", "Session", "no_terminal_message", "parse_seats", "run_play", "run_replay"]


class SeatKind(StrEnum):
    """Who plays a seat."""

    HUMAN = "human"
    """A person at the keyboard."""
    BOT = "bot"
    """The heuristic bot."""
    RANDOM = "random"
    """The random bot."""


_KIND_WORDS = {
    "human": SeatKind.HUMAN,
    "mensch": SeatKind.HUMAN,
    "me": SeatKind.HUMAN,
    "ich": SeatKind.HUMAN,
    "bot": SeatKind.BOT,
    "heuristic": SeatKind.BOT,
    "random": SeatKind.RANDOM,
    "zufall": SeatKind.RANDOM,
}


def parse_seats(text: str, seats: int) -> list[SeatKind]:
    """``human,bot`` -> one kind per seat; missing seats are bots.

    >>> parse_seats("human, bot", 3)
    [<SeatKind.HUMAN: 'human'>, <SeatKind.BOT: 'bot'>, <SeatKind.BOT: 'bot'>]
    """
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    kinds = []
    for word in words:
        kind = _KIND_WORDS.get(word)
        if kind is None:
            raise ValueError(
                f"unknown seat kind {word!r} in --seats {text!r}: expected "
                "human, bot or random, separated by commas"
            )
        kinds.append(kind)
    if len(kinds) > seats:
        raise ValueError(f"--seats {text!r} names {len(kinds)} seats, but the scenario has {seats}")
    return kinds + [SeatKind.BOT] * (seats - len(kinds))


def no_terminal_message() -> str:
    """What to say when a human seat has no terminal to type into (both languages)."""
    return (
        "A human seat needs a terminal to type into, but standard input is not one.\n"
        "To watch two bots play instead: totenblatt play --seats bot,bot\n"
        "Ein menschlicher Platz braucht ein Terminal zum Tippen, aber die Standardeingabe "
        "ist keines.\n"
        "Zwei Bots beim Spielen zuschauen: totenblatt play --seats bot,bot"
    )


def stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):
        return False


def _kind_label(kind: SeatKind, lang: Lang) -> str:
    return {
        SeatKind.HUMAN: pick(lang, "you", "du"),
        SeatKind.BOT: "bot",
        SeatKind.RANDOM: pick(lang, "random bot", "Zufallsbot"),
    }[kind]


_HELP_EN = """\
Type the number of a choice, or one of:
  move NAME X,Y [with CARD] [hide]   move a figure (route found for you), e.g. move Billy 12,8
  shoot SHOOTER TARGET [with CARD]   e.g. shoot Billy Paco with Q♠ (best spade if none given)
  bid CARD · defend CARD · redraw CARD [PAYER] · reveal NAME · swap · pass · concede
  fate CARD [NAME] (Tempt Fate) · keep CARD (which drawn card to keep)
  more (all choices) · map · log · odds · help · quit (the game is saved with --save)
Names may be the map letter. Coordinates in inches, x right, y up, from the bottom-left."""

_HELP_DE = """\
Tippe die Nummer einer Wahl oder:
  bewege NAME X,Y [mit KARTE] [verstecken]   z. B. bewege Billy 12,8 (Weg wird gesucht)
  schieß SCHÜTZE ZIEL [mit KARTE]            z. B. schieß Billy Paco mit Q♠
  biete KARTE · verteidige KARTE · nachziehen KARTE [ZAHLER] · aufdecken NAME · tausche
  schicksal KARTE [NAME] (Spiel mit dem Schicksal) · behalte KARTE (welche gezogene Karte)
  passe · aufgeben · mehr (alle Wahlen) · karte · protokoll · chancen · hilfe · ende
Namen dürfen der Buchstabe auf der Karte sein. Koordinaten in Zoll, x nach rechts, y nach
oben, von links unten."""


class Session:
    """One game at the terminal: bots and humans take turns, every event is narrated."""

    def __init__(
        self,
        game: Game,
        kinds: Sequence[SeatKind],
        *,
        lang: Lang,
        out: Console,
        ask: Ask | None = None,
        save: Path | None = None,
        seed: int = 0,
        delay: float = 0.0,
    ) -> None:
        self.game = game
        self.delay = delay
        self.kinds = list(kinds)
        self.lang = lang
        self.out = out
        self.ask: Ask = ask if ask is not None else (lambda prompt: out.input(prompt))
        self.save = save
        humans = [s for s, k in enumerate(self.kinds) if k is SeatKind.HUMAN]
        self.you = humans[0] if len(humans) == 1 else None
        self.labels = seat_labels(game.seats, lang)
        scenario = game.scenario
        self.title = pick(lang, scenario.title, scenario.title_de)
        self.ctx = PlayContext(
            game.ruleset,
            scenario.table(game.ruleset),
            lang,
            figure_labels(f.name for f in scenario.figures),
        )
        self.narrator = Narrator(
            lang, self.labels, ruleset=game.ruleset, you=self.you, title=self.title
        )
        self.bots: dict[int, Bot] = {}
        self.advisors: dict[int, HeuristicBot] = {}
        for s, kind in enumerate(self.kinds):
            if kind is SeatKind.BOT:
                self.bots[s] = HeuristicBot(seed * 10 + s, ruleset=game.ruleset, scenario=scenario)
            elif kind is SeatKind.RANDOM:
                self.bots[s] = RandomBot(seed * 10 + s)
            else:
                self.advisors[s] = HeuristicBot(
                    seed * 10 + s, ruleset=game.ruleset, scenario=scenario
                )
        self.told = 0
        self.log: list[str] = []

    def t(self, en: str, de: str) -> str:
        """The text in the session's language."""
        return pick(self.lang, en, de)

    # -- output ----------------------------------------------------------------------

    def _visible(self, index: int) -> bool:
        event = self.game.state.events[index]
        return visible_to(event, self.you) if self.you is not None else not event.PRIVATE

    def narrate(self) -> None:
        """Tell every event since the last call (public ones, and the human's own)."""
        events = self.game.state.events
        view = self.game.view(self.you if self.you is not None else 0)
        for index in range(self.told, len(events)):
            if not self._visible(index):
                continue
            data = event_to_dict(events[index])
            line = self.narrator.event(data)
            if line is None:
                continue
            self.log.append(line)
            style = "bold" if data["type"] in ("round_started", "game_ended") else None
            text = colour_names(line, view, self.labels)
            if style:
                text.stylize(style)
            self.out.print(text)
            if data["type"] == "round_ended" and self.you is None:
                self.show_board(view)
        self.told = len(events)

    def show_board(self, view: Mapping[str, Any]) -> None:
        """The map alone (for watching bots)."""
        size = self.out.size
        scale = board_scale(self.ctx.table, size.width, max(12, size.height - 4))
        self.out.print(
            render_board(self.ctx.table, view["figures"], labels=self.ctx.letters, scale=scale)
        )

    def _save(self) -> None:
        if self.save is None:
            return
        write_text_atomic(self.save, self.game.to_json())

    # -- the game --------------------------------------------------------------------

    def intro(self) -> None:
        """Title, description and who plays which seat."""
        scenario = self.game.scenario
        self.out.print(Text(self.title, style="bold underline"))
        self.out.print(pick(self.lang, scenario.description, scenario.description_de))
        for s, kind in enumerate(self.kinds):
            names = ", ".join(f.name for f in scenario.figures_of(s))
            line = f"{self.labels[s]} ({_kind_label(kind, self.lang)}): {names}"
            self.out.print(colour_names(line, self.game.view(s), self.labels))
        if self.you is None and not self.game.is_over:
            self.show_board(self.game.view(0))

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        self.intro()
        if self.game.actions:  # a loaded game: tell its end so far, not its whole history
            self.told = len(self.game.state.events)
            self.out.print(
                self.t(
                    f"Loaded: round {self.game.round}, {len(self.game.actions)} decisions so far.",
                    f"Geladen: Runde {self.game.round}, bisher "
                    f"{len(self.game.actions)} Entscheidungen.",
                )
            )
            if self.game.is_over:
                line = winner_line(self.game.winners, self.game.end_reason, self.labels, self.lang)
                self.out.print(colour_names(line, self.game.view(0), self.labels), style="bold")
        self.narrate()
        game = self.game
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            legal = game.legal_actions()
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.choose(view, legal)
            else:
                chosen = self.human_turn(seat, view, legal)
                if chosen is None:
                    self._save()
                    self.out.print(
                        self.t("Game stopped.", "Spiel angehalten.")
                        + (
                            self.t(
                                f" Saved to {self.save}; continue with --load {self.save}.",
                                f" Gespeichert in {self.save}; weiter mit --load {self.save}.",
                            )
                            if self.save
                            else ""
                        )
                    )
                    return False
                action = chosen
            game.apply(action)
            self._save()
            self.narrate()
            if bot is not None and self.delay > 0:
                time.sleep(self.delay)
        self._save()
        return True

    # -- a human decision --------------------------------------------------------------

    def _decision_text(self, view: Mapping[str, Any]) -> str:
        phase = view["phase"]
        name = self.labels[view["seat"]]
        who = f"{name}: " if self.you is None else ""
        if phase == "swap":
            return who + self.t(
                "keep your hand or swap it for the dead man's hand?",
                "Hand behalten oder gegen das Totenblatt tauschen?",
            )
        if phase == "bid":
            bids = ", ".join(f"{self.labels[s]} {c}" for s, c in view["decision"].get("bids", []))
            so_far = (
                self.t(f" (bids so far: {bids})", f" (bisherige Gebote: {bids})") if bids else ""
            )
            return (
                who
                + self.t(
                    "bid a diamond for the initiative?", "einen Karo für die Initiative bieten?"
                )
                + so_far
            )
        if phase == "fate":
            cards = " / ".join(view["decision"].get("cards", []))
            return who + self.t(
                f"Tempt Fate: which card do you keep? ({cards})",
                f"Spiel mit dem Schicksal: welche Karte behältst du? ({cards})",
            )
        if phase == "defend":
            a = view["decision"].get("attack") or {}
            return who + self.t(
                f"{a.get('attacker')} shoots at {a.get('target')} with {a.get('card')} — "
                "play a heart?",
                f"{a.get('attacker')} schießt mit {a.get('card')} auf {a.get('target')} — "
                "ein Herz spielen?",
            )
        return who + self.t(
            "your turn: play a club (move), a spade (shoot) or nothing.",
            "du bist dran: Kreuz (gehen), Pik (schießen) oder nichts.",
        )

    def _show(
        self, view: Mapping[str, Any], choices: Sequence[Choice], *, full: bool = False
    ) -> None:
        size = self.out.size
        highlight = []
        if view["phase"] == "defend":
            highlight = [view["decision"].get("attack", {}).get("target", "")]
        body, used = screen(
            view,
            self.ctx,
            self.labels,
            [_kind_label(k, self.lang) for k in self.kinds],
            self.title,
            width=size.width,
            height=size.height,
            log=self.log[-4:],
            highlight=highlight,
            full=full,
        )
        if size.height >= 30:
            self.out.rule(style="dim")
            used += 1
        self.out.print(body)
        decision = Text(self._decision_text(view), style="bold")
        decision.plain = decision.plain[:1].upper() + decision.plain[1:]
        self.out.print(decision)
        used += lines_of(decision, size.width)
        if any(c.odds is not None for c in choices):
            hint = Text(assumption(self.lang, short=size.height < 30), style="dim italic")
            self.out.print(hint)
            used += lines_of(hint, size.width)
        limit = max(3, size.height - used - 2)
        shown = compact_choices(choices, limit)
        for line in choice_lines(choices, shown, self.ctx, size.width):
            self.out.print(line, overflow="ellipsis", no_wrap=True, crop=True)

    def human_turn(
        self, seat: int, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | None:
        """Show the screen and read input until it is a legal action (None: quit)."""
        advisor = self.advisors.get(seat)
        advice = advisor.choose(view, legal) if advisor is not None else None
        choices = build_choices(view, legal, self.ctx, advice=advice)
        self._show(view, choices)
        while True:
            try:
                text = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                self.out.print()
                return None
            try:
                result = parse_input(text, choices, view, self.ctx, legal)
            except InputError as exc:
                self.out.print(Text(f"{self.t('?', '?')} {exc}", style="yellow"))
                continue
            if isinstance(result, Command):
                if result.name == "quit":
                    return None
                self._command(result.name, view, choices)
                continue
            if isinstance(result, Concede) and not self._confirm():
                continue
            reason = self.game.why_illegal(result)
            if reason is not None:
                self.out.print(
                    Text(self.t("Not allowed: ", "Nicht erlaubt: ") + reason, style="yellow")
                )
                continue
            return result

    def _confirm(self) -> bool:
        try:
            answer = self.ask(self.t("Really concede? (y/N) ", "Wirklich aufgeben? (j/N) "))
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("y", "yes", "j", "ja")

    def _command(self, name: str, view: Mapping[str, Any], choices: Sequence[Choice]) -> None:
        if name == "more":
            width = self.out.size.width
            for numbered in choice_lines(choices, range(len(choices)), self.ctx, width):
                self.out.print(numbered, overflow="ellipsis", no_wrap=True, crop=True)
        elif name == "map":
            self._show(view, choices, full=True)
        elif name == "log":
            for line in self.log[-30:]:
                self.out.print(colour_names(line, view, self.labels))
        elif name == "odds":
            self.out.print(Text(assumption(self.lang), style="italic"))
            attacks = [(i, c) for i, c in enumerate(choices) if isinstance(c.action, Attack)]
            if not attacks:
                self.out.print(
                    self.t("No attack possible right now.", "Gerade ist kein Angriff möglich.")
                )
            for i, c in attacks:
                assert c.odds is not None
                dist = ", ".join(f"{w}: {float(p):.0%}" for w, p in c.odds.wounds)
                self.out.print(f"{i + 1:>3} {c.label}\n      {self.t('wounds', 'Wunden')} {dist}")
        else:
            self.out.print(self.t(_HELP_EN, _HELP_DE), markup=False)


# -- the commands ------------------------------------------------------------------------


def run_play(
    *,
    scenario: str = "duel",
    seats: str = "human,bot",
    seed: int | None = None,
    ruleset: str | None = None,
    lang: Lang = Lang.EN,
    save: Path | None = None,
    load: Path | None = None,
    out: Console | None = None,
    ask: Ask | None = None,
    is_terminal: Callable[[], bool] = stdin_is_terminal,
    delay: float = 0.0,
) -> int:
    """Play (or watch) a game; the exit status. With ``ask`` given no terminal is needed."""
    out = out or console
    if load is not None:
        if seed is not None:
            raise ValueError("--seed cannot be used with --load: the saved game has its own seed")
        try:
            text = load.read_text(encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"cannot read the saved game {str(load)!r}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise ValueError(
                f"{str(load)!r} is not a saved game: expected the JSON text of 'play --save'"
            ) from None
        game = Game.from_json(text)
        seed = game.setup.seed
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        game = new_game(scenario, ruleset or default_ruleset(scenario), seed)
    kinds = parse_seats(seats, game.seats)
    if SeatKind.HUMAN in kinds and ask is None and not is_terminal():
        out.print(no_terminal_message(), markup=False)
        return 0
    session = Session(game, kinds, lang=lang, out=out, ask=ask, save=save, seed=seed, delay=delay)
    session.run()
    return 0


def default_ruleset(scenario: str | Path) -> str:
    """``extended`` for a scenario with heroes or abilities (B1, B2), else ``base``.

    >>> default_ruleset("heroes"), default_ruleset("duel")
    ('extended', 'base')
    """
    from totenblatt.wanted.table.scenario import load_scenario
    from totenblatt.wanted.vocab import HeroType

    figures = load_scenario(scenario).figures
    extended = any(f.abilities or f.kind is not HeroType.COWBOY for f in figures)
    return "extended" if extended else "base"


SeatsOption = Annotated[
    str,
    typer.Option(
        "--seats",
        help="One kind per seat, comma-separated: human, bot (heuristic) or "
        "random; missing seats are bots. / Wer spielt: human, bot, random.",
    ),
]


@app.command()
def play(
    scenario: Annotated[
        str,
        typer.Option(
            "--scenario",
            "-s",
            help="Built-in scenario (duel, gangs, three-way, heroes) or a TOML file. / Szenario.",
        ),
    ] = "duel",
    seats: SeatsOption = "human,bot",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the shuffle (default: random, shown).")
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            help="Built-in ruleset (base, extended) or a TOML file (default: extended for a "
            "scenario with heroes or abilities, else base).",
        ),
    ] = None,
    lang: LangOption = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write the game to FILE after every decision.")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="Continue the game saved in FILE.")
    ] = None,
    delay: Annotated[
        float,
        typer.Option("--delay", min=0, help="Seconds to pause after each bot decision (watching)."),
    ] = 0.0,
) -> None:
    """Play Wanted: Dead or Alive in the terminal against bots, or watch bots play.

    Ein Spiel im Terminal gegen Bots, oder Bots beim Spielen zuschauen.
    Type the number of a choice or a move like 'move Billy 12,8'; 'help' lists the commands.
    """
    if save is not None:
        check_writable(save)
    run_play(
        scenario=scenario,
        seats=seats,
        seed=seed,
        ruleset=ruleset,
        lang=resolve_lang(lang),
        save=save,
        load=load,
        delay=delay,
    )


# -- replay ------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved with 'totenblatt play --save FILE'.")],
    step: Annotated[
        bool, typer.Option("--step", help="Wait for Enter after every event. / Schrittweise.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Narrate a saved game from the first card to the end, with the map after every round.

    Ein gespeichertes Spiel nacherzählen, mit der Karte nach jeder Runde.
    """
    if not file.exists():
        fail(f"no saved game at {str(file)!r}")
    run_replay(file, lang=resolve_lang(lang), step=step)
