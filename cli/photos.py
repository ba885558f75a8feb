"""`amora photos pending|approve|reject`: operators review uploaded photos."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from application.photo_storage import move_files
from cli.context import Id, container, fail_on_rule

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
def approve(photo_id: Id, actor: Actor = "") -> None:
    """Make a photo visible to other members."""
    with fail_on_rule():
        container().photos().review(photo_id, True, actor or getpass.getuser())
    console.print(f"[green]Photo {photo_id} approved.[/]")


@app.command()
def reject(photo_id: Id, reason: Annotated[str, typer.Option("--reason")],
           actor: Actor = "") -> None:
    """Reject a photo: only its owner sees it, marked as rejected."""
    with fail_on_rule():
        if not reason.strip():
            from domain.errors import DomainError

            raise DomainError("reason_required")
        container().photos().review(photo_id, False, actor or getpass.getuser(), reason)
    console.print(f"[yellow]Photo {photo_id} rejected.[/]")


@app.command("migrate-storage")
def migrate_storage(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Count what would be copied; "
                                          "change nothing.")] = False,
    delete_local: Annotated[bool, typer.Option("--delete-local", help="Remove each local "
                                               "file once the bucket's copy reads back equal.")
                            ] = False,
) -> None:
    """Copy every photo file from the local directory to the S3 bucket (STORAGE_BACKEND=s3).
    Safe to run again after an interruption: files already in the bucket are skipped."""
    config = container().config()
    if config.storage_backend != "s3":
        Console(stderr=True).print("[red]Set STORAGE_BACKEND=s3 and S3_BUCKET: the files go "
                                   "to that bucket.[/]")
        raise typer.Exit(1)
    source, target = container().local_files(), container().files()
    if not target.ready():
        Console(stderr=True).print(f"[red]The bucket {config.s3_bucket} is not reachable.[/]")
        raise typer.Exit(1)
    names = list(source.names())
    with Progress(console=console, transient=True) as progress, fail_on_rule():
        task = progress.add_task("Checking" if dry_run else "Copying", total=len(names))
        summary = move_files(source, target, names, dry_run=dry_run, delete_source=delete_local,
                             on_file=lambda name, outcome: progress.advance(task))
    table = Table("files", "count", title=f"{config.files_dir} -> s3://{config.s3_bucket}"
                  + (" (dry run)" if dry_run else ""))
    table.add_row("to copy" if dry_run else "copied",
                  f"{summary.copied} ({summary.bytes_copied / 1e6:.1f} MB)")
    table.add_row("already in the bucket", str(summary.present))
    table.add_row("gone meanwhile", str(summary.gone))
    table.add_row("deleted locally", str(summary.deleted))
    console.print(table)
