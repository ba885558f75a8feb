"""A server worker imports its requests' modules ahead of them, a module per turn of its
loop, so a fresh worker's first search or message does not import them all at once on
the loop (issue 36.4)."""

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


# In a process of its own: gevent must patch the standard library first. The loop's turns
# are counted (tests/adapters/loop_ticker.py); each probe module notes the count when it
# is imported: the loop ran between the two. Then what is loaded is frozen.
UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import gc, json, sys
import gevent
from adapters.http.warm_up import import_ahead
from tests.adapters.loop_ticker import start_ticker

sys.path.insert(0, sys.argv[1])
frozen = gc.get_freeze_count()
ticker = start_ticker()
started = import_ahead(["warm_probe_a", "warm_probe_b"])
for _ in range(3000):
    if gc.get_freeze_count() > frozen:
        break
    gevent.sleep(0.01)
print(json.dumps({"started": started, "a": sys.modules["warm_probe_a"].TURN,
                  "b": sys.modules["warm_probe_b"].TURN,
                  "frozen": gc.get_freeze_count() > frozen}))
"""


def test_under_gevent_the_loop_runs_between_two_modules(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / f"warm_probe_{name}.py").write_text(
            "import __main__\nTURN = __main__.ticker.turns\n")
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT, str(tmp_path)], cwd=ROOT,
                          check=True, capture_output=True, text=True, timeout=120)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["started"] is True
    assert seen["b"] > seen["a"]
    assert seen["frozen"] is True


# A client and a server greenlet trade 200 messages over a socket pair while the warm-up
# waits to import: each probe module notes how many had been answered when it came in.
WHILE_SERVING = """
from gevent import monkey
monkey.patch_all()
import json, socket, sys
import gevent
from adapters.http.warm_up import import_ahead

sys.path.insert(0, sys.argv[1])
answered = 0
ours, theirs = socket.socketpair()

def echo():
    while data := theirs.recv(1):
        theirs.sendall(data)

gevent.spawn(echo)
import_ahead(["warm_probe_a", "warm_probe_b"])
for _ in range(200):
    ours.sendall(b"x")
    ours.recv(1)
    answered += 1
while "warm_probe_b" not in sys.modules:
    gevent.sleep(0.01)
print(json.dumps({"a": sys.modules["warm_probe_a"].ANSWERED,
                  "b": sys.modules["warm_probe_b"].ANSWERED}))
"""


def test_the_warm_up_imports_when_the_loop_has_nothing_else_to_do(tmp_path: Path) -> None:
    """A new worker's first requests are not held up by a module import at each of their
    switches (issue 36.5): the warm-up waits for an idle loop."""
    for name in ("a", "b"):
        (tmp_path / f"warm_probe_{name}.py").write_text(
            "import __main__\nANSWERED = __main__.answered\n")
    done = subprocess.run([sys.executable, "-c", WHILE_SERVING, str(tmp_path)], cwd=ROOT,
                          check=True, capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"a": 200, "b": 200}


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
