"""``totenblatt scenarios``: the built-in scenarios and a scenario folder's, and the details
of one (``--dir`` or ``$TOTENBLATT_SCENARIO_DIR``: the folder, as ``totenblatt serve
--scenario-dir`` uses it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from totenblatt.cli.app import app, check_scenario_folder, console, print_json
from totenblatt.cli.options import JsonOption, LangOption, resolve_lang
from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import (
    cover_word,
    scenario_description,
    scenario_title,
    terrain_kind_name,
    terrain_name,
)
from totenblatt.wanted.table.scenario import (
    Scenario,
    load_scenario,
    scenario_names,
    use_scenario_folder,
)
from totenblatt.wanted.table.scenario_json import figure_json, piece_json

_OPENINGS = {"door": N_("door"), "window": N_("window")}

scenarios_app = typer.Typer(
    help=(
        N_(
            "List the scenarios (tables, seats, figures): the built-in ones and those of a "
            "scenario folder; or show one."
        )
    ),
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(scenarios_app, name="scenarios")


_title = scenario_title
_description = scenario_description


def _summary(s: Scenario) -> dict[str, Any]:
    return {
        "name": s.name,
        "title": s.title,
        "title_de": s.title_de,
        "description": s.description,
        "description_de": s.description_de,
        "width": s.width,
        "height": s.height,
        "seats": s.seats,
        "teams": list(s.teams),
        "figures_per_seat": [len(s.figures_of(seat)) for seat in range(s.seats)],
        "terrain_pieces": len(s.terrain),
        "victory": s.victory,
        "round_limit": s.round_limit,
    }


def _details(s: Scenario) -> dict[str, Any]:
    data = _summary(s)
    data["terrain"] = [
        piece_json(t) | {"difficult": t.difficult, "impassable": t.impassable} for t in s.terrain
    ]
    data["figures"] = [figure_json(f) | {"team": s.teams[f.seat]} for f in s.figures]
    return data


FolderOption = Annotated[
    Path | None,
    typer.Option(
        "--dir",
        metavar="DIR",
        envvar="TOTENBLATT_SCENARIO_DIR",
        show_envvar=False,
        help=N_(
            "A scenario folder (a server's --scenario-dir): its NAME.toml files are listed "
            "and found by name too; also $TOTENBLATT_SCENARIO_DIR."
        ),
    ),
]


@scenarios_app.callback()
def scenarios(
    ctx: typer.Context,
    lang: LangOption = None,
    json: JsonOption = False,
    folder: FolderOption = None,
) -> None:
    """List the scenarios with seats, figures and table size."""
    check_scenario_folder(folder, "--dir")
    use_scenario_folder(folder)
    if ctx.invoked_subcommand is not None:
        return
    language = resolve_lang(lang)
    found = [load_scenario(name) for name in scenario_names()]
    if json:
        print_json([_summary(s) for s in found])
        return
    w = words(language)
    table = Table(title=w.phrase("Scenarios"))
    table.add_column(w.phrase("Name"))
    table.add_column(w.phrase("Title"))
    table.add_column(w.phrase("Seats"), justify="right")
    table.add_column(w.phrase("Figures"), justify="right")
    table.add_column(w.phrase("Table"), justify="right")
    table.add_column(w.phrase("Description"))
    for s in found:
        per_seat = "/".join(str(len(s.figures_of(seat))) for seat in range(s.seats))
        table.add_row(
            s.name,
            _title(s, language),
            str(s.seats),
            per_seat,
            f'{s.width:g}" x {s.height:g}"',
            _description(s, language),
        )
    console.print(table)
    console.print(
        w.phrase(
            "Details: totenblatt scenarios show NAME (a name above or a path to a TOML file)."
        ),
        markup=False,
    )


@scenarios_app.command(help=N_("Show one scenario: table, terrain, seats, teams and figures."))
def show(
    name: Annotated[
        str, typer.Argument(help=N_("A built-in scenario name or a path to a scenario TOML file."))
    ],
    lang: LangOption = None,
    json: JsonOption = False,
) -> None:
    """Show one scenario: table, terrain, seats, teams and figures."""
    language = resolve_lang(lang)
    s = load_scenario(name)
    if json:
        print_json(_details(s))
        return
    console.print(Text(_title(s, language), style="bold"), f"({s.name})")
    console.print(_description(s, language), markup=False)
    w = words(language)
    limit = str(s.round_limit) if s.round_limit else w.phrase("no limit")
    console.print(
        w.phrase(
            'Table {width}" x {height}", {seats} seats, teams {teams}, victory: last side '
            "standing, round limit: {limit}",
            width=s.width,
            height=s.height,
            seats=s.seats,
            teams=str([t + 1 for t in s.teams]),  # seats and teams are read from 1
            limit=limit,
        ),
        markup=False,
    )
    terrain = Table(title=w.phrase("Terrain"))
    for header in (
        N_("Name"),
        N_("Kind"),
        N_("Cover"),
        N_("Movement"),
        N_("Where"),
        N_("Openings"),
    ):
        terrain.add_column(w.gettext(header))
    for t in s.terrain:
        xs = [p[0] for p in t.outline]
        ys = [p[1] for p in t.outline]
        movement = (
            w.phrase("impassable")
            if t.impassable
            else w.phrase("difficult")
            if t.difficult
            else w.phrase("open")
        )
        openings = ", ".join(
            f"{w.gettext(_OPENINGS.get(o.kind.value, o.kind.value))} "
            f"({o.a[0]:g},{o.a[1]:g})-({o.b[0]:g},{o.b[1]:g})"
            for o in t.openings
        )
        terrain.add_row(
            terrain_name(t, language),
            terrain_kind_name(t.kind.value, language),
            cover_word(t.cover, language),
            movement,
            f"x {min(xs):g}-{max(xs):g}, y {min(ys):g}-{max(ys):g}",
            openings,
        )
    console.print(terrain)
    figures = Table(title=w.phrase("Figures"))
    for header in (N_("Name"), N_("Seat"), N_("Team"), N_("Weapon"), N_("Position")):
        figures.add_column(w.gettext(header))
    figures.add_column("HP")
    for f in s.figures:
        figures.add_row(
            f.name,
            str(f.seat + 1),
            str(s.teams[f.seat] + 1),
            f.weapon,
            f"({f.position[0]:g}, {f.position[1]:g})",
            "-" if f.hp is None else str(f.hp),
        )
    console.print(figures)
