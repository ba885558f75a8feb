"""Notifications in the browser: a preference turned off means no such mail; push
permission granted in Chromium brings a notification for a new message.

Headless Chromium has no push service of its own (Google's is not reachable here), so
the page's PushManager hands out a subscription whose endpoint is a local push service
run by this test, with keys the test holds. The server encrypts the push for it; the
test decrypts it (http_ece) and hands it to the service worker through the DevTools
protocol, which is how Chromium delivers a push to a worker.
"""

from __future__ import annotations

import base64
import contextlib
import email
import email.policy
import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from tests.e2e.conftest import DESKTOP, PHONE, new_context, screenshot
from tests.e2e.test_chat import join
from tests.e2e.waiting import wait_until
from tests.mails import read_mail

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """A local push service: decrypts what the server sends to the subscriber."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.received: list[dict[str, Any]] = []
        self.server = make_server("127.0.0.1", 0, self._serve, threaded=True)
        self.endpoint = f"http://127.0.0.1:{self.server.server_port}/push/subscriber-1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _serve(self, environ: WSGIEnvironment,
               start_response: StartResponse) -> Iterable[bytes]:
        body = http_ece.decrypt(Request(environ).get_data(), private_key=self.key,
                                auth_secret=self.auth, version="aes128gcm")
        self.received.append(json.loads(body))
        return Response(status=201)(environ, start_response)

    @property
    def p256dh(self) -> str:
        return b64url(self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.server.shutdown()


FAKE_PUSH_MANAGER = """
([endpoint, p256dh, auth]) => {
  let current = null;
  const make = () => ({
    endpoint, expirationTime: null, options: {applicationServerKey: null},
    toJSON: () => ({endpoint, expirationTime: null, keys: {p256dh, auth}}),
    unsubscribe: async () => { current = null; return true; },
  });
  PushManager.prototype.subscribe = async function () { current = make(); return current; };
  PushManager.prototype.getSubscription = async function () { return current; };
}
"""


def mails_to(live_var: Path, address: str) -> list[email.message.EmailMessage]:
    found = [read_mail(p) for p in (live_var / "mail").glob("*.eml")]
    return [m for m in found if m["To"] == address]


def api(page: Page, method: str, path: str, body: object = None) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        """([method, path, body]) => fetch(path, {method, headers: {'Content-Type':
             'application/json', 'X-Client': 'web'}, body: body === null ? undefined :
             JSON.stringify(body)}).then(async r => ({status: r.status,
             body: r.status === 204 ? null : await r.json()}))""", [method, path, body])
    return answer


def jobs_waiting(live_var: Path) -> set[int]:
    """The live server's jobs not run yet: its runners delete a job once it ran."""
    with contextlib.closing(sqlite3.connect(live_var / "amora.db")) as database:
        return {id for (id,) in database.execute(
            "SELECT id FROM outbox WHERE failed_at IS NULL")}


def email_of(page: Page) -> str:
    return str(api(page, "GET", "/api/user")["body"]["user"]["email"])


def test_a_preference_turned_off_means_no_such_mail(browser: Browser, live_server: str,
                                                    live_var: Path) -> None:
    ann, ann_id = join(browser, live_server, live_var, "Annick", True, DESKTOP)
    bob, _ = join(browser, live_server, live_var, "Bram", False, DESKTOP)
    address = email_of(ann)
    ann.goto(f"{live_server}/notifications")
    like = ann.get_by_test_id("pref-like")
    expect(like).to_be_checked()
    screenshot(ann, "notifications-en-1280")
    like.click()
    expect(like).not_to_be_checked()
    expect(ann.get_by_test_id("pref-status-like")).to_be_visible()
    ann.reload()
    expect(ann.get_by_test_id("pref-like")).not_to_be_checked()  # stored

    before = jobs_waiting(live_var)
    assert api(bob, "POST", f"/api/members/{ann_id}/like")["status"] == 200
    likes_jobs = jobs_waiting(live_var) - before  # written with the like (or run already)
    # A control the other way: new conversations are still on, so that mail comes.
    sent = api(bob, "POST", f"/api/members/{ann_id}/messages", {"text": "Hallo Annick!"})
    assert sent["status"] == 201, sent

    def subjects() -> list[str]:
        return [str(m["Subject"]) for m in mails_to(live_var, address)]

    wait_until(lambda: any("Bram" in s and "message" in s for s in subjects()) or None,
               "the message mail")
    wait_until(lambda: not likes_jobs & jobs_waiting(live_var) or None, "the like's jobs")
    assert not any("likes you" in s for s in subjects())

    phone = new_context(browser, PHONE, storage_state=ann.context.storage_state())
    small = phone.new_page()
    small.goto(f"{live_server}/notifications")
    expect(small.get_by_test_id("pref-like")).not_to_be_checked()
    screenshot(small, "notifications-en-375")
    phone.close()
    ann.context.close()
    bob.context.close()


def test_push_permission_brings_a_notification_for_a_new_message(
        browser: Browser, live_server: str, live_var: Path, push_service: PushService) -> None:
    ann, ann_id = join(browser, live_server, live_var, "Petra", True, DESKTOP)
    ann.context.grant_permissions(["notifications"], origin=live_server)
    keys = [push_service.endpoint, push_service.p256dh, b64url(push_service.auth)]
    ann.context.add_init_script(f"({FAKE_PUSH_MANAGER})({json.dumps(keys)})")
    ann.goto(f"{live_server}/notifications")
    state = ann.get_by_test_id("push-state")
    expect(state).to_have_attribute("data-state", "unsubscribed")
    ann.get_by_test_id("push-subscribe").click()
    expect(state).to_have_attribute("data-state", "subscribed")
    screenshot(ann, "notifications-push-on-en-1280")

    bob, _ = join(browser, live_server, live_var, "Pieter", False, DESKTOP)
    assert api(bob, "POST", f"/api/members/{ann_id}/messages",
               {"text": "Zin in koffie?"})["status"] == 201
    payload = wait_until(lambda: next(iter(push_service.received), None),
                         "a push at the push service")
    assert payload["kind"] == "new_conversation" and payload["title"] == "Pieter"
    assert re.fullmatch(r"/chats/\d+", payload["url"])

    # Deliver it to Ann's service worker the way Chromium's push service would.
    cdp = ann.context.new_cdp_session(ann)
    registrations: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(r["registrationId"] for r in event["registrations"]
                                              if r["scopeURL"].startswith(live_server)))
    cdp.send("ServiceWorker.enable")

    def registered() -> list[str] | None:
        # A call into the page lets Playwright hand over the CDP events that came meanwhile.
        ann.evaluate("navigator.serviceWorker.ready.then(() => true)")
        return registrations or None

    wait_until(registered, "the service worker's registration", 10)
    delivered: list[float] = []

    def notifications() -> list[list[str]] | None:
        # Like a push service, deliver again what the browser has not shown after 5 s: on a
        # loaded machine Chromium may drop a delivery while it still starts the worker. The
        # tag makes a second delivery replace the first notification, not add one.
        if not delivered or time.monotonic() - delivered[-1] > 5:
            cdp.send("ServiceWorker.deliverPushMessage", {
                "origin": live_server, "registrationId": registrations[0],
                "data": json.dumps(payload)})
            delivered.append(time.monotonic())
        shown: list[list[str]] | None = ann.evaluate("""() => navigator.serviceWorker.ready
            .then(r => r.getNotifications())
            .then(list => list.length ? list.map(n => [n.title, n.body, n.data.url]) : null)""")
        return shown

    shown = wait_until(notifications, "the service worker's notification", 30)
    assert len(shown) == 1, shown
    assert shown[0][0] == "Pieter" and shown[0][2] == payload["url"]
    ann.context.close()
    bob.context.close()
