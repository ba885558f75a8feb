"""The shop on in-memory ports and a recording gateway: bundles by currency, the one
discount that applies, orders and the gateway's reports (credits exactly once, taken back
on a refund), codes held by one order, the stay discount, repeats and refunds."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.ports.events import CreditsChanged, PaymentSettled
from application.ports.payments import CreatedPayment, Issuer, PaymentMethod, PaymentRequest
from application.shop import Shop
from domain.credits import EntryKind
from domain.errors import DomainError
from domain.members import Member
from domain.orders import OrderStatus
from domain.pricing import Bundle, CodeStatus, DiscountCode, DiscountKind, Validity
from tests.application.memory import FixedClock, MemoryJobs, MemoryStore, MemoryUnitOfWork
from tests.application.people import NOW, Bus, add_member, balance, factory, new_store

LONG_AGO = NOW - timedelta(days=30)  # no time bonus, no welcome discount


@attrs.define
class Gateway:
    """A payment provider that remembers what it was asked and answers what it is told."""

    name: str = "sandbox"
    requests: list[PaymentRequest] = attrs.Factory(list)
    statuses: dict[str, str] = attrs.Factory(dict)
    refunds: list[tuple[str, int, str]] = attrs.Factory(list)
    down: bool = False

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

    def refund(self, payment_id: str, amount: int, currency: str) -> None:
        self.refunds.append((payment_id, amount, currency))


@attrs.define
class Till:
    store: MemoryStore
    clock: FixedClock
    bus: Bus
    gateway: Gateway
    shop: Shop
    ann: Member

    def pay(self, payment_id: str, status: str = "paid") -> None:
        self.gateway.statuses[payment_id] = status
        self.shop.webhook("sandbox", payment_id)

    def bought(self, bundle_id: int = 1, **start: object) -> int:
        """An order paid in full; its id."""
        started = self.shop.start(self.ann, bundle_id, "ideal", **start)  # type: ignore[arg-type]
        self.pay(started.payment_id)
        return started.order


def _bundle(credits: int, price: int, currency: str) -> Bundle:
    return Bundle(id=0, site_id=1, credits=credits, price=price, currency=currency)


def till(created_at: object = LONG_AGO, **site: object) -> Till:
    store, clock, bus, gateway = new_store(**site), FixedClock(), Bus(), Gateway()
    with MemoryUnitOfWork(store) as uow:
        uow.bundles.replace(1, "EUR", [_bundle(100, 1000, "EUR"), _bundle(300, 2400, "EUR")])
        uow.bundles.replace(1, "USD", [_bundle(120, 1200, "USD")])
        uow.commit()
    ann = add_member(store, "Ann", created_at=created_at)
    shop = Shop(factory(store), clock, gateway, bus, base_url="https://{domain}")
    return Till(store, clock, bus, gateway, shop, ann)


def test_members_see_their_currencys_bundles_and_visitors_their_countrys() -> None:
    t = till()
    offer = t.shop.bundles(t.ann)
    assert [(b.credits, b.price, b.discounted_price) for b in offer.bundles] == [
        (100, 1000, 1000), (300, 2400, 2400)]
    assert offer.bundles[1].saving_percentage == 20 and offer.discount is None
    assert [b.currency for b in t.shop.bundles(None, "amora.test", "US").bundles] == ["USD"]
    assert [b.currency for b in t.shop.bundles(None, "amora.test", "SE").bundles] == [
        "EUR", "EUR"]  # no SEK bundles: euros
    with pytest.raises(DomainError, match="bundle_not_found"):
        t.shop.start(t.ann, 3, "ideal")  # the USD bundle is not on offer to Ann
    with pytest.raises(DomainError, match="invalid_payment_method"):
        t.shop.start(t.ann, 1, "klarna")
    assert [m.id for m in t.shop.methods(t.ann, 1).methods] == ["ideal", "creditcard"]


def test_a_new_member_pays_the_time_bonus_price() -> None:
    t = till(created_at=NOW - timedelta(hours=1))
    offer = t.shop.bundles(t.ann)
    assert offer.discount is not None and offer.discount.kind is DiscountKind.TIME_BONUS
    assert [b.discounted_price for b in offer.bundles] == [750, 1800]
    started = t.shop.start(t.ann, 1, "ideal")
    assert t.store.orders[started.order].amount == 750 == t.gateway.requests[0].amount
    assert t.gateway.requests[0].webhook_url == "https://amora.test/api/payments/webhook/sandbox"


def test_a_paid_order_adds_its_credits_once_and_makes_the_member_premium() -> None:
    t = till()
    started = t.shop.start(t.ann, 2, "ideal")
    assert t.store.orders[started.order].status is OrderStatus.OPEN
    t.pay(started.payment_id, "pending")
    assert balance(t.store, t.ann) == 0
    t.pay(started.payment_id)
    t.pay(started.payment_id)  # the webhook again
    assert balance(t.store, t.ann) == 300
    assert t.store.members[t.ann.id].paid_user
    assert PaymentSettled(started.order, OrderStatus.PAID) in t.bus.to(t.ann)
    assert CreditsChanged(300) in t.bus.to(t.ann)
    assert ("notify", ("payment_receipt", t.ann.id, {"order": started.order})) in t.store.jobs
    t.shop.webhook("sandbox", "tr_unknown")  # ignored
    t.shop.webhook("mollie", started.payment_id)  # another provider's words: ignored
    assert len(t.store.ledger) == 1


def test_a_refund_takes_back_what_is_left_and_flags_what_was_spent() -> None:
    t = till(refund_days=14)
    order = t.bought(2)
    with MemoryUnitOfWork(t.store) as uow:  # 250 of the 300 credits spent on messages
        uow.ledger.apply(t.ann.id, EntryKind.MESSAGE, -250, "spent", "messages", NOW)
        uow.commit()
    refunded = t.shop.refund(order, actor="ops")
    assert refunded.status is OrderStatus.REFUNDED and t.gateway.refunds == [("tr_1", 2400, "EUR")]
    assert balance(t.store, t.ann) == 0
    [flag] = t.store.flags
    assert flag[1].flag == "payment_reversed_credits_spent"
    assert flag[1].details == {"order": order, "missing": 250, "status": "refunded"}
    assert t.store.audit[-1]["action"] == "orders.refund"
    with pytest.raises(DomainError, match="order_not_refundable"):
        t.shop.refund(order, actor="ops")


def test_refunds_end_with_the_sites_refund_period() -> None:
    t = till(refund_days=14)
    order = t.bought()
    t.clock.current += timedelta(days=14)
    with pytest.raises(DomainError, match="refund_period_over"):
        t.shop.refund(order, actor="ops")
    with pytest.raises(DomainError, match="order_not_found"):
        t.shop.refund(999, actor="ops")


def test_a_gateway_that_fails_leaves_a_failed_order_and_frees_its_code() -> None:
    t = till()
    _code(t.store, "SPRING10", 10)
    t.gateway.down = True
    with pytest.raises(DomainError, match="payment_unavailable"):
        t.shop.start(t.ann, 1, "ideal", code="spring10")
    [order] = t.store.orders.values()
    assert order.status is OrderStatus.FAILED and order.reserved_code is None
    t.gateway.down = False
    started = t.shop.start(t.ann, 1, "ideal", code="SPRING10")
    assert t.store.orders[started.order].amount == 900


def test_a_once_per_member_code_is_held_by_one_live_order_and_spent_by_a_paid_one() -> None:
    t = till()
    _code(t.store, "SPRING10", 10)
    first = t.shop.start(t.ann, 1, "ideal", code="SPRING10")
    with pytest.raises(DomainError, match="code_used"):
        t.shop.start(t.ann, 2, "ideal", code="SPRING10")
    t.pay(first.payment_id)
    with pytest.raises(DomainError, match="code_used"):
        t.shop.discount(t.ann, "spring10", welcome=False)
    assert t.shop.transactions(t.ann).transactions[0].discount_code == "SPRING10"


@pytest.mark.parametrize(("change", "code"), [
    ({"status": CodeStatus.DISABLED}, "code_not_found"),
    ({"expires": NOW - timedelta(seconds=1)}, "code_expired"),
    ({"country": "DE"}, "code_country"),
    ({"currency": "USD"}, "code_currency"),
    ({"member_id": 999}, "code_not_found"),
    ({"site_ids": (2,)}, "code_not_found"),
    ({"minimum_order_value": 2000}, "code_minimum_order"),
    ({"paymentmethods": ("creditcard",)}, "code_payment_method"),
])
def test_a_typed_code_that_does_not_fit_is_refused_with_its_reason(
        change: dict[str, object], code: str) -> None:
    t = till()
    _code(t.store, "SPRING10", 10, **change)
    with pytest.raises(DomainError, match=code):
        t.shop.start(t.ann, 1, "ideal", code="SPRING10")
    assert not t.store.orders and not t.gateway.requests


def test_the_best_single_discount_applies_never_two() -> None:
    t = till(created_at=NOW - timedelta(hours=1))  # the 25 % time bonus runs
    _code(t.store, "SMALL", 10)
    _code(t.store, "BIG", 40)
    small = t.shop.discount(t.ann, "small", welcome=False)
    assert [b.discounted_price for b in small.bundles] == [750, 1800]  # the bonus is better
    assert t.shop.start(t.ann, 1, "ideal", code="BIG").order
    assert [o.amount for o in t.store.orders.values()] == [600]


def test_the_stay_discount_is_claimed_once_and_used_once() -> None:
    t = till()
    claimed = t.shop.claim_stay_discount(t.ann)  # the company's delete discount: 50 %
    assert claimed.value_percentage == 50 and not claimed.spent
    assert t.shop.claim_stay_discount(t.ann) == claimed
    assert [b.discounted_price for b in t.shop.bundles(t.ann).bundles] == [500, 1200]
    t.bought()
    assert t.shop.claim_stay_discount(t.ann).spent
    assert [b.discounted_price for b in t.shop.bundles(t.ann).bundles] == [1000, 2400]


def test_repeat_buys_the_last_paid_bundle_by_the_same_method() -> None:
    t = till()
    with pytest.raises(DomainError, match="no_order_to_repeat"):
        t.shop.repeat(t.ann)
    t.bought(2)
    again = t.shop.repeat(t.ann)
    order = t.store.orders[again.order]
    assert (order.bundle_id, order.method) == (2, "ideal")
    assert t.gateway.requests[-1].redirect_url.endswith("&repeat=1")


def test_members_see_only_their_own_orders() -> None:
    t = till()
    order = t.bought()
    assert t.shop.order(t.ann, order).order.status is OrderStatus.PAID
    with pytest.raises(DomainError, match="order_not_found"):
        t.shop.order(add_member(t.store, "Eve"), order)


def test_a_code_spent_twice_is_flagged_and_the_credits_still_come() -> None:
    """An order from before reservations spent the once-per-member code already: the
    member paid this price, so the credits come, and the operators see the reuse."""
    t = till()
    _code(t.store, "SPRING10", 10)
    started = t.shop.start(t.ann, 1, "ideal", code="SPRING10")
    with MemoryUnitOfWork(t.store) as uow:
        legacy = uow.orders.add(attrs.evolve(
            t.store.orders[started.order], reserved_code=None, status=OrderStatus.PAID,
            payment_id="tr_old", paid_at=LONG_AGO))
        uow.commit()
    t.pay(started.payment_id)
    assert balance(t.store, t.ann) == 100
    [(_, flag)] = t.store.flags
    assert flag.flag == "discount_code_reused"
    assert flag.details == {"order": started.order, "code": "SPRING10", "orders": [legacy.id]}


def _code(store: MemoryStore, name: str, percentage: int, **change: object) -> None:
    with MemoryUnitOfWork(store) as uow:
        uow.discount_codes.add(DiscountCode(code=name, value_percentage=Decimal(percentage),
                                            validity=Validity.ONCE_PER_USER), NOW)
        uow.commit()
    if change:
        store.codes[name] = attrs.evolve(store.codes[name], **change)  # type: ignore[arg-type]


REPORTS = ["open", "pending", "paid", "failed", "canceled", "expired", "refunded",
           "charged_back"]


@settings(max_examples=80, deadline=None)
@given(reports=st.lists(st.sampled_from(REPORTS), min_size=1, max_size=8))
def test_any_run_of_gateway_reports_leaves_credits_matching_the_order(
        reports: list[str]) -> None:
    """However the gateway's reports come (repeated, out of order, after the end), the
    member holds the bundle's credits exactly while the order is paid."""
    t = till()
    started = t.shop.start(t.ann, 1, "ideal")
    for report in reports:
        t.pay(started.payment_id, report)
    status = t.store.orders[started.order].status
    assert balance(t.store, t.ann) == (100 if status is OrderStatus.PAID else 0)
    keys = [entry.key for entry in t.store.ledger]
    assert len(keys) == len(set(keys))


def test_a_payment_whose_settling_fails_is_settled_whole_by_the_next_webhook(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Credits move only in the unit of work that moves the order: a failure in between
    leaves the order unpaid and the balance untouched, and the gateway's retry pays once."""
    t = till()
    started = t.shop.start(t.ann, 1, "ideal")

    def outbox_down(self: MemoryJobs, name: str, *args: object) -> None:
        raise RuntimeError("outbox down")
    monkeypatch.setattr(MemoryJobs, "add", outbox_down)
    with pytest.raises(RuntimeError):
        t.pay(started.payment_id)
    assert t.store.orders[started.order].status is OrderStatus.OPEN
    assert balance(t.store, t.ann) == 0 and not t.store.members[t.ann.id].paid_user
    monkeypatch.undo()
    t.pay(started.payment_id)
    assert balance(t.store, t.ann) == 100 and t.store.members[t.ann.id].paid_user
