"""``totenblatt scenarios``: the built-in scenarios, and the details of one."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from totenblatt.cli.app import JsonOption, Lang, LangOption, app, console, pick, print_json
from totenblatt.cli.app import resolve_lang as _resolve_lang
from totenblatt.wanted.table.scenario import Scenario, builtin_scenarios, load_scenario

scenarios_app = typer.Typer(
    help=(
        "List the built-in scenarios (tables, seats, figures) or show one. / "
        "Die eingebauten Szenarien auflisten oder eines zeigen."
    ),
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(scenarios_app, name="scenarios")


def _title(s: Scenario, lang: Lang) -> str:
    return pick(lang, s.title, s.title_de)


def _description(s: Scenario, lang: Lang) -> str:
    return pick(lang, s.description, s.description_de)


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
        {
            "name": t.name,
            "kind": t.kind.value,
            "cover": t.cover.value,
            "difficult": t.difficult,
            "impassable": t.impassable,
            "outline": [list(p) for p in t.outline],
            "openings": [
                {"kind": o.kind.value, "a": list(o.a), "b": list(o.b)} for o in t.openings
            ],
        }
        for t in s.terrain
    ]
    data["figures"] = [
        {
            "name": f.name,
            "seat": f.seat,
            "team": s.teams[f.seat],
            "weapon": f.weapon,
            "position": list(f.position),
            "hp": f.hp,
            "hp_max": f.hp_max,
            "kind": f.kind.value,
            "abilities": [a.value for a in f.abilities],
        }
        for f in s.figures
    ]
    return data


@scenarios_app.callback()
def scenarios(ctx: typer.Context, lang: LangOption = None, json: JsonOption = False) -> None:
    """List the built-in scenarios with seats, figures and table size.

    Liste der eingebauten Szenarien mit Plätzen, Figuren und Tischgröße.
    """
    if ctx.invoked_subcommand is not None:
        return
    language = _resolve_lang(lang)
    found = [load_scenario(name) for name in builtin_scenarios()]
    if json:
        print_json([_summary(s) for s in found])
        return
    table = Table(title=pick(language, "Scenarios", "Szenarien"))
    table.add_column(pick(language, "Name", "Name"))
    table.add_column(pick(language, "Title", "Titel"))
    table.add_column(pick(language, "Seats", "Plätze"), justify="right")
    table.add_column(pick(language, "Figures", "Figuren"), justify="right")
    table.add_column(pick(language, "Table", "Tisch"), justify="right")
    table.add_column(pick(language, "Description", "Beschreibung"))
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
        pick(
            language,
            "Details: totenblatt scenarios show NAME (a name above or a path to a TOML file).",
            "Details: totenblatt scenarios show NAME (ein Name von oben oder ein Pfad zu einer "
            "TOML-Datei).",
        ),
        markup=False,
    )


@scenarios_app.command()
def show(
    name: Annotated[
        str, typer.Argument(help="A built-in scenario name or a path to a scenario TOML file.")
    ],
    lang: LangOption = None,
    json: JsonOption = False,
) -> None:
    """Show one scenario: table, terrain, seats, teams and figures.

    Ein Szenario zeigen: Tisch, Gelände, Plätze, Teams und Figuren.
    """
    language = _resolve_lang(lang)
    s = load_scenario(name)
    if json:
        print_json(_details(s))
        return
    console.print(f"[bold]{_title(s, language)}[/bold] ({s.name})")
    console.print(_description(s, language), markup=False)
    limit = str(s.round_limit) if s.round_limit else pick(language, "none", "keines")
    console.print(
        pick(
            language,
            f'Table {s.width:g}" x {s.height:g}", {s.seats} seats, teams {list(s.teams)}, '
            f"victory: last side standing, round limit: {limit}",
            f'Tisch {s.width:g}" x {s.height:g}", {s.seats} Plätze, Teams {list(s.teams)}, '
            f"Sieg: die letzte Seite, die steht, Rundenlimit: {limit}",
        ),
        markup=False,
    )
    terrain = Table(title=pick(language, "Terrain", "Gelände"))
    for header in (
        pick(language, "Name", "Name"),
        pick(language, "Kind", "Art"),
        pick(language, "Cover", "Deckung"),
        pick(language, "Movement", "Bewegung"),
        pick(language, "Where", "Wo"),
        pick(language, "Openings", "Öffnungen"),
    ):
        terrain.add_column(header)
    for t in s.terrain:
        xs = [p[0] for p in t.outline]
        ys = [p[1] for p in t.outline]
        movement = (
            pick(language, "impassable", "unpassierbar")
            if t.impassable
            else pick(language, "difficult", "schwierig")
            if t.difficult
            else pick(language, "open", "frei")
        )
        openings = ", ".join(
            f"{pick(language, o.kind.value, 'Tür' if o.kind.value == 'door' else 'Fenster')} "
            f"({o.a[0]:g},{o.a[1]:g})-({o.b[0]:g},{o.b[1]:g})"
            for o in t.openings
        )
        terrain.add_row(
            t.name,
            t.kind.value,
            pick(language, t.cover.value, t.cover.german),
            movement,
            f"x {min(xs):g}-{max(xs):g}, y {min(ys):g}-{max(ys):g}",
            openings,
        )
    console.print(terrain)
    figures = Table(title=pick(language, "Figures", "Figuren"))
    for header in (
        pick(language, "Name", "Name"),
        pick(language, "Seat", "Platz"),
        pick(language, "Team", "Team"),
        pick(language, "Weapon", "Waffe"),
        pick(language, "Position", "Position"),
        "HP",
    ):
        figures.add_column(header)
    for f in s.figures:
        figures.add_row(
            f.name,
            str(f.seat),
            str(s.teams[f.seat]),
            f.weapon,
            f"({f.position[0]:g}, {f.position[1]:g})",
            "-" if f.hp is None else str(f.hp),
        )
    console.print(figures)
