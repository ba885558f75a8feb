"""Which push endpoints the worker may POST to (issue 15: SSRF through web push)."""

from __future__ import annotations

import pytest

from domain.notifications import PUSH_HOSTS, PushPolicy, push_endpoint_allowed

BROWSERS = [
    "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH",
    "https://fcm.googleapis.com/wp/dQw4w9WgXcQ",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://web.push.apple.com/QGuQyavXutnMH3Qmm2Ge",
    "https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB",
    "https://FCM.googleapis.com:443/fcm/send/x",
]

REFUSED = [
    "http://fcm.googleapis.com/fcm/send/x",  # not https
    "https://fcm.googleapis.com:8443/fcm/send/x",  # not the default port
    "https://user:pw@fcm.googleapis.com/fcm/send/x",  # userinfo
    "https://fcm.googleapis.com@169.254.169.254/latest/meta-data",
    "https://169.254.169.254/latest/meta-data/",  # cloud metadata
    "https://10.0.0.5/push",
    "https://[::1]/push",
    "https://[fd00::1]/push",
    "https://2130706433/push",  # 127.0.0.1 as one number
    "https://0x7f.1/push",
    "https://127.1/push",
    "http://127.0.0.1:8000/push",
    "https://localhost/push",
    "https://evil.test/push",
    "https://fcm.googleapis.com.evil.test/push",
    "https://evilfcm.googleapis.com/push",  # not a subdomain of an exact host
    "https://push.apple.com/x",  # the wildcard covers subdomains only
    "https://evilpush.apple.com/x",
    "https://fcm.googleapis.com./fcm/send/x",
    "https://fcm.googleapis.com\\@evil.test/x",
    "https://fcm.googleapis.com/fcm/send/x\r\nHost: evil.test",
    "https://fcm.googleapis.com:99999/x",
    "https://fcm.googleapis.cöm/x",
    "file:///etc/passwd",
    "gopher://fcm.googleapis.com/x",
    "//fcm.googleapis.com/x",
    "fcm.googleapis.com/x",
    "",
]


@pytest.mark.parametrize("endpoint", BROWSERS)
def test_the_push_services_of_browsers_are_allowed(endpoint: str) -> None:
    assert push_endpoint_allowed(endpoint, PUSH_HOSTS)
    assert PushPolicy().allows(endpoint)


@pytest.mark.parametrize("endpoint", REFUSED)
def test_anything_else_is_refused(endpoint: str) -> None:
    assert not push_endpoint_allowed(endpoint, PUSH_HOSTS)
    assert not PushPolicy().allows(endpoint)


def test_loopback_only_when_asked() -> None:
    local = ["http://127.0.0.1:8123/push/1", "https://localhost:9000/x", "http://[::1]:81/x"]
    for endpoint in local:
        assert not push_endpoint_allowed(endpoint, PUSH_HOSTS)
        assert push_endpoint_allowed(endpoint, PUSH_HOSTS, loopback=True)
    assert not push_endpoint_allowed("http://127.0.0.2:80/x", PUSH_HOSTS, loopback=True)
    assert not push_endpoint_allowed("http://u@127.0.0.1:80/x", PUSH_HOSTS, loopback=True)


def test_the_hosts_are_configurable() -> None:
    assert push_endpoint_allowed("https://push.example.org/x", ["push.example.org"])
    assert not push_endpoint_allowed("https://fcm.googleapis.com/x", ["push.example.org"])
    assert push_endpoint_allowed("https://a.b.push.example.org/x", [" *.Push.Example.org "])
    assert not push_endpoint_allowed("https://push.example.org/x", [])
