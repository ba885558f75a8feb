"""`amora serve` starts fast: the command line and the web app load no library that only
some commands or deployments need (counted in sys.modules, not timed)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ON_DEMAND = ("faker", "PIL", "reverse_geocoder", "boto3", "mollie", "pywebpush",
             "apscheduler", "dramatiq", "alembic", "zxcvbn", "schwifty", "stdnum")
# Not before the app serves: Redis's client (only where REDIS_URL is set: outages.py) and
# YAML (the OpenAPI document, the warm-up's user-agent parser).
AFTER_START = ("redis", "yaml")


def _loaded(tmp_path: Path, building: str, names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` a fresh Python has loaded once it ran ``building`` (a statement
    on ``container``, built as a server builds it)."""
    env = {"VAR_DIR": str(tmp_path), "SECRET_KEY": "test", "RATE_LIMITS": "off",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'amora.db'}"}
    script = (
        "import json, sys\n"
        "import cli.main\n"
        "from adapters.config import load_config\n"
        "from adapters.container import build_container\n"
        f"container = build_container(load_config({env!r}))\n"
        f"{building}\n"
        f"print(json.dumps([name for name in {names!r} if name in sys.modules]))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    found: list[str] = json.loads(loaded.stdout.strip().splitlines()[-1])
    return found


def test_serving_loads_no_library_only_some_paths_need(tmp_path: Path) -> None:
    building = "from adapters.http.app import create_app; create_app(container)"
    assert _loaded(tmp_path, building, ON_DEMAND + AFTER_START) == []


HEAVY = ("sqlalchemy", "adapters.container", "dependency_injector", "phonenumbers",
         "schwifty", "imagehash", "PIL", "babel", "pycountry", "application", "psycopg",
         "alembic", "faker")


def test_amora_help_loads_no_heavy_library(tmp_path: Path) -> None:
    """`amora --help` lists every command from the help texts in cli.main: none of the
    command modules, SQLAlchemy, the container or the libraries behind them is imported
    (so it starts in a fraction of a second); a missing database is not even looked for."""
    script = (
        "import json, sys\n"
        "sys.argv = ['amora', '--help']\n"
        "from cli.main import app\n"
        "try:\n"
        "    app()\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = {HEAVY!r}\n"
        "print(json.dumps(sorted({name.split('.')[0] if name.split('.')[0] in heavy else name\n"
        "                         for name in sys.modules\n"
        "                         if name in heavy or name.split('.')[0] in heavy})))\n"
    )
    env = {"VAR_DIR": str(tmp_path / "var"), "PATH": "/usr/bin:/bin", "COLUMNS": "100"}
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, check=True, env=env)
    assert "complaints" in shown.stdout and "blocklist" in shown.stdout  # the listing
    assert json.loads(shown.stdout.strip().splitlines()[-1]) == []
    assert not (tmp_path / "var").exists()


def test_the_help_amora_lists_is_each_module_s_own() -> None:
    import typer

    from cli.main import LAZY, lazy_command

    for name, (_module, _attribute, listed) in LAZY.items():
        command = lazy_command(name)
        own = command.help or ""
        if isinstance(command, typer.core.TyperGroup):
            assert listed == own, name
        else:  # a command: its docstring starts as listed, or says more
            assert own.split(":")[0] == listed.split(":")[0], name


# What a read command may not load: libraries only writes, the web app, the worker or
# other commands need, and the use cases of other areas (issue 32.7: read commands start
# within 0.5 s because the container imports a use case, and a unit of work a
# repository, only when first used).
NOT_FOR_READING = ("sqlalchemy.orm", "alembic", "flask", "phonenumbers", "schwifty",
                   "email_validator", "faker", "boto3", "mollie", "pywebpush", "dramatiq",
                   "reverse_geocoder", "apscheduler", "zxcvbn", "imagehash",
                   # typer's TypeAdapters (cli.coercion reads plain values) and
                   # dependency_injector's integrations (adapters.injection): 0.2 s CPU
                   "pydantic", "pydantic_core", "pydantic_settings", "yaml", "dotenv",
                   "werkzeug")
ACCOUNTS = ("application.signup", "application.sign_in", "application.credentials",
            "application.account_closing")
SHOP = ("application.prices", "application.checkout", "application.settlement",
        "application.refunds")
OTHER_AREAS = {
    ("members", "list"): ("application.chat", *SHOP, "application.likes",
                          "application.discovery", "application.complaints", *ACCOUNTS),
    ("complaints", "list"): (*SHOP, "application.chat", "application.photos",
                             *ACCOUNTS),
    ("orders", "list"): ("application.chat", "application.photos", "application.complaints",
                         *ACCOUNTS),
    ("today",): ("application.chat", *SHOP, "application.photos", *ACCOUNTS),
    ("safety", "queue"): ("application.chat", *SHOP, "application.photos",
                          *ACCOUNTS),
    # An appeal's lifting undoes restrictions: the undoing is given to Appeals (issue 35.1).
    ("appeals", "list"): ("application.undoing", "application.photos", *SHOP,
                          "application.chat", *ACCOUNTS),
    ("photos", "pending"): ("application.chat", *SHOP, "application.blocklists",
                            "application.shield", *ACCOUNTS),
    ("sites", "list"): ("application.chat", *SHOP, "application.photos",
                        "application.complaints", *ACCOUNTS),
    ("audit",): ("application.chat", *SHOP, "application.photos", *ACCOUNTS),
    # a time option left out (--since) builds no reader for times
    ("discounts", "list"): ("application.chat", "application.photos", *ACCOUNTS),
}


@pytest.mark.parametrize("command", list(OTHER_AREAS), ids=" ".join)
def test_a_read_command_loads_only_what_it_reads(command: tuple[str, ...],
                                                  migrated_sqlite: Path,
                                                  tmp_path: Path) -> None:
    shutil.copyfile(migrated_sqlite, tmp_path / "amora.db")
    script = (
        "import json, sys\n"
        f"sys.argv = ['amora', *{list(command)!r}]\n"
        "from cli.main import app\n"
        "try:\n"
        "    app()\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {"VAR_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "COLUMNS": "100"}
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, check=True, env=env)
    loaded = set(json.loads(shown.stdout.strip().splitlines()[-1]))
    assert "adapters.sql.engine" in loaded  # it did read the database
    forbidden = [name for name in (*NOT_FOR_READING, *OTHER_AREAS[command])
                 if name in loaded]
    assert forbidden == []


def test_serving_reads_the_installed_packages_once() -> None:
    """`amora serve` patches the standard library with gevent, which looks its plugins up
    at each of its ~25 steps by reading every installed package's entry points: read once
    (adapters/green.py), as that was 0.35 s of CPU each time the server and its workers
    patched."""
    script = (
        "import sys\n"
        "from importlib import metadata\n"
        "readings = []\n"
        "every = metadata.distributions\n"
        "metadata.distributions = lambda **params: readings.append(params) or every(**params)\n"
        "sys.argv = ['amora', 'serve']\n"
        "import cli\n"
        "from gevent import monkey\n"
        "assert monkey.is_module_patched('socket')\n"
        "print(len(readings))\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, check=True)
    assert shown.stdout.strip().splitlines()[-1] == "1"


def test_leaving_does_not_walk_every_loaded_object() -> None:
    """The interpreter's last collections would walk every object of the modules a command
    loaded (a quarter of a read command's CPU): on leaving, cli.main freezes them."""
    script = (
        "import atexit, gc\n"
        "import cli.main\n"
        "import sqlalchemy\n"  # what a read command loads, for objects to freeze
        "atexit._run_exitfuncs()\n"
        "print(gc.get_freeze_count())\n"
    )
    frozen = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert int(frozen.stdout.strip().splitlines()[-1]) > 10_000


def test_a_notification_job_loads_neither_pdf_drawing_nor_web_push(tmp_path: Path) -> None:
    """Every embedded worker's first message notifies: building the notifier once loaded
    fpdf2 (0.3 s) and pywebpush's aiohttp (0.1 s) on the server's loop (issue 36.4). They
    come with the first receipt drawn and the first push sent."""
    assert _loaded(tmp_path, "container.notifier()", ("fpdf", "pywebpush", "aiohttp")) == []
