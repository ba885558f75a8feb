"""`amora safety check`: how the scam shield's screening reads a text (issue 31.4), for an
operator tuning the rules. `--json` prints {"flagged", "reasons", "spans": [[start, end,
reason], ...]} (offsets in characters of the text as given); with TEXT `-` every line of
standard input is one text and each gets one JSON object on a line of its own. No `amora`
argument may hold a control or formatting character, so a text disguised with zero-width
characters is checked from standard input.

`--language` names the language the text is in: the rules read all eleven languages at
once (a scammer writes in whatever language works, so a lure is caught whatever the
member's language), so the language changes no finding; it is checked to be one of the
eleven and echoed in the JSON, as a record of what a batch was meant to be."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.text import Text

from application.screening import ScreeningResult
from cli.context import container, fail_on_rule
from cli.output import Json, console, plain, print_json, shown
from domain.errors import DomainError
from domain.locales import is_locale

app = typer.Typer(help="The scam shield: how screening reads a text.", no_args_is_help=True)

_MARKED = "bold reverse"


def _data(result: ScreeningResult, language: str) -> dict[str, Any]:
    data: dict[str, Any] = {"flagged": result.flagged, "reasons": list(result.reasons),
                            "spans": [list(span) for span in result.spans]}
    if language:
        data["language"] = language
    return data


def _one_line(data: dict[str, Any]) -> str:
    """Compact JSON with every non-ASCII character escaped: one line whatever the text
    held, and nothing a terminal acts on."""
    return json.dumps(plain(data), separators=(",", ":"))


def _regions(result: ScreeningResult) -> list[tuple[int, int, list[str]]]:
    """The flagged spans with overlapping ones joined, each with all its reasons."""
    regions: list[tuple[int, int, list[str]]] = []
    for start, end, reason in sorted(result.spans):
        if regions and start < regions[-1][1]:
            first, last, reasons = regions[-1]
            regions[-1] = (first, max(last, end),
                           reasons if reason in reasons else [*reasons, reason])
        else:
            regions.append((start, end, [reason]))
    return regions


def _marked(text: str, result: ScreeningResult) -> Text:
    """The text as plain text with each flagged part between braces, highlighted and
    followed by its reasons: `add me on {+31 6 1234 5678}(phone)`."""
    out = Text()
    last = 0
    for start, end, reasons in _regions(result):
        out.append_text(shown(text[last:start], lines=True))
        out.append("{")
        out.append_text(shown(text[start:end], lines=True, style=_MARKED))
        out.append("}")
        out.append(f"({', '.join(reasons)})", style="red")
        last = end
    out.append_text(shown(text[last:], lines=True))
    return out


@app.command("check")
def check(
    text: Annotated[str, typer.Argument(help="The text, or - to read one text a line "
                                             "from standard input (JSON lines out).")],
    language: Annotated[str, typer.Option(
        help="The text's language (da de en es fi fr it nb nl pl sv): checked and echoed; "
             "the rules read all eleven at once.")] = "",
    as_json: Json = False,
) -> None:
    """Whether the scam shield flags a text, for which reasons, and where."""
    with fail_on_rule():
        if language and not is_locale(language):
            raise DomainError("invalid_request", detail="language")
    screening = container().screening()
    if text == "-":
        for line in sys.stdin:
            typer.echo(_one_line(_data(screening.check(line.rstrip("\r\n")), language)))
        return
    result = screening.check(text)
    if as_json:
        print_json(_data(result, language))
        return
    if not result.flagged:
        console.print("Not flagged.")
        return
    console.print(shown(f"Flagged: {', '.join(result.reasons)}", style="bold red"))
    console.print(_marked(text, result))
