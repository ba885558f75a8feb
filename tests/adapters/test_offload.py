"""Password hashes and image decoding leave the gevent loop free (issue 28.1): under
`amora serve` they run on native threads while the other greenlets go on."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from adapters import offload
from adapters.security.passwords import Argon2Passwords

ROOT = Path(__file__).resolve().parents[2]

# Run in a process of its own: gevent must patch the standard library before anything
# else imports it, which pytest's process is long past. The loop's turns are counted
# (tests/adapters/loop_ticker.py) while each piece of work runs on the main greenlet. On
# the loop the work never yields, so nothing else runs meanwhile (0 turns).
UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import io, json, os
from PIL import Image
from adapters.images.pillow import PillowImages
from adapters.offload import loop_would_block
from adapters.security.passwords import Argon2Passwords
from tests.adapters.loop_ticker import start_ticker

ticker = start_ticker()
passwords = Argon2Passwords.named("strong")
picture = io.BytesIO()
Image.frombytes("RGB", (1200, 1200), os.urandom(1200 * 1200 * 3)).save(picture, "PNG")
during = {}
for name, work in [("hash", lambda: passwords.hash("a long enough password")),
                   ("verify", lambda: passwords.verify(stored, "a wrong password")),
                   ("image", lambda: PillowImages().process(picture.getvalue()))]:
    if name == "verify":
        stored = result
    result, during[name] = ticker.during(work)
print(json.dumps({"patched": loop_would_block(), "turns": during}))
"""


def test_under_gevent_the_loop_runs_while_a_password_hashes_or_an_image_decodes() -> None:
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=120)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["patched"] is True
    assert all(turns > 0 for turns in seen["turns"].values()), seen


def test_without_gevent_the_work_runs_in_the_callers_thread() -> None:
    assert not offload.loop_would_block()  # pytest does not patch the standard library
    assert offload.offloaded(threading.get_ident) == threading.get_ident()
    assert offload._Pool.threads is None


def test_errors_come_back_as_raised() -> None:
    def fails() -> None:
        raise ValueError("boom")

    try:
        offload.offloaded(fails)
    except ValueError as error:
        assert str(error) == "boom"
    else:
        raise AssertionError("the error was lost")


def test_the_pool_fits_the_box() -> None:
    assert 2 <= offload.pool_size() <= offload.MOST_THREADS


def test_passwords_still_check_after_the_move() -> None:
    passwords = Argon2Passwords.named("cheap")
    stored = passwords.hash("a long enough password")
    assert passwords.verify(stored, "a long enough password")
    assert not passwords.verify(stored, "another password")
    assert not passwords.verify("not a hash", "a long enough password")
