"""`amora tax report`: a quarter's VAT figures for the returns (issue 34.5): per company,
the net and the VAT of the sales per country and rate, and of the money given back
(refunds, withdrawals, chargebacks), ready for the EU's One-Stop Shop and Norway's VOEC."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.measure import Measurement
from rich.table import Table

from cli.context import container, fail_on_rule
from cli.output import Csv, Json, console, money, print_json, rows, shown
from domain.vat import format_rate

if TYPE_CHECKING:
    from application.tax_report import TaxReport

app = typer.Typer(help="VAT: the figures of a quarter for the returns (OSS, VOEC).",
                  no_args_is_help=True)

COLUMNS = ("company", "scheme", "country", "rate", "currency", "period", "orders", "net",
           "vat", "refunds", "refunded net", "refunded vat", "net due", "vat due")
_MONEY = {"net", "vat", "refunded net", "refunded vat", "net due", "vat due"}
_MONEY_COLUMNS = [column for column in COLUMNS if column in _MONEY]


@app.command()
def report(quarter: Annotated[str, typer.Option(help="The quarter, e.g. 2026Q4.")],
           company: Annotated[str | None, typer.Option(
               help="Only this company (its id or name); else every company.")] = None,
           as_csv: Csv = False, as_json: Json = False) -> None:
    """Net and VAT per company, country and rate for a quarter (UTC), refunds included.

    A sale counts in the quarter it was paid, at the rate its order recorded (the VAT
    country from the member's evidence: their profile, GeoIP and the payment's country).
    Money given back in the quarter counts at its order's rate; a refund of an earlier
    quarter's sale is a line of its own with that quarter as its period (the OSS takes it
    as a correction of that return). "scheme" says which return a line belongs to:
    domestic (the company's own country), oss, voec (Norway), uk, ch, or outside (no VAT
    of these countries due). Amounts are in the currency charged, in currency units: the
    OSS return wants euros (at the ECB rate of the quarter's last day) and names Greece
    EL. Net due and VAT due are the sales less the money given back.

    Examples:

      amora tax report --quarter 2026Q4

      amora tax report --quarter 2026Q4 --company "Amora Media B.V." --csv > oss-2026Q4.csv

      amora tax report --quarter 2026Q3 --company 1 --json
    """
    with fail_on_rule():
        found = container().tax_reports().report(quarter, company)
    names = {c.id: c.name for c in found.companies}
    records = [{
        "company": names.get(line.company_id, str(line.company_id)), "scheme": line.scheme,
        "country": line.country, "rate": None if line.rate_bp is None
        else format_rate(line.rate_bp), "currency": line.currency, "period": line.period,
        "orders": line.orders, "net": money(line.net), "vat": money(line.vat),
        "refunds": line.refunds, "refunded net": money(line.refunded_net),
        "refunded vat": money(line.refunded_vat), "net due": money(line.net_due),
        "vat due": money(line.vat_due)} for line in found.lines]
    if as_json:
        print_json(_data(found, records))
        return
    if as_csv or not console.is_terminal or not records:  # CSV, or a line a record
        rows(COLUMNS, records, as_json=False, as_csv=as_csv,
             empty=f"No sales or refunds in {found.quarter}.")
        return
    # A person reads it: a table per company (its name, country and VAT numbers above),
    # compact, the amounts never cut short.
    for seller in found.companies:
        own = [record for record in records if record["company"] == seller.name]
        if own:
            table = _table(own, f"{seller.name} ({seller.country}, VAT "
                                f"{', '.join(seller.vat_numbers) or 'number unknown'}): "
                                f"{found.quarter}, {found.start:%Y-%m-%d} to "
                                f"{found.end:%Y-%m-%d} (UTC)")
            # Wider than the terminal rather than an amount cut short.
            needed = Measurement.get(console, console.options.update_width(10_000), table)
            width = console.width
            console.width = max(width, needed.maximum)
            try:
                console.print(table)
            finally:
                console.width = width


# Terminal headers: the same columns, in two short lines each.
_HEADERS = {"scheme": "scheme", "country": "coun-\ntry", "rate": "rate\n%",
            "currency": "cur-\nrency", "period": "period", "orders": "orders",
            "net": "net", "vat": "VAT", "refunds": "re-\nfunds", "refunded net": "net\nback",
            "refunded vat": "VAT\nback", "net due": "net\ndue", "vat due": "VAT\ndue"}


def _table(records: list[dict[str, Any]], title: str) -> Table:
    table = Table(title=shown(title), box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for column in COLUMNS[1:]:
        numeric = column in _MONEY or column in ("orders", "refunds", "rate")
        table.add_column(shown(_HEADERS[column], lines=True), no_wrap=True,
                         justify="right" if numeric else "left")
    for record in records:
        table.add_row(*(shown("" if record[column] is None else str(record[column]))
                        for column in COLUMNS[1:]))
    return table


def _data(found: TaxReport, records: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "quarter": found.quarter, "from": found.start.date().isoformat(),
        "until": found.end.date().isoformat(),  # the next quarter's first day
        "companies": [{"id": c.id, "name": c.name, "country": c.country,
                       "vat_numbers": list(c.vat_numbers)} for c in found.companies],
        "lines": [{key.replace(" ", "_"): (str(value) if key in _MONEY else value)
                   for key, value in record.items()} for record in records],
    }

