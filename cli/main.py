"""`amora`: the operators' command line."""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text
from typer import _click as click  # typer carries its own click: its types are these

from cli.coercion import read_plain_values_here
from cli.context import container, make_database, require_database
from cli.failures import OneLineErrors, fail
from cli.output import console, shown

if TYPE_CHECKING:
    from adapters.config import Config

read_plain_values_here()  # typer's pydantic only for the values that need it

# On leaving, the interpreter's last collections walk every object of the ~500 modules a
# command loaded: 0.15 s CPU, a quarter of a read command (issue 32.7). The objects are
# frozen out of their sight then; files, connections and exit handlers close as before.
atexit.register(gc.freeze)

# The commands of each module, loaded when one of them runs or shows its help: `amora
# --help` and every command import only what they use (the application, SQLAlchemy and
# the container come with the first command that needs them). name: (module, attribute
# (a Typer app, or a command function), the help `amora --help` lists;
# tests/cli/test_lazy_imports.py holds them equal to the modules' own).
LAZY: dict[str, tuple[str, str, str]] = {
    "audit": ("cli.decisions", "audit", "The audit log, newest first: who changed what, "
              "when and why (times in UTC)."),
    "today": ("cli.today", "today", "Today at a glance: sign-ups, payments, queues, jobs "
              "and errors, per site."),
    "demo": ("cli.demo", "app", "Demo data."),
    "companies": ("cli.companies", "app", "Operating companies: add, list, show and change."),
    "sites": ("cli.sites", "app", "Sites served by this deployment."),
    "members": ("cli.members", "app", "Members: look up, ban and unban."),
    "photos": ("cli.photos", "app", "Photo review."),
    "credits": ("cli.credits", "app", "Credits: grant, revoke and read a member's ledger."),
    "orders": ("cli.shop", "orders", "Orders: list, show and refund."),
    "discounts": ("cli.shop", "discounts", "Discount codes: create, list, show and disable."),
    "bundles": ("cli.shop", "bundles", "Credit bundles per site and currency."),
    "complaints": ("cli.complaints", "complaints", "Complaints: list, show and resolve."),
    "appeals": ("cli.appeals", "appeals", "Appeals against decisions: list, show and decide."),
    "messages": ("cli.conversations", "messages", "Messages between members: remove one."),
    "stats": ("cli.stats", "stats", "Figures: revenue, signups, members and lander bounces."),
    "tax": ("cli.tax", "app", "VAT: the figures of a quarter for the returns (OSS, VOEC)."),
    "grounds": ("cli.grounds", "app", "Grounds of decisions: clauses of the terms and legal "
                "provisions."),
    "decisions": ("cli.decisions", "app", "Decisions (statements of reasons): list and show."),
    "transparency": ("cli.transparency", "app", "Transparency: the DSA report and statements "
                     "of reasons."),
    "safety": ("cli.safety", "app", "The scam shield: how screening reads a text, who it "
               "holds, release."),
    "blocklist": ("cli.blocklist", "app", "Block lists: e-mail addresses, domains, networks, "
                  "devices and photos of banned members; a signup or photo matching one is "
                  "held for review."),
}


def lazy_command(name: str) -> click.Command:
    """The click command ``name`` of :data:`LAZY`, its module imported now."""
    module, attribute, _ = LAZY[name]
    found = getattr(importlib.import_module(module), attribute)
    command: click.Command
    if isinstance(found, typer.Typer):  # a group, even of one command (demo seed)
        command = typer.main.get_group(found)
    else:  # a command function: a Typer of one command is that command
        single = typer.Typer()
        single.command(name)(found)
        command = typer.main.get_command(single)
    command.name = name
    return command


class Amora(OneLineErrors):
    """The root command: the modules' commands loaded on first use (:data:`LAZY`); its
    own help lists them from their help texts, importing none."""

    listing = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*LAZY, *super().list_commands(ctx)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in LAZY:
            return super().get_command(ctx, cmd_name)
        if self.listing:  # a line of `amora --help`: the help text is all it needs
            return typer.core.TyperCommand(cmd_name, help=LAZY[cmd_name][2])
        return lazy_command(cmd_name)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


app = typer.Typer(cls=Amora, help="Amora: run and operate the dating platform.",
                  no_args_is_help=True)
db = typer.Typer(help="The database schema.", no_args_is_help=True)
app.add_typer(db, name="db")


@contextmanager
def _revision_errors() -> Iterator[None]:
    from alembic.util import CommandError

    try:
        yield
    except CommandError as error:  # alembic: an unknown revision
        fail(str(error))


@db.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply the migrations (SQLite or PostgreSQL, from DATABASE_URL).

    Examples:

      amora db upgrade

      DATABASE_URL=postgresql://amora@db/amora amora db upgrade
    """
    with _revision_errors():  # the one command (with demo seed) that may create it
        make_database(revision)
    console.print("Database is up to date.", style="green")


@db.command("downgrade")
def db_downgrade(revision: str) -> None:
    """Roll the schema back to ``revision`` (e.g. base).

    Example:

      amora db downgrade base
    """
    from adapters.sql import migrate

    with _revision_errors():
        migrate.downgrade(container().config().database_url, revision)
    console.print(f"Database at {revision}.", style="yellow")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Defaults to HOST or 127.0.0.1")] = None,
    port: Annotated[int | None, typer.Option(min=1, max=65535, help="Defaults to PORT or 8000")]
    = None,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Server processes")] = 1,
    access_log: Annotated[bool, typer.Option(help="Log every request to stdout")] = True,
) -> None:
    """Serve the web app, the API and live sockets on the production server (gunicorn
    with gevent workers); embedded, each process also runs the background jobs.

    Examples:

      amora serve --port 8000 --workers 4

      amora serve --host 0.0.0.0 --no-access-log
    """
    from adapters.config import load_config
    from adapters.http.server import KEEPALIVE_SECONDS, AmoraServer, server_options
    from adapters.metrics import use_process_files

    require_database()  # before the config: it would make a secret key
    config = load_config()  # the container itself is built in each server process
    _refuse_unsafe_production(config)
    bind = f"{host or config.host}:{port or config.port}"
    console.print(Text.assemble("Amora on ", shown(f"http://{bind}", style="bold"),
                                f" with {workers} process(es)"))
    header_timeout = int(os.environ.get("SERVER_HEADER_TIMEOUT", KEEPALIVE_SECONDS))
    use_process_files(config.var_dir)  # /metrics sums all server processes
    AmoraServer(_serving_app, server_options(bind, workers, access_log, header_timeout,
                                             config.log_format,
                                             config.worker_connections)).run()


def _serving_app() -> Any:
    """One server process's app, built after the fork (nothing is shared across it)."""
    from adapters.container import build_container
    from adapters.http.app import create_app
    from adapters.http.warm_up import AFTER_WARM_UP
    from adapters.logs import configure_logging

    built = build_container()
    config = built.config()
    configure_logging(config.log_format)
    app = create_app(built)
    if config.worker_in_process:  # once requests are served (the server's warm-up)
        app.extensions[AFTER_WARM_UP] = lambda: _start_jobs(built)
    return app


def _start_jobs(built: Any) -> None:
    """The embedded worker, and the scheduler in the box's first server process."""
    from adapters.http.server import first_on_this_box
    from adapters.jobs.scheduler import start_scheduler

    built.tasks().worker(threads=2).start()
    if first_on_this_box(built.config().var_dir, "scheduler"):
        start_scheduler(built.tasks())


@app.command()
def scheduler() -> None:
    """Enqueue the periodic jobs (one per deployment, when workers run apart).

    Example:

      REDIS_URL=redis://127.0.0.1:6379/0 amora scheduler
    """
    from adapters.jobs.scheduler import PERIODIC, start_scheduler
    from adapters.logs import configure_logging

    _refuse_unsafe_production(container().config())
    configure_logging(container().config().log_format)
    running = start_scheduler(container().tasks())
    console.print("Scheduler running: " + ", ".join(f"{n} every {m} min"
                                                    for n, m in PERIODIC.items()))
    _wait_for_stop()
    running.shutdown()


def _refuse_unsafe_production(config: Config) -> None:
    from adapters.config import unsafe_in_production

    if reasons := unsafe_in_production(config):
        fail("refusing to start in production: " + "; ".join(reasons))


def _wait_for_stop() -> None:
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()


@app.command()
def worker(threads: Annotated[int, typer.Option(min=1, max=64)] = 4) -> None:
    """Run background jobs from the Redis broker until stopped (SIGINT/SIGTERM).

    Example:

      REDIS_URL=redis://127.0.0.1:6379/0 amora worker --threads 8
    """
    from adapters.logs import configure_logging

    _refuse_unsafe_production(container().config())
    configure_logging(container().config().log_format)
    running = container().tasks().worker(threads=threads)
    running.start()
    console.print(f"Worker running with {threads} threads.")
    _wait_for_stop()
    running.stop()


if __name__ == "__main__":
    app()
