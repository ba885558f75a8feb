"""What operators type, checked where it comes in with the rules members' own input meets.

Every argument of every command is refused whole when it holds a control or formatting
character other than a line feed (failures.OneLineErrors: ESC, NUL, bidi overrides,
zero-width characters). The options here add what a field needs beyond that: one line
(an actor, an idempotency key, a name) and a length that fits where it is stored, so
nothing is cut off silently or refused by the database afterwards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from cli.failures import MAX_NUMBER
from domain.credits import MAX_KEY_LENGTH
from domain.decisions import FACTS_MAX, LEGAL_PROVISIONS, TERMS_CLAUSES, Ground
from domain.errors import DomainError
from domain.texts import has_control_characters, has_control_characters_in_lines, normalise_lines

ACTOR_LONGEST = 100  # audit_log.actor
REASON_LONGEST = 500  # members.ban_reason, credit_ledger.reason
NOTE_LONGEST = 5000  # a complaint's resolution, an appeal's decision: as long as a complaint
NAME_LONGEST = 100  # a site's brand name (domain.site_settings.LONGEST)


def checked(longest: int, *, lines: bool = False) -> Callable[[Any], Any]:
    """A typer callback refusing texts longer than ``longest`` and, unless ``lines``,
    any line break (control characters are refused for every argument already)."""

    def check(value: Any) -> Any:
        for text in value if isinstance(value, list | tuple) else (value,):
            if text is None:
                continue
            if (has_control_characters_in_lines(normalise_lines(text)) if lines
                    else has_control_characters(text)):
                raise typer.BadParameter("one line without control characters, please"
                                         if not lines else "no control characters, please")
            if len(text) > longest:
                raise typer.BadParameter(f"at most {longest} characters, please")
        if lines and isinstance(value, str):
            return normalise_lines(value)  # line ends as members' texts have them
        return value

    return check


Actor = Annotated[str, typer.Option(help="Who acts (audit log, decisions); else AMORA_OPERATOR; "
                                    "your login only outside production.",
                                    callback=checked(ACTOR_LONGEST))]
Key = Annotated[str | None, typer.Option(
    help="Idempotency key: running the same command with the same key books it once.",
    callback=checked(MAX_KEY_LENGTH))]


def reason(help_text: str | None = None) -> Any:
    """A `--reason` option: a few lines at most, kept with the change."""
    return typer.Option("--reason", help=help_text, callback=checked(REASON_LONGEST,
                                                                      lines=True))


def note(help_text: str) -> Any:
    """A `--note` option: what was done or decided, kept with the case."""
    return typer.Option(help=help_text, callback=checked(NOTE_LONGEST, lines=True))


# Every restriction is a decision the member is told of (issue 30.1): the operator names
# its ground, may word the facts apart from the audit log's reason, and may name the
# notice (complaint) that led to it.
GROUNDS = (*(f"terms:{code}" for code in TERMS_CLAUSES),
           *(f"law:{code}" for code in LEGAL_PROVISIONS))


class _NoGround(typer.BadParameter):
    def format_message(self) -> str:
        return f"Missing option '--ground': {self.message}"


def _ground(value: str) -> str:
    """Required, with the valid codes in the one line that says it is missing or wrong:
    the Digital Services Act asks every restriction for its ground, so none is assumed."""
    valid = f"one of {', '.join(GROUNDS)} ('amora grounds list' shows their words)"
    if not value.strip():
        raise _NoGround(f"name the ground of the decision, {valid}")
    try:
        return str(Ground.parse(value))
    except DomainError:
        raise typer.BadParameter(f"{value} is no ground; {valid}") from None


def _facts(value: str | None) -> str | None:
    value = checked(FACTS_MAX, lines=True)(value)
    if value is not None and not value.strip():
        raise typer.BadParameter("say what happened, please")
    return value


GroundOption = Annotated[str, typer.Option(
    "--ground", callback=_ground, show_default=False,
    help="The decision's ground: a clause of the terms (terms:spam) or a legal provision "
         "(law:fraud); 'amora grounds list' shows them all. Required.")]
Facts = Annotated[str | None, typer.Option(
    "--facts", callback=_facts, show_default=False,
    help="The facts as the member reads them in the decision (default: the reason).")]
# A removal (issue 30.4) has no reason apart from the decision: its facts are required.
RequiredFacts = Annotated[str, typer.Option(
    "--facts", callback=_facts, show_default=False,
    help="The facts as the member reads them in the decision. Required.")]
Notice = Annotated[int | None, typer.Option(
    "--notice", min=1, max=MAX_NUMBER, show_default=False,
    help="The complaint (notice) that led to it, if one did.")]
