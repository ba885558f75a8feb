"""`amora photos pending|approve|reject`: operators review uploaded photos."""

from __future__ import annotations

from typing import Annotated, Any

import attrs
import typer
from rich.progress import Progress
from rich.style import Style
from rich.table import Table

from application.photo_storage import move_files
from application.photos import HeldBecause
from cli.context import container, fail_on_rule
from cli.failures import MAX_NUMBER
from cli.inputs import Actor, Facts, GroundOption, Notice
from cli.inputs import reason as reason_option
from cli.operator import operator
from cli.output import Json, console, errors, print_json, say, shown, visible
from domain.decisions import Ground

app = typer.Typer(help="Photo review.", no_args_is_help=True)


@app.command()
def pending(
    page: Annotated[int, typer.Option(min=1, max=MAX_NUMBER, help="Which page, from 1.")] = 1,
    per_page: Annotated[int, typer.Option(min=1, max=500)] = 50,
    limit: Annotated[int | None, typer.Option(min=1, max=1000, hidden=True)] = None,
    as_json: Json = False,
) -> None:
    """Photos waiting for review, oldest first, a page at a time, with links to look at
    each photo and its thumbnail (signed: they open without a login for 24 hours). A
    photo the block lists hold says what it matched: approve lifts the hold, reject turns
    it into a rejection."""
    per_page = limit or per_page
    base = container().config().base_url
    found, total = container().photos().pending(per_page, (page - 1) * per_page)
    records: list[dict[str, Any]] = []
    for photo in found:
        site = base.format(domain=photo.domain)  # BASE_URL may hold {domain}
        token = f"?preview={photo.preview}" if photo.preview else ""
        records.append({"id": photo.id, "member": photo.member_id,
                        "site": photo.domain, "uploaded": photo.created_at,
                        "status": photo.status.value, "held": _held(photo.held),
                        "preview": f"{site}/media/{photo.filename}{token}",
                        "thumbnail": f"{site}/media/{photo.thumb_filename}{token}"})
    pages = max(1, -(-total // per_page))
    if as_json:
        print_json({"page": page, "pages": pages, "total": total, "photos": records})
        return
    table = Table("id", "member", "site", "uploaded (UTC)", "preview", "held because",
                  title=f"{total} photos waiting, page {page} of {pages}")
    for record, photo in zip(records, found, strict=True):
        # The whole signed link would not fit a terminal: the file name is the link
        # (terminals open it on click); --json prints the links in full.
        # Our own signed link; shown() keeps anything in it from ending the link early.
        table.add_row(str(record["id"]), str(record["member"]), record["site"],
                      f"{record['uploaded']:%Y-%m-%d %H:%M}",
                      shown(photo.filename, style=Style(link=visible(record["preview"]))),
                      shown(record["held"] or "", style="yellow"))
    table.columns[4].no_wrap = True
    console.print(table)
    if page < pages:
        console.print(f"Next: amora photos pending --page {page + 1} --per-page {per_page}")


def _held(held: HeldBecause | None) -> str | None:
    """Why the shield holds a photo (issue 31.3), for the operator deciding on it."""
    if held is None:
        return None
    if held.entry_id is not None:
        found = f"matches block-list entry {held.entry_id}"
    elif held.photo_id is not None:
        found = f"like photo {held.photo_id} of member {held.member_id}"
    else:
        found = "held"
    return f"{found} (decision {held.decision_id})"


Ids = Annotated[list[int], typer.Argument(min=1, max=MAX_NUMBER, help="Photo ids.")]


@app.command()
def approve(photo_ids: Ids, actor: Actor = "", as_json: Json = False) -> None:
    """Make photos visible to other members (all of them, or none if an id is unknown); a
    held photo's hold is lifted."""
    with fail_on_rule():
        container().photos().review_many(photo_ids, True, operator(actor))
    say(as_json, {"approved": photo_ids},
        f"Approved {_listed(photo_ids)}.", "green")


@app.command()
def reject(photo_ids: Ids, reason: Annotated[str, reason_option()],
           ground: GroundOption = "", facts: Facts = None, notice: Notice = None,
           actor: Actor = "", as_json: Json = False) -> None:
    """Reject photos: only their owners see them, marked as rejected, and each owner is
    told the decision for each photo (--facts, else the reason, and the --ground)."""
    with fail_on_rule():
        container().photos().review_many(photo_ids, False, operator(actor),
                                         reason, Ground.parse(ground), notice, facts=facts)
    say(as_json, {"rejected": photo_ids, "reason": reason},
        f"Rejected {_listed(photo_ids)}.", "yellow")


def _listed(photo_ids: list[int]) -> str:
    return ("photo " if len(photo_ids) == 1 else "photos ") + ", ".join(map(str, photo_ids))


@app.command("migrate-storage")
def migrate_storage(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Count what would be copied; "
                                          "change nothing.")] = False,
    delete_local: Annotated[bool, typer.Option("--delete-local", help="Remove each local "
                                               "file once the bucket's copy reads back equal.")
                            ] = False,
    as_json: Json = False,
) -> None:
    """Copy every photo file from the local directory to the S3 bucket (STORAGE_BACKEND=s3).
    Safe to run again after an interruption: files already in the bucket are skipped."""
    config = container().config()
    if config.storage_backend != "s3":
        errors.print("Set STORAGE_BACKEND=s3 and S3_BUCKET: the files go to that bucket.",
                     style="red")
        raise typer.Exit(1)
    source, target = container().local_files(), container().files()
    if not target.ready():
        errors.print(f"The bucket {config.s3_bucket} is not reachable.", style="red")
        raise typer.Exit(1)
    names = list(source.names())
    with Progress(console=console, transient=True, disable=as_json) as progress, \
            fail_on_rule():
        task = progress.add_task("Checking" if dry_run else "Copying", total=len(names))
        summary = move_files(source, target, names, dry_run=dry_run, delete_source=delete_local,
                             on_file=lambda name, outcome: progress.advance(task))
    if as_json:
        print_json({"dry_run": dry_run, **attrs.asdict(summary)})
        return
    table = Table("files", "count", title=f"{config.files_dir} -> s3://{config.s3_bucket}"
                  + (" (dry run)" if dry_run else ""))
    table.add_row("to copy" if dry_run else "copied",
                  f"{summary.copied} ({summary.bytes_copied / 1e6:.1f} MB)")
    table.add_row("already in the bucket", str(summary.present))
    table.add_row("gone meanwhile", str(summary.gone))
    table.add_row("deleted locally", str(summary.deleted))
    console.print(table)
