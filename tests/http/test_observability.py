"""Observability (issue 16.4): /metrics in Prometheus format for loopback or METRICS_TOKEN
only, request ids in the response and in JSON logs, /api/ready per dependency, and one
/metrics for all processes of `amora serve --workers 2`."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from flask import Flask
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from adapters import metrics
from adapters.container import Container, build_container
from adapters.http.app import create_app
from adapters.logs import configure_logging
from adapters.mail.files import FileMailer
from adapters.sql import migrate
from application.ports.events import CreditsChanged, PaymentSettled
from domain.orders import OrderStatus
from tests.adapters.test_server import (
    DEADLINE,
    Served,
    _free_port,
    _live_socket,
    _member_cookie,
    _until,
)
from tests.api_client import ApiClient
from tests.conftest import make_config
from tests.sockets import received

OUTSIDER = {"REMOTE_ADDR": "203.0.113.5"}
TOKEN = "s3cret-metrics-token"


@contextlib.contextmanager
def _app(tmp_path: Path, **env: str) -> Iterator[Flask]:
    if "DATABASE_URL" not in env:
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'amora.db'}"
        migrate.upgrade(env["DATABASE_URL"])
    container: Container = build_container(make_config(
        tmp_path, **{"WEB_DIST": str(tmp_path / "dist"), "METRICS_TOKEN": TOKEN, **env}))
    yield create_app(container)
    container.engine().dispose()


@pytest.fixture
def local(tmp_path: Path) -> Iterator[ApiClient]:
    with _app(tmp_path) as app:
        yield ApiClient(app)


def _families(text: str) -> dict[str, list]:  # type: ignore[type-arg]
    return {family.name: family.samples for family in text_string_to_metric_families(text)}


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_metrics_parse_and_time_requests_by_route_not_path(local: ApiClient) -> None:
    local.get("/api/members/12345")  # an id in the path must not become a label value
    local.get("/api/health")
    answer = local.get("/metrics")
    assert answer.status_code == 200
    assert answer.content_type.startswith("text/plain")
    families = _families(answer.get_data(as_text=True))
    samples = families["amora_http_request_duration_seconds"]
    routes = {s.labels["route"] for s in samples}
    assert "/api/health" in routes and "/api/members/<int:member_id>" in routes
    assert not any("12345" in route for route in routes)
    health = [s for s in samples if s.name.endswith("_count")
              and s.labels == {"route": "/api/health", "method": "GET", "status": "2xx"}]
    assert health and health[0].value >= 1
    for name in ("amora_websockets_open", "amora_jobs", "amora_payments", "amora_mails_sent",
                 "amora_pushes_sent", "amora_outbox_jobs", "amora_outbox_oldest_seconds"):
        assert name in families, name


def test_metrics_are_hidden_from_other_addresses_without_the_token(local: ApiClient) -> None:
    assert local.get("/metrics", environ_base=OUTSIDER).status_code == 404
    wrong = {"Authorization": "Bearer not-the-token"}
    assert local.get("/metrics", environ_base=OUTSIDER, headers=wrong).status_code == 404
    right = {"Authorization": f"Bearer {TOKEN}"}
    assert local.get("/metrics", environ_base=OUTSIDER, headers=right).status_code == 200
    # A proxy on this box forwarding someone's request is not a local client.
    forwarded = {"X-Forwarded-For": "203.0.113.5"}
    assert local.get("/metrics", headers=forwarded).status_code == 404


def test_without_a_token_only_loopback_reads_metrics(tmp_path: Path) -> None:
    with _app(tmp_path, METRICS_TOKEN="") as app:
        client = ApiClient(app)
        assert client.get("/metrics", environ_base=OUTSIDER,
                          headers={"Authorization": "Bearer "}).status_code == 404
        assert client.get("/metrics", environ_base={"REMOTE_ADDR": "::1"}).status_code == 200


def test_jobs_are_counted_by_name_and_outcome() -> None:
    before = {o: _value("amora_jobs_total", job="send_mail", outcome=o)
              for o in metrics.JOB_OUTCOMES}
    metrics.job_done("send_mail", "run")
    metrics.job_done("send_mail", "retried")
    metrics.job_done("send_mail", "retried")
    metrics.job_done("send_mail", "failed")
    after = {o: _value("amora_jobs_total", job="send_mail", outcome=o)
             for o in metrics.JOB_OUTCOMES}
    assert {o: after[o] - before[o] for o in after} == {"run": 1, "retried": 2, "failed": 1,
                                                       "relayed": 0}
    with pytest.raises(ValueError):
        metrics.job_done("send_mail", "queued")


def test_the_outbox_reader_feeds_the_gauges_at_each_scrape(
        local: ApiClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "_outbox", [])
    figures = [(3, 42.5)]
    metrics.outbox_figures(lambda: figures[0])
    samples = _families(local.get("/metrics").get_data(as_text=True))
    assert samples["amora_outbox_jobs"][0].value == 3
    assert samples["amora_outbox_oldest_seconds"][0].value == 42.5
    figures[0] = (0, 0.0)
    samples = _families(local.get("/metrics").get_data(as_text=True))
    assert samples["amora_outbox_jobs"][0].value == 0

    def broken() -> tuple[int, float]:
        raise RuntimeError("database gone")

    metrics.outbox_figures(broken)  # replaces the reader; a failing one spoils nothing
    assert local.get("/metrics").status_code == 200


def test_payments_mails_and_pushes_are_counted_in_the_adapters(
        local: ApiClient, tmp_path: Path) -> None:
    container = local.application.extensions["amora"]
    paid = _value("amora_payments_total", status="paid")
    container.events().publish("member:1", PaymentSettled(order=1, status=OrderStatus.PAID))
    container.events().publish("member:1", CreditsChanged(credits=5))
    assert _value("amora_payments_total", status="paid") == paid + 1
    mails = _value("amora_mails_sent_total", backend="file")
    FileMailer(tmp_path / "mail", "no-reply@amora.test").send("a@example.com", "Hi", "Hello")
    assert _value("amora_mails_sent_total", backend="file") == mails + 1
    pushes = _value("amora_pushes_sent_total", outcome="gone")
    metrics.push_sent(delivered=False)
    assert _value("amora_pushes_sent_total", outcome="gone") == pushes + 1


@pytest.fixture
def json_logs() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    stream = io.StringIO()
    root.handlers = [logging.StreamHandler(stream)]
    configure_logging("json")
    yield stream
    root.handlers, root.level = saved, level


def test_json_logs_carry_the_request_id(tmp_path: Path, json_logs: io.StringIO) -> None:
    dead = f"postgresql://postgres@127.0.0.1:{_free_port()}/amora"
    with _app(tmp_path, DATABASE_URL=dead) as app:
        client = ApiClient(app)
        answer = client.get("/api/ready", headers={"X-Request-ID": "proxy-4f2a.17"})
        assert answer.headers["X-Request-ID"] == "proxy-4f2a.17"
        lines = [json.loads(line) for line in json_logs.getvalue().splitlines()]
        mine = [line for line in lines if line["request_id"] == "proxy-4f2a.17"]
        assert mine and mine[0]["level"] == "WARNING" and "database" in mine[0]["message"]
        # Not a sane token: the server makes its own id.
        answer = client.get("/api/health", headers={"X-Request-ID": "<script>\tx"})
        assert answer.headers["X-Request-ID"] != "<script>\tx"
        assert len(answer.headers["X-Request-ID"]) == 32
        assert answer.headers["X-Request-ID"] != client.get("/api/health").headers["X-Request-ID"]
    outside = logging.getLogger("amora.test")
    outside.warning("no request here")
    assert json.loads(json_logs.getvalue().splitlines()[-1])["request_id"] == "-"


def test_ready_when_every_service_answers(client: ApiClient) -> None:
    answer = client.get("/api/ready")
    assert answer.status_code == 200
    assert answer.json == {"status": "ok", "checks": {"database": "ok", "files": "ok"}}


def test_ready_names_a_dead_database(tmp_path: Path) -> None:
    dead = f"postgresql://postgres@127.0.0.1:{_free_port()}/amora"
    with _app(tmp_path, DATABASE_URL=dead) as app:
        answer = ApiClient(app).get("/api/ready")
        assert answer.status_code == 503
        assert answer.json["error"] == "service_unavailable"
        assert answer.json["params"] == {"failing": ["database"]}
        assert answer.json["checks"] == {"database": "unavailable", "files": "ok"}


def test_ready_checks_redis_when_configured(tmp_path: Path) -> None:
    from tests.conftest import REDIS_URL

    with _app(tmp_path, REDIS_URL=REDIS_URL) as app:
        answer = ApiClient(app).get("/api/ready")
        assert answer.status_code == 200, answer.json
        assert answer.json["checks"] == {"database": "ok", "redis": "ok", "files": "ok"}
    (tmp_path / "dead").mkdir()
    with _app(tmp_path / "dead", REDIS_URL=f"redis://127.0.0.1:{_free_port()}/0") as app:
        answer = ApiClient(app).get("/api/ready")
        assert answer.status_code == 503
        assert answer.json["params"] == {"failing": ["redis"]}


def test_ready_names_unwritable_file_storage(local: ApiClient, tmp_path: Path) -> None:
    files_dir = local.application.extensions["amora"].config().files_dir
    files_dir.parent.mkdir(parents=True, exist_ok=True)
    files_dir.write_text("a file where the directory should be")
    answer = local.get("/api/ready")
    assert answer.status_code == 503
    assert answer.json["params"] == {"failing": ["files"]}


# --- the real server, several processes --------------------------------------------------

@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Path]]:
    """The server, and the directory where its processes keep their figures."""
    root = tmp_path_factory.mktemp("metrics")
    server = Served(root, workers=2)
    yield server, root / "var" / "metrics"
    server.stop()


def _scrape(served: Served) -> dict[str, list]:  # type: ignore[type-arg]
    answer = requests.get(f"{served.url}/metrics", timeout=DEADLINE)
    assert answer.status_code == 200
    return _families(answer.text)


def test_metrics_sum_all_server_processes(two_workers: tuple[Served, Path]) -> None:
    served, files = two_workers
    made = 0

    def both_served() -> bool:
        nonlocal made
        requests.get(f"{served.url}/api/health", timeout=DEADLINE)  # a new connection
        made += 1
        return all((files / f"histogram_{pid}.db").exists() for pid in served.workers())

    _until(both_served, "both processes to answer a request")
    counted = sum(s.value for s in _scrape(served)["amora_http_request_duration_seconds"]
                  if s.name.endswith("_count") and s.labels["route"] == "/api/health")
    assert counted >= made


def test_open_sockets_count_and_a_dead_worker_leaves_the_gauge(
        two_workers: tuple[Served, Path]) -> None:
    served, files = two_workers
    ws = _live_socket(served, _member_cookie(served))
    try:
        assert '"hello"' in received(ws, DEADLINE)
        assert _scrape(served)["amora_websockets_open"][0].value >= 1
    finally:
        ws.close()
    victim = next(pid for pid in served.workers()
                  if (files / f"gauge_livesum_{pid}.db").exists())
    os.kill(victim, signal.SIGKILL)
    _until(lambda: not (files / f"gauge_livesum_{victim}.db").exists(),
           "the dead worker's gauges to go (child_exit)")


def test_the_access_log_line_takes_the_id_of_its_response() -> None:
    from adapters.logs import ACCESS_LOG_ID, RequestIdFilter

    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, "%(h)s",
                               ({ACCESS_LOG_ID: "proxy-4f2a.17", "h": "127.0.0.1"},), None)
    assert RequestIdFilter().filter(record)
    assert record.request_id == "proxy-4f2a.17"  # type: ignore[attr-defined]
