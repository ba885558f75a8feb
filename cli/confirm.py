"""Asking before a change that cannot be taken back (issue 32.4: a refund).

On a terminal the command shows what it will do and asks; nothing but a yes goes on.
When standard input is not a terminal (a script, a pipe, cron) nobody can answer, so the
command refuses unless ``--yes`` says the answer beforehand: a script that forgot it
changes nothing instead of waiting for an answer that never comes or reading one from a
pipe meant for something else.

``is_terminal`` is the one place that asks, so that tests can stand in a terminal.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from cli.failures import fail

Yes = Annotated[bool, typer.Option(
    "--yes", "-y", help="Do it without asking (required when standard input is not a "
                        "terminal).")]
DryRun = Annotated[bool, typer.Option(
    "--dry-run", help="Show what would happen and change nothing.")]


def is_terminal() -> bool:
    """Whether a person can answer: standard input is a terminal."""
    return sys.stdin.isatty()


def refuse_unless_asked(yes: bool, what: str) -> None:
    """Before anything is shown or changed: without --yes, only on a terminal."""
    if not yes and not is_terminal():
        fail(f"standard input is not a terminal, so nobody can confirm {what}: nothing "
             "changed (add --yes to go ahead without asking, --dry-run to see the plan)", 2)


def confirm(question: str, yes: bool, *, err: bool = False) -> None:
    """Ask on the terminal (unless --yes); anything but yes ends the command with
    nothing changed."""
    if yes:
        return
    if not typer.confirm(question, default=False, err=err):
        fail("not confirmed: nothing changed")
