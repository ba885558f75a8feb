"""`amora transparency` (issue 30.6): the figures a DSA transparency report needs, and the
decisions as statements of reasons for the EU Transparency Database (JSON lines, each
checked against the schema kept in the repository; none is written if one does not fit)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Annotated

import attrs
import typer

from adapters.texts.dsa_schema import problems
from cli.context import container, fail_on_rule
from cli.failures import fail
from cli.output import Json, console, print_json, rows

app = typer.Typer(help="Transparency: the DSA report and statements of reasons.",
                  no_args_is_help=True)


@app.command()
def report(start: Annotated[datetime, typer.Option("--from", formats=["%Y-%m-%d"],
                                                   help="The first day (UTC).")],
           end: Annotated[datetime, typer.Option("--to", formats=["%Y-%m-%d"],
                                                 help="The last day (UTC), inclusive.")],
           site: Annotated[str | None, typer.Option(help="Only this site's domain.")] = None,
           statements: Annotated[Path | None, typer.Option(
               help="Also write each decision as a statement of reasons (JSON lines).")]
           = None,
           as_json: Json = False) -> None:
    """Notices by category and outcome, median time to action, decisions by kind, ground
    and automation, appeals and their outcomes, average monthly active members.

    Examples:

      amora transparency report --from 2026-01-01 --to 2026-06-30

      amora transparency report --from 2026-01-01 --to 2026-12-31 --json
    """
    with fail_on_rule():
        figures = container().transparency().report(start.date(), end.date(), site)
        written = (container().transparency().statements(start.date(), end.date(), site)
                   if statements else [])
    if statements is not None:
        _write(statements, written)
    if as_json:
        print_json({**attrs.asdict(figures), "statements_written": len(written)
                    if statements else None})
        return
    _show(figures)
    if statements is not None:
        console.print(f"{len(written)} statements written to {statements}")


def _write(path: Path, written: list[dict[str, object]]) -> None:
    for number, statement in enumerate(written, start=1):
        if wrong := problems(statement):
            fail(f"statement {number} does not fit the schema: {wrong[0]}")
    path.write_text("".join(json.dumps(item, sort_keys=True) + "\n" for item in written),
                    encoding="utf-8")


def _show(figures: object) -> None:
    values = attrs.asdict(figures)  # type: ignore[arg-type]
    console.print(f"Transparency report {values['start']} to {values['end']}"
                  f" ({values['site'] or 'all sites'})")
    rows(("category", "outcome", "notices"),
         [{"category": category, "outcome": outcome, "notices": count}
          for category, outcomes in values["notices"].items()
          for outcome, count in outcomes.items()], as_json=False, title="Notices",
         empty="No notices", piped_as_table=True)
    console.print(f"Notices: {values['notices_total']}; median time to action: "
                  f"{values['median_hours_to_action'] or '-'} hours")
    for key, title in (("decisions_by_kind", "Decisions by kind"),
                       ("decisions_by_ground", "Decisions by ground"),
                       ("decisions_by_automation", "Decisions by automation")):
        rows(("value", "decisions"), [{"value": name, "decisions": count}
                                       for name, count in sorted(values[key].items())],
             as_json=False, title=title, empty="No decisions", piped_as_table=True)
    rows(("restriction", "status", "appeals"),
         [{"restriction": kind, "status": status, "appeals": count}
          for kind, statuses in values["appeals"].items()
          for status, count in statuses.items()], as_json=False, title="Appeals",
         empty="No appeals", piped_as_table=True)
    console.print("Average monthly active members: "
                  f"{values['average_monthly_active_members']}")
