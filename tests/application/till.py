"""A shop with two EUR bundles and one USD bundle, a member who signed up long ago (no
automatic discount), and a gateway that remembers what it was asked: what the shop,
shop-admin and direct-debit tests start from."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import attrs

from application.checkout import Checkout
from application.ports.payments import CreatedPayment, Issuer, PaymentMethod, PaymentRequest
from application.prices import Prices
from application.refunds import Refunds
from application.settlement import Settlement
from domain.members import Member
from domain.orders import Order
from domain.pricing import Bundle, DiscountCode, Validity
from tests.application.memory import FixedClock, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, Bus, add_member, factory, new_store

LONG_AGO = NOW - timedelta(days=30)  # no time bonus, no welcome discount


@attrs.define
class Gateway:
    """A payment provider that remembers what it was asked and answers what it is told."""

    name: str = "sandbox"
    requests: list[PaymentRequest] = attrs.Factory(list)
    statuses: dict[str, str] = attrs.Factory(dict)
    refunds: list[tuple[str, int, str]] = attrs.Factory(list)
    refund_keys: list[str] = attrs.Factory(list)
    down: bool = False
    countries: dict[str, str] = attrs.Factory(dict)  # the payer's bank's, by payment

    def methods(self, amount: int, currency: str) -> list[PaymentMethod]:
        return [PaymentMethod("ideal", [Issuer("ing", "ING")]), PaymentMethod("creditcard", []),
                PaymentMethod("klarna", [])]

    def create(self, request: PaymentRequest) -> CreatedPayment:
        if self.down:
            raise ConnectionError("gateway down")
        self.requests.append(request)
        payment_id = f"tr_{len(self.requests)}"
        self.statuses[payment_id] = "open"
        return CreatedPayment(payment_id, f"https://pay.test/{payment_id}")

    def status(self, payment_id: str) -> str | None:
        return self.statuses.get(payment_id)

    def payment_country(self, payment_id: str) -> str | None:
        return self.countries.get(payment_id)

    def refund(self, payment_id: str, amount: int, currency: str, key: str = "") -> None:
        if self.down:
            raise ConnectionError("gateway down")
        if key and any(key == seen for seen in self.refund_keys):
            return  # as Mollie's Idempotency-Key: the same refund again
        self.refund_keys.append(key)
        self.refunds.append((payment_id, amount, currency))


@attrs.define
class Till:
    store: MemoryStore
    clock: FixedClock
    bus: Bus
    gateway: Gateway
    prices: Prices
    checkout: Checkout
    settlement: Settlement
    refunds: Refunds
    ann: Member

    def pay(self, payment_id: str, status: str = "paid") -> None:
        self.gateway.statuses[payment_id] = status
        self.settlement.webhook("sandbox", payment_id)

    def bought(self, bundle_id: int = 1, **start: object) -> int:
        """An order paid in full; its id."""
        start.setdefault("delivery_consent", True)
        started = self.checkout.start(self.ann, bundle_id, "ideal", **start)  # type: ignore[arg-type]
        self.pay(started.payment_id)
        return started.order


def bundle(credits: int, price: int, currency: str) -> Bundle:
    return Bundle(id=0, site_id=1, credits=credits, price=price, currency=currency)


def till(created_at: datetime = LONG_AGO, **site: object) -> Till:
    store, clock, bus, gateway = new_store(**site), FixedClock(), Bus(), Gateway()
    with MemoryUnitOfWork(store) as uow:
        uow.bundles.replace(1, "EUR", [bundle(100, 1000, "EUR"), bundle(300, 2400, "EUR")])
        uow.bundles.replace(1, "USD", [bundle(120, 1200, "USD")])
        uow.commit()
    ann = add_member(store, "Ann", created_at=created_at)
    work = factory(store)
    return Till(store, clock, bus, gateway, Prices(work, clock, gateway),
                Checkout(work, clock, gateway, base_url="https://{domain}"),
                Settlement(work, clock, gateway, bus), Refunds(work, clock, gateway, bus), ann)


def add_code(store: MemoryStore, name: str, percentage: int, **change: object) -> None:
    with MemoryUnitOfWork(store) as uow:
        uow.discount_codes.add(DiscountCode(code=name, value_percentage=Decimal(percentage),
                                            validity=Validity.ONCE_PER_USER), NOW)
        uow.commit()
    if change:
        store.codes[name] = attrs.evolve(store.codes[name], **change)  # type: ignore[arg-type]


def order_of(t: Till, order_id: int) -> Order:
    """The stored order (read after the call that made it: each commit swaps the dict)."""
    return t.store.orders[order_id]
