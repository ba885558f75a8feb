"""The container the CLI commands share, built on first use from the environment."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Annotated

import typer

from adapters.container import Container, build_container
from cli.failures import MAX_NUMBER, fail
from cli.messages import describe
from domain.errors import DomainError

# Ids as the database holds them: anything else is refused as a malformed command line.
Id = Annotated[int, typer.Argument(min=1, max=MAX_NUMBER)]


@cache
def container() -> Container:
    return build_container()


@contextmanager
def fail_on_rule() -> Iterator[None]:
    """A rule's refusal ends the command with a readable message and exit code 1."""
    try:
        yield
    except DomainError as error:
        fail(describe(error))
