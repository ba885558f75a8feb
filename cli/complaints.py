"""`amora complaints`: complaints to handle. A complaint about a profile, a photo or a
message is a notice (issue 30.4): its reporter hears the outcome, and a reporter whose
notices are mostly dismissed is marked (serial) so operators know before they read on."""

from __future__ import annotations

from typing import Annotated

import attrs
import typer
from rich.table import Table

from cli.context import Id, container, fail_on_rule
from cli.inputs import Actor, note
from cli.operator import operator
from cli.output import Json, console, labelled, print_json, rows, say, shown
from domain.complaints import ReporterRecord

OUTCOMES = "action_taken (a decision names this complaint: --notice) or no_action"


def _reporter(record: ReporterRecord) -> str:
    """How the reporter's earlier notices went, marked when mostly dismissed."""
    mark = "SERIAL " if record.serial else ""
    return f"{mark}{record.dismissed}/{record.resolved} dismissed" if record.resolved else ""

complaints = typer.Typer(help="Complaints: list, show and resolve.", no_args_is_help=True)


@complaints.command("list")
def list_complaints(
        status: Annotated[str | None, typer.Option(help="open or resolved")] = "open",
        limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
        as_json: Json = False) -> None:
    """The newest complaints (open ones by default; times in UTC).

    Examples:

      amora complaints list

      amora complaints list --status resolved --limit 200 --json
    """
    with fail_on_rule():
        found = container().complaints().list(status or None, limit)
        reporters = container().complaints().reporters(found)
    records = [{"id": row.id, "site": row.site_id, "category": row.category,
                "item": f"{row.item_kind} {row.item_id}" if row.item_kind else None,
                "member": row.member_id, "message": row.message_id, "from": row.email,
                "reporter": _reporter(reporters[row.id]),
                "serial_reporter": reporters[row.id].serial,
                "status": row.status if as_json or not row.outcome
                else f"{row.status}: {row.outcome}", "outcome": row.outcome,
                "filed": row.created_at, "text": row.text if as_json else row.text[:60]}
               for row in found]
    # JSON marks a serial reporter by name; the table says how their notices went (and
    # names a message as the item, the outcome with the status, to stay narrow).
    columns = ("id", "site", "category", "item", "member", "message", "from",
               "serial_reporter", "status", "outcome", "filed", "text") if as_json else (
        "id", "site", "category", "item", "member", "from", "reporter", "status", "filed",
        "text")
    rows(columns, records, as_json=as_json)


@complaints.command()
def show(complaint_id: Id, as_json: Json = False) -> None:
    """Everything about one complaint.

    Examples:

      amora complaints show 7

      amora complaints show 7 --json
    """
    with fail_on_rule():
        row = container().complaints().show(complaint_id)
        messages = container().complaints().evidence(complaint_id)
        record = container().complaints().reporters([row])[row.id]
    if as_json:
        print_json({**attrs.asdict(row), "messages": messages,
                    "reporter_record": {**attrs.asdict(record), "serial": record.serial}})
        return
    for key, value in attrs.asdict(row).items():
        console.print(labelled(key, value))
    console.print(labelled("reporter's notices", _reporter(record) or "none resolved yet"),
                  style="bold red" if record.serial else "")
    if messages:
        table = Table("message", "from", "sent", "text", title="Attached messages")
        for message in messages:
            table.add_row(str(message.id), str(message.sender_id),
                          f"{message.created_at:%Y-%m-%d %H:%M}",
                          shown(message.text or f"(gift: {message.gift})", lines=True))
        console.print(table)


@complaints.command()
def resolve(complaint_id: Id,
            outcome: Annotated[str, typer.Option(help=OUTCOMES)],
            note: Annotated[str, note("What was done (required; stays with the operators).")],
            actor: Actor = "", as_json: Json = False) -> None:
    """Close a complaint with its outcome; its reporter is mailed the outcome in general
    terms. For action taken, first restrict with the restricting command's --notice ID.

    Examples:

      amora complaints resolve 7 --outcome no_action --note "Ordinary flirting" --actor alice

      amora complaints resolve 8 --outcome action_taken --note "Banned (decision 31)" --actor al
    """
    with fail_on_rule():
        container().complaints().resolve(complaint_id, note, operator(actor), outcome)
    say(as_json, {"id": complaint_id, "status": "resolved", "outcome": outcome, "note": note},
        f"Complaint {complaint_id} resolved: {outcome}; its reporter is told.", "green")
