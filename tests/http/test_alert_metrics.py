"""The alert rules (deploy/prometheus/alerts.yml, issue 32.6) watch metrics the app really
exports: every amora_* series a rule reads is in a scrape of /metrics once each metric has
been used, and every rule has a unit test of its own in tests/alerts (run by promtool in
`make alerts`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from prometheus_client.parser import text_string_to_metric_families

from adapters import metrics
from tests.api_client import ApiClient

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "prometheus" / "alerts.yml"
SERIES = re.compile(r"\bamora_[a-z_]+\b")


def _rules() -> list[dict[str, Any]]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [rule for group in groups for rule in group["rules"]]


def test_every_series_an_alert_reads_is_exported(client: ApiClient) -> None:
    client.get("/api/health")  # a request timed
    metrics.payment_settled("paid")
    metrics.payment_settled("failed")
    metrics.job_done("send_mail", "failed")
    scraped = client.get("/metrics").get_data(as_text=True)
    exported = {sample.name for family in text_string_to_metric_families(scraped)
                for sample in family.samples}
    read = {name for rule in _rules() for name in SERIES.findall(rule["expr"])}
    assert read == {"amora_outbox_oldest_seconds", "amora_outbox_retrying_jobs",
                    "amora_outbox_failed_jobs", "amora_payments_total",
                    "amora_http_request_duration_seconds_count",
                    "amora_photo_queue_oldest_seconds"}
    assert read <= exported, read - exported
    # The 5xx alert reads the status class as the app labels it.
    assert 'status="5xx"' in next(rule["expr"] for rule in _rules()
                                  if rule["alert"] == "AmoraServerErrors")
    assert 'status="2xx"' in scraped


def test_every_alert_has_a_unit_test() -> None:
    alerts = {rule["alert"] for rule in _rules()}
    assert alerts == {"AmoraOutboxBacklog", "AmoraOutboxStuck", "AmoraJobsFailing",
                      "AmoraJobsGivenUp", "AmoraPaymentFailureRate", "AmoraServerErrors",
                      "AmoraPhotoQueueAge"}
    tested: dict[str, set[bool]] = {}
    for path in (ROOT / "tests" / "alerts").glob("*.yml"):
        for case in yaml.safe_load(path.read_text())["tests"]:
            for check in case.get("alert_rule_test", []):
                tested.setdefault(check["alertname"], set()).add(bool(check["exp_alerts"]))
    # Each alert is seen firing, and seen not firing.
    assert tested == {alert: {True, False} for alert in alerts}
