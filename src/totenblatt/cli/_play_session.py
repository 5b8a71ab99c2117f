"""One game of ``totenblatt play`` at the terminal (:class:`Session`): turns, screens, pace.

Bots and humans take turns; every event is narrated, and a human seat is shown a
screen with the map, the recent events and its numbered choices.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from totenblatt.cli._play_choices import Choice, PlayContext, build_choices
from totenblatt.cli._play_input import Command, InputError, parse_input
from totenblatt.cli._play_replay import Ask
from totenblatt.cli._play_screen import (
    choice_lines,
    colour_names,
    compact_choices,
    lines_of,
    recent_entries,
    screen_parts,
)
from totenblatt.cli._play_seats import SeatKind, kind_label, seat_bot
from totenblatt.cli.app import write_text_atomic
from totenblatt.cli.board import board_scale, figure_labels, legend, render_board
from totenblatt.cli.options import Lang
from totenblatt.text import Narrator, describe_error, seat_labels, winner_line, words
from totenblatt.text.catalog import N_
from totenblatt.text.choices import assumption, decision_text
from totenblatt.text.vocab import (
    ability_effect,
    ability_name,
    scenario_description,
    scenario_title,
)
from totenblatt.wanted.ask import sights
from totenblatt.wanted.bots import Bot
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine.actions import Action, Attack, Concede, IllegalActionError, Pass
from totenblatt.wanted.engine.events import event_to_dict, visible_to
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.vocab import Ability

__all__ = ["Session"]


_HELP = N_(
    """Type the number of a choice, or one of:
  move NAME X,Y [hide] [NAME X,Y [hide] ...] [with CARD]
      one club for one or more figures: move Billy 12,8 Bob 3,4
  shoot SHOOTER TARGET [with CARD]   e.g. shoot Billy Paco with Q♠
  bid CARD · defend CARD · redraw CARD [PAYER] · reveal NAME · swap
  pass · concede · fate CARD [NAME] (Tempt Fate) · keep CARD
  look NAME (the panel measures from NAME) · more · map · log · odds
  help · quit. Names may be the map letter. A spot is x and y in inches
from the bottom-left (x right, y up): 12,8 or 4.5,10.5 (decimal point),
4,5;10,5 or 4,5 10,5 (decimal comma).
Panel: an enemy's distance, band modifier and cover from the marked figure
(no line: no line of fire; too far: out of range; ✗: no shot now)."""
)
"""What ``help`` shows at the prompt."""

_YES = ("y", "yes", "j", "ja")
_LAST_EVENTS = 8
"""Events of a loaded game told again, so the player sees where it stands."""


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
        self.w = words(lang)
        scenario = game.scenario
        self.title = scenario_title(scenario, lang)
        self.ctx = PlayContext(
            game.ruleset,
            scenario.table(game.ruleset),
            lang,
            figure_labels(f.name for f in scenario.figures),
            judge=game.refusal,
            game=game,
        )
        self.narrator = Narrator(
            lang, self.labels, ruleset=game.ruleset, you=self.you, title=self.title
        )
        self.bots: dict[int, Bot] = {}
        self.advisors: dict[int, Bot] = {}
        for s, kind in enumerate(self.kinds):
            bot = seat_bot(kind, seed, s, scenario, game.ruleset)
            (self.advisors if kind is SeatKind.HUMAN else self.bots)[s] = bot
        self.told = 0
        self.log: list[str] = []
        self.recent: list[tuple[str, str, str]] = []
        """(event type, figure, line) of every told event, for the screen's recent lines."""
        self.screens = SeatKind.HUMAN in self.kinds
        """A human seat is shown a screen with the recent events: what is told waits for it."""
        self.pending: list[tuple[int | None, RenderableType]] = []
        """Told since the last screen, not printed yet: (index in :attr:`recent`, or None for
        a note or a map; the text). The screen prints above its map the ones its recent
        lines leave out, so that every event is on it once."""
        self.pauses: list[range] = []
        """The positions in :attr:`pending` of each bot decision's lines: with ``delay``, the
        screen pauses before the first of them it prints, above the map or below it (the
        pace of watching, kept while the lines wait)."""
        self.selected: str | None = None
        """The figure whose sight lines the panel shows (``look NAME``)."""

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
            self.recent.append((data["type"], str(data.get("figure", "")), line))
            style = "bold" if data["type"] in ("round_started", "game_ended") else None
            text = colour_names(line, view, self.labels)
            if style:
                text.stylize(style)
            self._tell(text, len(self.recent) - 1)
            if data["type"] == "round_ended" and self.you is None:
                self._tell(self._board(view))
        self.told = len(events)

    def _tell(self, text: RenderableType, entry: int | None = None) -> None:
        """Print ``text`` now, or, when a screen follows, keep it for the screen."""
        if self.screens:
            self.pending.append((entry, text))
        else:
            self.out.print(text)

    def _flush(self, shown: Collection[int] = ()) -> Callable[[int], None]:
        """Print what waits, but the recent lines ``shown`` below the map (pausing ``delay``
        between bot decisions); what to call before printing each recent line below it.

        The screen prints a recent line that waited here (by its index in :attr:`recent`)
        after calling what this returns: a bot decision whose lines are below the map is
        paced like one above it, so a bot's turn unfolds wherever its lines end up.
        """
        pace = _Pace(self.pauses, self.delay)
        below: dict[int, int] = {}
        """Index in :attr:`recent` -> position in :attr:`pending`, of the lines kept back."""
        for position, (entry, text) in enumerate(self.pending):
            if entry is not None and entry in shown:
                below[entry] = position
                continue
            pace.before(position)
            self.out.print(text)
        self.pending.clear()
        self.pauses.clear()
        return lambda entry: pace.before(below.get(entry))

    def _board(self, view: Mapping[str, Any]) -> RenderableType:
        size = self.out.size
        scale = board_scale(self.ctx.table, size.width, max(12, size.height - 4))
        return render_board(
            self.ctx.table,
            view["figures"],
            labels=self.ctx.letters,
            scale=scale,
            lang=self.lang,
        )

    def show_board(self, view: Mapping[str, Any]) -> None:
        """The map alone (for watching bots)."""
        self.out.print(self._board(view))

    def _save(self) -> None:
        if self.save is None:
            return
        write_text_atomic(self.save, self.game.to_json())

    # -- the game --------------------------------------------------------------------

    def intro(self) -> None:
        """Title, description and who plays which seat."""
        scenario = self.game.scenario
        self.out.print(Text(self.title, style="bold underline"))
        self.out.print(scenario_description(scenario, self.lang))
        for s, kind in enumerate(self.kinds):
            names = ", ".join(f.name for f in scenario.figures_of(s))
            line = f"{self.labels[s]} ({kind_label(kind, self.lang)}): {names}"
            self.out.print(colour_names(line, self.game.view(s), self.labels))
        if self.you is None and not self.game.is_over:
            self.show_board(self.game.view(0))

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        self.intro()
        if self.game.actions:  # a loaded game: tell its last events, not its whole history
            self.told = max(0, len(self.game.state.events) - _LAST_EVENTS)
            self.out.print(
                self.w.phrase(
                    "Loaded: round {round}, {n} decisions so far.",
                    round=self.game.round,
                    n=len(self.game.actions),
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
                game.apply(bot.choose(view, legal))
            elif not self.human_turn(seat, view, legal):
                self._flush()
                self._save()
                if self.save:
                    self.out.print(
                        self.w.phrase(
                            "Game stopped. Saved to {file}; continue with --load {file}.",
                            file=str(self.save),
                        )
                    )
                else:
                    self.out.print(self.w.phrase("Game stopped."))
                return False
            self._save()
            start = len(self.pending)
            self.narrate()
            if bot is not None and self.delay > 0:
                if not self.screens:
                    time.sleep(self.delay)
                elif len(self.pending) > start:
                    self.pauses.append(range(start, len(self.pending)))
        self._flush()
        self._save()
        return True

    # -- a human decision --------------------------------------------------------------

    def _decision_text(self, view: View) -> str:
        """What the seat is asked, led by its name when several people share the screen."""
        text = decision_text(view, self.labels, self.lang)
        if self.you is None:
            return self.w.phrase(
                "{name}: {question}", name=self.labels[view["seat"]], question=text
            )
        return text

    def _show(self, view: View, choices: Sequence[Choice], *, full: bool = False) -> None:
        size = self.out.size
        highlight = []
        if view["phase"] == "defend":
            highlight = [view["decision"].get("attack", {}).get("target", "")]
        selected = self._selected(view)
        recent = recent_entries(self.recent, 2 if size.height < 30 and not full else 4)
        pace = self._flush(recent)  # told since the last screen: above the map, or below it
        top, log = screen_parts(
            view,
            self.ctx,
            self.labels,
            [kind_label(k, self.lang) for k in self.kinds],
            self.title,
            width=size.width,
            height=size.height,
            log=[self.recent[i][2] for i in recent],
            highlight=highlight,
            full=full,
            selected=selected,
            sights=sights(self.game.state, selected) if selected else (),
        )
        used = 0
        if size.height >= 30:
            self.out.rule(style="dim")
            used += 1
        self.out.print(top)
        used += lines_of(top, size.width)
        for entry, line in zip(recent[len(recent) - len(log) :], log, strict=True):
            pace(entry)  # a bot decision below the map unfolds with the pace of --delay too
            self.out.print(line)
            used += lines_of(line, size.width)
        decision = Text(self._decision_text(view), style="bold")
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

    def _selected(self, view: Mapping[str, Any]) -> str | None:
        """The figure the panel measures from: the one looked at, else the attacked figure,
        else the seat's first figure standing."""
        living = {f["name"]: f for f in view["figures"] if not f["out"]}
        if self.selected in living:
            return self.selected
        target = (view["decision"].get("attack") or {}).get("target")
        if target in living:
            return str(target)
        own = [n for n, f in living.items() if f["seat"] == view["seat"]]
        return own[0] if own else None

    def human_turn(self, seat: int, view: View, legal: Sequence[Action]) -> bool:
        """Show the screen and read input until the engine takes an action (False: quit).

        Every refusal — input that is not understood, or an action the engine finds
        illegal — is told in the reader's language, and the prompt comes back.
        """
        advisor = self.advisors.get(seat)
        advice = advisor.choose(view, legal) if advisor is not None else None
        choices = build_choices(view, legal, self.ctx, advice=advice)
        if len(choices) == 1 and isinstance(choices[0].action, Pass):
            # no real choice (no diamond to bid, no heart to defend …): not a question;
            # redraw and concede wait for the seat's next real decision
            note = self.w.phrase("({choice}: nothing else to do)", choice=choices[0].label)
            self._tell(Text(note, style="dim"))
            self.game.apply(choices[0].action)
            return True
        self._show(view, choices)
        while True:
            try:
                text = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                self.out.print()
                return False
            try:
                result = parse_input(text, choices, view, self.ctx, legal)
            except InputError as exc:
                self._refuse(exc)
                continue
            if isinstance(result, Command):
                if result.name == "quit" and (self.save is not None or self._confirm_quit()):
                    return False
                if result.name == "quit":
                    continue
                if result.name == "look":
                    self.selected = result.arg
                    self._show(view, choices)
                    continue
                self._command(result.name, view, choices)
                continue
            if isinstance(result, Concede) and not self._confirm():
                continue
            try:
                self.game.apply(result)
            except IllegalActionError as exc:
                self._refuse(exc, not_allowed=True)
                continue
            return True

    def _refuse(self, exc: ValueError, *, not_allowed: bool = False) -> None:
        """One yellow line: why the input or the action was refused."""
        reason = describe_error(exc, self.lang)
        if not_allowed:
            line = self.w.phrase("Not allowed: {reason}", reason=reason)
        else:
            line = self.w.phrase("? {reason}", reason=reason)
        self.out.print(Text(line, style="yellow"))

    def _confirm_quit(self) -> bool:
        """Quitting a game that is not saved loses it: ask first."""
        question = self.w.phrase("The game is not saved (--save FILE). Quit? (y/N) ")
        return self._yes(question, closed=True)

    def _confirm(self) -> bool:
        return self._yes(self.w.phrase("Really concede? (y/N) "), closed=False)

    def _yes(self, question: str, *, closed: bool) -> bool:
        """Whether the player answers ``question`` yes; ``closed`` when the input ends."""
        try:
            answer = self.ask(question)
        except (EOFError, KeyboardInterrupt):
            return closed
        return answer.strip().lower() in _YES

    def _command(self, name: str, view: View, choices: Sequence[Choice]) -> None:
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
                self.out.print(self.w.phrase("No attack possible right now."))
            for i, c in attacks:
                assert c.odds is not None
                dist = ", ".join(f"{n}: {self.w.percent(float(p))}" for n, p in c.odds.wounds)
                self.out.print(
                    f"{i + 1:>3} {c.label}\n      " + self.w.phrase("wounds {odds}", odds=dist)
                )
        else:
            self.out.print(self.w.gettext(_HELP), markup=False)
            self.out.print(legend(self.ctx.table, self.lang))
            self._abilities(view)

    def _abilities(self, view: Mapping[str, Any]) -> None:
        """Every figure's abilities by name and what each does (extended rules)."""
        for f in view["figures"]:
            if f["out"] or not f["abilities"]:
                continue
            line = Text(f"{self.ctx.letters.get(f['name'], '?')} {f['name']}: ", style="bold")
            line.append(", ".join(ability_name(a, self.lang) for a in f["abilities"]))
            self.out.print(line)
        shown = sorted({a for f in view["figures"] for a in f["abilities"]})
        for ability in shown:
            effect = ability_effect(Ability(ability), self.ctx.rules, self.lang)
            self.out.print(Text(f"  {ability_name(ability, self.lang)}: {effect}", style="dim"))


class _Pace:
    """The pause of ``--delay`` between the bot decisions whose lines a screen prints.

    A screen prints the lines told since the last one out of order: those its recent lines
    leave out above the map, the others below it. It pauses before the first line it prints
    of each bot decision, wherever that line is, but not before the first line it prints.
    The lines of no bot decision (the human's, notes) never pause.
    """

    def __init__(self, decisions: Sequence[range], delay: float) -> None:
        self.decisions = sorted(decisions, key=lambda lines: lines.start)
        """The positions in the pending lines of each bot decision's lines."""
        self.starts = [lines.start for lines in self.decisions]
        self.delay = delay
        self.begun: set[int] = set()
        """The decisions (index in :attr:`decisions`) with a line printed."""
        self.printed = False

    def before(self, position: int | None) -> None:
        """Call before printing the pending line at ``position`` (None: a line that did not
        wait, e.g. a recent line already on the last screen: no pause)."""
        if position is None:
            return
        decision = bisect.bisect_right(self.starts, position) - 1
        if decision >= 0 and position in self.decisions[decision] and decision not in self.begun:
            self.begun.add(decision)
            if self.printed:
                time.sleep(self.delay)
        self.printed = True
