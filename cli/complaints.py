"""`amora complaints`: complaints to handle."""

from __future__ import annotations

from typing import Annotated

import attrs
import typer
from rich.table import Table

from cli.context import Id, container, fail_on_rule
from cli.inputs import Actor, note
from cli.operator import operator
from cli.output import Json, console, labelled, print_json, rows, say, shown

complaints = typer.Typer(help="Complaints: list, show and resolve.", no_args_is_help=True)


@complaints.command("list")
def list_complaints(
        status: Annotated[str | None, typer.Option(help="open or resolved")] = "open",
        limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
        as_json: Json = False) -> None:
    """The newest complaints (open ones by default; times in UTC)."""
    with fail_on_rule():
        found = container().complaints().list(status or None, limit)
    records = [{"id": row.id, "site": row.site_id, "category": row.category,
                "member": row.member_id, "message": row.message_id, "from": row.email,
                "status": row.status, "filed": row.created_at,
                "text": row.text if as_json else row.text[:60]} for row in found]
    rows(("id", "site", "category", "member", "message", "from", "status", "filed", "text"),
         records, as_json=as_json)


@complaints.command()
def show(complaint_id: Id, as_json: Json = False) -> None:
    """Everything about one complaint."""
    with fail_on_rule():
        row = container().complaints().show(complaint_id)
        messages = container().complaints().evidence(complaint_id)
    if as_json:
        print_json({**attrs.asdict(row), "messages": messages})
        return
    for key, value in attrs.asdict(row).items():
        console.print(labelled(key, value))
    if messages:
        table = Table("message", "from", "sent", "text", title="Attached messages")
        for message in messages:
            table.add_row(str(message.id), str(message.sender_id),
                          f"{message.created_at:%Y-%m-%d %H:%M}",
                          shown(message.text or f"(gift: {message.gift})", lines=True))
        console.print(table)


@complaints.command()
def resolve(complaint_id: Id,
            note: Annotated[str, note("What was done (required).")],
            actor: Actor = "", as_json: Json = False) -> None:
    """Close a complaint with what was done about it."""
    with fail_on_rule():
        container().complaints().resolve(complaint_id, note, operator(actor))
    say(as_json, {"id": complaint_id, "status": "resolved", "note": note},
        f"Complaint {complaint_id} resolved.", "green")
