"""`amora appeals`: members' appeals against decisions (bans, rejected photos, revoked
credits, ...) to decide."""

from __future__ import annotations

from typing import Annotated

import attrs
import typer

from cli.context import Id, container, fail_on_rule
from cli.inputs import Actor, note
from cli.operator import operator
from cli.output import Json, console, labelled, print_json, rows, say
from domain.decisions import Restriction

appeals = typer.Typer(help="Appeals against decisions: list, show and decide.",
                      no_args_is_help=True)


@appeals.command("list")
def list_appeals(
        status: Annotated[str | None, typer.Option(help="open, upheld or lifted")] = "open",
        kind: Annotated[str | None, typer.Option(
            help="Against this kind of decision only: "
                 + ", ".join(kind.value for kind in Restriction))] = None,
        limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
        as_json: Json = False) -> None:
    """The newest appeals (open ones by default; times in UTC).

    Examples:

      amora appeals list --status open

      amora appeals list --kind ban --json
    """
    with fail_on_rule():
        found = container().appeals().list(status or None, limit, kind or None)
    records = [{"id": row.appeal.id, "member": row.appeal.member_id,
                "kind": row.restriction.value, "decision": row.appeal.decision_id,
                "status": row.appeal.status.value, "filed": row.appeal.created_at,
                "text": row.appeal.text if as_json else row.appeal.text[:60]}
               for row in found]
    rows(("id", "member", "kind", "decision", "status", "filed", "text"), records,
         as_json=as_json)


@appeals.command()
def show(appeal_id: Id, as_json: Json = False) -> None:
    """Everything about one appeal and the decision it contests.

    Examples:

      amora appeals show 12

      amora appeals show 12 --json
    """
    with fail_on_rule():
        row = container().appeals().show(appeal_id)
        contested = (container().appeals().contested(appeal_id)
                     if row.decision_id is not None else None)
    if as_json:
        print_json({**attrs.asdict(row), "contested": contested})
        return
    for key, value in attrs.asdict(row).items():
        console.print(labelled(key, value))
    if contested is not None:
        console.print(labelled("contested decision", ""))
        for key, value in contested.items():
            console.print(labelled(f"  {key}", value))


@appeals.command()
def decide(appeal_id: Id,
           lift: Annotated[bool, typer.Option(
               "--lift/--uphold",
               help="Lift the decision (undo it: unban, photo back, credits back, ...) "
                    "or uphold it.")],
           note: Annotated[str, note(
               "Why (required): the member reads it in the outcome mail, and the audit "
               "log keeps it.")],
           actor: Actor = "", as_json: Json = False) -> None:
    """Uphold or lift the decision; the member is told by e-mail in their language.

    Examples:

      amora appeals decide 12 --lift --note "The photo is the member's own" --actor alice

      amora appeals decide 13 --uphold --note "The messages ask for money" --actor alice
    """
    with fail_on_rule():
        decision = container().appeals().decide(appeal_id, lift, note,
                                                operator(actor))
    say(as_json, {"id": appeal_id, "status": decision.status.value, "note": decision.note},
        f"Appeal {appeal_id} {decision.status.value}.", "green")
