"""`amora stats`: the operators' figures, as tables, `--csv` for spreadsheets or `--json`."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.context import container, fail_on_rule
from cli.output import Csv, Json, money, rows

stats = typer.Typer(help="Figures: revenue, signups, members and lander bounces.",
                    no_args_is_help=True)
Site = Annotated[str | None, typer.Option(help="Only this site's domain.")]
Days = Annotated[int, typer.Option(min=1, max=3650, help="The last N days.")]


@stats.command()
def revenue(site: Site = None, days: Days = 30,
            by: Annotated[str | None, typer.Option(help="day, source, bundle or method")]
            = None,
            as_csv: Csv = False, as_json: Json = False) -> None:
    """Money paid, refunded (refunds and chargebacks made in the period) and net, per
    currency, optionally per day, traffic source, bundle (credits) or payment method.

    Examples:

      amora stats revenue --days 7 --by day

      amora stats revenue --site amora.test --by method --csv > revenue.csv
    """
    with fail_on_rule():
        figures = container().figures().revenue(site, days, by)
    records = [{by or "period": f.key if by else f"last {days} days", "currency": f.currency,
                "orders": f.paid_orders, "paid": money(f.paid), "refunds": f.refunds,
                "refunded": money(f.refunded), "net": money(f.net)} for f in figures]
    rows((by or "period", "currency", "orders", "paid", "refunds", "refunded", "net"), records,
         as_json=as_json, as_csv=as_csv, empty=f"No payments in the last {days} days.")


@stats.command()
def signups(site: Site = None, days: Days = 30, as_csv: Csv = False,
            as_json: Json = False) -> None:
    """Signups per site, lander and traffic source, how many confirmed their e-mail (the
    activation rate) and how many bought credits since.

    Examples:

      amora stats signups --days 7

      amora stats signups --site amora.test --json
    """
    with fail_on_rule():
        figures = container().figures().signups(site, days)
    records = [{"site": f.site, "lander": f.lander, "source": f.source, "signups": f.signups,
                "activated": f.activated, "activation rate": round(f.activation_rate, 4),
                "paying": f.paying} for f in figures]
    rows(("site", "lander", "source", "signups", "activated", "activation rate", "paying"),
         records, as_json=as_json, as_csv=as_csv, empty=f"No signups in the last {days} days.")


@stats.command()
def members(site: Site = None, days: Days = 7, as_csv: Csv = False,
            as_json: Json = False) -> None:
    """Per site: members, confirmed, premium, active in the period (logged in or wrote) and
    messages per day.

    Examples:

      amora stats members

      amora stats members --days 30 --csv
    """
    with fail_on_rule():
        figures = container().figures().members(site, days)
    records = [{"site": f.site, "members": f.members, "confirmed": f.confirmed,
                "premium": f.premium, "active": f.active, "messages": f.messages,
                "messages per day": round(f.messages_per_day, 2)} for f in figures]
    rows(("site", "members", "confirmed", "premium", "active", "messages", "messages per day"),
         records, as_json=as_json, as_csv=as_csv)


@stats.command()
def bounces(site: Site = None, days: Days = 7, as_csv: Csv = False,
            as_json: Json = False) -> None:
    """Visits of landers opened with ?lb, and how many left without doing anything.

    Examples:

      amora stats bounces --days 1

      amora stats bounces --site amora.test --json
    """
    with fail_on_rule():
        figures = container().landers().bounces(site, days)
    records = [{"lander": f.lander, "source": f.source, "visits": f.visits,
                "bounces": f.bounces, "bounce rate": round(f.rate, 4)} for f in figures]
    rows(("lander", "source", "visits", "bounces", "bounce rate"), records, as_json=as_json,
         as_csv=as_csv, empty=f"No lander visits in the last {days} days.")
