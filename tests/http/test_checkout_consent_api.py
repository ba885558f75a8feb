"""The checkout's tick over HTTP (issue 34.1) and the VAT the order keeps (34.3), on
SQLite and PostgreSQL: no tick, no order (400 delivery_consent_required, nothing
stored), for a new order, a repeat and a direct debit alike."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import func, select

from adapters.sql.tables import mandates, orders
from domain.checkout_consent import CHECKOUT_CONSENT_VERSION
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.http.test_likes_api import signed_up
from tests.http.test_shop_api import EUR, MANDATE, age_account, pay


@pytest.fixture
def shopper(app: Flask) -> tuple[ApiClient, int]:
    with app.extensions["amora"].unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=c, price=p,
                                               currency="EUR") for c, p in EUR])
        work.commit()
    return signed_up(app, "Ann", "female", "male")


def _orders(app: Flask) -> list[dict[str, object]]:
    with app.extensions["amora"].engine().connect() as connection:
        return [dict(row._mapping) for row in connection.execute(
            select(orders).order_by(orders.c.id))]


def test_an_order_without_the_tick_is_refused(app: Flask, shopper: tuple[ApiClient, int]) -> None:
    ann, _ = shopper
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    for body in ({"bundle": bundle, "method": "ideal"},
                 {"bundle": bundle, "method": "ideal", "delivery_consent": False}):
        refused = ann.post("/api/orders", json=body)
        assert (refused.status_code, refused.json["error"]) == (
            400, "delivery_consent_required")
    wrong_type = ann.post("/api/orders", json={"bundle": bundle, "method": "ideal",
                                               "delivery_consent": "yes"})
    assert (wrong_type.status_code, wrong_type.json["error"]) == (400, "invalid_request")
    assert _orders(app) == [] and ann.get("/api/transactions").json["transactions"] == []


def test_the_order_keeps_the_tick_and_its_vat(app: Flask, shopper: tuple[ApiClient, int],
                                              client: ApiClient) -> None:
    ann, ann_id = shopper
    age_account(app, ann_id, 48)  # past the time bonus: the full price
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    _, payment = pay(ann, bundle)
    [made] = _orders(app)
    assert made["consent_version"] == CHECKOUT_CONSENT_VERSION
    assert made["consent_at"] is not None and made["consent_at"] == made["created_at"]
    assert (made["vat_country"], made["vat_rate_bp"], made["vat_amount"],
            made["net_amount"], made["amount"]) == ("NL", 2100, 260, 1239, 1499)
    client.post("/api/payments/webhook/sandbox", data={"id": payment})
    [paid] = _orders(app)
    assert paid["status"] == "paid" and paid["payment_country"] is None  # the sandbox's
    assert (paid["vat_country"], paid["vat_amount"]) == ("NL", 260)


def test_the_geoip_country_decides_the_vat(app: Flask, shopper: tuple[ApiClient, int]) -> None:
    ann, ann_id = shopper
    age_account(app, ann_id, 48)
    bundle = ann.get("/api/bundles", headers={"X-Geoip-Country": "FI"}).json["bundles"][0]
    started = ann.post("/api/orders", headers={"X-Geoip-Country": "FI"}, json={
        "bundle": bundle["id"], "method": "creditcard", "delivery_consent": True})
    assert started.status_code == 201, started.json
    [made] = _orders(app)
    assert (made["geoip_country"], made["profile_country"], made["vat_country"],
            made["vat_rate_bp"]) == ("FI", "NL", "FI", 2550)


def test_a_repeat_needs_the_tick_too(app: Flask, shopper: tuple[ApiClient, int],
                                     client: ApiClient) -> None:
    ann, _ = shopper
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    _, payment = pay(ann, bundle)
    client.post("/api/payments/webhook/sandbox", data={"id": payment})
    for refused in (ann.post("/api/orders/repeat"), ann.post("/api/orders/repeat", json={}),
                    ann.post("/api/orders/repeat", json={"delivery_consent": False})):
        assert (refused.status_code, refused.json["error"]) == (
            400, "delivery_consent_required")
    assert len(_orders(app)) == 1
    again = ann.post("/api/orders/repeat", json={"delivery_consent": True})
    assert again.status_code == 201
    assert _orders(app)[-1]["consent_version"] == CHECKOUT_CONSENT_VERSION


def test_a_direct_debit_without_the_tick_signs_nothing(app: Flask,
                                                       shopper: tuple[ApiClient, int]) -> None:
    ann, _ = shopper
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    body = {**MANDATE, "bundle": bundle, "sms_code": "123456"}
    body.pop("delivery_consent")
    refused = ann.post("/api/directdebit", json=body)
    assert (refused.status_code, refused.json["error"]) == (400, "delivery_consent_required")
    with app.extensions["amora"].engine().connect() as connection:
        assert connection.execute(select(func.count()).select_from(
            mandates)).scalar_one() == 0
    assert _orders(app) == []
