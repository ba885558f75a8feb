"""Background jobs."""

from __future__ import annotations

from typing import Any, Protocol


class JobOutbox(Protocol):
    """Background jobs written in the unit of work: they run only if it commits, and
    they run (at least once) even if the process dies right after the commit."""

    def add(self, name: str, *args: Any) -> None: ...


class TaskQueue(Protocol):
    """Background work; ``name`` is a registered job, ``args`` plain JSON values."""

    def enqueue(self, name: str, *args: Any) -> None: ...
