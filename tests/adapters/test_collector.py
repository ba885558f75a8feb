"""A server worker freezes what survived its first full collections (issue 36.4); the
collector waits while `amora serve` starts (issue 36.5)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.http.collector import (
    Settling,
    hold_while_starting,
    server_ready,
    settle_as_it_serves,
    worker_forked,
)
from adapters.http.server import server_options


def test_survivors_of_the_chosen_full_passes_are_frozen() -> None:
    frozen: list[int] = []
    settling = Settling(freeze=lambda: frozen.append(settling.full_passes), after=(1, 2, 4))
    for _ in range(5):
        settling("start", {"generation": 2})
        settling("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
    assert frozen == [1, 2, 4]


def test_younger_passes_neither_count_nor_freeze() -> None:
    frozen: list[str] = []
    settling = Settling(freeze=lambda: frozen.append("frozen"), after=(1,))
    for generation in (0, 1, 0, 1):
        settling("start", {"generation": generation})
        settling("stop", {"generation": generation, "collected": 3, "uncollectable": 0})
    assert (settling.full_passes, frozen) == (0, [])


def test_the_collector_waits_while_a_server_starts_and_comes_back_once_loaded() -> None:
    """`amora serve` holds the collector while it imports (cli/__init__.py); the arbiter
    takes it back before it forks (when_ready), a new worker holds it again (post_fork)
    until its app is loaded (settle_as_it_serves)."""
    callbacks = list(gc.callbacks)
    try:
        hold_while_starting()
        assert not gc.isenabled()
        server_ready()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        worker_forked()
        assert not gc.isenabled()
        settle_as_it_serves()
        assert gc.isenabled()
        assert any(isinstance(callback, Settling) for callback in gc.callbacks)
    finally:
        gc.callbacks[:] = callbacks
        gc.unfreeze()
        gc.enable()


def test_gunicorn_calls_the_collectors_hooks() -> None:
    options = server_options("127.0.0.1:0", 1)
    assert (options["when_ready"], options["post_fork"]) == (server_ready, worker_forked)


@pytest.mark.parametrize(("command", "collecting"), [("serve", False), ("db", True)])
def test_only_the_server_holds_the_collector_while_it_starts(command: str,
                                                             collecting: bool) -> None:
    script = (f"import sys; sys.argv = ['amora', {command!r}]\n"
              "import cli, gc; print(gc.isenabled())")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parents[2])
    assert shown.stdout.strip() == str(collecting)
