"""How `amora` commands print: rich tables for people, `--json` for scripts and `--csv`
(figures) for spreadsheets. JSON and CSV go to stdout with nothing else on it.

Whatever a command prints came from somewhere: a member's name or complaint, a visitor's
traffic parameters, an operator's earlier input. None of it is ever read as Rich markup
(``[/x]`` would crash a command, ``[link=...]`` make a link) and none of its control
characters reaches the terminal (ESC starts colours, screen clearing, window titles and
hyperlinks; a bidi override turns the text around it): the console here takes every string
as plain text with those characters written out (``\\x1b``, ``\\u202e``), and our own
styles come only as :class:`rich.text.Text` built with :func:`shown`."""

from __future__ import annotations

import csv
import enum
import json
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.highlighter import JSONHighlighter
from rich.style import Style
from rich.table import Column, Table
from rich.text import Text

from domain.money import format_money

Json = Annotated[bool, typer.Option("--json", help="Print JSON (for scripts).")]
Csv = Annotated[bool, typer.Option("--csv", help="Print CSV (for spreadsheets).")]

# What a terminal acts on or hides instead of showing: C0/C1 controls and DEL (Cc),
# formatting characters such as bidi overrides and zero-width ones (Cf), Unicode line and
# paragraph separators (Zl, Zp) and lone surrogates (Cs, not a character at all).
_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_ESCAPE_STYLE = "reverse"  # a written-out character stands apart from the text around it
# Spreadsheets read a cell starting with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN


def _written_out(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _parts(text: str, lines: bool) -> list[tuple[str, bool]]:
    """The text as runs of plain characters (False) and written-out ones (True)."""
    if lines:
        text = text.replace("\r\n", "\n")
    parts: list[tuple[str, bool]] = []
    run: list[str] = []
    for char in text:
        if _hidden(char) and not (lines and char == "\n"):
            if run:
                parts.append(("".join(run), False))
                run = []
            parts.append((_written_out(char), True))
        else:
            run.append(char)
    if run:
        parts.append(("".join(run), False))
    return parts


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character written out (``lines``: except line feeds)."""
    if text.isprintable():  # the usual case: nothing to write out
        return text
    return "".join(part for part, _ in _parts(text, lines))


def shown(value: Any, *, lines: bool = False, style: str | Style = "") -> Text:
    """A stored value as a terminal shows it: plain text, never markup, its control
    characters written out in reverse video; ``lines`` keeps line feeds (the multi-line
    texts of a `show` view), everywhere else they are written out too."""
    text = Text(style=style)
    raw = "" if value is None else str(value)
    if raw.isprintable():
        text.append(raw)
        return text
    for part, written_out in _parts(raw, lines):
        text.append(part, style=_ESCAPE_STYLE if written_out else None)
    return text


def labelled(label: str, value: Any) -> Text:
    """One line of a `show` view: the label in bold, then the value as stored."""
    return Text.assemble((label, "bold"), ": ", shown("" if value is None else value,
                                                      lines=True))


class PlainConsole(Console):
    """A console that takes every string as plain text (no markup, no emoji codes) with
    its control characters written out: a string printed, put in a table cell or a title
    cannot style, link or drive the terminal, whichever command prints it."""

    def render_str(self, text: str, **options: Any) -> Text:
        return super().render_str(visible(text), **{**options, "markup": False,
                                                    "emoji": False})


console = PlainConsole(markup=False, emoji=False)
errors = PlainConsole(markup=False, emoji=False, stderr=True)


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


def json_text(data: Any) -> str:
    """Data as indented JSON, exact, with every character a terminal would act on escaped
    (``\\u001b``, ``\\u202e``): JSON itself escapes only C0 controls, not DEL, C1 controls
    or bidi overrides. Outside its strings JSON has only line feeds and spaces."""
    dumped = json.dumps(plain(data), ensure_ascii=False, indent=2)
    if dumped.replace("\n", "").isprintable():
        return dumped
    return "".join(_json_escaped(char) if char != "\n" and _hidden(char) else char
                   for char in dumped)


def _json_escaped(char: str) -> str:
    units = char.encode("utf-16-be", "surrogatepass")  # a pair above U+FFFF, as JSON has it
    return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}"
                   for i in range(0, len(units), 2))


def print_json(data: Any) -> None:
    typer.echo(json_text(data))


def print_json_view(data: Any) -> None:
    """JSON for people: highlighted on a terminal, the same text as ``--json`` prints."""
    text = JSONHighlighter()(Text(json_text(data)))
    text.no_wrap, text.overflow = True, None
    console.print(text)


def say(as_json: bool, data: Any, message: str, style: str = "") -> None:
    """A change's outcome: a line for people (plain text in ``style``), or what changed
    as JSON."""
    if as_json:
        print_json(data)
    else:
        console.print(shown(message, style=style))


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
         no_wrap: Sequence[str] = (), piped_as_table: bool = False) -> None:
    """Records (one mapping per row, keys as ``columns``) as a table on a terminal, as
    tab-separated lines when stdout is not one (:func:`tsv`), or as JSON or CSV.
    ``piped_as_table``: one table of a report of several (titled), which stays a table
    when piped (its data for scripts is the report's --json)."""
    if as_json:  # keys in snake_case, as every command's JSON has them
        print_json([{snake(column): record.get(column) for column in columns}
                     for record in records])
        return
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        on_terminal = console.is_terminal  # a person reads it: nothing may drive the terminal
        for record in records:
            value: Callable[[str], Any] = record.get
            writer.writerow([_csv(value(column), on_terminal) for column in columns])
        return
    if not console.is_terminal and not piped_as_table:  # piped: a line a record (cut, awk)
        tsv(columns, records)
        return
    if not records and empty:
        console.print(shown(empty))
        return
    table = Table(*(Column(shown(column), no_wrap=column in no_wrap) for column in columns),
                  title=shown(title) if title is not None else None)
    for record in records:
        table.add_row(*(shown(_cell(column, record.get(column))) for column in columns))
    console.print(table)


def tsv(columns: Sequence[str], records: Sequence[Mapping[str, Any]]) -> None:
    """Tab-separated lines, as `gh` prints when piped: the column names, then one line per
    record (nothing else, even when there are none), a cell's tab, line break and
    backslash written ``\\t``, ``\\n``, ``\\\\`` and any other control character as
    everywhere (``\\x1b``), so a line is a record and a tab a column boundary."""
    lines = ["\t".join(_tsv(snake(column)) for column in columns)]
    lines += ["\t".join(_tsv(_tsv_cell(record.get(column))) for column in columns)
              for record in records]
    typer.echo("\n".join(lines))


def snake(name: str) -> str:
    """A column's name as a JSON key or a script's field ("bounce rate": bounce_rate)."""
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


_TSV_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _tsv(text: str) -> str:
    return visible(text.translate(_TSV_ESCAPES))


def _tsv_cell(value: Any) -> str:
    """A value as a script reads it: exact numbers and money, ISO times, true/false."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list | tuple | set | frozenset):
        return ",".join(_tsv_cell(item) for item in value)
    value = plain(value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _csv(value: Any, on_terminal: bool) -> Any:
    """A cell as written: the data as it is, numbers as numbers, but a text a spreadsheet
    would run as a formula (``=HYPERLINK(...)``, ``@SUM(...)``, ``-2+3``) behind a quote."""
    if value is None:
        return ""
    if isinstance(value, Decimal | Amount):
        return str(value)
    if isinstance(value, list | tuple):
        value = " ".join(str(item) for item in value)
    value = plain(value)
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_STARTS):
        value = "'" + value
    return visible(value) if on_terminal else value


class Amount(str):
    """Money as text ("20.00", "-5.00"): a decimal string in JSON (never a float), a
    number in CSV (no quote before a minus: it is no formula)."""


def money(cents: int) -> Amount:
    """Cents as currency units, exact, two places ("20.00"): tables, CSV and JSON alike."""
    return Amount(format_money(cents))
