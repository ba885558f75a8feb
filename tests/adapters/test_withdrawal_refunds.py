"""The gateways' refunds with an idempotency key (issue 34.2): a withdrawal's refund job
that runs twice gives the money back once, at Mollie (its Idempotency-Key) and in the
sandbox (its refund keys, migration 0044). Without a key (an operator's refunds) each
call is a refund of its own."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import Engine, select, update

from adapters.payments.mollie import MollieGateway
from adapters.payments.sandbox import SandboxGateway
from adapters.sql.tables import sandbox_payments
from tests.adapters.test_mollie import StubMollie, request_for, stub  # noqa: F401 - a fixture
from tests.application.memory import RecordingTasks


def test_mollie_refunds_once_for_one_key(stub: StubMollie) -> None:  # noqa: F811
    gateway = MollieGateway("test_abcdefghijklmnopqrstuvwxyz0123", stub.url)
    payment = gateway.create(request_for(1499)).payment_id
    stub.payments[payment]["status"] = "paid"
    for _ in range(2):  # the job, run again
        gateway.refund(payment, 900, "EUR", key="withdrawal:1")
    assert Decimal(stub.payments[payment]["amountRefunded"]["value"]) == Decimal("9.00")
    gateway.refund(payment, 100, "EUR")  # no key: a refund of its own
    gateway.refund(payment, 100, "EUR")
    assert Decimal(stub.payments[payment]["amountRefunded"]["value"]) == Decimal("11.00")


def test_the_sandbox_refunds_once_for_one_key(engine: Engine) -> None:
    gateway = SandboxGateway(engine, RecordingTasks())
    payment = gateway.create(request_for(1499)).payment_id
    with engine.begin() as connection:
        connection.execute(update(sandbox_payments).where(
            sandbox_payments.c.id == payment).values(status="paid"))
    for _ in range(2):
        gateway.refund(payment, 900, "EUR", key="withdrawal:1")

    def refunded() -> tuple[int, str]:
        with engine.connect() as connection:
            row = connection.execute(select(sandbox_payments).where(
                sandbox_payments.c.id == payment)).one()
        return row.refunded, row.status

    assert refunded() == (900, "paid")
    gateway.refund(payment, 599, "EUR", key="withdrawal:2")
    assert refunded() == (1499, "refunded")
