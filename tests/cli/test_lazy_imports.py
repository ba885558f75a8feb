"""`amora serve` starts fast: the command line and the web app load no library that only
some commands or deployments need (counted in sys.modules, not timed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ON_DEMAND = ("faker", "PIL", "reverse_geocoder", "boto3", "mollie", "pywebpush",
             "apscheduler", "dramatiq", "alembic", "zxcvbn", "schwifty", "stdnum")


def test_serving_loads_no_library_only_some_paths_need(tmp_path: Path) -> None:
    env = {"VAR_DIR": str(tmp_path), "SECRET_KEY": "test", "RATE_LIMITS": "off",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'amora.db'}"}
    script = (
        "import json, sys\n"
        "import cli.main\n"
        "from adapters.config import load_config\n"
        "from adapters.container import build_container\n"
        "from adapters.http.app import create_app\n"
        f"create_app(build_container(load_config({env!r})))\n"
        f"print(json.dumps([name for name in {ON_DEMAND!r} if name in sys.modules]))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert json.loads(loaded.stdout.strip().splitlines()[-1]) == []
