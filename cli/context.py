"""The container the CLI commands share, built on first use from the environment."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import typer
from rich.console import Console

from adapters.container import Container, build_container
from cli.messages import describe
from domain.errors import DomainError


@cache
def container() -> Container:
    return build_container()


@contextmanager
def fail_on_rule() -> Iterator[None]:
    """A rule's refusal ends the command with a readable message and exit code 1."""
    try:
        yield
    except DomainError as error:
        Console(stderr=True).print(f"[red]{describe(error)}[/]")
        raise typer.Exit(1) from None
