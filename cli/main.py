"""`amora`: the operators' command line."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.text import Text

from adapters.config import Config, unsafe_in_production
from adapters.logs import configure_logging
from cli import (
    appeals,
    blocklist,
    companies,
    complaints,
    conversations,
    credits,
    decisions,
    demo,
    grounds,
    members,
    photos,
    safety,
    shop,
    sites,
    stats,
    today,
    transparency,
)
from cli.context import container, make_database, require_database
from cli.failures import OneLineErrors, fail
from cli.output import console, shown

app = typer.Typer(cls=OneLineErrors, help="Amora: run and operate the dating platform.",
                  no_args_is_help=True)
db = typer.Typer(help="The database schema.", no_args_is_help=True)
app.add_typer(db, name="db")
app.add_typer(demo.app, name="demo")
app.add_typer(companies.app, name="companies")
app.add_typer(sites.app, name="sites")
app.add_typer(members.app, name="members")
app.add_typer(photos.app, name="photos")
app.add_typer(credits.app, name="credits")
app.add_typer(shop.orders, name="orders")
app.add_typer(shop.discounts, name="discounts")
app.add_typer(shop.bundles, name="bundles")
app.add_typer(complaints.complaints, name="complaints")
app.add_typer(appeals.appeals, name="appeals")
app.add_typer(conversations.messages, name="messages")
app.add_typer(stats.stats, name="stats")
app.add_typer(grounds.app, name="grounds")
app.add_typer(decisions.app, name="decisions")
app.add_typer(transparency.app, name="transparency")
app.add_typer(safety.app, name="safety")
app.add_typer(blocklist.app, name="blocklist")
app.command("audit")(decisions.audit)
app.command("today")(today.today)


@contextmanager
def _revision_errors() -> Iterator[None]:
    from alembic.util import CommandError

    try:
        yield
    except CommandError as error:  # alembic: an unknown revision
        fail(str(error))


@db.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply the migrations (SQLite or PostgreSQL, from DATABASE_URL)."""
    with _revision_errors():  # the one command (with demo seed) that may create it
        make_database(revision)
    console.print("Database is up to date.", style="green")


@db.command("downgrade")
def db_downgrade(revision: str) -> None:
    """Roll the schema back to ``revision`` (e.g. base)."""
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
    with gevent workers); embedded, each process also runs the background jobs."""
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
                                             config.log_format)).run()


def _serving_app() -> Any:
    """One server process's app, built after the fork (nothing is shared across it)."""
    from adapters.container import build_container
    from adapters.http.app import create_app
    from adapters.http.server import first_on_this_box

    built = build_container()
    config = built.config()
    configure_logging(config.log_format)
    if config.worker_in_process:
        from adapters.jobs.scheduler import start_scheduler

        built.tasks().worker(threads=2).start()
        if first_on_this_box(config.var_dir, "scheduler"):
            start_scheduler(built.tasks())
    return create_app(built)


@app.command()
def scheduler() -> None:
    """Enqueue the periodic jobs (one per deployment, when workers run apart)."""
    from adapters.jobs.scheduler import PERIODIC, start_scheduler

    _refuse_unsafe_production(container().config())
    configure_logging(container().config().log_format)
    running = start_scheduler(container().tasks())
    console.print("Scheduler running: " + ", ".join(f"{n} every {m} min"
                                                    for n, m in PERIODIC.items()))
    _wait_for_stop()
    running.shutdown()


def _refuse_unsafe_production(config: Config) -> None:
    if reasons := unsafe_in_production(config):
        fail("refusing to start in production: " + "; ".join(reasons))


def _wait_for_stop() -> None:
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()


@app.command()
def worker(threads: Annotated[int, typer.Option(min=1, max=64)] = 4) -> None:
    """Run background jobs from the Redis broker until stopped (SIGINT/SIGTERM)."""
    _refuse_unsafe_production(container().config())
    configure_logging(container().config().log_format)
    running = container().tasks().worker(threads=threads)
    running.start()
    console.print(f"Worker running with {threads} threads.")
    _wait_for_stop()
    running.stop()


if __name__ == "__main__":
    app()
