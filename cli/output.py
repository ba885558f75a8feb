"""How `amora` commands print: rich tables for people, `--json` for scripts and `--csv`
(figures) for spreadsheets. JSON and CSV go to stdout with nothing else on it."""

from __future__ import annotations

import csv
import enum
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.table import Table

Json = Annotated[bool, typer.Option("--json", help="Print JSON (for scripts).")]
Csv = Annotated[bool, typer.Option("--csv", help="Print CSV (for spreadsheets).")]
console = Console()


def plain(value: Any) -> Any:
    """A value as JSON can hold it."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Decimal):
        return float(value)
    if attrs.has(type(value)):
        return {key: plain(item) for key, item in attrs.asdict(value, recurse=False).items()}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(item) for item in value]
    return value


def print_json(data: Any) -> None:
    typer.echo(json.dumps(plain(data), ensure_ascii=False, indent=2))


def say(as_json: bool, data: Any, message: str) -> None:
    """A change's outcome: a line for people, or what changed as JSON."""
    if as_json:
        print_json(data)
    else:
        console.print(message)


def _cell(column: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, float):
        return f"{value:.1%}" if column.endswith("rate") else f"{value:.2f}"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return str(plain(value))


def rows(columns: Sequence[str], records: Sequence[Mapping[str, Any]], *, as_json: bool,
         as_csv: bool = False, empty: str = "", title: str | None = None,
         no_wrap: Sequence[str] = ()) -> None:
    """Records (one mapping per row, keys as ``columns``) as a table, JSON or CSV."""
    if as_json:
        print_json([{column: record.get(column) for column in columns} for record in records])
        return
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        for record in records:
            value: Callable[[str], Any] = record.get
            writer.writerow([_csv(value(column)) for column in columns])
        return
    if not records and empty:
        console.print(empty)
        return
    table = Table(*columns, title=title)
    for column in table.columns:
        column.no_wrap = str(column.header) in no_wrap
    for record in records:
        table.add_row(*(_cell(column, record.get(column)) for column in columns))
    console.print(table)


def _csv(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value)
    return plain(value) if value is not None else ""


def money(cents: int) -> Decimal:
    """Cents as a decimal amount (exact, two places)."""
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))
