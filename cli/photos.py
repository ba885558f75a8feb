"""`amora photos pending|sheet|approve|reject|remove`: operators review uploaded photos
(issue 32.3: a site's queue, a sheet of 60 at a glance, ids and ranges at once) and take
one away with a decision (issue 32.2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import attrs
import typer
from rich.progress import Progress
from rich.style import Style
from rich.table import Table

from application.photo_storage import move_files
from application.shared.own_photos import HeldBecause
from cli.context import container, fail_on_rule, services
from cli.failures import MAX_NUMBER, fail
from cli.inputs import Actor, Facts, GroundOption, Notice
from cli.inputs import reason as reason_option
from cli.messages import describe
from cli.operator import operator
from cli.output import Json, console, errors, print_json, say, shown, tsv, visible
from domain.decisions import Ground
from domain.errors import DomainError
from domain.id_ranges import IdSelection, compact, parse_ids

app = typer.Typer(help="Photo review.", no_args_is_help=True)


_WORDS = {  # the refusals of this group's own rules, as `describe` words the others
    "invalid_id_list": "{value} is no photo id or range (e.g. 12 15-20 31)",
    "id_out_of_range": "{value}: photo ids run from 1 to {max}",
    "id_range_backwards": "{value} runs backwards: write the smaller id first",
    "no_ids": "Name the photos: ids or ranges, e.g. 12 15-20 31",
    "too_many_ids": "At most {max} ids and ranges at once",
    "too_many_photos": "That takes more than {max} photos: at most {max} at once",
    "no_photo_waiting": "No photo in {range} is waiting for review (a range takes only "
                        "those; name a photo by its id to take it whatever its state)",
    "photo_of_another_site": "Photo {id} is not on {domain}",
    "photo_removed": "Photo {id} was removed: approve it to give it back, or leave it",
    "photo_already_removed": "The photo was removed already",
}


@contextmanager
def _refusals() -> Iterator[None]:
    """fail_on_rule, with this group's own words for its own refusals."""
    try:
        yield
    except DomainError as error:
        if error.code not in _WORDS:
            fail(describe(error))
        try:
            fail(_WORDS[error.code].format(**error.params))
        except (KeyError, IndexError):
            fail(describe(error))


Site = Annotated[str | None, typer.Option(
    "--site", help="Only the photos of this site's members (its domain).")]


@app.command()
def pending(
    page: Annotated[int, typer.Option(min=1, max=MAX_NUMBER, help="Which page, from 1.")] = 1,
    per_page: Annotated[int, typer.Option(min=1, max=500)] = 50,
    limit: Annotated[int | None, typer.Option(min=1, max=1000, hidden=True)] = None,
    site: Site = None,
    as_json: Json = False,
) -> None:
    """Photos waiting for review, oldest first, a page at a time, with links to look at
    each photo and its thumbnail (signed: they open without a login for 24 hours). A
    photo the block lists hold says what it matched: approve lifts the hold, reject turns
    it into a rejection.

    Examples:

      amora photos pending --site amora.test

      amora photos pending --page 2 --per-page 100 --json
    """
    per_page = limit or per_page
    base = container().config().base_url
    with _refusals():
        found, total = container().photos().pending(per_page, (page - 1) * per_page, site)
    records: list[dict[str, Any]] = []
    for photo in found:
        url = base.format(domain=photo.domain)  # BASE_URL may hold {domain}
        token = f"?preview={photo.preview}" if photo.preview else ""
        records.append({"id": photo.id, "member": photo.member_id,
                        "site": photo.domain, "uploaded": photo.created_at,
                        "status": photo.status.value, "held": _held(photo.held),
                        "preview": f"{url}/media/{photo.filename}{token}",
                        "thumbnail": f"{url}/media/{photo.thumb_filename}{token}"})
    pages = max(1, -(-total // per_page))
    if as_json:
        print_json({"page": page, "pages": pages, "total": total, "photos": records})
        return
    if not console.is_terminal:  # piped: a line a photo, the links in full (issue 32.7)
        tsv(("id", "member", "site", "uploaded", "status", "held", "preview", "thumbnail"),
            records)
        return
    where = f" on {site}" if site else ""
    table = Table("id", "member", "site", "uploaded (UTC)", "preview", "held because",
                  title=f"{total} photos waiting{where}, page {page} of {pages}")
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
        also = f" --site {site}" if site else ""
        console.print(f"Next: amora photos pending --page {page + 1} --per-page {per_page}"
                      f"{also}")


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


@app.command()
def sheet(site: Site = None, actor: Actor = "", as_json: Json = False) -> None:
    """One link to a page with the next 60 photos waiting for review (held ones too) in
    a grid: each with its id, its owner's name, age, country, how long they have been a
    member, their flags, why it is held and which other members' photos look the same.
    Ticking photos on the page writes the approve and reject commands to copy; reload it
    for the next 60. The link is signed and opens without a login for 24 hours: share it
    only with moderators (making one is in the audit log).

    Examples:

      amora photos sheet --site amora.test

      open "$(amora photos sheet)"
    """
    with _refusals():
        link = container().photo_sheets().link(site, operator(actor))
    url = container().config().base_url.format(domain=link.domain) + link.path
    if as_json:
        print_json({"url": url, "site": link.site, "expires": link.expires})
        return
    typer.echo(url)  # alone on standard output: `open "$(amora photos sheet)"`
    errors.print(f"Valid until {link.expires:%Y-%m-%d %H:%M} UTC; anyone with the link "
                 "sees the photos and their owners' context.", style="dim")


Photos = Annotated[list[str], typer.Argument(
    help="Photo ids and ranges, e.g. 12 15-20 31 (a range takes the photos in it still "
         "waiting for review).", show_default=False)]


def _selection(photos: list[str]) -> IdSelection:
    with _refusals():
        return parse_ids(photos)


@app.command()
def approve(photos: Photos, site: Site = None, actor: Actor = "",
            as_json: Json = False) -> None:
    """Make photos visible to other members, all of them or none (an unknown id, a range
    with no photo waiting): a held photo's hold is lifted, a rejected one's rejection, a
    removed one is given back. A range takes only the photos in it still waiting for
    review; --site keeps the command to one site's photos.

    Examples:

      amora photos approve 12 15-20 31

      amora photos approve 4012-4071 --site amora.test
    """
    selection = _selection(photos)
    with _refusals():
        done = container().photos().review_many(selection.ids, True, operator(actor),
                                                ranges=selection.ranges, site=site)
    say(as_json, {"approved": done}, f"Approved {_listed(done)}.", "green")


@app.command()
def reject(photos: Photos, reason: Annotated[str, reason_option()],
           ground: GroundOption = "", facts: Facts = None, notice: Notice = None,
           site: Site = None, actor: Actor = "", as_json: Json = False) -> None:
    """Reject photos, all of them or none: only their owners see them, marked as
    rejected, and each owner is told the decision for each photo (--facts, else the
    reason, and the --ground). A range takes only the photos in it still waiting for
    review; --site keeps the command to one site's photos.

    Examples:

      amora photos reject 4020 4033 --ground terms:photo_rules --reason "No face"

      amora photos reject 88-90 --ground terms:fake_profile --reason "A model's photos"
    """
    selection = _selection(photos)
    with _refusals():
        done = container().photos().review_many(
            selection.ids, False, operator(actor), reason, Ground.parse(ground), notice,
            facts=facts, ranges=selection.ranges, site=site)
    say(as_json, {"rejected": done, "reason": reason},
        f"Rejected {_listed(done)}.", "yellow")


@app.command()
def remove(photo_id: Annotated[int, typer.Argument(min=1, max=MAX_NUMBER,
                                                   help="The photo's id.")],
           reason: Annotated[str, reason_option("Why, for the audit log (and the member, "
                                                "without --facts).")],
           ground: GroundOption = "", facts: Facts = None, notice: Notice = None,
           actor: Actor = "", as_json: Json = False) -> None:
    """Take a photo away for good: other members no longer see it, its owner neither;
    the owner is told the decision (by mail and in their Decisions) and may appeal, and
    lifting the decision puts the photo back. Any photo: approved, waiting, held or
    rejected (its hold or rejection ends with the removal).

    Examples:

      amora photos remove 4012 --ground terms:impersonation --reason "An actor's photo"

      amora photos remove 77 --ground law:non_consensual_images --notice 19 \\
        --reason "Ticket 311" --facts "The photo shows someone without their consent."
    """
    with _refusals():
        made = container().photos().remove(photo_id, operator(actor), reason,
                                           Ground.parse(ground), notice, facts=facts)
    say(as_json, {"removed": photo_id, "member": made.member_id, "decision": made.id},
        f"Removed photo {photo_id} of member {made.member_id} (decision {made.id}).",
        "yellow")


def _listed(photo_ids: list[int]) -> str:
    return ("photo " if len(photo_ids) == 1 else "photos ") + compact(photo_ids)


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
    Safe to run again after an interruption: files already in the bucket are skipped.

    Examples:

      amora photos migrate-storage --dry-run

      amora photos migrate-storage --delete-local --json
    """
    files = services()  # the files only: no database needed
    config = files.config()
    if config.storage_backend != "s3":
        errors.print("Set STORAGE_BACKEND=s3 and S3_BUCKET: the files go to that bucket.",
                     style="red")
        raise typer.Exit(1)
    source, target = files.local_files(), files.files()
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
