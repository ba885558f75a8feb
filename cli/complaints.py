"""`amora complaints` and `amora stats`: complaints to handle, and which landers bounce."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cli.context import Id, container, fail_on_rule

complaints = typer.Typer(help="Complaints: list, show and resolve.", no_args_is_help=True)
stats = typer.Typer(help="Figures: page bounces per lander and traffic source.",
                    no_args_is_help=True)
console = Console()
Actor = Annotated[str, typer.Option(help="Who acts (audit log); defaults to your login.")]


@complaints.command("list")
def list_complaints(
        status: Annotated[str | None, typer.Option(help="open or resolved")] = "open",
        limit: Annotated[int, typer.Option(min=1, max=1000)] = 50) -> None:
    """The newest complaints (open ones by default)."""
    with fail_on_rule():
        rows = container().complaints().list(status or None, limit)
    table = Table("id", "site", "category", "member", "message", "from", "status",
                  "filed (UTC)", "text")
    for row in rows:
        table.add_row(str(row["id"]), str(row["site_id"]), row["category"],
                      str(row["member_id"] or ""), str(row["message_id"] or ""),
                      row["email"] or "", row["status"],
                      row["created_at"].strftime("%Y-%m-%d %H:%M"), row["text"][:60])
    console.print(table)


@complaints.command()
def show(complaint_id: Id) -> None:
    """Everything about one complaint."""
    with fail_on_rule():
        row = container().complaints().show(complaint_id)
    for key, value in row.items():
        console.print(f"[bold]{key}[/]: {value if value is not None else ''}")


@complaints.command()
def resolve(complaint_id: Id,
            note: Annotated[str, typer.Option(help="What was done (required).")],
            actor: Actor = "") -> None:
    """Close a complaint with what was done about it."""
    with fail_on_rule():
        container().complaints().resolve(complaint_id, note, actor or getpass.getuser())
    console.print(f"[green]Complaint {complaint_id} resolved.[/]")


@stats.command()
def bounces(site: Annotated[str | None, typer.Option(help="Only this site.")] = None,
            days: Annotated[int, typer.Option(min=1, max=3650)] = 7) -> None:
    """Visits of landers opened with ?lb, and how many left without doing anything."""
    with fail_on_rule():
        figures = container().landers().bounces(site, days)
    table = Table("lander", "source", "visits", "bounces", "bounce rate")
    for row in figures:
        table.add_row(row.lander, row.source, str(row.visits), str(row.bounces),
                      f"{row.rate:.0%}")
    console.print(table if figures else f"No lander visits in the last {days} days.")
