"""The sandbox payment gateway (the embedded default): a local hosted checkout where
whoever pays picks the outcome — paid, failed, canceled, expired or pending — after
which the gateway calls the webhook the way Mollie does (a form POST with the id)."""

from __future__ import annotations

import secrets
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, case, insert, select, update

from adapters.sql import tables as t
from adapters.sql.outbox import SqlOutbox
from adapters.sql.upsert import upsert
from application.ports.jobs import SandboxWebhook, TaskQueue
from application.ports.payments import CreatedPayment, Issuer, PaymentMethod, PaymentRequest

sp = t.sandbox_payments
OUTCOMES = ("paid", "failed", "canceled", "expired", "pending")
# Test banks, as Mollie's test mode lists them for iDEAL.
ISSUERS = [Issuer("ideal_ABNANL2A", "ABN AMRO"), Issuer("ideal_INGBNL2A", "ING"),
           Issuer("ideal_RABONL2U", "Rabobank"), Issuer("ideal_SNSBNL2A", "SNS")]


class SandboxGateway:
    name = "sandbox"

    def __init__(self, engine: Engine, tasks: TaskQueue) -> None:
        self._engine = engine
        self._tasks = tasks

    def methods(self, amount: int, currency: str) -> list[PaymentMethod]:
        methods = [PaymentMethod("creditcard", [])]
        if currency == "EUR":
            methods += [PaymentMethod("ideal", ISSUERS), PaymentMethod("directdebit", []),
                        PaymentMethod("bancontact", [])]
        return [*methods, PaymentMethod("paypal", [])]

    def create(self, request: PaymentRequest) -> CreatedPayment:
        payment_id = f"tr_sandbox_{secrets.token_hex(8)}"
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(request.redirect_url))
        with self._engine.begin() as connection:
            connection.execute(insert(sp).values(
                id=payment_id, amount=request.amount, currency=request.currency,
                description=request.description[:200], method=request.method, status="open",
                redirect_url=request.redirect_url, webhook_url=request.webhook_url,
                created_at=datetime.now(UTC)))
        return CreatedPayment(payment_id=payment_id,
                              checkout_url=f"{origin}/sandbox/checkout/{payment_id}")

    def payment(self, payment_id: str) -> dict[str, Any] | None:
        with self._engine.connect() as connection:
            row = connection.execute(select(sp).where(sp.c.id == payment_id)).first()
        return dict(row._mapping) if row else None

    def status(self, payment_id: str) -> str | None:
        payment = self.payment(payment_id)
        return payment["status"] if payment else None

    def payment_country(self, payment_id: str) -> str | None:
        """The sandbox has no bank or card behind it: it never names a country."""
        return None

    def refund(self, payment_id: str, amount: int, currency: str, key: str = "") -> None:
        """As Mollie: a paid payment's money back, in parts if need be, never more than
        was paid; 'refunded' once all of it is back. A refund asked again with the same
        ``key`` refunds nothing more (its key is kept with it, in one transaction)."""
        if amount <= 0:
            raise ValueError(f"sandbox: a refund of {amount}")
        refunded = sp.c.refunded + amount
        with self._engine.begin() as connection:
            if key and not upsert(connection, t.sandbox_refunds, {
                    "key": key, "payment_id": payment_id, "amount": amount,
                    "created_at": datetime.now(UTC)}, ["key"], []):
                return  # given already
            moved = connection.execute(update(sp).where(
                sp.c.id == payment_id, sp.c.status == "paid", sp.c.currency == currency,
                refunded <= sp.c.amount).values(
                refunded=refunded,
                status=case((refunded >= sp.c.amount, "refunded"), else_=sp.c.status)))
        if moved.rowcount != 1:
            raise ValueError(f"sandbox: payment {payment_id} cannot refund {amount} {currency}")

    def choose(self, payment_id: str, outcome: str) -> str:
        """The payer's pick on the checkout page; returns where to send them back."""
        payment = self.payment(payment_id)
        if payment is None or outcome not in OUTCOMES or payment["status"] not in (
                "open", "pending"):
            raise LookupError(payment_id)
        # The payment and the webhook that reports it commit together, as Mollie would
        # keep calling: a crash right after the payer's click still credits the order.
        with self._engine.begin() as connection:
            connection.execute(update(sp).where(sp.c.id == payment_id).values(status=outcome))
            SqlOutbox(connection, lambda: datetime.now(UTC)).add(
                SandboxWebhook(payment["webhook_url"], payment_id))
        return str(payment["redirect_url"])


def call_webhook(job: SandboxWebhook) -> None:
    """What Mollie does: POST id=<payment id> as a form; retried by the job queue."""
    data = urllib.parse.urlencode({"id": job.payment_id}).encode()
    with urllib.request.urlopen(urllib.request.Request(job.url, data=data, method="POST"),
                                timeout=10):
        pass
