"""`amora demo seed`: reproducible demo sites, companies and members (downloads nothing)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from cli.context import container, database_there, make_database
from cli.inputs import Actor
from cli.operator import operator
from cli.output import Json, console, print_json

app = typer.Typer(help="Demo data.", no_args_is_help=True)


@app.command()
def seed(
    members: Annotated[int, typer.Option(min=0, max=100_000)] = 500,
    seed: Annotated[int, typer.Option(help="Same seed, same data.")] = 2026,
    actor: Actor = "",
    as_json: Json = False,
) -> None:
    """Create the demo companies, sites and members with generated photos (idempotent);
    a database that is not there yet is made first (as `amora db upgrade` does).

    Examples:

      amora demo seed

      amora demo seed --members 50 --seed 7 --json
    """
    if not database_there():
        make_database()
    summary = container().demo_seeder().seed(members=members, seed=seed,
                                             actor=operator(actor))
    if as_json:
        print_json(summary)
        return
    console.print(Text.assemble(
        ("Demo data:", "green"), f" {summary.companies} companies, {summary.sites} sites, "
        f"{summary.members_created} new members, {summary.photos_created} new photos."))
