"""`amora decisions` and `amora audit` (issue 30.5): what was decided about members and
every change operators made, as plain text or JSON. Member-written and operator-written
texts are shown as plain text (cli/output.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import attrs
import typer

from cli.context import Id, container, fail_on_rule
from cli.output import Json, console, labelled, print_json, rows

app = typer.Typer(help="Decisions (statements of reasons): list and show.",
                  no_args_is_help=True)

Member = Annotated[int | None, typer.Option("--member", min=1, help="Only this member.")]
Since = Annotated[datetime | None, typer.Option(
    formats=["%Y-%m-%d", "%Y-%m-%dT%H:%M"], help="From this day or moment on (UTC).")]
Limit = Annotated[int, typer.Option(min=1, max=10_000)]


def _utc(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment else None


def _record(found: object) -> dict[str, object]:
    values = attrs.asdict(found, recurse=False)  # type: ignore[arg-type]
    ground = values.pop("ground")
    return {**values, "ground": str(ground)}


@app.command("list")
def list_decisions(member: Member = None,
                   kind: Annotated[str | None, typer.Option(
                       help="ban, photo_rejected, credits_revoked, ...")] = None,
                   since: Since = None, limit: Limit = 100, as_json: Json = False) -> None:
    """The newest decisions first (times in UTC).

    Examples:

      amora decisions list --member 42

      amora decisions list --kind ban --since 2026-03-01 --json
    """
    with fail_on_rule():
        found = container().operator_desk().decisions(member, kind, _utc(since), limit)
    if as_json:  # every field, as `show --json` gives them: scripts read one shape
        print_json([_record(row) for row in found])
        return
    records = [{**_record(row), "facts": row.facts[:50]} for row in found]
    rows(("id", "member_id", "restriction", "item_id", "ground", "decided_by", "decided_at",
          "status", "facts"), records, as_json=False)


@app.command()
def show(decision_id: Id, as_json: Json = False) -> None:
    """Everything about one decision, who decided included.

    Examples:

      amora decisions show 31

      amora decisions show 31 --json
    """
    with fail_on_rule():
        found = container().operator_desk().decision(decision_id)
    if as_json:
        print_json(_record(found))
        return
    for key, value in _record(found).items():
        console.print(labelled(key, value))


def audit(member: Member = None,
          actor: Annotated[str | None, typer.Option(help="Only this operator's changes.")]
          = None,
          since: Since = None, limit: Limit = 100, as_json: Json = False) -> None:
    """The audit log, newest first: who changed what, when and why (times in UTC).

    Examples:

      amora audit --member 42

      amora audit --actor alice --since 2026-03-01 --json
    """
    with fail_on_rule():
        found = container().operator_desk().audit(member, actor, _utc(since), limit)
    records = [attrs.asdict(row) for row in found]
    rows(("id", "at", "actor", "action", "subject", "details"), records, as_json=as_json)
