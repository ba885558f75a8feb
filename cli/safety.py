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

import attrs
import typer
from rich.text import Text

from application.ports.chat import Message
from application.safety_queue import Person, SafetyQueueView
from application.shared.screening import ScreeningResult
from cli.context import Id, container, fail_on_rule, services
from cli.inputs import Actor
from cli.inputs import note as note_option
from cli.operator import operator
from cli.output import Json, console, plain, print_json, say, shown
from domain.errors import DomainError
from domain.locales import is_locale
from domain.profile_flags import api_name, parse_field

app = typer.Typer(help="The scam shield: how screening reads a text, who it holds, release.",
                  no_args_is_help=True)

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
    """Whether the scam shield flags a text, for which reasons, and where.

    Examples:

      amora safety check "send me 200 euro by western union"

      amora safety check - --json < texts.txt
    """
    with fail_on_rule():
        if language and not is_locale(language):
            raise DomainError("invalid_request", detail="language")
    screening = services().screening()  # the rules only: no database needed
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


def _message(message: Message) -> dict[str, Any]:
    return {"id": message.id, "conversation_id": message.conversation_id,
            "sender_id": message.sender_id, "text": message.text, "gift": message.gift,
            "created_at": message.created_at, "flags": list(message.flags),
            "held": message.held}


def _queue_data(view: SafetyQueueView) -> dict[str, Any]:
    return {
        "held": [{"member": attrs.asdict(held.member), "decision_id": held.decision.id,
                  "held_since": held.decision.decided_at, "facts": held.decision.facts,
                  "ground": str(held.decision.ground), "notice_id": held.decision.notice_id,
                  "waiting": [_message(message) for message in held.waiting]}
                 for held in view.held],
        "flagged": [{"message": _message(item.message), "sender": attrs.asdict(item.sender),
                     "recipient": attrs.asdict(item.recipient) if item.recipient else None}
                    for item in view.flagged],
        "profiles": [{"member": attrs.asdict(item.member),
                      "texts": [{"field": text.field, "text": text.text,
                                 "reasons": list(text.reasons)} for text in item.texts]}
                     for item in view.profiles],
    }


def _who(person: Person | None) -> Text:
    if person is None:
        return Text("(gone)")
    return shown(f"#{person.id} {person.name} <{person.email}>")


@app.command("queue")
def queue(days: Annotated[int, typer.Option(min=1, max=90, help="Flagged messages of "
                                                               "this many days.")] = 7,
          as_json: Json = False) -> None:
    """Members the shield holds (with what waits and why), messages sent despite the
    nudge, and profile names and about texts saved despite it: release with `amora safety
    release ID`, ban with `amora members ban ID`, remove a text with `amora members
    remove-text ID --field about`, or clear a harmless text's flags with `amora safety
    clear-profile ID`.

    Examples:

      amora safety queue

      amora safety queue --days 30 --json
    """
    view = container().safety_queue().view(days)
    if as_json:
        print_json(_queue_data(view))
        return
    console.print(Text(f"Held members: {len(view.held)}", style="bold"))
    for held in view.held:
        line = Text("  ")
        line.append_text(_who(held.member))
        line.append(f"  held since {held.decision.decided_at:%Y-%m-%d %H:%M} UTC"
                    f"  ({held.decision.ground}, decision {held.decision.id})")
        console.print(line)
        console.print(Text("    ").append_text(shown(held.decision.facts, lines=True)))
        for message in held.waiting:
            console.print(Text(f"    waiting #{message.id}: ").append_text(
                shown(message.text or f"(gift {message.gift})", lines=True)))
    console.print(Text(f"Flagged messages, last {days} days: {len(view.flagged)}",
                       style="bold"))
    for item in view.flagged:
        line = Text(f"  #{item.message.id} {item.message.created_at:%Y-%m-%d %H:%M} ")
        line.append_text(_who(item.sender)).append(" -> ").append_text(_who(item.recipient))
        line.append(f"  [{', '.join(item.message.flags)}]", style="red")
        if item.message.held:
            line.append("  waiting", style="yellow")
        console.print(line)
        console.print(Text("    ").append_text(shown(item.message.text, lines=True)))
    console.print(Text(f"Flagged profile texts: {len(view.profiles)}", style="bold"))
    screening = container().screening() if view.profiles else None
    for profile in view.profiles:
        console.print(Text("  ").append_text(_who(profile.member)))
        for text in profile.texts:
            assert screening is not None
            line = Text(f"    {text.field} [{', '.join(text.reasons)}]: ", style="red")
            console.print(line.append_text(_marked(text.text, screening.check(text.text))))


@app.command("release")
def release(member_id: Id,
            note: Annotated[str, note_option("Why the hold ends (audit log).")],
            actor: Actor = "", as_json: Json = False) -> None:
    """End a member's hold: the shield's decision is lifted and every message that waited
    is delivered now (counted unread, notified).

    Example:

      amora safety release 42 --note "Her own bank details, for a gift shop" --actor alice
    """
    with fail_on_rule():
        released = container().shield_holds().release(member_id, note, operator(actor))
    say(as_json, {"id": member_id, "delivered": released.delivered},
        f"Member {member_id} released: {released.delivered} waiting messages delivered.",
        "green")


def _text_fields(values: list[str] | None) -> list[str]:
    for value in values or []:
        try:
            parse_field(value)
        except DomainError:
            raise typer.BadParameter(f"{value} is no screened text; say name or about") \
                from None
    return values or []


@app.command("clear-profile")
def clear_profile(member_id: Id,
                  note: Annotated[str, note_option("Why the texts are harmless (audit log).")],
                  field: Annotated[list[str] | None, typer.Option(
                      "--field", callback=_text_fields, show_default=False,
                      help="name or about (repeat for both); all flagged texts when left "
                           "out.")] = None,
                  actor: Actor = "", as_json: Json = False) -> None:
    """Clear the scam shield's flags on a member's name or about text judged harmless:
    visitors no longer see the warning. The text stays; a new text is screened afresh.
    A lure is removed instead, with `amora members remove-text` (a decision).

    Examples:

      amora safety clear-profile 42 --note "A job title, no contact details" --actor alice

      amora safety clear-profile 42 --field about --note "Quotes a song" --actor alice
    """
    with fail_on_rule():
        cleared = container().profile_flag_review().clear(
            member_id, [parse_field(value) for value in field or []], note,
            operator(actor))
    fields = [api_name(name) for name in cleared.fields]
    say(as_json, {"id": member_id, "cleared": fields},
        f"Member {member_id}: flags cleared on {', '.join(fields)}.", "green")
