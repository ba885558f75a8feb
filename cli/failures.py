"""One way for every `amora` command to fail: a single `Error: ...` line on stderr and a
non-zero exit code (2 for a malformed command line, 1 for a refused value or rule), never a
traceback. Real bugs still show theirs. The line often quotes what was typed or stored: its
control characters are written out, as everywhere the commands print."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from decimal import InvalidOperation
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from adapters.config import ConfigError
from cli.messages import describe
from cli.output import visible
from domain.errors import DomainError
from domain.texts import has_control_characters_in_lines, normalise_lines

MAX_NUMBER = 2**31 - 1  # the database's integer: ids, amounts and cents stay below it


def fail(message: str, exit_code: int = 1) -> NoReturn:
    """End the command with one line on stderr."""
    typer.secho(f"Error: {visible(' '.join(message.split()))}", err=True, fg="red")
    raise SystemExit(exit_code)


class OneLineErrors(TyperGroup):
    """The root command: catches what a command refuses, wherever it is raised."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        _refuse_control_characters(sys.argv[1:] if args is None else args)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except typer.TyperException as error:  # click's usage errors and BadParameter
            context = getattr(error, "ctx", None)
            if type(error).__name__ == "NoArgsIsHelpError":  # help is what was asked for
                if help_text := error.format_message():
                    typer.echo(help_text, err=True)
                raise SystemExit(error.exit_code) from None
            hint = f" (see '{context.command_path} --help')" if context is not None else ""
            fail(error.format_message() + hint, error.exit_code)
        except typer.Abort:
            fail("aborted")
        except DomainError as error:
            fail(describe(error))
        except InvalidOperation:
            fail("not a number")
        except (ConfigError, ValueError, ArithmeticError) as error:
            # decimal.InvalidOperation and OverflowError are ArithmeticErrors
            fail(str(error) or type(error).__name__)
        except Exception as error:
            if _refused_by_database(error):  # a safety net: the commands bound their numbers
                fail("the database refused a value: "
                     f"{str(getattr(error, 'orig', error)).splitlines()[0]}")
            raise
        raise SystemExit(code if isinstance(code, int) else 0)


def _refused_by_database(error: Exception) -> bool:
    """SQLAlchemy's DataError, without importing SQLAlchemy for the commands that never
    load it (it is loaded whenever it could have raised one)."""
    exc = sys.modules.get("sqlalchemy.exc")
    return exc is not None and isinstance(error, exc.DataError)


def _refuse_control_characters(args: Sequence[str]) -> None:
    """No argument of any command may carry a control or formatting character but a line
    feed (notes may have several lines): the members' rule for their texts, so that
    nothing an operator pastes can hide in stored data or drive a terminal later."""
    for arg in args:
        if has_control_characters_in_lines(normalise_lines(arg)):
            fail(f"control characters are not accepted: {arg}", 2)
