"""`amora photos pending|approve|reject`: operators review uploaded photos."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cli.context import container, fail_on_rule

app = typer.Typer(help="Photo review.", no_args_is_help=True)
console = Console()
Actor = Annotated[str, typer.Option(help="Who acts (audit log); defaults to your login.")]


@app.command()
def pending(limit: Annotated[int, typer.Option(min=1, max=1000)] = 50) -> None:
    """Photos waiting for review, oldest first, with where to look at them."""
    base = container().config().base_url
    table = Table("id", "member", "uploaded", "file")
    table.columns[3].no_wrap = True
    for photo in container().photos().pending(limit):
        table.add_row(str(photo["id"]), str(photo["member_id"]),
                      f"{photo['created_at']:%Y-%m-%d %H:%M}", f"{base}/media/{photo['filename']}")
    console.print(table)


@app.command()
def approve(photo_id: int, actor: Actor = "") -> None:
    """Make a photo visible to other members."""
    with fail_on_rule():
        container().photos().review(photo_id, True, actor or getpass.getuser())
    console.print(f"[green]Photo {photo_id} approved.[/]")


@app.command()
def reject(photo_id: int, reason: Annotated[str, typer.Option("--reason")],
           actor: Actor = "") -> None:
    """Reject a photo: only its owner sees it, marked as rejected."""
    with fail_on_rule():
        if not reason.strip():
            from domain.errors import DomainError

            raise DomainError("reason_required")
        container().photos().review(photo_id, False, actor or getpass.getuser(), reason)
    console.print(f"[yellow]Photo {photo_id} rejected.[/]")
