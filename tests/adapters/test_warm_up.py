"""A server worker imports its requests' modules ahead of them, on a native thread, so a
fresh worker's first search or message does not import on the loop (issue 36.4)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.http import warm_up
from tests.cli.test_lazy_imports import ON_DEMAND, _loaded

ROOT = Path(__file__).resolve().parents[2]


def test_ahead_come_the_requests_and_jobs_modules_and_no_library_only_some_paths_need(
        tmp_path: Path) -> None:
    building = ("from adapters.http.app import create_app; create_app(container)\n"
                "from adapters.http.warm_up import import_all, web_modules\n"
                "import_all(web_modules(jobs=True))")
    wanted = ("application.discovery", "application.chat", "application.sign_in",
              "adapters.sql.chats", "adapters.sql.likes", "adapters.screening.checks",
              "phonenumbers", "adapters.push.webpush")
    assert _loaded(tmp_path, building, ON_DEMAND) == []
    assert _loaded(tmp_path, building, wanted) == list(wanted)


# In a process of its own: gevent must patch the standard library first. The probe
# module notes the native thread that imports it; then the thread freezes what is loaded.
UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import gc, json, sys
import gevent
from gevent.monkey import get_original
from adapters.http.warm_up import import_ahead

sys.path.insert(0, sys.argv[1])
frozen = gc.get_freeze_count()
started = import_ahead(["warm_probe"])
for _ in range(3000):
    if getattr(sys.modules.get("warm_probe"), "IMPORTED_ON", None):
        break
    gevent.sleep(0.01)
for _ in range(3000):  # then it freezes what is loaded (the probe's module among it)
    if gc.get_freeze_count() > frozen:
        break
    gevent.sleep(0.01)
print(json.dumps({"started": started, "loop": get_original("_thread", "get_ident")(),
                  "import": sys.modules["warm_probe"].IMPORTED_ON,
                  "frozen": gc.get_freeze_count() > frozen}))
"""


def test_under_gevent_the_imports_run_on_a_native_thread(tmp_path: Path) -> None:
    (tmp_path / "warm_probe.py").write_text(
        "from gevent.monkey import get_original\n"
        "IMPORTED_ON = get_original('_thread', 'get_ident')()\n")
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT, str(tmp_path)], cwd=ROOT,
                          check=True, capture_output=True, text=True, timeout=120)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["started"] is True
    assert seen["import"] != seen["loop"]
    assert seen["frozen"] is True


def test_outside_a_gevent_loop_nothing_is_started() -> None:
    assert warm_up.import_ahead(["json"]) is False


def test_a_module_that_fails_is_logged_and_the_others_are_imported(
        caplog: pytest.LogCaptureFixture) -> None:
    sys.modules.pop("colorsys", None)
    with caplog.at_level(logging.WARNING, logger="adapters.http.warm_up"):
        warm_up.import_all(["amora_no_such_module", "colorsys"])
    assert "colorsys" in sys.modules
    assert "amora_no_such_module" in caplog.text


def test_the_jobs_modules_come_ahead_only_where_the_process_runs_jobs() -> None:
    assert "adapters.push.webpush" not in warm_up.web_modules()
    assert "adapters.push.webpush" in warm_up.web_modules(jobs=True)
