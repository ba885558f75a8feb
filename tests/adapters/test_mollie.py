"""The Mollie adapter against a local stub of the Mollie API (the client's endpoint is
set to it), and the shop settling a Mollie payment through the webhook."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import attrs
import pytest
from flask import Flask, abort, request
from werkzeug.serving import make_server

from adapters.container import build_container
from adapters.http.app import create_app
from adapters.payments.mollie import MollieGateway
from application.ports.payments import Issuer, Mandate, PaymentMethod, PaymentRequest
from domain.pricing import Bundle
from tests.api_client import ApiClient
from tests.conftest import make_config, seed_default_site
from tests.http.test_likes_api import signed_up


class StubMollie:
    """Just enough of api.mollie.com/v2: payments, refunds and methods."""

    def __init__(self) -> None:
        self.payments: dict[str, dict[str, Any]] = {}
        self.requests: list[tuple[str, str, Any]] = []
        self.refund_keys: dict[str, Any] = {}  # Idempotency-Key: the first answer
        ids = itertools.count(1)
        app = Flask("stub-mollie")

        def payment_json(payment_id: str) -> dict[str, Any]:
            data = self.payments.get(payment_id) or abort(404)
            return {"resource": "payment", "id": payment_id, **data,
                    "_links": {"checkout": {"href": f"https://stub.mollie/checkout/{payment_id}",
                                            "type": "text/html"}}}

        @app.post("/v2/payments")
        def create() -> Any:
            body = request.get_json()
            self.requests.append(("POST", "/v2/payments", body))
            payment_id = f"tr_stub{next(ids)}"
            self.payments[payment_id] = {"status": "open", "amount": body["amount"],
                                         "description": body["description"],
                                         "method": body.get("method"),
                                         "metadata": body.get("metadata")}
            return payment_json(payment_id), 201

        @app.get("/v2/payments/<payment_id>")
        def get(payment_id: str) -> Any:
            self.requests.append(("GET", f"/v2/payments/{payment_id}", None))
            if payment_id not in self.payments:
                return {"status": 404, "title": "Not Found", "detail": "No payment exists"}, 404
            return payment_json(payment_id)

        @app.post("/v2/payments/<payment_id>/refunds")
        def refund(payment_id: str) -> Any:
            body = request.get_json()
            key = request.headers.get("Idempotency-Key", "")
            if key in self.refund_keys:  # as Mollie: the same request, the first answer
                return self.refund_keys[key], 201
            payment = self.payments[payment_id]
            cents = Decimal(body["amount"]["value"]) * 100
            before = Decimal(payment.get("amountRefunded", {"value": "0"})["value"]) * 100
            if before + cents > Decimal(payment["amount"]["value"]) * 100:  # as Mollie: 422
                return {"status": 422, "title": "Unprocessable Entity",
                        "detail": "The amount is higher than the amount remaining"}, 422
            payment["amountRefunded"] = {"currency": body["amount"]["currency"],
                                         "value": f"{(before + cents) / 100:.2f}"}
            answer = {"resource": "refund", "id": "re_stub", "amount": body["amount"],
                      "status": "pending", "paymentId": payment_id}
            if key:
                self.refund_keys[key] = answer
            return answer, 201

        @app.post("/v2/customers")
        def customer() -> Any:
            body = request.get_json()
            self.requests.append(("POST", "/v2/customers", body))
            return {"resource": "customer", "id": "cst_stub", **body}, 201

        @app.post("/v2/customers/<customer_id>/mandates")
        def mandate(customer_id: str) -> Any:
            body = request.get_json()
            self.requests.append(("POST", f"/v2/customers/{customer_id}/mandates", body))
            return {"resource": "mandate", "id": "mdt_stub", "status": "valid",
                    "method": "directdebit"}, 201

        @app.post("/v2/customers/<customer_id>/payments")
        def recurring(customer_id: str) -> Any:
            body = request.get_json()
            self.requests.append(("POST", f"/v2/customers/{customer_id}/payments", body))
            payment_id = f"tr_stub{next(ids)}"
            self.payments[payment_id] = {"status": "pending", "amount": body["amount"],
                                         "description": body["description"],
                                         "method": "directdebit", "sequenceType": "recurring",
                                         "mandateId": body["mandateId"]}
            return {"resource": "payment", "id": payment_id, **self.payments[payment_id],
                    "_links": {}}, 201

        @app.get("/v2/methods")
        def methods() -> Any:
            self.requests.append(("GET", "/v2/methods", dict(request.args)))
            return {"count": 2, "_embedded": {"methods": [
                {"resource": "method", "id": "ideal", "description": "iDEAL",
                 "issuers": [{"resource": "issuer", "id": "ideal_INGBNL2A", "name": "ING"}]},
                {"resource": "method", "id": "creditcard", "description": "Card"}]},
                "_links": {}}

        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def stub() -> Iterator[StubMollie]:
    mollie = StubMollie()
    yield mollie
    mollie.server.shutdown()


def request_for(amount: int = 1499) -> PaymentRequest:
    return PaymentRequest(amount=amount, currency="EUR", description="100 credits",
                          method="ideal", issuer="ideal_INGBNL2A",
                          redirect_url="https://amora.test/credits/1/ideal?order=1",
                          webhook_url="https://amora.test/api/payments/webhook/mollie",
                          metadata={"order": 1})


def test_the_adapter_speaks_mollie(stub: StubMollie) -> None:
    gateway = MollieGateway("test_abcdefghijklmnopqrstuvwxyz0123", stub.url)
    created = gateway.create(request_for())
    assert created.checkout_url == f"https://stub.mollie/checkout/{created.payment_id}"
    sent = stub.requests[0][2]
    assert sent["amount"] == {"currency": "EUR", "value": "14.99"}
    assert sent["issuer"] == "ideal_INGBNL2A" and sent["metadata"] == {"order": 1}
    assert gateway.status(created.payment_id) == "open"
    stub.payments[created.payment_id]["status"] = "paid"
    assert gateway.status(created.payment_id) == "paid"
    gateway.refund(created.payment_id, 1000, "EUR")  # part of it: still paid
    assert gateway.status(created.payment_id) == "paid"
    with pytest.raises(Exception, match="higher than the amount remaining"):
        gateway.refund(created.payment_id, 500, "EUR")
    gateway.refund(created.payment_id, 499, "EUR")  # the rest
    assert gateway.status(created.payment_id) == "refunded"
    stub.payments[created.payment_id]["amountChargedBack"] = {"currency": "EUR",
                                                              "value": "14.99"}
    assert gateway.status(created.payment_id) == "charged_back"
    assert gateway.status("tr_unknown") is None
    methods = gateway.methods(1499, "EUR")
    assert methods == [PaymentMethod("ideal", [Issuer("ideal_INGBNL2A", "ING")]),
                       PaymentMethod("creditcard", [])]


def test_direct_debit_hands_the_signed_mandate_to_mollie(stub: StubMollie) -> None:
    gateway = MollieGateway("test_abcdefghijklmnopqrstuvwxyz0123", stub.url)
    signed = Mandate(reference="Amora-M7", account_holder="Ann de Vries",
                     iban="NL91ABNA0417164300", signed_at=datetime(2026, 11, 21, 9, tzinfo=UTC),
                     email="ann@example.test")
    request = attrs.evolve(request_for(), method="directdebit", issuer=None, mandate=signed)
    created = gateway.create(request)
    # No hosted checkout: the payer goes back to the return page at once.
    assert created.checkout_url == request.redirect_url
    calls = {path: body for _, path, body in stub.requests}
    assert calls["/v2/customers"]["name"] == "Ann de Vries"
    assert calls["/v2/customers/cst_stub/mandates"] == {
        "method": "directdebit", "consumerName": "Ann de Vries",
        "consumerAccount": "NL91ABNA0417164300", "mandateReference": "Amora-M7",
        "signatureDate": "2026-11-21"}
    payment = calls["/v2/customers/cst_stub/payments"]
    assert payment["sequenceType"] == "recurring" and payment["mandateId"] == "mdt_stub"
    assert payment["amount"] == {"currency": "EUR", "value": "14.99"}
    assert gateway.status(created.payment_id) == "pending"


def test_a_mollie_webhook_pays_the_order_once(stub: StubMollie, tmp_path: Path,
                                             database_url: str) -> None:
    container = build_container(make_config(
        tmp_path, DATABASE_URL=database_url, PAYMENT_PROVIDER="mollie",
        MOLLIE_API_KEY="test_abcdefghijklmnopqrstuvwxyz0123", MOLLIE_API_ENDPOINT=stub.url,
        WEB_DIST=str(tmp_path / "dist")))
    seed_default_site(container)
    with container.unit_of_work() as work:
        work.bundles.replace(1, "EUR", [Bundle(id=0, site_id=1, credits=100, price=1499,
                                               currency="EUR")])
        work.commit()
    app = create_app(container)
    ann, _ = signed_up(app, "Ann", "female", "male")
    bundle = ann.get("/api/bundles").json["bundles"][0]["id"]
    started = ann.post("/api/orders", json={"delivery_consent": True,
                                            "bundle": bundle, "method": "ideal"}).json
    assert started["checkout_url"].startswith("https://stub.mollie/checkout/")
    hook = ApiClient(app)
    hook.post("/api/payments/webhook/mollie", data={"id": started["payment_id"]})
    assert ann.get("/api/user").json["user"]["credits"] == 0  # still open at Mollie
    stub.payments[started["payment_id"]]["status"] = "paid"
    for _ in range(3):
        assert hook.post("/api/payments/webhook/mollie",
                         data={"id": started["payment_id"]}).status_code == 200
    assert ann.get("/api/user").json["user"]["credits"] == 100
    assert hook.post("/api/payments/webhook/mollie", data={"id": "tr_forged"}).status_code == 200
    # With Mollie configured, the sandbox checkout does not exist.
    assert not any(rule.rule.startswith("/sandbox") for rule in app.url_map.iter_rules())
    container.engine().dispose()
